#!/usr/bin/env python3
"""Generate the OrbitDesk held-out corpus (stdlib only, fixed seed).

OrbitDesk is an invented satellite ground-station operations console used by the
(equally invented) Halcyon Ground Network.  This script writes

    corpus.jsonl                  20 trajectories (8 healthy, 12 faulty)
    plans/schedule_pass.yaml      plan for the pass-booking workflow
    plans/anomaly_triage.yaml     plan for the anomaly acknowledge/assign workflow

in the formats of FORMATS.md.  Observations are BrowserGym-style flattened
accessibility trees.  Run:  python3 make_corpus.py
"""
import json
import os
import random
from urllib.parse import quote

SEED = 20250318
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://orbitdesk.halcyon-gn.test"
PRODUCT = "OrbitDesk"
VERSION = "4.12.3"
ORG = "Halcyon Ground Network"
USER = "Priya Raman"
ROLE = "Flight Ops Controller"
TODAY = "18 Mar 2025"

DATA_RNG = random.Random(SEED)  # record data shared by every run (same record looks the same everywhere)

# --------------------------------------------------------------------------------------
# Plans: written from the two tasks and a walk through the healthy pages, before any
# faulty run was written; not tuned afterwards.
# --------------------------------------------------------------------------------------
TASK_SCHEDULE = (
    "Schedule a contact pass for spacecraft KS-14 Tern at ground station Svalbard SG-3 in the "
    "19 Mar 2025 14:52 UTC window, with uplink mode S-band command, command load CL-0932 and "
    "priority High, then submit the booking.")
TASK_ANOMALY = (
    "Acknowledge telemetry anomaly AN-7731 (KS-14 Tern, battery temperature high), then assign it "
    "to Ines Albrecht with category Thermal and save the triage.")

PLAN_SCHEDULE_YAML = '''\
# OrbitDesk (Halcyon Ground Network): book a contact pass for KS-14 Tern.
# Written from the task and a walk through the normal booking flow.
task: "Schedule a contact pass for spacecraft KS-14 Tern at ground station Svalbard SG-3 in the 19 Mar 2025 14:52 UTC window, with uplink mode S-band command, command load CL-0932 and priority High, then submit the booking."

plan_falsifiers:
  execution:
    - "Sign in to OrbitDesk"
    - "Your session has expired. Please sign in again."
    - "Something went wrong on our side"
  planning:
    - "Spacecraft is in safe mode, commanding passes cannot be booked"

commitments:
  - id: open-spacecraft
    subgoal: "Open the spacecraft page for KS-14 Tern"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["OrbitDesk pass schedule"]
      progress: ["KS-14 Tern is listed in the results"]
      completion: ["Spacecraft KS-14 Tern page, status Active"]
    falsify:
      execution: ["Spacecraft KS-41 Tern-2", "KS-140 Tern Pathfinder (decommissioned)", "No spacecraft match"]
      skill: []
      planning: ["KS-14 Tern is decommissioned"]

  - id: start-booking
    subgoal: "Start a new pass booking for KS-14 Tern"
    confidence: 0.7
    confirm:
      precondition: []
      progress: []
      completion: ["Schedule a contact pass - Step 1 of 4: Spacecraft and station"]
    falsify:
      execution: ["Access denied"]
      skill: ["Schedule pass button is disabled"]
      planning: []

  - id: pick-station
    subgoal: "Choose ground station Svalbard SG-3 and continue to the pass windows"
    confirm:
      progress: ["Ground station Svalbard SG-3 selected"]
      completion: ["Step 2 of 4: Pass window, KS-14 Tern over Svalbard SG-3"]
    falsify:
      execution: ["Ground station Svalbard SG-2", "Inuvik IN-1"]
      planning: ["Svalbard SG-3 has no visibility of KS-14 Tern"]

  - id: pick-window
    subgoal: "Select the pass window on Wed 19 Mar starting 14:52 UTC"
    confidence: 0.6
    confirm:
      progress: ["Windows for Wed 19 Mar are listed", "19 Mar 14:52 UTC window selected"]
      completion: ["Step 3 of 4: Configuration, window 19 Mar 2025 14:52 UTC"]
    falsify:
      execution: ["No predicted windows"]
      planning: ["The 19 Mar 14:52 UTC window is already booked"]

  - id: configure
    subgoal: "Set uplink mode S-band command, command load CL-0932 and priority High"
    confidence: 0.6
    confirm:
      progress: ["S-band command selected", "CL-0932 Battery heater setpoint update, approved"]
      completion: ["Step 4 of 4: Review shows S-band command, CL-0932 and priority High"]
    falsify:
      execution: ["Priority Routine", "Uplink mode Receive only", "No approved command load"]
      skill: ["Command load field is missing"]
      planning: ["Command load CL-0932 is not approved for KS-14 Tern"]

  - id: submit
    subgoal: "Submit the booking and confirm it"
    confidence: 0.7
    confirm:
      progress: ["Submit pass booking? confirmation dialog"]
      completion: ["Contact pass scheduled", "Pass status Scheduled, KS-14 Tern, Svalbard SG-3, 19 Mar 2025 14:52 UTC"]
    falsify:
      execution:
        - "Booking conflict"
        - "Booking could not be submitted"
        - text: "Cancel pass"
          "on": action    # quoted: bare `on` is a boolean in YAML 1.1 loaders
      planning: ["The station team rejected the booking"]
'''

PLAN_ANOMALY_YAML = '''\
# OrbitDesk (Halcyon Ground Network): acknowledge and triage anomaly AN-7731.
# Written from the task and a walk through the normal triage flow.
task: "Acknowledge telemetry anomaly AN-7731 (KS-14 Tern, battery temperature high), then assign it to Ines Albrecht with category Thermal and save the triage."

plan_falsifiers:
  execution:
    - "Sign in to OrbitDesk"
    - "Your session has expired. Please sign in again."
    - "Something went wrong on our side"

commitments:
  - id: find-anomaly
    subgoal: "Find and open anomaly AN-7731"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["Anomaly queue"]
      progress: ["AN-7731 Battery temperature high is listed"]
      completion: ["Anomaly AN-7731 - Battery temperature high on KS-14 Tern"]
    falsify:
      execution: ["Anomaly AN-7713 Battery voltage low", "AN-7732 on KS-41 Tern-2", "No anomalies match"]
      planning: ["AN-7731 is already resolved"]

  - id: acknowledge
    subgoal: "Acknowledge AN-7731"
    confidence: 0.7
    confirm:
      progress: ["Acknowledge anomaly AN-7731? dialog"]
      completion: ["AN-7731 acknowledged", "Status: Acknowledged"]
    falsify:
      execution: ["Status: New"]
      skill: ["Acknowledge button is disabled"]
      planning: ["Already acknowledged by another operator"]

  - id: set-triage
    subgoal: "Set assignee Ines Albrecht (Thermal Systems) and category Thermal"
    confirm:
      progress: ["Assignee Ines Albrecht - Thermal Systems selected"]
      completion: ["Assignee Ines Albrecht and category Thermal selected"]
    falsify:
      execution: ["Ines Albers - Attitude Control", "Category Power"]
      skill: ["Assignee list is empty"]

  - id: save-triage
    subgoal: "Save the triage"
    confidence: 0.7
    confirm:
      completion: ["Triage saved for AN-7731", "Assignee Ines Albrecht - Thermal Systems, category Thermal"]
    falsify:
      execution: ["Unsaved changes", "Could not save triage"]
      planning: []
'''

PLANS = {"schedule_pass": PLAN_SCHEDULE_YAML, "anomaly_triage": PLAN_ANOMALY_YAML}
TASKS = {"schedule_pass": TASK_SCHEDULE, "anomaly_triage": TASK_ANOMALY}

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
FLEET = [  # id, name, status, orbit, last contact (UTC, 18 Mar)
    ("KS-03", "Kittiwake", "Active", "SSO 525 km", "09:02"),
    ("KS-05", "Puffin", "Active", "SSO 525 km", "08:20"),
    ("KS-07", "Plover", "Active", "SSO 560 km", "08:58"),
    ("KS-09", "Curlew", "Active", "SSO 560 km", "09:06"),
    ("KS-11", "Dunlin", "Safe mode", "SSO 540 km", "08:55"),
    ("KS-12", "Gannet", "Active", "SSO 540 km", "07:41"),
    ("KS-13", "Knot", "Commissioning", "SSO 542 km", "06:48"),
    ("KS-14", "Tern", "Active", "SSO 542 km", "08:36"),
    ("KS-15", "Teal", "Active", "SSO 542 km", "08:49"),
    ("KS-16", "Skua", "Active", "Polar 610 km", "08:30"),
    ("KS-19", "Petrel", "Active", "Polar 610 km", "09:05"),
    ("KS-21", "Shearwater", "Active", "Polar 610 km", "07:12"),
    ("KS-41", "Tern-2", "Active", "SSO 542 km", "08:51"),
    ("KS-140", "Tern Pathfinder", "Decommissioned", "SSO 498 km", ""),
]
SC = {f[0]: f for f in FLEET}


def scname(sid):
    return f"{sid} {SC[sid][1]}"


def sc_key(label):
    return int(label.split()[0].split("-")[1])


SC_INFO = {
    "KS-14": dict(mission="Earth observation, multispectral imager", orbit="SSO 542 km, LTAN 10:30",
                  norad="58214", launched="11 Nov 2023", last="18 Mar 2025 08:36 UTC via Svalbard SG-2",
                  soc="81 %", mode="Nominal", formation="KS-41"),
    "KS-41": dict(mission="Earth observation, multispectral imager", orbit="SSO 542 km, LTAN 10:30 (formation, +20 s)",
                  norad="58931", launched="2 Jul 2024", last="18 Mar 2025 08:51 UTC via Svalbard SG-3",
                  soc="77 %", mode="Nominal", formation="KS-14"),
}

STATIONS = ["Svalbard SG-2", "Svalbard SG-3", "Inuvik IN-1", "Punta Arenas PA-1",
            "Hartebeesthoek HB-4", "Awarua AW-1"]

