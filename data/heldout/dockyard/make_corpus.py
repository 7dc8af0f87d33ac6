#!/usr/bin/env python3
"""Build the `dockyard` held-out corpus (YardLoom yard-management system).

Writes, next to this file (or into the directory given as the first argument):
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty)
  plans/dockyard.yaml     the plan, written from the task text and the healthy pages

Python 3 standard library only. A fixed seed drives the few incidental values
(error references, reefer readings); the output is byte-for-byte reproducible.

Authoring order is kept in the file: page builders, then the healthy runs, then the
plan (frozen before any faulty run was written), then the faulty runs.
"""
import json
import os
import random
import sys

SEED = 48213
RNG = random.Random(SEED)

BASE = "http://127.0.0.1:8000"
PRODUCT = "YardLoom"
VERSION = "6.3.1"
SITE = "DC-07 Millbrook"
DAY = "Tuesday 18 March 2025"
WORKFLOW = "dockyard"
PLAN_REL = "plans/dockyard.yaml"
USER = "Priya Natarajan · Yard coordinator"

TASK = ("In YardLoom, assign inbound trailer TRL-48213 (carrier Halvorsen Freight) to dock "
        "door D-14 North for today's 14:00–15:00 appointment window, mark it as a live "
        "unload, and save.")

NAV = ["Yard board", "Trailers", "Dock doors", "Appointments", "Gate log", "Reports", "Settings"]

DOORS = ["D-03 North", "D-04 North", "D-09 North", "D-12 North", "D-14 North",
         "D-14 South", "D-15 North", "D-22 South", "D-41 North"]
WINDOWS = ["12:00–13:00", "13:00–14:00", "14:00–15:00", "15:00–16:00", "16:00–17:00"]
STATUS_OPTS = ["All statuses", "Inbound", "At door", "Outbound", "Empty", "Gate check"]
TYPE_OPTS = ["All types", "Dry van", "Reefer", "Flatbed"]


# --------------------------------------------------------------------------- data

class Trailer:
    def __init__(self, num, carrier, scac, ttype, arrived, loc, status, detention, cat, tid,
                 **extra):
        self.num, self.carrier, self.scac, self.ttype = num, carrier, scac, ttype
        self.arrived, self.loc, self.status, self.detention = arrived, loc, status, detention
        self.cat, self.tid = cat, tid
        self.extra = extra

    @property
    def key(self):
        return "%s:%s" % (self.num, self.scac)


YARD = [
    # page 1 under the default sort (arrived, newest first)
    Trailer("TRL-49002", "Halvorsen Freight", "HVFT", "Reefer", "13:20", "Gate lane 2",
            "Gate check pending · seal photo missing", "—", "gate", 7840),
    Trailer("TRL-51166", "Quillon Express", "QLXP", "Dry van", "12:58", "Y-31",
            "Inbound · Unassigned", "0:00", "inbound", 7836),
    Trailer("TRL-33410", "Marlow Bros. Trucking", "MBTR", "Flatbed", "12:40", "Y-40",
            "Inbound · Assigned D-03 North 15:00–16:00", "0:00", "inbound", 7829),
    Trailer("TRL-48231", "Halvorsen Freight", "HVFT", "Reefer", "12:05", "Y-23",
            "Inbound · Unassigned · Temp alarm 41.8 °F", "0:00", "inbound", 7802,
            setpoint="34.0 °F", current="41.8 °F", alarm="HIGH: return air 41.8 °F, 7.8 °F above setpoint",
            seal="0442981", load="18 pallets fresh produce", po="4500183390", req="15:00–16:00",
            gate="Gate lane 3"),
    Trailer("TRL-50517", "Quillon Express", "QLXP", "Dry van", "12:01", "Y-30",
            "Inbound · Unassigned", "0:00", "inbound", 7799),
    Trailer("TRL-46004", "Redfern Haulage", "RDFH", "Dry van", "11:58", "Y-02",
            "Outbound · Loaded, awaiting driver", "—", "outbound", 7794),
    Trailer("TRL-47790", "Kestrel Line Haul", "KSTL", "Dry van", "11:50", "D-14 North",
            "At door · Live unload in progress", "0:00", "door", 7790),
    Trailer("TRL-44871", "Ostrander Cartage", "OSTC", "Dry van", "11:48", "Y-11",
            "Inbound · Appointment cancelled by carrier", "0:00", "inbound", 7788),
    # page 2
    Trailer("TRL-48213", "Halvorsen Freight", "HVFT", "Reefer", "11:42", "Y-22",
            "Inbound · Unassigned", "0:00", "inbound", 7731,
            setpoint="34.0 °F", current="34.1 °F", alarm="none",
            seal="0442917", load="22 pallets frozen poultry", po="4500183321", req="14:00–15:00",
            gate="Gate lane 3"),
    Trailer("TRL-48218", "Halvorsen Freight", "HVFT", "Dry van", "10:30", "D-09 North",
            "At door · Live unload in progress", "0:12", "door", 7702),
    Trailer("TRL-48213", "Brightwater Carriers", "BWCR", "Dry van", "09:10", "Y-07",
            "Inbound · Unassigned", "Overdue 1:05", "inbound", 7455,
            seal="BW-771203", load="26 pallets paper goods", po="4500182977", req="14:00–15:00",
            gate="Gate lane 1"),
    Trailer("TRL-42813", "Northpine Transport", "NPTR", "Dry van", "08:55", "Gate lane 1",
            "Gate check failed · seal mismatch", "—", "gate", 7431),
    Trailer("TRL-45120", "Ostrander Cartage", "OSTC", "Reefer", "08:20", "Y-15",
            "Inbound · Unassigned · Temp alarm cleared", "Overdue 0:20", "inbound", 7410),
    Trailer("TRL-31877", "Redfern Haulage", "RDFH", "Dry van", "07:45", "Y-44",
            "Empty · Awaiting pickup", "—", "empty", 7398),
]
CHECKED_OUT = Trailer("TRL-148213", "Kestrel Line Haul", "KSTL", "Dry van", "17 Mar 06:10",
                      "Off site", "Checked out 17 Mar 16:22", "—", "out", 6120)

CARRIERS = sorted(set(t.carrier for t in YARD))


def trailer(num, scac):
    for t in YARD:
        if t.num == num and t.scac == scac:
            return t
    raise KeyError((num, scac))


HALV = trailer("TRL-48213", "HVFT")        # the target
BRIGHT = trailer("TRL-48213", "BWCR")      # same number, other carrier
NEAR = trailer("TRL-48231", "HVFT")        # transposed digits, same carrier

