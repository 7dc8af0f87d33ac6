#!/usr/bin/env python3
"""Generate the ParkPass held-out corpus (corpus.jsonl and plans/parkpass.yaml).

ParkPass is the wilderness-permit back office of (fictional) Cedar Ridge National Park.
One workflow: a ranger moves the entry date of one backcountry permit.

Python 3 standard library only. Fixed seed; the output is byte-for-byte reproducible.

    python3 make_corpus.py              # writes next to this file
    python3 make_corpus.py --out DIR    # writes DIR/corpus.jsonl and DIR/plans/parkpass.yaml
"""
import argparse
import datetime
import json
import os
import random

SEED = 20250527
WORKFLOW = "parkpass"
HOST = "http://127.0.0.1:8000"
BASE = HOST + "/parkpass"
TODAY = "2025-05-27"

TASK = ("Change the entry date of backcountry permit WP-24817 (party leader Marisol Okafor) "
        "to 2025-06-18. Keep the same trailhead, Lost Creek, and the same party size of 4.")

TARGET = "WP-24817"
NEW_DATE = "2025-06-18"

# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

TRAILHEADS = {
    "Cinder Cone": ("CC-05", 10),
    "Granite Fork": ("GF-12", 16),
    "Lost Creek": ("LC-07", 12),
    "Lost Creek North": ("LC-07N", 14),
    "Lost Lake": ("LL-03", 10),
    "Sawtooth Pass": ("SP-02", 8),
}

ZONES = {
    "Cinder Cone": "Cinder Flats",
    "Granite Fork": "Granite Fork drainage",
    "Lost Creek": "Upper Lost Creek basin",
    "Lost Creek North": "North Rim benches",
    "Lost Lake": "Lost Lake cirque",
    "Sawtooth Pass": "Sawtooth high route",
}

# id, leader, email, trailhead, entry, exit, party, status, issued
PERMITS = [
    ("WP-24779", "Bettina Vogt", "bvogt@alpenpost.example", "Granite Fork", "2025-05-24", "2025-05-26", 3, "Completed", "2025-04-28"),
    ("WP-24795", "Hal Jernigan", "hal.j@plainmail.example", "Sawtooth Pass", "2025-05-20", "2025-05-23", 1, "Exit overdue", "2025-04-30"),
    ("WP-24799", "Kenji Arakawa", "k.arakawa@kitemail.example", "Lost Creek", "2025-06-02", "2025-06-05", 4, "Payment failed", "2025-05-01"),
    ("WP-24801", "Ruben Aldana", "raldana@mesa.example", "Lost Lake", "2025-05-29", "2025-05-31", 2, "Issued", "2025-05-01"),
    ("WP-24803", "Dana Whitlock", "dana.whitlock@fern.example", "Lost Lake", "2025-06-12", "2025-06-15", 2, "Issued", "2025-05-01"),
    ("WP-24806", "Colleen Marsh", "cmarsh@harbor.example", "Cinder Cone", "2025-05-31", "2025-06-02", 5, "Issued", "2025-05-02"),
    ("WP-24808", "Lena Pruitt", "lena.pruitt@owl.example", "Granite Fork", "2025-06-09", "2025-06-11", 2, "Cancelled", "2025-05-02"),
    ("WP-24810", "Theo Brannigan", "theo@brannigan.example", "Cinder Cone", "2025-06-13", "2025-06-16", 6, "Cancelled", "2025-05-02"),
    ("WP-24812", "Yusuf Demir", "ydemir@stepmail.example", "Sawtooth Pass", "2025-06-05", "2025-06-07", 2, "Issued", "2025-05-02"),
    ("WP-24814", "Agnes Thorsdottir", "agnes.t@fjord.example", "Lost Creek North", "2025-06-07", "2025-06-10", 6, "Issued", "2025-05-02"),
    ("WP-24817", "Marisol Okafor", "m.okafor@fastmail.example", "Lost Creek", "2025-06-14", "2025-06-17", 4, "Issued", "2025-05-02"),
    ("WP-24818", "Marisol O'Connor", "marisol.oconnor@riverbend.example", "Lost Creek North", "2025-06-14", "2025-06-17", 4, "Issued", "2025-05-03"),
    ("WP-24820", "Gideon Albrecht", "g.albrecht@quarry.example", "Lost Creek", "2025-06-15", "2025-06-16", 1, "Pending pickup", "2025-05-04"),
    ("WP-24822", "Priya Ramaswamy", "priya.r@monsoon.example", "Granite Fork", "2025-06-16", "2025-06-19", 5, "Payment failed", "2025-05-05"),
    ("WP-24829", "Owen Castellanos", "owen.c@sierra.example", "Lost Creek", "2025-06-18", "2025-06-20", 2, "Issued", "2025-05-07"),
    ("WP-24833", "Sofia Lindgren", "sofia.lindgren@birch.example", "Lost Lake", "2025-06-19", "2025-06-22", 4, "Issued", "2025-05-08"),
    ("WP-24835", "Tobias Wren", "tobias.wren@hedge.example", "Cinder Cone", "2025-06-22", "2025-06-23", 2, "Issued", "2025-05-09"),
    ("WP-24841", "Ines Fairbanks", "ines.f@cascade.example", "Lost Creek North", "2025-06-18", "2025-06-21", 3, "Waitlisted", "2025-05-11"),
    ("WP-24848", "Ada Nwosu", "ada.nwosu@savanna.example", "Sawtooth Pass", "2025-06-25", "2025-06-28", 3, "Cancelled", "2025-05-13"),
    ("WP-24852", "Marcus Okoye", "marcus.okoye@delta.example", "Lost Creek", "2025-06-28", "2025-07-01", 4, "Issued", "2025-05-14"),
    ("WP-24857", "Harriet Kowalczyk", "hkowalczyk@amber.example", "Granite Fork", "2025-07-03", "2025-07-06", 2, "Issued", "2025-05-16"),
    ("WP-24863", "Noor Haddad", "noor.haddad@oasis.example", "Lost Lake", "2025-07-08", "2025-07-10", 2, "Waitlisted", "2025-05-19"),
    ("WP-24871", "Marisela Okafor", "marisela.okafor@lumen.example", "Lost Lake", "2025-06-21", "2025-06-24", 4, "Issued", "2025-05-22"),
]
PAST = [
    ("WP-24187", "Marisol Okafor", "m.okafor@fastmail.example", "Lost Creek", "2024-08-09", "2024-08-12", 4, "Completed", "2024-07-15"),
]
P = {row[0]: dict(zip(("id", "leader", "email", "trailhead", "entry", "exit", "party", "status", "issued"), row))
     for row in PERMITS + PAST}
SEASON = sorted((row[0] for row in PERMITS), key=lambda i: (P[i]["entry"], i))

# Quota: spaces left per trailhead and date (None = full)
QUOTA_DAYS = ["2025-06-14", "2025-06-15", "2025-06-16", "2025-06-17",
              "2025-06-18", "2025-06-19", "2025-06-20", "2025-06-21"]
QUOTA = {
    "Lost Creek":       [2, 7, 6, None, 5, None, 2, 9],
    "Lost Creek North": [3, 11, 10, 8, 9, 4, 12, 6],
    "Lost Lake":        [4, 6, 3, 1, None, 7, 5, None],
    "Granite Fork":     [12, 9, 11, 9, 14, 6, None, 10],
    "Sawtooth Pass":    [5, 4, 2, None, 8, 3, 1, 6],
    "Cinder Cone":      [7, 8, 9, 6, 4, 10, 9, 2],
}
FAR_QUOTA = {("Lost Creek", "2025-07-18"): 11}
CHANGE_FEE = "$6.00"
CARD = "Visa ending 4417"


