#!/usr/bin/env python3
"""Build the Pawprint PMS held-out corpus (stdlib only, deterministic).

Usage: python3 make_corpus.py [OUTPUT_DIR]   (default: the folder holding this script)

Writes OUTPUT_DIR/corpus.jsonl and OUTPUT_DIR/plans/pawprint_reschedule.yaml.
"""
import json
import os
import random
import sys

SEED = 20241114
BASE = "http://127.0.0.1:8130"
CLINIC = "Maple Street Veterinary Clinic"
DAY = "Thu 14 Nov 2024"
WORKFLOW = "pawprint_reschedule"
PLAN_REL = "plans/%s.yaml" % WORKFLOW

TASK = ("hey - Reyes is off sick thurs. can you move Biscuit Okafor's 10:30 (annual check) over to "
        "Dr Lindqvist, 2pm same day if she's free, and then email Mrs Okafor the confirmation? thx - P")

# The plan was written from the note and the healthy pages only, before any faulty run,
# and is written out verbatim (not generated).
PLAN_YAML = '''# Plan for Priya's note about Biscuit on Thu 14 Nov 2024.
# Written from the note plus one click-through on the clinic's test login.
task: "hey - Reyes is off sick thurs. can you move Biscuit Okafor's 10:30 (annual check) over to Dr Lindqvist, 2pm same day if she's free, and then email Mrs Okafor the confirmation? thx - P"
plan_falsifiers:
  execution:
    - Your session has expired. Please sign in again.
    - Something went wrong
    - You don't have permission to do that
    - {text: Cancel appointment, "on": action}
    - {text: Delete, "on": action}
  planning:
    - Read-only mode
commitments:
  - id: open-appointment
    subgoal: Open Biscuit Okafor's appointment on Thu 14 Nov 2024 at 10:30 with Dr. Marco Reyes (A-88412)
    skill: open_record_by_search
    confidence: 0.8
    confirm:
      precondition: ["Schedule · Thu 14 Nov 2024 · Pawprint PMS"]
      progress: [Biscuit Okafor, P-20417]
      completion:
        - "Appointment A-88412 · Pawprint PMS"
        - "Patient: Biscuit Okafor (P-20417)"
        - "Owner: Adaeze Okafor (C-7731)"
    falsify:
      execution:
        - Biscotti
        - Biscuit Okoro
        - A-88421
        - A-88417
        - P-20418
        - P-20471
      skill: [No patients match]
      planning:
        - Appointment A-88412 has been cancelled
        - Biscuit Okafor is not registered at this clinic
  - id: reschedule
    subgoal: Move A-88412 to Dr. Elin Lindqvist on Thu 14 Nov 2024 at 14:00 and save it
    skill: reschedule_appointment
    confidence: 0.7
    confirm:
      precondition: [Reschedule appointment]
      progress:
        - Dr. Elin Lindqvist
        - "Selected: Thu 14 Nov 2024, 14:00 with Dr. Elin Lindqvist"
      completion:
        - Appointment A-88412 rescheduled
        - "When: Thu 14 Nov 2024, 14:00"
        - "Vet: Dr. Elin Lindqvist"
    falsify:
      execution:
        - Dr. Sofia Lindgren
        - "14:30"
        - Fri 15 Nov 2024
        - Could not save
        - That slot is no longer available
      skill:
        - The Reschedule button is disabled
      planning:
        - Dr. Elin Lindqvist has no availability on Thu 14 Nov 2024
  - id: send-confirmation
    subgoal: Email Adaeze Okafor the confirmation for the new time
    skill: send_client_message
    confidence: 0.75
    confirm:
      precondition: [Send appointment confirmation]
      progress:
        - adaeze.okafor@example.com
        - "Thu 14 Nov 2024 at 14:00 with Dr. Elin Lindqvist"
      completion: [Confirmation sent to adaeze.okafor@example.com]
    falsify:
      execution:
        - chidi.okafor@example.com
        - "10:30 with Dr. Marco Reyes"
        - Message failed to send
      skill: [Email is not set up for this clinic]
      planning: [Adaeze Okafor has opted out of email]
'''

REYES, LINDQVIST, LINDGREN, BOYD = ("Dr. Marco Reyes", "Dr. Elin Lindqvist", "Dr. Sofia Lindgren",
                                    "Dr. Hamish Boyd (locum)")
VETS = [REYES, LINDQVIST, LINDGREN, BOYD]
SLOTS = {
    REYES: [],
    LINDQVIST: [("13:30", False), ("14:00", True), ("14:30", False), ("15:00", False),
                ("15:30", True), ("16:00", True)],
    LINDGREN: [("13:30", True), ("14:00", True), ("14:30", False), ("15:00", True), ("16:30", True)],
    BOYD: [("14:00", False), ("15:30", True), ("16:00", True)],
}
NAV = ["Dashboard", "Schedule", "Patients", "Clients", "Invoices", "Reminders", "Messages", "Reports"]

# ---------------------------------------------------------------------------- records

SCHEDULE = [  # time, id, patient, owner, vet, reason, status
    ("08:30", "A-88398", "Mochi Tanaka", "Ken Tanaka", LINDQVIST, "Dental scale and polish", "Checked in"),
    ("08:45", "A-88401", "Rufus Berg", "Anna Berg", REYES, "DHPP booster - overdue", "Needs reassignment"),
    ("09:00", "A-88403", "Luna Ferreira", "Ines Ferreira", LINDGREN, "Spay follow-up", "Checked in"),
    ("09:15", "A-88405", "Pepper Nakamura", "Yui Nakamura", REYES, "Limping, left hind", "Cancelled"),
    ("09:30", "A-88406", "Oscar Whitfield", "Tom Whitfield", LINDQVIST, "Annual checkup", "Booked"),
    ("10:00", "A-88409", "Daisy Morgan", "Rhian Morgan", LINDGREN, "Ear infection recheck", "Booked"),
    ("10:15", "A-88417", "Biscuit Okoro", "Tunde Okoro", REYES, "Skin allergy recheck", "Needs reassignment"),
    ("10:30", "A-88412", "Biscuit Okafor", "Adaeze Okafor", REYES, "Annual checkup + Lepto booster",
     "Needs reassignment"),
    ("11:00", "A-88421", "Biscotti Okafor", "Chidi Okafor", REYES, "FVRCP booster - overdue", "Needs reassignment"),
    ("11:30", "A-88414", "Hazel Kowalski", "Marta Kowalski", LINDQVIST, "Quality-of-life / euthanasia consult",
     "Booked"),
    ("12:00", "A-88415", "Ziggy Adeyemi", "Femi Adeyemi", REYES, "Vomiting x2 days", "Needs reassignment"),
    ("13:30", "A-88418", "Nala Brooks", "Jess Brooks", LINDQVIST, "Allergy consult - allergic to chicken", "Booked"),
    ("14:00", "A-88420", "Pip Harcourt", "Lou Harcourt", BOYD, "Estimate declined - discuss options", "Booked"),
    ("14:30", "A-88423", "Thor Lindqvist", "Mats Lindqvist", LINDQVIST, "Post-op check", "Booked"),
    ("15:00", "A-88424", "Willow Sato", "Aiko Sato", LINDQVIST, "Weight clinic", "Booked - card declined at deposit"),
]

