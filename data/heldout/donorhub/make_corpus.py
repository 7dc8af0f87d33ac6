#!/usr/bin/env python3
"""Generate the DonorHub held-out corpus (stdlib only, deterministic).

DonorHub is an invented donor management system used by the (equally invented)
Riverside Regional Blood Service at its Northgate Donor Centre.  The signed-in
user is Priya Natarajan, a collections nurse; "today" is Tuesday 17 September 2024.

Writes, next to this file:
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty) over 2 workflows
  plans/donation.yaml     plan for the "record a donation" task
  plans/deferral.yaml     plan for the "defer a donor" task

Run:  python3 make_corpus.py
"""
import datetime as dt
import json
import os
import random
import re

SEED = 20240917
HERE = os.path.dirname(os.path.abspath(__file__))
ORIGIN = "https://donorhub.rrbs.example"
TODAY = dt.date(2024, 9, 17)
SITE = "Northgate Donor Centre"
ORG = "Riverside Regional Blood Service"
USER = "Priya Natarajan"

RNG = random.Random(SEED)


def fmt(d):
    return d.strftime("%d %b %Y")


# --------------------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------

class Load:
    """One document load: element ids (bids) are stable within it, new nodes get new bids."""

    def __init__(self, rng):
        self.next = rng.randint(12, 180)
        self.map = {}

    def bid(self, key):
        if key not in self.map:
            self.map[key] = "a%d" % self.next
            self.next += 1
        return self.map[key]


class Tree:
    def __init__(self, load, focus=None):
        self.load = load
        self.focus = focus
        self.lines = []
        self.index = {}
        self.counts = {}

    def node(self, d, role, name="", *props, key=None):
        auto = "%s|%s" % (role, name)
        n = self.counts.get(auto, 0)
        self.counts[auto] = n + 1
        k = key or (auto if n == 0 else "%s|%d" % (auto, n))
        bid = self.load.bid(k)
        desc = "%s %s" % (role, repr(name))
        props = [p for p in props if p]
        if key is not None and key == self.focus:
            props.append("focused")
        line = "\t" * d + "[%s] %s" % (bid, desc)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.index[k] = (bid, desc)
        return bid

    def txt(self, d, s):
        self.lines.append("\t" * d + "StaticText %s" % repr(s))


def val(v):
    return "value=%s" % repr(v) if v not in (None, "") else None


def chk(b):
    return "checked=%s" % repr("true" if b else "false")


def sel(b):
    return "selected=%s" % bool(b)


def exp(b):
    return "expanded=%s" % bool(b)


DIS = "disabled=True"
REQ = "required"
POP = "hasPopup='menu'"
LBX = "hasPopup='listbox'"


# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------

def history(last, n, hb0, seed_shift, dtype="Whole blood"):
    r = random.Random(SEED + seed_shift)
    out, d = [], last
    for i in range(n):
        seq = r.randint(40, 190)
        hb = "%.1f" % (float(hb0) + r.choice([-0.4, -0.2, 0.0, 0.1, 0.3]) if i else float(hb0))
        site = SITE if r.random() < 0.8 else "Mobile Unit 2"
        out.append(("DN-%s-%04d" % (d.strftime("%y%m%d"), seq), d, dtype, site, hb))
        d = d - dt.timedelta(days=r.randint(63, 120))
    return out


NAMED = {
    "D-104827": dict(first="Marcus", last="Okafor", dob=dt.date(1986, 3, 14), sex="Male",
                     abo="O Negative", since=2011, count=23, phone="4471", weight="82.5",
                     household=["D-104828"], updated=(TODAY, "10:26"),
                     history=history(dt.date(2024, 7, 9), 5, "14.6", 1),
                     deferrals=[(dt.date(2019, 8, 2), dt.date(2019, 11, 1), "Travel to malaria-risk area", "Temporary", "A. Lindqvist")],
                     screen=None),
    "D-104828": dict(first="Marta", last="Okafor", dob=dt.date(1990, 8, 2), sex="Female",
                     abo="O Positive", since=2015, count=9, phone="8803", weight="64.0",
                     household=["D-104827"], updated=(TODAY, "10:31"),
                     history=history(dt.date(2024, 6, 11), 5, "13.4", 2),
                     deferrals=[], screen=None),
    "D-104872": dict(first="Marcus", last="Okafor", dob=dt.date(1959, 11, 2), sex="Male",
                     abo="B Positive", since=1994, count=71, phone="0938", weight="91.0",
                     household=[], updated=(dt.date(2024, 9, 12), "15:02"),
                     history=history(dt.date(2024, 6, 28), 5, "15.0", 3),
                     deferrals=[(dt.date(2021, 2, 3), dt.date(2021, 3, 3), "Medication (antibiotics)", "Temporary", "J. Reyes")],
                     screen=None),
    "D-209315": dict(first="Helen", last="Vasquez", dob=dt.date(1978, 1, 21), sex="Female",
                     abo="A Positive", since=2006, count=38, phone="2290", weight="68.5",
                     household=["D-209316"], updated=(TODAY, "09:12"),
                     history=[("DN-240502-0077", dt.date(2024, 5, 2), "Whole blood", SITE, "12.9"),
                              ("DN-231205-0131", dt.date(2023, 12, 5), "Whole blood", SITE, "12.6"),
                              ("DN-230830-0058", dt.date(2023, 8, 30), "Whole blood", "Mobile Unit 2", "13.0"),
                              ("DN-230518-0102", dt.date(2023, 5, 18), "Whole blood", SITE, "13.2"),
                              ("DN-230209-0064", dt.date(2023, 2, 9), "Whole blood", SITE, "13.1")],
                     deferrals=[(dt.date(2024, 1, 12), dt.date(2024, 3, 8), "Low hemoglobin", "Temporary", "J. Reyes")],
                     screen=dict(result="Fail", time="09:12", by="Jonah Reyes", station="Station 2",
                                 detail="Hemoglobin 11.8 g/dL (minimum 12.5 g/dL)")),
    "D-209351": dict(first="Helena", last="Vasquez", dob=dt.date(1995, 9, 5), sex="Female",
                     abo="A Negative", since=2019, count=6, phone="6120", weight="59.0",
                     household=[], updated=(dt.date(2024, 8, 30), "11:47"),
                     history=history(dt.date(2024, 8, 1), 5, "13.1", 5),
                     deferrals=[], screen=None),
    "D-209316": dict(first="Hector", last="Vasquez", dob=dt.date(1976, 4, 30), sex="Male",
                     abo="A Positive", since=2006, count=41, phone="2291", weight="88.0",
                     household=["D-209315"], updated=(TODAY, "09:20"),
                     history=[("DN-240917-0291", TODAY, "Whole blood", SITE, "15.1")] + history(dt.date(2024, 6, 20), 4, "15.3", 6),
                     deferrals=[], screen=dict(result="Pass", time="09:20", by="Jonah Reyes", station="Station 1",
                                               detail="Hemoglobin 15.1 g/dL")),
    "D-311046": dict(first="Darnell", last="Price", dob=dt.date(1969, 12, 11), sex="Male",
                     abo="AB Positive", since=2013, count=17, phone="5516", weight="97.5",
                     household=[], updated=(TODAY, "09:41"),
                     history=history(dt.date(2024, 4, 23), 5, "14.8", 7),
                     deferrals=[], screen=dict(result="Fail", time="09:41", by="Jonah Reyes", station="Station 2",
                                               detail="Blood pressure 186/104 mmHg (maximum 180/100)")),
}

FIRSTS_F = ["Aisha", "Bronwyn", "Chloe", "Dana", "Elif", "Fatima", "Grace", "Hana", "Ines", "Julia",
            "Keiko", "Lucia", "Maeve", "Nadia", "Olga", "Ruth", "Sofia", "Tamsin", "Yara", "Zoe"]
FIRSTS_M = ["Aaron", "Bilal", "Callum", "Diego", "Emeka", "Felix", "Gareth", "Hamid", "Ivan", "Jonas",
            "Kenji", "Liam", "Mateo", "Niall", "Omar", "Pavel", "Rhys", "Samir", "Tobias", "Wei"]
APPT_LASTS = ["Abbott", "Achebe", "Bautista", "Brennan", "Castillo", "Chen", "Delgado", "Dubois",
              "Eriksen", "Fitzgerald", "Gallagher", "Haddad", "Hughes", "Ibrahim", "Jensen",
              "Kowalski", "Lindqvist", "Mahoney", "Moreau", "Nakamura"]
OTHER_LASTS = ["Acosta", "Barker", "Cole", "Dunne", "Ellis", "Farah", "Gomez", "Hale", "Iqbal",
               "Jovanovic", "Kaur", "Lowe", "Mensah", "Novak", "Owens", "Pereira", "Quinn", "Rossi",
               "Sato", "Tran", "Usman", "Varga", "Walsh", "Young", "Zhou"]
ABO = ["O Positive"] * 7 + ["A Positive"] * 6 + ["B Positive"] * 2 + ["O Negative"] * 2 + \
      ["A Negative", "AB Positive", "B Negative"]


def make_filler(last, updated):
    sex = RNG.choice(["Female", "Male"])
    first = RNG.choice(FIRSTS_F if sex == "Female" else FIRSTS_M)
    while True:
        did = "D-%d" % RNG.randint(100100, 399900)
        if did[:6] not in ("D-1048", "D-2093", "D-1408", "D-2903") and did not in NAMED:
            break
    last_don = TODAY - dt.timedelta(days=RNG.randint(60, 400))
    return did, dict(first=first, last=last, dob=dt.date(RNG.randint(1955, 2004), RNG.randint(1, 12), RNG.randint(1, 28)),
                     sex=sex, abo=RNG.choice(ABO), since=RNG.randint(1998, 2023), count=RNG.randint(1, 60),
                     phone="%04d" % RNG.randint(0, 9999), weight="%.1f" % RNG.uniform(55, 100), household=[],
                     updated=updated, history=[("DN-%s-%04d" % (last_don.strftime("%y%m%d"), RNG.randint(20, 300)),
                                                last_don, "Whole blood", SITE, "%.1f" % RNG.uniform(12.8, 16.0))],
                     deferrals=[], screen=None)


APPT_FILLERS = []
_slots = ["08:00", "08:00", "08:15", "08:15", "08:30", "08:30", "08:45", "09:15", "09:15", "09:45",
          "10:00", "10:00", "10:15", "11:00", "11:15", "11:30", "11:45", "12:00", "12:30", "12:45"]
