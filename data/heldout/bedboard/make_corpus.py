#!/usr/bin/env python3
"""Generate the Bedboard held-out corpus (ED -> ward transfer workflow).

Python 3 standard library only.  Output is byte-for-byte reproducible: the only
randomness comes from random.Random seeded with SEED, one generator per run,
and every file is written with sorted, explicit ordering and '\n' line endings.

    python3 make_corpus.py                 # writes ./corpus.jsonl and ./plans/ed-to-ward-transfer.yaml
    python3 make_corpus.py --out /tmp/x    # same files under another folder
"""
import argparse
import json
import os
import random

SEED = 20240502
BASE = "http://127.0.0.1:8000/bedboard"
WORKFLOW = "ed-to-ward-transfer"
PLAN_REL = "plans/ed-to-ward-transfer.yaml"

TASK = (
    "Please move Marguerite Okafor (MRN 400-18-3372) out of the ED into bed 4W-12B on "
    "4 West (General Medicine) - she's on the ED awaiting-bed list. Her MRSA screen came "
    "back positive, so put her on Contact isolation precautions, and then let the 4 West "
    "charge nurse, Dana Whitlock, know she's coming."
)

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------

PATIENTS = {
    "400-18-3372": {
        "name": "Marguerite Okafor", "age": "64 F", "dob": "1960-03-14", "loc": "ED Majors 7",
        "service": "General Medicine", "attending": "Dr. Felix Norberg", "dta": "06:55",
        "alerts": "Penicillin allergy · Falls risk",
        "lab": "MRSA screen positive (nasal swab, resulted 08:12) — contact precautions advised",
        "history": [("TR-20912", "Today 07:12", "ED Majors 7 → 4W-09A", "Cancelled — bed blocked for maintenance"),
                    ("TR-20877", "2024-03-02", "ED Majors 2 → 4E-08A", "Completed")],
    },
    "400-18-3327": {
        "name": "Margaret Okafor", "age": "67 F", "dob": "1957-01-30", "loc": "ED Fast Track 3",
        "service": "General Medicine", "attending": "Dr. Amara Lind", "dta": "08:40",
        "alerts": "Latex allergy",
        "lab": "No screening results on file",
        "history": [],
    },
    "400-13-8372": {
        "name": "Marguerite Okafor-Reyes", "age": "41 F", "dob": "1983-07-22", "loc": "5 West, bed 5W-04A",
        "service": "Cardiology", "attending": "Dr. Sunil Mehra", "dta": "—",
        "alerts": "None recorded", "lab": "No screening results on file", "history": [],
    },
}

# bay, name, mrn, age/sex, arrived, decision to admit, boarding, status, isolation
ED_P1 = [
    ("Fast Track 4", "Priya Raman", "400-31-7780", "29 F", "09:22", "—", "—", "Under assessment", "None"),
    ("Majors 3", "Walter Greaves", "400-09-1154", "82 M", "09:05", "—", "—", "Under assessment", "None"),
    ("Peds 2", "Noah Castellano", "400-55-0193", "6 M", "08:47", "—", "—", "Awaiting results", "None"),
    ("Majors 12", "Ines Halvorsen", "400-27-6618", "58 F", "08:31", "09:10", "0h 31m", "Transfer pending (TR-20944)", "Airborne"),
    ("Fast Track 3", "Margaret Okafor", "400-18-3327", "67 F", "08:02", "08:40", "1h 01m", "Awaiting bed", "None"),
    ("Resus 1", "Unknown Male 0417", "400-99-0417", "~40 M", "07:58", "08:20", "1h 21m", "Bed assigned — ICU-04", "None"),
    ("Majors 9", "Samuel Adeyemi", "400-12-4409", "47 M", "07:26", "—", "—", "Discharged — awaiting ride", "None"),
    ("Majors 5", "Lucia Ferreira", "400-40-2291", "75 F", "07:10", "07:45", "1h 56m", "Transfer cancelled — re-queue", "Contact"),
    ("Resus 2", "Theo Lindqvist", "400-22-1045", "71 M", "06:12", "07:40", "2h 01m — overdue", "Transfer pending (TR-20931)", "Droplet"),
    ("Majors 10", "Harold Beaumont", "400-06-5530", "79 M", "06:03", "07:05", "2h 36m — overdue", "Transfer failed — bed blocked", "None"),
]
ED_P2 = [
    ("Majors 7", "Marguerite Okafor", "400-18-3372", "64 F", "05:48", "06:55", "2h 46m — overdue", "Awaiting bed", "None"),
    ("Majors 1", "Everett Sandoval", "400-33-9021", "53 M", "05:30", "—", "—", "Under assessment", "None"),
    ("Majors 2", "Kwame Asante", "400-44-1187", "36 M", "05:12", "—", "—", "Awaiting results", "None"),
    ("Majors 8", "Ruth Abernathy", "400-02-6673", "88 F", "04:57", "05:40", "4h 01m — overdue", "Awaiting bed", "Contact — enhanced (C. diff)"),
    ("Fast Track 1", "Jonah Mireles", "400-61-2205", "19 M", "04:40", "—", "—", "Discharged", "None"),
    ("Majors 11", "Beatriz Calloway", "400-18-3732", "59 F", "04:21", "06:10", "3h 31m — overdue", "Awaiting bed", "None"),
    ("Resus 3", "Anton Vasquez", "400-70-5518", "66 M", "03:55", "04:30", "—", "Admitted — moved to 3N-06", "None"),
    ("Majors 6", "Grace Ogunleye", "400-15-0824", "72 F", "03:20", "04:15", "5h 26m — overdue", "Awaiting bed", "None"),
    ("Majors 4", "Ferdinand Kohl", "400-38-4476", "61 M", "02:48", "—", "—", "Left without being seen", "None"),
    ("Peds 1", "Ava Lindqvist", "400-55-0912", "4 F", "02:10", "—", "—", "Discharged", "None"),
]
ED_LATER = [
    ("Majors 14", "Oskar Brandt", "400-29-3310", "70 M", "01:52", "03:00", "6h 41m — overdue", "Awaiting bed", "None"),
    ("Majors 15", "Helen Marchetti", "400-08-7745", "84 F", "01:15", "02:30", "7h 11m — overdue", "Awaiting bed", "Droplet"),
]
ED_ALL = ED_P1 + ED_P2 + ED_LATER


def _boarding_minutes(row):
    b = row[6]
    if not b.startswith(tuple("0123456789")):
        return -1
    h, m = b.split(" — ")[0].replace("h", "").replace("m", "").split()
    return int(h) * 60 + int(m)