def quota_left(trailhead, day):
    if day in QUOTA_DAYS:
        return QUOTA[trailhead][QUOTA_DAYS.index(day)]
    return FAR_QUOTA.get((trailhead, day), TRAILHEADS[trailhead][1] - 2)


def short(day):
    d = datetime.date.fromisoformat(day)
    return d.strftime("%b ") + str(d.day)


def nights(pid):
    p = P[pid]
    return (datetime.date.fromisoformat(p["exit"]) - datetime.date.fromisoformat(p["entry"])).days


def shift(day, n):
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------

class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %r, focused" % title]
        self.nodes = {}
        self.next_bid = 11

    def add(self, depth, role, name="", key=None, value=None, props=(), bid=True):
        line = "%s %r" % (role, name)
        b = None
        if bid:
            b = str(self.next_bid)
            self.next_bid += 1
            line = "[%s] %s" % (b, line)
        if value is not None:
            line += " value=%r" % value
        for prop in props:
            line += ", " + prop
        self.lines.append("\t" * depth + line)
        if key is not None:
            assert bid and key not in self.nodes, key
            self.nodes[key] = (b, role, name)
        return b

    def t(self, depth, text):
        self.add(depth, "StaticText", text, bid=False)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


NAV = ["Dashboard", "Permits", "Trailhead quotas", "Waitlist (19)", "Exit reports", "Refunds", "Reports"]


def chrome(p, crumbs, header_q="", banner=False, toast=None):
    p.add(1, "banner", "")
    p.add(2, "link", "ParkPass · Cedar Ridge National Park", key="home")
    p.add(2, "search", "Site search")
    p.add(3, "searchbox", "Search ParkPass", key="hsearch", value=header_q)
    p.add(3, "button", "Go", key="hgo")
    p.t(2, "Pine Hollow Ranger Station")
    p.add(2, "button", "Notifications, 3 unread", key="notif", props=("hasPopup='menu'", "expanded=False"))
    p.add(2, "button", "R. Vasquez, Ranger II", key="usermenu", props=("hasPopup='menu'", "expanded=False"))
    p.add(1, "navigation", "Main")
    for item in NAV:
        p.add(2, "link", item, key="nav:" + item.split(" (")[0])
    if banner:
        p.add(1, "region", "Announcement")
        p.t(2, "Scheduled maintenance tonight 22:00–23:30 MDT. Permit emails may be delayed up to 30 minutes.")
        p.add(2, "button", "Hide announcement", key="hidebanner")
    p.add(1, "navigation", "Breadcrumb")
    for c in crumbs[:-1]:
        p.add(2, "link", c, key="crumb:" + c)
        p.t(2, "/")
    p.t(2, crumbs[-1])
    if toast:
        p.add(1, "status", "", props=("live='polite'",))
        p.t(2, toast)
        p.add(2, "button", "Dismiss notification", key="toast:dismiss")
    p.add(1, "main", "")


def footer(p):
    p.add(1, "contentinfo", "")
    p.t(2, "© 2025 Cedar Ridge National Park · Wilderness Permit Office")
    p.add(2, "link", "Ranger handbook")
    p.add(2, "link", "Accessibility")
    p.add(2, "link", "Privacy")
    p.add(2, "link", "System status: all services normal")
    p.t(2, "ParkPass 4.12.3 · Last sync 08:41 MDT")


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------

def dashboard(header_q="", banner=False, toast=None):
    p = Page(BASE + "/dashboard", "Dashboard · ParkPass")
    chrome(p, ["Home", "Dashboard"], header_q, banner, toast)
    p.add(2, "heading", "Good morning, Ranger Vasquez")
    p.t(2, "Tuesday, May 27, 2025 · Pine Hollow Ranger Station")
    p.add(2, "region", "Today at a glance", props=("live='polite'",))
    for label, n in (("Permits issued today", "37"), ("Pickups waiting", "6"), ("Exit reports overdue", "4"),
                     ("Payments failed", "2"), ("Waitlist requests", "19"), ("Date changes this week", "11")):
        p.add(3, "group", label)
        p.t(4, n)
    p.add(3, "button", "Refresh counters", key="refresh")
    p.t(3, "Updated 08:41 MDT")
    p.add(2, "region", "Recent activity")
    p.add(3, "heading", "Recent activity")
    p.add(3, "list", "")
    for pid, text in (("WP-24795", "Exit report overdue · Hal Jernigan · Sawtooth Pass"),
                      ("WP-24822", "Payment failed · card declined · Priya Ramaswamy"),
                      ("WP-24871", "Permit emailed · Marisela Okafor · Lost Lake"),
                      ("WP-24810", "Cancelled by party leader · refund issued"),
                      ("WP-24841", "Added to waitlist · Lost Creek North · 2025-06-18")):
        p.add(4, "listitem", "")
        p.add(5, "link", pid, key="act:" + pid)
        p.t(5, text)
    p.add(3, "link", "View all activity", key="allact")
    p.add(2, "region", "Quota alerts")
    p.add(3, "heading", "Quota alerts")
    p.t(3, "Lost Lake · Full on 2025-06-18 · 6 parties on waitlist")
    p.t(3, "Lost Creek · Full on 2025-06-17 and 2025-06-19")
    p.t(3, "Sawtooth Pass · Full on 2025-06-17")
    p.add(3, "link", "Open quota calendar", key="quotacal")
    p.add(2, "region", "Shortcuts")
    p.add(3, "link", "Find a permit", key="short:find")
    p.add(3, "link", "Issue walk-up permit", key="short:walkup")
    p.add(3, "link", "Record exit report", key="short:exit")
    footer(p)
    return p


def quota_panel(p, depth):
    p.add(depth, "region", "Trailhead quotas")
    p.add(depth + 1, "heading", "Trailhead quotas, Jun 16–20")
    p.add(depth + 1, "table", "Spaces left per day")
    p.add(depth + 2, "row", "")
    for h in ["Trailhead", "Limit"] + [short(d) for d in QUOTA_DAYS[2:7]]:
        p.add(depth + 3, "columnheader", h)
    for th in ("Lost Creek", "Lost Creek North", "Lost Lake", "Granite Fork", "Sawtooth Pass", "Cinder Cone"):
        p.add(depth + 2, "row", "")
        p.add(depth + 3, "cell", th)
        p.add(depth + 3, "cell", str(TRAILHEADS[th][1]))
        for v in QUOTA[th][2:7]:
            p.add(depth + 3, "cell", "Full" if v is None else "%d left" % v)
    p.t(depth + 1, "Lost Creek North (LC-07N) is a separate trailhead with its own quota.")
    p.add(depth + 1, "link", "Open quota calendar", key="quotacal")


def permit_rows(p, depth, ids, sort_col=None):
    p.add(depth, "table", "Permits")
    p.add(depth + 1, "row", "")
    for col in ("Permit", "Party leader", "Trailhead", "Entry date", "Exit date", "Party size", "Status"):
        label = col
        if col == sort_col:
            label = col + ", sorted ascending"
        p.add(depth + 2, "columnheader", label)
        p.add(depth + 3, "button", "Sort by " + col.lower(), key="sort:" + col)
    for pid in ids:
        r = P[pid]
        p.add(depth + 1, "row", "")
        p.add(depth + 2, "cell", "")
        p.add(depth + 3, "link", pid, key="row:" + pid)
        p.add(depth + 2, "cell", r["leader"])
        p.add(depth + 2, "cell", r["trailhead"])
        p.add(depth + 2, "cell", r["entry"])
        p.add(depth + 2, "cell", r["exit"])
        p.add(depth + 2, "cell", str(r["party"]))
        p.add(depth + 2, "cell", r["status"])


