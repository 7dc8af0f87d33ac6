#!/usr/bin/env python3
"""Generate the ExamHall web-agent trajectory corpus.

Writes corpus.jsonl and plans/*.yaml next to this file (or under --out DIR),
in the formats of the fcpkit contract (FORMATS.md). Python standard library
only; every random choice is seeded, so two runs give byte-identical files.

The application is ExamHall, the exams office console of the (fictional)
University of Northmoor. Two workflows:
  accommodation  give a student extra time and a separate room for one sitting
  roomchange     move an exam sitting to another room and notify the candidates
"""
import argparse
import json
import math
import os
import random
import re
import unicodedata
import zlib
from datetime import date, datetime, timedelta

# ---------------------------------------------------------------------------
# The product
# ---------------------------------------------------------------------------
BASE = "https://examhall.northmoor.ac.uk"
PRODUCT = "ExamHall 4.7.2 (build 2026.04.28-r3)"
ORG = "University of Northmoor"
OFFICE = "Examinations & Assessment Office"
USER_NAME, USER_LOGIN, USER_ROLE = "Farah Quayle", "fquayle", "Exams Officer"
PERIOD = "Summer 2026 main (11 May – 5 Jun)"
TODAY = date(2026, 5, 12)

# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------
ROOMS = {
    # id: (name, building, seats)
    "SH-A": ("Sports Hall A", "Northmoor Sports Centre", 300),
    "SH-B": ("Sports Hall B", "Northmoor Sports Centre", 240),
    "HB-G12": ("Harrow Building G.12 (Exam Hall 1)", "Harrow Building", 120),
    "HB-G21": ("Harrow Building G.21", "Harrow Building", 60),
    "MC-3.02": ("Merrick Centre 3.02", "Merrick Centre", 90),
    "MC-3.20": ("Merrick Centre 3.20", "Merrick Centre", 40),
    "LW-1.04": ("Lowther Wing 1.04", "Lowther Wing", 48),
    "LW-1.40": ("Lowther Wing 1.40", "Lowther Wing", 80),
    "SR-1.08": ("Arrangements Suite 1.08", "Registry Building", 4),
    "SR-2.14": ("Arrangements Suite 2.14", "Registry Building", 4),
    "SR-2.15": ("Arrangements Suite 2.15", "Registry Building", 6),
    "SR-2.41": ("Arrangements Suite 2.41", "Registry Building", 2),
    "LIB-SEM4": ("Library Seminar Room 4", "Hollins Library", 24),
}
EXAM_ROOMS = ["SH-A", "SH-B", "HB-G12", "HB-G21", "MC-3.02", "MC-3.20", "LW-1.04", "LW-1.40", "LIB-SEM4"]
SEP_ROOMS = ["SR-1.08", "SR-2.14", "SR-2.15", "SR-2.41", "LIB-SEM4"]
ROOM_ISSUES = {
    "HB-G12": ("EST-55102", "Heating failure", "Tue 12 May 07:40", 6),
    "SH-B": ("EST-55087", "Floor resurfacing overrun", "Mon 11 May 16:05", 4),
    "LW-1.04": ("EST-55131", "Accessibility lift out of service", "Tue 12 May 08:15", 2),
}

SITTINGS_RAW = [
    # id, module, title, date, start, minutes, room, candidates, school
    ("SIT-26S-0302", "ENGL1010", "Reading Poetry", "2026-05-12", "09:30", 120, "SH-A", 188, "English"),
    ("SIT-26S-0307", "GEOG2003", "Glacial Systems", "2026-05-12", "14:00", 90, "MC-3.02", 63, "Geography"),
    ("SIT-26S-0315", "PHIL1002", "Logic and Argument", "2026-05-13", "09:30", 120, "LW-1.40", 72, "Philosophy"),
    ("SIT-26S-0318", "BIOL1011", "Genetics I", "2026-05-13", "14:00", 120, "SH-A", 231, "Life Sciences"),
    ("SIT-26S-0326", "ACCT2001", "Financial Reporting", "2026-05-14", "09:30", 180, "SH-B", 164, "Business"),
    ("SIT-26S-0329", "MUSI1005", "Harmony and Counterpoint", "2026-05-14", "14:00", 90, "LW-1.04", 29, "Music"),
    ("SIT-26S-0334", "POLI2102", "Comparative Politics", "2026-05-15", "09:30", 120, "HB-G12", 97, "Politics"),
    ("SIT-26S-0341", "SOCI1001", "Introduction to Sociology", "2026-05-15", "14:00", 120, "SH-B", 203, "Social Sciences"),
    ("SIT-26S-0398", "MATH1012", "Calculus I", "2026-05-18", "09:30", 120, "SH-A", 248, "Mathematics"),
    ("SIT-26S-0405", "HIST1105", "Medieval Europe", "2026-05-18", "14:00", 120, "LW-1.40", 61, "History"),
    ("SIT-26S-0412", "CHEM2041", "Organic Chemistry II", "2026-05-19", "09:30", 90, "HB-G12", 96, "Chemistry"),
    ("SIT-26S-0431", "BIOC2041", "Metabolism", "2026-05-19", "14:00", 120, "MC-3.02", 74, "Life Sciences"),
    ("SIT-26S-0452", "MECH2250", "Thermodynamics", "2026-05-20", "09:30", 120, "SH-A", 141, "Engineering"),
    ("SIT-26S-0447", "PHYS2203", "Electromagnetism", "2026-05-20", "14:00", 120, "HB-G12", 54, "Physics"),
    ("SIT-26S-0474", "PSYC2210", "Cognitive Psychology", "2026-05-20", "14:00", 90, "HB-G12", 31, "Psychology"),
    ("SIT-26S-0421", "CHEM2014", "Analytical Chemistry", "2026-05-21", "09:30", 120, "HB-G12", 88, "Chemistry"),
    ("SIT-26S-0494", "BIOC2010", "Cell Biology", "2026-05-21", "09:30", 120, "MC-3.02", 70, "Life Sciences"),
    ("SIT-26S-0538", "CIVE3102", "Structural Analysis III", "2026-05-21", "14:00", 180, "MC-3.02", 67, "Engineering"),
    ("SIT-26S-0529", "COMP3311", "Database Systems", "2026-05-22", "09:30", 120, "SH-B", 212, "Computer Science"),
    ("SIT-26S-0583", "CIVE3120", "Geotechnics II", "2026-05-22", "09:30", 120, "MC-3.02", 59, "Engineering"),
    ("SIT-26S-0486", "CHEM2025", "Spectroscopy", "2026-05-22", "14:00", 90, "HB-G21", 48, "Chemistry"),
    ("SIT-26S-0592", "COMP3131", "Compilers", "2026-05-22", "14:00", 120, "SH-B", 97, "Computer Science"),
    ("SIT-26S-0630", "ECON3101", "Labour Economics", "2026-05-26", "09:30", 90, "LW-1.40", 44, "Economics"),
    ("SIT-26S-0603", "ECON3011", "Econometrics II", "2026-05-26", "14:00", 120, "LW-1.04", 38, "Economics"),
    ("SIT-26S-0611", "LAWS1007", "Contract Law", "2026-05-27", "09:30", 180, "SH-A", 233, "Law"),
    ("SIT-26S-0616", "LAWS1070", "Legal Skills", "2026-05-27", "14:00", 90, "SH-B", 228, "Law"),
    ("SIT-26S-0641", "CIVE3150", "Hydraulics", "2026-05-27", "14:00", 120, "MC-3.02", 64, "Engineering"),
    ("SIT-26S-0655", "NURS1004", "Foundations of Care", "2026-05-28", "09:30", 120, "MC-3.02", 82, "Health Sciences"),
    ("SIT-26S-0627", "LAWS1002", "Constitutional Law", "2026-05-28", "14:00", 120, "SH-A", 236, "Law"),
    ("SIT-26S-0662", "PSYC2201", "Research Methods II", "2026-05-28", "14:00", 90, "LW-1.40", 57, "Psychology"),
    ("SIT-26S-0688", "LAWS1010", "Criminal Law", "2026-05-29", "09:30", 120, "SH-A", 231, "Law"),
    ("SIT-26S-0695", "CIVE3301", "Transport Engineering", "2026-05-29", "14:00", 120, "MC-3.02", 61, "Engineering"),
    ("SIT-26S-0701", "COMP2101", "Algorithms", "2026-06-01", "09:30", 120, "SH-A", 180, "Computer Science"),
    ("SIT-26S-0710", "ECON1001", "Principles of Economics", "2026-06-01", "14:00", 120, "SH-A", 276, "Economics"),
    ("SIT-26S-0744", "MATH2104", "Linear Algebra II", "2026-06-02", "09:30", 120, "HB-G12", 102, "Mathematics"),
    ("SIT-26S-0805", "HIST2210", "Modern Britain", "2026-06-03", "09:30", 120, "LW-1.40", 49, "History"),
    # August 2026 resit period (same modules, different sittings)
    ("SIT-26R-0061", "MATH1012", "Calculus I (resit)", "2026-08-17", "09:30", 120, "HB-G21", 14, "Mathematics"),
    ("SIT-26R-0074", "CHEM2041", "Organic Chemistry II (resit)", "2026-08-17", "14:00", 90, "HB-G21", 5, "Chemistry"),
    ("SIT-26R-0088", "COMP3311", "Database Systems (resit)", "2026-08-18", "09:30", 120, "LW-1.40", 9, "Computer Science"),
    ("SIT-26R-0092", "CHEM2014", "Analytical Chemistry (resit)", "2026-08-18", "14:00", 120, "HB-G21", 7, "Chemistry"),
    ("SIT-26R-0103", "ECON3011", "Econometrics II (resit)", "2026-08-18", "14:00", 120, "LW-1.04", 4, "Economics"),
    ("SIT-26R-0115", "LAWS1007", "Contract Law (resit)", "2026-08-19", "09:30", 180, "MC-3.02", 18, "Law"),
    ("SIT-26R-0121", "CIVE3102", "Structural Analysis III (resit)", "2026-08-19", "09:30", 180, "MC-3.20", 3, "Engineering"),
    ("SIT-26R-0133", "PSYC2210", "Cognitive Psychology (resit)", "2026-08-19", "14:00", 90, "LW-1.40", 6, "Psychology"),
    ("SIT-26R-0147", "PHYS2203", "Electromagnetism (resit)", "2026-08-19", "14:00", 120, "HB-G12", 6, "Physics"),
    ("SIT-26R-0159", "MECH2250", "Thermodynamics (resit)", "2026-08-20", "09:30", 120, "HB-G21", 11, "Engineering"),
    ("SIT-26R-0164", "BIOC2041", "Metabolism (resit)", "2026-08-20", "09:30", 120, "MC-3.02", 8, "Life Sciences"),
    ("SIT-26R-0170", "COMP3131", "Compilers (resit)", "2026-08-20", "14:00", 120, "LW-1.40", 5, "Computer Science"),
    ("SIT-26R-0174", "PHYS2230", "Quantum Mechanics I (resit)", "2026-08-20", "14:00", 120, "HB-G12", 7, "Physics"),
    ("SIT-26R-0182", "HIST1105", "Medieval Europe (resit)", "2026-08-21", "09:30", 120, "LW-1.04", 4, "History"),
    ("SIT-26R-0190", "NURS1004", "Foundations of Care (resit)", "2026-08-21", "09:30", 120, "MC-3.02", 12, "Health Sciences"),
    ("SIT-26R-0205", "ECON1001", "Principles of Economics (resit)", "2026-08-21", "14:00", 120, "SH-B", 23, "Economics"),
]


def _sit(row):
    sid, code, title, d, start, mins, room, cands, school = row
    dd = date.fromisoformat(d)
    h, m = map(int, start.split(":"))
    end = datetime(2000, 1, 1, h, m) + timedelta(minutes=mins)
    return {"id": sid, "code": code, "title": title, "date": dd, "start": start, "mins": mins,
            "end": end.strftime("%H:%M"), "room": room, "cands": cands, "school": school,
            "period": "Resits Aug 2026" if "-26R-" in sid else "Summer 2026 main"}


SITTINGS = {r[0]: _sit(r) for r in SITTINGS_RAW}
SIT_ORDER = [r[0] for r in SITTINGS_RAW]