# upcoming passes shown on the schedule board (page 1 of 4, sorted by AOS)
BOARD = [
    ("CP-20391", "KS-09 Curlew", "Inuvik IN-1", "18 Mar 09:06", "38°", "Routine", "In progress"),
    ("CP-20392", "KS-03 Kittiwake", "Awarua AW-1", "18 Mar 09:40", "52°", "Routine", "Scheduled"),
    ("CP-20394", "KS-41 Tern-2", "Svalbard SG-3", "18 Mar 10:07", "23°", "Routine", "Scheduled"),
    ("CP-20395", "KS-16 Skua", "Punta Arenas PA-1", "18 Mar 10:31", "67°", "High", "Scheduled"),
    ("CP-20393", "KS-12 Gannet", "Svalbard SG-2", "18 Mar 11:05", "44°", "Routine", "Scheduled"),
    ("CP-20397", "KS-07 Plover", "Hartebeesthoek HB-4", "18 Mar 12:48", "71°", "Routine", "Scheduled"),
    ("CP-20396", "KS-14 Tern", "Svalbard SG-3", "18 Mar 13:19", "80°", "Routine", "Scheduled"),
    ("CP-20399", "KS-15 Teal", "Svalbard SG-2", "18 Mar 13:22", "78°", "Routine", "Scheduled"),
]
OTHER_PASSES = [
    ("CP-20403", "KS-14 Tern", "Inuvik IN-1", "19 Mar 02:23", "45°", "Routine", "Scheduled"),
    ("CP-20410", "KS-14 Tern", "Svalbard SG-2", "19 Mar 11:41", "43°", "Routine", "Scheduled"),
    ("CP-20406", "KS-41 Tern-2", "Svalbard SG-3", "19 Mar 02:23", "47°", "High", "Scheduled"),
]
ALL_PASSES = BOARD + OTHER_PASSES

# predicted windows for KS-14 over Svalbard SG-3 (AOS, LOS, max elevation)
WINDOWS_KS14_SG3 = {
    "18 Mar": [("10:07:34", "10:15:58", 21), ("11:43:02", "11:53:40", 40), ("13:19:15", "13:30:21", 80),
               ("14:55:20", "15:05:52", 59), ("16:30:48", "16:38:30", 29)],
    "19 Mar": [("00:47:05", "00:55:11", 22), ("02:23:40", "02:33:52", 48), ("03:58:58", "04:05:12", 15),
               ("10:05:31", "10:13:07", 19), ("11:41:12", "11:51:30", 44), ("13:17:02", "13:28:20", 83),
               ("14:52:10", "15:02:50", 61), ("16:28:25", "16:36:49", 27)],
    "20 Mar": [("01:11:47", "01:20:02", 26), ("02:47:21", "02:57:40", 53), ("13:40:55", "13:51:49", 76),
               ("15:16:30", "15:26:44", 55)],
}
DAY_LABEL = {"18 Mar": "Tue 18 Mar (today)", "19 Mar": "Wed 19 Mar", "20 Mar": "Thu 20 Mar"}
DAY_FROM_LABEL = {v: k for k, v in DAY_LABEL.items()}


def shift(hms, secs):
    h, m, s = (int(x) for x in hms.split(":"))
    t = h * 3600 + m * 60 + s + secs
    return f"{t // 3600:02d}:{t % 3600 // 60:02d}:{t % 60:02d}"


def windows(sc, station, day):
    base = WINDOWS_KS14_SG3[day]
    dt, de = 0, 0
    if sc.startswith("KS-41"):
        dt, de = 20, -2
    if station == "Svalbard SG-2":
        dt, de = dt - 35, de - 1
    elif station != "Svalbard SG-3":
        dt, de = dt + 1870, de - 9
    out = []
    for aos, los, el in base:
        aos2, los2 = shift(aos, dt), shift(los, dt)
        conflict = "None"
        if sc.startswith("KS-14") and station == "Svalbard SG-3" and day == "18 Mar" and aos.startswith("13:19"):
            conflict = "Booked (CP-20396)"
        if sc.startswith("KS-41") and station == "Svalbard SG-3" and day == "18 Mar" and aos.startswith("10:07"):
            conflict = "Booked (CP-20394)"
        if sc.startswith("KS-41") and station == "Svalbard SG-3" and day == "19 Mar" and aos.startswith("02:23"):
            conflict = "Booked (CP-20406)"
        out.append((aos2, los2, max(5, el + de), conflict))
    return out


def duration(aos, los):
    def sec(x):
        h, m, s = (int(v) for v in x.split(":"))
        return h * 3600 + m * 60 + s
    d = sec(los) - sec(aos)
    return f"{d // 60} min {d % 60:02d} s"


COMMAND_LOADS = {
    "CL-0932": ("Battery heater setpoint update", 14, "17 Mar"),
    "CL-0923": ("Star tracker firmware patch, segment 2", 212, "11 Mar"),
    "CL-0931": ("Payload calibration table v7", 38, "16 Mar"),
}
UPLINK_MODES = ["Receive only (telemetry downlink)", "S-band command", "S-band command + X-band payload dump"]

ASSIGNEES = ["Unassigned", "Priya Raman (me)", "Ines Albers — Attitude Control",
             "Ines Albrecht — Thermal Systems", "Kofi Mensah — Power Subsystems",
             "Rafael Duarte — Flight Software", "Mei Tanaka — Communications"]
CATEGORIES = ["Not set", "Power", "Thermal", "Attitude & orbit control", "Communications",
              "Flight software", "Ground segment"]

ANOMS = [  # id, spacecraft, summary, severity, status, assignee, detected
    ("AN-7741", "KS-19 Petrel", "Downlink frame CRC errors above threshold", "Caution", "New", "—", "18 Mar 09:08"),
    ("AN-7740", "KS-14 Tern", "Magnetometer 1 reading saturated", "Caution", "New", "—", "18 Mar 09:01"),
    ("AN-7739", "KS-07 Plover", "Payload heater duty cycle high", "Caution", "New", "—", "18 Mar 08:58"),
    ("AN-7738", "KS-11 Dunlin", "Safe mode entry", "Critical", "Acknowledged", "Rafael Duarte", "18 Mar 08:55"),
    ("AN-7736", "KS-21 Shearwater", "GPS fix lost", "Warning", "New", "—", "18 Mar 08:52"),
    ("AN-7735", "KS-15 Teal", "Star tracker 2 dropout", "Warning", "Acknowledged", "Ines Albers", "18 Mar 08:49"),
    ("AN-7733", "KS-16 Skua", "Solar array 2 current low", "Warning", "New", "—", "18 Mar 08:47"),
    ("AN-7732", "KS-41 Tern-2", "Battery temperature high", "Warning", "New", "—", "18 Mar 08:44"),
    ("AN-7731", "KS-14 Tern", "Battery temperature high", "Warning", "New", "—", "18 Mar 08:37"),
    ("AN-7730", "KS-14 Tern", "Reaction wheel 3 speed deviation", "Caution", "Acknowledged", "Ines Albers", "18 Mar 08:12"),
    ("AN-7728", "KS-12 Gannet", "Transponder lock lost during pass", "Warning", "Acknowledged", "Mei Tanaka", "18 Mar 07:40"),
    ("AN-7727", "KS-03 Kittiwake", "Onboard clock drift above 50 ms", "Caution", "New", "—", "18 Mar 07:18"),
    ("AN-7725", "KS-13 Knot", "Battery temperature high", "Caution", "Acknowledged", "Ines Albrecht", "18 Mar 06:55"),
    ("AN-7722", "KS-09 Curlew", "Uplink command rejected (CRC)", "Warning", "Acknowledged", "Rafael Duarte", "18 Mar 06:02"),
    ("AN-7719", "KS-05 Puffin", "Propellant tank pressure trending low", "Caution", "New", "—", "18 Mar 05:31"),
    ("AN-7716", "KS-11 Dunlin", "Battery depth of discharge above 40 %", "Warning", "Acknowledged", "Kofi Mensah", "18 Mar 04:58"),
    ("AN-7713", "KS-14 Tern", "Battery voltage low", "Warning", "New", "—", "18 Mar 04:26"),
    ("AN-7709", "KS-07 Plover", "Gyro 2 bias jump", "Caution", "Acknowledged", "Ines Albers", "18 Mar 03:15"),
    ("AN-7704", "KS-12 Gannet", "Payload storage 92 % full", "Caution", "New", "—", "18 Mar 01:47"),
    ("AN-7701", "KS-03 Kittiwake", "Reaction wheel 1 temperature high", "Caution", "Acknowledged", "Ines Albrecht", "18 Mar 00:22"),
    ("AN-7698", "KS-14 Tern", "Battery temperature high", "Warning", "Resolved", "Ines Albrecht", "17 Mar 21:40"),
    ("AN-7694", "KS-16 Skua", "Solar array drive stall", "Critical", "Resolved", "Kofi Mensah", "17 Mar 19:02"),
    ("AN-7690", "KS-09 Curlew", "Downlink frame CRC errors above threshold", "Caution", "Resolved", "Mei Tanaka", "17 Mar 16:33"),
]
AN = {a[0]: a for a in ANOMS}


def _samples():
    out, v = [], 33.6
    for i in range(7):
        v += 0.55 + DATA_RNG.uniform(-0.15, 0.25)
        out.append((f"08:{31 + i:02d}:12", f"{v:.1f} °C"))
    out[-1] = ("08:37:12", "38.6 °C")
    return out


AN7731_SAMPLES = _samples()

# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------
FLAGS = {"focused", "required"}


class Page:
    def __init__(self, path, title, focus=None):
        self.url = BASE + path
        self.title = title
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.n = 1
        self.nodes = []
        self.focus = focus

    def el(self, d, role, name="", value=None, **attrs):
        bid = f"a{self.n}"
        self.n += 1
        s = "\t" * d + f"[{bid}] {role} {name!r}"
        if value is not None:
            s += f" value={value!r}"
        parts = []
        if self.focus is not None and self.focus == (role, name):
            parts.append("focused")
        for k, v in attrs.items():
            if v is None:
                continue
            if k in FLAGS:
                if v:
                    parts.append(k)
                continue
            parts.append(f"{k}={v!r}")
        if parts:
            s += ", " + ", ".join(parts)
        self.lines.append(s)
        self.nodes.append((bid, role, name))
        return bid

    def txt(self, d, text):
        self.lines.append("\t" * d + f"StaticText {text!r}")

    def find(self, role, name, which="first"):
        hits = [b for (b, r, n) in self.nodes if r == role and n == name]
        if not hits:
            raise KeyError(f"no {role} {name!r} on {self.url}")
        return hits[0] if which == "first" else hits[-1]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": None}