def permits_page(url=None, q="", typed=None, rows=None, page_no=1, trail="All trailheads",
                 entry_from="", applied_from="", sort_col=None, sort_note="Entry date, soonest first",
                 similar_ids=(), similar_leaders=(), suggestions=(), toast=None, nomatch=None,
                 past_note=None, banner=False, summary=None):
    if url is None:
        url = BASE + "/permits"
    p = Page(url, "Permit search · ParkPass")
    chrome(p, ["Home", "Permits", "Permit search"], "", banner, toast)
    p.add(2, "heading", "Permit search")
    p.t(2, "Season 2025 · 23 permits · 4 exit reports overdue · 2 payments failed")
    p.add(2, "search", "Find permits")
    p.add(3, "searchbox", "Permit number or party leader", key="psearch",
          value=typed if typed is not None else q, props=("focused",) if typed is not None else ())
    if suggestions:
        p.add(4, "listbox", "Suggestions")
        for i, s in enumerate(suggestions):
            p.add(5, "option", s, key="sugg:%d" % i)
    p.add(3, "button", "Search", key="psearchbtn")
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Trailhead", key="f:trail", value=trail, props=("hasPopup='menu'", "expanded=False"))
    for opt in ["All trailheads"] + sorted(TRAILHEADS):
        p.add(4, "option", opt, props=("selected=True",) if opt == trail else ("selected=False",))
    p.add(3, "combobox", "Status", key="f:status", value="Any status", props=("hasPopup='menu'", "expanded=False"))
    p.add(3, "textbox", "Entry from (YYYY-MM-DD)", key="f:from", value=entry_from)
    p.add(3, "textbox", "Entry to (YYYY-MM-DD)", key="f:to", value="")
    p.add(3, "checkbox", "Include past seasons", key="f:past", props=("checked='false'",))
    p.add(3, "button", "Apply filters", key="f:apply")
    p.add(3, "button", "Clear filters", key="f:clear")
    chips = []
    if trail != "All trailheads":
        chips.append("Trailhead: " + trail)
    if applied_from:
        chips.append("Entry from: " + applied_from)
    if chips:
        p.add(2, "list", "Active filters")
        for c in chips:
            p.add(3, "listitem", "")
            p.t(4, c)
            p.add(4, "button", "Remove filter " + c, key="chip:" + c)
    if rows is None:
        rows = SEASON[(page_no - 1) * 10: page_no * 10]
        summary = "Showing %d–%d of 23 permits" % ((page_no - 1) * 10 + 1, min(page_no * 10, 23))
    if q and summary is None:
        summary = "%d permit%s match%s %r" % (len(rows), "" if len(rows) == 1 else "s",
                                             "es" if len(rows) == 1 else "", q)
    if summary is None:
        summary = "%d permits" % len(rows)
    p.add(2, "region", "Results")
    if nomatch:
        p.add(3, "heading", "No permits match")
        p.t(3, nomatch)
        p.add(3, "button", "Clear filters and search again", key="nomatch:clear")
    else:
        p.t(3, summary + " · Sorted by " + sort_note)
        if past_note:
            p.t(3, past_note)
        permit_rows(p, 3, rows, sort_col)
        if q == "" and not chips:
            p.add(3, "navigation", "Pagination")
            p.add(4, "button", "Previous page", key="prev", props=("disabled=True",) if page_no == 1 else ())
            for n in (1, 2, 3):
                p.add(4, "button", "Page %d" % n, key="page:%d" % n,
                      props=("pressed=True",) if n == page_no else ())
            p.add(4, "button", "Next page", key="next", props=("disabled=True",) if page_no == 3 else ())
            p.add(4, "combobox", "Rows per page", value="10", props=("hasPopup='menu'", "expanded=False"))
    if similar_ids:
        p.add(3, "group", "Similar permit numbers")
        p.t(4, "Did you mean one of these?")
        for sid in similar_ids:
            p.add(4, "link", sid, key="sim:" + sid)
            p.t(4, "%s · %s · %s" % (P[sid]["leader"], P[sid]["trailhead"], P[sid]["entry"]))
    if similar_leaders:
        p.add(3, "group", "Similar party leaders")
        for name, pid in similar_leaders:
            p.add(4, "link", name, key="simleader:" + name)
            p.t(4, "%s · %s" % (pid, P[pid]["trailhead"]))
    quota_panel(p, 2)
    p.add(2, "button", "Export results (CSV)", key="export")
    footer(p)
    return p


def global_search(q, permits, leaders, similar_ids=(), banner=False):
    p = Page(BASE + "/search?q=" + q.replace(" ", "+"), "Search: %s · ParkPass" % q)
    chrome(p, ["Home", "Search"], q, banner)
    p.add(2, "heading", "Results for %r" % q)
    p.add(2, "region", "Permits (%d)" % len(permits))
    p.add(3, "heading", "Permits (%d)" % len(permits))
    p.add(3, "list", "")
    for pid in permits:
        r = P[pid]
        p.add(4, "listitem", "")
        p.add(5, "link", pid, key="row:" + pid)
        p.t(5, "%s · %s · entry %s · party of %d · %s" % (r["leader"], r["trailhead"], r["entry"], r["party"], r["status"]))
    if similar_ids:
        p.t(3, "Similar permit numbers:")
        for sid in similar_ids:
            p.add(3, "link", sid, key="sim:" + sid)
    p.add(2, "region", "Party leaders (%d)" % len(leaders))
    p.add(3, "heading", "Party leaders (%d)" % len(leaders))
    p.add(3, "list", "")
    for name, count in leaders:
        p.add(4, "listitem", "")
        p.add(5, "link", name, key="leader:" + name)
        p.t(5, "%d permit%s" % (count, "" if count == 1 else "s"))
    p.add(2, "region", "Trailheads (0)")
    p.t(3, "No trailheads match.")
    p.add(2, "link", "Advanced permit search", key="advsearch")
    footer(p)
    return p


def quotas_page(banner=False):
    p = Page(BASE + "/quotas?from=2025-06-14", "Trailhead quotas · ParkPass")
    chrome(p, ["Home", "Trailhead quotas"], "", banner)
    p.add(2, "heading", "Trailhead quotas")
    p.t(2, "Daily entry limits per trailhead. A party counts against the quota of its entry date only.")
    p.add(2, "group", "Date range")
    p.add(3, "textbox", "From (YYYY-MM-DD)", key="q:from", value="2025-06-14")
    p.add(3, "button", "Previous week", key="q:prev")
    p.add(3, "button", "Next week", key="q:next")
    p.add(2, "table", "Spaces left, Jun 14–21")
    p.add(3, "row", "")
    for h in ["Trailhead", "Code", "Limit"] + [short(d) for d in QUOTA_DAYS]:
        p.add(4, "columnheader", h)
    for th in sorted(TRAILHEADS):
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", th, key="qth:" + th)
        p.add(4, "cell", TRAILHEADS[th][0])
        p.add(4, "cell", str(TRAILHEADS[th][1]))
        for v in QUOTA[th]:
            p.add(4, "cell", "Full" if v is None else "%d left" % v)
    p.t(2, "Full: no spaces left; new parties go to the waitlist. Quotas refresh every 5 minutes.")
    p.add(2, "button", "Download quota sheet (PDF)", key="q:pdf")
    footer(p)
    return p


def history_rows(pid):
    r = P[pid]
    rows = [(r["issued"] + " 09:14", "Permit issued · fee $24.00 paid (%s)" % CARD, "K. Lindqvist"),
            (r["issued"] + " 09:14", "Permit emailed to " + r["email"], "system")]
    if pid == TARGET:
        rows.append(("2025-05-19 16:40", "Trip-plan reminder failed (recipient mailbox full), retried OK", "system"))
    return rows


