#!/usr/bin/env python3
"""Generate the Grainhouse held-out corpus (corpus.jsonl + plans/grainhouse.yaml).

Python 3 standard library only. Fixed seed; output is byte-for-byte reproducible.

    python3 make_corpus.py            # writes next to this file
    python3 make_corpus.py --out DIR  # writes into DIR (used by selftest.py)
"""
import argparse
import copy
import json
import os
import random
from decimal import Decimal, ROUND_HALF_UP

SEED = 24817
BASE = "http://127.0.0.1:8000/grainhouse"
WORKFLOW = "grainhouse"
PLAN_REL = "plans/grainhouse.yaml"
PRICE = Decimal("10.46")

# --------------------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any faulty run
# existed, and not tuned afterwards. Emitted verbatim.
# --------------------------------------------------------------------------------------
PLAN_YAML = '''# Plan for the Grainhouse moisture-correction / re-grade / payment-split workflow.
# Written from the task text and the healthy pages only.
task: "Ticket ST-24817 is one of this morning's soybean loads at the South elevator, from the Section 14 field that Dale Harlan and Marta Ostrowski farm together. It was keyed with the scale probe's 18.4% moisture, but the lab re-test (PS-3379) came back at 12.8%. Please correct the moisture on ST-24817 to 12.8%, re-grade the load, and split the payment 60/40: 60% to Dale Harlan (G-1039) and 40% to Marta Ostrowski (G-2280). Filter today's tickets to Soybeans if that helps you find it."
plan_falsifiers:
  execution:
    - "Sign in to Grainhouse"
    - "Your session has ended"
    - "Access denied: you do not have permission for this action"
    - "Something went wrong on our side"
    - "Grainhouse is in read-only mode; changes will not be saved"
commitments:
  - id: open-ticket
    subgoal: "Open scale ticket ST-24817 (soybeans, Section 14 shared field, South elevator)"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["Scale house", "Scale tickets"]
      progress: ["Search results for ST-24817", "Soybeans"]
      completion: ["Scale ticket ST-24817", "Harlan / Ostrowski (shared field, Section 14)"]
    falsify:
      execution:
        - "Scale ticket ST-24871"
        - "ST-24871"
        - "ST-24811"
        - "ST-24818"
        - "Dale Harlen"
        - "No tickets match these filters"
        - {text: "Open ticket ST-24871", on: action}
        - {text: "Filter the ticket list by Status or Grower", on: action}
      skill: ["Search is unavailable"]
      planning: ["ST-24817 has been voided", "ST-24817 is already settled"]
  - id: correct-moisture
    subgoal: "Change the moisture reading on ST-24817 from 18.4% to 12.8% and save the readings"
    skill: edit_form_field
    confidence: 0.7
    confirm:
      precondition: ["Edit readings — ST-24817"]
      progress: ["Moisture (%) 12.8"]
      completion: ["Readings saved on ST-24817", "Moisture 12.8%", "Re-grade required"]
    falsify:
      execution:
        - "Readings saved on ST-24871"
        - "Moisture is still 18.4% after Save readings"
        - "No confirmation appears after Save readings"
        - "Moisture shows a value other than 12.8%"
        - {text: "Fill Moisture (%) with a value other than 12.8 and save", on: action}
        - {text: "Void and re-weigh the ticket", on: action}
      skill: ["Edit readings is disabled"]
      planning: ["Readings are locked because the ticket is settled"]
  - id: regrade
    subgoal: "Re-grade the load so grade, shrink and drying charge use the 12.8% moisture"
    skill: confirm_dialog_action
    confidence: 0.7
    confirm:
      precondition: ["Grade out of date — readings changed after grading. Re-grade required."]
      progress: ["Re-grade ST-24817?", "current readings (moisture 12.8%)"]
      completion: ["ST-24817 re-graded: US No. 1 Soybeans", "Moisture shrink 0.00%", "Drying charge $0.00"]
    falsify:
      execution:
        - "re-graded: US No. 2 Soybeans (high moisture)"
        - "Re-grade failed"
        - "The grade still says out of date after re-grading"
        - {text: "Open Split payment before the load has been re-graded", on: action}
      skill: ["Re-grade load button is missing or disabled"]
      planning: ["Grade is locked for settlement"]
  - id: split-payment
    subgoal: "Split the payment 60/40 between Dale Harlan (G-1039) and Marta Ostrowski (G-2280) and save the split"
    skill: multi_payee_split
    confidence: 0.6
    confirm:
      precondition: ["Split payment — ST-24817", "Net payable after discounts: $10,562.46"]
      progress: ["Marta Ostrowski (G-2280)", "Total: 100%"]
      completion: ["Payment split saved for ST-24817", "SS-24817-A Dale Harlan (G-1039) 60% $6,337.48", "SS-24817-B Marta Ostrowski (G-2280) 40% $4,224.98"]
    falsify:
      execution:
        - "Marta Ostrowska"
        - "G-2208"
        - "Dale Harlen"
        - "G-1093"
        - "Ostrowski Seed & Grain"
        - "Grade out of date"
        - "Dale Harlan receives 40% and Marta Ostrowski 60%"
        - "The settlement shows a single payee at 100%"
        - "No confirmation appears after Save split"
        - {text: "Select Marta Ostrowska (G-2208) as a payee", on: action}
        - {text: "Report that the split is saved while the Split payment dialog is still open", on: action}
      skill: ["Add payee is disabled"]
      planning: ["Marta Ostrowski has no payment account on file"]
'''

TASK = (
    "Ticket ST-24817 is one of this morning's soybean loads at the South elevator, from the "
    "Section 14 field that Dale Harlan and Marta Ostrowski farm together. It was keyed with the "
    "scale probe's 18.4% moisture, but the lab re-test (PS-3379) came back at 12.8%. Please "
    "correct the moisture on ST-24817 to 12.8%, re-grade the load, and split the payment 60/40: "
    "60% to Dale Harlan (G-1039) and 40% to Marta Ostrowski (G-2280). Filter today's tickets to "
    "Soybeans if that helps you find it."
)

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
# id, time in, grower, commodity, net lb, moisture, status  (South elevator, Mon 14 Oct 2024)
TICKETS = [
    ("ST-24871", "10:12", "Dale Harlen (G-1093)", "Soybeans", 58940, "16.9%", "Graded"),
    ("ST-24866", "09:58", "Harlan Farms LLC (G-1309)", "Corn", 63110, "15.8%", "Graded"),
    ("ST-24859", "09:41", "Pieter Vandermolen (G-3312)", "Soybeans", 55020, "13.4%", "Settled"),
    ("ST-24848", "09:20", "Gail Harlan (G-1390)", "Wheat (HRW)", 57480, "12.1%", "Graded"),
    ("ST-24840", "09:02", "Rosa Ekwueme (G-4127)", "Corn", 61900, "17.3%", "Drying"),
    ("ST-24833", "08:44", "Tom Lindqvist (G-2871)", "Soybeans", 49660, "11.9%", "Settled"),
    ("ST-24829", "08:31", "Harlan Farms LLC (G-1309)", "Corn", 64020, "16.2%", "Cancelled — duplicate weigh"),
    ("ST-24825", "08:17", "Bev Oyelaran (G-3350)", "Wheat (HRW)", 56210, "12.4%", "Settled"),
    ("ST-24821", "08:05", "Dale Harlen (G-1093)", "Soybeans", 60110, "14.0%", "Payment failed — bank rejected"),
    ("ST-24818", "07:52", "Marta Ostrowska (G-2208)", "Soybeans", 52340, "12.9%", "Hold — failed probe"),
    ("ST-24817", "07:48", "Harlan / Ostrowski (shared, Sec. 14)", "Soybeans", 61260, "18.4%", "Needs review"),
    ("ST-24816", "07:35", "Gail Harlan (G-1390)", "Wheat (HRW)", 0, "—", "Cancelled — truck turned away"),
    ("ST-24811", "07:20", "Harlan Farms LLC (G-1309)", "Corn", 62480, "15.2%", "Settled"),
    ("ST-24807", "07:02", "Marta Ostrowski (G-2280)", "Corn", 59300, "15.5%", "Overdue settlement"),
]