APPTS = {
    "A-88412": dict(id="A-88412", patient="Biscuit Okafor", pid="P-20417",
                    sig="Beagle · Male neutered · 6 y 2 m · 14.2 kg", owner="Adaeze Okafor", cid="C-7731",
                    phone="+44 7700 900412", email="adaeze.okafor@example.com", first="Adaeze",
                    emerg="Chidi Okafor", emerg_email="chidi.okafor@example.com", vet=REYES, date=DAY,
                    time="10:30", reason="Annual checkup + Lepto booster", status="Needs reassignment",
                    room="Consult 2", alerts=["Allergic: penicillin", "Caution: anxious with nail trims"],
                    comm=[("11 Nov 2024 08:00", "SMS", "Reminder: appointment in 3 days", "Delivered"),
                          ("02 Oct 2024 10:12", "Email", "Vaccination due: Leptospirosis", "Opened"),
                          ("14 Aug 2024 16:40", "SMS", "Payment link for INV-29877", "Declined by carrier")],
                    audit=[("28 Oct 2024 15:02", "Sam Kirby", "Appointment booked"),
                           ("14 Nov 2024 07:41", "System", "Flagged: vet not available (sick leave)")]),
    "A-88421": dict(id="A-88421", patient="Biscotti Okafor", pid="P-20418",
                    sig="Domestic shorthair · Female spayed · 3 y · 4.1 kg", owner="Chidi Okafor", cid="C-7732",
                    phone="+44 7700 900733", email="chidi.okafor@example.com", first="Chidi",
                    emerg="Adaeze Okafor", emerg_email="adaeze.okafor@example.com", vet=REYES, date=DAY,
                    time="11:00", reason="FVRCP booster - overdue", status="Needs reassignment", room="Consult 1",
                    alerts=["Caution: fractious - handle with towel"],
                    comm=[("11 Nov 2024 08:00", "SMS", "Reminder: appointment in 3 days", "Delivered"),
                          ("20 Sep 2024 09:30", "Email", "Vaccination overdue: FVRCP", "Not opened")],
                    audit=[("30 Oct 2024 11:20", "Jamie Patel", "Appointment booked"),
                           ("14 Nov 2024 07:41", "System", "Flagged: vet not available (sick leave)")]),
    "A-88417": dict(id="A-88417", patient="Biscuit Okoro", pid="P-20471",
                    sig="Jack Russell terrier · Female spayed · 9 y · 7.1 kg", owner="Tunde Okoro", cid="C-7790",
                    phone="+44 7700 900871", email="tunde.okoro@example.com", first="Tunde",
                    emerg="Bisi Okoro", emerg_email="bisi.okoro@example.com", vet=REYES, date=DAY,
                    time="10:15", reason="Skin allergy recheck", status="Needs reassignment", room="Consult 3",
                    alerts=["Allergic: chicken protein"],
                    comm=[("12 Nov 2024 08:00", "Email", "Reminder: appointment in 2 days", "Opened")],
                    audit=[("01 Nov 2024 10:05", "Sam Kirby", "Appointment booked"),
                           ("14 Nov 2024 07:41", "System", "Flagged: vet not available (sick leave)")]),
}

PATIENTS = {
    "P-20417": dict(pid="P-20417", name="Biscuit Okafor", sig=APPTS["A-88412"]["sig"], owner="Adaeze Okafor",
                    emerg="Chidi Okafor", alerts=APPTS["A-88412"]["alerts"],
                    vacc=[("Rabies", "02 Dec 2024", "Due soon"), ("Leptospirosis", "01 Nov 2024", "Overdue"),
                          ("DHPP", "15 Oct 2025", "Up to date"), ("Kennel cough", "-", "Declined by owner")],
                    upcoming=[("A-88412", "Thu 14 Nov 2024, 10:30", REYES, "Needs reassignment")],
                    past=[("A-86002", "12 Mar 2024, 09:00", LINDQVIST, "Cancelled"),
                          ("A-84510", "08 Nov 2023, 10:30", REYES, "Completed")],
                    invoices=[("INV-30054", "£84.00", "Overdue")]),
    "P-20471": dict(pid="P-20471", name="Biscuit Okoro", sig=APPTS["A-88417"]["sig"], owner="Tunde Okoro",
                    emerg="Bisi Okoro", alerts=APPTS["A-88417"]["alerts"],
                    vacc=[("Rabies", "10 Jan 2025", "Up to date"), ("DHPP", "04 Nov 2024", "Overdue")],
                    upcoming=[("A-88417", "Thu 14 Nov 2024, 10:15", REYES, "Needs reassignment")],
                    past=[("A-85120", "22 May 2024, 15:00", LINDGREN, "Completed")],
                    invoices=[("INV-30112", "£46.50", "Payment declined")]),
}

# ---------------------------------------------------------------------------- page model


class Page:
    """A page in BrowserGym's flattened AXTree style: one node a line, tab-indented."""

    def __init__(self, path, title, error=None):
        self.url = path if path.startswith("http") else BASE + path
        self.title = title
        self.error = error
        self.lines = []
        self.n = 0
        self.idx = {}
        self.add(0, "RootWebArea", title, "focused")

    def add(self, depth, role, name="", *props):
        self.n += 1
        bid = str(self.n)
        line = "\t" * depth + "[%s] %s '%s'" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.idx.setdefault((role, name), bid)
        return bid

    def find(self, role, name):
        if (role, name) not in self.idx:
            raise KeyError("no %s '%s' on %s" % (role, name, self.title))
        return self.idx[(role, name)]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": self.error}


def chrome(p, crumbs, search="", notice=None):
    p.add(1, "banner", "")
    p.add(2, "link", "Pawprint PMS")
    p.add(2, "StaticText", CLINIC)
    p.add(2, "button", "Switch clinic", "hasPopup='menu'", "expanded=False")
    props = ["value='%s'" % search] if search else []
    p.add(2, "searchbox", "Search patients, clients, appointments, invoices", *props)
    p.add(2, "button", "Search")
    p.add(2, "button", "Notifications (3 unread)")
    p.add(2, "button", "Jamie Patel · Front desk", "hasPopup='menu'", "expanded=False")
    p.add(1, "navigation", "Main")
    for x in NAV:
        p.add(2, "link", x)
    if notice:
        p.add(1, "alert", "", "live='assertive'")
        p.add(2, "StaticText", notice)
    p.add(1, "main", "")
    p.add(2, "navigation", "Breadcrumb")
    for c in crumbs[:-1]:
        p.add(3, "link", c)
    p.add(3, "StaticText", crumbs[-1])