def detail_page(pid, entry=None, exit_=None, extra_history=(), toast=None, banner=False):
    r = P[pid]
    entry = entry or r["entry"]
    exit_ = exit_ or r["exit"]
    p = Page(BASE + "/permits/" + pid, "Permit %s · ParkPass" % pid)
    chrome(p, ["Home", "Permits", pid], "", banner, toast)
    p.add(2, "heading", "Permit " + pid)
    p.t(2, "Backcountry overnight permit · Status: " + r["status"])
    p.add(2, "group", "Party")
    p.t(3, "Party leader")
    p.t(3, r["leader"])
    p.t(3, "Email")
    p.add(3, "link", r["email"], key="email")
    p.t(3, "Party size")
    p.t(3, str(r["party"]))
    p.add(2, "group", "Trip")
    p.t(3, "Trailhead")
    p.t(3, "%s (%s)" % (r["trailhead"], TRAILHEADS[r["trailhead"]][0]))
    p.t(3, "Camping zone")
    p.t(3, ZONES[r["trailhead"]])
    p.t(3, "Entry date")
    p.t(3, entry)
    p.t(3, "Exit date")
    p.t(3, exit_)
    p.t(3, "Nights")
    p.t(3, str(nights(pid)))
    p.t(3, "Stock animals: none · Bear canister: required")
    p.add(2, "group", "Fees")
    p.t(3, "Permit fee $24.00 · Paid %s · %s" % (r["issued"], CARD))
    editable = r["status"] in ("Issued", "Pending pickup", "Waitlisted")
    p.add(2, "toolbar", "Permit actions")
    dis = () if editable else ("disabled=True",)
    p.add(3, "button", "Change entry date", key="btn:change", props=dis)
    p.add(3, "button", "Change trailhead", key="btn:trail", props=dis)
    p.add(3, "button", "Change party size", key="btn:party", props=dis)
    p.add(3, "button", "Resend permit email", key="btn:resend")
    p.add(3, "button", "Print permit", key="btn:print")
    p.add(3, "button", "Cancel permit", key="btn:cancel", props=dis)
    p.add(2, "region", "Ranger notes")
    p.add(3, "heading", "Ranger notes")
    if pid == TARGET:
        p.t(3, "Party leader asked on 05-26 about moving the trip later if the Lost Creek crossing stays high.")
    else:
        p.t(3, "No notes.")
    p.add(3, "button", "Add note", key="btn:note")
    p.add(2, "region", "Permit history")
    p.add(3, "heading", "Permit history")
    p.add(3, "table", "Permit history")
    p.add(4, "row", "")
    for h in ("When", "Event", "By"):
        p.add(5, "columnheader", h)
    for when, ev, by in list(history_rows(pid)) + list(extra_history):
        p.add(4, "row", "")
        p.add(5, "cell", when)
        p.add(5, "cell", ev)
        p.add(5, "cell", by)
    p.add(2, "link", "Back to permit search", key="backsearch")
    footer(p)
    return p


def change_form(pid, date_value=None, waive=False, dialog=None, banner=False, typed=False):
    """Change-entry-date form. date_value None = untouched (prefilled with the current entry)."""
    r = P[pid]
    th = r["trailhead"]
    limit = TRAILHEADS[th][1]
    p = Page(BASE + "/permits/%s/change-date" % pid, "Change entry date · %s · ParkPass" % pid)
    chrome(p, ["Home", "Permits", pid, "Change entry date"], "", banner)
    p.add(2, "heading", "Change entry date — " + pid)
    p.t(2, "Party leader: %s · Current entry date: %s · Exit date: %s (%d nights)"
        % (r["leader"], r["entry"], r["exit"], nights(pid)))
    p.add(2, "form", "Change entry date")
    p.add(3, "combobox", "Trailhead", key="f:trail", value=th, props=("hasPopup='menu'", "expanded=False"))
    for opt in sorted(TRAILHEADS):
        p.add(4, "option", opt, props=("selected=True",) if opt == th else ("selected=False",))
    p.add(3, "spinbutton", "Party size", key="f:party", value=str(r["party"]),
          props=("valuemin=1", "valuemax=12"))
    p.add(3, "textbox", "New entry date (YYYY-MM-DD)", key="f:date",
          value=date_value if date_value is not None else r["entry"],
          props=(("focused",) if typed else ()) + ("required",))
    warn = None
    if date_value is not None:
        if not (len(date_value) == 10 and date_value[4] == "-" and date_value[7] == "-"):
            p.add(3, "alert", "")
            p.t(4, "Use the format YYYY-MM-DD, for example 2025-06-18.")
        else:
            left = quota_left(th, date_value)
            if left is None or left < r["party"]:
                warn = True
                p.add(3, "alert", "")
                p.t(4, "Quota full — %s has %d of %d spaces left on %s. Choose another date or add the party to the waitlist."
                    % (th, left or 0, limit, date_value))
                p.add(4, "button", "Add party to waitlist", key="f:waitlist")
            else:
                p.add(3, "status", "")
                p.t(4, "%s on %s: %d of %d spaces left. Party of %d fits." % (th, date_value, left, limit, r["party"]))
            p.t(3, "New exit date: %s (%d nights kept)" % (shift(date_value, nights(pid)), nights(pid)))
    else:
        p.t(3, "The exit date moves with the entry date so the trip keeps %d nights." % nights(pid))
    p.add(3, "checkbox", "Keep original exit date", key="f:keepexit", props=("checked='false'",))
    p.add(3, "group", "%s quota, Jun 14–21" % th)
    p.add(4, "table", "Spaces left")
    p.add(5, "row", "")
    for d in QUOTA_DAYS:
        p.add(6, "columnheader", short(d))
    p.add(5, "row", "")
    for v in QUOTA[th]:
        p.add(6, "cell", "Full" if v is None else "%d left" % v)
    p.t(4, "Your party is counted on %s." % r["entry"])
    p.add(3, "note", "Change fee")
    p.t(4, "A %s change fee will be charged to the card on file (%s). The fee is not refundable." % (CHANGE_FEE, CARD))
    p.add(3, "checkbox", "Waive change fee (supervisor approval required)", key="f:waive",
          props=("checked='true'",) if waive else ("checked='false'",))
    if waive:
        p.add(4, "combobox", "Waiver reason", key="f:waivereason", value="Weather or trail closure",
              props=("hasPopup='menu'", "expanded=False"))
        p.t(4, "Waiver requests go to D. Okonjo (District Supervisor) for approval.")
    p.add(3, "textbox", "Internal note (optional)", key="f:note", value="")
    p.add(3, "button", "Review change", key="f:review", props=("disabled=True",) if warn else ())
    p.add(3, "button", "Cancel", key="f:cancel")
    if dialog:
        p.add(1, "dialog", "Confirm entry date change", key="dlg", props=("modal=True",))
        p.add(2, "heading", "Confirm entry date change")
        for line in dialog:
            p.t(2, line)
        p.add(2, "button", "Confirm change", key="dlg:confirm")
        p.add(2, "button", "Go back", key="dlg:back")
    footer(p)
    return p


def dialog_lines(pid, new_entry, waive=False):
    r = P[pid]
    lines = ["Permit %s · %s" % (pid, r["leader"]),
             "Trailhead: %s (unchanged)" % r["trailhead"],
             "Party size: %d (unchanged)" % r["party"]]
    if new_entry == r["entry"]:
        lines += ["Entry date: %s (no change)" % r["entry"], "Exit date: %s (no change)" % r["exit"]]
    else:
        lines += ["Entry date: %s → %s" % (r["entry"], new_entry),
                  "Exit date: %s → %s" % (r["exit"], shift(new_entry, nights(pid)))]
    if waive:
        lines.append("Change fee: $0.00 — waiver pending supervisor approval")
    else:
        lines.append("Change fee: %s (%s)" % (CHANGE_FEE, CARD))
    lines.append("An updated permit will be emailed to %s." % r["email"])
    return lines