STUDENTS_RAW = [
    # id, first, last, programme, year, school, tutor, DAS plan, plan text, sittings
    ("S2301847", "Amelia", "Okafor", "BSc Chemistry", 2, "School of Chemistry", "Dr Rosa Baptiste",
     "DAS-2026-0417", "approved 02 May 2026: 25% extra time; separate room (small invigilated room)",
     ["SIT-26S-0412", "SIT-26S-0431", "SIT-26S-0421", "SIT-26S-0486"]),
    ("S2301874", "Amelie", "Okafor", "BSc Biochemistry", 2, "School of Life Sciences", "Dr Kwesi Osei",
     None, "No DAS plan on file. Evidence requested 06 May 2026 (REQ-26-0871).",
     ["SIT-26S-0412", "SIT-26S-0431", "SIT-26S-0494", "SIT-26S-0421"]),
    ("S2301848", "Amelia", "O'Connor", "BSc Chemistry", 2, "School of Chemistry", "Dr Rosa Baptiste",
     None, "No DAS plan on file.", ["SIT-26S-0412", "SIT-26S-0421", "SIT-26S-0486"]),
    ("S2207315", "Tomasz", "Wiśniewski", "MEng Civil Engineering", 3, "School of Engineering", "Prof. Anders Lund",
     "DAS-2026-0388", "approved 28 Apr 2026: 15% extra time; separate room (SR-2.15 preferred, uses a height-adjustable desk)",
     ["SIT-26S-0538", "SIT-26S-0583", "SIT-26S-0641", "SIT-26S-0695"]),
    ("S2207351", "Tomas", "Wisniewski", "BA Economics", 3, "School of Economics", "Dr Philippa Hale",
     None, "No DAS plan on file.", ["SIT-26S-0630", "SIT-26S-0603", "SIT-26S-0710"]),
    ("S2207513", "Tomasz", "Wójcik", "MEng Civil Engineering", 3, "School of Engineering", "Prof. Anders Lund",
     None, "No DAS plan on file.", ["SIT-26S-0538", "SIT-26S-0583", "SIT-26S-0641"]),
    ("S2410562", "Chidinma", "Eze", "LLB Law", 1, "School of Law", "Ms Jumoke Adeyemi",
     "DAS-2026-0502", "approved 07 May 2026: 25% extra time; separate room; may bring a water bottle and snacks",
     ["SIT-26S-0611", "SIT-26S-0616", "SIT-26S-0627", "SIT-26S-0688"]),
    ("S2410526", "Chidimma", "Eze", "BA Law and Criminology", 1, "School of Law", "Dr Sylvie Moreau",
     None, "DAS referral open (REQ-26-0877, with DAS adviser).", ["SIT-26S-0611", "SIT-26S-0616", "SIT-26S-0688"]),
    ("S2410563", "Chidinma", "Ezeh", "BSc Nursing", 1, "School of Health Sciences", "Mrs Carol Danby",
     None, "No DAS plan on file.", ["SIT-26S-0655"]),
    ("S2118042", "Harriet", "Blackwood", "BA History", 3, "School of History", "Dr Owen Pryor",
     None, "No DAS plan on file.", ["SIT-26S-0805"]),
    ("S2209981", "Rohan", "Mehta", "BSc Computer Science", 3, "School of Computer Science", "Dr Lucy Tran",
     "DAS-2026-0211", "approved 14 Mar 2026: rest breaks 10 min per hour", ["SIT-26S-0529", "SIT-26S-0592"]),
    ("S2305127", "Siobhan", "Gallagher", "BSc Psychology", 2, "School of Psychology", "Dr Martin Kerr",
     None, "No DAS plan on file.", ["SIT-26S-0474", "SIT-26S-0662"]),
    ("S2116630", "Yusuf", "Demir", "MEng Mechanical Engineering", 2, "School of Engineering", "Dr Hana Sato",
     None, "No DAS plan on file.", ["SIT-26S-0452"]),
    ("S2402219", "Freya", "Lindqvist", "BSc Mathematics", 1, "School of Mathematics", "Dr Ian Crowther",
     "DAS-2026-0145", "approved 20 Feb 2026: 25% extra time; coloured overlay paper", ["SIT-26S-0398"]),
    ("S2308815", "Daniel", "Achebe", "BSc Physics", 2, "School of Physics", "Prof. Marta Ruiz",
     None, "No DAS plan on file.", ["SIT-26S-0447"]),
    ("S2211474", "Mei-Lin", "Zhao", "BSc Computer Science", 3, "School of Computer Science", "Dr Lucy Tran",
     "DAS-2026-0466", "approved 05 May 2026: 25% extra time; use of a word processor", ["SIT-26S-0529"]),
    ("S2403306", "Oliver", "Pryce", "BA History", 1, "School of History", "Dr Owen Pryor",
     None, "No DAS plan on file.", ["SIT-26S-0405"]),
    ("S2119920", "Inês", "Carvalho", "BA Economics", 3, "School of Economics", "Dr Philippa Hale",
     None, "No DAS plan on file.", ["SIT-26S-0603", "SIT-26S-0630"]),
    ("S2306641", "Kwame", "Boateng", "BSc Physics", 2, "School of Physics", "Prof. Marta Ruiz",
     "DAS-2026-0290", "approved 11 Apr 2026: separate room", ["SIT-26S-0447"]),
    ("S2214087", "Zofia", "Nowak", "MEng Civil Engineering", 3, "School of Engineering", "Prof. Anders Lund",
     None, "No DAS plan on file.", ["SIT-26S-0538"]),
    ("S2401158", "Callum", "Reid", "LLB Law", 1, "School of Law", "Ms Jumoke Adeyemi",
     None, "No DAS plan on file.", ["SIT-26S-0611", "SIT-26S-0627"]),
    ("S2302290", "Aisha", "Rahman", "BSc Psychology", 2, "School of Psychology", "Dr Martin Kerr",
     "DAS-2026-0233", "approved 18 Mar 2026: 25% extra time", ["SIT-26S-0474"]),
    ("S2117763", "Niamh", "Doherty", "BSc Nursing", 3, "School of Health Sciences", "Mrs Carol Danby",
     None, "No DAS plan on file.", ["SIT-26S-0655"]),
    ("S2409934", "Lucas", "Ferreira", "BSc Biochemistry", 1, "School of Life Sciences", "Dr Kwesi Osei",
     None, "No DAS plan on file.", ["SIT-26S-0318"]),
]
STUDENTS = {}
for _r in STUDENTS_RAW:
    STUDENTS[_r[0]] = {"id": _r[0], "first": _r[1], "last": _r[2], "name": f"{_r[1]} {_r[2]}", "prog": _r[3],
                       "year": _r[4], "school": _r[5], "tutor": _r[6], "das": _r[7], "das_text": _r[8],
                       "sits": _r[9]}
STUDENT_ORDER = [r[0] for r in STUDENTS_RAW]

# accommodations already on file (id, student, sitting, pct, room or None, evidence, status, updated)
ACCS = [
    ("ACC-26-00188", "S2301847", "SIT-26S-0421", 25, "SR-2.14", "DAS-2026-0417", "Active", "05 May 2026 11:02 · F. Quayle"),
    ("ACC-26-00031", "S2301847", "SIT-26J-0087 CHEM2030 Inorganic Chemistry I (Jan 2026)", 25, "SR-2.14", "DAS-2025-0961", "Expired", "09 Dec 2025 15:40 · G. Ndlovu"),
    ("ACC-26-00204", "S2207315", "SIT-26S-0583", 15, "SR-2.15", "DAS-2026-0388", "Active", "29 Apr 2026 10:17 · G. Ndlovu"),
    ("ACC-26-00019", "S2410562", "SIT-26J-0112 LAWS1001 Legal Method (Jan 2026)", 25, "SR-1.08", "DAS-2025-1140", "Expired", "05 Jan 2026 09:55 · F. Quayle"),
    ("ACC-26-00211", "S2302290", "SIT-26S-0474", 25, None, "DAS-2026-0233", "Active", "30 Apr 2026 14:21 · F. Quayle"),
    ("ACC-26-00166", "S2402219", "SIT-26S-0398", 25, None, "DAS-2026-0145", "Active", "24 Apr 2026 09:12 · G. Ndlovu"),
    ("ACC-26-00215", "S2209981", "SIT-26S-0529", 0, None, "DAS-2026-0211", "Active", "01 May 2026 16:48 · F. Quayle"),
    ("ACC-26-00219", "S2306641", "SIT-26S-0447", 0, "SR-2.41", "DAS-2026-0290", "Active", "01 May 2026 16:55 · F. Quayle"),
]

FIRST = ["Aarav", "Beatrice", "Callum", "Dana", "Elif", "Finn", "Grace", "Hamza", "Isla", "Jonah", "Keira", "Luca",
         "Maryam", "Noah", "Olivia", "Priya", "Quentin", "Rosa", "Samir", "Tess", "Usman", "Violet", "Wei", "Xander",
         "Yara", "Zain", "Ellie", "Kofi", "Lena", "Matteo"]
LAST = ["Shah", "Hughes", "Morgan", "Kowalski", "Yilmaz", "O'Brien", "Patel", "Campbell", "Nguyen", "Fraser",
        "Okonkwo", "Rossi", "Ahmed", "Turner", "Lewis", "Iyer", "Dubois", "Santos", "Haddad", "Price", "Malik", "Webb",
        "Chen", "Baker", "Khan", "Ward", "Mensah", "Fischer", "Bianchi", "Doyle"]


def candidates(sit_id, n=10):
    """First n candidates on a sitting's list, deterministic."""
    rng = random.Random("cands:" + sit_id)
    s = SITTINGS[sit_id]
    known = [sid for sid in STUDENT_ORDER if sit_id in STUDENTS[sid]["sits"]]
    rows = []
    for sid in known:
        st = STUDENTS[sid]
        arr = []
        for a in ACCS:
            if a[1] == sid and a[2] == sit_id:
                if a[3]:
                    arr.append(f"{a[3]}% extra time")
                if a[4]:
                    arr.append(f"separate room {a[4]}")
        rows.append((sid, st["name"], st["prog"], "; ".join(arr) or "—"))
    used = {r[0] for r in rows}
    while len(rows) < min(n, s["cands"]):
        sid = "S2" + f"{rng.randint(10, 41):02d}{rng.randint(0, 9999):04d}"
        if sid in used or sid in STUDENTS:
            continue
        used.add(sid)
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        arr = "—"
        if rng.random() < 0.12:
            arr = rng.choice(["25% extra time", "rest breaks 10 min per hour", "word processor"])
        rows.append((sid, name, "", arr))
    rows.sort(key=lambda r: r[1].split()[-1])
    out = []
    for i, (sid, name, prog, arr) in enumerate(rows[:n]):
        out.append((f"{sit_id[-4:]}-{i + 1:03d}", sid, name, arr))
    return out


# ---------------------------------------------------------------------------
# Formatting helpers
# ---------------------------------------------------------------------------
def fdate(d):
    return d.strftime("%a ") + str(d.day) + d.strftime(" %b %Y")


def fdate_long(d):
    return d.strftime("%A ") + str(d.day) + d.strftime(" %B %Y")


def fdate_short(d):
    return d.strftime("%a ") + str(d.day) + d.strftime(" %b")


def fdur(m):
    h, r = divmod(m, 60)
    return f"{h} h" + (f" {r} min" if r else "")


def extra_minutes(mins, pct):
    return int(math.ceil(mins * pct / 100.0))


def sit_label(sid):
    s = SITTINGS[sid]
    return f"{sid} · {s['code']} {s['title']} · {fdate_short(s['date'])} {s['start']}"


def room_label(rid):
    return f"{rid} {ROOMS[rid][0]}"


def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)).lower()


def similar_code(a, b):
    """Same length and one character off, or two characters transposed."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 1:
        return True
    return len(diff) == 2 and sorted(a) == sorted(b)


def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def search_students(q):
    """(exact, similar) lists of student ids, as ExamHall's search returns them."""
    qn = strip_accents(q.strip())
    exact, similar = [], []
    for sid in STUDENT_ORDER:
        st = STUDENTS[sid]
        nm = strip_accents(st["name"])
        if qn == sid.lower() or (qn and (qn in nm.split() or qn == nm)):
            exact.append(sid)
        elif similar_code(qn.upper(), sid) or (len(qn) > 3 and any(lev(qn, part) <= 2 for part in nm.split())) \
                or (len(qn) > 6 and lev(qn, nm) <= 2):
            similar.append(sid)
    return exact, similar


def search_sittings(q, period=None):
    qu = q.strip().upper()
    exact, similar = [], []
    for sid in SIT_ORDER:
        s = SITTINGS[sid]
        if period and s["period"] != period:
            continue
        if qu == sid or qu == s["code"] or (len(qu) > 3 and qu in s["title"].upper()):
            exact.append(sid)
        elif similar_code(qu, sid) or similar_code(qu, s["code"]):
            similar.append(sid)
    return exact, similar


# ---------------------------------------------------------------------------
# Accessibility tree: nodes, bids, serialisation (BrowserGym flattened AXTree)
# ---------------------------------------------------------------------------
class N:
    __slots__ = ("role", "name", "kids", "key", "props")

    def __init__(self, role, name="", kids=(), key=None, **props):
        self.role, self.name, self.kids, self.key, self.props = role, name, list(kids), key, props


def T(text):
    return N("StaticText", text)


FLAG_PROPS = {"focused", "required", "modal", "atomic", "multiline", "readonly", "busy"}


def fmt_props(p):
    out = []
    for k, v in p.items():
        if v is None or (k == "disabled" and v is False) or (k == "value" and v == ""):
            continue
        if k in FLAG_PROPS:
            if v:
                out.append(k)
        elif isinstance(v, bool):
            out.append(f"{k}={v}")
        elif isinstance(v, str):
            out.append(f"{k}={v!r}")
        else:
            out.append(f"{k}={v}")
    return out


class Doc:
    """One loaded document: bids are handed out in DOM order on first sight and
    kept for the life of the document (in-page updates keep existing bids, new
    nodes get new ones), like BrowserGym's bid marking."""

    def __init__(self):
        self.map = {}
        self.counter = 11

    def bid(self, key):
        if key not in self.map:
            self.counter += 1 + zlib.crc32(key.encode("utf-8")) % 3
            self.map[key] = str(self.counter)
        return self.map[key]


def render(doc, title, kids):
    lines = [f"RootWebArea {title!r}, focused"]
    counts = {}

    def walk(n, depth, pk):
        if n.role == "StaticText":
            lines.append("\t" * depth + f"StaticText {n.name!r}")
            return
        k = pk + "/" + (n.key or f"{n.role}:{n.name}")
        counts[k] = counts.get(k, 0) + 1
        if counts[k] > 1:
            k += f"#{counts[k]}"
        s = "\t" * depth + f"[{doc.bid(k)}] {n.role} {n.name!r}"
        ps = fmt_props(n.props)
        if ps:
            s += ", " + ", ".join(ps)
        lines.append(s)
        for c in n.kids:
            walk(c, depth + 1, k)

    for n in kids:
        walk(n, 1, "")
    return "\n".join(lines)


def table(name, headers, rows, key=None):
    """rows: lists of cells; a cell is a str, ('link', text) or ('button', text)."""
    head = N("rowgroup", "", [N("row", " ".join(headers), [N("columnheader", h) for h in headers])])
    body = []
    for r in rows:
        cells, texts = [], []
        for c in r:
            if isinstance(c, tuple):
                cells.append(N("cell", c[1], [N(c[0], c[1])]))
                texts.append(c[1])
            else:
                cells.append(N("cell", c))
                texts.append(c)
        body.append(N("row", " ".join(texts), cells))
    return N("table", name, [head, N("rowgroup", "", body)], key=key)


def dl(pairs):
    """Description list as Chromium exposes it."""
    kids = []
    for t, d in pairs:
        kids.append(N("term", "", [T(t)]))
        kids.append(N("definition", "", [T(d)] if isinstance(d, str) else d))
    return N("list", "", kids, key="dl:" + pairs[0][0])


def combobox(name, options, value=None, key=None, **props):
    """A native <select>; options listed as children, the chosen one selected."""
    value = value if value is not None else options[0]
    opts = [N("option", o, selected=(o == value)) for o in options]
    return N("combobox", name, opts, key=key, value=value, hasPopup="menu", expanded=False, **props)


# ---------------------------------------------------------------------------
# Site furniture
# ---------------------------------------------------------------------------
NAV = ["Dashboard", "Students", "Sittings", "Rooms", "Accommodations", "Notifications", "Timetable", "Reports",
       "Settings"]