def footer(p, toast=None):
    if toast:
        p.add(1, "status", "", "live='polite'")
        p.add(2, "StaticText", toast)
        p.add(2, "button", "Dismiss")
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "Pawprint PMS 4.12.3 · © 2024 Pawprint Software Ltd.")
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Privacy")
    p.add(2, "link", "System status")
    p.add(2, "StaticText", "Signed in as jamie.patel · Maple Street (site 03)")


def schedule_page(mode="all", search="", notice=None):
    q = {"all": "", "reassign": "&status=needs_reassignment", "vet": "&sort=vet"}[mode]
    p = Page("/schedule?date=2024-11-14" + q, "Schedule · %s · Pawprint PMS" % DAY)
    chrome(p, ["Dashboard", "Schedule", DAY], search, notice)
    p.add(2, "heading", "Schedule")
    p.add(2, "tablist", "Calendar view")
    p.add(3, "tab", "Day", "selected=True")
    p.add(3, "tab", "Week", "selected=False")
    p.add(3, "tab", "Month", "selected=False")
    p.add(2, "button", "Previous day")
    p.add(2, "StaticText", DAY)
    p.add(2, "button", "Next day")
    p.add(2, "button", "Today")
    p.add(2, "alert", "")
    p.add(3, "StaticText", "Dr. Marco Reyes is not available today (sick leave). 5 appointments need reassignment.")
    p.add(2, "group", "Filters")
    p.add(3, "button", "Vet: All vets", "hasPopup='listbox'")
    p.add(3, "button", "Room: Any", "hasPopup='listbox'")
    p.add(3, "button", "Needs reassignment (5)", "pressed=%s" % (mode == "reassign"))
    p.add(3, "button", "Cancelled (1)", "pressed=False")
    if mode == "reassign":
        p.add(3, "button", "Remove filter: Needs reassignment")
    p.add(3, "button", "Clear filters")
    p.add(2, "button", "New appointment")
    p.add(2, "table", "Appointments on %s" % DAY)
    p.add(3, "row", "")
    for col, sortable in [("Time", True), ("ID", False), ("Patient", False), ("Owner", False), ("Vet", True),
                          ("Reason", False), ("Status", True)]:
        p.add(4, "columnheader", col)
        if sortable:
            p.add(5, "button", "Sort by %s" % col.lower(),
                  "pressed=%s" % ((mode == "vet") == (col == "Vet") if col in ("Time", "Vet") else False))
    rows = list(SCHEDULE)
    if mode == "reassign":
        rows = [r for r in rows if r[6] == "Needs reassignment"]
    if mode == "vet":
        rows.sort(key=lambda r: (r[4], r[0]))
    for t, aid, pat, own, vet, why, st in rows:
        p.add(3, "row", "")
        p.add(4, "cell", t)
        p.add(4, "cell", "")
        p.add(5, "link", aid)
        p.add(4, "cell", "")
        p.add(5, "link", pat)
        p.add(4, "cell", own)
        p.add(4, "cell", vet + (" - not available" if vet == REYES else ""))
        p.add(4, "cell", why)
        p.add(4, "cell", st)
    if mode == "reassign":
        p.add(2, "StaticText", "Showing 5 of 5")
    else:
        p.add(2, "StaticText", "Showing 1-15 of 23")
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", "disabled=True")
    p.add(3, "button", "Page 1", "pressed=True")
    if mode != "reassign":
        p.add(3, "button", "Page 2", "pressed=False")
        p.add(3, "button", "Next page")
    footer(p)
    return p


def search_page(query, notice=None):
    p = Page("/search?q=" + query.replace(" ", "+"), "Search: %s · Pawprint PMS" % query)
    chrome(p, ["Dashboard", "Search results"], query, notice)
    p.add(2, "heading", "Results for '%s'" % query)
    p.add(2, "group", "Result type")
    for chip in ["All", "Patients", "Clients", "Appointments", "Invoices"]:
        p.add(3, "button", chip, "pressed=%s" % (chip == "All"))
    if "Okafor" in query and "Biscuit" not in query:
        pats = [("Biscuit Okafor", "P-20417", "Beagle · owner Adaeze Okafor", "Active"),
                ("Biscotti Okafor", "P-20418", "Domestic shorthair · owner Chidi Okafor", "Vaccination overdue"),
                ("Jollof Okafor", "P-19022", "Mixed breed · owner Adaeze Okafor", "Deceased (2023)")]
        clients = [("Adaeze Okafor", "C-7731", "2 pets · balance £84.00 overdue"),
                   ("Chidi Okafor", "C-7732", "1 pet · no balance")]
        appts = [("A-88412", "Thu 14 Nov 2024, 10:30", "Biscuit Okafor", REYES, "Needs reassignment"),
                 ("A-88421", "Thu 14 Nov 2024, 11:00", "Biscotti Okafor", REYES, "Needs reassignment"),
                 ("A-86002", "12 Mar 2024, 09:00", "Biscuit Okafor", LINDQVIST, "Cancelled")]
        invs = [("INV-30054", "Adaeze Okafor", "£84.00", "Overdue")]
    else:
        pats = [("Biscuit Okafor", "P-20417", "Beagle · owner Adaeze Okafor", "Active"),
                ("Biscuit Okoro", "P-20471", "Jack Russell terrier · owner Tunde Okoro", "Active"),
                ("Biscotti Okafor", "P-20418", "Domestic shorthair · owner Chidi Okafor",
                 "Similar name · vaccination overdue")]
        clients = []
        appts = [("A-88417", "Thu 14 Nov 2024, 10:15", "Biscuit Okoro", REYES, "Needs reassignment"),
                 ("A-88412", "Thu 14 Nov 2024, 10:30", "Biscuit Okafor", REYES, "Needs reassignment"),
                 ("A-88421", "Thu 14 Nov 2024, 11:00", "Biscotti Okafor", REYES, "Needs reassignment")]
        invs = [("INV-30112", "Tunde Okoro", "£46.50", "Payment declined")]
    p.add(2, "heading", "Patients (%d)" % len(pats))
    p.add(2, "list", "")
    for name, pid, desc, st in pats:
        p.add(3, "listitem", "")
        p.add(4, "link", name)
        p.add(4, "StaticText", "%s · %s · %s" % (pid, desc, st))
    p.add(2, "heading", "Clients (%d)" % len(clients))
    if not clients:
        p.add(2, "StaticText", "No clients match '%s'." % query)
    else:
        p.add(2, "list", "")
        for name, cid, desc in clients:
            p.add(3, "listitem", "")
            p.add(4, "link", name)
            p.add(4, "StaticText", "%s · %s" % (cid, desc))
    p.add(2, "heading", "Appointments (%d)" % len(appts))
    p.add(2, "table", "Matching appointments")
    p.add(3, "row", "")
    for col in ["ID", "When", "Patient", "Vet", "Status"]:
        p.add(4, "columnheader", col)
    for aid, when, pat, vet, st in appts:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", aid)
        p.add(4, "cell", when)
        p.add(4, "cell", pat)
        p.add(4, "cell", vet)
        p.add(4, "cell", st)
    p.add(2, "heading", "Invoices (%d)" % len(invs))
    for inv, who, amt, st in invs:
        p.add(2, "link", inv)
        p.add(2, "StaticText", "%s · %s · %s" % (who, amt, st))
    footer(p)
    return p