DOOR_STATE = [
    ("D-03 North", "Reserved 15:00–16:00 · TRL-33410"),
    ("D-04 North", "Available"),
    ("D-09 North", "Live unload · TRL-48218 · started 12:24"),
    ("D-12 North", "Reserved 16:00–17:00 · TRL-49002"),
    ("D-14 North", "Live unload · TRL-47790 · expected clear {clear}"),
    ("D-14 South", "Available"),
    ("D-15 North", "Available · reefer plug-in"),
    ("D-22 South", "Out of service · dock leveler repair"),
    ("D-41 North", "Available · reefer plug-in"),
]

DOOR_NOTE = {
    "D-14 North": "D-14 North · reefer plug-in · now serving TRL-47790 (Kestrel Line Haul), expected clear {clear}",
    "D-41 North": "D-41 North · reefer plug-in · free all afternoon",
    "D-14 South": "D-14 South · no reefer plug-in · free after 12:30",
}


# --------------------------------------------------------------------------- page model

def q(s):
    """Quote a name the way the flattened accessibility tree does."""
    return repr(s)


class Page:
    """A flattened BrowserGym-style accessibility tree under construction."""

    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.n = 2
        self.ids = {}
        self.label = {}

    def node(self, depth, role, name="", key=None, **props):
        bid = str(self.n)
        self.n += 1
        line = "%s[%s] %s %s" % ("\t" * depth, bid, role, q(name))
        for k, v in props.items():
            line += ", %s=%s" % (k, q(v) if isinstance(v, str) else v)
        self.lines.append(line)
        self.label[bid] = "%s %s" % (role, q(name))
        if key is not None:
            if key in self.ids:
                raise ValueError("duplicate key %r on %s" % (key, self.url))
            self.ids[key] = bid
        return bid

    def text(self, depth, s):
        self.lines.append("%sStaticText %s" % ("\t" * depth, q(s)))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


def chrome_top(p, active, crumbs, notif=4, search_value=None, user=USER):
    p.node(1, "banner", "")
    p.node(2, "link", "YardLoom home", key="home")
    p.text(2, SITE)
    if search_value is None:
        p.node(2, "searchbox", "Search trailers, doors, carriers", key="search")
    else:
        p.node(2, "searchbox", "Search trailers, doors, carriers", key="search", value=search_value)
    p.node(2, "button", "Search", key="search_btn")
    p.node(2, "button", "Notifications (%d)" % notif, key="notif")
    p.node(2, "button", "User menu: %s" % user, key="usermenu", hasPopup="menu", expanded=False)
    p.node(1, "navigation", "Main")
    for item in NAV:
        if item == active:
            p.node(2, "link", item, key="nav:" + item, current="page")
        else:
            p.node(2, "link", item, key="nav:" + item)
    p.node(1, "navigation", "Breadcrumb")
    p.node(2, "link", SITE, key="crumb:site")
    for c in crumbs[:-1]:
        p.node(2, "link", c, key="crumb:" + c)
    p.text(2, crumbs[-1])


def chrome_bottom(p, now):
    p.node(1, "contentinfo", "")
    p.text(2, "%s %s · Yard management for %s" % (PRODUCT, VERSION, SITE))
    p.node(2, "link", "Help centre", key="help")
    p.node(2, "link", "System status", key="sysstatus")
    p.node(2, "link", "Privacy", key="privacy")
    p.text(2, "Last sync %s:08" % now)


# --------------------------------------------------------------------------- pages

def yard_board(now, clear="13:55", notif=4, toast=None, typed=None):
    p = Page(BASE + "/yard/board", "Yard board · YardLoom")
    chrome_top(p, "Yard board", ["Yard board"], notif=notif, search_value=typed)
    p.node(1, "main", "")
    p.node(2, "heading", "Yard board", level=1)
    p.text(2, "%s · Shift B (12:00–20:00) · updated %s" % (DAY, now))
    if toast:
        p.node(2, "status", "")
        p.text(3, toast)
    p.node(2, "region", "Live counters")
    p.text(3, "In yard: 14")
    p.text(3, "At doors: 18 of 24")
    p.text(3, "Waiting for a door: 7")
    p.text(3, "Detention running: 2")
    p.text(3, "Reefer temperature alarms: 1")
    p.text(3, "Gate checks pending: 2")
    p.node(2, "region", "Gate notices")
    p.text(3, "TRL-42813 (Northpine Transport): gate check failed at 08:57 · seal mismatch, held at Gate lane 1")
    p.text(3, "TRL-49002 (Halvorsen Freight): seal photo missing · awaiting gate clerk")
    p.node(3, "link", "Open gate log", key="gatelog")
    p.node(2, "heading", "Waiting for a door", level=2)
    p.node(2, "table", "Waiting for a door")
    p.node(3, "row", "")
    for h in ["Trailer #", "Carrier", "Type", "Arrived", "Spot", "Alerts", "Detention"]:
        p.node(4, "columnheader", h)
    waiting = [trailer("TRL-51166", "QLXP"), NEAR, trailer("TRL-50517", "QLXP"),
               trailer("TRL-44871", "OSTC"), HALV, BRIGHT, trailer("TRL-45120", "OSTC")]
    alerts = {"TRL-48231:HVFT": "Temp alarm 41.8 °F", "TRL-44871:OSTC": "Appointment cancelled",
              "TRL-45120:OSTC": "Temp alarm cleared 10:14", "TRL-48213:BWCR": "Detention overdue"}
    for t in waiting:
        p.node(3, "row", "")
        p.node(4, "gridcell", "")
        p.node(5, "link", t.num, key="wait:" + t.key)
        p.node(4, "gridcell", t.carrier)
        p.node(4, "gridcell", t.ttype)
        p.node(4, "gridcell", t.arrived)
        p.node(4, "gridcell", t.loc)
        p.node(4, "gridcell", alerts.get(t.key, "—"))
        p.node(4, "gridcell", t.detention)
    p.node(2, "heading", "Dock doors", level=2)
    p.node(2, "list", "Door status")
    for door, state in DOOR_STATE:
        p.node(3, "listitem", "")
        p.node(4, "link", door, key="door:" + door)
        p.text(4, state.format(clear=clear))
    chrome_bottom(p, now)
    return p


def _sort_key(sort):
    if sort == "carrier":
        return lambda t: (t.carrier, -int(t.arrived.replace(":", "")))
    return lambda t: -int(t.arrived.replace(":", ""))


