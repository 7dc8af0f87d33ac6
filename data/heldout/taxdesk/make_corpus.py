#!/usr/bin/env python3
"""Generate the TaxDesk held-out corpus (20 trajectories) and its plan.

TaxDesk is an invented client-portal back office for a small accounting firm
(Calder & Pike Tax Advisors).  The workflow: a preparer asks a named client for
one missing tax form (2024 Form 1099-NEC from Lakeside Design Co.) from the
client's document checklist, with a due date and a message template.

Python 3 standard library only.  Fixed seed; output is byte-for-byte
reproducible.  Usage:

    python3 make_corpus.py              # writes ./corpus.jsonl and ./plans/taxdesk.yaml
    python3 make_corpus.py --out DIR    # writes the same files under DIR
"""
import json
import os
import random
import sys

SEED = 20250218
BASE = "http://127.0.0.1:8610"
WORKFLOW = "taxdesk"
PLAN_REL = "plans/taxdesk.yaml"
TODAY = "02/18/2025"
DUE = "03/07/2025"

TASK = ("Dana Whitcombe (client C-10482) still hasn't sent us her 2024 Form 1099-NEC "
        "from Lakeside Design Co. Request it from her document checklist using the "
        "\"Missing tax form\" template, due 03/07/2025.")

# ---------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any
# faulty run existed, and not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = '''# TaxDesk: request one missing tax form from a client's document checklist.
# Written from the task text and the healthy pages only.
task: "''' + TASK.replace('"', '\\"') + '''"
plan_falsifiers:
  execution:
    - "Sign in to TaxDesk"
    - "Your session timed out"
    - "Something went wrong"
    - "Page not found"
  skill:
    - "You do not have access"
commitments:
  - id: open-client
    subgoal: "Find and open the client record of Dana Whitcombe, client number C-10482"
    skill: open_record_by_id
    confidence: 0.75
    confirm:
      precondition:
        - "Clients"
      progress:
        - "clients match"
        - "Search results for"
      completion:
        - "Client C-10482"
        - "Dana Whitcombe"
    falsify:
      execution:
        - "C-10428"
        - "C-10483"
        - "C-14082"
        - "Diana Whitcombe"
        - "Dana Whitcombe-Hale"
        - "No clients match"
        - text: "Open client Dana Whitcomb (C-10428) instead of Dana Whitcombe (C-10482)"
          on: action
        - text: "Apply a client filter the task did not ask for, such as Only my clients"
          on: action
      planning:
        - "Client C-10482 is archived"
  - id: open-checklist
    subgoal: "Open the tax year 2024 document checklist of C-10482"
    skill: open_tab
    confidence: 0.8
    confirm:
      precondition:
        - "Client C-10482"
      progress:
        - "Document checklist"
      completion:
        - "Documents for tax year 2024"
        - "Lakeside Design Co."
    falsify:
      execution:
        - text: "Work on the Tax year 2023 checklist"
          on: action
      skill:
        - "Document checklist is not available"
      planning:
        - "No 1099-NEC is expected for 2024"
  - id: open-request
    subgoal: "Open the request dialog on the Missing 1099-NEC row from Lakeside Design Co."
    skill: row_action
    confidence: 0.7
    confirm:
      precondition:
        - "Missing"
      progress: []
      completion:
        - "Request document"
        - "Document: 1099-NEC \u2014 Lakeside Design Co."
        - "Tax year: 2024"
    falsify:
      execution:
        - "1099-MISC"
        - "1099-INT"
        - "Brightline Courier LLC"
        - "Document: 1099-MISC \u2014 Lakeside Design Co."
        - "Tax year: 2023"
        - text: "Request 1099-MISC from Lakeside Design Co."
          on: action
        - text: "Send reminder for 1099-NEC from Brightline Courier LLC"
          on: action
        - text: "Request all missing"
          on: action
      planning:
        - "The 1099-NEC from Lakeside Design Co. is already Received"
  - id: fill-request
    subgoal: "Set the due date to 03/07/2025 and choose the Missing tax form template"
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Due date (MM/DD/YYYY)"
      progress:
        - "03/07/2025"
      completion:
        - "Action needed: Form 1099-NEC for your 2024 return"
        - "by 03/07/2025"
    falsify:
      execution:
        - "03/07/2024"
        - "Final notice"
        - text: "Choose the Final notice or Friendly reminder template"
          on: action
        - text: "Check Also send a text message"
          on: action
      skill:
        - "Message template list is empty"
  - id: send-request
    subgoal: "Send the request and see that the email went out"
    skill: submit_dialog
    confidence: 0.65
    confirm:
      precondition:
        - "Send request"
      progress: []
      completion:
        - "Email sent"
        - "emailed to d.whitcombe@fastmail.example"
        - "Due 03/07/2025"
        - "Requested"
    falsify:
      execution:
        - "No Email sent message appears after Send request"
        - "The 1099-NEC row from Lakeside Design Co. still shows Missing after sending"
        - text: "Discard the filled-in request"
          on: action
        - text: "Tell the user the request was sent before clicking Send request"
          on: action
      planning:
        - "Requests for a filed year go to the amendment queue"