WARD_OPTIONS = [
    "— Select a ward —",
    "4 West — General Medicine (3 available)",
    "4 East — Surgical (2 available)",
    "5 West — Cardiology (1 available)",
    "3 North — Step-down (0 available)",
]
WARD_SHORT = {
    WARD_OPTIONS[1]: "4 West — General Medicine",
    WARD_OPTIONS[2]: "4 East — Surgical",
    WARD_OPTIONS[3]: "5 West — Cardiology",
    WARD_OPTIONS[4]: "3 North — Step-down",
}
# bed, room type, status, bay sex, telemetry, location text
BEDS = {
    "4 West — General Medicine": [
        ("4W-21B", "2-bed room", "Clean — ready since 08:10", "Female", "No", "Room 21, bed B"),
        ("4W-12B", "4-bed bay", "Clean — ready since 09:05", "Female", "No", "Bay 12, bed B"),
        ("4W-07", "Single room", "Terminal clean in progress — ready ~10:30", "—", "No", "Room 7"),
    ],
    "4 East — Surgical": [
        ("4E-12B", "4-bed bay", "Clean — ready since 07:50", "Female", "No", "Bay 12, bed B"),
        ("4E-03", "Single room", "Clean — ready since 09:20", "—", "No", "Room 3"),
    ],
    "5 West — Cardiology": [
        ("5W-12B", "4-bed bay", "Clean — ready since 08:45", "Female", "Yes", "Bay 12, bed B"),
    ],
    "3 North — Step-down": [],
}
CHARGE_RN = {
    "4 West — General Medicine": ("Dana Whitlock", "4 West", "ext. 4417"),
    "4 East — Surgical": ("Dana Whitman", "4 East", "ext. 4471"),
    "5 West — Cardiology": ("Diana Whitlock", "5 West", "ext. 5417"),
    "3 North — Step-down": ("Tomasz Byrne", "3 North", "ext. 3310"),
}
RECIPIENTS = [
    "Dana Whitlock — Charge RN, 4 West (on shift)",
    "Dana Whitman — Charge RN, 4 East (on shift)",
    "Diana Whitlock — Charge RN, 5 West (off shift at 10:00)",
    "Bed management on-call — ext. 4400",
]
RECIPIENT_FOR_WARD = {
    "4 West — General Medicine": RECIPIENTS[0],
    "4 East — Surgical": RECIPIENTS[1],
    "5 West — Cardiology": RECIPIENTS[2],
}
ISO_OPTIONS = ["None", "Contact", "Contact — enhanced (C. diff)", "Droplet", "Airborne", "Neutropenic (protective)"]
OTHER_TRANSFERS = [
    ("TR-20931", "Theo Lindqvist", "Resus 2 → 5W-02A", "Droplet", "Pending porter"),
    ("TR-20944", "Ines Halvorsen", "Majors 12 → 4W-01 (negative pressure)", "Airborne", "Waiting for bed clean"),
    ("TR-20895", "Wendell Pryce", "4E-09 → 3N-02", "None", "Failed — retry"),
    ("TR-20912", "Marguerite Okafor", "Majors 7 → 4W-09A", "None", "Cancelled — bed blocked"),
    ("TR-20950", "Lucia Ferreira", "Majors 5 → 4E-05", "Contact", "Cancelled by receiving ward"),
    ("TR-20939", "Harold Beaumont", "Majors 10 → 3N-04", "None", "Failed — bed blocked"),
]
NAV = ["Board", "Emergency Dept", "Wards", "Transfers", "Isolation", "Discharges", "Reports"]


# --------------------------------------------------------------------------------------
# Flattened accessibility tree builder (BrowserGym style: one node per line)
# --------------------------------------------------------------------------------------

def q(s):
    return repr(s)


class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = [f"RootWebArea {q(title)}, focused"]
        self.nodes = {}
        self.keys = {}
        self.auto = 100

    def seek(self, start):
        self.auto = start

    def n(self, depth, role, name="", *props, key=None, bid=None):
        if bid is None:
            bid = self.auto
            self.auto += 1
        bid = str(bid)
        if bid in self.nodes:
            raise ValueError(f"duplicate bid {bid} on {self.url}")
        self.nodes[bid] = (role, name)
        self.lines.append("\t" * depth + f"[{bid}] {role} {q(name)}" + "".join(", " + p for p in props))
        if key:
            self.keys[key] = bid
        return bid

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def fmt_clock(sec):
    h, rem = divmod(sec, 3600)
    m, s = divmod(rem, 60)
    return f"{h:02d}:{m:02d}", f"{h:02d}:{m:02d}:{s:02d}"


def chrome(p, c, crumbs, nav=None):
    hm, _ = fmt_clock(c["t"])
    p.n(1, "banner", "", bid=1)
    p.n(2, "link", "Bedboard — home", bid=2, key="home")
    p.n(2, "StaticText", "Riverside General Hospital · Patient Flow", bid=3)
    p.n(2, "search", "Find a patient or bed", bid=4)
    sprops = [f"value={q(c['search'])}"] if c.get("search") else []
    p.n(3, "searchbox", "Search patients, MRNs, beds", *sprops, bid=5, key="gsearch")
    p.n(3, "button", "Search", bid=6, key="gsearch_go")
    p.n(2, "status", "House census", "live='polite'", bid=7)
    p.n(3, "StaticText", f"Occupied {c['occ']}/438", bid=8)
    p.n(3, "StaticText", f"ED boarding {c['boarding']}", bid=9)
    p.n(3, "StaticText", f"Pending transfers {c['pending']}", bid=10)
    p.n(3, "StaticText", "Isolation rooms free 2", bid=11)
    p.n(2, "link", "Alerts (3)", bid=12)
    p.n(2, "StaticText", hm, bid=13)
    p.n(2, "button", "Rosa Ibáñez · Bed Coordinator", "hasPopup='menu'", "expanded=False", bid=14, key="usermenu")
    p.n(1, "navigation", "Main", bid=20)
    for i, label in enumerate(NAV):
        props = ["current='page'"] if label == nav else []
        p.n(2, "link", label, *props, bid=21 + i, key="nav_" + label)
    p.n(1, "navigation", "Breadcrumb", bid=30)
    for i, crumb in enumerate(crumbs):
        if i == len(crumbs) - 1:
            p.n(2, "StaticText", crumb, bid=31 + i)
        else:
            p.n(2, "link", crumb, bid=31 + i, key="crumb_" + crumb)
    p.n(1, "main", "", bid=40)
    p.seek(100)


def footer(p, c):
    _, hms = fmt_clock(c["t"])
    p.seek(900)
    p.n(1, "contentinfo", "")
    p.n(2, "StaticText", "Bedboard 7.4.2 · Riverside General Hospital")
    p.n(2, "StaticText", f"Last sync {hms}")
    p.n(2, "link", "Help")
    p.n(2, "link", "Downtime procedures")
    p.n(2, "link", "Privacy notice")
    p.n(2, "StaticText", "Patient information is confidential. Access is logged.")


def toast(p, text, start=580):
    p.seek(start)
    p.n(1, "status", "", "live='polite'")
    p.n(2, "StaticText", text)
    p.n(2, "button", "Dismiss notification")


def options(p, depth, opts, selected, prefix):
    for i, o in enumerate(opts):
        p.n(depth, "option", o, f"selected={o == selected}", key=f"{prefix}_opt{i}")


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------