class Ctx:
    """Per-run page furniture state: clock, recently viewed, notification counts."""

    def __init__(self, t0, recent, unread=3, new_count=11):
        self.t = t0
        self.recent = list(recent)
        self.unread = unread
        self.new_count = new_count

    @property
    def clock(self):
        return f"{self.t // 3600:02d}:{self.t % 3600 // 60:02d}:{self.t % 60:02d}"

    @property
    def hm(self):
        return self.clock[:5]


NAV = ["Pass schedule", "Spacecraft", "Ground stations", "Anomalies", "Reports"]
NOTIFS = [
    "AN-7741 Downlink frame CRC errors above threshold · KS-19 Petrel · 09:08 UTC",
    "AN-7732 Battery temperature high · KS-41 Tern-2 · 08:44 UTC",
    "AN-7731 Battery temperature high · KS-14 Tern · 08:37 UTC",
]


def header(p, ctx, active, search=None, notif_open=False):
    p.el(1, "banner", "")
    p.el(2, "link", "OrbitDesk home")
    p.txt(3, PRODUCT)
    p.txt(2, ORG)
    p.el(2, "navigation", "Main")
    p.el(3, "list", "")
    for item in NAV:
        name = f"Anomalies, {ctx.new_count} new" if item == "Anomalies" else item
        p.el(4, "listitem", "")
        p.el(5, "link", name, current="page" if item == active else None)
    p.el(2, "search", "Site search")
    p.el(3, "searchbox", "Search spacecraft, passes, anomalies", value=search if search else None)
    p.el(3, "button", "Search")
    p.txt(2, f"UTC {ctx.clock}")
    p.el(2, "button", f"Notifications, {ctx.unread} unread", hasPopup="menu", expanded=notif_open)
    if notif_open:
        p.el(3, "menu", "Notifications")
        for n in NOTIFS[:ctx.unread]:
            p.el(4, "menuitem", n)
        p.el(4, "menuitem", "Mark all as read")
        p.el(4, "menuitem", "Notification settings")
    p.el(2, "button", f"{USER}, {ROLE}", hasPopup="menu", expanded=False)


def live(p, toast=None, alert=None):
    p.el(1, "status", "", live="polite")
    if toast:
        p.txt(2, toast)
        p.el(2, "button", "Dismiss notification")
    if alert:
        p.el(1, "alert", "", live="assertive")
        p.txt(2, alert)


def breadcrumb(p, d, crumbs, here):
    p.el(d, "navigation", "Breadcrumb")
    p.el(d + 1, "list", "")
    for c in crumbs:
        p.el(d + 2, "listitem", "")
        p.el(d + 3, "link", c)
    p.el(d + 2, "listitem", "")
    p.txt(d + 3, here)


def dl(p, d, pairs, links=()):
    p.el(d, "DescriptionList", "")
    for k, v in pairs:
        p.el(d + 1, "term", "")
        p.txt(d + 2, k)
        p.el(d + 1, "definition", "")
        if k in links:
            p.el(d + 2, "link", v)
        else:
            p.txt(d + 2, v)


def combo(p, d, name, value, options, required=False, invalid=False, disabled=None):
    p.el(d, "combobox", name, value=value, hasPopup="menu", expanded=False, required=required,
         invalid="true" if invalid else None, disabled=disabled)
    for o in options:
        p.el(d + 1, "option", o, selected=(o == value))


def pagination(p, d, page, pages, showing):
    p.txt(d, showing)
    p.el(d, "navigation", "Pagination")
    p.el(d + 1, "button", "Previous page", disabled=True if page == 1 else None)
    for i in range(1, pages + 1):
        p.el(d + 1, "link", f"Page {i}", current="page" if i == page else None)
    p.el(d + 1, "button", "Next page", disabled=True if page == pages else None)


def recent(p, ctx):
    p.el(1, "complementary", "Recently viewed")
    p.el(2, "heading", "Recently viewed")
    p.el(2, "list", "")
    for r in ctx.recent:
        p.el(3, "listitem", "")
        p.el(4, "link", r)


def footer(p):
    p.el(1, "contentinfo", "")
    p.txt(2, f"{PRODUCT} {VERSION} · © 2025 {ORG} · All times UTC")
    p.el(2, "link", "System status")
    p.el(2, "link", "Runbooks")
    p.el(2, "link", "Help")
    p.el(2, "link", "Privacy")


def table(p, d, name, headers, rows, link_cols=(0,), sort_buttons=None):
    """rows: list of lists of str; cells in link_cols are rendered as links."""
    p.el(d, "table", name)
    p.el(d + 1, "rowgroup", "")
    p.el(d + 2, "row", "")
    for h in headers:
        if sort_buttons and h in sort_buttons:
            p.el(d + 3, "columnheader", sort_buttons[h])
            p.el(d + 4, "button", sort_buttons[h])
        else:
            p.el(d + 3, "columnheader", h)
    p.el(d + 1, "rowgroup", "")
    for r in rows:
        p.el(d + 2, "row", "")
        for i, c in enumerate(r):
            p.el(d + 3, "cell", c)
            if i in link_cols:
                p.el(d + 4, "link", c)


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
def board(ctx, toast=None, refreshed=None, search=None, notif_open=False):
    p = Page("/passes", "Pass schedule · OrbitDesk",
             focus=("searchbox", "Search spacecraft, passes, anomalies") if search else None)
    header(p, ctx, "Pass schedule", search=search, notif_open=notif_open)
    live(p, toast=toast)
    p.el(1, "main", "")
    p.el(2, "heading", "Pass schedule")
    p.txt(2, f"Upcoming contact passes, all stations · Last refreshed {refreshed or ctx.hm} UTC")
    p.el(2, "button", "New pass booking")
    p.el(2, "button", "Refresh")
    p.el(2, "group", "Schedule filters")
    combo(p, 3, "Station", "All stations", ["All stations"] + STATIONS)
    combo(p, 3, "Day", "Today and tomorrow", ["Today and tomorrow", "Today", "Tomorrow", "Next 7 days"])
    rows = [[c[0], c[1], c[2], c[3], c[4], c[5], c[6]] for c in BOARD]
    table(p, 2, "Upcoming passes", ["Pass", "Spacecraft", "Ground station", "AOS (UTC)", "Max el.", "Priority", "Status"],
          rows, sort_buttons={"AOS (UTC)": "AOS (UTC), sorted ascending"})
    pagination(p, 2, 1, 4, "Showing 1–8 of 29 passes")
    recent(p, ctx)
    footer(p)
    return p


def search_page(ctx, q):
    p = Page(f"/search?q={quote(q)}", f"Search: {q} · OrbitDesk")
    header(p, ctx, None, search=q)
    live(p)
    p.el(1, "main", "")
    p.el(2, "heading", f"Results for “{q}”")
    ql = q.lower()
    scs = [f for f in FLEET if ql in f"{f[0]} {f[1]}".lower()]
    scs.sort(key=lambda f: f[4] or "00:00", reverse=True)
    p.el(2, "region", "Spacecraft results")
    p.el(3, "heading", f"Spacecraft ({len(scs)})")
    if scs:
        p.el(3, "list", "")
        for f in scs:
            p.el(4, "listitem", "")
            p.el(5, "link", f"{f[0]} {f[1]}")
            p.txt(5, f"{f[2]} · {f[3]}" + (f" · last contact {f[4]} UTC" if f[4] else ""))
    else:
        p.txt(3, "No spacecraft match your search.")
    passes = [c for c in ALL_PASSES if ql in f"{c[0]} {c[1]}".lower()]
    p.el(2, "region", "Pass results")
    p.el(3, "heading", f"Passes ({len(passes)})")
    p.el(3, "list", "")
    for c in passes:
        p.el(4, "listitem", "")
        p.el(5, "link", f"{c[0]} · {c[1]} · {c[2]} · {c[3]} UTC")
    anoms = [a for a in ANOMS if ql in f"{a[0]} {a[1]} {a[2]}".lower() and a[4] != "Resolved"]
    p.el(2, "region", "Anomaly results")
    p.el(3, "heading", f"Anomalies ({len(anoms)})")
    p.el(3, "list", "")
    for a in anoms[:3]:
        p.el(4, "listitem", "")
        p.el(5, "link", f"{a[0]} {a[2]} · {a[1]}")
        p.txt(5, f"{a[3]} · {a[4]} · detected {a[6]} UTC")
    if len(anoms) > 3:
        p.el(3, "link", f"Show all {len(anoms)} anomalies")
    footer(p)
    return p


def directory(ctx, page=1, q=None, typed=None):
    path = "/spacecraft" + (f"?q={quote(q)}" if q else (f"?page={page}" if page > 1 else ""))
    p = Page(path, "Spacecraft · OrbitDesk",
             focus=("searchbox", "Filter spacecraft by ID or name") if typed else None)
    header(p, ctx, "Spacecraft")
    live(p)
    p.el(1, "main", "")
    p.el(2, "heading", "Spacecraft")
    p.el(2, "searchbox", "Filter spacecraft by ID or name", value=(typed or q) or None)
    p.el(2, "button", "Filter")
    combo(p, 2, "Status", "All statuses", ["All statuses", "Active", "Safe mode", "Commissioning", "Decommissioned"])
    fleet = FLEET
    if q:
        fleet = [f for f in FLEET if q.lower() in f"{f[0]} {f[1]}".lower()]
        page, pages = 1, 1
        rows = fleet
        showing = f"{len(rows)} spacecraft match “{q}”"
    else:
        pages = 3
        rows = fleet[(page - 1) * 6: page * 6]
        showing = f"Showing {(page - 1) * 6 + 1}–{(page - 1) * 6 + len(rows)} of {len(FLEET)} spacecraft"
    out = []
    for f in rows:
        n_open = sum(1 for a in ANOMS if a[1].split()[0] == f[0] and a[4] != "Resolved")
        out.append([f"{f[0]} {f[1]}", f[2], f[3], f"18 Mar {f[4]}" if f[4] else "—", str(n_open)])
    table(p, 2, "Spacecraft", ["Spacecraft", "Status", "Orbit", "Last contact (UTC)", "Open anomalies"], out,
          sort_buttons={"Spacecraft": "Spacecraft, sorted ascending"})
    pagination(p, 2, page, pages, showing)
    recent(p, ctx)
    footer(p)
    return p


