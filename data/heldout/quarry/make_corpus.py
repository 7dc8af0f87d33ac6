#!/usr/bin/env python3
"""Held-out corpus generator: TarePoint, a quarry weighbridge and dispatch system.

Organisation : Harrowfield Aggregates Ltd, Blackstone Edge Quarry
Signed-in user: Mara Lindqvist (Weighbridge Supervisor)
Today         : Tuesday 15 October 2024

Writes (next to this file):
  corpus.jsonl               20 trajectories (8 healthy, 12 faulty)
  plans/weigh_out.yaml       plan for the truck-ticket weigh-out workflow
  plans/haul_variation.yaml  plan for the haul-contract variation workflow

Stdlib only, fixed seed, deterministic output.  Run:  python3 make_corpus.py
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20241015
RNG = random.Random(SEED)

BASE = "http://127.0.0.1:8000"
APP = "TarePoint"
ORG = "Harrowfield Aggregates Ltd"
SITE = "Blackstone Edge Quarry"
USER = "Mara Lindqvist"
ROLE = "Weighbridge Supervisor"
TODAY = "Tue 15 Oct 2024"
NAV = ["Dispatch board", "Tickets", "Haul contracts", "Customers", "Vehicles", "Reports"]


def q(s):
    """Quote a node name the way BrowserGym's flattener does (Python repr)."""
    return repr(s)


def kg(n):
    return f"{n:,} kg"


def tonnes(n):
    return f"{n / 1000:.2f} t"


# --------------------------------------------------------------------------- AXTree builder
class Page:
    """One page load: a flattened accessibility tree with bids assigned in DOM order."""

    def __init__(self, title, path):
        self.title = f"{title} · {APP}"
        self.url = BASE + path
        self.rows = []  # (depth, bid or None, role, name, props)
        self.n = 0

    def el(self, depth, role, name="", *props):
        self.n += 1
        bid = f"a{self.n}"
        self.rows.append((depth, bid, role, name, tuple(p for p in props if p)))
        return bid

    def txt(self, depth, text):
        self.rows.append((depth, None, "StaticText", text, ()))

    def render(self):
        out = [f"RootWebArea {q(self.title)}, focused"]
        for depth, bid, role, name, props in self.rows:
            line = "\t" * depth + (f"[{bid}] " if bid else "") + f"{role} {q(name)}"
            if props:
                line += ", " + ", ".join(props)
            out.append(line)
        return "\n".join(out)

    def find(self, role, name):
        for _d, bid, r, n, _p in self.rows:
            if bid and r == role and n == name:
                return bid
        raise KeyError(f"{role} {name!r} not on page {self.title!r}")

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.render(), "error": error}


# --------------------------------------------------------------------------- shared furniture
def header(p, active=None, search="", suggestions=None, crumbs=None):
    p.el(1, "banner", "")
    p.el(2, "link", f"{APP} home", "clickable")
    p.txt(2, f"{APP} · {SITE}")
    p.el(2, "navigation", "Main")
    p.el(3, "list", "")
    for item in NAV:
        p.el(4, "listitem", "")
        p.el(5, "link", item, "clickable", "current='page'" if item == active else "")
    p.el(2, "search", "")
    p.el(3, "combobox", "Search tickets, vehicles, contracts", "clickable", "hasPopup='listbox'",
         f"expanded={'True' if suggestions else 'False'}", f"value={q(search)}" if search else "")
    if suggestions:
        p.el(4, "listbox", "Search suggestions")
        for s in suggestions:
            p.el(5, "option", s, "clickable", "selected=False")
    p.el(3, "button", "Search", "clickable")
    p.el(2, "button", "Notifications, 2 unread", "clickable", "hasPopup='menu'", "expanded=False")
    p.el(2, "button", f"{USER}, {ROLE}", "clickable", "hasPopup='menu'", "expanded=False")
    if crumbs:
        p.el(1, "navigation", "Breadcrumb")
        p.el(2, "list", "")
        for i, c in enumerate(crumbs):
            p.el(3, "listitem", "")
            if i < len(crumbs) - 1:
                p.el(4, "link", c, "clickable")
            else:
                p.txt(4, c)


def live_regions(p, toast=None, alert=None):
    p.el(1, "status", "", "live='polite'", "atomic", "relevant='additions text'")
    if toast:
        p.txt(2, toast)
        p.el(2, "button", "Dismiss notification", "clickable")
    if alert:
        p.el(1, "alert", "", "live='assertive'", "atomic", "relevant='additions text'")
        p.txt(2, alert)


def footer(p, clock):
    p.el(1, "contentinfo", "")
    p.txt(2, f"{APP} 4.12.2 · © 2024 {ORG}")
    p.el(2, "link", "Help centre", "clickable")
    p.el(2, "link", "Weighbridge certificates", "clickable")
    p.el(2, "link", "Privacy", "clickable")
    p.txt(2, f"{TODAY} · server time {clock} · WB1 online · WB2 online")


def recently_viewed(p, items, depth=2):
    p.el(depth, "complementary", "Recently viewed")
    p.el(depth + 1, "heading", "Recently viewed", "level=2")
    p.el(depth + 1, "list", "")
    for it in items:
        p.el(depth + 2, "listitem", "")
        p.el(depth + 3, "link", it, "clickable")


def select(p, depth, label, options, value, *props):
    p.el(depth, "combobox", label, "clickable", "hasPopup='menu'", "expanded=False",
         f"value={q(value)}", *props)
    p.el(depth + 1, "listbox", "")
    for o in options:
        p.el(depth + 2, "option", o, f"selected={'True' if o == value else 'False'}")


# --------------------------------------------------------------------------- weighbridge data
HAULIERS = ["Pennine Tipper Hire", "Calder Bulk Haulage", "R. Sutcliffe & Sons", "Moorside Transport",
            "Ridings Aggregate Haulage", "Own fleet"]
CUSTOMERS = ["Calder Valley Homes", "Kirkburn Surfacing", "Brigg & Lowe Construction",
             "Halifax Borough Council Highways", "Northgate Concrete", "Sowerby Groundworks", "Cash sale"]
PRODUCTS = ["Type 1 MOT sub-base 0/40", "6F2 Capping 0/125", "20mm clean stone", "10mm chippings",
            "Scalpings 0/75", "Quarry dust 0/4", "6F5 Capping 0/75"]
LETTERS = "ABCDEFGHJKLMNOPRSTUVWXY"


def reg():
    a = RNG.choice(["YJ", "YK", "YT", "YX", "LN", "MX", "PO", "DK", "DA", "SN", "FJ", "WU"])
    return f"{a}{RNG.choice(['17', '18', '19', '20', '21', '22', '68', '69', '70', '71', '72'])} " \
           + "".join(RNG.choice(LETTERS) for _ in range(3))


TARGET = "TK-24817"
TICKETS = {}


def _mk(tid, **kw):
    TICKETS[tid] = dict(id=tid, **kw)


# fixed records: the target, its sibling one digit apart (same customer, look-alike reg) and the
# same truck's earlier load today.
_mk("TK-24817", reg="KX19 RDE", body="8-wheel tipper", plated=32000, haulier="Pennine Tipper Hire",
    driver="J. Whitworth", customer="Dunmore Civils Ltd", acct="DUN014", contract="HC-2291",
    cname="A629 Widening – Halifax", product="Type 1 MOT sub-base 0/40", tare=12180, arrived="09:14",
    tared="09:21", status="Tared – awaiting weigh-out", dest="A629 Widening compound, Ovenden HX3")
_mk("TK-24818", reg="KX69 RDE", body="8-wheel tipper", plated=32000, haulier="Pennine Tipper Hire",
    driver="S. Akhtar", customer="Dunmore Civils Ltd", acct="DUN014", contract="HC-2291",
    cname="A629 Widening – Halifax", product="Type 1 MOT sub-base 0/40", tare=11940, arrived="09:17",
    tared="09:23", status="Tared – awaiting weigh-out", dest="A629 Widening compound, Ovenden HX3")
_mk("TK-24790", reg="KX19 RDE", body="8-wheel tipper", plated=32000, haulier="Pennine Tipper Hire",
    driver="J. Whitworth", customer="Dunmore Civils Ltd", acct="DUN014", contract="HC-2291",
    cname="A629 Widening – Halifax", product="Type 1 MOT sub-base 0/40", tare=12160, arrived="06:41",
    tared="06:48", status="Issued 07:12", dest="A629 Widening compound, Ovenden HX3", net=19880)
_mk("TK-24816", reg="YJ68 HTV", body="6-wheel tipper", plated=26000, haulier="Calder Bulk Haulage",
    driver="P. Greenwood", customer="Dunmore Civils Ltd", acct="DUN014", contract="HC-2219",
    cname="Carr Lane Depot resurfacing", product="20mm clean stone", tare=10020, arrived="09:10",
    tared="09:12", status="Issued 09:33", dest="Carr Lane Depot, Sowerby Bridge HX6", net=15240)
_mk("TK-24823", reg="YJ68 HTU", body="8-wheel tipper", plated=32000, haulier="Pennine Tipper Hire",
    driver="K. Barraclough", customer="Dunmore Civils Ltd", acct="DUN014", contract="HC-2291",
    cname="A629 Widening – Halifax", product="Type 1 MOT sub-base 0/40", tare=None, arrived="09:29",
    tared=None, status="Queued for tare", dest="A629 Widening compound, Ovenden HX3")


def _filler():
    """Other tickets of the morning, generated from the seed; the fixed records get the arrival
    time of their place in the id sequence."""
    minute = 8 * 60 + 20
    for num in range(24796, 24832):
        tid = f"TK-{num}"
        minute += RNG.choice([1, 2, 2, 3])
        arrived = f"{minute // 60:02d}:{minute % 60:02d}"
        if tid in TICKETS:
            t = TICKETS[tid]
            t["arrived"] = arrived
            if t["tare"] is not None:
                m2 = minute + 5
                t["tared"] = f"{m2 // 60:02d}:{m2 % 60:02d}"
            continue
        issued = (num <= 24815 and num not in (24804, 24811, 24813, 24814)) or num in (24819, 24821)
        if issued:
            status = "Issued"
        elif num >= 24826:
            status = "Queued for tare"
        elif num in (24804, 24820, 24824, 24825):
            status = "At loading shovel"
        else:
            status = "Tared – awaiting weigh-out"
        cust = RNG.choice(CUSTOMERS)
        _mk(tid, reg=reg(), body=RNG.choice(["8-wheel tipper", "6-wheel tipper", "Articulated tipper"]),
            plated=32000, haulier=RNG.choice(HAULIERS), driver="", customer=cust, acct="",
            contract="", cname="", product=RNG.choice(PRODUCTS), tare=None, arrived=arrived,
            tared=None, status=status, dest="")


_filler()
OPEN = sorted([t for t in TICKETS.values() if not t["status"].startswith("Issued")],
              key=lambda t: t["id"], reverse=True)


def waiting(t, clock):
    h, m = map(int, t["arrived"].split(":"))
    ch, cm = map(int, clock.split(":"))
    return f"{(ch * 60 + cm) - (h * 60 + m)} min"