def ed_board(c, view="default", status_sel="All statuses", area_sel="All areas", banner=False, note=None):
    urls = {
        "default": "/ed",
        "p2": "/ed?page=2",
        "awaiting": "/ed?status=awaiting-bed",
        "sort_boarding": "/ed?sort=-boarding",
        "fasttrack": "/ed?view=fast-track-huddle&area=fast-track",
    }
    p = Page(BASE + urls[view], "Emergency Department — Bedboard")
    chrome(p, c, ["Bedboard", "Emergency Dept"], nav="Emergency Dept")
    hm, _ = fmt_clock(c["t"])
    p.n(2, "heading", "Emergency Department", "level=1")
    p.n(2, "StaticText", f"Updated {hm} · 38 patients in department · {c['boarding']} boarding")
    if banner:
        p.n(2, "region", "Service notice")
        p.n(3, "StaticText", "Scheduled downtime tonight 02:00–02:30. Transfers booked during downtime must be recorded on paper forms.")
        p.n(3, "link", "Read downtime procedures")
    p.n(2, "group", "Filters")
    if view == "awaiting":
        status_sel = "Awaiting bed"
    if view == "fasttrack":
        area_sel = "Fast Track"
    p.n(3, "combobox", "Status", f"value={q(status_sel)}", "hasPopup='menu'", "expanded=False", key="f_status")
    options(p, 4, ["All statuses", "Awaiting bed", "Under assessment", "Transfer pending", "Bed assigned", "Discharged"], status_sel, "f_status")
    p.n(3, "combobox", "Area", f"value={q(area_sel)}", "hasPopup='menu'", "expanded=False", key="f_area")
    options(p, 4, ["All areas", "Majors", "Resus", "Fast Track", "Peds"], area_sel, "f_area")
    p.n(3, "textbox", "Filter by name or MRN", key="f_text")
    p.n(3, "button", "Apply filters", key="f_apply")
    p.n(3, "button", "Clear filters", key="f_clear")
    if view == "fasttrack":
        p.n(3, "StaticText", "Saved view 'Fast Track huddle' applied")
        p.n(3, "button", "Remove filter Area: Fast Track", key="f_remove")

    if view == "default":
        rows, shown, total, page_no, pages = ED_P1, "Showing 1–10 of 38", 38, 1, 4
    elif view == "p2":
        rows, shown, total, page_no, pages = ED_P2, "Showing 11–20 of 38", 38, 2, 4
    elif view == "awaiting":
        rows = [r for r in ED_ALL if r[7] == "Awaiting bed"]
        shown, total, page_no, pages = f"Showing 1–{len(rows)} of {len(rows)}", len(rows), 1, 1
    elif view == "sort_boarding":
        rows = sorted(ED_ALL, key=lambda r: -_boarding_minutes(r))[:10]
        shown, total, page_no, pages = "Showing 1–10 of 38", 38, 1, 4
    else:  # fasttrack
        rows = [r for r in ED_ALL if r[0].startswith("Fast Track")]
        shown, total, page_no, pages = f"Showing 1–{len(rows)} of {len(rows)} (filtered)", len(rows), 1, 1

    sort_col = "Boarding" if view == "sort_boarding" else "Arrived"
    p.n(2, "table", "ED patients")
    p.n(3, "row", "")
    for col, btn in [("Bay", None), ("Patient", "Sort by patient"), ("MRN", None), ("Age/Sex", None),
                     ("Arrived", "Sort by arrival"), ("Decision to admit", None),
                     ("Boarding", "Sort by boarding time"), ("Status", None), ("Isolation", None)]:
        props = ["sort='descending'"] if col == sort_col else []
        p.n(4, "columnheader", col, *props)
        if btn:
            p.n(5, "button", btn, key="sort_" + col.lower())
    for r in rows:
        p.n(3, "row", "")
        p.n(4, "cell", r[0])
        p.n(4, "cell", "")
        p.n(5, "link", r[1], key="pt_" + r[2])
        for v in r[2:]:
            p.n(4, "cell", v)
    p.n(2, "StaticText", shown)
    p.n(2, "navigation", "Pagination")
    p.n(3, "button", "Previous page", *(["disabled=True"] if page_no == 1 else []), key="prev")
    for i in range(1, pages + 1):
        props = ["current='page'"] if i == page_no else []
        p.n(3, "link", f"Page {i}", *props, key=f"page{i}")
    p.n(3, "button", "Next page", *(["disabled=True"] if page_no == pages else []), key="next")
    p.n(2, "complementary", "Bed availability")
    p.n(3, "heading", "Bed availability", "level=2")
    p.n(3, "list", "")
    for t in ["4 West — General Medicine: 3 available", "4 East — Surgical: 2 available (1 blocked)",
              "5 West — Cardiology: 1 available", "3 North — Step-down: 0 available · 2 discharges pending",
              "ICU: 1 available · 1 cancelled admission"]:
        p.n(4, "listitem", t)
    if note:
        toast(p, note)
    footer(p, c)
    return p


def search_page(c, query, box=None):
    p = Page(BASE + "/search?q=" + query.replace(" ", "+"), f"Search: {query} — Bedboard")
    chrome(p, dict(c, search=box if box is not None else query), ["Bedboard", "Search"])
    p.n(2, "heading", f"Search results for {query}", "level=1")
    if query == "Okafor":
        exact = []
        similar = ["400-18-3327", "400-18-3372", "400-13-8372"]
        p.n(2, "StaticText", "3 patients match 'Okafor' · 0 beds")
    else:
        exact = [m for m in PATIENTS if m == query]
        similar = ["400-18-3327", "400-13-8372"]
        p.n(2, "StaticText", "1 exact MRN match · 2 similar MRNs · 0 beds")
    for title, mrns in [("Exact match", exact), ("Similar records" if exact else "Patients", similar)]:
        if not mrns:
            continue
        p.n(2, "heading", title, "level=2")
        p.n(2, "table", title)
        p.n(3, "row", "")
        for col in ["Patient", "MRN", "DOB", "Location", "Status", "Isolation"]:
            p.n(4, "columnheader", col)
        for m in mrns:
            pt = PATIENTS[m]
            status = "Inpatient" if m == "400-13-8372" else "Awaiting bed"
            p.n(3, "row", "")
            p.n(4, "cell", "")
            p.n(5, "link", pt["name"], key="pt_" + m)
            for v in [m, pt["dob"], pt["loc"], status, "None"]:
                p.n(4, "cell", v)
    p.n(2, "heading", "Beds", "level=2")
    p.n(2, "StaticText", "No beds match this search.")
    p.n(2, "link", "Advanced patient search")
    footer(p, c)
    return p


def patient_page(c, mrn, iso="None recorded", dialog=None, radio="None", reason="", note=None):
    pt = PATIENTS[mrn]
    p = Page(BASE + "/patients/" + mrn, f"{pt['name']} (MRN {mrn}) — Bedboard")
    chrome(p, c, ["Bedboard", "Emergency Dept", pt["name"]], nav="Emergency Dept")
    p.n(2, "heading", pt["name"], "level=1")
    p.n(2, "StaticText", f"MRN {mrn} · DOB {pt['dob']} · {pt['age']}")
    p.n(2, "StaticText", f"Location: {pt['loc']} · Attending {pt['attending']}")
    p.n(2, "StaticText", f"Admitting service: {pt['service']} · Decision to admit {pt['dta']}")
    p.n(2, "StaticText", f"Isolation: {iso}")
    p.n(2, "button", "Edit isolation", key="edit_iso")
    p.n(2, "StaticText", f"Alerts: {pt['alerts']}")
    p.n(2, "StaticText", f"Latest screening: {pt['lab']}")
    p.n(2, "toolbar", "Patient actions")
    p.n(3, "button", "Request transfer", key="req_transfer")
    p.n(3, "button", "Print wristband", key="wristband")
    p.n(3, "button", "Add note", key="add_note")
    p.n(3, "button", "Mark for discharge", key="mark_dc")
    p.n(2, "region", "Transfer history")
    p.n(3, "heading", "Transfer history", "level=2")
    if pt["history"]:
        p.n(3, "table", "Transfer history")
        p.n(4, "row", "")
        for col in ["Transfer", "Requested", "Route", "Outcome"]:
            p.n(5, "columnheader", col)
        for h in pt["history"]:
            p.n(4, "row", "")
            p.n(5, "cell", "")
            p.n(6, "link", h[0])
            for v in h[1:]:
                p.n(5, "cell", v)
    else:
        p.n(3, "StaticText", "No previous transfers.")
    p.n(2, "region", "Pending transfers for this patient")
    p.n(3, "StaticText", "None")
    if dialog == "wristband":
        p.seek(600)
        p.n(1, "dialog", "Print wristband", "modal=True")
        p.n(2, "heading", "Print wristband", "level=2")
        p.n(2, "combobox", "Printer", "value='ED Majors — Zebra 2'", "hasPopup='menu'", "expanded=False")
        p.n(2, "spinbutton", "Copies", "value='1'")
        p.n(2, "checkbox", "Include allergy band", "checked='true'")
        p.n(2, "button", "Print", key="wb_print")
        p.n(2, "button", "Cancel", key="wb_cancel")
    elif dialog == "isolation":
        p.seek(600)
        p.n(1, "dialog", "Set isolation flag", "modal=True")
        p.n(2, "heading", f"Isolation flag — {pt['name']}", "level=2")
        p.n(2, "radiogroup", "Precautions")
        for i, o in enumerate(ISO_OPTIONS):
            p.n(3, "radio", o, f"checked={q('true' if o == radio else 'false')}", key=f"iso_radio{i}")
        p.n(2, "textbox", "Reason (required)", *([f"value={q(reason)}"] if reason else []), key="iso_reason")
        p.n(2, "button", "Save flag", key="iso_save")
        p.n(2, "button", "Cancel", key="iso_cancel")
    elif dialog == "isolation_confirm":
        p.seek(600)
        p.n(1, "alertdialog", f"Set {radio} precautions?", "modal=True")
        p.n(2, "StaticText", f"Infection Prevention will be notified and door signage will print at {pt['loc']}.")
        p.n(2, "StaticText", "The flag follows the patient to the receiving ward.")
        p.n(2, "button", "Yes, set flag", key="iso_yes")
        p.n(2, "button", "No, go back", key="iso_no")
    if note:
        toast(p, note)
    footer(p, c)
    return p


