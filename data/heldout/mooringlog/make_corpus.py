#!/usr/bin/env python3
"""MooringLog held-out corpus generator (stdlib only, deterministic).

MooringLog is an invented operations console for Kestrel Quay Marina. This script
renders its pages as BrowserGym-style flattened accessibility trees and writes

    corpus.jsonl              20 trajectories (8 healthy, 12 faulty), 2 workflows
    plans/allocate.yaml       plan for the berth-allocation workflow
    plans/workorder.yaml      plan for the maintenance work-order workflow

next to this file. Run:  python3 make_corpus.py
No clock, no network, fixed random seed: two runs give byte-identical output.
"""
import datetime
import json
import os
import random
import re
from urllib.parse import quote_plus

SEED = 20240614
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8000"
PRODUCT = "MooringLog"
VERSION = "4.12.3"
ORG = "Kestrel Quay Marina"
COMPANY = "Kestrel Quay Harbour Co."
USER, ROLE = "Ffion Pryce", "Berthing Officer"
TODAY = datetime.date(2024, 6, 14)

rng = random.Random(SEED)

# =============================================================================
# Plans. Written from the two task statements and the healthy pages only,
# before any faulty run existed; not edited afterwards.
# =============================================================================

TASK_ALLOCATE = (
    "Allocate the visiting yacht Sea Wren (visitor request VR-2291, LOA 11.4 m) to berth C-14 "
    "from 18 to 21 June 2024 with 16A shore power, payment by card on arrival, "
    "and confirm the allocation."
)
TASK_WORKORDER = (
    "Raise a maintenance work order against berth D-07 on Pontoon D: the shore-power pedestal "
    "keeps tripping its breaker. Category Electrical, priority High, assign it to the Harbour "
    "Electrical Team, and submit it."
)

PLANS = {
    "allocate": {
        "task": TASK_ALLOCATE,
        "plan_falsifiers": {
            "execution": [
                "Sign in to MooringLog",
                "Your session has expired. Please sign in again.",
                "Something went wrong. The harbour office has been notified.",
            ],
        },
        "commitments": [
            {
                "id": "open-request",
                "subgoal": "Open visitor request VR-2291 for Sea Wren",
                "skill": "open_record_by_id",
                "confidence": 0.8,
                "confirm": {
                    "precondition": ["MooringLog visitor requests list or search box"],
                    "progress": ["Search results for Sea Wren"],
                    "completion": ["Visitor request VR-2291 — Sea Wren detail page, pending allocation"],
                },
                "falsify": {
                    "execution": [
                        "Visitor request VR-2219 — Sea Wren II detail page",
                        "Visitor request VR-2292 — Seawind detail page",
                        "No requests match",
                    ],
                    "planning": [
                        "VR-2291 has been declined",
                        "VR-2291 already has a berth allocated",
                    ],
                },
            },
            {
                "id": "start-wizard",
                "subgoal": "Start the berth allocation for Sea Wren and check the boat details",
                "confidence": 0.7,
                "confirm": {
                    "precondition": ["Allocate berth button on VR-2291"],
                    "progress": [],
                    "completion": ["Allocate berth step 1 of 4: Boat, Sea Wren, LOA 11.4 m"],
                },
                "falsify": {
                    "execution": ["Allocate berth for Sea Wren II (VR-2219)"],
                    "skill": ["Allocate berth button is disabled"],
                },
            },
            {
                "id": "stay-and-power",
                "subgoal": "Set the stay to 18-21 June 2024 (3 nights) with 16A shore power",
                "confidence": 0.6,
                "confirm": {
                    "precondition": ["Step 2 of 4: Stay & power"],
                    "progress": ["Arrival date 2024-06-18 and departure date 2024-06-21, 3 nights"],
                    "completion": ["16A single phase shore power is selected"],
                },
                "falsify": {
                    "execution": ["Arrival 25 Jun 2024", "2 nights"],
                },
            },
            {
                "id": "choose-berth",
                "subgoal": "Pick berth C-14 from the berths available for 18-21 Jun",
                "confidence": 0.6,
                "confirm": {
                    "precondition": ["Step 3 of 4: Berth, available berths 18–21 Jun 2024"],
                    "progress": ["Berth C-14 listed as available"],
                    "completion": ["Selected: Berth C-14 (Pontoon C)"],
                },
                "falsify": {
                    "execution": [
                        "Selected: Berth C-41",
                        "Selected: Berth C-15",
                        "Selected: Berth C-12",
                        "Selected: Berth D-14",
                    ],
                    "planning": ["No berths available for these dates"],
                },
            },
            {
                "id": "payment",
                "subgoal": "Choose card on arrival as the payment method",
                "confidence": 0.6,
                "confirm": {
                    "precondition": ["Step 4 of 4: Payment & review"],
                    "progress": ["Summary shows Sea Wren, Berth C-14, 18–21 Jun 2024"],
                    "completion": ["Payment method Card on arrival is selected, total £122.94"],
                },
                "falsify": {
                    "execution": ["Summary shows a berth other than C-14"],
                },
            },
            {
                "id": "confirm-allocation",
                "subgoal": "Confirm the allocation and see it saved",
                "confidence": 0.7,
                "confirm": {
                    "precondition": ["Confirm allocation button"],
                    "progress": ["Confirm allocation dialog for Berth C-14 and Sea Wren"],
                    "completion": [
                        "Allocation confirmed: Sea Wren in Berth C-14, 18 Jun 2024 to 21 Jun 2024",
                    ],
                },
                "falsify": {
                    "execution": [
                        "Allocation could not be saved",
                        "Please correct the highlighted fields",
                        "Allocation for Sea Wren II",
                    ],
                    "planning": ["Berth C-14 is no longer available for these dates"],
                },
            },
        ],
    },
    "workorder": {
        "task": TASK_WORKORDER,
        "plan_falsifiers": {
            "execution": [
                "Sign in to MooringLog",
                "Your session has expired. Please sign in again.",
                "Something went wrong. The harbour office has been notified.",
            ],
        },
        "commitments": [
            {
                "id": "find-berth",
                "subgoal": "Find berth D-07 on Pontoon D",
                "skill": "open_record_by_id",
                "confidence": 0.8,
                "confirm": {
                    "precondition": ["MooringLog berth board or work orders list"],
                    "progress": ["Search results for D-07", "Berth board filtered to Pontoon D"],
                    "completion": ["Berth D-07 detail page, Pontoon D"],
                },
                "falsify": {
                    "execution": [
                        "Berth D-08 detail page",
                        "Berth D-17 detail page",
                        "Berth E-07 detail page",
                    ],
                    "planning": ["Berth D-07 already has an open electrical work order"],
                },
            },
            {
                "id": "open-form",
                "subgoal": "Open a new work order for berth D-07",
                "confidence": 0.7,
                "confirm": {
                    "precondition": ["Raise work order or New work order button"],
                    "progress": ["New work order form"],
                    "completion": ["New work order form with asset Berth D-07 (Pontoon D)"],
                },
                "falsify": {
                    "execution": ["Asset Berth D-08 (Pontoon D)", "Asset Berth D-17 (Pontoon D)"],
                },
            },
            {
                "id": "fill-details",
                "subgoal": "Fill in category Electrical, priority High, a summary of the tripping pedestal, assignee Harbour Electrical Team",
                "confidence": 0.6,
                "confirm": {
                    "precondition": ["New work order form for Berth D-07"],
                    "progress": ["Category Electrical", "Summary mentions the shore-power pedestal tripping"],
                    "completion": ["Priority High and Assign to Harbour Electrical Team"],
                },
                "falsify": {
                    "execution": [
                        "Assign to Contractor — Brightwater Electrical Ltd",
                        "Priority Urgent (safety)",
                    ],
                },
            },
            {
                "id": "submit",
                "subgoal": "Submit the work order and check it was raised",
                "confidence": 0.7,
                "confirm": {
                    "precondition": ["Submit work order button"],
                    "progress": ["Submit work order? confirmation dialog"],
                    "completion": [
                        "Work order raised for Berth D-07: Electrical, High, Open, assigned to Harbour Electrical Team",
                    ],
                },
                "falsify": {
                    "execution": [
                        "Work order could not be saved",
                        "Please correct the highlighted fields",
                        "Work order WO-1187 detail page (Berth D-08)",
                    ],
                    "planning": ["Berth D-07 is out of service"],
                },
            },
        ],
    },
}


# =============================================================================
# Small YAML emitter (block style, quotes only where needed)
# =============================================================================

_YAML_SPECIAL = re.compile(r"[:#\[\]{},\"'`|>*!%@&]")
_YAML_AMBIG = re.compile(r"^(true|false|yes|no|on|off|null|~|y|n|[-+]?[0-9][0-9_.eE+-]*)$", re.I)


def yscalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    if (not s or _YAML_SPECIAL.search(s) or _YAML_AMBIG.match(s) or s[0] in "-?"
            or s != s.strip()):
        return json.dumps(s, ensure_ascii=False)
    return s


def yemit(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out.extend(yemit(v, indent + 1))
            elif isinstance(v, list):
                out.append(f"{pad}{k}: []")
            else:
                out.append(f"{pad}{k}: {yscalar(v)}")
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, dict):
                sub = yemit(item, indent + 1)
                sub[0] = f"{pad}- " + sub[0].lstrip()
                out.extend(sub)
            else:
                out.append(f"{pad}- {yscalar(item)}")
    return out


# =============================================================================
# Date and money helpers
# =============================================================================

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _d(iso):
    return datetime.date.fromisoformat(iso)


def fmt(iso):
    x = _d(iso)
    return f"{x.day} {MONTHS[x.month - 1]} {x.year}"


def span(a, b):
    A, B = _d(a), _d(b)
    if (A.year, A.month) == (B.year, B.month):
        return f"{A.day}–{B.day} {MONTHS[B.month - 1]} {B.year}"
    return f"{A.day} {MONTHS[A.month - 1]} – {B.day} {MONTHS[B.month - 1]} {B.year}"


def nights(a, b):
    return (_d(b) - _d(a)).days


def money(x):
    return f"£{x:,.2f}"


# =============================================================================
# Application data
# =============================================================================

KEY_REQUESTS = [
    dict(ref="VR-2291", vessel="Sea Wren", kind="Sailing yacht", model="Bavaria Cruiser 37",
         loa=11.4, beam=3.9, draft=1.9, skipper="Gareth Lloyd", phone="07700 900431",
         email="g.lloyd@example.co.uk", home="Falmouth", arrive="2024-06-18", depart="2024-06-21",
         eta="15:30", power="16A", pay="Card on arrival", status="Pending allocation",
         received="10 Jun 2024 09:12",
         notes="Crew of 3, on passage from Cherbourg. Would like a berth near the facilities block."),
    dict(ref="VR-2219", vessel="Sea Wren II", kind="Sailing yacht", model="Westerly Centaur 26",
         loa=7.9, beam=2.6, draft=1.0, skipper="Gareth Lloyd", phone="07700 900431",
         email="g.lloyd@example.co.uk", home="Falmouth", arrive="2024-06-25", depart="2024-06-27",
         eta="12:00", power="16A", pay="Card on arrival", status="Pending allocation",
         received="3 Jun 2024 17:48",
         notes="Second boat, skippered by Owain Lloyd. Two crew."),
    dict(ref="VR-2292", vessel="Seawind", kind="Sailing yacht", model="Beneteau Oceanis 38.1",
         loa=11.5, beam=3.9, draft=2.0, skipper="Marta Kowalczyk", phone="07700 900877",
         email="marta.k@example.pl", home="Gdynia", arrive="2024-06-18", depart="2024-06-20",
         eta="18:00", power="32A", pay="Card now — payment link", status="Pending allocation",
         received="10 Jun 2024 11:40", notes="First visit."),
    dict(ref="VR-2290", vessel="Sea Rover", kind="Motor-sailer", model="Nauticat 33",
         loa=10.1, beam=3.4, draft=1.6, skipper="Priya Nair", phone="07700 900112",
         email="p.nair@example.com", home="Dartmouth", arrive="2024-06-17", depart="2024-06-19",
         eta="11:00", power="16A", pay="Account invoice", status="Pending allocation",
         received="9 Jun 2024 20:05", notes="Club member, account KQ-0418."),
]