def frame(R, active, crumbs, main, dialogs=(), toast=None, search_value="", search_focused=False, aside=True):
    banner = N("banner", "", [
        N("link", "ExamHall home — University of Northmoor", [N("image", "University of Northmoor crest")]),
        T("ExamHall"),
        T(OFFICE),
        N("search", "Site search", [
            N("combobox", "Search students, sittings, rooms", value=search_value, hasPopup="listbox",
              expanded=False, focused=search_focused),
            N("button", "Search"),
        ]),
        T("Exam period: " + PERIOD),
        N("link", "Help and guidance"),
        N("button", "Notifications, 3 unread", hasPopup="menu", expanded=False),
        N("button", f"{USER_NAME}, {USER_ROLE} — account menu", hasPopup="menu", expanded=False),
    ])
    nav = N("navigation", "Main", [N("list", "", [
        N("listitem", "", [N("link", item, current=("page" if item == active else None))]) for item in NAV])])
    bc_items = []
    for i, c in enumerate(crumbs):
        if i < len(crumbs) - 1:
            bc_items.append(N("listitem", "", [N("link", c)]))
        else:
            bc_items.append(N("listitem", "", [T(c)], key="listitem:current"))
    bc = N("navigation", "Breadcrumb", [N("list", "", bc_items)])
    kids = [N("link", "Skip to main content"), banner, nav, bc, N("main", "", main)]
    if aside:
        items = []
        for label, kind in R.recent[:6]:
            items.append(N("listitem", "", [N("link", label), T(kind)]))
        kids.append(N("complementary", "Recently viewed", [
            N("heading", "Recently viewed", level=2),
            N("list", "", items),
            N("button", "Clear recently viewed"),
        ]))
    clock = R.now.strftime("%a ") + str(R.now.day) + R.now.strftime(" %b %Y, %H:%M BST")
    kids.append(N("contentinfo", "", [
        T(PRODUCT),
        T(f"© 2026 {ORG} · {OFFICE}, Registry Building, Northmoor NM1 4RX"),
        N("navigation", "Footer", [
            N("link", "Accessibility statement"), N("link", "Privacy notice"),
            N("link", "Exam regulations 2025/26"), N("link", "Service status"), N("link", "Report a problem")]),
        N("timer", "Current time", [T(clock)]),
        T(f"Signed in as {USER_LOGIN} ({USER_ROLE})"),
    ]))
    kids.append(N("status", "", [T(toast)] if toast else [], live="polite", atomic=True, key="status:live"))
    kids.extend(dialogs)
    return kids


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def page_dashboard(R):
    queue = [
        ("REQ-26-0866", "S2301847", "CHEM2041", "SIT-26S-0412", "02 May", "Awaiting setup"),
        ("REQ-26-0871", "S2301874", "CHEM2041", "SIT-26S-0412", "06 May", "Evidence requested"),
        ("REQ-26-0859", "S2207315", "CIVE3102", "SIT-26S-0538", "29 Apr", "Awaiting setup"),
        ("REQ-26-0862", "S2302290", "PSYC2210", "SIT-26S-0474", "30 Apr", "Awaiting setup"),
        ("REQ-26-0874", "S2410562", "LAWS1007", "SIT-26S-0611", "07 May", "Awaiting setup"),
        ("REQ-26-0877", "S2410526", "LAWS1007", "SIT-26S-0611", "08 May", "With DAS adviser"),
        ("REQ-26-0880", "S2211474", "COMP3311", "SIT-26S-0529", "09 May", "Awaiting setup"),
    ]
    qrows = [[q[0], ("link", f"{q[1]} {STUDENTS[q[1]]['name']}"), q[2], ("link", q[3]), q[4], q[5]] for q in queue]
    irows = []
    for rid, (job, what, when, n) in ROOM_ISSUES.items():
        irows.append([job, ("link", rid), ROOMS[rid][0], what, when, f"{n} sittings affected"])
    up = [s for s in SIT_ORDER if TODAY <= SITTINGS[s]["date"] <= TODAY + timedelta(days=3)]
    urows = []
    for sid in up:
        s = SITTINGS[sid]
        urows.append([("link", sid), f"{s['code']} {s['title']}", fdate_short(s["date"]), s["start"], s["room"],
                      str(s["cands"]), "Today" if s["date"] == TODAY else "Scheduled"])
    main = [
        N("heading", "Good morning, Farah", level=1),
        T("Tuesday 12 May 2026 · Summer 2026 main exam period · day 2 of 19"),
        N("region", "Notices", [
            N("heading", "Notices", level=2),
            N("note", "", [T("Planned maintenance: ExamHall will be unavailable on Sat 16 May 2026 from 18:00 to 22:00. "
                             "Door lists printed before then remain valid."), N("link", "Maintenance details")]),
            N("note", "", [T("Reminder: separate-room bookings for the week of 25 May close on Fri 15 May at 17:00."),
                           N("link", "Arrangements calendar")]),
        ]),
        N("region", "At a glance", [
            N("heading", "At a glance", level=2),
            N("list", "", [N("listitem", "", [T(t)]) for t in [
                "Sittings today: 2", "Candidates today: 251", "Open arrangement requests: 23",
                "Room issues reported: 3", "Notifications queued: 0"]]),
        ]),
        N("region", "Arrangements queue", [
            N("heading", "Arrangements queue", level=2),
            T("Approved or pending requests that still need a sitting-level accommodation"),
            table("Arrangements queue", ["Request", "Student", "Module", "Sitting", "Received", "Status"], qrows),
            N("link", "View all 23 requests"),
        ]),
        N("region", "Room issues", [
            N("heading", "Room issues", level=2),
            table("Room issues", ["Estates job", "Room", "Room name", "Issue", "Reported", "Impact"], irows),
            N("link", "Open room availability"),
        ]),
        N("region", "Sittings in the next 3 days", [
            N("heading", "Sittings in the next 3 days", level=2),
            table("Upcoming sittings", ["Sitting", "Module", "Date", "Start", "Room", "Candidates", "Status"], urows),
            N("link", "All sittings"),
        ]),
        N("region", "Quick links", [
            N("heading", "Quick links", level=2),
            N("list", "", [N("listitem", "", [N("link", t)]) for t in [
                "Find a sitting", "Room availability", "Arrangements calendar", "Door lists",
                "Invigilator rota", "Candidate notification templates"]]),
        ]),
    ]
    return f"{BASE}/dashboard", "Dashboard · ExamHall", frame(R, "Dashboard", ["Home", "Dashboard"], main)


def page_search(R, q):
    se, ss = search_students(q)
    te, ts = search_sittings(q)
    stud_rows = [[("link", sid), STUDENTS[sid]["name"], STUDENTS[sid]["prog"], f"Year {STUDENTS[sid]['year']}",
                  "Registered", "Exact" if sid in se else "Similar"] for sid in se + ss]
    sit_rows = [[("link", sid), f"{SITTINGS[sid]['code']} {SITTINGS[sid]['title']}", fdate(SITTINGS[sid]["date"]),
                 SITTINGS[sid]["start"], SITTINGS[sid]["room"], SITTINGS[sid]["period"],
                 "Exact" if sid in te else "Similar"] for sid in te + ts]
    qa = strip_accents(q).upper()
    acc_rows = []
    for a in ACCS:
        if a[1] in se or a[2].startswith(q.upper()) or (te and a[2] in te):
            st = STUDENTS[a[1]]
            acc_rows.append([("link", a[0]), f"{a[1]} {st['name']}", a[2][:12], a[6]])
    room_hits = [rid for rid in ROOMS if qa == rid or similar_code(qa, rid)]
    total = len(stud_rows) + len(sit_rows) + len(acc_rows) + len(room_hits)
    main = [
        N("heading", f"Search results for ‘{q}’", level=1),
        T(f"{total} results · exact matches first, then similar IDs and names"),
        N("region", f"Students ({len(stud_rows)})", [
            N("heading", f"Students ({len(stud_rows)})", level=2),
            table("Students", ["Student ID", "Name", "Programme", "Year", "Status", "Match"], stud_rows)
            if stud_rows else T(f"No students match ‘{q}’."),
        ]),
        N("region", f"Sittings ({len(sit_rows)})", [
            N("heading", f"Sittings ({len(sit_rows)})", level=2),
            table("Sittings", ["Sitting", "Module", "Date", "Start", "Room", "Exam period", "Match"], sit_rows)
            if sit_rows else T(f"No sittings match ‘{q}’."),
        ]),
        N("region", f"Accommodations ({len(acc_rows)})", [
            N("heading", f"Accommodations ({len(acc_rows)})", level=2),
            table("Accommodations", ["Reference", "Student", "Sitting", "Status"], acc_rows)
            if acc_rows else T(f"No accommodations match ‘{q}’."),
        ]),
        N("region", f"Rooms ({len(room_hits)})", [
            N("heading", f"Rooms ({len(room_hits)})", level=2),
            N("list", "", [N("listitem", "", [N("link", room_label(r))]) for r in room_hits])
            if room_hits else T(f"No rooms match ‘{q}’."),
        ]),
        N("group", "Search tips", [
            T("Search tips"),
            N("list", "", [N("listitem", "", [T(t)]) for t in [
                "Student IDs start with S followed by seven digits, e.g. S2301847.",
                "Sitting IDs look like SIT-26S-0412 (S = summer main, R = resits, J = January).",
                "Module codes match all sittings of the module in every exam period."]]),
        ]),
    ]
    url = f"{BASE}/search?q=" + q.replace(" ", "+")
    return url, f"Search: {q} · ExamHall", frame(R, None, ["Home", "Search"], main, search_value=q)


def page_students(R, q="", value=None, searched=False, focus=False):
    value = q if value is None else value
    if searched and q:
        # the Students list filters strictly (ID or name contains the text); only the
        # global search in the banner also returns similar IDs and names
        qn = strip_accents(q.strip())
        ids = [x for x in STUDENT_ORDER if qn in x.lower() or qn in strip_accents(STUDENTS[x]["name"])]
        summary = (f"{len(ids)} student{'s' if len(ids) != 1 else ''} match ‘{q}’" if ids else
                   f"No students match ‘{q}’. Check the spelling, or search by student ID.")
    else:
        ids = STUDENT_ORDER[:20]
        summary = "Showing 1–20 of 14,382 registered students"
    rows = []
    for sid in ids:
        st = STUDENTS[sid]
        rows.append([("link", sid), st["name"], st["prog"], f"Year {st['year']}", st["school"],
                     "DAS plan" if st["das"] else "—"])
    main = [
        N("heading", "Students", level=1),
        N("form", "Find students", [
            N("textbox", "Search students", value=value, focused=focus),
            T("Name, student ID or university email"),
            combobox("Programme", ["All programmes", "BSc Chemistry", "BSc Biochemistry", "MEng Civil Engineering",
                                   "LLB Law", "BA Economics", "BSc Computer Science"]),
            combobox("Year of study", ["Any year", "Year 1", "Year 2", "Year 3", "Year 4"]),
            N("checkbox", "Only students with a DAS plan", checked="false"),
            N("button", "Find students"),
            N("button", "Reset"),
        ]),
        T(summary),
    ]
    if rows:
        main.append(table("Students", ["Student ID", "Name", "Programme", "Year", "School", "Arrangements"], rows))
    if not searched:
        main.append(N("navigation", "Pagination", [N("link", "Previous page", disabled=True), T("Page 1 of 720"),
                                                  N("link", "Next page")]))
    main.append(N("region", "Saved searches", [
        N("heading", "Saved searches", level=2),
        N("list", "", [N("listitem", "", [N("link", t)]) for t in [
            "Students with a DAS plan and no Summer 2026 accommodation",
            "Year 1 students with open DAS referrals",
            "Students sitting more than two exams in one day",
            "Students with an accommodation in a room with an open issue"]]),
    ]))
    main.append(N("group", "Search help", [
        T("Search help"),
        N("list", "", [N("listitem", "", [T(t)]) for t in [
            "This list matches the text you type anywhere in the student ID or name; accents are ignored.",
            "For similar IDs and names, use the search box at the top of every page.",
            "Withdrawn and interrupted students are hidden unless you change the Status filter."]]),
    ]))
    url = f"{BASE}/students" + (f"?q={q}" if searched and q else "")
    return url, "Students · ExamHall", frame(R, "Students", ["Home", "Students"], main)


def student_acc_rows(sid, extra):
    rows = []
    for a in list(extra) + [x for x in ACCS if x[1] == sid]:
        if a[1] != sid:
            continue
        sit = a[2]
        sit_txt = f"{sit} {SITTINGS[sit]['code']} {SITTINGS[sit]['title']}" if sit in SITTINGS else sit
        rows.append([("link", a[0]), sit_txt, f"{a[3]}%" if a[3] else "None",
                     room_label(a[4]) if a[4] else "No (main venue)", a[5], a[6], a[7]])
    return rows


def page_student(R, sid, tab="overview", toast=None, extra_accs=(), new=True):
    st = STUDENTS[sid]
    R.touch(f"{sid} {st['name']}", "Student")
    das = (f"DAS plan {st['das']} {st['das_text']}" if st["das"] else st["das_text"])
    tabs = ["Overview", "Modules and sittings", "Exam arrangements", "Notes (2)", "History"]
    sel = {"overview": "Overview", "arrangements": "Exam arrangements"}[tab]
    if tab == "overview":
        mods = []
        for s_id in st["sits"]:
            s = SITTINGS[s_id]
            mods.append([s["code"], s["title"], "20", "Exam 100%" if s["mins"] >= 120 else "Exam 70%, coursework 30%",
                         ("link", s_id)])
        panel = [
            N("heading", "Personal details", level=2),
            dl([("Preferred name", st["first"]), ("Student ID", sid), ("University email",
                strip_accents(st["first"])[0] + "." + strip_accents(st["last"]).replace("'", "").replace(" ", "")
                + "@student.northmoor.ac.uk"),
                ("Programme", st["prog"]), ("Year of study", f"Year {st['year']} (2025/26)"),
                ("Mode", "Full-time"), ("Personal tutor", st["tutor"]), ("Campus", "City campus")]),
            N("heading", "Modules 2025/26", level=2),
            table("Modules 2025/26", ["Module", "Title", "Credits", "Assessment", "Summer sitting"], mods),
            N("heading", "Disability and wellbeing", level=2),
            T(das),
        ]
    else:
        tt = []
        accs_all = list(extra_accs) + [a for a in ACCS if a[1] == sid]
        for s_id in st["sits"]:
            s = SITTINGS[s_id]
            arr = [f"{a[3]}% extra" + (f", {a[4]}" if a[4] else "") for a in accs_all
                   if a[2] == s_id and a[6] == "Active"]
            tt.append([("link", s_id), f"{s['code']} {s['title']}", fdate(s["date"]), s["start"], fdur(s["mins"]),
                       s["room"], "; ".join(arr) or "None"])
        panel = [
            N("heading", "Exam arrangements — Summer 2026", level=2),
            T(das),
            N("button", "Add accommodation"),
            N("heading", "Exam timetable", level=3),
            table("Exam timetable", ["Sitting", "Module", "Date", "Start", "Duration", "Room", "Arrangements"], tt),
            N("heading", "Accommodations", level=3),
        ]
        rows = student_acc_rows(sid, extra_accs)
        if rows:
            panel.append(table("Accommodations", ["Reference", "Sitting", "Extra time", "Separate room", "Evidence",
                                                  "Status", "Last updated"], rows))
        else:
            panel.append(T("No accommodations recorded."))
        panel.append(N("link", "Download arrangements letter (PDF)"))
    near = [x for x in STUDENT_ORDER if x != sid and (similar_code(x, sid) or
                                                       strip_accents(STUDENTS[x]["last"]) == strip_accents(st["last"]))]
    main = [
        N("heading", st["name"], level=1),
        T(f"Student ID {sid} · {st['prog']}, Year {st['year']} · {st['school']}"),
        N("group", "Record status", [T("Registered 2025/26"), T("Fees: cleared"),
                                     T("DAS plan on file" if st["das"] else "No DAS plan")]),
        N("toolbar", "Record actions", [N("button", "Email student"), N("button", "Print summary"),
                                        N("link", "Open in Student Records (SITS)")]),
        N("tablist", "Student record sections", [N("tab", t, selected=(t == sel)) for t in tabs]),
        N("tabpanel", sel, panel, key="tabpanel"),
        N("region", "Check this is the right student", [
            N("heading", "Check this is the right student", level=2),
            T("Records with a similar ID or name:"),
            N("list", "", [N("listitem", "", [N("link", f"{x} {STUDENTS[x]['name']}"),
                                              T(f"{STUDENTS[x]['prog']}, Year {STUDENTS[x]['year']}")]) for x in near]),
        ]),
    ]
    url = f"{BASE}/students/{sid}" + ("?tab=arrangements" if tab == "arrangements" else "")
    return url, f"{st['name']} ({sid}) · Students · ExamHall", frame(
        R, "Students", ["Home", "Students", f"{st['name']} ({sid})"], main, toast=toast)


def acc_form_state():
    return {"sitting": None, "extra": "", "evidence": "", "notes": "", "rest": "None", "sep": False,
            "room": None, "focus": None, "avail": None}