RNG.shuffle(APPT_LASTS)
DONORS = dict(NAMED)
for _i, _last in enumerate(APPT_LASTS):
    _t = _slots[_i]
    _m = int(_t[:2]) * 60 + int(_t[3:]) + RNG.randint(3, 40)
    _upd = (TODAY, "%02d:%02d" % divmod(_m, 60)) if _t < "10:30" else (
        TODAY - dt.timedelta(days=RNG.randint(1, 9)), "%02d:%02d" % (RNG.randint(8, 17), RNG.randint(0, 59)))
    _did, _rec = make_filler(_last, _upd)
    DONORS[_did] = _rec
    if _t < "09:50":
        _status = RNG.choice(["Collected", "Collected", "Collected", "No-show"])
    elif _t < "10:30":
        _status = RNG.choice(["In chair", "Screening", "Waiting"])
    else:
        _status = "Booked"
    APPT_FILLERS.append((_t, _did, RNG.choice(["Whole blood"] * 5 + ["Plasma", "Platelets", "Double red cells"]), _status))
for _last in OTHER_LASTS:
    _d = TODAY - dt.timedelta(days=RNG.randint(1, 30))
    _did, _rec = make_filler(_last, (_d, "%02d:%02d" % (RNG.randint(8, 17), RNG.randint(0, 59))))
    if RNG.random() < 0.15:
        _rec["deferrals"] = [(_d, _d + dt.timedelta(days=120), "Recent tattoo", "Temporary", "G. Adeyemi")]
    DONORS[_did] = _rec

APPOINTMENTS = sorted(APPT_FILLERS + [
    ("09:00", "D-209315", "Whole blood", "Screening failed"),
    ("09:00", "D-209316", "Whole blood", "Collected"),
    ("09:30", "D-311046", "Whole blood", "Screening failed"),
    ("10:30", "D-104827", "Whole blood", "Checked in"),
    ("10:45", "D-104828", "Whole blood", "Checked in"),
], key=lambda a: (a[0], DONORS[a[1]]["last"]))
SCREENING_TODAY = ["D-209315", "D-209316", "D-311046"]


def name(d):
    return "%s %s" % (d["first"], d["last"])


def rname(d):
    return "%s, %s" % (d["last"], d["first"])


def age(d):
    b = d["dob"]
    return TODAY.year - b.year - ((TODAY.month, TODAY.day) < (b.month, b.day))


def deferred_until(d):
    for start, end, reason, typ, by in d["deferrals"]:
        if start <= TODAY <= end:
            return end, reason, typ
    return None


def elig_text(d):
    dfr = deferred_until(d)
    if dfr:
        return "Deferred until %s — %s (%s)" % (fmt(dfr[0]), dfr[1], dfr[2].lower())
    nxt = d["history"][0][1] + dt.timedelta(days=56) if d["history"] else TODAY
    if nxt > TODAY:
        return "Not due until %s" % fmt(nxt)
    return "Eligible to donate"


def elig_short(d):
    t = elig_text(d)
    return "Deferred" if t.startswith("Deferred") else ("Not due" if t.startswith("Not due") else "Eligible")


def upd_text(d):
    day, hhmm = d["updated"]
    if day == TODAY:
        return "Today %s" % hhmm
    if day == TODAY - dt.timedelta(days=1):
        return "Yesterday %s" % hhmm
    return "%s %s" % (fmt(day), hhmm)


# --------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------

def header(t, s, active=None):
    t.node(1, "link", "Skip to main content")
    t.node(1, "banner", "")
    t.node(2, "link", "DonorHub", key="home")
    t.txt(2, ORG)
    t.node(2, "navigation", "Main")
    t.node(3, "list", "")
    for item in ["Today", "Donors", "Donations", "Deferrals", "Reports"]:
        t.node(4, "listitem", "")
        t.node(5, "link", item, "current='page'" if item == active else None, key="nav-" + item)
    t.node(2, "search", "Donor search")
    t.node(3, "searchbox", "Search donors by name, ID or bag number", val(s["q"]), key="search")
    t.node(3, "button", "Search", key="search-btn")
    t.node(2, "button", "Site: " + SITE, POP, exp(False))
    t.node(2, "button", "Notifications, %d unread" % s["unread"], POP, exp(False), key="notif")
    t.node(2, "button", USER + " (Collections Nurse)", POP, exp(False), key="usermenu")


def breadcrumb(t, items):
    t.node(2, "navigation", "Breadcrumb")
    t.node(3, "list", "")
    for label, key in items:
        t.node(4, "listitem", "")
        if key:
            t.node(5, "link", label, key=key)
        else:
            t.txt(5, label)


def recent_panel(t, s):
    if not s["recent"]:
        return
    t.node(1, "complementary", "Recently viewed")
    t.node(2, "heading", "Recently viewed")
    t.node(2, "list", "")
    for did in s["recent"][:5]:
        t.node(3, "listitem", "")
        t.node(4, "link", "%s (%s)" % (name(s["donors"][did]), did), key="recent-" + did)


def footer(t, s):
    if s.get("toast"):
        t.node(1, "region", "Notifications", "live='polite'")
        t.node(2, "status", "", "live='polite'", "atomic=True")
        t.txt(3, s["toast"])
        t.node(3, "button", "Dismiss notification", key="toast-dismiss")
    t.node(1, "contentinfo", "")
    t.txt(2, "DonorHub 4.12.2 · %s · %s" % (ORG, SITE))
    t.node(2, "link", "Help and SOPs")
    t.node(2, "link", "Privacy notice")
    t.node(2, "link", "Report a problem")
    t.txt(2, "Tuesday 17 September 2024 · Signed in as pnatarajan")


def donor_table(t, d0, rows, s, sortable=True, caption="Donors"):
    t.node(d0, "table", caption)
    t.node(d0 + 1, "row", "")
    lst = s["list"]
    for col, skey in [("Donor ID", "id"), ("Name", "name"), ("Date of birth", None), ("Blood type", None),
                      ("Last donation", "last"), ("Eligibility", None), ("Last updated", "updated")]:
        if sortable and skey:
            state = ("sort='%s'" % ("ascending" if lst["dir"] == "asc" else "descending")) if lst["sort"] == skey else None
            t.node(d0 + 2, "columnheader", col, state)
            t.node(d0 + 3, "button", "Sort by " + col, key="sort-" + skey)
        else:
            t.node(d0 + 2, "columnheader", col)
    for did in rows:
        d = s["donors"][did]
        t.node(d0 + 1, "row", "")
        t.node(d0 + 2, "cell", did)
        t.node(d0 + 3, "link", did, key="row-" + did)
        t.node(d0 + 2, "cell", rname(d))
        t.node(d0 + 2, "cell", fmt(d["dob"]))
        t.node(d0 + 2, "cell", d["abo"])
        t.node(d0 + 2, "cell", fmt(d["history"][0][1]) if d["history"] else "—")
        t.node(d0 + 2, "cell", elig_short(d))
        t.node(d0 + 2, "cell", upd_text(d))


# --------------------------------------------------------------------------------------
# Pages.  Each returns (path, title) and writes the tree.
# --------------------------------------------------------------------------------------

def pg_today(t, s):
    header(t, s, "Today")
    tab = s.get("today_tab", "appointments")
    t.node(1, "main", "")
    t.node(2, "heading", "Today at " + SITE)
    n_coll = sum(1 for a in APPOINTMENTS if a[3] == "Collected")
    t.txt(2, "Tuesday 17 September 2024 · %d appointments · %d collected · 2 screening failures" % (len(APPOINTMENTS), n_coll))
    t.node(2, "button", "Refresh board")
    t.node(2, "tablist", "")
    t.node(3, "tab", "Appointments (%d)" % len(APPOINTMENTS), sel(tab == "appointments"), key="tab-appointments")
    t.node(3, "tab", "Screening results (3)", sel(tab == "screening"), key="tab-screening")
    if tab == "appointments":
        t.node(2, "tabpanel", "Appointments (%d)" % len(APPOINTMENTS))
        t.node(3, "table", "Appointments")
        t.node(4, "row", "")
        for col in ["Time", "Donor", "Donor ID", "Blood type", "Procedure", "Status"]:
            t.node(5, "columnheader", col)
        for time, did, proc, status in APPOINTMENTS:
            d = s["donors"][did]
            t.node(4, "row", "")
            t.node(5, "cell", time)
            t.node(5, "cell", rname(d))
            t.node(6, "link", rname(d), key="appt-" + did)
            t.node(5, "cell", did)
            t.node(5, "cell", d["abo"])
            t.node(5, "cell", proc)
            t.node(5, "cell", status)
    else:
        t.node(2, "tabpanel", "Screening results (3)")
        t.node(3, "table", "Screening results today")
        t.node(4, "row", "")
        for col in ["Time", "Donor", "Donor ID", "Station", "Screened by", "Result", "Actions"]:
            t.node(5, "columnheader", col)
        for did in SCREENING_TODAY:
            d = s["donors"][did]
            sc = d["screen"]
            t.node(4, "row", "")
            t.node(5, "cell", sc["time"])
            t.node(5, "cell", rname(d))
            t.node(6, "link", rname(d), key="sq-" + did)
            t.node(5, "cell", did)
            t.node(5, "cell", sc["station"])
            t.node(5, "cell", sc["by"])
            t.node(5, "cell", "%s — %s" % (sc["result"], sc["detail"]))
            t.node(5, "cell", "")
            if sc["result"] == "Fail":
                t.node(6, "button", "Defer %s" % name(d), key="sq-defer-" + did)
            else:
                t.node(6, "button", "Record donation for %s" % name(d), key="sq-record-" + did)
    recent_panel(t, s)
    footer(t, s)
    return "/today" + ("?tab=screening" if tab == "screening" else ""), "Today · DonorHub"


def list_rows(s):
    lst = s["list"]
    ids = list(s["donors"])
    if lst["appt"]:
        appt_ids = {a[1] for a in APPOINTMENTS}
        ids = [i for i in ids if i in appt_ids]
    if lst["elig"] == "Screening failed today":
        ids = [i for i in ids if s["donors"][i]["screen"] and s["donors"][i]["screen"]["result"] == "Fail"]
    elif lst["elig"] in ("Eligible", "Deferred"):
        ids = [i for i in ids if elig_short(s["donors"][i]) == lst["elig"]]
    keyf = {
        "id": lambda i: i,
        "name": lambda i: (s["donors"][i]["last"], s["donors"][i]["first"], s["donors"][i]["dob"]),
        "last": lambda i: s["donors"][i]["history"][0][1],
        "updated": lambda i: (s["donors"][i]["updated"][0], s["donors"][i]["updated"][1]),
    }[lst["sort"]]
    ids.sort(key=keyf, reverse=(lst["dir"] == "desc"))
    return ids


