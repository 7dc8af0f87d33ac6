#!/usr/bin/env python3
"""Generate the `crewswap` held-out corpus (AeroRota Crew Desk, an invented crew
scheduling portal) and its plan.

Standard library only, fixed seed, byte-for-byte reproducible.

    python3 make_corpus.py            # writes ./corpus.jsonl and ./plans/crewswap.yaml
    python3 make_corpus.py OUTDIR     # writes the same files under OUTDIR instead
"""
import datetime as dt
import json
import os
import random
import sys

SEED = 4417
WORKFLOW = "crewswap"
PLAN_REL = "plans/crewswap.yaml"
BASE = "http://127.0.0.1:8000/crewdesk"
PRODUCT = "AeroRota Crew Desk"
NOW = dt.datetime(2025, 3, 12, 6, 42)
PAGE_SIZE = 10
BID0 = 12

TASK = ("Please approve trip-swap request SW-4417: FO Dana Whitlock is giving pairing P2146 "
        "on 14 Mar 2025 to FO Marcus Ferreira. Check the request's legality panel first and "
        "only approve if every check passes. Use reason code 'Mutual swap' and the comment "
        "'Legality passed, approved by crew desk'.")
REASON = "Mutual swap"
COMMENT = "Legality passed, approved by crew desk"
REASONS = ["Select a reason", "Mutual swap", "Fatigue relief", "Training conflict",
           "Operational need", "Other"]


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, error=None):
        self.url = url
        self.title = title
        self.error = error
        self.lines = ["RootWebArea %r, focused" % title]
        self.nodes = {}
        self.next = BID0

    def el(self, depth, role, name="", **props):
        bid = str(self.next)
        self.next += 1
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        for k, v in props.items():
            if v is None:
                continue
            if v is True and k in ("clickable", "focused", "required"):
                line += ", " + k
            elif isinstance(v, bool):
                line += ", %s=%s" % (k, v)
            else:
                line += ", %s=%r" % (k, v)
        self.lines.append(line)
        self.nodes[bid] = (role, name)
        return bid

    def txt(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %r" % s)

    def find(self, role, name):
        hits = [b for b, (r, n) in self.nodes.items() if r == role and n == name]
        if len(hits) != 1:
            raise AssertionError("%s %r on %r: %d hits" % (role, name, self.title, len(hits)))
        return hits[0]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


# ---------------------------------------------------------------------------
# Data: the swap-request queue
# ---------------------------------------------------------------------------
def d(day, hh=0, mm=0):
    return dt.datetime(2025, 3, day, hh, mm)


KEY_REQUESTS = [
    dict(id="SW-4417", type="Trip swap", give=("FO", "Dana Whitlock", "30218"),
         recv=("FO", "Marcus Ferreira", "30577"), pairing="P2146", date=d(14), base="BOS",
         route="BOS–ORD–BOS", report="05:40", release="15:25", submitted=d(9, 14, 10),
         legality="Passed", status="Pending", fleet="A320"),
    dict(id="SW-4471", type="Trip swap", give=("FO", "Owen Castellano", "30841"),
         recv=("FO", "Priya Raman", "30692"), pairing="P2164", date=d(14), base="BOS",
         route="BOS–DCA–BOS", report="06:15", release="13:50", submitted=d(12, 5, 55),
         legality="Passed", status="Pending", fleet="A320"),
    dict(id="SW-4431", type="Trip swap", give=("FO", "Dana Whitley", "31942"),
         recv=("FO", "Marco Ferreira", "30755"), pairing="P2416", date=d(14), base="BOS",
         route="BOS–MCO–BOS", report="07:05", release="16:40", submitted=d(11, 13, 5),
         legality="Passed", status="Pending", fleet="A320"),
    dict(id="SW-4419", type="Trip swap", give=("FO", "Dana Whitlock", "30218"),
         recv=("FO", "Marcus Ferreira", "30577"), pairing="P2146", date=d(15), base="BOS",
         route="BOS–ORD–BOS", report="05:40", release="15:25", submitted=d(9, 14, 25),
         legality="Passed", status="Pending", fleet="A320"),
]
REQ = {r["id"]: r for r in KEY_REQUESTS}

DECIDED_IDS = {4398, 4406, 4390, 4385}
RECENT_DECISIONS = [
    "SW-4398 · Cancelled by crew member · FO D. Whitlock → Capt. S. Haddad · P2146 · 14 Mar",
    "SW-4406 · Denied · FA L. Tan ↔ FA R. Ibarra · day-off swap · 18 Mar",
    "SW-4390 · Approved · Capt. H. Brandt → Capt. Y. Okonjo · P1187 · 12 Mar",
    "SW-4385 · Auto-cancelled · pairing P3310 cancelled by ops (weather)",
]

PILOT_FIRST = ["Helena", "Yusuf", "Aiko", "Tomasz", "Grace", "Rafael", "Ingrid", "Kwame",
               "Lucia", "Stefan", "Noor", "Brendan", "Mei", "Oskar", "Farah", "Declan"]
PILOT_LAST = ["Brandt", "Okonjo", "Marsh", "Nowak", "Adeyemi", "Lindqvist", "Castro",
              "Novak", "Haddad", "Byrne", "Kaur", "Sato", "Moreau", "Quinlan", "Delgado", "Abara"]
CABIN_FIRST = ["Li Wen", "Rosa", "Tariq", "Beatriz", "Colm", "Hana", "Pieter", "Amara",
               "Jules", "Sunita", "Viktor", "Elif"]
CABIN_LAST = ["Tan", "Ibarra", "Sule", "Okafor-Reid", "Brennan", "Mori", "de Wit", "Nkemelu",
              "Fontaine", "Rao", "Petrov", "Yilmaz"]
REPORTS = ["05:10", "06:25", "07:45", "08:30", "10:15", "12:40", "14:05", "16:50"]
ANCHORS = [(4380, d(8, 20, 0)), (4417, d(9, 14, 10)), (4419, d(9, 14, 25)),
           (4431, d(11, 13, 5)), (4471, d(12, 5, 55)), (4481, d(12, 6, 40))]


def interp_submitted(n):
    for (a, ta), (b, tb) in zip(ANCHORS, ANCHORS[1:]):
        if a <= n <= b:
            frac = (n - a) / (b - a)
            t = ta + (tb - ta) * frac
            return t.replace(second=0, microsecond=0)
    raise ValueError(n)


def build_rows():
    rng = random.Random(SEED)
    taken = {4417, 4419, 4431, 4471} | DECIDED_IDS
    low = rng.sample([i for i in range(4380, 4417) if i not in taken], 21)
    high = rng.sample([i for i in range(4420, 4481) if i not in taken], 12)
    ids = sorted(low + high)
    order = ids[:]
    rng.shuffle(order)
    dates = {}
    for i, n in enumerate(order):
        if i < 2:
            dates[n] = (d(12), rng.choice(REPORTS[3:]))
        elif i < 4:
            dates[n] = (d(13), rng.choice(REPORTS))
        elif i == 4:
            dates[n] = (d(14), "11:20")
        elif i == 5:
            dates[n] = (d(15), "09:05")
        else:
            dates[n] = (d(rng.randint(16, 24)), rng.choice(REPORTS))
    rows = []
    p1_left = ["P1187", "P1420"]
    used_names = set()
    for n in ids:
        t = rng.random()
        typ = ("Trip swap" if t < 0.55 else "Day-off swap" if t < 0.72 else
               "Reserve pickup" if t < 0.87 else "Drop to open time")
        cabin = rng.random() < 0.4
        while True:
            if cabin:
                rk = rng.choice(["FA", "FA", "Purser"])
                a = "%s %s" % (rng.choice(CABIN_FIRST), rng.choice(CABIN_LAST))
                b = "%s %s" % (rng.choice(CABIN_FIRST), rng.choice(CABIN_LAST))
                rk2 = "FA"
            else:
                rk = rng.choice(["Capt.", "FO"])
                rk2 = rk
                a = "%s %s" % (rng.choice(PILOT_FIRST), rng.choice(PILOT_LAST))
                b = "%s %s" % (rng.choice(PILOT_FIRST), rng.choice(PILOT_LAST))
            if a != b and (a, b) not in used_names:
                used_names.add((a, b))
                break
        base = rng.choice(["BOS", "BOS", "ORD", "DEN"])
        date, report = dates[n]
        if typ == "Day-off swap":
            pairing = "—"
        elif typ == "Reserve pickup":
            pairing = "R-%s-%s" % (base, rng.choice(["AM", "PM"]))
        elif typ == "Trip swap" and p1_left and rng.random() < 0.3:
            pairing = p1_left.pop(0)
        else:
            pairing = "P%d" % rng.randint(3000, 5999)
        give = "%s %s" % (rk, a)
        recv = "%s %s" % (rk2, b)
        if typ == "Reserve pickup":
            give = "— (open time)"
        if typ == "Drop to open time":
            recv = "Open time"
        if typ in ("Day-off swap", "Drop to open time"):
            legality = "Not required"
        else:
            x = rng.random()
            legality = "Passed" if x < 0.7 else "Failed" if x < 0.9 else "Not run"
        x = rng.random()
        status = "Pending" if x < 0.75 else "Escalated" if x < 0.87 else "Info requested"
        rows.append(dict(id="SW-%d" % n, type=typ, give_s=give, recv_s=recv, pairing=pairing,
                         date=date, report=report, base=base, submitted=interp_submitted(n),
                         legality=legality, status=status))
    for r in KEY_REQUESTS:
        rows.append(dict(id=r["id"], type=r["type"], give_s="%s %s" % r["give"][:2],
                         recv_s="%s %s" % r["recv"][:2], pairing=r["pairing"], date=r["date"],
                         report=r["report"], base=r["base"], submitted=r["submitted"],
                         legality=r["legality"], status=r["status"]))
    return rows


ROWS = build_rows()
assert len(ROWS) == 37


def fmt_date(t):
    return t.strftime("%d %b %Y")


def fmt_due(sub, clock):
    due = sub + dt.timedelta(hours=72)
    secs = (due - clock).total_seconds()
    mins = int(abs(secs) // 60)
    if mins < 60:
        span = "%d min" % max(mins, 1)
    else:
        span = "%d h" % (mins // 60)
    return ("Due in " if secs >= 0 else "Overdue ") + span


def overdue_count(clock, rows):
    return sum(1 for r in rows if r["submitted"] + dt.timedelta(hours=72) < clock)


SORTS = {
    "duty": ("Duty date", "earliest first",
             lambda r: (r["date"], r["report"], r["id"])),
    "submitted": ("Submitted", "newest first",
                  lambda r: (-r["submitted"].timestamp(), r["id"])),
    "pairing": ("Pairing", "A to Z",
                lambda r: (r["pairing"] == "—", r["pairing"], r["date"], r["id"])),
}
COLUMNS = ["Request", "Type", "Giving", "Receiving", "Pairing", "Duty date", "Base",
           "Submitted", "Response", "Legality", "Status"]
SORTABLE = {"Request", "Pairing", "Duty date", "Submitted", "Response"}


# ---------------------------------------------------------------------------
# Shared furniture
# ---------------------------------------------------------------------------
NAV = ["Dashboard", "Swap requests", "Pairings", "Crew directory", "Open time", "Reports"]


def chrome_top(p, st, active, crumbs, search_value=""):
    p.el(1, "banner", "")
    p.el(2, "link", "AeroRota Crew Desk home")
    p.txt(3, PRODUCT)
    p.txt(2, "Northbay Air · Crew Operations")
    p.el(2, "navigation", "Main")
    for label in NAV:
        p.el(3, "link", label, current=("page" if label == active else None))
    p.el(2, "search", "")
    p.el(3, "searchbox", "Search crew, pairings, requests", value=search_value)
    p.el(3, "button", "Search")
    p.el(2, "button", "Notifications, 4 unread", hasPopup="menu", expanded=False)
    p.el(2, "button", "R. Okafor, Crew Desk Controller", hasPopup="menu", expanded=False)
    p.el(1, "region", "Operations status")
    clock = st["clock"]
    p.txt(2, "Ops clock %s · %s" % (clock.strftime("%H:%MZ"), fmt_date(clock)))
    p.txt(2, "Open swap requests %d" % st["open_count"])
    p.txt(2, "Overdue responses %d" % overdue_count(clock, ROWS))
    p.txt(2, "Legality engine online")
    p.txt(2, st.get("publish", "Roster publish idle"))
    if st.get("banner"):
        p.el(1, "status", "")
        p.txt(2, st["banner"])
        p.el(2, "button", "Dismiss banner")
    p.el(1, "navigation", "Breadcrumb")
    for c in crumbs[:-1]:
        p.el(2, "link", c)
    p.txt(2, crumbs[-1])


def chrome_bottom(p):
    p.el(1, "contentinfo", "")
    p.txt(2, "AeroRota Crew Desk 4.12.3 · data refreshed every 60 s")
    for label in ["Help centre", "Contract rules (CBA 2023)", "Duty-time reference",
                  "Privacy notice", "Report a problem"]:
        p.el(2, "link", label)
    p.txt(2, "© 2025 Northbay Air. Internal use only.")


def combobox(p, depth, name, value, options):
    p.el(depth, "combobox", name, hasPopup="menu", expanded=False, value=value)
    for o in options:
        p.el(depth + 1, "option", o, selected=(o == value))


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def page_dashboard(st):
    p = Page(BASE + "/", "Overview · " + PRODUCT)
    chrome_top(p, st, "Dashboard", ["Crew Desk", "Overview"])
    p.el(1, "main", "")
    p.el(2, "heading", "Crew desk overview", level=1)
    p.txt(2, "Good morning, R. Okafor. Shift started 06:00Z.")
    p.el(2, "region", "Today at a glance")
    p.txt(3, "Open swap requests 37")
    p.txt(3, "Overdue responses %d" % overdue_count(st["clock"], ROWS))
    p.txt(3, "Legality failures in queue %d" % sum(1 for r in ROWS if r["legality"] == "Failed"))
    p.txt(3, "Pairings cancelled (weather, ORD) 5")
    p.txt(3, "Reserve coverage BOS 82%")
    p.el(3, "link", "Go to swap requests")
    p.el(2, "region", "Irregular operations")
    p.el(3, "heading", "Irregular operations", level=2)
    p.el(3, "list", "")
    for item in ["ORD ground stop 05:10–06:05Z · 5 pairings cancelled",
                 "Crew rest facility DEN: booking failed for 2 crew, resolved",
                 "P3310 cancelled by ops · affected swap SW-4385 auto-cancelled"]:
        p.el(4, "listitem", "")
        p.txt(5, item)
    p.el(2, "region", "My recent activity")
    p.el(3, "list", "")
    for item in ["06:21Z Denied SW-4406 (day-off swap)",
                 "06:12Z Requested more info on SW-4423",
                 "06:04Z Viewed pairing P1187"]:
        p.el(4, "listitem", "")
        p.txt(5, item)
    chrome_bottom(p)
    return p


def page_queue(st, sort="duty", page=1, draft=None, applied=None, query="", toast=None,
               search_value=""):
    applied = dict(applied or {})
    for k, v in (("type", "All types"), ("status", "Open"), ("base", "All bases"),
                 ("submitted", "Any time")):
        applied.setdefault(k, v)
    shown = dict(applied)
    shown.update(draft or {})
    clock = st["clock"]
    rows = list(ROWS)
    if applied["type"] != "All types":
        rows = [r for r in rows if r["type"] == applied["type"]]
    if applied["base"] != "All bases":
        rows = [r for r in rows if r["base"] == applied["base"]]
    if applied["submitted"] == "Last 24 hours":
        rows = [r for r in rows if r["submitted"] >= clock - dt.timedelta(hours=24)]
    if query:
        q = query.lower()
        rows = [r for r in rows if q in " ".join([r["id"], r["give_s"], r["recv_s"],
                                                   r["pairing"]]).lower()]
    col, order_word, key = SORTS[sort]
    rows.sort(key=key)
    total = len(rows)
    pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    chunk = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]

    params = []
    if applied["type"] == "Trip swap":
        params.append("type=trip")
    if applied["submitted"] == "Last 24 hours":
        params.append("submitted=24h")
    if sort != "duty":
        params.append("sort=" + sort)
    if page != 1:
        params.append("page=%d" % page)
    if query:
        params.append("q=" + query.replace(" ", "+"))
    url = BASE + "/swaps" + ("?" + "&".join(params) if params else "")
    p = Page(url, "Swap requests · " + PRODUCT)
    chrome_top(p, st, "Swap requests", ["Crew Desk", "Swap requests"], search_value=search_value)
    p.el(1, "main", "")
    p.el(2, "heading", "Swap requests", level=1)
    p.txt(2, "Crew-initiated trip, day-off and reserve swaps awaiting a crew desk decision.")
    if toast:
        p.el(2, "status", "")
        p.txt(3, toast)
        p.el(3, "button", "Dismiss notification")
    p.el(2, "region", "Queue summary")
    for s in ["Pending", "Escalated", "Info requested"]:
        p.txt(3, "%s %d" % (s, sum(1 for r in ROWS if r["status"] == s)))
    p.txt(3, "Legality failed %d" % sum(1 for r in ROWS if r["legality"] == "Failed"))
    p.el(2, "group", "Filters")
    combobox(p, 3, "Request type", shown["type"],
             ["All types", "Trip swap", "Day-off swap", "Reserve pickup", "Drop to open time"])
    combobox(p, 3, "Status", shown["status"],
             ["Open", "Pending", "Escalated", "Info requested", "All, including closed"])
    combobox(p, 3, "Base", shown["base"], ["All bases", "BOS", "ORD", "DEN"])
    combobox(p, 3, "Submitted", shown["submitted"], ["Any time", "Last 24 hours", "Last 7 days"])
    p.el(3, "button", "Apply filters")
    p.el(3, "button", "Clear filters")
    if draft and any(draft[k] != applied[k] for k in draft):
        p.txt(3, "Filters changed. Select Apply filters to update the list.")
    p.el(2, "textbox", "Filter this list by request, crew or pairing", value=query)
    p.txt(2, "Sorted by %s, %s" % (col, order_word))
    p.el(2, "table", "Swap requests")
    p.el(3, "row", "")
    for c in COLUMNS:
        p.el(4, "columnheader", c, sort=("ascending" if c == col and sort != "submitted" else
                                         "descending" if c == col else None))
        if c in SORTABLE:
            p.el(5, "button", "Sort by " + c)
    if not chunk:
        p.el(3, "row", "")
        p.el(4, "cell", "No swap requests match your filters.")
    for r in chunk:
        p.el(3, "row", "")
        p.el(4, "cell", "")
        p.el(5, "checkbox", "Select " + r["id"], checked="false")
        p.el(4, "cell", r["id"])
        p.el(5, "link", r["id"])
        for v in [r["type"], r["give_s"], r["recv_s"], r["pairing"], fmt_date(r["date"]),
                  r["base"], r["submitted"].strftime("%d %b %H:%MZ"),
                  fmt_due(r["submitted"], clock), r["legality"], r["status"]]:
            p.el(4, "cell", v)
    if total:
        lo = (page - 1) * PAGE_SIZE + 1
        p.txt(2, "Showing %d–%d of %d" % (lo, lo + len(chunk) - 1, total))
    else:
        p.txt(2, "Showing 0 of 0")
    p.el(2, "navigation", "Pagination")
    p.el(3, "button", "Previous page", disabled=(page == 1))
    for i in range(1, pages + 1):
        p.el(3, "button", "Page %d" % i, pressed=(i == page))
    p.el(3, "button", "Next page", disabled=(page == pages))
    combobox(p, 2, "Rows per page", "10", ["10", "25", "50"])
    p.el(2, "button", "Export CSV")
    p.el(1, "complementary", "Recent decisions")
    p.el(2, "heading", "Recent decisions", level=2)
    p.el(2, "list", "")
    for item in RECENT_DECISIONS:
        p.el(3, "listitem", "")
        p.txt(4, item)
    p.el(2, "link", "View decision log")
    chrome_bottom(p)
    return p


def page_search(st, q):
    assert q == "Whitlock"
    p = Page(BASE + "/search?q=" + q, "Search: %s · %s" % (q, PRODUCT))
    chrome_top(p, st, None, ["Crew Desk", "Search"], search_value=q)
    p.el(1, "main", "")
    p.el(2, "heading", "Results for Whitlock", level=1)
    p.txt(2, "5 results in crew, requests and pairings")
    p.el(2, "region", "Crew members")
    p.el(3, "heading", "Crew members", level=2)
    p.el(3, "link", "FO Dana Whitlock · EMP 30218 · BOS · A320")
    p.txt(3, "Similar names")
    p.el(3, "link", "FO Dana Whitley · EMP 31942 · BOS · A320")
    p.el(2, "region", "Swap requests")
    p.el(3, "heading", "Swap requests", level=2)
    p.el(3, "table", "Matching swap requests")
    p.el(4, "row", "")
    for c in ["Request", "Type", "Giving", "Receiving", "Pairing", "Duty date", "Status"]:
        p.el(5, "columnheader", c)
    for rid, giv, rec, pr, date, status in [
            ("SW-4417", "FO Dana Whitlock", "FO Marcus Ferreira", "P2146", "14 Mar 2025", "Pending"),
            ("SW-4419", "FO Dana Whitlock", "FO Marcus Ferreira", "P2146", "15 Mar 2025", "Pending"),
            ("SW-4398", "FO Dana Whitlock", "Capt. Samir Haddad", "P2146", "14 Mar 2025",
             "Cancelled by crew member")]:
        p.el(4, "row", "")
        p.el(5, "cell", rid)
        p.el(6, "link", rid)
        for v in ["Trip swap", giv, rec, pr, date, status]:
            p.el(5, "cell", v)
    p.el(2, "region", "Pairings")
    p.el(3, "heading", "Pairings", level=2)
    p.txt(3, "No pairings match Whitlock. Search pairings by number, for example P2146.")
    chrome_bottom(p)
    return p


SCHEDULES = {
    "Dana Whitlock": [(12, "Day off", "", "", ""), (13, "P2120", "BOS–PHL–BOS", "06:10", "13:45"),
                      (14, "P2146", "BOS–ORD–BOS", "05:40", "15:25"),
                      (15, "P2146", "BOS–ORD–BOS", "05:40", "15:25"),
                      (16, "P2231", "BOS–MSP–BOS", "07:20", "17:55"), (17, "Day off", "", "", "")],
    "Marcus Ferreira": [(12, "Reserve R-BOS-PM", "", "12:00", "22:00"),
                        (13, "P2019", "BOS–CLT–BOS", "08:20", "17:05"), (14, "Day off", "", "", ""),
                        (15, "Day off", "", "", ""), (16, "P2288", "BOS–DTW–BOS", "09:30", "18:10"),
                        (17, "Day off", "", "", "")],
    "Owen Castellano": [(12, "P2101", "BOS–BWI–BOS", "06:00", "14:10"), (13, "Day off", "", "", ""),
                        (14, "P2164", "BOS–DCA–BOS", "06:15", "13:50"),
                        (15, "P2170", "BOS–RDU–BOS", "11:05", "19:30"), (16, "Day off", "", "", ""),
                        (17, "Day off", "", "", "")],
    "Priya Raman": [(12, "Day off", "", "", ""), (13, "P2077", "BOS–PIT–BOS", "07:00", "15:40"),
                    (14, "Day off", "", "", ""), (15, "Reserve R-BOS-AM", "", "04:00", "14:00"),
                    (16, "P2302", "BOS–CMH–BOS", "06:45", "15:15"), (17, "Day off", "", "", "")],
    "Dana Whitley": [(12, "P2390", "BOS–JAX–BOS", "08:10", "17:20"), (13, "Day off", "", "", ""),
                     (14, "P2416", "BOS–MCO–BOS", "07:05", "16:40"), (15, "Day off", "", "", ""),
                     (16, "P2433", "BOS–TPA–BOS", "06:30", "16:05"), (17, "Day off", "", "", "")],
    "Marco Ferreira": [(12, "Day off", "", "", ""), (13, "Reserve R-BOS-AM", "", "04:00", "14:00"),
                       (14, "Day off", "", "", ""), (15, "P2452", "BOS–FLL–BOS", "06:50", "17:10"),
                       (16, "Day off", "", "", ""), (17, "Day off", "", "", "")],
}
NOTES = {
    ("Dana Whitlock", 14): {"SW-4417": "Offered in this request", "SW-4419": "Swap pending (SW-4417)"},
    ("Dana Whitlock", 15): {"SW-4417": "Swap pending (SW-4419)", "SW-4419": "Offered in this request"},
    ("Dana Whitlock", 16): {"*": "Cancelled by ops (ATC programme), pay protected"},
    ("Marcus Ferreira", 14): {"SW-4417": "Receives P2146 if approved", "SW-4419": "Swap pending (SW-4417)"},
    ("Marcus Ferreira", 15): {"SW-4417": "Swap pending (SW-4419)", "SW-4419": "Receives P2146 if approved"},
    ("Owen Castellano", 14): {"*": "Offered in this request"},
    ("Priya Raman", 14): {"*": "Receives P2164 if approved"},
    ("Dana Whitley", 14): {"*": "Offered in this request"},
    ("Marco Ferreira", 14): {"*": "Receives P2416 if approved"},
    ("Marco Ferreira", 15): {"*": "Sick call-in 11 Mar, fit for duty"},
}
SENIORITY = {"Dana Whitlock": 412, "Marcus Ferreira": 388, "Owen Castellano": 455,
             "Priya Raman": 471, "Dana Whitley": 509, "Marco Ferreira": 396}

LEGALITY = {
    "SW-4417": ["12 h 35 min", "9 h 45 min", "38 h 20 min", "71 h 05 min", "Current to 30 Oct 2025", "BOS / BOS"],
    "SW-4419": ["36 h 35 min", "9 h 45 min", "29 h 05 min", "64 h 40 min", "Current to 30 Oct 2025", "BOS / BOS"],
    "SW-4471": ["15 h 20 min", "7 h 35 min", "33 h 10 min", "58 h 25 min", "Current to 14 Jun 2025", "BOS / BOS"],
    "SW-4431": ["17 h 05 min", "9 h 35 min", "26 h 50 min", "61 h 30 min", "Current to 02 Aug 2025", "BOS / BOS"],
}
CHECKS = [("Minimum rest before duty", "10 h"), ("Flight duty period", "13 h"),
          ("Duty hours, rolling 7 days", "60 h"), ("Block hours, rolling 28 days", "100 h"),
          ("Type rating and recency", "A320 current"), ("Base and positioning", "Same base")]


def crew(t):
    return "%s %s" % (t[0], t[1])


def page_detail(st, rid, tab="Pairings", status="Pending", toast=None, dialog=None,
                legality="pass", lastrun="fresh", decided=None):
    r = REQ[rid]
    clock = st["clock"]
    url = BASE + "/swaps/" + rid + ("" if tab == "Pairings" else "?tab=" + tab.lower())
    p = Page(url, "%s · Swap request · %s" % (rid, PRODUCT))
    chrome_top(p, st, "Swap requests", ["Crew Desk", "Swap requests", rid])
    p.el(1, "main", "")
    if toast:
        p.el(2, "status", "")
        p.txt(3, toast)
        p.el(3, "button", "Dismiss notification")
    p.el(2, "heading", "Swap request " + rid, level=1)
    p.txt(2, "%s · Fleet %s · Base %s" % (r["type"], r["fleet"], r["base"]))
    p.txt(2, "Request status: " + status)
    p.txt(2, "Submitted %s by %s" % (r["submitted"].strftime("%d %b %Y %H:%MZ"), crew(r["give"])))
    if decided:
        p.txt(2, "Decided %s by R. Okafor" % decided["at"].strftime("%d %b %Y %H:%MZ"))
    else:
        p.txt(2, "Response: " + fmt_due(r["submitted"], clock))
    p.el(2, "toolbar", "Request actions")
    if status == "Pending":
        p.el(3, "button", "Approve")
        p.el(3, "button", "Deny")
        p.el(3, "button", "Request more info")
    else:
        p.el(3, "button", "Reopen request", disabled=True)
        p.el(3, "link", "Print decision summary")
    p.el(3, "link", "Back to swap requests")
    p.el(2, "region", "Swap summary")
    p.txt(3, "Pairing %s on %s · %s · report %sZ · release %sZ" % (
        r["pairing"], fmt_date(r["date"]), r["route"], r["report"], r["release"]))
    p.txt(3, "Giving: %s (EMP %s)" % (crew(r["give"]), r["give"][2]))
    p.txt(3, "Receiving: %s (EMP %s)" % (crew(r["recv"]), r["recv"][2]))
    if decided:
        p.el(2, "region", "Decision")
        p.txt(3, "Approved by R. Okafor")
        p.txt(3, "Reason: " + decided["reason"])
        p.txt(3, "Comment: " + decided["comment"])
        if decided.get("override"):
            p.txt(3, "Legality override recorded: minimum rest before duty")
    hist = 4 if decided else 3
    p.el(2, "tablist", "Request sections")
    for t in ["Pairings", "Legality", "History (%d)" % hist, "Messages (1)"]:
        p.el(3, "tab", t, selected=(t == tab))
    p.el(2, "tabpanel", tab)
    if tab == "Pairings":
        for side, who in (("Giving", r["give"]), ("Receiving", r["recv"])):
            name = who[1]
            p.el(3, "heading", "%s crew member: %s" % (side, crew(who)), level=2)
            p.txt(3, "EMP %s · Base %s · %s · Seniority %d" % (who[2], r["base"], r["fleet"],
                                                           SENIORITY[name]))
            p.el(3, "link", "Open full roster for " + name)
            p.el(3, "table", "Schedule, %s, 12–17 Mar 2025" % crew(who))
            p.el(4, "row", "")
            for c in ["Date", "Activity", "Route", "Report", "Release", "Note"]:
                p.el(5, "columnheader", c)
            for day, act, route, rep, rel in SCHEDULES[name]:
                notes = NOTES.get((name, day), {})
                note = notes.get(rid, notes.get("*", ""))
                p.el(4, "row", "")
                for v in ["%02d Mar" % day, act, route, rep, rel, note]:
                    p.el(5, "cell", v)
    elif tab == "Legality":
        p.el(3, "heading", "Legality checks", level=2)
        p.txt(3, "Rule set: CBA 2023 and FAR 117 · checked for %s taking %s" % (crew(r["recv"]), r["pairing"]))
        if lastrun == "stale":
            p.txt(3, "Last run 09 Mar 2025 14:11Z")
            p.el(3, "alert", "")
            p.txt(4, "Results are more than 24 h old. Re-run before deciding.")
        elif lastrun == "rerun":
            p.txt(3, "Last run %s" % clock.strftime("%d %b %Y %H:%MZ"))
        else:
            p.txt(3, "Last run 12 Mar 2025 05:58Z (nightly re-check)")
        actual = list(LEGALITY[rid])
        results = ["Passed"] * 6
        if legality == "fail":
            actual[0] = "9 h 20 min"
            results[0] = "Failed"
        p.el(3, "table", "Legality results")
        p.el(4, "row", "")
        for c in ["Check", "Limit", "Actual", "Result"]:
            p.el(5, "columnheader", c)
        for (chk, lim), act, res in zip(CHECKS, actual, results):
            p.el(4, "row", "")
            for v in [chk, lim, act, res]:
                p.el(5, "cell", v)
        if legality == "fail":
            p.txt(3, "5 of 6 legality checks passed · 1 failed")
        else:
            p.txt(3, "All 6 legality checks passed")
        p.txt(3, "%s gives up the duty; no checks are needed on that side." % crew(r["give"]))
        p.el(3, "button", "Re-run legality checks")
        p.el(3, "link", "View rule text")
    elif tab.startswith("History"):
        p.el(3, "list", "")
        for item in ["09 Mar 14:10Z Submitted by " + crew(r["give"]),
                     "09 Mar 14:11Z Legality checks run automatically",
                     "09 Mar 16:02Z Accepted by " + crew(r["recv"])]:
            p.el(4, "listitem", "")
            p.txt(5, item)
    if dialog and dialog["kind"] == "approve":
        p.el(1, "dialog", "Approve swap request " + rid, modal=True)
        p.el(2, "heading", "Approve swap request " + rid, level=2)
        p.txt(2, "Pairing %s on %s moves from %s to %s. Both rosters are republished and, "
                 "if selected, both crew members are notified." % (
                     r["pairing"], fmt_date(r["date"]), crew(r["give"]), crew(r["recv"])))
        if legality == "fail":
            p.el(2, "alert", "")
            p.txt(3, "1 legality check failed. Approving records a legality override against your name.")
        combobox(p, 2, "Reason code", dialog.get("reason", "Select a reason"), REASONS)
        p.el(2, "textbox", "Comment (required)", required=True, value=dialog.get("comment", ""))
        p.txt(2, "%d / 500 characters" % len(dialog.get("comment", "")))
        p.el(2, "checkbox", "Notify both crew members", checked="true")
        p.el(2, "button", "Cancel")
        p.el(2, "button", "Confirm approval")
    elif dialog and dialog["kind"] == "final":
        p.el(1, "alertdialog", "Final confirmation", modal=True)
        p.el(2, "heading", "Approve %s?" % rid, level=2)
        p.txt(2, "This republishes two rosters and notifies %s and %s. The crew desk cannot "
                 "undo it; a reversal needs a new swap request." % (crew(r["give"]), crew(r["recv"])))
        p.el(2, "button", "Go back")
        p.el(2, "button", "Yes, approve")
    chrome_bottom(p)
    return p


def page_signin(nxt):
    p = Page(BASE + "/signin?next=" + nxt.replace("/", "%2F"), "Sign in · " + PRODUCT)
    p.el(1, "banner", "")
    p.el(2, "link", "AeroRota Crew Desk home")
    p.txt(3, PRODUCT)
    p.el(1, "main", "")
    p.el(2, "heading", "Sign in to AeroRota Crew Desk", level=1)
    p.el(2, "alert", "")
    p.txt(3, "Your session has expired. Please sign in again.")
    p.el(2, "textbox", "Employee ID", required=True, value="")
    p.el(2, "textbox", "Password", required=True, value="")
    p.el(2, "checkbox", "Keep me signed in on this device", checked="false")
    p.el(2, "button", "Sign in")
    p.el(2, "link", "Sign in with Northbay single sign-on")
    p.el(2, "link", "Forgot password?")
    chrome_bottom(p)
    return p


def page_forbidden(st, rid):
    p = Page(BASE + "/swaps/%s/approve" % rid, "Access denied · " + PRODUCT)
    chrome_top(p, st, "Swap requests", ["Crew Desk", "Swap requests", rid, "Approve"])
    p.el(1, "main", "")
    p.el(2, "heading", "403 · Access denied", level=1)
    p.txt(2, "You do not have permission to approve swap requests for fleet A320.")
    p.txt(2, "Approval rights are granted per fleet by the crew desk supervisor. Reference ERR-AUTH-4031.")
    p.el(2, "link", "Back to swap request " + rid)
    p.el(2, "link", "Contact the crew desk supervisor")
    chrome_bottom(p)
    return p


# ---------------------------------------------------------------------------
# The plan: written from the task text and the healthy pages only
# ---------------------------------------------------------------------------
def A(text):
    return {"text": text, "on": "action"}


PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to AeroRota Crew Desk",
            "Your session has expired",
            "403 · Access denied",
            "You do not have permission",
        ],
    },
    "commitments": [
        {
            "id": "open-request",
            "subgoal": "Find trip-swap request SW-4417 (FO Dana Whitlock giving P2146 on 14 Mar 2025 "
                       "to FO Marcus Ferreira) in the swap requests queue and open it",
            "skill": "open_record_from_queue",
            "confidence": 0.75,
            "confirm": {
                "precondition": ["Swap requests · AeroRota Crew Desk"],
                "progress": ["SW-4417", "FO Dana Whitlock"],
                "completion": ["SW-4417 · Swap request · AeroRota Crew Desk",
                               "Pairing P2146 on 14 Mar 2025",
                               "Giving: FO Dana Whitlock (EMP 30218)",
                               "Receiving: FO Marcus Ferreira (EMP 30577)"],
            },
            "falsify": {
                "execution": [
                    "Swap request SW-4471", "Swap request SW-4419", "Swap request SW-4431",
                    "Dana Whitley", "Marco Ferreira", "P2164", "P2416",
                    "No swap requests match your filters.",
                    A("link 'SW-4471'"), A("link 'SW-4419'"), A("link 'SW-4431'"),
                    A("Last 24 hours"),
                ],
                "skill": ["The queue could not be loaded"],
                "planning": ["Request status: Cancelled", "Request status: Denied",
                             "Request status: Approved"],
            },
        },
        {
            "id": "check-legality",
            "subgoal": "Open the Legality panel of SW-4417 and confirm that every check passed",
            "skill": "read_status_panel",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Swap request SW-4417"],
                "progress": ["Legality checks", "Legality results"],
                "completion": ["All 6 legality checks passed",
                               "No check in the Legality results table shows Failed"],
            },
            "falsify": {
                "execution": ["Legality engine offline", "Swap request SW-4471",
                              "Swap request SW-4419", "Swap request SW-4431"],
                "skill": [],
                "planning": ["1 failed", "5 of 6 legality checks passed"],
            },
        },
        {
            "id": "approve",
            "subgoal": "Approve SW-4417 with reason code Mutual swap and the comment "
                       "'Legality passed, approved by crew desk'",
            "skill": "decide_with_reason_and_comment",
            "confidence": 0.65,
            "confirm": {
                "precondition": ["Approve swap request SW-4417", "All 6 legality checks passed"],
                "progress": ["Mutual swap", "Legality passed, approved by crew desk"],
                "completion": ["Swap request SW-4417 approved", "Request status: Approved",
                               "Reason: Mutual swap",
                               "The Approve and Deny buttons are no longer shown"],
            },
            "falsify": {
                "execution": [
                    A("button 'Deny'"), A("button 'Go back'"), A("Fatigue relief"),
                    A("Training conflict"), A("Operational need"),
                    "Reason: Fatigue relief",
                    "Swap request SW-4471 approved", "Swap request SW-4419 approved",
                    "Swap request SW-4431 approved",
                ],
                "skill": ["Comment is required", "Reason code is required"],
                "planning": ["Approving records a legality override",
                             "Legality override recorded"],
            },
        },
        {
            "id": "report",
            "subgoal": "Tell the user that SW-4417 is approved",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Request status: Approved", "Swap request SW-4417 approved"],
                "progress": [],
                "completion": [],
            },
            "falsify": {
                "execution": ["Request status: Pending", "Confirm approval",
                              "No swap requests match your filters."],
                "skill": [],
                "planning": [],
            },
        },
    ],
}