def patient_page(pid, notice=None):
    d = PATIENTS[pid]
    p = Page("/patients/" + pid, "%s (%s) · Patients · Pawprint PMS" % (d["name"], pid))
    chrome(p, ["Dashboard", "Patients", d["name"]], "", notice)
    p.add(2, "heading", d["name"])
    p.add(2, "StaticText", "%s · %s" % (pid, d["sig"]))
    for a in d["alerts"]:
        p.add(2, "note", a)
    p.add(2, "StaticText", "Owner:")
    p.add(2, "link", d["owner"])
    p.add(2, "StaticText", "Emergency contact: %s" % d["emerg"])
    p.add(2, "button", "Book appointment")
    p.add(2, "button", "Edit patient")
    p.add(2, "button", "Print history")
    p.add(2, "tablist", "Patient record")
    for t in ["Overview", "Medical records", "Vaccinations", "Appointments", "Invoices"]:
        p.add(3, "tab", t, "selected=%s" % (t == "Overview"))
    p.add(2, "heading", "Vaccinations")
    p.add(2, "table", "Vaccinations")
    p.add(3, "row", "")
    for c in ["Vaccine", "Due", "Status"]:
        p.add(4, "columnheader", c)
    for v, due, st in d["vacc"]:
        p.add(3, "row", "")
        p.add(4, "cell", v)
        p.add(4, "cell", due)
        p.add(4, "cell", st)
    p.add(2, "heading", "Upcoming appointments")
    p.add(2, "table", "Upcoming appointments")
    p.add(3, "row", "")
    for c in ["ID", "When", "Vet", "Status"]:
        p.add(4, "columnheader", c)
    for aid, when, vet, st in d["upcoming"]:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", aid)
        p.add(4, "cell", when)
        p.add(4, "cell", vet)
        p.add(4, "cell", st)
    p.add(2, "heading", "Past appointments")
    for aid, when, vet, st in d["past"]:
        p.add(2, "StaticText", "%s · %s · %s · %s" % (aid, when, vet, st))
    p.add(2, "heading", "Invoices")
    for inv, amt, st in d["invoices"]:
        p.add(2, "StaticText", "%s · %s · %s" % (inv, amt, st))
    footer(p)
    return p


def client_page(notice=None):
    p = Page("/clients/C-7731", "Adaeze Okafor (C-7731) · Clients · Pawprint PMS")
    chrome(p, ["Dashboard", "Clients", "Adaeze Okafor"], "", notice)
    p.add(2, "heading", "Adaeze Okafor")
    p.add(2, "StaticText", "C-7731 · Client since 2018")
    p.add(2, "StaticText", "Phone: +44 7700 900412")
    p.add(2, "StaticText", "Email: adaeze.okafor@example.com")
    p.add(2, "StaticText", "Preferred contact: Email")
    p.add(2, "StaticText", "Marketing emails: opted out")
    p.add(2, "note", "Balance: £84.00 overdue (INV-30054)")
    p.add(2, "heading", "Pets")
    p.add(2, "table", "Pets")
    p.add(3, "row", "")
    for c in ["Name", "ID", "Species", "Status"]:
        p.add(4, "columnheader", c)
    for name, pid, sp, st in [("Biscuit Okafor", "P-20417", "Beagle", "Active"),
                              ("Jollof Okafor", "P-19022", "Mixed breed", "Deceased (2023)")]:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", name)
        p.add(4, "cell", pid)
        p.add(4, "cell", sp)
        p.add(4, "cell", st)
    p.add(2, "heading", "Upcoming appointments")
    p.add(2, "link", "A-88412")
    p.add(2, "StaticText", "Thu 14 Nov 2024, 10:30 · Biscuit Okafor · %s · Needs reassignment" % REYES)
    p.add(2, "heading", "Linked clients")
    p.add(2, "link", "Chidi Okafor")
    p.add(2, "StaticText", "C-7732 · emergency contact for Biscuit Okafor")
    footer(p)
    return p


def appt_page(a, toast=None, notice=None, dialog=None, tab="Communication log"):
    p = Page("/appointments/" + a["id"], "Appointment %s · Pawprint PMS" % a["id"])
    chrome(p, ["Dashboard", "Schedule", a["date"], a["id"]], "", notice)
    p.add(2, "heading", "Appointment %s" % a["id"])
    p.add(2, "StaticText", "Status: %s" % a["status"])
    for al in a["alerts"]:
        p.add(2, "note", al)
    p.add(2, "group", "Details")
    p.add(3, "StaticText", "Patient: %s (%s)" % (a["patient"], a["pid"]))
    p.add(3, "StaticText", a["sig"])
    p.add(3, "link", "View patient record")
    p.add(3, "StaticText", "Owner: %s (%s)" % (a["owner"], a["cid"]))
    p.add(3, "StaticText", "Phone: %s" % a["phone"])
    p.add(3, "StaticText", "Email: %s" % a["email"])
    p.add(3, "StaticText", "Emergency contact: %s" % a["emerg"])
    p.add(3, "StaticText", "Vet: %s" % a["vet"] + (" - not available (sick leave)" if a["vet"] == REYES else ""))
    p.add(3, "StaticText", "When: %s, %s (30 min)" % (a["date"], a["time"]))
    p.add(3, "StaticText", "Room: %s" % a["room"])
    p.add(3, "StaticText", "Reason: %s" % a["reason"])
    p.add(2, "group", "Actions")
    for b in ["Reschedule", "Send confirmation", "Check in", "Cancel appointment", "Print"]:
        p.add(3, "button", b)
    p.add(2, "tablist", "Appointment history")
    for t in ["Communication log", "Audit trail", "Invoices"]:
        p.add(3, "tab", t, "selected=%s" % (t == tab))
    if tab == "Communication log":
        p.add(2, "table", "Communication log")
        p.add(3, "row", "")
        for c in ["Sent", "Channel", "Message", "Status"]:
            p.add(4, "columnheader", c)
        rows = a["comm"]
    else:
        p.add(2, "table", "Audit trail")
        p.add(3, "row", "")
        for c in ["Time", "User", "Change"]:
            p.add(4, "columnheader", c)
        rows = list(reversed(a["audit"]))
    for r in rows:
        p.add(3, "row", "")
        for c in r:
            p.add(4, "cell", c)
    footer(p, toast)
    if dialog:
        dialog(p)
    return p