def after_change(pid, new_entry, clock, waive=False, banner=False):
    r = P[pid]
    new_exit = shift(new_entry, nights(pid))
    if new_entry == r["entry"]:
        hist = [(clock, "Permit reissued · change fee %s charged" % CHANGE_FEE, "R. Vasquez")]
        toast = "Permit %s updated. Updated permit emailed to %s." % (pid, r["email"])
    else:
        fee = ("fee waiver requested from D. Okonjo" if waive else "change fee %s charged" % CHANGE_FEE)
        hist = [(clock, "Entry date changed %s → %s · %s" % (r["entry"], new_entry, fee), "R. Vasquez")]
        toast = "Entry date changed for %s. Updated permit emailed to %s." % (pid, r["email"])
        if waive:
            toast = ("Entry date changed for %s. Fee waiver request sent to D. Okonjo. "
                     "Updated permit emailed to %s." % (pid, r["email"]))
    hist.append((clock, "Updated permit emailed to " + r["email"], "system"))
    return detail_page(pid, new_entry, new_exit, hist, toast, banner)


def signin_page(next_path):
    p = Page(BASE + "/signin?next=" + next_path.replace("/", "%2F"), "Sign in · ParkPass")
    p.add(1, "banner", "")
    p.add(2, "link", "ParkPass · Cedar Ridge National Park", key="home")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to ParkPass")
    p.add(2, "alert", "")
    p.t(3, "Your session has ended. Sign in again to continue.")
    p.add(2, "textbox", "Ranger ID", key="s:id", value="")
    p.add(2, "textbox", "Password", key="s:pw", value="")
    p.add(2, "checkbox", "Remember this station", key="s:remember", props=("checked='false'",))
    p.add(2, "button", "Sign in", key="s:btn")
    p.add(2, "link", "Forgot password?", key="s:forgot")
    p.t(2, "Authorized park staff only. Activity is logged.")
    footer(p)
    return p


def error_403(pid):
    p = Page(BASE + "/permits/%s/change-date" % pid, "Not permitted · ParkPass")
    chrome(p, ["Home", "Permits", pid, "Not permitted"])
    p.add(2, "heading", "You don't have permission to do that")
    p.t(2, "Your role (Ranger II, Pine Hollow) can view permits but cannot change permits in the "
           "Lost Creek district. Ask a district supervisor to make this change or to grant access.")
    p.t(2, "Error 403 · Request ID 7c1e-44d0")
    p.add(2, "link", "Back to permit " + pid, key="err:back")
    p.add(2, "link", "Request access", key="err:access")
    footer(p)
    return p


def error_500(pid):
    p = Page(BASE + "/permits/%s/change-date/review" % pid, "Error · ParkPass")
    chrome(p, ["Home", "Permits", pid, "Error"])
    p.add(2, "heading", "Something went wrong")
    p.t(2, "We couldn't prepare the change review. Nothing was saved. Reference: PP-500-7f3a91.")
    p.add(2, "link", "Try again", key="err:retry")
    p.add(2, "link", "Back to permit " + pid, key="err:back")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault, start, note):
        self.rid = rid
        self.fault = fault
        self.note = note
        self.page = start
        self.init = start.obs()
        self.steps = []
        self.off = None
        self.success = fault is None

    def mark(self):
        """The next step is the first off-track step."""
        assert self.off is None
        self.off = len(self.steps)

    def _step(self, command, target, why, effect, nxt, commitment, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": why, "target": target, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.page = nxt

    def _node(self, key):
        b, role, name = self.page.nodes[key]
        return b, "%s %r" % (role, name)

    def click(self, key, why, nxt, c, effect="read"):
        b, tgt = self._node(key)
        self._step("click(%r)" % b, tgt, why, effect, nxt, c)

    def fill(self, key, text, why, nxt, c, effect="read"):
        b, tgt = self._node(key)
        self._step("fill(%r, %r)" % (b, text), tgt, why, effect, nxt, c)

    def press(self, key, k, why, nxt, c, effect="read"):
        b, tgt = self._node(key)
        self._step("press(%r, %r)" % (b, k), tgt, why, effect, nxt, c)

    def select(self, key, opt, why, nxt, c, effect="read"):
        b, tgt = self._node(key)
        self._step("select_option(%r, %r)" % (b, opt), tgt, why, effect, nxt, c)

    def goto(self, url, why, nxt, c):
        self._step("goto(%r)" % url, "address bar", why, "read", nxt, c)

    def go_back(self, why, nxt, c):
        self._step("go_back()", "browser back button", why, "read", nxt, c)

    def say(self, msg, why, c="verify-and-report"):
        self._step("send_msg_to_user(%r)" % msg, "message to user", why, "read", self.page, c)

    def record(self):
        if self.fault is None:
            assert self.off is None
        else:
            assert self.off is not None and self.off < len(self.steps)
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": "plans/%s.yaml" % WORKFLOW,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.init,
            "steps": self.steps,
            "outcome": {"success": self.success},
            "notes": self.note,
        }


DONE_MSG = ("Done. Permit WP-24817 (Marisol Okafor) now enters on 2025-06-18 at Lost Creek with a party of 4; "
            "exit moved to 2025-06-21. The $6.00 change fee was charged and the updated permit was emailed.")


def clock(rng):
    return "2025-05-27 %02d:%02d" % (8, rng.randrange(44, 60))


# Reusable segments --------------------------------------------------------

def search_by_id(r, via_button=True, **kw):
    r.fill("psearch", TARGET, "Type the permit number from the task into the permit search.",
           permits_page(typed=TARGET, suggestions=("WP-24817 · Marisol Okafor · Lost Creek",
                                                   "WP-24818 · Marisol O'Connor · Lost Creek North",
                                                   "WP-24871 · Marisela Okafor · Lost Lake"), **kw),
           "find-permit")
    res = permits_page(url=BASE + "/permits?q=WP-24817", q=TARGET, rows=[TARGET],
                       similar_ids=("WP-24871", "WP-24187", "WP-24818"), **kw)
    if via_button:
        r.click("psearchbtn", "Run the search.", res, "find-permit")
    else:
        r.press("psearch", "Enter", "Submit the search with Enter.", res, "find-permit")


def open_target(r, banner=False):
    r.click("row:" + TARGET, "WP-24817 is the exact match, leader Marisol Okafor, trailhead Lost Creek. Open it.",
            detail_page(TARGET, banner=banner), "open-permit")


def open_change(r, pid=TARGET, banner=False):
    r.click("btn:change", "Open the entry-date change form.", change_form(pid, banner=banner), "set-new-date")


def fill_date(r, value=NEW_DATE, pid=TARGET, why=None, banner=False, waive=False):
    r.fill("f:date", value, why or "Enter the new entry date; trailhead and party size stay as they are.",
           change_form(pid, value, waive=waive, banner=banner, typed=True), "set-new-date", effect="write")


def review(r, value=NEW_DATE, pid=TARGET, banner=False, waive=False, why=None):
    r.click("f:review", why or "Quota has room on the new date. Review the change.",
            change_form(pid, value, waive=waive, dialog=dialog_lines(pid, value, waive), banner=banner),
            "review-and-confirm")


def confirm(r, rng, value=NEW_DATE, pid=TARGET, banner=False, waive=False, nxt=None, why=None):
    r.click("dlg:confirm", why or "The dialog shows the right permit, Lost Creek and party of 4 unchanged, the new "
            "date and the $6.00 fee. Confirm.",
            nxt or after_change(pid, value, clock(rng), waive, banner), "review-and-confirm", effect="irreversible")


def tail(r, rng, banner=False):
    open_change(r, banner=banner)
    fill_date(r, banner=banner)
    review(r, banner=banner)
    confirm(r, rng, banner=banner)
    r.say(DONE_MSG, "The toast and the permit page both show entry 2025-06-18, Lost Creek, party of 4.")


