#!/usr/bin/env python3
"""make_corpus.py -- WardRound held-out corpus generator (stdlib only, fixed seed).

Application: "CareChart Ward" 4.2, the electronic nursing chart of Harrowgate Valley
Health Trust (St Aidan's Hospital), Ward 7B Acute Medicine.  Signed-in user: RN Priya
Raman (staff nurse, late shift 13:30-21:30).  "Today" is Thursday 14 November 2024.

Writes, next to this file:
  corpus.jsonl               20 trajectories (8 healthy, 12 faulty) over 2 workflows
  plans/administer.yaml      plan for the medication-administration workflow
  plans/handover.yaml        plan for the shift-handover workflow

Observations are BrowserGym-style flattened accessibility trees (one node per line,
tab-indented, "[bid] role 'name', prop=value").  Every bid used by an action is looked up
in the page the agent was looking at, so actions always reference real elements.
"""
import json
import os
import random

SEED = 20241114
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
ORIGIN = "https://carechart.harrowgate-vht.example"
PRODUCT = "CareChart Ward"

# ---------------------------------------------------------------------------
# Tasks and plans.  The plans were written from the task text and the healthy
# screens only (board, search, summary, medication chart, the wizards and their
# confirmation dialogs), before any faulty run below was written.  Not tuned later.
# ---------------------------------------------------------------------------
TASK_ADMIN = ("On Ward 7B, record that Margaret Okafor (MRN 40031872, bed 12) was given her "
              "18:00 dose of Oxycodone MR 10 mg tablet by mouth at 18:00, witnessed by "
              "RN Tomasz Nowak, and sign the administration.")
TASK_HANDOVER = ("Hand over Desmond Achterberg (MRN 40029415, Ward 7B bed 5) to the night shift: "
                 "complete the SBAR handover note with fall risk set to High and the pending repeat "
                 "potassium result noted, choose RN Aisha Bello as the receiving nurse, and submit "
                 "the handover.")

PLAN_ADMIN_YAML = """\
# Plan: record a witnessed controlled-drug administration in CareChart Ward (Ward 7B).
# Written from the task and the normal screens; one commitment per screen-level subgoal.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to CareChart Ward
    - Your session has expired. Please sign in again.
    - Something went wrong on our side. Please try again.
    - Access denied
commitments:
  - id: find-patient
    subgoal: Find Margaret Okafor (MRN 40031872) in bed 12 on the Ward 7B board
    skill: find_patient
    confidence: 0.8
    confirm:
      precondition:
        - Ward 7B board
      progress:
        - Search results for Margaret Okafor
      completion:
        - Margaret Okafor, MRN 40031872, bed 12 is listed
    falsify:
      execution:
        - No patients match your search
      planning:
        - Margaret Okafor has been discharged or moved off Ward 7B
  - id: open-chart
    subgoal: Open Margaret Okafor's record and go to her medication chart
    skill: open_record_by_id
    confidence: 0.7
    confirm:
      progress:
        - Margaret Okafor patient summary, MRN 40031872
      completion:
        - Medication chart for Margaret Okafor, MRN 40031872, bed 12
    falsify:
      execution:
        - Marjorie Okafor, MRN 40031873, bed 13
        - Margaret O'Connor, MRN 40031827, bed 19
        - text: Open Marjorie Okafor's record
          on: action
      planning:
        - Patient is nil by mouth and oral medicines are withheld
  - id: open-dose
    subgoal: Start recording the 18:00 dose of Oxycodone MR 10 mg tablet
    confidence: 0.7
    confirm:
      precondition:
        - Oxycodone MR 10 mg tablet due at 18:00
      completion:
        - "Record administration: Oxycodone MR 10 mg tablet, scheduled 18:00"
    falsify:
      execution:
        - Recording Oxycodone 5 mg capsule (immediate release) instead
        - Recording the 06:00 dose instead of the 18:00 dose
      planning:
        - The 18:00 oxycodone dose has already been given
        - Oxycodone MR is suspended or on hold
  - id: dose-route
    subgoal: Confirm dose 10 mg, route oral, outcome Given
    confidence: 0.6
    confirm:
      completion:
        - Dose given 10 mg, route Oral, outcome Given
    falsify:
      execution:
        - Dose other than 10 mg
        - Route other than Oral
  - id: time-witness
    subgoal: Enter the time given as 18:00 and record RN Tomasz Nowak as the witness
    skill: pick_from_autocomplete
    confidence: 0.6
    confirm:
      progress:
        - Time given 18:00
      completion:
        - Witness RN Tomasz Nowak, Ward 7B
    falsify:
      execution:
        - Witness RN Tomasz Nowacki (Ward 4A)
        - Time given is not 18:00
        - No witness recorded
      skill:
        - Witness search finds no registered nurses
  - id: review-sign
    subgoal: Review the administration and sign it
    confidence: 0.7
    confirm:
      precondition:
        - "Review and sign: Oxycodone MR 10 mg, Oral, 18:00, witness Tomasz Nowak"
      progress:
        - Sign and record this administration?
      completion:
        - "Administration recorded: Oxycodone MR 10 mg tablet at 18:00, witnessed by Tomasz Nowak"
        - Oxycodone MR 10 mg 18:00 dose shows Given on the medication chart
    falsify:
      execution:
        - The administration could not be saved
        - The 18:00 dose is still shown as Due after signing
""" % TASK_ADMIN

PLAN_HANDOVER_YAML = """\
# Plan: structured (SBAR) shift handover for one patient in CareChart Ward (Ward 7B).
# Written from the task and the normal screens.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to CareChart Ward
    - Your session has expired. Please sign in again.
    - Something went wrong on our side. Please try again.
commitments:
  - id: open-patient
    subgoal: Open Desmond Achterberg's record (MRN 40029415, bed 5)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Ward 7B board
      progress:
        - Search results for Desmond Achterberg
      completion:
        - Desmond Achterberg patient summary, MRN 40029415, Ward 7B bed 5
    falsify:
      execution:
        - Desmond Archer, MRN 40029451, bed 15
        - Desmond Achterberg's previous admission (discharged March 2024)
        - text: Open Desmond Archer's record
          on: action
      planning:
        - Desmond Achterberg has been transferred off Ward 7B
  - id: start-handover
    subgoal: From the Handover tab, start a new handover note
    confidence: 0.7
    confirm:
      precondition:
        - Handover notes for Desmond Achterberg
      completion:
        - "New handover for Desmond Achterberg: Situation and background"
    falsify:
      execution:
        - Viewing the earlier handover note HN-20241114-0388
        - Access denied
      planning:
        - A handover to the night shift has already been submitted for this patient
  - id: situation-background
    subgoal: Write the Situation and Background sections
    confidence: 0.6
    confirm:
      completion:
        - Situation and Background filled in
    falsify:
      execution:
        - Situation is required
  - id: assessment
    subgoal: Record the assessment with fall risk High and the pending repeat potassium
    confidence: 0.6
    confirm:
      progress:
        - Fall risk High
      completion:
        - Pending results mention the repeat potassium
    falsify:
      execution:
        - Fall risk Low or Medium
        - Pending results left empty
  - id: recommendation-receiver
    subgoal: Write the recommendation and hand over to RN Aisha Bello on the night shift
    skill: pick_from_list
    confidence: 0.6
    confirm:
      progress:
        - Receiving shift Night (21:00-07:30)
      completion:
        - Receiving nurse RN Aisha Bello (Night)
    falsify:
      execution:
        - Receiving nurse RN Ayesha Bellamy
        - Receiving shift is not the night shift
  - id: submit
    subgoal: Review the handover and submit it
    confidence: 0.7
    confirm:
      precondition:
        - Review handover before submitting
      progress:
        - Submit handover to RN Aisha Bello?
      completion:
        - Handover submitted to RN Aisha Bello, awaiting acknowledgement
    falsify:
      execution:
        - Handover could not be submitted
        - Handover is still a draft
""" % TASK_HANDOVER

# ---------------------------------------------------------------------------
# Accessibility-tree model
# ---------------------------------------------------------------------------
FLAGS = ("focused", "required", "multiline", "readonly", "busy", "modal")


class El:
    __slots__ = ("role", "name", "kids", "props", "bid")

    def __init__(self, role, name="", kids=(), props=None):
        self.role, self.name, self.kids, self.props, self.bid = role, name, list(kids), props or {}, None


def E(role, name="", *kids, **props):
    flat = []
    for k in kids:
        if k is None:
            continue
        if isinstance(k, (list, tuple)):
            flat.extend(x for x in k if x is not None)
        else:
            flat.append(k)
    return El(role, name, flat, props)


def T(text):
    return El("StaticText", text)


def fmt(el):
    s = ("[%s] " % el.bid if el.bid else "") + el.role + " " + repr(el.name)
    parts = []
    for k, v in el.props.items():
        if v is None:
            continue
        if k in FLAGS:
            if v:
                parts.append(k)
            continue
        parts.append("%s=%r" % (k, v))
    if parts:
        s += ", " + ", ".join(parts)
    return s


def walk(el, depth=0, anc=()):
    yield el, depth, anc
    for k in el.kids:
        yield from walk(k, depth + 1, anc + (el,))


