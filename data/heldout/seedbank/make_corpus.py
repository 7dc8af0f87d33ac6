#!/usr/bin/env python3
"""Build the SeedBank held-out corpus (Python 3 standard library only).

    python3 make_corpus.py [OUTPUT_DIR]

Writes OUTPUT_DIR/corpus.jsonl and OUTPUT_DIR/plans/seedbank.yaml (default: the
folder holding this script).  Output is byte-for-byte reproducible: the only
randomness comes from random.Random(SEED), nothing depends on the clock, the
environment, dict hashing of str, or set order.
"""
import datetime
import json
import os
import random
import sys

SEED = 20417
HOST = "http://127.0.0.1:8000"
APP = HOST + "/seedbank"
TODAY = datetime.date(2024, 6, 5)
WORKFLOW = "seedbank"
PLAN_REL = "plans/seedbank.yaml"

TASK = ("Odalys Ferreira (member M-20417) just brought back her Brandywine Pink tomato "
        "packet, lot BWP-23-114. Record the return with condition Good and log the "
        "germination rate she reported: 90 %. Leave her other loans alone.")

# ---------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any
# faulty run was designed, and not edited afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# SeedBank lending desk: record a returned seed packet and its germination result.
# Written from the task text and the healthy pages only.
task: >-
  Odalys Ferreira (member M-20417) just brought back her Brandywine Pink tomato
  packet, lot BWP-23-114. Record the return with condition Good and log the
  germination rate she reported: 90 %. Leave her other loans alone.
plan_falsifiers:
  execution:
    - Sign in to SeedBank
    - Your session has ended
commitments:
  - id: find-loan
    subgoal: Find the open Brandywine Pink loan (lot BWP-23-114) of Odalys Ferreira, M-20417
    skill: locate_record
    confidence: 0.7
    confirm:
      precondition: [Lending desk]
      progress: [Members matching, Loans]
      completion:
        - Odalys Ferreira (M-20417)
        - Brandywine Pink BWP-23-114 On loan
    falsify:
      execution:
        - M-20471
        - M-20147
        - M-21417
        - Odalis Ferreira
        - Odalys Pereira
        - Odalys Ferreira-Lund
        - No members match
        - No loans match these filters
      planning:
        - Brandywine Pink BWP-23-114 is already returned
  - id: open-return
    subgoal: Open the return dialog for the Brandywine Pink BWP-23-114 loan
    skill: open_row_action
    confidence: 0.7
    confirm:
      precondition: []
      progress: []
      completion:
        - Record return — Brandywine Pink · BWP-23-114
        - Odalys Ferreira (M-20417)
    falsify:
      execution:
        - Record return — Brandywine Red · BWR-23-114
        - Record return — Brandywine Yellow · BWY-23-141
        - Record return — Brandywine Pink · BWP-23-141
        - BWP-22-114
        - {text: Record return for Brandywine Red BWR-23-114, on: action}
        - {text: Record return for Brandywine Yellow BWY-23-141, on: action}
        - {text: Record return for Brandywine Pink BWP-23-141, on: action}
      skill:
        - There is no Record return button for this loan
  - id: enter-result
    subgoal: Set the condition to Good and the germination rate to 90 %
    skill: fill_form
    confidence: 0.6
    confirm:
      completion:
        - Condition Good
        - Germination rate (%) 90
    falsify:
      execution:
        - Numbers only
        - Enter a number from 0 to 100
        - {text: select a condition other than Good, on: action}
        - {text: type 0.9 into Germination rate (%), on: action}
  - id: confirm-return
    subgoal: Confirm the return and see the thank-you toast
    skill: submit_form
    confidence: 0.6
    confirm:
      progress:
        - Confirm return of Brandywine Pink BWP-23-114?
      completion:
        - Thanks! Return recorded for Odalys Ferreira — Brandywine Pink BWP-23-114, germination 90 %
        - Returned 2024-06-05 · germination 90 % · Good
    falsify:
      execution:
        - Could not record the return
        - Something went wrong
        - Brandywine Pink BWP-23-114 still shows On loan after Confirm return
        - No thank-you toast after Confirm return
        - {text: Cancel, on: action}
        - {text: Go back, on: action}
      planning:
        - This loan was already returned
