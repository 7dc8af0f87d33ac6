#!/usr/bin/env python3
"""Generate the "vetline" held-out corpus for a web-agent run checker.

The invented product is Vetline Desk, the front-desk system of a small veterinary
clinic (Harbourside Veterinary Clinic).  The workflow checks in one named pet for its
booked appointment, records its weight in the Check in dialog and marks one stated
vaccine as given on the pet's Vaccinations tab.

Writes, next to this file (or under --out DIR):
    corpus.jsonl               20 trajectories (8 healthy, 12 faulty)
    plans/vet_checkin.yaml     the plan (written from the task and healthy pages only)

Python 3 standard library only.  The seed is fixed and nothing depends on the clock,
the environment or dict ordering, so two runs write byte-identical files.
"""
import argparse
import json
import os
import random
from collections import namedtuple
from urllib.parse import quote

SEED = 14052025
BASE = "http://127.0.0.1:8710"
WORKFLOW = "vet_checkin"
PLAN_REL = "plans/vet_checkin.yaml"
PRODUCT = "Vetline Desk"
CLINIC = "Harbourside Veterinary Clinic"
USER = "Priya Nair · Front desk"
TODAY = "14 May 2025"
TASK = ("Please check in Biscuit (P-20418, Grace Okafor's beagle) for his 10:30 with "
        "Dr. Lindqvist today, put his weight in as 12.4 kg and mark the DHPP booster as given.")

# --------------------------------------------------------------------------------------
# The plan.  Written from TASK and from the healthy pages only, before any faulty run
# existed, and not edited afterwards.
# --------------------------------------------------------------------------------------
PLAN_YAML = '''\
# Plan for the Vetline Desk check-in workflow (held-out corpus "vetline").
# Written from the task text and the healthy pages only, before any faulty run.
task: "Please check in Biscuit (P-20418, Grace Okafor's beagle) for his 10:30 with Dr. Lindqvist today, put his weight in as 12.4 kg and mark the DHPP booster as given."
plan_falsifiers:
  execution:
    - "Sign in to Vetline Desk"
    - "Your session has ended. Sign in again to continue."
    - "Access restricted"
    - "Something went wrong on our side"
    - {text: "Take payment", "on": action}
    - {text: "Void draft", "on": action}
    - {text: "Cancel appointment", "on": action}
commitments:
  - id: find-appointment
    subgoal: "Find Biscuit's (P-20418) 10:30 appointment with Dr. Lindqvist on today's calendar"
    skill: locate_row_in_table
    confidence: 0.7
    confirm:
      precondition:
        - "Appointments · Wed 14 May — Vetline Desk"
      progress:
        - "Biscuit"
        - "P-20418 · Dog · Beagle"
      completion:
        - "10:30 Biscuit P-20418 Grace Okafor Dr. Lindqvist Wellness exam + vaccines Booked"
    falsify:
      execution:
        - "Biscotti"
        - "P-20481"
        - "P-21418"
        - "Mei Tanaka"
        - "No appointments match these filters."
      skill:
        - "The search box is not available"
      planning:
        - "Biscuit has no appointment today"
  - id: open-checkin
    subgoal: "Open the Check in dialog for Biscuit's 10:30 appointment"
    skill: open_row_action
    confidence: 0.7
    confirm:
      precondition:
        - "Check in"
      progress: []
      completion:
        - "Check in Biscuit (P-20418)"
        - "10:30 · Wellness exam + vaccines · Dr. Lindqvist"
        - "Weight (kg)"
    falsify:
      execution:
        - "Check in Biscotti (P-20481)"
        - "Check in Biscuit (P-21418)"
        - "Check in Pepper (P-20419)"
        - "11:30 · Ear recheck · Dr. Osei"
        - {text: "Check in on the Biscotti row", "on": action}
      skill:
        - "There is no Check in button for this appointment"
      planning:
        - "The appointment is already checked in"
  - id: record-weight
    subgoal: "Type 12.4 into Weight (kg) in the Check in dialog"
    skill: fill_form_field
    confidence: 0.6
    confirm:
      precondition:
        - "Weight (kg)"
      progress: []
      completion:
        - "Weight (kg) value 12.4"
    falsify:
      execution:
        - "14.2"
        - "1.24"
        - "above the last recorded weight"
        - {text: "fill Weight (kg) with 14.2", "on": action}
      skill:
        - "Enter the weight as a number only"
      planning: []
  - id: confirm-checkin
    subgoal: "Confirm the check-in and see Biscuit marked Checked in with 12.4 kg saved"
    confidence: 0.6
    confirm:
      precondition:
        - "Confirm check-in"
      progress: []
      completion:
        - "Biscuit (P-20418) checked in for 10:30 with Dr. Lindqvist · weight 12.4 kg saved"
        - "Checked in"
    falsify:
      execution:
        - "Biscotti (P-20481) checked in"
        - "Biscuit (P-21418) checked in"
        - "no weight recorded"
        - "Biscuit (P-20418) still shows Booked after confirming"
      skill: []
      planning: []
  - id: open-vaccinations
    subgoal: "Open Biscuit's (P-20418) patient record on the Vaccinations tab"
    skill: open_record_by_id
    confidence: 0.7
    confirm:
      precondition:
        - "Biscuit (P-20418) · Overview — Vetline Desk"
      progress:
        - "Patient ID P-20418"
        - "Grace Okafor"
      completion:
        - "Biscuit (P-20418) · Vaccinations — Vetline Desk"
        - "DHPP booster Due now Mark as given"
    falsify:
      execution:
        - "Patient ID P-21418"
        - "Patient ID P-20481"
        - "Owner Mei Tanaka"
        - "Daniel Okafor"
      skill: []
      planning:
        - "DHPP booster is not on this patient's vaccination list"
  - id: mark-vaccine
    subgoal: "Mark the DHPP booster as given and confirm the Record vaccination dialog"
    skill: confirm_dialog
    confidence: 0.6
    confirm:
      precondition:
        - "DHPP booster"
        - "Mark as given"
      progress:
        - "Record vaccination — DHPP booster"
      completion:
        - "DHPP booster recorded as given for Biscuit (P-20418) · next due 14 May 2026"
        - "DHPP booster 14 May 2025 14 May 2026 Up to date"
    falsify:
      execution:
        - "Record vaccination — Leptospirosis (L4)"
        - "Leptospirosis (L4) recorded as given"
        - "Kennel cough (Bordetella) recorded as given"
        - {text: "click Not now in the Record vaccination dialog", "on": action}
      skill:
        - "Recording vaccinations needs the Clinical role"
      planning: []
  - id: report
    subgoal: "Tell the user that Biscuit is checked in at 12.4 kg and the DHPP booster is recorded"
    confidence: 0.8
    confirm:
      precondition: []
      progress: []
      completion:
        - "DHPP booster Up to date"
        - "Checked in"
    falsify:
      execution:
        - "DHPP booster Due now"
        - {text: "report success before the DHPP booster shows Up to date", "on": action}
      skill: []
      planning: []
'''

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
Appt = namedtuple("Appt", "time pid name kind owner vet visit status")
APPTS = [
    Appt("08:00", "P-19077", "Juniper", "Cat · Domestic shorthair", "Alan Whitcombe", "Dr. Osei", "Dental follow-up", "Checked out"),
    Appt("08:15", "P-20233", "Rollo", "Dog · Springer spaniel", "Fatima Haddad", "Dr. Lindqvist", "Post-op check", "Checked out"),
    Appt("08:30", "P-20917", "Mochi", "Rabbit · Netherland dwarf", "Ines Carvalho", "Dr. Osei", "Nail trim", "Checked out"),
    Appt("09:00", "P-18802", "Kasper", "Dog · Greyhound", "Ruth Ellery", "Dr. Lindqvist", "Wellness exam", "Cancelled"),
    Appt("09:15", "P-20356", "Tansy", "Cat · Siamese", "Leon Marsh", "Dr. Osei", "Vaccination", "No-show"),
    Appt("09:45", "P-19630", "Nutmeg", "Guinea pig", "Chloe Baptiste", "Dr. Lindqvist", "Skin check", "In consult"),
    Appt("10:00", "P-20419", "Pepper", "Dog · Beagle", "Grace Okafor", "Dr. Osei", "Skin recheck", "Checked in"),
    Appt("10:15", "P-20077", "Otto", "Dog · Dachshund", "Sam Whitlow", "Dr. Osei", "Vaccination", "Checked in"),
    Appt("10:30", "P-20418", "Biscuit", "Dog · Beagle", "Grace Okafor", "Dr. Lindqvist", "Wellness exam + vaccines", "Booked"),
    Appt("10:45", "P-20481", "Biscotti", "Cat · British shorthair", "Daniel Okafor", "Dr. Lindqvist", "Vaccination", "Booked"),
    Appt("11:00", "P-19954", "Marlowe", "Dog · Labrador", "Sunita Rao", "Dr. Osei", "Lameness", "Booked"),
    Appt("11:30", "P-21418", "Biscuit", "Dog · Cockapoo", "Mei Tanaka", "Dr. Osei", "Ear recheck", "Booked"),
    Appt("12:00", "P-20602", "Figaro", "Cat · Maine coon", "Owen Pritchard", "Dr. Lindqvist", "Weight check", "Booked"),
    Appt("13:30", "P-18457", "Hazel", "Dog · Border collie", "Tom Aske", "Dr. Osei", "Senior check", "Booked"),
    Appt("14:00", "P-20740", "Bramble", "Dog · Jack Russell", "Nadia Fox", "Dr. Lindqvist", "Vaccination", "Booked"),
    Appt("14:30", "P-21002", "Pip", "Ferret", "Jonah Ruiz", "Dr. Osei", "Vaccination", "Cancelled"),
    Appt("15:00", "P-19311", "Luna", "Cat · Ragdoll", "Aoife Byrne", "Dr. Lindqvist", "Blood results", "Booked"),
    Appt("15:45", "P-20855", "Ziggy", "Dog · Whippet", "Carl Mensah", "Dr. Osei", "Wellness exam", "Booked"),
    Appt("16:30", "P-21120", "Clementine", "Cat · Bengal", "Rosa Lind", "Dr. Lindqvist", "Post-op check", "Booked"),
]
APPT = {a.pid: a for a in APPTS}
ROOM = {"Dr. Lindqvist": "Consult 2", "Dr. Osei": "Consult 1"}
PAGE_SIZE = 10