def page_acc_form(R, sid, f, dialog=None, alert=None, warn_session=False, toast=None):
    st = STUDENTS[sid]
    opts = ["Select a sitting…"] + [sit_label(x) for x in st["sits"]]
    sval = sit_label(f["sitting"]) if f["sitting"] else opts[0]
    hint = "Enter a percentage of the paper's duration, e.g. 25."
    if f["sitting"] and f["extra"]:
        s = SITTINGS[f["sitting"]]
        pct = int(f["extra"])
        em = extra_minutes(s["mins"], pct)
        h, m = map(int, s["start"].split(":"))
        fin = (datetime(2000, 1, 1, h, m) + timedelta(minutes=s["mins"] + em)).strftime("%H:%M")
        hint = f"{pct}% = {em} min added to a {fdur(s['mins'])} paper; finishes at {fin} instead of {s['end']}."
    room_opts = ["Select a room…"] + [f"{r} {ROOMS[r][0]} ({ROOMS[r][2]} seats)" for r in SEP_ROOMS]
    rval = (f"{f['room']} {ROOMS[f['room']][0]} ({ROOMS[f['room']][2]} seats)" if f["room"] else room_opts[0])
    fx = f["focus"]
    room_group = [
        N("checkbox", "Separate room", checked="true" if f["sep"] else "false", focused=(fx == "sep")),
        T("The candidate sits in a small invigilated room instead of the main venue."),
        combobox("Separate room location", room_opts, rval, disabled=(not f["sep"]), focused=(fx == "room")),
        N("button", "Check availability", disabled=(not f["sep"])),
    ]
    if f["avail"]:
        room_group.append(T(f["avail"]))
    form = [
        combobox("Exam sitting", opts, sval, required=True, focused=(fx == "sitting")),
        T("Only sittings in this student's Summer 2026 timetable are listed."),
        N("spinbutton", "Extra time (% of paper duration)", value=f["extra"], focused=(fx == "extra")),
        T(hint),
        combobox("Rest breaks", ["None", "5 min per hour", "10 min per hour", "Supervised, as needed"], f["rest"]),
        N("textbox", "Evidence reference", value=f["evidence"], required=True, focused=(fx == "evidence")),
        T("DAS plan or medical evidence reference, e.g. DAS-2026-0123."),
        N("textbox", "Notes for invigilators", value=f["notes"], multiline=True, focused=(fx == "notes")),
        N("group", "Room", room_group),
        N("button", "Save accommodation"),
        N("link", "Cancel"),
    ]
    main = [N("heading", "Add exam accommodation", level=1),
            T(f"{st['name']} · {sid} · {st['prog']}, Year {st['year']}")]
    if alert:
        main.append(N("alert", "", [T(a) for a in alert], atomic=True, live="assertive"))
    main += [
        T(f"DAS plan {st['das']} {st['das_text']}" if st["das"] else st["das_text"]),
        N("form", "Add exam accommodation", form),
    ]
    rows = student_acc_rows(sid, ())
    main.append(N("region", "Existing accommodations for this student", [
        N("heading", "Existing accommodations for this student", level=2),
        table("Existing accommodations", ["Reference", "Sitting", "Extra time", "Separate room", "Evidence",
                                          "Status", "Last updated"], rows) if rows else T("None recorded."),
    ]))
    main.append(N("region", "Guidance", [
        N("heading", "Guidance", level=2),
        N("list", "", [N("listitem", "", [T(t)]) for t in [
            "Create one accommodation per sitting; the door list and seating plan pick it up overnight.",
            "Extra time is a percentage of the paper's duration and is rounded up to the whole minute.",
            "Separate rooms in the Arrangements Suite hold up to 4 or 6 candidates; check availability first.",
            "Changes within 48 hours of a sitting must also be phoned through to the venue lead.",
        ]]),
    ]))
    dialogs = []
    if warn_session:
        dialogs.append(N("alertdialog", "Your session is about to expire", [
            N("heading", "Your session is about to expire", level=2),
            T("Your session reaches its 4-hour limit in 2 minutes. Unsaved changes on this page would be lost."),
            N("button", "Extend session"), N("button", "Sign out now")], modal=True))
    if dialog:
        dialogs.append(dialog)
    url = f"{BASE}/students/{sid}/accommodations/new"
    return url, f"Add accommodation · {st['name']} ({sid}) · ExamHall", frame(
        R, "Students", ["Home", "Students", f"{st['name']} ({sid})", "Add accommodation"], main,
        dialogs=dialogs, toast=toast)


def acc_confirm_dialog(sid, f):
    st = STUDENTS[sid]
    s = SITTINGS[f["sitting"]]
    pct = int(f["extra"] or 0)
    em = extra_minutes(s["mins"], pct)
    room = (f"Separate room: {room_label(f['room'])}" if f["sep"] and f["room"]
            else f"Separate room: No (sits in the main venue, {s['room']})")
    return N("dialog", "Confirm accommodation", [
        N("heading", "Confirm accommodation", level=2),
        T(f"Student: {sid} {st['name']}"),
        T(f"Sitting: {sit_label(f['sitting'])}"),
        T(f"Extra time: {pct}% ({em} min)"),
        T(room),
        T(f"Rest breaks: {f['rest']}"),
        T(f"Evidence: {f['evidence'] or '—'}"),
        T("The arrangement appears on the door list and the candidate's arrangements letter."),
        N("button", "Cancel"),
        N("button", "Confirm and save"),
    ], modal=True)


def page_signin(R, return_to, expired=True):
    services = [("Student Records (SITS)", "Operational"), ("ExamHall", "Operational"),
                ("Room booking (Resource Booker)", "Operational"), ("Email and SMS gateway", "Operational"),
                ("Moodle", "Degraded performance"), ("Northmoor SSO", "Operational"),
                ("Printing (Door lists)", "Operational"), ("Timetabling", "Maintenance Sat 16 May 18:00–22:00")]
    main = [N("heading", "Sign in to ExamHall", level=1)]
    if expired:
        main.append(N("alert", "", [T("Your session has expired. Please sign in again."),
                                    T("Changes you had not saved on the previous page were not kept.")],
                      atomic=True, live="assertive"))
    main += [
        N("button", "Sign in with Northmoor SSO"),
        T("or sign in with a local exams-office account"),
        N("form", "Local sign-in", [
            N("textbox", "Username", value=USER_LOGIN), N("textbox", "Password", value=""),
            N("checkbox", "Remember this device for 8 hours", checked="false"),
            N("button", "Sign in"), N("link", "Forgotten your password?")]),
        N("region", "Service status", [
            N("heading", "Service status", level=2),
            table("Service status", ["Service", "Status"], [[a, b] for a, b in services]),
            N("link", "Full service status page"),
        ]),
        N("region", "Need help?", [
            N("heading", "Need help?", level=2),
            N("list", "", [N("listitem", "", [T(t)]) for t in [
                "IT Service Desk: 01632 960 400 (08:00–18:00)",
                "Exams Office duty line during exam periods: 01632 960 455",
                "Email: exams.office@northmoor.ac.uk"]]),
        ]),
        N("region", "Announcements", [
            N("heading", "Announcements", level=2),
            N("list", "", [N("listitem", "", [N("link", a), T(d)]) for a, d in [
                ("Summer 2026 main exam period has started", "11 May 2026"),
                ("New: room-change notifications by SMS", "28 Apr 2026"),
                ("Arrangements Suite 2.41 reopened after refurbishment", "20 Apr 2026"),
                ("ExamHall 4.7 release notes", "14 Apr 2026")]]),
        ]),
        N("region", "Key dates", [
            N("heading", "Key dates", level=2),
            table("Key dates 2025/26", ["Date", "What"], [
                ["11 May – 5 Jun 2026", "Summer 2026 main exam period"],
                ["Fri 15 May 2026, 17:00", "Separate-room bookings close for the week of 25 May"],
                ["Fri 26 Jun 2026", "Exam boards: results released to students"],
                ["17 – 21 Aug 2026", "Resit exam period"]]),
        ]),
        N("region", "Security reminders", [
            N("heading", "Security reminders", level=2),
            N("list", "", [N("listitem", "", [T(t)]) for t in [
                "ExamHall signs you out after 30 minutes without activity, and after 4 hours in any case.",
                "Never share exam papers or candidate lists by personal email.",
                "Lock your screen when you leave your desk."]]),
        ]),
        combobox("Language", ["English (UK)", "Cymraeg", "Español", "Polski", "中文 (简体)", "العربية"]),
    ]
    kids = [N("link", "Skip to main content"),
            N("banner", "", [N("link", "ExamHall home — University of Northmoor",
                                   [N("image", "University of Northmoor crest")]), T("ExamHall"), T(OFFICE)]),
            N("main", "", main)]
    clock = R.now.strftime("%a ") + str(R.now.day) + R.now.strftime(" %b %Y, %H:%M BST")
    kids.append(N("contentinfo", "", [
        T(PRODUCT), T(f"© 2026 {ORG} · {OFFICE}, Registry Building, Northmoor NM1 4RX"),
        N("navigation", "Footer", [N("link", "Accessibility statement"), N("link", "Privacy notice"),
                                   N("link", "Service status"), N("link", "Report a problem")]),
        N("timer", "Current time", [T(clock)])]))
    kids.append(N("status", "", [], live="polite", atomic=True, key="status:live"))
    url = f"{BASE}/auth/login?reason=expired&returnTo=" + return_to.replace("/", "%2F")
    return url, "Sign in · ExamHall", kids


def sittings_period_options():
    return ["January 2026 (closed)", "Summer 2026 main", "Resits Aug 2026"]


def page_sittings(R, period="Summer 2026 main", q="", value=None, searched=False, restored=False, focus=False):
    value = q if value is None else value
    pool = [s for s in SIT_ORDER if SITTINGS[s]["period"] == period]
    total = {"Summer 2026 main": 312, "Resits Aug 2026": 96}[period]
    if searched and q:
        ex, sm = search_sittings(q, period)
        ids = ex + sm
        summary = (f"{len(ex)} exact and {len(sm)} similar matches for ‘{q}’ in {period}" if ids
                   else f"No sittings match ‘{q}’ in {period}.")
    else:
        ids = pool[:20]
        summary = f"Showing 1–{len(ids)} of {total} sittings · {period}"
    rows = []
    for sid in ids:
        s = SITTINGS[sid]
        rows.append([("link", sid), s["code"], s["title"], fdate(s["date"]), s["start"], fdur(s["mins"]), s["room"],
                     str(s["cands"]), "Scheduled"])
    main = [N("heading", "Exam sittings", level=1)]
    if restored:
        main.append(N("note", "", [T("Filters restored from your last visit (Mon 11 May 2026, 17:52)."),
                                   N("link", "Clear filters")], key="note:restored"))
    main += [
        N("form", "Filter sittings", [
            combobox("Exam period", sittings_period_options(), period),
            combobox("School", ["All schools", "Chemistry", "Computer Science", "Economics", "Engineering", "Law",
                                "Life Sciences", "Physics", "Psychology"]),
            combobox("Status", ["Any status", "Scheduled", "Completed", "Cancelled"]),
            N("textbox", "Search sittings", value=value, focused=focus),
            T("Sitting ID, module code or title"),
            N("button", "Apply filters"),
            N("button", "Clear filters"),
        ]),
        N("list", "Active filters", [N("listitem", "", [T(f"Exam period: {period}"),
                                                        N("button", f"Remove filter Exam period: {period}")])]),
        T(summary),
    ]
    if rows:
        main.append(table("Sittings", ["Sitting", "Module", "Title", "Date", "Start", "Duration", "Room",
                                       "Candidates", "Status"], rows))
    if not searched:
        main.append(N("navigation", "Pagination", [N("link", "Previous page", disabled=True),
                                                  T(f"Page 1 of {math.ceil(total / 20)}"), N("link", "Next page")]))
    main.append(N("link", "Export this list (CSV)"))
    pcode = {"Summer 2026 main": "26S", "Resits Aug 2026": "26R"}[period]
    url = f"{BASE}/sittings?period={pcode}" + (f"&q={q}" if searched and q else "")
    return url, "Sittings · ExamHall", frame(R, "Sittings", ["Home", "Sittings"], main)


def sitting_state(sit_id):
    s = dict(SITTINGS[sit_id])
    s["history"] = [("02 Apr 2026 09:00", "—", s["room"], "Initial allocation (timetabling run TT-26S-03)",
                     "System")] if s["period"] == "Summer 2026 main" else \
        [("07 May 2026 10:30", "—", s["room"], "Initial allocation (timetabling run TT-26R-01)", "System")]
    if s["period"] == "Summer 2026 main":
        s["notifs"] = [("NTF-26-01544", "Exam reminder (7 days)", "Email, Portal", str(s["cands"]),
                        "Scheduled for " + fdate_short(s["date"] - timedelta(days=7)) + " 08:00"),
                       ("NTF-26-00918", "Timetable published", "Email, Portal", str(s["cands"]),
                        f"Sent 14 Apr 2026 · delivered {s['cands']} of {s['cands']}")]
    else:
        s["notifs"] = [("NTF-26-01502", "Resit timetable published", "Email, Portal", str(s["cands"]),
                        f"Sent 08 May 2026 · delivered {s['cands']} of {s['cands']}")]
    s["pending_notice"] = False
    s["updated"] = "02 Apr 2026 09:00 · System" if s["period"] == "Summer 2026 main" else "07 May 2026 10:30 · System"
    return s


def room_avail(rid, s, ignore=()):
    """Label of a room for the time slot of sitting s."""
    if ROOMS[rid][2] < s["cands"]:
        return "too small"
    for oid in SIT_ORDER:
        o = SITTINGS[oid]
        if oid == s["id"] or oid in ignore or o["room"] != rid or o["date"] != s["date"]:
            continue
        if not (o["end"] <= s["start"] or o["start"] >= s["end"]):
            return f"in use ({o['code']})"
    if rid in ROOM_ISSUES:
        return "issue reported"
    return "available"


def room_option(rid, s):
    return f"{rid} {ROOMS[rid][0]} · {ROOMS[rid][2]} seats · {room_avail(rid, s)}"


def same_slot(s):
    return [o for o in SIT_ORDER if o != s["id"] and SITTINGS[o]["date"] == s["date"]
            and SITTINGS[o]["start"] == s["start"]]