"""

# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------


class BidRegistry:
    """Stable bids: the same element (scope, role, name, occurrence) keeps its bid."""

    def __init__(self, start=100):
        self.map = {}
        self.next = start

    def get(self, key):
        if key not in self.map:
            self.map[key] = str(self.next)
            self.next += 1
        return self.map[key]


BIDS = BidRegistry()


def q(s):
    return repr(s)


class Tree:
    def __init__(self, scope, title):
        self.scope = scope
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.seen = {}
        self.index = {}

    def add(self, depth, role, name="", props=(), scope=None):
        sc = scope or self.scope
        k = "%s|%s|%s" % (sc, role, name)
        n = self.seen.get(k, 0)
        self.seen[k] = n + 1
        bid = BIDS.get("%s|%d" % (k, n))
        line = "\t" * depth + "[%s] %s %s" % (bid, role, q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        self.index.setdefault((role, name), []).append(bid)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % q(s))

    def bid(self, role, name, nth=0):
        try:
            return self.index[(role, name)][nth]
        except (KeyError, IndexError):
            raise KeyError("no %s %r on page %s" % (role, name, self.scope))

    def render(self):
        return "\n".join(self.lines)


class Page:
    def __init__(self, url, title, tree, error=None):
        self.url, self.title, self.tree, self.error = url, title, tree, error

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.tree.render(),
                "error": error if error is not None else self.error}


def val(v):
    return ["value=%s" % q(v)] if v else []


# ---------------------------------------------------------------------------
# Data: members and loans
# ---------------------------------------------------------------------------

MEMBERS = {
    "M-20417": dict(name="Odalys Ferreira", branch="Eastside", since="2021-04-17",
                    note="Prefers email reminders · grows in the Alder Street community plot",
                    visit="2024-03-02"),
    "M-20471": dict(name="Odalis Ferreira", branch="Eastside", since="2021-05-02",
                    note="Volunteer on Saturday sorting shifts", visit="2024-06-05"),
    "M-21417": dict(name="Odalys Ferreira-Lund", branch="Eastside", since="2023-01-20",
                    note="Balcony grower · prefers text messages", visit="2024-03-09"),
    "M-20147": dict(name="Odalys Pereira", branch="Riverside", since="2020-11-08",
                    note="", visit="2024-04-22"),
    "M-19902": dict(name="Tomás Ferreira", branch="Millbrook", since="2019-06-30",
                    note="", visit="2023-11-14"),
    "M-20741": dict(name="Dana Ferreiro", branch="Riverside", since="2021-08-19",
                    note="", visit="2024-01-05"),
}

FILLER_MEMBERS = [
    ("M-18830", "Rafael Okoye"), ("M-17264", "Imke Vandersloot"), ("M-20988", "Chidi Anyanwu"),
    ("M-15502", "Mireille Achterberg"), ("M-19355", "Sunniva Halvorsen"), ("M-21003", "Teodor Baciu"),
    ("M-16741", "Wren Castellanos"), ("M-20215", "Hamid Sadeghi"), ("M-18107", "Yuki Tanabe-Ross"),
    ("M-19660", "Beatriz Lomelí"), ("M-17790", "Ossian Pryce"), ("M-20532", "Nkechi Balogun"),
    ("M-21120", "Ilse Marchetti"), ("M-16018", "Corentin Abadie"), ("M-19047", "Saoirse Ní Bhriain"),
    ("M-20874", "Pavol Kránsky"), ("M-20741", "Dana Ferreiro"), ("M-19902", "Tomás Ferreira"),
]
for _mid, _name in FILLER_MEMBERS:
    MEMBERS.setdefault(_mid, dict(name=_name, branch="Eastside", since="2020-01-01", note="",
                                  visit="2024-05-01"))

FILLER_VARIETIES = [
    ("Cherokee Purple", "CHP-24-003"), ("Moon and Stars watermelon", "MAS-22-040"),
    ("Scarlet Runner bean", "SRB-23-007"), ("Sugar Snap pea", "SSP-23-022"),
    ("Lemon cucumber", "LEC-23-090"), ("Glass Gem corn", "GGC-22-301"),
    ("Jimmy Nardello pepper", "JNP-23-016"), ("Red Russian kale", "RRK-24-002"),
    ("Dragon Tongue bean", "DTB-22-019"), ("Cosmic Purple carrot", "CPC-24-010"),
    ("Tigger melon", "TGM-23-077"), ("Green Zebra tomato", "GZT-23-045"),
    ("Hopi Blue corn", "HBC-22-230"), ("Rattlesnake pole bean", "RPB-23-033"),
    ("Kentucky Wonder bean", "KWB-23-061"),
]

LOANS = {}


def add_loan(lid, mid, variety, lot, out, due, status):
    LOANS[lid] = dict(lid=lid, mid=mid, variety=variety, lot=lot, out=out, due=due, status=status)


# The loans that matter, and their near misses.
add_loan("L-88190", "M-20417", "Brandywine Pink", "BWP-23-114", "2024-03-02", "2024-09-30", "open")
add_loan("L-88191", "M-20417", "Brandywine Yellow", "BWY-23-141", "2024-03-02", "2024-09-30", "open")
add_loan("L-86544", "M-20417", "Brandywine Red", "BWR-23-114", "2023-04-11", "2023-10-31", "open")
add_loan("L-85102", "M-20417", "Brandywine Pink", "BWP-22-114", "2023-03-10", "2023-09-30",
         "Returned 2023-09-12 · germination 72 % · Good")
add_loan("L-84977", "M-20417", "Dragon Tongue bean", "DTB-22-019", "2023-02-20", "—", "Cancelled")
add_loan("L-88201", "M-20471", "Brandywine Pink", "BWP-23-114", "2024-03-05", "2024-09-30", "open")
add_loan("L-87410", "M-20471", "Sugar Snap pea", "SSP-23-022", "2024-02-12", "2024-08-31", "open")
add_loan("L-86602", "M-20471", "Brandywine Red", "BWR-23-114", "2023-04-14", "2023-10-31",
         "Returned 2024-06-05 · germination 85 % · Fair")
add_loan("L-88213", "M-21417", "Brandywine Pink", "BWP-23-141", "2024-03-09", "2024-09-30", "open")
add_loan("L-88214", "M-21417", "Cherokee Purple", "CHP-24-003", "2024-03-09", "2024-09-30", "open")
add_loan("L-88196", "M-17264", "Brandywine Red", "BWR-24-011", "2024-03-04", "2024-09-30", "open")
add_loan("L-83015", "M-20988", "Amish Paste", "AMP-23-008", "2023-02-02", "2023-08-31",
         "Returned 2023-08-20 · germination 88 % · Good")
add_loan("L-83120", "M-19660", "Black Krim", "BKR-23-051", "2023-02-09", "2023-08-31",
         "Returned 2023-09-04 · germination 0 % · Damaged")
add_loan("L-83244", "M-16018", "Blue Lake pole bean", "BLB-22-117", "2023-02-15", "2023-08-31",
         "Cancelled")


def _filler():
    rng = random.Random(SEED)
    fm = [m for m in FILLER_MEMBERS if m[0] not in ("M-20741", "M-19902")]
    # page 1 of the default sort: ten recent loans, newest first
    d = datetime.date(2024, 6, 4)
    lid = 88341
    for i in range(10):
        mid = rng.choice(fm)[0]
        var, lot = rng.choice(FILLER_VARIETIES)
        status = "open"
        if i == 3:
            status = "Cancelled"
        if i == 6:
            status = "Returned 2024-05-30 · germination 41 % · Damaged"
        add_loan("L-%d" % lid, mid, var, lot, d.isoformat(), "2024-09-30", status)
        d -= datetime.timedelta(days=rng.randint(6, 11))
        lid -= rng.randint(9, 14)
    # remaining slots on page 2 of the default sort
    for lid, out in (("L-88220", "2024-03-11"), ("L-88209", "2024-03-07"),
                     ("L-88185", "2024-03-01"), ("L-88180", "2024-03-01")):
        mid = rng.choice(fm)[0]
        var, lot = rng.choice(FILLER_VARIETIES)
        add_loan(lid, mid, var, lot, out, "2024-09-30", "open")
    # 26 other overdue loans (27 with L-86544)
    d = datetime.date(2023, 5, 20)
    lid = 86990
    for i in range(26):
        mid = rng.choice(fm)[0]
        var, lot = rng.choice(FILLER_VARIETIES)
        due = "2023-10-31" if d.month >= 4 else "2023-08-31"
        add_loan("L-%d" % lid, mid, var, lot, d.isoformat(), due,
                 "open-reminder-failed" if i in (2, 9, 17) else "open")
        d -= datetime.timedelta(days=rng.randint(2, 6))
        lid -= rng.randint(11, 19)


_filler()


def mname(mid):
    return MEMBERS[mid]["name"]


# ---------------------------------------------------------------------------
# World state and page renderers
# ---------------------------------------------------------------------------


class World:
    def __init__(self):
        self.returned = {}      # lid -> (rate or None, condition)

    def status(self, lid):
        ln = LOANS[lid]
        if lid in self.returned:
            rate, cond = self.returned[lid]
            g = ("germination %s %%" % rate) if rate else "germination not reported"
            return "Returned %s · %s · %s" % (TODAY.isoformat(), g, cond)
        if not ln["status"].startswith("open"):
            return ln["status"]
        due = datetime.date.fromisoformat(ln["due"])
        if due < TODAY:
            s = "Overdue · %d days" % (TODAY - due).days
            if ln["status"] == "open-reminder-failed":
                s += " · reminder failed"
            return s
        return "On loan"

    def is_open(self, lid):
        return lid not in self.returned and LOANS[lid]["status"].startswith("open")

    def counters(self):
        return 312 - len(self.returned), 27, 9 + len(self.returned)


def chrome_top(t, w, q_value="", focused=False):
    out, overdue, today = w.counters()
    t.add(1, "banner", "", scope="chrome")
    t.add(2, "link", "SeedBank home", scope="chrome")
    t.text(2, "Hollow Creek Seed Library · lending desk")
    props = val(q_value) + (["focused"] if focused else [])
    t.add(2, "searchbox", "Search members by name or number", props, scope="chrome")
    t.add(2, "button", "Search", scope="chrome")
    t.add(2, "status", "Desk counters", ["live='polite'"], scope="chrome")
    t.text(3, "Packets out: %d" % out)
    t.text(3, "Overdue: %d" % overdue)
    t.text(3, "Returns today: %d" % today)
    t.add(2, "button", "Notifications (3)", scope="chrome")
    t.add(2, "button", "Priya Natarajan · desk volunteer", ["hasPopup='menu'", "expanded=False"],
          scope="chrome")
    t.add(1, "navigation", "Main", scope="chrome")
    for item in ("Desk", "Members", "Loans", "Catalog", "Germination log", "Reports", "Help"):
        t.add(2, "link", item, scope="chrome")


def chrome_bottom(t):
    t.add(1, "contentinfo", "")
    t.text(2, "© 2024 Hollow Creek Seed Library · volunteer-run since 2009")
    t.add(2, "link", "Volunteer handbook")
    t.add(2, "link", "Privacy")
    t.add(2, "link", "Report a problem")
    t.text(2, "SeedBank 3.8.2 · catalog synced 10:42")


def breadcrumb(t, items):
    t.add(1, "navigation", "Breadcrumb")
    for i, it in enumerate(items):
        if i:
            t.text(2, "›")
        if i < len(items) - 1:
            t.add(2, "link", it)
        else:
            t.text(2, it)


def desk_page(w, q_value="", overlays=()):
    title = "Lending desk · SeedBank"
    t = Tree("desk", title)
    chrome_top(t, w, q_value, focused=bool(q_value))
    breadcrumb(t, ["Desk"])
    t.add(1, "main", "")
    t.add(2, "heading", "Lending desk", ["level=1"])
    t.text(2, "Wednesday 5 June 2024 · Eastside branch · desk open 10:00–14:00")
    t.add(2, "region", "Notice")
    t.text(3, "Seed swap Saturday 8 June — 4 volunteer slots still open.")
    t.add(3, "link", "Sign up for a slot")
    t.add(2, "heading", "Check-in queue", ["level=2"])
    t.add(2, "list", "Check-in queue")
    for who, what in (("Odalys Ferreira (M-20417)", "returning 1 packet · arrived 10:44"),
                      ("Rafael Okoye (M-18830)", "borrowing 3 packets · arrived 10:40"),
                      ("Odalis Ferreira (M-20471)", "asking about a renewal · arrived 10:29")):
        t.add(3, "listitem", "")
        t.add(4, "link", who)
        t.text(4, what)
    t.add(2, "heading", "Recent desk activity", ["level=2"])
    t.add(2, "table", "Recent desk activity")
    t.add(3, "row", "")
    for h in ("Time", "Event", "Member", "Packet"):
        t.add(4, "columnheader", h)
    for row in (("10:31", "Return", "Odalis Ferreira (M-20471)",
                 "Brandywine Red BWR-23-114 · germination 85 %"),
                ("10:12", "Loan", "Sunniva Halvorsen (M-19355)", "Cherokee Purple CHP-24-003"),
                ("09:58", "Return · sync failed, retried OK", "Teodor Baciu (M-21003)",
                 "Moon and Stars watermelon MAS-22-040 · germination 60 %"),
                ("09:41", "Loan cancelled", "Wren Castellanos (M-16741)", "Glass Gem corn GGC-22-301")):
        t.add(3, "row", "")
        for c in row:
            t.add(4, "cell", c)
    t.add(2, "heading", "Overdue reminders", ["level=2"])
    t.text(2, "27 loans overdue · 3 reminder emails failed to send last night")
    t.add(2, "link", "Review overdue loans")
    t.add(2, "button", "Retry failed reminders")
    chrome_bottom(t)
    for o in overlays:
        o(t)
    url = APP + "/desk"
    return Page(url, title, t)


SEARCHES = {
    "Ferreira": (["M-21417", "M-20471", "M-20417", "M-19902", "M-20741"], None),
    "M-20417": (["M-20417"], "Did you mean M-20471 or M-21417?"),
    "Odalys Ferreira": (["M-20417", "M-21417", "M-20147", "M-20471"], None),
}
FER_EXTRA = [("M-17102", "Amara Feraud"), ("M-18215", "Lotte Ferber"), ("M-15977", "Callum Ferguson"),
             ("M-19430", "Maeve Ferguson"), ("M-20066", "Rosa Ferland"), ("M-16390", "Joaquim Fernandes"),
             ("M-21288", "Lucía Fernández"), ("M-18744", "Gianna Ferrante"), ("M-17533", "Elio Ferrari"),
             ("M-20302", "Ines Ferraro")]
_rng_fer = random.Random(SEED + 1)
for _mid, _name in FER_EXTRA:
    MEMBERS.setdefault(_mid, dict(name=_name, branch=_rng_fer.choice(["Millbrook", "Riverside", "Eastside"]),
                                  since="2020-02-02", note="",
                                  visit=(datetime.date(2024, 6, 1)
                                         - datetime.timedelta(days=_rng_fer.randint(3, 300))).isoformat()))
SEARCHES["Fer"] = ([m for m, _ in FER_EXTRA] + ["M-20471", "M-20417", "M-19902", "M-21417"], None)


def open_count(w, mid):
    n = sum(1 for l in LOANS.values() if l["mid"] == mid and w.is_open(l["lid"]))
    od = sum(1 for l in LOANS.values() if l["mid"] == mid and w.is_open(l["lid"])
             and w.status(l["lid"]).startswith("Overdue"))
    s = "%d on loan" % n
    if od:
        s += " · %d overdue" % od
    return s


def search_page(w, query, page=1):
    ids, hint = SEARCHES[query]
    title = "Members matching %s · SeedBank" % q(query)
    t = Tree("members-search?%s&%d" % (query, page), title)
    chrome_top(t, w, query)
    breadcrumb(t, ["Desk", "Members", "Search"])
    t.add(1, "main", "")
    t.add(2, "heading", "Members matching %s" % q(query), ["level=1"])
    per = 10
    pages = (len(ids) + per - 1) // per
    shown = ids[(page - 1) * per: page * per]
    t.text(2, "%d member%s · sorted by last name" % (len(ids), "" if len(ids) == 1 else "s"))
    if hint:
        t.text(2, hint)
    t.add(2, "table", "Members")
    t.add(3, "row", "")
    for h in ("Member no.", "Name", "Branch", "Loans", "Last visit"):
        t.add(4, "columnheader", h)
        t.add(5, "button", "Sort by %s" % h)
    for mid in shown:
        m = MEMBERS[mid]
        t.add(3, "row", "")
        t.add(4, "cell", mid)
        t.add(4, "cell", "")
        t.add(5, "link", m["name"])
        t.add(4, "cell", m["branch"])
        t.add(4, "cell", open_count(w, mid))
        t.add(4, "cell", m["visit"])
    t.add(2, "navigation", "Pagination")
    t.text(3, "Page %d of %d" % (page, pages))
    t.add(3, "button", "Previous page", [] if page > 1 else ["disabled=True"])
    t.add(3, "button", "Next page", [] if page < pages else ["disabled=True"])
    chrome_bottom(t)
    url = APP + "/members?q=" + query.replace(" ", "+") + ("&page=%d" % page if page > 1 else "")
    return Page(url, title, t)


def member_loans(mid):
    ls = [l for l in LOANS.values() if l["mid"] == mid]
    ls.sort(key=lambda l: (l["out"], l["lid"]), reverse=True)
    return ls


def loan_row(t, w, l, depth, scope, with_member):
    t.add(depth, "row", "", scope=scope)
    t.add(depth + 1, "cell", l["lid"], scope=scope)
    if with_member:
        t.add(depth + 1, "cell", "", scope=scope)
        t.add(depth + 2, "link", mname(l["mid"]), scope=scope)
        t.add(depth + 1, "cell", l["mid"], scope=scope)
    t.add(depth + 1, "cell", l["variety"], scope=scope)
    t.add(depth + 1, "cell", l["lot"], scope=scope)
    t.add(depth + 1, "cell", l["out"], scope=scope)
    t.add(depth + 1, "cell", l["due"], scope=scope)
    t.add(depth + 1, "cell", w.status(l["lid"]), scope=scope)
    t.add(depth + 1, "cell", "", scope=scope)
    t.add(depth + 2, "button", "Loan details %s" % l["lid"], scope=scope)
    if w.is_open(l["lid"]):
        t.add(depth + 2, "button", "Record return for %s %s (%s)" % (l["variety"], l["lot"], l["lid"]),
              scope=scope)


def member_page(w, mid, overlays=()):
    m = MEMBERS[mid]
    title = "%s (%s) · SeedBank" % (m["name"], mid)
    t = Tree("member-" + mid, title)
    chrome_top(t, w)
    breadcrumb(t, ["Desk", "Members", m["name"]])
    t.add(1, "main", "")
    t.add(2, "heading", m["name"], ["level=1"])
    t.text(2, "Member %s · %s branch · member since %s" % (mid, m["branch"], m["since"]))
    if m["note"]:
        t.text(2, m["note"])
    ls = member_loans(mid)
    overdue = [l for l in ls if w.is_open(l["lid"]) and w.status(l["lid"]).startswith("Overdue")]
    if overdue:
        t.add(2, "status", "")
        l = overdue[0]
        t.text(3, "1 loan overdue: %s %s, due %s. Late returns are welcome — no fees."
               % (l["variety"], l["lot"], l["due"]))
    t.add(2, "button", "New loan")
    t.add(2, "button", "Renew all open loans")
    t.add(2, "tablist", "")
    t.add(3, "tab", "Loans (%d)" % len(ls), ["selected=True"])
    t.add(3, "tab", "Germination reports", ["selected=False"])
    t.add(3, "tab", "Contact", ["selected=False"])
    t.add(2, "table", "Loans")
    t.add(3, "row", "")
    for h in ("Loan", "Variety", "Lot", "Checked out", "Due", "Status", "Actions"):
        t.add(4, "columnheader", h)
    for l in ls:
        loan_row(t, w, l, 3, "member-%s/%s" % (mid, l["lid"]), with_member=False)
    t.text(2, "Showing %d of %d loans" % (len(ls), len(ls)))
    chrome_bottom(t)
    for o in overlays:
        o(t)
    return Page(APP + "/members/" + mid, title, t)


class LoansView:
    def __init__(self, page=1, sort="out", status="All statuses", filt="", typed=None):
        self.page, self.sort, self.status, self.filt = page, sort, status, filt
        self.typed = filt if typed is None else typed

    def copy(self, **kw):
        v = LoansView(self.page, self.sort, self.status, self.filt, self.typed)
        for k, x in kw.items():
            setattr(v, k, x)
        if "filt" in kw and "typed" not in kw:
            v.typed = kw["filt"]
        return v


STATUS_OPTIONS = ["All statuses", "On loan", "Overdue", "Returned", "Cancelled"]


def loans_rows(w, v):
    ls = list(LOANS.values())
    if v.status != "All statuses":
        ls = [l for l in ls if w.status(l["lid"]).startswith(v.status)]
    if v.filt:
        f = v.filt.lower()
        ls = [l for l in ls if f in l["mid"].lower() or f in l["lot"].lower()
              or f in mname(l["mid"]).lower()]
    if v.sort == "variety":
        ls.sort(key=lambda l: (l["variety"], l["lot"], l["out"], l["lid"]))
        # newest loan first within a lot
        out = []
        for key in sorted(set((l["variety"], l["lot"]) for l in ls)):
            grp = [l for l in ls if (l["variety"], l["lot"]) == key]
            grp.sort(key=lambda l: (l["out"], l["lid"]), reverse=True)
            out.extend(grp)
        ls = out
    else:
        ls.sort(key=lambda l: (l["out"], l["lid"]), reverse=True)
    return ls


def loans_page(w, v, overlays=()):
    title = "Loans · SeedBank"
    t = Tree("loans?%d&%s&%s&%s" % (v.page, v.sort, v.status, v.filt), title)
    chrome_top(t, w)
    breadcrumb(t, ["Desk", "Loans"])
    t.add(1, "main", "")
    t.add(2, "heading", "Loans", ["level=1"])
    out, overdue, _ = w.counters()
    t.text(2, "%d on loan · %d overdue · %s returned" % (out, overdue, format(1147 + len(w.returned), ",")))
    t.add(2, "search", "Loan filters")
    t.add(3, "textbox", "Filter by member or lot", val(v.typed))
    t.add(3, "combobox", "Status", ["value=%s" % q(v.status), "hasPopup='listbox'", "expanded=False"])
    for o in STATUS_OPTIONS:
        t.add(4, "option", o, ["selected=%s" % (o == v.status)])
    t.add(3, "button", "Apply filters")
    t.add(3, "button", "Clear filters")
    rows = loans_rows(w, v)
    filtered = bool(v.filt) or v.status != "All statuses"
    total = len(rows) if filtered else 1486 + 0
    per = 10
    pages = max(1, (total + per - 1) // per)
    shown = rows[(v.page - 1) * per: v.page * per]
    t.add(2, "table", "Loans")
    t.add(3, "row", "")
    heads = (("Loan", None), ("Member", "member"), ("Member no.", None), ("Variety", "variety"),
             ("Lot", None), ("Checked out", "out"), ("Due", "due"), ("Status", None), ("Actions", None))
    for h, s in heads:
        props = []
        if s:
            props = ["sort=%s" % ("'descending'" if s == v.sort == "out" else
                                  "'ascending'" if s == v.sort else "'none'")]
        t.add(4, "columnheader", h, props)
        if s:
            t.add(5, "button", "Sort by %s" % h)
    if not shown:
        t.add(3, "row", "")
        t.add(4, "cell", "No loans match these filters.")
    for l in shown:
        loan_row(t, w, l, 3, "%s/%s" % (t.scope, l["lid"]), with_member=True)
    a = (v.page - 1) * per + 1
    b = a + len(shown) - 1
    if shown:
        t.text(2, "Showing %d–%d of %s loan%s" % (a, b, format(total, ","), "" if total == 1 else "s"))
    t.add(2, "navigation", "Pagination")
    t.add(3, "button", "Previous page", [] if v.page > 1 else ["disabled=True"])
    for p in range(1, min(pages, 3) + 1):
        t.add(3, "link", "Page %d" % p, ["current='page'"] if p == v.page else [])
    if pages > 3:
        t.text(3, "…")
        t.add(3, "link", "Page %d" % pages)
    t.add(3, "button", "Next page", [] if v.page < pages else ["disabled=True"])
    chrome_bottom(t)
    for o in overlays:
        o(t)
    params = []
    if v.filt:
        params.append("member=" + v.filt)
    if v.status != "All statuses":
        params.append("status=" + v.status.lower().replace(" ", "-"))
    if v.sort != "out":
        params.append("sort=" + v.sort)
    if v.page > 1:
        params.append("page=%d" % v.page)
    url = APP + "/loans" + ("?" + "&".join(params) if params else "")
    return Page(url, title, t)


CONDITIONS = ["Choose…", "Excellent", "Good", "Fair", "Damaged", "Packet lost"]


def return_dialog(lid, cond="Choose…", rate="", rate_msg=None, paused=False, confirm_modal=False,
                  focused=None):
    l = LOANS[lid]

    def ov(t):
        name = "Record return — %s · %s" % (l["variety"], l["lot"])
        t.add(1, "dialog", name, ["modal=True"])
        t.add(2, "heading", name, ["level=2"])
        t.text(2, "Loan %s · %s (%s)" % (lid, mname(l["mid"]), l["mid"]))
        t.text(2, "Checked out %s · due %s" % (l["out"], l["due"]))
        if l["due"] < TODAY.isoformat():
            t.text(2, "This loan is overdue. Late returns are welcome — no fees are charged.")
        t.add(2, "combobox", "Condition", ["value=%s" % q(cond), "hasPopup='listbox'", "expanded=False"]
              + (["focused"] if focused == "cond" else []))
        for o in CONDITIONS:
            t.add(3, "option", o, ["selected=%s" % (o == cond)])
        t.add(2, "textbox", "Germination rate (%)", val(rate) + (["focused"] if focused == "rate" else []))
        t.text(2, "%")
        t.text(2, "Share of sown seeds that sprouted, 0–100. Leave blank if the member didn't say.")
        if rate_msg:
            t.text(2, rate_msg)
        t.add(2, "textbox", "Seeds sown (optional)")
        t.add(2, "textbox", "Note for the variety steward (optional)")
        if paused:
            t.text(2, "Returns are paused until 14:00 (stock count).")
        t.add(2, "button", "Cancel")
        t.add(2, "button", "Confirm return", ["disabled=True"] if paused else [])
        if confirm_modal:
            t.add(1, "alertdialog", "Confirm return of %s %s?" % (l["variety"], l["lot"]), ["modal=True"])
            t.add(2, "heading", "Confirm return of %s %s?" % (l["variety"], l["lot"]), ["level=2"])
            t.text(2, "Loan %s for %s (%s). Returns recorded from the loans list skip the member "
                      "check-in screen, so please double-check the member." % (lid, mname(l["mid"]), l["mid"]))
            t.add(2, "button", "Go back")
            t.add(2, "button", "Yes, record return")
    return ov


def details_dialog(lid):
    l = LOANS[lid]

    def ov(t):
        t.add(1, "dialog", "Loan %s" % lid, ["modal=True"])
        t.add(2, "heading", "Loan %s" % lid, ["level=2"])
        t.add(2, "table", "Loan details")
        rows = (("Member", "%s (%s)" % (mname(l["mid"]), l["mid"])),
                ("Variety", "%s (Solanum lycopersicum)" % l["variety"]),
                ("Lot", "%s · grown out 2023 by the Eastside team" % l["lot"]),
                ("Lab germination test", "94 % on 2024-01-20"),
                ("Checked out", l["out"]), ("Due", l["due"]), ("Packets", "1 packet · 20 seeds"))
        for k, v in rows:
            t.add(3, "row", "")
            t.add(4, "rowheader", k)
            t.add(4, "cell", v)
        t.add(2, "button", "Close")
    return ov


def toast(lid, rate, receipt="RR-3307"):
    l = LOANS[lid]

    def ov(t):
        t.add(1, "status", "", ["live='polite'"])
        g = (", germination %s %%." % rate) if rate else ". No germination result logged."
        t.text(2, "Thanks! Return recorded for %s — %s %s%s" % (mname(l["mid"]), l["variety"], l["lot"], g))
        t.text(2, "A thank-you email is on its way to %s." % mname(l["mid"]).split()[0])
        t.add(2, "link", "View receipt %s" % receipt)
        t.add(2, "button", "Dismiss notification")
    return ov


def receipt_page(w, lid, rate, cond, receipt="RR-3307"):
    l = LOANS[lid]
    title = "Return receipt %s · SeedBank" % receipt
    t = Tree("receipt", title)
    chrome_top(t, w)
    breadcrumb(t, ["Desk", "Members", mname(l["mid"]), "Receipt %s" % receipt])
    t.add(1, "main", "")
    t.add(2, "heading", "Return receipt %s" % receipt, ["level=1"])
    t.add(2, "table", "Receipt")
    for k, v in (("Member", "%s (%s)" % (mname(l["mid"]), l["mid"])), ("Loan", lid),
                 ("Variety", l["variety"]), ("Lot", l["lot"]), ("Condition", cond),
                 ("Germination rate", "%s %%" % rate), ("Recorded by", "Priya Natarajan"),
                 ("Recorded at", "2024-06-05 10:47")):
        t.add(3, "row", "")
        t.add(4, "rowheader", k)
        t.add(4, "cell", v)
    t.add(2, "button", "Print receipt")
    t.add(2, "link", "Back to %s" % mname(l["mid"]))
    chrome_bottom(t)
    return Page(APP + "/receipts/" + receipt, title, t)


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------

RUNS = []


class Run:
    def __init__(self, rid, fault, start, note=""):
        self.rid, self.fault, self.note = rid, fault, note
        self.start = start
        self.page = start
        self.steps = []
        self.off = 0 if fault and start_fault(rid) else None

    def mark(self):
        if self.off is None:
            self.off = len(self.steps)

    def _step(self, commitment, command, reasoning, target, effect, new_page, error=None, off=False):
        if off:
            self.mark()
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": new_page.obs(error),
        })
        self.page = new_page

    def click(self, c, role, name, why, new_page, effect="read", nth=0, off=False, error=None):
        b = self.page.tree.bid(role, name, nth)
        self._step(c, "click(%s)" % q(b), why, "%s %s" % (role, q(name)), effect, new_page, error, off)

    def fill(self, c, role, name, text, why, new_page, effect="read", off=False):
        b = self.page.tree.bid(role, name)
        self._step(c, "fill(%s, %s)" % (q(b), q(text)), why, "%s %s" % (role, q(name)), effect,
                   new_page, None, off)

    def press(self, c, role, name, key, why, new_page, effect="read", off=False):
        b = self.page.tree.bid(role, name)
        self._step(c, "press(%s, %s)" % (q(b), q(key)), why, "%s %s" % (role, q(name)), effect,
                   new_page, None, off)

    def select(self, c, role, name, option, why, new_page, effect="read", off=False):
        b = self.page.tree.bid(role, name)
        self._step(c, "select_option(%s, %s)" % (q(b), q(option)), why, "%s %s" % (role, q(name)),
                   effect, new_page, None, off)

    def say(self, c, msg, why, off=False):
        self._step(c, "send_msg_to_user(%s)" % q(msg), why, "", "read", self.page, None, off)

    def done(self, success):
        assert (self.fault is None) == (self.off is None), self.rid
        RUNS.append({
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        })


START_FAULTS = set()


def start_fault(rid):
    return rid in START_FAULTS


FL, OR, ER, CR = "find-loan", "open-return", "enter-result", "confirm-return"
T = "L-88190"
RB = "Record return for Brandywine Pink BWP-23-114 (L-88190)"
DONE_MSG = ("Recorded the return of Odalys Ferreira's Brandywine Pink packet (lot BWP-23-114, loan "
            "L-88190): condition Good, germination 90 %.")


def finish_member_path(r, w, lid=T, rate="90", cond="Good"):
    """Shared tail for the member-page path, healthy version."""
    mid = LOANS[lid]["mid"]
    r.select(ER, "combobox", "Condition", cond, "The member said the packet came back in good shape.",
             member_page(w, mid, [return_dialog(lid, cond=cond, focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", rate,
           "Log the germination rate she reported; the field is already in percent.",
           member_page(w, mid, [return_dialog(lid, cond=cond, rate=rate, focused="rate")]), effect="write")
    w.returned[lid] = (rate, cond)
    r.click(CR, "button", "Confirm return", "Save the return.",
            member_page(w, mid, [toast(lid, rate)]), effect="irreversible")


# ===========================================================================
# HEALTHY RUNS (the plan above was written against these pages)
# ===========================================================================

def healthy_01():
    """Search by last name, pick the exact member, record from the member page."""
    w = World()
    r = Run("seedbank-healthy-01", None, desk_page(w))
    r.fill(FL, "searchbox", "Search members by name or number", "Ferreira",
           "Look the member up by last name.", desk_page(w, "Ferreira"))
    r.press(FL, "searchbox", "Search members by name or number", "Enter", "Run the search.",
            search_page(w, "Ferreira"))
    r.click(FL, "link", "Odalys Ferreira", "Odalys Ferreira, M-20417 is the member in the task "
            "(not Odalis, not Ferreira-Lund).", member_page(w, "M-20417"))
    r.click(OR, "button", RB, "Open the return form on the Brandywine Pink BWP-23-114 row.",
            member_page(w, "M-20417", [return_dialog(T)]))
    finish_member_path(r, w)
    r.say(CR, DONE_MSG, "The toast confirms the return and the germination rate.")
    r.done(True)


def healthy_02():
    """Browse the loans list, page forward, confirm the list's double-check dialog."""
    w = World()
    v = LoansView()
    r = Run("seedbank-healthy-02", None, desk_page(w))
    r.click(FL, "link", "Loans", "Find the loan in the full loans list.", loans_page(w, v))
    v2 = v.copy(page=2)
    r.click(FL, "button", "Next page", "Loans are newest first; March 2024 loans are on the next page.",
            loans_page(w, v2))
    r.click(OR, "button", RB, "Row L-88190: Odalys Ferreira, M-20417, Brandywine Pink BWP-23-114, On loan.",
            loans_page(w, v2, [return_dialog(T)]))
    r.select(ER, "combobox", "Condition", "Good", "Condition from the task.",
             loans_page(w, v2, [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Reported germination, in percent.",
           loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", focused="rate")]), effect="write")
    r.click(CR, "button", "Confirm return", "Submit the return.",
            loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", confirm_modal=True)]),
            effect="irreversible")
    w.returned[T] = ("90", "Good")
    r.click(CR, "button", "Yes, record return", "The double-check names the right loan and member.",
            loans_page(w, v2, [toast(T, "90")]), effect="irreversible")
    r.say(CR, DONE_MSG, "Toast confirms it.")
    r.done(True)


def healthy_03():
    """Search by member number; peek at the loan details dialog and close it first."""
    w = World()
    r = Run("seedbank-healthy-03", None, desk_page(w))
    r.fill(FL, "searchbox", "Search members by name or number", "M-20417",
           "Search by the member number from the task.", desk_page(w, "M-20417"))
    r.click(FL, "button", "Search", "Run the search.", search_page(w, "M-20417"))
    r.click(FL, "link", "Odalys Ferreira", "Single exact match for M-20417.", member_page(w, "M-20417"))
    r.click(OR, "button", "Loan details L-88190",
            "Two Brandywine Pink rows exist (BWP-23-114 and BWP-22-114); check the open one first.",
            member_page(w, "M-20417", [details_dialog(T)]))
    r.click(OR, "button", "Close", "Lot BWP-23-114, on loan since 2024-03-02: this is the one.",
            member_page(w, "M-20417"))
    r.click(OR, "button", RB, "Open the return form for that loan.",
            member_page(w, "M-20417", [return_dialog(T)]))
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Enter the reported germination first.",
           member_page(w, "M-20417", [return_dialog(T, rate="90", focused="rate")]), effect="write")
    r.select(ER, "combobox", "Condition", "Good", "Then the condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90", focused="cond")]),
             effect="write")
    w.returned[T] = ("90", "Good")
    r.click(CR, "button", "Confirm return", "Both fields set; save.",
            member_page(w, "M-20417", [toast(T, "90")]), effect="irreversible")
    r.say(CR, DONE_MSG, "Done.")
    r.done(True)