def transfer_form(c, mrn, ward=None, bed=None, iso="None", single=False, sort=None, dialog=None,
                  note=None, notes="", iso_from_flag=False):
    pt = PATIENTS[mrn]
    p = Page(BASE + "/transfers/new?mrn=" + mrn, f"New transfer — {pt['name']} — Bedboard")
    chrome(p, c, ["Bedboard", "Transfers", "New transfer"], nav="Transfers")
    p.n(2, "heading", "Request transfer", "level=1")
    p.n(2, "StaticText", f"Patient: {pt['name']} · MRN {mrn} · {pt['age']} · from {pt['loc']}")
    p.n(2, "StaticText", f"Admitting service: {pt['service']} · Attending {pt['attending']}")
    p.n(2, "group", "Destination")
    p.n(3, "combobox", "Destination ward", f"value={q(ward or WARD_OPTIONS[0])}", "hasPopup='menu'", "expanded=False", key="ward")
    options(p, 4, WARD_OPTIONS, ward or WARD_OPTIONS[0], "ward")
    p.n(3, "checkbox", "Single rooms only", f"checked={q('true' if single else 'false')}", key="single")
    p.n(3, "checkbox", "Telemetry required", "checked='false'", key="tele")
    if ward:
        wname = WARD_SHORT[ward]
        beds = [b for b in BEDS[wname] if (not single or b[1] == "Single room")]
        if sort == "bed":
            beds = sorted(beds, key=lambda b: b[0])
        p.n(3, "table", f"Available beds — {wname}")
        p.n(4, "row", "")
        for col, btn in [("Bed", "Sort by bed"), ("Room type", None), ("Status", "Sort by status"),
                         ("Bay", None), ("Telemetry", None), ("Actions", None)]:
            props = []
            if (sort == "bed" and col == "Bed") or (sort is None and col == "Status"):
                props = ["sort='ascending'"]
            p.n(5, "columnheader", col, *props)
            if btn:
                p.n(6, "button", btn, key="bsort_" + col.lower())
        for b in beds:
            p.n(4, "row", "")
            p.n(5, "cell", b[0])
            p.n(5, "cell", b[1])
            p.n(5, "cell", b[2])
            p.n(5, "cell", b[3])
            p.n(5, "cell", b[4])
            p.n(5, "cell", "")
            if b[0] == bed:
                p.n(6, "button", f"Selected {b[0]}", "disabled=True")
            else:
                p.n(6, "button", f"Select {b[0]}", key="sel_" + b[0])
            p.n(6, "button", f"Details {b[0]}", key="det_" + b[0])
        hidden = {"4 West — General Medicine": 29, "4 East — Surgical": 26, "5 West — Cardiology": 23,
                  "3 North — Step-down": 22}[wname]
        if single:
            p.n(3, "StaticText", f"Filter 'Single rooms only' is on · {len(BEDS[wname]) - len(beds)} shared-room beds hidden")
        p.n(3, "StaticText", f"Occupied or blocked beds are hidden ({hidden})")
    else:
        p.n(3, "StaticText", "Choose a ward to see available beds.")
    if bed:
        loc = [b for b in BEDS[WARD_SHORT[ward]] if b[0] == bed][0][5]
        p.n(3, "StaticText", f"Selected bed: {bed} ({WARD_SHORT[ward].split(' — ')[0]}, {loc})")
        p.n(3, "button", "Change bed", key="change_bed")
    else:
        p.n(3, "StaticText", "Selected bed: none")
    p.n(2, "group", "Clinical")
    p.n(3, "combobox", "Isolation precautions", f"value={q(iso)}", "hasPopup='menu'", "expanded=False", key="iso")
    options(p, 4, ISO_OPTIONS, iso, "iso")
    if iso_from_flag:
        p.n(3, "StaticText", "Pre-filled from the patient's isolation flag.")
    if iso == "Contact":
        p.n(3, "StaticText", "Contact precautions: gown and gloves on entry; signage will print for the receiving bed.")
    elif iso == "Droplet":
        p.n(3, "StaticText", "Droplet precautions: surgical mask within 2 m; single room preferred.")
    p.n(3, "combobox", "Transfer priority", "value='Routine'", "hasPopup='menu'", "expanded=False", key="prio")
    options(p, 4, ["Routine", "Urgent", "Emergent"], "Routine", "prio")
    p.n(3, "textbox", "Handover notes", *([f"value={q(notes)}"] if notes else []), key="notes")
    p.n(2, "button", "Review transfer", key="review")
    p.n(2, "button", "Save draft", key="draft")
    p.n(2, "link", "Cancel", key="form_cancel")
    p.n(2, "complementary", "Ward status")
    p.n(3, "heading", "Ward status", "level=2")
    p.n(3, "StaticText", "4 West: 29/32 occupied · 2 discharges pending · charge RN Dana Whitlock")
    p.n(3, "StaticText", "4 East: 26/28 occupied · 1 bed blocked (maintenance) · charge RN Dana Whitman")
    p.n(3, "StaticText", "5 West: 23/24 occupied · charge RN Diana Whitlock (off shift at 10:00)")
    p.n(3, "StaticText", "3 North: 22/22 occupied · 1 admission cancelled")
    if dialog == "confirm":
        wname = WARD_SHORT[ward]
        nurse = CHARGE_RN[wname]
        p.seek(600)
        p.n(1, "dialog", "Confirm transfer", "modal=True")
        p.n(2, "heading", "Confirm transfer", "level=2")
        p.n(2, "StaticText", f"Move {pt['name']} (MRN {mrn}) from {pt['loc']} to {bed}, {wname}?")
        p.n(2, "StaticText", f"Isolation: {iso}")
        p.n(2, "StaticText", "Priority: Routine")
        p.n(2, "StaticText", f"Receiving charge nurse: {nurse[0]}")
        p.n(2, "StaticText", "Booking reserves the bed and alerts porters. The receiving unit is not messaged until you send a notification.")
        p.n(2, "button", "Confirm transfer", key="confirm")
        p.n(2, "button", "Go back", key="goback")
    elif dialog and dialog.startswith("details:"):
        b = dialog.split(":", 1)[1]
        p.seek(600)
        p.n(1, "dialog", f"Bed {b}", "modal=True")
        p.n(2, "heading", f"Bed {b}", "level=2")
        p.n(2, "StaticText", "Last cleaned 08:50 by Environmental Services · inspection passed")
        p.n(2, "StaticText", "Bay 12 neighbours: 4W-12A occupied · 4W-12C occupied · 4W-12D discharge pending")
        p.n(2, "StaticText", "Equipment: wall oxygen, suction, ceiling hoist")
        p.n(2, "button", "Close", key="det_close")
    if note:
        toast(p, note)
    footer(p, c)
    return p