def yq(s):
    return json.dumps(s, ensure_ascii=False)


def plan_yaml(plan):
    out = ["# Plan for the crewswap workflow (AeroRota Crew Desk).",
           "# Written from the task text and the healthy pages only.",
           "task: " + yq(plan["task"]),
           "plan_falsifiers:"]
    for scope, items in plan["plan_falsifiers"].items():
        out.append("  %s:" % scope)
        for it in items:
            out.append("    - " + yq(it))

    def item(it, ind):
        if isinstance(it, dict):
            return "%s- {text: %s, on: %s}" % (ind, yq(it["text"]), it["on"])
        return "%s- %s" % (ind, yq(it))

    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + yq(c["subgoal"]))
        if "skill" in c:
            out.append("    skill: " + c["skill"])
        out.append("    confidence: %s" % c["confidence"])
        for sect in ("confirm", "falsify"):
            out.append("    %s:" % sect)
            for stage, items in c[sect].items():
                if not items:
                    out.append("      %s: []" % stage)
                    continue
                out.append("      %s:" % stage)
                for it in items:
                    out.append(item(it, "        "))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Trajectory builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, off, start_page):
        self.id = rid
        self.fault = fault
        self.off = off
        self.pages = [start_page]
        self.steps = []

    def act(self, commitment, kind, role, name, arg, reasoning, effect, page):
        cur = self.pages[-1]
        target = None
        if kind == "send_msg_to_user":
            cmd = "send_msg_to_user(%s)" % json.dumps(arg, ensure_ascii=False)
            target = "message to user"
        elif kind == "goto":
            cmd = "goto(%r)" % arg
            target = "url %s" % arg
        else:
            bid = cur.find(role, name)
            target = "%s %r" % (role, name)
            if kind == "click":
                cmd = "click(%r)" % bid
            elif kind == "fill":
                cmd = "fill(%r, %s)" % (bid, json.dumps(arg, ensure_ascii=False))
            elif kind == "select_option":
                cmd = "select_option(%r, %r)" % (bid, arg)
            elif kind == "press":
                cmd = "press(%r, %r)" % (bid, arg)
            else:
                raise ValueError(kind)
        step = {"action": {"command": cmd, "reasoning": reasoning, "target": target,
                           "effect": effect},
                "observation": page.obs()}
        if commitment:
            step = {"commitment": commitment, **step}
        self.steps.append(step)
        self.pages.append(page)
        return self

    def record(self):
        healthy = self.fault is None
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.pages[0].obs(),
            "steps": self.steps,
            "outcome": {"success": healthy},
        }