def healthy_04():
    """Full-name search; the % sign is rejected by the field, agent retypes."""
    w = World()
    r = Run("seedbank-healthy-04", None, desk_page(w))
    r.fill(FL, "searchbox", "Search members by name or number", "Odalys Ferreira",
           "Search by full name.", desk_page(w, "Odalys Ferreira"))
    r.press(FL, "searchbox", "Search members by name or number", "Enter", "Search.",
            search_page(w, "Odalys Ferreira"))
    r.click(FL, "link", "Odalys Ferreira", "Exact name and number M-20417.", member_page(w, "M-20417"))
    r.click(OR, "button", RB, "Open the return form for BWP-23-114.",
            member_page(w, "M-20417", [return_dialog(T)]))
    r.select(ER, "combobox", "Condition", "Good", "Condition Good.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90%", "Germination 90 %.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90%", focused="rate",
                                                    rate_msg="Numbers only — the % sign is added for you.")]),
           effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "The field wants the bare number; retype it.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90", focused="rate")]),
           effect="write")
    w.returned[T] = ("90", "Good")
    r.click(CR, "button", "Confirm return", "Save.", member_page(w, "M-20417", [toast(T, "90")]),
            effect="irreversible")
    r.say(CR, DONE_MSG, "Toast confirms.")
    r.done(True)