def send_dialog(a, recipient=0):
    def build(p):
        opts = ["%s <%s> - owner" % (a["owner"], a["email"]),
                "%s <%s> - emergency contact" % (a["emerg"], a["emerg_email"])]
        first = a["first"] if recipient == 0 else a["emerg"].split()[0]
        p.add(1, "dialog", "Send appointment confirmation", "modal=True")
        p.add(2, "heading", "Send appointment confirmation")
        p.add(2, "radiogroup", "Channel")
        p.add(3, "radio", "Email", "checked='true'")
        p.add(3, "radio", "SMS", "checked='false'")
        p.add(2, "combobox", "Recipient", "value='%s'" % opts[recipient], "hasPopup='listbox'", "expanded=False")
        for i, o in enumerate(opts):
            p.add(3, "option", o, "selected=%s" % (i == recipient))
        p.add(2, "StaticText", "Preview")
        p.add(2, "StaticText",
              "Hi %s, %s's appointment is confirmed for %s at %s with %s at %s. Please arrive 10 minutes early. "
              "Reply C to cancel or call 0161 496 0321." % (first, a["patient"].split()[0], a["date"], a["time"],
                                                            a["vet"], CLINIC))
        p.add(2, "button", "Send")
        p.add(2, "button", "Cancel")
    return build


def reassign_dialog(p):
    p.add(1, "dialog", "Reassign Dr. Marco Reyes's other appointments?", "modal=True")
    p.add(2, "heading", "Reassign Dr. Marco Reyes's other appointments?")
    p.add(2, "StaticText", "A-88412 was moved to Dr. Elin Lindqvist at 14:00. Dr. Marco Reyes has 4 more appointments "
                           "on Thu 14 Nov 2024 that need reassignment (A-88401, A-88417, A-88421, A-88415).")
    p.add(2, "StaticText", "Move them to Dr. Elin Lindqvist's next free slots and notify the owners?")
    p.add(2, "button", "Move all 5 appointments", "focused")
    p.add(2, "button", "Only this appointment")


def resched_page(a, vet=None, slot=None, error=None, notice=None, note=""):
    p = Page("/appointments/%s/reschedule" % a["id"], "Reschedule %s · Pawprint PMS" % a["id"])
    chrome(p, ["Dashboard", "Schedule", a["date"], a["id"], "Reschedule"], "", notice)
    if error:
        p.add(2, "alert", "")
        p.add(3, "StaticText", error)
    p.add(2, "heading", "Reschedule appointment")
    p.add(2, "StaticText", "%s (%s) · %s" % (a["patient"], a["pid"], a["reason"]))
    p.add(2, "StaticText", "Current: %s, %s with %s" % (a["date"], a["time"], a["vet"]))
    v = vet or a["vet"]
    p.add(2, "combobox", "Vet", "value='%s'" % v, "hasPopup='listbox'", "expanded=False")
    for o in VETS:
        p.add(3, "option", o, "selected=%s" % (o == v))
    p.add(2, "textbox", "Date", "value='%s'" % DAY)
    p.add(2, "button", "Previous day")
    p.add(2, "button", "Next day")
    p.add(2, "group", "Available slots")
    if not SLOTS[v]:
        p.add(3, "StaticText", "%s has no availability on %s (sick leave)." % (v, DAY))
    for t, ok in SLOTS[v]:
        if ok:
            p.add(3, "button", t, "pressed=%s" % (t == slot))
        else:
            p.add(3, "button", "%s - not available" % t, "disabled=True")
    if slot:
        p.add(2, "StaticText", "Selected: %s, %s with %s" % (DAY, slot, v))
    p.add(2, "textbox", "Note to client (optional)", *(["value='%s'" % note] if note else []))
    p.add(2, "checkbox", "Notify client automatically after saving", "checked='false'")
    p.add(2, "button", "Save changes")
    p.add(2, "button", "Cancel")
    footer(p)
    return p


def new_appt_page(vet=None, slot=None, reason="", notice=None):
    p = Page("/appointments/new?patient=P-20417", "New appointment · Pawprint PMS")
    chrome(p, ["Dashboard", "Patients", "Biscuit Okafor", "New appointment"], "", notice)
    p.add(2, "heading", "New appointment")
    p.add(2, "StaticText", "Patient: Biscuit Okafor (P-20417) · Owner: Adaeze Okafor")
    p.add(2, "note", "Biscuit Okafor already has 1 upcoming appointment (A-88412, Thu 14 Nov 2024, 10:30).")
    v = vet or "Any vet"
    p.add(2, "combobox", "Vet", "value='%s'" % v, "hasPopup='listbox'", "expanded=False")
    for o in ["Any vet"] + VETS:
        p.add(3, "option", o, "selected=%s" % (o == v))
    p.add(2, "textbox", "Date", "value='%s'" % DAY)
    p.add(2, "group", "Available slots")
    if vet:
        for t, ok in SLOTS[vet]:
            if ok:
                p.add(3, "button", t, "pressed=%s" % (t == slot))
            else:
                p.add(3, "button", "%s - not available" % t, "disabled=True")
    else:
        p.add(3, "StaticText", "Choose a vet to see free slots.")
    p.add(2, "textbox", "Reason", *(["value='%s'" % reason] if reason else []), "required")
    p.add(2, "button", "Book appointment")
    p.add(2, "button", "Cancel")
    footer(p)
    return p


def login_page(next_path):
    p = Page("/login?next=" + next_path, "Sign in · Pawprint PMS")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Pawprint PMS")
    p.add(2, "alert", "")
    p.add(3, "StaticText", "Your session has expired. Please sign in again.")
    p.add(2, "textbox", "Email", "required")
    p.add(2, "textbox", "Password", "required")
    p.add(2, "checkbox", "Keep me signed in on this device", "checked='false'")
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "Pawprint PMS 4.12.3 · © 2024 Pawprint Software Ltd.")
    return p


# ---------------------------------------------------------------------------- state helpers


def moved(a, vet, time, who="Jamie Patel", at="14 Nov 2024 09:14"):
    b = dict(a)
    b.update(vet=vet, time=time, status="Booked")
    b["audit"] = a["audit"] + [(at, who, "Rescheduled: %s %s -> %s %s" % (a["vet"], a["time"], vet, time))]
    return b


def messaged(a, to, at="14 Nov 2024 09:16"):
    b = dict(a)
    b["comm"] = [(at, "Email", "Appointment confirmation to %s" % to, "Sent")] + a["comm"]
    return b


# ---------------------------------------------------------------------------- runs