def page_sitting(R, S, toast=None, others_room=None):
    sid = S["id"]
    R.touch(f"{sid} {S['code']} {S['title']}", "Sitting")
    cand = candidates(sid, 10)
    sep_accs = sum(1 for a in ACCS if a[2] == sid and a[4])
    main = [
        N("heading", f"{sid} · {S['code']} {S['title']}", level=1),
        T(f"Scheduled · {S['period']} · School of {S['school']}"),
        N("toolbar", "Sitting actions", [N("button", "Change room"), N("button", "Notify students"),
                                         N("button", "Edit sitting"), N("button", "Print door list"),
                                         N("button", "Download candidate list (CSV)")]),
    ]
    if S["pending_notice"]:
        main.append(N("region", "Action needed", [
            N("heading", "Action needed", level=2),
            T(f"The room was changed on {R.now.strftime('%d %b %Y')}. Candidates have not been notified yet."),
            N("button", "Notify students")], key="region:action"))
    rn = ROOMS[S["room"]]
    main += [
        N("region", "Details", [
            N("heading", "Details", level=2),
            dl([("Paper code", f"{S['code']}-P1"), ("Date", fdate(S["date"])), ("Start", S["start"]),
                ("Duration", fdur(S["mins"])), ("Finish", S["end"]),
                ("Room", f"{S['room']} {rn[0]}, {rn[1]}"), ("Room capacity", f"{rn[2]} seats"),
                ("Candidates", str(S["cands"])),
                ("Candidates in separate rooms", str(sep_accs)),
                ("Chief invigilator", {"Physics": "Dr Glyn Parry", "Computer Science": "Ms Anita Ross",
                                       "Economics": "Mr Dev Patel"}.get(S["school"], "Mrs Helen Marsh")),
                ("Last updated", S["updated"])]),
        ]),
        N("region", f"Candidates ({S['cands']})", [
            N("heading", f"Candidates ({S['cands']})", level=2),
            table("Candidates", ["Candidate no.", "Student ID", "Name", "Arrangements"],
                  [[c[0], ("link", c[1]), c[2], c[3]] for c in cand]),
            N("link", f"Show all {S['cands']} candidates"),
        ]),
        N("region", "Room history", [
            N("heading", "Room history", level=2),
            table("Room history", ["When", "From", "To", "Reason", "By"], [list(h) for h in S["history"]]),
        ]),
        N("region", "Notifications", [
            N("heading", "Notifications", level=2),
            table("Notifications", ["Reference", "Type", "Channels", "Recipients", "Status"],
                  [[("link", n[0])] + list(n[1:]) for n in S["notifs"]]),
        ]),
    ]
    others = same_slot(S)
    orow = []
    for o in others:
        so = SITTINGS[o]
        room = (others_room or {}).get(o, so["room"])
        orow.append([("link", o), f"{so['code']} {so['title']}", room, str(so["cands"])])
    main.append(N("region", "Other sittings at this time", [
        N("heading", "Other sittings at this time", level=2),
        table("Other sittings at this time", ["Sitting", "Module", "Room", "Candidates"], orow) if orow
        else T("No other sittings start at this time."),
    ]))
    url = f"{BASE}/sittings/{sid}"
    return url, f"{sid} {S['code']} {S['title']} · Sittings · ExamHall", frame(
        R, "Sittings", ["Home", "Sittings", sid], main, toast=toast)


def room_form_state():
    return {"room": None, "reason": "", "also": False, "keep_inv": True, "focus": None, "avail": None}


def page_room_form(R, S, f, dialog=None):
    sid = S["id"]
    rn = ROOMS[S["room"]]
    opts = ["Select a room…"] + [room_option(r, S) for r in EXAM_ROOMS if r != S["room"]]
    val = room_option(f["room"], S) if f["room"] else opts[0]
    others = [o for o in same_slot(S) if SITTINGS[o]["room"] == S["room"]]
    fx = f["focus"]
    form = [
        combobox("New room", opts, val, required=True, focused=(fx == "room")),
        T("Rooms are listed with their seat count and whether they are free for this sitting's time slot."),
        N("button", "Check availability"),
    ]
    if f["avail"]:
        form.append(T(f["avail"]))
    form.append(N("textbox", "Reason for change", value=f["reason"], required=True, multiline=True,
                  focused=(fx == "reason")))
    form.append(T("Shown in the room history and to the venue team; not sent to candidates."))
    if others:
        lst = "; ".join(f"{o} {SITTINGS[o]['code']} {SITTINGS[o]['title']}, {SITTINGS[o]['cands']} candidates"
                        for o in others)
        form.append(N("checkbox", f"Also move the other sittings in {S['room']} at this time ({len(others)}): {lst}",
                      checked="true" if f["also"] else "false", focused=(fx == "also")))
    form += [
        N("checkbox", "Keep the current invigilator allocation", checked="true" if f["keep_inv"] else "false"),
        N("checkbox", "Regenerate the door list and seating plan", checked="true", disabled=True),
        N("button", "Save room change"),
        N("link", "Cancel"),
    ]
    main = [
        N("heading", f"Change room — {sid} {S['code']} {S['title']}", level=1),
        T(f"{fdate(S['date'])}, {S['start']}–{S['end']} · {S['cands']} candidates · "
          f"current room {S['room']} {rn[0]} ({rn[2]} seats)"),
    ]
    if S["room"] in ROOM_ISSUES:
        job, what, when, n = ROOM_ISSUES[S["room"]]
        main.append(N("note", "", [T(f"Open Estates issue on {S['room']}: {what} ({job}), reported {when}.")]))
    main.append(N("form", "Change room", form))
    main.append(N("region", "Sitting summary", [
        N("heading", "Sitting summary", level=2),
        dl([("Sitting", sid), ("Module", f"{S['code']} {S['title']}"), ("Date", fdate(S["date"])),
            ("Time", f"{S['start']}–{S['end']}"), ("Candidates", str(S["cands"])),
            ("Separate-room candidates", f"{sum(1 for a in ACCS if a[2] == sid and a[4])} (not affected)")]),
    ]))
    main.append(N("region", "Before you change a room", [
        N("heading", "Before you change a room", level=2),
        N("list", "", [N("listitem", "", [T(t)]) for t in [
            "Check the new room is free for the whole slot, including extra time.",
            "Candidates are not told automatically: send a notification after saving.",
            "Tell the chief invigilator if the change is within 24 hours of the start.",
        ]]),
    ]))
    url = f"{BASE}/sittings/{sid}/room"
    return url, f"Change room · {sid} · ExamHall", frame(
        R, "Sittings", ["Home", "Sittings", sid, "Change room"], main, dialogs=[dialog] if dialog else [])


def room_confirm_dialog(S, f):
    moving = [S["id"]]
    if f["also"]:
        moving += [o for o in same_slot(S) if SITTINGS[o]["room"] == S["room"]]
    n = sum(SITTINGS[m]["cands"] for m in moving)
    if len(moving) == 1:
        head = f"Move {S['id']} {S['code']} {S['title']} from {S['room']} to {f['room']}?"
    else:
        head = f"Move {len(moving)} sittings ({', '.join(moving)}) from {S['room']} to {f['room']}?"
    return N("dialog", "Confirm room change", [
        N("heading", "Confirm room change", level=2),
        T(head),
        T(f"{n} candidates · {fdate(S['date'])} at {S['start']} · {ROOMS[f['room']][0]} has "
          f"{ROOMS[f['room']][2]} seats"),
        T(f"Reason: {f['reason']}"),
        T("The door list and seating plan will be regenerated. Candidates are not notified automatically."),
        N("button", "Cancel"),
        N("button", "Confirm room change"),
    ], modal=True)


def notify_template(S, prev_room):
    r = ROOMS[S["room"]]
    subj = f"Room change: {S['code']} {S['title']} exam on {fdate(S['date'])}"
    prev = f"{prev_room} {ROOMS[prev_room][0]}" if prev_room else "not recorded"
    body = (f"Dear {{first_name}}, the room for your {S['code']} {S['title']} exam on {fdate_long(S['date'])} at "
            f"{S['start']} has changed. New room: {S['room']} {r[0]}, {r[1]}. Previous room: {prev}. The start time "
            f"and duration ({fdur(S['mins'])}) are unchanged. Please arrive 20 minutes before the start with your "
            f"student card. Candidates with a separate-room arrangement are not affected. — {OFFICE}")
    return subj, body


def notify_state(S, prev_room):
    subj, body = notify_template(S, prev_room)
    return {"template": "Room change", "email": True, "portal": True, "sms": False, "subject": subj, "body": body,
            "focus": None}


