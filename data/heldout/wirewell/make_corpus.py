#!/usr/bin/env python3
"""Generate the Wirewell CareDesk held-out corpus.

Writes corpus.jsonl (20 runs) and plans/wirewell_plan_change.yaml next to this
file, or under --out DIR.  Standard library only; fixed seed; byte-for-byte
reproducible (no clocks, no hash randomisation, no environment lookups).

Order of authorship (kept in the file order below): the application data and
page builders, then the PLAN (written from the task text and the healthy pages),
then the 8 healthy runs, and only then the 12 faulty runs.
"""
import argparse
import json
import os
import random
import zlib

SEED = 480213
BASE = "http://127.0.0.1:8060"
PRODUCT = "Wirewell CareDesk"
WORKFLOW = "wirewell_plan_change"
PLAN_REL = "plans/%s.yaml" % WORKFLOW
AGENT_USER = "Dana Achterberg"
TARGET = "WW-480213"

TASK = ("In CareDesk, move customer Marisol Okafor-Reyes (account WW-480213) from her "
        "current broadband plan to Fibre Flex 500, starting from her next billing cycle "
        "rather than today. She wants to keep her add-ons exactly as they are.")

# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

# name, down, up, price (GBP/month), extra
PLANS = [
    ("Fibre Flex 150", 150, 30, 29.00, ""),
    ("Fibre Flex 300", 300, 50, 34.00, ""),
    ("Fibre Flex 500", 500, 75, 39.00, ""),
    ("Fibre Flex 500 Plus", 500, 75, 44.00, " + priority repair"),
    ("Fibre Flex 900", 900, 110, 49.00, ""),
    ("Fibre Fixed 500 (24 months)", 500, 75, 35.00, ""),
]
PLAN_BY_NAME = {p[0]: p for p in PLANS}


def plan_label(name):
    n, d, u, price, extra = PLAN_BY_NAME[name]
    return "%s — %d Mbps down / %d Mbps up%s — £%.2f/month" % (n, d, u, extra, price)


def plan_short(name):
    n, d, u, price, extra = PLAN_BY_NAME[name]
    return "%s · %d Mbps down / %d Mbps up%s · £%.2f/month" % (n, d, u, extra, price)


# account list rows in the default order (last contact, newest first)
# acct, customer, plan, status, balance, segment
LIST_ROWS = [
    ("WW-480231", "Marisol Okafor", "Fibre Flex 300", "Active", "£42.10 overdue", "Residential"),
    ("WW-479950", "Harlan Vesely", "Fibre Flex 900", "Active", "£0.00", "Residential"),
    ("WW-408213", "Marisela Okafor-Reyes", "Fibre Flex 150", "Active", "£0.00", "Business"),
    ("WW-481006", "Bronagh Delaney", "Fibre Flex 500", "Suspended", "£118.40 overdue", "Residential"),
    ("WW-480312", "Oluwaseun Adeyemi", "Fibre Flex 500 Plus", "Active", "£0.00", "Residential"),
    ("WW-477120", "Teodor Lindqvist", "Fibre Fixed 500 (24 months)", "Payment failed", "£39.00", "Business"),
    ("WW-480209", "Ines Carvalho", "Fibre Flex 300", "Cancelled", "£0.00", "Residential"),
    ("WW-482577", "Rafferty Nwosu", "Fibre Flex 150", "Active", "£0.00", "Residential"),
    ("WW-485120", "Aoife Brennan", "Fibre Flex 500", "Active", "£0.00", "Business"),
    ("WW-484002", "Gideon Pratt", "Fibre Flex 300", "Active", "£9.50 overdue", "Residential"),
    ("WW-486731", "Lena Schaefer", "Fibre Flex 900", "Active", "£0.00", "Residential"),
    ("WW-471902", "Tobias Okafor", "Fibre Flex 500", "Cancelled", "£0.00", "Residential"),
    ("WW-480213", "Marisol Okafor-Reyes", "Fibre Flex 300", "Active", "£0.00", "Residential"),
    ("WW-480217", "Kwame Asante", "Fibre Flex 500", "Active", "£12.00 overdue", "Residential"),
    ("WW-479031", "Sunniva Brekke", "Fibre Flex 900", "Active", "£0.00", "Residential"),
    ("WW-480210", "Ines Carrow", "Fibre Flex 300", "Active", "£0.00", "Residential"),
    ("WW-483390", "Declan Moriarty", "Fibre Flex 500", "Active", "£0.00", "Residential"),
    ("WW-481213", "Marisol Ortega", "Fibre Flex 500", "Active", "£0.00", "Residential"),
    ("WW-476644", "Yusra Haddad", "Fibre Flex 300", "Suspended", "£64.80 overdue", "Residential"),
    ("WW-487455", "Piotr Zielinski", "Fibre Flex 150", "Active", "£0.00", "Residential"),
    ("WW-488019", "Chiamaka Eze", "Fibre Flex 500 Plus", "Active", "£0.00", "Residential"),
    ("WW-489300", "Margit Halvorsen", "Fibre Flex 300", "Payment failed", "£34.00", "Business"),
    ("WW-480123", "Marius Okoro", "Fibre Flex 300", "Active", "£0.00", "Residential"),
    ("WW-490771", "Sefa Mensah", "Fibre Flex 900", "Active", "£0.00", "Residential"),
]
PAGE_SIZE = 10
# last-contact stamps, newest first (same length as LIST_ROWS)
LAST_CONTACT = [
    "17 Jun 2025 09:12", "17 Jun 2025 08:47", "16 Jun 2025 17:30", "16 Jun 2025 16:02",
    "16 Jun 2025 14:55", "16 Jun 2025 11:21", "16 Jun 2025 10:05", "15 Jun 2025 19:40",
    "15 Jun 2025 18:02", "15 Jun 2025 16:44", "15 Jun 2025 15:51", "15 Jun 2025 12:09",
    "14 Jun 2025 18:33", "14 Jun 2025 16:20", "14 Jun 2025 10:47", "13 Jun 2025 16:26",
    "13 Jun 2025 09:58", "12 Jun 2025 20:14", "12 Jun 2025 13:37", "11 Jun 2025 17:05",
    "11 Jun 2025 09:40", "10 Jun 2025 15:12", "9 Jun 2025 11:03", "6 Jun 2025 14:29",
]