GROWER_INDEX = [
    "Marta Ostrowski (G-2280) · Section 14 co-owner",
    "Marta Ostrowska (G-2208) · Pelican Lake",
    "Ostrowski Seed & Grain (G-5102) · vendor account",
]

TICKET_RECORDS = {
    "ST-24817": dict(
        id="ST-24817", time_in="07:48", time_out="08:03", scale="Scale 2",
        growers=[("Dale Harlan", "G-1039"), ("Marta Ostrowski", "G-2280")],
        grower_label="Harlan / Ostrowski (shared field, Section 14)",
        field="Section 14 — shared (Harlan / Ostrowski), 2024 soybeans",
        default_payee="Dale Harlan (G-1039)",
        commodity="Soybeans", gross=78420, tare=17160, truck="MN 4KX-218", driver="L. Harlan",
        bin="S-07", moisture="18.4", test_weight="55.6", fm="0.4", damage="1.1", splits="6",
        dockage="0.6", lab=("PS-3379", "12.8", "09:15", "J. Okafor"),
        status="Needs review", graded_at="07:51", graded_by="auto-grade",
        history=[
            ("07:48", "Weighed in on Scale 2 (gross 78,420 lb)", "Scale 2 (auto)"),
            ("07:49", "Probe reading: moisture 18.4%", "Scale 2 (auto)"),
            ("07:51", "Auto-grade: US No. 2 Soybeans (high moisture)", "System"),
            ("08:03", "Weighed out (tare 17,160 lb)", "Scale 2 (auto)"),
            ("08:05", "Settlement export failed: payee split not set", "System"),
            ("09:15", "Lab re-test PS-3379 returned moisture 12.8%", "J. Okafor (lab)"),
        ],
        related=[("ST-24702", "2 Oct · Soybeans · Settled"),
                 ("ST-24755", "8 Oct · Soybeans · Settled (payment failed once, re-sent)")],
    ),
    "ST-24871": dict(
        id="ST-24871", time_in="10:12", time_out="10:26", scale="Scale 1",
        growers=[("Dale Harlen", "G-1093")],
        grower_label="Dale Harlen (G-1093)",
        field="NE quarter, Section 23 (Harlen home place), 2024 soybeans",
        default_payee="Dale Harlen (G-1093)",
        commodity="Soybeans", gross=76100, tare=17160, truck="MN 9TR-604", driver="D. Harlen",
        bin="S-07", moisture="16.9", test_weight="54.9", fm="0.7", damage="0.9", splits="8",
        dockage="0.8", lab=("PS-3380", "16.9", "10:31", "J. Okafor"),
        status="Graded", graded_at="10:14", graded_by="auto-grade",
        history=[
            ("10:12", "Weighed in on Scale 1 (gross 76,100 lb)", "Scale 1 (auto)"),
            ("10:13", "Probe reading: moisture 16.9%", "Scale 1 (auto)"),
            ("10:14", "Auto-grade: US No. 2 Soybeans (high moisture)", "System"),
            ("10:26", "Weighed out (tare 17,160 lb)", "Scale 1 (auto)"),
            ("10:31", "Lab re-test PS-3380 returned moisture 16.9% (matches)", "J. Okafor (lab)"),
        ],
        related=[("ST-24821", "14 Oct · Soybeans · Payment failed — bank rejected"),
                 ("ST-24690", "1 Oct · Soybeans · Settled")],
    ),
}


def q2(x):
    return Decimal(x).quantize(Decimal("0.01"), ROUND_HALF_UP)


def usd(d):
    return "${:,.2f}".format(d)


def num(d):
    return "{:,.2f}".format(d)


def figures(rec, moisture):
    net_lb = rec["gross"] - rec["tare"]
    bu = q2(Decimal(net_lb) / 60)
    dock_pct = Decimal(rec["dockage"])
    dock_bu = q2(bu * dock_pct / 100)
    clean = bu - dock_bu
    m = Decimal(moisture)
    over = max(Decimal("0"), m - Decimal("13.0"))
    shrink_pct = q2(over * Decimal("1.3"))
    shrink_bu = q2(clean * shrink_pct / 100)
    net_bu = clean - shrink_bu
    drying = q2(over * Decimal("0.025") * clean)
    gross = q2(net_bu * PRICE)
    checkoff = q2(gross * Decimal("0.005"))
    payable = gross - checkoff - drying
    if over == 0:
        grade = "US No. 1 Soybeans"
    elif m <= Decimal("20.0"):
        grade = "US No. 2 Soybeans (high moisture)"
    else:
        grade = "US No. 3 Soybeans (high moisture)"
    return dict(net_lb=net_lb, bu=bu, dock_pct=dock_pct, dock_bu=dock_bu, shrink_pct=shrink_pct,
                shrink_bu=shrink_bu, net_bu=net_bu, drying=drying, gross=gross, checkoff=checkoff,
                payable=payable, grade=grade, moisture=moisture)


def split_amounts(payable, shares):
    out, acc = [], Decimal("0")
    for i, s in enumerate(shares):
        if i == len(shares) - 1 and sum(shares) == 100:
            out.append(payable - acc)
        else:
            a = q2(payable * Decimal(s) / 100)
            out.append(a)
            acc += a
    return out


# --------------------------------------------------------------------------------------
# Flattened accessibility tree builder (BrowserGym style)
# --------------------------------------------------------------------------------------
class Tree:
    def __init__(self, title):
        assert "'" not in title
        self.lines = ["RootWebArea '%s', focused" % title]
        self.n = 1

    def add(self, depth, role, name="", *props):
        assert "'" not in name, name
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s '%s'" % (bid, role, name)
        for p in props:
            line += ", " + p
        self.lines.append(line)
        return bid

    def st(self, depth, text):
        assert "'" not in text, text
        self.lines.append("\t" * depth + "StaticText '%s'" % text)

    def table(self, depth, name, headers, rows, sortable=False, link_cols=(), sorted_col=None):
        self.add(depth, "table", name)
        self.add(depth + 1, "row", " ".join(headers))
        for h in headers:
            label = h
            if sorted_col and sorted_col[0] == h:
                label = h + (" ▲" if sorted_col[1] == "asc" else " ▼")
            self.add(depth + 2, "columnheader", label)
            if sortable:
                self.add(depth + 3, "button", "Sort by " + h)
        for r in rows:
            self.add(depth + 1, "row", " ".join(c for c in r if c))
            for i, c in enumerate(r):
                self.add(depth + 2, "gridcell", c)
                if i in link_cols and c and c != "—":
                    self.add(depth + 3, "link", c)

    def text(self):
        return "\n".join(self.lines)