class Clock:
    """Per-run page state: ops clock advances one minute per page."""

    def __init__(self, start=NOW):
        self.t = start
        self.open_count = 37

    def st(self, **kw):
        s = {"clock": self.t, "open_count": self.open_count}
        s.update(kw)
        self.t = self.t + dt.timedelta(minutes=1)
        return s


DONE_MSG = ("Approved SW-4417: P2146 on 14 Mar 2025 moves from FO Dana Whitlock to FO Marcus "
            "Ferreira. All 6 legality checks passed; reason Mutual swap, comment added.")
OK_TOAST = ("Swap request SW-4417 approved. Rosters republished for FO Dana Whitlock and "
            "FO Marcus Ferreira.")


def approved_page(c, rid="SW-4417", tab="Legality", reason=REASON, override=False,
                  lastrun="fresh", legality="pass"):
    c.open_count -= 1
    r = REQ[rid]
    at = c.t
    toast = ("Swap request %s approved. Rosters republished for %s and %s." %
             (rid, crew(r["give"]), crew(r["recv"])))
    return page_detail(c.st(publish="Roster publish running (2 rosters)"), rid, tab=tab,
                       status="Approved", toast=toast, lastrun=lastrun, legality=legality,
                       decided={"at": at, "reason": reason, "comment": COMMENT,
                                "override": override})