ACCOUNTS = {
    "WW-480213": dict(
        name="Marisol Okafor-Reyes", segment="Residential",
        address="14 Carrow Terrace, Leeds LS6 2QT", since="Mar 2019",
        status="Active", balance="£0.00", cycle="1st of each month",
        next_bill="1 Jul 2025", cycle_end="30 Jun 2025", term_end="30 Jun 2026",
        contract_end="14 Aug 2025", plan="Fibre Flex 300", prorate="£2.33",
        addons=[("Static IP", "£5.00", "12 Apr 2021"),
                ("Mesh Wi-Fi Pack", "£6.00", "3 Nov 2023")],
        dead_addons=[("Sports Stream", "£0.00", "Cancelled 2 Mar 2025")],
        activity=["Payment failed 3 Feb 2025 — card declined; retried successfully 5 Feb 2025",
                  "Engineer visit cancelled by customer 11 Jan 2025",
                  "Called about slow evening speeds (ticket TK-88012, resolved)"],
        retention=True),
    "WW-480231": dict(
        name="Marisol Okafor", segment="Residential",
        address="9 Brudenell Grove, Leeds LS6 1HE", since="Aug 2022",
        status="Active", balance="£42.10 (overdue since 2 Jun 2025)", cycle="8th of each month",
        next_bill="8 Jul 2025", cycle_end="7 Jul 2025", term_end="7 Jul 2026",
        contract_end="2 Feb 2026", plan="Fibre Flex 300", prorate="£3.33",
        addons=[("Static IP", "£5.00", "19 Aug 2022")],
        dead_addons=[("Mesh Wi-Fi Pack", "£0.00", "Cancelled 30 Apr 2025")],
        activity=["Reminder letter sent for overdue balance 10 Jun 2025",
                  "Direct Debit failed 2 Jun 2025 — insufficient funds",
                  "Router replaced under warranty (order ORD-2207-480231)"],
        retention=False),
    "WW-408213": dict(
        name="Marisela Okafor-Reyes", segment="Business · Okafor-Reyes Catering Ltd",
        address="Unit 4, Wilmslow Road, Manchester M14 5RW", since="Jun 2016",
        status="Active", balance="£0.00", cycle="22nd of each month",
        next_bill="22 Jun 2025", cycle_end="21 Jun 2025", term_end="21 Jun 2026",
        contract_end="22 Jan 2026", plan="Fibre Flex 150", prorate="£1.67",
        addons=[("Mesh Wi-Fi Pack", "£6.00", "5 May 2024")],
        dead_addons=[("Static IP", "£0.00", "Cancelled 14 Sep 2023")],
        activity=["Card payment failed 22 May 2025 — paid by bank transfer 23 May 2025",
                  "Business continuity callback cancelled 2 Apr 2025",
                  "Static IP removed at customer request (ticket TK-71150)"],
        retention=False),
}

NAV = ["Accounts", "Orders", "Outages", "Knowledge base", "Reports"]


def q(s):
    """Quote a node name the way BrowserGym's flattener does (Python repr)."""
    return repr(s)


def fmt_attr(k, v):
    if v is True and k in ("focused", "required", "multiselectable"):
        return k
    if isinstance(v, bool):
        return "%s=%s" % (k, v)
    return "%s=%s" % (k, q(v))


class Page:
    def __init__(self, path, title):
        self.url = BASE + path
        self.title = title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.n = 0
        self.b = {}      # key -> bid
        self.d = {}      # key -> "role 'name'"
        self.error = None

    def node(self, depth, role, name="", key=None, **attrs):
        self.n += 1
        bid = str(self.n)
        s = "\t" * depth + "[%s] %s %s" % (bid, role, q(name))
        if attrs:
            s += ", " + ", ".join(fmt_attr(k, v) for k, v in attrs.items())
        self.lines.append(s)
        if key is not None:
            assert key not in self.b, key
            self.b[key] = bid
            self.d[key] = "%s %s" % (role, q(name))
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % q(s))

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


# ---------------------------------------------------------------------------
# Page builders
# ---------------------------------------------------------------------------