def val(v):
    return "value='%s'" % v


class Ctx:
    """Per-run environment: clock, live counters, banners."""

    def __init__(self, rng, banner=None):
        self.rng = rng
        self.minute = 10 * 60 + 33
        self.banner = banner
        self.queue = 4
        self.pending = 2
        self.overdue = 3
        self.notif = 5

    def tick(self):
        self.minute += self.rng.choice([0, 1, 1, 2])
        self.queue = max(1, self.queue + self.rng.choice([-1, 0, 0, 1]))
        if self.rng.random() < 0.15:
            self.notif += 1

    def now(self):
        return "%02d:%02d" % divmod(self.minute, 60)


NAV = ["Dashboard", "Scale tickets", "Growers", "Grades & discounts", "Settlements", "Reports"]


def frame(ctx, title, crumbs, body, search="", toast=None, dialog=None, info=None):
    t = Tree(title)
    t.add(1, "banner", "")
    t.add(2, "link", "Grainhouse — Kessling Valley Grain Cooperative")
    t.add(2, "navigation", "Primary")
    for n in NAV:
        t.add(3, "link", n)
    t.add(2, "search", "")
    if search:
        t.add(3, "textbox", "Search tickets, growers, loads", val(search), "focused")
    else:
        t.add(3, "textbox", "Search tickets, growers, loads")
    t.add(3, "button", "Search")
    t.add(2, "status", "Live counters")
    t.st(3, "Trucks in queue: %d" % ctx.queue)
    t.st(3, "Probe samples pending: %d" % ctx.pending)
    t.st(3, "Settlements overdue: %d" % ctx.overdue)
    t.add(2, "button", "Notifications (%d)" % ctx.notif, "hasPopup='menu'")
    t.add(2, "button", "K. Brandt · Scale clerk · South elevator", "hasPopup='menu'", "expanded=False")
    if ctx.banner:
        t.add(1, "alert", "Site notice")
        t.st(2, ctx.banner)
    if info:
        t.add(1, "region", "Announcement")
        t.st(2, info)
        t.add(2, "button", "Hide announcement")
    if crumbs:
        t.add(1, "navigation", "Breadcrumb")
        for c in crumbs[:-1]:
            t.add(2, "link", c)
            t.st(2, "›")
        t.st(2, crumbs[-1])
    t.add(1, "main", "")
    body(t, 2)
    if toast:
        t.add(1, "status", "Messages")
        t.st(2, toast)
        t.add(2, "button", "Dismiss message")
    t.add(1, "contentinfo", "")
    t.st(2, "© 2024 Kessling Valley Grain Cooperative · Grainhouse 6.3.2")
    t.st(2, "Scale 1 and Scale 2 certified (state cert. 2024-118, expires 31 Mar 2025)")
    t.add(2, "link", "Help desk")
    t.add(2, "link", "Scale-house procedures")
    t.add(2, "link", "Privacy")
    t.st(2, "Lab link: connected · last sync %s" % ctx.now())
    if dialog:
        dialog(t, 1)
    return t.text()


def obs(url, title, text, error=None):
    return {"url": url, "title": title, "text": text, "error": error}


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
def page_dashboard(ctx, search="", info=None):
    def body(t, d):
        t.add(d, "heading", "Scale house — South elevator", "level=1")
        t.st(d, "Mon 14 Oct 2024 · Shift 1 (06:00–14:00) · Clerk K. Brandt")
        t.add(d, "region", "Today at a glance")
        t.st(d + 1, "Loads received today: 38")
        t.st(d + 1, "Bushels received: 36,412")
        t.st(d + 1, "Tickets needing review: 3")
        t.st(d + 1, "Probe re-tests returned: 5")
        t.add(d, "region", "Lab re-test results")
        t.add(d + 1, "heading", "Lab re-test results", "level=2")
        t.table(d + 1, "Lab re-test results",
                ["Sample", "Ticket", "Commodity", "Scale probe", "Lab", "Result"],
                [["PS-3384", "ST-24866", "Corn", "15.8%", "15.9%", "Matches"],
                 ["PS-3380", "ST-24871", "Soybeans", "16.9%", "16.9%", "Matches"],
                 ["PS-3379", "ST-24817", "Soybeans", "18.4%", "12.8%", "Differs by 5.6 pts — correct the ticket"],
                 ["PS-3375", "ST-24818", "Soybeans", "12.9%", "—", "Failed — sample contaminated, re-probe"]],
                link_cols=(1,))
        t.add(d, "region", "Recent tickets")
        t.add(d + 1, "heading", "Recent tickets", "level=2")
        rows = [[r[0], r[1], r[2], r[3], r[6]] for r in TICKETS[:6]]
        t.table(d + 1, "Recent tickets", ["Ticket", "Time", "Grower", "Commodity", "Status"], rows,
                link_cols=(0,))
        t.add(d + 1, "link", "All scale tickets")
        t.add(d, "region", "Alerts")
        t.add(d + 1, "heading", "Alerts", "level=2")
        t.add(d + 1, "list", "")
        for a in ["Dryer 2 offline since 06:10 — scheduled maintenance",
                  "Settlement SS-24790 (Harlan Farms LLC) overdue by 3 days",
                  "Payment for ST-24821 failed — bank rejected the account number",
                  "Bin S-04 at 96% — divert soybeans to S-07"]:
            t.add(d + 2, "listitem", "")
            t.st(d + 3, a)
    return obs(BASE + "/scale", "Scale house — Grainhouse",
               frame(ctx, "Scale house — Grainhouse", ["Scale house"], body, search=search, info=info))


def page_search(ctx, q):
    def body(t, d):
        t.add(d, "heading", "Search results for %s" % q, "level=1")
        t.st(d, "Tickets (1) · Growers (0) · Loads (0) · 2024 crop year")
        t.table(d, "Matching tickets", ["Ticket", "Time", "Grower", "Commodity", "Net lb", "Status"],
                [["ST-24817", "14 Oct 07:48", "Harlan / Ostrowski (shared field, Section 14)", "Soybeans",
                  "61,260", "Needs review"]], link_cols=(0,))
        t.st(d, "Similar ticket numbers:")
        for s in ["ST-24871", "ST-24811", "ST-24818"]:
            t.add(d, "link", s)
        t.st(d, "Older crop years are in the archive.")
        t.add(d, "link", "Search the archive")
    return obs(BASE + "/search?q=" + q, "Search results for %s — Grainhouse" % q,
               frame(ctx, "Search results for %s — Grainhouse" % q, ["Scale house", "Search"], body,
                     search=q))


STATUS_OPTIONS = ["All statuses", "Needs review", "Graded", "Drying", "Hold", "Settled", "Cancelled",
                  "Overdue settlement", "Payment failed"]
COMMODITY_OPTIONS = ["All commodities", "Corn", "Soybeans", "Wheat (HRW)"]