def transfer_detail(c, tr, mrn, ward, bed, iso, notified=None, dialog=None, note=None, alert=None,
                    recipient=None, message=None):
    pt = PATIENTS[mrn]
    wname = WARD_SHORT[ward]
    nurse = CHARGE_RN[wname]
    p = Page(BASE + "/transfers/" + tr, f"Transfer {tr} — Bedboard")
    chrome(p, c, ["Bedboard", "Transfers", tr], nav="Transfers")
    p.n(2, "heading", f"Transfer {tr}", "level=1")
    if alert:
        p.n(2, "alert", "")
        p.n(3, "StaticText", alert)
    p.n(2, "StaticText", "Status: Booked — awaiting porter")
    p.n(2, "StaticText", f"Patient: {pt['name']} · MRN {mrn}")
    p.n(2, "StaticText", f"From: {pt['loc']} → To: {bed} ({wname})")
    p.n(2, "StaticText", f"Isolation: {iso}")
    p.n(2, "StaticText", f"Receiving charge nurse: {nurse[0]} (on shift, {nurse[2]})")
    if notified:
        p.n(2, "StaticText", f"Notification: Sent {notified[0]} to {notified[1]} — delivered")
    else:
        p.n(2, "StaticText", "Notification: Not sent")
    p.n(2, "toolbar", "Transfer actions")
    p.n(3, "button", "Resend notification" if notified else "Notify receiving charge nurse", key="notify")
    p.n(3, "button", "Request porter", key="porter")
    p.n(3, "button", "Print handover", key="print_handover")
    p.n(3, "button", "Cancel transfer", key="cancel_tr")
    p.n(2, "region", "Activity")
    p.n(3, "heading", "Activity", "level=2")
    p.n(3, "table", "Activity")
    p.n(4, "row", "")
    p.n(5, "columnheader", "Time")
    p.n(5, "columnheader", "Event")
    p.n(5, "columnheader", "By")
    events = [(c["booked_at"], f"Transfer booked; bed {bed} reserved", "Rosa Ibáñez"),
              (c["booked_at"], f"Isolation on transfer: {iso}", "Rosa Ibáñez"),
              (c["booked_at"], "Porter request queued (Routine)", "System")]
    if notified:
        events.append((notified[0], f"Notification sent to {notified[1]} via secure chat", "Rosa Ibáñez"))
    for e in events:
        p.n(4, "row", "")
        for v in e:
            p.n(5, "cell", v)
    p.n(2, "region", "Other transfers today")
    p.n(3, "heading", "Other transfers today", "level=2")
    p.n(3, "table", "Other transfers today")
    p.n(4, "row", "")
    for col in ["Transfer", "Patient", "Route", "Isolation", "Status"]:
        p.n(5, "columnheader", col)
    for t in OTHER_TRANSFERS:
        p.n(4, "row", "")
        p.n(5, "cell", "")
        p.n(6, "link", t[0])
        for v in t[1:]:
            p.n(5, "cell", v)
    if dialog == "notify":
        rec = recipient or RECIPIENT_FOR_WARD[wname]
        msg = message or (f"Incoming from ED: {pt['name']} (MRN {mrn}) to {bed} via {tr}. "
                          f"Isolation: {iso}. Porter requested; ETA ~30 min.")
        p.seek(600)
        p.n(1, "dialog", "Notify receiving unit", "modal=True")
        p.n(2, "heading", "Notify receiving unit", "level=2")
        p.n(2, "combobox", "Recipient", f"value={q(rec)}", "hasPopup='menu'", "expanded=False", key="recipient")
        options(p, 3, RECIPIENTS, rec, "rcpt")
        p.n(2, "textbox", "Message", f"value={q(msg)}", key="message")
        p.n(2, "radiogroup", "Channel")
        p.n(3, "radio", "Secure chat", "checked='true'")
        p.n(3, "radio", "Page (Vocera)", "checked='false'")
        p.n(2, "button", "Send notification", key="send")
        p.n(2, "button", "Cancel", key="notify_cancel")
    if note:
        toast(p, note)
    footer(p, c)
    return p


def transfers_list(c):
    p = Page(BASE + "/transfers", "Transfers — Bedboard")
    chrome(p, c, ["Bedboard", "Transfers"], nav="Transfers")
    p.n(2, "heading", "Transfers", "level=1")
    p.n(2, "tablist", "Transfer views")
    p.n(3, "tab", "Pending (6)", "selected=True")
    p.n(3, "tab", "Booked today (11)", "selected=False")
    p.n(3, "tab", "Cancelled (3)", "selected=False")
    p.n(3, "tab", "Failed (2)", "selected=False")
    p.n(2, "table", "Pending transfers")
    p.n(3, "row", "")
    for col in ["Transfer", "Patient", "Route", "Isolation", "Status"]:
        p.n(4, "columnheader", col)
    for t in OTHER_TRANSFERS:
        p.n(3, "row", "")
        p.n(4, "cell", "")
        p.n(5, "link", t[0])
        for v in t[1:]:
            p.n(4, "cell", v)
    p.n(2, "StaticText", "Showing 6 transfers")
    p.n(2, "button", "New transfer")
    footer(p, c)
    return p


def signin_page(c):
    p = Page(BASE + "/signin?next=%2Fbedboard%2Ftransfers%2Fnew", "Sign in — Bedboard")
    p.n(1, "banner", "", bid=1)
    p.n(2, "StaticText", "Bedboard", bid=2)
    p.n(2, "StaticText", "Riverside General Hospital", bid=3)
    p.n(1, "main", "", bid=40)
    p.seek(100)
    p.n(2, "heading", "Sign in to Bedboard", "level=1")
    p.n(2, "alert", "")
    p.n(3, "StaticText", "Your session has ended. Sign in to continue. Unsaved changes were not kept.")
    p.n(2, "textbox", "Staff ID")
    p.n(2, "textbox", "Password")
    p.n(2, "button", "Sign in")
    p.n(2, "link", "Use smart card instead")
    p.n(2, "link", "Forgot password?")
    footer(p, c)
    return p


def error_page(c):
    p = Page(BASE + "/transfers", "Error — Bedboard")
    chrome(p, c, ["Bedboard", "Transfers", "Error"], nav="Transfers")
    p.n(2, "heading", "Something went wrong", "level=1")
    p.n(2, "StaticText", "HTTP 500 · The transfer could not be saved because the bed service did not respond.")
    p.n(2, "StaticText", "Reference BB-500-7F3A2 · Nothing was booked.")
    p.n(2, "link", "Back to transfer form", key="back_form")
    p.n(2, "link", "Contact the service desk (ext. 5000)")
    footer(p, c)
    return p


# --------------------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault, start_page_fn, seed_offset, success):
        self.rng = random.Random(SEED * 100 + seed_offset)
        self.id = rid
        self.fault = fault
        self.success = success
        self.off = 0 if fault and fault.get("at_start") else None
        self.c = {"t": 9 * 3600 + 41 * 60 + self.rng.randint(0, 40), "occ": 412, "boarding": 14,
                  "pending": 6, "search": "", "booked_at": None}
        self.tr = f"TR-{20956 + self.rng.randint(0, 4)}"
        self.initial = start_page_fn(self.c)
        self.cur = self.initial
        self.steps = []

    def tick(self):
        self.c["t"] += self.rng.randint(9, 48)

    def clock(self):
        return fmt_clock(self.c["t"])[0]

    def book(self):
        self.c["pending"] = 7
        self.c["booked_at"] = self.clock()

    def act(self, commitment, verb, key, reasoning, effect, next_fn, arg=None, off=False, error=None):
        page = self.cur
        if verb == "send_msg_to_user":
            cmd = f"send_msg_to_user({q(arg)})"
            target = None
        else:
            bid = page.keys[key]
            role, name = page.nodes[bid]
            target = f"{role} {q(name)}"
            if verb in ("click",):
                cmd = f"click({q(bid)})"
            elif verb == "fill":
                cmd = f"fill({q(bid)}, {q(arg)})"
            elif verb == "select_option":
                cmd = f"select_option({q(bid)}, {q(arg)})"
            elif verb == "press":
                cmd = f"press({q(bid)}, {q(arg)})"
            else:
                raise ValueError(verb)
        self.tick()
        nxt = next_fn(self.c) if next_fn else page
        action = {"command": cmd, "reasoning": reasoning}
        if target:
            action["target"] = target
        action["effect"] = effect
        if off and self.off is None:
            self.off = len(self.steps)
        self.steps.append({"commitment": commitment, "action": action, "observation": nxt.obs(error)})
        self.cur = nxt
        return nxt

    def record(self):
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault["kind"] if self.fault else None,
                      "first_off_track_step": self.off if self.fault else None},
            "initial_observation": self.initial.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