def chrome(p, r, gsearch="", suggestions=None):
    p.node(1, "banner", "")
    p.node(2, "link", "Wirewell CareDesk", key="home")
    p.node(2, "navigation", "Primary")
    for n in NAV:
        p.node(3, "link", n, key="nav_" + n)
    p.node(2, "search", "")
    if suggestions:
        p.node(3, "combobox", "Search accounts, orders, tickets", key="gsearch",
               value=gsearch, autocomplete="list", expanded=True, focused=True)
        p.node(4, "listbox", "Quick matches")
        for i, (label, _acct) in enumerate(suggestions):
            p.node(5, "option", label, key="gsugg_%d" % i, selected=False)
    else:
        p.node(3, "combobox", "Search accounts, orders, tickets", key="gsearch",
               value=gsearch, autocomplete="list", expanded=False)
    p.node(3, "button", "Search", key="gsearch_go")
    p.node(2, "status", "Live queue")
    waiting = r.rng.randint(5, 24)
    wait = r.rng.randint(80, 540)
    p.text(3, "Queue: %d waiting" % waiting)
    p.text(3, "Longest wait %02d:%02d" % (wait // 60, wait % 60))
    p.text(3, "Agents available: %d" % r.rng.randint(3, 12))
    p.node(2, "button", "Notifications (%d)" % r.notif, key="notif")
    p.node(2, "button", "%s · Care Tier 2" % AGENT_USER, key="user", expanded=False)
    p.node(1, "main", "")


def footer(p):
    p.node(1, "contentinfo", "")
    p.text(2, "© 2025 Wirewell Communications Ltd · CareDesk 7.14.2 · Leeds contact centre")
    p.node(2, "link", "Accessibility statement")
    p.node(2, "link", "Data protection guidance")
    p.node(2, "link", "Report a CareDesk problem")
    p.text(2, "Calls and screen activity are recorded for quality and training.")


def list_page(r, page=1, sort="contact", query="", segment=None, suggestions=None,
              submitted=None, gsearch="", gsugg=None):
    """Customer accounts list. `query` is the text in the Find box; `submitted` the
    query actually applied to the table (None = no search applied)."""
    rows = list(zip(LIST_ROWS, LAST_CONTACT))
    if sort == "acct":
        rows.sort(key=lambda x: x[0][0])
    if segment:
        rows = [x for x in rows if x[0][5] == segment]
    if submitted:
        ql = submitted.lower()
        rows = [x for x in rows if ql in x[0][0].lower() or ql in x[0][1].lower()]
    total = len(rows)
    pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    shown = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]

    path = "/accounts"
    params = []
    if submitted:
        params.append("q=" + submitted.replace(" ", "+"))
    if segment:
        params.append("segment=" + segment.lower())
    if sort == "acct":
        params.append("sort=account")
    if page > 1:
        params.append("page=%d" % page)
    if params:
        path += "?" + "&".join(params)
    p = Page(path, "Customer accounts — %s" % PRODUCT)
    chrome(p, r, gsearch=gsearch, suggestions=gsugg)
    p.node(2, "navigation", "Breadcrumb")
    p.node(3, "link", "Home", key="crumb_home")
    p.text(3, "›")
    p.text(3, "Accounts")
    p.node(2, "heading", "Customer accounts", level=1)
    p.node(2, "status", "Contact centre counters")
    p.text(3, "Open outages: 2 · Accounts in arrears today: %d · Callbacks due: %d"
           % (r.arrears, r.callbacks))
    p.text(2, "Search by account number, customer name, postcode or phone number.")
    if suggestions:
        p.node(2, "textbox", "Find account", key="find", value=query, focused=True)
        p.node(3, "listbox", "Suggestions")
        for i, (acct, name) in enumerate(suggestions):
            p.node(4, "option", "%s · %s" % (acct, name), key="sugg_%d" % i, selected=False)
    else:
        p.node(2, "textbox", "Find account", key="find", value=query)
    p.node(2, "button", "Find", key="find_go")
    p.node(2, "group", "Filters")
    p.node(3, "combobox", "Status", key="f_status", value="Any status", expanded=False)
    p.node(3, "combobox", "Segment", key="f_segment",
           value=segment if segment else "All segments", expanded=False)
    p.node(3, "combobox", "Region", key="f_region", value="All regions", expanded=False)
    p.node(3, "button", "Clear filters", key="f_clear")
    if segment:
        p.node(2, "group", "Active filters")
        p.text(3, "Saved view restored from your last session:")
        p.node(3, "button", "Segment: %s — remove filter" % segment, key="chip_segment")
    if submitted:
        if total:
            p.text(2, "Showing %d result%s for '%s'" % (total, "" if total == 1 else "s",
                                                       submitted))
        else:
            p.text(2, "No accounts match '%s'" % submitted)
    else:
        lo = (page - 1) * PAGE_SIZE + 1
        hi = lo + len(shown) - 1
        p.text(2, "Showing %d–%d of %d accounts · sorted by %s" % (
            lo, hi, total,
            "Account (ascending)" if sort == "acct" else "Last contact (newest first)"))
    p.node(2, "table", "Accounts")
    p.node(3, "row", "")
    p.node(4, "columnheader", "Account")
    p.node(5, "button", "Sort by Account", key="sort_acct",
           pressed="true" if sort == "acct" else "false")
    p.node(4, "columnheader", "Customer")
    p.node(5, "button", "Sort by Customer", key="sort_cust", pressed="false")
    p.node(4, "columnheader", "Plan")
    p.node(4, "columnheader", "Status")
    p.node(4, "columnheader", "Balance")
    p.node(4, "columnheader", "Last contact")
    p.node(5, "button", "Sort by Last contact", key="sort_contact",
           pressed="true" if sort == "contact" else "false")
    for (acct, name, plan, status, bal, _seg), lc in shown:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", acct, key="row_" + acct)
        p.node(4, "cell", name)
        p.node(4, "cell", plan)
        p.node(4, "cell", status)
        p.node(4, "cell", bal)
        p.node(4, "cell", lc)
    p.node(2, "navigation", "Pagination")
    p.node(3, "button", "Previous page", key="prev", disabled=(page == 1))
    for i in range(1, pages + 1):
        p.node(3, "button", "Page %d" % i, key="page_%d" % i,
               pressed="true" if i == page else "false")
    p.node(3, "button", "Next page", key="next", disabled=(page == pages))
    footer(p)
    return p


def global_results_page(r, query):
    p = Page("/search?q=" + query, "Search results — %s" % PRODUCT)
    chrome(p, r, gsearch=query)
    p.node(2, "heading", "Search results for '%s'" % query, level=1)
    p.node(2, "heading", "Accounts (1)", level=2)
    p.node(2, "list", "")
    p.node(3, "listitem", "")
    p.node(4, "link", "WW-480213 · Marisol Okafor-Reyes", key="gres_acct")
    p.text(4, "Residential · Leeds LS6 2QT · Fibre Flex 300")
    p.text(2, "Did you mean WW-480231 (Marisol Okafor) or WW-408213 (Marisela Okafor-Reyes)?")
    p.node(2, "heading", "Orders (1)", level=2)
    p.node(2, "list", "")
    p.node(3, "listitem", "")
    p.node(4, "link", "ORD-2291-480213 · Router replacement — delivered 4 Mar 2025")
    p.node(2, "heading", "Tickets (2)", level=2)
    p.node(2, "list", "")
    p.node(3, "listitem", "")
    p.node(4, "link", "TK-88012 · Slow evening speeds — resolved")
    p.node(3, "listitem", "")
    p.node(4, "link", "TK-90157 · LS6 outage callback — failed, retry queued")
    footer(p)
    return p


def notices(p, r):
    p.node(2, "region", "Network notices")
    p.text(3, "Partial outage: LS6 and LS7 postcodes — reduced speeds while engineers "
              "replace a street cabinet. Estimated fix 18:00 today.")
    p.node(3, "link", "Outage details OUT-2291")
    p.text(3, "Planned maintenance on 24 Jun 2025 (Manchester core) — cancelled.")
    p.node(3, "button", "Dismiss notices", key="dismiss_notices")


def account_page(r, acct, state="before", st=None, toast=None, dialog=None):
    """state: before | scheduled | immediate | retention | unchanged."""
    a = ACCOUNTS[acct]
    p = Page("/accounts/" + acct, "%s · %s — %s" % (acct, a["name"], PRODUCT))
    chrome(p, r)
    if toast:
        p.node(2, "status", "Notification")
        p.text(3, toast)
        p.node(3, "button", "Dismiss", key="toast_dismiss")
    p.node(2, "navigation", "Breadcrumb")
    p.node(3, "link", "Accounts", key="crumb_accounts")
    p.text(3, "›")
    p.text(3, acct)
    notices(p, r)
    p.node(2, "heading", "%s — %s" % (a["name"], acct), level=1)
    p.text(2, "%s · %s · Customer since %s" % (a["segment"], a["address"], a["since"]))
    p.node(2, "group", "Account summary")
    p.text(3, "Status: " + a["status"])
    p.text(3, "Balance: " + a["balance"])
    p.text(3, "Billing cycle: " + a["cycle"])
    p.text(3, "Next bill: " + a["next_bill"])
    if a["retention"]:
        p.node(2, "alert", "Contract ending")
        p.text(3, "Contract ends %s — customer is inside the 90-day renewal window. "
                  "Retention offers may be shown." % a["contract_end"])
    else:
        p.text(2, "Contract ends " + a["contract_end"])
    p.node(2, "heading", "Current plan", level=2)
    cur = a["plan"]
    if state == "immediate":
        cur = st["plan"]
        p.text(2, "Current plan: " + plan_short(cur))
    elif state in ("retention", "retention_scheduled"):
        p.text(2, "Current plan: %s · £27.20/month (20%% retention discount until Dec 2025)"
               % plan_short(cur).rsplit(" · ", 1)[0])
    elif state == "scheduled" or state == "retention_scheduled":
        p.text(2, "Current plan: %s (until %s)" % (plan_short(cur), a["cycle_end"]))
    else:
        p.text(2, "Current plan: " + plan_short(cur))
    p.node(2, "button", "Change plan", key="change_plan")
    p.node(2, "button", "Apply retention offer", key="acct_offer", disabled=True)
    p.node(2, "heading", "Add-ons", level=2)
    p.node(2, "table", "Add-ons")
    p.node(3, "row", "")
    for h in ("Add-on", "Monthly", "Status", "Since"):
        p.node(4, "columnheader", h)
    for name, price, since in a["addons"]:
        p.node(3, "row", "")
        p.node(4, "cell", name)
        p.node(4, "cell", price)
        p.node(4, "cell", "Active")
        p.node(4, "cell", since)
    for name, price, note in a["dead_addons"]:
        p.node(3, "row", "")
        p.node(4, "cell", name)
        p.node(4, "cell", price)
        p.node(4, "cell", note)
        p.node(4, "cell", "—")
    p.node(2, "button", "Add an add-on", key="add_addon")
    p.node(2, "heading", "Pending changes", level=2)
    if state in ("scheduled", "retention_scheduled"):
        p.node(2, "list", "Pending changes")
        p.node(3, "listitem", "%s from %s — scheduled by %s, ref %s"
               % (st["plan"], a["next_bill"], AGENT_USER, r.ref))
        kept = [n for n, _, _ in a["addons"] if n in st["keep"]]
        dropped = [n for n, _, _ in a["addons"] if n not in st["keep"]]
        for n in dropped:
            p.node(3, "listitem", "%s will be removed on %s" % (n, a["next_bill"]))
        if kept:
            p.node(3, "listitem", "Add-ons carried over: " + ", ".join(kept))
        if st.get("term"):
            p.node(3, "listitem", "12-month minimum term starts %s (ends %s)"
                   % (a["next_bill"], a["term_end"]))
        p.node(2, "button", "Cancel scheduled change", key="cancel_sched")
    else:
        p.text(2, "No pending changes")
    p.node(2, "heading", "Recent activity", level=2)
    p.node(2, "list", "Recent activity")
    for item in a["activity"]:
        p.node(3, "listitem", item)
    p.node(2, "button", "Log contact", key="log_contact")
    p.node(2, "button", "Raise fault ticket", key="raise_fault")
    if dialog == "retention":
        p.node(1, "dialog", "Retention offer available", modal=True)
        p.node(2, "heading", "Retention offer available", level=2)
        p.text(2, "%s is within 90 days of contract end and qualifies for offer RO-3391: "
                  "20%% off %s for 6 months if she stays on her current plan." % (a["name"], a["plan"]))
        p.text(2, "Accepted offers are applied to the account straight away and count "
                  "towards your retention target.")
        p.node(2, "button", "Apply offer", key="ret_apply")
        p.node(2, "button", "No thanks, continue to plan change", key="ret_decline")
        p.node(2, "button", "Close", key="ret_close")
    footer(p)
    return p


def wiz_header(p, acct, step, title):
    a = ACCOUNTS[acct]
    p.node(2, "navigation", "Breadcrumb")
    p.node(3, "link", "Accounts", key="crumb_accounts")
    p.text(3, "›")
    p.node(3, "link", acct, key="crumb_acct")
    p.text(3, "›")
    p.text(3, "Change plan")
    p.node(2, "heading", "Change plan · Step %d of 3 — %s" % (step, title), level=1)
    p.text(2, "Customer: %s (%s) · Current plan: %s" % (a["name"], acct, a["plan"]))
    p.node(2, "list", "Progress")
    for i, t in enumerate(("Choose plan", "Timing and add-ons", "Review"), 1):
        p.node(3, "listitem", t + (" (current step)" if i == step else (" (done)" if i < step else "")))


def new_state(acct):
    a = ACCOUNTS[acct]
    return dict(acct=acct, plan=None, speed=None, timing="now",
                keep=set(n for n, _, _ in a["addons"]), term=False)


def monthly_total(st):
    a = ACCOUNTS[st["acct"]]
    price = PLAN_BY_NAME[st["plan"]][3] - (3.00 if st["term"] else 0.0)
    for n, pr, _ in a["addons"]:
        if n in st["keep"]:
            price += float(pr.lstrip("£"))
    return "£%.2f" % price


def wiz1(r, st, dialog=None):
    acct = st["acct"]
    p = Page("/accounts/%s/change-plan?step=1" % acct, "Change plan — %s — %s" % (acct, PRODUCT))
    chrome(p, r)
    wiz_header(p, acct, 1, "Choose plan")
    p.node(2, "group", "Filter by speed")
    for lab in ("All speeds", "150 Mbps", "300 Mbps", "500 Mbps", "900 Mbps"):
        on = (st["speed"] == lab) or (st["speed"] is None and lab == "All speeds")
        p.node(3, "button", lab, key="speed_" + lab, pressed="true" if on else "false")
    p.node(2, "radiogroup", "Available plans")
    cur = ACCOUNTS[acct]["plan"]
    for name in PLAN_BY_NAME:
        down = PLAN_BY_NAME[name][1]
        if st["speed"] and st["speed"] != "All speeds" and st["speed"] != "%d Mbps" % down:
            continue
        lab = plan_label(name) + (" (current plan)" if name == cur else "")
        attrs = dict(checked="true" if st["plan"] == name else "false")
        if name == cur:
            attrs["disabled"] = True
        p.node(3, "radio", lab, key="plan_" + name, **attrs)
    p.text(2, "Prices include VAT. Fibre Fixed plans carry a 24-month minimum term.")
    p.node(2, "button", "Compare plans", key="compare")
    p.node(2, "button", "Cancel", key="wiz_cancel")
    p.node(2, "button", "Next", key="wiz_next", disabled=st["plan"] is None)
    if dialog == "compare":
        p.node(1, "dialog", "Compare plans", modal=True)
        p.node(2, "heading", "Compare plans", level=2)
        p.node(2, "table", "Plan comparison")
        p.node(3, "row", "")
        for h in ("Plan", "Download", "Upload", "Monthly", "Minimum term", "Repair priority"):
            p.node(4, "columnheader", h)
        for name, d, u, price, extra in PLANS:
            p.node(3, "row", "")
            p.node(4, "cell", name)
            p.node(4, "cell", "%d Mbps" % d)
            p.node(4, "cell", "%d Mbps" % u)
            p.node(4, "cell", "£%.2f" % price)
            p.node(4, "cell", "24 months" if "Fixed" in name else "None (30-day rolling)")
            p.node(4, "cell", "Next working day" if "Plus" in name else "Standard (3 working days)")
        p.node(2, "button", "Close", key="compare_close")
    footer(p)
    return p


def wiz2(r, st, toast=None):
    acct = st["acct"]
    a = ACCOUNTS[acct]
    p = Page("/accounts/%s/change-plan?step=2" % acct, "Change plan — %s — %s" % (acct, PRODUCT))
    chrome(p, r)
    if toast:
        p.node(2, "status", "Notification")
        p.text(3, toast)
    wiz_header(p, acct, 2, "Timing and add-ons")
    p.text(2, "New plan: %s (£%.2f/month)" % (st["plan"], PLAN_BY_NAME[st["plan"]][3]))
    p.node(2, "radiogroup", "When should the change take effect?")
    p.node(3, "radio", "Immediately (prorated)", key="t_now",
           checked="true" if st["timing"] == "now" else "false")
    p.node(3, "radio", "From next billing cycle (%s)" % a["next_bill"], key="t_next",
           checked="true" if st["timing"] == "next" else "false")
    if st["timing"] == "now":
        p.text(2, "Proration notice: switching today adds a one-off prorated charge of %s "
                  "to the %s bill." % (a["prorate"], a["next_bill"]))
    else:
        p.text(2, "No proration: %s continues until %s and %s is billed from %s."
               % (a["plan"], a["cycle_end"], st["plan"], a["next_bill"]))
    p.node(2, "group", "Add-ons")
    p.text(3, "Add-ons are carried over unless you untick them.")
    for n, pr, _ in a["addons"]:
        p.node(3, "checkbox", "Keep %s (%s/month)" % (n, pr), key="keep_" + n,
               checked="true" if n in st["keep"] else "false")
    p.node(2, "group", "Term")
    p.node(3, "checkbox", "Add 12-month minimum term (saves £3.00/month)", key="term",
           checked="true" if st["term"] else "false")
    p.text(2, "Contract ends %s. Changes within the Fibre Flex range do not reset the contract."
           % a["contract_end"])
    p.node(2, "button", "Back", key="wiz_back")
    p.node(2, "button", "Cancel", key="wiz_cancel")
    p.node(2, "button", "Review", key="wiz_review")
    footer(p)
    return p


def wiz3(r, st, dialog=False):
    acct = st["acct"]
    a = ACCOUNTS[acct]
    p = Page("/accounts/%s/change-plan?step=3" % acct, "Change plan — %s — %s" % (acct, PRODUCT))
    chrome(p, r)
    wiz_header(p, acct, 3, "Review")
    kept = [n for n, _, _ in a["addons"] if n in st["keep"]]
    dropped = [n for n, _, _ in a["addons"] if n not in st["keep"]]
    if st["timing"] == "next":
        eff = "From next billing cycle (%s)" % a["next_bill"]
        pro = "£0.00"
    else:
        eff = "Immediately (17 Jun 2025)"
        pro = a["prorate"]
    rows = [("Customer", "%s (%s)" % (a["name"], acct)),
            ("Current plan", a["plan"]),
            ("New plan", st["plan"]),
            ("Effective", eff),
            ("Add-ons kept", ", ".join(kept) if kept else "None"),
            ("Add-ons removed", ", ".join(dropped) if dropped else "None"),
            ("Minimum term", "12 months from %s" % a["next_bill"] if st["term"] else "None"),
            ("Prorated charge", pro),
            ("New monthly total", monthly_total(st))]
    p.node(2, "table", "Summary")
    for k, v in rows:
        p.node(3, "row", "")
        p.node(4, "rowheader", k)
        p.node(4, "cell", v)
    p.text(2, "Nothing changes until you confirm. The customer gets an email and a text "
              "message once the change is confirmed.")
    p.node(2, "button", "Back", key="wiz_back")
    p.node(2, "button", "Cancel", key="wiz_cancel")
    p.node(2, "button", "Confirm plan change", key="wiz_confirm")
    if dialog:
        p.node(1, "alertdialog", "Schedule this plan change?" if st["timing"] == "next"
               else "Apply this plan change now?", modal=True)
        if st["timing"] == "next":
            p.text(2, "%s (%s) moves from %s to %s on %s." % (a["name"], acct, a["plan"],
                                                             st["plan"], a["next_bill"]))
        else:
            p.text(2, "%s (%s) moves from %s to %s today. A prorated charge of %s will be added."
                   % (a["name"], acct, a["plan"], st["plan"], a["prorate"]))
        if kept:
            p.text(2, "%s stay%s on the account." % (" and ".join(kept), "s" if len(kept) == 1 else ""))
        p.node(2, "button", "Go back", key="dlg_back")
        p.node(2, "button", "Schedule change" if st["timing"] == "next" else "Apply now",
               key="dlg_ok")
    footer(p)
    return p


def signin_page(r):
    p = Page("/signin?next=%2Faccounts", "Sign in — %s" % PRODUCT)
    p.node(1, "banner", "")
    p.node(2, "link", "Wirewell CareDesk", key="home")
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to Wirewell CareDesk", level=1)
    p.text(2, "Your CareDesk session ended after 30 minutes without activity. "
              "Please sign in again; unsaved drafts are kept for 24 hours.")
    p.node(2, "textbox", "Work email", key="email", required=True)
    p.node(2, "textbox", "Password", key="password", required=True)
    p.node(2, "checkbox", "Keep me signed in on this device", checked="false")
    p.node(2, "button", "Sign in", key="signin")
    p.node(2, "link", "Use single sign-on instead")
    p.node(2, "link", "Forgotten your password?")
    footer(p)
    return p


def denied_page(r, acct):
    p = Page("/accounts/%s/change-plan" % acct, "Not allowed — %s" % PRODUCT)
    chrome(p, r)
    p.node(2, "heading", "You can't change this plan", level=1)
    p.text(2, "Your role (Care Tier 2) doesn't include plan changes for accounts with an "
              "open retention review. Ask a team lead to make the change, or to grant you "
              "the 'Retention-review plan changes' permission.")
    p.text(2, "Error reference 403-PLN-5521")
    p.node(2, "link", "Back to account", key="back_to_acct")
    p.node(2, "link", "Request permission", key="req_perm")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# The plan: written from the task text and the healthy pages only.
# ---------------------------------------------------------------------------

PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to Wirewell CareDesk",
            "Your session has timed out",
            "You don't have permission to change this plan",
        ],
    },
    "commitments": [
        {
            "id": "find-account",
            "subgoal": "Open customer account WW-480213 (Marisol Okafor-Reyes)",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Customer accounts"],
                "progress": ["Showing 1 result for 'WW-480213'"],
                "completion": ["Marisol Okafor-Reyes — WW-480213", "Account summary"],
            },
            "falsify": {
                "execution": ["WW-480231", "WW-408213", "Marisela Okafor-Reyes",
                              "Marisol Okafor — WW-480231", "No accounts match"],
                "planning": ["Status: Suspended", "Status: Cancelled"],
            },
        },
        {
            "id": "start-change",
            "subgoal": "Open the Change plan wizard; decline any retention offer",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Change plan button on the account page"],
                "progress": ["Retention offer available"],
                "completion": ["Change plan · Step 1 of 3 — Choose plan"],
            },
            "falsify": {
                "execution": ["Retention offer applied",
                              "retention discount",
                              {"text": "click 'Apply offer'", "on": "action"}],
                "skill": ["Change plan button is disabled"],
            },
        },
        {
            "id": "choose-plan",
            "subgoal": "Select Fibre Flex 500 and continue",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Available plans"],
                "progress": ["Fibre Flex 500 radio is checked"],
                "completion": ["Change plan · Step 2 of 3 — Timing and add-ons",
                               "New plan: Fibre Flex 500 (£39.00/month)"],
            },
            "falsify": {
                "execution": ["Fibre Flex 500 Plus", "Fibre Fixed 500 (24 months)",
                              "Fibre Flex 900",
                              {"text": "select radio 'Fibre Flex 500 Plus'", "on": "action"},
                              {"text": "select radio 'Fibre Fixed 500 (24 months)'", "on": "action"}],
            },
        },
        {
            "id": "set-timing-addons",
            "subgoal": "Make the change effective from the next billing cycle (1 Jul 2025) "
                       "and keep Static IP and Mesh Wi-Fi Pack",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["When should the change take effect?"],
                "progress": ["From next billing cycle (1 Jul 2025) is checked", "No proration"],
                "completion": ["Change plan · Step 3 of 3 — Review",
                               "Effective: From next billing cycle (1 Jul 2025)",
                               "Add-ons kept: Static IP, Mesh Wi-Fi Pack"],
            },
            "falsify": {
                "execution": ["Effective: Immediately",
                              "Prorated charge: £2.33",
                              "Keep Static IP is unchecked",
                              "Keep Mesh Wi-Fi Pack is unchecked",
                              "Add-ons removed: Static IP",
                              "Minimum term: 12 months",
                              {"text": "uncheck 'Keep Static IP'", "on": "action"},
                              {"text": "uncheck 'Keep Mesh Wi-Fi Pack'", "on": "action"},
                              {"text": "check 'Add 12-month minimum term'", "on": "action"},
                              {"text": "click Review while 'Immediately (prorated)' is still selected",
                               "on": "action"}],
            },
        },
        {
            "id": "submit-change",
            "subgoal": "Confirm the change, see it scheduled, then report to the user",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Confirm plan change"],
                "progress": ["Schedule this plan change?"],
                "completion": ["Plan change scheduled — Fibre Flex 500 starts 1 Jul 2025",
                               "Pending change: Fibre Flex 500 from 1 Jul 2025"],
            },
            "falsify": {
                "execution": ["The plan change takes effect today",
                              "Current plan: Fibre Flex 500",
                              "No pending changes",
                              "Could not schedule the plan change",
                              {"text": "report success to the user before 'Plan change scheduled' is shown",
                               "on": "action"}],
            },
        },
    ],
}