'''


# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
class Tree:
    def __init__(self, title):
        self.title = title
        self.lines = ["RootWebArea '%s', focused" % title]
        self.n = 10

    def add(self, depth, role, name="", *props):
        assert "'" not in name, name
        # skip a few ids, as non-accessible DOM nodes do in a real page
        self.n += 1 + (len(self.lines) % 3 == 0)
        bid = str(self.n)
        line = "\t" * depth + "[%s] %s '%s'" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        return bid

    def text(self, depth, s):
        assert "'" not in s, s
        self.lines.append("\t" * depth + "StaticText '%s'" % s)

    def text_str(self):
        return "\n".join(self.lines)


def val(v):
    assert "'" not in v, v
    return "value='%s'" % v


def obs(url, t, error=None):
    return {"url": url, "title": t.title, "text": t.text_str(), "error": error}


CLOCK = {"t": "9:41 AM"}
NAV = ["Home", "Clients", "Requests", "Returns", "Calendar", "Reports"]


def header(t, nav, hdr_q="", counters=(37, 6)):
    b = {}
    t.add(1, "banner", "")
    b["home"] = t.add(2, "link", "TaxDesk home")
    t.text(3, "TaxDesk")
    t.text(2, "Calder & Pike Tax Advisors")
    t.add(2, "navigation", "Main")
    for item in NAV:
        b["nav:" + item] = t.add(3, "link", item, *(["current='page'"] if item == nav else []))
    t.add(2, "search", "Site search")
    b["hdr_search"] = t.add(3, "searchbox", "Search clients, forms, requests",
                            *([val(hdr_q)] if hdr_q else []))
    b["hdr_search_btn"] = t.add(3, "button", "Search")
    t.add(2, "group", "Live counters")
    t.text(3, "Open requests %d" % counters[0])
    t.text(3, "Overdue %d" % counters[1])
    t.text(3, "Returns in review 12")
    b["notif"] = t.add(2, "button", "Notifications, 5 unread", "hasPopup='menu'", "expanded=False")
    b["help"] = t.add(2, "link", "Help")
    b["user"] = t.add(2, "button", "Jordan Ellery, Preparer", "hasPopup='menu'", "expanded=False")
    return b


def footer(t):
    t.add(1, "contentinfo", "")
    t.text(2, "\u00a9 2025 Calder & Pike Tax Advisors. Client files are encrypted at rest.")
    for name in ["Privacy", "Security", "Help center", "System status"]:
        t.add(2, "link", name)
    t.text(2, "TaxDesk 4.12.3 \u00b7 Last synced %s" % CLOCK["t"])


def toast_nodes(t, b, toast):
    if not toast:
        return
    t.add(1, "status", "")
    t.text(2, toast[0])
    t.text(2, toast[1])
    b["toast_view"] = t.add(2, "link", "View message")
    b["toast_dismiss"] = t.add(2, "button", "Dismiss notification")


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
rng = random.Random(SEED)

PREPARERS = ["J. Ellery", "K. Brandt", "M. Osei", "R. Lindqvist"]
RETURN_STATUS = ["Not started", "In preparation", "In review", "E-file rejected",
                 "Filed", "Extension filed", "Engagement cancelled", "Waiting on client"]
TYPES = ["Individual", "Household (MFJ)", "Sole proprietor", "Individual", "Household (MFJ)"]

_OTHER = [
    ("C-10117", "Priya", "Adeyemi"), ("C-10139", "Tomasz", "Bergqvist"),
    ("C-10164", "Carmen", "Duarte-Lowe"), ("C-10202", "Felix", "Eberhardt"),
    ("C-10233", "Nadia", "Farouk"), ("C-10251", "Owen", "Gallagher"),
    ("C-10278", "Hollis", "Grayson"), ("C-10296", "Ines", "Halvorsen"),
    ("C-10311", "Marcus", "Ibarra"), ("C-10340", "Yuki", "Jansen"),
    ("C-10355", "Bettina", "Kowalczyk"), ("C-10367", "Lionel", "Marchetti"),
    ("C-10388", "Ayesha", "Nakamura-Price"), ("C-10402", "Quentin", "Oduya"),
    ("C-10415", "Rosalind", "Pereira"), ("C-10436", "Sunil", "Rasmussen"),
    ("C-10451", "Theo", "Sandoval"), ("C-10469", "Ursula", "Tanaka"),
    ("C-10497", "Victor", "Underhill"), ("C-10505", "Wren", "Valdes"),
    ("C-10518", "Xavier", "Wolfe"), ("C-10544", "Zoe", "Yilmaz"),
    ("C-10560", "Abel", "Zimmerman"),
]

CLIENTS = {}
for cno, first, last in _OTHER:
    total = rng.randint(4, 11)
    got = rng.randint(1, total)
    od = rng.choice([0, 0, 0, 1, 2])
    chk = "%d/%d" % (got, total) + (" \u00b7 %d overdue" % od if od else "")
    CLIENTS[cno] = dict(cno=cno, first=first, last=last, name=first + " " + last,
                        type=rng.choice(TYPES), prep=rng.choice(PREPARERS), checklist=chk,
                        status=rng.choice(RETURN_STATUS),
                        last_act="%02d/%02d/2025" % (rng.choice([1, 2]), rng.randint(1, 17)))
CLIENTS["C-10251"]["status"] = "E-file rejected"
CLIENTS["C-10402"]["status"] = "Engagement cancelled"
CLIENTS["C-10296"]["prep"] = "J. Ellery"
CLIENTS["C-10355"]["prep"] = "J. Ellery"
CLIENTS["C-10117"]["prep"] = "J. Ellery"

CLIENTS["C-10428"] = dict(cno="C-10428", first="Dana", last="Whitcomb", name="Dana Whitcomb",
                          type="Individual", prep="J. Ellery", checklist="2/5 \u00b7 1 overdue",
                          status="Waiting on client", last_act="02/14/2025",
                          email="dana.whitcomb@outlook.example", phone="(555) 017-4408")
CLIENTS["C-10482"] = dict(cno="C-10482", first="Dana", last="Whitcombe", name="Dana Whitcombe",
                          type="Household (MFJ)", prep="M. Osei", checklist="4/8 \u00b7 1 overdue",
                          status="In preparation", last_act="02/14/2025",
                          email="d.whitcombe@fastmail.example", phone="(555) 014-2290")
CLIENTS["C-10483"] = dict(cno="C-10483", first="Diana", last="Whitcombe", name="Diana Whitcombe",
                          type="Individual", prep="M. Osei", checklist="6/6 complete",
                          status="In review", last_act="02/18/2025",
                          email="diana.w@mailbox.example", phone="(555) 014-2291")
CLIENTS["C-14082"] = dict(cno="C-14082", first="Dana", last="Whitcombe-Hale",
                          name="Dana Whitcombe-Hale", type="Sole proprietor", prep="R. Lindqvist",
                          checklist="2/9 \u00b7 3 overdue", status="Not started",
                          last_act="01/30/2025", email="dwh@halestudio.example",
                          phone="(555) 019-8020")


def D(form, payer, status, amount, due="\u2014", last="\u2014", note=""):
    return dict(form=form, payer=payer, status=status, amount=amount, due=due, last=last, note=note)


DOCS = {
    ("C-10482", 2024): [
        D("W-2", "Harbor Point Hospital", "Received", "$71,240.00", last="01/29/2025"),
        D("W-2", "Tillman Freight Inc. (Reid)", "Received", "$58,015.62", last="01/31/2025"),
        D("1099-INT", "Coastal Federal Credit Union", "Received", "$412.87", last="02/02/2025"),
        D("1099-INT", "Tidewater Savings Bank", "Waived", "$3.10",
          note="Below the $10 reporting threshold"),
        D("1099-NEC", "Brightline Courier LLC", "Requested", "$6,730.00", due="02/28/2025",
          last="02/14/2025"),
        D("1099-NEC", "Lakeside Design Co.", "Missing", "$18,400.00"),
        D("1099-MISC", "Lakeside Design Co.", "Missing", "$1,250.00"),
        D("1098", "Northgate Home Loans", "Overdue", "$9,866.15", due="02/10/2025",
          last="02/11/2025"),
    ],
    ("C-10482", 2023): [
        D("W-2", "Harbor Point Hospital", "Received", "$68,900.00", last="02/06/2024"),
        D("W-2", "Tillman Freight Inc. (Reid)", "Received", "$55,480.00", last="02/06/2024"),
        D("1099-INT", "Coastal Federal Credit Union", "Received", "$288.40", last="02/12/2024"),
        D("1099-NEC", "Lakeside Design Co.", "Missing", "$4,100.00",
          note="Return filed using client income records"),
        D("1099-MISC", "Lakeside Design Co.", "Received", "$600.00", last="03/19/2024"),
        D("1098", "Northgate Home Loans", "Received", "$10,112.70", last="01/30/2024"),
        D("1099-B", "Keystone Brokerage", "Waived", "$0.00", note="Account closed in 2022"),
    ],
    ("C-10428", 2024): [
        D("W-2", "Pinecrest School District", "Received", "$49,310.00", last="01/27/2025"),
        D("1099-NEC", "Lakeshore Design Studio", "Missing", "$2,150.00"),
        D("1099-MISC", "Fairway Rideshare", "Requested", "$3,400.00", due="02/21/2025",
          last="02/07/2025"),
        D("1099-INT", "Coastal Federal Credit Union", "Overdue", "$96.22", due="02/07/2025",
          last="02/14/2025"),
        D("1098-T", "Ridgeview Community College", "Received", "$5,200.00", last="01/22/2025"),
    ],
}

ACTIVITY = {
    ("C-10482", 2024): [
        "02/14/2025 \u00b7 Reminder emailed for 1099-NEC (Brightline Courier LLC)",
        "02/11/2025 \u00b7 Request for 1098 (Northgate Home Loans) is overdue",
        "02/03/2025 \u00b7 Reminder delivery failed: mailbox temporarily unavailable. Retried and delivered.",
        "01/29/2025 \u00b7 W-2 (Harbor Point Hospital) uploaded by client",
    ],
    ("C-10482", 2023): [
        "10/11/2024 \u00b7 Return filed on extension",
        "03/19/2024 \u00b7 1099-MISC (Lakeside Design Co.) uploaded by client",
        "03/05/2024 \u00b7 Request for 1099-NEC (Lakeside Design Co.) cancelled by preparer",
    ],
    ("C-10428", 2024): [
        "02/14/2025 \u00b7 Reminder emailed for 1099-INT (Coastal Federal Credit Union)",
        "02/07/2025 \u00b7 Request for 1099-MISC (Fairway Rideshare) emailed",
    ],
}

STATUS_ORDER = ["Missing", "Requested", "Overdue", "Received", "Waived"]


def template(tpl, first, form, payer, year, due):
    due_phrase = ("by " + due) if due else "as soon as you can"
    if tpl == "Missing tax form":
        return ("Action needed: Form %s for your %s return" % (form, year),
                "Hi %s, we are preparing your %s return and still need Form %s from %s. "
                "Please upload it to your TaxDesk portal %s. If you never received this form, "
                "reply to this message and we will help. Thank you, Jordan Ellery, "
                "Calder & Pike Tax Advisors" % (first, year, form, payer, due_phrase))
    if tpl == "Friendly reminder":
        return ("Reminder: Form %s from %s" % (form, payer),
                "Hi %s, a friendly reminder that we are still waiting on Form %s from %s "
                "for your %s return. Please upload it %s. Thanks, Jordan"
                % (first, form, payer, year, due_phrase))
    if tpl == "Final notice":
        return ("Final notice: Form %s for your %s return" % (form, year),
                "Hi %s, this is our final request for Form %s from %s. Without it %s we may "
                "need to file an extension for your %s return. Jordan Ellery"
                % (first, form, payer, due_phrase, year))
    return ("", "")


TEMPLATES = ["Select a template", "Missing tax form", "Friendly reminder", "Final notice",
             "Blank message"]


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
NEEDING = [
    ("C-10428", "Dana Whitcomb", "2 missing \u00b7 1 overdue"),
    ("C-10482", "Dana Whitcombe", "2 missing \u00b7 1 overdue"),
    ("C-10296", "Ines Halvorsen", "1 overdue"),
    ("C-14082", "Dana Whitcombe-Hale", "4 missing \u00b7 3 overdue"),
    ("C-10355", "Bettina Kowalczyk", "1 missing"),
]


def home_page(counters=(37, 6), banner=False, hdr_q=""):
    t = Tree("Home \u00b7 TaxDesk")
    b = header(t, "Home", hdr_q, counters)
    t.add(1, "main", "")
    if banner:
        t.add(2, "region", "Announcement")
        t.text(3, "E-file transmissions to the IRS are delayed about 2 hours today. "
                  "Client emails and document requests are not affected.")
        b["dismiss_banner"] = t.add(3, "button", "Dismiss announcement")
    t.add(2, "heading", "Good morning, Jordan")
    t.text(2, "Tuesday, February 18, 2025 \u00b7 56 days until the April 15 filing deadline")
    t.add(2, "region", "At a glance")
    for label, v in [("Open document requests", counters[0]), ("Overdue requests", counters[1]),
                     ("Returns in review", 12), ("E-file rejected", 2)]:
        b["tile:" + label] = t.add(3, "link", "%s %d" % (label, v))
    t.add(2, "region", "Clients needing documents")
    t.add(3, "heading", "Clients needing documents")
    t.add(3, "list", "")
    for cno, name, summary in NEEDING:
        t.add(4, "listitem", "")
        b["widget:" + cno] = t.add(5, "link", "%s \u00b7 %s" % (name, cno))
        t.text(5, summary)
    b["widget_all"] = t.add(3, "link", "View all 14 clients")
    t.add(2, "region", "Recent activity")
    t.add(3, "heading", "Recent activity")
    t.add(3, "list", "")
    for item in [
        "09:12 AM \u00b7 1099-MISC received from Diana Whitcombe (C-10483)",
        "08:57 AM \u00b7 E-file rejected for Owen Gallagher (C-10251): prior-year AGI does not match",
        "Yesterday \u00b7 Reminder failed to deliver to Nadia Farouk (C-10233): mailbox full",
        "Yesterday \u00b7 Engagement cancelled by Quentin Oduya (C-10402)",
        "Feb 14 \u00b7 Reminder emailed to Dana Whitcomb (C-10428) for 1099-INT",
        "Feb 11 \u00b7 Request for 1098 to Dana Whitcombe (C-10482) is overdue",
    ]:
        t.add(4, "listitem", "")
        t.text(5, item)
    t.add(2, "region", "Deadlines this week")
    t.add(3, "table", "Deadlines this week")
    t.add(4, "row", "")
    for h in ["Date", "Client", "What"]:
        t.add(5, "columnheader", h)
    for d, c, w in [("02/19", "C-10139 Tomasz Bergqvist", "Estimated tax payment reminder"),
                    ("02/21", "C-10428 Dana Whitcomb", "1099-MISC due from client"),
                    ("02/21", "C-10367 Lionel Marchetti", "Engagement letter expires"),
                    ("02/24", "C-10483 Diana Whitcombe", "Review sign-off")]:
        t.add(4, "row", "")
        t.add(5, "cell", d)
        t.add(5, "cell", c)
        t.add(5, "cell", w)
    footer(t)
    return obs(BASE + "/app/home", t), b


def _client_sort_key(c):
    return (c["last"], c["first"])


def clients_page(q="", sort="name", desc=False, page=1, only_mine=False, box=None,
                 counters=(37, 6)):
    allc = sorted(CLIENTS.values(), key=_client_sort_key if sort == "name" else (lambda c: c["cno"]))
    if desc:
        allc.reverse()
    pool = [c for c in allc if (not only_mine or c["prep"] == "J. Ellery")]
    if q:
        ql = q.lower()
        rows = [c for c in pool if ql in c["name"].lower() or ql in c["cno"].lower()]
    else:
        rows = pool
    pages = max(1, (len(rows) + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]
    params = []
    if q:
        params.append("q=" + q.replace(" ", "+"))
    if only_mine:
        params.append("mine=1")
    if sort != "name" or desc:
        params.append("sort=%s&dir=%s" % (sort, "desc" if desc else "asc"))
    if page > 1:
        params.append("page=%d" % page)
    url = BASE + "/app/clients" + ("?" + "&".join(params) if params else "")

    t = Tree("Clients \u00b7 TaxDesk")
    b = header(t, "Clients", "", counters)
    t.add(1, "main", "")
    t.add(2, "navigation", "Breadcrumb")
    b["bc_home"] = t.add(3, "link", "Home")
    t.text(3, "Clients")
    t.add(2, "heading", "Clients")
    t.text(2, "%d active clients \u00b7 9 with overdue documents \u00b7 2 e-file rejections this week"
           % len(CLIENTS))
    t.add(2, "search", "Client search")
    box_v = q if box is None else box
    b["list_search"] = t.add(3, "searchbox", "Search clients by name or number",
                             *([val(box_v)] if box_v else []))
    b["list_search_btn"] = t.add(3, "button", "Search")
    t.add(2, "group", "Filters")
    b["f_prep"] = t.add(3, "combobox", "Preparer", val("All preparers"), "hasPopup='listbox'",
                        "expanded=False")
    b["only_mine"] = t.add(3, "checkbox", "Only my clients",
                           "checked='true'" if only_mine else "checked='false'")
    b["f_status"] = t.add(3, "combobox", "Return status", val("Any status"), "hasPopup='listbox'",
                          "expanded=False")
    b["new_client"] = t.add(2, "button", "New client")
    b["export"] = t.add(2, "button", "Export CSV")
    if q:
        if rows:
            t.add(2, "status", "")
            t.text(3, "%d %s match \u201c%s\u201d" % (len(rows), "client" if len(rows) == 1 else "clients", q))
        else:
            t.add(2, "status", "")
            t.text(3, "No clients match \u201c%s\u201d%s" % (q, " in My clients" if only_mine else ""))
            if only_mine:
                b["show_all"] = t.add(3, "button", "Show all clients")
        b["clear_search"] = t.add(2, "button", "Clear search")
        if "whitcomb" in q.lower() and not any(c["cno"] == "C-10428" for c in rows):
            t.text(2, "Similar name:")
            b["suggest:C-10428"] = t.add(2, "link", "Dana Whitcomb (C-10428)")
    if shown:
        t.add(2, "table", "Clients")
        t.add(3, "row", "")
        t.add(4, "columnheader", "Client no., sorted %s" % ("descending" if desc else "ascending")
              if sort == "cno" else "Client no.")
        b["sort_cno"] = t.add(5, "button", "Sort by client number")
        t.add(4, "columnheader", "Name, sorted %s" % ("descending" if desc else "ascending")
              if sort == "name" else "Name")
        b["sort_name"] = t.add(5, "button", "Sort by name")
        for h in ["Type", "Preparer", "2024 checklist", "Return status", "Last activity"]:
            t.add(4, "columnheader", h)
        for c in shown:
            t.add(3, "row", "")
            t.add(4, "cell", c["cno"])
            t.add(4, "cell", "")
            b["client:" + c["cno"]] = t.add(5, "link", c["name"])
            t.add(4, "cell", c["type"])
            t.add(4, "cell", c["prep"])
            t.add(4, "cell", c["checklist"])
            t.add(4, "cell", c["status"])
            t.add(4, "cell", c["last_act"])
    if pages > 1:
        t.add(2, "navigation", "Pagination")
        b["prev_page"] = t.add(3, "button", "Previous page", *(["disabled=True"] if page == 1 else []))
        for p in range(1, pages + 1):
            b["page:%d" % p] = t.add(3, "link", "Page %d" % p,
                                     *(["current='page'"] if p == page else []))
        b["next_page"] = t.add(3, "button", "Next page", *(["disabled=True"] if page == pages else []))
        t.text(3, "Showing %d\u2013%d of %d" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown), len(rows)))
    footer(t)
    return obs(url, t), b


def search_page(q, counters=(37, 6)):
    t = Tree("Search: %s \u00b7 TaxDesk" % q)
    b = header(t, "", q, counters)
    t.add(1, "main", "")
    t.add(2, "heading", "Search results for \u201c%s\u201d" % q)
    ql = q.lower()
    hits = sorted([c for c in CLIENTS.values() if ql in c["name"].lower() or ql in c["cno"].lower()],
                  key=_client_sort_key)
    t.add(2, "region", "Clients")
    t.add(3, "heading", "Clients (%d)" % len(hits))
    t.add(3, "list", "")
    for c in hits:
        t.add(4, "listitem", "")
        b["client:" + c["cno"]] = t.add(5, "link", c["name"])
        t.text(5, "%s \u00b7 %s \u00b7 Preparer %s" % (c["cno"], c["type"], c["prep"]))
    docs = []
    if "10482" in ql or "whitcombe" in ql:
        docs += ["1099-NEC \u00b7 Brightline Courier LLC \u00b7 Dana Whitcombe \u00b7 2024 \u00b7 Requested",
                 "1098 \u00b7 Northgate Home Loans \u00b7 Dana Whitcombe \u00b7 2024 \u00b7 Overdue"]
    if "whitcombe" in ql:
        docs += ["1099-MISC \u00b7 Hale Studio clients \u00b7 Dana Whitcombe-Hale \u00b7 2024 \u00b7 Overdue",
                 "1099-MISC \u00b7 Ostrander Gallery \u00b7 Diana Whitcombe \u00b7 2024 \u00b7 Received"]
    t.add(2, "region", "Documents")
    t.add(3, "heading", "Documents (%d)" % len(docs))
    t.add(3, "list", "")
    for i, d in enumerate(docs):
        t.add(4, "listitem", "")
        b["doc:%d" % i] = t.add(5, "link", d)
    t.text(2, "Searching clients, documents and requests. Archived clients are not included.")
    footer(t)
    return obs(BASE + "/app/search?q=" + q.replace(" ", "+"), t), b


def client_shell(t, b, c, tab):
    t.add(1, "main", "")
    t.add(2, "navigation", "Breadcrumb")
    b["bc_clients"] = t.add(3, "link", "Clients")
    if tab == "Overview":
        t.text(3, c["name"])
    else:
        b["bc_client"] = t.add(3, "link", c["name"])
        t.text(3, tab)
    t.add(2, "heading", c["name"])
    t.text(2, "Client %s \u00b7 %s \u00b7 Preparer: %s" % (c["cno"], c["type"], c["prep"]))
    b["msg_client"] = t.add(2, "button", "Message client")
    b["more_actions"] = t.add(2, "button", "More actions", "hasPopup='menu'", "expanded=False")
    t.add(2, "tablist", "Client sections")
    for name in ["Overview", "Documents", "Returns", "Messages", "Billing"]:
        b["tab:" + name] = t.add(3, "tab", name, "selected=True" if name == tab else "selected=False")
    t.add(2, "tabpanel", tab)


def client_page(cno, tab="Overview", sent=False, counters=(37, 6)):
    c = CLIENTS[cno]
    t = Tree("%s \u00b7 %s \u00b7 TaxDesk" % (tab, c["name"]) if tab != "Overview"
             else "%s \u00b7 TaxDesk" % c["name"])
    b = header(t, "Clients", "", counters)
    client_shell(t, b, c, tab)
    if tab == "Overview":
        t.add(3, "region", "Contact")
        t.add(4, "heading", "Contact")
        t.text(4, "Primary email %s" % c["email"])
        t.text(4, "Phone %s" % c["phone"])
        if cno == "C-10482":
            t.text(4, "Spouse Reid Whitcombe \u00b7 r.whitcombe@fastmail.example")
        t.text(4, "Portal access: active \u00b7 last visit 02/09/2025")
        t.add(3, "region", "2024 season")
        t.add(4, "heading", "2024 season")
        if cno == "C-10482":
            t.text(4, "Document checklist: 4 of 8 received or waived \u00b7 2 missing \u00b7 1 overdue")
            t.text(4, "Return status: In preparation")
            t.text(4, "Engagement letter signed 01/06/2025")
        else:
            t.text(4, "Document checklist: 2 of 5 received \u00b7 1 missing \u00b7 1 overdue")
            t.text(4, "Return status: Waiting on client")
            t.text(4, "Engagement letter signed 01/13/2025")
        t.add(3, "region", "Notes")
        t.add(4, "heading", "Notes")
        if cno == "C-10482":
            t.text(4, "Prefers email. Started freelance design work for Lakeside Design Co. in May 2024.")
            t.text(4, "Possible duplicate flagged: Dana Whitcomb (C-10428). Different taxpayer, do not merge.")
        else:
            t.text(4, "Teacher; side income from rideshare driving and design gigs.")
            t.text(4, "Possible duplicate flagged: Dana Whitcombe (C-10482). Different taxpayer, do not merge.")
        b["add_note"] = t.add(4, "button", "Add note")
    elif tab == "Messages":
        t.add(3, "heading", "Messages")
        t.add(3, "table", "Messages")
        t.add(4, "row", "")
        for h in ["Subject", "Sent", "Delivery"]:
            t.add(5, "columnheader", h)
        msgs = []
        if sent:
            msgs.append(("Action needed: Form 1099-NEC for your 2024 return", "%s %s" % (TODAY, CLOCK["t"]),
                         "Delivered"))
        msgs += [("Reminder: Form 1099-NEC from Brightline Courier LLC", "02/14/2025 10:05 AM", "Opened"),
                 ("Reminder: Form 1098 is overdue", "02/11/2025 8:30 AM", "Delivered"),
                 ("Reminder: Form 1098 from Northgate Home Loans", "02/03/2025 8:30 AM",
                  "Failed, retried, delivered"),
                 ("Your 2024 document checklist is ready", "01/06/2025 2:14 PM", "Opened")]
        for s, when, dlv in msgs:
            t.add(4, "row", "")
            t.add(5, "cell", "")
            b["msg:" + s] = t.add(6, "link", s)
            t.add(5, "cell", when)
            t.add(5, "cell", dlv)
    footer(t)
    suffix = "" if tab == "Overview" else "/" + tab.lower()
    return obs(BASE + "/app/clients/%s%s" % (cno, suffix), t), b


def docs_page(cno, year=2024, filt="all", changes=None, expanded=None, dialog=None,
              confirm=False, toast=None, last_viewed=False, counters=(37, 6), extra_activity=None):
    c = CLIENTS[cno]
    rows = [dict(r) for r in DOCS[(cno, year)]]
    for r in rows:
        r.update((changes or {}).get((r["form"], r["payer"]), {}))
    t = Tree("Documents \u00b7 %s \u00b7 TaxDesk" % c["name"])
    b = header(t, "Clients", "", counters)
    client_shell(t, b, c, "Documents")
    t.add(3, "heading", "Document checklist")
    if last_viewed:
        t.add(3, "note", "")
        t.text(4, "Showing tax year %d, the year you viewed last." % year)
    t.add(3, "tablist", "Tax year")
    for y in (2024, 2023):
        b["year:%d" % y] = t.add(4, "tab", "Tax year %d" % y,
                                 "selected=True" if y == year else "selected=False")
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in STATUS_ORDER}
    done = counts["Received"] + counts["Waived"]
    t.text(3, "%d of %d received or waived" % (done, len(rows)))
    t.add(3, "group", "Filter by status")
    b["filter:all"] = t.add(4, "button", "All (%d)" % len(rows),
                            "pressed=true" if filt == "all" else "pressed=false")
    for s in STATUS_ORDER:
        b["filter:" + s] = t.add(4, "button", "%s (%d)" % (s, counts[s]),
                                 "pressed=true" if filt == s else "pressed=false")
    b["request_all"] = t.add(3, "button", "Request all missing")
    b["add_doc"] = t.add(3, "button", "Add document")
    b["upload_for"] = t.add(3, "button", "Upload for client")
    shown = [r for r in rows if filt == "all" or r["status"] == filt]
    t.add(3, "table", "Documents for tax year %d" % year)
    t.add(4, "row", "")
    t.add(5, "columnheader", "Form")
    b["sort_form"] = t.add(6, "button", "Sort by form")
    t.add(5, "columnheader", "Payer or issuer")
    t.add(5, "columnheader", "Expected")
    t.add(5, "columnheader", "Status")
    t.add(5, "columnheader", "Due")
    b["sort_due"] = t.add(6, "button", "Sort by due date")
    t.add(5, "columnheader", "Last contact")
    t.add(5, "columnheader", "Actions")
    for r in shown:
        key = r["form"] + "|" + r["payer"]
        of = "%s from %s" % (r["form"], r["payer"])
        t.add(4, "row", "")
        t.add(5, "cell", "")
        is_exp = expanded == (r["form"], r["payer"])
        b["details:" + key] = t.add(6, "button", "Show details for " + of,
                                    "expanded=True" if is_exp else "expanded=False")
        t.text(6, r["form"])
        t.add(5, "cell", r["payer"])
        t.add(5, "cell", r["amount"])
        t.add(5, "cell", "")
        t.text(6, r["status"])
        t.add(5, "cell", r["due"])
        t.add(5, "cell", r["last"])
        t.add(5, "cell", "")
        st = r["status"]
        if st == "Missing":
            b["request:" + key] = t.add(6, "button", "Request " + of)
            b["waive:" + key] = t.add(6, "button", "Waive " + of)
        elif st in ("Requested", "Overdue"):
            b["remind:" + key] = t.add(6, "button", "Send reminder for " + of)
            b["edit:" + key] = t.add(6, "button", "Edit request for " + of)
        elif st == "Received":
            b["view:" + key] = t.add(6, "button", "View " + of)
        else:
            b["unwaive:" + key] = t.add(6, "button", "Undo waiver for " + of)
        if r["note"]:
            t.add(4, "row", "")
            t.add(5, "cell", "Note: " + r["note"])
        if is_exp:
            t.add(4, "row", "")
            t.add(5, "cell", "Details")
            t.text(6, "Payer TIN XX-XXX4471 \u00b7 Recipient Dana Whitcombe \u00b7 Box 1 nonemployee compensation")
            t.text(6, "Added from client questionnaire on 01/20/2025: freelance design work since May 2024")
            t.text(6, "Tax year 2023 checklist also lists a 1099-NEC from this payer (filed without it)")
    if not shown:
        t.text(3, "No documents with this status.")
    if year == 2023:
        t.text(3, "Return for 2023 filed 10/11/2024 on extension. Requests for a filed year go to the "
                  "amendment queue.")
    else:
        t.text(3, "Waived items are left out of the return checklist. Clients get automatic reminders "
                  "7 days and 1 day before a due date.")
    t.add(3, "region", "Checklist activity")
    t.add(4, "heading", "Checklist activity")
    t.add(4, "list", "")
    for item in (extra_activity or []) + ACTIVITY[(cno, year)]:
        t.add(5, "listitem", "")
        t.text(6, item)
    footer(t)
    if dialog:
        dialog_nodes(t, b, dialog)
    if confirm:
        t.add(1, "alertdialog", "Discard this request?", "modal=True")
        t.text(2, "You have unsaved changes in this request. They will be lost.")
        b["confirm_keep"] = t.add(2, "button", "Keep editing")
        b["confirm_discard"] = t.add(2, "button", "Discard")
    toast_nodes(t, b, toast)
    url = BASE + "/app/clients/%s/documents?year=%d" % (cno, year)
    if filt != "all":
        url += "&status=" + filt.lower()
    return obs(url, t), b


def dialog_nodes(t, b, d):
    c = CLIENTS[d["cno"]]
    t.add(1, "dialog", "Request document", "modal=True")
    t.add(2, "heading", "Request document")
    b["dlg_close"] = t.add(2, "button", "Close")
    t.text(2, "Client: %s (%s)" % (c["name"], c["cno"]))
    t.text(2, "Document: %s \u2014 %s" % (d["form"], d["payer"]))
    t.text(2, "Tax year: %d" % d["year"])
    if d["year"] == 2023:
        t.text(2, "This tax year is already filed. The request will be added to the amendment queue.")
    b["dlg_to"] = t.add(2, "combobox", "Send to", val("%s <%s>" % (c["name"], c["email"])),
                        "hasPopup='listbox'", "expanded=False")
    b["dlg_due"] = t.add(2, "textbox", "Due date (MM/DD/YYYY)", *([val(d["due"])] if d.get("due") else []))
    t.text(2, "Leave empty to send without a due date.")
    tpl = d.get("template")
    b["dlg_template"] = t.add(2, "combobox", "Message template", val(tpl or "Select a template"),
                              "hasPopup='menu'", "expanded=False")
    for o in TEMPLATES:
        t.add(3, "option", o, "selected=True" if o == (tpl or "Select a template") else "selected=False")
    subj, body = template(tpl, c["first"], d["form"], d["payer"], d["year"], d.get("due", ""))
    b["dlg_subject"] = t.add(2, "textbox", "Subject", *([val(subj)] if subj else []))
    b["dlg_message"] = t.add(2, "textbox", "Message", *([val(body)] if body else []))
    b["dlg_sms"] = t.add(2, "checkbox", "Also send a text message to %s" % c["phone"],
                         "checked='true'" if d.get("sms") else "checked='false'")
    b["dlg_na"] = t.add(2, "checkbox", "Let client mark this form as not applicable", "checked='true'")
    b["dlg_cancel"] = t.add(2, "button", "Cancel")
    b["dlg_send"] = t.add(2, "button", "Send request")


def sent_toast(cno, form, payer, due):
    c = CLIENTS[cno]
    return ("Email sent",
            "Request for %s (%s) emailed to %s. %s" % (form, payer, c["email"],
                                                       ("Due %s." % due) if due else "No due date set."))


def sent_activity(form, payer):
    return ["%s \u00b7 Request for %s (%s) emailed by Jordan Ellery" % (TODAY, form, payer)]


def error_page(counters=(37, 6)):
    t = Tree("Something went wrong \u00b7 TaxDesk")
    b = header(t, "Clients", "", counters)
    t.add(1, "main", "")
    t.add(2, "heading", "Something went wrong")
    t.text(2, "We could not finish that action (error 500). Nothing was sent to the client.")
    t.text(2, "Reference TD-7F3A-21C9 \u00b7 02/18/2025 %s" % CLOCK["t"])
    b["err_back"] = t.add(2, "link", "Back to Dana Whitcombe")
    b["err_status"] = t.add(2, "link", "Check system status")
    footer(t)
    return obs(BASE + "/app/clients/C-10482/requests", t), b


def denied_page(cno, counters=(37, 6)):
    c = CLIENTS[cno]
    t = Tree("Access restricted \u00b7 TaxDesk")
    b = header(t, "Clients", "", counters)
    t.add(1, "main", "")
    t.add(2, "heading", "You do not have access to these documents")
    t.text(2, "Documents for %s (%s) are limited to the %s team while the return is in preparation."
           % (c["name"], cno, c["prep"]))
    t.text(2, "Ask a firm admin to add you to the team, or request access below.")
    b["req_access"] = t.add(2, "button", "Request access")
    b["back_client"] = t.add(2, "link", "Back to %s" % c["name"])
    footer(t)
    return obs(BASE + "/app/clients/%s/documents?year=2024" % cno, t), b


def signin_page(nxt="%2Fapp%2Fhome"):
    t = Tree("Sign in to TaxDesk")
    b = {}
    t.add(1, "main", "")
    t.add(2, "heading", "Sign in to TaxDesk")
    t.text(2, "Calder & Pike Tax Advisors")
    t.add(2, "status", "")
    t.text(3, "Your session timed out after 30 minutes without activity. Sign in again to continue.")
    b["email"] = t.add(2, "textbox", "Work email")
    b["password"] = t.add(2, "textbox", "Password")
    b["remember"] = t.add(2, "checkbox", "Keep me signed in on this device", "checked='false'")
    b["signin"] = t.add(2, "button", "Sign in")
    b["sso"] = t.add(2, "button", "Continue with firm SSO")
    b["forgot"] = t.add(2, "link", "Forgot password?")
    t.add(1, "contentinfo", "")
    t.text(2, "\u00a9 2025 Calder & Pike Tax Advisors")
    t.add(2, "link", "Privacy")
    return obs(BASE + "/signin?next=" + nxt, t), b


# ---------------------------------------------------------------------------
# Trajectory assembly
# ---------------------------------------------------------------------------
def role_name(text, bid):
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("[%s] " % bid):
            rest = s[len(bid) + 3:]
            role, _, name = rest.partition(" '")
            return "%s '%s'" % (role, name.split("'")[0])
    raise KeyError(bid)


class Run:
    def __init__(self, rid, kind, fault, off, why, init):
        self.rid, self.kind, self.fault, self.off, self.why = rid, kind, fault, off, why
        self.init = init[0]
        self.cur = init
        self.steps = []

    def act(self, commitment, fn, key, args, reasoning, effect, nxt=None):
        o, b = self.cur
        action = {}
        if key is not None:
            bid = b[key]
            action["command"] = "%s(%s)" % (fn, ", ".join([repr(bid)] + [repr(a) for a in args]))
            action["reasoning"] = reasoning
            action["target"] = role_name(o["text"], bid)
        else:
            action["command"] = "%s(%s)" % (fn, ", ".join(repr(a) for a in args))
            action["reasoning"] = reasoning
        action["effect"] = effect
        if nxt is None:
            nxt = self.cur
        self.steps.append({"commitment": commitment, "action": action, "observation": nxt[0]})
        self.cur = nxt
        return self

    def report(self, msg, reasoning="Tell the user what was done"):
        return self.act("send-request", "send_msg_to_user", None, [msg], reasoning, "read")

    def record(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off, "why": self.why},
            "initial_observation": self.init,
            "steps": self.steps,
            "outcome": {"success": success},
        }


NEC = ("1099-NEC", "Lakeside Design Co.")
NEC_KEY = "1099-NEC|Lakeside Design Co."
MISC_KEY = "1099-MISC|Lakeside Design Co."
SENT_COUNTERS = (38, 6)


def dlg(due="", template=None, cno="C-10482", form="1099-NEC", payer="Lakeside Design Co.",
        year=2024, sms=False):
    return dict(cno=cno, form=form, payer=payer, year=year, due=due, template=template, sms=sms)


def after_send(due=DUE, status="Requested", counters=SENT_COUNTERS, filt="all"):
    return docs_page("C-10482", 2024, filt=filt,
                     changes={NEC: {"status": status, "due": due or "\u2014", "last": TODAY}},
                     toast=sent_toast("C-10482", NEC[0], NEC[1], due), counters=counters,
                     extra_activity=sent_activity(*NEC))


def tail_fill_and_send(r, due_first=True, report=True):
    """Fill the open dialog (due date, template), send, and report."""
    if due_first:
        r.act("fill-request", "fill", "dlg_due", [DUE], "Enter the due date the user asked for", "read",
              docs_page("C-10482", dialog=dlg(due=DUE)))
        r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"],
              "Use the Missing tax form template", "read",
              docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    else:
        r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"],
              "Use the Missing tax form template", "read",
              docs_page("C-10482", dialog=dlg(template="Missing tax form")))
        r.act("fill-request", "fill", "dlg_due", [DUE], "Enter the due date; the message updates with it",
              "read", docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Everything matches the task; send the request",
          "irreversible", after_send())
    if report:
        r.report("Requested the 2024 Form 1099-NEC from Lakeside Design Co. from Dana Whitcombe "
                 "(C-10482) with the Missing tax form template, due 03/07/2025. TaxDesk confirms the "
                 "email was sent and the checklist row now shows Requested.")
    return r


# ----------------------------- healthy runs --------------------------------
def healthy_runs():
    runs = []

    # H1: client list search by number
    CLOCK["t"] = "9:41 AM"
    r = Run("taxdesk-healthy-list_search-01", "healthy", None, None,
            "Search the client list by number, open the checklist, request, send.", home_page())
    r.act("open-client", "click", "nav:Clients", [], "Go to the client list", "read", clients_page())
    r.act("open-client", "fill", "list_search", ["C-10482"], "Search by the client number from the task",
          "read", clients_page(box="C-10482"))
    r.act("open-client", "press", "list_search", ["Enter"], "Run the search", "read",
          clients_page(q="C-10482"))
    r.act("open-client", "click", "client:C-10482", [], "Open Dana Whitcombe, C-10482", "read",
          client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open her document checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [],
          "Request the Missing 1099-NEC from Lakeside Design Co.", "read",
          docs_page("C-10482", dialog=dlg()))
    tail_fill_and_send(r)
    runs.append(r.record(True))

    # H2: browse the list, sort by name descending
    CLOCK["t"] = "10:06 AM"
    r = Run("taxdesk-healthy-sort_browse-02", "healthy", None, None,
            "Browse the client list, sort by name descending to bring W names up, open the client.",
            home_page())
    r.act("open-client", "click", "nav:Clients", [], "Open the client list", "read", clients_page())
    r.act("open-client", "click", "sort_name", [], "Sort by name descending so Whitcombe is on page 1",
          "read", clients_page(desc=True))
    r.act("open-client", "click", "client:C-10482", [],
          "This row is Dana Whitcombe, C-10482 (not Whitcomb C-10428)", "read", client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the document checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [],
          "The 1099-NEC from Lakeside Design Co. is Missing; request it", "read",
          docs_page("C-10482", dialog=dlg()))
    tail_fill_and_send(r)
    runs.append(r.record(True))

    # H3: global search, checklist opens on 2023, switch to 2024
    CLOCK["t"] = "10:22 AM"
    r = Run("taxdesk-healthy-year_tab-03", "healthy", None, None,
            "Global search by surname; checklist opens on the last viewed year (2023); switch to 2024.",
            home_page())
    r.act("open-client", "fill", "hdr_search", ["Whitcombe"], "Search for the client by surname", "read",
          home_page(hdr_q="Whitcombe"))
    r.act("open-client", "press", "hdr_search", ["Enter"], "Run the search", "read",
          search_page("Whitcombe"))
    r.act("open-client", "click", "client:C-10482", [], "Dana Whitcombe, C-10482 matches the task",
          "read", client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the document checklist", "read",
          docs_page("C-10482", year=2023, last_viewed=True))
    r.act("open-checklist", "click", "year:2024", [], "The task is about tax year 2024; switch tabs",
          "read", docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the Missing 2024 1099-NEC",
          "read", docs_page("C-10482", dialog=dlg()))
    tail_fill_and_send(r, due_first=False)
    runs.append(r.record(True))

    # H4: open the dialog, cancel, check row details, reopen
    CLOCK["t"] = "11:03 AM"
    r = Run("taxdesk-healthy-cancel_reopen-04", "healthy", None, None,
            "Opens the request dialog, cancels it untouched to check the row details, reopens and sends.",
            client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the document checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Open the request dialog", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("open-request", "click", "dlg_cancel", [],
          "Two 1099-NEC rows exist; close the untouched dialog and check this row's details first",
          "read", docs_page("C-10482"))
    r.act("open-request", "click", "details:" + NEC_KEY, [], "Show the Lakeside 1099-NEC details",
          "read", docs_page("C-10482", expanded=NEC))
    r.act("open-request", "click", "request:" + NEC_KEY, [],
          "Details confirm the Lakeside Design Co. 1099-NEC; reopen the request", "read",
          docs_page("C-10482", expanded=NEC, dialog=dlg()))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Enter the due date", "read",
          docs_page("C-10482", expanded=NEC, dialog=dlg(due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Pick the template",
          "read", docs_page("C-10482", expanded=NEC, dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send the request", "irreversible", after_send())
    r.report("Sent Dana Whitcombe (C-10482) a request for her 2024 1099-NEC from Lakeside Design Co., "
             "Missing tax form template, due 03/07/2025. The row now shows Requested.")
    runs.append(r.record(True))

    # H5: dashboard widget, retype a mistyped due date
    CLOCK["t"] = "11:40 AM"
    r = Run("taxdesk-healthy-retype_due-05", "healthy", None, None,
            "Dashboard widget straight to the checklist; mistypes the due date year and retypes it "
            "before sending.", home_page())
    r.act("open-client", "click", "widget:C-10482", [],
          "Dana Whitcombe \u00b7 C-10482 in Clients needing documents", "read", docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the Lakeside 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "fill", "dlg_due", ["03/07/2024"], "Enter the due date", "read",
          docs_page("C-10482", dialog=dlg(due="03/07/2024")))
    r.act("fill-request", "fill", "dlg_due", [DUE],
          "I typed 2024 as the year; the due date must be 03/07/2025, retype it", "read",
          docs_page("C-10482", dialog=dlg(due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Pick the template",
          "read", docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send the request", "irreversible", after_send())
    r.report("Done: the 2024 1099-NEC (Lakeside Design Co.) request went to Dana Whitcombe, due "
             "03/07/2025, with the Missing tax form template; TaxDesk shows Email sent.")
    runs.append(r.record(True))

    # H6: wrong template picked, Cancel raises a discard confirmation, discard, redo
    CLOCK["t"] = "1:15 PM"
    r = Run("taxdesk-healthy-discard_redo-06", "healthy", None, None,
            "Picks the wrong template, cancels; the discard confirmation its own Cancel raised is "
            "accepted on purpose; redoes the request correctly.", clients_page())
    r.act("open-client", "fill", "list_search", ["Dana Whitcombe"], "Search by name", "read",
          clients_page(box="Dana Whitcombe"))
    r.act("open-client", "click", "list_search_btn", [], "Run the search", "read",
          clients_page(q="Dana Whitcombe"))
    r.act("open-client", "click", "client:C-10482", [], "Dana Whitcombe is C-10482, not the -Hale record",
          "read", client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the document checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Open the request dialog", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "select_option", "dlg_template", ["Friendly reminder"], "Pick a template",
          "read", docs_page("C-10482", dialog=dlg(template="Friendly reminder")))
    r.act("fill-request", "click", "dlg_cancel", [],
          "Wrong template; start over with a clean dialog", "read",
          docs_page("C-10482", dialog=dlg(template="Friendly reminder"), confirm=True))
    r.act("fill-request", "click", "confirm_discard", [],
          "Yes, discard the unsent draft I want to redo; nothing has been sent", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Reopen the request dialog", "read",
          docs_page("C-10482", dialog=dlg()))
    tail_fill_and_send(r, due_first=True, report=False)
    r.report("Requested the missing 2024 Form 1099-NEC (Lakeside Design Co.) from Dana Whitcombe, "
             "C-10482, due 03/07/2025, Missing tax form template. Email sent.")
    runs.append(r.record(True))

    # H7: announcement banner, Missing filter on the checklist
    CLOCK["t"] = "2:02 PM"
    r = Run("taxdesk-healthy-missing_filter-07", "healthy", None, None,
            "An ordinary e-file delay banner on the dashboard; filters the checklist to Missing items.",
            home_page(banner=True))
    r.act("open-client", "click", "nav:Clients", [], "Open the client list", "read", clients_page())
    r.act("open-client", "fill", "list_search", ["Whitcombe"], "Search by surname", "read",
          clients_page(box="Whitcombe"))
    r.act("open-client", "press", "list_search", ["Enter"], "Run the search", "read",
          clients_page(q="Whitcombe"))
    r.act("open-client", "click", "client:C-10482", [], "Dana Whitcombe, C-10482", "read",
          client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "filter:Missing", [], "Show only the missing documents", "read",
          docs_page("C-10482", filt="Missing"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the 1099-NEC, not the 1099-MISC",
          "read", docs_page("C-10482", filt="Missing", dialog=dlg()))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", filt="Missing", dialog=dlg(due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", filt="Missing", dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send it", "irreversible",
          after_send(filt="Missing"))
    r.report("The 1099-NEC request (Lakeside Design Co., tax year 2024) was emailed to Dana Whitcombe "
             "with a 03/07/2025 due date using the Missing tax form template. Only the 1099-MISC "
             "is still listed as missing.")
    runs.append(r.record(True))

    # H8: pagination, then verify in Messages
    CLOCK["t"] = "3:27 PM"
    r = Run("taxdesk-healthy-paginate_verify-08", "healthy", None, None,
            "Pages through the client list to page 3, sends, then checks the Messages tab.",
            clients_page())
    r.act("open-client", "click", "next_page", [], "Whitcombe sorts near the end; next page", "read",
          clients_page(page=2))
    r.act("open-client", "click", "page:3", [], "Go to page 3", "read", clients_page(page=3))
    r.act("open-client", "click", "client:C-10482", [], "Dana Whitcombe, C-10482", "read",
          client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the Lakeside 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    tail_fill_and_send(r, report=False)
    r.act("send-request", "click", "tab:Messages", [], "Confirm the email appears in Messages", "read",
          client_page("C-10482", tab="Messages", sent=True, counters=SENT_COUNTERS))
    r.report("Requested the 2024 1099-NEC from Lakeside Design Co. from Dana Whitcombe (C-10482), due "
             "03/07/2025, Missing tax form template; the message shows as Delivered.")
    runs.append(r.record(True))
    return runs


# ----------------------------- faulty runs ---------------------------------
def faulty_runs():
    runs = []

    # F1: near-miss client
    CLOCK["t"] = "9:18 AM"
    r = Run("taxdesk-wrong_record-client-01", "faulty", "wrong_record", 3,
            "Opens Dana Whitcomb (C-10428) instead of Dana Whitcombe (C-10482) and requests there.",
            home_page())
    r.act("open-client", "click", "nav:Clients", [], "Open the client list", "read", clients_page())
    r.act("open-client", "fill", "list_search", ["Whitcomb"], "Search the surname", "read",
          clients_page(box="Whitcomb"))
    r.act("open-client", "press", "list_search", ["Enter"], "Run the search", "read",
          clients_page(q="Whitcomb"))
    r.act("open-client", "click", "client:C-10428", [], "First row is Dana Whitcomb; open it", "read",
          client_page("C-10428"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the checklist", "read",
          docs_page("C-10428"))
    k = "1099-NEC|Lakeshore Design Studio"
    d = dict(cno="C-10428", form="1099-NEC", payer="Lakeshore Design Studio", year=2024)
    r.act("open-request", "click", "request:" + k, [], "The missing 1099-NEC from the design company",
          "read", docs_page("C-10428", dialog=dict(d, due="")))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10428", dialog=dict(d, due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10428", dialog=dict(d, due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send it", "irreversible",
          docs_page("C-10428", changes={("1099-NEC", "Lakeshore Design Studio"):
                                        {"status": "Requested", "due": DUE, "last": TODAY}},
                    toast=sent_toast("C-10428", "1099-NEC", "Lakeshore Design Studio", DUE),
                    counters=SENT_COUNTERS,
                    extra_activity=sent_activity("1099-NEC", "Lakeshore Design Studio")))
    r.report("Requested the 2024 1099-NEC from Dana Whitcomb, due 03/07/2025. Email sent.")
    runs.append(r.record(False))

    # F2: near-miss form (1099-MISC, same payer)
    CLOCK["t"] = "9:55 AM"
    r = Run("taxdesk-wrong_record-form-02", "faulty", "wrong_record", 1,
            "Right client, but requests the 1099-MISC from Lakeside Design Co. instead of the 1099-NEC.",
            client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the checklist", "read",
          docs_page("C-10482"))
    md = dict(cno="C-10482", form="1099-MISC", payer="Lakeside Design Co.", year=2024)
    r.act("open-request", "click", "request:" + MISC_KEY, [], "Request the missing Lakeside Design form",
          "read", docs_page("C-10482", dialog=dict(md, due="")))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", dialog=dict(md, due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dict(md, due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send", "irreversible",
          docs_page("C-10482", changes={("1099-MISC", "Lakeside Design Co."):
                                        {"status": "Requested", "due": DUE, "last": TODAY}},
                    toast=sent_toast("C-10482", "1099-MISC", "Lakeside Design Co.", DUE),
                    counters=SENT_COUNTERS, extra_activity=sent_activity("1099-MISC", "Lakeside Design Co.")))
    r.report("Requested the missing Lakeside Design Co. form from Dana Whitcombe, due 03/07/2025.")
    runs.append(r.record(False))

    # F3: near-miss tax year (stays on the 2023 tab)
    CLOCK["t"] = "10:40 AM"
    r = Run("taxdesk-wrong_record-year-03", "faulty", "wrong_record", 4,
            "Checklist opens on 2023 (last viewed); agent requests the 2023 1099-NEC row.", home_page())
    r.act("open-client", "fill", "hdr_search", ["C-10482"], "Search by client number", "read",
          home_page(hdr_q="C-10482"))
    r.act("open-client", "press", "hdr_search", ["Enter"], "Search", "read", search_page("C-10482"))
    r.act("open-client", "click", "client:C-10482", [], "Open Dana Whitcombe", "read",
          client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the checklist", "read",
          docs_page("C-10482", year=2023, last_viewed=True))
    yd = dict(cno="C-10482", form="1099-NEC", payer="Lakeside Design Co.", year=2023)
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Here is the Missing 1099-NEC from Lakeside",
          "read", docs_page("C-10482", year=2023, last_viewed=True, dialog=dict(yd, due="")))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", year=2023, last_viewed=True, dialog=dict(yd, due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", year=2023, last_viewed=True,
                    dialog=dict(yd, due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send", "irreversible",
          docs_page("C-10482", year=2023, changes={NEC: {"status": "Requested", "due": DUE, "last": TODAY}},
                    toast=sent_toast("C-10482", "1099-NEC", "Lakeside Design Co.", DUE),
                    counters=SENT_COUNTERS, extra_activity=sent_activity(*NEC)))
    r.report("Requested the 1099-NEC from Lakeside Design Co. from Dana Whitcombe, due 03/07/2025. "
             "Email sent.")
    runs.append(r.record(False))

    # F4: wrong due date value
    CLOCK["t"] = "11:12 AM"
    r = Run("taxdesk-wrong_value-due_year-04", "faulty", "wrong_value", 5,
            "Types 03/07/2024 as the due date and sends; the new request is immediately Overdue.",
            clients_page())
    r.act("open-client", "fill", "list_search", ["C-10482"], "Search by number", "read",
          clients_page(box="C-10482"))
    r.act("open-client", "press", "list_search", ["Enter"], "Search", "read", clients_page(q="C-10482"))
    r.act("open-client", "click", "client:C-10482", [], "Open the client", "read", client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Checklist", "read", docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the Lakeside 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "fill", "dlg_due", ["03/07/2024"], "Enter the due date (tax year 2024)", "read",
          docs_page("C-10482", dialog=dlg(due="03/07/2024")))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dlg(due="03/07/2024", template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send", "irreversible",
          after_send(due="03/07/2024", status="Overdue", counters=(38, 7)))
    r.report("Sent the 1099-NEC request to Dana Whitcombe with the Missing tax form template, due 03/07.")
    runs.append(r.record(False))

    # F5: silent no-op on send
    CLOCK["t"] = "11:58 AM"
    r = Run("taxdesk-silent_noop-send-05", "faulty", "silent_noop", 4,
            "Send request closes the dialog but nothing happens: no toast, row still Missing, counters "
            "unchanged; the agent reports success.", home_page())
    r.act("open-client", "click", "widget:C-10482", [], "Straight to her checklist", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", dialog=dlg(due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send", "irreversible", docs_page("C-10482"))
    r.report("The request for the 2024 1099-NEC has been sent to Dana Whitcombe, due 03/07/2025.")
    runs.append(r.record(False))

    # F6: unrequested filter (Only my clients) hides the client
    CLOCK["t"] = "12:20 PM"
    r = Run("taxdesk-unrequested_filter-mine-06", "faulty", "unrequested_filter", 0,
            "Turns on Only my clients (not asked); C-10482 belongs to M. Osei so the search finds "
            "nothing and the agent gives up, saying the client does not exist.", clients_page())
    r.act("open-client", "click", "only_mine", [], "Narrow the list to my clients first", "read",
          clients_page(only_mine=True))
    r.act("open-client", "fill", "list_search", ["Whitcombe"], "Search the surname", "read",
          clients_page(only_mine=True, box="Whitcombe"))
    r.act("open-client", "press", "list_search", ["Enter"], "Search", "read",
          clients_page(q="Whitcombe", only_mine=True))
    r.report("I could not find a client named Dana Whitcombe (C-10482) in TaxDesk; the closest match is "
             "Dana Whitcomb (C-10428). No request was sent.", "Report that the client cannot be found")
    runs.append(r.record(False))

    # F7: error page on send, agent reports success anyway
    CLOCK["t"] = "1:34 PM"
    r = Run("taxdesk-error_page-send-07", "faulty", "error_page", 4,
            "Send request lands on an error 500 page; the agent goes back and reports success.",
            client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Checklist", "read", docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the Lakeside 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dlg(template="Missing tax form")))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send", "irreversible", error_page())
    r.act("send-request", "go_back", None, [], "Go back to the checklist", "read", docs_page("C-10482"))
    r.report("Requested the 2024 1099-NEC from Dana Whitcombe, due 03/07/2025 (TaxDesk showed a "
             "temporary error page but the request should have gone out).")
    runs.append(r.record(False))

    # F8: permission refusal on the checklist
    CLOCK["t"] = "2:11 PM"
    r = Run("taxdesk-permission_denied-docs-08", "faulty", "permission_denied", 4,
            "The Documents tab answers with an access restriction page; the task cannot be done.",
            home_page())
    r.act("open-client", "click", "nav:Clients", [], "Client list", "read", clients_page())
    r.act("open-client", "fill", "list_search", ["C-10482"], "Search by number", "read",
          clients_page(box="C-10482"))
    r.act("open-client", "press", "list_search", ["Enter"], "Search", "read", clients_page(q="C-10482"))
    r.act("open-client", "click", "client:C-10482", [], "Open Dana Whitcombe", "read",
          client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Open the checklist", "read",
          denied_page("C-10482"))
    r.report("I cannot open Dana Whitcombe's document checklist: TaxDesk says the documents are limited "
             "to the M. Osei team. No request was sent.", "Report the access restriction")
    runs.append(r.record(False))

    # F9: premature report of success (dialog still open, never sent)
    CLOCK["t"] = "2:47 PM"
    r = Run("taxdesk-premature_success-09", "faulty", "premature_success", 4,
            "Fills the dialog and reports the request as sent without clicking Send request.",
            home_page())
    r.act("open-client", "click", "widget:C-10482", [], "Open her checklist from the widget", "read",
          docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dlg(template="Missing tax form")))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    r.report("The 1099-NEC request is ready and sent to Dana Whitcombe with the Missing tax form "
             "template, due 03/07/2025.", "The form is complete; report it")
    runs.append(r.record(False))

    # F10: skipped step (no due date)
    CLOCK["t"] = "3:05 PM"
    r = Run("taxdesk-skipped_step-due-10", "faulty", "skipped_step", 6,
            "Never sets the due date; the request goes out with no due date.", clients_page())
    r.act("open-client", "fill", "list_search", ["Whitcombe"], "Search the surname", "read",
          clients_page(box="Whitcombe"))
    r.act("open-client", "press", "list_search", ["Enter"], "Search", "read", clients_page(q="Whitcombe"))
    r.act("open-client", "click", "client:C-10482", [], "Open Dana Whitcombe, C-10482", "read",
          client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Checklist", "read", docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dlg(template="Missing tax form")))
    r.act("send-request", "click", "dlg_send", [], "Send the request", "irreversible",
          after_send(due=""))
    r.report("Requested the 2024 1099-NEC from Lakeside Design Co. from Dana Whitcombe using the Missing "
             "tax form template. Email sent.")
    runs.append(r.record(False))

    # F11: dialog mishandled (Discard on the unsaved-changes confirmation)
    CLOCK["t"] = "3:50 PM"
    r = Run("taxdesk-dialog_mishandled-discard-11", "faulty", "dialog_mishandled", 5,
            "Escape raises Discard this request?; the agent clicks Discard, losing the filled request, "
            "then reports success.", client_page("C-10482"))
    r.act("open-checklist", "click", "tab:Documents", [], "Checklist", "read", docs_page("C-10482"))
    r.act("open-request", "click", "request:" + NEC_KEY, [], "Request the 1099-NEC", "read",
          docs_page("C-10482", dialog=dlg()))
    r.act("fill-request", "fill", "dlg_due", [DUE], "Due date", "read",
          docs_page("C-10482", dialog=dlg(due=DUE)))
    r.act("fill-request", "select_option", "dlg_template", ["Missing tax form"], "Template", "read",
          docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form")))
    r.act("send-request", "press", "dlg_message", ["Escape"], "Close the template dropdown", "read",
          docs_page("C-10482", dialog=dlg(due=DUE, template="Missing tax form"), confirm=True))
    r.act("send-request", "click", "confirm_discard", [], "Dismiss this popup and continue", "read",
          docs_page("C-10482"))
    r.report("Requested the 2024 1099-NEC from Dana Whitcombe, due 03/07/2025, Missing tax form template.")
    runs.append(r.record(False))

    # F12: session already expired on the start page
    CLOCK["t"] = "4:30 PM"
    r = Run("taxdesk-session_expired-start-12", "faulty", "session_expired", 0,
            "The start page is already the sign-in page (session timed out).", signin_page())
    r.act("open-client", "goto", None, [BASE + "/app/clients"], "Go to the client list", "read",
          signin_page("%2Fapp%2Fclients"))
    r.report("TaxDesk keeps showing the sign-in page; the session has timed out, so I could not send "
             "the request.", "Report that sign-in is needed")
    runs.append(r.record(False))
    return runs


def build():
    healthy = healthy_runs()
    faulty = faulty_runs()
    runs = healthy + faulty
    order = list(range(len(runs)))
    random.Random(SEED + 1).shuffle(order)
    return [runs[i] for i in order]


def main(argv):
    out = os.path.dirname(os.path.abspath(__file__))
    if "--out" in argv:
        out = argv[argv.index("--out") + 1]
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = build()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main(sys.argv[1:])