def page_notify(R, S, f, dialog=None, alert=None, warn=None):
    sid = S["id"]
    mobile = S["cands"] - max(1, S["cands"] // 11)
    chans = [c for c, on in (("Email", f["email"]), ("Student portal", f["portal"]), ("SMS", f["sms"])) if on]
    main = [N("heading", f"Notify candidates — {sid} {S['code']} {S['title']}", level=1)]
    if alert:
        main.append(N("alert", "", [T(a) for a in alert], atomic=True, live="assertive"))
    if warn:
        main.append(N("note", "", [T(warn)], key="note:warn"))
    main += [
        T(f"Recipients: {S['cands']} enrolled candidates · {fdate(S['date'])} {S['start']} · room {S['room']}"),
        N("form", "Compose notification", [
            combobox("Template", ["Room change", "Time change", "Exam cancelled", "General message"], f["template"]),
            N("group", "Channels", [
                N("checkbox", "Email", checked="true" if f["email"] else "false"),
                N("checkbox", "Student portal message", checked="true" if f["portal"] else "false"),
                N("checkbox", f"SMS ({mobile} of {S['cands']} candidates have a mobile number)",
                  checked="true" if f["sms"] else "false", focused=(f["focus"] == "sms")),
            ]),
            N("textbox", "Subject", value=f["subject"]),
            N("textbox", "Message", value=f["body"], multiline=True),
            T("{first_name} is filled in for each candidate. SMS messages are shortened to 320 characters."),
            N("button", "Preview"),
            N("button", "Send notification"),
            N("link", "Cancel"),
        ]),
        N("region", "Recipients", [
            N("heading", "Recipients", level=2),
            table("Recipients (first 10)", ["Student ID", "Name", "Email", "Mobile"],
                  [[c[1], c[2], "yes", "yes" if i % 7 else "no"] for i, c in enumerate(candidates(sid, 10))]),
            N("link", f"Show all {S['cands']} recipients"),
        ]),
        T("Channels selected: " + ", ".join(chans)),
    ]
    dialogs = [dialog] if dialog else []
    url = f"{BASE}/sittings/{sid}/notify"
    return url, f"Notify candidates · {sid} · ExamHall", frame(
        R, "Sittings", ["Home", "Sittings", sid, "Notify candidates"], main, dialogs=dialogs)


def send_dialog(S, f, again=False):
    chans = [c for c, on in (("Email", f["email"]), ("Student portal", f["portal"]), ("SMS", f["sms"])) if on]
    kids = [N("heading", f"Send notification to {S['cands']} candidates?", level=2),
            T(f"Template: {f['template']} · Channels: {', '.join(chans)}"),
            T(f"Subject: {f['subject']}")]
    if again:
        kids.append(T("These candidates already received a room-change notification today."))
    kids += [T("Messages cannot be recalled once sent."), N("button", "Cancel"), N("button", "Send now")]
    return N("dialog", f"Send notification to {S['cands']} candidates?", kids, modal=True,
             key="dialog:send")


def preview_dialog(S, f):
    c = candidates(S["id"], 1)[0]
    first = c[2].split()[0]
    return N("dialog", f"Preview: email to {c[2]} ({c[1]})", [
        N("heading", f"Preview: email to {c[2]} ({c[1]})", level=2),
        T(f"Subject: {f['subject']}"),
        T(f["body"].replace("{first_name}", first)),
        T("SMS version: " + (f["body"].replace("{first_name}", first)[:300] + "…")),
        N("button", "Close preview"),
    ], modal=True, key="dialog:preview")


def page_room(R, rid):
    name, bld, seats = ROOMS[rid]
    R.touch(room_label(rid), "Room")
    sch = [[("link", s), SITTINGS[s]["code"] + " " + SITTINGS[s]["title"], fdate(SITTINGS[s]["date"]),
            f"{SITTINGS[s]['start']}–{SITTINGS[s]['end']}", str(SITTINGS[s]["cands"])]
           for s in SIT_ORDER if SITTINGS[s]["room"] == rid]
    near = [r for r in ROOMS if r != rid and (similar_code(r, rid) or ROOMS[r][1] == bld)]
    main = [N("heading", f"{rid} · {name}", level=1), T(f"{bld} · {seats} exam seats")]
    if rid in ROOM_ISSUES:
        job, what, when, n = ROOM_ISSUES[rid]
        main.append(N("note", "", [T(f"Open Estates issue: {what} ({job}), reported {when}. "
                                     f"{n} upcoming sittings are allocated to this room."),
                                   N("link", f"View Estates job {job}")]))
    main += [
        N("region", "Room details", [
            N("heading", "Room details", level=2),
            dl([("Building", bld), ("Exam capacity", f"{seats} seats"), ("Step-free access", "Yes"),
                ("Clock visible from all desks", "Yes"), ("Venue lead", "Mr Ray Okoro (ext. 4410)")]),
        ]),
        N("region", "Scheduled sittings", [
            N("heading", "Scheduled sittings", level=2),
            table("Scheduled sittings", ["Sitting", "Module", "Date", "Time", "Candidates"], sch),
        ]),
        N("region", "Nearby rooms", [
            N("heading", "Nearby rooms", level=2),
            N("list", "", [N("listitem", "", [N("link", room_label(r)), T(f"{ROOMS[r][2]} seats")]) for r in near]),
        ]),
    ]
    return f"{BASE}/rooms/{rid}", f"{rid} {name} · Rooms · ExamHall", frame(
        R, "Rooms", ["Home", "Rooms", rid], main)


def page_rooms(R):
    rows = []
    for rid in ROOMS:
        name, bld, seats = ROOMS[rid]
        issue = ROOM_ISSUES.get(rid)
        rows.append([("link", rid), name, bld, str(seats), f"{issue[1]} ({issue[0]})" if issue else "None"])
    main = [N("heading", "Rooms", level=1),
            N("form", "Filter rooms", [N("textbox", "Search rooms", value=""),
                                       combobox("Building", ["All buildings", "Harrow Building", "Merrick Centre",
                                                             "Lowther Wing", "Northmoor Sports Centre",
                                                             "Registry Building", "Hollins Library"]),
                                       N("checkbox", "Only rooms with open issues", checked="false"),
                                       N("button", "Apply filters")]),
            T(f"{len(rows)} rooms"),
            table("Rooms", ["Room", "Name", "Building", "Exam seats", "Open issues"], rows),
            N("link", "Room availability calendar")]
    return f"{BASE}/rooms", "Rooms · ExamHall", frame(R, "Rooms", ["Home", "Rooms"], main)


# ---------------------------------------------------------------------------
# Task variants and plans (written from the task and the healthy pages,
# before any faulty run was scripted)
# ---------------------------------------------------------------------------
ACC_VARIANTS = {
    "A1": dict(sid="S2301847", sit="SIT-26S-0412", pct=25, room="SR-2.14", das="DAS-2026-0417",
               near_sid="S2301874", near_sit="SIT-26S-0421", near_room="SR-2.41"),
    "A2": dict(sid="S2207315", sit="SIT-26S-0538", pct=15, room="SR-2.15", das="DAS-2026-0388",
               near_sid="S2207351", near_sit="SIT-26S-0583", near_room="SR-2.14"),
    "A3": dict(sid="S2410562", sit="SIT-26S-0611", pct=25, room="SR-1.08", das="DAS-2026-0502",
               near_sid="S2410526", near_sit="SIT-26S-0616", near_room="SR-2.14"),
}
ROOM_VARIANTS = {
    "B1": dict(sit="SIT-26S-0447", new="MC-3.02", near_sit="SIT-26S-0474", near_room="MC-3.20",
               reason="Heating failure in HB-G12 (Estates job EST-55102)"),
    "B2": dict(sit="SIT-26S-0529", new="SH-A", near_sit="SIT-26S-0592", near_room="SH-B",
               reason="Sports Hall B floor resurfacing has overrun (Estates job EST-55087)"),
    "B3": dict(sit="SIT-26S-0603", new="LW-1.40", near_sit="SIT-26S-0630", near_room="MC-3.20",
               reason="Lift to LW-1.04 out of service; candidates need step-free access (Estates job EST-55131)"),
}


def acc_task(V):
    st, s = STUDENTS[V["sid"]], SITTINGS[V["sit"]]
    return (f"Give student {V['sid']} ({st['name']}) an exam accommodation for sitting {V['sit']} "
            f"({s['code']} {s['title']}, {fdate(s['date'])} {s['start']}): {V['pct']}% extra time and a separate "
            f"room, {ROOMS[V['room']][0]} ({V['room']}). Evidence reference: {V['das']}.")


def room_task(V):
    s = SITTINGS[V["sit"]]
    return (f"Move exam sitting {V['sit']} ({s['code']} {s['title']}, {fdate(s['date'])} {s['start']}) from "
            f"{s['room']} to {ROOMS[V['new']][0]} ({V['new']}). Reason: {V['reason']}. Then notify the enrolled "
            f"students of the new room.")


COMMON_FALSIFIERS = {
    "execution": [
        "Your session has expired. Please sign in again.",
        "You don't have permission to do this",
        "Something went wrong and the request could not be completed",
    ],
}


def acc_plan(V):
    st, s = STUDENTS[V["sid"]], SITTINGS[V["sit"]]
    near = STUDENTS[V["near_sid"]]
    ns = SITTINGS[V["near_sit"]]
    em = extra_minutes(s["mins"], V["pct"])
    rn = ROOMS[V["room"]][0]
    return {
        "task": acc_task(V),
        "plan_falsifiers": COMMON_FALSIFIERS,
        "commitments": [
            {"id": "open-student", "subgoal": f"Find and open the student record of {V['sid']} {st['name']}",
             "skill": "open_record_by_search", "confidence": 0.8,
             "confirm": {"precondition": ["ExamHall console, signed in as the exams officer"],
                         "progress": [f"Search results list {V['sid']} {st['name']}"],
                         "completion": [f"Student record of {st['name']}, student ID {V['sid']}, {st['prog']}"]},
             "falsify": {"execution": [f"Record of a different student is open, e.g. {near['name']} {V['near_sid']}",
                                       "No students match the search"],
                         "planning": [f"{V['sid']} is withdrawn or not registered this year"]}},
            {"id": "start-accommodation", "subgoal": "Open Exam arrangements and start a new accommodation",
             "confidence": 0.8,
             "confirm": {"progress": ["Exam arrangements tab shows the Summer 2026 exam timetable"],
                         "completion": [f"Add exam accommodation form for {st['name']} ({V['sid']})"]},
             "falsify": {"skill": ["The student record has no Add accommodation button"],
                         "planning": [f"An accommodation for {V['sit']} already exists for this student"]}},
            {"id": "choose-sitting", "subgoal": f"Select sitting {V['sit']} {s['code']} {s['title']}",
             "skill": "select_option", "confidence": 0.7,
             "confirm": {"completion": [f"Exam sitting shows {sit_label(V['sit'])}"]},
             "falsify": {"execution": [f"Exam sitting shows another sitting, e.g. {V['near_sit']} {ns['code']} {ns['title']}",
                                       {"text": f"Select a sitting other than {V['sit']}", "on": "action"}],
                         "planning": [f"{V['sit']} is not in the student's exam timetable"]}},
            {"id": "set-extra-time", "subgoal": f"Enter {V['pct']}% extra time",
             "skill": "fill_field", "confidence": 0.7,
             "confirm": {"completion": [f"Extra time shows {V['pct']}: {em} min added to a {fdur(s['mins'])} paper"]},
             "falsify": {"execution": [f"Extra time is not {V['pct']}%"]}},
            {"id": "enter-evidence", "subgoal": f"Enter evidence reference {V['das']}", "skill": "fill_field",
             "confidence": 0.7,
             "confirm": {"completion": [f"Evidence reference field contains {V['das']}"]},
             "falsify": {"execution": ["Evidence reference is required"]}},
            {"id": "separate-room", "subgoal": f"Tick Separate room and choose {V['room']} {rn}",
             "confidence": 0.6,
             "confirm": {"progress": ["Separate room checkbox is ticked"],
                         "completion": [f"Separate room location shows {V['room']} {rn}"]},
             "falsify": {"execution": [f"A different room is selected, e.g. {V['near_room']}",
                                       "Separate room is not ticked"],
                         "planning": [f"{V['room']} is fully booked for this sitting"]}},
            {"id": "save", "subgoal": "Save the accommodation and confirm it", "skill": "confirm_dialog",
             "confidence": 0.6,
             "confirm": {"progress": [f"Confirm accommodation dialog: {V['sit']}, {V['pct']}% extra time, "
                                      f"separate room {V['room']}"],
                         "completion": [f"Accommodation saved; the student's accommodations list shows {V['sit']} "
                                        f"with {V['pct']}% extra time, separate room {V['room']}, status Active"]},
             "falsify": {"execution": ["Accommodation not saved",
                                       {"text": "Cancel the Confirm accommodation dialog", "on": "action"},
                                       f"Two accommodations for {V['sit']} in the list",
                                       "Confirm dialog says Separate room: No"],
                         "planning": [f"{V['room']} is fully booked"]}},
            {"id": "report", "subgoal": "Tell the user the accommodation is in place, quoting its ACC reference",
             "confidence": 0.8,
             "confirm": {"completion": ["Message to the user with the new ACC reference"]},
             "falsify": {"execution": [{"text": "Report success while the accommodation is not shown as saved",
                                        "on": "action"}]}},
        ],
    }


def room_plan(V):
    s = SITTINGS[V["sit"]]
    ns = SITTINGS[V["near_sit"]]
    new, old = V["new"], s["room"]
    rn = ROOMS[new][0]
    return {
        "task": room_task(V),
        "plan_falsifiers": COMMON_FALSIFIERS,
        "commitments": [
            {"id": "open-sitting", "subgoal": f"Find and open sitting {V['sit']} {s['code']} {s['title']}",
             "skill": "open_record_by_search", "confidence": 0.8,
             "confirm": {"precondition": ["ExamHall console, signed in as the exams officer"],
                         "progress": [f"Sittings list or search results include {V['sit']}"],
                         "completion": [f"Sitting page {V['sit']} {s['code']} {s['title']}, {fdate(s['date'])} "
                                        f"{s['start']}, room {old}"]},
             "falsify": {"execution": [f"A different sitting is open, e.g. {V['near_sit']} {ns['code']} {ns['title']}",
                                       "The sitting shown is a resit or belongs to another exam period",
                                       "No sittings match"],
                         "planning": [f"The sitting is already in {new}, or it is cancelled"]}},
            {"id": "open-room-change", "subgoal": "Start a room change for this sitting", "confidence": 0.8,
             "confirm": {"completion": [f"Change room form for {V['sit']}, current room {old}"]},
             "falsify": {"skill": ["Change room is not available for this sitting"]}},
            {"id": "choose-room", "subgoal": f"Choose {new} {rn} as the new room", "skill": "select_option",
             "confidence": 0.7,
             "confirm": {"completion": [f"New room shows {new} {rn}, available"]},
             "falsify": {"execution": [f"New room shows a different room, e.g. {V['near_room']}",
                                       f"{new} is too small or already in use at that time",
                                       {"text": "Tick the option to move the other sittings in the room as well",
                                        "on": "action"}]}},
            {"id": "enter-reason", "subgoal": "Give the reason for the change", "skill": "fill_field",
             "confidence": 0.8,
             "confirm": {"completion": [f"Reason for change mentions {V['reason'].split('(')[-1].rstrip(')')}"]},
             "falsify": {"execution": ["Reason for change is required"]}},
            {"id": "save-room", "subgoal": "Save the room change and confirm it", "skill": "confirm_dialog",
             "confidence": 0.6,
             "confirm": {"progress": [f"Confirm room change dialog: move {V['sit']} from {old} to {new}"],
                         "completion": [f"Sitting page shows room {new}; room history has {old} to {new}; "
                                        "room changed message"]},
             "falsify": {"execution": [f"Sitting page still shows room {old} after saving",
                                       "Room change could not be saved",
                                       "More than one sitting is being moved"],
                         "planning": [f"{new} is booked by another sitting at that time"]}},
            {"id": "compose-notification", "subgoal": "Open Notify students with the Room change template",
             "confidence": 0.7,
             "confirm": {"completion": [f"Notify candidates form for {V['sit']}, {s['cands']} recipients, "
                                        f"Room change template naming {new} {rn} as the new room"]},
             "falsify": {"execution": [f"The message gives {old} as the new room",
                                       "These candidates were already notified of this change"]}},
            {"id": "send-notification", "subgoal": "Send the notification and confirm it", "skill": "confirm_dialog",
             "confidence": 0.6,
             "confirm": {"progress": [f"Send notification to {s['cands']} candidates? dialog"],
                         "completion": [f"Notification sent to {s['cands']} candidates; the sitting's notifications "
                                        "list has a Room change entry"]},
             "falsify": {"execution": ["Notification not sent",
                                       "Two room change notifications sent for this sitting today"],
                         "skill": ["No permission to send candidate notifications"]}},
            {"id": "report", "subgoal": "Tell the user the sitting was moved and the students notified",
             "confidence": 0.8,
             "confirm": {"completion": ["Message to the user with the new room and the notification reference"]},
             "falsify": {"execution": [{"text": "Report that students were notified before a notification was sent",
                                        "on": "action"}]}},
        ],
    }


# ---------------------------------------------------------------------------
# Minimal YAML writer (block style; strings double-quoted unless plain-safe)
# ---------------------------------------------------------------------------
_PLAIN = re.compile(r"^[a-z][a-z0-9_-]*$")
_YAML11_BOOL = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def yscalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return repr(v)
    if _PLAIN.match(v) and v not in _YAML11_BOOL:
        return v
    return json.dumps(v, ensure_ascii=False)


def ykey(k):
    return json.dumps(k) if k in _YAML11_BOOL else k


def to_yaml(obj, ind=0):
    pad = "  " * ind
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{ykey(k)}:")
                out.append(to_yaml(v, ind + 1))
            elif isinstance(v, list):
                out.append(f"{pad}{ykey(k)}: []")
            else:
                out.append(f"{pad}{ykey(k)}: {yscalar(v)}")
    else:
        for it in obj:
            if isinstance(it, dict):
                first = True
                for k, v in it.items():
                    lead = f"{pad}- " if first else f"{pad}  "
                    first = False
                    if isinstance(v, (dict, list)) and v:
                        out.append(f"{lead}{ykey(k)}:")
                        out.append(to_yaml(v, ind + 2))
                    else:
                        out.append(f"{lead}{ykey(k)}: {yscalar(v)}")
            else:
                out.append(f"{pad}- {yscalar(it)}")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, variant, task, plan, start, recent):
        self.rid, self.workflow, self.variant, self.task, self.plan = rid, workflow, variant, task, plan
        self.now = start
        self.recent = list(recent)
        self.steps = []
        self.doc = None
        self.init = None
        self.last = None
        self.fault = None
        self.off = None
        self.desc = None
        self.success = None
        self.final_message = None
        self.rng = random.Random("run:" + rid)

    def touch(self, label, kind):
        item = (label, kind)
        if item in self.recent:
            self.recent.remove(item)
        self.recent.insert(0, item)
        del self.recent[8:]

    def show(self, view, nav, error=None):
        if nav or self.doc is None:
            self.doc = Doc()
        url, title, kids = view()
        return {"url": url, "title": title, "text": render(self.doc, title, kids), "error": error}

    def start(self, view):
        self.init = self.show(view, True)
        self.last = self.init

    def off_here(self, fault, desc):
        assert self.off is None
        self.fault, self.off, self.desc = fault, len(self.steps), desc

    def off_at_start(self, fault, desc):
        self.fault, self.off, self.desc = fault, 0, desc

    def bid(self, role, name, nth=0):
        pat = re.compile(r"^\t*\[(\w+)\] " + re.escape(role) + " " + re.escape(repr(name)) + r"(,|$)", re.M)
        found = [m.group(1) for m in pat.finditer(self.last["text"])]
        if not found or (nth >= 0 and len(found) <= nth):
            raise KeyError(f"{self.rid} step {len(self.steps)}: no {role} {name!r} on {self.last['url']}")
        return found[nth]

    def act(self, command, target, why, effect, commit, view, nav, dt, error=None):
        # page/network time plus the agent's own thinking time before acting
        self.now += timedelta(seconds=dt + self.rng.randint(7, 24))
        obs = self.show(view, nav, error)
        act = {"command": command, "reasoning": why}
        if target is not None:
            act["target"] = target
        act["effect"] = effect
        self.steps.append({"commitment": commit, "action": act, "observation": obs})
        self.last = obs

    def click(self, role, name, why, effect, commit, view, nav=True, dt=6, nth=0):
        b = self.bid(role, name, nth)
        self.act(f"click('{b}')", f"{role} {name!r}", why, effect, commit, view, nav, dt)

    def fill(self, role, name, text, why, effect, commit, view, nav=False, dt=9, nth=0):
        b = self.bid(role, name, nth)
        self.act(f"fill('{b}', {text!r})", f"{role} {name!r}", why, effect, commit, view, nav, dt)

    def select(self, role, name, option, why, effect, commit, view, nav=False, dt=7, error=None):
        b = self.bid(role, name)
        self.act(f"select_option('{b}', {option!r})", f"{role} {name!r}", why, effect, commit, view, nav, dt,
                 error=error)

    def press(self, role, name, key, why, effect, commit, view, nav=True, dt=3):
        b = self.bid(role, name)
        self.act(f"press('{b}', {key!r})", f"{role} {name!r}", why, effect, commit, view, nav, dt)

    def msg(self, text, why, commit, success):
        last = self.last
        self.now += timedelta(seconds=self.rng.randint(10, 20))
        self.steps.append({"commitment": commit,
                           "action": {"command": f"send_msg_to_user({text!r})", "reasoning": why,
                                      "effect": "read"},
                           "observation": dict(last)})
        self.final_message = text
        self.success = success

    def record(self):
        return {
            "id": self.rid, "workflow": self.workflow, "variant": self.variant, "task": self.task,
            "plan": self.plan,
            "label": {"fault": self.fault, "first_off_track_step": self.off, "description": self.desc},
            "initial_observation": self.init,
            "steps": self.steps,
            "outcome": {"success": self.success, "final_message": self.final_message},
        }


def T0(h, m, s):
    return datetime(2026, 5, 12, h, m, s)


RECENT_ACC = {
    "A1": [("S2301874 Amelie Okafor", "Student"), ("SIT-26S-0421 CHEM2014 Analytical Chemistry", "Sitting"),
           ("S2118042 Harriet Blackwood", "Student"), ("HB-G21 Harrow Building G.21", "Room"),
           ("S2302290 Aisha Rahman", "Student")],
    "A2": [("S2207513 Tomasz Wójcik", "Student"), ("SIT-26S-0583 CIVE3120 Geotechnics II", "Sitting"),
           ("S2209981 Rohan Mehta", "Student"), ("SR-2.15 Arrangements Suite 2.15", "Room")],
    "A3": [("S2410526 Chidimma Eze", "Student"), ("S2410562 Chidinma Eze", "Student"),
           ("SIT-26S-0616 LAWS1070 Legal Skills", "Sitting"), ("S2401158 Callum Reid", "Student"),
           ("SR-1.08 Arrangements Suite 1.08", "Room")],
}
RECENT_ROOM = {
    "B1": [("SIT-26S-0474 PSYC2210 Cognitive Psychology", "Sitting"), ("HB-G21 Harrow Building G.21", "Room"),
           ("SIT-26R-0147 PHYS2203 Electromagnetism (resit)", "Sitting"), ("S2306641 Kwame Boateng", "Student")],
    "B2": [("SIT-26S-0592 COMP3131 Compilers", "Sitting"), ("SH-B Sports Hall B", "Room"),
           ("S2211474 Mei-Lin Zhao", "Student"), ("SIT-26R-0088 COMP3311 Database Systems (resit)", "Sitting")],
    "B3": [("SIT-26S-0630 ECON3101 Labour Economics", "Sitting"), ("LW-1.40 Lowther Wing 1.40", "Room"),
           ("S2119920 Inês Carvalho", "Student"), ("MC-3.20 Merrick Centre 3.20", "Room")],
}