def trailer_list(now, status="All statuses", carrier="All carriers", ttype="All types",
                 sort=None, page_no=1, chips=(), url=None, notif=4, toast=None, pending=None):
    rows = [t for t in YARD
            if (status == "All statuses" or
                {"Inbound": "inbound", "At door": "door", "Outbound": "outbound",
                 "Empty": "empty", "Gate check": "gate"}[status] == t.cat)
            and (carrier == "All carriers" or t.carrier == carrier)
            and (ttype == "All types" or t.ttype == ttype)]
    rows.sort(key=_sort_key(sort))
    total = len(rows)
    per = 8
    pages = max(1, (total + per - 1) // per)
    shown = rows[(page_no - 1) * per: page_no * per]
    p = Page(url or BASE + "/yard/trailers", "Trailers · YardLoom")
    chrome_top(p, "Trailers", ["Trailers"], notif=notif)
    p.node(1, "main", "")
    p.node(2, "heading", "Trailers in yard", level=1)
    p.text(2, "%s · updated %s" % (DAY, now))
    if toast:
        p.node(2, "status", "")
        p.text(3, toast)
    p.node(2, "search", "Filter trailers")
    shown_vals = dict(status=status, carrier=carrier, ttype=ttype)
    shown_vals.update(pending or {})
    for label, k, opts in [("Status", "status", STATUS_OPTS),
                           ("Carrier", "carrier", ["All carriers"] + CARRIERS),
                           ("Trailer type", "ttype", TYPE_OPTS)]:
        val = shown_vals[k]
        p.node(3, "combobox", label, key="f:" + k, value=val, hasPopup="listbox", expanded=False)
        for o in opts:
            p.node(4, "option", o, selected=(o == val))
    p.node(3, "button", "Apply filters", key="f:apply")
    p.node(3, "button", "Clear filters", key="f:clear")
    for c in chips:
        p.node(3, "button", "Remove filter %s" % c, key="chip:" + c)
    p.node(3, "button", "Export CSV", key="export")
    p.node(2, "table", "Trailers")
    p.node(3, "row", "")
    for h, k in [("Trailer #", "num"), ("Carrier", "carrier"), ("Type", "type"),
                 ("Arrived", "arrived"), ("Location", "loc"), ("Status", "status"),
                 ("Detention", "det")]:
        sort_state = "none"
        if (sort or "arrived") == k:
            sort_state = "ascending" if sort == "carrier" else "descending"
        p.node(4, "columnheader", h, sort=sort_state)
        p.node(5, "button", "Sort by %s" % h, key="sort:" + k)
    if not shown:
        p.node(3, "row", "")
        p.node(4, "gridcell", "No trailers match these filters.")
    for t in shown:
        p.node(3, "row", "")
        p.node(4, "gridcell", "")
        p.node(5, "link", t.num, key="row:" + t.key)
        p.node(4, "gridcell", t.carrier)
        p.node(4, "gridcell", t.ttype)
        p.node(4, "gridcell", t.arrived)
        p.node(4, "gridcell", t.loc)
        p.node(4, "gridcell", t.status)
        p.node(4, "gridcell", t.detention)
    p.node(2, "navigation", "Pagination")
    if total:
        p.text(3, "Showing %d–%d of %d" % ((page_no - 1) * per + 1,
                                          (page_no - 1) * per + len(shown), total))
    else:
        p.text(3, "Showing 0 of 0")
    p.node(3, "link", "Previous", key="prev", disabled=(page_no == 1))
    for i in range(1, pages + 1):
        if i == page_no:
            p.node(3, "link", str(i), key="page:%d" % i, current="page")
        else:
            p.node(3, "link", str(i), key="page:%d" % i)
    p.node(3, "link", "Next", key="next", disabled=(page_no == pages))
    chrome_bottom(p, now)
    return p


def search_page(now, query, typed=None):
    qs = query.replace(" ", "+")
    p = Page(BASE + "/yard/search?q=" + qs, "Search: %s · YardLoom" % query)
    chrome_top(p, None, ["Search"], search_value=query if typed is None else typed)
    p.node(1, "main", "")
    p.node(2, "heading", "Search results for “%s”" % query, level=1)
    digits = query.upper().replace("TRL-", "")
    hits = []
    if digits.isdigit():
        hits = [t for t in YARD if digits in t.num]
        hits.sort(key=_sort_key(None))
        if digits in CHECKED_OUT.num:
            hits.append(CHECKED_OUT)
    if not hits:
        p.text(2, "No trailers match “%s”." % query)
        p.text(2, "Tip: search by a trailer number, a door or a carrier name, one at a time.")
    else:
        p.text(2, "%d trailers match" % len(hits))
        p.node(2, "table", "Trailer results")
        p.node(3, "row", "")
        for h in ["Trailer #", "Carrier", "Type", "Location", "Status"]:
            p.node(4, "columnheader", h)
        for t in hits:
            p.node(3, "row", "")
            p.node(4, "gridcell", "")
            p.node(5, "link", t.num, key="hit:" + t.key)
            p.node(4, "gridcell", t.carrier)
            p.node(4, "gridcell", t.ttype)
            p.node(4, "gridcell", t.loc)
            p.node(4, "gridcell", t.status)
    p.node(2, "heading", "Doors", level=2)
    p.text(2, "No doors match.")
    chrome_bottom(p, now)
    return p


def assign_dialog(p, t, form, clear):
    title = "Assign dock door — %s (%s)" % (t.num, t.carrier)
    p.node(1, "dialog", title, modal=True)
    p.node(2, "heading", title, level=2)
    p.text(2, "Yard spot %s · %s 53 ft · requested window %s" % (t.loc, t.ttype, t.extra.get("req", "none")))
    door = form.get("door")
    p.node(2, "combobox", "Dock door", key="dlg:door", value=door or "Select a door",
           hasPopup="listbox", expanded=False)
    for d in DOORS:
        if d == "D-22 South":
            p.node(3, "option", d + " (out of service)", disabled=True, selected=False)
        else:
            p.node(3, "option", d, selected=(d == door))
    if door:
        p.text(2, DOOR_NOTE.get(door, door + " · available").format(clear=clear))
    win = form.get("window")
    p.node(2, "combobox", "Appointment window", key="dlg:window", value=win or "Select a window",
           hasPopup="listbox", expanded=False)
    for w in WINDOWS:
        if w == "12:00–13:00":
            p.node(3, "option", w + " (full)", disabled=True, selected=False)
        else:
            p.node(3, "option", w, selected=(w == win))
    live = form.get("live", False)
    p.node(2, "radiogroup", "Unload type")
    p.node(3, "radio", "Drop trailer", key="dlg:drop", checked=("false" if live else "true"))
    p.node(3, "radio", "Live unload", key="dlg:live", checked=("true" if live else "false"))
    p.node(2, "checkbox", "Notify carrier dispatcher by email", key="dlg:notify", checked="true")
    p.node(2, "checkbox", "Hold door after unload", key="dlg:hold",
           checked=("true" if form.get("hold") else "false"))
    p.node(2, "textbox", "Yard note (optional)", key="dlg:note")
    p.text(2, "Summary: %s · %s · %s" % (door or "no door", win or "no window",
                                          "Live unload" if live else "Drop trailer"))
    p.node(2, "button", "Cancel", key="dlg:cancel")
    p.node(2, "button", "Save assignment", key="dlg:save")


def confirm_dialog(p, t, form, clear):
    p.node(1, "alertdialog", "Confirm door assignment", modal=True)
    p.node(2, "heading", "Confirm door assignment", level=2)
    p.text(2, "%s is still occupied by TRL-47790 (Kestrel Line Haul), expected clear %s."
           % (form["door"], clear))
    p.text(2, "If you continue, the %s %s for %s starts when the door clears. "
              "Detention does not accrue while the trailer waits for this door."
           % (form["window"], "live unload" if form.get("live") else "drop", t.num))
    p.node(2, "button", "Cancel", key="cfm:cancel")
    p.node(2, "button", "Assign anyway", key="cfm:ok")


def denied_dialog(p):
    p.node(1, "alertdialog", "Not allowed", modal=True)
    p.node(2, "heading", "Not allowed", level=2)
    p.text(2, "You don't have permission to assign dock doors at %s. Your role was changed "
              "to Yard viewer at 12:31. Ask a yard supervisor for access." % SITE)
    p.node(2, "button", "OK", key="deny:ok")


def saved_text(t, form):
    return ("Saved. %s (%s) is assigned to %s for %s as a %s."
            % (t.num, t.carrier, form["door"], form["window"],
               "live unload" if form.get("live") else "drop trailer"))


def assigned_status(form):
    return "Assigned · %s · %s · %s" % (form["door"], form["window"],
                                         "Live unload" if form.get("live") else "Drop trailer")


def trailer_detail(t, now, status=None, toasts=(), dialog=None, form=None, clear="13:55",
                   notif=4, extra_activity=(), detention=None):
    p = Page(BASE + "/yard/trailers/%d" % t.tid, "Trailer %s · %s · YardLoom" % (t.num, t.carrier))
    chrome_top(p, "Trailers", ["Trailers", t.num], notif=notif)
    p.node(1, "main", "")
    for kind, msg in toasts:
        p.node(2, kind, "")
        p.text(3, msg)
        if kind == "alert":
            p.node(3, "button", "Dismiss", key="toast:dismiss")
    p.node(2, "heading", "Trailer %s · %s" % (t.num, t.carrier), level=1)
    p.text(2, "Status: %s" % (status or t.status))
    p.node(2, "group", "Trailer facts")
    facts = [("Carrier", "%s (SCAC %s)" % (t.carrier, t.scac)),
             ("Type", "%s 53 ft" % t.ttype),
             ("Seal", "%s · verified at %s" % (t.extra.get("seal", "—"), t.extra.get("gate", "gate"))),
             ("Arrived", "%s · %s" % (t.arrived, DAY)),
             ("Yard spot", t.loc),
             ("Requested appointment", t.extra.get("req", "none")),
             ("Load", t.extra.get("load", "—")),
             ("Purchase order", t.extra.get("po", "—"))]
    for k, v in facts:
        p.text(3, k)
        p.text(3, v)
    if t.ttype == "Reefer":
        p.node(2, "region", "Reefer unit")
        p.text(3, "Setpoint %s" % t.extra.get("setpoint"))
        p.text(3, "Return air %s · read %s" % (t.extra.get("current"), now))
        p.text(3, "Temperature alarm: %s" % t.extra.get("alarm"))
        p.text(3, "Fuel 68%")
        p.node(3, "link", "Temperature history", key="temphist")
    p.node(2, "region", "Detention")
    if detention:
        p.text(3, detention)
    elif t.detention.startswith("Overdue"):
        p.text(3, "Free time ended 07:10 · detention %s · billable to carrier" % t.detention.lower())
    else:
        p.text(3, "Free time ends 13:42 · detention clock not started")
    p.node(2, "toolbar", "Trailer actions")
    p.node(3, "button", "Assign dock door", key="assign")
    p.node(3, "button", "Move in yard", key="move")
    p.node(3, "button", "Check out at gate", key="checkout")
    p.node(3, "button", "Print yard ticket", key="print")
    p.node(2, "heading", "Activity", level=2)
    p.node(2, "list", "Activity")
    acts = ["%s Checked in at %s by R. Okafor" % (t.arrived, t.extra.get("gate", "gate")),
            "Moved to %s by yard truck J-5" % t.loc]
    if t.ttype == "Reefer":
        acts.append("Reefer reading logged %s" % t.extra.get("current"))
    acts += list(extra_activity)
    for a in acts:
        p.node(3, "listitem", "")
        p.text(4, a)
    chrome_bottom(p, now)
    if dialog in ("assign", "confirm"):
        assign_dialog(p, t, form or {}, clear)
    if dialog == "confirm":
        confirm_dialog(p, t, form, clear)
    if dialog == "denied":
        denied_dialog(p)
    return p


def sign_in_page(next_path):
    p = Page(BASE + "/login?next=" + next_path, "Sign in · YardLoom")
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to YardLoom", level=1)
    p.node(2, "alert", "")
    p.text(3, "Your session has ended. Sign in again to continue.")
    p.node(2, "textbox", "Work email", key="email")
    p.node(2, "textbox", "Password", key="password")
    p.node(2, "checkbox", "Keep me signed in on this device", checked="false")
    p.node(2, "button", "Sign in", key="signin")
    p.node(2, "link", "Sign in with badge", key="badge")
    p.node(2, "link", "Forgot password?", key="forgot")
    p.node(1, "contentinfo", "")
    p.text(2, "%s %s" % (PRODUCT, VERSION))
    return p


def error_page(t, ref):
    p = Page(BASE + "/yard/trailers/%d/assign" % t.tid, "Error 500 · YardLoom")
    p.node(1, "main", "")
    p.node(2, "heading", "Something went wrong", level=1)
    p.text(2, "YardLoom could not complete your request. Your changes may not have been saved.")
    p.text(2, "Reference %s" % ref)
    p.node(2, "link", "Back to trailer %s" % t.num, key="back")
    p.node(2, "link", "System status", key="sysstatus")
    p.node(1, "contentinfo", "")
    p.text(2, "%s %s" % (PRODUCT, VERSION))
    return p


# --------------------------------------------------------------------------- runs

class Run:
    def __init__(self, rid, fault, start, off=None):
        self.rid, self.fault, self.off = rid, fault, off
        self.start = start
        self.cur = start
        self.steps = []
        self.success = None

    def _act(self, commitment, command, target, reasoning, effect, nxt, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def _target(self, key, ctx):
        bid = self.cur.ids[key]
        tgt = self.cur.label[bid]
        return bid, (tgt + " " + ctx if ctx else tgt)

    def click(self, c, key, nxt, why, effect="read", ctx=""):
        bid, tgt = self._target(key, ctx)
        self._act(c, "click(%s)" % q(bid), tgt, why, effect, nxt)

    def fill(self, c, key, value, nxt, why, effect="read", ctx=""):
        bid, tgt = self._target(key, ctx)
        self._act(c, "fill(%s, %s)" % (q(bid), q(value)), tgt, why, effect, nxt)

    def select(self, c, key, value, nxt, why, effect="write", ctx=""):
        bid, tgt = self._target(key, ctx)
        self._act(c, "select_option(%s, %s)" % (q(bid), q(value)), tgt, why, effect, nxt)

    def say(self, c, msg, why):
        self._act(c, "send_msg_to_user(%s)" % q(msg), "chat message to the user", why, "read",
                  self.cur)

    def record(self):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


GOOD = {"door": "D-14 North", "window": "14:00–15:00", "live": True}


def fill_form(run, t, now, order=("door", "window", "live"), door="D-14 North",
              window="14:00–15:00", live=True, clear="13:55", notif=4, toasts=()):
    """Fill the Assign dock door dialog field by field; returns the form dict."""
    form = {}
    for field in order:
        if field == "door":
            form["door"] = door
            run.select("choose-door", "dlg:door", door,
                       trailer_detail(t, now, dialog="assign", form=dict(form), clear=clear,
                                      notif=notif, toasts=toasts),
                       "Pick dock door %s from the door list" % door)
        elif field == "window":
            form["window"] = window
            run.select("choose-window", "dlg:window", window,
                       trailer_detail(t, now, dialog="assign", form=dict(form), clear=clear,
                                      notif=notif, toasts=toasts),
                       "Pick the %s appointment window" % window)
        elif field == "live" and live:
            form["live"] = True
            run.click("mark-live-unload", "dlg:live",
                      trailer_detail(t, now, dialog="assign", form=dict(form), clear=clear,
                                     notif=notif, toasts=toasts),
                      "The task asks for a live unload, so switch Unload type from Drop trailer",
                      effect="write")
    return form


def saved_detail(t, now, form, notif=4, clear="13:55", saved_at=None, extra=()):
    return trailer_detail(
        t, now, status=assigned_status(form), toasts=[("status", saved_text(t, form))],
        notif=notif, clear=clear,
        extra_activity=list(extra) + ["%s Assigned to %s, %s, %s by P. Natarajan"
                                      % (saved_at or now, form["door"], form["window"],
                                         "live unload" if form.get("live") else "drop trailer")])


def done_msg(t, form):
    return ("Done: %s (%s) is assigned to %s for %s as a %s, and the assignment is saved."
            % (t.num, t.carrier, form["door"], form["window"],
               "live unload" if form.get("live") else "drop trailer"))


# ---- healthy runs ---------------------------------------------------------------------

def healthy_search():
    now = "12:36"
    r = Run("dockyard-healthy-search-01", None, yard_board(now))
    r.fill("open-trailer", "search", "TRL-48213", yard_board(now, typed="TRL-48213"), "Search the yard for the trailer number")
    r.click("open-trailer", "search_btn", search_page(now, "TRL-48213"), "Run the search")
    r.click("open-trailer", "hit:" + HALV.key, trailer_detail(HALV, now),
            "Two trailers carry TRL-48213; open the one whose carrier is Halvorsen Freight",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now)
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "All three fields are set; save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "The confirmation toast and status match the task")
    r.success = True
    return r


def healthy_paginate():
    now = "12:44"
    r = Run("dockyard-healthy-paginate-01", None, yard_board(now))
    r.click("open-trailer", "nav:Trailers", trailer_list(now), "Browse the trailer list")
    r.click("open-trailer", "next", trailer_list(now, page_no=2, url=BASE + "/yard/trailers?page=2"),
            "TRL-48213 is not on page 1; go to the next page")
    toast = ("status", "Detention started: TRL-45120 (Ostrander Cartage) passed free time at Y-15.")
    r.click("open-trailer", "row:" + HALV.key, trailer_detail(HALV, now, toasts=[toast], notif=5),
            "Open TRL-48213 in the Halvorsen Freight row, not the Brightwater Carriers one",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign",
            trailer_detail(HALV, now, dialog="assign", form={}, toasts=[toast], notif=5),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now, notif=5, toasts=[toast])
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form, notif=5),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Saved toast confirms door, window and live unload")
    r.success = True
    return r


def healthy_filter_inbound():
    now = "12:51"
    r = Run("dockyard-healthy-filter-01", None, yard_board(now))
    r.click("open-trailer", "nav:Trailers", trailer_list(now), "Go to the trailer list")
    r.select("open-trailer", "f:status", "Inbound", _list_pending(now, status="Inbound"),
             "The task is about an inbound trailer; narrow the list to inbound", effect="read")
    r.click("open-trailer", "f:apply",
            trailer_list(now, status="Inbound", url=BASE + "/yard/trailers?status=inbound",
                         chips=["Status: Inbound"]),
            "Apply the status filter")
    r.click("open-trailer", "row:" + HALV.key, trailer_detail(HALV, now),
            "Open the Halvorsen Freight trailer TRL-48213",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now)
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Assignment confirmed by the saved toast")
    r.success = True
    return r


def _list_pending(now, **pending):
    """The list page after a filter combobox changed but before Apply: the comboboxes show
    the new values, the rows are still the unfiltered ones."""
    return trailer_list(now, pending=pending)


def healthy_cancel_reopen():
    now = "12:58"
    r = Run("dockyard-healthy-cancel-reopen-01", None, yard_board(now))
    r.click("open-trailer", "wait:" + HALV.key, trailer_detail(HALV, now),
            "TRL-48213 (Halvorsen Freight) is listed under Waiting for a door; open it",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    r.click("open-assign-form", "dlg:cancel", trailer_detail(HALV, now),
            "The dialog covers the reefer panel; close it to check the reefer reading first",
            ctx="in dialog 'Assign dock door — TRL-48213 (Halvorsen Freight)'")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Reefer reading is normal (34.1 °F, no alarm); reopen the assignment dialog")
    form = fill_form(r, HALV, now)
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Saved toast and status confirm it")
    r.success = True
    return r


def healthy_confirm():
    now, clear = "13:52", "14:05"
    det = "Free time ended 13:42 · detention running 0:10"
    r = Run("dockyard-healthy-confirm-01", None, yard_board(now, clear=clear, notif=6))
    r.fill("open-trailer", "search", "48213", yard_board(now, clear=clear, notif=6, typed="48213"),
           "Search for the trailer number")
    r.click("open-trailer", "search_btn", _with_notif(search_page(now, "48213"), 6), "Run the search")
    r.click("open-trailer", "hit:" + HALV.key,
            trailer_detail(HALV, now, clear=clear, notif=6, detention=det),
            "Open TRL-48213 for Halvorsen Freight", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign",
            trailer_detail(HALV, now, dialog="assign", form={}, clear=clear, notif=6, detention=det),
            "Open the door assignment dialog")
    form = {}
    for field, c, val, why in [("door", "choose-door", "D-14 North", "Pick D-14 North"),
                               ("window", "choose-window", "14:00–15:00", "Pick 14:00–15:00")]:
        form[field] = val
        r.select(c, "dlg:" + field, val,
                 trailer_detail(HALV, now, dialog="assign", form=dict(form), clear=clear, notif=6,
                                detention=det), why)
    form["live"] = True
    r.click("mark-live-unload", "dlg:live",
            trailer_detail(HALV, now, dialog="assign", form=dict(form), clear=clear, notif=6,
                           detention=det),
            "Switch Unload type to Live unload", effect="write")
    r.click("save-assignment", "dlg:save",
            trailer_detail(HALV, now, dialog="confirm", form=dict(form), clear=clear, notif=6,
                           detention=det),
            "Save the assignment", effect="irreversible")
    r.click("save-assignment", "cfm:ok",
            saved_detail(HALV, "13:53", form, notif=6, clear=clear),
            "D-14 North is still finishing TRL-47790 until 14:05; the appointment is 14:00–15:00 and "
            "the task names this door, so assign anyway", effect="irreversible",
            ctx="in dialog 'Confirm door assignment'")
    r.say("save-assignment", done_msg(HALV, form),
          "Saved; the unload will start as soon as D-14 North clears")
    r.success = True
    return r


def _with_notif(p, n):
    p.lines = [l.replace("button 'Notifications (4)'", "button 'Notifications (%d)'" % n)
               for l in p.lines]
    return p


def healthy_retype():
    now = "13:05"
    r = Run("dockyard-healthy-retype-01", None, yard_board(now))
    r.fill("open-trailer", "search", "48213 Halvorsen", yard_board(now, typed="48213 Halvorsen"),
           "Search for the trailer number together with the carrier")
    r.click("open-trailer", "search_btn", search_page(now, "48213 Halvorsen"), "Run the search")
    r.fill("open-trailer", "search", "TRL-48213", search_page(now, "48213 Halvorsen", typed="TRL-48213"),
           "Search takes one term at a time; retype just the trailer number")
    r.click("open-trailer", "search_btn", search_page(now, "TRL-48213"), "Run the search again")
    r.click("open-trailer", "hit:" + HALV.key, trailer_detail(HALV, now),
            "Open the Halvorsen Freight row", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now)
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Saved toast confirms it")
    r.success = True
    return r


def healthy_sort():
    now = "13:11"
    gate_toast = "Gate notice: TRL-49002 (Halvorsen Freight) is waiting for seal verification at Gate lane 2."
    r = Run("dockyard-healthy-sort-01", None, yard_board(now))
    r.click("open-trailer", "nav:Trailers", trailer_list(now, toast=gate_toast, notif=5),
            "Open the trailer list")
    r.click("open-trailer", "sort:carrier",
            trailer_list(now, sort="carrier", url=BASE + "/yard/trailers?sort=carrier",
                         toast=gate_toast, notif=5),
            "Sort by carrier so the Halvorsen Freight trailers sit together")
    r.click("open-trailer", "row:" + HALV.key, trailer_detail(HALV, now, notif=5),
            "Open TRL-48213 in the Halvorsen Freight group",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}, notif=5),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now, notif=5)
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form, notif=5),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Saved toast confirms it")
    r.success = True
    return r