PATIENTS = {
    "P-20418": dict(name="Biscuit", species="Dog", breed="Beagle", sex="Male (neutered)",
                    born="3 Feb 2021", age="4 yrs", owner="Grace Okafor", phone="07700 900418",
                    email="grace.okafor@example.net", household=[("Pepper", "P-20419")],
                    caution="Nervous with nail trims — muzzle on file", invoice="INV-88213",
                    balance="£0.00 owed"),
    "P-21418": dict(name="Biscuit", species="Dog", breed="Cockapoo", sex="Female (spayed)",
                    born="11 Aug 2022", age="2 yrs", owner="Mei Tanaka", phone="07700 900233",
                    email="mei.tanaka@example.org", household=[], caution=None,
                    invoice="INV-88240", balance="£18.50 overdue since 2 Apr 2025"),
    "P-20481": dict(name="Biscotti", species="Cat", breed="British shorthair", sex="Female (spayed)",
                    born="30 Sep 2020", age="4 yrs", owner="Daniel Okafor", phone="07700 900814",
                    email="d.okafor@example.com", household=[],
                    caution="Indoor cat — stressed by dogs in the waiting room",
                    invoice="INV-88231", balance="£0.00 owed"),
}
OTHER_PETS = {"P-20419": ("Pepper", "Dog · Beagle", "Grace Okafor")}

VACCINES = {
    "P-20418": [("DHPP booster", "10 May 2024", "10 May 2025", "Due now"),
                ("Leptospirosis (L4)", "10 May 2024", "10 May 2025", "Due now"),
                ("Kennel cough (Bordetella)", "2 Mar 2024", "2 Mar 2025", "Overdue"),
                ("Rabies", "3 Jun 2023", "3 Jun 2026", "Up to date")],
    "P-21418": [("DHPP booster", "2 May 2024", "2 May 2025", "Overdue"),
                ("Leptospirosis (L4)", "19 Jan 2025", "19 Jan 2026", "Up to date"),
                ("Kennel cough (Bordetella)", "—", "—", "Declined by owner")],
    "P-20481": [("FVRCP booster", "11 Nov 2023", "11 Nov 2024", "Overdue"),
                ("FeLV", "11 Nov 2024", "11 Nov 2025", "Up to date"),
                ("Rabies", "—", "—", "Not given")],
}
NEXT_DUE = {"Rabies": "14 May 2028"}
PRICE = {"DHPP booster": "£39.50", "Leptospirosis (L4)": "£34.00",
         "Kennel cough (Bordetella)": "£29.00", "FVRCP booster": "£41.00", "Rabies": "£52.00",
         "FeLV": "£38.00"}
BATCH = {"DHPP booster": "DH-2291-B · exp. Jan 2026 · 6 in stock",
         "Leptospirosis (L4)": "LP-0937 · exp. Sep 2025 · 11 in stock",
         "Kennel cough (Bordetella)": "KC-5520 · exp. Aug 2025 · 4 in stock",
         "FVRCP booster": "FV-7713 · exp. Mar 2026 · 9 in stock",
         "Rabies": "RB-1180 · exp. Dec 2025 · 7 in stock"}

WEIGHTS = {  # newest first: (date, kg, recorded by)
    "P-20418": [("12 Nov 2024", "12.1", "Dr. Lindqvist"), ("10 May 2024", "11.8", "Dr. Lindqvist"),
                ("2 Nov 2023", "11.9", "Dr. Osei"), ("10 May 2023", "11.2", "Dr. Lindqvist"),
                ("14 Dec 2022", "10.6", "Nurse Hale"), ("3 Jun 2022", "9.8", "Dr. Osei"),
                ("9 Mar 2022", "8.7", "Nurse Hale"), ("20 Apr 2021", "3.9", "Dr. Osei")],
    "P-21418": [("2 Apr 2025", "14.6", "Dr. Osei"), ("19 Jan 2025", "14.9", "Dr. Osei"),
                ("5 Oct 2024", "14.1", "Nurse Hale")],
    "P-20481": [("11 Nov 2024", "4.2", "Nurse Hale"), ("11 Nov 2023", "4.4", "Dr. Lindqvist")],
}
VISITS = {
    "P-20418": [("12 Nov 2024", "Ear check", "Dr. Lindqvist"),
                ("10 May 2024", "Wellness exam + vaccines", "Dr. Lindqvist"),
                ("2 Nov 2023", "Limping, rear left — resolved", "Dr. Osei")],
    "P-21418": [("2 Apr 2025", "Ear infection, left", "Dr. Osei"),
                ("19 Jan 2025", "Vaccination", "Dr. Osei")],
    "P-20481": [("11 Nov 2024", "Annual check", "Nurse Hale")],
}
INVOICES = {  # other (older) invoices per patient: (number, date, status, total)
    "P-20418": [("INV-87104", "12 Nov 2024", "Paid", "£56.00"),
                ("INV-86552", "10 May 2024", "Paid (card failed, paid on retry)", "£121.50")],
    "P-21418": [("INV-87911", "2 Apr 2025", "Overdue", "£18.50")],
    "P-20481": [("INV-87090", "11 Nov 2024", "Paid", "£44.00")],
}
VISIT_FEE = {"Wellness exam + vaccines": ("Wellness exam (standard)", "£48.00"),
             "Ear recheck": ("Recheck consultation", "£32.00"),
             "Vaccination": ("Vaccination appointment", "£22.00")}

NAV = ["Today", "Appointments", "Patients", "Owners", "Invoices", "Inventory", "Reports", "Settings"]
NOTICES = [
    ("Reminder SMS failed for Marlowe (P-19954) — number not reachable", "Retry SMS"),
    ("Card payment failed on INV-88102 (Ruth Ellery) — client will call back", "Open invoice"),
    ("3 vaccine reminders overdue this week", "View reminders"),
    ("Stock low: DHPP vaccine — 6 doses left", "Open inventory"),
]


def money(p):
    return float(p.replace("£", ""))


# --------------------------------------------------------------------------------------
# Application state
# --------------------------------------------------------------------------------------
class World:
    def __init__(self):
        self.status = {a.pid: a.status for a in APPTS}
        self.weights = {k: list(v) for k, v in WEIGHTS.items()}
        self.vacc = {k: [list(x) for x in v] for k, v in VACCINES.items()}
        self.lines = {}
        for pid, p in PATIENTS.items():
            self.lines[p["invoice"]] = [VISIT_FEE[APPT[pid].visit]]

    def waiting(self):
        return sum(1 for s in self.status.values() if s == "Checked in")

    def in_consult(self):
        return sum(1 for s in self.status.values() if s == "In consult")

    def checkin(self, pid, weight):
        self.status[pid] = "Checked in"
        if weight:
            self.weights[pid].insert(0, (TODAY, weight, "Priya Nair (front desk)"))

    def give(self, pid, vname):
        for v in self.vacc[pid]:
            if v[0] == vname:
                v[1], v[2], v[3] = TODAY, NEXT_DUE.get(vname, "14 May 2026"), "Up to date"
        self.lines[PATIENTS[pid]["invoice"]].append((f"{vname} vaccine", PRICE[vname]))

    def inv_total(self, inv):
        return "£%.2f" % sum(money(p) for _, p in self.lines[inv])


# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened style)
# --------------------------------------------------------------------------------------
CTX = {"t0": 600, "n": 0, "notif": 3, "banner": None}


def clock():
    m = CTX["t0"] + CTX["n"]
    return "%02d:%02d" % (m // 60, m % 60)


class Tree:
    def __init__(self):
        self.nodes, self.keys, self.used, self.nxt = [], {}, set(), 1

    def at(self, n):
        self.nxt = n

    def add(self, depth, role, name="", value=None, attrs=(), key=None):
        bid = None
        if role != "StaticText":
            bid = str(self.nxt)
            self.nxt += 1
            assert bid not in self.used, ("duplicate bid", bid)
            self.used.add(bid)
        self.nodes.append((depth, bid, role, name, value, tuple(attrs)))
        if key is not None:
            assert key not in self.keys, ("duplicate key", key)
            self.keys[key] = (bid, role, name)
        return bid

    def txt(self, depth, s):
        self.add(depth, "StaticText", s)

    def render(self, title):
        out = [f"RootWebArea {title!r}, focused"]
        for depth, bid, role, name, value, attrs in self.nodes:
            s = "\t" * (depth + 1) + (f"[{bid}] " if bid else "") + f"{role} {name!r}"
            if value is not None:
                s += f" value={value!r}"
            if attrs:
                s += ", " + ", ".join(attrs)
            out.append(s)
        return "\n".join(out)


class Obs:
    def __init__(self, path, title, tree, error=None):
        self.url = BASE + path
        self.title = title
        self.text = tree.render(title)
        self.keys = dict(tree.keys)
        self.error = error

    def js(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}


def top(t, w, active, crumbs, search_value=None):
    t.at(10)
    t.add(0, "banner", "")
    t.add(1, "link", f"{PRODUCT} home", key="home")
    t.txt(1, CLINIC)
    t.add(1, "search", "")
    t.add(2, "combobox", "Search patients, owners, invoices", value=search_value,
          attrs=("autocomplete='list'", "hasPopup='listbox'", "expanded=False"), key="gsearch")
    t.add(2, "button", "Search", key="gsearch_go")
    t.add(1, "status", "", attrs=("live='polite'",))
    t.txt(2, f"Waiting room: {w.waiting()}")
    t.txt(2, f"In consult: {w.in_consult()}")
    t.add(1, "button", f"Notifications ({CTX['notif']} unread)",
          attrs=("hasPopup='menu'", "expanded=False"), key="notif")
    t.add(1, "button", USER, attrs=("hasPopup='menu'", "expanded=False"), key="usermenu")
    t.at(30)
    t.add(0, "navigation", "Main")
    for item in NAV:
        t.add(1, "link", item, attrs=(("current='page'",) if item == active else ()), key=f"nav:{item}")
    t.at(45)
    t.add(0, "navigation", "Breadcrumb")
    for label, k in crumbs[:-1]:
        t.add(1, "link", label, key=k)
    t.txt(1, crumbs[-1][0])
    if CTX["banner"]:
        t.at(55)
        t.add(0, "region", "Clinic announcement")
        t.txt(1, CTX["banner"])
        t.add(1, "button", "Hide announcement")


def bottom(t, toasts=()):
    t.at(700)
    t.add(0, "contentinfo", "")
    t.txt(1, f"© 2025 {PRODUCT} · release 4.12.3")
    t.add(1, "link", "Help centre")
    t.add(1, "link", "Keyboard shortcuts")
    t.add(1, "link", "Privacy")
    t.txt(1, f"Connected · synced {clock()}")
    if toasts:
        t.at(800)
        t.add(0, "region", "Notifications", attrs=("live='polite'",))
        for msg, links in toasts:
            t.add(1, "status", "")
            t.txt(2, msg)
            for l in links:
                t.add(2, "link", l)
            t.add(2, "button", "Dismiss notification")


def weight_warning(pid, weight):
    last = float(WEIGHTS[pid][0][1])
    try:
        x = float(weight)
    except ValueError:
        return None
    pct = round(abs(x - last) / last * 100)
    if pct < 10:
        return None
    side = "above" if x > last else "below"
    return (f"{weight} kg is {pct}% {side} the last recorded weight ({WEIGHTS[pid][0][1]} kg). "
            "Check the scale reading before saving.")


def d_checkin(t, w, pid, weight=None, error=None):
    a, p = APPT[pid], PATIENTS[pid]
    t.at(850)
    t.add(0, "dialog", f"Check in {a.name} ({pid})", attrs=("modal=True",))
    t.add(1, "heading", f"Check in {a.name} ({pid})", attrs=("level=2",))
    t.txt(1, f"{a.time} · {a.visit} · {a.vet}")
    t.txt(1, f"Owner: {p['owner']} · {p['phone']}")
    t.add(1, "textbox", "Weight (kg)", value=weight or None,
          attrs=(("focused",) if weight is not None else ()), key="ci_weight")
    last = w.weights[pid][0]
    t.txt(1, f"Last recorded: {last[1]} kg on {last[0]}")
    warn = weight_warning(pid, weight) if weight else None
    if error or warn:
        t.add(1, "alert", "")
        t.txt(2, error or warn)
    t.add(1, "combobox", "Room", value=ROOM[a.vet], attrs=("hasPopup='listbox'", "expanded=False"))
    t.add(1, "checkbox", "Consent form signed", attrs=("checked='true'",))
    t.add(1, "textbox", "Front-desk note (optional)")
    t.add(1, "button", "Cancel", key="ci_cancel")
    t.add(1, "button", "Confirm check-in", key="ci_confirm")


def d_vacc(t, w, pid, vname):
    a, p = APPT[pid], PATIENTS[pid]
    t.at(850)
    t.add(0, "dialog", f"Record vaccination — {vname}", attrs=("modal=True",))
    t.add(1, "heading", f"Record vaccination — {vname}", attrs=("level=2",))
    t.txt(1, f"Patient: {a.name} ({pid}) · owner {p['owner']}")
    t.add(1, "combobox", "Batch", value=BATCH[vname], attrs=("hasPopup='listbox'", "expanded=False"))
    t.add(1, "textbox", "Date given", value="14/05/2025")
    t.add(1, "combobox", "Given by", value=a.vet, attrs=("hasPopup='listbox'", "expanded=False"))
    t.add(1, "checkbox", f"Add to invoice {p['invoice']}", attrs=("checked='true'",))
    t.txt(1, f"A reminder for the next dose will be sent to {p['owner']} by SMS.")
    t.add(1, "button", "Not now", key="vd_not_now")
    t.add(1, "button", "Record as given", key="vd_record")


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
def v_calendar(w, vet="All vets", vtype="All types", stat="All statuses", q="", page=1,
               sort="time", toasts=(), dialog=None, gs=None):
    def keep(a):
        return ((vet == "All vets" or a.vet == vet) and (vtype == "All types" or a.visit == vtype)
                and (stat == "All statuses" or w.status[a.pid] == stat)
                and (not q or q.lower() in f"{a.name} {a.owner} {a.pid}".lower()))
    rows = [a for a in APPTS if keep(a)]
    if sort == "patient":
        rows.sort(key=lambda a: (a.name, a.pid))
    total = len(rows)
    npages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    vis = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    filtered = (vet, vtype, stat, q) != ("All vets", "All types", "All statuses", "")

    t = Tree()
    top(t, w, "Appointments", [("Home", "bc:home"), ("Appointments", "bc:appts"), ("Wed 14 May 2025", None)],
        search_value=gs)
    t.at(100)
    t.add(0, "main", "")
    t.add(1, "heading", "Appointments", attrs=("level=1",))
    t.add(1, "button", "Previous day")
    t.add(1, "button", "Today", attrs=("pressed=true",))
    t.add(1, "button", "Next day")
    t.txt(1, "Wednesday 14 May 2025")
    t.add(1, "radio", "Day", attrs=("checked='false'",))
    t.add(1, "radio", "List", attrs=("checked='true'",))
    t.add(1, "button", "New appointment")
    t.add(1, "group", "Filters")
    t.add(2, "combobox", "Vet", value=vet, attrs=("hasPopup='listbox'", "expanded=False"), key="f_vet")
    for o in ["All vets", "Dr. Lindqvist", "Dr. Osei"]:
        t.add(3, "option", o, attrs=(("selected=True",) if o == vet else ("selected=False",)))
    t.add(2, "combobox", "Visit type", value=vtype, attrs=("hasPopup='listbox'", "expanded=False"), key="f_type")
    for o in ["All types"] + sorted({a.visit for a in APPTS}):
        t.add(3, "option", o, attrs=(("selected=True",) if o == vtype else ("selected=False",)))
    t.add(2, "combobox", "Status", value=stat, attrs=("hasPopup='listbox'", "expanded=False"), key="f_status")
    for o in ["All statuses", "Booked", "Checked in", "In consult", "Checked out", "Cancelled", "No-show"]:
        t.add(3, "option", o, attrs=(("selected=True",) if o == stat else ("selected=False",)))
    t.add(2, "textbox", "Filter by patient or owner", value=q or None, key="f_q")
    t.add(2, "button", "Clear filters", attrs=(() if filtered else ("disabled=True",)), key="f_clear")
    t.add(1, "status", "", attrs=("live='polite'",))
    st = list(w.status.values())
    summary = (f"{len(APPTS)} appointments · {st.count('Checked in')} checked in · "
               f"{st.count('Checked out')} checked out · {st.count('Cancelled')} cancelled · "
               f"{st.count('No-show')} no-show")
    t.txt(2, summary)
    if filtered:
        t.txt(2, f"Showing {total} of {len(APPTS)} — filters applied")
    t.at(150)
    t.add(1, "table", "Appointments for Wednesday 14 May 2025")
    t.add(2, "rowgroup", "")
    t.add(3, "row", "")
    for col, sortable in [("Time", True), ("Patient", True), ("Owner", True), ("Vet", True),
                          ("Visit type", False), ("Status", True), ("Actions", False)]:
        key = col.lower()
        attrs = ()
        if key == sort:
            attrs = ("sort='ascending'",)
        t.add(4, "columnheader", col, attrs=attrs)
        if sortable:
            t.add(5, "button", f"Sort by {key}", key=f"sort:{key}")
    t.add(2, "rowgroup", "")
    if not vis:
        t.txt(3, "No appointments match these filters.")
    for i, a in enumerate(vis):
        t.at(200 + i * 16)
        s = w.status[a.pid]
        t.add(3, "row", "")
        t.add(4, "gridcell", a.time)
        t.add(4, "gridcell", "")
        t.add(5, "link", a.name, key=f"plink:{a.pid}")
        t.txt(5, f"{a.pid} · {a.kind}")
        t.add(4, "gridcell", a.owner)
        t.add(4, "gridcell", a.vet)
        t.add(4, "gridcell", a.visit)
        t.add(4, "gridcell", s)
        t.add(4, "gridcell", "")
        if s == "Booked":
            t.add(5, "button", "Check in", key=f"checkin:{a.pid}")
        elif s == "Checked in":
            t.add(5, "button", "Open record", key=f"open:{a.pid}")
        elif s == "Checked out":
            t.add(5, "button", "View invoice")
        elif s in ("Cancelled", "No-show"):
            t.add(5, "button", "Rebook")
        else:
            t.txt(5, "With vet")
        t.add(5, "button", f"More actions for {a.name}", attrs=("hasPopup='menu'", "expanded=False"))
    t.at(380)
    t.add(1, "navigation", "Pagination")
    t.txt(2, f"Showing {(page - 1) * PAGE_SIZE + 1 if total else 0}–{(page - 1) * PAGE_SIZE + len(vis)} of {total}")
    t.add(2, "button", "Previous page", attrs=(("disabled=True",) if page == 1 else ()), key="prev")
    for p in range(1, npages + 1):
        t.add(2, "button", f"Page {p}", attrs=(("pressed=true",) if p == page else ()), key=f"page:{p}")
    t.add(2, "button", "Next page", attrs=(("disabled=True",) if page == npages else ()), key="next")
    t.add(2, "combobox", "Rows per page", value=str(PAGE_SIZE), attrs=("hasPopup='listbox'", "expanded=False"))
    t.at(420)
    t.add(0, "complementary", "Front-desk notices")
    t.add(1, "heading", "Front-desk notices", attrs=("level=2",))
    t.add(1, "list", "")
    for msg, link in NOTICES:
        t.add(2, "listitem", "")
        t.txt(3, msg)
        t.add(3, "link", link)
    bottom(t, toasts)
    if dialog:
        d_checkin(t, w, *dialog)
    params = ["date=2025-05-14", "view=list"]
    if vet != "All vets":
        params.append("vet=" + quote(vet))
    if vtype != "All types":
        params.append("type=" + quote(vtype))
    if stat != "All statuses":
        params.append("status=" + quote(stat))
    if q:
        params.append("q=" + quote(q))
    if sort != "time":
        params.append("sort=" + sort)
    if page != 1:
        params.append(f"page={page}")
    return Obs("/desk/appointments?" + "&".join(params), "Appointments · Wed 14 May — Vetline Desk", t)


TABS = [("overview", "Overview", ""), ("vacc", "Vaccinations", "/vaccinations"),
        ("weight", "Weight history", "/weights"), ("visits", "Visits", "/visits"),
        ("invoices", "Invoices", "/invoices")]


def v_patient(w, pid, tab="overview", toasts=(), dialog=None, wpage=1):
    p, a = PATIENTS[pid], APPT[pid]
    t = Tree()
    top(t, w, "Patients", [("Home", "bc:home"), ("Patients", "bc:patients"), (f"{a.name} ({pid})", None)])
    t.at(100)
    t.add(0, "main", "")
    t.add(1, "heading", a.name, attrs=("level=1",))
    t.txt(1, f"Patient ID {pid}")
    t.txt(1, f"{p['species']} · {p['breed']} · {p['sex']} · born {p['born']} ({p['age']})")
    if p["caution"]:
        t.add(1, "note", "Caution")
        t.txt(2, p["caution"])
    t.add(1, "region", "Owner")
    t.txt(2, "Owner")
    t.add(2, "link", p["owner"], key="owner")
    t.txt(2, f"{p['phone']} · {p['email']}")
    if p["household"]:
        t.txt(2, "Other pets in household:")
        for n, hp in p["household"]:
            t.add(2, "link", f"{n} ({hp})", key=f"hh:{hp}")
    t.txt(2, f"Account: {p['balance']}")
    t.add(1, "button", "Edit patient")
    t.add(1, "button", "Book appointment")
    t.add(1, "button", "Print record")
    t.at(130)
    t.add(1, "tablist", "Patient record")
    due = sum(1 for v in w.vacc[pid] if v[3] == "Due now")
    over = sum(1 for v in w.vacc[pid] if v[3] == "Overdue")
    bits = ([f"{due} due"] if due else []) + ([f"{over} overdue"] if over else [])
    vlabel = "Vaccinations" + (f" ({', '.join(bits)})" if bits else "")
    for k, label, _ in TABS:
        shown = vlabel if k == "vacc" else label
        t.add(2, "tab", shown, attrs=(("selected=True",) if k == tab else ("selected=False",)), key=f"tab:{k}")
    t.at(150)
    tabname = dict((k, l) for k, l, _ in TABS)[tab]
    t.add(1, "tabpanel", tabname)
    if tab == "overview":
        t.add(2, "heading", "Today", attrs=("level=2",))
        s = w.status[pid]
        t.txt(2, f"{a.time} · {a.visit} · {a.vet}")
        t.txt(2, f"Status: {s}")
        if s == "Booked":
            t.add(2, "button", "Check in", key="ov_checkin")
        elif s == "Checked in":
            t.txt(2, f"Checked in by Priya Nair · room {ROOM[a.vet]}")
        t.add(2, "heading", "Latest weight", attrs=("level=2",))
        lw = w.weights[pid][0]
        t.txt(2, f"{lw[1]} kg · {lw[0]}")
        t.add(2, "heading", "Recent visits", attrs=("level=2",))
        t.add(2, "list", "")
        for d, what, who in VISITS[pid]:
            t.add(3, "listitem", "")
            t.txt(4, f"{d} · {what} · {who}")
        t.add(2, "link", "All visits")
    elif tab == "vacc":
        t.add(2, "table", "Vaccinations")
        t.add(3, "rowgroup", "")
        t.add(4, "row", "")
        for col in ["Vaccine", "Last given", "Next due", "Status", "Action"]:
            t.add(5, "columnheader", col)
            if col == "Next due":
                t.add(6, "button", "Sort by next due")
        t.add(3, "rowgroup", "")
        for i, (vn, last, nd, st) in enumerate(w.vacc[pid]):
            t.at(200 + i * 10)
            t.add(4, "row", "")
            t.add(5, "gridcell", vn)
            t.add(5, "gridcell", last)
            t.add(5, "gridcell", nd)
            t.add(5, "gridcell", st)
            t.add(5, "gridcell", "")
            if st in ("Due now", "Overdue", "Not given"):
                t.add(6, "button", "Mark as given", key=f"give:{vn}")
            else:
                t.txt(6, "—")
        t.at(260)
        t.txt(2, "Declined vaccines stay on the record for 2 years.")
        t.add(2, "button", "Add vaccine")
        t.add(2, "button", "Print vaccination certificate")
    elif tab == "weight":
        ws = w.weights[pid]
        t.add(2, "table", "Weight history")
        t.add(3, "row", "")
        for col in ["Date", "Weight", "Change", "Recorded by"]:
            t.add(4, "columnheader", col)
        chunk = ws[(wpage - 1) * 5: wpage * 5]
        for i, (d, kg, who) in enumerate(chunk):
            j = (wpage - 1) * 5 + i
            ch = "—" if j + 1 >= len(ws) else "%+.1f kg" % (float(kg) - float(ws[j + 1][1]))
            t.at(200 + i * 6)
            t.add(3, "row", "")
            for cell in (d, f"{kg} kg", ch, who):
                t.add(4, "gridcell", cell)
        t.at(260)
        t.add(2, "navigation", "Weight pages")
        t.txt(3, f"Showing {(wpage - 1) * 5 + 1}–{(wpage - 1) * 5 + len(chunk)} of {len(ws)}")
        t.add(3, "button", "Previous page", attrs=(("disabled=True",) if wpage == 1 else ()))
        t.add(3, "button", "Next page", attrs=(("disabled=True",) if wpage * 5 >= len(ws) else ()))
    elif tab == "visits":
        t.add(2, "list", "")
        for d, what, who in VISITS[pid]:
            t.add(3, "listitem", "")
            t.txt(4, f"{d} · {what} · {who}")
    elif tab == "invoices":
        t.add(2, "table", "Invoices")
        t.add(3, "row", "")
        for col in ["Invoice", "Date", "Status", "Total"]:
            t.add(4, "columnheader", col)
        rows = [(p["invoice"], TODAY, "Draft", w.inv_total(p["invoice"]))] + INVOICES[pid]
        for i, (num, d, st, tot) in enumerate(rows):
            t.at(200 + i * 6)
            t.add(3, "row", "")
            t.add(4, "gridcell", "")
            t.add(5, "link", num, key=f"inv:{num}")
            t.add(4, "gridcell", d)
            t.add(4, "gridcell", st)
            t.add(4, "gridcell", tot)
    bottom(t, toasts)
    if dialog and dialog[0] == "checkin":
        d_checkin(t, w, pid, *dialog[1:])
    elif dialog and dialog[0] == "vacc":
        d_vacc(t, w, pid, dialog[1])
    path = f"/desk/patients/{pid}" + dict((k, s) for k, _, s in TABS)[tab]
    if tab == "weight" and wpage > 1:
        path += f"?page={wpage}"
    return Obs(path, f"{a.name} ({pid}) · {tabname} — {PRODUCT}", t)


SEARCH_PETS = [(a.pid, a.name, a.kind, a.owner) for a in APPTS]
RECENT = {"P-21418": 0, "P-20418": 1}


def v_search(w, q):
    ql = q.lower()
    hits = [x for x in SEARCH_PETS if ql in f"{x[0]} {x[1]} {x[3]}".lower()]
    hits.sort(key=lambda x: (RECENT.get(x[0], 2), x[0]))
    similar = []
    if ql == "biscuit":
        similar = [("P-20481", "Biscotti")]
    if ql == "p-20418":
        similar = [("P-20419", "Pepper"), ("P-20481", "Biscotti"), ("P-21418", "Biscuit")]
    owners = sorted({x[3] for x in SEARCH_PETS if ql in x[3].lower()})
    invs = [(PATIENTS[pid]["invoice"], PATIENTS[pid]["owner"], pid) for pid in sorted(PATIENTS)
            if ql in f"{pid} {PATIENTS[pid]['owner']}".lower()]
    t = Tree()
    top(t, w, None, [("Home", "bc:home"), ("Search", None)], search_value=q)
    t.at(100)
    t.add(0, "main", "")
    t.add(1, "heading", f"Results for “{q}”", attrs=("level=1",))
    def n(k, word):
        return f"{k} {word}" + ("" if k == 1 else "s")
    t.txt(1, f"{n(len(hits), 'patient')} · {n(len(owners), 'owner')} · {n(len(invs), 'invoice')}")
    t.add(1, "heading", f"Patients ({len(hits)})", attrs=("level=2",))
    t.add(1, "list", "")
    for i, (pid, name, kind, owner) in enumerate(hits):
        t.at(120 + i * 4)
        a = APPT[pid]
        t.add(2, "listitem", "")
        t.add(3, "link", f"{name} ({pid})", key=f"sr:{pid}")
        t.txt(3, f"{kind} · owner {owner} · today {a.time} with {a.vet}")
    if similar:
        t.at(170)
        t.add(1, "heading", "Similar IDs" if ql.startswith("p-") else "Similar names", attrs=("level=2",))
        for pid, name in similar:
            t.add(1, "link", f"{name} ({pid})", key=f"sim:{pid}")
    t.at(180)
    t.add(1, "heading", f"Owners ({len(owners)})", attrs=("level=2",))
    for o in owners:
        n = [x[1] for x in SEARCH_PETS if x[3] == o]
        t.add(1, "link", o)
        t.txt(1, f"{len(n)} pet{'s' if len(n) > 1 else ''} · {', '.join(n)}")
    t.at(190)
    t.add(1, "heading", f"Invoices ({len(invs)})", attrs=("level=2",))
    for num, owner, pid in invs:
        t.add(1, "link", num)
        t.txt(1, f"Draft · {owner} · {APPT[pid].name} ({pid})")
    bottom(t)
    return Obs("/desk/search?q=" + quote(q), f"Search: {q} — {PRODUCT}", t)


def v_invoice(w, inv, pid):
    p, a = PATIENTS[pid], APPT[pid]
    t = Tree()
    top(t, w, "Invoices", [("Home", "bc:home"), ("Invoices", "bc:invoices"), (inv, None)])
    t.at(100)
    t.add(0, "main", "")
    t.add(1, "heading", f"Invoice {inv}", attrs=("level=1",))
    t.txt(1, f"Draft · {p['owner']} · {a.name} ({pid}) · opened {TODAY}")
    t.add(1, "table", "Invoice lines")
    t.add(2, "row", "")
    for col in ["Item", "Qty", "Price"]:
        t.add(3, "columnheader", col)
    for i, (item, price) in enumerate(w.lines[inv]):
        t.at(120 + i * 5)
        t.add(2, "row", "")
        t.add(3, "gridcell", item)
        t.add(3, "gridcell", "1")
        t.add(3, "gridcell", price)
    t.at(160)
    t.txt(1, f"Total {w.inv_total(inv)} (VAT included)")
    t.txt(1, "Balance due on checkout")
    t.add(1, "button", "Take payment", key="pay")
    t.add(1, "button", "Email invoice")
    t.add(1, "button", "Print")
    t.add(1, "button", "Void draft", key="void")
    t.add(1, "link", f"Back to {a.name} ({pid})", key="back")
    bottom(t)
    return Obs(f"/desk/invoices/{inv}", f"Invoice {inv} — {PRODUCT}", t)


def v_signin(next_path):
    t = Tree()
    t.at(1)
    t.add(0, "banner", "")
    t.add(1, "img", f"{PRODUCT} logo")
    t.add(0, "main", "")
    t.add(1, "heading", f"Sign in to {PRODUCT}", attrs=("level=1",))
    t.add(1, "alert", "")
    t.txt(2, "Your session has ended. Sign in again to continue.")
    t.add(1, "textbox", "Work email", attrs=("required",))
    t.add(1, "textbox", "Password", attrs=("required",))
    t.add(1, "checkbox", "Keep me signed in on this device", attrs=("checked='false'",))
    t.add(1, "button", "Sign in")
    t.add(1, "link", "Forgot password?")
    t.add(1, "link", "Use clinic single sign-on")
    t.add(0, "contentinfo", "")
    t.txt(1, f"© 2025 {PRODUCT} · all systems normal")
    return Obs("/signin?next=" + quote(next_path, safe=""), f"Sign in — {PRODUCT}", t)


def v_forbidden(w, pid):
    a = APPT[pid]
    t = Tree()
    top(t, w, "Patients", [("Home", "bc:home"), ("Patients", "bc:patients"), (f"{a.name} ({pid})", None)])
    t.at(100)
    t.add(0, "main", "")
    t.add(1, "heading", "You can't record vaccinations", attrs=("level=1",))
    t.txt(1, "403 · Access restricted")
    t.txt(1, "Recording vaccinations needs the Clinical role. Your role: Front desk.")
    t.txt(1, "Ask a vet or nurse to record it, or ask the practice manager to change your role.")
    t.add(1, "link", f"Back to {a.name} ({pid})", key="back")
    t.add(1, "link", "Request access")
    bottom(t)
    return Obs(f"/desk/patients/{pid}/vaccinations/record", f"Access restricted — {PRODUCT}", t)


# --------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rng, rid, fault=None, banner=None):
        self.rid, self.fault = rid, fault
        self.steps, self.off, self.init, self.cur = [], None, None, None
        CTX["t0"] = 10 * 60 + 21 + rng.randint(0, 4)
        CTX["n"] = 0
        CTX["notif"] = rng.randint(2, 5)
        CTX["banner"] = banner

    def start(self, obs, off=False):
        self.init = self.cur = obs
        if off:
            self.off = 0

    def _step(self, commitment, command, reasoning, target, effect, obs, off):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": obs.js(),
        })
        if off:
            assert self.off is None, (self.rid, "off-track marked twice")
            self.off = len(self.steps) - 1
        self.cur = obs
        CTX["n"] = len(self.steps)

    def act(self, commitment, kind, key, reasoning, effect, obs_fn, value=None, off=False):
        bid, role, name = self.cur.keys[key]
        if kind == "click":
            cmd = f"click('{bid}')"
        elif kind == "fill":
            cmd = f"fill('{bid}', '{value}')"
        elif kind == "select":
            cmd = f"select_option('{bid}', '{value}')"
        elif kind == "press":
            cmd = f"press('{bid}', '{value}')"
        else:
            raise ValueError(kind)
        target = f"{role} {name!r}"
        CTX["n"] = len(self.steps) + 1
        obs = obs_fn() if callable(obs_fn) else obs_fn
        self._step(commitment, cmd, reasoning, target, effect, obs, off)

    def say(self, commitment, msg, reasoning, off=False):
        assert "'" not in msg
        self._step(commitment, f"send_msg_to_user('{msg}')", reasoning,
                   "chat message to the user", "read", self.cur, off)

    def env_fault_here(self):
        """The latest observation is the first to show an environment fault."""
        assert self.off is None
        self.off = len(self.steps) - 1

    def js(self):
        healthy = self.fault is None
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": None if healthy else self.off},
            "initial_observation": self.init.js(),
            "steps": self.steps,
            "outcome": {"success": healthy},
        }