class Run:
    def __init__(self, rid, fault, start):
        self.rid, self.fault, self.start, self.cur = rid, fault, start, start
        self.steps, self.off = [], None
        self.rng = random.Random("%d:%s" % (SEED, rid))

    def _add(self, c, command, target, why, effect, page):
        self.steps.append({"commitment": c,
                           "action": {"command": command, "reasoning": why, "target": target, "effect": effect},
                           "observation": page.obs()})
        self.cur = page

    def pick(self, *options):
        return self.rng.choice(options)

    def offtrack(self):
        assert self.off is None
        self.off = len(self.steps)

    def click(self, c, role, name, why, page, effect="read"):
        bid = self.cur.find(role, name)
        self._add(c, "click('%s')" % bid, "%s '%s'" % (role, name), why, effect, page)

    def fill(self, c, role, name, value, why, page, effect="read"):
        bid = self.cur.find(role, name)
        self._add(c, "fill('%s', %r)" % (bid, value), "%s '%s'" % (role, name), why, effect, page)

    def press(self, c, role, name, key, why, page):
        bid = self.cur.find(role, name)
        self._add(c, "press('%s', %r)" % (bid, key), "%s '%s'" % (role, name), why, "read", page)

    def select(self, c, role, name, value, why, page, effect="write"):
        bid = self.cur.find(role, name)
        self._add(c, "select_option('%s', %r)" % (bid, value), "%s '%s'" % (role, name), why, effect, page)

    def goto(self, c, path, why, page):
        self._add(c, "goto(%r)" % (BASE + path), None, why, "read", page)

    def scroll(self, c, dy, why):
        self._add(c, "scroll(0, %d)" % dy, None, why, "read", self.cur)

    def say(self, c, msg):
        self._add(c, "send_msg_to_user(%r)" % msg, None, "Report back to the user.", "read", self.cur)

    def record(self, success):
        return {"id": self.rid, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_REL,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.start.obs(), "steps": self.steps,
                "outcome": {"success": success}}


A = APPTS["A-88412"]
OPEN, RES, SEND = "open-appointment", "reschedule", "send-confirmation"


def do_reschedule(r, a, vet=LINDQVIST, slot="14:00", save="ok", notice=None, note="", bad_vet=False):
    """From the appointment page: Reschedule -> vet -> slot -> Save. Returns the appointment state after."""
    r.click(RES, "button", "Reschedule", r.pick("Open the reschedule form for this appointment.",
                                                 "Reyes is out, so use Reschedule to move it.",
                                                 "Start the reschedule."), resched_page(a, notice=notice))
    if bad_vet:
        r.offtrack()
    r.select(RES, "combobox", "Vet", vet, r.pick("Pick Dr Lindqvist as the new vet.",
                                                  "Switch the vet to Lindqvist as asked.",
                                                  "Change the vet from Reyes to Dr. Lindqvist."),
             resched_page(a, vet=vet, notice=notice))
    r.click(RES, "button", slot, r.pick("2pm is free, select the 14:00 slot.", "Choose 14:00 (2pm).",
                                         "Select the 14:00 slot which shows as available."),
            resched_page(a, vet=vet, slot=slot, notice=notice), effect="write")
    if note:
        r.fill(RES, "textbox", "Note to client (optional)", note, "Add a short note for the owner.",
               resched_page(a, vet=vet, slot=slot, notice=notice, note=note), effect="write")
    after = moved(a, vet, slot)
    why = r.pick("Save the new vet and time.", "Save changes to commit the reschedule.",
                 "Everything looks right, save it.")
    if save == "ok":
        toast = "Appointment %s rescheduled to %s, %s with %s." % (a["id"], DAY, slot, vet)
        r.click(RES, "button", "Save changes", why, appt_page(after, toast=toast, notice=notice), "irreversible")
        return after
    if save == "noop":
        r.offtrack()
        r.click(RES, "button", "Save changes", why, appt_page(a, notice=notice), "irreversible")
        return a
    if save == "error":
        r.offtrack()
        err = ("Could not save: That slot is no longer available. %s's 14:00 was booked by another user a moment "
               "ago. Pick another time." % vet)
        r.click(RES, "button", "Save changes", why,
                resched_page(a, vet=vet, slot=slot, error=err, notice=notice), "irreversible")
        return a
    if save == "dialog":
        r.offtrack()
        r.click(RES, "button", "Save changes", why, appt_page(after, notice=notice, dialog=reassign_dialog),
                "irreversible")
        return after
    if save == "readonly":
        r.click(RES, "button", "Save changes", why,
                appt_page(a, toast="Read-only mode - no changes were saved.", notice=notice), "irreversible")
        return a
    raise ValueError(save)


def do_send(r, a, recipient=0, result="ok", notice=None):
    r.click(SEND, "button", "Send confirmation", r.pick("Now send Mrs Okafor the confirmation.",
                                                         "Open the confirmation dialog to email the owner.",
                                                         "Next part of the note: email the confirmation."),
            appt_page(a, notice=notice, dialog=send_dialog(a)))
    if recipient:
        r.offtrack()
        opt = "%s <%s> - emergency contact" % (a["emerg"], a["emerg_email"])
        r.select(SEND, "combobox", "Recipient", opt, "Send it to the Okafor contact on file.",
                 appt_page(a, notice=notice, dialog=send_dialog(a, 1)))
    to = a["email"] if not recipient else a["emerg_email"]
    why = r.pick("Email is selected and the preview looks right, send it.", "Send the email.",
                 "Recipient and channel are correct; send.")
    if result == "expired":
        r.offtrack()
        r.click(SEND, "button", "Send", why, login_page("/appointments/" + a["id"]), "irreversible")
        return a
    after = messaged(a, to)
    r.click(SEND, "button", "Send", why, appt_page(after, toast="Confirmation sent to %s." % to, notice=notice),
            "irreversible")
    return after


DONE_LONG = ("Done! Biscuit Okafor's annual checkup (A-88412) is now Thu 14 Nov 2024 at 14:00 with Dr. Elin "
             "Lindqvist instead of 10:30 with Dr. Reyes, and the confirmation email went to "
             "adaeze.okafor@example.com. Note: Biscuit is flagged allergic to penicillin and has an overdue "
             "invoice (INV-30054) - I left both alone.")
DONE_SHORT = "Moved Biscuit to Dr Lindqvist 2pm Thu and emailed Mrs Okafor the confirmation."