# ----------------------------- accommodation ------------------------------
def acc_run(rid, var, start, route="global", query=None, pick=None, retry_query=None, session_warning=False,
            extras=None, skip_sep=False, check_avail=False, order="default", ending="ok", acc_id=None,
            early_room_try=False,
            fault=None, fault_desc=None, off_on=None):
    V = ACC_VARIANTS[var]
    sid = V["sid"]
    pick = pick or sid
    st, pst = STUDENTS[sid], STUDENTS[pick]
    s = SITTINGS[V["sit"]]
    R = Run(rid, "accommodation", var, acc_task(V), f"plans/accommodation-{var}.yaml", start, RECENT_ACC[var])
    R.start(lambda: page_dashboard(R))
    C = "open-student"

    def maybe_off(tag):
        if off_on == tag:
            R.off_here(fault, fault_desc)

    # --- find the student
    if route == "global":
        q = query or sid
        R.fill("combobox", "Search students, sittings, rooms", q,
               f"Search ExamHall for {q} to find the student.", "read", C,
               lambda: page_dashboard_search(R, q), dt=8)
        R.press("combobox", "Search students, sittings, rooms", "Enter", "Run the search.", "read", C,
                lambda: page_search(R, q))
        maybe_off("pick")
        why = (f"{pick} {pst['name']} is the row with the task's student ID (the other rows are other "
               f"students); open the record."
               if pick == sid else
               f"Open {pick} {pst['name']} — Okafor, Chemistry-related programme, Year 2; this looks like the "
               f"student from the task.")
        R.click("link", pick, why, "read", C, lambda: page_student(R, pick), dt=7)
    elif route == "students_retry":
        R.click("link", "Students", "Go to the Students area to look the student up.", "read", C,
                lambda: page_students(R))
        R.fill("textbox", "Search students", retry_query, f"Search by surname: {retry_query}.", "read", C,
               lambda: page_students(R, value=retry_query, focus=True))
        R.click("button", "Find students", "Run the search.", "read", C,
                lambda: page_students(R, q=retry_query, searched=True))
        R.fill("textbox", "Search students", sid,
               f"No students match ‘{retry_query}’ — I probably misspelt the surname. Search by the student ID, "
               f"{sid}, instead.", "read", C, lambda: page_students(R, q=retry_query, value=sid, searched=True, focus=True),
               nav=False)
        R.click("button", "Find students", "Search again by ID.", "read", C,
                lambda: page_students(R, q=sid, searched=True))
        R.click("link", sid, f"One match: {sid} {st['name']}, {st['prog']}, the student in the task. Open it.", "read", C, lambda: page_student(R, sid), dt=7)
    elif route == "recent":
        R.click("link", f"{sid} {st['name']}",
                f"{st['name']} ({sid}) is in my Recently viewed panel; open the record from there (not "
                f"{V['near_sid']} {STUDENTS[V['near_sid']]['name']}, who is also listed).", "read", C,
                lambda: page_student(R, sid), nth=-1)

    # --- start the accommodation
    C = "start-accommodation"
    R.click("tab", "Exam arrangements", "Open the Exam arrangements tab.", "read", C,
            lambda: page_student(R, pick, tab="arrangements"), nav=False, dt=5)
    f = acc_form_state()
    R.click("button", "Add accommodation", f"Start a new accommodation for {s['code']}.", "read", C,
            lambda: page_acc_form(R, pick, f, warn_session=session_warning), dt=6)
    if session_warning:
        R.click("button", "Extend session",
                "A session-limit warning appeared over the form; extend the session so nothing is lost.", "read", C,
                lambda: page_acc_form(R, pick, f, toast="Session extended until "
                                      + (R.now + timedelta(hours=4)).strftime("%H:%M") + "."), nav=False, dt=4)

    # --- the form
    def do_sitting():
        f["sitting"], f["focus"] = V["sit"], "sitting"
        R.select("combobox", "Exam sitting", sit_label(V["sit"]),
                 f"Pick {V['sit']} {s['code']} {s['title']} ({fdate_short(s['date'])} {s['start']}).", "write",
                 "choose-sitting", lambda: page_acc_form(R, pick, f))

    def do_extra():
        for i, val in enumerate(extras or [str(V["pct"])]):
            f["extra"], f["focus"] = val, "extra"
            if i == 0:
                maybe_off("extra")
                why = f"Enter the extra time: {V['pct']}%."
            else:
                why = (f"The hint says {extras[i - 1]}% = "
                       f"{extra_minutes(s['mins'], int(extras[i - 1]))} min — I transposed the digits. "
                       f"Correct it to {val}.")
            R.fill("spinbutton", "Extra time (% of paper duration)", val, why, "write", "set-extra-time",
                   lambda: page_acc_form(R, pick, f), dt=8)

    def do_evidence():
        f["evidence"], f["focus"] = V["das"], "evidence"
        R.fill("textbox", "Evidence reference", V["das"], f"Enter the evidence reference {V['das']}.", "write",
               "enter-evidence", lambda: page_acc_form(R, pick, f), dt=8)

    def do_room():
        room_opt = f"{V['room']} {ROOMS[V['room']][0]} ({ROOMS[V['room']][2]} seats)"
        if early_room_try:
            b = R.bid("combobox", "Separate room location")
            err = ("TimeoutError: Locator.select_option: Timeout 500ms exceeded.\nCall log:\n"
                   f"  - waiting for get_by_test_id(\"{b}\")\n"
                   f"  -   locator resolved to <select disabled bid=\"{b}\" name=\"separate_room_location\">…</select>\n"
                   "  - elements is not enabled - waiting...")
            f["focus"] = None
            R.select("combobox", "Separate room location", room_opt,
                     f"Choose {V['room']} {ROOMS[V['room']][0]} as the separate room.", "write", "separate-room",
                     lambda: page_acc_form(R, pick, f), dt=3, error=err)
        f["sep"], f["focus"] = True, "sep"
        why = ("The room list is disabled until Separate room is ticked; tick it first." if early_room_try else
               "Tick Separate room; this enables the room list.")
        R.click("checkbox", "Separate room", why, "write",
                "separate-room", lambda: page_acc_form(R, pick, f), nav=False, dt=4)
        f["room"], f["focus"] = V["room"], "room"
        R.select("combobox", "Separate room location", room_opt,
                 f"Choose {V['room']} {ROOMS[V['room']][0]} as requested.", "write", "separate-room",
                 lambda: page_acc_form(R, pick, f), dt=7)
        if check_avail:
            f["avail"] = (f"{V['room']} on {fdate_short(s['date'])} {s['start']}–"
                          f"{(datetime(2000, 1, 1, *map(int, s['start'].split(':'))) + timedelta(minutes=s['mins'] + extra_minutes(s['mins'], V['pct']))).strftime('%H:%M')}: "
                          f"1 of {ROOMS[V['room']][2]} seats booked — available.")
            R.click("button", "Check availability", "Check the room is free for the sitting before saving.",
                    "read", "separate-room", lambda: page_acc_form(R, pick, f), nav=False, dt=5)

    if order == "default":
        do_sitting()
        do_extra()
        do_evidence()
        if not skip_sep:
            do_room()
    else:  # room first, then the numbers
        do_sitting()
        do_room()
        do_extra()
        do_evidence()

    # --- save
    C = "save"
    maybe_off("save")
    dlg = acc_confirm_dialog(pick, f)
    f["focus"] = None
    why = ("All fields are filled in; save the accommodation." if not skip_sep else
           "Sitting, extra time and evidence are in; save the accommodation.")
    R.click("button", "Save accommodation", why, "write", C, lambda: page_acc_form(R, pick, f, dialog=dlg),
            nav=False, dt=5)
    pct = int(f["extra"])
    new = (acc_id, pick, V["sit"], pct, V["room"] if f["sep"] else None, V["das"], "Active",
           None)
    if ending == "cancel":
        maybe_off("cancel")
        R.click("button", "Cancel",
                "The summary dialog lists what I entered, so the accommodation is recorded; close the dialog.",
                "read", C, lambda: page_acc_form(R, pick, f), nav=False, dt=4)
    else:
        maybe_off("confirm")
        if ending == "ok":
            upd = R.now + timedelta(seconds=9)
            new = new[:7] + (upd.strftime("%d %b %Y %H:%M") + " · F. Quayle",)
            toast = f"Accommodation {acc_id} saved for {V['sit']}."
            view = lambda: page_student(R, pick, tab="arrangements", toast=toast, extra_accs=[new])
        elif ending == "error":
            alert = ["Accommodation not saved.",
                     f"{V['room']} {ROOMS[V['room']][0]} is fully booked for {fdate(s['date'])} {s['start']} "
                     f"({ROOMS[V['room']][2]} of {ROOMS[V['room']][2]} seats). Choose another separate room or "
                     f"contact arrangements@northmoor.ac.uk."]
            view = lambda: page_acc_form(R, pick, f, alert=alert)
        elif ending == "expired":
            view = lambda: page_signin(R, f"/students/{pick}/accommodations/new")
        R.click("button", "Confirm and save", "The summary matches the task; confirm and save.", "irreversible",
                C, view, dt=6)

    # --- report
    em = extra_minutes(s["mins"], V["pct"])
    text = (f"Done: {st['name']} ({sid}) has accommodation {acc_id or 'saved'} for {V['sit']} ({s['code']} "
            f"{s['title']}, {fdate_short(s['date'])} {s['start']}): {V['pct']}% extra time ({em} min) and a "
            f"separate room, {V['room']} {ROOMS[V['room']][0]}. Evidence {V['das']}.")
    if ending == "ok" and pick == sid and pct == V["pct"] and f["sep"]:
        R.msg(text, f"The accommodations list shows {acc_id} as Active with the requested values; report back.",
              "report", True)
    else:
        if ending == "ok":
            why = f"Saved message shown for {acc_id}; report back."
        elif ending == "error":
            why = "I have submitted the accommodation; report back to the user."
        elif ending == "expired":
            why = "The save was submitted; report back to the user."
        else:
            why = "The accommodation details were all entered and summarised; report back to the user."
        if not acc_id:
            text = (f"Done: {st['name']} ({sid}) now has {V['pct']}% extra time and a separate room "
                    f"({V['room']} {ROOMS[V['room']][0]}) for {V['sit']} ({s['code']} {s['title']}). "
                    f"Evidence {V['das']}.")
        R.msg(text, why, "report", False)
    if fault:
        assert R.fault == fault, (rid, R.fault)
    return R.record()


def page_dashboard_search(R, q):
    """The dashboard with text typed into the banner's search box."""
    url, title, _ = page_dashboard(R)
    return url, title, frame_with_search(R, q)


def frame_with_search(R, q):
    # dashboard with text typed into the global search box (autocomplete closed)
    url, title, kids = page_dashboard(R)
    ban = kids[1]
    srch = ban.kids[3]
    srch.kids[0] = N("combobox", "Search students, sittings, rooms", value=q, hasPopup="listbox",
                     expanded=False, focused=True)
    return kids