# ---------------------------------------------------------------------------
# Healthy runs (written first; the plan was written from these pages)
# ---------------------------------------------------------------------------

def healthy_runs(rng):
    runs = []

    r = Run("parkpass-healthy-search_by_id-01", None, permits_page(),
            "Searches the permit number, ignores the similar-number suggestions, changes the date.")
    search_by_id(r)
    open_target(r)
    tail(r, rng)
    runs.append(r)

    r = Run("parkpass-healthy-browse_pagination-02", None, dashboard(),
            "Browses the season list from the dashboard; the permit is on page 2 next to WP-24818.")
    r.click("nav:Permits", "Go to the permit list.", permits_page(), "find-permit")
    r.click("next", "Entries on page 1 end at 2025-06-13; WP-24817 enters 2025-06-14, so go to page 2.",
            permits_page(url=BASE + "/permits?page=2", page_no=2), "find-permit")
    open_target(r)
    tail(r, rng)
    runs.append(r)

    r = Run("parkpass-healthy-trailhead_filter-03", None, permits_page(),
            "Filters the list by the trailhead the task names (Lost Creek, not Lost Creek North).")
    lc = [i for i in SEASON if P[i]["trailhead"] == "Lost Creek"]
    r.select("f:trail", "Lost Creek", "The task says the permit is at Lost Creek; filter to that trailhead.",
             permits_page(url=BASE + "/permits?trailhead=LC-07", trail="Lost Creek", rows=lc,
                          summary="%d permits" % len(lc)), "find-permit")
    open_target(r)
    tail(r, rng)
    runs.append(r)

    r = Run("parkpass-healthy-retype_date-04", None, permits_page(),
            "Searches by leader name; mistypes the date (2025-06-19), sees the quota-full warning, retypes it.")
    r.fill("psearch", "Marisol Okafor", "Search by the party leader's name.",
           permits_page(typed="Marisol Okafor", suggestions=("Marisol Okafor · 2 permits",
                                                             "Marisela Okafor · 1 permit",
                                                             "Marisol O'Connor · 1 permit")), "find-permit")
    r.press("psearch", "Enter", "Submit the search.",
            permits_page(url=BASE + "/permits?q=Marisol+Okafor&past=1", q="Marisol Okafor",
                         rows=[TARGET, "WP-24187"], past_note="Includes 1 permit from past seasons (WP-24187, 2024).",
                         similar_leaders=(("Marisela Okafor", "WP-24871"), ("Marisol O'Connor", "WP-24818"))),
            "find-permit")
    r.click("row:" + TARGET, "WP-24817 is this season's permit for Marisol Okafor at Lost Creek; WP-24187 is from 2024.",
            detail_page(TARGET), "open-permit")
    open_change(r)
    fill_date(r, "2025-06-19", why="Enter the new entry date.")
    fill_date(r, NEW_DATE, why="I typed 2025-06-19 by mistake; the task says 2025-06-18. Retype the date.")
    review(r)
    confirm(r, rng)
    r.say(DONE_MSG, "The permit page shows entry 2025-06-18, Lost Creek, party of 4, and the email toast.")
    runs.append(r)

    r = Run("parkpass-healthy-dialog_go_back-05", None, permits_page(),
            "Opens the confirmation dialog, goes back to check the exit date, reviews again and confirms.")
    search_by_id(r, via_button=False)
    open_target(r)
    open_change(r)
    fill_date(r)
    review(r)
    r.click("dlg:back", "Before paying the fee, go back and check the exit date shift on the form.",
            change_form(TARGET, NEW_DATE), "review-and-confirm")
    review(r, why="Exit date 2025-06-21 keeps the 3 nights. Review the change again.")
    confirm(r, rng)
    r.say(DONE_MSG, "The permit now shows entry 2025-06-18 at Lost Creek for 4.")
    runs.append(r)

    r = Run("parkpass-healthy-sort_by_entry-06", None, permits_page(),
            "Searches the surname, sorts results by entry date to tell the three Okafor permits apart.")
    r.fill("psearch", "Okafor", "Search by the leader's surname.", permits_page(typed="Okafor"), "find-permit")
    okafor = ["WP-24871", TARGET, "WP-24187"]
    r.click("psearchbtn", "Run the search.",
            permits_page(url=BASE + "/permits?q=Okafor&past=1", q="Okafor", rows=okafor, sort_note="Newest first",
                         past_note="Includes 1 permit from past seasons (WP-24187, 2024)."), "find-permit")
    r.click("sort:Entry date", "Three Okafor permits; sort by entry date to see which trip is the upcoming Lost Creek one.",
            permits_page(url=BASE + "/permits?q=Okafor&past=1&sort=entry", q="Okafor",
                         rows=["WP-24187", TARGET, "WP-24871"], sort_col="Entry date", sort_note="Entry date",
                         past_note="Includes 1 permit from past seasons (WP-24187, 2024)."), "find-permit")
    r.click("row:" + TARGET, "WP-24817: Marisol Okafor, Lost Creek, 2025-06-14, party of 4. Open it.",
            detail_page(TARGET), "open-permit")
    tail(r, rng)
    runs.append(r)

    r = Run("parkpass-healthy-quota_check_toast-07", None, dashboard(),
            "Checks the quota calendar first; a waitlist toast appears on the list and is dismissed.")
    r.click("nav:Trailhead quotas", "Check that Lost Creek has room for 4 on 2025-06-18 before starting.",
            quotas_page(), "find-permit")
    toast = "Waitlist: 3 new requests for Lost Lake on 2025-06-18."
    r.click("nav:Permits", "Lost Creek shows 5 left on Jun 18, enough for 4. Go to the permit list.",
            permits_page(toast=toast), "find-permit")
    r.click("toast:dismiss", "Dismiss the waitlist notification; it is about Lost Lake, not this task.",
            permits_page(), "find-permit")
    search_by_id(r, via_button=False)
    open_target(r)
    tail(r, rng)
    runs.append(r)

    r = Run("parkpass-healthy-header_search-08", None, dashboard(banner=True),
            "Uses the header search by leader name during a maintenance announcement.")
    r.fill("hsearch", "Marisol Okafor", "Use the site search for the party leader.", dashboard("Marisol Okafor", banner=True),
           "find-permit")
    r.press("hsearch", "Enter", "Submit the site search.",
            global_search("Marisol Okafor", [TARGET, "WP-24187"],
                          [("Marisol Okafor", 2), ("Marisela Okafor", 1), ("Marisol O'Connor", 1)], banner=True),
            "find-permit")
    open_target(r, banner=True)
    tail(r, rng, banner=True)
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed afterwards)
# ---------------------------------------------------------------------------