def healthy_board_reordered():
    now = "13:18"
    alarm = ("alert", "Reefer alarm: TRL-48231 (Halvorsen Freight) return air 41.8 °F, "
                      "setpoint 34.0 °F. Check the unit at Y-23.")
    r = Run("dockyard-healthy-board-01", None, yard_board(now, notif=5))
    r.click("open-trailer", "wait:" + HALV.key, trailer_detail(HALV, now, toasts=[alarm], notif=6),
            "Open TRL-48213 (Halvorsen Freight) from Waiting for a door",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign",
            trailer_detail(HALV, now, dialog="assign", form={}, toasts=[alarm], notif=6),
            "The alarm is about TRL-48231, a different trailer; open the door assignment dialog "
            "for TRL-48213")
    form = fill_form(r, HALV, now, order=("live", "window", "door"), notif=6, toasts=[alarm])
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form, notif=6),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Saved toast confirms it")
    r.success = True
    return r


HEALTHY = [healthy_search, healthy_paginate, healthy_filter_inbound, healthy_cancel_reopen,
           healthy_confirm, healthy_retype, healthy_sort, healthy_board_reordered]


# --------------------------------------------------------------------------- the plan
# Written from the task text and the healthy pages above, before any faulty run existed.
# Not edited after the faulty runs were written.