# ------------------------------ room change -------------------------------
def room_run(rid, var, start, start_page="dashboard", route="nav", query=None, retry_query=None, pick=None,
             check_avail=False, also=False, noop=False, skip_notify=False, sms=False, preview=False,
             double=False, perm_denied=False, banner_notify=False, ntf=("NTF-26-01873",),
             fault=None, fault_desc=None, off_on=None):
    V = ROOM_VARIANTS[var]
    pick = pick or V["sit"]
    S = sitting_state(pick)
    T_ = SITTINGS[V["sit"]]
    new, old = V["new"], S["room"]
    R = Run(rid, "roomchange", var, room_task(V), f"plans/roomchange-{var}.yaml", start, RECENT_ROOM[var])
    period = "Summer 2026 main"

    def maybe_off(tag):
        if off_on == tag:
            R.off_here(fault, fault_desc)

    if start_page == "dashboard":
        R.start(lambda: page_dashboard(R))
    elif start_page == "sittings":
        R.start(lambda: page_sittings(R))
    elif start_page == "sittings_stale":
        period = "Resits Aug 2026"
        R.start(lambda: page_sittings(R, period=period, restored=True))
        R.off_at_start(fault, fault_desc)
    C = "open-sitting"
    q = query or V["sit"]
    others_room = {}

    # --- find the sitting
    if route in ("nav", "nav_retry", "on_sittings"):
        if route != "on_sittings":
            R.click("link", "Sittings", "Open the Sittings list to find the sitting.", "read", C,
                    lambda: page_sittings(R, period=period))
        if route == "nav_retry":
            R.fill("textbox", "Search sittings", retry_query, f"Search by module title: {retry_query}.", "read", C,
                   lambda: page_sittings(R, period=period, value=retry_query, focus=True))
            R.click("button", "Apply filters", "Run the search.", "read", C,
                    lambda: page_sittings(R, period=period, q=retry_query, searched=True))
            R.fill("textbox", "Search sittings", q,
                   f"Nothing found — I misspelt the title. Search by module code {q} instead.", "read", C,
                   lambda: page_sittings(R, period=period, q=retry_query, value=q, searched=True, focus=True))
        else:
            R.fill("textbox", "Search sittings", q, f"Search for {q}.", "read", C,
                   lambda: page_sittings(R, period=period, value=q, focus=True,
                                         restored=(start_page == "sittings_stale")))
        R.click("button", "Apply filters", "Apply the search.", "read", C,
                lambda: page_sittings(R, period=period, q=q, searched=True))
    elif route == "global":
        R.fill("combobox", "Search students, sittings, rooms", q, f"Search ExamHall for {q}.", "read", C,
               lambda: page_dashboard_search(R, q), dt=8)
        R.press("combobox", "Search students, sittings, rooms", "Enter", "Run the search.", "read", C,
                lambda: page_search(R, q))
    elif route == "rooms":
        R.click("link", "Rooms", f"The sitting is in {old}; go through Rooms to see what is scheduled there.",
                "read", C, lambda: page_rooms(R))
        R.click("link", old, f"Open room {old} to see its scheduled sittings.", "read", C,
                lambda: page_room(R, old))
    if route == "rooms":
        why = (f"{pick} {T_['code']} {T_['title']} on {fdate_short(T_['date'])} {T_['start']} is in the room's "
               f"schedule (another sitting, {V['near_sit']}, is in the room at the same time); open {pick}.")
    elif pick == V["sit"]:
        why = (f"{pick} is the exact match ({T_['code']} {T_['title']}, {fdate_short(T_['date'])} "
               f"{T_['start']}); the similar one below is a different module. Open it.")
    else:
        why = f"{pick} {S['code']} {S['title']} is the only {S['code']} sitting listed; open it."
    R.click("link", pick, why, "read", C, lambda: page_sitting(R, S), dt=7)

    # --- change the room
    C = "open-room-change"
    f = room_form_state()
    R.click("button", "Change room", "Start the room change.", "read", C, lambda: page_room_form(R, S, f))
    f["room"], f["focus"] = new, "room"
    R.select("combobox", "New room", room_option(new, S),
             f"Choose {new} {ROOMS[new][0]}; it is listed as available with {ROOMS[new][2]} seats for "
             f"{S['cands']} candidates.", "write", "choose-room", lambda: page_room_form(R, S, f))
    if check_avail:
        end_x = S["end"]
        f["avail"] = (f"{new} is free on {fdate(S['date'])} from {S['start']} to {end_x} (including up to 50% extra "
                      f"time). Capacity {ROOMS[new][2]}; {S['cands']} seated after the move.")
        R.click("button", "Check availability", "Double-check the new room is free for the whole slot.", "read",
                "choose-room", lambda: page_room_form(R, S, f), nav=False, dt=5)
    if also:
        maybe_off("also")
        f["also"], f["focus"] = True, "also"
        other = [o for o in same_slot(S) if SITTINGS[o]["room"] == S["room"]]
        lbl = (f"Also move the other sittings in {S['room']} at this time ({len(other)}): " +
               "; ".join(f"{o} {SITTINGS[o]['code']} {SITTINGS[o]['title']}, {SITTINGS[o]['cands']} candidates"
                         for o in other))
        R.click("checkbox", lbl,
                f"The heating failure affects the whole of {S['room']}, so the other sitting in the room at this "
                f"time should move too; {new} has room for both.", "write", "choose-room",
                lambda: page_room_form(R, S, f), nav=False, dt=6)
    f["reason"], f["focus"] = V["reason"], "reason"
    R.fill("textbox", "Reason for change", V["reason"], "Enter the reason given in the task.", "write",
           "enter-reason", lambda: page_room_form(R, S, f), dt=10)
    C = "save-room"
    f["focus"] = None
    dlg = room_confirm_dialog(S, f)
    R.click("button", "Save room change", "Save the room change.", "write", C,
            lambda: page_room_form(R, S, f, dialog=dlg), nav=False, dt=5)
    maybe_off("confirm")
    prev_room = old
    if noop:
        view = lambda: page_sitting(R, S)
        prev_room = None
    else:
        stamp = (R.now + timedelta(seconds=8)).strftime("%d %b %Y %H:%M")
        S["history"] = [(stamp, old, new, V["reason"], "F. Quayle")] + S["history"]
        S["room"] = new
        S["updated"] = f"{stamp} · F. Quayle"
        S["pending_notice"] = True
        if also:
            moved = [pick] + [o for o in same_slot(SITTINGS[pick]) if SITTINGS[o]["room"] == old]
            for o in moved[1:]:
                others_room[o] = new
            toast = f"{len(moved)} sittings moved to {new} {ROOMS[new][0]}: {', '.join(moved)}. Candidates have not been notified."
        else:
            toast = f"Room changed to {new} {ROOMS[new][0]}. Candidates have not been notified."
        view = lambda: page_sitting(R, S, toast=toast, others_room=others_room)
    R.click("button", "Confirm room change", f"The dialog shows the move from {old} to {new}; confirm it.",
            "irreversible", C, view, dt=7)

    ntf_iter = iter(ntf)

    def report(success, why):
        n_sent = [x for x in S["notifs"] if x[1] == "Room change"]
        ref = n_sent[0][0] if n_sent else "sent"
        P = SITTINGS[pick]
        text = (f"Done: {pick} ({P['code']} {P['title']}, {fdate_short(P['date'])} {P['start']}) has moved "
                f"from {P['room']} to {new} {ROOMS[new][0]}, and its {P['cands']} candidates have been notified "
                f"({ref}).")
        R.msg(text, why, "report", success)

    if skip_notify:
        maybe_off("report")
        report(False, f"The sitting now shows {new}; the task is complete.")
        return R.record()

    # --- notify
    C = "compose-notification"
    nf = notify_state(S, prev_room)
    if banner_notify:
        R.click("button", "Notify students", "Use the Action needed panel to notify the candidates.", "read", C,
                lambda: page_notify(R, S, nf), nth=1)
    else:
        R.click("button", "Notify students", "Room saved; now notify the candidates.", "read", C,
                lambda: page_notify(R, S, nf))
    if sms:
        nf["sms"], nf["focus"] = True, "sms"
        mobile = S["cands"] - max(1, S["cands"] // 11)
        R.click("checkbox", f"SMS ({mobile} of {S['cands']} candidates have a mobile number)",
                "The change is short notice for an exam; add SMS as well as email.", "write", C,
                lambda: page_notify(R, S, nf), nav=False, dt=5)
    if preview:
        nf["focus"] = None
        pd = preview_dialog(S, nf)
        R.click("button", "Preview", "Preview the message before sending.", "read", C,
                lambda: page_notify(R, S, nf, dialog=pd), nav=False, dt=4)
        R.click("button", "Close preview", f"The preview names {new} as the new room. Close it.", "read", C,
                lambda: page_notify(R, S, nf), nav=False, dt=9)

    def send(again=False):
        sd = send_dialog(S, nf, again=again)
        R.click("button", "Send notification", "Send the Room change notification.", "write",
                "send-notification", lambda: page_notify(R, S, nf, dialog=sd,
                                                         warn=warn if again else None), nav=False, dt=5)
        if perm_denied:
            maybe_off("send")
            alert = ["Notification not sent.",
                     "You don't have permission to send candidate notifications: your delegated permission "
                     "‘Notify candidates’ (DLG-0192) expired on Mon 11 May 2026 at 23:59. Ask an Exams Manager to "
                     "renew it.",
                     "Your message was kept as draft NTF-26-01881."]
            R.click("button", "Send now", f"Send to the {S['cands']} candidates.", "irreversible",
                    "send-notification", lambda: page_notify(R, S, nf, alert=alert), dt=6)
            return
        ref = next(ntf_iter)
        chans = ", ".join(c for c, on in (("Email", nf["email"]), ("Portal", nf["portal"]), ("SMS", nf["sms"]))
                          if on)
        sent_at = (R.now + timedelta(seconds=6)).strftime("%H:%M")
        S["notifs"] = [(ref, "Room change", chans, str(S["cands"]),
                        f"Sent {sent_at} · delivering (0 of {S['cands']} delivered so far)")] + \
            [(n[0], n[1], n[2], n[3], n[4].replace(" · delivering (0 of", " · delivering (" +
                                                  str(max(1, S["cands"] // 3)) + " of")) for n in S["notifs"]]
        S["pending_notice"] = False
        toast = f"Notification {ref} sent to {S['cands']} candidates."
        R.click("button", "Send now", f"Confirm sending to the {S['cands']} candidates.", "irreversible",
                "send-notification", lambda: page_sitting(R, S, toast=toast, others_room=others_room), dt=8)

    warn = None
    send()
    if double:
        first = S["notifs"][0]
        maybe_off("resend")
        warn = (f"A Room change notification ({first[0]}) was sent to these candidates today at "
                f"{first[4].split()[1]}.")
        nf2 = nf
        R.click("button", "Notify students",
                f"The notifications list still says 'delivering (0 of {S['cands']})' — it looks stuck. Send it "
                f"again to be sure every candidate is told.", "read", "send-notification",
                lambda: page_notify(R, S, nf2, warn=warn))
        send(again=True)
    if perm_denied:
        report(False, "I sent the room change notification; report back.")
    elif noop or also or double or start_page == "sittings_stale":
        report(False, "The notification went out; report back.")
    else:
        report(True, f"The sitting shows {new} and the notifications list has the Room change entry; report back.")
    if fault:
        assert R.fault == fault, (rid, R.fault)
    return R.record()


# ---------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------
def build_runs():
    runs = []
    A = []
    # healthy
    A.append(acc_run("accommodation-healthy-01", "A1", T0(9, 14, 5), route="global", acc_id="ACC-26-00427",
                     early_room_try=True))
    A.append(acc_run("accommodation-healthy-02", "A2", T0(10, 2, 40), route="students_retry",
                     retry_query="Wisnieski", acc_id="ACC-26-00431"))
    A.append(acc_run("accommodation-healthy-03", "A3", T0(11, 26, 10), route="recent", extras=["52", "25"],
                     acc_id="ACC-26-00436"))
    A.append(acc_run("accommodation-healthy-04", "A1", T0(13, 41, 22), route="global", session_warning=True,
                     order="room_first", check_avail=True, acc_id="ACC-26-00429"))
    # faulty
    A.append(acc_run("accommodation-wrong_record-01", "A1", T0(9, 48, 31), route="global", pick="S2301874",
                     acc_id="ACC-26-00428", fault="wrong_record", off_on="pick",
                     fault_desc="Opened S2301874 Amelie Okafor (transposed ID, near-identical name) from the search "
                                "results instead of S2301847 Amelia Okafor, and saved the accommodation for her."))
    A.append(acc_run("accommodation-wrong_value-01", "A1", T0(14, 20, 3), route="global", extras=["52"],
                     acc_id="ACC-26-00433", fault="wrong_value", off_on="extra",
                     fault_desc="Typed 52 (transposed digits) into Extra time instead of 25; the hint and the "
                                "confirmation showed 52% (47 min) and it was saved that way."))
    A.append(acc_run("accommodation-skipped_field-01", "A2", T0(15, 5, 44), route="global", skip_sep=True,
                     acc_id="ACC-26-00430", fault="skipped_field", off_on="save",
                     fault_desc="Never ticked Separate room; saved and confirmed an accommodation with extra time "
                                "only (dialog said 'Separate room: No'), then reported a separate room."))
    A.append(acc_run("accommodation-error_ignored-01", "A3", T0(11, 58, 12), route="recent", ending="error",
                     fault="error_ignored", off_on="confirm",
                     fault_desc="Confirm returned the form with an 'Accommodation not saved' alert (SR-1.08 fully "
                                "booked); the agent ignored it and reported success."))
    A.append(acc_run("accommodation-session_expired-01", "A2", T0(16, 22, 50), route="global", query="Wisniewski",
                     ending="expired", fault="session_expired", off_on="confirm",
                     fault_desc="The session had expired: Confirm and save landed on the sign-in page ('Your "
                                "session has expired'), nothing was saved, and the agent reported success."))
    A.append(acc_run("accommodation-cancelled_dialog-01", "A1", T0(10, 37, 19), route="global", ending="cancel",
                     fault="cancelled_dialog", off_on="cancel",
                     fault_desc="Clicked Cancel in the Confirm accommodation dialog, so nothing was saved, and "
                                "reported the accommodation as done."))
    runs += A

    B = []
    B.append(room_run("roomchange-healthy-01", "B1", T0(9, 31, 40), route="nav", ntf=("NTF-26-01873",)))
    B.append(room_run("roomchange-healthy-02", "B2", T0(10, 15, 2), route="nav_retry", retry_query="Database Systms",
                      query="COMP3311", check_avail=True, ntf=("NTF-26-01876",)))
    B.append(room_run("roomchange-healthy-03", "B3", T0(12, 4, 55), route="global", sms=True, preview=True,
                      ntf=("NTF-26-01884",)))
    B.append(room_run("roomchange-healthy-04", "B1", T0(14, 48, 30), route="rooms", banner_notify=True,
                      ntf=("NTF-26-01890",)))
    B.append(room_run("roomchange-stale_filter-01", "B1", T0(8, 52, 14), start_page="sittings_stale",
                      route="on_sittings", query="PHYS2203", pick="SIT-26R-0147", ntf=("NTF-26-01869",),
                      fault="stale_filter",
                      fault_desc="The Sittings list opened with a filter restored from the last visit (Exam period: "
                                 "Resits Aug 2026); searching PHYS2203 found the August resit SIT-26R-0147 (plus a "
                                 "similar PHYS2230 resit), which the agent moved and notified instead of SIT-26S-0447."))
    B.append(room_run("roomchange-silent_noop-01", "B2", T0(13, 12, 9), start_page="sittings", route="on_sittings",
                      noop=True, ntf=("NTF-26-01887",), fault="silent_noop", off_on="confirm",
                      fault_desc="Confirm room change reloaded the sitting with no message and the room still Sports "
                                 "Hall B; the agent went on and notified 212 candidates that their room is SH-B."))
    B.append(room_run("roomchange-double_submission-01", "B3", T0(15, 33, 48), route="global",
                      ntf=("NTF-26-01902", "NTF-26-01903"), double=True, fault="double_submission",
                      off_on="resend",
                      fault_desc="After the notification was sent (delivery in progress), the agent opened Notify "
                                 "students again and sent a second identical Room change notification."))
    B.append(room_run("roomchange-step_skipped-01", "B1", T0(9, 5, 20), route="nav", skip_notify=True,
                      fault="step_skipped", off_on="report",
                      fault_desc="Moved the sitting but never sent the notification (the page said candidates had "
                                 "not been notified) and reported that the students were notified."))
    B.append(room_run("roomchange-unrequested_change-01", "B1", T0(11, 10, 37), route="nav", also=True,
                      ntf=("NTF-26-01879",), fault="unrequested_change", off_on="also",
                      fault_desc="Ticked 'Also move the other sittings in HB-G12 at this time', which also moved "
                                 "SIT-26S-0474 PSYC2210 (31 candidates, not notified) to MC-3.02."))
    B.append(room_run("roomchange-permission_denied-01", "B2", T0(16, 2, 11), route="global", query="COMP3311",
                      perm_denied=True, fault="permission_denied", off_on="send",
                      fault_desc="Send now was refused: the delegated 'Notify candidates' permission had expired; "
                                 "the message was kept as a draft and the agent reported the students notified."))
    runs += B
    notes = {
        "accommodation-healthy-01": "Global search by ID (similar IDs listed); tried the separate-room list before "
                                    "ticking Separate room (action error: element not enabled), ticked it, retried.",
        "accommodation-healthy-02": "Students list: surname search misspelt (no match), second search by ID; "
                                    "15% extra time.",
        "accommodation-healthy-03": "Opened the student from Recently viewed (near-miss Chidimma Eze listed "
                                    "beside her); typed 52, read the hint, corrected to 25.",
        "accommodation-healthy-04": "Session-limit warning dialog over the form, extended the session; filled the "
                                    "room first and ran the optional availability check.",
        "roomchange-healthy-01": "Sittings list, search by sitting ID, exact + similar result; straight path.",
        "roomchange-healthy-02": "Title search misspelt (no match), second search by module code; optional "
                                 "availability check before saving.",
        "roomchange-healthy-03": "Global search by ID; added SMS as a channel and previewed the message before "
                                 "sending.",
        "roomchange-healthy-04": "Went through Rooms → HB-G12 schedule to the sitting; notified from the "
                                 "'Action needed' panel.",
    }
    for r in runs:
        r["notes"] = notes.get(r["id"], r["label"]["description"])
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    for var, V in ACC_VARIANTS.items():
        with open(os.path.join(args.out, "plans", f"accommodation-{var}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(f"# ExamHall · accommodation workflow · variant {var}\n")
            fh.write(to_yaml(acc_plan(V)) + "\n")
    for var, V in ROOM_VARIANTS.items():
        with open(os.path.join(args.out, "plans", f"roomchange-{var}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(f"# ExamHall · room-change workflow · variant {var}\n")
            fh.write(to_yaml(room_plan(V)) + "\n")
    runs = build_runs()
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(runs)} trajectories and {len(ACC_VARIANTS) + len(ROOM_VARIANTS)} plans to {args.out}")


if __name__ == "__main__":
    main()