# --------------------------------------------------------------------------------------
# Shared step sequences (the healthy path, in pieces)
# --------------------------------------------------------------------------------------

M = "400-18-3372"
W4 = WARD_OPTIONS[1]


def s_search(r, query, mrn_click=M, via="button", off_click=False):
    r.act("find-patient", "fill", "gsearch", f"Type {query} into the global search box", "read",
          lambda c: r.cur_with_search(c, query), arg=query)
    if via == "button":
        r.act("find-patient", "click", "gsearch_go", "Run the search", "read", lambda c: search_page(c, query))
    else:
        r.act("find-patient", "press", "gsearch", "Press Enter to search", "read", lambda c: search_page(c, query),
              arg="Enter")
    name = PATIENTS[mrn_click]["name"]
    r.act("find-patient", "click", "pt_" + mrn_click, f"Open {name} ({mrn_click}) from the results", "read",
          lambda c: patient_page(c, mrn_click), off=off_click)


def s_open_form(r, mrn=M, iso="None", iso_from_flag=False):
    r.act("start-transfer", "click", "req_transfer", "Start a transfer request from the patient record", "read",
          lambda c: transfer_form(c, mrn, iso=iso, iso_from_flag=iso_from_flag))


def s_ward(r, st, ward=W4, off=False):
    st["ward"] = ward
    r.act("start-transfer", "select_option", "ward", f"Choose {WARD_SHORT[ward]} as the destination ward", "write",
          lambda c: transfer_form(c, **st), arg=ward, off=off)


def s_bed(r, st, bed="4W-12B", off=False):
    st["bed"] = bed
    r.act("start-transfer", "click", "sel_" + bed, f"Select bed {bed}", "write",
          lambda c: transfer_form(c, **st, note=f"Bed {bed} held for you for 15 minutes."), off=off)


def s_iso(r, st, value="Contact", off=False):
    st["iso"] = value
    r.act("set-isolation", "select_option", "iso", f"Set isolation precautions to {value}", "write",
          lambda c: transfer_form(c, **st), arg=value, off=off)


def s_review(r, st, off=False):
    r.act("book-transfer", "click", "review", "Review the transfer before booking", "read",
          lambda c: transfer_form(c, **st, dialog="confirm"), off=off)


def s_confirm(r, st):
    def nxt(c):
        r.book()
        return transfer_detail(c, r.tr, st["mrn"], st["ward"], st["bed"], st["iso"],
                               note=f"Transfer {r.tr} booked. Bed {st['bed']} reserved for {PATIENTS[st['mrn']]['name']}.")
    r.act("book-transfer", "click", "confirm", "Confirm the transfer", "irreversible", nxt)


def s_notify(r, st, send=True):
    r.act("notify-nurse", "click", "notify", "Open the notification dialog for the receiving unit", "read",
          lambda c: transfer_detail(c, r.tr, st["mrn"], st["ward"], st["bed"], st["iso"], dialog="notify"))
    if send:
        nurse = CHARGE_RN[WARD_SHORT[st["ward"]]]

        def nxt(c):
            return transfer_detail(c, r.tr, st["mrn"], st["ward"], st["bed"], st["iso"],
                                   notified=(r.clock(), nurse[0]),
                                   note=f"Notification sent to {nurse[0]} ({nurse[1]}) via secure chat.")
        r.act("notify-nurse", "click", "send", f"Send the notification to {nurse[0]}", "irreversible", nxt)


def s_report(r, text, commitment="report-done"):
    r.act(commitment, "send_msg_to_user", None, "Report the outcome to the user", "read", None, arg=text)


def _cur_with_search(self, c, query):
    # The page currently shown, re-rendered with the header search box filled in.
    c2 = dict(c, search=query)
    return self._render(c2)


Run.cur_with_search = _cur_with_search


def healthy_report(r, bed="4W-12B"):
    return (f"Done. Marguerite Okafor (MRN 400-18-3372) is booked on {r.tr} from ED Majors 7 to bed {bed} "
            f"on 4 West — General Medicine with Contact isolation precautions, and Dana Whitlock "
            f"(charge RN, 4 West) has been notified by secure chat.")


def new_run(rid, offset, start="default", fault=None, success=True, **kw):
    def start_fn(c):
        return ed_board(c, view=start, **kw)
    r = Run(rid, fault, start_fn, offset, success)
    r._render = lambda c: ed_board(c, view=start, **kw)
    return r


def base_state(mrn=M):
    return {"mrn": mrn, "ward": None, "bed": None, "iso": "None", "single": False, "sort": None,
            "notes": "", "iso_from_flag": False}


def tail_from_form(r, st, notify=True):
    """From an open transfer form with ward/bed/iso chosen: review, confirm, notify, report."""
    s_review(r, st)
    s_confirm(r, st)
    if notify:
        s_notify(r, st)
        s_report(r, healthy_report(r, st["bed"]))


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------