PLAN_YAML = """\
# Plan for the dockyard workflow (YardLoom yard management, DC-07 Millbrook).
# Written from the task text and the healthy runs only.
task: "In YardLoom, assign inbound trailer TRL-48213 (carrier Halvorsen Freight) to dock door D-14 North for today's 14:00–15:00 appointment window, mark it as a live unload, and save."

plan_falsifiers:
  execution:
    - Sign in to YardLoom
    - Your session has ended. Sign in again to continue.
    - Something went wrong
    - "You don't have permission to assign dock doors"

commitments:
  - id: open-trailer
    subgoal: Find and open inbound trailer TRL-48213 whose carrier is Halvorsen Freight
    skill: open_record_by_id
    confidence: 0.7
    confirm:
      precondition: [Yard board, Trailers in yard]
      progress: ["TRL-48213", Halvorsen Freight]
      completion: ["Trailer TRL-48213 · Halvorsen Freight", "Requested appointment 14:00–15:00"]
    falsify:
      execution:
        - TRL-48231
        - TRL-48218
        - "Trailer TRL-48213 · Brightwater Carriers"
        - {text: "open the TRL-48213 row of Brightwater Carriers", on: action}
        - {text: "open TRL-48231", on: action}
      planning:
        - "TRL-48213 has checked out at the gate"

  - id: open-assign-form
    subgoal: Open the Assign dock door dialog for this trailer
    confidence: 0.8
    confirm:
      precondition: [Assign dock door]
      completion: ["Assign dock door — TRL-48213 (Halvorsen Freight)"]
    falsify:
      execution:
        - "Assign dock door — TRL-48213 (Brightwater Carriers)"
        - "Assign dock door — TRL-48231"
      skill:
        - The Assign dock door button is missing or disabled

  - id: choose-door
    subgoal: Set Dock door to D-14 North
    confidence: 0.6
    confirm:
      completion: ["Dock door: D-14 North", "Summary: D-14 North"]
    falsify:
      execution:
        - {text: D-41 North, on: both}
        - {text: D-14 South, on: both}
        - {text: "select a door other than D-14 North", on: action}
      planning:
        - D-14 North (out of service)

  - id: choose-window
    subgoal: Set Appointment window to 14:00–15:00
    confidence: 0.6
    confirm:
      completion: ["Appointment window: 14:00–15:00"]
    falsify:
      execution:
        - {text: "15:00–16:00", on: action}
        - {text: "13:00–14:00", on: action}
        - "Summary: D-14 North · 15:00–16:00"

  - id: mark-live-unload
    subgoal: Mark the appointment as a live unload
    confidence: 0.6
    confirm:
      completion: ["Live unload is checked", "Summary: D-14 North · 14:00–15:00 · Live unload"]
    falsify:
      execution:
        - {text: "click Drop trailer", on: action}
        - "Summary: D-14 North · 14:00–15:00 · Drop trailer"

  - id: save-assignment
    subgoal: Save the assignment and see YardLoom confirm door, window and live unload
    confidence: 0.7
    confirm:
      progress: [Confirm door assignment]
      completion:
        - "Saved. TRL-48213 (Halvorsen Freight) is assigned to D-14 North for 14:00–15:00 as a live unload."
        - "Status: Assigned · D-14 North · 14:00–15:00 · Live unload"
    falsify:
      execution:
        - as a drop trailer
        - "(Brightwater Carriers) is assigned to"
        - "No Saved confirmation appears after Save assignment is clicked"
        - "After saving, the status still reads Inbound · Unassigned"
        - {text: "click Cancel in the Confirm door assignment dialog", on: action}
        - {text: "tell the user the assignment is done before Save assignment was clicked", on: action}
        - {text: "check Hold door after unload", on: action}
      planning:
        - D-14 North is out of service
"""