def plan_yaml(plan):
    def s(x):
        return json.dumps(x, ensure_ascii=False)

    def item(x):
        if isinstance(x, dict):
            return "{text: %s, on: %s}" % (s(x["text"]), x["on"])
        return s(x)

    out = ["# Plan for the %s workflow (%s)." % (WORKFLOW, PRODUCT),
           "# Written from the task text and the healthy pages only, before any faulty run.",
           "task: " + s(plan["task"]),
           "plan_falsifiers:"]
    for scope, items in plan["plan_falsifiers"].items():
        out.append("  %s:" % scope)
        out += ["    - " + item(x) for x in items]
    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + s(c["subgoal"]))
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
                out += ["        - " + item(x) for x in items]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault=None):
        self.rid = rid
        self.fault = fault
        self.rng = random.Random(SEED ^ zlib.crc32(rid.encode()))
        self.notif = self.rng.randint(1, 6)
        self.arrears = self.rng.randint(28, 61)
        self.callbacks = self.rng.randint(4, 19)
        self.ref = "PC-%05d" % self.rng.randint(70000, 79999)
        self.init = None
        self.cur = None
        self.steps = []
        self.off = None
        self.st = None

    def start(self, page):
        self.init = page
        self.cur = page
        return self

    def mark(self, now=False):
        """Label: the next step (or, with now=True, the start page = step 0)."""
        assert self.off is None
        self.off = 0 if now else len(self.steps)

    def _step(self, command, target, commitment, reasoning, effect, page):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": page.obs(),
        })
        self.cur = page

    def click(self, key, commitment, reasoning, effect, page):
        self._step("click(%s)" % q(self.cur.b[key]), self.cur.d[key], commitment,
                   reasoning, effect, page)

    def fill(self, key, value, commitment, reasoning, page):
        self._step("fill(%s, %s)" % (q(self.cur.b[key]), q(value)), self.cur.d[key],
                   commitment, reasoning, "read", page)

    def press(self, key, k, commitment, reasoning, page):
        self._step("press(%s, %s)" % (q(self.cur.b[key]), q(k)), self.cur.d[key],
                   commitment, reasoning, "read", page)

    def say(self, text, commitment="submit-change", reasoning="Report the result to the user"):
        self._step("send_msg_to_user(%s)" % q(text), None, commitment, reasoning, "read",
                   self.cur)

    def record(self, success):
        if self.fault is None:
            assert self.off is None
        else:
            assert self.off is not None and 0 <= self.off < len(self.steps), self.rid
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