def pg_list(t, s):
    header(t, s, "Donors")
    lst = s["list"]
    t.node(1, "main", "")
    t.node(2, "heading", "Donors")
    t.node(2, "button", "New donor")
    t.node(2, "button", "Filters" + (" (%d)" % lst_nfilters(lst) if lst_nfilters(lst) else ""), exp(lst["panel"]), key="filters")
    if lst["panel"]:
        t.node(2, "region", "Filters")
        t.node(3, "combobox", "Eligibility", val(lst["pending_elig"]), LBX, exp(False), key="f-elig")
        for o in ["All donors", "Eligible", "Deferred", "Screening failed today"]:
            t.node(4, "option", o, sel(o == lst["pending_elig"]))
        t.node(3, "combobox", "Blood type", val("Any"), LBX, exp(False))
        for o in ["Any", "O Negative", "O Positive", "A Negative", "A Positive", "B Negative", "B Positive", "AB Negative", "AB Positive"]:
            t.node(4, "option", o, sel(o == "Any"))
        t.node(3, "checkbox", "Has an appointment today", chk(lst["pending_appt"]), key="f-appt")
        t.node(3, "button", "Apply filters", key="f-apply")
        t.node(3, "button", "Clear all", key="f-clear")
    chips = []
    if lst["elig"] != "All donors":
        chips.append(lst["elig"])
    if lst["appt"]:
        chips.append("Has an appointment today")
    if chips:
        t.node(2, "list", "Active filters")
        for c in chips:
            t.node(3, "listitem", "")
            t.txt(4, c)
            t.node(4, "button", "Remove filter: " + c)
    rows = list_rows(s)
    per = lst["per"]
    total = 3412 if not (lst["appt"] or lst["elig"] != "All donors") else len(rows)
    pages = (total + per - 1) // per
    p = lst["page"]
    shown = rows[(p - 1) * per: p * per]
    t.node(2, "status", "")
    t.txt(3, "Showing %d–%d of %s donors" % ((p - 1) * per + 1, (p - 1) * per + len(shown), "{:,}".format(total)))
    donor_table(t, 2, shown, s)
    t.node(2, "navigation", "Pagination")
    t.node(3, "link", "Previous page", DIS if p == 1 else None, key="page-prev")
    for i in ([1, 2, 3, 4, 5, pages] if pages > 6 else range(1, pages + 1)):
        if pages > 6 and i == pages:
            t.txt(3, "…")
        t.node(3, "link", "Page %d" % i, "current='page'" if i == p else None, key="page-%d" % i)
    t.node(3, "link", "Next page", DIS if p == pages else None, key="page-next")
    t.node(3, "combobox", "Rows per page", val(str(per)), LBX, exp(False))
    recent_panel(t, s)
    footer(t, s)
    qs = []
    if lst["appt"]:
        qs.append("appt=today")
    if lst["elig"] != "All donors":
        qs.append("eligibility=" + lst["elig"].lower().replace(" ", "-"))
    qs.append("sort=%s%s" % ("-" if lst["dir"] == "desc" else "", lst["sort"]))
    if p > 1:
        qs.append("page=%d" % p)
    return "/donors?" + "&".join(qs), "Donors · DonorHub"


def lst_nfilters(lst):
    return int(lst["appt"]) + int(lst["elig"] != "All donors")


def search_hits(s, q):
    ql = q.lower().strip()
    hits = []
    for did, d in s["donors"].items():
        if ql == did.lower() or ql in name(d).lower() or ql in rname(d).lower():
            hits.append(did)
    hits.sort(key=lambda i: (s["donors"][i]["last"], s["donors"][i]["first"], s["donors"][i]["dob"]))
    return hits


def pg_search(t, s):
    header(t, s, "Donors")
    q = s["search_q"]
    hits = search_hits(s, q)
    t.node(1, "main", "")
    breadcrumb(t, [("Donors", "bc-donors"), ("Search", None)])
    t.node(2, "heading", "Search results for “%s”" % q)
    t.node(2, "status", "")
    t.txt(3, ("%d donor matches" if len(hits) == 1 else "%d donors match") % len(hits) if hits else "No donors match “%s”" % q)
    if hits:
        t.node(2, "table", "Search results")
        t.node(3, "row", "")
        for col in ["Donor ID", "Name", "Date of birth", "Blood type", "Home site", "Eligibility"]:
            t.node(4, "columnheader", col)
        for did in hits:
            d = s["donors"][did]
            t.node(3, "row", "")
            t.node(4, "cell", did)
            t.node(5, "link", did, key="row-" + did)
            t.node(4, "cell", rname(d))
            t.node(4, "cell", fmt(d["dob"]))
            t.node(4, "cell", d["abo"])
            t.node(4, "cell", SITE)
            t.node(4, "cell", elig_short(d))
    t.node(2, "link", "Advanced search")
    recent_panel(t, s)
    footer(t, s)
    return "/donors/search?q=" + q.replace(" ", "+"), "Search: %s · DonorHub" % q


def pg_donor(t, s):
    did = s["donor"]
    d = s["donors"][did]
    header(t, s, "Donors")
    t.node(1, "main", "")
    breadcrumb(t, [("Donors", "bc-donors"), ("%s (%s)" % (rname(d), did), None)])
    t.node(2, "heading", name(d))
    t.txt(2, "Donor %s · %s · %s · Born %s (%d)" % (did, d["abo"], d["sex"], fmt(d["dob"]), age(d)))
    et = elig_text(d)
    t.node(2, "status", "Eligibility")
    t.txt(3, et)
    sc = d["screen"]
    if sc and sc["result"] == "Fail" and not deferred_until(d):
        t.node(2, "note", "Today's screening")
        t.txt(3, "Screening failed at %s (%s, %s): %s. Donor not collected." % (sc["time"], sc["station"], sc["by"], sc["detail"]))
    deferred = et.startswith("Deferred")
    t.node(2, "toolbar", "Donor actions")
    t.node(3, "button", "Record donation", DIS if deferred else None, key="rec-btn")
    t.node(3, "button", "Defer donor", key="def-btn")
    t.node(3, "button", "Edit details")
    t.node(3, "button", "More actions", POP, exp(False))
    t.node(2, "region", "Donor details")
    h = d["history"]
    for line in ["Donor since %d" % d["since"], "Total donations %d" % d["count"],
                 "Last donation %s" % (fmt(h[0][1]) if h else "—"),
                 "Next eligible %s" % (fmt(max(h[0][1] + dt.timedelta(days=56), TODAY)) if h and not deferred else (fmt(deferred_until(d)[0] + dt.timedelta(days=1)) if deferred else "—")),
                 "Home site " + SITE, "Phone ••• ••• %s" % d["phone"], "Last recorded weight %s kg" % d["weight"]]:
        t.txt(3, line)
    tab = s.get("donor_tab", "history")
    t.node(2, "tablist", "")
    t.node(3, "tab", "Donation history (%d)" % d["count"], sel(tab == "history"), key="tab-history")
    t.node(3, "tab", "Deferrals (%d)" % len(d["deferrals"]), sel(tab == "deferrals"), key="tab-deferrals")
    t.node(3, "tab", "Screening results", sel(tab == "screening"), key="tab-screen")
    if tab == "history":
        t.node(2, "tabpanel", "Donation history (%d)" % d["count"])
        t.node(3, "table", "Donation history")
        t.node(4, "row", "")
        for col in ["Donation", "Date", "Type", "Site", "Hemoglobin"]:
            t.node(5, "columnheader", col)
        for dn, day, typ, site, hb in h[:5]:
            t.node(4, "row", "")
            t.node(5, "cell", dn)
            t.node(6, "link", dn, key="dn-" + dn)
            t.node(5, "cell", fmt(day))
            t.node(5, "cell", typ)
            t.node(5, "cell", site)
            t.node(5, "cell", "%s g/dL" % hb)
        t.txt(3, "Showing 5 of %d donations" % d["count"])
        t.node(3, "link", "View all donations")
    elif tab == "deferrals":
        t.node(2, "tabpanel", "Deferrals (%d)" % len(d["deferrals"]))
        if d["deferrals"]:
            t.node(3, "table", "Deferrals")
            t.node(4, "row", "")
            for col in ["From", "Until", "Reason", "Type", "Recorded by"]:
                t.node(5, "columnheader", col)
            for start, end, reason, typ, by in sorted(d["deferrals"], key=lambda x: x[0], reverse=True):
                t.node(4, "row", "")
                for c in [fmt(start), fmt(end), reason, typ, by]:
                    t.node(5, "cell", c)
        else:
            t.txt(3, "No deferrals on record.")
    else:
        t.node(2, "tabpanel", "Screening results")
        t.node(3, "table", "Screening results")
        t.node(4, "row", "")
        for col in ["Date", "Result", "Details"]:
            t.node(5, "columnheader", col)
        if sc:
            t.node(4, "row", "")
            for c in ["Today " + sc["time"], sc["result"], sc["detail"]]:
                t.node(5, "cell", c)
        for dn, day, typ, site, hb in h[:4]:
            if day == TODAY:
                continue
            t.node(4, "row", "")
            for c in [fmt(day), "Pass", "Hemoglobin %s g/dL" % hb]:
                t.node(5, "cell", c)
    t.node(1, "complementary", "Related donors")
    t.node(2, "heading", "Household")
    if d["household"]:
        t.node(2, "list", "")
        for hid in d["household"]:
            t.node(3, "listitem", "")
            t.node(4, "link", "%s (%s)" % (name(s["donors"][hid]), hid), key="household-" + hid)
    else:
        t.txt(2, "No linked household members")
    recent_panel(t, s)
    footer(t, s)
    return "/donors/" + did + ("" if tab == "history" else "?tab=" + tab), "%s (%s) · DonorHub" % (name(d), did)


def new_wiz(s, step=1):
    d = s["donors"][s["donor"]]
    return dict(step=step, hb="", sys="", dia="", pulse="", temp="", weight=d["weight"], q=False,
                outcome="— Select —", bag="", dtype="Whole blood", arm=None, phleb=USER,
                start=s.get("start_time", "10:42"), volume="", notes="", draft=None, dialog=False, saving=False)


def fv(v, unit):
    return ("%s %s" % (v, unit)).strip() if v else "Not recorded"