# --------------------------------------------------------------------------- faulty runs

def fault_wrong_record():
    now = "12:39"
    r = Run("dockyard-wrong_record-01", "wrong_record", yard_board(now), off=2)
    r.fill("open-trailer", "search", "482", yard_board(now, typed="482"), "Search for the trailer number")
    r.click("open-trailer", "search_btn", search_page(now, "482"), "Run the search")
    r.click("open-trailer", "hit:" + NEAR.key, trailer_detail(NEAR, now),
            "Open the Halvorsen Freight reefer in the results",
            ctx="in row Halvorsen Freight · Reefer · Y-23")
    r.click("open-assign-form", "assign", trailer_detail(NEAR, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, NEAR, now)
    r.click("save-assignment", "dlg:save", saved_detail(NEAR, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(NEAR, form), "Saved toast shown")
    r.success = False
    return r


def fault_stale_filter():
    now = "12:47"
    start = trailer_list(now, carrier="Brightwater Carriers", chips=["Carrier: Brightwater Carriers"],
                         url=BASE + "/yard/trailers?carrier=BWCR")
    r = Run("dockyard-stale_filter-01", "stale_filter", start, off=0)
    r.click("open-trailer", "row:" + BRIGHT.key, trailer_detail(BRIGHT, now),
            "TRL-48213 is in the list; open it", ctx="in row Brightwater Carriers · Dry van · Y-07")
    r.click("open-assign-form", "assign", trailer_detail(BRIGHT, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, BRIGHT, now)
    r.click("save-assignment", "dlg:save", saved_detail(BRIGHT, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(BRIGHT, form), "Saved toast shown")
    r.success = False
    return r


def fault_wrong_door():
    now = "12:53"
    r = Run("dockyard-wrong_value-door-01", "wrong_value", yard_board(now), off=4)
    r.fill("open-trailer", "search", "TRL-48213", yard_board(now, typed="TRL-48213"), "Search for the trailer number")
    r.click("open-trailer", "search_btn", search_page(now, "TRL-48213"), "Run the search")
    r.click("open-trailer", "hit:" + HALV.key, trailer_detail(HALV, now),
            "Open the Halvorsen Freight row", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now, door="D-41 North")
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, dict(GOOD)), "Saved toast shown")
    r.success = False
    return r


def fault_wrong_window():
    now = "13:02"
    r = Run("dockyard-wrong_value-window-01", "wrong_value", yard_board(now), off=5)
    r.click("open-trailer", "nav:Trailers", trailer_list(now), "Browse the trailer list")
    r.click("open-trailer", "next", trailer_list(now, page_no=2, url=BASE + "/yard/trailers?page=2"),
            "Go to page 2")
    r.click("open-trailer", "row:" + HALV.key, trailer_detail(HALV, now),
            "Open TRL-48213 for Halvorsen Freight", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now, window="15:00–16:00")
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "Saved toast shown")
    r.success = False
    return r


def fault_skipped_live():
    now = "13:09"
    r = Run("dockyard-skipped_step-01", "skipped_step", yard_board(now), off=4)
    r.click("open-trailer", "wait:" + HALV.key, trailer_detail(HALV, now),
            "Open TRL-48213 (Halvorsen Freight) from Waiting for a door",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now, live=False)
    r.click("save-assignment", "dlg:save", saved_detail(HALV, now, form),
            "Door and window are set; save", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, dict(GOOD)), "Saved toast shown")
    r.success = False
    return r