FILLER_VESSELS = ["Kittiwake", "Moondance", "Blue Halcyon", "Tern", "Arwen", "Cormorant",
                  "Puffin Run", "Morwenna", "Alba", "Halfpenny", "Storm Petrel", "Pelagia",
                  "Skylark", "Curlew", "Velella", "Whimbrel", "Otter"]
FILLER_SKIPPERS = ["Hannah Ellis", "Rhys Morgan", "Sofie Jansen", "Tom Becker", "Aoife Byrne",
                   "Luc Moreau", "Claire Dawson", "Iwan Hughes", "Nadia Haddad", "Peter Okafor",
                   "Jo Whitcombe", "Ana Ribeiro", "Mark Tully", "Elin Roberts", "Sam Carver"]
FILLER_MODELS = [("Hallberg-Rassy 34", 10.4, 3.4), ("Jeanneau Sun Odyssey 349", 10.3, 3.4),
                 ("Contessa 32", 9.8, 2.9), ("Moody 38", 11.6, 3.9), ("Hanse 345", 10.0, 3.5),
                 ("Sadler 29", 8.8, 3.0), ("Fairline Targa 35", 11.0, 3.6), ("Dufour 360", 10.9, 3.6),
                 ("Rustler 36", 10.8, 3.2), ("Nordic Folkboat", 7.6, 2.2),
                 ("Lagoon 380 (catamaran)", 11.6, 6.5), ("Swift Trawler 30", 9.4, 3.5)]


def make_requests():
    used = {2219, 2290, 2291, 2292}
    refs = [r for r in range(2231, 2300) if r not in used]
    rng.shuffle(refs)
    vessels = FILLER_VESSELS[:]
    rng.shuffle(vessels)
    early = ["2024-06-15", "2024-06-16", "2024-06-16"]
    late = [(TODAY + datetime.timedelta(days=o)).isoformat() for o in sorted(rng.sample(range(8, 78), 12))]
    out = []
    for i, arrive in enumerate(early + late):
        model, loa, beam = rng.choice(FILLER_MODELS)
        depart = (_d(arrive) + datetime.timedelta(days=rng.randint(1, 5))).isoformat()
        out.append(dict(
            ref=f"VR-{refs[i]}", vessel=vessels[i], kind="Sailing yacht", model=model, loa=loa,
            beam=beam, skipper=rng.choice(FILLER_SKIPPERS), arrive=arrive, depart=depart,
            power=rng.choice(["16A", "16A", "32A", "None"]),
            status=rng.choice(["Pending allocation", "Pending allocation", "Allocated",
                               "Awaiting payment"]) if arrive > "2024-06-16" else "Allocated"))
    return KEY_REQUESTS + out


REQUESTS = make_requests()
REQ = {r["ref"]: r for r in REQUESTS}

POWER_OPTS = [("None", "No shore power"), ("16A", "16A single phase"),
              ("32A", "32A single phase"), ("63A", "63A three phase")]
POWER_LABEL = dict(POWER_OPTS)
POWER_RATE = {"None": 0.0, "16A": 4.50, "32A": 7.00, "63A": 15.00}
PAY_OPTS = ["Card on arrival", "Card now — send payment link", "Account invoice", "Cash at harbour office"]

# code, pontoon, max LOA, max beam, depth at LAT, power, rate per metre-night
AVAIL = [
    ("A-11", "A", 8.5, 3.0, 1.6, "16A", 3.20),
    ("B-06", "B", 9.0, 3.2, 1.8, "16A", 3.20),
    ("B-09", "B", 9.5, 3.3, 1.9, "16A", 3.20),
    ("C-12", "C", 12.0, 4.0, 2.4, "16A", 3.20),
    ("C-14", "C", 12.5, 4.2, 2.6, "16A / 32A", 3.20),
    ("C-15", "C", 12.5, 4.2, 2.6, "16A / 32A", 3.20),
    ("C-41", "C", 12.0, 4.1, 2.2, "16A / 32A", 3.20),
    ("D-14", "D", 12.0, 4.0, 2.1, "32A", 3.20),
    ("E-03", "E", 15.0, 5.2, 3.0, "32A / 63A", 3.80),
    ("E-05", "E", 16.0, 5.5, 3.2, "32A / 63A", 3.80),
]
AVAIL_BY = {a[0]: a for a in AVAIL}

PONTOONS = [("A", 12, 7.0, 9.0, "Inner pontoon"), ("B", 16, 8.0, 10.0, "Inner pontoon"),
            ("C", 44, 10.0, 12.5, "Visitor pontoon"), ("D", 24, 9.0, 12.0, "Visitor pontoon"),
            ("E", 12, 14.0, 20.0, "Hammerhead, large vessels")]


def make_berths():
    berths = {}
    for pon, count, lo, hi, _desc in PONTOONS:
        for i in range(1, count + 1):
            code = f"{pon}-{i:02d}"
            st = rng.choice(["Available", "Occupied", "Occupied", "Reserved", "Occupied"])
            occ = ""
            if st == "Occupied":
                occ = f"{rng.choice(FILLER_VESSELS)} (until {rng.randint(15, 22)} Jun)"
            elif st == "Reserved":
                occ = f"{rng.choice(FILLER_VESSELS)} arrives {rng.randint(15, 20)} Jun"
            berths[code] = dict(code=code, pontoon=pon, loa=round(rng.uniform(lo, hi) * 2) / 2,
                                beam=0.0, power=rng.choice(["16A", "16A", "16A / 32A"]) if pon != "E" else "32A / 63A",
                                status=st, occ=occ)
    for code, pon, loa, beam, _depth, power, _rate in AVAIL:
        berths[code].update(loa=loa, power=power, status="Available", occ="Next arrival 22 Jun")
    berths["D-07"].update(loa=10.0, power="16A", status="Occupied", occ="Kittiwake (until 16 Jun)")
    berths["D-08"].update(loa=10.0, power="16A", status="Occupied", occ="Moondance (until 15 Jun)")
    berths["D-06"].update(loa=10.0, power="16A", status="Available", occ="")
    berths["D-09"].update(status="Out of service", occ="Finger pontoon repair")
    berths["D-17"].update(loa=11.0, power="16A", status="Available", occ="")
    berths["E-07"].update(status="Occupied", occ="Pelagia (until 18 Jun)")
    return berths


BERTHS = make_berths()

CATEGORIES = ["General maintenance", "Electrical", "Plumbing & water", "Structural / decking",
              "Mooring hardware", "Fire safety", "Cleaning & pollution"]
PRIORITIES = ["Low", "Normal", "High", "Urgent (safety)"]
ASSIGNEES = ["Unassigned (triage)", "Harbour Electrical Team", "Pontoon Maintenance Crew",
             "Duty Harbour Master", "Contractor — Brightwater Electrical Ltd"]

WOS = [
    dict(id="WO-1211", asset="Berth A-03 (Pontoon A)", category="Cleaning & pollution",
         summary="Oil sheen reported alongside A-03", priority="Normal", status="Open",
         raised="2024-06-14 09:05", assignee="Duty Harbour Master"),
    dict(id="WO-1209", asset="Pontoon D — Visitor pontoon", category="Plumbing & water",
         summary="Water tap leaking at D-12", priority="Normal", status="Open",
         raised="2024-06-14 07:48", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1205", asset="Facility: shower block", category="Plumbing & water",
         summary="Shower 2 has no hot water", priority="High", status="Open",
         raised="2024-06-13 18:20", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1201", asset="Berth E-07 (Pontoon E)", category="Electrical",
         summary="Walkway light out by E-07", priority="Normal", status="Open",
         raised="2024-06-13 09:31", assignee="Harbour Electrical Team"),
    dict(id="WO-1196", asset="Pontoon C — Visitor pontoon", category="Structural / decking",
         summary="Decking board split near C-20", priority="Normal", status="In progress",
         raised="2024-06-12 14:02", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1190", asset="Berth B-04 (Pontoon B)", category="Mooring hardware",
         summary="Missing mooring ring on finger", priority="Low", status="On hold",
         raised="2024-06-08 11:15", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1187", asset="Berth D-08 (Pontoon D)", category="Electrical",
         summary="Pedestal tripping RCD", priority="High", status="Open",
         raised="2024-06-11 16:44", assignee="Harbour Electrical Team",
         description="Pedestal PD-08 trips the RCD when a kettle is used aboard. Occupant moved to generator."),
    dict(id="WO-1178", asset="Berth D-17 (Pontoon D)", category="Electrical",
         summary="Pedestal lid hinge broken", priority="Low", status="Open",
         raised="2024-06-06 10:27", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1174", asset="Facility: fuel berth", category="Fire safety",
         summary="Extinguisher service due", priority="Normal", status="Open",
         raised="2024-06-05 08:50", assignee="Duty Harbour Master"),
    dict(id="WO-1166", asset="Berth C-33 (Pontoon C)", category="Mooring hardware",
         summary="Cleat bolts corroded", priority="Normal", status="In progress",
         raised="2024-06-03 15:12", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1159", asset="Pontoon B — Inner pontoon", category="Structural / decking",
         summary="Fendering loose at pontoon end", priority="Low", status="Open",
         raised="2024-05-30 12:40", assignee="Pontoon Maintenance Crew"),
    dict(id="WO-1143", asset="Berth D-07 (Pontoon D)", category="Mooring hardware",
         summary="Cleat loose on finger", priority="Normal", status="Closed",
         raised="2024-05-02 10:05", assignee="Pontoon Maintenance Crew"),
]
WO_BY = {w["id"]: w for w in WOS}


def wo_when(ts):
    day, hm = ts.split()
    return f"{fmt(day)} {hm}"


# =============================================================================
# Accessibility-tree page builder
# =============================================================================

FLAG_PROPS = ("required", "focused", "multiline", "readonly", "atomic")


class Page:
    def __init__(self, path, title):
        self.url = BASE + path
        self.title = f"{title} · {PRODUCT}"
        self.lines = [f"RootWebArea {self.title!r}, focused"]
        self.n = 1
        self.keys = {}
        self.error = None

    def node(self, depth, role, name="", key=None, **props):
        bid = f"a{self.n}"
        self.n += 1
        s = "\t" * depth + f"[{bid}] {role} {name!r}"
        for k, v in props.items():
            if v is None:
                continue
            if k in FLAG_PROPS:
                if v:
                    s += f", {k}"
            elif isinstance(v, bool) or isinstance(v, int):
                s += f", {k}={v}"
            else:
                s += f", {k}={v!r}"
        self.lines.append(s)
        if key:
            assert key not in self.keys, (self.url, key)
            self.keys[key] = (bid, f"{role} {name!r}")
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + f"StaticText {s!r}")

    def dl(self, depth, pairs):
        self.node(depth, "DescriptionList", "")
        for term, val in pairs:
            self.node(depth + 1, "term", "")
            self.text(depth + 2, term)
            self.node(depth + 1, "definition", "")
            self.text(depth + 2, val)

    def select(self, depth, name, value, options, key=None, required=False):
        self.node(depth, "combobox", name, key=key, value=value, hasPopup="menu",
                  expanded=False, required=required)
        self.node(depth + 1, "MenuListPopup", "")
        for o in options:
            self.node(depth + 2, "option", o, selected=(o == value))

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