def sc_detail(ctx, sid, toast=None):
    f = SC[sid]
    info = SC_INFO[sid]
    label = scname(sid)
    p = Page(f"/spacecraft/{sid}", f"{label} · Spacecraft · OrbitDesk")
    header(p, ctx, "Spacecraft")
    live(p, toast=toast)
    p.el(1, "main", "")
    breadcrumb(p, 2, ["Spacecraft"], label)
    p.el(2, "heading", label)
    p.txt(2, f"Status: {f[2]} · Mode: {info['mode']}")
    p.el(2, "button", "Schedule pass")
    p.el(2, "button", "Open telemetry")
    p.el(2, "button", "Command history")
    dl(p, 2, [("Mission", info["mission"]), ("Orbit", info["orbit"]), ("NORAD ID", info["norad"]),
              ("Launched", info["launched"]), ("Last contact", info["last"]), ("Battery state of charge", info["soc"])])
    passes = [c for c in ALL_PASSES if c[1] == label]
    p.el(2, "region", "Upcoming passes")
    p.el(3, "heading", "Upcoming passes")
    table(p, 3, "Upcoming passes", ["Pass", "Ground station", "AOS (UTC)", "Max el.", "Priority", "Status"],
          [[c[0], c[2], c[3], c[4], c[5], c[6]] for c in passes])
    p.el(2, "region", "Open anomalies")
    p.el(3, "heading", "Open anomalies")
    p.el(3, "list", "")
    for a in ANOMS:
        if a[1] == label and a[4] != "Resolved":
            p.el(4, "listitem", "")
            p.el(5, "link", f"{a[0]} {a[2]}")
            p.txt(5, f"{a[3]} · {a[4]}")
    p.el(2, "region", "Formation")
    p.el(3, "heading", "Flies in formation with")
    p.el(3, "link", scname(info["formation"]))
    recent(p, ctx)
    footer(p)
    return p


# ---- booking wizard ------------------------------------------------------------------
STEP_TITLES = ["Spacecraft and station", "Pass window", "Configuration", "Review"]


def new_booking(sc=None):
    return dict(sc=sc, station=None, day="18 Mar", sort="AOS time", more=False, window=None,
                uplink=UPLINK_MODES[0], load="", priority="Routine", notes="", draft=None)


def win_detail(bk):
    d, mon, hm = bk["window"].split()
    day = f"{d} {mon}"
    for aos, los, el, _ in windows(bk["sc"], bk["station"], day):
        if aos.startswith(hm):
            return day, aos, los, el
    raise KeyError(bk["window"])


def wizard(ctx, bk, step, dialog=False, submitting=False, toast=None, notice=None):
    q = f"?step={step}" + (f"&draft={bk['draft']}" if bk.get("draft") and notice else "")
    p = Page(f"/passes/new{q}", f"Schedule a contact pass · Step {step} of 4 · OrbitDesk")
    header(p, ctx, "Pass schedule")
    live(p, toast=toast)
    p.el(1, "main", "")
    breadcrumb(p, 2, ["Pass schedule"], "New booking")
    p.el(2, "heading", "Schedule a contact pass")
    p.el(2, "list", "Booking steps")
    for i, t in enumerate(STEP_TITLES, 1):
        p.el(3, "listitem", "", current="step" if i == step else None)
        p.txt(4, f"{i} {t}" + (" (done)" if i < step else ""))
    if notice:
        p.el(2, "note", "")
        p.txt(3, notice)
    p.el(2, "heading", f"Step {step} of 4: {STEP_TITLES[step - 1]}")
    if step == 1:
        sc_opts = ["Select a spacecraft"] + [scname(f[0]) for f in FLEET if f[2] != "Decommissioned"]
        combo(p, 2, "Spacecraft", bk["sc"] or "Select a spacecraft", sc_opts, required=True)
        combo(p, 2, "Ground station", bk["station"] or "Select a station", ["Select a station"] + STATIONS, required=True)
        p.txt(2, "Only stations with visibility in the next 72 h are listed.")
        p.el(2, "button", "Cancel booking")
        p.el(2, "button", "Next: Pass window", disabled=None if (bk["sc"] and bk["station"]) else True)
    elif step == 2:
        p.txt(2, f"{bk['sc']} over {bk['station']} · predictions from TLE epoch 18 Mar 2025 06:00 UTC")
        combo(p, 2, "Day", DAY_LABEL[bk["day"]], list(DAY_LABEL.values()))
        combo(p, 2, "Sort windows by", bk["sort"], ["AOS time", "Max elevation"])
        ws = windows(bk["sc"], bk["station"], bk["day"])
        if bk["day"] == "18 Mar":
            ws = [w for w in ws if w[0] > ctx.clock]
        if bk["sort"] == "Max elevation":
            ws = sorted(ws, key=lambda w: -w[2])
        shown = ws if bk["more"] else ws[:5]
        rows_h = ["Select", "AOS (UTC)", "LOS (UTC)", "Duration", "Max elevation", "Conflicts"]
        p.el(2, "table", "Predicted pass windows")
        p.el(3, "rowgroup", "")
        p.el(4, "row", "")
        for h in rows_h:
            p.el(5, "columnheader", h)
        p.el(3, "rowgroup", "")
        for aos, los, el, conflict in shown:
            key = f"{bk['day']} {aos[:5]}"
            p.el(4, "row", "")
            p.el(5, "cell", "")
            p.el(6, "radio", f"Select {key} UTC", checked="true" if bk["window"] == key else "false",
                 disabled=True if conflict != "None" else None)
            for c in (aos, los, duration(aos, los), f"{el}°", conflict):
                p.el(5, "cell", c)
        p.txt(2, f"Showing {len(shown)} of {len(ws)} windows")
        if len(shown) < len(ws):
            p.el(2, "button", "Show more windows")
        p.el(2, "button", "Back")
        p.el(2, "button", "Next: Configuration", disabled=None if bk["window"] else True)
    elif step == 3:
        day, aos, los, el = win_detail(bk)
        p.txt(2, f"Window: {day} 2025 {aos}–{los} UTC · max elevation {el}°")
        p.el(2, "radiogroup", "Uplink mode", required=True)
        for m in UPLINK_MODES:
            p.el(3, "radio", m, checked="true" if bk["uplink"] == m else "false")
        if bk["uplink"] != UPLINK_MODES[0]:
            load = bk["load"]
            bad = bool(load) and load not in COMMAND_LOADS
            p.el(2, "textbox", "Command load ID", value=load or None, required=True, invalid="true" if bad else None)
            p.txt(2, "Format CL-NNNN. Only approved loads can be attached.")
            if load in COMMAND_LOADS:
                t, n, d = COMMAND_LOADS[load]
                p.txt(2, f"{load} · {t} · {n} commands · approved {d}")
            elif bad:
                p.txt(2, f"No approved command load {load} for {bk['sc']}. Use the format CL-NNNN.")
        combo(p, 2, "Priority", bk["priority"], ["Routine", "High", "Critical"])
        p.el(2, "textbox", "Notes for station team (optional)", value=bk["notes"] or None)
        p.el(2, "button", "Back")
        p.el(2, "button", "Save draft")
        p.el(2, "button", "Next: Review")
    else:
        day, aos, los, el = win_detail(bk)
        load = bk["load"]
        load_txt = f"{load} ({COMMAND_LOADS[load][0]})" if load in COMMAND_LOADS else "—"
        dl(p, 2, [("Spacecraft", bk["sc"]), ("Ground station", bk["station"]),
                  ("Window", f"{day} 2025 {aos}–{los} UTC"), ("Duration", duration(aos, los)),
                  ("Max elevation", f"{el}°"), ("Uplink mode", bk["uplink"]), ("Command load", load_txt),
                  ("Priority", bk["priority"]), ("Notes for station team", bk["notes"] or "—")])
        p.el(2, "button", "Back")
        p.el(2, "button", "Save draft")
        p.el(2, "button", "Submit booking")
    # summary side panel
    p.el(1, "complementary", "Booking summary")
    p.el(2, "heading", "Booking summary")
    win = "—"
    if bk["window"] and bk["station"]:
        day, aos, los, el = win_detail(bk)
        win = f"{day} {aos[:5]}–{los[:5]} UTC"
    dl(p, 2, [("Spacecraft", bk["sc"] or "—"), ("Station", bk["station"] if step >= 2 else "—"),
              ("Window", win), ("Draft", bk["draft"] or "not saved")])
    footer(p)
    if dialog:
        day, aos, los, el = win_detail(bk)
        p.el(1, "dialog", "Submit pass booking?", modal=True)
        p.el(2, "heading", "Submit pass booking?")
        p.txt(2, f"{bk['sc']} · {bk['station']} · {day} 2025 {aos[:5]} UTC · priority {bk['priority']}")
        p.txt(2, f"The {bk['station'].split()[0]} station team will be notified and the antenna reserved.")
        if submitting:
            p.el(2, "progressbar", "Submitting booking…")
            p.txt(2, "Submitting booking…")
        p.el(2, "button", "Cancel")
        p.el(2, "button", "Confirm booking")
    return p


def pass_detail(ctx, pid, bk, toast=None, booked_at=None, extra=()):
    day, aos, los, el = win_detail(bk)
    p = Page(f"/passes/{pid}", f"Contact pass {pid} · OrbitDesk")
    header(p, ctx, "Pass schedule")
    live(p, toast=toast)
    p.el(1, "main", "")
    breadcrumb(p, 2, ["Pass schedule"], pid)
    p.el(2, "heading", f"Contact pass {pid}")
    p.txt(2, "Status: Scheduled · awaiting station acknowledgement")
    p.el(2, "button", "Edit pass")
    p.el(2, "button", "Cancel pass")
    load = bk["load"]
    load_txt = f"{load} ({COMMAND_LOADS[load][0]})" if load in COMMAND_LOADS else "—"
    dl(p, 2, [("Spacecraft", bk["sc"]), ("Ground station", bk["station"]),
              ("AOS", f"{day} 2025 {aos} UTC"), ("LOS", f"{day} 2025 {los} UTC"),
              ("Max elevation", f"{el}°"), ("Uplink mode", bk["uplink"]), ("Command load", load_txt),
              ("Priority", bk["priority"]), ("Booked by", USER),
              ("Booked at", f"18 Mar 2025 {booked_at or ctx.hm} UTC")], links=("Spacecraft",))
    passes = [c for c in ALL_PASSES if c[1] == bk["sc"]] + list(extra)
    p.el(2, "region", "Other passes for this spacecraft")
    p.el(3, "heading", f"Other passes for {bk['sc']}")
    table(p, 3, "Other passes", ["Pass", "Ground station", "AOS (UTC)", "Max el.", "Priority", "Status"],
          [[c[0], c[2], c[3], c[4], c[5], c[6]] for c in passes])
    footer(p)
    return p