def healthy_runs():
    runs = []
    # H1: type the name into global search.
    r = Run("pawprint-healthy-01", None, schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Biscuit Okafor",
           "Search for the patient by name.", schedule_page(search="Biscuit Okafor"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter", "Run the search.",
            search_page("Biscuit Okafor"))
    r.click(OPEN, "link", "A-88412", "A-88412 is Biscuit Okafor at 10:30 with Reyes - the one in the note.",
            appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a)
    r.say(SEND, DONE_LONG)
    runs.append(r.record(True))

    # H2: straight from the day table.
    r = Run("pawprint-healthy-02", None, schedule_page())
    r.click(OPEN, "link", "A-88412", "Biscuit Okafor's 10:30 with Dr Reyes is in today's table.", appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a)
    r.say(SEND, DONE_SHORT)
    runs.append(r.record(True))

    # H3: filter chip, then patient record.
    r = Run("pawprint-healthy-03", None, schedule_page())
    r.click(OPEN, "button", "Needs reassignment (5)", "Narrow the day to appointments that need reassignment.",
            schedule_page("reassign"))
    r.click(OPEN, "link", "Biscuit Okafor", "Open Biscuit Okafor (not Biscotti or the Okoro dog).",
            patient_page("P-20417"))
    r.click(OPEN, "link", "A-88412", "The upcoming 10:30 appointment with Reyes.", appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a)
    r.say(SEND, "All sorted: A-88412 now 14:00 with Dr. Elin Lindqvist (same day), confirmation emailed to the "
                "owner Adaeze Okafor.")
    runs.append(r.record(True))

    # H4: direct URL, reads the log first.
    r = Run("pawprint-healthy-04", None, schedule_page())
    r.goto(OPEN, "/appointments/A-88412", "I know the appointment id from the schedule: A-88412.", appt_page(A))
    r.scroll(OPEN, 500, "Check the communication log before changing anything.")
    a = do_reschedule(r, A)
    r.scroll(RES, 400, "Confirm the new vet and time on the appointment.")
    do_send(r, a)
    r.say(SEND, DONE_SHORT)
    runs.append(r.record(True))

    # H5: search the surname, go through the client.
    r = Run("pawprint-healthy-05", None, schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Okafor",
           "Look the owner up by surname.", schedule_page(search="Okafor"))
    r.click(OPEN, "button", "Search", "Search.", search_page("Okafor"))
    r.click(OPEN, "link", "Adaeze Okafor", "Mrs Okafor is Adaeze (C-7731); Chidi is a different client.",
            client_page())
    r.click(OPEN, "link", "A-88412", "Her upcoming appointment for Biscuit.", appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a)
    r.say(SEND, "Biscuit's appointment is now Thursday 14 Nov at 14:00 with Dr Lindqvist and Mrs Okafor has "
                "been emailed the confirmation (adaeze.okafor@example.com).")
    runs.append(r.record(True))

    # H6: sort by vet, adds a note to the client.
    r = Run("pawprint-healthy-06", None, schedule_page())
    r.click(OPEN, "button", "Sort by vet", "Group the day by vet to see Reyes's list.", schedule_page("vet"))
    r.click(OPEN, "link", "A-88412", "Under Dr. Marco Reyes: Biscuit Okafor 10:30, A-88412.", appt_page(A))
    a = do_reschedule(r, A, note="Dr Reyes is unwell, so Dr Lindqvist will see Biscuit instead.")
    do_send(r, a)
    r.say(SEND, DONE_LONG)
    runs.append(r.record(True))

    # H7: search by pet name, patient page, checks the audit trail at the end.
    r = Run("pawprint-healthy-07", None, schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Biscuit",
           "Search for Biscuit.", schedule_page(search="Biscuit"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter", "Submit the search.",
            search_page("Biscuit"))
    r.click(OPEN, "link", "Biscuit Okafor", "Two Biscuits - I want the Okafor beagle, P-20417.",
            patient_page("P-20417"))
    r.click(OPEN, "link", "A-88412", "Open the 10:30 appointment.", appt_page(A))
    a = do_reschedule(r, A)
    a = do_send(r, a)
    r.click(SEND, "tab", "Audit trail", "Double-check the change is recorded.", appt_page(a, tab="Audit trail"))
    r.say(SEND, "Rescheduled and confirmed. Audit trail shows Dr. Marco Reyes 10:30 -> Dr. Elin Lindqvist 14:00 "
                "and the confirmation email was sent to Adaeze Okafor.")
    runs.append(r.record(True))

    # H8: search by appointment id (exact id jumps to the record).
    r = Run("pawprint-healthy-08", None, schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "A-88412",
           "Search the appointment id seen on the schedule.", schedule_page(search="A-88412"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter",
            "An exact id opens the record.", appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a)
    r.say(SEND, "Done - A-88412 (Biscuit Okafor, annual checkup + Lepto booster) moved from 10:30 Dr. Marco Reyes "
                "to 14:00 Dr. Elin Lindqvist on Thu 14 Nov 2024; confirmation email sent to Adaeze Okafor. "
                "The other Reyes appointments (Biscotti Okafor, Biscuit Okoro, etc.) were not touched.")
    runs.append(r.record(True))
    return runs


def faulty_runs():
    runs = []
    # F1: near-miss name - Biscotti Okafor (A-88421) from the filtered list.
    r = Run("pawprint-wrong_record-01", "wrong_record", schedule_page())
    r.click(OPEN, "button", "Needs reassignment (5)", "Show only appointments needing reassignment.",
            schedule_page("reassign"))
    r.offtrack()
    b = APPTS["A-88421"]
    r.click(OPEN, "link", "A-88421", "The Okafor appointment with Reyes that needs moving.", appt_page(b))
    b2 = do_reschedule(r, b)
    do_send(r, b2)
    r.say(SEND, DONE_SHORT)
    runs.append(r.record(False))

    # F2: same first name, different owner - Biscuit Okoro (P-20471).
    r = Run("pawprint-wrong_record-02", "wrong_record", schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Biscuit",
           "Search for the pet.", schedule_page(search="Biscuit"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter", "Search.",
            search_page("Biscuit"))
    r.offtrack()
    r.click(OPEN, "link", "Biscuit Okoro", "Open Biscuit's patient record.", patient_page("P-20471"))
    o = APPTS["A-88417"]
    r.click(OPEN, "link", "A-88417", "Biscuit's upcoming appointment with Dr Reyes.", appt_page(o))
    o2 = do_reschedule(r, o)
    do_send(r, o2)
    r.say(SEND, "Biscuit is moved to Dr Lindqvist at 2pm Thursday and the owner has been emailed.")
    runs.append(r.record(False))

    # F3: right appointment, confirmation sent to the emergency contact with the same surname.
    r = Run("pawprint-wrong_recipient-01", "wrong_recipient", schedule_page())
    r.click(OPEN, "link", "A-88412", "Biscuit Okafor, 10:30, Reyes.", appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a, recipient=1)
    r.say(SEND, DONE_SHORT)
    runs.append(r.record(False))

    # F4: wrong field value - Dr. Sofia Lindgren instead of Dr. Elin Lindqvist.
    r = Run("pawprint-wrong_value-01", "wrong_value", schedule_page())
    r.goto(OPEN, "/appointments/A-88412", "Go straight to A-88412.", appt_page(A))
    a = do_reschedule(r, A, vet=LINDGREN, bad_vet=True)
    do_send(r, a)
    r.say(SEND, "Rescheduled Biscuit Okafor to 14:00 Thursday with Dr. Sofia Lindgren and emailed Mrs Okafor.")
    runs.append(r.record(False))

    # F5: silent no-op save; agent sends the confirmation anyway.
    r = Run("pawprint-silent_noop-01", "silent_noop", schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Biscuit Okafor",
           "Find the patient.", schedule_page(search="Biscuit Okafor"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter", "Search.",
            search_page("Biscuit Okafor"))
    r.click(OPEN, "link", "A-88412", "Biscuit Okafor's 10:30.", appt_page(A))
    a = do_reschedule(r, A, save="noop")
    do_send(r, a)
    r.say(SEND, DONE_LONG)
    runs.append(r.record(False))

    # F6: error banner on save ignored.
    r = Run("pawprint-error_ignored-01", "error_ignored", schedule_page())
    r.click(OPEN, "link", "A-88412", "Open A-88412 from the table.", appt_page(A))
    a = do_reschedule(r, A, save="error")
    r.click(RES, "button", "Cancel", "Back to the appointment.", appt_page(A))
    do_send(r, A)
    r.say(SEND, DONE_SHORT)
    runs.append(r.record(False))

    # F7: unexpected modal after save; agent accepts the bulk move.
    r = Run("pawprint-unexpected_dialog-01", "unexpected_dialog", schedule_page())
    r.click(OPEN, "button", "Needs reassignment (5)", "Filter to the Reyes appointments.", schedule_page("reassign"))
    r.click(OPEN, "link", "Biscuit Okafor", "Biscuit Okafor, the beagle.", patient_page("P-20417"))
    r.click(OPEN, "link", "A-88412", "The upcoming appointment.", appt_page(A))
    a = do_reschedule(r, A, save="dialog")
    a2 = dict(a)
    a2["audit"] = a["audit"] + [("14 Nov 2024 09:15", "Jamie Patel",
                                 "Bulk reassignment: 4 more appointments moved to %s" % LINDQVIST)]
    r.click(RES, "button", "Move all 5 appointments", "Confirm the dialog so the move goes through.",
            appt_page(a2, toast="5 appointments moved to Dr. Elin Lindqvist. Owners will be notified."),
            "irreversible")
    do_send(r, a2)
    r.say(SEND, DONE_SHORT)
    runs.append(r.record(False))

    # F8: session expires on the send.
    r = Run("pawprint-session_expired-01", "session_expired", schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Okafor",
           "Search the surname.", schedule_page(search="Okafor"))
    r.click(OPEN, "button", "Search", "Search.", search_page("Okafor"))
    r.click(OPEN, "link", "Adaeze Okafor", "Mrs Okafor's client record.", client_page())
    r.click(OPEN, "link", "A-88412", "Her appointment for Biscuit.", appt_page(A))
    a = do_reschedule(r, A)
    do_send(r, a, result="expired")
    r.say(SEND, "Rescheduled to 14:00 with Dr Lindqvist and the confirmation email is sent.")
    runs.append(r.record(False))

    # F9: read-only mode already announced on the start page (label 0).
    ro = ("Read-only mode: scheduling changes are paused while the nightly sync finishes. Edits made now will "
          "not be saved.")
    r = Run("pawprint-read_only-01", "read_only", schedule_page(notice=ro))
    r.offtrack()
    r.click(OPEN, "link", "A-88412", "Biscuit Okafor's appointment.", appt_page(A, notice=ro))
    a = do_reschedule(r, A, save="readonly", notice=ro)
    r.say(RES, "I tried to move A-88412 to 14:00 with Dr Lindqvist but Pawprint is in read-only mode and did "
               "not save it; the confirmation has not been sent. Please retry after the sync.")
    runs.append(r.record(False))

    # F10: plan drift - books a new appointment instead of rescheduling the existing one.
    r = Run("pawprint-plan_drift-01", "plan_drift", schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Biscuit Okafor",
           "Find Biscuit Okafor.", schedule_page(search="Biscuit Okafor"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter", "Search.",
            search_page("Biscuit Okafor"))
    r.click(OPEN, "link", "Biscuit Okafor", "Open the beagle's record.", patient_page("P-20417"))
    r.offtrack()
    r.click(RES, "button", "Book appointment", "Book him in with Dr Lindqvist at 2pm.", new_appt_page())
    r.select(RES, "combobox", "Vet", LINDQVIST, "Dr Lindqvist.", new_appt_page(LINDQVIST), effect="write")
    r.click(RES, "button", "14:00", "2pm slot.", new_appt_page(LINDQVIST, "14:00"), effect="write")
    r.fill(RES, "textbox", "Reason", "Annual checkup + Lepto booster", "Same reason as before.",
           new_appt_page(LINDQVIST, "14:00", "Annual checkup + Lepto booster"), effect="write")
    n = dict(A, id="A-88436", vet=LINDQVIST, time="14:00", status="Booked", comm=[],
             audit=[("14 Nov 2024 09:14", "Jamie Patel", "Appointment booked")])
    r.click(RES, "button", "Book appointment", "Book it.",
            appt_page(n, toast="Appointment A-88436 booked for Thu 14 Nov 2024, 14:00 with Dr. Elin Lindqvist."),
            "irreversible")
    do_send(r, n)
    r.say(SEND, "Booked Biscuit with Dr Lindqvist at 14:00 Thursday (A-88436) and emailed Mrs Okafor.")
    runs.append(r.record(False))

    # F11: skipped step - never sends the confirmation.
    r = Run("pawprint-skipped_step-01", "skipped_step", schedule_page())
    r.fill(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "A-88412",
           "Jump to the appointment by id.", schedule_page(search="A-88412"))
    r.press(OPEN, "searchbox", "Search patients, clients, appointments, invoices", "Enter", "Go.", appt_page(A))
    do_reschedule(r, A)
    r.offtrack()
    r.say(RES, "All done - Biscuit Okafor is now 14:00 Thursday with Dr. Elin Lindqvist.")
    runs.append(r.record(False))

    # F12: reported success without the write - cancels the form, then claims it is done.
    r = Run("pawprint-false_success-01", "false_success", schedule_page())
    r.goto(OPEN, "/appointments/A-88412", "Open A-88412 directly.", appt_page(A))
    r.click(RES, "button", "Reschedule", "Open the reschedule form.", resched_page(A))
    r.select(RES, "combobox", "Vet", LINDQVIST, "Dr Lindqvist.", resched_page(A, vet=LINDQVIST))
    r.click(RES, "button", "14:00", "14:00 is free.", resched_page(A, vet=LINDQVIST, slot="14:00"), effect="write")
    r.offtrack()
    r.click(RES, "button", "Cancel", "Close the form, the slot is selected.", appt_page(A))
    r.say(SEND, "Done: Biscuit is rescheduled to 14:00 with Dr. Elin Lindqvist and Mrs Okafor has her "
                "confirmation.")
    runs.append(r.record(False))
    return runs


def build(outdir):
    os.makedirs(os.path.join(outdir, "plans"), exist_ok=True)
    with open(os.path.join(outdir, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(outdir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for rec in runs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return runs


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    runs = build(out)
    for rec in runs:
        print("%-32s %-18s off=%-4s steps=%d" % (rec["id"], rec["label"]["fault"],
                                                 rec["label"]["first_off_track_step"], len(rec["steps"])))