NAV = [("Berth board", "board"), ("Visitor requests", "requests"), ("Allocations", "allocations"),
       ("Work orders", "workorders"), ("Pontoons", "pontoons"), ("Reports", "reports")]


def open_page(path, title, active=None, crumbs=(), search="", unread=3):
    p = Page(path, title)
    p.node(1, "link", "Skip to main content", key="skip")
    p.node(1, "banner", "")
    p.node(2, "link", f"{PRODUCT} — {ORG}", key="nav:home")
    p.node(2, "navigation", "Primary")
    p.node(3, "list", "")
    for label, k in NAV:
        p.node(4, "listitem", "")
        p.node(5, "link", label, key="nav:" + k, current="page" if k == active else None)
    p.node(2, "search", "")
    p.node(3, "searchbox", "Search berths, boats, requests, work orders", key="search", value=search)
    p.node(3, "button", "Search", key="search:go")
    p.node(2, "button", f"Notifications ({unread} unread)", key="notif", hasPopup="menu", expanded=False)
    p.node(2, "button", f"{USER} · {ROLE}", key="usermenu", hasPopup="menu", expanded=False)
    if crumbs:
        p.node(1, "navigation", "Breadcrumb")
        p.node(2, "list", "")
        for label, href in crumbs:
            p.node(3, "listitem", "")
            if href:
                p.node(4, "link", label, key="crumb:" + label)
            else:
                p.text(4, label)
    return p


def close_page(p, recent, toast=None):
    p.node(1, "complementary", "Recently viewed")
    p.node(2, "heading", "Recently viewed", level=2)
    p.node(2, "list", "")
    for r in recent[:5]:
        p.node(3, "listitem", "")
        p.node(4, "link", r, key="recent:" + r)
    p.node(1, "contentinfo", "")
    p.text(2, f"{PRODUCT} {VERSION} · © 2024 {COMPANY} · Harbour office VHF 80 · 01632 960418")
    p.text(2, "Fri 14 Jun 2024 · HW 14:52 (4.6 m) · LW 08:31 (0.9 m) · Wind SW 4")
    p.node(2, "link", "Help & shortcuts", key="foot:help")
    p.node(2, "link", "Accessibility statement")
    p.node(2, "link", "Privacy notice")
    p.node(1, "status", "", live="polite", atomic=True)
    if toast:
        p.text(2, toast)
        p.node(2, "button", "Dismiss notification", key="toast:close")
    return p


def add_dialog(p, title, lines, buttons):
    p.node(1, "dialog", title, modal=True)
    p.node(2, "heading", title, level=2)
    for ln in lines:
        p.text(2, ln)
    for label, key in buttons:
        p.node(2, "button", label, key=key)
    return p


# ----------------------------------------------------------------- list pages

REQ_SORTS = {"arrival": "Arrival date (earliest first)", "arrival_desc": "Arrival date (latest first)",
             "received": "Received (newest first)", "vessel": "Vessel name (A–Z)"}
REQ_PAGE = 10


def sorted_requests(sort):
    rows = [r for r in REQUESTS]
    if sort == "arrival":
        rows.sort(key=lambda r: (r["arrive"], r["ref"]))
    elif sort == "arrival_desc":
        rows.sort(key=lambda r: (-_d(r["arrive"]).toordinal(), r["ref"]))
    return rows


def requests_page(recent, sort="arrival", page=1, toast=None):
    p = open_page(f"/requests?sort={sort}&page={page}", "Visitor requests", "requests",
                  [("Home", "/"), ("Visitor requests", None)])
    rows = sorted_requests(sort)
    pending = sum(1 for r in rows if r["status"] == "Pending allocation")
    p.node(1, "main", "")
    p.node(2, "heading", "Visitor requests", level=1)
    p.text(2, f"{pending} pending allocation · {len(rows)} open requests · last sync 10:02")
    p.node(2, "group", "Filters")
    p.select(3, "Status", "All open", ["All open", "Pending allocation", "Awaiting payment", "Allocated"])
    p.select(3, "Arrival window", "Next 90 days", ["Next 7 days", "Next 30 days", "Next 90 days"])
    p.node(3, "button", "Reset filters")
    p.select(2, "Sort by", REQ_SORTS[sort], list(REQ_SORTS.values()), key="sort")
    p.node(2, "table", "Visitor requests")
    p.node(3, "rowgroup", "")
    p.node(4, "row", "")
    for h in ["Ref", "Vessel", "LOA", "Skipper", "Arrival", "Departure", "Power", "Status"]:
        p.node(5, "columnheader", h)
    p.node(3, "rowgroup", "")
    chunk = rows[(page - 1) * REQ_PAGE: page * REQ_PAGE]
    for r in chunk:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", r["ref"], key="req:" + r["ref"])
        for v in [r["vessel"], f"{r['loa']:.1f} m", r["skipper"], fmt(r["arrive"]), fmt(r["depart"]),
                  r["power"], r["status"]]:
            p.node(5, "cell", v)
    total = len(rows)
    last = (total + REQ_PAGE - 1) // REQ_PAGE
    p.text(2, f"Showing {(page - 1) * REQ_PAGE + 1}–{min(page * REQ_PAGE, total)} of {total} requests")
    p.node(2, "navigation", "Pagination")
    p.node(3, "link", "Previous page", key="page:prev", disabled=(page == 1) or None)
    for i in range(1, last + 1):
        p.node(3, "link", f"Page {i}", key=f"page:{i}", current="page" if i == page else None)
    p.node(3, "link", "Next page", key="page:next", disabled=(page == last) or None)
    return close_page(p, recent, toast)


def search_page(q, recent):
    p = open_page(f"/search?q={quote_plus(q)}", f"Search: {q}", None,
                  [("Home", "/"), ("Search", None)], search=q)
    if q.lower() == "sea wren":
        groups = [
            ("Visitor requests", [
                ("res:VR-2291", "VR-2291 · Sea Wren", "Bavaria Cruiser 37 · 11.4 m · 18–21 Jun 2024 · Pending allocation"),
                ("res:VR-2219", "VR-2219 · Sea Wren II", "Westerly Centaur 26 · 7.9 m · 25–27 Jun 2024 · Pending allocation"),
                ("res:VR-2292", "VR-2292 · Seawind", "Beneteau Oceanis 38.1 · 11.5 m · 18–20 Jun 2024 · Pending allocation"),
            ]),
            ("Vessels", [
                ("res:v-seawren", "Sea Wren (Gareth Lloyd)", "Sailing yacht · 3 previous visits · last Aug 2023"),
                ("res:v-seawren2", "Sea Wren II (Gareth Lloyd)", "Sailing yacht · no previous visits"),
            ]),
            ("Allocations", [
                ("res:AL-4102", "AL-4102 · Sea Wren · Berth C-14", "11–14 Aug 2023 · Completed"),
            ]),
        ]
    else:
        groups = [
            ("Berths", [
                ("res:D-07", "Berth D-07", "Pontoon D · max LOA 10.0 m · 16A · Occupied (Kittiwake until 16 Jun)"),
                ("res:D-17", "Berth D-17", "Pontoon D · max LOA 11.0 m · 16A · Available"),
                ("res:E-07", "Berth E-07", "Pontoon E · max LOA %.1f m · 32A / 63A · Occupied" % BERTHS["E-07"]["loa"]),
            ]),
            ("Assets", [
                ("res:PD-07", "Pedestal PD-07", "Shore-power pedestal, 2 × 16A · serves D-07 and D-06 · installed 2019"),
            ]),
            ("Work orders", [
                ("res:WO-1143", "WO-1143 · Berth D-07 · Cleat loose on finger", "Mooring hardware · Closed 2 May 2024"),
                ("res:WO-1187", "WO-1187 · Berth D-08 · Pedestal tripping RCD", "Electrical · High · Open"),
            ]),
        ]
    count = sum(len(g[1]) for g in groups)
    p.node(1, "main", "")
    p.node(2, "heading", f"Search results for {q}", level=1)
    p.text(2, f"{count} results")
    p.node(2, "group", "Show")
    for g, _items in groups:
        p.node(3, "checkbox", g, checked="true")
    for g, items in groups:
        p.node(2, "heading", g, level=2)
        p.node(2, "list", "")
        for key, label, detail in items:
            p.node(3, "listitem", "")
            p.node(4, "link", label, key=key)
            p.text(4, detail)
    return close_page(p, recent)


# --------------------------------------------------------------- record pages

def request_page(r, recent, allocs=(), toast=None):
    p = open_page(f"/requests/{r['ref']}", f"Visitor request {r['ref']} — {r['vessel']}", "requests",
                  [("Home", "/"), ("Visitor requests", "/requests"), (r["ref"], None)])
    p.node(1, "main", "")
    p.node(2, "heading", f"Visitor request {r['ref']} — {r['vessel']}", level=1)
    status = "Allocated" if allocs else r["status"]
    p.text(2, f"Status: {status} · received {r['received']} via website form")
    p.node(2, "toolbar", "Request actions")
    p.node(3, "button", "Allocate berth", key="btn:allocate", disabled=True if allocs else None)
    p.node(3, "button", "Edit request")
    p.node(3, "button", "Message skipper")
    p.node(3, "button", "Decline request")
    p.node(2, "region", "Vessel")
    p.node(3, "heading", "Vessel", level=2)
    p.dl(3, [("Name", r["vessel"]), ("Type", f"{r['kind']} · {r['model']}"), ("LOA", f"{r['loa']:.1f} m"),
             ("Beam", f"{r['beam']:.1f} m"), ("Draft", f"{r['draft']:.1f} m"), ("Home port", r["home"])])
    p.node(2, "region", "Stay")
    p.node(3, "heading", "Stay", level=2)
    p.dl(3, [("Arrival", f"{fmt(r['arrive'])}, ETA {r['eta']}"), ("Departure", fmt(r["depart"])),
             ("Nights", str(nights(r["arrive"], r["depart"]))),
             ("Shore power requested", POWER_LABEL[r["power"]]), ("Payment preference", r["pay"])])
    p.node(2, "region", "Skipper")
    p.node(3, "heading", "Skipper", level=2)
    p.dl(3, [("Name", r["skipper"]), ("Mobile", r["phone"]), ("Email", r["email"])])
    p.node(3, "heading", "Notes from skipper", level=3)
    p.text(3, r["notes"])
    p.node(2, "region", "Allocations")
    p.node(3, "heading", "Allocations", level=2)
    if not allocs:
        p.text(3, "No berth allocated yet.")
    else:
        p.node(3, "table", f"Allocations for {r['ref']}")
        for a in allocs:
            p.node(4, "row", "")
            p.node(5, "cell", "")
            p.node(6, "link", a["id"])
            p.node(5, "cell", f"Berth {a['berth']}")
            p.node(5, "cell", span(r["arrive"], r["depart"]))
            p.node(5, "cell", "Confirmed")
    p.node(2, "complementary", f"Other requests from {r['skipper']}")
    p.node(3, "heading", f"Other requests from {r['skipper']}", level=2)
    p.node(3, "list", "")
    if r["skipper"] == "Gareth Lloyd":
        other = REQ["VR-2219"] if r["ref"] == "VR-2291" else REQ["VR-2291"]
        p.node(4, "listitem", "")
        p.node(5, "link", f"{other['ref']} · {other['vessel']} · {span(other['arrive'], other['depart'])}",
               key="other:" + other["ref"])
        p.text(5, other["status"])
    p.node(3, "heading", "Previous visits", level=3)
    if r["ref"] == "VR-2291":
        p.node(3, "link", "AL-4102 · Berth C-14 · 11–14 Aug 2023", key="prev:AL-4102")
    else:
        p.text(3, "None recorded.")
    p.node(2, "region", "Activity")
    p.node(3, "heading", "Activity", level=2)
    p.node(3, "list", "")
    p.node(4, "listitem", "")
    p.text(5, f"{r['received']} · Request received from {r['email']}")
    p.node(4, "listitem", "")
    p.text(5, "12 Jun 2024 08:40 · Auto-reply sent: we will confirm a berth 48 hours before arrival")
    return close_page(p, recent, toast)