# --------------------------------------------------------------------------- weighbridge pages
def board(clock, page_no=1, status_filter="All open", sort=("Arrived", "descending"), panel=False,
          panel_status=None, toast=None, search="", suggestions=None, recent=None, exclude=()):
    p = Page("Dispatch board", "/dispatch" + (f"?page={page_no}" if page_no > 1 else "")
             + ("&" if page_no > 1 else "?") * (status_filter != "All open")
             + ("status=tared" if status_filter != "All open" else "")
             + (f"&sort={sort[0].lower()}" if sort[0] != "Arrived" else ""))
    header(p, "Dispatch board", search, suggestions)
    p.el(1, "main", "")
    p.el(2, "heading", f"Dispatch board — {TODAY}", "level=1")
    p.el(2, "region", "Weighbridges")
    p.txt(3, "WB1 Inbound · online · last weigh 09:38 · 11,940 kg")
    p.txt(3, "WB2 Outbound · online · indicator 0 kg")
    rows = [t for t in OPEN if t["id"] not in exclude]
    if status_filter != "All open":
        rows = [t for t in rows if t["status"] == status_filter]
    p.el(2, "tablist", "Ticket views")
    p.el(3, "tab", f"Open ({len([t for t in OPEN if t['id'] not in exclude])})", "clickable", "selected=True")
    p.el(3, "tab", f"Issued today ({48 + len(exclude)})", "clickable", "selected=False")
    p.el(3, "tab", "Voided (1)", "clickable", "selected=False")
    p.el(2, "toolbar", "Board tools")
    p.el(3, "button", "Filters", "clickable", f"expanded={'True' if panel else 'False'}",
         "controls='filter-panel'")
    p.el(3, "button", "New ticket", "clickable")
    p.el(3, "button", "Export CSV", "clickable")
    if status_filter != "All open":
        p.txt(3, "Active filters:")
        p.el(3, "button", f"Remove filter Status: {status_filter}", "clickable")
    if panel:
        p.el(2, "region", "Filters")
        select(p, 3, "Status", ["All open", "Queued for tare", "At loading shovel",
                                "Tared – awaiting weigh-out"], panel_status or status_filter)
        select(p, 3, "Product", ["All products"] + PRODUCTS, "All products")
        select(p, 3, "Customer", ["All customers", "Dunmore Civils Ltd"] + CUSTOMERS, "All customers")
        p.el(3, "checkbox", "Only tickets waiting over 30 min", "clickable", "checked='false'")
        p.el(3, "button", "Apply filters", "clickable")
        p.el(3, "button", "Reset", "clickable")
    key, direction = sort
    if key == "Arrived":
        rows = sorted(rows, key=lambda t: t["arrived"], reverse=(direction == "descending"))
    elif key == "Customer":
        rows = sorted(rows, key=lambda t: (t["customer"], t["arrived"]))
    per = 10
    pages = max(1, (len(rows) + per - 1) // per)
    shown = rows[(page_no - 1) * per: page_no * per]
    p.el(2, "table", "Open tickets")
    p.el(3, "rowgroup", "")
    p.el(4, "row", "")
    for col in ["Ticket", "Vehicle", "Haulier", "Customer", "Product", "Status", "Arrived", "Waiting"]:
        if col in ("Ticket", "Customer", "Arrived", "Vehicle"):
            state = "none" if col != key else direction
            p.el(5, "columnheader", col, f"sort={q(state)}")
            label = f"Sort by {col}" + (f", sorted {direction}" if col == key else "")
            p.el(6, "button", label, "clickable")
        else:
            p.el(5, "columnheader", col)
    p.el(3, "rowgroup", "")
    for t in shown:
        p.el(4, "row", "")
        p.el(5, "cell", "")
        p.el(6, "link", t["id"], "clickable")
        for v in (t["reg"], t["haulier"], t["customer"], t["product"], t["status"], t["arrived"],
                  waiting(t, clock)):
            p.el(5, "cell", v)
    p.txt(2, f"Showing {(page_no - 1) * per + 1}–{(page_no - 1) * per + len(shown)} of {len(rows)} tickets")
    p.el(2, "navigation", "Pagination")
    p.el(3, "link", "Previous page", "clickable" if page_no > 1 else "", "disabled=True" if page_no == 1 else "")
    for i in range(1, pages + 1):
        p.el(3, "link", f"Page {i}", "clickable", "current='page'" if i == page_no else "")
    p.el(3, "link", "Next page", "clickable" if page_no < pages else "",
         "disabled=True" if page_no == pages else "")
    recently_viewed(p, recent or ["TK-24818 · KX69 RDE", "TK-24817 · KX19 RDE", "HC-2291 · A629 Widening"])
    live_regions(p, toast)
    footer(p, clock)
    return p


def search_results(query, clock, hits):
    p = Page(f"Search results for {query}", f"/search?q={query.replace(' ', '+')}")
    header(p, None, query, None, ["Home", "Search"])
    p.el(1, "main", "")
    p.el(2, "heading", f"Search results for {query}", "level=1")
    tk = [h for h in hits if h[0] == "ticket"]
    hc = [h for h in hits if h[0] == "contract"]
    cu = [h for h in hits if h[0] == "customer"]
    p.el(2, "tablist", "Result types")
    p.el(3, "tab", f"All ({len(hits)})", "clickable", "selected=True")
    p.el(3, "tab", f"Tickets ({len(tk)})", "clickable", "selected=False")
    p.el(3, "tab", f"Contracts ({len(hc)})", "clickable", "selected=False")
    p.el(3, "tab", f"Customers ({len(cu)})", "clickable", "selected=False")
    select(p, 2, "Sort results", ["Best match", "Newest first", "Oldest first"], "Best match")
    if tk:
        p.el(2, "heading", "Tickets", "level=2")
        p.el(2, "table", "Ticket results")
        p.el(3, "row", "")
        for c in ("Ticket", "Vehicle", "Customer", "Status", "Arrived"):
            p.el(4, "columnheader", c)
        for _k, tid in tk:
            t = TICKETS[tid]
            p.el(3, "row", "")
            p.el(4, "cell", "")
            p.el(5, "link", tid, "clickable")
            for v in (t["reg"], t["customer"], t["status"], t["arrived"]):
                p.el(4, "cell", v)
    if hc:
        p.el(2, "heading", "Haul contracts", "level=2")
        p.el(2, "list", "Contract results")
        for _k, cid in hc:
            c = CONTRACTS[cid]
            p.el(3, "listitem", "")
            p.el(4, "link", cid, "clickable")
            p.txt(4, f"{c['name']} · {c['customer']} · {c['status']}")
    if cu:
        p.el(2, "heading", "Customers", "level=2")
        p.el(2, "list", "Customer results")
        for _k, name in cu:
            p.el(3, "listitem", "")
            p.el(4, "link", name, "clickable")
            p.txt(4, "Account DUN014 · credit account · 3 active contracts" if name.startswith("Dunmore Civils")
                  else "Account DCG002 · credit account · 1 active contract")
    p.txt(2, f"{len(hits)} results")
    live_regions(p)
    footer(p, clock)
    return p


def ticket_page(tid, clock, state="tared", gross=None, issued_at=None, toast=None, recent=None,
                search="", suggestions=None):
    t = TICKETS[tid]
    p = Page(f"Ticket {tid}", f"/tickets/{tid}")
    header(p, "Tickets", search, suggestions, ["Dispatch board", "Tickets", tid])
    p.el(1, "main", "")
    p.el(2, "heading", f"Ticket {tid}", "level=1")
    status = t["status"] if state == "tared" else f"Issued {issued_at}"
    p.txt(2, f"Status: {status}")
    p.el(2, "toolbar", "Ticket actions")
    if state == "tared":
        p.el(3, "button", "Record weigh-out", "clickable")
        p.el(3, "button", "Print tare slip", "clickable")
    else:
        p.el(3, "button", "Reprint delivery note", "clickable")
        p.el(3, "button", "Raise credit note", "clickable")
    p.el(3, "button", "More actions", "clickable", "hasPopup='menu'", "expanded=False")
    p.el(2, "group", "Vehicle")
    p.txt(3, "Vehicle")
    p.el(3, "link", t["reg"], "clickable")
    p.txt(3, f"{t['body']} · plated weight {kg(t['plated'])}")
    p.txt(3, f"Haulier: {t['haulier']} · Driver: {t['driver']}")
    p.el(2, "group", "Order")
    p.txt(3, "Customer")
    p.el(3, "link", f"{t['customer']} ({t['acct']})", "clickable")
    p.txt(3, "Haul contract")
    p.el(3, "link", f"{t['contract']} {t['cname']}", "clickable")
    p.txt(3, f"Product: {t['product']}")
    p.txt(3, f"Deliver to: {t['dest']}")
    p.el(2, "table", "Weights")
    p.el(3, "row", "")
    for c in ("Weighing", "Weight", "Weighbridge", "Time"):
        p.el(4, "columnheader", c)
    p.el(3, "row", "")
    for v in ("Tare", kg(t["tare"]), "WB1 Inbound", t["tared"]):
        p.el(4, "cell", v)
    p.el(3, "row", "")
    if state == "tared":
        for v in ("Gross", "—", "—", "—"):
            p.el(4, "cell", v)
    else:
        for v in ("Gross", kg(gross), "WB2 Outbound", issued_at):
            p.el(4, "cell", v)
    p.el(3, "row", "")
    if state == "tared":
        for v in ("Net", "—", "", ""):
            p.el(4, "cell", v)
    else:
        net = gross - t["tare"]
        for v in ("Net", f"{kg(net)} ({tonnes(net)})", "", ""):
            p.el(4, "cell", v)
    if state != "tared":
        p.txt(2, f"Delivery note {DN[tid]} · printed on WB2-PR1")
    p.el(2, "button", "Show audit trail", "clickable", "expanded=False")
    p.el(2, "complementary", "Related tickets")
    p.el(3, "heading", "Related tickets", "level=2")
    p.txt(3, f"Earlier loads for {t['reg']} today")
    p.el(3, "list", "")
    for other in TICKETS.values():
        if other["reg"] == t["reg"] and other["id"] != tid:
            p.el(4, "listitem", "")
            p.el(5, "link", other["id"], "clickable")
            p.txt(5, f"{other['status']} · {tonnes(other['net']) if other.get('net') else ''}".strip(" ·"))
    p.txt(3, f"Other open tickets for {t['customer']}")
    p.el(3, "list", "")
    for oid in ("TK-24818", "TK-24817", "TK-24823"):
        if oid != tid:
            o = TICKETS[oid]
            p.el(4, "listitem", "")
            p.el(5, "link", oid, "clickable")
            p.txt(5, f"{o['reg']} · {o['status']}")
    recently_viewed(p, recent or ["TK-24818 · KX69 RDE", "HC-2291 · A629 Widening", "TK-24790 · KX19 RDE"])
    live_regions(p, toast)
    footer(p, clock)
    return p


DN = {"TK-24817": "DN-118402", "TK-24818": "DN-118402"}


def weighout_form(tid, clock, wb=None, gross="", remarks="", dialog=False, sheeted=False):
    t = TICKETS[tid]
    p = Page(f"Weigh out {tid}", f"/tickets/{tid}/weigh-out")
    header(p, "Tickets", crumbs=["Dispatch board", "Tickets", tid, "Weigh out"])
    p.el(1, "main", "")
    p.el(2, "heading", f"Weigh out ticket {tid}", "level=1")
    p.txt(2, f"{t['reg']} · {t['customer']} · {t['product']}")
    p.txt(2, f"Tare {kg(t['tare'])} on WB1 Inbound at {t['tared']}")
    p.el(2, "form", "Weigh-out")
    select(p, 3, "Weighbridge", ["Select weighbridge", "WB1 Inbound", "WB2 Outbound"],
           wb or "Select weighbridge", "required")
    if wb == "WB2 Outbound":
        p.txt(3, "WB2 indicator: 31,640 kg · stable")
    elif wb == "WB1 Inbound":
        p.txt(3, "WB1 indicator: 0 kg · stable")
    p.el(3, "textbox", "Gross weight (kg)", "clickable", "required", f"value={q(gross)}" if gross else "")
    p.el(3, "button", "Read from indicator", "clickable", "" if wb else "disabled=True")
    if gross:
        g = int(gross)
        net = g - t["tare"]
        p.txt(3, f"Net weight: {kg(net)} ({tonnes(net)})")
        p.txt(3, f"Within plated weight ({kg(t['plated'])})" if g <= t["plated"]
              else f"Exceeds plated weight ({kg(t['plated'])}) by {kg(g - t['plated'])}")
    else:
        p.txt(3, "Net weight: —")
    p.el(3, "checkbox", "Print delivery note", "clickable", "checked='true'")
    p.el(3, "checkbox", "Load sheeted", "clickable", f"checked='{'true' if sheeted else 'false'}'")
    p.el(3, "textbox", "Remarks (optional)", "clickable", f"value={q(remarks)}" if remarks else "")
    p.el(3, "button", "Save and issue ticket", "clickable")
    p.el(3, "button", "Save as pending", "clickable")
    p.el(3, "link", "Cancel", "clickable")
    live_regions(p)
    footer(p, clock)
    if dialog:
        net = int(gross) - t["tare"]
        p.el(1, "dialog", f"Issue ticket {tid}?", "modal=True")
        p.el(2, "heading", f"Issue ticket {tid}?", "level=2")
        p.txt(2, f"Net {kg(net)} ({tonnes(net)}) of {t['product']} to {t['customer']} on {t['contract']}.")
        p.txt(2, "Issued tickets can only be changed by raising a credit note.")
        p.el(2, "button", "Issue ticket", "clickable", "focused")
        p.el(2, "button", "Cancel", "clickable")
    return p


# --------------------------------------------------------------------------- contract data
CONTRACTS = {
    "HC-2291": dict(name="A629 Widening – Halifax", customer="Dunmore Civils Ltd", status="Active",
                    term="1 Jul 2024 – 31 Mar 2025", zone="Zone C (10–15 mi)", rate="£4.60 per tonne"),
    "HC-2292": dict(name="A629 Widening Phase 2 – Brighouse", customer="Dunmore Construction Group",
                    status="Active", term="1 Oct 2024 – 30 Jun 2025", zone="Zone D (15–20 mi)",
                    rate="£5.10 per tonne"),
    "HC-2219": dict(name="Carr Lane Depot resurfacing", customer="Dunmore Civils Ltd", status="Active",
                    term="4 Mar 2024 – 20 Dec 2024", zone="Zone B (5–10 mi)", rate="£3.95 per tonne"),
    "HC-2290": dict(name="Shibden Rise housing, plots 1–64", customer="Calder Valley Homes",
                    status="Active", term="1 Jun 2024 – 31 May 2025", zone="Zone B (5–10 mi)",
                    rate="£4.05 per tonne"),
}


def _contract_filler():
    names = ["Elland bypass drainage", "Mytholmroyd flood works", "Ripponden school car park",
             "Todmorden retail park", "Queensbury link road", "Hebden Bridge mill conversion",
             "Brighouse depot yard", "Luddenden lane resurfacing", "Sowerby Bridge canal wall",
             "Northowram farm tracks", "Greetland quarry road", "King Cross junction"]
    for i, num in enumerate([2293, 2289, 2288, 2287, 2286, 2285, 2284, 2283, 2282, 2281, 2280, 2279]):
        CONTRACTS[f"HC-{num}"] = dict(
            name=names[i], customer=RNG.choice(CUSTOMERS[:-1]), status="Active",
            term="2024 – 2025", zone=RNG.choice(["Zone A (0–5 mi)", "Zone B (5–10 mi)", "Zone C (10–15 mi)"]),
            rate=f"£{RNG.choice([3.7, 3.95, 4.2, 4.45, 4.8]):.2f} per tonne")


_contract_filler()


def contracts_list(clock, filt="", page_no=1, dialog_leave=False):
    p = Page("Haul contracts", "/contracts" + (f"?q={filt}" if filt else ""))
    header(p, "Haul contracts", crumbs=["Home", "Haul contracts"])
    p.el(1, "main", "")
    p.el(2, "heading", "Haul contracts", "level=1")
    p.el(2, "textbox", "Filter contracts", "clickable", f"value={q(filt)}" if filt else "")
    select(p, 2, "Status", ["Active", "Draft", "Expired", "All"], "Active")
    p.el(2, "button", "New haul contract", "clickable")
    ids = sorted(CONTRACTS, reverse=True)
    if filt:
        ids = [c for c in ids if filt.lower() in (c + " " + CONTRACTS[c]["name"] + " "
                                                  + CONTRACTS[c]["customer"]).lower()]
    per = 10
    shown = ids[(page_no - 1) * per: page_no * per]
    p.el(2, "table", "Haul contracts")
    p.el(3, "row", "")
    for col in ("Contract", "Project", "Customer", "Haul zone", "Rate", "Status"):
        p.el(4, "columnheader", col, "sort='descending'" if col == "Contract" else "")
        if col in ("Contract", "Customer"):
            p.el(5, "button", f"Sort by {col}" + (", sorted descending" if col == "Contract" else ""),
                 "clickable")
    for cid in shown:
        c = CONTRACTS[cid]
        p.el(3, "row", "")
        p.el(4, "cell", "")
        p.el(5, "link", cid, "clickable")
        for v in (c["name"], c["customer"], c["zone"], c["rate"], c["status"]):
            p.el(4, "cell", v)
    pages = max(1, (len(ids) + per - 1) // per)
    p.txt(2, f"{len(ids)} contracts")
    p.el(2, "navigation", "Pagination")
    p.el(3, "link", "Previous page", "disabled=True" if page_no == 1 else "clickable")
    for i in range(1, pages + 1):
        p.el(3, "link", f"Page {i}", "clickable", "current='page'" if i == page_no else "")
    p.el(3, "link", "Next page", "disabled=True" if page_no == pages else "clickable")
    recently_viewed(p, ["HC-2292 · A629 Widening Phase 2", "TK-24817 · KX19 RDE", "Dunmore Civils Ltd"])
    live_regions(p)
    footer(p, clock)
    return p


VAR_ROWS = [("HC-2291/V1", "12 Aug 2024", "Additional tonnage: 2,000 t Type 1", "Approved"),
            ("HC-2291/V2", "9 Sep 2024", "Term extension to 31 Mar 2025", "Approved"),
            ("HC-2291/V3", "30 Sep 2024", "Rate change: £4.85 per load", "Rejected")]


def contract_page(clock, extra_vars=(), toast=None, recent=None, search="", suggestions=None):
    c = CONTRACTS["HC-2291"]
    p = Page("Haul contract HC-2291", "/contracts/HC-2291")
    header(p, "Haul contracts", search, suggestions, ["Home", "Haul contracts", "HC-2291"])
    p.el(1, "main", "")
    p.el(2, "heading", "Haul contract HC-2291", "level=1")
    p.txt(2, f"{c['name']} · Status: {c['status']}")
    p.el(2, "toolbar", "Contract actions")
    p.el(3, "button", "Raise variation", "clickable")
    p.el(3, "button", "Edit contract", "disabled=True", "description='Active contracts change by variation'")
    p.el(3, "button", "Download PDF", "clickable")
    p.el(2, "group", "Contract terms")
    p.txt(3, "Customer")
    p.el(3, "link", "Dunmore Civils Ltd (DUN014)", "clickable")
    p.txt(3, f"Term: {c['term']}")
    p.txt(3, f"Haul zone: {c['zone']} · Haulage rate: {c['rate']}")
    p.txt(3, "Delivery site: A629 Widening compound, Ovenden HX3")
    p.el(2, "table", "Product lines")
    p.el(3, "row", "")
    for col in ("Product", "Ordered", "Delivered", "Unit price"):
        p.el(4, "columnheader", col)
    for row in (("Type 1 MOT sub-base 0/40", "8,000 t", "5,412 t", "£13.10/t"),
                ("20mm clean stone", "1,500 t", "610 t", "£16.40/t")):
        p.el(3, "row", "")
        for v in row:
            p.el(4, "cell", v)
    p.el(2, "table", "Variations")
    p.el(3, "row", "")
    for col in ("Variation", "Date", "Summary", "Status", ""):
        p.el(4, "columnheader", col)
    for v in list(VAR_ROWS) + list(extra_vars):
        p.el(3, "row", "")
        p.el(4, "cell", "")
        p.el(5, "link", v[0], "clickable")
        for x in v[1:]:
            p.el(4, "cell", x)
        p.el(4, "cell", "")
        if v[3] == "Draft":
            p.el(5, "link", f"Continue draft {v[0]}", "clickable")
    p.el(2, "complementary", "Related contracts")
    p.el(3, "heading", "Related contracts", "level=2")
    p.el(3, "list", "")
    for cid, note in (("HC-2219", "Carr Lane Depot resurfacing · same customer"),
                      ("HC-2292", "A629 Widening Phase 2 – Brighouse · Dunmore Construction Group")):
        p.el(4, "listitem", "")
        p.el(5, "link", cid, "clickable")
        p.txt(5, note)
    p.el(2, "complementary", "Recent tickets on this contract")
    p.el(3, "list", "")
    for tid in ("TK-24818", "TK-24817", "TK-24790"):
        p.el(4, "listitem", "")
        p.el(5, "link", f"{tid} · {TICKETS[tid]['reg']} · {TICKETS[tid]['status']}", "clickable")
    recently_viewed(p, recent or ["TK-24817 · KX19 RDE", "HC-2292 · A629 Widening Phase 2", "Dunmore Civils Ltd"])
    live_regions(p, toast)
    footer(p, clock)
    return p


def customer_page(clock, toast=None):
    p = Page("Dunmore Civils Ltd", "/customers/DUN014")
    header(p, "Customers", crumbs=["Home", "Customers", "Dunmore Civils Ltd"])
    p.el(1, "main", "")
    p.el(2, "heading", "Dunmore Civils Ltd", "level=1")
    p.txt(2, "Account DUN014 · credit account · terms 30 days EOM · credit limit £250,000")
    p.el(2, "group", "Contacts")
    p.txt(3, "Site agent: Owen Lumb · 07700 900418")
    p.txt(3, "Buyer: Priya Sandhu · purchasing@dunmorecivils.example")
    p.el(2, "table", "Haul contracts")
    p.el(3, "row", "")
    for col in ("Contract", "Project", "Status", "Term"):
        p.el(4, "columnheader", col)
    for cid, name, st, term in (("HC-2291", "A629 Widening – Halifax", "Active", "1 Jul 2024 – 31 Mar 2025"),
                                ("HC-2219", "Carr Lane Depot resurfacing", "Active", "4 Mar 2024 – 20 Dec 2024"),
                                ("HC-2188", "Ovenden Road culvert", "Expired", "8 Jan 2024 – 28 Jun 2024")):
        p.el(3, "row", "")
        p.el(4, "cell", "")
        p.el(5, "link", cid, "clickable")
        for v in (name, st, term):
            p.el(4, "cell", v)
    p.el(2, "table", "Tickets today")
    p.el(3, "row", "")
    for col in ("Ticket", "Vehicle", "Status"):
        p.el(4, "columnheader", col)
    for tid in ("TK-24823", "TK-24818", "TK-24817", "TK-24816", "TK-24790"):
        p.el(3, "row", "")
        p.el(4, "cell", "")
        p.el(5, "link", tid, "clickable")
        p.el(4, "cell", TICKETS[tid]["reg"])
        p.el(4, "cell", TICKETS[tid]["status"])
    p.el(2, "complementary", "Related accounts")
    p.el(3, "link", "Dunmore Construction Group (DCG002)", "clickable")
    p.txt(3, "Separate legal entity · not linked for credit")
    recently_viewed(p, ["HC-2291 · A629 Widening", "TK-24817 · KX19 RDE", "HC-2292 · A629 Widening Phase 2"])
    live_regions(p, toast)
    footer(p, clock)
    return p


STEP_NAMES = ["Variation details", "Product lines", "Haulage", "Review and submit"]
PRODUCT_OPTS = ["Select product", "6F2 Capping 0/125", "6F2 Capping (recycled) 0/125", "6F5 Capping 0/75",
                "Type 1 MOT sub-base 0/40", "Scalpings 0/75"]
UNIT = {"6F2 Capping 0/125": 9.80}


def money(x):
    return f"£{x:,.2f}"


def variation_values(v):
    tonnage = int(v["tonnage"])
    material = tonnage * UNIT[v["product"]]
    rate = float(v["rate"])
    if v["basis"] == "Per tonne":
        haul = tonnage * rate
    else:
        haul = (tonnage // 20) * rate  # 20 t loads
    surcharge = round(haul * 0.032, 2)
    return material, haul, surcharge, material + haul + surcharge


def wizard(step, clock, v, toast=None, alert=None, dialog=None, busy=False, breakdown=False,
           leave_dialog=False):
    vid = v.get("vid", "V4")
    p = Page(f"Variation HC-2291/{vid} – Step {step} of 4", f"/contracts/HC-2291/variations/{vid}/edit?step={step}")
    header(p, "Haul contracts", crumbs=["Home", "Haul contracts", "HC-2291", f"Variation {vid}"])
    p.el(1, "main", "")
    p.el(2, "heading", f"Raise variation HC-2291/{vid}", "level=1")
    p.txt(2, "Haul contract HC-2291 · A629 Widening – Halifax · Dunmore Civils Ltd")
    p.el(2, "navigation", "Variation steps")
    p.el(3, "list", "")
    for i, name in enumerate(STEP_NAMES, 1):
        p.el(4, "listitem", "")
        label = f"Step {i} of 4: {name}"
        if i < step:
            p.el(5, "link", label + ", completed", "clickable")
        elif i == step:
            p.txt(5, label)
            p.txt(5, "current step")
        else:
            p.txt(5, label)
    p.el(2, "heading", f"Step {step} of 4: {STEP_NAMES[step - 1]}", "level=2")
    p.el(2, "form", STEP_NAMES[step - 1])
    if step == 1:
        p.el(3, "textbox", "Effective from", "clickable", f"value={q(v['date'])}" if v.get("date") else "",
             "description='dd/mm/yyyy. Leave blank for the date of approval.'")
        select(p, 3, "Reason", ["Select reason", "Additional tonnage", "Rate change", "Term extension",
                                "New delivery site"], v.get("reason") or "Select reason", "required")
        p.el(3, "textbox", "Customer PO reference (optional)", "clickable",
             f"value={q(v['po'])}" if v.get("po") else "")
        p.el(3, "textbox", "Notes (optional)", "clickable", "multiline")
        p.el(3, "button", "Next: Product lines", "clickable")
    elif step == 2:
        p.el(3, "table", "Current product lines")
        p.el(4, "row", "")
        for col in ("Product", "Ordered", "Delivered"):
            p.el(5, "columnheader", col)
        for row in (("Type 1 MOT sub-base 0/40", "8,000 t", "5,412 t"), ("20mm clean stone", "1,500 t", "610 t")):
            p.el(4, "row", "")
            for x in row:
                p.el(5, "cell", x)
        p.el(3, "heading", "New lines", "level=3")
        if not v.get("line"):
            p.txt(3, "No new lines yet.")
        else:
            p.el(3, "group", "New line 1")
            select(p, 4, "Product (new line 1)", PRODUCT_OPTS, v.get("product") or "Select product", "required")
            p.el(4, "textbox", "Tonnage (t) (new line 1)", "clickable", "required",
                 f"value={q(v['tonnage'])}" if v.get("tonnage") else "")
            if v.get("product") in UNIT:
                p.txt(4, f"Unit price {money(UNIT[v['product']])}/t (2024 price list)")
            p.el(4, "button", "Remove line 1", "clickable")
        p.el(3, "button", "Add product line", "clickable")
        p.el(3, "button", "Back", "clickable")
        p.el(3, "button", "Next: Haulage", "clickable")
    elif step == 3:
        select(p, 3, "Haul zone", ["Zone A (0–5 mi)", "Zone B (5–10 mi)", "Zone C (10–15 mi)",
                                   "Zone D (15–20 mi)"], "Zone C (10–15 mi)", "required")
        p.el(3, "textbox", "Haulage rate (£)", "clickable", "required",
             f"value={q(v['rate'])}" if v.get("rate") else "")
        p.el(3, "radiogroup", "Rate basis")
        basis = v.get("basis", "Per load")
        p.el(4, "radio", "Per tonne", "clickable", f"checked='{'true' if basis == 'Per tonne' else 'false'}'")
        p.el(4, "radio", "Per load", "clickable", f"checked='{'true' if basis == 'Per load' else 'false'}'")
        p.txt(3, "Rate basis is copied from the last variation (HC-2291/V3).")
        p.el(3, "checkbox", "Apply fuel surcharge (3.2%)", "clickable", "checked='true'")
        p.txt(3, "Current contract rate: £4.60 per tonne, Zone C (10–15 mi)")
        p.el(3, "button", "Back", "clickable")
        p.el(3, "button", "Next: Review", "clickable")
    else:
        material, haul, surcharge, total = variation_values(v)
        p.el(3, "group", "Summary")
        p.txt(4, f"Effective from: {v['date'] if v.get('date') else 'On approval'}")
        p.txt(4, f"Reason: {v['reason']}")
        p.txt(4, f"Customer PO reference: {v.get('po') or '—'}")
        p.el(3, "table", "New product lines")
        p.el(4, "row", "")
        for col in ("Product", "Tonnage", "Unit price", "Material value"):
            p.el(5, "columnheader", col)
        p.el(4, "row", "")
        for x in (v["product"], f"{int(v['tonnage']):,} t", f"{money(UNIT[v['product']])}/t", money(material)):
            p.el(5, "cell", x)
        p.txt(3, f"Haulage: £{v['rate']} {v['basis'].lower()}, Zone C (10–15 mi), fuel surcharge 3.2%")
        p.txt(3, f"Estimated variation value: {money(total)}")
        p.el(3, "button", "Show value breakdown", "clickable", f"expanded={'True' if breakdown else 'False'}")
        if breakdown:
            p.el(4, "list", "Value breakdown")
            for label, x in (("Material", material), ("Haulage", haul), ("Fuel surcharge", surcharge)):
                p.el(5, "listitem", "")
                p.txt(6, f"{label}: {money(x)}")
        p.txt(3, "Approver: R. Hebden (Commercial Manager)")
        p.el(3, "button", "Back", "clickable")
        if busy:
            p.el(3, "button", "Submit for approval", "clickable")
            p.txt(3, "Saving…")
        else:
            p.el(3, "button", "Submit for approval", "clickable")
    p.el(3, "button", "Save draft", "clickable")
    p.el(3, "link", "Cancel variation", "clickable")
    live_regions(p, toast, alert)
    footer(p, clock)
    if dialog:
        p.el(1, "dialog", dialog, "modal=True")
        p.el(2, "heading", dialog, "level=2")
        p.txt(2, "R. Hebden (Commercial Manager) will be asked to approve it. "
                 "You cannot edit the variation while it is awaiting approval.")
        p.el(2, "button", "Submit", "clickable", "focused")
        p.el(2, "button", "Cancel", "clickable")
    if leave_dialog:
        p.el(1, "alertdialog", "Leave this page?", "modal=True")
        p.el(2, "heading", "Leave this page?", "level=2")
        p.txt(2, f"Changes on step {step} ({STEP_NAMES[step - 1]}) have not been saved.")
        p.el(2, "button", "Stay on page", "clickable", "focused")
        p.el(2, "button", "Leave page", "clickable")
    return p


def denied_page(clock):
    p = Page("Access denied", "/contracts/HC-2291/variations/V4/submit")
    header(p, "Haul contracts", crumbs=["Home", "Haul contracts", "HC-2291", "Variation V4"])
    p.el(1, "main", "")
    p.el(2, "heading", "Access denied", "level=1")
    p.txt(2, "Your account is not allowed to submit variations on this contract (ref 403-VAR-SUBMIT).")
    p.txt(2, "Ask a Commercial Manager to submit it, or contact your site administrator.")
    p.el(2, "link", "Back to HC-2291", "clickable")
    live_regions(p)
    footer(p, clock)
    return p


# --------------------------------------------------------------------------- run assembly
class Run:
    def __init__(self, rid, workflow, task, start):
        self.rid, self.workflow, self.task = rid, workflow, task
        self.initial = start.obs()
        self.cur = start
        self.steps = []
        self.fault = None
        self.fault_step = None

    def _step(self, commitment, command, reasoning, target, effect, nxt, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def click(self, c, role, name, why, nxt, effect="read"):
        bid = self.cur.find(role, name)
        self._step(c, f"click('{bid}')", why, f"{role} {q(name)}", effect, nxt)

    def fill(self, c, role, name, text, why, nxt, effect="write"):
        bid = self.cur.find(role, name)
        self._step(c, f"fill('{bid}', {q(text)})", why, f"{role} {q(name)}", effect, nxt)

    def pick(self, c, name, option, why, nxt, effect="write"):
        bid = self.cur.find("combobox", name)
        self._step(c, f"select_option('{bid}', {q(option)})", why, f"combobox {q(name)}", effect, nxt)

    def press(self, c, role, name, key, why, nxt):
        bid = self.cur.find(role, name)
        self._step(c, f"press('{bid}', {q(key)})", why, f"{role} {q(name)}", "read", nxt)

    def say(self, c, msg, why):
        self._step(c, f"send_msg_to_user({q(msg)})", why, "", "read", self.cur)

    def mark(self, fault):
        """The next step recorded is the first off-track step."""
        self.fault, self.fault_step = fault, len(self.steps)

    def record(self):
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": self.task,
            "plan": f"plans/{self.workflow}.yaml",
            "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": self.fault is None},
            "meta": {"application": APP, "organisation": ORG, "site": SITE, "user": USER,
                     "today": "2024-10-15"},
        }


WEIGH_TASK = ("Weigh out truck ticket TK-24817 (KX19 RDE, Dunmore Civils Ltd): record a gross weight of "
              "31,640 kg on the WB2 Outbound weighbridge and issue the ticket.")
VAR_TASK = ("Raise a variation on haul contract HC-2291 (Dunmore Civils Ltd, A629 Widening – Halifax) adding "
            "1,200 t of 6F2 Capping 0/125 with haulage at £4.85 per tonne, effective 21/10/2024, "
            "and submit it for approval.")
SUGGEST_17 = ["Ticket TK-24817 · KX19 RDE · Dunmore Civils Ltd", "See all results for TK-24817"]
SUGGEST_DUN = ["Customer Dunmore Civils Ltd", "Customer Dunmore Construction Group",
               "See all results for Dunmore"]
SUGGEST_2291 = ["Contract HC-2291 · A629 Widening – Halifax", "See all results for HC-2291"]
ISSUED_TOAST = "Ticket TK-24817 issued · net 19.46 t · delivery note DN-118402 sent to printer WB2-PR1"
SUBMIT_TOAST = "Variation HC-2291/V4 submitted for approval to R. Hebden (Commercial Manager)"
V4_PENDING = ("HC-2291/V4", "15 Oct 2024", "Additional tonnage: 1,200 t 6F2 Capping", "Pending approval")
V4_DRAFT = ("HC-2291/V4", "15 Oct 2024", "Additional tonnage: 1,200 t 6F2 Capping", "Draft")


# =========================================================================== healthy runs
def weigh_healthy_search():
    r = Run("weigh_out-healthy-01", "weigh_out", WEIGH_TASK, board("09:41"))
    r.fill("find-ticket", "combobox", "Search tickets, vehicles, contracts", "TK-24817",
           "Look the ticket up by its number in the header search", board("09:41", search="TK-24817",
                                                                          suggestions=SUGGEST_17), "read")
    r.click("find-ticket", "option", SUGGEST_17[0], "The suggestion is the exact ticket TK-24817 for KX19 RDE",
            ticket_page(TARGET, "09:42"))
    r.click("record-gross", "button", "Record weigh-out", "Ticket is tared and awaiting weigh-out; open the form",
            weighout_form(TARGET, "09:42"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "The task says to weigh on WB2 Outbound",
           weighout_form(TARGET, "09:43", wb="WB2 Outbound"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Enter the gross weight given in the task",
           weighout_form(TARGET, "09:43", wb="WB2 Outbound", gross="31640"))
    r.click("issue-ticket", "button", "Save and issue ticket", "Net 19,460 kg is within plated weight; issue it",
            weighout_form(TARGET, "09:43", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm issuing TK-24817",
            ticket_page(TARGET, "09:44", state="issued", gross=31640, issued_at="09:44", toast=ISSUED_TOAST),
            "irreversible")
    r.say("issue-ticket", "Ticket TK-24817 issued: gross 31,640 kg on WB2 Outbound, net 19,460 kg "
                          "(19.46 t), delivery note DN-118402.", "Report the result")
    return r


def weigh_healthy_pagination():
    r = Run("weigh_out-healthy-02", "weigh_out", WEIGH_TASK, board("09:40"))
    r.click("find-ticket", "link", "Next page", "TK-24817 arrived at 09:14 so it is further down the board",
            board("09:40", page_no=2))
    r.click("find-ticket", "link", TARGET, "Row TK-24817, KX19 RDE, Dunmore Civils Ltd",
            ticket_page(TARGET, "09:41"))
    r.click("record-gross", "button", "Record weigh-out", "Open the weigh-out form", weighout_form(TARGET, "09:41"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "Outbound weighbridge",
           weighout_form(TARGET, "09:42", wb="WB2 Outbound"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Gross weight from the task",
           weighout_form(TARGET, "09:42", wb="WB2 Outbound", gross="31640"))
    r.click("issue-ticket", "button", "Save and issue ticket", "Issue the ticket",
            weighout_form(TARGET, "09:42", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm",
            ticket_page(TARGET, "09:43", state="issued", gross=31640, issued_at="09:43",
                        toast=ISSUED_TOAST.replace("09:44", "09:43")), "irreversible")
    return r


def weigh_healthy_filter():
    toast = "WB2 Outbound back online after the 09:30 calibration check"
    r = Run("weigh_out-healthy-03", "weigh_out", WEIGH_TASK, board("09:38", toast=toast))
    r.click("find-ticket", "button", "Dismiss notification", "Clear the toast covering the board",
            board("09:38"))
    r.click("find-ticket", "button", "Filters", "Narrow the board to tared tickets",
            board("09:38", panel=True))
    r.pick("find-ticket", "Status", "Tared – awaiting weigh-out", "Only tickets waiting for weigh-out",
           board("09:39", panel=True, panel_status="Tared – awaiting weigh-out"), "read")
    r.click("find-ticket", "button", "Apply filters", "Apply the status filter",
            board("09:39", status_filter="Tared – awaiting weigh-out"))
    r.click("find-ticket", "button", "Sort by Customer", "Group the tickets by customer to find Dunmore Civils",
            board("09:39", status_filter="Tared – awaiting weigh-out", sort=("Customer", "ascending")))
    r.click("find-ticket", "link", TARGET, "TK-24817 is the KX19 RDE row for Dunmore Civils Ltd",
            ticket_page(TARGET, "09:40"))
    r.click("record-gross", "button", "Record weigh-out", "Open the weigh-out form", weighout_form(TARGET, "09:40"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "Truck is on WB2 Outbound",
           weighout_form(TARGET, "09:41", wb="WB2 Outbound"))
    r.click("record-gross", "button", "Read from indicator",
            "Indicator shows a stable 31,640 kg, which matches the task; capture it",
            weighout_form(TARGET, "09:41", wb="WB2 Outbound", gross="31640"), "write")
    r.click("issue-ticket", "button", "Save and issue ticket", "Issue the ticket",
            weighout_form(TARGET, "09:41", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm",
            ticket_page(TARGET, "09:42", state="issued", gross=31640, issued_at="09:42", toast=ISSUED_TOAST),
            "irreversible")
    r.say("issue-ticket", "TK-24817 issued at 09:42 with gross 31,640 kg from the WB2 indicator; net 19.46 t.",
          "Report")
    return r


def weigh_healthy_recent():
    r = Run("weigh_out-healthy-04", "weigh_out", WEIGH_TASK, board("09:45"))
    r.click("find-ticket", "link", "TK-24817 · KX19 RDE", "TK-24817 is in my recently viewed list",
            ticket_page(TARGET, "09:45"))
    r.click("record-gross", "button", "Record weigh-out", "Open the weigh-out form", weighout_form(TARGET, "09:45"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Enter the gross weight",
           weighout_form(TARGET, "09:46", gross="31640"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "Weighbridge is still unset; choose WB2 Outbound",
           weighout_form(TARGET, "09:46", wb="WB2 Outbound", gross="31640"))
    r.click("issue-ticket", "button", "Save and issue ticket", "Remarks are optional; issue the ticket",
            weighout_form(TARGET, "09:46", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm",
            ticket_page(TARGET, "09:47", state="issued", gross=31640, issued_at="09:47", toast=ISSUED_TOAST),
            "irreversible")
    r.click("issue-ticket", "link", "Dispatch board", "Check the ticket has left the open board",
            board("09:47", exclude=(TARGET,)))
    r.say("issue-ticket", "Done: TK-24817 issued (gross 31,640 kg on WB2, net 19,460 kg) and it is off the "
                          "open board.", "Report")
    return r


VAR_DETAILS = dict(date="21/10/2024", reason="Additional tonnage")


def v_(**kw):
    d = dict(vid="V4")
    d.update(kw)
    return d


FULL = dict(date="21/10/2024", reason="Additional tonnage", line=True, product="6F2 Capping 0/125",
            tonnage="1200", rate="4.85", basis="Per tonne")
SUBMIT_DIALOG = "Submit variation HC-2291/V4 for approval?"


def var_healthy_list():
    r = Run("haul_variation-healthy-01", "haul_variation", VAR_TASK, contracts_list("10:05"))
    r.fill("open-contract", "textbox", "Filter contracts", "A629", "Filter the list to the A629 project",
           contracts_list("10:05", filt="A629"), "read")
    r.click("open-contract", "link", "HC-2291", "HC-2291 is the Dunmore Civils Ltd row (HC-2292 is Phase 2)",
            contract_page("10:06"))
    r.click("variation-details", "button", "Raise variation", "Start a variation", wizard(1, "10:06", v_()))
    r.fill("variation-details", "textbox", "Effective from", "21/10/2024", "Effective date from the task",
           wizard(1, "10:06", v_(date="21/10/2024")))
    r.pick("variation-details", "Reason", "Additional tonnage", "Adding tonnage",
           wizard(1, "10:07", v_(**VAR_DETAILS)))
    r.click("variation-details", "button", "Next: Product lines", "Go to product lines",
            wizard(2, "10:07", v_(**VAR_DETAILS)), "write")
    r.click("add-line", "button", "Add product line", "Add a new line",
            wizard(2, "10:07", v_(line=True, **VAR_DETAILS)), "write")
    r.pick("add-line", "Product (new line 1)", "6F2 Capping 0/125", "6F2 capping, not the recycled grade",
           wizard(2, "10:08", v_(line=True, product="6F2 Capping 0/125", **VAR_DETAILS)))
    r.fill("add-line", "textbox", "Tonnage (t) (new line 1)", "1200", "1,200 t",
           wizard(2, "10:08", v_(line=True, product="6F2 Capping 0/125", tonnage="1200", **VAR_DETAILS)))
    r.click("add-line", "button", "Next: Haulage", "Continue to haulage",
            wizard(3, "10:08", v_(line=True, product="6F2 Capping 0/125", tonnage="1200", **VAR_DETAILS)),
            "write")
    base = dict(line=True, product="6F2 Capping 0/125", tonnage="1200", **VAR_DETAILS)
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate from the task",
           wizard(3, "10:09", v_(rate="4.85", **base)))
    r.click("haulage-rate", "radio", "Per tonne", "Basis is per tonne, not per load",
            wizard(3, "10:09", v_(rate="4.85", basis="Per tonne", **base)), "write")
    r.click("haulage-rate", "button", "Next: Review", "Review the variation", wizard(4, "10:09", v_(**FULL)),
            "write")
    r.click("submit", "button", "Submit for approval", "Summary matches the task",
            wizard(4, "10:10", v_(**FULL), dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm submission",
            contract_page("10:10", extra_vars=[V4_PENDING], toast=SUBMIT_TOAST), "irreversible")
    r.say("submit", "Variation HC-2291/V4 (1,200 t 6F2 Capping 0/125, haulage £4.85 per tonne, effective "
                    "21/10/2024) submitted for approval to R. Hebden.", "Report")
    return r


def var_healthy_search():
    r = Run("haul_variation-healthy-02", "haul_variation", VAR_TASK, board("10:12"))
    r.fill("open-contract", "combobox", "Search tickets, vehicles, contracts", "HC-2291", "Search for the contract",
           board("10:12", search="HC-2291", suggestions=SUGGEST_2291), "read")
    r.press("open-contract", "combobox", "Search tickets, vehicles, contracts", "Enter", "See all results",
            search_results("HC-2291", "10:12", [("contract", "HC-2291"), ("contract", "HC-2292"),
                                                ("contract", "HC-2219")]))
    r.click("open-contract", "link", "HC-2291", "Exact match: A629 Widening – Halifax, Dunmore Civils Ltd",
            contract_page("10:13"))
    r.click("variation-details", "button", "Raise variation", "Start a variation", wizard(1, "10:13", v_()))
    r.fill("variation-details", "textbox", "Effective from", "21/10/2024", "Effective date",
           wizard(1, "10:13", v_(date="21/10/2024")))
    r.pick("variation-details", "Reason", "Additional tonnage", "Reason",
           wizard(1, "10:14", v_(**VAR_DETAILS)))
    r.click("variation-details", "button", "Next: Product lines", "No PO reference given; leave it blank",
            wizard(2, "10:14", v_(**VAR_DETAILS)), "write")
    r.click("add-line", "button", "Add product line", "Add a line", wizard(2, "10:14", v_(line=True, **VAR_DETAILS)),
            "write")
    r.pick("add-line", "Product (new line 1)", "6F2 Capping 0/125", "Product",
           wizard(2, "10:15", v_(line=True, product="6F2 Capping 0/125", **VAR_DETAILS)))
    base = dict(line=True, product="6F2 Capping 0/125", tonnage="1200", **VAR_DETAILS)
    r.fill("add-line", "textbox", "Tonnage (t) (new line 1)", "1200", "Tonnage", wizard(2, "10:15", v_(**base)))
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "10:15", v_(**base)), "write")
    r.click("haulage-rate", "radio", "Per tonne", "Set the basis first",
            wizard(3, "10:16", v_(basis="Per tonne", **base)), "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate",
           wizard(3, "10:16", v_(rate="4.85", basis="Per tonne", **base)))
    r.click("haulage-rate", "button", "Next: Review", "Review", wizard(4, "10:16", v_(**FULL)), "write")
    r.click("submit", "button", "Submit for approval", "Everything matches",
            wizard(4, "10:17", v_(**FULL), dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm",
            contract_page("10:17", extra_vars=[V4_PENDING], toast=SUBMIT_TOAST), "irreversible")
    return r


def var_healthy_draft():
    r = Run("haul_variation-healthy-03", "haul_variation", VAR_TASK, contract_page("10:20"))
    r.click("variation-details", "button", "Raise variation", "Start a variation", wizard(1, "10:20", v_()))
    r.fill("variation-details", "textbox", "Effective from", "21/10/2024", "Effective date",
           wizard(1, "10:20", v_(date="21/10/2024")))
    r.pick("variation-details", "Reason", "Additional tonnage", "Reason", wizard(1, "10:21", v_(**VAR_DETAILS)))
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "10:21", v_(**VAR_DETAILS)),
            "write")
    r.click("add-line", "button", "Add product line", "Add a line", wizard(2, "10:21", v_(line=True, **VAR_DETAILS)),
            "write")
    r.pick("add-line", "Product (new line 1)", "6F2 Capping 0/125", "Product",
           wizard(2, "10:22", v_(line=True, product="6F2 Capping 0/125", **VAR_DETAILS)))
    base = dict(line=True, product="6F2 Capping 0/125", tonnage="1200", **VAR_DETAILS)
    r.fill("add-line", "textbox", "Tonnage (t) (new line 1)", "1200", "Tonnage", wizard(2, "10:22", v_(**base)))
    r.click("add-line", "button", "Save draft",
            "Save the draft before checking the contract's current haulage rate",
            wizard(2, "10:22", v_(**base), toast="Draft HC-2291/V4 saved at 10:22"), "write")
    r.click("add-line", "link", "HC-2291", "Back to the contract to read the current rate",
            contract_page("10:23", extra_vars=[V4_DRAFT]))
    r.click("add-line", "link", "Continue draft HC-2291/V4", "Current rate is £4.60 per tonne; resume the draft",
            wizard(2, "10:23", v_(**base)))
    r.click("add-line", "button", "Next: Haulage", "The saved line is intact; continue",
            wizard(3, "10:23", v_(**base)), "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate", wizard(3, "10:24", v_(rate="4.85", **base)))
    r.click("haulage-rate", "radio", "Per tonne", "Per tonne",
            wizard(3, "10:24", v_(rate="4.85", basis="Per tonne", **base)), "write")
    r.click("haulage-rate", "button", "Next: Review", "Review", wizard(4, "10:24", v_(**FULL)), "write")
    r.click("submit", "button", "Submit for approval", "Summary is right",
            wizard(4, "10:25", v_(**FULL), dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm",
            contract_page("10:25", extra_vars=[V4_PENDING], toast=SUBMIT_TOAST), "irreversible")
    r.say("submit", "Submitted HC-2291/V4 for approval (resumed from a saved draft).", "Report")
    return r


def var_healthy_customer():
    toast = "2025 price list published: review customer prices by 31 Oct"
    r = Run("haul_variation-healthy-04", "haul_variation", VAR_TASK, customer_page("10:30", toast=toast))
    r.click("open-contract", "button", "Dismiss notification", "Dismiss the price-list toast",
            customer_page("10:30"))
    r.click("open-contract", "link", "HC-2291", "A629 Widening – Halifax is HC-2291", contract_page("10:30"))
    r.click("variation-details", "button", "Raise variation", "Start a variation", wizard(1, "10:31", v_()))
    r.pick("variation-details", "Reason", "Additional tonnage", "Reason first",
           wizard(1, "10:31", v_(reason="Additional tonnage")))
    r.fill("variation-details", "textbox", "Effective from", "21/10/2024", "Effective date",
           wizard(1, "10:31", v_(**VAR_DETAILS)))
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "10:32", v_(**VAR_DETAILS)),
            "write")
    r.click("add-line", "button", "Add product line", "Add a line", wizard(2, "10:32", v_(line=True, **VAR_DETAILS)),
            "write")
    r.pick("add-line", "Product (new line 1)", "6F2 Capping 0/125", "Product",
           wizard(2, "10:32", v_(line=True, product="6F2 Capping 0/125", **VAR_DETAILS)))
    base = dict(line=True, product="6F2 Capping 0/125", tonnage="1200", **VAR_DETAILS)
    r.fill("add-line", "textbox", "Tonnage (t) (new line 1)", "1200", "Tonnage", wizard(2, "10:33", v_(**base)))
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "10:33", v_(**base)), "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate", wizard(3, "10:33", v_(rate="4.85", **base)))
    r.click("haulage-rate", "radio", "Per tonne", "Per tonne",
            wizard(3, "10:34", v_(rate="4.85", basis="Per tonne", **base)), "write")
    r.click("haulage-rate", "button", "Next: Review", "Review", wizard(4, "10:34", v_(**FULL)), "write")
    r.click("submit", "button", "Show value breakdown", "Check the haulage value is 1,200 × £4.85",
            wizard(4, "10:34", v_(**FULL), breakdown=True))
    r.click("submit", "button", "Submit for approval", "Haulage £5,820.00 as expected",
            wizard(4, "10:35", v_(**FULL), breakdown=True, dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm",
            contract_page("10:35", extra_vars=[V4_PENDING], toast=SUBMIT_TOAST), "irreversible")
    r.say("submit", "HC-2291/V4 is pending approval: 1,200 t 6F2 Capping 0/125, £4.85 per tonne, from 21/10/2024.",
          "Report")
    return r


# =========================================================================== plans
# Written from the task text and the healthy pages only, before any faulty run existed, and
# not tuned afterwards.  They are emitted verbatim.
PLANS = {
    "weigh_out": '''# TarePoint: weigh out a tared truck ticket and issue it.
task: "Weigh out truck ticket TK-24817 (KX19 RDE, Dunmore Civils Ltd): record a gross weight of 31,640 kg on the WB2 Outbound weighbridge and issue the ticket."
plan_falsifiers:
  execution:
    - Sign in to TarePoint
    - Your session has expired. Please sign in again.
    - Something went wrong on our side
commitments:
  - id: find-ticket
    subgoal: Find and open ticket TK-24817 for truck KX19 RDE
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Dispatch board]
      progress: [TK-24817 is listed in the search suggestions or on the board]
      completion: [Ticket TK-24817, Vehicle KX19 RDE, "Status: Tared – awaiting weigh-out"]
    falsify:
      execution: [Ticket TK-24818, Ticket TK-24790, KX69 RDE, No tickets match]
      planning: [Ticket TK-24817 has already been issued, Ticket TK-24817 has been voided]
  - id: record-gross
    subgoal: Record a gross weight of 31,640 kg on WB2 Outbound
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition: [Weigh out ticket TK-24817]
      progress: [Weighbridge WB2 Outbound is selected]
      completion: [Gross weight 31640 kg entered, "Net weight: 19,460 kg (19.46 t)", Within plated weight]
    falsify:
      execution: [Exceeds plated weight, Gross weight is required, Weighbridge WB1 Inbound is selected]
      skill: [WB2 indicator offline, Read from indicator is disabled]
  - id: issue-ticket
    subgoal: Issue the ticket and confirm the dialog
    confidence: 0.6
    confirm:
      progress: ["Issue ticket TK-24817?"]
      completion: ["Status: Issued", Ticket TK-24817 issued, Delivery note DN-118402]
    falsify:
      execution: [Could not issue the ticket, Ticket was changed by another user]
      planning:
        - text: Void ticket
          on: action
''',
    "haul_variation": '''# TarePoint: raise an additional-tonnage variation on a haul contract and submit it.
task: "Raise a variation on haul contract HC-2291 (Dunmore Civils Ltd, A629 Widening – Halifax) adding 1,200 t of 6F2 Capping 0/125 with haulage at £4.85 per tonne, effective 21/10/2024, and submit it for approval."
plan_falsifiers:
  execution:
    - Sign in to TarePoint
    - Your session has expired. Please sign in again.
    - Something went wrong on our side
commitments:
  - id: open-contract
    subgoal: Open haul contract HC-2291 (Dunmore Civils Ltd, A629 Widening – Halifax)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Haul contracts]
      progress: [HC-2291 is listed]
      completion: [Haul contract HC-2291, "A629 Widening – Halifax · Status: Active"]
    falsify:
      execution: [Haul contract HC-2292, Haul contract HC-2219, Dunmore Construction Group, Carr Lane Depot resurfacing]
      planning: ["Status: Suspended", "Status: Expired"]
  - id: variation-details
    subgoal: Start the variation, effective 21/10/2024, reason Additional tonnage
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition: [Raise variation HC-2291]
      progress: ["Step 1 of 4: Variation details"]
      completion: [Effective from 21/10/2024, Reason Additional tonnage]
    falsify:
      execution: [Enter a date in the format dd/mm/yyyy]
      planning: [A variation on this contract is already awaiting approval]
  - id: add-line
    subgoal: Add a new product line of 1,200 t 6F2 Capping 0/125
    confidence: 0.7
    confirm:
      progress: ["Step 2 of 4: Product lines"]
      completion: [New line 1 is 6F2 Capping 0/125, Tonnage 1200 t]
    falsify:
      execution: [6F2 Capping (recycled) 0/125 selected, 6F5 Capping 0/75 selected, Tonnage must be a whole number]
  - id: haulage-rate
    subgoal: Set haulage at £4.85 per tonne
    confidence: 0.7
    confirm:
      progress: ["Step 3 of 4: Haulage"]
      completion: [Haulage rate 4.85, Rate basis Per tonne checked]
    falsify:
      execution: [Haulage rate 4.58]
  - id: submit
    subgoal: Review the variation and submit it for approval
    confidence: 0.6
    confirm:
      progress: ["Step 4 of 4: Review and submit", "Submit variation HC-2291/V4 for approval?"]
      completion: [Variation HC-2291/V4 submitted for approval, HC-2291/V4 Pending approval]
    falsify:
      execution: [The variation could not be submitted]
      planning:
        - text: Cancel variation
          on: action
''',
}


# =========================================================================== faulty runs
def issued_toast(tid, gross):
    net = gross - TICKETS[tid]["tare"]
    return f"Ticket {tid} issued · net {tonnes(net)} · delivery note {DN[tid]} sent to printer WB2-PR1"


def weigh_wrong_record():
    r = Run("weigh_out-wrong_record-01", "weigh_out", WEIGH_TASK, board("09:39"))
    r.fill("find-ticket", "combobox", "Search tickets, vehicles, contracts", "Dunmore",
           "Search by customer to find the Dunmore Civils ticket", board("09:39", search="Dunmore",
                                                                        suggestions=SUGGEST_DUN), "read")
    r.press("find-ticket", "combobox", "Search tickets, vehicles, contracts", "Enter", "See all matches",
            search_results("Dunmore", "09:39", [("ticket", "TK-24823"), ("ticket", "TK-24818"),
                                                ("ticket", "TK-24817"), ("ticket", "TK-24816"),
                                                ("ticket", "TK-24790"), ("contract", "HC-2291"),
                                                ("contract", "HC-2292"), ("contract", "HC-2219"),
                                                ("customer", "Dunmore Civils Ltd"),
                                                ("customer", "Dunmore Construction Group")]))
    r.mark("wrong_record")
    r.click("find-ticket", "link", "TK-24818",
            "The Dunmore Civils RDE truck that is tared and awaiting weigh-out is this one",
            ticket_page("TK-24818", "09:40"))
    r.click("record-gross", "button", "Record weigh-out", "Open the weigh-out form",
            weighout_form("TK-24818", "09:40"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "Outbound weighbridge",
           weighout_form("TK-24818", "09:41", wb="WB2 Outbound"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Gross weight from the task",
           weighout_form("TK-24818", "09:41", wb="WB2 Outbound", gross="31640"))
    r.click("issue-ticket", "button", "Save and issue ticket", "Within plated weight; issue",
            weighout_form("TK-24818", "09:41", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm",
            ticket_page("TK-24818", "09:42", state="issued", gross=31640, issued_at="09:42",
                        toast=issued_toast("TK-24818", 31640)), "irreversible")
    r.say("issue-ticket", "Ticket issued for the KX19 RDE load: gross 31,640 kg on WB2 Outbound.", "Report")
    return r


def weigh_wrong_value():
    r = Run("weigh_out-wrong_value-01", "weigh_out", WEIGH_TASK, board("09:42"))
    r.click("find-ticket", "link", "Next page", "TK-24817 should be on the next page", board("09:42", page_no=2))
    r.click("find-ticket", "link", TARGET, "Row TK-24817, KX19 RDE", ticket_page(TARGET, "09:42"))
    r.click("record-gross", "button", "Record weigh-out", "Open the form", weighout_form(TARGET, "09:43"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "WB2 Outbound",
           weighout_form(TARGET, "09:43", wb="WB2 Outbound"))
    r.mark("wrong_value")
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31460", "Enter the gross weight from the task",
           weighout_form(TARGET, "09:43", wb="WB2 Outbound", gross="31460"))
    r.click("issue-ticket", "button", "Save and issue ticket", "Within plated weight; issue",
            weighout_form(TARGET, "09:44", wb="WB2 Outbound", gross="31460", dialog=True), "write")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm",
            ticket_page(TARGET, "09:44", state="issued", gross=31460, issued_at="09:44",
                        toast=issued_toast(TARGET, 31460)), "irreversible")
    return r


def weigh_silent_noop():
    r = Run("weigh_out-silent_noop-01", "weigh_out", WEIGH_TASK, board("09:44"))
    r.fill("find-ticket", "combobox", "Search tickets, vehicles, contracts", "TK-24817", "Search by ticket number",
           board("09:44", search="TK-24817", suggestions=SUGGEST_17), "read")
    r.click("find-ticket", "option", SUGGEST_17[0], "Exact match", ticket_page(TARGET, "09:44"))
    r.click("record-gross", "button", "Record weigh-out", "Open the form", weighout_form(TARGET, "09:45"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "WB2 Outbound",
           weighout_form(TARGET, "09:45", wb="WB2 Outbound"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Gross weight",
           weighout_form(TARGET, "09:45", wb="WB2 Outbound", gross="31640"))
    r.mark("silent_noop")
    r.click("issue-ticket", "button", "Save and issue ticket", "Issue the ticket",
            weighout_form(TARGET, "09:45", wb="WB2 Outbound", gross="31640"), "write")
    r.click("issue-ticket", "link", TARGET, "Go back to the ticket to see it issued",
            ticket_page(TARGET, "09:46"))
    r.say("issue-ticket", "TK-24817 weighed out on WB2 Outbound at 31,640 kg gross and issued.", "Report")
    return r


def weigh_stale_page():
    toast = "WB2 Outbound back online after the 09:30 calibration check"
    r = Run("weigh_out-stale_page-01", "weigh_out", WEIGH_TASK, board("09:37", toast=toast))
    r.click("find-ticket", "button", "Dismiss notification", "Clear the toast", board("09:37"))
    r.fill("find-ticket", "combobox", "Search tickets, vehicles, contracts", "TK-24817", "Search by ticket number",
           board("09:37", search="TK-24817", suggestions=SUGGEST_17), "read")
    r.click("find-ticket", "option", SUGGEST_17[0], "Exact match", ticket_page(TARGET, "09:38"))
    r.click("record-gross", "button", "Record weigh-out", "Open the form", weighout_form(TARGET, "09:38"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "WB2 Outbound",
           weighout_form(TARGET, "09:38", wb="WB2 Outbound"))
    r.click("record-gross", "button", "Read from indicator", "Indicator is stable at 31,640 kg, as in the task",
            weighout_form(TARGET, "09:39", wb="WB2 Outbound", gross="31640"), "write")
    r.click("issue-ticket", "button", "Save and issue ticket", "Issue",
            weighout_form(TARGET, "09:39", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.mark("stale_page")
    r.click("issue-ticket", "button", "Issue ticket", "Confirm", ticket_page(TARGET, "09:39"), "irreversible")
    r.say("issue-ticket", "TK-24817 issued with gross 31,640 kg from the WB2 indicator.", "Report")
    return r


def weigh_premature_done():
    r = Run("weigh_out-premature_done-01", "weigh_out", WEIGH_TASK, board("09:46"))
    r.click("find-ticket", "link", "TK-24817 · KX19 RDE", "It is in recently viewed", ticket_page(TARGET, "09:46"))
    r.click("record-gross", "button", "Record weigh-out", "Open the form", weighout_form(TARGET, "09:46"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "WB2 Outbound",
           weighout_form(TARGET, "09:47", wb="WB2 Outbound"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Gross weight",
           weighout_form(TARGET, "09:47", wb="WB2 Outbound", gross="31640"))
    r.mark("premature_done")
    r.say("issue-ticket", "TK-24817 weighed out: gross 31,640 kg on WB2 Outbound, net 19,460 kg (19.46 t). Done.",
          "Net weight is calculated and within plated weight, so the weigh-out is complete")
    return r


def weigh_dialog_cancelled():
    r = Run("weigh_out-dialog_cancelled-01", "weigh_out", WEIGH_TASK, board("09:40"))
    r.click("find-ticket", "button", "Filters", "Filter to tared tickets", board("09:40", panel=True))
    r.pick("find-ticket", "Status", "Tared – awaiting weigh-out", "Tared only",
           board("09:40", panel=True, panel_status="Tared – awaiting weigh-out"), "read")
    r.click("find-ticket", "button", "Apply filters", "Apply",
            board("09:41", status_filter="Tared – awaiting weigh-out"))
    r.click("find-ticket", "link", TARGET, "TK-24817, KX19 RDE", ticket_page(TARGET, "09:41"))
    r.click("record-gross", "button", "Record weigh-out", "Open the form", weighout_form(TARGET, "09:41"))
    r.pick("record-gross", "Weighbridge", "WB2 Outbound", "WB2 Outbound",
           weighout_form(TARGET, "09:42", wb="WB2 Outbound"))
    r.fill("record-gross", "textbox", "Gross weight (kg)", "31640", "Gross weight",
           weighout_form(TARGET, "09:42", wb="WB2 Outbound", gross="31640"))
    r.click("issue-ticket", "button", "Save and issue ticket", "Issue",
            weighout_form(TARGET, "09:42", wb="WB2 Outbound", gross="31640", dialog=True), "write")
    r.mark("dialog_cancelled")
    r.click("issue-ticket", "button", "Cancel", "The weights are saved; close the confirmation pop-up",
            weighout_form(TARGET, "09:43", wb="WB2 Outbound", gross="31640"))
    r.say("issue-ticket", "TK-24817 weigh-out recorded on WB2 Outbound: gross 31,640 kg, net 19,460 kg.", "Report")
    return r


BASE_LINE = dict(line=True, product="6F2 Capping 0/125", tonnage="1200")


def _var_to_contract_via_list(r, clock):
    r.fill("open-contract", "textbox", "Filter contracts", "A629", "Filter to the A629 project",
           contracts_list(clock, filt="A629"), "read")
    r.click("open-contract", "link", "HC-2291", "Dunmore Civils Ltd, A629 Widening – Halifax",
            contract_page(clock))


def _var_to_contract_via_search(r, clock):
    r.fill("open-contract", "combobox", "Search tickets, vehicles, contracts", "HC-2291", "Search for the contract",
           board(clock, search="HC-2291", suggestions=SUGGEST_2291), "read")
    r.press("open-contract", "combobox", "Search tickets, vehicles, contracts", "Enter", "See all results",
            search_results("HC-2291", clock, [("contract", "HC-2291"), ("contract", "HC-2292"),
                                              ("contract", "HC-2219")]))
    r.click("open-contract", "link", "HC-2291", "Exact match", contract_page(clock))


def _var_details(r, clock, date=True):
    r.click("variation-details", "button", "Raise variation", "Start a variation", wizard(1, clock, v_()))
    if date:
        r.fill("variation-details", "textbox", "Effective from", "21/10/2024", "Effective date",
               wizard(1, clock, v_(date="21/10/2024")))
    r.pick("variation-details", "Reason", "Additional tonnage", "Reason",
           wizard(1, clock, v_(reason="Additional tonnage", **({"date": "21/10/2024"} if date else {}))))


def _var_line(r, clock, details):
    r.click("add-line", "button", "Add product line", "Add a line", wizard(2, clock, v_(line=True, **details)),
            "write")
    r.pick("add-line", "Product (new line 1)", "6F2 Capping 0/125", "Product",
           wizard(2, clock, v_(line=True, product="6F2 Capping 0/125", **details)))
    r.fill("add-line", "textbox", "Tonnage (t) (new line 1)", "1200", "Tonnage",
           wizard(2, clock, v_(**BASE_LINE, **details)))


def var_required_skipped():
    r = Run("haul_variation-required_field_skipped-01", "haul_variation", VAR_TASK, contracts_list("10:40"))
    _var_to_contract_via_list(r, "10:40")
    _var_details(r, "10:41", date=False)
    details = dict(reason="Additional tonnage")
    r.mark("required_field_skipped")
    r.click("variation-details", "button", "Next: Product lines", "Details are filled in; next",
            wizard(2, "10:41", v_(**details)), "write")
    _var_line(r, "10:42", details)
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "10:42", v_(**BASE_LINE, **details)), "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate",
           wizard(3, "10:43", v_(rate="4.85", **BASE_LINE, **details)))
    r.click("haulage-rate", "radio", "Per tonne", "Per tonne",
            wizard(3, "10:43", v_(rate="4.85", basis="Per tonne", **BASE_LINE, **details)), "write")
    full = dict(rate="4.85", basis="Per tonne", **BASE_LINE, **details)
    r.click("haulage-rate", "button", "Next: Review", "Review", wizard(4, "10:43", v_(**full)), "write")
    r.click("submit", "button", "Submit for approval", "Lines and haulage look right",
            wizard(4, "10:44", v_(**full), dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm",
            contract_page("10:44", extra_vars=[V4_PENDING], toast=SUBMIT_TOAST), "irreversible")
    r.say("submit", "Variation HC-2291/V4 submitted for approval: 1,200 t 6F2 Capping 0/125 at £4.85 per tonne.",
          "Report")
    return r


def var_validation_error():
    r = Run("haul_variation-validation_error-01", "haul_variation", VAR_TASK, board("10:46"))
    _var_to_contract_via_search(r, "10:46")
    _var_details(r, "10:47")
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "10:47", v_(**VAR_DETAILS)),
            "write")
    _var_line(r, "10:48", VAR_DETAILS)
    alert = ("Tonnage for 6F2 Capping 0/125 exceeds the remaining 2024 allocation for this customer "
             "(850 t available). Reduce the tonnage or ask the quarry manager to raise the allocation.")
    r.mark("validation_error")
    r.click("add-line", "button", "Next: Haulage", "Next",
            wizard(2, "10:48", v_(**BASE_LINE, **VAR_DETAILS), alert=alert), "write")
    r.click("add-line", "button", "Save draft", "Save the variation",
            wizard(2, "10:49", v_(**BASE_LINE, **VAR_DETAILS), toast="Draft HC-2291/V4 saved at 10:49"), "write")
    r.say("submit", "Variation HC-2291/V4 raised for 1,200 t of 6F2 Capping 0/125 at £4.85 per tonne from "
                    "21/10/2024.", "Report")
    return r


def var_permission_denied():
    r = Run("haul_variation-permission_denied-01", "haul_variation", VAR_TASK, contract_page("10:52"))
    _var_details(r, "10:52")
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "10:53", v_(**VAR_DETAILS)),
            "write")
    _var_line(r, "10:53", VAR_DETAILS)
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "10:54", v_(**BASE_LINE, **VAR_DETAILS)),
            "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate",
           wizard(3, "10:54", v_(rate="4.85", **BASE_LINE, **VAR_DETAILS)))
    r.click("haulage-rate", "radio", "Per tonne", "Per tonne",
            wizard(3, "10:54", v_(rate="4.85", basis="Per tonne", **BASE_LINE, **VAR_DETAILS)), "write")
    r.click("haulage-rate", "button", "Next: Review", "Review", wizard(4, "10:55", v_(**FULL)), "write")
    r.click("submit", "button", "Submit for approval", "Summary is right",
            wizard(4, "10:55", v_(**FULL), dialog=SUBMIT_DIALOG), "write")
    r.mark("permission_denied")
    r.click("submit", "button", "Submit", "Confirm", denied_page("10:55"), "irreversible")
    r.click("submit", "link", "Back to HC-2291", "Return to the contract",
            contract_page("10:56", extra_vars=[V4_DRAFT]))
    r.say("submit", "HC-2291/V4 raised (1,200 t 6F2 Capping 0/125, £4.85 per tonne, from 21/10/2024) and sent "
                    "for approval.", "Report")
    return r


def var_wrong_option():
    toast = "2025 price list published: review customer prices by 31 Oct"
    r = Run("haul_variation-wrong_option-01", "haul_variation", VAR_TASK, customer_page("11:02", toast=toast))
    r.click("open-contract", "button", "Dismiss notification", "Dismiss the toast", customer_page("11:02"))
    r.click("open-contract", "link", "HC-2291", "A629 Widening – Halifax", contract_page("11:02"))
    _var_details(r, "11:03")
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "11:03", v_(**VAR_DETAILS)),
            "write")
    _var_line(r, "11:04", VAR_DETAILS)
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "11:04", v_(**BASE_LINE, **VAR_DETAILS)),
            "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate from the task",
           wizard(3, "11:05", v_(rate="4.85", **BASE_LINE, **VAR_DETAILS)))
    per_load = dict(rate="4.85", basis="Per load", **BASE_LINE, **VAR_DETAILS)
    r.mark("wrong_option")
    r.click("haulage-rate", "button", "Next: Review", "Zone and rate set; review", wizard(4, "11:05", v_(**per_load)),
            "write")
    r.click("submit", "button", "Submit for approval", "Submit",
            wizard(4, "11:05", v_(**per_load), dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm",
            contract_page("11:06", extra_vars=[V4_PENDING], toast=SUBMIT_TOAST), "irreversible")
    r.say("submit", "HC-2291/V4 submitted for approval: 1,200 t 6F2 Capping 0/125, haulage £4.85, from 21/10/2024.",
          "Report")
    return r


def var_double_submit():
    r = Run("haul_variation-double_submit-01", "haul_variation", VAR_TASK, contracts_list("11:10"))
    _var_to_contract_via_list(r, "11:10")
    _var_details(r, "11:11")
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "11:11", v_(**VAR_DETAILS)),
            "write")
    _var_line(r, "11:12", VAR_DETAILS)
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "11:12", v_(**BASE_LINE, **VAR_DETAILS)),
            "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate",
           wizard(3, "11:13", v_(rate="4.85", **BASE_LINE, **VAR_DETAILS)))
    r.click("haulage-rate", "radio", "Per tonne", "Per tonne",
            wizard(3, "11:13", v_(rate="4.85", basis="Per tonne", **BASE_LINE, **VAR_DETAILS)), "write")
    r.click("haulage-rate", "button", "Next: Review", "Review", wizard(4, "11:13", v_(**FULL)), "write")
    r.click("submit", "button", "Submit for approval", "Summary is right",
            wizard(4, "11:14", v_(**FULL), dialog=SUBMIT_DIALOG), "write")
    r.click("submit", "button", "Submit", "Confirm", wizard(4, "11:14", v_(**FULL), busy=True), "irreversible")
    r.mark("double_submit")
    r.click("submit", "button", "Submit for approval", "Still on the review step; the submission did not go "
                                                        "through, submit again",
            wizard(4, "11:15", v_(**FULL), dialog=SUBMIT_DIALOG), "write")
    v5 = ("HC-2291/V5", "15 Oct 2024", "Additional tonnage: 1,200 t 6F2 Capping", "Pending approval")
    r.click("submit", "button", "Submit", "Confirm",
            contract_page("11:15", extra_vars=[V4_PENDING, v5], toast=SUBMIT_TOAST.replace("V4", "V5")),
            "irreversible")
    r.say("submit", "Variation submitted for approval to R. Hebden.", "Report")
    return r


def var_unsaved_navigation():
    r = Run("haul_variation-unsaved_navigation-01", "haul_variation", VAR_TASK, board("11:20"))
    _var_to_contract_via_search(r, "11:20")
    _var_details(r, "11:21")
    r.click("variation-details", "button", "Next: Product lines", "Next", wizard(2, "11:21", v_(**VAR_DETAILS)),
            "write")
    _var_line(r, "11:22", VAR_DETAILS)
    r.click("add-line", "button", "Next: Haulage", "Next", wizard(3, "11:22", v_(**BASE_LINE, **VAR_DETAILS)),
            "write")
    r.fill("haulage-rate", "textbox", "Haulage rate (£)", "4.85", "Rate",
           wizard(3, "11:23", v_(rate="4.85", **BASE_LINE, **VAR_DETAILS)))
    r.click("haulage-rate", "radio", "Per tonne", "Per tonne",
            wizard(3, "11:23", v_(rate="4.85", basis="Per tonne", **BASE_LINE, **VAR_DETAILS)), "write")
    r.mark("unsaved_navigation")
    r.click("haulage-rate", "link", "Haul contracts", "Compare with the Phase 2 contract's haulage rate first",
            wizard(3, "11:23", v_(rate="4.85", basis="Per tonne", **BASE_LINE, **VAR_DETAILS), leave_dialog=True))
    r.click("haulage-rate", "button", "Leave page", "Leave to look at the contract list",
            contracts_list("11:24"))
    r.click("submit", "link", "HC-2291", "Back to HC-2291 to check the variation",
            contract_page("11:24", extra_vars=[V4_DRAFT]))
    r.say("submit", "Variation HC-2291/V4 has been raised on HC-2291 for 1,200 t 6F2 Capping 0/125 at £4.85 per "
                    "tonne.", "Report")
    return r


# =========================================================================== write
RUNS = [
    weigh_healthy_search, weigh_healthy_pagination, weigh_healthy_filter, weigh_healthy_recent,
    weigh_wrong_record, weigh_wrong_value, weigh_silent_noop, weigh_stale_page, weigh_premature_done,
    weigh_dialog_cancelled,
    var_healthy_list, var_healthy_search, var_healthy_draft, var_healthy_customer,
    var_required_skipped, var_validation_error, var_permission_denied, var_wrong_option, var_double_submit,
    var_unsaved_navigation,
]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for name, text in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{name}.yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    records = [build().record() for build in RUNS]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    for rec in records:
        lab = rec["label"]
        print(f"{rec['id']:45s} steps={len(rec['steps']):2d} fault={lab['fault']} "
              f"step={lab['first_off_track_step']}")
    print(f"wrote {len(records)} trajectories and {len(PLANS)} plans")


if __name__ == "__main__":
    main()
