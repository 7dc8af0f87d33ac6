#!/usr/bin/env python3
"""Generate the Podium held-out corpus (conference registration back office).

Writes, next to this script (or into the directory given as the first argument):
  corpus.jsonl                     20 trajectories (8 healthy, 12 faulty)
  plans/podium_transfer.yaml       the plan for the workflow

Python 3 standard library only. Fixed seed; the output is byte-for-byte reproducible.
"""
import copy
import datetime
import json
import os
import random
import re
import sys
from urllib.parse import urlencode

SEED = 20417
WORKFLOW = "podium_transfer"
PLAN_REL = "plans/%s.yaml" % WORKFLOW
ORIGIN = "http://localhost:8431"
EV = "/e/hds25"
EVENT = "Harborline Data Summit 2025"
EVENT_SHORT = "HDS25 · 14–16 Oct · Lisbon"
STAFF = "Inês Duarte"
TODAY = "09 Sep 2025"
PAGE_SIZE = 25

TASK = ("Marta Kowalczyk (Brightwater Analytics) can't make it to the summit any more. Please "
        "transfer her registration REG-20417 to her colleague Marek Kowalski "
        "(marek.kowalski@brightwater-analytics.com). Marek doesn't want the Streaming Pipelines "
        "workshop, so refund that add-on (€180.00) and leave the conference pass and the dinner "
        "as they are.")

# ---------------------------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any faulty run existed.
# ---------------------------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the Podium "transfer + refund workshop add-on" workflow.
# Written from the task text and the healthy runs only.
# The "on" key is quoted so that YAML 1.1 loaders do not read it as a boolean.
task: %s
plan_falsifiers:
  execution:
    - Sign in to Podium
    - Your session has expired
    - You don't have permission to do this
    - Something went wrong on our side
    - {text: Cancel registration, "on": action}
    - {text: Refund entire order, "on": action}