STEPS = ["Boat", "Stay & power", "Berth", "Payment & review"]


def avail_rows(W):
    r = W["req"]
    rows = [a for a in AVAIL if a[2] >= r["loa"] and a[3] >= r["beam"]
            and (W["power"] in (None, "None") or W["power"] in a[5])]
    if W.get("sort") == "maxloa":
        rows.sort(key=lambda a: (a[2], a[0]))
    else:
        rows.sort(key=lambda a: a[0])
    return rows


def costs(W):
    r = W["req"]
    n = nights(r["arrive"], r["depart"])
    rate = AVAIL_BY[W["berth"]][6] if W.get("berth") else 3.20
    fee = round(r["loa"] * rate * n, 2)
    pw = round(POWER_RATE[W["power"] or "None"] * n, 2)
    return n, rate, fee, pw, round(fee + pw, 2)


def wizard_page(W, recent, toast=None):
    r, s = W["req"], W["step"]
    path = f"/allocations/new?request={r['ref']}&step={s}"
    if W.get("draft"):
        path += f"&draft={W['draft']}"
    p = open_page(path, f"Allocate berth — step {s} of 4: {STEPS[s - 1]}", "requests",
                  [("Home", "/"), ("Visitor requests", "/requests"), (r["ref"], f"/requests/{r['ref']}"),
                   ("Allocate berth", None)])
    p.node(1, "main", "")
    p.node(2, "heading", f"Allocate berth — {r['vessel']} ({r['ref']})", level=1)
    if W.get("banner"):
        p.node(2, "status", "")
        p.text(3, W["banner"])
    p.node(2, "navigation", "Allocation steps")
    p.node(3, "list", "")
    for i, name in enumerate(STEPS, 1):
        p.node(4, "listitem", "")
        if i < s:
            p.node(5, "link", f"Step {i}: {name} (completed)", key=f"wizstep:{i}")
        elif i == s:
            p.node(5, "link", f"Step {i}: {name}", current="step")
        else:
            p.text(5, f"Step {i}: {name} (not started)")
    p.node(2, "heading", f"Step {s} of 4: {STEPS[s - 1]}", level=2)
    p.node(2, "form", STEPS[s - 1])
    n = nights(r["arrive"], r["depart"])
    if s == 1:
        p.node(3, "textbox", "Vessel name *", value=r["vessel"], required=True)
        p.select(3, "Vessel type", r["kind"], ["Sailing yacht", "Motor yacht", "Motor-sailer", "Catamaran", "RIB / tender"])
        p.node(3, "textbox", "LOA (m) *", value=f"{r['loa']:.1f}", required=True)
        p.node(3, "textbox", "Beam (m) *", value=f"{r['beam']:.1f}", required=True)
        p.node(3, "textbox", "Draft (m)", value=f"{r['draft']:.1f}")
        p.node(3, "checkbox", "Multihull", checked="false")
        p.node(3, "textbox", "Skipper *", value=r["skipper"], required=True)
        p.node(3, "textbox", "Skipper mobile", value=r["phone"])
        p.text(3, f"Details copied from {r['ref']}. Changes here do not alter the request.")
    elif s == 2:
        p.node(3, "textbox", "Arrival date *", value=r["arrive"], required=True)
        p.node(3, "textbox", "ETA", value=r["eta"])
        p.node(3, "textbox", "Departure date *", value=r["depart"], required=True)
        p.text(3, f"{n} nights · {span(r['arrive'], r['depart'])}")
        p.node(3, "radiogroup", "Shore power *", required=True)
        for code, label in POWER_OPTS:
            p.node(4, "radio", label, key="power:" + code, checked="true" if W["power"] == code else "false")
        p.text(3, f"Requested on {r['ref']}: {POWER_LABEL[r['power']]}")
        p.node(3, "checkbox", "Water hose connection", checked="false")
        p.node(3, "textbox", "Arrival notes (optional)", value="")
    elif s == 3:
        rows = avail_rows(W)
        p.node(3, "group", "Availability filters")
        p.select(4, "Pontoon", "Any pontoon", ["Any pontoon", "Pontoon A", "Pontoon B", "Pontoon C", "Pontoon D", "Pontoon E"])
        p.node(4, "checkbox", f"Only berths with {POWER_LABEL[W['power']]} power", checked="true")
        p.node(4, "checkbox", f"Fits {r['vessel']} (LOA {r['loa']:.1f} m, beam {r['beam']:.1f} m)", checked="true")
        p.text(3, f"{len(rows)} berths available {span(r['arrive'], r['depart'])}")
        p.node(3, "table", f"Available berths, {span(r['arrive'], r['depart'])}")
        p.node(4, "rowgroup", "")
        p.node(5, "row", "")
        p.node(6, "columnheader", "Select")
        srt = W.get("sort") or "berth"
        p.node(6, "columnheader", "Berth")
        p.node(7, "button", "Berth, sorted ascending" if srt == "berth" else "Sort by berth", key="sort:berth")
        p.node(6, "columnheader", "Max LOA")
        p.node(7, "button", "Max LOA, sorted ascending" if srt == "maxloa" else "Sort by max LOA", key="sort:maxloa")
        for h in ["Max beam", "Depth at LAT", "Power", "Rate"]:
            p.node(6, "columnheader", h)
        p.node(4, "rowgroup", "")
        for code, pon, mloa, mbeam, depth, power, rate in rows:
            p.node(5, "row", "", selected=True if W.get("berth") == code else None)
            p.node(6, "cell", "")
            p.node(7, "radio", f"Select berth {code}", key="berth:" + code,
                   checked="true" if W.get("berth") == code else "false")
            p.node(6, "cell", f"{code} (Pontoon {pon})")
            for v in [f"{mloa:.1f} m", f"{mbeam:.1f} m", f"{depth:.1f} m", power, f"£{rate:.2f} per m per night"]:
                p.node(6, "cell", v)
        if W.get("berth"):
            p.text(3, f"Selected: Berth {W['berth']} (Pontoon {W['berth'][0]})")
        else:
            p.text(3, "Select a berth to continue.")
    else:
        n, rate, fee, pw, total = costs(W)
        p.node(3, "heading", "Summary", level=3)
        p.dl(3, [("Vessel", f"{r['vessel']} ({r['ref']}) · LOA {r['loa']:.1f} m"),
                 ("Stay", f"{span(r['arrive'], r['depart'])} · {n} nights"),
                 ("Berth", f"{W['berth']} (Pontoon {W['berth'][0]})"),
                 ("Shore power", POWER_LABEL[W["power"]]),
                 ("Berth fee", f"{r['loa']:.1f} m × £{rate:.2f} × {n} nights = {money(fee)}"),
                 ("Shore power fee", f"{n} nights × {money(POWER_RATE[W['power']])} = {money(pw)}"),
                 ("Total", money(total))])
        p.node(3, "radiogroup", "Payment method *", required=True)
        for opt in PAY_OPTS:
            p.node(4, "radio", opt, key="pay:" + opt, checked="true" if W.get("pay") == opt else "false")
        p.node(3, "textbox", "Deposit taken now (£), optional", value="")
        p.node(3, "checkbox", "Email berth instructions to skipper", checked="true")
        p.node(3, "textbox", "Internal note (optional)", value="", multiline=True)
    p.node(2, "group", "Allocation actions")
    if s > 1:
        p.node(3, "button", "Back", key="wiz:back")
    p.node(3, "button", "Save draft", key="wiz:save_draft")
    p.node(3, "button", "Cancel allocation", key="wiz:cancel")
    if s < 4:
        p.node(3, "button", f"Next: {STEPS[s]}", key="wiz:next",
               disabled=True if (s == 3 and not W.get("berth")) else None)
    else:
        p.node(3, "button", "Confirm allocation", key="btn:confirm_alloc",
               disabled=True if not W.get("pay") else None)
    if W.get("saving"):
        p.text(3, "Saving allocation…")
    close_page(p, recent, toast)
    if W.get("dialog"):
        n, rate, fee, pw, total = costs(W)
        add_dialog(p, "Confirm allocation", [
            f"Allocate Berth {W['berth']} to {r['vessel']} ({r['ref']}) for {span(r['arrive'], r['depart'])}, {n} nights?",
            f"Shore power: {POWER_LABEL[W['power']]} · Payment: {W['pay']} · Total {money(total)}",
            f"Berth instructions will be emailed to {r['skipper']}.",
        ], [("Cancel", "dlg:cancel"), ("Confirm", "dlg:confirm")])
    return p


def allocation_page(A, recent, toast=None, siblings=()):
    r = A["req"]
    n, rate, fee, pw, total = costs(A)
    p = open_page(f"/allocations/{A['id']}", f"Allocation {A['id']} — {r['vessel']}", "allocations",
                  [("Home", "/"), ("Allocations", "/allocations"), (A["id"], None)])
    p.node(1, "main", "")
    p.node(2, "heading", f"Allocation {A['id']}", level=1)
    p.text(2, f"Confirmed · {r['vessel']} in Berth {A['berth']} · {span(r['arrive'], r['depart'])}")
    p.node(2, "toolbar", "Allocation actions")
    p.node(3, "button", "Edit allocation")
    p.node(3, "button", "Print berth card")
    p.node(3, "button", "Cancel allocation", key="btn:cancel_alloc")
    p.dl(2, [("Vessel", f"{r['vessel']} · {r['model']} · LOA {r['loa']:.1f} m"),
             ("Visitor request", r["ref"]),
             ("Berth", f"{A['berth']} (Pontoon {A['berth'][0]})"),
             ("Arrival", f"{fmt(r['arrive'])}, ETA {r['eta']}"), ("Departure", fmt(r["depart"])),
             ("Nights", str(n)), ("Shore power", POWER_LABEL[A["power"]]),
             ("Payment method", A["pay"]), ("Amount due", money(total)), ("Deposit taken", "£0.00"),
             ("Berth instructions", f"Emailed to {r['email']} at {A['time']}"),
             ("Allocated by", f"{USER} · 14 Jun 2024 {A['time']}")])
    p.node(2, "region", f"Berth {A['berth']} calendar")
    p.node(3, "heading", f"Berth {A['berth']}, next 10 days", level=2)
    p.node(3, "table", f"Berth {A['berth']} occupancy")
    p.node(4, "row", "")
    for i in range(10):
        day = TODAY + datetime.timedelta(days=i + 1)
        p.node(5, "columnheader", f"{day.day} {MONTHS[day.month - 1]}")
    p.node(4, "row", "")
    for i in range(10):
        day = (TODAY + datetime.timedelta(days=i + 1)).isoformat()
        p.node(5, "cell", r["vessel"] if r["arrive"] <= day < r["depart"] else "Free")
    if siblings:
        p.node(2, "region", f"Allocations for {r['ref']}")
        p.node(3, "heading", f"Allocations for {r['ref']}", level=2)
        p.node(3, "list", "")
        for sid, berth in siblings:
            p.node(4, "listitem", "")
            p.node(5, "link", f"{sid} · Berth {berth} · {span(r['arrive'], r['depart'])} · Confirmed")
    return close_page(p, recent, toast)