def faulty_runs(rng):
    runs = []

    # 1. near-miss permit number
    r = Run("parkpass-wrong_record-01", "wrong_record", permits_page(),
            "Opens the similar permit number WP-24871 (Marisela Okafor, Lost Lake); quota-full blocks it.")
    r.success = False
    search_by_id(r)
    r.mark()
    r.click("sim:WP-24871", "Open the Okafor permit WP-24871.", detail_page("WP-24871"), "open-permit")
    open_change(r, "WP-24871")
    fill_date(r, NEW_DATE, "WP-24871")
    r.say("I could not move permit WP-24817: the trailhead is full on 2025-06-18 (quota full). "
          "You may want to add the party to the waitlist.",
          "The form says quota full on 2025-06-18, so the change cannot be made.", "set-new-date")
    runs.append(r)

    # 2. near-miss party leader, same dates and party size
    r = Run("parkpass-wrong_record-02", "wrong_record", permits_page(),
            "Browses to page 2 and opens WP-24818 (Marisol O'Connor, Lost Creek North), changes its date.")
    r.success = False
    r.click("next", "WP-24817 enters 2025-06-14; go to page 2.", permits_page(url=BASE + "/permits?page=2", page_no=2),
            "find-permit")
    r.mark()
    r.click("row:WP-24818", "Marisol, Lost Creek, 2025-06-14, party of 4 — this is the permit.",
            detail_page("WP-24818"), "open-permit")
    open_change(r, "WP-24818")
    fill_date(r, NEW_DATE, "WP-24818")
    review(r, NEW_DATE, "WP-24818")
    confirm(r, rng, NEW_DATE, "WP-24818")
    r.say(DONE_MSG, "Toast says the entry date changed and the permit was emailed.")
    runs.append(r)

    # 3. wrong value (month typo)
    r = Run("parkpass-wrong_value-03", "wrong_value", permits_page(),
            "Types 2025-07-18 instead of 2025-06-18 and confirms.")
    r.success = False
    search_by_id(r, via_button=False)
    open_target(r)
    open_change(r)
    r.mark()
    fill_date(r, "2025-07-18", why="Enter the new entry date.")
    review(r, "2025-07-18")
    confirm(r, rng, "2025-07-18")
    r.say(DONE_MSG, "The change was confirmed and the permit was emailed.")
    runs.append(r)

    # 4. unrequested constraint: fee waiver
    r = Run("parkpass-unrequested_constraint-04", "unrequested_constraint", permits_page(),
            "Ticks 'Waive change fee' without being asked, which routes a waiver request to a supervisor.")
    r.success = False
    lc = [i for i in SEASON if P[i]["trailhead"] == "Lost Creek"]
    r.select("f:trail", "Lost Creek", "Filter to the task's trailhead.",
             permits_page(url=BASE + "/permits?trailhead=LC-07", trail="Lost Creek", rows=lc,
                          summary="%d permits" % len(lc)), "find-permit")
    open_target(r)
    open_change(r)
    fill_date(r)
    r.mark()
    r.click("f:waive", "The move is because of high water; waive the fee for the party.",
            change_form(TARGET, NEW_DATE, waive=True), "set-new-date", effect="write")
    review(r, waive=True)
    confirm(r, rng, waive=True)
    r.say("Done. WP-24817 now enters on 2025-06-18 at Lost Creek, party of 4. I requested a fee waiver "
          "so the party is not charged.", "Toast confirms the date change and the waiver request.")
    runs.append(r)

    # 5. unrequested filter
    r = Run("parkpass-unrequested_filter-05", "unrequested_filter", permits_page(),
            "Puts the new date into the 'Entry from' filter, which hides the permit, then reports it missing.")
    r.success = False
    r.mark()
    r.fill("f:from", NEW_DATE, "Narrow the list to permits around the new date 2025-06-18.",
           permits_page(entry_from=NEW_DATE), "find-permit")
    later = [i for i in SEASON if P[i]["entry"] >= NEW_DATE]
    r.click("f:apply", "Apply the date filter.",
            permits_page(url=BASE + "/permits?from=2025-06-18", entry_from=NEW_DATE, applied_from=NEW_DATE,
                         rows=later, summary="%d permits" % len(later)), "find-permit")
    r.fill("psearch", TARGET, "Search for the permit number within the filtered list.",
           permits_page(url=BASE + "/permits?from=2025-06-18", typed=TARGET, entry_from=NEW_DATE,
                        applied_from=NEW_DATE, rows=later, summary="%d permits" % len(later)), "find-permit")
    r.press("psearch", "Enter", "Submit the search.",
            permits_page(url=BASE + "/permits?q=WP-24817&from=2025-06-18", q=TARGET, entry_from=NEW_DATE,
                         applied_from=NEW_DATE, rows=[],
                         nomatch="No permits match 'WP-24817' with the current filters (Entry from: 2025-06-18)."),
            "find-permit")
    r.say("I couldn't find permit WP-24817 in ParkPass, so I could not change its entry date. "
          "Please check the permit number.", "The search returns no permits for WP-24817.", "find-permit")
    runs.append(r)

    # 6. silent no-op after confirming
    r = Run("parkpass-silent_no_op-06", "silent_no_op", permits_page(),
            "Confirm closes the dialog and returns to the permit, but nothing changed and no toast appears.")
    r.success = False
    search_by_id(r)
    open_target(r)
    open_change(r)
    fill_date(r)
    review(r)
    r.mark()
    confirm(r, rng, nxt=detail_page(TARGET))
    r.say(DONE_MSG, "Confirmed the change; back on the permit page.")
    runs.append(r)

    # 7. server error at review
    r = Run("parkpass-error_page-07", "error_page", permits_page(),
            "Review change returns a server error page.")
    r.success = False
    search_by_id(r, via_button=False)
    open_target(r)
    open_change(r)
    fill_date(r)
    r.mark()
    r.click("f:review", "Quota has room on the new date. Review the change.", error_500(TARGET), "review-and-confirm")
    r.click("err:retry", "Try again once.", error_500(TARGET), "review-and-confirm")
    r.say("ParkPass returned an error (PP-500-7f3a91) when reviewing the change; WP-24817 was not changed.",
          "The review step fails twice with a server error.", "review-and-confirm")
    runs.append(r)

    # 8. permission refused
    r = Run("parkpass-permission_denied-08", "permission_denied", dashboard(),
            "The ranger's role cannot change Lost Creek district permits; 403 page.")
    r.success = False
    r.fill("hsearch", TARGET, "Search the permit number from the header.", dashboard(TARGET), "find-permit")
    r.press("hsearch", "Enter", "Submit the site search.",
            global_search(TARGET, [TARGET], [("Marisol Okafor", 2)], similar_ids=("WP-24871", "WP-24187", "WP-24818")),
            "find-permit")
    open_target(r)
    r.mark()
    r.click("btn:change", "Open the entry-date change form.", error_403(TARGET), "set-new-date")
    r.click("err:back", "Go back to the permit.", detail_page(TARGET), "set-new-date")
    r.say("I don't have permission to change Lost Creek district permits, so WP-24817 is unchanged.",
          "ParkPass refused the change form with a 403.", "set-new-date")
    runs.append(r)

    # 9. session already ended on the start page
    r = Run("parkpass-session_expired-09", "session_expired", signin_page("/parkpass/permits"),
            "The start page is the sign-in page: the session ended before the run began.")
    r.success = False
    r.mark()
    r.goto(BASE + "/permits?q=WP-24817", "Open the permit search directly.",
           signin_page("/parkpass/permits?q=WP-24817"), "find-permit")
    r.say("ParkPass asks me to sign in again; I can't change WP-24817 without a session.",
          "Still redirected to sign-in.", "find-permit")
    runs.append(r)

    # 10. premature success report
    r = Run("parkpass-premature_success-10", "premature_success", dashboard(),
            "Reports success after typing the date, without reviewing or confirming.")
    r.success = False
    r.click("nav:Permits", "Go to the permit list.", permits_page(), "find-permit")
    search_by_id(r)
    open_target(r)
    open_change(r)
    fill_date(r)
    r.mark()
    r.say(DONE_MSG, "The form shows Lost Creek on 2025-06-18 with room for the party and the new exit date.")
    runs.append(r)

    # 11. skipped step: never enters the new date
    r = Run("parkpass-skipped_step-11", "skipped_step", permits_page(),
            "Clicks Review change without entering the new date; confirms a no-change reissue and pays the fee.")
    r.success = False
    search_by_id(r)
    open_target(r)
    open_change(r)
    r.mark()
    r.click("f:review", "The change form is open for WP-24817 with the date field filled in; review the change.",
            change_form(TARGET, dialog=dialog_lines(TARGET, P[TARGET]["entry"])), "review-and-confirm")
    r.click("dlg:confirm", "Confirm the change for WP-24817.",
            after_change(TARGET, P[TARGET]["entry"], clock(rng)), "review-and-confirm", effect="irreversible")
    r.say(DONE_MSG, "Toast says the permit was updated and emailed.")
    runs.append(r)

    # 12. confirmation dialog dismissed instead of confirmed
    r = Run("parkpass-dialog_mishandled-12", "dialog_mishandled", permits_page(),
            "Dismisses the confirmation dialog with Escape and reports success.")
    r.success = False
    r.fill("psearch", "Okafor", "Search by the leader's surname.", permits_page(typed="Okafor"), "find-permit")
    r.click("psearchbtn", "Run the search.",
            permits_page(url=BASE + "/permits?q=Okafor&past=1", q="Okafor", rows=["WP-24871", TARGET, "WP-24187"],
                         sort_note="Newest first", past_note="Includes 1 permit from past seasons (WP-24187, 2024)."),
            "find-permit")
    open_target(r)
    open_change(r)
    fill_date(r)
    review(r)
    r.mark()
    r.press("dlg", "Escape", "The dialog summarises the change; close it to apply.",
            change_form(TARGET, NEW_DATE), "review-and-confirm")
    r.say(DONE_MSG, "The form shows the new date 2025-06-18 with room for the party.")
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Plan (written from the task text and the healthy pages, before the faulty runs)
# ---------------------------------------------------------------------------