def tail_approve(run, c, rid="SW-4417", tab="Legality", order=("reason", "comment"),
                 reason=REASON, legality="pass", lastrun="fresh", final=False):
    """Open the approve dialog, set reason and comment, confirm. Returns run."""
    run.act("approve", "click", "button", "Approve", None,
            "Legality is clear; open the approval dialog.", "read",
            page_detail(c.st(), rid, tab=tab, dialog={"kind": "approve"}, legality=legality,
                        lastrun=lastrun))
    dlg = {"kind": "approve"}
    for what in order:
        if what == "reason":
            dlg = dict(dlg, reason=reason)
            run.act("approve", "select_option", "combobox", "Reason code", reason,
                    "The task asks for reason code %s." % REASON, "write",
                    page_detail(c.st(), rid, tab=tab, dialog=dlg, legality=legality,
                                lastrun=lastrun))
        else:
            dlg = dict(dlg, comment=COMMENT)
            run.act("approve", "fill", "textbox", "Comment (required)", COMMENT,
                    "Enter the comment exactly as given in the task.", "write",
                    page_detail(c.st(), rid, tab=tab, dialog=dlg, legality=legality,
                                lastrun=lastrun))
    if final:
        run.act("approve", "click", "button", "Confirm approval", None,
                "Reason and comment are set; confirm the approval.", "irreversible",
                page_detail(c.st(), rid, tab=tab, dialog={"kind": "final"}, legality=legality,
                            lastrun=lastrun))
        run.act("approve", "click", "button", "Yes, approve", None,
                "The final confirmation is expected for a published roster change; approve.",
                "irreversible", approved_page(c, rid, tab=tab, reason=reason, lastrun=lastrun,
                                              override=(legality == "fail"), legality=legality))
    else:
        run.act("approve", "click", "button", "Confirm approval", None,
                "Reason and comment are set; confirm the approval.", "irreversible",
                approved_page(c, rid, tab=tab, reason=reason, lastrun=lastrun,
                              override=(legality == "fail"), legality=legality))
    return run