def pg_wizard(t, s):
    did = s["donor"]
    d = s["donors"][did]
    w = s["wiz"]
    header(t, s, "Donors")
    t.node(1, "main", "")
    breadcrumb(t, [("Donors", "bc-donors"), ("%s (%s)" % (rname(d), did), "bc-donor"), ("Record donation", None)])
    t.node(2, "heading", "Record donation")
    t.txt(2, "%s · %s · %s · Born %s" % (name(d), did, d["abo"], fmt(d["dob"])))
    if w["draft"]:
        t.txt(2, "Draft %s · last saved %s" % (w["draft"], w["draft_time"]))
    names = ["Screening", "Collection", "Review"]
    t.node(2, "list", "Progress")
    for i, nm in enumerate(names, 1):
        t.node(3, "listitem", "Step %d of 3: %s" % (i, nm), "current='step'" if i == w["step"] else None)
    if w["saving"]:
        t.node(2, "status", "", "live='polite'", "busy=True")
        t.txt(3, "Saving donation…")
    if w["step"] == 1:
        t.node(2, "form", "Screening")
        t.node(3, "group", "Vital signs")
        t.node(4, "textbox", "Hemoglobin (g/dL)", REQ, val(w["hb"]), key="hb")
        t.txt(4, "Minimum 12.5 g/dL (women), 13.0 g/dL (men)")
        t.node(4, "textbox", "Systolic (mmHg)", REQ, val(w["sys"]), key="sys")
        t.node(4, "textbox", "Diastolic (mmHg)", REQ, val(w["dia"]), key="dia")
        t.node(4, "textbox", "Pulse (bpm)", REQ, val(w["pulse"]), key="pulse")
        t.node(4, "textbox", "Temperature (°C)", REQ, val(w["temp"]), key="temp")
        t.node(4, "textbox", "Weight (kg)", val(w["weight"]), key="weight")
        t.txt(4, "Pre-filled from last visit")
        t.node(3, "checkbox", "Health questionnaire reviewed and signed by donor", REQ, chk(w["q"]), key="q")
        t.node(3, "combobox", "Screening outcome", REQ, val(w["outcome"]), LBX, exp(False), key="outcome")
        for o in ["— Select —", "Pass", "Fail — defer donor"]:
            t.node(4, "option", o, sel(o == w["outcome"]))
        t.node(3, "button", "Cancel", key="cancel")
        t.node(3, "button", "Save draft", key="save-draft")
        t.node(3, "button", "Next: Collection", key="next")
    elif w["step"] == 2:
        t.node(2, "form", "Collection")
        t.node(3, "textbox", "Bag number (DIN)", REQ, val(w["bag"]), key="bag")
        t.txt(3, "Scan the bag label or type the 13-character donation identification number")
        t.node(3, "combobox", "Donation type", REQ, val(w["dtype"]), LBX, exp(False), key="dtype")
        for o in ["Whole blood", "Double red cells", "Plasma (apheresis)", "Platelets (apheresis)"]:
            t.node(4, "option", o, sel(o == w["dtype"]))
        t.node(3, "radiogroup", "Arm used")
        t.node(4, "radio", "Left", chk(w["arm"] == "Left"), key="arm-left")
        t.node(4, "radio", "Right", chk(w["arm"] == "Right"), key="arm-right")
        t.node(3, "textbox", "Phlebotomist", REQ, val(w["phleb"]), key="phleb")
        t.node(3, "textbox", "Collection start time", REQ, val(w["start"]), key="start")
        t.node(3, "textbox", "Volume collected (mL)", val(w["volume"]), key="volume")
        t.node(3, "textbox", "Notes", val(w["notes"]), key="notes")
        t.node(3, "button", "Back", key="back")
        t.node(3, "button", "Save draft", key="save-draft")
        t.node(3, "button", "Next: Review", key="next")
    else:
        t.node(2, "heading", "Review donation")
        t.node(2, "region", "Screening")
        t.node(3, "heading", "Screening")
        bp = "%s/%s mmHg" % (w["sys"] or "—", w["dia"] or "—") if (w["sys"] or w["dia"]) else "Not recorded"
        for line in ["Hemoglobin: " + fv(w["hb"], "g/dL"), "Blood pressure: " + bp,
                     "Pulse: " + fv(w["pulse"], "bpm"), "Temperature: " + fv(w["temp"], "°C"),
                     "Weight: " + fv(w["weight"], "kg"),
                     "Questionnaire: " + ("Reviewed and signed" if w["q"] else "Not recorded"),
                     "Screening outcome: " + (w["outcome"] if w["outcome"] != "— Select —" else "Not recorded")]:
            t.txt(3, line)
        t.node(3, "button", "Edit screening", key="edit-screening")
        t.node(2, "region", "Collection")
        t.node(3, "heading", "Collection")
        for line in ["Bag number: " + fv(w["bag"], ""), "Donation type: " + w["dtype"],
                     "Arm: " + (w["arm"] or "Not recorded"), "Phlebotomist: " + w["phleb"],
                     "Collection start: " + w["start"], "Volume: " + fv(w["volume"], "mL"),
                     "Notes: " + (w["notes"] or "None")]:
            t.txt(3, line)
        t.node(3, "button", "Edit collection", key="edit-collection")
        t.node(2, "button", "Back", key="back")
        t.node(2, "button", "Save draft", key="save-draft")
        t.node(2, "button", "Submit donation", key="submit")
    # donor summary side panel
    t.node(1, "complementary", "Donor summary")
    t.node(2, "heading", "Donor summary")
    h = d["history"]
    t.txt(2, "Last donation")
    if h:
        t.node(2, "link", "%s · %s · %s" % (h[0][0], fmt(h[0][1]), h[0][2]), key="last-dn-link")
        t.txt(2, "Last hemoglobin %s g/dL (%s)" % (h[0][4], fmt(h[0][1])))
    t.txt(2, elig_text(d))
    recent_panel(t, s)
    if w["dialog"]:
        t.node(1, "dialog", "Record this donation?", "modal=True")
        t.node(2, "heading", "Record this donation?")
        t.txt(2, "Bag %s will be linked to %s (%s) and released to the component lab. This can't be undone in DonorHub." % (w["bag"] or "(no bag number)", name(d), did))
        t.node(2, "button", "Cancel", key="dlg-cancel")
        t.node(2, "button", "Record donation", key="dlg-confirm")
    footer(t, s)
    titles = {1: "Screening", 2: "Collection", 3: "Review"}
    path = ("/donations/drafts/%s" % w["draft"]) if w["draft"] else "/donors/%s/donations/new" % did
    return path + "?step=%d" % w["step"], "Record donation — %s (step %d of 3) · DonorHub" % (titles[w["step"]], w["step"])


def screening_summary(w):
    parts, missing = [], []
    for label, key, unit in [("Hb", "hb", "g/dL"), ("pulse", "pulse", ""), ("temp", "temp", "°C")]:
        if w[key]:
            parts.append(("%s %s %s" % (label, w[key], unit)).strip())
        else:
            missing.append({"hb": "hemoglobin", "pulse": "pulse", "temp": "temperature"}[key])
    if w["sys"] and w["dia"]:
        parts.insert(1, "BP %s/%s" % (w["sys"], w["dia"]))
    else:
        missing.append("blood pressure")
    if w["outcome"] == "— Select —":
        missing.append("screening outcome")
    head = w["outcome"] if w["outcome"] != "— Select —" else "Not recorded"
    return "%s (%s)" % (head, ", ".join(parts)) if parts else head, missing


def pg_done(t, s):
    rec = s["done"]
    d = s["donors"][rec["donor"]]
    w = rec["wiz"]
    header(t, s, "Donations")
    t.node(1, "main", "")
    breadcrumb(t, [("Donations", "bc-donations"), (rec["dn"], None)])
    t.node(2, "heading", "Donation recorded")
    t.node(2, "status", "", "live='polite'")
    t.txt(3, "Donation %s recorded for %s (%s)." % (rec["dn"], name(d), rec["donor"]))
    summ, missing = screening_summary(w)
    if missing:
        t.node(2, "note", "")
        t.txt(3, "Flagged for charge nurse review: %s not recorded. The unit is held in quarantine until screening is complete." % ", ".join(missing))
    t.node(2, "table", "Donation summary")
    for k, v in [("Donation number", rec["dn"]), ("Donor", "%s (%s)" % (name(d), rec["donor"])),
                 ("Bag number", w["bag"] or "Not recorded"), ("Donation type", w["dtype"]),
                 ("Collected", "17 Sep 2024 %s" % w["start"]), ("Phlebotomist", w["phleb"]),
                 ("Screening", summ), ("Component lab", "Held — awaiting screening review" if missing else "Awaiting pickup")]:
        t.node(3, "row", "")
        t.node(4, "rowheader", k)
        t.node(4, "cell", v)
    t.node(2, "link", "Print bag label")
    t.node(2, "link", "Back to %s" % name(d), key="back-donor")
    t.node(2, "link", "Record another donation")
    t.node(1, "complementary", "Recent donations for this donor")
    t.node(2, "heading", "Recent donations for this donor")
    t.node(2, "list", "")
    for dn, day, typ, site, hb in d["history"][:3]:
        t.node(3, "listitem", "")
        t.node(4, "link", "%s · %s · %s" % (dn, fmt(day) + (" " + s["dn_times"][dn] if dn in s.get("dn_times", {}) else ""), typ))
    recent_panel(t, s)
    footer(t, s)
    return "/donations/" + rec["dn"], "Donation %s · DonorHub" % rec["dn"]


def pg_donation_view(t, s):
    dn = s["view_dn"]
    d = s["donors"][s["donor"]]
    row = [h for h in d["history"] if h[0] == dn][0]
    header(t, s, "Donations")
    t.node(1, "main", "")
    breadcrumb(t, [("Donations", "bc-donations"), (dn, None)])
    t.node(2, "heading", "Donation " + dn)
    t.node(2, "table", "Donation summary")
    for k, v in [("Donation number", dn), ("Donor", "%s (%s)" % (name(d), s["donor"])),
                 ("Bag number", "W0417%s%06d" % (row[1].strftime("%y"), int(dn[-4:]) * 37 % 999983)),
                 ("Donation type", row[2]), ("Collected", fmt(row[1]) + " 11:05"), ("Site", row[3]),
                 ("Screening", "Pass (Hb %s g/dL)" % row[4]), ("Component lab", "Processed — red cells, plasma issued")]:
        t.node(3, "row", "")
        t.node(4, "rowheader", k)
        t.node(4, "cell", v)
    t.node(2, "link", "Back to %s" % name(d), key="back-donor")
    recent_panel(t, s)
    footer(t, s)
    return "/donations/" + dn, "Donation %s · DonorHub" % dn


LENGTHS = ["— Select —", "56 days", "90 days", "120 days", "180 days", "365 days", "Until a specific date"]
REASONS = ["— Select reason —", "Low hemoglobin", "Low hematocrit", "High blood pressure", "Low blood pressure",
           "Elevated temperature", "Recent travel", "Medication", "Recent tattoo or piercing", "Other"]


def new_def():
    return dict(reason="— Select reason —", dtype="Temporary", length="— Select —", until="", notes="",
                letter=True, sms=False, dialog=False, alert=None, hint=False)


def def_end(f):
    if f["length"].endswith(" days"):
        n = int(f["length"].split()[0])
        return TODAY + dt.timedelta(days=n), n
    if f["length"] == "Until a specific date" and re.match(r"^\d{4}-\d{2}-\d{2}$", f["until"] or ""):
        e = dt.date(*map(int, f["until"].split("-")))
        return e, (e - TODAY).days
    return None, None