def healthy_runs():
    runs = []

    # H1: search by MRN, straight path.
    r = new_run("bedboard-healthy-01-search-mrn", 1)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    tail_from_form(r, st)
    runs.append(r)

    # H2: browse the ED list, sort by boarding time, handover note typed.
    r = new_run("bedboard-healthy-02-sort-boarding", 2)
    r.act("find-patient", "click", "sort_boarding", "Sort the ED list by boarding time to find long boarders", "read",
          lambda c: ed_board(c, view="sort_boarding"))
    r.act("find-patient", "click", "pt_" + M, "Open Marguerite Okafor (MRN 400-18-3372)", "read",
          lambda c: patient_page(c, M))
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    st["notes"] = "MRSA screen positive 08:12. Falls risk, needs walker. Penicillin allergy."
    r.act("start-transfer", "fill", "notes", "Add a short handover note", "write",
          lambda c: transfer_form(c, **st), arg=st["notes"])
    tail_from_form(r, st)
    runs.append(r)

    # H3: use the awaiting-bed filter the task mentions (select, then apply).
    r = new_run("bedboard-healthy-03-awaiting-filter", 3)
    r.act("find-patient", "select_option", "f_status", "Filter the ED list to the awaiting-bed patients", "read",
          lambda c: ed_board(c, view="default", status_sel="Awaiting bed"), arg="Awaiting bed")
    r.act("find-patient", "click", "f_apply", "Apply the status filter", "read",
          lambda c: ed_board(c, view="awaiting"))
    r.act("find-patient", "click", "pt_" + M, "Open Marguerite Okafor, MRN 400-18-3372 (not Margaret Okafor)", "read",
          lambda c: patient_page(c, M))
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    tail_from_form(r, st)
    runs.append(r)

    # H4: opens the wristband dialog by mistake and cancels; bed details dialog opened and closed.
    r = new_run("bedboard-healthy-04-dialog-cancel", 4)
    s_search(r, M, via="enter")
    r.act("find-patient", "click", "wristband", "Check the print options for the wristband", "read",
          lambda c: patient_page(c, M, dialog="wristband"))
    r.act("find-patient", "click", "wb_cancel", "No wristband is needed; close the dialog", "read",
          lambda c: patient_page(c, M))
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    r.act("start-transfer", "click", "det_4W-12B", "Check the details of bed 4W-12B before selecting it", "read",
          lambda c: transfer_form(c, **st, dialog="details:4W-12B"))
    r.act("start-transfer", "click", "det_close", "Close the bed details", "read",
          lambda c: transfer_form(c, **st))
    s_bed(r, st)
    s_iso(r, st)
    tail_from_form(r, st)
    runs.append(r)

    # H5: paginate the default list to page 2.
    r = new_run("bedboard-healthy-05-pagination", 5)
    r.act("find-patient", "click", "next", "She is not on page 1; go to the next page", "read",
          lambda c: ed_board(c, view="p2"))
    r.act("find-patient", "click", "pt_" + M, "Open Marguerite Okafor (MRN 400-18-3372)", "read",
          lambda c: patient_page(c, M))
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    tail_from_form(r, st)
    runs.append(r)

    # H6: searches by surname, then retypes the MRN; retypes the handover note.
    r = new_run("bedboard-healthy-06-retype", 6)
    r.act("find-patient", "fill", "gsearch", "Search by surname first", "read",
          lambda c: ed_board(dict(c, search="Okafor")), arg="Okafor")
    r.act("find-patient", "click", "gsearch_go", "Run the search", "read", lambda c: search_page(c, "Okafor"))
    r.act("find-patient", "fill", "gsearch", "Several Okafors; narrow the search to the exact MRN", "read",
          lambda c: search_page(c, "Okafor", box=M), arg=M)
    r.act("find-patient", "click", "gsearch_go", "Search for the MRN", "read", lambda c: search_page(c, M))
    r.act("find-patient", "click", "pt_" + M, "Open the exact MRN match", "read", lambda c: patient_page(c, M))
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    st["notes"] = "MRSA pos"
    r.act("start-transfer", "fill", "notes", "Add a handover note", "write",
          lambda c: transfer_form(c, **st), arg=st["notes"])
    st["notes"] = "MRSA screen positive (08:12). Contact precautions. Falls risk."
    r.act("start-transfer", "fill", "notes", "Retype the note more completely", "write",
          lambda c: transfer_form(c, **st), arg=st["notes"])
    tail_from_form(r, st)
    runs.append(r)

    # H7: downtime banner on the start page, census toast, sorts the bed table by bed number.
    r = new_run("bedboard-healthy-07-sort-beds-banner", 7, banner=True,
                note="Bed census refreshed — 3 beds became available on 4 West.")
    s_search(r, M, via="enter")
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    st["sort"] = "bed"
    r.act("start-transfer", "click", "bsort_bed", "Sort the available beds by bed number", "read",
          lambda c: transfer_form(c, **st))
    s_bed(r, st)
    s_iso(r, st)
    tail_from_form(r, st)
    runs.append(r)

    # H8: sets the isolation flag on the patient record first; its own confirmation dialog.
    r = new_run("bedboard-healthy-08-flag-on-record", 8)
    s_search(r, M)
    r.act("set-isolation", "click", "edit_iso", "Set the isolation flag on her record", "read",
          lambda c: patient_page(c, M, dialog="isolation"))
    r.act("set-isolation", "click", "iso_radio1", "Choose Contact precautions", "write",
          lambda c: patient_page(c, M, dialog="isolation", radio="Contact"))
    reason = "MRSA screen positive, resulted 08:12"
    r.act("set-isolation", "fill", "iso_reason", "Give the reason", "write",
          lambda c: patient_page(c, M, dialog="isolation", radio="Contact", reason=reason), arg=reason)
    r.act("set-isolation", "click", "iso_save", "Save the flag", "write",
          lambda c: patient_page(c, M, dialog="isolation_confirm", radio="Contact"))
    r.act("set-isolation", "click", "iso_yes", "Confirm setting Contact precautions", "irreversible",
          lambda c: patient_page(c, M, iso=f"Contact (set {r.clock()} by R. Ibáñez)",
                                 note="Isolation flag set: Contact precautions."))
    st = base_state()
    st["iso"] = "Contact"
    st["iso_from_flag"] = True
    s_open_form(r, iso="Contact", iso_from_flag=True)
    s_ward(r, st)
    s_bed(r, st)
    tail_from_form(r, st)
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages above, before any faulty
# run below existed; not edited afterwards.
# --------------------------------------------------------------------------------------

PLAN_YAML = """\
# Plan for the Bedboard ED -> ward transfer workflow.
# Written from the task text and the healthy pages only.
task: %(task)s
plan_falsifiers:
  execution:
    - "Sign in — Bedboard"
    - "Your session has ended"
    - "Access denied"
commitments:
  - id: find-patient
    subgoal: "Open the record for Marguerite Okafor, MRN 400-18-3372"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "Emergency Department — Bedboard"
      progress:
        - "400-18-3372"
      completion:
        - "Marguerite Okafor (MRN 400-18-3372)"
        - "Location: ED Majors 7"
    falsify:
      execution:
        - "400-18-3327"
        - "Margaret Okafor"
        - "400-13-8372"
        - "Marguerite Okafor-Reyes"
        - "No patients match"
      skill:
        - "Search is unavailable"
      planning:
        - "Marguerite Okafor has been discharged"
        - "Patient already has a pending transfer"
  - id: start-transfer
    subgoal: "Request a transfer to bed 4W-12B on 4 West — General Medicine"
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Request transfer"
      progress:
        - "4 West — General Medicine"
        - "Select 4W-12B"
      completion:
        - "Selected bed: 4W-12B"
        - "Bed 4W-12B held for you"
    falsify:
      execution:
        - "4W-21B"
        - "4E-12B"
        - "4W-07"
        - "4 East — Surgical"
        - {text: "Single rooms only", on: action}
        - {text: "Select 4E-12B", on: action}
      skill:
        - "Destination ward list is empty"
      planning:
        - "No beds available on 4 West"
        - "4W-12B is occupied"
  - id: set-isolation
    subgoal: "Set isolation precautions to Contact"
    confidence: 0.75
    confirm:
      precondition: []
      progress:
        - "Isolation precautions"
      completion:
        - "Contact precautions: gown and gloves"
        - "Isolation: Contact"
    falsify:
      execution:
        - "Droplet"
        - "Airborne"
        - "Contact — enhanced (C. diff)"
        - "Neutropenic (protective)"
        - {text: "select Droplet as the isolation precaution", on: action}
      planning:
        - "Isolation cannot be changed for this patient"
  - id: book-transfer
    subgoal: "Review and confirm the transfer"
    confidence: 0.7
    confirm:
      precondition:
        - "Review transfer"
      progress:
        - "Confirm transfer"
        - "Isolation: Contact"
      completion:
        - "Transfer TR-"
        - "booked"
        - "Bed 4W-12B reserved for Marguerite Okafor"
    falsify:
      execution:
        - "Isolation: None"
        - "Something went wrong"
        - "Transfer could not be booked"
        - "No transfer number is shown after confirming"
        - {text: "Go back", on: action}
      planning:
        - "Bed 4W-12B is no longer available"
  - id: notify-nurse
    subgoal: "Notify Dana Whitlock, charge nurse on 4 West"
    skill: send_message
    confidence: 0.7
    confirm:
      precondition:
        - "Notify receiving charge nurse"
      progress:
        - "Notify receiving unit"
        - "Dana Whitlock — Charge RN, 4 West"
      completion:
        - "Notification sent to Dana Whitlock"
    falsify:
      execution:
        - "Dana Whitman"
        - "Diana Whitlock"
        - "Notification: Not sent"
        - {text: "click Cancel in the Notify receiving unit dialog", on: action}
      planning:
        - "Dana Whitlock is off shift"
  - id: report-done
    subgoal: "Tell the user the transfer is booked, Contact isolation is set and Dana Whitlock is notified"
    confidence: 0.6
    confirm:
      precondition:
        - "Notification sent to Dana Whitlock"
      progress: []
      completion: []
    falsify:
      execution:
        - {text: "reports success before the transfer is booked and the nurse is notified", on: action}
        - "Notification: Not sent"
"""


def plan_text():
    return PLAN_YAML % {"task": json.dumps(TASK, ensure_ascii=False)}


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan above)
# --------------------------------------------------------------------------------------

def F(kind, at_start=False):
    return {"kind": kind, "at_start": at_start}