def healthy_05():
    """Loans list filtered by the member number the task gives."""
    w = World()
    v = LoansView()
    r = Run("seedbank-healthy-05", None, desk_page(w))
    r.click(FL, "link", "Loans", "Go to the loans list.", loans_page(w, v))
    r.fill(FL, "textbox", "Filter by member or lot", "M-20417", "Narrow the list to the member in the task.",
           loans_page(w, v.copy(typed="M-20417")))
    v2 = v.copy(filt="M-20417")
    r.click(FL, "button", "Apply filters", "Apply the member filter.", loans_page(w, v2))
    r.click(OR, "button", RB, "Her open Brandywine Pink loan, lot BWP-23-114.",
            loans_page(w, v2, [return_dialog(T)]))
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             loans_page(w, v2, [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", focused="rate")]), effect="write")
    r.click(CR, "button", "Confirm return", "Submit.",
            loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", confirm_modal=True)]),
            effect="irreversible")
    w.returned[T] = ("90", "Good")
    r.click(CR, "button", "Yes, record return", "Loan L-88190 for Odalys Ferreira (M-20417): correct.",
            loans_page(w, v2, [toast(T, "90")]), effect="irreversible")
    r.say(CR, DONE_MSG, "Recorded.")
    r.done(True)


def healthy_06():
    """Loans list sorted by variety: all the Brandywines side by side."""
    w = World()
    v = LoansView()
    r = Run("seedbank-healthy-06", None, desk_page(w))
    r.click(FL, "link", "Loans", "Open the loans list.", loans_page(w, v))
    v2 = v.copy(sort="variety")
    r.click(FL, "button", "Sort by Variety", "Group loans by variety to find Brandywine Pink.",
            loans_page(w, v2))
    r.click(OR, "button", RB, "Among the Brandywine rows, L-88190 is Odalys Ferreira M-20417, lot BWP-23-114 "
            "(L-88201 is Odalis, L-88213 is lot BWP-23-141).", loans_page(w, v2, [return_dialog(T)]))
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             loans_page(w, v2, [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", focused="rate")]), effect="write")
    r.click(CR, "button", "Confirm return", "Submit.",
            loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", confirm_modal=True)]),
            effect="irreversible")
    w.returned[T] = ("90", "Good")
    r.click(CR, "button", "Yes, record return", "Confirm the double-check.",
            loans_page(w, v2, [toast(T, "90")]), effect="irreversible")
    r.say(CR, DONE_MSG, "Recorded.")
    r.done(True)


def healthy_07():
    """Short search term: two result pages, the member is on page 2."""
    w = World()
    r = Run("seedbank-healthy-07", None, desk_page(w))
    r.fill(FL, "searchbox", "Search members by name or number", "Fer", "Search the start of the last name.",
           desk_page(w, "Fer"))
    r.press(FL, "searchbox", "Search members by name or number", "Enter", "Search.", search_page(w, "Fer"))
    r.click(FL, "button", "Next page", "Ferreira sorts after the ten names shown.", search_page(w, "Fer", 2))
    r.click(FL, "link", "Odalys Ferreira", "Odalys Ferreira with M-20417.", member_page(w, "M-20417"))
    r.click(OR, "button", RB, "Open the return form.", member_page(w, "M-20417", [return_dialog(T)]))
    finish_member_path(r, w)
    r.say(CR, DONE_MSG, "Toast confirms.")
    r.done(True)


def healthy_08():
    """From the desk's check-in queue; opens the receipt from the toast."""
    w = World()
    r = Run("seedbank-healthy-08", None, desk_page(w))
    r.click(FL, "link", "Odalys Ferreira (M-20417)", "She is waiting in the check-in queue.",
            member_page(w, "M-20417"))
    r.click(OR, "button", RB, "Open the return form for BWP-23-114.",
            member_page(w, "M-20417", [return_dialog(T)]))
    finish_member_path(r, w)
    r.click(CR, "link", "View receipt RR-3307", "Check the saved record.",
            receipt_page(w, T, "90", "Good"))
    r.say(CR, DONE_MSG + " Receipt RR-3307.", "Receipt matches.")
    r.done(True)


# ===========================================================================
# FAULTY RUNS
# ===========================================================================

def member_path_to_dialog(r, w, query="M-20417", paused=False):
    r.fill(FL, "searchbox", "Search members by name or number", query, "Search for the member.",
           desk_page(w, query))
    r.press(FL, "searchbox", "Search members by name or number", "Enter", "Search.", search_page(w, query))
    r.click(FL, "link", "Odalys Ferreira", "The member from the task.", member_page(w, "M-20417"))
    r.click(OR, "button", RB, "Open the return form for BWP-23-114.",
            member_page(w, "M-20417", [return_dialog(T, paused=paused)]))


def fault_wrong_member():
    w = World()
    r = Run("seedbank-wrong_record-01", "wrong_record", desk_page(w))
    r.fill(FL, "searchbox", "Search members by name or number", "Ferreira", "Search by last name.",
           desk_page(w, "Ferreira"))
    r.press(FL, "searchbox", "Search members by name or number", "Enter", "Search.",
            search_page(w, "Ferreira"))
    r.click(FL, "link", "Odalis Ferreira", "Odalis Ferreira looks like the member.",
            member_page(w, "M-20471"), off=True)
    lid = "L-88201"
    rb = "Record return for Brandywine Pink BWP-23-114 (L-88201)"
    r.click(OR, "button", rb, "She has Brandywine Pink BWP-23-114 on loan.",
            member_page(w, "M-20471", [return_dialog(lid)]))
    finish_member_path(r, w, lid=lid)
    r.say(CR, DONE_MSG, "Toast says the return was recorded.")
    r.done(False)


def fault_wrong_lot_same_member():
    w = World()
    r = Run("seedbank-wrong_record-02", "wrong_record", desk_page(w))
    r.fill(FL, "searchbox", "Search members by name or number", "M-20417", "Search by number.",
           desk_page(w, "M-20417"))
    r.press(FL, "searchbox", "Search members by name or number", "Enter", "Search.", search_page(w, "M-20417"))
    r.click(FL, "link", "Odalys Ferreira", "Exact match.", member_page(w, "M-20417"))
    lid = "L-86544"
    r.click(OR, "button", "Record return for Brandywine Red BWR-23-114 (L-86544)",
            "The overdue Brandywine packet is probably the one she brought back.",
            member_page(w, "M-20417", [return_dialog(lid)]), off=True)
    finish_member_path(r, w, lid=lid)
    r.say(CR, DONE_MSG, "Return saved.")
    r.done(False)


def fault_wrong_lot_other_member():
    w = World()
    v = LoansView()
    r = Run("seedbank-wrong_record-03", "wrong_record", desk_page(w))
    r.click(FL, "link", "Loans", "Open the loans list.", loans_page(w, v))
    v2 = v.copy(sort="variety")
    r.click(FL, "button", "Sort by Variety", "Group by variety.", loans_page(w, v2))
    lid = "L-88213"
    r.click(OR, "button", "Record return for Brandywine Pink BWP-23-141 (L-88213)",
            "Odalys Ferreira… Brandywine Pink, on loan — this row.",
            loans_page(w, v2, [return_dialog(lid)]), off=True)
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             loans_page(w, v2, [return_dialog(lid, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           loans_page(w, v2, [return_dialog(lid, cond="Good", rate="90", focused="rate")]), effect="write")
    r.click(CR, "button", "Confirm return", "Submit.",
            loans_page(w, v2, [return_dialog(lid, cond="Good", rate="90", confirm_modal=True)]),
            effect="irreversible")
    w.returned[lid] = ("90", "Good")
    r.click(CR, "button", "Yes, record return", "Confirm.", loans_page(w, v2, [toast(lid, "90")]),
            effect="irreversible")
    r.say(CR, DONE_MSG, "Recorded.")
    r.done(False)


def fault_wrong_value():
    w = World()
    r = Run("seedbank-wrong_value-01", "wrong_value", desk_page(w))
    member_path_to_dialog(r, w)
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "0.9", "90 % as a fraction is 0.9.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="0.9", focused="rate")]),
           effect="write", off=True)
    w.returned[T] = ("0.9", "Good")
    r.click(CR, "button", "Confirm return", "Save.", member_page(w, "M-20417", [toast(T, "0.9")]),
            effect="irreversible")
    r.say(CR, DONE_MSG, "Saved.")
    r.done(False)


def fault_skipped_step():
    w = World()
    r = Run("seedbank-skipped_step-01", "skipped_step", desk_page(w))
    member_path_to_dialog(r, w)
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    w.returned[T] = (None, "Good")
    r.click(CR, "button", "Confirm return", "Condition is set; save the return.",
            member_page(w, "M-20417", [toast(T, None)]), effect="irreversible", off=True)
    r.say(CR, DONE_MSG, "Return recorded.")
    r.done(False)


def fault_silent_noop():
    w = World()
    r = Run("seedbank-silent_noop-01", "silent_noop", desk_page(w))
    member_path_to_dialog(r, w)
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90", focused="rate")]),
           effect="write")
    # The dialog closes but nothing was saved: no toast, row still On loan, counters unchanged.
    r.click(CR, "button", "Confirm return", "Save.", member_page(w, "M-20417"), effect="irreversible",
            off=True)
    r.say(CR, DONE_MSG, "The dialog closed, so the return went through.")
    r.done(False)


def fault_unrequested_filter():
    w = World()
    v = LoansView()
    r = Run("seedbank-unrequested_filter-01", "unrequested_filter", desk_page(w))
    r.click(FL, "link", "Loans", "Open the loans list.", loans_page(w, v))
    v2 = v.copy(status="Overdue")
    r.select(FL, "combobox", "Status", "Overdue", "Packets being returned are usually overdue ones.",
             loans_page(w, v2), off=True)
    r.fill(FL, "textbox", "Filter by member or lot", "M-20417", "Narrow to the member.",
           loans_page(w, v2.copy(typed="M-20417")))
    v3 = v2.copy(filt="M-20417")
    r.click(FL, "button", "Apply filters", "Apply.", loans_page(w, v3))
    r.say(FL, "Odalys Ferreira (M-20417) has no open Brandywine Pink BWP-23-114 loan; her only overdue "
              "loan is Brandywine Red BWR-23-114. Nothing recorded.",
          "No Brandywine Pink row in the filtered list.")
    r.done(False)


def forbidden_page(w):
    title = "403 · SeedBank"
    t = Tree("forbidden", title)
    chrome_top(t, w)
    t.add(1, "main", "")
    t.add(2, "heading", "403 — Access denied", ["level=1"])
    t.text(2, "Closing loans needs the Desk lead role on weekday shifts. Your role: Desk volunteer.")
    t.text(2, "Nothing was changed. Ask the shift lead to record this return.")
    t.add(2, "link", "Back to lending desk")
    chrome_bottom(t)
    return Page(APP + "/loans/L-88190/return", title, t)


def fault_refusal():
    w = World()
    r = Run("seedbank-refusal-01", "refusal", desk_page(w))
    member_path_to_dialog(r, w)
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90", focused="rate")]),
           effect="write")
    r.click(CR, "button", "Confirm return", "Save.", forbidden_page(w), effect="irreversible", off=True)
    r.say(CR, "I couldn't record the return: SeedBank says closing loans needs the Desk lead role.",
          "Access denied.")
    r.done(False)


def signin_page():
    title = "Sign in to SeedBank"
    t = Tree("signin", title)
    t.add(1, "main", "")
    t.add(2, "heading", "Sign in to SeedBank", ["level=1"])
    t.text(2, "Your session has ended. Sign in again to pick up where you left off.")
    t.add(2, "textbox", "Volunteer email", ["required"])
    t.add(2, "textbox", "Password", ["required"])
    t.add(2, "checkbox", "Keep me signed in on this desk computer", ["checked='false'"])
    t.add(2, "button", "Sign in")
    t.add(2, "link", "Forgot your password?")
    t.text(2, "Hollow Creek Seed Library · volunteers only")
    return Page(HOST + "/seedbank/login?next=%2Fseedbank%2Fmembers%2FM-20417", title, t)


def fault_lost_session():
    w = World()
    r = Run("seedbank-lost_session-01", "lost_session", desk_page(w))
    member_path_to_dialog(r, w, query="Odalys Ferreira")
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90", focused="rate")]),
           effect="write")
    r.click(CR, "button", "Confirm return", "Save.", signin_page(), effect="irreversible", off=True)
    r.say(CR, DONE_MSG, "Submitted the return.")
    r.done(False)


def fault_premature_success():
    w = World()
    r = Run("seedbank-premature_success-01", "premature_success", desk_page(w))
    member_path_to_dialog(r, w)
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             member_page(w, "M-20417", [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           member_page(w, "M-20417", [return_dialog(T, cond="Good", rate="90", focused="rate")]),
           effect="write")
    r.say(CR, DONE_MSG, "Both fields are filled in, so the return is recorded.", off=True)
    r.done(False)


def fault_dialog_mishandled():
    w = World()
    v = LoansView()
    r = Run("seedbank-dialog_mishandled-01", "dialog_mishandled", desk_page(w))
    r.click(FL, "link", "Loans", "Open the loans list.", loans_page(w, v))
    r.fill(FL, "textbox", "Filter by member or lot", "M-20417", "Filter to the member.",
           loans_page(w, v.copy(typed="M-20417")))
    v2 = v.copy(filt="M-20417")
    r.click(FL, "button", "Apply filters", "Apply.", loans_page(w, v2))
    r.click(OR, "button", RB, "Her Brandywine Pink BWP-23-114 loan.", loans_page(w, v2, [return_dialog(T)]))
    r.select(ER, "combobox", "Condition", "Good", "Condition.",
             loans_page(w, v2, [return_dialog(T, cond="Good", focused="cond")]), effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", focused="rate")]), effect="write")
    r.click(CR, "button", "Confirm return", "Submit.",
            loans_page(w, v2, [return_dialog(T, cond="Good", rate="90", confirm_modal=True)]),
            effect="irreversible")
    r.click(CR, "button", "Go back", "Dismiss the pop-up; the return is already submitted.",
            loans_page(w, v2, [return_dialog(T, cond="Good", rate="90")]), off=True)
    r.say(CR, DONE_MSG, "Submitted.")
    r.done(False)


def paused_modal(t):
    t.add(1, "alertdialog", "Stock count in progress", ["modal=True"])
    t.add(2, "heading", "Stock count in progress", ["level=2"])
    t.text(2, "Returns are paused until 14:00 while the seed vault is counted. Lookups still work; "
              "the Confirm return button stays disabled until then.")
    t.add(2, "button", "OK, got it")


def fault_blocking_modal():
    rid = "seedbank-blocking_modal-01"
    START_FAULTS.add(rid)
    w = World()
    r = Run(rid, "blocking_modal", desk_page(w, overlays=[paused_modal]))
    r.click(FL, "button", "OK, got it", "Dismiss the notice.", desk_page(w))
    member_path_to_dialog(r, w, paused=True)

    def mp(**kw):
        return member_page(w, "M-20417", [return_dialog(T, paused=True, **kw)])

    r.select(ER, "combobox", "Condition", "Good", "Condition.", mp(cond="Good", focused="cond"),
             effect="write")
    r.fill(ER, "textbox", "Germination rate (%)", "90", "Germination.",
           mp(cond="Good", rate="90", focused="rate"), effect="write")
    r.click(CR, "button", "Confirm return", "Save.", mp(cond="Good", rate="90"), effect="irreversible",
            error="Element is disabled: button 'Confirm return' cannot be clicked.")
    r.say(CR, "Returns are paused for a stock count until 14:00; the return for Odalys Ferreira's "
              "Brandywine Pink BWP-23-114 is not recorded yet.", "The save button is disabled.")
    r.done(False)


def build():
    for f in (healthy_01, healthy_02, healthy_03, healthy_04, healthy_05, healthy_06, healthy_07,
              healthy_08, fault_wrong_member, fault_wrong_lot_same_member, fault_wrong_lot_other_member,
              fault_wrong_value, fault_skipped_step, fault_silent_noop, fault_unrequested_filter,
              fault_refusal, fault_lost_session, fault_premature_success, fault_dialog_mishandled,
              fault_blocking_modal):
        f()
    return RUNS


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    runs = build()
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out_dir, "corpus.jsonl")))


if __name__ == "__main__":
    main()