commitments:
  - id: open-registration
    subgoal: Open registration REG-20417 (Marta Kowalczyk, Brightwater Analytics)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Registrations]
      progress: [REG-20417]
      completion: [Registration REG-20417, Marta Kowalczyk, Brightwater Analytics]
    falsify:
      execution:
        - REG-20471
        - REG-21417
        - REG-20147
        - Martha Kowalczyk
        - Marta Kowalska
        - Brightwell Analytics
        - No registrations match
      skill: [The registrations search box is not available]
      planning: [REG-20417 is cancelled, REG-20417 has already been transferred]
  - id: transfer
    subgoal: Transfer REG-20417 to Marek Kowalski (marek.kowalski@brightwater-analytics.com)
    skill: fill_dialog_form
    confidence: 0.7
    confirm:
      precondition: [Transfer registration REG-20417]
      progress: [Confirm transfer, "to Marek Kowalski (marek.kowalski@brightwater-analytics.com)"]
      completion: [Registration REG-20417 transferred to Marek Kowalski, Transferred from Marta Kowalczyk]
    falsify:
      execution:
        - Marek Kowalsky
        - Marek Kowalewski
        - brightwater-analytica.com
        - Transfer failed
        - The attendee is still Marta Kowalczyk after Confirm transfer was clicked
        - No confirmation message appears after confirming the transfer
        - {text: Kowalsky, "on": action}
        - {text: brightwater-analytica, "on": action}
      skill: [There is no Transfer registration button]
      planning: [Transfers are closed for this event, This ticket type can't be transferred]
  - id: refund-workshop
    subgoal: "Refund only the Workshop: Streaming Pipelines Hands-on add-on (€180.00); keep the pass and the dinner"
    skill: refund_line_item
    confidence: 0.6
    confirm:
      precondition: ["Workshop: Streaming Pipelines Hands-on"]
      progress: [Refund add-on, Refund €180.00]
      completion: ["Refunded €180.00 for Workshop: Streaming Pipelines Hands-on"]
    falsify:
      execution:
        - Refunded €65.00
        - Refunded €890.00
        - Refunded €1,135.00
        - Refund declined
        - The workshop add-on still shows Paid after the refund was issued
        - {text: Refund Conference dinner, "on": action}
        - {text: Refund Full conference pass, "on": action}
      skill: [The Refund button for the workshop is disabled]
      planning: [Add-on refunds are closed for this event, The refund window has ended]
  - id: report
    subgoal: Tell the requester that the transfer and the workshop refund are done
    confidence: 0.5
    confirm:
      precondition: ["Refunded €180.00 for Workshop: Streaming Pipelines Hands-on"]
      progress: []
      completion: []
    falsify:
      execution:
        - {text: Reports success while the Confirm transfer dialog is still open, "on": action}
      skill: []
      planning: []
""" % json.dumps(TASK, ensure_ascii=False)

# ---------------------------------------------------------------------------------------------
# Data: ~600 registrations with look-alike names and companies.
# ---------------------------------------------------------------------------------------------
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

PASSES = [("Full conference pass", 890), ("Two-day pass", 640), ("Student pass", 190),
          ("Expo hall pass", 90), ("Speaker pass", 0)]
PASS_W = [55, 20, 10, 10, 5]
WS_SP = ("Workshop: Streaming Pipelines Hands-on", 180)
WS_BASICS = ("Workshop: Stream Processing Basics", 150)
WS_CONTRACTS = ("Workshop: Data Contracts in Practice", 180)
DINNER = ("Conference dinner", 65)
SHUTTLE = ("Airport shuttle", 25)

FIRST = ["Marta", "Martyna", "Marek", "Maria", "Mateusz", "Marcin", "Magda", "Piotr", "Anna",
         "Katarzyna", "Tomasz", "Agnieszka", "Joanna", "Paweł", "Łukasz", "Ewa", "Inês", "João",
         "Rui", "Sofia", "Lars", "Jens", "Eva", "Lena", "Niamh", "Ciarán", "Aoife", "Giulia",
         "Marco", "Luca", "Elena", "Claire", "Julien", "Hugo", "Sanne", "Daan", "Fatima", "Omar",
         "Priya", "Arjun", "Mei", "Kenji", "Laura", "David", "Martin", "Mark"]
LAST_COMMON = ["Nowak", "Nowicki", "Wiśniewska", "Lewandowski", "Zielińska", "Silva", "Costa",
               "Ferreira", "Santos", "Andersen", "Jensen", "Müller", "Schmidt", "de Vries",
               "Jansen", "Murphy", "O'Brien", "Rossi", "Bianchi", "Dubois", "Martin", "Haddad",
               "Sharma", "Iyer", "Tanaka", "Chen", "García", "López", "Kowal", "Kovač"]
LAST_KOWAL = ["Kowalczyk", "Kowalski", "Kowalska", "Kowalik", "Kowalewski", "Kowalewska",
              "Kowalczuk"]
COMPANIES = ["Aldermoor Logistics", "Altamira Health", "Arcwell Energy", "Bastion Mutual",
             "Bluefin Retail", "Brightwater Labs", "Brightwell Analytics", "Brightwater Analytica",
             "Cedarline Bank", "Clearwater Analytics", "Copperleaf Media", "Driftwood Games",
             "Eastgate Telecom", "Fjordline Shipping", "Granite Peak Software", "Halyard Robotics",
             "Ironbridge Consulting", "Juniper Grid", "Kestrel Mobility", "Lighthouse Insurance",
             "Meridian Foods", "Northbay Rail", "Orchard Pay", "Pinecrest University",
             "Quayside Capital", "Riverstone Pharma", "Saltmarsh Studios", "Tidewell Water",
             "Umber & Ash Architects", "Vantage Loop", "Westerly Air", "Yarrow Bio"]
JOBS = ["Data Engineer", "Analytics Engineer", "Head of Data", "Data Platform Lead",
        "Product Analyst", "ML Engineer", "Software Engineer", "Engineering Manager", "CTO",
        "BI Developer", "Data Scientist", "Solutions Architect", "Platform Engineer",
        "Research Scientist", "Site Reliability Engineer", "VP Engineering"]
STATUSES = ["Paid", "Invoice pending", "Invoice overdue", "Cancelled", "Payment failed",
            "Transferred"]
STATUS_W = [74, 8, 6, 6, 3, 3]
RESERVED_NAMES = {("Marta", "Kowalczyk"), ("Martha", "Kowalczyk"), ("Marta", "Kowalska"),
                  ("Marek", "Kowalski"), ("Marek", "Kowalsky"), ("Marek", "Kowalewski"),
                  ("Maria", "Kowalczyk")}

TRANSLIT = str.maketrans({"ł": "l", "ś": "s", "ń": "n", "ó": "o", "ż": "z", "ź": "z", "ę": "e",
                          "ą": "a", "ć": "c", "ü": "u", "ö": "o", "é": "e", "ç": "c", "ã": "a",
                          "á": "a", "í": "i", "ê": "e", "č": "c", "Ł": "l", "'": "", " ": ""})


def domain(company):
    return company.lower().replace(" & ", "-").replace(" ", "-") + ".com"


def email_for(first, last, company):
    return "%s.%s@%s" % (first.lower().translate(TRANSLIT), last.lower().translate(TRANSLIT),
                         domain(company))


def fmt_date(d):
    return "%02d %s %d" % (d.day, MONTHS[d.month - 1], d.year)


def eur(x):
    return ("−" if x < 0 else "") + "€" + format(abs(x), ",.2f")


def rid(n):
    return "REG-%d" % n


def mk(n, first, last, company, job, pas, addons, status, card):
    return {"id": n, "first": first, "last": last, "company": company, "job": job,
            "email": email_for(first, last, company), "pass": pas, "addons": list(addons),
            "status": status, "card": card}


KEY_RECORDS = {
    20417: mk(20417, "Marta", "Kowalczyk", "Brightwater Analytics", "Data Platform Lead",
              PASSES[0], [WS_SP, DINNER], "Paid", "4417"),
    20471: mk(20471, "Marta", "Kowalczyk", "Brightwell Analytics", "Analytics Engineer",
              PASSES[0], [DINNER], "Paid", "0932"),
    21417: mk(21417, "Martha", "Kowalczyk", "Brightwater Analytics", "Product Analyst",
              PASSES[1], [WS_SP], "Paid", "7741"),
    20147: mk(20147, "Marta", "Kowalska", "Brightwater Analytics", "Data Engineer",
              PASSES[0], [WS_SP], "Cancelled", "2210"),
    20388: mk(20388, "Marek", "Kowalsky", "Clearwater Analytics", "ML Engineer",
              PASSES[0], [], "Paid", "5518"),
    20714: mk(20714, "Marek", "Kowalewski", "Brightwater Analytics", "Head of Data",
              PASSES[0], [WS_CONTRACTS, DINNER], "Invoice overdue", "----"),
    20174: mk(20174, "Maria", "Kowalczyk", "Brightwater Labs", "Research Scientist",
              PASSES[2], [WS_SP], "Paid", "3390"),
}


def build_records():
    rng = random.Random(SEED)
    pool = [i for i in range(20001, 21600) if i not in KEY_RECORDS]
    ids = sorted(rng.sample(pool, 612 - len(KEY_RECORDS)) + list(KEY_RECORDS))
    free = [i for i in ids if i not in KEY_RECORDS]
    bright = set(rng.sample(free, 29))
    others = COMPANIES
    ow = [3 if c.startswith(("Bright", "Clear")) else 2 for c in others]
    start = datetime.date(2025, 1, 8)
    recs = []
    for rank, n in enumerate(ids):
        d = start + datetime.timedelta(days=rank * 240 // len(ids))
        if n in KEY_RECORDS:
            r = dict(KEY_RECORDS[n])
        else:
            company = "Brightwater Analytics" if n in bright else rng.choices(others, ow)[0]
            while True:
                first = rng.choice(FIRST)
                last = rng.choice(LAST_KOWAL) if rng.random() < 0.22 else rng.choice(LAST_COMMON)
                if (first, last) not in RESERVED_NAMES:
                    break
            pas = rng.choices(PASSES, PASS_W)[0]
            addons = []
            roll = rng.random()
            if roll < 0.12:
                addons.append(WS_SP)
            elif roll < 0.22:
                addons.append(WS_BASICS)
            elif roll < 0.30:
                addons.append(WS_CONTRACTS)
            if rng.random() < 0.35:
                addons.append(DINNER)
            if rng.random() < 0.08:
                addons.append(SHUTTLE)
            status = "Complimentary" if pas[1] == 0 else rng.choices(STATUSES, STATUS_W)[0]
            r = mk(n, first, last, company, rng.choice(JOBS), pas, addons, status,
                   "%04d" % rng.randrange(10000))
        r["date"] = fmt_date(d)
        r["total"] = r["pass"][1] + sum(a[1] for a in r["addons"])
        recs.append(r)
    return recs


RECORDS = build_records()
REC = {r["id"]: r for r in RECORDS}


def full(r):
    return "%s %s" % (r["first"], r["last"])


# ---------------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------------------------
def q(s):
    return repr(s)


class Page:
    def __init__(self, url, title, focus=None):
        self.url = url
        self.title = title
        self.focus = focus
        self.n = 11
        self.keys = {}
        self.lines = ["RootWebArea %s, focused" % q(title)]

    def node(self, d, role, name="", props=(), key=None):
        self.n += 1 + ((self.n * 2654435761) >> 9) % 3
        bid = str(self.n)
        props = list(props)
        if key is not None and key == self.focus:
            props.append("focused")
        line = "\t" * d + "[%s] %s %s" % (bid, role, q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = (bid, "%s %s" % (role, q(name)))
        return bid

    def text(self, d, s):
        self.lines.append("\t" * d + "StaticText %s" % q(s))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


NAV = [("Overview", "overview"), ("Registrations", "registrations"), ("Attendees", "attendees"),
       ("Orders & refunds", "orders"), ("Badges & printing", "badges"),
       ("Sessions & workshops", "sessions"), ("Reports", "reports"), ("Settings", "settings")]


def chrome(p, active, crumbs, gs="", notice=None):
    p.node(1, "banner", "")
    p.node(2, "link", "Podium home", key="home")
    p.text(2, "Podium")
    p.node(2, "button", "Event: %s" % EVENT, ["hasPopup='menu'", "expanded=False"],
           key="event-switch")
    p.text(2, EVENT_SHORT)
    props = ["value=%s" % q(gs)] if gs else []
    p.node(2, "searchbox", "Search registrations, attendees, orders", props, key="global-search")
    p.node(2, "button", "Search", key="global-go")
    p.node(2, "button", "Notifications, 4 unread", key="notifications")
    p.node(2, "button", "Help", key="help")
    p.node(2, "button", "%s · Registration desk" % STAFF, ["hasPopup='menu'", "expanded=False"],
           key="user-menu")
    paid = sum(1 for r in RECORDS if r["status"] in ("Paid", "Complimentary"))
    p.node(2, "status", "Live counters", ["live='polite'"])
    p.text(3, "%d registered" % len(RECORDS))
    p.text(3, "%d paid" % paid)
    p.text(3, "0 checked in")
    p.text(3, "7 staff online")
    p.node(1, "navigation", "Event sections")
    for label, slug in NAV:
        props = ["current='page'"] if slug == active else []
        p.node(2, "link", label, props, key="nav-" + slug)
    if notice:
        p.node(1, "region", "Notice")
        p.text(2, notice)
        p.node(2, "button", "Dismiss notice", key="dismiss-notice")
    p.node(1, "navigation", "Breadcrumb")
    for i, c in enumerate(crumbs):
        if i < len(crumbs) - 1:
            p.node(2, "link", c, key="crumb-%d" % i)
        else:
            p.text(2, c)


def footer(p):
    p.node(1, "contentinfo", "")
    p.node(2, "link", "Help centre", key="foot-help")
    p.node(2, "link", "Keyboard shortcuts", key="foot-keys")
    p.node(2, "link", "Privacy", key="foot-privacy")
    p.node(2, "link", "System status: all services operational", key="foot-status")
    p.text(2, "© 2025 Podium event operations · build 7.4.1 · times shown in Europe/Lisbon")


def toast(p, msg, kind="status"):
    p.node(1, kind, "", ["live='polite'"] if kind == "status" else ["live='assertive'"])
    p.text(2, msg)
    p.node(2, "button", "Dismiss message", key="dismiss-toast")


# ----------------------------------------------------------------------------- overview / badges
def overview_page(gs="", focus=None):
    p = Page(ORIGIN + EV + "/overview", "Overview · %s · Podium" % EVENT, focus)
    chrome(p, "overview", [EVENT, "Overview"], gs)
    p.node(1, "main", "")
    p.node(2, "heading", "Overview")
    p.text(2, "Registration closes 10 Oct 2025 · 35 days to go")
    cnt = {}
    for r in RECORDS:
        cnt[r["status"]] = cnt.get(r["status"], 0) + 1
    p.node(2, "region", "Key numbers")
    for label, val in [("Registrations", len(RECORDS)), ("Paid", cnt.get("Paid", 0)),
                       ("Invoices overdue", cnt.get("Invoice overdue", 0)),
                       ("Payments failed", cnt.get("Payment failed", 0)),
                       ("Cancelled", cnt.get("Cancelled", 0)), ("Workshop seats left", 23)]:
        p.text(3, label)
        p.text(3, str(val))
    p.node(2, "region", "Needs attention")
    p.node(3, "link", "%d invoices overdue" % cnt.get("Invoice overdue", 0), key="att-overdue")
    p.node(3, "link", "3 badge print jobs failed", key="att-badges")
    p.node(3, "link", "2 transfer requests from attendees", key="att-transfers")
    p.node(3, "link", "Workshop: Data Contracts in Practice is 95% full", key="att-ws")
    p.node(2, "region", "Recent activity")
    p.node(3, "list", "")
    recent = [RECORDS[-1], RECORDS[-2], REC[21417], RECORDS[-5], REC[20714]]
    verbs = ["registered online", "paid by card", "updated dietary needs", "invoice sent",
             "invoice reminder sent (overdue)"]
    for i, (r, v) in enumerate(zip(recent, verbs)):
        p.node(4, "listitem", "")
        p.node(5, "link", rid(r["id"]), key="recent-%d" % r["id"])
        p.text(5, "%s · %s · %s · %d min ago" % (full(r), r["company"], v, 4 + 9 * i))
    footer(p)
    return p


def badges_page(gs="", focus=None):
    p = Page(ORIGIN + EV + "/badges", "Badges & printing · Podium", focus)
    chrome(p, "badges", [EVENT, "Badges & printing"], gs,
           notice="Scheduled maintenance: Podium will be read-only on Sunday 14 Sep, 02:00–03:00.")
    p.node(1, "main", "")
    p.node(2, "heading", "Badges & printing")
    p.node(2, "alert", "")
    p.text(3, "Printer 'Desk B' is offline. 3 print jobs failed and are waiting to be retried.")
    p.node(3, "button", "Retry failed jobs", key="retry")
    p.node(2, "table", "Print queue")
    p.node(3, "row", "")
    for h in ["Registration", "Attendee", "Printer", "Status", "Queued"]:
        p.node(4, "columnheader", h)
    queue = [(RECORDS[-3], "Desk B", "Failed", "08:41"), (REC[21417], "Desk A", "Printed", "08:37"),
             (RECORDS[-7], "Desk B", "Failed", "08:36"), (RECORDS[-9], "Desk A", "Printed", "08:30"),
             (RECORDS[-11], "Desk B", "Failed", "08:29"), (REC[20174], "Desk A", "Printed", "08:22")]
    for r, pr, st, t in queue:
        p.node(3, "row", "")
        p.node(4, "gridcell", "")
        p.node(5, "link", rid(r["id"]), key="q-%d" % r["id"])
        p.node(4, "gridcell", full(r))
        p.node(4, "gridcell", pr)
        p.node(4, "gridcell", st)
        p.node(4, "gridcell", "Today " + t)
    footer(p)
    return p


# ----------------------------------------------------------------------------- registrations list
DEFAULT_VIEW = {"q": "", "company": None, "status": None, "ticket": None, "sort": "registered",
                "dir": "desc", "page": 1, "saved": None, "toast": None}
SORT_COLS = [("ID", "id"), ("Attendee", "attendee"), ("Company", "company"),
             ("Ticket", "ticket"), ("Status", "status"), ("Total", "total"),
             ("Registered", "registered")]


def view(**kw):
    v = dict(DEFAULT_VIEW)
    v.update(kw)
    return v


def hay(r):
    return " ".join([rid(r["id"]), full(r), r["email"], r["company"]]).lower()


def list_rows(v):
    rows = list(RECORDS)
    if v["q"]:
        ql = v["q"].lower()
        rows = [r for r in rows if ql in hay(r)]
    if v["company"]:
        rows = [r for r in rows if r["company"] == v["company"]]
    if v["status"]:
        rows = [r for r in rows if r["status"] == v["status"]]
    if v["ticket"]:
        rows = [r for r in rows if r["pass"][0] == v["ticket"]]
    keys = {"id": lambda r: r["id"], "registered": lambda r: r["id"],
            "attendee": lambda r: (r["last"], r["first"], r["id"]),
            "company": lambda r: (r["company"], r["last"], r["first"], r["id"]),
            "ticket": lambda r: (r["pass"][0], r["id"]), "status": lambda r: (r["status"], r["id"]),
            "total": lambda r: (r["total"], r["id"])}
    rows.sort(key=keys[v["sort"]], reverse=(v["dir"] == "desc"))
    return rows


def page_of(v, n):
    rows = list_rows(v)
    idx = [r["id"] for r in rows].index(n)
    return idx // PAGE_SIZE + 1


def list_url(v):
    params = []
    if v["q"]:
        params.append(("q", v["q"]))
    for k in ("company", "status", "ticket"):
        if v[k]:
            params.append((k, v[k]))
    if (v["sort"], v["dir"]) != ("registered", "desc"):
        params += [("sort", v["sort"]), ("dir", v["dir"])]
    if v["page"] != 1:
        params.append(("page", str(v["page"])))
    return ORIGIN + EV + "/registrations" + ("?" + urlencode(params) if params else "")


def ticket_summary(r):
    n = len(r["addons"])
    if not n:
        return r["pass"][0]
    return "%s + %d add-on%s" % (r["pass"][0], n, "" if n == 1 else "s")


def list_page(v, focus=None, gs=""):
    rows = list_rows(v)
    total = len(rows)
    pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    pg = v["page"]
    p = Page(list_url(v), "Registrations · Podium", focus)
    chrome(p, "registrations", [EVENT, "Registrations"], gs)
    p.node(1, "main", "")
    p.node(2, "heading", "Registrations")
    p.text(2, "%d registrations · 24 added this week · 9 cancelled this month" % len(RECORDS))
    p.node(2, "button", "New registration", key="new-reg")
    p.node(2, "button", "Export CSV", key="export")
    p.node(2, "button", "Email selected", ["disabled=True"], key="bulk-email")
    p.node(2, "combobox", "Saved views", ["value=%s" % q(v["saved"] or "All registrations"),
                                          "hasPopup='listbox'", "expanded=False"], key="saved")
    p.node(2, "search", "")
    props = ["value=%s" % q(v["q"])] if v["q"] else []
    p.node(3, "textbox", "Filter by name, email, company or registration ID", props,
           key="list-search")
    p.node(3, "combobox", "Company", ["value=%s" % q(v["company"] or "All companies"),
                                      "hasPopup='listbox'", "expanded=False"], key="f-company")
    p.node(3, "combobox", "Status", ["value=%s" % q(v["status"] or "All statuses"),
                                     "hasPopup='listbox'", "expanded=False"], key="f-status")
    p.node(3, "combobox", "Ticket type", ["value=%s" % q(v["ticket"] or "All ticket types"),
                                          "hasPopup='listbox'", "expanded=False"], key="f-ticket")
    chips = [("Company", v["company"]), ("Status", v["status"]), ("Ticket type", v["ticket"])]
    chips = [(a, b) for a, b in chips if b]
    if chips:
        p.text(3, "Active filters:")
        for a, b in chips:
            p.node(3, "button", "Remove filter %s: %s" % (a, b), key="chip-" + a.lower())
        p.node(3, "button", "Clear all filters", key="clear-filters")
    if total:
        a = (pg - 1) * PAGE_SIZE + 1
        b = min(total, pg * PAGE_SIZE)
        p.node(2, "status", "", ["live='polite'"])
        p.text(3, "Showing %d–%d of %d registrations" % (a, b, total))
    else:
        p.node(2, "status", "", ["live='polite'"])
        p.text(3, "No registrations match these filters.")
    p.node(2, "table", "Registrations")
    p.node(3, "row", "")
    p.node(4, "columnheader", "Select all", [])
    for label, k in SORT_COLS:
        props = []
        if v["sort"] == k or (k == "id" and False):
            props = ["sort='%s'" % ("ascending" if v["dir"] == "asc" else "descending")]
        p.node(4, "columnheader", label, props)
        p.node(5, "button", "Sort by %s" % label.lower(), key="sort-" + k)
    p.node(4, "columnheader", "Actions")
    for r in rows[(pg - 1) * PAGE_SIZE: pg * PAGE_SIZE]:
        p.node(3, "row", "")
        p.node(4, "gridcell", "")
        p.node(5, "checkbox", "Select %s" % rid(r["id"]), ["checked='false'"])
        p.node(4, "gridcell", "")
        p.node(5, "link", rid(r["id"]), key="open-%d" % r["id"])
        p.node(4, "gridcell", full(r))
        p.node(4, "gridcell", r["company"])
        p.node(4, "gridcell", ticket_summary(r))
        p.node(4, "gridcell", r["status"])
        p.node(4, "gridcell", eur(r["total"]))
        p.node(4, "gridcell", r["date"])
        p.node(4, "gridcell", "")
        p.node(5, "button", "Actions for %s" % rid(r["id"]), ["hasPopup='menu'"])
    p.node(2, "navigation", "Pagination")
    p.node(3, "button", "Previous page", ["disabled=True"] if pg == 1 else [], key="prev")
    shown = sorted(set([k for k in range(1, min(5, pages) + 1)] + [pg, pages]))
    last = 0
    for k in shown:
        if k - last > 1:
            p.text(3, "…")
        p.node(3, "link", "Page %d" % k, ["current='page'"] if k == pg else [], key="page-%d" % k)
        last = k
    p.node(3, "button", "Next page", ["disabled=True"] if pg >= pages else [], key="next")
    p.node(3, "combobox", "Rows per page", ["value='25'", "hasPopup='listbox'"], key="per-page")
    if v.get("toast"):
        toast(p, v["toast"])
    footer(p)
    return p


# ----------------------------------------------------------------------------- global search
def search_page(term, gs=None):
    ql = term.lower()
    rows = [r for r in sorted(RECORDS, key=lambda r: -r["id"]) if ql in hay(r)]
    p = Page(ORIGIN + EV + "/search?" + urlencode([("q", term)]),
             "Search: %s · Podium" % term)
    chrome(p, None, [EVENT, "Search"], term if gs is None else gs)
    p.node(1, "main", "")
    p.node(2, "heading", "Results for “%s”" % term)
    p.text(2, "%d registrations · %d orders · 2 help articles" % (len(rows), len(rows)))
    p.node(2, "region", "Registrations (%d)" % len(rows))
    p.node(3, "list", "")
    for r in rows[:20]:
        p.node(4, "listitem", "")
        p.node(5, "link", rid(r["id"]), key="open-%d" % r["id"])
        p.text(5, "%s · %s · %s · %s" % (full(r), r["company"], ticket_summary(r), r["status"]))
    if len(rows) > 20:
        p.node(3, "link", "Show all %d registrations" % len(rows), key="show-all")
    p.node(2, "region", "Orders (%d)" % len(rows))
    p.node(3, "list", "")
    for r in rows[:5]:
        p.node(4, "listitem", "")
        p.node(5, "link", "Order O-%d" % (r["id"] + 58000))
        p.text(5, "%s · %s · %s" % (full(r), eur(r["total"]), r["status"]))
    p.node(2, "region", "Help articles (2)")
    p.node(3, "link", "Transferring a registration to a colleague", key="help-transfer")
    p.node(3, "link", "Refunding an add-on without cancelling the pass", key="help-refund")
    footer(p)
    return p


# ----------------------------------------------------------------------------- registration detail
BASE_ACTIVITY = {
    20417: ["{d} 14:12 · Registration created via online checkout",
            "{d} 14:13 · Card payment of €1,135.00 failed (issuer declined)",
            "{d} 14:15 · Card payment of €1,135.00 succeeded",
            "18 Aug 2025 09:40 · Confirmation email resent by Tomás Reis",
            "03 Sep 2025 11:02 · Dietary needs changed to Vegetarian"],
}


def init_state(n):
    r = REC[n]
    item_status = {"Paid": "Paid", "Complimentary": "Complimentary", "Cancelled": "Cancelled",
                   "Transferred": "Paid"}.get(r["status"], "Unpaid")
    items = [{"name": r["pass"][0], "price": r["pass"][1], "status": item_status}]
    items += [{"name": a[0], "price": a[1], "status": item_status} for a in r["addons"]]
    act = [a.format(d=r["date"]) for a in BASE_ACTIVITY.get(n, [])] or [
        "%s 10:05 · Registration created via online checkout" % r["date"],
        "%s 10:06 · Order O-%d placed, %s" % (r["date"], n + 58000, eur(r["total"]))]
    return {"id": n, "att": {"first": r["first"], "last": r["last"], "email": r["email"],
                             "company": r["company"], "job": r["job"]},
            "prev": None, "items": items, "refunds": [], "activity": list(act),
            "tab": "details", "menu": False, "dialog": None, "toast": None, "flash": None,
            "status": r["status"], "badge": "Not printed yet", "diet": "Vegetarian" if n == 20417
            else "None recorded"}


def related(n):
    r = REC[n]
    same = [x for x in RECORDS if x["company"] == r["company"] and x["id"] != n]
    same.sort(key=lambda x: (0 if x["last"] == r["last"] else 1 if x["last"][:5] == r["last"][:5]
                             else 2, x["id"]))
    return same[:6]


def detail_page(st, focus=None, gs=""):
    n = st["id"]
    att = st["att"]
    name = "%s %s" % (att["first"], att["last"])
    p = Page(ORIGIN + EV + "/registrations/" + rid(n), "%s · %s · Podium" % (rid(n), name), focus)
    chrome(p, "registrations", [EVENT, "Registrations", rid(n)], gs)
    p.node(1, "main", "")
    if st.get("flash"):
        p.node(2, "status", "", ["live='polite'"])
        p.text(3, st["flash"])
    p.node(2, "heading", "Registration %s" % rid(n))
    p.text(2, "Status: %s" % st["status"])
    p.text(2, "Registered %s · Order O-%d · Source: online checkout" % (REC[n]["date"], n + 58000))
    p.node(2, "button", "Transfer registration",
           ["disabled=True"] if st["status"] == "Cancelled" else [], key="transfer")
    p.node(2, "button", "Resend confirmation", key="resend")
    p.node(2, "button", "Print badge", key="print")
    p.node(2, "button", "More actions", ["hasPopup='menu'", "expanded=%s" % st["menu"]],
           key="more")
    if st["menu"]:
        p.node(3, "menu", "More actions", ["orientation='vertical'"])
        p.node(4, "menuitem", "Change ticket type", key="m-change")
        p.node(4, "menuitem", "Add internal note", key="m-note")
        p.node(4, "menuitem", "Refund entire order", key="m-refund-all")
        p.node(4, "menuitem", "Cancel registration", key="m-cancel")
    p.node(2, "tablist", "")
    p.node(3, "tab", "Details", ["selected=%s" % (st["tab"] == "details")], key="tab-details")
    p.node(3, "tab", "Payments", ["selected=%s" % (st["tab"] == "payments")], key="tab-payments")
    p.node(3, "tab", "Activity (%d)" % len(st["activity"]),
           ["selected=%s" % (st["tab"] == "activity")], key="tab-activity")
    p.node(2, "tabpanel", st["tab"].capitalize())
    if st["tab"] == "details":
        p.node(3, "region", "Attendee")
        for label, val in [("Name", name), ("Email", att["email"]), ("Company", att["company"]),
                           ("Job title", att["job"] or "—"), ("Dietary needs", st["diet"]),
                           ("Badge", st["badge"])]:
            p.text(4, label)
            p.text(4, val)
        if st["prev"]:
            p.text(4, "Transferred from %s on %s by %s" % (st["prev"], TODAY, STAFF))
        p.node(4, "button", "Edit attendee details", key="edit-att")
        p.node(3, "region", "Ticket and add-ons")
        p.node(4, "table", "Items on this registration")
        p.node(5, "row", "")
        for h in ["Item", "Price", "Status", "Actions"]:
            p.node(6, "columnheader", h)
        for i, it in enumerate(st["items"]):
            p.node(5, "row", "")
            p.node(6, "gridcell", it["name"])
            p.node(6, "gridcell", eur(it["price"]))
            p.node(6, "gridcell", it["status"])
            p.node(6, "gridcell", "")
            dis = it["status"] != "Paid" or it["price"] == 0
            p.node(7, "button", "Refund %s" % it["name"], ["disabled=True"] if dis else [],
                   key="refund-%d" % i)
        total = sum(it["price"] for it in st["items"])
        refunded = sum(x[1] for x in st["refunds"])
        p.text(4, "Order total %s · Refunded %s · Net paid %s · Card •••• %s" % (
            eur(total), eur(refunded), eur(total - refunded), REC[n]["card"]))
    if st["tab"] in ("details", "payments"):
        p.node(3, "region", "Payments")
        p.node(4, "list", "")
        lines = []
        if n == 20417:
            lines.append("%s · Card •••• 4417 · %s · Failed: issuer declined" % (
                REC[n]["date"], eur(1135)))
        lines.append("%s · Card •••• %s · %s · %s" % (
            REC[n]["date"], REC[n]["card"], eur(REC[n]["total"]),
            "Succeeded" if REC[n]["status"] in ("Paid", "Transferred") else REC[n]["status"]))
        for item, amt in st["refunds"]:
            lines.append("%s · Refund · %s · Processed · %s" % (TODAY, eur(-amt), item))
        for ln in lines:
            p.node(5, "listitem", "")
            p.text(6, ln)
    if st["tab"] == "activity":
        p.node(3, "list", "Activity")
        for ln in reversed(st["activity"]):
            p.node(4, "listitem", "")
            p.text(5, ln)
    rel = related(n)
    p.node(2, "complementary", "Other registrations from %s" % REC[n]["company"])
    p.node(3, "list", "")
    for r in rel:
        p.node(4, "listitem", "")
        p.node(5, "link", rid(r["id"]), key="open-%d" % r["id"])
        p.text(5, "%s · %s" % (full(r), r["status"]))
    p.node(3, "link", "View all from %s" % REC[n]["company"], key="view-company")
    dlg = st["dialog"]
    if dlg:
        kind, f = dlg
        if kind == "transfer":
            p.node(1, "dialog", "Transfer registration %s" % rid(n), ["modal=True"])
            p.node(2, "heading", "Transfer registration %s" % rid(n))
            p.node(2, "button", "Close dialog", key="t-close")
            p.text(2, "Current attendee: %s · %s · %s" % (name, att["email"], att["company"]))
            p.text(2, "The order, payments and add-ons stay with this registration. The current "
                      "badge is voided and the new attendee gets a fresh confirmation.")
            for fld, label in [("first", "New attendee first name"),
                               ("last", "New attendee last name"),
                               ("email", "New attendee email")]:
                props = ["required"]
                if f[fld]:
                    props.append("value=%s" % q(f[fld]))
                if fld == "email" and f.get("error"):
                    props.append("invalid='true'")
                p.node(2, "textbox", label, props, key="t-" + fld)
                if fld == "email" and f.get("error"):
                    p.text(2, f["error"])
            p.node(2, "textbox", "Company", ["value=%s" % q(f["company"])], key="t-company")
            p.node(2, "textbox", "Job title (optional)", key="t-job")
            p.node(2, "checkbox", "Email the new attendee their confirmation",
                   ["checked='true'"], key="t-notify")
            p.node(2, "button", "Cancel", key="t-cancel")
            p.node(2, "button", "Continue", key="t-continue")
        elif kind == "confirm":
            p.node(1, "alertdialog", "Confirm transfer", ["modal=True"])
            p.node(2, "heading", "Confirm transfer")
            p.text(2, "Transfer %s from %s to %s %s (%s)?" % (rid(n), name, f["first"], f["last"],
                                                             f["email"]))
            p.text(2, "%s's badge will be voided and they will stop receiving event emails. "
                      "To undo this you would need to transfer the registration again." % name)
            p.node(2, "button", "Go back", key="c-back")
            p.node(2, "button", "Confirm transfer", key="c-confirm")
        elif kind == "refund":
            it = st["items"][f["idx"]]
            p.node(1, "dialog", "Refund add-on", ["modal=True"])
            p.node(2, "heading", "Refund add-on")
            p.node(2, "button", "Close dialog", key="r-close")
            p.text(2, "%s · %s" % (it["name"], rid(n)))
            p.text(2, "Paid %s on %s by card •••• %s" % (eur(it["price"]), REC[n]["date"],
                                                          REC[n]["card"]))
            p.node(2, "textbox", "Refund amount (€)", ["value=%s" % q(f["amount"])],
                   key="r-amount")
            p.text(2, "Up to %s" % eur(it["price"]))
            p.node(2, "combobox", "Reason", ["value=%s" % q(f["reason"]), "hasPopup='listbox'",
                                             "expanded=False"], key="r-reason")
            p.node(2, "checkbox", "Email the attendee a refund receipt", ["checked='true'"],
                   key="r-notify")
            if it["name"].startswith("Workshop"):
                p.node(2, "checkbox", "Release the workshop seat", ["checked='true'"],
                       key="r-seat")
            p.text(2, "Refunds go back to the original card in 5–10 business days and can't be "
                      "reversed.")
            p.node(2, "button", "Cancel", key="r-cancel")
            amt = float(f["amount"]) if re.match(r"^\d+(\.\d+)?$", f["amount"]) else 0
            p.node(2, "button", "Refund %s" % eur(amt),
                   ["disabled=True"] if f["reason"] == "Select a reason" else [], key="r-submit")
        elif kind == "denied":
            p.node(1, "alertdialog", "Refund not allowed", ["modal=True"])
            p.node(2, "heading", "Refund not allowed")
            p.text(2, f["msg"])
            p.node(2, "button", "Request a refund from Finance", key="d-request")
            p.node(2, "button", "Close", key="d-close")
    if st.get("toast"):
        toast(p, st["toast"])
    footer(p)
    return p


# state transitions ---------------------------------------------------------------------------
def S(st, **kw):
    s = copy.deepcopy(st)
    s.update(kw)
    return s


def with_form(st, kind="transfer", **kw):
    s = copy.deepcopy(st)
    if s["dialog"] and s["dialog"][0] in ("transfer", "confirm") and kind in ("transfer",
                                                                              "confirm"):
        f = s["dialog"][1]
    elif s["dialog"] and s["dialog"][0] == kind:
        f = s["dialog"][1]
    elif kind == "transfer":
        f = {"first": "", "last": "", "email": "", "company": s["att"]["company"], "error": None}
    else:
        f = {}
    f.update(kw)
    s["dialog"] = (kind, f)
    s["toast"] = None
    s["flash"] = None
    return s


def do_transfer(st):
    s = copy.deepcopy(st)
    f = s["dialog"][1]
    old = "%s %s" % (s["att"]["first"], s["att"]["last"])
    new = "%s %s" % (f["first"], f["last"])
    s["prev"] = old
    s["att"] = {"first": f["first"], "last": f["last"], "email": f["email"],
                "company": f["company"], "job": ""}
    s["dialog"] = None
    s["badge"] = "Voided for %s · new badge queued" % old
    s["diet"] = "None recorded"
    s["activity"].append("%s 10:%02d · Transferred from %s to %s by %s" % (TODAY, 21, old, new,
                                                                           STAFF))
    s["toast"] = ("Registration %s transferred to %s. A confirmation email is on its way to %s."
                  % (rid(s["id"]), new, f["email"]))
    return s


def open_refund(st, idx):
    s = copy.deepcopy(st)
    it = s["items"][idx]
    s["dialog"] = ("refund", {"idx": idx, "amount": "%.2f" % it["price"],
                              "reason": "Select a reason"})
    s["toast"] = None
    s["flash"] = None
    return s


def do_refund(st):
    s = copy.deepcopy(st)
    f = s["dialog"][1]
    it = s["items"][f["idx"]]
    amt = float(f["amount"])
    it["status"] = "Refunded" if amt >= it["price"] else "Partly refunded"
    s["refunds"].append((it["name"], amt))
    s["dialog"] = None
    s["activity"].append("%s 10:%02d · Refund of %s issued for %s by %s" % (
        TODAY, 24, eur(amt), it["name"], STAFF))
    s["toast"] = ("Refunded %s for %s. Money usually reaches the card in 5–10 business days."
                  % (eur(amt), it["name"]))
    return s


def item_idx(st, name):
    return [it["name"] for it in st["items"]].index(name)


def signin_page():
    p = Page(ORIGIN + "/signin?next=" + EV.replace("/", "%2F") + "%2Fregistrations%2FREG-20417",
             "Sign in · Podium")
    p.node(1, "banner", "")
    p.text(2, "Podium")
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to Podium")
    p.node(2, "alert", "")
    p.text(3, "Your session has expired. Sign in again to continue where you left off.")
    p.node(2, "textbox", "Work email", ["required"], key="si-email")
    p.node(2, "textbox", "Password", ["required"], key="si-pass")
    p.node(2, "checkbox", "Keep me signed in on this device", ["checked='false'"], key="si-keep")
    p.node(2, "button", "Sign in", key="si-go")
    p.node(2, "link", "Sign in with company SSO", key="si-sso")
    p.node(2, "link", "Forgot your password?", key="si-forgot")
    p.node(1, "contentinfo", "")
    p.text(2, "© 2025 Podium event operations")
    return p


# ---------------------------------------------------------------------------------------------
# Run recorder
# ---------------------------------------------------------------------------------------------
class Run:
    def __init__(self, name, fault, start, success):
        self.id = "%s-%s" % (WORKFLOW, name)
        self.fault = fault
        self.initial = start
        self.cur = start
        self.steps = []
        self.off = None
        self.success = success

    def _add(self, commitment, command, target, why, effect, nxt, mark, error=None):
        if mark:
            assert self.off is None, self.id
            self.off = len(self.steps)
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": why, "target": target,
                                      "effect": effect},
                           "observation": nxt.obs(error)})
        self.cur = nxt

    def _bid(self, key):
        return self.cur.keys[key]

    def click(self, c, key, why, nxt, effect="read", mark=False):
        bid, target = self._bid(key)
        self._add(c, "click(%s)" % q(bid), target, why, effect, nxt, mark)

    def fill(self, c, key, value, why, nxt, mark=False):
        bid, target = self._bid(key)
        self._add(c, "fill(%s, %s)" % (q(bid), q(value)), target, why, "read", nxt, mark)

    def select(self, c, key, option, why, nxt, mark=False):
        bid, target = self._bid(key)
        self._add(c, "select_option(%s, %s)" % (q(bid), q(option)), target, why, "read", nxt,
                  mark)

    def press(self, c, key, keyname, why, nxt, mark=False):
        bid, target = self._bid(key)
        self._add(c, "press(%s, %s)" % (q(bid), q(keyname)), target, why, "read", nxt, mark)

    def keyboard(self, c, keyname, why, nxt, mark=False):
        self._add(c, "keyboard_press(%s)" % q(keyname), "keyboard", why, "read", nxt, mark)

    def say(self, c, msg, why, mark=False):
        self._add(c, "send_msg_to_user(%s)" % q(msg), "message to the requester", why, "read",
                  self.cur, mark)

    def record(self):
        if self.fault is None:
            assert self.off is None, self.id
        else:
            assert self.off is not None, self.id
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_REL,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.initial.obs(), "steps": self.steps,
                "outcome": {"success": self.success}}


MAREK = ("Marek", "Kowalski", "marek.kowalski@brightwater-analytics.com")
WS = WS_SP[0]
DONE_MSG = ("Done: REG-20417 now belongs to Marek Kowalski (marek.kowalski@brightwater-analytics"
            ".com) and the Streaming Pipelines workshop add-on was refunded (€180.00). The "
            "conference pass and the dinner are unchanged.")


# reusable sub-flows ----------------------------------------------------------------------------
def fill_transfer(run, st, first, last, email, why=None, marks=()):
    """Open the transfer dialog and fill it. Returns the state with the dialog filled."""
    st = with_form(st)
    run.click("transfer", "transfer", why or "Start the transfer from the registration page.",
              detail_page(st))
    for fld, val, reason in [("first", first, "Enter the new attendee's first name."),
                             ("last", last, "Enter the new attendee's last name."),
                             ("email", email, "Enter the new attendee's work email.")]:
        st = with_form(st, **{fld: val})
        run.fill("transfer", "t-" + fld, val, reason, detail_page(st, focus="t-" + fld),
                 mark=fld in marks)
    return st


def continue_transfer(run, st, why="The form is complete; continue to the confirmation step."):
    st = with_form(st, kind="confirm")
    run.click("transfer", "t-continue", why, detail_page(st))
    return st


def confirm_transfer(run, st, why="The confirmation names the right registration, person and "
                                  "email; confirm the transfer."):
    st = do_transfer(st)
    run.click("transfer", "c-confirm", why, detail_page(st), effect="irreversible")
    return st


def refund_item(run, st, name, reason="Attendee declined add-on", whys=None, mark_open=False):
    whys = whys or ["Refund only the workshop add-on, from its own row in the items table.",
                    "Pick the reason that fits: the new attendee doesn't want the add-on.",
                    "Amount and item are right; issue the refund."]
    idx = item_idx(st, name)
    st = open_refund(st, idx)
    run.click("refund-workshop", "refund-%d" % idx, whys[0], detail_page(st), mark=mark_open)
    st = with_form(st, kind="refund", reason=reason)
    run.select("refund-workshop", "r-reason", reason, whys[1], detail_page(st, focus="r-reason"))
    st = do_refund(st)
    run.click("refund-workshop", "r-submit", whys[2], detail_page(st), effect="irreversible")
    return st


# ---------------------------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: list search by exact registration ID.
    r = Run("healthy-01", None, overview_page(), True)
    v = view()
    r.click("open-registration", "nav-registrations", "Go to the registrations list.",
            list_page(v))
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417",
           "Filter the list by the registration ID from the task.", list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "The single match is REG-20417, Marta Kowalczyk, "
            "Brightwater Analytics.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Transfer and refund are both confirmed on the page.")
    runs.append(r)

    # H2: company filter (the task names the company) and pagination.
    v = view()
    r = Run("healthy-02", None, list_page(v), True)
    v = view(company="Brightwater Analytics")
    r.select("open-registration", "f-company", "Brightwater Analytics",
             "Narrow the list to Brightwater Analytics, the company named in the task.",
             list_page(v, "f-company"))
    target_page = page_of(v, 20417)
    while v["page"] < target_page:
        v = view(company="Brightwater Analytics", page=v["page"] + 1)
        r.click("open-registration", "next", "REG-20417 is not on this page; go to the next page.",
                list_page(v))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Here is REG-20417, Marta Kowalczyk.",
            detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Both changes are confirmed.")
    runs.append(r)

    # H3: global search by surname; several look-alikes in the results.
    r = Run("healthy-03", None, overview_page(), True)
    r.fill("open-registration", "global-search", "Kowalczyk",
           "Search for the attendee's surname.", overview_page("Kowalczyk", "global-search"))
    r.press("open-registration", "global-search", "Enter", "Run the search.",
            search_page("Kowalczyk"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Several Kowalczyks; the task's registration is "
            "REG-20417 (Marta, Brightwater Analytics), not REG-20471 or REG-21417.",
            detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Transfer toast and refund toast both seen.")
    runs.append(r)

    # H4: opens the refund dialog first, cancels it, transfers, then refunds.
    v = view()
    r = Run("healthy-04", None, list_page(v), True)
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Find the registration by ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open REG-20417.", detail_page(st))
    idx = item_idx(st, WS)
    st = open_refund(st, idx)
    r.click("refund-workshop", "refund-%d" % idx, "Look at the workshop refund options.",
            detail_page(st))
    st = S(st, dialog=None)
    r.click("refund-workshop", "r-cancel", "Better to transfer first so the refund is logged "
            "after the hand-over; close this dialog without refunding.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Both confirmed.")
    runs.append(r)

    # H5: mistyped (incomplete) email caught by validation and retyped.
    r = Run("healthy-05", None, overview_page(), True)
    v = view()
    r.click("open-registration", "nav-registrations", "Open the registrations list.",
            list_page(v))
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by the ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open the only match.", detail_page(st))
    st = fill_transfer(r, st, "Marek", "Kowalski", "marek.kowalski@brightwater-analytics")
    st = with_form(st, kind="transfer",
                   error="Enter a complete email address, like name@company.com.")
    r.click("transfer", "t-continue", "Continue to confirmation.", detail_page(st))
    st = with_form(st, email=MAREK[2], error=None)
    r.fill("transfer", "t-email", MAREK[2], "The email was cut off; type the full address.",
           detail_page(st, focus="t-email"))
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Done and confirmed.")
    runs.append(r)

    # H6: sort by company, jump to the right page.
    v = view()
    r = Run("healthy-06", None, list_page(v), True)
    v = view(sort="company", dir="asc")
    r.click("open-registration", "sort-company", "Sort by company so Brightwater Analytics "
            "rows sit together.", list_page(v))
    target_page = page_of(v, 20417)
    jump = min(target_page, 5)
    if jump != 1:
        v = view(sort="company", dir="asc", page=jump)
        r.click("open-registration", "page-%d" % jump, "Skip ahead past the A companies to "
                "page %d." % jump, list_page(v))
    while v["page"] < target_page:
        v = view(sort="company", dir="asc", page=v["page"] + 1)
        r.click("open-registration", "next", "Still before Brightwater Analytics; next page.",
                list_page(v))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "REG-20417 Marta Kowalczyk, Brightwater "
            "Analytics.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Everything confirmed on the registration page.")
    runs.append(r)

    # H7: start on the badges page (failed print jobs, maintenance notice); header search by ID.
    r = Run("healthy-07", None, badges_page(), True)
    r.fill("open-registration", "global-search", "REG-20417", "Jump straight to the "
           "registration with the header search.", badges_page("REG-20417", "global-search"))
    st = S(init_state(20417), flash="Exact match for “REG-20417”. Showing the registration.")
    r.press("open-registration", "global-search", "Enter", "Search.",
            detail_page(st, gs="REG-20417"))
    st = S(st, flash=None)
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Transfer and refund both confirmed.")
    runs.append(r)

    # H8: opens "More actions", closes it with Escape, refunds from the row, checks Activity.
    v = view()
    r = Run("healthy-08", None, list_page(v), True)
    v = view(q="Marta Kowalczyk")
    r.fill("open-registration", "list-search", "Marta Kowalczyk", "Search by name.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Two Marta Kowalczyks; REG-20417 is the "
            "Brightwater Analytics one (REG-20471 is Brightwell).", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = S(st, menu=True, toast=None)
    r.click("refund-workshop", "more", "See whether there is a dedicated add-on refund action.",
            detail_page(st))
    st = S(st, menu=False)
    r.keyboard("refund-workshop", "Escape", "The menu only offers a whole-order refund, which is "
               "not wanted; close it and use the workshop row instead.", detail_page(st))
    st = refund_item(r, st, WS)
    st = S(st, tab="activity", toast=None)
    r.click("report", "tab-activity", "Double-check the activity log.", detail_page(st))
    r.say("report", DONE_MSG, "Activity log shows the transfer and the €180.00 refund.")
    runs.append(r)
    return runs


def denied_state(st):
    s = copy.deepcopy(st)
    s["dialog"] = ("denied", {"msg": "You don't have permission to issue refunds. Refunds need "
                                     "the Finance role; ask a finance lead or send them a refund "
                                     "request."})
    s["toast"] = None
    return s


def faulty_runs():
    runs = []

    # F1 wrong_record: list search by surname, opens REG-20471 (Marta Kowalczyk, Brightwell).
    r = Run("wrong_record-01", "wrong_record", overview_page(), False)
    v = view()
    r.click("open-registration", "nav-registrations", "Open the registrations list.",
            list_page(v))
    v = view(q="Kowalczyk")
    r.fill("open-registration", "list-search", "Kowalczyk", "Filter by the attendee's surname.",
           list_page(v, "list-search"))
    st = init_state(20471)
    r.click("open-registration", "open-20471", "Marta Kowalczyk, Paid, full pass: this is her.",
            detail_page(st), mark=True)
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    r.say("report", "Transferred Marta Kowalczyk's registration to Marek Kowalski. I couldn't "
          "find a Streaming Pipelines workshop on it, so there was nothing to refund.",
          "No workshop row on this registration; report what was done.")
    runs.append(r)

    # F2 wrong_record: company filter + sort by attendee, opens REG-21417 (Martha Kowalczyk).
    v = view()
    r = Run("wrong_record-02", "wrong_record", list_page(v), False)
    v = view(company="Brightwater Analytics")
    r.select("open-registration", "f-company", "Brightwater Analytics",
             "Show only Brightwater Analytics.", list_page(v, "f-company"))
    v = view(company="Brightwater Analytics", sort="attendee", dir="asc")
    r.click("open-registration", "sort-attendee", "Sort by attendee name to find Kowalczyk.",
            list_page(v))
    while v["page"] < page_of(v, 21417):
        v = view(company="Brightwater Analytics", sort="attendee", dir="asc", page=v["page"] + 1)
        r.click("open-registration", "next", "Kowalczyk is further down; next page.",
                list_page(v))
    st = init_state(21417)
    r.click("open-registration", "open-21417", "Kowalczyk at Brightwater Analytics with the "
            "Streaming Pipelines workshop: this is the registration.", detail_page(st),
            mark=True)
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", "Done: the Kowalczyk registration now belongs to Marek Kowalski and the "
          "Streaming Pipelines workshop was refunded (€180.00).", "Both toasts seen.")
    runs.append(r)

    # F3 wrong_record (line item): right registration, but refunds the conference dinner.
    r = Run("wrong_record-03", "wrong_record", overview_page(), False)
    r.fill("open-registration", "global-search", "REG-20417", "Use the header search.",
           overview_page("REG-20417", "global-search"))
    st = S(init_state(20417), flash="Exact match for “REG-20417”. Showing the registration.")
    r.press("open-registration", "global-search", "Enter", "Search.",
            detail_page(st, gs="REG-20417"))
    st = S(st, flash=None)
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, DINNER[0], whys=[
        "Marek doesn't want the add-on; refund it from the items table.",
        "Reason: the attendee declined the add-on.",
        "Issue the refund."], mark_open=True)
    r.say("report", "Done: REG-20417 transferred to Marek Kowalski and the add-on he didn't want "
          "was refunded (€65.00).", "Transfer and refund toasts both seen.")
    runs.append(r)

    # F4 wrong_value: new attendee's email typed with the wrong domain.
    v = view()
    r = Run("wrong_value-01", "wrong_value", list_page(v), False)
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by the ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open REG-20417.", detail_page(st))
    st = fill_transfer(r, st, "Marek", "Kowalski", "marek.kowalski@brightwater-analytica.com",
                       marks=("email",))
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", "Done: REG-20417 transferred to Marek Kowalski "
          "(marek.kowalski@brightwater-analytica.com) and the workshop add-on refunded (€180.00).",
          "Both confirmed.")
    runs.append(r)

    # F5 silent_noop: Confirm transfer returns to the page with nothing changed.
    r = Run("silent_noop-01", "silent_noop", overview_page(), False)
    v = view()
    r.click("open-registration", "nav-registrations", "Go to registrations.", list_page(v))
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by the ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open it.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = S(st, dialog=None, toast=None)
    r.click("transfer", "c-confirm", "Confirm the transfer.", detail_page(st),
            effect="irreversible", mark=True)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Transfer confirmed and refund issued.")
    runs.append(r)

    # F6 unrequested_filter: narrows to the Two-day pass, which hides REG-20417.
    v = view()
    r = Run("unrequested_filter-01", "unrequested_filter", list_page(v), False)
    v = view(ticket="Two-day pass")
    r.select("open-registration", "f-ticket", "Two-day pass", "Workshop add-ons usually come "
             "with the two-day pass; narrow the list to that ticket type.",
             list_page(v, "f-ticket"), mark=True)
    v = view(ticket="Two-day pass", q="Kowalczyk")
    r.fill("open-registration", "list-search", "Kowalczyk", "Now filter by surname.",
           list_page(v, "list-search"))
    st = init_state(21417)
    r.click("open-registration", "open-21417", "Kowalczyk, Brightwater Analytics, with the "
            "workshop: open it.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Both done.")
    runs.append(r)

    # F7 stale_filter: the list opens with a saved view still filtering on Brightwell Analytics.
    v = view(company="Brightwell Analytics", saved="Brightwell follow-ups")
    r = Run("stale_filter-01", "stale_filter", list_page(v), False)
    r.off = 0
    v = view(company="Brightwell Analytics", saved="Brightwell follow-ups", q="Marta Kowalczyk")
    r.fill("open-registration", "list-search", "Marta Kowalczyk", "Search by name.",
           list_page(v, "list-search"))
    st = init_state(20471)
    r.click("open-registration", "open-20471", "One Marta Kowalczyk; open it.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    r.say("report", "Transferred Marta Kowalczyk's registration to Marek Kowalski. There is no "
          "Streaming Pipelines workshop on it, so nothing was refunded.",
          "No workshop on this registration.")
    runs.append(r)

    # F8 permission_denied: the refund is refused for the signed-in role.
    v = view()
    r = Run("permission_denied-01", "permission_denied", list_page(v), False)
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open REG-20417.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    st = denied_state(st)
    r.click("refund-workshop", "refund-%d" % item_idx(st, WS), "Refund the workshop add-on.",
            detail_page(st), mark=True)
    st = S(st, dialog=None)
    r.click("refund-workshop", "d-close", "I can't refund from this account; close the dialog.",
            detail_page(st))
    r.say("report", "REG-20417 is transferred to Marek Kowalski, but Podium refused the workshop "
          "refund: my account lacks the Finance role. Someone from Finance needs to refund the "
          "€180.00.", "Report the partial result honestly.")
    runs.append(r)

    # F9 session_expired: Continue in the transfer dialog lands on the sign-in page.
    r = Run("session_expired-01", "session_expired", overview_page(), False)
    r.fill("open-registration", "global-search", "REG-20417", "Header search by ID.",
           overview_page("REG-20417", "global-search"))
    st = S(init_state(20417), flash="Exact match for “REG-20417”. Showing the registration.")
    r.press("open-registration", "global-search", "Enter", "Search.",
            detail_page(st, gs="REG-20417"))
    st = S(st, flash=None)
    st = fill_transfer(r, st, *MAREK)
    r.click("transfer", "t-continue", "Continue to the confirmation.", signin_page(), mark=True)
    r.say("report", "My Podium session expired before the transfer was confirmed. Nothing was "
          "changed; please sign me in again.", "Can't continue without signing in.")
    runs.append(r)

    # F10 premature_success: reports success while the Confirm transfer dialog is still open.
    v = view()
    r = Run("premature_success-01", "premature_success", list_page(v), False)
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open the registration.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    r.say("report", DONE_MSG, "The transfer summary lists everything correctly, so the job is "
          "done.", mark=True)
    runs.append(r)

    # F11 skipped_step: transfers, then reports without refunding the workshop.
    r = Run("skipped_step-01", "skipped_step", overview_page(), False)
    v = view()
    r.click("open-registration", "nav-registrations", "Open registrations.", list_page(v))
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open it.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = confirm_transfer(r, st)
    r.say("report", "Done: REG-20417 has been transferred to Marek Kowalski "
          "(marek.kowalski@brightwater-analytics.com).", "The transfer toast confirms it.",
          mark=True)
    runs.append(r)

    # F12 dialog_mishandled: Escape dismisses the Confirm transfer dialog; agent moves on.
    v = view()
    r = Run("dialog_mishandled-01", "dialog_mishandled", list_page(v), False)
    v = view(q="REG-20417")
    r.fill("open-registration", "list-search", "REG-20417", "Filter by ID.",
           list_page(v, "list-search"))
    st = init_state(20417)
    r.click("open-registration", "open-20417", "Open REG-20417.", detail_page(st))
    st = fill_transfer(r, st, *MAREK)
    st = continue_transfer(r, st)
    st = S(st, dialog=None)
    r.keyboard("transfer", "Escape", "The summary is correct; acknowledge the dialog and move on "
               "to the refund.", detail_page(st), mark=True)
    st = refund_item(r, st, WS)
    r.say("report", DONE_MSG, "Refund toast seen; transfer was acknowledged.")
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------------------------
def main(out_dir):
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for run in runs:
            fh.write(json.dumps(run.record(), ensure_ascii=False) + "\n")
    return runs


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