def open_and_check(run, c, rid="SW-4417", via="link", reasoning=None):
    run.act("open-request", "click", "link", rid, None,
            reasoning or "%s is the request named in the task; open it." % rid, "read",
            page_detail(c.st(), rid))
    run.act("check-legality", "click", "tab", "Legality", None,
            "Check the legality panel before deciding.", "read",
            page_detail(c.st(), rid, tab="Legality"))
    return run


def report(run, c, page_fn, msg=DONE_MSG):
    run.act("report", "send_msg_to_user", None, None, msg,
            "Tell the user the outcome.", "read", page_fn(c))
    return run


def same_page(run):
    """The page after a chat message is the page the agent was on."""
    last = run.pages[-1]
    return lambda c: last


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: browse the default queue, open the request, check legality, approve.
    c = Clock()
    r = Run("crewswap-healthy-01", None, None, page_queue(c.st()))
    open_and_check(r, c)
    tail_approve(r, c)
    report(r, c, same_page(r))
    runs.append(r)

    # H2: type the request id into the list filter (filters as you type).
    c = Clock()
    r = Run("crewswap-healthy-02", None, None, page_queue(c.st()))
    r.act("open-request", "fill", "textbox", "Filter this list by request, crew or pairing",
          "SW-4417", "Narrow the list to the request id from the task.", "read",
          page_queue(c.st(), query="SW-4417"))
    open_and_check(r, c, reasoning="Exactly one match, SW-4417; open it.")
    tail_approve(r, c, order=("comment", "reason"))
    report(r, c, same_page(r))
    runs.append(r)

    # H3: use the Request type filter (the task is about a trip swap), apply, toast.
    c = Clock()
    r = Run("crewswap-healthy-03", None, None, page_queue(c.st()))
    r.act("open-request", "select_option", "combobox", "Request type", "Trip swap",
          "The task concerns a trip swap; show only trip swaps.", "read",
          page_queue(c.st(), draft={"type": "Trip swap"}))
    n_trip = sum(1 for x in ROWS if x["type"] == "Trip swap")
    r.act("open-request", "click", "button", "Apply filters", None,
          "Apply the type filter.", "read",
          page_queue(c.st(), applied={"type": "Trip swap"},
                     toast="Filters applied · %d requests" % n_trip))
    open_and_check(r, c)
    tail_approve(r, c)
    report(r, c, same_page(r))
    runs.append(r)

    # H4: queue was left sorted by Submitted (newest first); SW-4417 is on page 2.
    c = Clock()
    r = Run("crewswap-healthy-04", None, None, page_queue(c.st(), sort="submitted"))
    r.act("open-request", "click", "button", "Next page", None,
          "SW-4417 is not on page 1 of this sort order; check the next page.", "read",
          page_queue(c.st(), sort="submitted", page=2))
    open_and_check(r, c)
    tail_approve(r, c)
    report(r, c, same_page(r))
    runs.append(r)

    # H5: start on the dashboard; open the approve dialog early, cancel, check legality first.
    c = Clock()
    r = Run("crewswap-healthy-05", None, None, page_dashboard(c.st()))
    r.act("open-request", "click", "link", "Swap requests", None,
          "Go to the swap request queue.", "read", page_queue(c.st()))
    r.act("open-request", "click", "link", "SW-4417", None,
          "Open the request named in the task.", "read", page_detail(c.st(), "SW-4417"))
    r.act("approve", "click", "button", "Approve", None,
          "See what the approval dialog asks for.", "read",
          page_detail(c.st(), "SW-4417", dialog={"kind": "approve"}))
    r.act("check-legality", "click", "button", "Cancel", None,
          "The legality panel must be checked before approving; close the dialog.", "read",
          page_detail(c.st(), "SW-4417"))
    r.act("check-legality", "click", "tab", "Legality", None,
          "Open the legality panel.", "read", page_detail(c.st(), "SW-4417", tab="Legality"))
    tail_approve(r, c)
    report(r, c, same_page(r))
    runs.append(r)

    # H6: sort by pairing; retype the comment after a typo.
    c = Clock()
    r = Run("crewswap-healthy-06", None, None, page_queue(c.st()))
    r.act("open-request", "click", "button", "Sort by Pairing", None,
          "Sort by pairing number to find P2146.", "read", page_queue(c.st(), sort="pairing"))
    open_and_check(r, c)
    r.act("approve", "click", "button", "Approve", None,
          "All checks passed; open the approval dialog.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "approve"}))
    r.act("approve", "select_option", "combobox", "Reason code", REASON,
          "Reason code from the task.", "write",
          page_detail(c.st(), "SW-4417", tab="Legality",
                      dialog={"kind": "approve", "reason": REASON}))
    typo = "Legality pased, approved by crew desk"
    r.act("approve", "fill", "textbox", "Comment (required)", typo,
          "Enter the comment from the task.", "write",
          page_detail(c.st(), "SW-4417", tab="Legality",
                      dialog={"kind": "approve", "reason": REASON, "comment": typo}))
    r.act("approve", "fill", "textbox", "Comment (required)", COMMENT,
          "The comment has a typo ('pased'); replace it with the exact text.", "write",
          page_detail(c.st(), "SW-4417", tab="Legality",
                      dialog={"kind": "approve", "reason": REASON, "comment": COMMENT}))
    r.act("approve", "click", "button", "Confirm approval", None,
          "Reason and comment are correct; confirm.", "irreversible", approved_page(c))
    report(r, c, same_page(r))
    runs.append(r)

    # H7: global search by surname; banner on start page; stale legality results re-run.
    c = Clock()
    r = Run("crewswap-healthy-07", None, None,
            page_queue(c.st(banner="Roster sync with the ops system completed at 06:30Z. "
                                   "3 pairings changed overnight.")))
    r.act("open-request", "fill", "searchbox", "Search crew, pairings, requests", "Whitlock",
          "Search for the giving crew member.", "read",
          page_queue(c.st(banner="Roster sync with the ops system completed at 06:30Z. "
                                 "3 pairings changed overnight."), search_value="Whitlock"))
    r.act("open-request", "press", "searchbox", "Search crew, pairings, requests", "Enter",
          "Run the search.", "read", page_search(c.st(), "Whitlock"))
    r.act("open-request", "click", "link", "SW-4417", None,
          "SW-4417 is P2146 on 14 Mar 2025; SW-4419 is the 15 Mar one. Open SW-4417.", "read",
          page_detail(c.st(), "SW-4417"))
    r.act("check-legality", "click", "tab", "Legality", None,
          "Check the legality panel.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", lastrun="stale"))
    r.act("check-legality", "click", "button", "Re-run legality checks", None,
          "Results are older than 24 h; re-run them before deciding.", "write",
          page_detail(c.st(), "SW-4417", tab="Legality", lastrun="rerun",
                      toast="Legality checks completed: 6 of 6 passed."))
    tail_approve(r, c, lastrun="rerun")
    report(r, c, same_page(r))
    runs.append(r)

    # H8: the agent's own confirm raises a final confirmation dialog.
    c = Clock()
    r = Run("crewswap-healthy-08", None, None, page_queue(c.st()))
    open_and_check(r, c)
    tail_approve(r, c, final=True)
    report(r, c, same_page(r))
    runs.append(r)
    return runs