# --- shared segments -------------------------------------------------------

def find_by_number(r, query=TARGET):
    r.fill("find", query, "find-account", "Type the account number from the task into Find account",
           list_page(r, query=query))
    r.click("find_go", "find-account", "Run the search", "read",
            list_page(r, query=query, submitted=query))


def open_row(r, acct, reasoning=None, page_kw=None):
    r.click("row_" + acct, "find-account",
            reasoning or "Open %s, the account named in the task" % acct, "read",
            account_page(r, acct, **(page_kw or {})))
    r.st = new_state(acct)


def start_change(r, retention=False):
    acct = r.st["acct"]
    if retention:
        r.click("change_plan", "start-change", "Start the plan change from the account page", "read",
                account_page(r, acct, dialog="retention"))
    else:
        r.click("change_plan", "start-change", "Start the plan change from the account page", "read",
                wiz1(r, r.st))


def choose(r, plan="Fibre Flex 500", reasoning=None, wiz2_toast=None):
    r.st["plan"] = plan
    r.click("plan_" + plan, "choose-plan",
            reasoning or "Select %s, the plan the customer asked for" % plan, "write", wiz1(r, r.st))
    r.click("wiz_next", "choose-plan", "Continue to timing and add-ons", "read",
            wiz2(r, r.st, toast=wiz2_toast))