T = "P-20418"  # the target pet
DONE_MSG = ("Done: Biscuit (P-20418) is checked in for his 10:30 with Dr. Lindqvist, weight 12.4 kg "
            "saved, and the DHPP booster is recorded as given (next due 14 May 2026).")
CI_TOAST = ("Biscuit (P-20418) checked in for 10:30 with Dr. Lindqvist · weight 12.4 kg saved", ("Undo",))
VD_TOAST = ("DHPP booster recorded as given for Biscuit (P-20418) · next due 14 May 2026 · added to INV-88213", ())


def ci_toast(pid, weight):
    a = APPT[pid]
    tail = f"weight {weight} kg saved" if weight else "no weight recorded"
    return (f"{a.name} ({pid}) checked in for {a.time} with {a.vet} · {tail}", ("Undo",))


def vd_toast(pid, vname, w):
    a, p = APPT[pid], PATIENTS[pid]
    due = [v for v in w.vacc[pid] if v[0] == vname][0][2]
    return (f"{vname} recorded as given for {a.name} ({pid}) · next due {due} · added to {p['invoice']}", ())


def tail_vaccine(r, w, pid=T, vname="DHPP booster", start_tab_key="tab:vacc"):
    """From a patient page: open Vaccinations, mark vname, record it."""
    r.act("open-vaccinations", "click", start_tab_key, "Open the Vaccinations tab to find the DHPP booster.",
          "read", lambda: v_patient(w, pid, "vacc"))
    r.act("mark-vaccine", "click", f"give:{vname}",
          f"{vname} is due; click Mark as given on its row.", "read",
          lambda: v_patient(w, pid, "vacc", dialog=("vacc", vname)))

    def rec():
        w.give(pid, vname)
        return v_patient(w, pid, "vacc", toasts=[vd_toast(pid, vname, w)])
    r.act("mark-vaccine", "click", "vd_record",
          "Batch, date and vet are filled in; record the vaccination.", "irreversible", rec)


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------
def h01_browse(rng):
    """Browse the calendar, check in from the row, open the record from the row link."""
    w, r = World(), Run(rng, "vetline-healthy-01")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}",
          "Biscuit (P-20418), Grace Okafor, 10:30 with Dr. Lindqvist is Booked; open Check in.",
          "read", lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "Enter the weight the user gave.", "write",
          lambda: v_calendar(w, dialog=(T, "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Weight is in; confirm the check-in.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"plink:{T}", "Open Biscuit's record to mark the vaccine.",
          "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "Check-in, weight and vaccine are all confirmed on screen.")
    return r


def h02_search_id(rng):
    """Use the global search with the patient id, check in from the patient record."""
    w, r = World(), Run(rng, "vetline-healthy-02")
    r.start(v_calendar(w))
    r.act("find-appointment", "fill", "gsearch", "Search by the patient ID to avoid the other Biscuit.",
          "read", lambda: v_calendar(w, gs="P-20418"), value="P-20418")
    r.act("find-appointment", "press", "gsearch", "Run the search.", "read",
          lambda: v_search(w, "P-20418"), value="Enter")
    r.act("open-vaccinations", "click", f"sr:{T}", "Exact ID match: Biscuit (P-20418), owner Grace Okafor.",
          "read", lambda: v_patient(w, T))
    r.act("open-checkin", "click", "ov_checkin", "Today's 10:30 with Dr. Lindqvist is Booked; check in here.",
          "read", lambda: v_patient(w, T, dialog=("checkin", "")))
    r.act("record-weight", "fill", "ci_weight", "Weight from the task.", "write",
          lambda: v_patient(w, T, dialog=("checkin", "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_patient(w, T, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm the check-in.", "irreversible", ok)
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "All three parts are confirmed.")
    return r


def h03_vet_filter(rng):
    """Filter the calendar to the vet named in the task."""
    w, r = World(), Run(rng, "vetline-healthy-03")
    r.start(v_calendar(w))
    r.act("find-appointment", "select", "f_vet", "The task names Dr. Lindqvist; narrow the calendar to her list.",
          "read", lambda: v_calendar(w, vet="Dr. Lindqvist"), value="Dr. Lindqvist")
    r.act("open-checkin", "click", f"checkin:{T}", "10:30 Biscuit (P-20418), Grace Okafor, Booked.",
          "read", lambda: v_calendar(w, vet="Dr. Lindqvist", dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "Type 12.4 kg.", "write",
          lambda: v_calendar(w, vet="Dr. Lindqvist", dialog=(T, "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, vet="Dr. Lindqvist", toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{T}", "Row now says Checked in; open the record.",
          "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "Toast and table both confirm the booster.")
    return r


def h04_cancel_then_record(rng):
    """Open the dialog, cancel it to check the record first, check in from the record."""
    w, r = World(), Run(rng, "vetline-healthy-04")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for the 10:30 Biscuit.", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("open-checkin", "click", "ci_cancel",
          "Two Okafor pets are booked around now; close this and check the record before saving anything.",
          "read", lambda: v_calendar(w))
    r.act("open-vaccinations", "click", f"plink:{T}", "Open Biscuit (P-20418).", "read", lambda: v_patient(w, T))
    r.act("open-checkin", "click", "ov_checkin", "Record matches (beagle, Grace Okafor, 10:30); check in.",
          "read", lambda: v_patient(w, T, dialog=("checkin", "")))
    r.act("record-weight", "fill", "ci_weight", "Weight 12.4.", "write",
          lambda: v_patient(w, T, dialog=("checkin", "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_patient(w, T, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm check-in.", "irreversible", ok)
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "Everything is recorded.")
    return r


def h05_retype_weight(rng):
    """Owner-name filter; weight typed with a unit first, rejected, then retyped."""
    w, r = World(), Run(rng, "vetline-healthy-05")
    r.start(v_calendar(w))
    r.act("find-appointment", "fill", "f_q", "Filter the day by the owner surname.", "read",
          lambda: v_calendar(w, q="Okafor"), value="Okafor")
    r.act("open-checkin", "click", f"checkin:{T}", "Three Okafor pets; Biscuit (P-20418) is the 10:30.",
          "read", lambda: v_calendar(w, q="Okafor", dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "Weight 12.4 kg.", "write",
          lambda: v_calendar(w, q="Okafor", dialog=(T, "12.4 kg")), value="12.4 kg")
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible",
          lambda: v_calendar(w, q="Okafor", dialog=(T, "12.4 kg", "Enter the weight as a number only, e.g. 12.4")))
    r.act("record-weight", "fill", "ci_weight", "The field wants a bare number; retype it.", "write",
          lambda: v_calendar(w, q="Okafor", dialog=(T, "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, q="Okafor", toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm again.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"plink:{T}", "Open Biscuit's record.", "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "Done.")
    return r


def h06_pagination(rng):
    """Checks page 2 for another Biscuit first, comes back, and checks the weight history at the end."""
    w, r = World(), Run(rng, "vetline-healthy-06")
    r.start(v_calendar(w))
    r.act("find-appointment", "click", "next",
          "19 appointments over 2 pages; see the rest of the day before picking a Biscuit.", "read",
          lambda: v_calendar(w, page=2))
    r.act("find-appointment", "click", "prev",
          "Page 2 has a different Biscuit (Mei Tanaka, 11:30, Dr. Osei) - not ours; go back.", "read",
          lambda: v_calendar(w, page=1))
    r.act("open-checkin", "click", f"checkin:{T}", "Check in the 10:30 Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4 kg.", "write", lambda: v_calendar(w, dialog=(T, "12.4")),
          value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.act("report", "click", "tab:weight", "Double-check the weight landed in the history.", "read",
          lambda: v_patient(w, T, "weight"))
    r.say("report", DONE_MSG, "Weight history shows 12.4 kg today.")
    return r


def h07_sort_invoice(rng):
    """Sorts by patient, and looks at the draft invoice at the end (without taking payment)."""
    w, r = World(), Run(rng, "vetline-healthy-07")
    r.start(v_calendar(w))
    r.act("find-appointment", "click", "sort:patient", "Sort by patient name to see all Biscuits together.",
          "read", lambda: v_calendar(w, sort="patient"))
    r.act("open-checkin", "click", f"checkin:{T}", "Biscuit (P-20418), 10:30, Dr. Lindqvist.", "read",
          lambda: v_calendar(w, sort="patient", dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write",
          lambda: v_calendar(w, sort="patient", dialog=(T, "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, sort="patient", toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"plink:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.act("report", "click", "tab:invoices", "The dialog said it was added to INV-88213; check it.", "read",
          lambda: v_patient(w, T, "invoices"))
    r.act("report", "click", "inv:INV-88213", "Open the draft invoice (look only).", "read",
          lambda: v_invoice(w, "INV-88213", T))
    r.say("report", DONE_MSG + " The draft invoice INV-88213 now shows the booster line; payment left for checkout.",
          "Invoice line present; nothing else to do.")
    return r


def h08_banner_owner_search(rng):
    """A clinic banner and an unrelated toast are showing; search by surname."""
    w = World()
    r = Run(rng, "vetline-healthy-08", banner="Dr. Osei is running about 20 minutes late — please let waiting clients know.")
    r.start(v_calendar(w, toasts=[("New online booking: Figaro (P-20602) · Thu 15 May 09:00", ("View",))]))
    r.act("find-appointment", "fill", "gsearch", "Search the owner surname.", "read",
          lambda: v_calendar(w, gs="Okafor",
                             toasts=[("New online booking: Figaro (P-20602) · Thu 15 May 09:00", ("View",))]),
          value="Okafor")
    r.act("find-appointment", "click", "gsearch_go", "Search.", "read", lambda: v_search(w, "Okafor"))
    r.act("open-vaccinations", "click", f"sr:{T}", "Grace Okafor's beagle is Biscuit (P-20418).", "read",
          lambda: v_patient(w, T))
    r.act("open-checkin", "click", "ov_checkin", "Check in from the record.", "read",
          lambda: v_patient(w, T, dialog=("checkin", "")))
    r.act("record-weight", "fill", "ci_weight", "Weight 12.4.", "write",
          lambda: v_patient(w, T, dialog=("checkin", "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_patient(w, T, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "Confirmed.")
    return r


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan above was fixed)
# --------------------------------------------------------------------------------------
def f_wrong_record_01(rng):
    """Neighbouring time, same surname: checks in Biscotti (P-20481) at 10:45."""
    w, r = World(), Run(rng, "vetline-wrong_record-01", "wrong_record")
    r.start(v_calendar(w))
    P = "P-20481"
    r.act("open-checkin", "click", f"checkin:{P}",
          "Okafor pet with Dr. Lindqvist, booked for vaccines - this should be Biscuit.", "read",
          lambda: v_calendar(w, dialog=(P, "")), off=True)
    r.act("record-weight", "fill", "ci_weight", "Weight 12.4.", "write", lambda: v_calendar(w, dialog=(P, "12.4")),
          value="12.4")

    def ok():
        w.checkin(P, "12.4")
        return v_calendar(w, toasts=[ci_toast(P, "12.4")])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm the check-in.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{P}", "Open the record to mark the vaccine.", "read",
          lambda: v_patient(w, P))
    r.act("open-vaccinations", "click", "tab:vacc", "Vaccinations tab.", "read", lambda: v_patient(w, P, "vacc"))
    r.say("report", "Checked in and weight 12.4 kg saved. I could not find a DHPP booster on the vaccination list; "
          "only FVRCP booster, FeLV and Rabies are listed.", "No DHPP row; report what was done.")
    return r


def f_wrong_record_02(rng):
    """Same name, other owner: opens Biscuit (P-21418) from search results."""
    w, r = World(), Run(rng, "vetline-wrong_record-02", "wrong_record")
    P = "P-21418"
    r.start(v_calendar(w))
    r.act("find-appointment", "fill", "gsearch", "Search for Biscuit.", "read", lambda: v_calendar(w, gs="Biscuit"),
          value="Biscuit")
    r.act("find-appointment", "press", "gsearch", "Run the search.", "read", lambda: v_search(w, "Biscuit"),
          value="Enter")
    r.act("open-vaccinations", "click", f"sr:{P}", "First Biscuit in the results; open it.", "read",
          lambda: v_patient(w, P), off=True)
    r.act("open-checkin", "click", "ov_checkin", "Booked today; check in.", "read",
          lambda: v_patient(w, P, dialog=("checkin", "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write", lambda: v_patient(w, P, dialog=("checkin", "12.4")),
          value="12.4")

    def ok():
        w.checkin(P, "12.4")
        return v_patient(w, P, toasts=[ci_toast(P, "12.4")])
    r.act("confirm-checkin", "click", "ci_confirm", "The warning is probably a scale difference; confirm.",
          "irreversible", ok)
    tail_vaccine(r, w, pid=P)
    r.say("report", "Biscuit is checked in with weight 12.4 kg and the DHPP booster is recorded as given.",
          "Done.")
    return r


def f_wrong_value_01(rng):
    """Types 14.2 instead of 12.4."""
    w, r = World(), Run(rng, "vetline-wrong_value-01", "wrong_value")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "Enter the weight.", "write",
          lambda: v_calendar(w, dialog=(T, "14.2")), value="14.2", off=True)

    def ok():
        w.checkin(T, "14.2")
        return v_calendar(w, toasts=[ci_toast(T, "14.2")])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.say("report", "Biscuit (P-20418) is checked in, weight saved, DHPP booster recorded as given.", "Done.")
    return r


def f_wrong_value_02(rng):
    """Marks Leptospirosis (L4), the row below, instead of the DHPP booster."""
    w, r = World(), Run(rng, "vetline-wrong_value-02", "wrong_value")
    r.start(v_calendar(w))
    r.act("find-appointment", "select", "f_vet", "Narrow to Dr. Lindqvist.", "read",
          lambda: v_calendar(w, vet="Dr. Lindqvist"), value="Dr. Lindqvist")
    r.act("open-checkin", "click", f"checkin:{T}", "Biscuit (P-20418) 10:30.", "read",
          lambda: v_calendar(w, vet="Dr. Lindqvist", dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write",
          lambda: v_calendar(w, vet="Dr. Lindqvist", dialog=(T, "12.4")), value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, vet="Dr. Lindqvist", toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    r.act("open-vaccinations", "click", "tab:vacc", "Vaccinations tab.", "read", lambda: v_patient(w, T, "vacc"))
    V = "Leptospirosis (L4)"
    r.act("mark-vaccine", "click", f"give:{V}", "Mark the due booster as given.", "read",
          lambda: v_patient(w, T, "vacc", dialog=("vacc", V)), off=True)

    def rec():
        w.give(T, V)
        return v_patient(w, T, "vacc", toasts=[vd_toast(T, V, w)])
    r.act("mark-vaccine", "click", "vd_record", "Record it.", "irreversible", rec)
    r.say("report", "Biscuit (P-20418) is checked in at 12.4 kg and his booster is recorded as given.", "Done.")
    return r


def f_silent_noop(rng):
    """Confirm check-in closes the dialog but nothing is saved: no toast, row still Booked."""
    w, r = World(), Run(rng, "vetline-silent_noop-01", "silent_noop")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write", lambda: v_calendar(w, dialog=(T, "12.4")),
          value="12.4")
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", lambda: v_calendar(w))
    r.env_fault_here()
    r.act("open-vaccinations", "click", f"plink:{T}", "Dialog closed; move on to the vaccine.", "read",
          lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "All done.")
    return r


def f_unrequested_filter(rng):
    """Adds a Visit type = Vaccination filter the task never asked for; the 10:30 wellness visit drops out."""
    w, r = World(), Run(rng, "vetline-unrequested_filter-01", "unrequested_filter")
    r.start(v_calendar(w))
    r.act("find-appointment", "select", "f_type", "A vaccine is involved, so show only vaccination visits.",
          "read", lambda: v_calendar(w, vtype="Vaccination"), value="Vaccination", off=True)
    P = "P-20481"
    r.act("open-checkin", "click", f"checkin:{P}",
          "The only Okafor pet left with Dr. Lindqvist around 10:30 - must be the one.", "read",
          lambda: v_calendar(w, vtype="Vaccination", dialog=(P, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write",
          lambda: v_calendar(w, vtype="Vaccination", dialog=(P, "12.4")), value="12.4")

    def ok():
        w.checkin(P, "12.4")
        return v_calendar(w, vtype="Vaccination", toasts=[ci_toast(P, "12.4")])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.say("report", "Checked in the Okafor appointment with weight 12.4 kg. I will mark the vaccine next.",
          "Report progress.")
    return r


def f_stale_filter(rng):
    """The calendar opens with a Vet = Dr. Osei filter left over; only the 11:30 Biscuit (P-21418) shows."""
    w, r = World(), Run(rng, "vetline-stale_filter-01", "stale_filter")
    P = "P-21418"
    r.start(v_calendar(w, vet="Dr. Osei"), off=True)
    r.act("open-checkin", "click", f"checkin:{P}", "Biscuit is on the list at 11:30; the booking must have moved.",
          "read", lambda: v_calendar(w, vet="Dr. Osei", dialog=(P, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write",
          lambda: v_calendar(w, vet="Dr. Osei", dialog=(P, "12.4")), value="12.4")

    def ok():
        w.checkin(P, "12.4")
        return v_calendar(w, vet="Dr. Osei", toasts=[ci_toast(P, "12.4")])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{P}", "Open the record.", "read", lambda: v_patient(w, P))
    tail_vaccine(r, w, pid=P)
    r.say("report", "Biscuit is checked in (appointment was at 11:30), weight 12.4 kg, DHPP booster given.", "Done.")
    return r


def f_permission(rng):
    """Record as given leads to an access-restricted page."""
    w, r = World(), Run(rng, "vetline-permission_denied-01", "permission_denied")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write", lambda: v_calendar(w, dialog=(T, "12.4")),
          value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"open:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    r.act("open-vaccinations", "click", "tab:vacc", "Vaccinations tab.", "read", lambda: v_patient(w, T, "vacc"))
    r.act("mark-vaccine", "click", "give:DHPP booster", "Mark the DHPP booster.", "read",
          lambda: v_patient(w, T, "vacc", dialog=("vacc", "DHPP booster")))
    r.act("mark-vaccine", "click", "vd_record", "Record it.", "irreversible", lambda: v_forbidden(w, T))
    r.env_fault_here()
    r.say("report", "Biscuit (P-20418) is checked in at 12.4 kg, but I could not record the DHPP booster: "
          "the system says recording vaccinations needs the Clinical role.", "Blocked by permissions.")
    return r


def f_session_expired(rng):
    """The session ends when the check-in is confirmed."""
    w, r = World(), Run(rng, "vetline-session_expired-01", "session_expired")
    r.start(v_calendar(w))
    r.act("find-appointment", "fill", "gsearch", "Search by ID.", "read", lambda: v_calendar(w, gs="P-20418"),
          value="P-20418")
    r.act("find-appointment", "press", "gsearch", "Search.", "read", lambda: v_search(w, "P-20418"), value="Enter")
    r.act("open-vaccinations", "click", f"sr:{T}", "Biscuit (P-20418).", "read", lambda: v_patient(w, T))
    r.act("open-checkin", "click", "ov_checkin", "Check in.", "read", lambda: v_patient(w, T, dialog=("checkin", "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write",
          lambda: v_patient(w, T, dialog=("checkin", "12.4")), value="12.4")
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible",
          lambda: v_signin(f"/desk/patients/{T}"))
    r.env_fault_here()
    r.say("report", "I was signed out while confirming the check-in, so I cannot tell whether it saved; "
          "the vaccine is not recorded yet.", "Cannot continue without credentials.")
    return r


def f_premature(rng):
    """Reports the whole task done right after the check-in toast; the vaccine was never marked."""
    w, r = World(), Run(rng, "vetline-premature_success-01", "premature_success")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write", lambda: v_calendar(w, dialog=(T, "12.4")),
          value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.say("report", DONE_MSG, "Checked in with weight - that covers the visit.", off=True)
    return r


def f_skipped_weight(rng):
    """Confirms the check-in with the weight field left empty."""
    w, r = World(), Run(rng, "vetline-skipped_step-01", "skipped_step")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))

    def ok():
        w.checkin(T, None)
        return v_calendar(w, toasts=[ci_toast(T, None)])
    r.act("confirm-checkin", "click", "ci_confirm", "Details look right; confirm.", "irreversible", ok, off=True)
    r.act("open-vaccinations", "click", f"open:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    tail_vaccine(r, w)
    r.say("report", DONE_MSG, "Done.")
    return r


def f_dialog_not_now(rng):
    """Reads 'Not now' as declining the SMS reminder; the dialog closes without recording anything."""
    w, r = World(), Run(rng, "vetline-dialog_mishandled-01", "dialog_mishandled")
    r.start(v_calendar(w))
    r.act("open-checkin", "click", f"checkin:{T}", "Open Check in for Biscuit (P-20418).", "read",
          lambda: v_calendar(w, dialog=(T, "")))
    r.act("record-weight", "fill", "ci_weight", "12.4.", "write", lambda: v_calendar(w, dialog=(T, "12.4")),
          value="12.4")

    def ok():
        w.checkin(T, "12.4")
        return v_calendar(w, toasts=[CI_TOAST])
    r.act("confirm-checkin", "click", "ci_confirm", "Confirm.", "irreversible", ok)
    r.act("open-vaccinations", "click", f"plink:{T}", "Open the record.", "read", lambda: v_patient(w, T))
    r.act("open-vaccinations", "click", "tab:vacc", "Vaccinations tab.", "read", lambda: v_patient(w, T, "vacc"))
    r.act("mark-vaccine", "click", "give:DHPP booster", "Mark the DHPP booster.", "read",
          lambda: v_patient(w, T, "vacc", dialog=("vacc", "DHPP booster")))
    r.act("mark-vaccine", "click", "vd_not_now",
          "The user did not ask for an SMS reminder; answer Not now.", "read",
          lambda: v_patient(w, T, "vacc"), off=True)
    r.say("report", DONE_MSG, "Done.")
    return r


HEALTHY = [h01_browse, h02_search_id, h03_vet_filter, h04_cancel_then_record, h05_retype_weight,
           h06_pagination, h07_sort_invoice, h08_banner_owner_search]
FAULTY = [f_wrong_record_01, f_wrong_record_02, f_wrong_value_01, f_wrong_value_02, f_silent_noop,
          f_unrequested_filter, f_stale_filter, f_permission, f_session_expired, f_premature,
          f_skipped_weight, f_dialog_not_now]


def build():
    rng = random.Random(SEED)
    runs = [fn(rng).js() for fn in HEALTHY + FAULTY]
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    runs = build()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    print(f"wrote {len(runs)} runs to {os.path.join(args.out, 'corpus.jsonl')} and {PLAN_REL}")


if __name__ == "__main__":
    main()