def pg_deferral(t, s):
    did = s["donor"]
    d = s["donors"][did]
    f = s["def"]
    header(t, s, "Donors")
    t.node(1, "main", "")
    breadcrumb(t, [("Donors", "bc-donors"), ("%s (%s)" % (rname(d), did), "bc-donor"), ("Defer donor", None)])
    t.node(2, "heading", "Defer donor")
    t.txt(2, "%s · %s · %s · Born %s" % (name(d), did, d["abo"], fmt(d["dob"])))
    if f["alert"]:
        t.node(2, "alert", "", "live='assertive'", "atomic=True")
        t.txt(3, f["alert"])
    sc = d["screen"]
    if sc:
        t.node(2, "region", "Today's screening")
        t.txt(3, "%s at %s (%s, %s) — %s" % ("Failed" if sc["result"] == "Fail" else "Passed", sc["time"], sc["station"], sc["by"], sc["detail"]))
    t.node(2, "form", "Deferral")
    t.node(3, "combobox", "Reason", REQ, val(f["reason"]), LBX, exp(False), key="reason")
    for o in REASONS:
        t.node(4, "option", o, sel(o == f["reason"]))
    t.node(3, "radiogroup", "Deferral type")
    t.node(4, "radio", "Temporary", chk(f["dtype"] == "Temporary"), key="type-temp")
    t.node(4, "radio", "Permanent", chk(f["dtype"] == "Permanent"), key="type-perm")
    t.node(3, "combobox", "Length", REQ, val(f["length"]), LBX, exp(False), key="length")
    for o in LENGTHS:
        t.node(4, "option", o, sel(o == f["length"]))
    if f["hint"]:
        t.txt(3, "Policy default for Low hemoglobin is 56 days (SOP-DEF-07). Use 90 days for a repeat low result within 12 months.")
    if f["length"] == "Until a specific date":
        t.node(3, "textbox", "Deferred until (YYYY-MM-DD)", REQ, val(f["until"]), key="until")
    end, n = def_end(f)
    t.txt(3, "Deferral starts %s" % fmt(TODAY))
    t.txt(3, "Deferral ends %s (%d days)" % (fmt(end), n) if end else "Deferral ends — choose a length")
    t.node(3, "textbox", "Notes for donor record", val(f["notes"]), key="notes")
    t.node(3, "checkbox", "Send deferral letter to donor", chk(f["letter"]), key="letter")
    t.node(3, "checkbox", "Also notify donor by SMS", chk(f["sms"]), key="sms")
    t.node(3, "button", "Cancel", key="cancel")
    t.node(3, "button", "Save deferral", key="save-def")
    t.node(1, "complementary", "Deferral history")
    t.node(2, "heading", "Deferral history")
    if d["deferrals"]:
        t.node(2, "list", "")
        for start, e2, reason, typ, by in d["deferrals"]:
            t.node(3, "listitem", "")
            t.txt(4, "%s – %s · %s (%s)" % (fmt(start), fmt(e2), reason, typ.lower()))
    else:
        t.txt(2, "No previous deferrals")
    recent_panel(t, s)
    if f["dialog"]:
        t.node(1, "dialog", "Defer %s?" % name(d), "modal=True")
        t.node(2, "heading", "Defer %s?" % name(d))
        t.txt(2, "%s (%s) will be deferred from %s until %s for %s (%s). Appointments before then will be cancelled%s." % (
            name(d), did, fmt(TODAY), fmt(end) if end else "—", f["reason"], f["dtype"].lower(),
            " and a deferral letter will be sent" if f["letter"] else ""))
        t.node(2, "button", "Cancel", key="dlg-cancel")
        t.node(2, "button", "Defer donor", key="dlg-confirm")
    footer(t, s)
    return "/donors/%s/deferrals/new" % did, "Defer donor · %s (%s) · DonorHub" % (name(d), did)


def pg_forbidden(t, s):
    did = s["donor"]
    d = s["donors"][did]
    header(t, s, "Donors")
    t.node(1, "main", "")
    t.node(2, "heading", "You don't have permission to do that")
    t.txt(2, "Recording deferrals at %s needs the Deferral approver role. Your roles: Collections Nurse." % SITE)
    t.txt(2, "Ask your site lead, Grace Adeyemi, to add the role or to record this deferral for you.")
    t.txt(2, "Reference: 403-DEF-%s" % did[2:])
    t.node(2, "link", "Back to %s" % name(d), key="back-donor")
    t.node(2, "link", "Go to Today", key="go-today")
    footer(t, s)
    return "/donors/%s/deferrals/new" % did, "Not authorised · DonorHub"


PAGES = dict(today=pg_today, list=pg_list, search=pg_search, donor=pg_donor, wizard=pg_wizard, done=pg_done,
             donation_view=pg_donation_view, deferral=pg_deferral, forbidden=pg_forbidden)


# --------------------------------------------------------------------------------------
# Plans: written from the task and the healthy pages only, before any faulty run.
# --------------------------------------------------------------------------------------

DONATION_TASK = ("Record today's whole-blood donation for donor D-104827 (Marcus Okafor). Screening passed: "
                 "hemoglobin 14.2 g/dL, blood pressure 124/78, pulse 72, temperature 36.8 °C. "
                 "Bag number W041724018362. Submit the donation.")
DEFERRAL_TASK = ("Helen Vasquez (donor D-209315) failed today's screening with hemoglobin 11.8 g/dL. "
                 "Defer her temporarily for 90 days with the reason Low hemoglobin and save the deferral.")

SIGNIN_FALSIFIERS = [
    "Sign in to DonorHub",
    "Your session has expired. Please sign in again.",
    "Something went wrong — DonorHub error page",
]

PLANS = {
    "donation": {
        "task": DONATION_TASK,
        "plan_falsifiers": {"execution": list(SIGNIN_FALSIFIERS)},
        "commitments": [
            {"id": "open-donor",
             "subgoal": "Open the donor record for Marcus Okafor, D-104827",
             "skill": "open_record_by_id",
             "confidence": 0.8,
             "confirm": {"precondition": ["DonorHub donor list, donor search or today's appointments"],
                         "progress": ["Search results list Okafor, Marcus with donor ID D-104827"],
                         "completion": ["Donor record for Marcus Okafor, Donor D-104827, O Negative, born 14 Mar 1986"]},
             "falsify": {"execution": ["Donor D-104872", "Marcus Okafor born 02 Nov 1959, B Positive",
                                       "Marta Okafor (D-104828)", "No donors match"],
                         "planning": ["Marcus Okafor is deferred"]}},
            {"id": "start-donation",
             "subgoal": "Start recording a new donation for Marcus Okafor",
             "confidence": 0.7,
             "confirm": {"precondition": ["Eligible to donate"],
                         "progress": [],
                         "completion": ["Record donation, Step 1 of 3: Screening, for Marcus Okafor D-104827"]},
             "falsify": {"skill": ["Record donation button is disabled"],
                         "planning": ["Donor is not due to donate until a later date"]}},
            {"id": "enter-screening",
             "subgoal": "Enter the screening results and mark the screening as passed",
             "confidence": 0.6,
             "confirm": {"precondition": ["Screening form with hemoglobin, blood pressure, pulse and temperature fields"],
                         "progress": ["Hemoglobin 14.2", "Systolic 124 and diastolic 78", "Pulse 72",
                                      "Temperature 36.8", "Health questionnaire reviewed checked",
                                      "Screening outcome Pass"],
                         "completion": ["Step 2 of 3: Collection"]},
             "falsify": {"execution": ["This field is required", "Value is out of range",
                                       "Screening outcome set to Fail",
                                       {"text": "Select screening outcome Fail — defer donor", "on": "action"}]}},
            {"id": "enter-collection",
             "subgoal": "Enter bag number W041724018362 for a whole blood collection",
             "confidence": 0.6,
             "confirm": {"precondition": ["Bag number (DIN) field"],
                         "progress": ["Bag number W041724018362", "Donation type Whole blood"],
                         "completion": ["Review donation, Step 3 of 3, bag number W041724018362"]},
             "falsify": {"execution": ["Bag number not recognised",
                                       "Bag number already used for another donation"]}},
            {"id": "submit-donation",
             "subgoal": "Submit the donation and confirm it in the dialog",
             "confidence": 0.7,
             "confirm": {"precondition": ["Submit donation button"],
                         "progress": ["Record this donation? dialog"],
                         "completion": ["Donation recorded for Marcus Okafor (D-104827)",
                                        "Bag number W041724018362, Whole blood"]},
             "falsify": {"execution": ["Donation could not be saved"],
                         "planning": ["Donor must be screened again before collection"]}},
        ],
    },
    "deferral": {
        "task": DEFERRAL_TASK,
        "plan_falsifiers": {"execution": list(SIGNIN_FALSIFIERS)},
        "commitments": [
            {"id": "open-donor",
             "subgoal": "Open the donor record for Helen Vasquez, D-209315",
             "skill": "open_record_by_id",
             "confidence": 0.8,
             "confirm": {"precondition": ["DonorHub donor list, donor search or today's screening results"],
                         "progress": ["Search results list Vasquez, Helen with donor ID D-209315"],
                         "completion": ["Donor record for Helen Vasquez, Donor D-209315",
                                        "Screening failed: hemoglobin 11.8 g/dL"]},
             "falsify": {"execution": ["Helena Vasquez (D-209351)", "Hector Vasquez (D-209316)", "No donors match"],
                         "planning": ["Helen Vasquez is already deferred"]}},
            {"id": "open-deferral-form",
             "subgoal": "Open the Defer donor form for Helen Vasquez",
             "confidence": 0.7,
             "confirm": {"precondition": ["Defer donor button"],
                         "progress": [],
                         "completion": ["Defer donor form for Helen Vasquez, D-209315"]},
             "falsify": {"skill": ["Defer donor button is disabled"]}},
            {"id": "fill-deferral",
             "subgoal": "Set reason Low hemoglobin, a temporary deferral, and a length of 90 days",
             "confidence": 0.6,
             "confirm": {"precondition": ["Reason, Deferral type and Length fields"],
                         "progress": ["Reason Low hemoglobin", "Deferral type Temporary"],
                         "completion": ["Deferral ends 16 Dec 2024 (90 days)"]},
             "falsify": {"execution": ["Reason Low hematocrit", "Deferral type Permanent selected",
                                       {"text": "Select Permanent deferral type", "on": "action"}]}},
            {"id": "save-deferral",
             "subgoal": "Save the deferral and confirm it",
             "confidence": 0.7,
             "confirm": {"precondition": ["Save deferral button"],
                         "progress": ["Defer Helen Vasquez? confirmation dialog, until 16 Dec 2024 for Low hemoglobin"],
                         "completion": ["Deferral saved. Helen Vasquez is deferred until 16 Dec 2024",
                                        "Deferred until 16 Dec 2024 — Low hemoglobin (temporary)"]},
             "falsify": {"execution": ["The deferral could not be saved"]}},
        ],
    },
}


_PLAIN = re.compile(r"^[A-Za-z(][^:#\n'\"\[\]{}]*$")
_RESERVED = {"yes", "no", "true", "false", "null", "on", "off", "y", "n", "~"}