def fault_silent_noop():
    now = "13:14"
    r = Run("dockyard-silent_no_op-01", "silent_no_op", yard_board(now), off=7)
    r.fill("open-trailer", "search", "TRL-48213", yard_board(now, typed="TRL-48213"), "Search for the trailer number")
    r.click("open-trailer", "search_btn", search_page(now, "TRL-48213"), "Run the search")
    r.click("open-trailer", "hit:" + HALV.key, trailer_detail(HALV, now),
            "Open the Halvorsen Freight row", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now)
    r.click("save-assignment", "dlg:save", trailer_detail(HALV, now),
            "Save the assignment", effect="irreversible")
    r.say("save-assignment", done_msg(HALV, form), "The dialog closed, so the save went through")
    r.success = False
    return r


def fault_unrequested_filter():
    now = "13:21"
    r = Run("dockyard-unrequested_filter-01", "unrequested_filter", yard_board(now), off=2)
    r.click("open-trailer", "nav:Trailers", trailer_list(now), "Go to the trailer list")
    r.select("open-trailer", "f:carrier", "Halvorsen Freight",
             _list_pending(now, carrier="Halvorsen Freight"),
             "Narrow the list to the carrier named in the task", effect="read")
    r.select("open-trailer", "f:ttype", "Dry van",
             _list_pending(now, carrier="Halvorsen Freight", ttype="Dry van"),
             "Inbound trailers for live unload are usually dry vans; narrow to Dry van", effect="read")
    r.click("open-trailer", "f:apply",
            trailer_list(now, carrier="Halvorsen Freight", ttype="Dry van",
                         url=BASE + "/yard/trailers?carrier=HVFT&type=dry-van",
                         chips=["Carrier: Halvorsen Freight", "Trailer type: Dry van"]),
            "Apply the filters")
    r.say("open-trailer",
          "TRL-48213 from Halvorsen Freight is not in the yard; the only Halvorsen trailer listed "
          "is TRL-48218, already at D-09 North. No assignment was made.",
          "The trailer is not in the filtered list")
    r.success = False
    return r