class Page:
    def __init__(self, url, title, body):
        self.url, self.title = url, title
        self.root = E("RootWebArea", title, body, focused=True)
        n = rng.randint(12, 160)
        for el, _, _ in walk(self.root):
            if el.role not in ("StaticText", "RootWebArea"):
                el.bid = "a%d" % n
                n += 1
        self.text = "\n".join("\t" * d + fmt(el) for el, d, _ in walk(self.root))

    def find(self, role, name, row=None, inside=None, nth=0):
        hits = []
        for el, _, anc in walk(self.root):
            if el.role != role or el.name != name:
                continue
            if inside and not any(a.role == inside for a in anc):
                continue
            if row:
                r = next((a for a in reversed(anc) if a.role == "row"), None)
                if r is None:
                    continue
                txt = " | ".join(x.name for x, _, _ in walk(r))
                if not all(s in txt for s in row):
                    continue
            hits.append(el)
        if len(hits) <= nth:
            raise LookupError("%s %r (row=%r) not on %s" % (role, name, row, self.url))
        return hits[nth]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text, "error": error}


# ---------------------------------------------------------------------------
# Ward data
# ---------------------------------------------------------------------------
def P(bed, name, mrn, dob, age, sex, news, due, nurse, alerts=""):
    return dict(bed=bed, name=name, mrn=mrn, dob=dob, age=age, sex=sex, news=news, due=due,
                nurse=nurse, alerts=alerts)


BEDS = [
    P(1, "Harold Finch", "40027714", "12 Feb 1941", 83, "M", 2, "20:00", "RN Gareth Lloyd"),
    P(2, "Agnes Whitlock", "40030128", "30 Sep 1937", 87, "F", 1, "22:00", "RN Gareth Lloyd", "Falls risk"),
    P(3, "Rajesh Pillai", "40028856", "04 Jan 1966", 58, "M", 4, "18:00", "RN Sofia Marques", "Sepsis screen"),
    dict(bed=4, name=None, note="Vacant - cleaned, ready for admission"),
    P(5, "Desmond Achterberg", "40029415", "19 Aug 1943", 81, "M", 3, "18:30", "RN Priya Raman", "Falls risk"),
    P(6, "Olwen Pritchard", "40031190", "22 Mar 1950", 74, "F", 0, "22:00", "RN Sofia Marques"),
    P(7, "Samuel Adeyemi", "40026603", "07 Jul 1958", 66, "M", 1, "20:00", "RN Tomasz Nowak"),
    P(8, "Beatrix Lindqvist", "40032047", "15 Nov 1939", 84, "F", 2, "18:30", "RN Tomasz Nowak", "DNACPR"),
    P(9, "Kofi Mensah", "40029982", "28 Feb 1971", 53, "M", 1, "19:00", "RN Priya Raman", "Diabetes"),
    P(10, "Eileen Dunmore", "40030775", "09 Dec 1945", 78, "F", 3, "20:00", "RN Sofia Marques"),
    dict(bed=11, name=None, note="Vacant - awaiting clean"),
    P(12, "Margaret Okafor", "40031872", "03 Jun 1952", 72, "F", 1, "18:00", "RN Priya Raman", "Name alert; Allergy"),
    P(13, "Marjorie Okafor", "40031873", "11 Oct 1948", 76, "F", 2, "18:00", "RN Priya Raman", "Name alert"),
    P(14, "Terence Bailey", "40028340", "01 May 1955", 69, "M", 5, "18:30", "RN Priya Raman", "NEWS2 5+"),
    P(15, "Desmond Archer", "40029451", "26 Apr 1947", 77, "M", 2, "19:00", "RN Gareth Lloyd"),
    P(16, "Ingrid Solberg", "40031502", "17 Jan 1962", 62, "F", 0, "22:00", "RN Priya Raman"),
    P(17, "Winifred Osei", "40027239", "02 Aug 1944", 80, "F", 1, "20:00", "RN Tomasz Nowak", "Falls risk"),
    P(18, "Patrick Doherty", "40030611", "23 Jun 1960", 64, "M", 2, "18:00", "RN Tomasz Nowak"),
    P(19, "Margaret O'Connor", "40031827", "14 Mar 1951", 73, "F", 1, "19:00", "RN Sofia Marques"),
    P(20, "Lionel Hart", "40032210", "30 Oct 1957", 67, "M", 3, "18:00", "RN Sofia Marques", "Allergy"),
    P(21, "Yusuf Karimi", "40029003", "11 Sep 1975", 49, "M", 0, "22:00", "RN Gareth Lloyd"),
    P(22, "Gwendolyn Price", "40028127", "05 May 1936", 88, "F", 2, "20:00", "RN Gareth Lloyd", "DNACPR; Falls risk"),
    dict(bed=23, name=None, note="Vacant - blocked (infection control)"),
    P(24, "Fergus McBride", "40030490", "19 Jul 1968", 56, "M", 1, "18:30", "RN Tomasz Nowak"),
]
BY_MRN = {p["mrn"]: p for p in BEDS if p.get("name")}
MARGARET, MARJORIE, DESMOND = BY_MRN["40031872"], BY_MRN["40031873"], BY_MRN["40029415"]

DETAIL = {
    "40031872": dict(
        nhs="485 777 3456", cons="Dr A. Mensah-Boateng", admitted="12 Nov 2024",
        dx="Acute back pain from osteoporotic T12 vertebral fracture; mobilising with physiotherapy",
        allergy="Penicillin (rash)",
        obs=("1", "17:30", "RR 16 · SpO2 96% on air · HR 78 · BP 142/80 · T 36.8 · Alert"),
        tasks=["18:00 controlled drug due: Oxycodone MR 10 mg (witness required)",
               "Physiotherapy review Fri 15 Nov 10:00"],
        alert="Name alert: a patient with a similar name is on this ward (Marjorie Okafor, bed 13). "
              "Check full name, date of birth and MRN against the wristband."),
    "40031873": dict(
        nhs="485 777 3464", cons="Dr R. Hallworth", admitted="10 Nov 2024",
        dx="Decompensated heart failure; IV furosemide switched to oral 13 Nov",
        allergy="No known drug allergies",
        obs=("2", "17:45", "RR 19 · SpO2 94% on air · HR 88 · BP 118/70 · T 36.5 · Alert"),
        tasks=["18:00 controlled drug due: Oxycodone MR 10 mg (witness required)",
               "Daily weight before breakfast"],
        alert="Name alert: a patient with a similar name is on this ward (Margaret Okafor, bed 12). "
              "Check full name, date of birth and MRN against the wristband."),
    "40029415": dict(
        nhs="401 229 8815", cons="Dr A. Mensah-Boateng", admitted="11 Nov 2024",
        dx="Community-acquired pneumonia (CURB-65 2), day 4 of IV co-amoxiclav",
        allergy="No known drug allergies",
        obs=("3", "19:50", "RR 22 · SpO2 93% on 2 L/min · HR 96 · BP 128/74 · T 37.9 · Alert"),
        tasks=["Repeat U&E (potassium) sent 16:40: result pending",
               "22:00 IV co-amoxiclav 1.2 g", "Lying and standing BP before bed"],
        alert=None,
        related=["Previous admission 18 Feb - 02 Mar 2024 (Ward 9, discharged)",
                 "Falls assessment 13 Nov 2024", "Lab results"]),
}


MEDS = {
    "40031872": [
        dict(rx="RX-7731802", med="Oxycodone MR 10 mg tablet", cd=True, dose="10 mg", route="Oral",
             freq="12-hourly", times={"06:00": "Given 06:04 · BC / SM", "18:00": None}),
        dict(rx="RX-7729914", med="Paracetamol 1 g tablet", dose="1 g", route="Oral", freq="Four times daily",
             times={"06:00": "Given 06:10 · BC", "12:00": "Given 12:05 · GL", "18:00": None, "22:00": "later"}),
        dict(rx="RX-7729917", med="Lactulose 10 mL oral solution", dose="10 mL", route="Oral", freq="Twice daily",
             times={"08:00": "Given 08:12 · GL", "18:00": None}),
        dict(rx="RX-7729920", med="Enoxaparin 40 mg injection", dose="40 mg", route="Subcutaneous",
             freq="Once daily", times={"18:00": None}),
        dict(rx="RX-7729931", med="Amlodipine 5 mg tablet", dose="5 mg", route="Oral", freq="Once daily (morning)",
             times={"08:00": "Given 08:12 · GL"}),
    ],
    "40031873": [
        dict(rx="RX-7731820", med="Oxycodone MR 10 mg tablet", cd=True, dose="10 mg", route="Oral",
             freq="12-hourly", times={"06:00": "Given 06:15 · BC / SM", "18:00": None}),
        dict(rx="RX-7728840", med="Furosemide 40 mg tablet", dose="40 mg", route="Oral", freq="Twice daily",
             times={"08:00": "Given 08:20 · GL", "14:00": "Given 14:02 · PR"}),
        dict(rx="RX-7728843", med="Paracetamol 1 g tablet", dose="1 g", route="Oral", freq="Four times daily",
             times={"12:00": "Given 12:10 · GL", "18:00": None, "22:00": "later"}),
        dict(rx="RX-7728851", med="Bisoprolol 2.5 mg tablet", dose="2.5 mg", route="Oral", freq="Once daily (morning)",
             times={"08:00": "Given 08:20 · GL"}),
    ],
}
PRN = {
    "40031872": [dict(rx="RX-7731805", med="Oxycodone 5 mg capsule (immediate release)", dose="5 mg", route="Oral",
                      freq="Every 4 hours when required, max 4 doses in 24 h", last="Last given 12:40 (1 of 4 today)")],
    "40031873": [dict(rx="RX-7728860", med="Glyceryl trinitrate 400 micrograms spray", dose="1-2 sprays",
                      route="Sublingual", freq="When required for chest pain", last="Not given today")],
}
OXY = {"40031872": MEDS["40031872"][0], "40031873": MEDS["40031873"][0]}