# ---- anomalies -----------------------------------------------------------------------
def anomaly_rows(ov):
    rows = []
    for a in ANOMS:
        a = list(a)
        if ov and a[0] in ov:
            for k, v in ov[a[0]].items():
                a[{"status": 4, "assignee": 5}[k]] = v
        rows.append(a)
    return rows


def queue(ctx, q=None, typed=None, sc="All spacecraft", sc_pending=None, sort="detected", page=1, ov=None,
          notif_open=False):
    qs = []
    if q:
        qs.append(f"q={quote(q)}")
    if sc != "All spacecraft":
        qs.append(f"spacecraft={sc.split()[0]}")
    if sort != "detected":
        qs.append(f"sort={sort}")
    if page > 1:
        qs.append(f"page={page}")
    p = Page("/anomalies" + ("?" + "&".join(qs) if qs else ""), "Anomaly queue · OrbitDesk",
             focus=("searchbox", "Search anomalies") if typed else None)
    header(p, ctx, "Anomalies", notif_open=notif_open)
    live(p)
    p.el(1, "main", "")
    p.el(2, "heading", "Anomaly queue")
    p.el(2, "searchbox", "Search anomalies", value=(typed or q) or None)
    p.el(2, "region", "Filters")
    p.el(3, "heading", "Filters")
    p.el(3, "group", "Status")
    for s, on in (("New", True), ("Acknowledged", True), ("Resolved", False)):
        p.el(4, "checkbox", s, checked="true" if on else "false")
    p.el(3, "group", "Severity")
    for s in ("Critical", "Warning", "Caution"):
        p.el(4, "checkbox", s, checked="true")
    combo(p, 3, "Spacecraft", sc_pending or sc, ["All spacecraft"] + [scname(f[0]) for f in FLEET])
    p.el(3, "button", "Apply filters")
    p.el(3, "button", "Reset filters")
    rows = [r for r in anomaly_rows(ov) if r[4] != "Resolved"]
    if q:
        rows = [r for r in rows if q.lower() in f"{r[0]} {r[1]} {r[2]}".lower()]
    if sc != "All spacecraft":
        rows = [r for r in rows if r[1] == sc]
    if sort == "spacecraft":
        rows = sorted(rows, key=lambda r: (sc_key(r[1]), [-ord(ch) for ch in r[6]]))
        sb = {"Spacecraft": "Spacecraft, sorted ascending", "Detected (UTC)": "Detected (UTC)"}
    else:
        sb = {"Spacecraft": "Spacecraft", "Detected (UTC)": "Detected (UTC), sorted descending"}
    pages = max(1, (len(rows) + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]
    hdrs = ["ID", "Spacecraft", "Summary", "Severity", "Status", "Assignee", "Detected (UTC)"]
    if shown:
        table(p, 2, "Anomalies", hdrs, [list(r) for r in shown], sort_buttons=sb)
    else:
        p.txt(2, "No anomalies match these filters.")
    first = (page - 1) * 10 + 1 if shown else 0
    pagination(p, 2, page, pages, f"Showing {first}–{first + len(shown) - 1 if shown else 0} of {len(rows)}")
    recent(p, ctx)
    footer(p)
    return p


def new_anomaly_state():
    return dict(status="New", ack_at=None, assignee="Unassigned", category="Not set", note="",
                saved_assignee="Unassigned", saved_category="Not set", dirty=False, dialog=False, comment="",
                toast=None, alert=None, invalid=False,
                activity=["08:37 UTC · Raised by limit check LC-EPS-022 (battery 2 temperature above 35.0 °C)",
                          "08:38 UTC · On-call notified: Priya Raman (Flight Ops)"])


def anomaly(ctx, aid, st):
    a = AN[aid]
    p = Page(f"/anomalies/{aid}", f"{aid} · {a[2]} · OrbitDesk")
    header(p, ctx, "Anomalies")
    live(p, toast=st.get("toast"), alert=st.get("alert"))
    p.el(1, "main", "")
    breadcrumb(p, 2, ["Anomalies"], aid)
    p.el(2, "heading", f"{aid} · {a[2]}")
    p.txt(2, f"Severity: {a[3]}")
    p.txt(2, f"Status: {st['status']}")
    if st["status"] == "New":
        p.el(2, "button", "Acknowledge")
    p.el(2, "button", "Open telemetry plot")
    p.el(2, "button", "Request contact pass")
    ack = f"{USER} at {st['ack_at']} UTC" if st["ack_at"] else "—"
    sa = st["saved_assignee"] if st["saved_assignee"] != "Unassigned" else "—"
    sc_ = st["saved_category"] if st["saved_category"] != "Not set" else "—"
    dl(p, 2, [("Spacecraft", a[1]), ("Channel", "EPS.BATT2.TEMP"), ("Detected", "18 Mar 2025 08:37:12 UTC"),
              ("Last value", "38.6 °C"), ("Limit", "35.0 °C (warning), 42.0 °C (critical)"),
              ("Detected by", "Limit check LC-EPS-022"), ("Acknowledged", ack), ("Assignee", sa),
              ("Category", sc_)], links=("Spacecraft",))
    p.el(2, "region", "Recent samples")
    p.el(3, "heading", "Recent samples (EPS.BATT2.TEMP)")
    table(p, 3, "Recent samples", ["Time (UTC)", "Value"], [list(s) for s in AN7731_SAMPLES], link_cols=())
    p.el(2, "region", "Triage")
    p.el(3, "heading", "Triage")
    combo(p, 3, "Assignee", st["assignee"], ASSIGNEES)
    combo(p, 3, "Category", st["category"], CATEGORIES, required=True, invalid=st["invalid"])
    if st["invalid"]:
        p.txt(3, "Choose a category before saving.")
    p.el(3, "textbox", "Triage note (optional)", value=st["note"] or None)
    p.el(3, "button", "Save triage")
    if st["dirty"]:
        p.txt(3, "Unsaved changes")
    p.el(2, "region", "Activity")
    p.el(3, "heading", "Activity")
    p.el(3, "list", "")
    for item in st["activity"]:
        p.el(4, "listitem", "")
        p.txt(5, item)
    p.el(1, "complementary", "Related anomalies")
    p.el(2, "heading", f"Other anomalies on {a[1]}")
    p.el(2, "list", "")
    for o in ANOMS:
        if o[1] == a[1] and o[0] != aid and o[4] != "Resolved":
            p.el(3, "listitem", "")
            p.el(4, "link", f"{o[0]} {o[2]}")
    p.el(2, "heading", "Same channel on other spacecraft")
    p.el(2, "list", "")
    for oid in ("AN-7732", "AN-7725"):
        o = AN[oid]
        p.el(3, "listitem", "")
        p.el(4, "link", f"{o[0]} {o[2]} · {o[1]}")
    p.el(2, "heading", "History")
    p.el(2, "list", "")
    p.el(3, "listitem", "")
    p.el(4, "link", "AN-7698 Battery temperature high (resolved 17 Mar)")
    footer(p)
    if st["dialog"]:
        p.el(1, "dialog", f"Acknowledge anomaly {aid}?", modal=True)
        p.el(2, "heading", f"Acknowledge anomaly {aid}?")
        p.txt(2, "Acknowledging tells the on-call team you are handling this anomaly. It cannot be undone.")
        p.el(2, "textbox", "Comment (optional)", value=st["comment"] or None)
        p.el(2, "button", "Cancel")
        p.el(2, "button", "Acknowledge anomaly")
    return p


def denied(ctx, aid):
    p = Page(f"/anomalies/{aid}/triage", "Access denied · OrbitDesk")
    header(p, ctx, "Anomalies")
    live(p)
    p.el(1, "main", "")
    p.el(2, "heading", "Access denied")
    p.txt(2, "You don't have permission to change triage on anomalies for KS-14 Tern.")
    p.txt(2, f"Required role: Flight Ops Lead. Your role: {ROLE}.")
    p.el(2, "link", f"Back to {aid}")
    p.el(2, "link", "Request access")
    p.txt(2, "Reference: 403-8f2c1a")
    footer(p)
    return p


# --------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, idx, rid, workflow, fault, step, origin, desc, recent):
        self.rng = random.Random(SEED * 1000 + idx)
        self.id = rid
        self.workflow = workflow
        self.fault = fault
        self.fault_step = step
        self.origin = origin
        self.desc = desc
        self.ctx = Ctx(9 * 3600 + 9 * 60 + self.rng.randint(0, 420), recent)
        self.init = None
        self.cur = None
        self.steps = []
        self.final = None

    def start(self, page):
        self.init = page
        self.cur = page

    def tick(self):
        self.ctx.t += self.rng.randint(5, 27)

    def _push(self, commitment, command, reasoning, target, effect, page):
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target,
                                      "effect": effect},
                           "observation": page.obs()})
        self.cur = page

    def act(self, commitment, kind, role, name, reasoning, effect, nxt, value=None, which="first"):
        bid = self.cur.find(role, name, which)
        if kind == "click":
            cmd = f"click('{bid}')"
        elif kind == "fill":
            cmd = f"fill('{bid}', {value!r})"
        elif kind == "select":
            cmd = f"select_option('{bid}', {value!r})"
        elif kind == "press":
            cmd = f"press('{bid}', {value!r})"
        else:
            raise ValueError(kind)
        self.tick()
        self._push(commitment, cmd, reasoning, f"{role} {name!r}", effect, nxt())

    def goto(self, commitment, path, reasoning, nxt):
        self.tick()
        self._push(commitment, f"goto('{BASE + path}')", reasoning, BASE + path, "read", nxt())

    def say(self, commitment, msg, reasoning):
        self.tick()
        self.final = msg
        self.steps.append({"commitment": commitment,
                           "action": {"command": f"send_msg_to_user({msg!r})", "reasoning": reasoning,
                                      "target": "message to user", "effect": "read"},
                           "observation": self.cur.obs()})

    def record(self):
        return {"id": self.id, "workflow": self.workflow, "task": TASKS[self.workflow],
                "plan": f"plans/{self.workflow}.yaml",
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step,
                          "fault_origin": self.origin, "note": self.desc},
                "initial_observation": self.init.obs(),
                "steps": self.steps,
                "outcome": {"success": self.fault is None, "final_message": self.final}}