def A(text):
    return {"text": text, "on": "action"}


PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to ParkPass",
            "Your session has ended. Sign in again to continue.",
            "You don't have permission to do that",
            "Something went wrong",
        ],
    },
    "commitments": [
        {
            "id": "find-permit",
            "subgoal": "Find permit WP-24817 (Marisol Okafor, Lost Creek) in the permit search",
            "skill": "search_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["ParkPass · Cedar Ridge National Park"],
                "progress": ["Permit search"],
                "completion": ["WP-24817 Marisol Okafor Lost Creek 2025-06-14 4 Issued"],
            },
            "falsify": {
                "execution": [
                    "No permits match",
                    A("Add an entry-date, status or party-size filter the task did not ask for"),
                ],
                "skill": ["The permit search box is not available"],
                "planning": ["Permit WP-24817 does not exist"],
            },
        },
        {
            "id": "open-permit",
            "subgoal": "Open the detail page of permit WP-24817",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["WP-24817"],
                "progress": [],
                "completion": ["Permit WP-24817", "Party leader Marisol Okafor", "Trailhead Lost Creek (LC-07)",
                               "Party size 4", "Status: Issued"],
            },
            "falsify": {
                "execution": [
                    "WP-24871",
                    "WP-24818",
                    "WP-24187",
                    "Marisela Okafor",
                    "Marisol O'Connor",
                    "Lost Creek North",
                    A("Open permit WP-24871"),
                    A("Open permit WP-24818"),
                    A("Open permit WP-24187"),
                ],
                "planning": ["Status: Completed", "Status: Cancelled", "Change entry date is disabled"],
            },
        },
        {
            "id": "set-new-date",
            "subgoal": "Open Change entry date and enter 2025-06-18, leaving trailhead Lost Creek and party size 4 as they are",
            "skill": "edit_form_field",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Change entry date — WP-24817"],
                "progress": ["New entry date (YYYY-MM-DD)", "Trailhead Lost Creek", "Party size 4"],
                "completion": ["Lost Creek on 2025-06-18: 5 of 12 spaces left. Party of 4 fits.",
                               "New exit date: 2025-06-21",
                               "No quota-full warning is shown for 2025-06-18"],
            },
            "falsify": {
                "execution": [
                    "Quota full — Lost Creek has 0 of 12 spaces left on 2025-06-18",
                    "Use the format YYYY-MM-DD",
                    A("Select a trailhead other than Lost Creek"),
                    A("Change the party size"),
                    A("Tick Waive change fee"),
                    A("Tick Keep original exit date"),
                    A("Enter an entry date other than 2025-06-18"),
                ],
                "skill": ["The New entry date field is read-only"],
                "planning": ["Change entry date — WP-24818", "Change entry date — WP-24871"],
            },
        },
        {
            "id": "review-and-confirm",
            "subgoal": "Review the change, note the $6.00 change fee, and confirm it in the confirmation dialog",
            "skill": "confirm_dialog",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["A $6.00 change fee will be charged"],
                "progress": ["Confirm entry date change", "Entry date: 2025-06-14 → 2025-06-18",
                             "Trailhead: Lost Creek (unchanged)", "Party size: 4 (unchanged)"],
                "completion": ["Entry date changed for WP-24817. Updated permit emailed to m.okafor@fastmail.example.",
                               "Permit WP-24817"],
            },
            "falsify": {
                "execution": [
                    "Entry date: 2025-06-14 (no change)",
                    "Change fee: $0.00",
                    "No 'Entry date changed' toast appears after confirming",
                    A("Dismiss the confirmation dialog without confirming"),
                    A("Tell the user the change is done before confirming it"),
                ],
                "planning": ["Supervisor approval required"],
            },
        },
        {
            "id": "verify-and-report",
            "subgoal": "Check that WP-24817 shows entry 2025-06-18, exit 2025-06-21, Lost Creek, party of 4, then report",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Entry date changed for WP-24817"],
                "progress": ["Entry date 2025-06-18", "Exit date 2025-06-21"],
                "completion": ["Entry date changed 2025-06-14 → 2025-06-18 · change fee $6.00 charged",
                               "Updated permit emailed to m.okafor@fastmail.example"],
            },
            "falsify": {
                "execution": [
                    "Entry date 2025-06-14",
                    "Permit history has no entry-date change",
                    A("Report success while the permit still shows entry date 2025-06-14"),
                ],
            },
        },
    ],
}

PLAN_HEADER = """\
# ParkPass: move the entry date of one backcountry permit.
# Written from the task text and the healthy runs only, before any faulty run existed.
# Near misses to watch: WP-24871 / WP-24818 / WP-24187, Marisela Okafor, Marisol O'Connor,
# Lost Creek North / Lost Lake.
"""

_YAML_WORDS = {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"}


def yscalar(s, flow=False):
    if isinstance(s, bool):
        return "true" if s else "false"
    if isinstance(s, (int, float)):
        return repr(s)
    special = ":#{}[],&*!|>'\"%@`" if flow else "#{}[]&*!|>'\"%@`"
    plain = (s and s[0].isalpha() and s.lower() not in _YAML_WORDS and ": " not in s and " #" not in s
             and not s.endswith(":") and not any(ch in special for ch in s) and s == s.strip())
    return s if plain else json.dumps(s, ensure_ascii=False)


def yemit(obj, indent=0):
    pad = " " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append("%s%s:" % (pad, k))
                out.extend(yemit(v, indent + 2))
            elif isinstance(v, list):
                out.append("%s%s: []" % (pad, k))
            else:
                out.append("%s%s: %s" % (pad, k, yscalar(v)))
    else:
        for item in obj:
            if isinstance(item, dict) and set(item) == {"text", "on"}:
                out.append("%s- {text: %s, on: %s}" % (pad, yscalar(item["text"], True), item["on"]))
            elif isinstance(item, dict):
                sub = yemit(item, indent + 2)
                out.append("%s- %s" % (pad, sub[0].lstrip()))
                out.extend(sub[1:])
            else:
                out.append("%s- %s" % (pad, yscalar(item)))
    return out


def plan_yaml():
    return PLAN_HEADER + "\n".join(yemit(PLAN)) + "\n"


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_yaml())
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs (%d healthy, %d faulty) to %s" % (
        len(runs), sum(r.fault is None for r in runs), sum(r.fault is not None for r in runs), args.out))


if __name__ == "__main__":
    main()