WITNESS_OPTIONS = [("RN Tomasz Nowak — Ward 7B, Late shift", False),
                   ("RN Tomasz Nowacki — Ward 4A, Late shift", False),
                   ("HCA Tomas Novak — Ward 7B (not eligible to witness controlled drugs)", True)]
SHIFTS = ["Late (13:30-21:30), Thu 14 Nov", "Night (21:00-07:30), Thu 14 Nov", "Early (07:00-14:00), Fri 15 Nov"]
NURSES = ["Select…", "RN Aisha Bello (Night)", "RN Ayesha Bellamy (Night)", "RN Gareth Lloyd (Late)",
          "RN Tomasz Nowak (Late)", "RN Helen Marsh (Nurse in charge)"]
FALLS = ["Select…", "Low", "Medium", "High"]
WATERLOW = ["Not assessed", "Low (below 10)", "At risk (10-14)", "High (15-19)", "Very high (20+)"]


# ---------------------------------------------------------------------------
# Session context (clock, toast, recently viewed, header search box)
# ---------------------------------------------------------------------------
class Ctx:
    def __init__(self, start_min, recent, toast=None):
        self.t, self.recent, self.toast = start_min, list(recent), toast
        self.search_value, self.notif = "", rng.choice([2, 3, 4])

    @property
    def now(self):
        return "%02d:%02d" % (self.t // 60, self.t % 60)

    def tick(self):
        self.t += rng.choice([0, 0, 0, 1, 1])

    def saw(self, p):
        lab = "%s · bed %d" % (p["name"], p["bed"])
        self.recent = [lab] + [r for r in self.recent if r != lab]
        self.recent = self.recent[:4]


def chrome(ctx, title, url, crumbs, main, dialog=None):
    header = E("banner", "",
               E("link", PRODUCT + " home"),
               T("Ward 7B · Acute Medicine · St Aidan's Hospital"),
               E("search", "Patient search",
                 E("searchbox", "Search patients by name or MRN", value=ctx.search_value),
                 E("button", "Search")),
               E("button", "Notifications (%d)" % ctx.notif, expanded=False),
               E("button", "Priya Raman, RN — account menu", expanded=False, hasPopup="menu"))
    nav = E("navigation", "Main",
            E("link", "Ward board"), E("link", "My patients"), E("link", "Handovers"),
            E("link", "Tasks (4)"), E("link", "Controlled drugs register"), E("link", "Settings"))
    crumb = E("navigation", "Breadcrumb", [E("link", c) for c in crumbs[:-1]], T(crumbs[-1]))
    recent = E("complementary", "Recently viewed",
               E("heading", "Recently viewed", level=2),
               E("list", "", [E("listitem", "", E("link", r)) for r in ctx.recent]))
    live = E("status", "Notifications",
             [T(ctx.toast), E("button", "Dismiss notification")] if ctx.toast else None)
    footer = E("contentinfo", "",
               T("%s 4.2.1 · Harrowgate Valley Health Trust" % PRODUCT),
               T("Signed in as Priya Raman (Staff Nurse) · Late shift 13:30-21:30 · Thu 14 Nov 2024 · "
                 "Updated %s" % ctx.now),
               E("link", "Accessibility statement"), E("link", "Report a clinical safety incident"),
               E("link", "IT service desk (ext. 4410)"))
    body = [header, nav, crumb, E("main", "", main), recent, live, footer]
    if dialog is not None:
        body.append(dialog)
    return Page(ORIGIN + url, "%s — %s" % (title, PRODUCT), body)


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def next_due(p, ctx):
    """Scheduled round still open (up to 30 min overdue) or the 22:00 round."""
    t = ctx.t - 30
    return p["due"] if p["due"] >= "%02d:%02d" % (t // 60, t % 60) else "22:00"


def board(ctx, page=1, sort="Bed number", my_only=False, vacant=True, due_hour=False,
          panel=False, pending=None, status=None):
    rows = [p for p in BEDS if vacant or p.get("name")]
    if my_only:
        rows = [p for p in rows if p.get("nurse") == "RN Priya Raman"]
    if due_hour:
        rows = [p for p in rows if p.get("name") and next_due(p, ctx) <= "%02d:%02d" % ((ctx.t + 60) // 60, (ctx.t + 60) % 60)]
    if sort == "Patient surname":
        rows.sort(key=lambda p: (p.get("name") is None, (p.get("name") or "").split()[-1:], p["bed"]))
    elif sort == "Next medication due":
        rows.sort(key=lambda p: (p.get("name") is None, next_due(p, ctx) if p.get("name") else "", p["bed"]))
    elif sort == "NEWS2 (highest first)":
        rows.sort(key=lambda p: (p.get("name") is None, -(p.get("news") or 0), p["bed"]))
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    chunk = rows[(page - 1) * 10: page * 10]
    trs = [E("row", "", [E("columnheader", h) for h in
                         ("Bed", "Patient", "MRN", "Age / sex", "NEWS2", "Next meds due", "Allocated nurse", "Alerts")])]
    for p in chunk:
        if not p.get("name"):
            trs.append(E("row", "", E("cell", str(p["bed"])), E("cell", p["note"]), E("cell", ""), E("cell", ""),
                         E("cell", ""), E("cell", ""), E("cell", ""), E("cell", "")))
            continue
        trs.append(E("row", "",
                     E("cell", str(p["bed"])), E("cell", "", E("link", p["name"])), E("cell", p["mrn"]),
                     E("cell", "%d %s" % (p["age"], p["sex"])), E("cell", str(p["news"])),
                     E("cell", next_due(p, ctx)), E("cell", p["nurse"]), E("cell", p["alerts"])))
    pend = pending or dict(my=my_only, vacant=vacant, due=due_hour)
    fpanel = None
    if panel:
        fpanel = E("group", "Board filters",
                   E("checkbox", "My patients only", checked="true" if pend["my"] else "false"),
                   E("checkbox", "Show vacant beds", checked="true" if pend["vacant"] else "false"),
                   E("checkbox", "Medications due in the next hour", checked="true" if pend["due"] else "false"),
                   E("button", "Apply filters"), E("button", "Clear filters"))
    pager = E("navigation", "Pagination",
              E("button", "Previous page", disabled=True if page == 1 else None),
              [E("link", "Page %d" % i, current="page" if i == page else None) for i in range(1, pages + 1)],
              E("button", "Next page", disabled=True if page == pages else None))
    main = [E("heading", "Ward 7B board", level=1),
            T("Acute Medicine · 24 beds · 21 occupied · Nurse in charge: RN Helen Marsh · Thu 14 Nov 2024"),
            E("status", "Board messages", T(status)) if status else None,
            E("button", "Filters (%d active)" % (int(my_only) + int(not vacant) + int(due_hour)), expanded=panel),
            fpanel,
            E("combobox", "Sort by", value=sort, hasPopup="menu", expanded=False),
            E("table", "Ward 7B beds", trs),
            T("Showing %d-%d of %d %s" % ((page - 1) * 10 + 1 if total else 0, (page - 1) * 10 + len(chunk), total,
                                         "beds" if vacant and not my_only else "patients")),
            pager]
    q = "?page=%d&sort=%s%s" % (page, sort.split()[0].lower(), "&mine=1" if my_only else "")
    return chrome(ctx, "Ward 7B board", "/ward/7B/board" + q, ["Home", "Ward 7B board"], main)


def search_page(ctx, q):
    ql = q.lower()
    res = [p for p in BEDS if p.get("name") and (ql in p["name"].lower() or ql == p["mrn"])]
    extra = []
    if "achterberg" in ql or ql == "40029415":
        extra.append(("Desmond Achterberg", "40029415", "19 Aug 1943", "Ward 9 (discharged 02 Mar 2024)",
                      "Previous admission"))
    if "achterberg" in ql:
        extra.append(("Ria Achterberg", "40033318", "02 Feb 1979", "Outpatients (Respiratory)", "Outpatient"))
    rows = [E("row", "", [E("columnheader", h) for h in ("Patient", "MRN", "Date of birth", "Location", "Encounter")])]
    for p in res:
        rows.append(E("row", "", E("cell", "", E("link", p["name"])), E("cell", p["mrn"]), E("cell", p["dob"]),
                      E("cell", "Ward 7B, bed %d" % p["bed"]), E("cell", "Current inpatient")))
    for name, mrn, dob, loc, enc in extra:
        rows.append(E("row", "", E("cell", "", E("link", name)), E("cell", mrn), E("cell", dob), E("cell", loc),
                      E("cell", enc)))
    n = len(res) + len(extra)
    main = [E("heading", "Search results for '%s'" % q, level=1),
            E("status", "", T("%d patient%s found" % (n, "" if n == 1 else "s"))),
            E("checkbox", "Include discharged patients", checked="true"),
            E("combobox", "Sort results", value="Best match", hasPopup="menu", expanded=False),
            E("table", "Patient search results", rows)]
    return chrome(ctx, "Search results", "/patients/search?q=" + q.replace(" ", "+"),
                  ["Home", "Ward 7B board", "Search results"], main)


TABS = ("Summary", "Medication chart", "Observations", "Lab results", "Handover")


def banner(p):
    d = DETAIL[p["mrn"]]
    return E("region", "Patient banner",
             T("MRN %s · NHS No. %s · DOB %s (%d y) · %s" % (p["mrn"], d["nhs"], p["dob"], p["age"],
                                                            "Female" if p["sex"] == "F" else "Male")),
             T("Ward 7B, bed %d · Consultant %s · Admitted %s" % (p["bed"], d["cons"], d["admitted"])),
             T("Allergies: " + d["allergy"]),
             E("note", d["alert"]) if d.get("alert") else None)


def tabs(sel):
    return E("tablist", "Patient record", [E("tab", t, selected=(t == sel)) for t in TABS])


def summary(ctx, p):
    ctx.saw(p)
    d = DETAIL[p["mrn"]]
    rel = d.get("related") or ["Controlled drugs register — Ward 7B", "Fluid balance chart", "Lab results"]
    main = [E("heading", p["name"], level=1), banner(p), tabs("Summary"),
            E("heading", "Current admission", level=2), T(d["dx"]),
            E("heading", "Latest observations", level=2),
            E("table", "Latest observations",
              E("row", "", E("columnheader", "NEWS2"), E("columnheader", "Taken"), E("columnheader", "Values")),
              E("row", "", E("cell", d["obs"][0]), E("cell", d["obs"][1]), E("cell", d["obs"][2]))),
            E("heading", "Outstanding tasks", level=2),
            E("list", "", [E("listitem", "", T(t)) for t in d["tasks"]]),
            E("complementary", "Related records", E("heading", "Related records", level=2),
              [E("link", r) for r in rel])]
    return chrome(ctx, "%s — Summary" % p["name"], "/patients/%s/summary" % p["mrn"],
                  ["Home", "Ward 7B board", p["name"]], main)


def mar(ctx, p, given=None, extra=(), draft=None, status=None):
    """Medication chart. given: {(rx, time): status text}; extra: extra given rows (rx, time, text);
    draft: (rx, time, saved_at)."""
    given = given or {}
    slots = []
    for m in MEDS[p["mrn"]]:
        for t, st in m["times"].items():
            slots.append((t, m, given.get((m["rx"], t), st), False))
    for rx, t, txt in extra:
        m = next(m for m in MEDS[p["mrn"]] if m["rx"] == rx)
        slots.append((t, m, txt, True))
    slots.sort(key=lambda s: (s[0], MEDS[p["mrn"]].index(s[1]), s[3]))
    rows = [E("row", "", [E("columnheader", h) for h in ("Time", "Medication", "Dose", "Route", "Frequency",
                                                         "Status", "Action")])]
    for t, m, st, _ in slots:
        if st is None:
            label = "Due"
            if draft and draft[0] == m["rx"] and draft[1] == t:
                label = "Due · unsigned draft"
            act = E("button", "Record")
        elif st == "later":
            label, act = "Not yet due", E("button", "Record", disabled=True)
        else:
            label, act = st, E("button", "View")
        med = m["med"] + (" (controlled drug)" if m.get("cd") else "")
        rows.append(E("row", "", E("cell", t), E("cell", med), E("cell", m["dose"]), E("cell", m["route"]),
                      E("cell", m["freq"]), E("cell", label), E("cell", "", act)))
    prn_rows = [E("row", "", [E("columnheader", h) for h in ("Medication", "Dose", "Route", "Directions",
                                                             "Last given", "Action")])]
    for m in PRN[p["mrn"]]:
        prn_rows.append(E("row", "", E("cell", m["med"]), E("cell", m["dose"]), E("cell", m["route"]),
                          E("cell", m["freq"]), E("cell", m["last"]), E("cell", "", E("button", "Record PRN dose"))))
    dr = None
    if draft:
        m = next(m for m in MEDS[p["mrn"]] if m["rx"] == draft[0])
        dr = E("region", "Unsigned drafts",
               E("heading", "Unsigned drafts (1)", level=2),
               E("link", "Resume draft: %s, %s" % (m["med"], draft[1])),
               T("Saved %s by Priya Raman · not part of the legal record until signed" % draft[2]),
               E("button", "Discard draft"))
    main = [E("heading", p["name"], level=1), banner(p), tabs("Medication chart"),
            E("status", "Chart messages", T(status)) if status else None,
            dr,
            E("heading", "Medication chart — Thursday 14 November 2024", level=2),
            E("button", "Previous day"), E("button", "Next day", disabled=True),
            E("combobox", "Show", value="Today's doses", hasPopup="menu", expanded=False),
            E("table", "Scheduled medicines", rows),
            E("heading", "As-required (PRN) medicines", level=2),
            E("table", "As-required medicines", prn_rows),
            E("complementary", "Related records", E("heading", "Related records", level=2),
              E("link", "Controlled drugs register — Ward 7B"), E("link", "Observations"),
              E("link", "Pharmacy notes (2)"))]
    return chrome(ctx, "Medication chart — %s" % p["name"], "/patients/%s/medication-chart" % p["mrn"],
                  ["Home", "Ward 7B board", p["name"], "Medication chart"], main)


def adm(ctx, p, step, v, dialog=False, busy=False):
    m = OXY[p["mrn"]]
    steps = ["Dose and route", "Time and witness", "Review and sign"]
    prog = E("list", "Progress", [E("listitem", "", T("Step %d of 3: %s%s" % (i + 1, s, " (current)" if i + 1 == step else
                                                                                 " (done)" if i + 1 < step else "")))
                                  for i, s in enumerate(steps)])
    head = [E("heading", "Record administration: %s" % m["med"], level=1),
            T("Patient: %s · MRN %s · Ward 7B, bed %d · DOB %s" % (p["name"], p["mrn"], p["bed"], p["dob"])),
            T("Prescription %s · %s %s %s · scheduled 18:00, Thu 14 Nov 2024" % (m["rx"], m["dose"], m["route"].lower(),
                                                                               m["freq"])),
            E("note", "Controlled drug: a second registered nurse must witness this administration and the "
                      "CD register entry."),
            prog]
    if step == 1:
        form = E("form", "Dose and route",
                 E("textbox", "Dose given (mg)", value=v["dose"], required=True),
                 T("Prescribed dose: 10 mg"),
                 E("combobox", "Route", value=v["route"], hasPopup="menu", expanded=False,
                   *[E("option", o, selected=(o == v["route"])) for o in ("Oral", "Sublingual", "Nasogastric tube",
                                                                         "PEG tube")]),
                 E("radiogroup", "Outcome",
                   [E("radio", o, checked="true" if o == v["outcome"] else "false")
                    for o in ("Given", "Refused by patient", "Withheld (clinical reason)", "Not available")]),
                 E("textbox", "Batch / lot number (optional)", value=v.get("batch", "")),
                 E("button", "Cancel"), E("button", "Save draft"), E("button", "Next: time and witness"))
    elif step == 2:
        opts = None
        if v.get("wopen"):
            q = v["wq"].lower()
            opts = E("listbox", "Witness suggestions",
                     [E("option", o, selected=False, disabled=True if dis else None) for o, dis in WITNESS_OPTIONS
                      if any(w in o.lower() for w in q.split())])
        form = E("form", "Time and witness",
                 E("textbox", "Time given (24-hour, HH:MM)", value=v["time"], required=True),
                 T("Scheduled 18:00 · recording window 16:00-20:00"),
                 E("combobox", "Witness (registered nurse)", value=v.get("witness") or v.get("wq", ""),
                   autocomplete="list", expanded=bool(v.get("wopen")), required=True),
                 opts,
                 E("checkbox", "Witness has checked the dose and stock balance in the CD register",
                   checked="true" if v.get("cd") else "false"),
                 E("textbox", "Comment (optional)", value=v.get("comment", ""), multiline=True),
                 E("button", "Back"), E("button", "Save draft"), E("button", "Next: review"))
    else:
        wit = ("%s (Ward 7B)" % v["witness"].split(" — ")[0]) if v.get("witness") else "Not recorded"
        summ = [("Medication", m["med"]), ("Dose", v["dose"] + " mg"), ("Route", v["route"]),
                ("Outcome", v["outcome"]), ("Time given", v["time"]), ("Given by", "RN Priya Raman"),
                ("Witness", wit), ("CD register checked", "Yes" if v.get("cd") else "No"),
                ("Comment", v.get("comment") or "—")]
        form = E("form", "Review and sign",
                 E("heading", "Review and sign", level=2),
                 E("table", "Administration summary", [E("row", "", E("rowheader", a), E("cell", b)) for a, b in summ]),
                 E("button", "Back"), E("button", "Save draft"), E("button", "Sign administration"))
    dlg = None
    if dialog:
        dlg = E("alertdialog", "Sign and record this administration?",
                T("You are signing as RN Priya Raman. The entry is added to the legal medication record and "
                  "cannot be deleted, only annotated."),
                T("%s · %s mg %s · %s · %s" % (p["name"], v["dose"], v["route"].lower(), v["time"],
                                              "witness " + v["witness"].split(" — ")[0] if v.get("witness")
                                              else "no witness")),
                E("progressbar", "Recording administration", busy=True) if busy else None,
                T("Recording…") if busy else None,
                E("button", "Cancel"), E("button", "Sign and record"), modal=True)
    url = "/patients/%s/medication-chart/administer/%s?step=%d" % (p["mrn"], m["rx"], step)
    return chrome(ctx, "Record administration (step %d of 3) — %s" % (step, p["name"]), url,
                  ["Home", "Ward 7B board", p["name"], "Medication chart", "Record administration"],
                  head + [form], dialog=dlg)


def ho_tab(ctx, p, draft=None, submitted=None, status=None):
    rows = [E("row", "", [E("columnheader", h) for h in ("Note", "Shift", "From", "To", "Submitted", "Status")])]
    notes = [("HN-20241114-0388", "Early → Late", "RN Gareth Lloyd", "RN Priya Raman", "14 Nov 13:42", "Acknowledged"),
             ("HN-20241114-0107", "Night → Early", "RN Aisha Bello", "RN Gareth Lloyd", "14 Nov 07:25", "Acknowledged"),
             ("HN-20241113-0415", "Late → Night", "RN Sofia Marques", "RN Aisha Bello", "13 Nov 21:18", "Acknowledged")]
    if submitted:
        notes.insert(0, submitted)
    for n in notes:
        rows.append(E("row", "", E("cell", "", E("link", n[0])), [E("cell", c) for c in n[1:]]))
    dr = None
    if draft:
        dr = E("region", "Draft handovers", E("heading", "Draft handover (1)", level=2),
               E("link", "Continue draft handover HD-55817 (saved %s)" % draft),
               T("Drafts are visible only to you and are deleted after 12 hours."),
               E("button", "Discard draft"))
    main = [E("heading", p["name"], level=1), banner(p), tabs("Handover"),
            E("status", "Handover messages", T(status)) if status else None,
            dr,
            E("heading", "Handover notes — %s" % p["name"], level=2),
            E("button", "Start handover note"),
            E("combobox", "Show notes from", value="Last 48 hours", hasPopup="menu", expanded=False),
            E("table", "Previous handover notes", rows),
            E("navigation", "Pagination", E("button", "Previous page", disabled=True), E("link", "Page 1", current="page"),
              E("link", "Page 2"), E("button", "Next page"))]
    return chrome(ctx, "Handover — %s" % p["name"], "/patients/%s/handover" % p["mrn"],
                  ["Home", "Ward 7B board", p["name"], "Handover"], main)


def labs(ctx, p):
    rows = [E("row", "", [E("columnheader", h) for h in ("Test", "Result", "Reference range", "Collected", "Status")])]
    for r in (("Potassium (repeat)", "—", "3.5-5.3 mmol/L", "14 Nov 16:40", "Pending"),
              ("Potassium", "3.1 mmol/L (low)", "3.5-5.3 mmol/L", "14 Nov 06:12", "Final"),
              ("Sodium", "136 mmol/L", "133-146 mmol/L", "14 Nov 06:12", "Final"),
              ("Creatinine", "104 µmol/L", "59-104 µmol/L", "14 Nov 06:12", "Final"),
              ("C-reactive protein", "148 mg/L (high)", "below 5 mg/L", "14 Nov 06:12", "Final"),
              ("White cell count", "13.2 × 10⁹/L (high)", "4.0-11.0", "14 Nov 06:12", "Final")):
        rows.append(E("row", "", [E("cell", c) for c in r]))
    main = [E("heading", p["name"], level=1), banner(p), tabs("Lab results"),
            E("heading", "Lab results — last 72 hours", level=2),
            E("checkbox", "Show abnormal results only", checked="false"),
            E("table", "Lab results", rows)]
    return chrome(ctx, "Lab results — %s" % p["name"], "/patients/%s/lab-results" % p["mrn"],
                  ["Home", "Ward 7B board", p["name"], "Lab results"], main)


def denied(ctx, p):
    main = [E("heading", "Access denied", level=1),
            T("You don't have permission to start a handover for this patient."),
            T("Handover notes for Ward 7B bed %d can be written only by the allocated nurse or the nurse in "
              "charge. Your allocation for this shift could not be confirmed (last roster sync 20:15)." % p["bed"]),
            T("Error reference 403-HO-7F2C"),
            E("link", "Back to patient summary"), E("link", "Ask the nurse in charge to reassign")]
    return chrome(ctx, "Access denied", "/patients/%s/handover/new" % p["mrn"],
                  ["Home", "Ward 7B board", p["name"], "Access denied"], main)


def ho_wiz(ctx, p, step, v, dialog=False, status=None):
    steps = ["Situation and background", "Assessment", "Recommendation and receiver", "Review"]
    prog = E("list", "Progress", [E("listitem", "", T("Step %d of 4: %s%s" % (i + 1, s, " (current)" if i + 1 == step
                                                                                 else " (done)" if i + 1 < step else "")))
                                  for i, s in enumerate(steps)])
    head = [E("heading", "New handover — %s" % p["name"], level=1),
            T("MRN %s · Ward 7B, bed %d · From RN Priya Raman (Late shift) · Draft HD-55817" % (p["mrn"], p["bed"])),
            prog,
            E("status", "Form messages", T(status)) if status else None]
    if step == 1:
        form = E("form", "Situation and background",
                 E("textbox", "Situation", value=v.get("sit", ""), multiline=True, required=True),
                 E("textbox", "Background", value=v.get("bg", ""), multiline=True, required=True),
                 E("button", "Cancel"), E("button", "Save draft"), E("button", "Next: assessment"))
    elif step == 2:
        d = DETAIL[p["mrn"]]
        form = E("form", "Assessment",
                 T("Latest NEWS2: %s at %s · %s" % d["obs"]),
                 E("combobox", "Fall risk", value=v.get("fall", "Select…"), hasPopup="menu", expanded=False,
                   required=True, *[E("option", o, selected=(o == v.get("fall", "Select…"))) for o in FALLS]),
                 E("combobox", "Pressure-area risk (Waterlow)", value=v.get("waterlow", "Not assessed"),
                   hasPopup="menu", expanded=False,
                   *[E("option", o, selected=(o == v.get("waterlow", "Not assessed"))) for o in WATERLOW]),
                 E("textbox", "Pending results", value=v.get("pending", "")),
                 E("link", "View lab results"),
                 E("checkbox", "Escalation plan discussed with patient or family",
                   checked="true" if v.get("esc") else "false"),
                 E("textbox", "Assessment", value=v.get("assess", ""), multiline=True, required=True),
                 E("button", "Back"), E("button", "Save draft"), E("button", "Next: recommendation"))
    elif step == 3:
        form = E("form", "Recommendation and receiver",
                 E("textbox", "Recommendation", value=v.get("rec", ""), multiline=True, required=True),
                 E("combobox", "Receiving shift", value=v["shift"], hasPopup="menu", expanded=False, required=True,
                   *[E("option", o, selected=(o == v["shift"])) for o in SHIFTS]),
                 E("combobox", "Receiving nurse", value=v.get("nurse", "Select…"), hasPopup="menu", expanded=False,
                   required=True, *[E("option", o, selected=(o == v.get("nurse", "Select…"))) for o in NURSES]),
                 E("button", "Back"), E("button", "Save draft"), E("button", "Next: review"))
    else:
        summ = [("Patient", "%s · MRN %s · bed %d" % (p["name"], p["mrn"], p["bed"])),
                ("Situation", v.get("sit") or "—"), ("Background", v.get("bg") or "—"),
                ("Fall risk", v.get("fall", "Select…")), ("Pressure-area risk", v.get("waterlow", "Not assessed")),
                ("Pending results", v.get("pending") or "—"),
                ("Escalation plan discussed", "Yes" if v.get("esc") else "No"),
                ("Assessment", v.get("assess") or "—"), ("Recommendation", v.get("rec") or "—"),
                ("Receiving shift", v["shift"]), ("Receiving nurse", v.get("nurse", "Select…"))]
        form = E("form", "Review",
                 E("heading", "Review handover before submitting", level=2),
                 E("table", "Handover summary", [E("row", "", E("rowheader", a), E("cell", b)) for a, b in summ]),
                 E("button", "Back"), E("button", "Save draft"), E("button", "Submit handover"))
    dlg = None
    if dialog:
        nurse = v.get("nurse", "").split(" (")[0]
        dlg = E("alertdialog", "Submit handover?",
                T("Send this handover for %s (bed %d) to %s for the %s shift?" % (p["name"], p["bed"], nurse,
                                                                                  v["shift"].split(" (")[0])),
                T("The receiving nurse will be asked to acknowledge it at the start of their shift."),
                E("button", "Cancel"), E("button", "Submit handover"), modal=True)
    return chrome(ctx, "New handover (step %d of 4) — %s" % (step, p["name"]),
                  "/patients/%s/handover/new?draft=HD-55817&step=%d" % (p["mrn"], step),
                  ["Home", "Ward 7B board", p["name"], "Handover", "New handover"], head + [form], dialog=dlg)


def ho_note(ctx, p, v, note_id, failed=False):
    nurse = v["nurse"].split(" (")[0]
    if failed:
        msg = E("alert", "", T("Handover could not be delivered to %s: the e-Rostering service did not respond "
                               "(ROS-504). The note has been kept as a draft; resend it from Handovers." % nurse))
        status_line = "Status: Draft — not delivered"
        heading = "Handover HD-55817 (draft)"
        url = "/handovers/HD-55817"
    else:
        msg = E("status", "", T("Handover submitted to %s — awaiting acknowledgement." % nurse))
        status_line = "Status: Submitted %s · awaiting acknowledgement" % ctx.now
        heading = "Handover note %s" % note_id
        url = "/handovers/" + note_id
    summ = [("Patient", "%s · MRN %s · Ward 7B, bed %d" % (p["name"], p["mrn"], p["bed"])),
            ("From", "RN Priya Raman (Late shift)"), ("To", v["nurse"]), ("Receiving shift", v["shift"]),
            ("Situation", v["sit"]), ("Background", v["bg"]), ("Fall risk", v["fall"]),
            ("Pressure-area risk", v.get("waterlow", "Not assessed")), ("Pending results", v.get("pending") or "—"),
            ("Escalation plan discussed", "Yes" if v.get("esc") else "No"),
            ("Assessment", v["assess"]), ("Recommendation", v["rec"])]
    main = [E("heading", heading, level=1), msg, T(status_line),
            E("table", "Handover details", [E("row", "", E("rowheader", a), E("cell", b)) for a, b in summ]),
            E("button", "Print"), E("button", "Add addendum"), E("link", "Back to %s" % p["name"]),
            E("complementary", "Related records", E("heading", "Related records", level=2),
              E("link", "Previous note HN-20241114-0388"), E("link", "Medication chart"), E("link", "Lab results"))]
    return chrome(ctx, heading, url, ["Home", "Handovers", heading], main)


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, workflow, kind, n, ctx, task, plan, note):
        self.id = "wardround-%s-%s-%02d" % (workflow, kind, n)
        self.workflow, self.kind, self.ctx, self.task, self.plan, self.note = workflow, kind, ctx, task, plan, note
        self.steps, self.fault_step, self.cur, self.init = [], None, None, None

    def start(self, page):
        self.cur = self.init = page

    def mark(self):
        assert self.fault_step is None, self.id
        self.fault_step = len(self.steps)

    # action builders (look the bid up in the page the agent is looking at)
    def click(self, role, name, **kw):
        el = self.cur.find(role, name, **kw)
        return "click(%r)" % el.bid, "%s %r" % (role, name)

    def fill(self, role, name, text, **kw):
        el = self.cur.find(role, name, **kw)
        return "fill(%r, %r)" % (el.bid, text), "%s %r" % (role, name)

    def select(self, role, name, option, **kw):
        el = self.cur.find(role, name, **kw)
        return "select_option(%r, %r)" % (el.bid, option), "%s %r" % (role, name)

    def press(self, role, name, key, **kw):
        el = self.cur.find(role, name, **kw)
        return "press(%r, %r)" % (el.bid, key), "%s %r" % (role, name)

    def act(self, action, commitment, reasoning, effect, page_fn=None):
        self.ctx.tick()
        page = page_fn(self.ctx) if page_fn else self.cur
        cmd, target = action
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
                           "observation": page.obs()})
        self.cur = page

    def say(self, commitment, text):
        self.act(("send_msg_to_user(%r)" % text, None), commitment, "Report the result to the user", "read")

    def record(self):
        healthy = self.kind == "healthy"
        assert healthy == (self.fault_step is None), self.id
        return {"id": self.id, "workflow": self.workflow, "task": self.task, "plan": self.plan,
                "label": {"fault": None if healthy else self.kind, "first_off_track_step": self.fault_step,
                          "note": self.note},
                "initial_observation": self.init.obs(), "steps": self.steps,
                "outcome": {"success": healthy}}


# ---------------------------------------------------------------------------
# Workflow 1: record a controlled-drug administration
# ---------------------------------------------------------------------------
def open_patient(r, entry, p, commitment_find, commitment_open, mark_click=False, search_name=None):
    """Get from the ward board to patient p's summary page by one of several routes."""
    ctx = r.ctx
    if entry == "page2":
        r.act(r.click("button", "Next page"), commitment_find,
              "Bed %d is not on the first page of the board; go to the next page" % p["bed"], "read",
              lambda c: board(c, page=2))
    elif entry in ("search_mrn", "search_name"):
        q = p["mrn"] if entry == "search_mrn" else search_name
        ctx.search_value = q
        r.act(r.fill("searchbox", "Search patients by name or MRN", q), commitment_find,
              "Search for the patient by %s" % ("MRN" if entry == "search_mrn" else "surname"), "read",
              lambda c: board(c))
        r.act(r.press("searchbox", "Search patients by name or MRN", "Enter"), commitment_find,
              "Run the search", "read", lambda c: search_page(c, q))
        ctx.search_value = ""  # the header search box is cleared on the next page load
    elif entry == "sort_due":
        r.act(r.select("combobox", "Sort by", "Next medication due"), commitment_find,
              "Sort the board by next medication due so the 18:00 doses come first", "read",
              lambda c: board(c, sort="Next medication due"))
    elif entry == "filter_mine":
        r.act(r.click("button", "Filters (0 active)"), commitment_find, "Open the board filters", "read",
              lambda c: board(c, panel=True))
        r.act(r.click("checkbox", "My patients only"), commitment_find, "Show only the patients allocated to me",
              "read", lambda c: board(c, panel=True, pending=dict(my=True, vacant=True, due=False)))
        r.act(r.click("button", "Apply filters"), commitment_find, "Apply the filter", "read",
              lambda c: board(c, my_only=True, status="Showing 6 patients allocated to RN Priya Raman"))
    elif entry in ("recent", "page1"):
        pass
    else:
        raise ValueError(entry)
    if mark_click:
        r.mark()
    if entry == "recent":
        r.act(r.click("link", "%s · bed %d" % (p["name"], p["bed"])), commitment_open,
              "The patient is in my recently viewed list; open the record from there", "read",
              lambda c: summary(c, p))
    else:
        row = [p["mrn"], "Current inpatient"] if entry.startswith("search") else [p["mrn"]]
        r.act(r.click("link", p["name"], row=row), commitment_open,
              "Open %s (MRN %s, bed %d)" % (p["name"], p["mrn"], p["bed"]), "read", lambda c: summary(c, p))


def admin_run(kind, n, note, entry, p=MARGARET, toast=None, route_explicit=False, draft=False,
              time_value="18:00", skip_witness=False, wq="Nowak", sign="ok", comment=None):
    ctx = Ctx(18 * 60 + rng.randint(1, 4),
              ["Kofi Mensah · bed 9", "Marjorie Okafor · bed 13", "Agnes Whitlock · bed 2"], toast)
    r = Run("administer", kind, n, ctx, TASK_ADMIN, "plans/administer.yaml", note)
    r.start(board(ctx))
    if toast:
        ctx.toast = None
        r.act(r.click("button", "Dismiss notification"), "find-patient",
              "Close the notification so it does not cover the board", "read", lambda c: board(c))
    open_patient(r, entry, p, "find-patient", "open-chart", mark_click=(p is not MARGARET),
                 search_name="Okafor")
    r.act(r.click("tab", "Medication chart"), "open-chart", "Go to the medication chart", "read",
          lambda c: mar(c, p))
    oxy = OXY[p["mrn"]]
    v = dict(dose="10", route="Oral", outcome="Given")  # step 1 opens with the prescription defaults
    r.act(r.click("button", "Record", row=["Oxycodone MR 10 mg tablet", "18:00"]), "open-dose",
          "Record the 18:00 Oxycodone MR 10 mg dose (controlled drug)", "read",
          lambda c: adm(c, p, 1, dict(v)))
    if route_explicit:
        r.act(r.select("combobox", "Route", "Oral"), "dose-route", "Make sure the route is Oral as prescribed",
              "write", lambda c: adm(c, p, 1, dict(v)))
    r.act(r.click("button", "Next: time and witness"), "dose-route",
          "Dose 10 mg, route Oral, outcome Given are correct; continue", "write",
          lambda c: adm(c, p, 2, dict(v, time=c.now)))
    if time_value != "18:00":
        r.mark()
    v["time"] = time_value
    r.act(r.fill("textbox", "Time given (24-hour, HH:MM)", time_value), "time-witness",
          "Enter the time the dose was given", "write", lambda c: adm(c, p, 2, dict(v)))
    if draft:
        r.act(r.click("button", "Save draft"), "time-witness",
              "RN Nowak is finishing the CD register entry; save a draft and come back to add the witness", "write",
              lambda c: mar(c, p, draft=(oxy["rx"], "18:00", c.now),
                            status="Draft saved: %s, 18:00. Not yet signed." % oxy["med"]))
        saved = ctx.now
        r.act(("goto(%r)" % r.cur.url, None), "time-witness",
              "Witness is here now; reload the chart to pick up the draft", "read",
              lambda c: mar(c, p, draft=(oxy["rx"], "18:00", saved)))
        r.act(r.click("link", "Resume draft: %s, 18:00" % oxy["med"]), "time-witness", "Resume the saved draft",
              "read", lambda c: adm(c, p, 2, dict(v)))
    if not skip_witness:
        v.update(wq=wq, wopen=True)
        r.act(r.fill("combobox", "Witness (registered nurse)", wq), "time-witness",
              "Search for the witness", "write", lambda c: adm(c, p, 2, dict(v)))
        v.update(witness=WITNESS_OPTIONS[0][0], wopen=False)
        r.act(r.click("option", WITNESS_OPTIONS[0][0]), "time-witness",
              "Pick RN Tomasz Nowak on Ward 7B (not Nowacki on 4A)", "write", lambda c: adm(c, p, 2, dict(v)))
        v["cd"] = True
        r.act(r.click("checkbox", "Witness has checked the dose and stock balance in the CD register"),
              "time-witness", "The witness has checked the CD register with me", "write",
              lambda c: adm(c, p, 2, dict(v)))
    else:
        r.mark()
    if comment:
        v["comment"] = comment
        r.act(r.fill("textbox", "Comment (optional)", comment), "time-witness", "Add a short comment", "write",
              lambda c: adm(c, p, 2, dict(v)))
    r.act(r.click("button", "Next: review"), "time-witness", "Continue to the review step", "write",
          lambda c: adm(c, p, 3, dict(v)))
    r.act(r.click("button", "Sign administration"), "review-sign", "Everything matches; sign the administration",
          "read", lambda c: adm(c, p, 3, dict(v), dialog=True))
    wit = "TN" if v.get("witness") else "witness pending"
    done_txt = "Given %s · PR / %s" % (v["time"], wit)
    status = ("Administration recorded: %s, 10 mg oral at %s, given by Priya Raman, %s." %
              (oxy["med"], v["time"], "witnessed by Tomasz Nowak" if v.get("witness")
               else "witness co-signature outstanding"))
    final = ("Recorded and signed: %s %s mg oral for %s at %s, %s." %
             (oxy["med"], v["dose"], p["name"], v["time"],
              "witnessed by RN Tomasz Nowak" if v.get("witness") else "RN Tomasz Nowak to co-sign as witness"))
    if sign == "ok":
        r.act(r.click("button", "Sign and record", inside="alertdialog"), "review-sign",
              "Confirm the signature", "irreversible",
              lambda c: mar(c, p, given={(oxy["rx"], "18:00"): done_txt}, status=status))
    elif sign == "noop":
        r.mark()
        r.act(r.click("button", "Sign and record", inside="alertdialog"), "review-sign",
              "Confirm the signature", "irreversible", lambda c: adm(c, p, 3, dict(v)))
    elif sign == "cancel":
        r.mark()
        r.act(r.click("button", "Cancel", inside="alertdialog"), "review-sign",
              "Close the confirmation", "read", lambda c: adm(c, p, 3, dict(v)))
        r.act(r.click("link", p["name"]), "review-sign", "Go back to the patient's chart to check the entry", "read",
              lambda c: mar(c, p, draft=(oxy["rx"], "18:00", c.now)))
    elif sign == "double":
        r.act(r.click("button", "Sign and record", inside="alertdialog"), "review-sign",
              "Confirm the signature", "irreversible", lambda c: adm(c, p, 3, dict(v), dialog=True, busy=True))
        r.mark()
        r.act(r.click("button", "Sign and record", inside="alertdialog"), "review-sign",
              "The dialog is still open; click Sign and record again", "irreversible",
              lambda c: mar(c, p, given={(oxy["rx"], "18:00"): done_txt},
                            extra=[(oxy["rx"], "18:00", "Given %s · PR / TN" % v["time"])], status=status))
    r.say("review-sign", final)
    return r


# ---------------------------------------------------------------------------
# Workflow 2: SBAR handover to the night shift
# ---------------------------------------------------------------------------
SIT = ["81-year-old man, day 4 with community-acquired pneumonia. NEWS2 3 at 19:50 on 2 L oxygen, "
       "comfortable at rest.",
       "Mr Achterberg, 81, admitted 11 Nov with CAP, day 4 IV antibiotics; NEWS2 3 at 19:50 on 2 L O2."]
BG = ["COPD and AF on apixaban. IV co-amoxiclav day 4, next dose 22:00. Unwitnessed fall on the ward "
      "13 Nov, no injury, CT head clear.",
      "Background COPD, AF (apixaban). Fall on ward 13 Nov, no injury, CT head normal. IV co-amoxiclav, "
      "next due 22:00."]
ASSESS = ["Chest improving but still febrile 37.9. Mobilises with frame and one assist; intermittently "
          "confused overnight.",
          "Still febrile (37.9), chest sounds improving. Needs frame plus one; some confusion last night."]
PENDING = ["Repeat potassium (U&E sent 16:40) pending; last K+ 3.1 mmol/L at 06:12",
           "Repeat U&E for potassium sent 16:40, result awaited (K+ 3.1 this morning)"]
REC = ["Chase repeat potassium and escalate to FY1 if K+ below 3.0. Low bed, falls sensor on, call bell "
       "in reach. IV co-amoxiclav due 22:00.",
       "Chase the repeat K+; escalate if under 3.0. Keep falls precautions (low bed, sensor mat). "
       "22:00 IV co-amoxiclav."]


def handover_run(kind, n, note, entry, toast=None, recent_first=False, back_step=False, draft=False,
                 escalate=False, waterlow=None, fault=None, search_name="Achterberg"):
    p = DESMOND
    recent = ["Desmond Archer · bed 15", "Terence Bailey · bed 14", "Kofi Mensah · bed 9"]
    if recent_first:
        recent = ["Desmond Achterberg · bed 5"] + recent[:2]
    ctx = Ctx(20 * 60 + 28 + rng.randint(0, 6), recent, toast)
    r = Run("handover", kind, n, ctx, TASK_HANDOVER, "plans/handover.yaml", note)
    k = rng.randint(0, 1)
    r.start(board(ctx))
    if toast:
        ctx.toast = None
        r.act(r.click("button", "Dismiss notification"), "open-patient", "Dismiss the notification", "read",
              lambda c: board(c))
    open_patient(r, entry, p, "open-patient", "open-patient", search_name=search_name)
    r.act(r.click("tab", "Handover"), "start-handover", "Open the Handover tab", "read", lambda c: ho_tab(c, p))
    if fault == "denied":
        r.mark()
        r.act(r.click("button", "Start handover note"), "start-handover", "Start a new handover note", "read",
              lambda c: denied(c, p))
        r.act(r.click("link", "Back to patient summary"), "start-handover", "Go back to the patient", "read",
              lambda c: summary(c, p))
        r.say("start-handover", "I could not start the handover for Desmond Achterberg: CareChart says I don't have "
                                "permission for bed 5. The nurse in charge needs to reassign the allocation.")
        return r
    v = dict(shift=SHIFTS[1])
    r.act(r.click("button", "Start handover note"), "start-handover", "Start a new handover note", "write",
          lambda c: ho_wiz(c, p, 1, dict(v)))
    order = [("sit", "Situation", SIT[k]), ("bg", "Background", BG[k])]
    if n % 2 == 0:
        order.reverse()
    for key, label, text in order:
        v[key] = text
        r.act(r.fill("textbox", label, text), "situation-background", "Write the %s section" % label, "write",
              lambda c: ho_wiz(c, p, 1, dict(v)))
    r.act(r.click("button", "Next: assessment"), "situation-background", "Continue to the assessment", "write",
          lambda c: ho_wiz(c, p, 2, dict(v)))
    autosave = ctx.now  # the wizard autosaves the draft when a step is completed
    v["fall"] = "High"
    r.act(r.select("combobox", "Fall risk", "High"), "assessment", "Fall risk is High (fall on the ward yesterday)",
          "write", lambda c: ho_wiz(c, p, 2, dict(v)))
    v["pending"] = PENDING[k]
    r.act(r.fill("textbox", "Pending results", PENDING[k]), "assessment", "Note the pending repeat potassium",
          "write", lambda c: ho_wiz(c, p, 2, dict(v)))
    if fault == "unsaved":
        r.mark()
        r.act(r.click("link", "View lab results"), "assessment",
              "Check when the repeat potassium was sent before writing the assessment", "read",
              lambda c: labs(c, p))
        r.act(r.click("tab", "Handover"), "assessment", "Go back to the handover", "read",
              lambda c: ho_tab(c, p, draft=autosave))
        for key in ("fall", "pending"):
            v.pop(key)
        r.act(r.click("link", "Continue draft handover HD-55817 (saved %s)" % autosave), "assessment",
              "Continue the draft handover", "read", lambda c: ho_wiz(c, p, 2, dict(v)))
        v["fall"] = "High"
        r.act(r.select("combobox", "Fall risk", "High"), "assessment", "Set fall risk to High", "write",
              lambda c: ho_wiz(c, p, 2, dict(v)))
    v["assess"] = ASSESS[k]
    r.act(r.fill("textbox", "Assessment", ASSESS[k]), "assessment", "Write the assessment", "write",
          lambda c: ho_wiz(c, p, 2, dict(v)))
    if escalate:
        v["esc"] = True
        r.act(r.click("checkbox", "Escalation plan discussed with patient or family"), "assessment",
              "The escalation plan was discussed with his daughter this afternoon", "write",
              lambda c: ho_wiz(c, p, 2, dict(v)))
    if waterlow:
        v["waterlow"] = waterlow
        r.act(r.select("combobox", "Pressure-area risk (Waterlow)", waterlow), "assessment",
              "Add the Waterlow score from this morning", "write", lambda c: ho_wiz(c, p, 2, dict(v)))
    if draft:
        r.act(r.click("button", "Save draft"), "assessment", "Save a draft before the rest of the note", "write",
              lambda c: ho_wiz(c, p, 2, dict(v), status="Draft HD-55817 saved at %s" % c.now))
        r.act(("goto(%r)" % r.cur.url, None), "assessment", "Reload the draft to make sure it was kept", "read",
              lambda c: ho_wiz(c, p, 2, dict(v)))
    if fault == "stale":
        r.mark()
        stale = dict(v, fall="Medium", pending="")
        r.act(r.click("button", "Save draft"), "assessment", "Save a draft before the rest of the note", "write",
              lambda c: ho_wiz(c, p, 2, dict(stale), status="Draft HD-55817 saved at %s" % c.now))
        v = stale
    if fault == "wrong_shift":
        r.mark()
        v["shift"] = SHIFTS[0]
    r.act(r.click("button", "Next: recommendation"), "assessment", "Continue to the recommendation", "write",
          lambda c: ho_wiz(c, p, 3, dict(v)))
    if back_step:
        r.act(r.click("button", "Back"), "recommendation-receiver", "Double-check the fall risk before going on",
              "read", lambda c: ho_wiz(c, p, 2, dict(v)))
        r.act(r.click("button", "Next: recommendation"), "recommendation-receiver", "Fall risk is High; continue",
              "write", lambda c: ho_wiz(c, p, 3, dict(v)))
    v["rec"] = REC[k]
    r.act(r.fill("textbox", "Recommendation", REC[k]), "recommendation-receiver", "Write the recommendation",
          "write", lambda c: ho_wiz(c, p, 3, dict(v)))
    v["nurse"] = NURSES[1]
    r.act(r.select("combobox", "Receiving nurse", NURSES[1]), "recommendation-receiver",
          "Choose RN Aisha Bello on nights (not Ayesha Bellamy)", "write", lambda c: ho_wiz(c, p, 3, dict(v)))
    r.act(r.click("button", "Next: review"), "recommendation-receiver", "Go to the review step", "write",
          lambda c: ho_wiz(c, p, 4, dict(v)))
    final = ("Handover %sfor Desmond Achterberg (bed 5) submitted to RN Aisha Bello for the night shift: fall risk "
             "High, repeat potassium pending.")
    if fault == "premature":
        r.mark()
        r.say("submit", final % "")
        return r
    r.act(r.click("button", "Submit handover", inside="form"), "submit", "Everything is filled in; submit", "read",
          lambda c: ho_wiz(c, p, 4, dict(v), dialog=True))
    note_id = "HN-20241114-%04d" % rng.randint(500, 560)
    if fault == "error":
        r.mark()
    r.act(r.click("button", "Submit handover", inside="alertdialog"), "submit", "Confirm and send the handover",
          "irreversible", lambda c: ho_note(c, p, dict(v), note_id, failed=(fault == "error")))
    r.say("submit", final % ("" if fault == "error" else note_id + " "))
    return r


# ---------------------------------------------------------------------------
# The runs
# ---------------------------------------------------------------------------
def build_runs():
    runs = []
    # -- administer: healthy (written first, together with the plan) ----------------------------
    runs.append(admin_run("healthy", 1, "Board, next page, open from the list; defaults kept.", "page2"))
    runs.append(admin_run("healthy", 2, "Search by MRN after dismissing a pharmacy toast; witness found by first name.",
                          "search_mrn", toast="Pharmacy: Ward 7B controlled-drug stock check due at 20:00",
                          wq="Tomasz"))
    runs.append(admin_run("healthy", 3, "Board re-sorted by next medication due; route re-selected explicitly; "
                                        "optional comment left empty.", "sort_due", route_explicit=True))
    runs.append(admin_run("healthy", 4, "'My patients only' filter; draft saved while the witness finished the CD register, "
                                        "chart reloaded, draft resumed.", "filter_mine", draft=True,
                          comment="CD register entry completed with witness."))
    # -- handover: healthy -----------------------------------------------------------------------
    runs.append(handover_run("healthy", 1, "'My patients only' filter, then the patient's Handover tab.",
                             "filter_mine"))
    runs.append(handover_run("healthy", 2, "Search by surname (results include a discharged encounter and a "
                                           "namesake); escalation box ticked.", "search_name", escalate=True))
    runs.append(handover_run("healthy", 3, "Opened from Recently viewed after dismissing a toast; went Back one "
                                           "step to re-check, then on.", "recent", recent_first=True,
                             toast="New order: repeat U&E for Desmond Achterberg (bed 5), sample received 16:52",
                             back_step=True))
    runs.append(handover_run("healthy", 4, "Search by MRN; optional Waterlow set; draft saved and the page "
                                           "reloaded before continuing.", "search_mrn", draft=True,
                             waterlow="At risk (10-14)"))
    # -- administer: faults ----------------------------------------------------------------------
    runs.append(admin_run("wrong_record", 1, "Opens Marjorie Okafor (MRN 40031873, bed 13), the name-alert "
                                             "neighbour, and records and signs her dose.", "page2", p=MARJORIE))
    runs.append(admin_run("wrong_value", 2, "Time given typed as 08:00 instead of 18:00; accepted without "
                                            "warning and signed.", "search_name", time_value="08:00"))
    runs.append(admin_run("skipped_required", 3, "Leaves the witness empty and continues; the app accepts it "
                                                 "as 'witness pending' and the dose is signed unwitnessed.",
                          "sort_due", skip_witness=True))
    runs.append(admin_run("silent_noop", 4, "'Sign and record' closes the dialog but records nothing; the "
                                            "review page is unchanged and the agent reports success.",
                          "filter_mine", sign="noop"))
    runs.append(admin_run("dialog_cancelled", 5, "Clicks Cancel in the signing dialog; the chart still shows "
                                                 "the dose Due with an unsigned draft, agent reports success.",
                          "page2", sign="cancel"))
    runs.append(admin_run("duplicate_submit", 6, "Dialog shows 'Recording…' and the agent clicks 'Sign and "
                                                 "record' again: two 18:00 administrations are recorded.",
                          "search_mrn", sign="double"))
    # -- handover: faults ------------------------------------------------------------------------
    runs.append(handover_run("permission_denied", 1, "Starting the handover returns an access-denied page "
                                                     "(roster sync); the handover is never written.", "search_mrn",
                             fault="denied"))
    runs.append(handover_run("stale_page", 2, "After 'Save draft' the form re-renders stale values (fall risk "
                                              "Medium, pending results empty); the agent carries on and submits.",
                             "page1", fault="stale"))
    runs.append(handover_run("error_banner", 3, "Final submit shows an alert that delivery failed and the note is "
                                                "still a draft; the agent reports it as submitted.", "recent",
                             recent_first=True, fault="error"))
    runs.append(handover_run("premature_done", 4, "Agent reports the handover submitted while still on the review "
                                                  "step; Submit was never clicked.", "filter_mine",
                             fault="premature"))
    runs.append(handover_run("wrong_setting", 5, "The recommendation step opens with Receiving shift preset to "
                                                 "Late (a stale ward default); left unchanged and submitted.",
                             "search_name", fault="wrong_shift"))
    runs.append(handover_run("unsaved_navigation", 6, "Agent leaves the assessment step for Lab results with "
                                                      "unsaved entries; the resumed draft has lost them and the "
                                                      "pending potassium is never re-entered.", "page1",
                             fault="unsaved"))
    return runs


def main():
    runs = build_runs()
    order = list(range(len(runs)))
    rng.shuffle(order)
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "administer.yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_ADMIN_YAML)
    with open(os.path.join(HERE, "plans", "handover.yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_HANDOVER_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for i in order:
            f.write(json.dumps(runs[i].record(), ensure_ascii=False) + "\n")
    for r in runs:
        print("%-45s %-20s %s" % (r.id, r.kind if r.kind != "healthy" else "healthy",
                                  "-" if r.fault_step is None else r.fault_step))
    print("wrote %d runs to corpus.jsonl and 2 plans" % len(runs))


if __name__ == "__main__":
    main()