def timing_next(r, toast=None):
    r.st["timing"] = "next"
    r.click("t_next", "set-timing-addons",
            "The task says to start from the next billing cycle, not today", "write",
            wiz2(r, r.st, toast=toast))


def review(r, reasoning="Add-ons are still ticked; go to the review step"):
    r.click("wiz_review", "set-timing-addons", reasoning, "read", wiz3(r, r.st))


def confirm(r, scheduled_page=None, toast=True):
    acct = r.st["acct"]
    a = ACCOUNTS[acct]
    r.click("wiz_confirm", "submit-change", "The summary matches the request; confirm it", "read",
            wiz3(r, r.st, dialog=True))
    if scheduled_page is None:
        if r.st["timing"] == "next":
            msg = "Plan change scheduled — %s starts %s. Reference %s." % (
                r.st["plan"], a["next_bill"], r.ref)
            scheduled_page = account_page(r, acct, state="scheduled", st=r.st,
                                          toast=msg if toast else None)
        else:
            msg = "Plan changed — %s is active now. A prorated charge of %s will appear on the next bill." % (
                r.st["plan"], a["prorate"])
            scheduled_page = account_page(r, acct, state="immediate", st=r.st, toast=msg)
    r.click("dlg_ok", "submit-change", "Confirm in the dialog my own click opened", "irreversible",
            scheduled_page)