# ---- reusable segments: schedule_pass ------------------------------------------------
def seg_station(r, bk):
    bk = dict(bk, station="Svalbard SG-3")
    r.act("pick-station", "select", "combobox", "Ground station", "Pick Svalbard SG-3 as the task asks.",
          "write", lambda: wizard(r.ctx, bk, 1), value="Svalbard SG-3")
    r.act("pick-station", "click", "button", "Next: Pass window", "Spacecraft and station are set; continue.",
          "read", lambda: wizard(r.ctx, bk, 2))
    return bk


def seg_window(r, bk, how="more", day="19 Mar", pick="19 Mar 14:52"):
    if day != bk["day"]:
        bk = dict(bk, day=day)
        r.act("pick-window", "select", "combobox", "Day", "The window is on Wednesday 19 Mar; switch the day.",
              "read", lambda: wizard(r.ctx, bk, 2), value=DAY_LABEL[day])
    if how == "more":
        bk = dict(bk, more=True)
        r.act("pick-window", "click", "button", "Show more windows",
              "Only the first five windows are listed and 14:52 is not among them.", "read",
              lambda: wizard(r.ctx, bk, 2))
    elif how == "sort":
        bk = dict(bk, sort="Max elevation")
        r.act("pick-window", "select", "combobox", "Sort windows by",
              "Sort by elevation so the high afternoon passes come first.", "read",
              lambda: wizard(r.ctx, bk, 2), value="Max elevation")
    bk = dict(bk, window=pick)
    r.act("pick-window", "click", "radio", f"Select {pick} UTC", f"Select the {pick} UTC window.", "write",
          lambda: wizard(r.ctx, bk, 2))
    r.act("pick-window", "click", "button", "Next: Configuration", "Window chosen; go to configuration.", "read",
          lambda: wizard(r.ctx, bk, 3))
    return bk


def seg_config(r, bk, load="CL-0932", order="plu"):
    for o in order:
        if o == "u":
            bk = dict(bk, uplink="S-band command")
            r.act("configure", "click", "radio", "S-band command", "Uplink mode must be S-band command.", "write",
                  lambda: wizard(r.ctx, bk, 3))
        elif o == "l":
            bk = dict(bk, load=load)
            r.act("configure", "fill", "textbox", "Command load ID", "Attach the command load from the task.",
                  "write", lambda: wizard(r.ctx, bk, 3), value=load)
        elif o == "p":
            bk = dict(bk, priority="High")
            r.act("configure", "select", "combobox", "Priority", "Priority should be High.", "write",
                  lambda: wizard(r.ctx, bk, 3), value="High")
    return bk


def seg_review_submit(r, bk, pid="CP-20418", to_review=True):
    if to_review:
        r.act("configure", "click", "button", "Next: Review", "Configuration done; review the booking.", "read",
              lambda: wizard(r.ctx, bk, 4))
    r.act("submit", "click", "button", "Submit booking", "Review looks right; submit.", "read",
          lambda: wizard(r.ctx, bk, 4, dialog=True))
    r.act("submit", "click", "button", "Confirm booking", "Confirm the booking in the dialog.", "irreversible",
          lambda: pass_detail(r.ctx, pid, bk, toast=f"Pass {pid} scheduled for {bk['window']} UTC at {bk['station']}."))


def done_msg(bk, pid="CP-20418"):
    d, mon, hm = bk["window"].split()
    return (f"Scheduled contact pass {pid}: {bk['sc']} at {bk['station']}, {d} {mon} 2025 {hm} UTC, "
            f"{bk['uplink']} with {bk['load'] or 'no command load'}, priority {bk['priority']}.")