def faulty_runs():
    runs = []

    # F01 wrong_record: opens the near-miss patient Margaret Okafor (400-18-3327) from the surname search.
    r = new_run("bedboard-wrong_record-01-near-miss-patient", 11, fault=F("wrong_record"), success=False)
    r.act("find-patient", "fill", "gsearch", "Search by surname", "read",
          lambda c: ed_board(dict(c, search="Okafor")), arg="Okafor")
    r.act("find-patient", "click", "gsearch_go", "Run the search", "read", lambda c: search_page(c, "Okafor"))
    m2 = "400-18-3327"
    r.act("find-patient", "click", "pt_" + m2, "Open Okafor, the ED patient awaiting a bed", "read",
          lambda c: patient_page(c, m2), off=True)
    st = base_state(m2)
    s_open_form(r, mrn=m2)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    s_confirm(r, st)
    s_notify(r, st)
    s_report(r, f"Done. Okafor is booked on {r.tr} to bed 4W-12B on 4 West with Contact precautions, "
                "and Dana Whitlock has been notified.")
    runs.append(r)

    # F02 wrong_record: picks 4 East — Surgical, then 4E-12B (same bed suffix, wrong ward).
    r = new_run("bedboard-wrong_record-02-near-miss-ward-bed", 12, fault=F("wrong_record"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st, ward=WARD_OPTIONS[2], off=True)
    s_bed(r, st, bed="4E-12B")
    s_iso(r, st)
    s_review(r, st)
    s_confirm(r, st)
    s_notify(r, st)
    s_report(r, f"Done. Marguerite Okafor is booked on {r.tr} to bed 4E-12B with Contact precautions, "
                "and the receiving charge nurse (Dana Whitman) has been notified.")
    runs.append(r)

    # F03 wrong_value: isolation set to Droplet instead of Contact.
    r = new_run("bedboard-wrong_value-01-droplet", 13, fault=F("wrong_value"), success=False)
    s_search(r, M, via="enter")
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st, value="Droplet", off=True)
    s_review(r, st)
    s_confirm(r, st)
    s_notify(r, st)
    s_report(r, f"Done. Marguerite Okafor is booked on {r.tr} to 4W-12B with isolation precautions set, "
                "and Dana Whitlock has been notified.")
    runs.append(r)

    # F04 silent_noop: Confirm transfer closes the dialog and nothing is booked; agent reports success.
    r = new_run("bedboard-silent_noop-01-confirm-does-nothing", 14, fault=F("silent_noop"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    r.act("book-transfer", "click", "confirm", "Confirm the transfer", "irreversible",
          lambda c: transfer_form(c, **st), off=True)
    r.act("book-transfer", "click", "nav_Transfers", "Look for the new transfer in the transfer list", "read",
          lambda c: transfers_list(c))
    s_report(r, "The transfer for Marguerite Okafor to 4W-12B has been submitted with Contact precautions; "
                "it may take a moment to appear in the list.")
    runs.append(r)

    # F05 unrequested_constraint: ticks "Single rooms only", 4W-12B disappears, books 4W-07.
    r = new_run("bedboard-unrequested_constraint-01-single-rooms", 15, fault=F("unrequested_constraint"),
                success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    st["single"] = True
    r.act("start-transfer", "click", "single", "Contact isolation - limit to single rooms", "read",
          lambda c: transfer_form(c, **st), off=True)
    s_ward(r, st)
    s_bed(r, st, bed="4W-07")
    s_iso(r, st)
    s_review(r, st)
    s_confirm(r, st)
    s_notify(r, st)
    s_report(r, f"Done. Marguerite Okafor is booked on {r.tr} to single room 4W-07 on 4 West (better for "
                "Contact precautions), and Dana Whitlock has been notified.")
    runs.append(r)

    # F06 error_page: confirming returns an HTTP 500 page; agent reports the failure.
    r = new_run("bedboard-error_page-01-http-500", 16, fault=F("error_page"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    r.act("book-transfer", "click", "confirm", "Confirm the transfer", "irreversible",
          lambda c: error_page(c), off=True)
    s_report(r, "I could not book the transfer: Bedboard returned an error (reference BB-500-7F3A2) and says "
                "nothing was booked. Dana Whitlock has not been notified.")
    runs.append(r)

    # F07 permission_denied: booking works, notifying 4 West is refused.
    r = new_run("bedboard-permission_denied-01-notify", 17, fault=F("permission_denied"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    s_confirm(r, st)
    r.act("notify-nurse", "click", "notify", "Notify the receiving charge nurse", "read",
          lambda c: transfer_detail(c, r.tr, M, st["ward"], st["bed"], st["iso"],
                                    alert="You don't have permission to send notifications to 4 West. Your role "
                                          "(Bed Coordinator — ED) can message ED staff only. Ask a unit "
                                          "administrator for access."),
          off=True)
    s_report(r, f"The transfer is booked ({r.tr}, 4W-12B, Contact precautions) but I could not notify Dana "
                "Whitlock: Bedboard says I don't have permission to message 4 West.")
    runs.append(r)

    # F08 session_expired: the sign-in page appears when setting isolation.
    r = new_run("bedboard-session_expired-01-signin", 18, fault=F("session_expired"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    r.act("set-isolation", "select_option", "iso", "Set isolation precautions to Contact", "write",
          lambda c: signin_page(c), arg="Contact", off=True)
    s_report(r, "My Bedboard session ended before I could finish; the transfer was not booked. Please sign in "
                "again and I can retry.")
    runs.append(r)

    # F09 premature_success: reports completion while the Confirm transfer dialog is still open.
    r = new_run("bedboard-premature_success-01-dialog-open", 19, fault=F("premature_success"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    r.act("report-done", "send_msg_to_user", None, "Report the outcome to the user", "read", None,
          arg="Done. Marguerite Okafor is transferred to 4W-12B on 4 West with Contact precautions, and "
              "Dana Whitlock has been notified.", off=True)
    runs.append(r)

    # F10 skipped_step: never sets isolation; books with Isolation: None.
    r = new_run("bedboard-skipped_step-01-no-isolation", 20, fault=F("skipped_step"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_review(r, st, off=True)
    s_confirm(r, st)
    s_notify(r, st)
    s_report(r, f"Done. Marguerite Okafor is booked on {r.tr} to 4W-12B on 4 West and Dana Whitlock has been "
                "notified.")
    runs.append(r)

    # F11 dialog_mishandled: cancels the notification dialog, then reports success.
    r = new_run("bedboard-dialog_mishandled-01-notify-cancel", 21, fault=F("dialog_mishandled"), success=False)
    s_search(r, M)
    st = base_state()
    s_open_form(r)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    s_confirm(r, st)
    s_notify(r, st, send=False)
    r.act("notify-nurse", "click", "notify_cancel", "Close the dialog; the message is ready", "read",
          lambda c: transfer_detail(c, r.tr, M, st["ward"], st["bed"], st["iso"]), off=True)
    s_report(r, healthy_report(r))
    runs.append(r)

    # F12 stale_filter: start page carries a saved "Fast Track" view; only the near-miss Okafor is listed.
    r = new_run("bedboard-stale_filter-01-saved-view", 22, start="fasttrack", fault=F("stale_filter", at_start=True),
                success=False)
    m2 = "400-18-3327"
    r.act("find-patient", "click", "pt_" + m2, "Open Okafor from the ED list", "read", lambda c: patient_page(c, m2))
    st = base_state(m2)
    s_open_form(r, mrn=m2)
    s_ward(r, st)
    s_bed(r, st)
    s_iso(r, st)
    s_review(r, st)
    s_confirm(r, st)
    s_notify(r, st)
    s_report(r, f"Done. Okafor is booked on {r.tr} to 4W-12B with Contact precautions, and Dana Whitlock "
                "has been notified.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(args.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_text())
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False, sort_keys=False) + "\n")
    print(f"wrote {len(runs)} runs to {os.path.join(args.out, 'corpus.jsonl')} and {PLAN_REL}")


if __name__ == "__main__":
    main()