def done_msg(r):
    a = ACCOUNTS[r.st["acct"]]
    r.say("Done: %s (%s) is scheduled to move to %s from %s, the next billing cycle. "
          "Her add-ons stay on the account. Reference %s." % (
              a["name"], r.st["acct"], r.st["plan"], a["next_bill"], r.ref))


def tail(r, retention=False):
    start_change(r, retention=retention)
    choose(r)
    timing_next(r)
    review(r)
    confirm(r)
    done_msg(r)


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------

def healthy_runs():
    runs = []

    # H1: search by account number, straight path
    r = Run("wirewell-healthy-search_number-01")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    tail(r)
    runs.append(r.record(True))

    # H2: browse the list, paginate to page 2; an outage-update toast on the account page
    r = Run("wirewell-healthy-paginate-02")
    r.start(list_page(r))
    r.click("next", "find-account", "WW-480213 isn't on the first page; go to the next page",
            "read", list_page(r, page=2))
    r.click("row_" + TARGET, "find-account", "WW-480213 · Marisol Okafor-Reyes is on this page",
            "read", account_page(r, TARGET, toast="Outage update OUT-2291: estimated fix for LS6 "
                                                  "moved to 19:30. No action needed on calls."))
    r.st = new_state(TARGET)
    tail(r)
    runs.append(r.record(True))

    # H3: search by name (near misses in results), speed filter on the plan step
    r = Run("wirewell-healthy-name_search_speed_filter-03")
    r.start(list_page(r))
    r.fill("find", "Okafor-Reyes", "find-account", "Search by the customer's surname",
           list_page(r, query="Okafor-Reyes"))
    r.press("find", "Enter", "find-account", "Submit the search",
            list_page(r, query="Okafor-Reyes", submitted="Okafor-Reyes"))
    open_row(r, TARGET, reasoning="Two matches; WW-480213 is Marisol, the other is Marisela "
                                  "(WW-408213). Open WW-480213")
    start_change(r)
    r.st["speed"] = "500 Mbps"
    r.click("speed_500 Mbps", "choose-plan", "Narrow the list to 500 Mbps plans", "read", wiz1(r, r.st))
    choose(r, reasoning="Fibre Flex 500 (not Plus, not Fixed) is the requested plan")
    timing_next(r)
    review(r)
    confirm(r)
    done_msg(r)
    runs.append(r.record(True))

    # H4: retention popup appears; agent declines it and continues
    r = Run("wirewell-healthy-retention_declined-04")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r, retention=True)
    r.click("ret_decline", "start-change",
            "The customer asked for Fibre Flex 500, not an offer; decline and continue", "read",
            wiz1(r, r.st))
    choose(r)
    timing_next(r)
    review(r)
    confirm(r)
    done_msg(r)
    runs.append(r.record(True))

    # H5: opens the Compare plans dialog and closes it
    r = Run("wirewell-healthy-compare_dialog-05")
    r.start(list_page(r))
    r.fill("find", TARGET, "find-account", "Type the account number", list_page(r, query=TARGET))
    r.press("find", "Enter", "find-account", "Submit the search",
            list_page(r, query=TARGET, submitted=TARGET))
    open_row(r, TARGET)
    start_change(r)
    r.click("compare", "choose-plan", "Check how the Fibre Flex 500 variants differ", "read",
            wiz1(r, r.st, dialog="compare"))
    r.click("compare_close", "choose-plan", "Fibre Flex 500 is the plain 500 Mbps plan; close the table",
            "read", wiz1(r, r.st))
    choose(r)
    timing_next(r)
    review(r)
    confirm(r)
    done_msg(r)
    runs.append(r.record(True))

    # H6: typo in the search box (suggestions), retyped; draft-saved toast on step 2
    r = Run("wirewell-healthy-retype_search-06")
    r.start(list_page(r))
    r.fill("find", "WW-48021", "find-account", "Type the account number",
           list_page(r, query="WW-48021", suggestions=[("WW-480210", "Ines Carrow"),
                                                       ("WW-480213", "Marisol Okafor-Reyes"),
                                                       ("WW-480217", "Kwame Asante")]))
    r.fill("find", TARGET, "find-account", "I dropped the last digit; retype the full number",
           list_page(r, query=TARGET, suggestions=[(TARGET, "Marisol Okafor-Reyes")]))
    r.press("find", "Enter", "find-account", "Submit the search",
            list_page(r, query=TARGET, submitted=TARGET))
    open_row(r, TARGET)
    start_change(r)
    choose(r, wiz2_toast="Draft saved automatically")
    timing_next(r, toast="Draft saved automatically")
    review(r)
    confirm(r)
    done_msg(r)
    runs.append(r.record(True))

    # H7: sort by account number, then goes Back from review to re-check add-ons
    r = Run("wirewell-healthy-sort_and_back-07")
    r.start(list_page(r))
    r.click("sort_acct", "find-account", "Sort by account number to find WW-480213", "read",
            list_page(r, sort="acct"))
    open_row(r, TARGET)
    start_change(r)
    choose(r)
    timing_next(r)
    review(r)
    r.click("wiz_back", "set-timing-addons", "Go back once to double-check the add-on ticks",
            "read", wiz2(r, r.st))
    review(r, reasoning="Next billing cycle and both add-ons are still set; review again")
    confirm(r)
    done_msg(r)
    runs.append(r.record(True))

    # H8: header search; confirmation dialog dismissed once, then confirmed
    r = Run("wirewell-healthy-global_search_go_back-08")
    r.start(list_page(r))
    r.fill("gsearch", TARGET, "find-account", "Use the global search in the header",
           list_page(r, gsearch=TARGET, gsugg=[("WW-480213 · Marisol Okafor-Reyes", TARGET)]))
    r.press("gsearch", "Enter", "find-account", "Run the search", global_results_page(r, TARGET))
    r.click("gres_acct", "find-account", "The single account hit is WW-480213 · Marisol Okafor-Reyes",
            "read", account_page(r, TARGET))
    r.st = new_state(TARGET)
    start_change(r)
    choose(r)
    timing_next(r)
    review(r)
    r.click("wiz_confirm", "submit-change", "Confirm the change", "read", wiz3(r, r.st, dialog=True))
    r.click("dlg_back", "submit-change", "Re-read the summary before scheduling", "read", wiz3(r, r.st))
    confirm(r)
    done_msg(r)
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan and the healthy runs)
# ---------------------------------------------------------------------------