def ys(v):
    """YAML scalar: plain where safe, else double-quoted (JSON escapes are valid YAML)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if _PLAIN.match(v) and v.strip() == v and v.lower() not in _RESERVED:
        return v
    return json.dumps(v, ensure_ascii=False)


def to_yaml(obj, ind=0):
    pad = "  " * ind
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append("%s%s:" % (pad, k))
                out.extend(to_yaml(v, ind + 1))
            elif isinstance(v, list):
                out.append("%s%s: []" % (pad, k))
            else:
                out.append("%s%s: %s" % (pad, k, ys(v)))
    else:
        for item in obj:
            if isinstance(item, dict):
                sub = to_yaml(item, ind + 1)
                out.append("%s- %s" % (pad, sub[0].lstrip()))
                out.extend(sub[1:])
            else:
                out.append("%s- %s" % (pad, ys(item)))
    return out


PLAN_HEADERS = {
    "donation": "# DonorHub — record a donation for Marcus Okafor (D-104827).\n"
                "# Written from the task and the healthy runs' pages.\n",
    "deferral": "# DonorHub — defer Helen Vasquez (D-209315) after a failed screening.\n"
                "# Written from the task and the healthy runs' pages.\n",
}


# --------------------------------------------------------------------------------------
# Trajectory recorder
# --------------------------------------------------------------------------------------

def fresh_state():
    return dict(q="", unread=2, toast=None, search_q="", donor=None, donor_tab="history",
                donors=json_copy(DONORS), today_tab="appointments", wiz=None, def_form=None,
                list=dict(sort="updated", dir="desc", page=1, per=25, appt=False, elig="All donors",
                          panel=False, pending_elig="All donors", pending_appt=False),
                recent=["D-311046", "D-209316"], done=None, focus=None, dn_times={})


def json_copy(x):
    # deep copy preserving dates / tuples
    if isinstance(x, dict):
        return {k: json_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [json_copy(v) for v in x]
    if isinstance(x, tuple):
        return tuple(json_copy(v) for v in x)
    return x


class Run:
    def __init__(self, rid, workflow, fault=None, step=None, note=None):
        self.id = rid
        self.workflow = workflow
        self.fault, self.fault_step, self.note = fault, step, note
        self.rng = random.Random("%d:%s" % (SEED, rid))
        self.s = fresh_state()
        self.s["start_time"] = "10:%02d" % self.rng.randint(38, 52)
        self.steps = []
        self.load = None
        self.tree = None
        self.page = None
        self.initial = None
        self.final_message = None
        self.success = None

    # -- rendering
    def render(self, page, nav):
        if nav or self.load is None:
            self.load = Load(self.rng)
        self.page = page
        if page == "donor":
            did = self.s["donor"]
            self.s["recent"] = [did] + [x for x in self.s["recent"] if x != did]
        t = Tree(self.load, self.s.get("focus"))
        path, title = PAGES[page](t, self.s)
        root = "RootWebArea %s%s" % (repr(title), "" if self.s.get("focus") else ", focused")
        self.tree = t
        return {"url": ORIGIN + path, "title": title, "text": "\n".join([root] + t.lines), "error": None}

    def start(self, page, **upd):
        self.s.update(upd)
        self.initial = self.render(page, True)
        return self

    def ref(self, key):
        if key not in self.tree.index:
            raise KeyError("%s: element %r not on page %s" % (self.id, key, self.page))
        return self.tree.index[key]

    def act(self, kind, key=None, arg=None, why="", effect="read", c=None, to=None, nav=None, fn=None, **upd):
        target = None
        if kind == "click":
            bid, target = self.ref(key)
            cmd = "click(%s)" % repr(bid)
        elif kind == "fill":
            bid, target = self.ref(key)
            cmd = "fill(%s, %s)" % (repr(bid), repr(arg))
        elif kind == "select":
            bid, target = self.ref(key)
            cmd = "select_option(%s, %s)" % (repr(bid), repr(arg))
        elif kind == "press":
            bid, target = self.ref(key)
            cmd = "press(%s, %s)" % (repr(bid), repr(arg))
        elif kind == "go_back":
            cmd = "go_back()"
        elif kind == "noop":
            cmd = "noop(%d)" % (arg or 1000)
        elif kind == "send":
            cmd = "send_msg_to_user(%s)" % repr(arg)
            self.final_message = arg
        elif kind == "infeasible":
            cmd = "report_infeasible(%s)" % repr(arg)
            self.final_message = arg
        else:
            raise ValueError(kind)
        if kind in ("fill", "select", "press"):
            self.s["focus"] = key
        elif kind == "click" and key and (key.startswith(("q", "arm", "type", "letter", "sms"))):
            self.s["focus"] = key
        elif kind not in ("send", "noop", "infeasible"):
            self.s["focus"] = None
        self.s.update(upd)
        if fn:
            fn(self.s)
        page = to or self.page
        if nav is None:
            nav = to is not None and (to != self.page or kind == "go_back")
        if nav:
            self.s["focus"] = None
        obs = self.render(page, nav)
        action = {"command": cmd, "reasoning": why, "target": target, "effect": effect}
        step = {"commitment": c, "action": action, "observation": obs}
        self.steps.append(step)
        return len(self.steps) - 1

    def record(self, success):
        self.success = success
        wf = self.workflow
        label = {"fault": self.fault, "first_off_track_step": self.fault_step}
        if self.note:
            label["note"] = self.note
        return {"id": self.id, "workflow": wf, "task": PLANS[wf]["task"], "plan": "plans/%s.yaml" % wf,
                "label": label, "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": success, "final_message": self.final_message}}


# --------------------------------------------------------------------------------------
# Shared state transitions
# --------------------------------------------------------------------------------------

def wset(**kw):
    def f(s):
        s["wiz"].update(kw)
    return f


def dset(**kw):
    def f(s):
        s["def"].update(kw)
    return f


def open_donor(did, tab="history"):
    def f(s):
        s["donor"] = did
        s["donor_tab"] = tab
    return f


def start_wizard(s):
    s["wiz"] = new_wiz(s)


def start_deferral(s):
    s["def"] = new_def()


def commit_donation(run, flagged_dn=None):
    def f(s):
        w = s["wiz"]
        did = s["donor"]
        d = s["donors"][did]
        seq = s.setdefault("dn_seq", run.rng.randint(300, 340))
        s["dn_seq"] = seq + 1
        dn = "DN-240917-%04d" % seq
        d["history"].insert(0, (dn, TODAY, w["dtype"], SITE, w["hb"] or "—"))
        d["count"] += 1
        d["updated"] = (TODAY, w["start"])
        s["dn_times"][dn] = w["start"]
        s["done"] = dict(dn=dn, donor=did, wiz=dict(w))
        w["dialog"] = False
    return f


def commit_deferral(s):
    f = s["def"]
    d = s["donors"][s["donor"]]
    end, n = def_end(f)
    d["deferrals"].insert(0, (TODAY, end, f["reason"], f["dtype"], "P. Natarajan"))
    d["updated"] = (TODAY, "10:52")
    s["donor_tab"] = "deferrals"
    s["toast"] = "Deferral saved. %s is deferred until %s." % (name(d), fmt(end))
    f["dialog"] = False


# --------------------------------------------------------------------------------------
# Workflow building blocks
# --------------------------------------------------------------------------------------

SCREEN_VALUES = dict(hb="14.2", sys="124", dia="78", pulse="72", temp="36.8")
SCREEN_WHY = {
    "hb": "Enter the hemoglobin from today's screening: 14.2 g/dL.",
    "sys": "Blood pressure was 124/78; systolic goes in first.",
    "dia": "Diastolic pressure 78 mmHg.",
    "pulse": "Pulse was 72 bpm.",
    "temp": "Temperature 36.8 °C.",
}


def donation_screening(r, order=("hb", "sys", "dia", "pulse", "temp"), skip=(), q_first=False, next_step=True):
    def q(r):
        r.act("click", "q", why="Tick that the health questionnaire was reviewed and signed.", effect="write",
              c="enter-screening", fn=wset(q=True))
    if q_first:
        q(r)
    for f in order:
        if f in skip:
            continue
        r.act("fill", f, SCREEN_VALUES[f], why=SCREEN_WHY[f], effect="write", c="enter-screening",
              fn=wset(**{f: SCREEN_VALUES[f]}))
    if not q_first:
        q(r)
    r.act("select", "outcome", "Pass", why="All values are within limits, so the screening outcome is Pass.",
          effect="write", c="enter-screening", fn=wset(outcome="Pass"))
    if next_step:
        return r.act("click", "next", why="Screening is complete; continue to the collection step.", effect="read",
                     c="enter-screening", fn=wset(step=2))


def donation_collection(r, bag="W041724018362", extras=(), why=None):
    i = r.act("fill", "bag", bag, why=why or "Type the bag number from the label: W041724018362.", effect="write",
              c="enter-collection", fn=wset(bag=bag))
    for kind, key, arg, w, fn in extras:
        r.act(kind, key, arg, why=w, effect="write", c="enter-collection", fn=fn)
    r.act("click", "next", why="Collection details are in; go to the review step.", effect="read",
          c="enter-collection", fn=wset(step=3))
    return i


def donation_submit(r, why_review="Review shows the right donor, screening values and bag number; submit."):
    r.act("click", "submit", why=why_review, effect="write", c="submit-donation", fn=wset(dialog=True))
    return r.act("click", "dlg-confirm", why="Confirm in the dialog to record the donation.", effect="irreversible",
                 c="submit-donation", to="done", fn=commit_donation(r))


def header_search(r, query, c, enter=False, why=None):
    r.act("fill", "search", query, why=why or "Search for the donor.", effect="read", c=c, q=query)
    if enter:
        r.act("press", "search", "Enter", why="Run the search.", effect="read", c=c, to="search",
              search_q=query)
    else:
        r.act("click", "search-btn", why="Run the search.", effect="read", c=c, to="search", search_q=query)


def deferral_fill(r, length="90 days", notes=None, until=None):
    r.act("select", "reason", "Low hemoglobin", why="The screening failure was low hemoglobin (11.8 g/dL).",
          effect="write", c="fill-deferral", fn=dset(reason="Low hemoglobin", length="56 days", hint=True))
    if until:
        r.act("select", "length", "Until a specific date",
              why="The form pre-selected 56 days; I'll set the end date explicitly instead.",
              effect="write", c="fill-deferral", fn=dset(length="Until a specific date"))
        r.act("fill", "until", until, why="90 days from 17 Sep 2024 is 16 Dec 2024.", effect="write",
              c="fill-deferral", fn=dset(until=until))
    elif length:
        r.act("select", "length", length,
              why="The form defaulted to 56 days, but the task asks for a 90-day deferral.",
              effect="write", c="fill-deferral", fn=dset(length=length))
    if notes:
        r.act("fill", "notes", notes, why="Add a short note about today's screening result.", effect="write",
              c="fill-deferral", fn=dset(notes=notes))


def deferral_save(r, why="Deferral type Temporary, 90 days, ending 16 Dec 2024. Save it."):
    r.act("click", "save-def", why=why, effect="write", c="save-deferral", fn=dset(dialog=True))
    return r.act("click", "dlg-confirm", why="The dialog summary matches the task; confirm the deferral.",
                 effect="irreversible", c="save-deferral", to="donor", fn=commit_deferral)


NOTE_HB = "Hb 11.8 g/dL at screening 17 Sep 2024 (Station 2). Repeat low result within 12 months."


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------

def donation_healthy_01():
    r = Run("donation-healthy-01", "donation").start("list")
    header_search(r, "D-104827", "open-donor", why="Search by the donor ID from the task.")
    r.act("click", "row-D-104827", why="One match, D-104827 Okafor, Marcus — open it.", c="open-donor", to="donor",
          fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Marcus Okafor is eligible to donate; start a new donation.", c="start-donation",
          to="wizard", fn=start_wizard)
    donation_screening(r)
    donation_collection(r)
    i = donation_submit(r)
    dn = r.s["done"]["dn"]
    r.act("send", arg="Recorded donation %s for Marcus Okafor (D-104827), bag W041724018362." % dn,
          why="The donation is recorded; report back.", c="submit-donation")
    return r.record(True)


def donation_healthy_02():
    r = Run("donation-healthy-02", "donation")
    r.start("today", toast="3 screening results synced from Mobile Unit 2.")
    r.act("click", "toast-dismiss", why="Dismiss the sync notification so it doesn't cover the board.",
          c="open-donor", toast=None)
    r.act("click", "appt-D-104827", why="Marcus Okafor's 10:30 appointment is on the board (D-104827); open his record.",
          c="open-donor", to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="He is eligible; record the donation.", c="start-donation", to="wizard",
          fn=start_wizard)
    donation_screening(r, order=("temp", "pulse", "sys", "dia", "hb"), q_first=True)
    donation_collection(r, extras=[
        ("click", "arm-right", None, "The needle went in the right arm; record it.", wset(arm="Right")),
    ])
    donation_submit(r)
    return r.record(True)


def donation_healthy_03():
    r = Run("donation-healthy-03", "donation").start("list")
    lst = r.s["list"]
    r.act("click", "filters", why="Narrow the list to donors with an appointment today.", c="open-donor",
          fn=lambda s: s["list"].update(panel=True))
    r.act("click", "f-appt", why="Tick 'Has an appointment today'.", c="open-donor",
          fn=lambda s: s["list"].update(pending_appt=True))
    r.act("click", "f-apply", why="Apply the filter.", c="open-donor",
          fn=lambda s: s["list"].update(appt=True, panel=False, page=1, per=20))
    r.act("click", "sort-name", why="Sort by name to find Okafor.", c="open-donor",
          fn=lambda s: s["list"].update(sort="name", dir="asc", page=1))
    r.act("click", "page-next", why="Page 1 stops at N; Okafor is on the next page.", c="open-donor",
          to="list", nav=True, fn=lambda s: s["list"].update(page=2))
    r.act("click", "row-D-104827", why="Okafor, Marcus D-104827 (the other Okafor row is Marta, D-104828).",
          c="open-donor", to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Start the donation record.", c="start-donation", to="wizard", fn=start_wizard)
    donation_screening(r, next_step=False)
    r.act("click", "save-draft", why="Save a draft before moving on, in case the workstation locks.",
          effect="write", c="enter-screening", to="wizard", nav=True,
          fn=lambda s: (s["wiz"].update(draft="DR-55821", draft_time="10:44"),
                        s.update(toast="Draft DR-55821 saved at 10:44.")))
    r.act("click", "toast-dismiss", why="Draft saved and the values are still there; dismiss the notice.",
          c="enter-screening", toast=None)
    r.act("click", "next", why="Continue to collection.", c="enter-screening", fn=wset(step=2))
    donation_collection(r)
    donation_submit(r)
    r.act("send", arg="Donation recorded for Marcus Okafor (D-104827) with bag W041724018362.",
          why="Done; report.", c="submit-donation")
    return r.record(True)


def donation_healthy_04():
    r = Run("donation-healthy-04", "donation").start("today")
    header_search(r, "Okafor", "open-donor", enter=True, why="Search the donor by surname.")
    r.act("click", "row-D-104827", why="Two Marcus Okafors: D-104872 is born 1959 (B Positive); the task's donor "
          "is D-104827, born 1986. Open D-104827.", c="open-donor", to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Eligible to donate; start recording.", c="start-donation", to="wizard",
          fn=start_wizard)
    donation_screening(r)
    donation_collection(r, extras=[
        ("select", "dtype", "Whole blood", "Keep the donation type as Whole blood.", wset(dtype="Whole blood")),
    ])
    r.act("click", "back", why="Go back to the collection step to double-check the bag number before submitting.",
          c="enter-collection", fn=wset(step=2))
    r.act("click", "next", why="Collection page is fine; back to review.", c="enter-collection", fn=wset(step=3))
    donation_submit(r)
    return r.record(True)


def deferral_healthy_01():
    r = Run("deferral-healthy-01", "deferral").start("list")
    header_search(r, "Vasquez", "open-donor", why="Search by surname.")
    r.act("click", "row-D-209315", why="Three Vasquez records: Hector D-209316, Helen D-209315, Helena D-209351. "
          "Open Helen, D-209315.", c="open-donor", to="donor", fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Her screening failed with Hb 11.8; open the deferral form.",
          c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r, notes=NOTE_HB)
    deferral_save(r)
    r.act("send", arg="Helen Vasquez (D-209315) is deferred until 16 Dec 2024 (90 days, Low hemoglobin).",
          why="The deferral is saved; report back.", c="save-deferral")
    return r.record(True)


def deferral_healthy_02():
    r = Run("deferral-healthy-02", "deferral").start("today")
    r.act("click", "tab-screening", why="Today's screening failures are on the Screening results tab.",
          c="open-donor", today_tab="screening")
    r.act("click", "sq-defer-D-209315", why="Helen Vasquez, D-209315, failed with hemoglobin 11.8 g/dL; use the "
          "Defer action on her row.", c="open-deferral-form", to="deferral",
          fn=lambda s: (open_donor("D-209315")(s), start_deferral(s)))
    deferral_fill(r, until="2024-12-16")
    deferral_save(r, why="Until 16 Dec 2024 is 90 days, temporary, Low hemoglobin. Save.")
    return r.record(True)


def deferral_healthy_03():
    r = Run("deferral-healthy-03", "deferral")
    r.start("donor", donor="D-209316", toast="Screening result received from Station 2.")
    r.act("click", "toast-dismiss", why="Dismiss the notification.", c="open-donor", toast=None)
    r.act("click", "household-D-209315", why="This is Hector Vasquez; his household link goes to Helen Vasquez, "
          "D-209315, the donor in the task.", c="open-donor", to="donor", fn=open_donor("D-209315"))
    r.act("click", "tab-deferrals", why="Check her previous deferrals before adding a new one.", c="open-donor",
          donor_tab="deferrals")
    r.act("click", "def-btn", why="One earlier Low hemoglobin deferral (Jan 2024), no active one. Open the form.",
          c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r)
    deferral_save(r)
    return r.record(True)


def deferral_healthy_04():
    r = Run("deferral-healthy-04", "deferral").start("list")
    r.act("click", "filters", why="Filter the donor list to today's screening failures.", c="open-donor",
          fn=lambda s: s["list"].update(panel=True))
    r.act("select", "f-elig", "Screening failed today", why="Eligibility: Screening failed today.", c="open-donor",
          fn=lambda s: s["list"].update(pending_elig="Screening failed today"))
    r.act("click", "f-apply", why="Apply.", c="open-donor",
          fn=lambda s: s["list"].update(elig="Screening failed today", panel=False, page=1))
    r.act("click", "sort-name", why="Sort by name.", c="open-donor",
          fn=lambda s: s["list"].update(sort="name", dir="asc"))
    r.act("click", "row-D-209315", why="Vasquez, Helen D-209315.", c="open-donor", to="donor",
          fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="deferral",
          fn=start_deferral)
    deferral_fill(r, notes=NOTE_HB)
    r.act("click", "type-temp", why="Make sure the deferral type is Temporary (it is the default).",
          effect="write", c="fill-deferral", fn=dset(dtype="Temporary"))
    deferral_save(r)
    r.act("send", arg="Deferred Helen Vasquez (D-209315) for 90 days (until 16 Dec 2024), reason Low hemoglobin.",
          why="Report.", c="save-deferral")
    return r.record(True)


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plans above)
# --------------------------------------------------------------------------------------

def donation_wrong_record():
    r = Run("donation-wrong_record-01", "donation", "wrong_record", None,
            "Opened D-104872, the other Marcus Okafor (born 1959), from the name search.")
    r.start("list")
    header_search(r, "Marcus Okafor", "open-donor", why="Search the donor by name.")
    r.fault_step = r.act("click", "row-D-104872", why="Okafor, Marcus is the first result; open it.",
                         c="open-donor", to="donor", fn=open_donor("D-104872"))
    r.act("click", "rec-btn", why="Donor is eligible; start the donation.", c="start-donation", to="wizard",
          fn=start_wizard)
    donation_screening(r)
    donation_collection(r)
    donation_submit(r)
    r.act("send", arg="Donation recorded for Marcus Okafor with bag W041724018362.", why="Done.",
          c="submit-donation")
    return r.record(False)


def donation_wrong_value():
    r = Run("donation-wrong_value-01", "donation", "wrong_value", None,
            "Typed bag number W041724018326 (last two digits transposed) instead of W041724018362.")
    r.start("today")
    r.act("click", "appt-D-104827", why="Marcus Okafor, D-104827, 10:30 appointment.", c="open-donor", to="donor",
          fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Record the donation.", c="start-donation", to="wizard", fn=start_wizard)
    donation_screening(r)
    r.fault_step = donation_collection(r, bag="W041724018326", why="Enter the bag number from the task.")
    donation_submit(r)
    r.act("send", arg="Donation recorded for Marcus Okafor (D-104827).", why="Report.", c="submit-donation")
    return r.record(False)


def donation_skipped_required():
    r = Run("donation-skipped_required_field-01", "donation", "skipped_required_field", None,
            "Left the required Pulse field empty and moved on; the wizard did not block it.")
    r.start("list")
    header_search(r, "D-104827", "open-donor", enter=True, why="Find the donor by ID.")
    r.act("click", "row-D-104827", why="Open D-104827.", c="open-donor", to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Start the donation.", c="start-donation", to="wizard", fn=start_wizard)
    r.fault_step = donation_screening(r, skip=("pulse",))
    donation_collection(r)
    donation_submit(r)
    r.act("send", arg="Recorded the donation for Marcus Okafor (D-104827), bag W041724018362.", why="Report.",
          c="submit-donation")
    return r.record(False)


def donation_premature_done():
    r = Run("donation-premature_done-01", "donation", "premature_done", None,
            "Reported success from the Review step; Submit donation was never clicked.")
    r.start("today")
    header_search(r, "D-104827", "open-donor", why="Look up the donor ID.")
    r.act("click", "row-D-104827", why="Open the only match.", c="open-donor", to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Start a donation record.", c="start-donation", to="wizard", fn=start_wizard)
    donation_screening(r)
    donation_collection(r)
    r.fault_step = r.act("send", arg="Donation recorded for Marcus Okafor (D-104827), bag W041724018362, screening "
                         "passed.", why="Everything is filled in and shown on the review page; the task is complete.",
                         c="submit-donation")
    return r.record(False)


def donation_submitted_twice():
    r = Run("donation-submitted_twice-01", "donation", "submitted_twice", None,
            "After the first confirm the review page still showed 'Saving donation…'; the agent submitted again "
            "and a second donation was recorded.")
    r.start("list")
    header_search(r, "Okafor", "open-donor", why="Search by surname.")
    r.act("click", "row-D-104827", why="Marcus Okafor born 1986 is D-104827; the 1959 one is D-104872.",
          c="open-donor", to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Start recording.", c="start-donation", to="wizard", fn=start_wizard)
    donation_screening(r)
    donation_collection(r)
    r.act("click", "submit", why="Submit the donation.", effect="write", c="submit-donation", fn=wset(dialog=True))

    def first_save(s):
        commit_donation(r)(s)
        s["wiz"].update(saving=True, dialog=False)
    r.act("click", "dlg-confirm", why="Confirm.", effect="irreversible", c="submit-donation", fn=first_save)
    r.fault_step = r.act("click", "submit", why="The dialog closed but I'm still on the review page; the submit "
                         "didn't seem to go through. Submit again.", effect="write", c="submit-donation",
                         fn=wset(dialog=True, saving=False))
    r.act("click", "dlg-confirm", why="Confirm.", effect="irreversible", c="submit-donation", to="done",
          fn=commit_donation(r))
    r.act("send", arg="Donation recorded for Marcus Okafor (D-104827).", why="Report.", c="submit-donation")
    return r.record(False)


def donation_unsaved_navigation():
    r = Run("donation-unsaved_navigation-01", "donation", "unsaved_navigation", None,
            "Left the unsaved wizard from step 2 to look at the previous donation; going back restored an empty "
            "wizard and the screening results were lost.")
    r.start("today")
    r.act("click", "appt-D-104827", why="Open Marcus Okafor (D-104827) from today's board.", c="open-donor",
          to="donor", fn=open_donor("D-104827"))
    r.act("click", "rec-btn", why="Record the donation.", c="start-donation", to="wizard", fn=start_wizard)
    donation_screening(r)
    r.act("fill", "bag", "W041724018362", why="Bag number from the task.", effect="write", c="enter-collection",
          fn=wset(bag="W041724018362"))
    r.fault_step = r.act("click", "last-dn-link", why="Check what type his last donation was before choosing the "
                         "donation type.", c="enter-collection", to="donation_view",
                         view_dn=r.s["donors"]["D-104827"]["history"][0][0])
    r.act("go_back", why="Last donation was whole blood too. Back to the form.", c="enter-collection", to="wizard",
          fn=lambda s: s.update(wiz=new_wiz(s, step=2)))
    donation_collection(r, why="The bag number field is empty again; re-enter W041724018362.")
    donation_submit(r, why_review="Bag number and donation type are right; submit.")
    r.act("send", arg="Donation recorded for Marcus Okafor (D-104827), bag W041724018362.", why="Report.",
          c="submit-donation")
    return r.record(False)


def deferral_silent_noop():
    r = Run("deferral-silent_noop-01", "deferral", "silent_noop", None,
            "Save deferral did nothing (no dialog, no message); the agent reported the deferral as saved.")
    r.start("list")
    header_search(r, "D-209315", "open-donor", why="Search by donor ID.")
    r.act("click", "row-D-209315", why="Open Helen Vasquez, D-209315.", c="open-donor", to="donor",
          fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r, notes=NOTE_HB)
    r.fault_step = r.act("click", "save-def", why="Everything is set: Low hemoglobin, temporary, 90 days. Save.",
                         effect="write", c="save-deferral")
    r.act("noop", arg=2000, why="Wait for the save to finish.", c="save-deferral")
    r.act("send", arg="Helen Vasquez (D-209315) is deferred for 90 days until 16 Dec 2024 (Low hemoglobin).",
          why="The deferral was saved.", c="save-deferral")
    return r.record(False)


def deferral_stale_page():
    r = Run("deferral-stale_page-01", "deferral", "stale_page", None,
            "After confirming, DonorHub showed the cached donor page (still eligible, no new deferral, no toast).")
    r.start("today")
    r.act("click", "tab-screening", why="Find today's screening failures.", c="open-donor", today_tab="screening")
    r.act("click", "sq-D-209315", why="Vasquez, Helen — D-209315, Hb 11.8. Open her record.", c="open-donor",
          to="donor", fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r, notes=NOTE_HB)
    r.act("click", "save-def", why="Save.", effect="write", c="save-deferral", fn=dset(dialog=True))
    r.fault_step = r.act("click", "dlg-confirm", why="Confirm the deferral.", effect="irreversible",
                         c="save-deferral", to="donor", fn=lambda s: s.update(donor_tab="history"))
    r.act("send", arg="Deferral for Helen Vasquez (D-209315) saved: Low hemoglobin, 90 days.", why="Report.",
          c="save-deferral")
    return r.record(False)


def deferral_error_banner():
    r = Run("deferral-error_banner-01", "deferral", "error_banner", None,
            "The confirm returned the form with an alert that the national deferral register did not respond; "
            "nothing was saved.")
    r.start("donor", donor="D-209316")
    r.act("click", "household-D-209315", why="Go to Helen Vasquez (D-209315) via the household link.",
          c="open-donor", to="donor", fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r)
    r.act("click", "save-def", why="Save the deferral.", effect="write", c="save-deferral", fn=dset(dialog=True))
    r.fault_step = r.act("click", "dlg-confirm", why="Confirm.", effect="irreversible", c="save-deferral",
                         fn=dset(dialog=False, alert="Deferral not saved. The national deferral register did not "
                                 "respond (NDR-504). Your entries are kept — try again in a few minutes."))
    r.act("send", arg="Helen Vasquez has been deferred for 90 days with reason Low hemoglobin.", why="Report.",
          c="save-deferral")
    return r.record(False)


def deferral_permission_denied():
    r = Run("deferral-permission_denied-01", "deferral", "permission_denied", None,
            "Opening the deferral form returned a not-authorised page (missing Deferral approver role).")
    r.start("list")
    header_search(r, "Vasquez", "open-donor", enter=True, why="Search by surname.")
    r.act("click", "row-D-209315", why="Helen Vasquez is D-209315 (not Helena D-209351 or Hector D-209316).",
          c="open-donor", to="donor", fn=open_donor("D-209315"))
    r.fault_step = r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="forbidden")
    r.act("click", "back-donor", why="Go back to her record and try again.", c="open-deferral-form", to="donor")
    r.act("click", "def-btn", why="Retry the Defer donor button.", c="open-deferral-form", to="forbidden")
    r.act("infeasible", arg="I can't defer Helen Vasquez (D-209315): DonorHub says recording deferrals needs the "
          "Deferral approver role, which this account doesn't have.", why="Blocked by permissions.",
          c="open-deferral-form")
    return r.record(False)


def deferral_dialog_cancelled():
    r = Run("deferral-dialog_cancelled-01", "deferral", "dialog_cancelled", None,
            "Closed the confirmation dialog with Cancel; the deferral was never saved.")
    r.start("list")
    header_search(r, "Helen Vasquez", "open-donor", why="Search for the donor by name.")
    r.act("click", "row-D-209315", why="Helen Vasquez D-209315.", c="open-donor", to="donor",
          fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r, notes=NOTE_HB)
    r.act("click", "save-def", why="Save.", effect="write", c="save-deferral", fn=dset(dialog=True))
    r.fault_step = r.act("click", "dlg-cancel", why="The summary in the dialog is what I expected; close it.",
                         c="save-deferral", fn=dset(dialog=False))
    r.act("send", arg="Helen Vasquez (D-209315) deferred until 16 Dec 2024 for Low hemoglobin.", why="Report.",
          c="save-deferral")
    return r.record(False)


def deferral_wrong_option():
    r = Run("deferral-wrong_option-01", "deferral", "wrong_option", None,
            "Left Length at the 56-day policy default that appeared after choosing the reason; saved a deferral "
            "ending 12 Nov 2024 instead of 16 Dec 2024.")
    r.start("today")
    header_search(r, "D-209315", "open-donor", enter=True, why="Look up the donor ID.")
    r.act("click", "row-D-209315", why="Open D-209315.", c="open-donor", to="donor", fn=open_donor("D-209315"))
    r.act("click", "def-btn", why="Open the deferral form.", c="open-deferral-form", to="deferral", fn=start_deferral)
    deferral_fill(r, length=None, notes=NOTE_HB)
    r.fault_step = r.act("click", "save-def", why="Reason and type are set and the length is filled in. Save.",
                         effect="write", c="save-deferral", fn=dset(dialog=True))
    r.act("click", "dlg-confirm", why="Confirm.", effect="irreversible", c="save-deferral", to="donor",
          fn=commit_deferral)
    r.act("send", arg="Helen Vasquez (D-209315) has been deferred for Low hemoglobin.", why="Report.",
          c="save-deferral")
    return r.record(False)


HEALTHY = [donation_healthy_01, donation_healthy_02, donation_healthy_03, donation_healthy_04,
           deferral_healthy_01, deferral_healthy_02, deferral_healthy_03, deferral_healthy_04]
FAULTY = [donation_wrong_record, donation_wrong_value, donation_skipped_required, donation_premature_done,
          donation_submitted_twice, donation_unsaved_navigation,
          deferral_silent_noop, deferral_stale_page, deferral_error_banner, deferral_permission_denied,
          deferral_dialog_cancelled, deferral_wrong_option]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, plan in PLANS.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as fh:
            fh.write(PLAN_HEADERS[wf] + "\n".join(to_yaml(plan)) + "\n")
    runs = [f() for f in HEALTHY + FAULTY]
    order = {"donation": 0, "deferral": 1}
    runs.sort(key=lambda r: (order[r["workflow"]], r["label"]["fault"] is not None, r["id"]))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False) + "\n")
    print("wrote %d runs (%d healthy, %d faulty) and %d plans" % (
        len(runs), sum(r["label"]["fault"] is None for r in runs),
        sum(r["label"]["fault"] is not None for r in runs), len(PLANS)))


if __name__ == "__main__":
    main()