def fault_error_page():
    now = "13:27"
    ref = "ERR-%04X-%04d" % (RNG.randrange(0x10000), RNG.randrange(10000))
    r = Run("dockyard-error_page-01", "error_page", yard_board(now), off=5)
    r.click("open-trailer", "wait:" + HALV.key, trailer_detail(HALV, now),
            "Open TRL-48213 (Halvorsen Freight) from Waiting for a door",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = fill_form(r, HALV, now)
    r.click("save-assignment", "dlg:save", error_page(HALV, ref),
            "Save the assignment", effect="irreversible")
    r.click("save-assignment", "back", trailer_detail(HALV, now),
            "Go back to the trailer to see whether it saved")
    r.say("save-assignment",
          "Saving failed with an error (%s); TRL-48213 is still unassigned." % ref,
          "Status still shows Inbound · Unassigned")
    r.success = False
    return r


def fault_permission():
    now = "13:33"
    r = Run("dockyard-permission_denied-01", "permission_denied", yard_board(now), off=3)
    r.click("open-trailer", "nav:Trailers", trailer_list(now), "Open the trailer list")
    r.click("open-trailer", "sort:carrier",
            trailer_list(now, sort="carrier", url=BASE + "/yard/trailers?sort=carrier"),
            "Sort by carrier")
    r.click("open-trailer", "row:" + HALV.key, trailer_detail(HALV, now),
            "Open TRL-48213 in the Halvorsen Freight group",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="denied"),
            "Open the door assignment dialog")
    r.click("open-assign-form", "deny:ok", trailer_detail(HALV, now), "Acknowledge the message")
    r.say("open-assign-form",
          "I could not assign TRL-48213: YardLoom says this account no longer has permission "
          "to assign dock doors.", "Blocked by permissions")
    r.success = False
    return r


def fault_session():
    now = "13:38"
    r = Run("dockyard-session_expired-01", "session_expired", yard_board(now), off=3)
    r.click("open-trailer", "nav:Trailers", trailer_list(now), "Go to the trailer list")
    r.select("open-trailer", "f:status", "Inbound", _list_pending(now, status="Inbound"),
             "Show inbound trailers only", effect="read")
    r.click("open-trailer", "f:apply",
            trailer_list(now, status="Inbound", url=BASE + "/yard/trailers?status=inbound",
                         chips=["Status: Inbound"]),
            "Apply the filter")
    r.click("open-trailer", "row:" + HALV.key, sign_in_page("/yard/trailers/%d" % HALV.tid),
            "Open TRL-48213 for Halvorsen Freight", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.say("open-trailer", "YardLoom signed me out before I could open TRL-48213; please sign in "
                          "again so I can finish the assignment.", "Signed out")
    r.success = False
    return r


def fault_premature():
    now = "13:44"
    r = Run("dockyard-premature_success-01", "premature_success", yard_board(now), off=6)
    r.fill("open-trailer", "search", "TRL-48213", yard_board(now, typed="TRL-48213"), "Search for the trailer number")
    r.click("open-trailer", "search_btn", search_page(now, "TRL-48213"), "Run the search")
    r.click("open-trailer", "hit:" + HALV.key, trailer_detail(HALV, now),
            "Open the Halvorsen Freight row", ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign", trailer_detail(HALV, now, dialog="assign", form={}),
            "Open the door assignment dialog")
    form = {}
    form["door"] = "D-14 North"
    r.select("choose-door", "dlg:door", "D-14 North",
             trailer_detail(HALV, now, dialog="assign", form=dict(form)), "Pick D-14 North")
    form["window"] = "14:00–15:00"
    r.select("choose-window", "dlg:window", "14:00–15:00",
             trailer_detail(HALV, now, dialog="assign", form=dict(form)), "Pick 14:00–15:00")
    # step 6: reports before clicking Live unload or Save assignment
    r.say("save-assignment", done_msg(HALV, dict(GOOD)),
          "Door and window are chosen and the summary shows them; the assignment is done")
    r.success = False
    return r


def fault_dialog():
    now, clear = "13:54", "14:05"
    det = "Free time ended 13:42 · detention running 0:12"
    r = Run("dockyard-dialog_mishandled-01", "dialog_mishandled",
            yard_board(now, clear=clear, notif=6), off=6)
    r.click("open-trailer", "wait:" + HALV.key,
            trailer_detail(HALV, now, clear=clear, notif=6, detention=det),
            "Open TRL-48213 (Halvorsen Freight) from Waiting for a door",
            ctx="in row Halvorsen Freight · Reefer · Y-22")
    r.click("open-assign-form", "assign",
            trailer_detail(HALV, now, dialog="assign", form={}, clear=clear, notif=6, detention=det),
            "Open the door assignment dialog")
    form = {}
    for field, c, val in [("door", "choose-door", "D-14 North"),
                          ("window", "choose-window", "14:00–15:00")]:
        form[field] = val
        r.select(c, "dlg:" + field, val,
                 trailer_detail(HALV, now, dialog="assign", form=dict(form), clear=clear, notif=6,
                                detention=det), "Pick %s" % val)
    form["live"] = True
    r.click("mark-live-unload", "dlg:live",
            trailer_detail(HALV, now, dialog="assign", form=dict(form), clear=clear, notif=6,
                           detention=det),
            "Switch Unload type to Live unload", effect="write")
    r.click("save-assignment", "dlg:save",
            trailer_detail(HALV, now, dialog="confirm", form=dict(form), clear=clear, notif=6,
                           detention=det),
            "Save the assignment", effect="irreversible")
    r.click("save-assignment", "cfm:cancel",
            trailer_detail(HALV, now, clear=clear, notif=6, detention=det),
            "This is only a warning about the door still being busy; dismiss it",
            ctx="in dialog 'Confirm door assignment'")
    r.say("save-assignment", done_msg(HALV, form), "Warning dismissed, assignment done")
    r.success = False
    return r


FAULTY = [fault_wrong_record, fault_stale_filter, fault_wrong_door, fault_wrong_window,
          fault_skipped_live, fault_silent_noop, fault_unrequested_filter, fault_error_page,
          fault_permission, fault_session, fault_premature, fault_dialog]


# --------------------------------------------------------------------------- output

def build():
    runs = [f().record() for f in HEALTHY] + [f().record() for f in FAULTY]
    return runs


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    runs = build()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for rec in runs:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    print("wrote %d trajectories and %s to %s" % (len(runs), PLAN_REL, out))


if __name__ == "__main__":
    main(sys.argv)