def faulty_runs():
    runs = []

    # F1: near-miss account number (WW-480231 Marisol Okafor)
    r = Run("wirewell-wrong_record-acct_near_miss-01", "wrong_record")
    r.start(list_page(r))
    r.fill("find", "Marisol", "find-account", "Search by first name", list_page(r, query="Marisol"))
    r.click("find_go", "find-account", "Run the search", "read",
            list_page(r, query="Marisol", submitted="Marisol"))
    r.mark()
    open_row(r, "WW-480231", reasoning="WW-480231 · Marisol Okafor looks like the customer")
    tail(r)
    runs.append(r.record(False))

    # F2: near-miss name from the header quick matches (Marisela Okafor-Reyes, WW-408213)
    r = Run("wirewell-wrong_record-name_near_miss-02", "wrong_record")
    r.start(list_page(r))
    sugg = [("WW-408213 · Marisela Okafor-Reyes (Business)", "WW-408213"),
            ("WW-480213 · Marisol Okafor-Reyes", "WW-480213")]
    r.fill("gsearch", "Okafor-Reyes", "find-account", "Search the customer's surname in the header",
           list_page(r, gsearch="Okafor-Reyes", gsugg=sugg))
    r.mark()
    r.click("gsugg_0", "find-account", "First quick match is Okafor-Reyes; open it", "read",
            account_page(r, "WW-408213"))
    r.st = new_state("WW-408213")
    tail(r)
    runs.append(r.record(False))

    # F3: wrong plan (Fibre Flex 500 Plus)
    r = Run("wirewell-wrong_value-plan_plus-03", "wrong_value")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    r.mark()
    choose(r, plan="Fibre Flex 500 Plus", reasoning="Pick the 500 Mbps Fibre Flex plan")
    timing_next(r)
    review(r)
    confirm(r)
    done_msg(r)
    runs.append(r.record(False))

    # F4: drops an add-on (unticks Static IP)
    r = Run("wirewell-wrong_value-addon_dropped-04", "wrong_value")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    choose(r)
    timing_next(r)
    r.mark()
    r.st["keep"].discard("Static IP")
    r.click("keep_Static IP", "set-timing-addons",
            "Static IP is a paid extra; untick it to keep the bill down", "write", wiz2(r, r.st))
    review(r, reasoning="Go to the review step")
    confirm(r)
    done_msg(r)
    runs.append(r.record(False))

    # F5: skips the timing step; change applied immediately
    r = Run("wirewell-skipped_step-timing_left_immediate-05", "skipped_step")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    choose(r)
    r.mark()
    review(r, reasoning="Add-ons are kept; go straight to the review")
    confirm(r)
    done_msg(r)
    runs.append(r.record(False))

    # F6: silent no-op: Schedule change returns to the account with nothing scheduled
    r = Run("wirewell-silent_noop-schedule_not_saved-06", "silent_noop")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    choose(r)
    timing_next(r)
    review(r)
    r.click("wiz_confirm", "submit-change", "The summary matches the request; confirm it", "read",
            wiz3(r, r.st, dialog=True))
    r.mark()
    r.click("dlg_ok", "submit-change", "Confirm in the dialog my own click opened", "irreversible",
            account_page(r, TARGET))
    done_msg(r)
    runs.append(r.record(False))

    # F7: unrequested constraint: adds a 12-month minimum term
    r = Run("wirewell-unrequested_constraint-min_term-07", "unrequested_constraint")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    choose(r)
    timing_next(r)
    r.mark()
    r.st["term"] = True
    r.click("term", "set-timing-addons", "A 12-month term saves the customer £3 a month; add it",
            "write", wiz2(r, r.st))
    review(r)
    confirm(r)
    done_msg(r)
    runs.append(r.record(False))

    # F8: permission refusal when opening the wizard
    r = Run("wirewell-permission_denied-change_plan-08", "permission_denied")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    r.mark()
    r.click("change_plan", "start-change", "Start the plan change from the account page", "read",
            denied_page(r, TARGET))
    r.click("back_to_acct", "start-change", "Return to the account", "read", account_page(r, TARGET))
    r.say("I couldn't change the plan: CareDesk says my role can't change plans on accounts "
          "with an open retention review (ref 403-PLN-5521). A team lead needs to do it.",
          commitment="start-change", reasoning="Tell the user why the change was not made")
    runs.append(r.record(False))

    # F9: premature success: reports from the review page without confirming
    r = Run("wirewell-premature_success-reported_at_review-09", "premature_success")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    choose(r)
    timing_next(r)
    review(r)
    r.mark()
    r.say("Done: Marisol Okafor-Reyes (WW-480213) moves to Fibre Flex 500 from 1 Jul 2025, "
          "with Static IP and Mesh Wi-Fi Pack kept.", reasoning="The review shows everything is set")
    runs.append(r.record(False))

    # F10: dialog mishandled: accepts the retention offer, then carries on
    r = Run("wirewell-dialog_mishandled-retention_accepted-10", "dialog_mishandled")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r, retention=True)
    r.mark()
    r.click("ret_apply", "start-change", "Apply the offer so the popup goes away", "irreversible",
            account_page(r, TARGET, state="retention",
                         toast="Retention offer applied — 20% off Fibre Flex 300 for 6 months (RO-3391)."))
    r.click("change_plan", "start-change", "Now start the plan change", "read", wiz1(r, r.st))
    choose(r)
    timing_next(r)
    review(r)
    a = ACCOUNTS[TARGET]
    confirm(r, scheduled_page=account_page(
        r, TARGET, state="retention_scheduled", st=r.st,
        toast="Plan change scheduled — Fibre Flex 500 starts %s. Reference %s." % (a["next_bill"], r.ref)))
    done_msg(r)
    runs.append(r.record(False))

    # F11: session expires between wizard steps
    r = Run("wirewell-session_expired-mid_wizard-11", "session_expired")
    r.start(list_page(r))
    find_by_number(r)
    open_row(r, TARGET)
    start_change(r)
    r.st["plan"] = "Fibre Flex 500"
    r.click("plan_Fibre Flex 500", "choose-plan", "Select Fibre Flex 500, the plan the customer asked for",
            "write", wiz1(r, r.st))
    r.mark()
    r.click("wiz_next", "choose-plan", "Continue to timing and add-ons", "read", signin_page(r))
    r.say("CareDesk signed me out before the change was made; please sign in again so I can "
          "finish moving WW-480213 to Fibre Flex 500.", commitment="choose-plan",
          reasoning="I have no credentials; tell the user")
    runs.append(r.record(False))

    # F12: stale saved filter (Segment: Business) already on the start page
    r = Run("wirewell-stale_filter-business_segment-12", "stale_filter")
    r.start(list_page(r, segment="Business"))
    r.mark(now=True)
    r.fill("find", "Okafor-Reyes", "find-account", "Search by the customer's surname",
           list_page(r, query="Okafor-Reyes", segment="Business"))
    r.click("find_go", "find-account", "Run the search", "read",
            list_page(r, query="Okafor-Reyes", segment="Business", submitted="Okafor-Reyes"))
    open_row(r, "WW-408213", reasoning="The only Okafor-Reyes result; open it")
    tail(r)
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_yaml(PLAN))
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs and %s to %s" % (len(runs), PLAN_REL, args.out))


if __name__ == "__main__":
    main()