# ---- reusable segments: anomaly_triage -----------------------------------------------
def seg_ack(r, st, comment=None, outcome="ok"):
    st = dict(st, dialog=True, toast=None)
    r.act("acknowledge", "click", "button", "Acknowledge", "Acknowledge the anomaly first.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    if comment:
        st = dict(st, comment=comment)
        r.act("acknowledge", "fill", "textbox", "Comment (optional)", "Leave a short note for the on-call team.",
              "write", lambda: anomaly(r.ctx, "AN-7731", st), value=comment)

    def after():
        if outcome == "ok":
            r.ctx.new_count = 10
            act = st["activity"] + [f"{r.ctx.hm} UTC · Acknowledged by {USER}" + (f": “{comment}”" if comment else "")]
            return dict(st, dialog=False, status="Acknowledged", ack_at=r.ctx.hm,
                        toast=f"AN-7731 acknowledged by {USER}.", activity=act)
        if outcome == "noop":
            return dict(st, dialog=False, comment="")
        if outcome == "error":
            return dict(st, dialog=False, comment="",
                        alert="Acknowledgement could not be recorded: telemetry archive did not respond "
                              "(ERR-TLM-504). Try again in a few minutes.")
        raise ValueError(outcome)
    holder = {}

    def nxt():
        holder["st"] = after()
        return anomaly(r.ctx, "AN-7731", holder["st"])
    r.act("acknowledge", "click", "button", "Acknowledge anomaly", "Confirm the acknowledgement.", "irreversible", nxt)
    return holder["st"]


def seg_triage(r, st, order="ac"):
    for o in order:
        if o == "a":
            st = dict(st, assignee="Ines Albrecht — Thermal Systems", dirty=True, toast=None)
            r.act("set-triage", "select", "combobox", "Assignee", "Assign to Ines Albrecht (Thermal Systems).",
                  "write", lambda: anomaly(r.ctx, "AN-7731", st), value="Ines Albrecht — Thermal Systems")
        else:
            st = dict(st, category="Thermal", dirty=True, toast=None)
            r.act("set-triage", "select", "combobox", "Category", "Category should be Thermal.", "write",
                  lambda: anomaly(r.ctx, "AN-7731", st), value="Thermal")
    return st


def seg_save(r, st):
    holder = {}

    def nxt():
        s = dict(st, dirty=False, saved_assignee=st["assignee"], saved_category=st["category"],
                 toast="Triage saved for AN-7731.", alert=None,
                 activity=st["activity"] + [f"{r.ctx.hm} UTC · {USER} assigned Ines Albrecht — Thermal Systems, "
                                            f"category Thermal"])
        holder["st"] = s
        return anomaly(r.ctx, "AN-7731", s)
    r.act("save-triage", "click", "button", "Save triage", "Save the triage.", "irreversible", nxt)
    return holder["st"]


ANOM_DONE = "AN-7731 acknowledged, assigned to Ines Albrecht (Thermal Systems) with category Thermal, and saved."

RECENT_A = ["KS-41 Tern-2", "CP-20394", "AN-7730 Reaction wheel 3 speed deviation"]
RECENT_B = ["KS-14 Tern", "AN-7713 Battery voltage low", "KS-41 Tern-2"]
RECENT_C = ["CP-20399", "KS-15 Teal", "AN-7735 Star tracker 2 dropout"]


# --------------------------------------------------------------------------------------
# The runs
# --------------------------------------------------------------------------------------
def build_runs():
    runs = []
    W1, W2 = "schedule_pass", "anomaly_triage"

    def mk(rid, wf, fault, step, origin, desc, recent):
        r = Run(len(runs), rid, wf, fault, step, origin, desc, recent)
        runs.append(r)
        return r

    # ===================== schedule_pass: healthy ==========================
    r = mk("sched-healthy-01", W1, None, None, None,
           "Header search for KS-14, open spacecraft page, Schedule pass, show more windows, submit.", RECENT_A)
    r.start(board(r.ctx))
    r.act("open-spacecraft", "fill", "searchbox", "Search spacecraft, passes, anomalies",
          "Search for the spacecraft by its ID.", "read", lambda: board(r.ctx, search="KS-14"), value="KS-14")
    r.act("open-spacecraft", "press", "searchbox", "Search spacecraft, passes, anomalies", "Run the search.",
          "read", lambda: search_page(r.ctx, "KS-14"), value="Enter")
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "KS-14 Tern is the exact match.", "read",
          lambda: sc_detail(r.ctx, "KS-14"))
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start a booking from the spacecraft page.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, order="ulp")
    seg_review_submit(r, bk)
    r.say("submit", done_msg(bk), "Pass detail shows the booking as Scheduled.")

    r = mk("sched-healthy-02", W1, None, None, None,
           "Dismiss a station toast, browse the spacecraft list to page 2, open KS-14, book with 'show more'.",
           RECENT_C)
    r.start(board(r.ctx, toast="Svalbard SG-2 is back online after planned maintenance."))
    r.act("open-spacecraft", "click", "button", "Dismiss notification", "Clear the toast first.", "read",
          lambda: board(r.ctx))
    r.act("open-spacecraft", "click", "link", "Spacecraft", "Go to the spacecraft list.", "read",
          lambda: directory(r.ctx))
    r.act("open-spacecraft", "click", "button", "Next page", "KS-14 is not on page 1 of the ID-sorted list.", "read",
          lambda: directory(r.ctx, page=2))
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "Open KS-14 Tern.", "read",
          lambda: sc_detail(r.ctx, "KS-14"))
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start the booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, order="ulp")
    seg_review_submit(r, bk)
    r.say("submit", done_msg(bk), "Booking confirmed.")

    r = mk("sched-healthy-03", W1, None, None, None,
           "New pass booking from the board, pick spacecraft in step 1, re-sort windows by elevation, "
           "save a draft and reload it, then submit.", RECENT_A)
    r.start(board(r.ctx))
    bk = new_booking(None)
    r.act("start-booking", "click", "button", "New pass booking", "Start a booking straight from the schedule.",
          "read", lambda: wizard(r.ctx, bk, 1))
    bk = dict(bk, sc="KS-14 Tern")
    r.act("start-booking", "select", "combobox", "Spacecraft", "Choose KS-14 Tern.", "write",
          lambda: wizard(r.ctx, bk, 1), value="KS-14 Tern")
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="sort")
    bk = seg_config(r, bk, order="ulp")
    bk = dict(bk, draft="BK-D-0571")
    saved_at = {}

    def saved():
        saved_at["t"] = r.ctx.hm
        return wizard(r.ctx, bk, 3, toast=f"Draft BK-D-0571 saved at {r.ctx.hm} UTC.")
    r.act("configure", "click", "button", "Save draft", "Save a draft before reviewing, in case the session drops.",
          "write", saved)
    r.goto("configure", "/passes/new?draft=BK-D-0571&step=3", "Reload the draft to make sure it was stored.",
           lambda: wizard(r.ctx, bk, 3, notice=f"Restored draft BK-D-0571 (saved {saved_at['t']} UTC)."))
    seg_review_submit(r, bk)
    r.say("submit", done_msg(bk), "Pass CP-20418 is scheduled.")

    r = mk("sched-healthy-04", W1, None, None, None,
           "Open KS-14 from Recently viewed; mistype the command load, read the inline message and correct it.",
           RECENT_B)
    r.start(board(r.ctx))
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "KS-14 Tern is in Recently viewed.", "read",
          lambda: sc_detail(r.ctx, "KS-14"), which="last")
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start the booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, order="up")
    bk = dict(bk, load="CL-932")
    r.act("configure", "fill", "textbox", "Command load ID", "Attach the command load.", "write",
          lambda: wizard(r.ctx, bk, 3), value="CL-932")
    bk = dict(bk, load="CL-0932")
    r.act("configure", "fill", "textbox", "Command load ID",
          "The field wants four digits; the load is CL-0932.", "write", lambda: wizard(r.ctx, bk, 3), value="CL-0932")
    seg_review_submit(r, bk)
    r.say("submit", done_msg(bk), "Pass detail shows Scheduled.")

    # ===================== schedule_pass: faulty ===========================
    r = mk("sched-wrong_record-01", W1, "wrong_record", 2, "agent",
           "Searched 'Tern' and opened KS-41 Tern-2 (listed first) instead of KS-14 Tern; booked the pass for it.",
           RECENT_C)
    r.start(board(r.ctx))
    r.act("open-spacecraft", "fill", "searchbox", "Search spacecraft, passes, anomalies",
          "Search for the spacecraft by name.", "read", lambda: board(r.ctx, search="Tern"), value="Tern")
    r.act("open-spacecraft", "press", "searchbox", "Search spacecraft, passes, anomalies", "Run the search.",
          "read", lambda: search_page(r.ctx, "Tern"), value="Enter")
    r.act("open-spacecraft", "click", "link", "KS-41 Tern-2", "Open the Tern spacecraft at the top of the results.",
          "read", lambda: sc_detail(r.ctx, "KS-41"))
    bk = new_booking("KS-41 Tern-2")
    r.act("start-booking", "click", "button", "Schedule pass", "Start a booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, order="ulp")
    seg_review_submit(r, bk)
    r.say("submit", "Scheduled contact pass CP-20418 for Tern at Svalbard SG-3, 19 Mar 2025 14:52 UTC, "
          "S-band command with CL-0932, priority High.", "Booking confirmed.")

    r = mk("sched-wrong_value-01", W1, "wrong_value", 12, "agent",
           "Typed command load CL-0923 (an approved but different load) instead of CL-0932.", RECENT_A)
    r.start(board(r.ctx))
    r.act("open-spacecraft", "click", "link", "Spacecraft", "Open the spacecraft list.", "read",
          lambda: directory(r.ctx))
    r.act("open-spacecraft", "fill", "searchbox", "Filter spacecraft by ID or name", "Filter for KS-14.", "read",
          lambda: directory(r.ctx, typed="KS-14"), value="KS-14")
    r.act("open-spacecraft", "click", "button", "Filter", "Apply the filter.", "read",
          lambda: directory(r.ctx, q="KS-14"))
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "Open KS-14 Tern.", "read",
          lambda: sc_detail(r.ctx, "KS-14"))
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start the booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, load="CL-0923", order="ulp")
    seg_review_submit(r, bk)
    r.say("submit", "Scheduled contact pass CP-20418: KS-14 Tern at Svalbard SG-3, 19 Mar 2025 14:52 UTC, "
          "S-band command with CL-0932, priority High.", "Booking confirmed.")

    r = mk("sched-wrong_filter-01", W1, "wrong_filter", 4, "agent",
           "Left the Day filter on today (18 Mar) and picked the similar 14:55 UTC window of the wrong day.", RECENT_B)
    r.start(board(r.ctx))
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "KS-14 Tern is in Recently viewed.", "read",
          lambda: sc_detail(r.ctx, "KS-14"), which="last")
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start the booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = dict(bk, window="18 Mar 14:55")
    r.act("pick-window", "click", "radio", "Select 18 Mar 14:55 UTC", "The afternoon window around 14:52 UTC.",
          "write", lambda: wizard(r.ctx, bk, 2))
    r.act("pick-window", "click", "button", "Next: Configuration", "Window chosen; continue.", "read",
          lambda: wizard(r.ctx, bk, 3))
    bk = seg_config(r, bk, order="ulp")
    seg_review_submit(r, bk)
    r.say("submit", "Scheduled contact pass CP-20418 for KS-14 Tern at Svalbard SG-3 in the 14:52 UTC window, "
          "S-band command with CL-0932, priority High.", "Booking confirmed.")

    r = mk("sched-dialog_cancelled-01", W1, "dialog_cancelled", 13, "agent",
           "Clicked Cancel in the 'Submit pass booking?' dialog, then reported the pass as booked.", RECENT_C)
    r.start(board(r.ctx))
    bk = new_booking(None)
    r.act("start-booking", "click", "button", "New pass booking", "Start a booking from the schedule.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = dict(bk, sc="KS-14 Tern")
    r.act("start-booking", "select", "combobox", "Spacecraft", "Choose KS-14 Tern.", "write",
          lambda: wizard(r.ctx, bk, 1), value="KS-14 Tern")
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, order="ulp")
    r.act("configure", "click", "button", "Next: Review", "Review the booking.", "read",
          lambda: wizard(r.ctx, bk, 4))
    r.act("submit", "click", "button", "Submit booking", "Submit the booking.", "read",
          lambda: wizard(r.ctx, bk, 4, dialog=True))
    r.act("submit", "click", "button", "Cancel", "Close the dialog; the booking has been submitted.", "read",
          lambda: wizard(r.ctx, bk, 4))
    r.say("submit", "Booking submitted: KS-14 Tern at Svalbard SG-3, 19 Mar 2025 14:52 UTC, S-band command with "
          "CL-0932, priority High.", "Booking submitted.")

    r = mk("sched-double_submit-01", W1, "double_submit", 16, "agent",
           "The confirm dialog showed 'Submitting…'; the agent clicked Confirm booking again and created a "
           "second pass CP-20419 for the same window.", RECENT_A)
    r.start(board(r.ctx))
    r.act("open-spacecraft", "fill", "searchbox", "Search spacecraft, passes, anomalies",
          "Search for the spacecraft by ID.", "read", lambda: board(r.ctx, search="KS-14"), value="KS-14")
    r.act("open-spacecraft", "press", "searchbox", "Search spacecraft, passes, anomalies", "Run the search.",
          "read", lambda: search_page(r.ctx, "KS-14"), value="Enter")
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "Open the exact match.", "read",
          lambda: sc_detail(r.ctx, "KS-14"))
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start the booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="sort")
    bk = seg_config(r, bk, order="ulp")
    r.act("configure", "click", "button", "Next: Review", "Review the booking.", "read",
          lambda: wizard(r.ctx, bk, 4))
    r.act("submit", "click", "button", "Submit booking", "Submit.", "read",
          lambda: wizard(r.ctx, bk, 4, dialog=True))
    r.act("submit", "click", "button", "Confirm booking", "Confirm the booking.", "irreversible",
          lambda: wizard(r.ctx, bk, 4, dialog=True, submitting=True))
    extra = [("CP-20418", bk["sc"], bk["station"], "19 Mar 14:52", "61°", "High", "Scheduled")]
    r.act("submit", "click", "button", "Confirm booking", "The dialog is still open; click confirm again.",
          "irreversible",
          lambda: pass_detail(r.ctx, "CP-20419", bk, toast="Pass CP-20419 scheduled for 19 Mar 14:52 UTC at Svalbard SG-3.",
                              extra=extra))
    r.say("submit", done_msg(bk, "CP-20419"), "Pass detail shows Scheduled.")

    r = mk("sched-stale_page-01", W1, "stale_page", 16, "environment",
           "After Confirm booking the app redirected to a cached pass schedule (older 'Last refreshed', "
           "no confirmation); the agent reported success anyway.", RECENT_C)
    r.start(board(r.ctx, toast="Svalbard SG-2 is back online after planned maintenance."))
    r.act("open-spacecraft", "click", "button", "Dismiss notification", "Clear the toast.", "read",
          lambda: board(r.ctx))
    r.act("open-spacecraft", "click", "link", "Spacecraft", "Go to the spacecraft list.", "read",
          lambda: directory(r.ctx))
    r.act("open-spacecraft", "click", "button", "Next page", "KS-14 should be on the next page.", "read",
          lambda: directory(r.ctx, page=2))
    r.act("open-spacecraft", "click", "link", "KS-14 Tern", "Open KS-14 Tern.", "read",
          lambda: sc_detail(r.ctx, "KS-14"))
    stale_at = r.ctx.hm
    bk = new_booking("KS-14 Tern")
    r.act("start-booking", "click", "button", "Schedule pass", "Start the booking.", "read",
          lambda: wizard(r.ctx, bk, 1))
    bk = seg_station(r, bk)
    bk = seg_window(r, bk, how="more")
    bk = seg_config(r, bk, order="ulp")
    r.act("configure", "click", "button", "Next: Review", "Review the booking.", "read",
          lambda: wizard(r.ctx, bk, 4))
    r.act("submit", "click", "button", "Submit booking", "Submit.", "read",
          lambda: wizard(r.ctx, bk, 4, dialog=True))
    r.act("submit", "click", "button", "Confirm booking", "Confirm the booking.", "irreversible",
          lambda: board(r.ctx, refreshed=stale_at))
    r.say("submit", "Booking for KS-14 Tern at Svalbard SG-3, 19 Mar 2025 14:52 UTC (S-band command, CL-0932, "
          "priority High) has been submitted.", "Back on the pass schedule after confirming.")

    # ===================== anomaly_triage: healthy ==========================
    r = mk("anom-healthy-01", W2, None, None, None,
           "Search the queue for AN-7731, acknowledge, set assignee then category, save.", RECENT_A)
    r.start(queue(r.ctx))
    r.act("find-anomaly", "fill", "searchbox", "Search anomalies", "Search the queue by ID.", "read",
          lambda: queue(r.ctx, typed="AN-7731"), value="AN-7731")
    r.act("find-anomaly", "press", "searchbox", "Search anomalies", "Run the search.", "read",
          lambda: queue(r.ctx, q="AN-7731"), value="Enter")
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "Open the anomaly.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "ac")
    st = seg_save(r, st)
    r.say("save-triage", ANOM_DONE, "Triage saved toast is shown and the summary shows the assignee.")

    r = mk("anom-healthy-02", W2, None, None, None,
           "From the pass schedule go to Anomalies, filter by spacecraft KS-14, acknowledge with a comment, "
           "assign, save.", RECENT_C)
    r.start(board(r.ctx))
    r.act("find-anomaly", "click", "link", "Anomalies, 11 new", "Go to the anomaly queue.", "read",
          lambda: queue(r.ctx))
    r.act("find-anomaly", "select", "combobox", "Spacecraft", "Narrow the queue to KS-14 Tern.", "read",
          lambda: queue(r.ctx, sc_pending="KS-14 Tern"), value="KS-14 Tern")
    r.act("find-anomaly", "click", "button", "Apply filters", "Apply the filter.", "read",
          lambda: queue(r.ctx, sc="KS-14 Tern"))
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "AN-7731 is the battery temperature anomaly.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st, comment="BATT2 heater cycling, handing to thermal")
    st = seg_triage(r, st, "ac")
    st = seg_save(r, st)
    r.say("save-triage", ANOM_DONE, "Saved.")

    r = mk("anom-healthy-03", W2, None, None, None,
           "Open AN-7731 from the notifications menu, dismiss a toast, set category before assignee, save.",
           RECENT_B)
    r.start(board(r.ctx))
    r.act("find-anomaly", "click", "button", "Notifications, 3 unread", "The anomaly should be in notifications.",
          "read", lambda: board(r.ctx, notif_open=True))
    st = new_anomaly_state()
    st["toast"] = "Svalbard SG-2 is back online after planned maintenance."

    def open_from_notif(st=st):
        r.ctx.unread = 2
        return anomaly(r.ctx, "AN-7731", st)
    r.act("find-anomaly", "click", "menuitem", NOTIFS[2], "Open the AN-7731 notification.", "read", open_from_notif)
    st = dict(st, toast=None)
    r.act("find-anomaly", "click", "button", "Dismiss notification", "Dismiss the unrelated toast.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "ca")
    st = seg_save(r, st)
    r.say("save-triage", ANOM_DONE, "Triage saved.")

    r = mk("anom-healthy-04", W2, None, None, None,
           "Sort the queue by spacecraft, go to page 2, open AN-7731, acknowledge, assign, save.", RECENT_A)
    r.start(queue(r.ctx))
    r.act("find-anomaly", "click", "button", "Spacecraft", "Sort by spacecraft to group KS-14's anomalies.", "read",
          lambda: queue(r.ctx, sort="spacecraft"))
    r.act("find-anomaly", "click", "button", "Next page", "KS-14 rows start on page 2.", "read",
          lambda: queue(r.ctx, sort="spacecraft", page=2))
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "Open AN-7731.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "ac")
    st = seg_save(r, st)
    r.say("save-triage", ANOM_DONE, "Triage saved.")

    # ===================== anomaly_triage: faulty ===========================
    r = mk("anom-required_field_skipped-01", W2, "required_field_skipped", 6, "agent",
           "Set the assignee but never chose the required Category; Save triage did not save.", RECENT_C)
    r.start(queue(r.ctx))
    r.act("find-anomaly", "fill", "searchbox", "Search anomalies", "Search the queue by ID.", "read",
          lambda: queue(r.ctx, typed="AN-7731"), value="AN-7731")
    r.act("find-anomaly", "press", "searchbox", "Search anomalies", "Run the search.", "read",
          lambda: queue(r.ctx, q="AN-7731"), value="Enter")
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "Open the anomaly.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "a")
    st = dict(st, invalid=True, toast=None)
    r.act("save-triage", "click", "button", "Save triage", "Assignee is set; save.", "irreversible",
          lambda: anomaly(r.ctx, "AN-7731", st))
    r.say("save-triage", ANOM_DONE, "Acknowledged and assigned.")

    r = mk("anom-silent_noop-01", W2, "silent_noop", 5, "environment",
           "Confirming the acknowledgement closed the dialog but changed nothing (status stayed New, no toast); "
           "the agent went on to assign and save.", RECENT_B)
    r.start(board(r.ctx))
    r.act("find-anomaly", "click", "link", "Anomalies, 11 new", "Go to the anomaly queue.", "read",
          lambda: queue(r.ctx))
    r.act("find-anomaly", "select", "combobox", "Spacecraft", "Narrow the queue to KS-14 Tern.", "read",
          lambda: queue(r.ctx, sc_pending="KS-14 Tern"), value="KS-14 Tern")
    r.act("find-anomaly", "click", "button", "Apply filters", "Apply the filter.", "read",
          lambda: queue(r.ctx, sc="KS-14 Tern"))
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "Open AN-7731.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st, outcome="noop")
    st = seg_triage(r, st, "ac")
    st = seg_save(r, st)
    r.say("save-triage", ANOM_DONE, "Triage saved.")

    r = mk("anom-permission_denied-01", W2, "permission_denied", 7, "environment",
           "Save triage led to an Access denied page (Flight Ops Lead role required); the agent went back and "
           "reported success.", RECENT_C)
    r.start(board(r.ctx))
    r.act("find-anomaly", "click", "button", "Notifications, 3 unread", "The anomaly should be in notifications.",
          "read", lambda: board(r.ctx, notif_open=True))
    st = new_anomaly_state()
    st["toast"] = "Svalbard SG-2 is back online after planned maintenance."

    def open_from_notif2(st=st):
        r.ctx.unread = 2
        return anomaly(r.ctx, "AN-7731", st)
    r.act("find-anomaly", "click", "menuitem", NOTIFS[2], "Open the AN-7731 notification.", "read", open_from_notif2)
    st = dict(st, toast=None)
    r.act("find-anomaly", "click", "button", "Dismiss notification", "Dismiss the unrelated toast.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "ac")
    r.act("save-triage", "click", "button", "Save triage", "Save the triage.", "irreversible",
          lambda: denied(r.ctx, "AN-7731"))
    st = dict(st, assignee="Unassigned", category="Not set", dirty=False, toast=None)
    r.act("save-triage", "click", "link", "Back to AN-7731", "Return to the anomaly.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    r.say("save-triage", ANOM_DONE, "Back on the anomaly page.")

    r = mk("anom-error_banner-01", W2, "error_banner", 4, "environment",
           "Acknowledging failed with an error alert (ERR-TLM-504), status stayed New; the agent assigned, saved "
           "and reported success.", RECENT_A)
    r.start(queue(r.ctx))
    r.act("find-anomaly", "click", "button", "Spacecraft", "Sort by spacecraft.", "read",
          lambda: queue(r.ctx, sort="spacecraft"))
    r.act("find-anomaly", "click", "button", "Next page", "KS-14 rows are on page 2.", "read",
          lambda: queue(r.ctx, sort="spacecraft", page=2))
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "Open AN-7731.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st, outcome="error")
    st = seg_triage(r, st, "ac")
    st = seg_save(r, st)
    r.say("save-triage", ANOM_DONE, "Triage saved.")

    r = mk("anom-premature_done-01", W2, "premature_done", 5, "agent",
           "Acknowledged and filled in assignee and category, then reported done without clicking Save triage.",
           RECENT_B)
    r.start(sc_detail(r.ctx, "KS-14"))
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731 Battery temperature high", "It is listed under Open anomalies.",
          "read", lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "ac")
    r.say("save-triage", ANOM_DONE, "Assignee and category are set.")

    r = mk("anom-unsaved_navigation-01", W2, "unsaved_navigation", 7, "agent",
           "Set assignee and category, then followed the Anomalies breadcrumb without saving; the queue shows "
           "AN-7731 acknowledged but unassigned.", RECENT_C)
    r.start(queue(r.ctx))
    r.act("find-anomaly", "fill", "searchbox", "Search anomalies", "Search by ID.", "read",
          lambda: queue(r.ctx, typed="AN-7731"), value="AN-7731")
    r.act("find-anomaly", "press", "searchbox", "Search anomalies", "Run the search.", "read",
          lambda: queue(r.ctx, q="AN-7731"), value="Enter")
    st = new_anomaly_state()
    r.act("find-anomaly", "click", "link", "AN-7731", "Open the anomaly.", "read",
          lambda: anomaly(r.ctx, "AN-7731", st))
    st = seg_ack(r, st)
    st = seg_triage(r, st, "ac")
    r.act("save-triage", "click", "link", "Anomalies", "Go back to the queue to check the row.", "read",
          lambda: queue(r.ctx, ov={"AN-7731": {"status": "Acknowledged"}}))
    r.say("save-triage", ANOM_DONE, "AN-7731 shows as Acknowledged in the queue.")

    return runs


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
    runs = build_runs()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for r in runs:
            fh.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    n_h = sum(1 for r in runs if r.fault is None)
    print(f"wrote {len(runs)} trajectories ({n_h} healthy, {len(runs) - n_h} faulty) and {len(PLANS)} plans")


if __name__ == "__main__":
    main()