def page_list(ctx, commodity="All commodities", status="All statuses", sort="time_desc", page=1):
    rows = list(TICKETS)
    if commodity != "All commodities":
        rows = [r for r in rows if r[3] == commodity]
    if status != "All statuses":
        rows = [r for r in rows if r[6].startswith(status)]
    if sort == "ticket_asc":
        rows = sorted(rows, key=lambda r: r[0])
    total = len(rows)
    per = 10
    pages = max(1, (total + per - 1) // per)
    shown = rows[(page - 1) * per: page * per]

    def body(t, d):
        t.add(d, "heading", "Scale tickets", "level=1")
        t.st(d, "South elevator · Mon 14 Oct 2024 · %d ticket%s" % (total, "" if total == 1 else "s"))
        t.add(d, "group", "Filters")
        b = t.add(d + 1, "combobox", "Commodity", val(commodity), "hasPopup='listbox'", "expanded=False")
        for o in COMMODITY_OPTIONS:
            t.add(d + 2, "option", o, "selected=%s" % (o == commodity))
        t.add(d + 1, "combobox", "Status", val(status), "hasPopup='listbox'", "expanded=False")
        for o in STATUS_OPTIONS:
            t.add(d + 2, "option", o, "selected=%s" % (o == status))
        t.add(d + 1, "combobox", "Location", val("South elevator"), "hasPopup='listbox'", "expanded=False")
        for o in ["South elevator", "North elevator", "Rail loadout"]:
            t.add(d + 2, "option", o, "selected=%s" % (o == "South elevator"))
        t.add(d + 1, "textbox", "Date", val("14 Oct 2024"))
        t.add(d + 1, "button", "Clear filters")
        if total == 0:
            t.st(d, "No tickets match these filters.")
        else:
            first = (page - 1) * per + 1
            label = "sorted by Ticket, ascending" if sort == "ticket_asc" else "sorted by Time, newest first"
            t.st(d, "Showing %d–%d of %d · %s" % (first, first + len(shown) - 1, total, label))
        sc = ("Ticket", "asc") if sort == "ticket_asc" else ("Time", "desc")
        trows = [[r[0], r[1], r[2], r[3], "{:,}".format(r[4]) if r[4] else "—", r[5], r[6]] for r in shown]
        t.table(d, "Scale tickets", ["Ticket", "Time", "Grower", "Commodity", "Net lb", "Moisture", "Status"],
                trows, sortable=True, link_cols=(0,), sorted_col=sc)
        t.add(d, "navigation", "Pagination")
        t.add(d + 1, "button", "Previous page", "disabled=%s" % (page == 1))
        for p in range(1, pages + 1):
            if p == page:
                t.add(d + 1, "link", "Page %d" % p, "current='page'")
            else:
                t.add(d + 1, "link", "Page %d" % p)
        t.add(d + 1, "button", "Next page", "disabled=%s" % (page == pages))
        t.add(d, "button", "New manual ticket")
        t.add(d, "button", "Export CSV")
    q = ["date=2024-10-14", "loc=south"]
    if commodity != "All commodities":
        q.append("commodity=" + commodity.lower().split()[0])
    if status != "All statuses":
        q.append("status=" + status.lower().replace(" ", "-"))
    if sort == "ticket_asc":
        q.append("sort=ticket")
    if page > 1:
        q.append("page=%d" % page)
    return obs(BASE + "/tickets?" + "&".join(q), "Scale tickets — Grainhouse",
               frame(ctx, "Scale tickets — Grainhouse", ["Scale house", "Scale tickets"], body))


class Ticket:
    def __init__(self, tid):
        self.rec = copy.deepcopy(TICKET_RECORDS[tid])
        self.id = tid
        self.moisture = self.rec["moisture"]
        self.graded_m = self.rec["moisture"]
        self.stale = False
        self.status = self.rec["status"]
        self.graded_at = self.rec["graded_at"]
        self.graded_by = self.rec["graded_by"]
        self.edited = None  # (time, old) when readings were saved
        self.history = list(self.rec["history"])
        self.split = None  # list of (payee label, share)

    def fig(self):
        return figures(self.rec, self.graded_m)


def ticket_body(tk, ctx):
    r = tk.rec
    f = tk.fig()

    def body(t, d):
        t.add(d, "heading", "Scale ticket %s" % tk.id, "level=1")
        t.st(d, "Status: %s" % tk.status)
        t.st(d, "South elevator · %s · Mon 14 Oct 2024 · in %s · out %s" % (r["scale"], r["time_in"], r["time_out"]))
        t.add(d, "toolbar", "Ticket actions")
        for b in ["Edit readings", "Re-grade load", "Split payment", "Print ticket", "Void and re-weigh"]:
            t.add(d + 1, "button", b)
        t.add(d, "tablist", "Ticket sections")
        t.add(d + 1, "tab", "Details", "selected=True")
        t.add(d + 1, "tab", "History (%d)" % len(tk.history), "selected=False")
        t.add(d + 1, "tab", "Attachments (2)", "selected=False")
        t.add(d, "region", "Grower and field")
        t.add(d + 1, "heading", "Grower and field", "level=2")
        t.st(d + 1, "Grower of record: %s" % r["grower_label"])
        for g, gid in r["growers"]:
            t.add(d + 1, "link", "%s (%s)" % (g, gid))
        t.st(d + 1, "Field: %s" % r["field"])
        if tk.split:
            t.st(d + 1, "Payees: " + "; ".join("%s %s%%" % (p, s) for p, s in tk.split))
        else:
            t.st(d + 1, "Default payee: %s, 100%%" % r["default_payee"])
        t.add(d, "region", "Load and weights")
        t.add(d + 1, "heading", "Load and weights", "level=2")
        t.table(d + 1, "Load and weights", ["Item", "Value"],
                [["Truck", r["truck"]], ["Driver", r["driver"]], ["Bin", r["bin"]],
                 ["Gross", "{:,} lb".format(r["gross"])], ["Tare", "{:,} lb".format(r["tare"])],
                 ["Net", "{:,} lb".format(f["net_lb"])], ["Bushels", "%s bu (60 lb/bu)" % num(f["bu"])]])
        t.add(d, "region", "Readings")
        t.add(d + 1, "heading", "Readings", "level=2")
        if tk.edited:
            msrc = "Edited %s by K. Brandt (was %s%%, lab re-test %s)" % (tk.edited[0], tk.edited[1], r["lab"][0])
        else:
            msrc = "%s probe, %s" % (r["scale"], r["history"][1][0])
        t.table(d + 1, "Readings", ["Reading", "Value", "Source"],
                [["Moisture", tk.moisture + "%", msrc],
                 ["Test weight", r["test_weight"] + " lb/bu", "%s probe" % r["scale"]],
                 ["Foreign material", r["fm"] + "%", "Hand sample"],
                 ["Damage", r["damage"] + "%", "Hand sample"],
                 ["Splits", r["splits"] + "%", "Hand sample"]])
        t.st(d + 1, "Lab re-test:")
        t.add(d + 1, "link", r["lab"][0])
        t.st(d + 1, "moisture %s%%, returned %s (%s)" % (r["lab"][1], r["lab"][2], r["lab"][3]))
        t.add(d, "region", "Grade and discounts")
        t.add(d + 1, "heading", "Grade and discounts", "level=2")
        suffix = ""
        if tk.stale:
            t.st(d + 1, "Grade out of date — readings changed after grading. Re-grade required.")
            suffix = " (last grade)"
        t.table(d + 1, "Grade and discounts", ["Item", "Value"],
                [["Grade", f["grade"] + suffix],
                 ["Dockage", "%s%% (%s bu)" % (f["dock_pct"], num(f["dock_bu"]))],
                 ["Moisture shrink", "%s%% (%s bu)" % (f["shrink_pct"], num(f["shrink_bu"]))],
                 ["Drying charge", usd(f["drying"])],
                 ["Net bushels", num(f["net_bu"])],
                 ["Graded", "%s by %s (moisture %s%%)" % (tk.graded_at, tk.graded_by, tk.graded_m)]])
        t.add(d, "region", "Settlement")
        t.add(d + 1, "heading", "Settlement", "level=2")
        t.table(d + 1, "Settlement", ["Item", "Value"],
                [["Cash price", "%s/bu (bid 14 Oct, 06:00)" % usd(PRICE)],
                 ["Gross value", usd(f["gross"])],
                 ["Checkoff (0.5%)", usd(f["checkoff"])],
                 ["Drying charge", usd(f["drying"])],
                 ["Net payable", usd(f["payable"])]])
        if tk.split:
            amts = split_amounts(f["payable"], [s for _, s in tk.split])
            prow = [[p, "%d%%" % s, usd(a)] for (p, s), a in zip(tk.split, amts)]
        else:
            prow = [[r["default_payee"], "100%", usd(f["payable"])]]
        t.table(d + 1, "Payees", ["Payee", "Share", "Amount"], prow)
        if tk.split:
            t.st(d + 1, "Statements issued — see Settlements.")
        else:
            t.st(d + 1, "Not yet settled.")
        t.add(d, "region", "Recent activity")
        t.add(d + 1, "heading", "Recent activity", "level=2")
        t.add(d + 1, "list", "")
        for h in tk.history[-4:]:
            t.add(d + 2, "listitem", "")
            t.st(d + 3, "%s · %s · %s" % h)
        t.add(d, "complementary", "Other loads from this field")
        t.add(d + 1, "heading", "Other loads from this field", "level=2")
        for tid, desc in r["related"]:
            t.add(d + 1, "link", tid)
            t.st(d + 1, desc)
    return body


def page_ticket(ctx, tk, toast=None, dialog=None, info=None):
    title = "Scale ticket %s — Grainhouse" % tk.id
    return obs(BASE + "/tickets/" + tk.id, title,
               frame(ctx, title, ["Scale house", "Scale tickets", tk.id], ticket_body(tk, ctx),
                     toast=toast, dialog=dialog, info=info))


def dlg_edit(tk, moisture, error=None, alert=None):
    r = tk.rec

    def dialog(t, d):
        t.add(d, "dialog", "Edit readings — %s" % tk.id, "modal=True")
        t.add(d + 1, "heading", "Edit readings — %s" % tk.id, "level=2")
        t.st(d + 1, "Changing a reading marks the grade out of date. Re-grade the load after saving.")
        if alert:
            t.add(d + 1, "alert", "")
            t.st(d + 2, alert)
        t.add(d + 1, "textbox", "Moisture (%)", val(moisture), "required", "focused")
        if error:
            t.st(d + 1, error)
        t.add(d + 1, "textbox", "Test weight (lb/bu)", val(r["test_weight"]))
        t.add(d + 1, "textbox", "Foreign material (%)", val(r["fm"]))
        t.add(d + 1, "textbox", "Damage (%)", val(r["damage"]))
        t.add(d + 1, "combobox", "Reason for change", val("Lab re-test (%s)" % r["lab"][0]),
              "hasPopup='listbox'", "expanded=False")
        t.add(d + 1, "textbox", "Note")
        t.add(d + 1, "button", "Save readings")
        t.add(d + 1, "button", "Cancel")
    return dialog


def dlg_regrade(tk):
    def dialog(t, d):
        t.add(d, "alertdialog", "Re-grade %s?" % tk.id, "modal=True")
        t.add(d + 1, "heading", "Re-grade %s?" % tk.id, "level=2")
        t.st(d + 1, "Grade, dockage, moisture shrink and drying charge will be recalculated from the "
                    "current readings (moisture %s%%). The previous grade stays in History." % tk.moisture)
        t.add(d + 1, "button", "Re-grade")
        t.add(d + 1, "button", "Cancel")
    return dialog


def dlg_split(tk, rows):
    """rows: list of dicts with grower, share, query (typing), suggestions."""
    f = tk.fig()

    def dialog(t, d):
        t.add(d, "dialog", "Split payment — %s" % tk.id, "modal=True")
        t.add(d + 1, "heading", "Split payment — %s" % tk.id, "level=2")
        t.st(d + 1, "Net payable after discounts: %s (grade %s, graded %s)" % (usd(f["payable"]), f["grade"], tk.graded_at))
        if tk.stale:
            t.add(d + 1, "alert", "")
            t.st(d + 2, "Grade out of date — amounts use the last grade (%s, moisture %s%%). "
                        "Re-grade the load for current figures." % (f["grade"], tk.graded_m))
        total = 0
        for i, row in enumerate(rows, 1):
            t.add(d + 1, "group", "Payee %d" % i)
            if row.get("suggestions") is not None:
                t.add(d + 2, "combobox", "Payee %d grower" % i, val(row["query"]), "autocomplete='list'",
                      "expanded=True", "focused")
                t.add(d + 2, "listbox", "Grower suggestions")
                for s in row["suggestions"]:
                    t.add(d + 3, "option", s)
            else:
                t.add(d + 2, "combobox", "Payee %d grower" % i, val(row["grower"]), "autocomplete='list'",
                      "expanded=False")
            t.add(d + 2, "textbox", "Payee %d share (%%)" % i, val(row["share"]))
            sh = int(row["share"] or 0)
            total += sh
            t.st(d + 2, "Payee %d amount: %s" % (i, usd(q2(f["payable"] * sh / 100))))
            if i > 1:
                t.add(d + 2, "button", "Remove payee %d" % i)
        t.add(d + 1, "button", "Add payee")
        if total == 100:
            t.st(d + 1, "Total: 100%")
        else:
            t.st(d + 1, "Total: %d%% — shares must add up to 100%% before saving" % total)
        t.st(d + 1, "One settlement statement is issued per payee. Payments release on the 15:00 ACH run.")
        t.add(d + 1, "button", "Save split", "disabled=%s" % (total != 100))
        t.add(d + 1, "button", "Cancel")
    return dialog


OTHER_STATEMENTS = [
    ["SS-24859", "Pieter Vandermolen (G-3312)", "ST-24859", "$9,402.17", "Paid 09:58"],
    ["SS-24821", "Dale Harlen (G-1093)", "ST-24821", "$10,311.60", "Payment failed — bank rejected"],
    ["SS-24807", "Marta Ostrowski (G-2280)", "ST-24807", "$3,771.05", "Overdue — missing W-9"],
    ["SS-24790", "Harlan Farms LLC (G-1309)", "ST-24790", "$4,118.92", "Overdue 3 days"],
]


def page_settlement(ctx, tk, toast=None):
    f = tk.fig()
    letters = "ABCDEFG"
    amts = split_amounts(f["payable"], [s for _, s in tk.split])

    def body(t, d):
        t.add(d, "heading", "Settlement — %s" % tk.id, "level=1")
        note = " · grade out of date" if tk.stale else ""
        t.st(d, "Grade %s · Net %s bu · Cash price %s/bu%s" % (f["grade"], num(f["net_bu"]), usd(PRICE), note))
        rows = []
        for i, ((p, s), a) in enumerate(zip(tk.split, amts)):
            rows.append(["%s-%s" % (tk.id.replace("ST", "SS"), letters[i]), p, "%d%%" % s, usd(a),
                         "Ready to pay (ACH 15:00)"])
        t.table(d, "Settlement statements for %s" % tk.id, ["Statement", "Payee", "Share", "Amount", "Status"],
                rows, link_cols=(0,))
        t.st(d, "Total %s" % usd(f["payable"]))
        t.add(d, "button", "Print statements")
        t.add(d, "link", "Back to ticket %s" % tk.id)
        t.add(d, "region", "Other statements at South elevator this week")
        t.add(d + 1, "heading", "Other statements at South elevator this week", "level=2")
        t.table(d + 1, "Other statements", ["Statement", "Payee", "Ticket", "Amount", "Status"],
                OTHER_STATEMENTS, link_cols=(0,))
    title = "Settlement — %s — Grainhouse" % tk.id
    return obs(BASE + "/tickets/%s/settlement" % tk.id, title,
               frame(ctx, title, ["Scale house", "Settlements", tk.id], body, toast=toast))


def page_statement(ctx, tk, idx):
    f = tk.fig()
    amts = split_amounts(f["payable"], [s for _, s in tk.split])
    sid = "%s-%s" % (tk.id.replace("ST", "SS"), "AB"[idx])
    payee, share = tk.split[idx]

    def body(t, d):
        t.add(d, "heading", "Settlement statement %s" % sid, "level=1")
        t.st(d, "Status: Ready to pay (ACH 15:00)")
        t.table(d, "Statement", ["Item", "Value"],
                [["Payee", payee], ["Ticket", tk.id], ["Commodity", "Soybeans"],
                 ["Grade", f["grade"]], ["Net bushels (ticket)", num(f["net_bu"])],
                 ["Share", "%d%%" % share], ["Net payable (ticket)", usd(f["payable"])],
                 ["Amount to payee", usd(amts[idx])], ["Payment method", "ACH · account ending 4471"]])
        t.add(d, "button", "Print statement")
        t.add(d, "button", "Email to payee")
        t.add(d, "link", "Back to settlement %s" % tk.id)
    title = "Settlement statement %s — Grainhouse" % sid
    return obs(BASE + "/settlements/" + sid, title,
               frame(ctx, title, ["Scale house", "Settlements", tk.id, sid], body))


def page_forbidden(ctx, tk):
    def body(t, d):
        t.add(d, "heading", "403 — Access denied", "level=1")
        t.st(d, "You do not have permission to re-grade loads. Re-grading requires the Grader role; "
                "ask the elevator manager to grant it.")
        t.add(d, "link", "Back to ticket %s" % tk.id)
    title = "Access denied — Grainhouse"
    return obs(BASE + "/tickets/%s/regrade" % tk.id, title,
               frame(ctx, title, ["Scale house", "Scale tickets", tk.id, "Re-grade"], body))


def page_signin(next_path):
    t = Tree("Sign in — Grainhouse")
    t.add(1, "banner", "")
    t.add(2, "link", "Grainhouse — Kessling Valley Grain Cooperative")
    t.add(1, "main", "")
    t.add(2, "heading", "Sign in to Grainhouse", "level=1")
    t.add(2, "alert", "")
    t.st(3, "Your session has ended. Sign in again to continue.")
    t.add(2, "textbox", "Username", "required")
    t.add(2, "textbox", "Password", "required")
    t.add(2, "checkbox", "Keep me signed in on this scale-house PC", "checked='false'")
    t.add(2, "button", "Sign in")
    t.add(2, "link", "Forgot password?")
    t.add(1, "contentinfo", "")
    t.st(2, "© 2024 Kessling Valley Grain Cooperative · Grainhouse 6.3.2")
    return obs(BASE + "/signin?next=" + next_path.replace("/", "%2F"), "Sign in — Grainhouse", t.text())


# --------------------------------------------------------------------------------------
# Runs
# --------------------------------------------------------------------------------------
def find_bid(text, role, name, nth=0):
    hits = []
    for line in text.split("\n"):
        s = line.strip("\t")
        if s.startswith("["):
            bid, rest = s[1:].split("] ", 1)
            r, nm = rest.split(" ", 1)
            if r == role and (nm == "'%s'" % name or nm.startswith("'%s'," % name)):
                hits.append(bid)
    if len(hits) <= nth:
        raise KeyError("%s %r not on page" % (role, name))
    return hits[nth]


class Run:
    def __init__(self, rid, ctx, initial):
        self.id = rid
        self.ctx = ctx
        self.initial = initial
        self.cur = initial
        self.steps = []
        self.marks = {}

    def mark(self, key):
        """Mark the index of the NEXT step to be appended."""
        self.marks.setdefault(key, len(self.steps))

    def act(self, commitment, kind, role, name, reasoning, effect, make_obs, value=None, nth=0):
        if kind == "send_msg_to_user":
            command = "send_msg_to_user(%s)" % json.dumps(value, ensure_ascii=False)
            target = None
        else:
            bid = find_bid(self.cur["text"], role, name, nth)
            if kind == "click":
                command = "click('%s')" % bid
            elif kind == "fill":
                command = "fill('%s', '%s')" % (bid, value)
            elif kind == "press":
                command = "press('%s', '%s')" % (bid, value)
            elif kind == "select_option":
                command = "select_option('%s', '%s')" % (bid, value)
            else:
                raise ValueError(kind)
            target = "%s '%s'" % (role, name)
        self.ctx.tick()
        o = make_obs() if callable(make_obs) else make_obs
        step = {"commitment": commitment,
                "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": o}
        self.steps.append(step)
        self.cur = o
        return o


def build_run(rid, spec, rng):
    """spec keys (all optional):
    open: search | browse_page2 | filter | sort | lab | browse_wrong | filter_status
    regrade_peek_cancel, moisture_typo, moisture, save_noop, readonly, regrade (ok|forbidden|skip|cancel),
    order (normal|payee2_first), query, pick, shares, save (ok|session_lost|premature), verify, info, live_toast
    """
    g = spec.get
    banner = None
    if g("readonly"):
        banner = ("Read-only mode: end-of-day settlement posting is running. Changes made before 14:30 "
                  "will not be saved.")
    ctx = Ctx(rng, banner=banner)
    info = g("info")
    run = Run(rid, ctx, page_dashboard(ctx, info=info))
    C1, C2, C3, C4 = "open-ticket", "correct-moisture", "regrade", "split-payment"
    target_id = "ST-24871" if g("open") in ("browse_wrong", "filter_status") else "ST-24817"
    tk = Ticket(target_id)

    # ---- open the ticket -----------------------------------------------------------
    mode = g("open", "search")
    if mode == "search":
        run.act(C1, "fill", "textbox", "Search tickets, growers, loads", "Search for the ticket number from the task",
                "read", lambda: page_dashboard(ctx, search="ST-24817", info=info), value="ST-24817")
        run.act(C1, "press", "textbox", "Search tickets, growers, loads", "Run the search", "read",
                lambda: page_search(ctx, "ST-24817"), value="Enter")
        run.act(C1, "click", "link", "ST-24817", "The only matching ticket is ST-24817, the Harlan / Ostrowski shared field load",
                "read", lambda: page_ticket(ctx, tk, info=info))
    elif mode == "lab":
        run.act(C1, "click", "link", "ST-24817",
                "The lab re-test table lists PS-3379 for ST-24817 with 18.4% vs 12.8%; open that ticket",
                "read", lambda: page_ticket(ctx, tk, info=info))
    else:
        run.act(C1, "click", "link", "Scale tickets", "Go to today's scale tickets", "read",
                lambda: page_list(ctx))
        if mode == "browse_page2":
            run.act(C1, "click", "button", "Next page",
                    "ST-24817 is not on page 1 (newest first, ends at ST-24818); go to page 2", "read",
                    lambda: page_list(ctx, page=2))
            run.act(C1, "click", "link", "ST-24817", "Open ST-24817, the shared Section 14 soybean load",
                    "read", lambda: page_ticket(ctx, tk))
        elif mode == "sort":
            run.act(C1, "click", "button", "Sort by Ticket", "Sort by ticket number so ST-24817 is easy to find",
                    "read", lambda: page_list(ctx, sort="ticket_asc"))
            run.act(C1, "click", "link", "ST-24817", "ST-24817 is fourth in ticket order; open it", "read",
                    lambda: page_ticket(ctx, tk))
        elif mode == "filter":
            run.act(C1, "select_option", "combobox", "Commodity", "The task suggests filtering today's tickets to Soybeans",
                    "read", lambda: page_list(ctx, commodity="Soybeans"), value="Soybeans")
            run.act(C1, "click", "link", "ST-24817", "ST-24817 is in the soybean list; open it", "read",
                    lambda: page_ticket(ctx, tk))
        elif mode == "browse_wrong":
            run.mark("fault")
            run.act(C1, "click", "link", "ST-24871",
                    "ST-24871 is a soybean load for Dale Harlen at the top of the list; this looks like the ticket",
                    "read", lambda: page_ticket(ctx, tk))
        elif mode == "filter_status":
            run.act(C1, "select_option", "combobox", "Commodity", "Filter today's tickets to Soybeans as suggested",
                    "read", lambda: page_list(ctx, commodity="Soybeans"), value="Soybeans")
            run.mark("fault")
            run.act(C1, "select_option", "combobox", "Status",
                    "The load needs re-grading, so it should already be graded; narrow to Graded tickets",
                    "read", lambda: page_list(ctx, commodity="Soybeans", status="Graded"), value="Graded")
            run.act(C1, "click", "link", "ST-24871",
                    "Only one graded soybean ticket is left, ST-24871; it must be the one", "read",
                    lambda: page_ticket(ctx, tk))

    # ---- optional peek at re-grade before correcting (healthy) ------------------------
    if g("regrade_peek_cancel"):
        run.act(C3, "click", "button", "Re-grade load", "Check what re-grading will do", "read",
                lambda: page_ticket(ctx, tk, dialog=dlg_regrade(tk)))
        run.act(C3, "click", "button", "Cancel",
                "The dialog would re-grade at 18.4%; the moisture must be corrected first, so cancel", "read",
                lambda: page_ticket(ctx, tk))

    # ---- correct moisture -----------------------------------------------------------
    run.act(C2, "click", "button", "Edit readings", "Open the readings editor to change the moisture", "read",
            lambda: page_ticket(ctx, tk, dialog=dlg_edit(tk, tk.moisture), info=info))
    if g("moisture_typo"):
        run.act(C2, "fill", "textbox", "Moisture (%)", "Enter the lab moisture", "read",
                lambda: page_ticket(ctx, tk, dialog=dlg_edit(tk, "128", error="Moisture must be between 5.0 and 35.0."),
                                    info=info), value="128")
        run.act(C2, "fill", "textbox", "Moisture (%)", "I left out the decimal point; retype 12.8", "read",
                lambda: page_ticket(ctx, tk, dialog=dlg_edit(tk, "12.8"), info=info), value="12.8")
    else:
        m = g("moisture", "12.8")
        if m != "12.8":
            run.mark("fault")
        run.act(C2, "fill", "textbox", "Moisture (%)", "Replace 18.4 with the lab re-test value", "read",
                lambda: page_ticket(ctx, tk, dialog=dlg_edit(tk, m), info=info), value=m)
    new_m = g("moisture", "12.8")

    if g("readonly"):
        run.act(C2, "click", "button", "Save readings", "Save the corrected moisture", "write",
                lambda: page_ticket(ctx, tk, dialog=dlg_edit(
                    tk, new_m, alert="Not saved — Grainhouse is in read-only mode until 14:30. Try again after "
                                     "settlement posting finishes.")))
        run.act(C2, "send_msg_to_user", None, None, "Tell the user the change could not be saved", "read",
                lambda: run.cur,
                value="I could not correct ST-24817: Grainhouse is in read-only mode until 14:30, so the moisture "
                      "change was not saved. Nothing was re-graded or split.")
        return run, tk, ctx

    def after_save():
        if g("save_noop"):
            return page_ticket(ctx, tk, info=info)
        old = tk.moisture
        tk.moisture = new_m
        tk.edited = (ctx.now(), old)
        tk.stale = True
        tk.status = "Needs review · re-grade required"
        tk.history.append((ctx.now(), "Readings edited: moisture %s%% → %s%% (lab re-test %s)" % (old, new_m, tk.rec["lab"][0]), "K. Brandt"))
        return page_ticket(ctx, tk, toast="Readings saved on %s (moisture %s%%)." % (tk.id, new_m), info=info)
    if g("save_noop"):
        run.mark("fault")
    run.act(C2, "click", "button", "Save readings", "Save the corrected moisture", "write", after_save)

    # ---- re-grade -------------------------------------------------------------------
    rg = g("regrade", "ok")
    if rg == "forbidden":
        run.mark("fault")
        run.act(C3, "click", "button", "Re-grade load", "Readings are saved; re-grade the load", "read",
                lambda: page_forbidden(ctx, tk))
        run.act(C3, "send_msg_to_user", None, None, "Report the blocker", "read", lambda: run.cur,
                value="I corrected the moisture on ST-24817 to 12.8%, but re-grading was refused (403: the Grader "
                      "role is required). The load is not re-graded and the payment is not split yet.")
        return run, tk, ctx
    if rg in ("ok", "cancel"):
        run.act(C3, "click", "button", "Re-grade load", "Readings are saved; re-grade the load", "read",
                lambda: page_ticket(ctx, tk, dialog=dlg_regrade(tk), info=info))
        if rg == "cancel":
            run.mark("fault")
            run.act(C3, "click", "button", "Cancel", "Close the confirmation box and move on to the split", "read",
                    lambda: page_ticket(ctx, tk, info=info))
        else:
            def after_regrade():
                tk.graded_m = tk.moisture
                tk.stale = False
                tk.graded_at = ctx.now()
                tk.graded_by = "K. Brandt"
                tk.status = "Graded"
                gr = tk.fig()["grade"]
                tk.history.append((ctx.now(), "Re-graded: %s" % gr, "K. Brandt"))
                toast = "%s re-graded: %s. Discounts recalculated." % (tk.id, gr)
                if g("live_toast"):
                    toast += " · Probe sample PS-3386 received for ST-24880."
                return page_ticket(ctx, tk, toast=toast, info=info)
            run.act(C3, "click", "button", "Re-grade", "Confirm the re-grade", "write", after_regrade)

    # ---- split payment --------------------------------------------------------------
    if rg == "skip":
        run.mark("fault")  # goes straight to the split with the grade still out of date
    rows = [{"grower": tk.rec["default_payee"], "share": "100"}]

    def split_page():
        return page_ticket(ctx, tk, dialog=dlg_split(tk, copy.deepcopy(rows)), info=info)
    reason_open = ("Moisture is fixed; set up the 60/40 payment split" if rg == "skip"
                   else "Open the payment split for the two growers")
    run.act(C4, "click", "button", "Split payment", reason_open, "read", split_page)
    s1, s2 = g("shares", (60, 40))
    query = g("query", "Ostrowski")
    pick = g("pick", "Marta Ostrowski (G-2280) · Section 14 co-owner")
    picked_label = pick.split(" · ")[0]

    def do_share1():
        if s1 != 60:
            run.mark("fault")
        rows[0]["share"] = str(s1)
        run.act(C4, "fill", "textbox", "Payee 1 share (%)", "Dale Harlan gets %d%%" % s1, "read", split_page,
                value=str(s1))

    def do_payee2():
        rows.append({"grower": "", "share": "0"})
        run.act(C4, "click", "button", "Add payee", "Add Marta Ostrowski as the second payee", "read", split_page)
        rows[1]["query"] = query
        rows[1]["suggestions"] = [s for s in GROWER_INDEX if query.lower()[:7] in s.lower()]  # fuzzy, like the app
        run.act(C4, "fill", "combobox", "Payee 2 grower", "Look up the second grower", "read", split_page,
                value=query)
        rows[1].pop("suggestions")
        rows[1].pop("query")
        rows[1]["grower"] = picked_label
        if picked_label != "Marta Ostrowski (G-2280)":
            run.mark("fault")
        run.act(C4, "click", "option", pick, "Pick %s" % picked_label, "read", split_page)
        rows[1]["share"] = str(s2)
        run.act(C4, "fill", "textbox", "Payee 2 share (%)", "%s gets %d%%" % (picked_label.split(" (")[0], s2),
                "read", split_page, value=str(s2))

    if g("order", "normal") == "payee2_first":
        do_payee2()
        do_share1()
    else:
        do_share1()
        do_payee2()

    save = g("save", "ok")
    f = tk.fig()
    payees = [(rows[0]["grower"], s1), (rows[1]["grower"], s2)]
    amts = split_amounts(f["payable"], [s1, s2])
    sidA, sidB = tk.id.replace("ST", "SS") + "-A", tk.id.replace("ST", "SS") + "-B"
    summary = ("Done. %s: moisture corrected to %s%% and re-graded (%s). Payment split saved: %s %s%% (%s, %s) "
               "and %s %s%% (%s, %s)." % (tk.id, tk.moisture, f["grade"], payees[0][0], s1, sidA, usd(amts[0]),
                                         payees[1][0], s2, sidB, usd(amts[1])))
    if save == "premature":
        run.mark("fault")
        run.act(C4, "send_msg_to_user", None, None, "Shares add up to 100%; report completion", "read",
                lambda: run.cur, value=summary)
        return run, tk, ctx
    if save == "session_lost":
        run.mark("fault")
        run.act(C4, "click", "button", "Save split", "Shares total 100%; save the split", "irreversible",
                lambda: page_signin("/grainhouse/tickets/%s/split" % tk.id))
        run.act(C4, "send_msg_to_user", None, None, "Report the interruption", "read", lambda: run.cur,
                value="Moisture on ST-24817 is corrected to 12.8% and the load is re-graded, but Grainhouse signed "
                      "me out when I pressed Save split, so the 60/40 split was probably not saved.")
        return run, tk, ctx

    def after_split():
        tk.split = payees
        tk.status = "Graded · payment split saved"
        tk.history.append((ctx.now(), "Payment split saved: %s %d%%, %s %d%%" % (payees[0][0], s1, payees[1][0], s2),
                           "K. Brandt"))
        return page_settlement(ctx, tk, toast="Payment split saved for %s. Statements %s and %s created."
                               % (tk.id, sidA, sidB))
    run.act(C4, "click", "button", "Save split", "Shares total 100%; save the split", "irreversible", after_split)
    if g("verify"):
        run.act(C4, "click", "link", sidB, "Check Marta Ostrowski's statement before reporting", "read",
                lambda: page_statement(ctx, tk, 1))
    run.act(C4, "send_msg_to_user", None, None, "Report what was done", "read", lambda: run.cur, value=summary)
    return run, tk, ctx


# (id suffix, fault, spec, outcome success)
HEALTHY = [
    ("healthy-search-01", dict(open="search")),
    ("healthy-browse_page2-02", dict(open="browse_page2")),
    ("healthy-filter_soybeans-03", dict(open="filter")),
    ("healthy-regrade_peek_cancel-04", dict(open="search", regrade_peek_cancel=True)),
    ("healthy-retype_moisture-05", dict(open="filter", moisture_typo=True)),
    ("healthy-sort_by_ticket-06", dict(open="sort")),
    ("healthy-lab_link_grower_id-07", dict(open="lab", query="G-2280",
                                           info="Cash bids updated 10:30 — soybeans $10.46/bu, corn $3.88/bu, "
                                                "HRW wheat $5.71/bu.")),
    ("healthy-verify_statement-08", dict(open="search", order="payee2_first", verify=True, live_toast=True)),
]

FAULTY = [
    ("wrong_record-near_miss_ticket-01", "wrong_record", dict(open="browse_wrong")),
    ("wrong_record-near_miss_grower-02", "wrong_record",
     dict(open="search", pick="Marta Ostrowska (G-2208) · Pelican Lake")),
    ("wrong_value-moisture-03", "wrong_value", dict(open="browse_page2", moisture="21.8")),
    ("wrong_value-shares_reversed-04", "wrong_value", dict(open="search", shares=(40, 60))),
    ("silent_no_op-save_readings-05", "silent_no_op", dict(open="search", save_noop=True)),
    ("unrequested_filter-status_graded-06", "unrequested_filter", dict(open="filter_status")),
    ("permission_denied-regrade-07", "permission_denied", dict(open="filter", regrade="forbidden")),
    ("session_expired-save_split-08", "session_expired", dict(open="sort", save="session_lost")),
    ("premature_success-split_unsaved-09", "premature_success", dict(open="search", save="premature")),
    ("skipped_step-no_regrade-10", "skipped_step", dict(open="lab", regrade="skip")),
    ("dialog_mishandled-regrade_cancelled-11", "dialog_mishandled", dict(open="search", regrade="cancel")),
    ("read_only_mode-start_page-12", "read_only_mode", dict(open="search", readonly=True)),
]


def record(run, fault, success):
    if fault is None:
        label = {"fault": None, "first_off_track_step": None}
    elif fault == "read_only_mode":
        label = {"fault": fault, "first_off_track_step": 0}  # banner already on the start page
    else:
        label = {"fault": fault, "first_off_track_step": run.marks["fault"]}
    return {
        "id": "grainhouse-" + run.id,
        "workflow": WORKFLOW,
        "task": TASK,
        "plan": PLAN_REL,
        "label": label,
        "initial_observation": run.initial,
        "steps": run.steps,
        "outcome": {"success": success},
    }


def generate():
    out = []
    for i, (rid, spec) in enumerate(HEALTHY):
        run, _, _ = build_run(rid, spec, random.Random(SEED * 100 + i))
        out.append(record(run, None, True))
    for j, (rid, fault, spec) in enumerate(FAULTY):
        run, _, _ = build_run(rid, spec, random.Random(SEED * 100 + 50 + j))
        out.append(record(run, fault, False))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, "plans"), exist_ok=True)
    with open(os.path.join(a.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    runs = generate()
    with open(os.path.join(a.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in runs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(a.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