PLAN_TEXT = plan_yaml(PLAN)   # fixed here, before any faulty run is written


# ---------------------------------------------------------------------------
# Faulty runs
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1 near miss: similar request id SW-4471 (P2164, same date) opened and approved.
    c = Clock()
    r = Run("crewswap-wrong_record-01", "wrong_record", 0, page_queue(c.st()))
    r.act("open-request", "click", "link", "SW-4471", None,
          "This trip swap on 14 Mar 2025 looks like the one in the task; open it.", "read",
          page_detail(c.st(), "SW-4471"))
    r.act("check-legality", "click", "tab", "Legality", None, "Check legality.", "read",
          page_detail(c.st(), "SW-4471", tab="Legality"))
    tail_approve(r, c, rid="SW-4471")
    report(r, c, same_page(r), msg="Done: the trip swap for 14 Mar 2025 is approved with "
                                   "reason Mutual swap; all legality checks passed.")
    runs.append(r)

    # F2 near miss: same crew pair and pairing, another date (SW-4419, 15 Mar).
    c = Clock()
    r = Run("crewswap-wrong_record-02", "wrong_record", 2, page_queue(c.st()))
    r.act("open-request", "fill", "searchbox", "Search crew, pairings, requests", "Whitlock",
          "Search for the giving crew member.", "read",
          page_queue(c.st(), search_value="Whitlock"))
    r.act("open-request", "press", "searchbox", "Search crew, pairings, requests", "Enter",
          "Run the search.", "read", page_search(c.st(), "Whitlock"))
    r.act("open-request", "click", "link", "SW-4419", None,
          "Whitlock to Ferreira, pairing P2146, pending: open it.", "read",
          page_detail(c.st(), "SW-4419"))
    r.act("check-legality", "click", "tab", "Legality", None, "Check legality.", "read",
          page_detail(c.st(), "SW-4419", tab="Legality"))
    tail_approve(r, c, rid="SW-4419", order=("comment", "reason"))
    report(r, c, same_page(r), msg="Approved the Whitlock to Ferreira swap of P2146; all "
                                   "legality checks passed.")
    runs.append(r)

    # F3 near miss: similarly named colleague (FO Dana Whitley, SW-4431, P2416).
    c = Clock()
    r = Run("crewswap-wrong_record-03", "wrong_record", 1, page_queue(c.st()))
    r.act("open-request", "fill", "textbox", "Filter this list by request, crew or pairing",
          "Dana Whit", "Filter the list by the giving crew member.", "read",
          page_queue(c.st(), query="Dana Whit"))
    r.act("open-request", "click", "link", "SW-4431", None,
          "Dana Whit... giving a 14 Mar 2025 trip to a Ferreira; open it.", "read",
          page_detail(c.st(), "SW-4431"))
    r.act("check-legality", "click", "tab", "Legality", None, "Check legality.", "read",
          page_detail(c.st(), "SW-4431", tab="Legality"))
    tail_approve(r, c, rid="SW-4431")
    report(r, c, same_page(r), msg="Approved Dana's trip swap to Ferreira for 14 Mar 2025; "
                                   "legality passed.")
    runs.append(r)

    # F4 wrong value: reason code Fatigue relief instead of Mutual swap.
    c = Clock()
    r = Run("crewswap-wrong_value-01", "wrong_value", 3, page_queue(c.st()))
    open_and_check(r, c)
    r.act("approve", "click", "button", "Approve", None, "Open the approval dialog.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "approve"}))
    bad = "Fatigue relief"
    r.act("approve", "select_option", "combobox", "Reason code", bad,
          "Pick a reason code for the swap.", "write",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "approve", "reason": bad}))
    r.act("approve", "fill", "textbox", "Comment (required)", COMMENT,
          "Enter the comment from the task.", "write",
          page_detail(c.st(), "SW-4417", tab="Legality",
                      dialog={"kind": "approve", "reason": bad, "comment": COMMENT}))
    r.act("approve", "click", "button", "Confirm approval", None, "Confirm.", "irreversible",
          approved_page(c, reason=bad))
    report(r, c, same_page(r))
    runs.append(r)

    # F5 silent no-op: Confirm approval closes the dialog but nothing is saved.
    c = Clock()
    r = Run("crewswap-silent_noop-01", "silent_noop", 5, page_queue(c.st()))
    open_and_check(r, c)
    r.act("approve", "click", "button", "Approve", None, "Open the approval dialog.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "approve"}))
    r.act("approve", "select_option", "combobox", "Reason code", REASON, "Reason from the task.",
          "write", page_detail(c.st(), "SW-4417", tab="Legality",
                               dialog={"kind": "approve", "reason": REASON}))
    r.act("approve", "fill", "textbox", "Comment (required)", COMMENT, "Comment from the task.",
          "write", page_detail(c.st(), "SW-4417", tab="Legality",
                               dialog={"kind": "approve", "reason": REASON, "comment": COMMENT}))
    r.act("approve", "click", "button", "Confirm approval", None, "Confirm the approval.",
          "irreversible", page_detail(c.st(), "SW-4417", tab="Legality"))
    report(r, c, same_page(r))
    runs.append(r)

    # F6 unrequested filter: agent limits the queue to the last 24 hours.
    c = Clock()
    r = Run("crewswap-unrequested_filter-01", "unrequested_filter", 0, page_queue(c.st()))
    r.act("open-request", "select_option", "combobox", "Submitted", "Last 24 hours",
          "A pending request should be recent; limit to the last 24 hours.", "read",
          page_queue(c.st(), draft={"submitted": "Last 24 hours"}))
    st = c.st()
    n_recent = sum(1 for x in ROWS if x["submitted"] >= st["clock"] - dt.timedelta(hours=24))
    r.act("open-request", "click", "button", "Apply filters", None, "Apply the filter.", "read",
          page_queue(st, applied={"submitted": "Last 24 hours"},
                     toast="Filters applied · %d requests" % n_recent))
    r.act("open-request", "fill", "textbox", "Filter this list by request, crew or pairing",
          "SW-4417", "Look for the request id.", "read",
          page_queue(c.st(), applied={"submitted": "Last 24 hours"}, query="SW-4417"))
    report(r, c, same_page(r), msg="I could not find swap request SW-4417 in the open queue; "
                                   "it may already have been handled.")
    runs.append(r)

    # F7 session expired, visible on the start page.
    c = Clock()
    r = Run("crewswap-session_expired-01", "session_expired", 0, page_signin("/crewdesk/swaps"))
    r.act("open-request", "goto", None, None, BASE + "/swaps",
          "Go straight to the swap request queue.", "read", page_signin("/crewdesk/swaps"))
    report(r, c, same_page(r), msg="The crew desk keeps asking me to sign in, so I could not "
                                   "approve SW-4417.")
    runs.append(r)

    # F8 permission denied on Approve.
    c = Clock()
    r = Run("crewswap-permission_denied-01", "permission_denied", 2, page_queue(c.st()))
    open_and_check(r, c)
    r.act("approve", "click", "button", "Approve", None, "All checks passed; approve.", "read",
          page_forbidden(c.st(), "SW-4417"))
    report(r, c, same_page(r), msg="I could not approve SW-4417: the crew desk says I lack "
                                   "approval rights for fleet A320.")
    runs.append(r)

    # F9 premature success: reports before confirming the dialog.
    c = Clock()
    r = Run("crewswap-premature_success-01", "premature_success", 5, page_queue(c.st()))
    open_and_check(r, c)
    r.act("approve", "click", "button", "Approve", None, "Open the approval dialog.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "approve"}))
    r.act("approve", "select_option", "combobox", "Reason code", REASON, "Reason from the task.",
          "write", page_detail(c.st(), "SW-4417", tab="Legality",
                               dialog={"kind": "approve", "reason": REASON}))
    r.act("approve", "fill", "textbox", "Comment (required)", COMMENT, "Comment from the task.",
          "write", page_detail(c.st(), "SW-4417", tab="Legality",
                               dialog={"kind": "approve", "reason": REASON, "comment": COMMENT}))
    report(r, c, same_page(r))
    runs.append(r)

    # F10 skipped step: approves from the Pairings tab without opening the legality panel.
    c = Clock()
    r = Run("crewswap-skipped_step-01", "skipped_step", 1, page_queue(c.st()))
    r.act("open-request", "click", "link", "SW-4417", None, "Open the request named in the task.",
          "read", page_detail(c.st(), "SW-4417"))
    r.act("approve", "click", "button", "Approve", None,
          "The pairings line up with the task; approve.", "read",
          page_detail(c.st(), "SW-4417", dialog={"kind": "approve"}))
    r.act("approve", "select_option", "combobox", "Reason code", REASON, "Reason from the task.",
          "write", page_detail(c.st(), "SW-4417", dialog={"kind": "approve", "reason": REASON}))
    r.act("approve", "fill", "textbox", "Comment (required)", COMMENT, "Comment from the task.",
          "write", page_detail(c.st(), "SW-4417",
                               dialog={"kind": "approve", "reason": REASON, "comment": COMMENT}))
    r.act("approve", "click", "button", "Confirm approval", None, "Confirm.", "irreversible",
          approved_page(c, tab="Pairings"))
    report(r, c, same_page(r))
    runs.append(r)

    # F11 dialog mishandled: the final confirmation is dismissed with Go back.
    c = Clock()
    r = Run("crewswap-dialog_mishandled-01", "dialog_mishandled", 6, page_queue(c.st()))
    open_and_check(r, c)
    r.act("approve", "click", "button", "Approve", None, "Open the approval dialog.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "approve"}))
    r.act("approve", "select_option", "combobox", "Reason code", REASON, "Reason from the task.",
          "write", page_detail(c.st(), "SW-4417", tab="Legality",
                               dialog={"kind": "approve", "reason": REASON}))
    r.act("approve", "fill", "textbox", "Comment (required)", COMMENT, "Comment from the task.",
          "write", page_detail(c.st(), "SW-4417", tab="Legality",
                               dialog={"kind": "approve", "reason": REASON, "comment": COMMENT}))
    r.act("approve", "click", "button", "Confirm approval", None, "Confirm.", "irreversible",
          page_detail(c.st(), "SW-4417", tab="Legality", dialog={"kind": "final"}))
    r.act("approve", "click", "button", "Go back", None,
          "A warning popped up; close it, the approval was already confirmed.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality",
                      dialog={"kind": "approve", "reason": REASON, "comment": COMMENT}))
    report(r, c, same_page(r))
    runs.append(r)

    # F12 legality fails (rest below minimum) and the agent approves anyway.
    c = Clock()
    r = Run("crewswap-legality_failed-01", "legality_failed", 1, page_queue(c.st()))
    r.act("open-request", "click", "link", "SW-4417", None, "Open the request named in the task.",
          "read", page_detail(c.st(), "SW-4417", legality="fail"))
    r.act("check-legality", "click", "tab", "Legality", None, "Check the legality panel.", "read",
          page_detail(c.st(), "SW-4417", tab="Legality", legality="fail"))
    tail_approve(r, c, legality="fail")
    report(r, c, same_page(r), msg="Approved SW-4417 with reason Mutual swap; legality checks "
                                   "were reviewed.")
    runs.append(r)
    return runs


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_TEXT)
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