def allocations_page(recent, tab="upcoming"):
    p = open_page(f"/allocations?view={tab}", "Allocations", "allocations",
                  [("Home", "/"), ("Allocations", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "Allocations", level=1)
    p.node(2, "tablist", "Allocation views")
    p.node(3, "tab", "Upcoming arrivals (23)", key="tab:upcoming", selected=(tab == "upcoming"))
    p.node(3, "tab", "In harbour (41)", key="tab:inharbour", selected=False)
    p.node(3, "tab", "Drafts (2)", key="tab:drafts", selected=(tab == "drafts"))
    p.node(2, "tabpanel", {"upcoming": "Upcoming arrivals (23)", "drafts": "Drafts (2)"}[tab])
    if tab == "upcoming":
        p.node(3, "table", "Upcoming arrivals")
        p.node(4, "row", "")
        for h in ["Allocation", "Vessel", "Berth", "Arrival", "Nights", "Payment"]:
            p.node(5, "columnheader", h)
        berths = ["C-07", "A-04", "D-19", "B-11", "C-30", "D-03", "C-22", "E-09"]
        pays = ["Paid", "Card on arrival", "Account invoice", "Card on arrival", "Paid", "Paid",
                "Card on arrival", "Account invoice"]
        for i, r in enumerate([x for x in sorted_requests("arrival") if x["status"] == "Allocated"][:8]):
            p.node(4, "row", "")
            p.node(5, "cell", "")
            p.node(6, "link", f"AL-{5480 + 6 * i}")
            for v in [r["vessel"], berths[i], fmt(r["arrive"]), str(nights(r["arrive"], r["depart"])), pays[i]]:
                p.node(5, "cell", v)
        p.text(3, "Showing 1–8 of 23")
        p.node(3, "link", "Next page", key="page:next")
    else:
        p.node(3, "table", "Draft allocations")
        p.node(4, "row", "")
        for h in ["Draft", "Vessel", "Request", "Berth", "Progress", "Saved", ""]:
            p.node(5, "columnheader", h)
        for did, vessel, ref, berth, prog, saved, who in [
                ("DR-0871", "Sea Wren", "VR-2291", "C-14", "Step 3 of 4 (Berth)", "14 Jun 2024 10:16", USER),
                ("DR-0866", "Sea Rover", "VR-2290", "—", "Step 2 of 4 (Stay & power)", "13 Jun 2024 16:02", "Tomos Reed")]:
            p.node(4, "row", "")
            for v in [did, vessel, ref, berth, prog, f"{saved} by {who}"]:
                p.node(5, "cell", v)
            p.node(5, "cell", "")
            p.node(6, "link", f"Resume draft {did}", key="draft:" + did)
    return close_page(p, recent)


# ------------------------------------------------------------ berth / WO pages

BOARD_PAGE = 12


def board_page(recent, pontoon="All pontoons", page=1, search="", toast=None, pending=None):
    code = "all" if pontoon == "All pontoons" else pontoon[-1]
    p = open_page(f"/board?pontoon={code}&page={page}", "Berth board", "board",
                  [("Home", "/"), ("Berth board", None)], search=search)
    rows = [b for b in BERTHS.values() if code == "all" or b["pontoon"] == code]
    p.node(1, "main", "")
    p.node(2, "heading", "Berth board", level=1)
    occ = sum(1 for b in BERTHS.values() if b["status"] == "Occupied")
    p.text(2, f"{ORG} · {len(BERTHS)} berths · {occ} occupied tonight · 14 Jun 2024")
    p.node(2, "region", "Filters")
    p.node(3, "heading", "Filters", level=2)
    p.select(3, "Pontoon", pending or pontoon, ["All pontoons"] + [f"Pontoon {x[0]}" for x in PONTOONS],
             key="filter:pontoon")
    p.select(3, "Status", "Any status", ["Any status", "Available", "Occupied", "Reserved", "Out of service"])
    p.node(3, "checkbox", "Include out-of-service berths", checked="true")
    p.node(3, "button", "Apply filters", key="filter:apply")
    p.node(3, "button", "Reset", key="filter:reset")
    p.node(2, "table", "Berths")
    p.node(3, "rowgroup", "")
    p.node(4, "row", "")
    p.node(5, "columnheader", "Berth")
    p.node(6, "button", "Berth, sorted ascending", key="sort:berth")
    for h in ["Max LOA", "Power", "Status", "Occupant / next arrival", "Open work orders"]:
        p.node(5, "columnheader", h)
    p.node(3, "rowgroup", "")
    for b in rows[(page - 1) * BOARD_PAGE: page * BOARD_PAGE]:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", b["code"], key="berth:" + b["code"])
        nwo = sum(1 for w in WOS if w["asset"].startswith(f"Berth {b['code']} ") and w["status"] != "Closed")
        for v in [f"{b['loa']:.1f} m", b["power"], b["status"], b["occ"] or "—", str(nwo)]:
            p.node(5, "cell", v)
    total = len(rows)
    last = (total + BOARD_PAGE - 1) // BOARD_PAGE
    p.text(2, f"Showing {(page - 1) * BOARD_PAGE + 1}–{min(page * BOARD_PAGE, total)} of {total} berths")
    p.node(2, "navigation", "Pagination")
    p.node(3, "link", "Previous page", key="page:prev", disabled=(page == 1) or None)
    for i in range(1, min(last, 5) + 1):
        p.node(3, "link", f"Page {i}", key=f"page:{i}", current="page" if i == page else None)
    if last > 5:
        p.text(3, f"… {last}")
    p.node(3, "link", "Next page", key="page:next", disabled=(page == last) or None)
    return close_page(p, recent, toast)


def berth_page(code, recent, extra_wos=(), toast=None):
    b = BERTHS[code]
    p = open_page(f"/berths/{code}", f"Berth {code}", "board",
                  [("Home", "/"), ("Berth board", "/board"), (f"Pontoon {b['pontoon']}", f"/pontoons/{b['pontoon']}"),
                   (f"Berth {code}", None)])
    p.node(1, "main", "")
    p.node(2, "heading", f"Berth {code}", level=1)
    p.text(2, f"Pontoon {b['pontoon']} · Visitor pontoon · {b['status']}")
    p.node(2, "toolbar", "Berth actions")
    p.node(3, "button", "Raise work order", key="btn:raise")
    p.node(3, "button", "Block dates")
    p.node(3, "button", "View calendar")
    p.dl(2, [("Max LOA", f"{b['loa']:.1f} m"), ("Max beam", "3.6 m"), ("Depth at LAT", "2.1 m"),
             ("Shore power", f"{b['power']} single phase · pedestal PD-{code[2:]} · meter M-44{code[2:]}"),
             ("Water", "Yes, tap shared with the neighbouring berth"), ("Status", b["status"])])
    p.node(2, "region", "Current occupant")
    p.node(3, "heading", "Current occupant", level=2)
    if code == "D-07":
        p.node(3, "link", "Kittiwake · AL-5477", key="occ:AL-5477")
        p.text(3, "12–16 Jun 2024 · skipper Hannah Ellis · 16A connected")
    else:
        p.text(3, b["occ"] or "None")
    p.node(2, "region", "Work orders on this berth")
    p.node(3, "heading", "Work orders on this berth", level=2)
    p.node(3, "table", f"Work orders on Berth {code}")
    p.node(4, "row", "")
    for h in ["Ref", "Summary", "Category", "Priority", "Status", "Raised"]:
        p.node(5, "columnheader", h)
    wos = [w for w in list(extra_wos) + WOS if w["asset"].startswith(f"Berth {code} ")]
    for w in wos:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", w["id"], key="wo:" + w["id"])
        for v in [w["summary"], w["category"], w["priority"], w["status"], wo_when(w["raised"])]:
            p.node(5, "cell", v)
    p.node(2, "complementary", "Neighbouring berths")
    p.node(3, "heading", "Neighbouring berths", level=2)
    p.node(3, "list", "")
    num = int(code[2:])
    for nb in [f"{code[0]}-{num - 1:02d}", f"{code[0]}-{num + 1:02d}"]:
        nwo = sum(1 for w in WOS if w["asset"].startswith(f"Berth {nb} ") and w["status"] != "Closed")
        p.node(4, "listitem", "")
        p.node(5, "link", f"Berth {nb}" + (f" · {nwo} open work order" if nwo else ""), key="nb:" + nb)
    return close_page(p, recent, toast)


def wo_list_page(recent, sort="raised", toast=None):
    p = open_page(f"/work-orders?status=open&sort={sort}", "Work orders", "workorders",
                  [("Home", "/"), ("Work orders", None)])
    rows = [w for w in WOS if w["status"] != "Closed"]
    if sort == "asset":
        rows.sort(key=lambda w: (w["asset"], w["id"]))
    else:
        rows.sort(key=lambda w: w["raised"], reverse=True)
    p.node(1, "main", "")
    p.node(2, "heading", "Work orders", level=1)
    p.node(2, "toolbar", "Work order actions")
    p.node(3, "button", "New work order", key="btn:new_wo")
    p.node(3, "button", "Export CSV")
    p.node(2, "tablist", "Work order views")
    p.node(3, "tab", f"Open ({len(rows)})", selected=True)
    p.node(3, "tab", "Assigned to my team", selected=False)
    p.node(3, "tab", "Closed (last 30 days)", selected=False)
    p.node(2, "group", "Filters")
    p.select(3, "Asset type", "All assets", ["All assets", "Berths", "Pontoons", "Facilities"])
    p.select(3, "Category", "All categories", ["All categories"] + CATEGORIES)
    p.select(3, "Priority", "Any priority", ["Any priority"] + PRIORITIES)
    p.node(2, "table", "Open work orders")
    p.node(3, "rowgroup", "")
    p.node(4, "row", "")
    p.node(5, "columnheader", "Ref")
    p.node(5, "columnheader", "Asset")
    p.node(6, "button", "Asset, sorted ascending" if sort == "asset" else "Sort by asset", key="sort:asset")
    for h in ["Category", "Summary", "Priority", "Status"]:
        p.node(5, "columnheader", h)
    p.node(5, "columnheader", "Raised")
    p.node(6, "button", "Raised, sorted descending" if sort == "raised" else "Sort by raised", key="sort:raised")
    p.node(5, "columnheader", "Assigned to")
    p.node(3, "rowgroup", "")
    for w in rows:
        p.node(4, "row", "")
        p.node(5, "cell", "")
        p.node(6, "link", w["id"], key="wo:" + w["id"])
        for v in [w["asset"], w["category"], w["summary"], w["priority"], w["status"],
                  wo_when(w["raised"]), w["assignee"]]:
            p.node(5, "cell", v)
    p.text(2, f"Showing 1–{len(rows)} of {len(rows)} open work orders")
    return close_page(p, recent, toast)


def wo_form_page(F, recent, toast=None):
    path = "/work-orders/new"
    if F.get("draft"):
        path += f"?draft={F['draft']}"
    elif F.get("prefill"):
        path += f"?asset=berth:{F['prefill']}"
    p = open_page(path, "New work order", "workorders",
                  [("Home", "/"), ("Work orders", "/work-orders")]
                  + ([(f"Berth {F['prefill']}", f"/berths/{F['prefill']}")] if F.get("prefill") else [])
                  + [("New work order", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "New work order" if not F.get("draft") else f"New work order (draft {F['draft']})", level=1)
    if F.get("alert"):
        p.node(2, "alert", "", live="assertive", atomic=True)
        p.text(3, F["alert"])
    if F.get("banner"):
        p.node(2, "status", "")
        p.text(3, F["banner"])
    p.text(2, "Fields marked * are required. Urgent (safety) also pages the duty harbour master.")
    p.node(2, "form", "New work order")
    p.node(3, "radiogroup", "Asset type *", required=True)
    for t in ["Berth", "Pontoon", "Facility"]:
        p.node(4, "radio", t, key="assettype:" + t, checked="true" if F["asset_type"] == t else "false")
    opts = F.get("options")
    p.node(3, "combobox", "Asset *", key="asset", value=F.get("asset") or F.get("query") or "",
           hasPopup="listbox", expanded=bool(opts), required=True)
    if opts:
        p.node(4, "listbox", "Asset suggestions")
        for o in opts:
            p.node(5, "option", o, key="opt:" + o, selected=False)
    p.select(3, "Category *", F["category"], CATEGORIES, key="category", required=True)
    p.select(3, "Priority *", F["priority"], PRIORITIES, key="priority", required=True)
    p.node(3, "textbox", "Summary *", key="summary", value=F["summary"], required=True)
    p.node(3, "textbox", "Description", key="description", value=F["description"], multiline=True)
    p.select(3, "Assign to", F["assign"], ASSIGNEES, key="assign")
    p.node(3, "checkbox", "Take berth out of service until resolved", key="oos", checked="false")
    p.node(3, "checkbox", "Notify berth occupant by SMS", key="notify", checked="false")
    p.node(3, "button", "Cancel", key="btn:cancel")
    p.node(3, "button", "Save draft", key="btn:save_draft")
    p.node(3, "button", "Submit work order", key="btn:submit")
    if F.get("asset"):
        p.node(2, "complementary", "Similar open work orders nearby")
        p.node(3, "heading", "Similar open work orders nearby", level=2)
        p.node(3, "list", "")
        for wid in ["WO-1187", "WO-1178"]:
            w = WO_BY[wid]
            p.node(4, "listitem", "")
            p.node(5, "link", f"{wid} · {w['asset'].split(' (')[0]} · {w['summary']}", key="similar:" + wid)
            p.text(5, f"{w['category']} · {w['priority']} · {w['status']}")
    close_page(p, recent, toast)
    if F.get("dialog") == "submit":
        add_dialog(p, "Submit work order?", [
            f"Submit a {F['category']} work order ({F['priority']} priority) for {F['asset']}?",
            f"It will be sent to {F['assign']}.",
        ], [("Cancel", "dlg:cancel"), ("Submit", "dlg:submit")])
    elif F.get("dialog") == "leave":
        add_dialog(p, "Leave this page?", [
            "You have unsaved changes to this work order. If you leave, they will be lost.",
        ], [("Stay on page", "dlg:stay"), ("Leave page", "dlg:leave")])
    return p


def wo_detail_page(w, recent, toast=None):
    p = open_page(f"/work-orders/{w['id']}", f"Work order {w['id']}", "workorders",
                  [("Home", "/"), ("Work orders", "/work-orders"), (w["id"], None)])
    p.node(1, "main", "")
    p.node(2, "heading", f"Work order {w['id']}: {w['summary']}", level=1)
    p.text(2, f"{w['status']} · {w['priority']} priority · {w['asset']}")
    p.node(2, "toolbar", "Work order actions")
    p.node(3, "button", "Edit")
    p.node(3, "button", "Add note")
    p.node(3, "button", "Close work order")
    sla = {"Low": "attend within 14 days", "Normal": "attend within 5 days", "High": "attend within 24 hours",
           "Urgent (safety)": "attend within 2 hours"}[w["priority"]]
    p.dl(2, [("Asset", w["asset"]), ("Category", w["category"]), ("Priority", f"{w['priority']} · {sla}"),
             ("Summary", w["summary"]), ("Description", w.get("description") or "—"),
             ("Assigned to", w["assignee"]), ("Raised", f"{wo_when(w['raised'])} by {w.get('by', 'Tomos Reed')}"),
             ("Berth in service", "Yes"), ("Occupant notified", "No")])
    p.node(2, "region", "Activity")
    p.node(3, "heading", "Activity", level=2)
    p.node(3, "list", "")
    p.node(4, "listitem", "")
    p.text(5, f"{wo_when(w['raised'])} · Raised by {w.get('by', 'Tomos Reed')}")
    p.node(4, "listitem", "")
    p.text(5, f"{wo_when(w['raised'])} · Notification sent to {w['assignee']}")
    if w["id"] == "WO-1187":
        p.node(4, "listitem", "")
        p.text(5, "12 Jun 2024 09:10 · Note: RCD reset, fault recurred at 17:30 (Dai Parry)")
    p.node(2, "complementary", "Related")
    p.node(3, "heading", "Related", level=2)
    p.node(3, "list", "")
    asset_code = w["asset"].split(" (")[0]
    p.node(4, "listitem", "")
    p.node(5, "link", asset_code, key="rel:asset")
    p.node(4, "listitem", "")
    p.node(5, "link", "WO-1187 · Berth D-08 · Pedestal tripping RCD" if w["id"] != "WO-1187"
           else "WO-1143 · Berth D-07 · Cleat loose on finger", key="rel:wo")
    return close_page(p, recent, toast)


def denied_page(recent, back_to):
    p = open_page("/work-orders/new/submit", "Access denied", None, [("Home", "/"), ("Access denied", None)])
    p.node(1, "main", "")
    p.node(2, "heading", "403 · You don't have access to this action", level=1)
    p.text(2, "Work orders assigned to Harbour Electrical Team can only be submitted by the Harbour Master "
              "or a Maintenance Lead. Your role: Berthing Officer.")
    p.text(2, "Reference: KQ-403-7F21 · 14 Jun 2024 10:47")
    p.node(2, "link", f"Return to {back_to}", key="deny:return")
    p.node(2, "link", "Request access from the harbour office")
    return close_page(p, recent)


# =============================================================================
# Runs
# =============================================================================

class Run:
    def __init__(self, rid, workflow, init_page, recent, fault=None):
        self.rid, self.workflow, self.fault = rid, workflow, fault
        self.recent = list(recent)
        self.init = init_page
        self.cur = init_page
        self.steps = []
        self.off = None

    def visit(self, label):
        if label in self.recent:
            self.recent.remove(label)
        self.recent.insert(0, label)

    def mark(self):
        """The next step is the first off-track one."""
        assert self.off is None
        self.off = len(self.steps)

    def do(self, commitment, verb, key=None, arg=None, why="", effect="read", page=None):
        if verb in ("click", "fill", "select_option", "press"):
            bid, desc = self.cur.keys[key]
            cmd = f"{verb}({bid!r})" if verb == "click" else f"{verb}({bid!r}, {arg!r})"
            target = desc
        elif verb == "goto":
            cmd, target = f"goto({arg!r})", "browser address bar"
        elif verb == "send_msg_to_user":
            cmd, target, page = f"send_msg_to_user({arg!r})", "chat with the user", page or self.cur
        else:
            raise ValueError(verb)
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": why, "target": target, "effect": effect},
                           "observation": page.obs()})
        self.cur = page

    def record(self, task, plan):
        if self.fault:
            assert self.off is not None, self.rid
        return {"id": self.rid, "workflow": self.workflow, "task": task, "plan": plan,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.init.obs(), "steps": self.steps,
                "outcome": {"success": self.fault is None}}


def new_wizard(ref):
    return {"req": REQ[ref], "step": 1, "power": None, "berth": None, "pay": None}


def W_(W, **kw):
    x = dict(W)
    x.update({"dialog": False, "saving": False, "banner": None})
    x.update(kw)
    return x


RECENT_A = ["Berth C-14", "VR-2274 Tern", "WO-1187 Pedestal tripping RCD", "Berth C-41"]
RECENT_W = ["WO-1187 Pedestal tripping RCD", "Berth D-08", "VR-2291 Sea Wren", "Berth C-14"]


def alloc_open_from_list(R, ref="VR-2291"):
    R.visit(f"{ref} {REQ[ref]['vessel']}")
    R.do("open-request", "click", "req:" + ref, why=f"{ref} is the Sea Wren request; open it.",
         page=request_page(REQ[ref], R.recent))


def alloc_open_by_search(R, pick="VR-2291", why=None):
    R.do("open-request", "fill", "search", "Sea Wren", why="Search for the visiting yacht by name.",
         page=board_page(R.recent, search="Sea Wren"))
    R.do("open-request", "press", "search", "Enter", why="Run the search.",
         page=search_page("Sea Wren", R.recent))
    R.visit(f"{pick} {REQ[pick]['vessel']}")
    R.do("open-request", "click", "res:" + pick,
         why=why or "VR-2291 is Sea Wren, 11.4 m, 18–21 Jun, matching the task.",
         page=request_page(REQ[pick], R.recent))


def alloc_to_step2(R, W, toast_step1=None, dismiss=False):
    W = W_(W, step=1)
    R.do("start-wizard", "click", "btn:allocate", why="Start the berth allocation from the request.",
         page=wizard_page(W, R.recent, toast=toast_step1))
    if dismiss:
        R.do("start-wizard", "click", "toast:close", why="Dismiss the autosave notice; it covers the form.",
             page=wizard_page(W, R.recent))
    W = W_(W, step=2)
    R.do("stay-and-power", "click", "wiz:next", why="Boat details match the request (LOA 11.4 m, beam 3.9 m).",
         effect="write", page=wizard_page(W, R.recent))
    return W


def alloc_power(R, W, code="16A", why="Dates are already 18–21 Jun; choose 16A shore power as requested."):
    W = W_(W, power=code)
    R.do("stay-and-power", "click", "power:" + code, why=why, effect="write", page=wizard_page(W, R.recent))
    return W


def alloc_to_step3(R, W):
    W = W_(W, step=3)
    R.do("choose-berth", "click", "wiz:next", why="Go on to pick a berth.", effect="write",
         page=wizard_page(W, R.recent))
    return W


def alloc_pick(R, W, berth="C-14", why="C-14 is listed as available; select it."):
    W = W_(W, berth=berth)
    R.do("choose-berth", "click", "berth:" + berth, why=why, effect="write", page=wizard_page(W, R.recent))
    return W


def alloc_to_step4(R, W):
    W = W_(W, step=4)
    R.do("payment", "click", "wiz:next", why="Berth chosen; continue to payment.", effect="write",
         page=wizard_page(W, R.recent))
    return W


def alloc_pay(R, W, pay="Card on arrival"):
    W = W_(W, pay=pay)
    R.do("payment", "click", "pay:" + pay, why="Skipper pays by card on arrival.", effect="write",
         page=wizard_page(W, R.recent))
    return W


def alloc_open_dialog(R, W, why="Summary is right; confirm the allocation."):
    W = W_(W, dialog=True)
    R.do("confirm-allocation", "click", "btn:confirm_alloc", why=why, page=wizard_page(W, R.recent))
    return W


def alloc_confirm(R, W, aid="AL-5530", time="10:21", siblings=(), page=None):
    A = dict(W, id=aid, time=time)
    if page is None:
        R.visit(f"{aid} Sea Wren" if W["req"]["ref"] == "VR-2291" else f"{aid} {W['req']['vessel']}")
        page = allocation_page(A, R.recent, toast=f"Allocation {aid} confirmed. Berth instructions emailed to "
                                                  f"{W['req']['skipper']}.", siblings=siblings)
    R.do("confirm-allocation", "click", "dlg:confirm", why="Confirm in the dialog.", effect="irreversible",
         page=page)
    return A


DONE_A = ("Sea Wren (VR-2291) is allocated to berth C-14 for 18–21 June 2024 (3 nights) with 16A shore "
          "power, payment by card on arrival. Allocation {aid}.")


def allocate_runs():
    runs = []

    # ---- healthy 01: from the requests list, straight through
    R = Run("allocate-healthy-01", "allocate", requests_page(RECENT_A), RECENT_A)
    alloc_open_from_list(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    alloc_confirm(R, W)
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5530"), why="Report back.")
    runs.append(R)

    # ---- healthy 02: global search, dismiss the autosave toast
    R = Run("allocate-healthy-02", "allocate", board_page(RECENT_A), RECENT_A)
    alloc_open_by_search(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"), toast_step1="Draft allocation started. Steps are saved as you go.",
                       dismiss=True)
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W, why="C-14 (12.5 m, 16A / 32A) fits an 11.4 m yacht; select it.")
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    alloc_confirm(R, W, time="10:24")
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5530"), why="Report back.")
    runs.append(R)

    # ---- healthy 03: list sorted latest-first, page 2, re-sort berth table, deposit left empty
    R = Run("allocate-healthy-03", "allocate", requests_page(RECENT_A, sort="arrival_desc"), RECENT_A)
    R.do("open-request", "click", "page:next", why="VR-2291 (18 Jun) is not on page 1 of the latest-first list.",
         page=requests_page(R.recent, sort="arrival_desc", page=2))
    alloc_open_from_list(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = W_(W, sort="maxloa")
    R.do("choose-berth", "click", "sort:maxloa", why="Sort by max LOA to compare berth sizes.",
         page=wizard_page(W, R.recent))
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W, why="No deposit needed for card on arrival; confirm.")
    alloc_confirm(R, W, time="10:19")
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5530"), why="Report back.")
    runs.append(R)

    # ---- healthy 04: start on the request, save a draft, resume it from Allocations > Drafts
    rec = ["VR-2291 Sea Wren"] + RECENT_A
    R = Run("allocate-healthy-04", "allocate", request_page(REQ["VR-2291"], rec), rec)
    W = W_(new_wizard("VR-2291"), step=1)
    R.do("start-wizard", "click", "btn:allocate", why="The request is open; start the allocation.",
         page=wizard_page(W, R.recent))
    W = W_(W, step=2)
    R.do("stay-and-power", "click", "wiz:next", why="Boat details are right.", effect="write",
         page=wizard_page(W, R.recent))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = W_(W, draft="DR-0871")
    R.do("choose-berth", "click", "wiz:save_draft", why="Save a draft before checking the other drafts list.",
         effect="write", page=wizard_page(W, R.recent, toast="Draft DR-0871 saved at 10:16."))
    R.do("choose-berth", "click", "nav:allocations", why="Check the draft shows in Allocations.",
         page=allocations_page(R.recent))
    R.do("choose-berth", "click", "tab:drafts", why="Open the Drafts tab.",
         page=allocations_page(R.recent, tab="drafts"))
    W = W_(W, banner="Resumed draft DR-0871 (saved 14 Jun 2024 10:16). Berth C-14 is still available.")
    R.do("choose-berth", "click", "draft:DR-0871", why="Resume my Sea Wren draft DR-0871 (not DR-0866, Sea Rover).",
         page=wizard_page(W, R.recent))
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    alloc_confirm(R, W, time="10:18")
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5530"), why="Report back.")
    runs.append(R)

    # ---- fault: wrong_record — opens Sea Wren II (same skipper) from search results
    R = Run("allocate-wrong_record-01", "allocate", board_page(RECENT_A), RECENT_A, fault="wrong_record")
    R.do("open-request", "fill", "search", "Sea Wren", why="Search for the visiting yacht by name.",
         page=board_page(R.recent, search="Sea Wren"))
    R.do("open-request", "press", "search", "Enter", why="Run the search.", page=search_page("Sea Wren", R.recent))
    R.mark()
    R.visit("VR-2219 Sea Wren II")
    R.do("open-request", "click", "res:VR-2219", why="Sea Wren request from Gareth Lloyd, pending allocation.",
         page=request_page(REQ["VR-2219"], R.recent))
    W = alloc_to_step2(R, new_wizard("VR-2219"))
    W = alloc_power(R, W, why="Set 16A shore power as requested.")
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    alloc_confirm(R, W)
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5530"), why="Report back.")
    runs.append(R)

    # ---- fault: wrong_value — 32A shore power instead of 16A
    R = Run("allocate-wrong_value-01", "allocate", requests_page(RECENT_A), RECENT_A, fault="wrong_value")
    alloc_open_from_list(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    R.mark()
    W = alloc_power(R, W, code="32A", why="Choose shore power for the stay.")
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    alloc_confirm(R, W)
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5530"), why="Report back.")
    runs.append(R)

    # ---- fault: dialog_cancelled — clicks Cancel in the confirm dialog, then reports done
    R = Run("allocate-dialog_cancelled-01", "allocate", requests_page(RECENT_A), RECENT_A, fault="dialog_cancelled")
    alloc_open_from_list(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    R.mark()
    W = W_(W)
    R.do("confirm-allocation", "click", "dlg:cancel", why="Close the dialog; the allocation details are all set.",
         page=wizard_page(W, R.recent))
    R.do("confirm-allocation", "send_msg_to_user",
         arg="Sea Wren (VR-2291) is allocated to berth C-14 for 18–21 June 2024 (3 nights) with 16A shore "
             "power, payment by card on arrival.", why="Report back.")
    runs.append(R)

    # ---- fault: premature_done — reports success from the review step
    R = Run("allocate-premature_done-01", "allocate", requests_page(RECENT_A), RECENT_A, fault="premature_done")
    alloc_open_from_list(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    R.mark()
    R.do("payment", "send_msg_to_user",
         arg="Done: Sea Wren (VR-2291) is booked into berth C-14 for 18–21 June 2024 with 16A shore power, "
             "card on arrival, total £122.94.",
         why="All details are entered and the summary matches the task.")
    runs.append(R)

    # ---- fault: double_submit — slow save, clicks Confirm allocation again
    R = Run("allocate-double_submit-01", "allocate", requests_page(RECENT_A), RECENT_A, fault="double_submit")
    alloc_open_from_list(R)
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    W = W_(W, saving=True)
    R.do("confirm-allocation", "click", "dlg:confirm", why="Confirm in the dialog.", effect="irreversible",
         page=wizard_page(W, R.recent))
    R.mark()
    W = W_(W, dialog=True)
    R.do("confirm-allocation", "click", "btn:confirm_alloc",
         why="The page is still on step 4; the confirm did not seem to register. Try again.",
         page=wizard_page(W, R.recent))
    A = dict(W, id="AL-5531", time="10:22")
    R.visit("AL-5531 Sea Wren")
    R.do("confirm-allocation", "click", "dlg:confirm", why="Confirm in the dialog.", effect="irreversible",
         page=allocation_page(A, R.recent, toast="Allocation AL-5531 confirmed. Berth instructions emailed to Gareth Lloyd.",
                              siblings=[("AL-5530", "C-14"), ("AL-5531", "C-14")]))
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5531"), why="Report back.")
    runs.append(R)

    # ---- fault: stale_page — after Confirm the request page still reads "Pending"; agent redoes it
    R = Run("allocate-stale_page-01", "allocate", requests_page(RECENT_A), RECENT_A, fault="stale_page")
    alloc_open_from_list(R)
    W0 = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W0)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W)
    R.mark()
    alloc_confirm(R, W, page=request_page(REQ["VR-2291"], R.recent))
    W = alloc_to_step2(R, new_wizard("VR-2291"))
    W = alloc_power(R, W)
    W = alloc_to_step3(R, W)
    W = alloc_pick(R, W)
    W = alloc_to_step4(R, W)
    W = alloc_pay(R, W)
    W = alloc_open_dialog(R, W, why="Request still shows pending allocation, so confirm again.")
    alloc_confirm(R, W, aid="AL-5531", time="10:26", siblings=[("AL-5530", "C-14"), ("AL-5531", "C-14")])
    R.do("confirm-allocation", "send_msg_to_user", arg=DONE_A.format(aid="AL-5531"), why="Report back.")
    runs.append(R)
    return runs


# ------------------------------------------------------------------ workorder

DESC = ("Pedestal PD-07 trips its breaker several times a day once the occupant's shore lead is connected. "
        "Please test the RCD and the socket.")
SUMMARY = "Shore-power pedestal keeps tripping breaker"


def new_form(prefill=None, asset_type="Berth"):
    return {"prefill": prefill, "asset_type": asset_type if not prefill else "Berth",
            "asset": f"Berth {prefill} (Pontoon {prefill[0]})" if prefill else "",
            "query": "", "options": None, "category": "General maintenance", "priority": "Normal",
            "summary": "", "description": "", "assign": "Unassigned (triage)", "dialog": None,
            "alert": None, "banner": None, "draft": None}


def F_(F, **kw):
    x = dict(F)
    x.update({"dialog": None, "alert": None, "banner": None})
    x.update(kw)
    return x


def wo_search_to_berth(R):
    R.do("find-berth", "fill", "search", "D-07", why="Look the berth up by its code.",
         page=board_page(R.recent, search="D-07"))
    R.do("find-berth", "press", "search", "Enter", why="Run the search.", page=search_page("D-07", R.recent))
    R.visit("Berth D-07")
    R.do("find-berth", "click", "res:D-07", why="Berth D-07 on Pontoon D is the one in the task.",
         page=berth_page("D-07", R.recent))


def wo_raise(R):
    F = new_form("D-07")
    R.do("open-form", "click", "btn:raise", why="Raise the work order from the berth so the asset is prefilled.",
         page=wo_form_page(F, R.recent))
    return F


def wo_set(R, F, field, value, verb="select_option", why="", noop=False):
    G = F if noop else F_(F, **{field: value})
    G = F_(G)
    R.do("fill-details", verb, field, value, why=why, effect="write", page=wo_form_page(G, R.recent))
    return G


def wo_fill_all(R, F, order=("category", "priority", "summary", "description", "assign"), noop=()):
    whys = {"category": "Pedestal tripping is an electrical fault.", "priority": "Task says priority High.",
            "summary": "Short summary of the fault.", "description": "Add the detail for the electricians.",
            "assign": "Assign to the Harbour Electrical Team."}
    vals = {"category": ("Electrical", "select_option"), "priority": ("High", "select_option"),
            "summary": (SUMMARY, "fill"), "description": (DESC, "fill"),
            "assign": ("Harbour Electrical Team", "select_option")}
    for f in order:
        v, verb = vals[f]
        if f in noop:
            R.mark()
        F = wo_set(R, F, f, v, verb=verb, why=whys[f], noop=(f in noop))
    return F


def wo_submit(R, F, result=None, wid="WO-1212", time="10:42", toast=True, mark_confirm=False):
    G = F_(F, dialog="submit")
    R.do("submit", "click", "btn:submit", why="Everything is filled in; submit.", page=wo_form_page(G, R.recent))
    if mark_confirm:
        R.mark()
    if result is None:
        w = dict(id=wid, asset=F["asset"], category=F["category"], summary=F["summary"],
                 priority=F["priority"], status="Open", raised=f"2024-06-14 {time}", assignee=F["assign"],
                 description=F["description"], by=USER)
        R.visit(f"{wid} {F['summary']}")
        result = wo_detail_page(w, R.recent, toast=f"Work order {wid} raised and sent to {F['assign']}." if toast else None)
    R.do("submit", "click", "dlg:submit", why="Confirm the submission.", effect="irreversible", page=result)
    return result


def done_w(wid=None):
    return ((f"Raised work order {wid}" if wid else "Raised the work order") +
            " for berth D-07 (Pontoon D): shore-power pedestal tripping, Electrical, priority High, "
            "assigned to the Harbour Electrical Team.")


def workorder_runs():
    runs = []

    # ---- healthy 01: search for D-07, raise from the berth page
    R = Run("workorder-healthy-01", "workorder", board_page(RECENT_W), RECENT_W)
    wo_search_to_berth(R)
    F = wo_raise(R)
    F = wo_fill_all(R, F)
    wo_submit(R, F)
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- healthy 02: board filtered to Pontoon D, toast dismissed, description left empty
    R = Run("workorder-healthy-02", "workorder", board_page(RECENT_W), RECENT_W)
    R.do("find-berth", "select_option", "filter:pontoon", "Pontoon D", why="Narrow the board to Pontoon D.",
         page=board_page(R.recent, pending="Pontoon D"))
    R.do("find-berth", "click", "filter:apply", why="Apply the filter.",
         page=board_page(R.recent, pontoon="Pontoon D", toast="Showing 24 berths on Pontoon D."))
    R.do("find-berth", "click", "toast:close", why="Dismiss the notice.",
         page=board_page(R.recent, pontoon="Pontoon D"))
    R.visit("Berth D-07")
    R.do("find-berth", "click", "berth:D-07", why="Open D-07 from the filtered board.",
         page=berth_page("D-07", R.recent))
    F = wo_raise(R)
    F = wo_fill_all(R, F, order=("summary", "category", "priority", "assign"))
    wo_submit(R, F, time="10:39")
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- healthy 03: from the work-orders list, re-sort by asset, New work order, pick the berth
    R = Run("workorder-healthy-03", "workorder", wo_list_page(RECENT_W), RECENT_W)
    R.do("find-berth", "click", "sort:asset", why="Sort by asset to see whether D-07 already has an open order.",
         page=wo_list_page(R.recent, sort="asset"))
    F = new_form(asset_type="Pontoon")
    R.do("open-form", "click", "btn:new_wo", why="No open order for D-07 (only D-08 and D-17); create one.",
         page=wo_form_page(F, R.recent))
    F = F_(F, asset_type="Berth")
    R.do("open-form", "click", "assettype:Berth", why="The asset is a berth, not a pontoon.", effect="write",
         page=wo_form_page(F, R.recent))
    F = F_(F, query="D-07", options=["Berth D-07 (Pontoon D)", "Berth D-17 (Pontoon D)", "Berth E-07 (Pontoon E)"])
    R.do("open-form", "fill", "asset", "D-07", why="Type the berth code.", effect="write",
         page=wo_form_page(F, R.recent))
    F = F_(F, asset="Berth D-07 (Pontoon D)", options=None, query="")
    R.do("open-form", "click", "opt:Berth D-07 (Pontoon D)", why="Pick D-07, not D-17 or E-07.", effect="write",
         page=wo_form_page(F, R.recent))
    F = wo_fill_all(R, F)
    wo_submit(R, F, time="10:44")
    R.do("submit", "click", "toast:close", why="Dismiss the confirmation toast.",
         page=wo_detail_page(dict(id="WO-1212", asset=F["asset"], category=F["category"], summary=F["summary"],
                                  priority=F["priority"], status="Open", raised="2024-06-14 10:44",
                                  assignee=F["assign"], description=F["description"], by=USER), R.recent))
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- healthy 04: recently-viewed link, save draft, reload the draft, finish
    rec = ["Berth D-07"] + RECENT_W
    R = Run("workorder-healthy-04", "workorder", wo_list_page(rec), rec)
    R.do("find-berth", "click", "recent:Berth D-07", why="D-07 is in Recently viewed.",
         page=berth_page("D-07", R.recent))
    F = wo_raise(R)
    F = wo_fill_all(R, F, order=("category", "priority", "summary"))
    F = F_(F, draft="WD-0412")
    R.do("fill-details", "click", "btn:save_draft", why="Save a draft before adding the description.",
         effect="write", page=wo_form_page(F, R.recent, toast="Draft WD-0412 saved at 10:38."))
    F = F_(F, banner="Draft WD-0412 restored (saved 10:38).")
    R.do("fill-details", "goto", arg=BASE + "/work-orders/new?draft=WD-0412",
         why="Reload the draft to make sure it kept the fields.", page=wo_form_page(F, R.recent))
    F = wo_fill_all(R, F, order=("description", "assign"))
    wo_submit(R, F, time="10:41")
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- fault: skipped_required — Category left at General maintenance
    R = Run("workorder-skipped_required-01", "workorder", board_page(RECENT_W), RECENT_W, fault="skipped_required")
    wo_search_to_berth(R)
    F = wo_raise(R)
    F = wo_fill_all(R, F, order=("priority", "summary", "description", "assign"))
    R.mark()
    wo_submit(R, F)
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- fault: silent_noop — selecting priority High does not take; stays Normal
    R = Run("workorder-silent_noop-01", "workorder", board_page(RECENT_W), RECENT_W, fault="silent_noop")
    R.do("find-berth", "select_option", "filter:pontoon", "Pontoon D", why="Narrow the board to Pontoon D.",
         page=board_page(R.recent, pending="Pontoon D"))
    R.do("find-berth", "click", "filter:apply", why="Apply the filter.",
         page=board_page(R.recent, pontoon="Pontoon D", toast="Showing 24 berths on Pontoon D."))
    R.visit("Berth D-07")
    R.do("find-berth", "click", "berth:D-07", why="Open D-07.", page=berth_page("D-07", R.recent))
    F = wo_raise(R)
    F = wo_fill_all(R, F, noop=("priority",))
    wo_submit(R, F, time="10:40")
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- fault: error_banner — save fails with an alert above the form
    R = Run("workorder-error_banner-01", "workorder", board_page(RECENT_W), RECENT_W, fault="error_banner")
    wo_search_to_berth(R)
    F = wo_raise(R)
    F = wo_fill_all(R, F)
    wo_submit(R, F, mark_confirm=True,
              result=wo_form_page(F_(F, alert="Work order not saved: the asset register did not respond "
                                               "(ERR-AR-502). Your entries are still on this page."), R.recent))
    R.do("submit", "send_msg_to_user", arg=done_w(), why="Submitted; report back.")
    runs.append(R)

    # ---- fault: permission_denied — 403 on submit, agent returns to the berth and reports done
    R = Run("workorder-permission_denied-01", "workorder", board_page(RECENT_W), RECENT_W, fault="permission_denied")
    wo_search_to_berth(R)
    F = wo_raise(R)
    F = wo_fill_all(R, F, order=("category", "priority", "summary", "assign"))
    wo_submit(R, F, mark_confirm=True, result=denied_page(R.recent, "Berth D-07"))
    R.do("submit", "click", "deny:return", why="Go back to the berth.", page=berth_page("D-07", R.recent))
    R.do("submit", "send_msg_to_user", arg=done_w(), why="Report back.")
    runs.append(R)

    # ---- fault: wrong_filter — asset type left at Pontoon, picks "Pontoon D"
    R = Run("workorder-wrong_filter-01", "workorder", wo_list_page(RECENT_W), RECENT_W, fault="wrong_filter")
    R.do("find-berth", "click", "sort:asset", why="Sort by asset to see whether D-07 already has an open order.",
         page=wo_list_page(R.recent, sort="asset"))
    F = new_form(asset_type="Pontoon")
    R.do("open-form", "click", "btn:new_wo", why="No open order for D-07; create one.",
         page=wo_form_page(F, R.recent))
    F = F_(F, query="D-07", options=["Pontoon D — Visitor pontoon (D-01 to D-24)", "Pontoon E — Hammerhead"])
    R.do("open-form", "fill", "asset", "D-07", why="Type the berth code.", effect="write",
         page=wo_form_page(F, R.recent))
    R.mark()
    F = F_(F, asset="Pontoon D — Visitor pontoon (D-01 to D-24)", options=None, query="")
    R.do("open-form", "click", "opt:Pontoon D — Visitor pontoon (D-01 to D-24)",
         why="Pick the Pontoon D suggestion that covers D-07.", effect="write", page=wo_form_page(F, R.recent))
    F = wo_fill_all(R, F)
    wo_submit(R, F, time="10:45")
    R.do("submit", "send_msg_to_user", arg=done_w("WO-1212"), why="Report back.")
    runs.append(R)

    # ---- fault: unsaved_navigation — opens a similar work order mid-form, leaves, reports done
    R = Run("workorder-unsaved_navigation-01", "workorder", board_page(RECENT_W), RECENT_W,
            fault="unsaved_navigation")
    wo_search_to_berth(R)
    F = wo_raise(R)
    F = wo_fill_all(R, F, order=("category", "priority", "summary", "assign"))
    R.mark()
    R.do("submit", "click", "similar:WO-1187", why="Check the similar open order is not already about D-07.",
         page=wo_form_page(F_(F, dialog="leave"), R.recent))
    R.visit("WO-1187 Pedestal tripping RCD")
    R.do("submit", "click", "dlg:leave", why="Just a quick look at WO-1187.",
         page=wo_detail_page(WO_BY["WO-1187"], R.recent))
    R.do("submit", "send_msg_to_user", arg=done_w(),
         why="WO-1187 is for D-08, so D-07's order is separate; done.")
    runs.append(R)
    return runs


# =============================================================================

def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, plan in PLANS.items():
        head = [f"# MooringLog — {wf} workflow plan.",
                "# Written from the task and the healthy pages only, before the faulty runs existed."]
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(head + yemit(plan)) + "\n")
    tasks = {"allocate": TASK_ALLOCATE, "workorder": TASK_WORKORDER}
    records = []
    for R in allocate_runs() + workorder_runs():
        records.append(R.record(tasks[R.workflow], f"plans/{R.workflow}.yaml"))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    healthy = sum(1 for r in records if r["label"]["fault"] is None)
    print(f"wrote {len(records)} trajectories ({healthy} healthy, {len(records) - healthy} faulty) "
          f"and {len(PLANS)} plans to {HERE}")
    for r in records:
        print(f"  {r['id']:<34} steps={len(r['steps']):>2}  fault={r['label']['fault']}  "
              f"off={r['label']['first_off_track_step']}")


if __name__ == "__main__":
    main()
