#!/usr/bin/env python3
"""Build the LabelBench held-out corpus: a brewery's case-label reprint portal.

Python 3 standard library only.  Fixed seed, no clock, no locale: the output is
byte-for-byte identical on every run.

    python3 make_corpus.py [OUTDIR]      # default OUTDIR: the folder holding this file

Writes OUTDIR/corpus.jsonl (20 runs) and OUTDIR/plans/labelprint.yaml.

Order of work (kept in this order in the file on purpose):
  1. the application (data + page renderers),
  2. the 8 healthy runs,
  3. the plan, written from the task text and the healthy pages only,
  4. the 12 faulty runs (written after the plan; the plan was not touched afterwards).
"""
import contextlib
import datetime as dt
import json
import os
import random
import re
import sys

SEED = 1187
WORKFLOW = "labelprint"
HOST = "http://127.0.0.1:8000"
BASE = HOST + "/labelbench"
PLAN_REL = "plans/labelprint.yaml"
TASK = ("Please reprint 240 labels for batch B-1187 (Harbor Haze IPA) on printer Line 2 "
        "with the corrected best-before date 14 Aug 2026, and submit the print job.")

RNG = random.Random(SEED)
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
TODAY_TEXT = "Thu 19 Feb 2026"


def fmt_date(d):
    return "%02d %s %d" % (d.day, MONTHS[d.month - 1], d.year)


def add_months(d, m):
    y = d.year + (d.month - 1 + m) // 12
    mo = (d.month - 1 + m) % 12 + 1
    last = 28 if mo == 2 else 30 if mo in (4, 6, 9, 11) else 31
    return dt.date(y, mo, min(d.day, last))


def thousands(n):
    return "{:,}".format(n)


# --------------------------------------------------------------------------------------
# 1. Application data
# --------------------------------------------------------------------------------------
BEERS = {
    "Foghorn Porter": ("Robust Porter · 5.9% ABV", 8, "501"),
    "Harbor Haze IPA": ("New England IPA · 6.2% ABV", 6, "187"),
    "Harbor Haze Pale": ("Hazy Pale Ale · 4.6% ABV", 6, "178"),
    "Kelp Stout": ("Oyster and Kelp Stout · 5.4% ABV", 12, "330"),
    "Saltmarsh Sour": ("Sea Salt Gose · 4.2% ABV", 6, "442"),
    "Tidewater Lager": ("Helles Lager · 4.8% ABV", 9, "118"),
}
PACK = {"440 ml can": "24 × 440 ml cans", "330 ml can": "24 × 330 ml cans",
        "330 ml bottle": "24 × 330 ml bottles", "30 L keg": "1 × 30 L keg",
        "50 L keg": "1 × 50 L keg"}

FIXED = [  # number, beer, format, units, (month, day) packaged in 2026, status
    (1195, "Tidewater Lager", "440 ml can", 380, (2, 17), "Packaged"),
    (1194, "Kelp Stout", "330 ml bottle", 180, (2, 17), "Packaged"),
    (1193, "Harbor Haze Pale", "440 ml can", 300, (2, 16), "On hold"),
    (1192, "Foghorn Porter", "30 L keg", 48, (2, 16), "Packaged"),
    (1191, "Tidewater Lager", "50 L keg", 36, (2, 15), "Packaged"),
    (1190, "Saltmarsh Sour", "330 ml can", 160, (2, 15), "Recalled"),
    (1189, "Harbor Haze Pale", "440 ml can", 380, (2, 14), "Packaged"),
    (1188, "Harbor Haze Pale", "330 ml bottle", 240, (2, 14), "Packaged"),
    (1187, "Harbor Haze IPA", "440 ml can", 412, (2, 14), "Packaged"),
    (1186, "Foghorn Porter", "440 ml can", 264, (2, 13), "Packaged"),
    (1185, "Harbor Haze Pale", "440 ml can", 420, (2, 12), "Packaged"),
    (1184, "Kelp Stout", "30 L keg", 40, (2, 11), "Packaged"),
    (1183, "Tidewater Lager", "440 ml can", 456, (2, 10), "Packaged"),
    (1182, "Saltmarsh Sour", "330 ml bottle", 144, (2, 9), "On hold"),
    (1181, "Harbor Haze IPA", "30 L keg", 42, (2, 6), "Packaged"),
    (1180, "Foghorn Porter", "330 ml bottle", 200, (2, 5), "Packaged"),
    (1179, "Tidewater Lager", "440 ml can", 400, (2, 4), "Packaged"),
    (1178, "Harbor Haze IPA", "440 ml can", 360, (2, 3), "Recalled"),
    (1177, "Kelp Stout", "330 ml bottle", 168, (2, 2), "Packaged"),
    (1176, "Harbor Haze Pale", "440 ml can", 392, (1, 30), "Packaged"),
]
FORCED_BEER = {1175: "Foghorn Porter", 1172: "Harbor Haze IPA", 1170: "Foghorn Porter",
               1169: "Harbor Haze Pale", 1166: "Harbor Haze IPA", 1163: "Foghorn Porter"}
FORCED_STATUS = {1171: "On hold", 1164: "On hold"}


def build_batches():
    rows = []
    for n, beer, fmt, units, (mo, day), status in FIXED:
        rows.append(dict(n=n, beer=beer, fmt=fmt, units=units,
                         packaged=dt.date(2026, mo, day), status=status))
    d = dt.date(2026, 1, 29)
    for n in range(1175, 1161, -1):
        d -= dt.timedelta(days=RNG.choice([1, 1, 2]))
        beer = FORCED_BEER.get(n) or RNG.choice(["Kelp Stout", "Saltmarsh Sour", "Tidewater Lager"])
        fmt = RNG.choice(["440 ml can", "440 ml can", "330 ml bottle", "30 L keg"])
        units = RNG.randint(30, 50) if "keg" in fmt else RNG.choice([168, 192, 216, 264, 288, 312, 336, 360, 384])
        rows.append(dict(n=n, beer=beer, fmt=fmt, units=units, packaged=d,
                         status=FORCED_STATUS.get(n, "Packaged")))
    for r in rows:
        r["id"] = "B-%d" % r["n"]
        shelf = BEERS[r["beer"]][1] - (3 if "keg" in r["fmt"] else 0)
        r["bb"] = fmt_date(add_months(r["packaged"], shelf))
        r["flag"] = False
    b = next(r for r in rows if r["id"] == "B-1187")
    b["bb"] = "14 Jul 2026"        # what the misprinted case labels carry
    b["flag"] = True
    return rows


BATCHES = build_batches()
BY_ID = {r["id"]: r for r in BATCHES}
assert len(BATCHES) == 34 and fmt_date(add_months(BY_ID["B-1187"]["packaged"], 6)) == "14 Aug 2026"

QA_NOTES = {
    "B-1187": "QA flag (M. Brandt, 18 Feb): best-before on the case labels is one month short. "
              "Reprint and over-label the affected cases.",
    "B-1178": "Recalled 06 Feb: can seam failure on pallet 2. Only quarantine labels may be printed.",
    "B-1188": "No open QA flags.",
}
HISTORY = {
    "B-1187": [("PJ-5409", "14 Feb 2026 07:12", "Line 2", "412", "Completed"),
               ("PJ-5412", "14 Feb 2026 07:40", "Line 1", "12", "Cancelled"),
               ("PJ-5415", "15 Feb 2026 06:55", "Line 2", "40", "Failed — ribbon out")],
    "B-1178": [("PJ-5301", "03 Feb 2026 08:02", "Line 2", "360", "Completed"),
               ("PJ-5519", "19 Feb 2026 09:05", "Line 2", "24", "Cancelled")],
    "B-1188": [("PJ-5407", "14 Feb 2026 06:30", "Line 1", "240", "Completed"),
               ("PJ-5516", "19 Feb 2026 07:58", "Line 1", "240", "Completed")],
}


# --------------------------------------------------------------------------------------
# Page builder: BrowserGym-style flattened accessibility tree
# --------------------------------------------------------------------------------------
def q(s):
    assert "'" not in s and "\n" not in s, s
    return "'" + s + "'"


class Page:
    """Nodes get bids from a base counter; nodes that come and go (toasts, dialogs,
    inline errors) get bids from a separate high counter so the rest stay stable."""

    LINE_RE = re.compile(r"\[(\d+)\] (\S+) '([^']*)'")

    def __init__(self, url, title):
        self.url, self.title = url, title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.depth = 1
        self.n = 10
        self.x = 700
        self.xstack = [False]
        self.refs = {}

    def node(self, role, name="", *props, key=None, extra=None):
        ex = self.xstack[-1] if extra is None else extra
        if ex:
            bid, self.x = self.x, self.x + 1
        else:
            bid, self.n = self.n, self.n + 1
        line = "[%d] %s %s" % (bid, role, q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append("\t" * self.depth + line)
        if key:
            assert key not in self.refs, key
            self.refs[key] = str(bid)
        return str(bid)

    def text(self, s):
        self.lines.append("\t" * self.depth + "StaticText " + q(s))

    @contextlib.contextmanager
    def group(self, role, name="", *props, key=None, extra=None):
        ex = self.xstack[-1] if extra is None else extra
        self.node(role, name, *props, key=key, extra=ex)
        self.depth += 1
        self.xstack.append(ex)
        try:
            yield
        finally:
            self.depth -= 1
            self.xstack.pop()

    def target(self, bid):
        for line in self.lines:
            m = self.LINE_RE.search(line)
            if m and m.group(1) == bid:
                return "%s '%s'" % (m.group(2), m.group(3))
        raise KeyError(bid)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def val(v):
    return "value=" + q(v)


NAV = ["Dashboard", "Batches", "Label templates", "Printers", "Print queue", "Reports"]


def chrome_top(p, active, search="", ready=2, queued=1, search_focus=False):
    with p.group("banner"):
        p.node("link", "LabelBench home", key="home")
        p.text("Saltmarsh Brewing Co. · Packaging")
        with p.group("search"):
            props = []
            if search:
                props.append(val(search))
            if search_focus:
                props.append("focused")
            p.node("searchbox", "Search batches, beers or jobs", *props, key="search")
            p.node("button", "Search", key="search_btn")
        with p.group("status", "Live counters", "live='polite'"):
            p.text("Printers ready %d/4" % ready)
            p.text("Jobs queued %d" % queued)
            p.text("QA flags 3")
        p.node("button", "Notifications, 2 unread", "hasPopup='menu'", "expanded=False")
        p.node("button", "R. Ilves · Packaging operator", "hasPopup='menu'", "expanded=False", key="user")
    with p.group("navigation", "Main"):
        for name in NAV:
            props = ("current='page'",) if name == active else ()
            p.node("link", name, *props, key="nav:" + name)


def notices(p, line2_offline=False):
    with p.group("region", "Notices"):
        if line2_offline:
            p.text("Line 2 labeller went offline at 09:44: label roll out.")
        p.text("Line 3 labeller offline for planned maintenance until 15:00.")
        p.text("Thermal label stock reorder is 3 days overdue.")
        p.node("button", "Hide notices")


def breadcrumb(p, *parts):
    with p.group("navigation", "Breadcrumb"):
        p.node("link", "Home", key="crumb:Home")
        for i, part in enumerate(parts):
            p.text("/")
            if i < len(parts) - 1:
                p.node("link", part, key="crumb:" + part)
            else:
                p.text(part)


def chrome_bottom(p):
    with p.group("contentinfo"):
        p.text("LabelBench 4.2.1 · Saltmarsh Brewing Co., Unit 4 Pier Road")
        p.node("link", "Help centre")
        p.node("link", "Report a problem")
        p.node("link", "Privacy")
        p.text("Synced 09:42 · " + TODAY_TEXT)


def toast(p, message, kind="status"):
    with p.group(kind, "", "live='polite'", extra=True):
        p.text(message)
        p.node("button", "Dismiss")


# --------------------------------------------------------------------------------------
# Page renderers
# --------------------------------------------------------------------------------------
def dashboard(search="", search_focus=False):
    p = Page(BASE + "/dashboard", "Dashboard · LabelBench")
    chrome_top(p, "Dashboard", search=search, search_focus=search_focus)
    with p.group("main"):
        p.node("heading", "Packaging floor — " + TODAY_TEXT)
        notices(p)
        with p.group("region", "Printers"):
            with p.group("table", "Printer status"):
                with p.group("row"):
                    for c in ("Printer", "Status", "Current job"):
                        p.node("columnheader", c)
                for name, st, job in (("Line 1", "Ready", "PJ-5520 printing, 212 of 380"),
                                      ("Line 2", "Ready", "Idle"),
                                      ("Line 3", "Offline", "Planned maintenance until 15:00"),
                                      ("Keg room", "Offline", "No ribbon loaded")):
                    with p.group("row"):
                        p.node("gridcell", name)
                        p.node("gridcell", st)
                        p.node("gridcell", job)
        with p.group("region", "Open QA flags"):
            with p.group("list"):
                with p.group("listitem"):
                    p.node("link", "B-1187 Harbor Haze IPA — case label best-before is one month short",
                           key="qa:B-1187")
                with p.group("listitem"):
                    p.node("link", "B-1182 Saltmarsh Sour — on hold pending lab result")
                with p.group("listitem"):
                    p.node("link", "B-1190 Saltmarsh Sour — recalled, seal failure")
        with p.group("region", "Tasks"):
            with p.group("list"):
                p.node("listitem", "Thermal label stock reorder — 3 days overdue")
                p.node("listitem", "Line 3 print head clean — cancelled, rescheduled to Mon")
                p.node("listitem", "Weekly label audit — due Fri 20 Feb")
        with p.group("region", "Recent print jobs"):
            with p.group("list"):
                p.node("listitem", "PJ-5520 · B-1189 Harbor Haze Pale · 380 labels · Printing")
                p.node("listitem", "PJ-5519 · B-1178 Harbor Haze IPA · 24 labels · Cancelled")
                p.node("listitem", "PJ-5517 · B-1190 Saltmarsh Sour · 160 labels · Failed — printer offline")
            p.node("link", "Open print queue", key="open_queue")
    chrome_bottom(p)
    return p


STATUS_OPTS = ["Any status", "Packaged", "On hold", "Recalled"]
BEER_OPTS = ["All beers"] + sorted(BEERS)
DATE_OPTS = ["Any date", "Last 7 days", "Last 30 days"]
COLS = ["Batch", "Beer", "Format", "Units", "Packaged", "Best before", "Status"]
SORTS = {  # key: (column, direction, sort function)
    "batch_desc": ("Batch", "descending", lambda r: -r["n"]),
    "beer_asc": ("Beer", "ascending", lambda r: (r["beer"], -r["n"])),
    "packaged_asc": ("Packaged", "ascending", lambda r: (r["packaged"], r["n"])),
}


def batch_list(page=1, sort="batch_desc", status=None, beer=None, since=None, stale=False):
    rows = list(BATCHES)
    if status:
        rows = [r for r in rows if r["status"] == status]
    if beer:
        rows = [r for r in rows if r["beer"] == beer]
    if since:
        rows = [r for r in rows if r["packaged"] >= dt.date(2026, 2, 12)]
    col, direction, keyf = SORTS[sort]
    rows.sort(key=keyf)
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]

    params = []
    if status:
        params.append("status=" + status.replace(" ", "+"))
    if beer:
        params.append("beer=" + beer.replace(" ", "+"))
    if since:
        params.append("packaged=7d")
    if sort != "batch_desc":
        params.append("sort=" + sort)
    if page > 1:
        params.append("page=%d" % page)
    url = BASE + "/batches" + ("?" + "&".join(params) if params else "")
    p = Page(url, "Batches · LabelBench")
    chrome_top(p, "Batches")
    with p.group("main"):
        breadcrumb(p, "Batches")
        notices(p)
        p.node("heading", "Batches")
        on_hold = sum(r["status"] == "On hold" for r in BATCHES)
        recalled = sum(r["status"] == "Recalled" for r in BATCHES)
        p.text("%d batches · %d on hold · %d recalled" % (len(BATCHES), on_hold, recalled))
        with p.group("region", "Filters"):
            for label, opts, cur, key in (("Status", STATUS_OPTS, status or "Any status", "f:status"),
                                          ("Beer", BEER_OPTS, beer or "All beers", "f:beer"),
                                          ("Packaged", DATE_OPTS, "Last 7 days" if since else "Any date",
                                           "f:packaged")):
                with p.group("combobox", label, val(cur), "hasPopup='menu'", "expanded=False", key=key):
                    for o in opts:
                        p.node("option", o, "selected=%s" % (o == cur))
            p.node("button", "Clear filters", key="clear")
            chips = []
            if status:
                chips.append("Status: " + status)
            if beer:
                chips.append("Beer: " + beer)
            if since:
                chips.append("Packaged: Last 7 days")
            for c in chips:
                p.node("button", "Remove filter " + c)
            if stale and chips:
                p.text("Filters restored from your last visit")
        if shown:
            with p.group("table", "Batches"):
                with p.group("row"):
                    for c in COLS:
                        props = ("sort='%s'" % direction,) if c == col else ()
                        with p.group("columnheader", c, *props):
                            p.node("button", "Sort by " + c.lower(), key="sort:" + c)
                    p.node("columnheader", "Actions")
                for r in shown:
                    with p.group("row"):
                        with p.group("gridcell", r["id"]):
                            p.node("link", r["id"], key="open:" + r["id"])
                        p.node("gridcell", r["beer"])
                        p.node("gridcell", r["fmt"])
                        p.node("gridcell", thousands(r["units"]))
                        p.node("gridcell", fmt_date(r["packaged"]))
                        p.node("gridcell", r["bb"] + (" · QA flag" if r["flag"] else ""))
                        p.node("gridcell", r["status"])
                        with p.group("gridcell", "Actions"):
                            p.node("button", "Reprint labels for " + r["id"], key="reprint:" + r["id"])
                            p.node("button", "More actions for " + r["id"], "hasPopup='menu'", "expanded=False")
            p.text("Showing %d–%d of %d" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown), total))
        else:
            p.text("No batches match these filters.")
            p.text("Showing 0 of 0")
        with p.group("navigation", "Pagination"):
            p.node("button", "Previous page", *(("disabled=True",) if page == 1 else ()), key="prev")
            for i in range(1, pages + 1):
                p.node("button", "Page %d" % i, *(("pressed=true",) if i == page else ()), key="page:%d" % i)
            p.node("button", "Next page", *(("disabled=True",) if page == pages else ()), key="next")
        with p.group("combobox", "Rows per page", val("10"), "hasPopup='menu'", "expanded=False"):
            for o in ("10", "25", "50"):
                p.node("option", o, "selected=%s" % (o == "10"))
    chrome_bottom(p)
    return p


def search_results(term):
    p = Page(BASE + "/search?q=" + term, "Search: %s · LabelBench" % term)
    chrome_top(p, None, search=term)
    with p.group("main"):
        breadcrumb(p, "Search")
        p.node("heading", "Results for “%s”" % term)
        p.text("1 batch · 3 print jobs")
        with p.group("region", "Batches"):
            with p.group("list"):
                with p.group("listitem"):
                    p.node("link", "B-1187 Harbor Haze IPA", key="open:B-1187")
                    p.text("440 ml can · Packaged 14 Feb 2026 · Packaged")
        with p.group("region", "Print jobs"):
            with p.group("list"):
                for job, when, line, n, st in HISTORY["B-1187"]:
                    with p.group("listitem"):
                        p.node("link", job)
                        p.text("%s · %s · %s labels · %s" % (when, line, n, st))
        with p.group("region", "Similar batch numbers"):
            with p.group("list"):
                with p.group("listitem"):
                    p.node("link", "B-1178 Harbor Haze IPA", key="open:B-1178")
                    p.text("Recalled")
                with p.group("listitem"):
                    p.node("link", "B-1188 Harbor Haze Pale", key="open:B-1188")
                    p.text("Packaged")
    chrome_bottom(p)
    return p


def batch_detail(bid):
    r = BY_ID[bid]
    p = Page("%s/batches/%s" % (BASE, bid), "%s %s · LabelBench" % (bid, r["beer"]))
    chrome_top(p, "Batches")
    with p.group("main"):
        breadcrumb(p, "Batches", bid)
        notices(p)
        p.node("heading", "Batch %s — %s" % (bid, r["beer"]))
        if r["status"] == "Recalled":
            with p.group("alert"):
                p.text("This batch is recalled. Reprints print quarantine labels only.")
        with p.group("toolbar", "Batch actions"):
            p.node("button", "Reprint labels", key="reprint")
            p.node("button", "Edit batch")
            p.node("button", "Put on hold", *(("disabled=True",) if r["status"] != "Packaged" else ()))
            p.node("button", "Recall batch", *(("disabled=True",) if r["status"] == "Recalled" else ()))
            p.node("button", "Download certificate of analysis")
        with p.group("tablist", "Batch sections"):
            p.node("tab", "Overview", "selected=True")
            p.node("tab", "Label history", "selected=False")
            p.node("tab", "Pallets (4)", "selected=False")
        with p.group("tabpanel", "Overview"):
            with p.group("table", "Batch facts"):
                for k, v in (("Beer", r["beer"]), ("Style", BEERS[r["beer"]][0]), ("Format", r["fmt"]),
                             ("Units packaged", thousands(r["units"])),
                             ("Packaged on", fmt_date(r["packaged"])),
                             ("Best before (printed)", r["bb"]), ("Status", r["status"]),
                             ("Label template", "Case label 100×60 mm (v3)")):
                    with p.group("row"):
                        p.node("rowheader", k)
                        p.node("gridcell", v)
            with p.group("region", "QA notes"):
                p.text(QA_NOTES.get(bid, "No open QA flags."))
            with p.group("table", "Recent print jobs for this batch"):
                with p.group("row"):
                    for c in ("Job", "Submitted", "Printer", "Labels", "Status"):
                        p.node("columnheader", c)
                for job, when, line, n, st in HISTORY.get(bid, []):
                    with p.group("row"):
                        with p.group("gridcell", job):
                            p.node("link", job)
                        p.node("gridcell", when)
                        p.node("gridcell", line)
                        p.node("gridcell", n)
                        p.node("gridcell", st)
    chrome_bottom(p)
    return p


PRINTERS = ["Line 1", "Line 2", "Line 3", "Keg room"]


def printer_states(line2="Ready", line2_busy=False):
    return {
        "Line 1": ("Ready", "printing PJ-5520"),
        "Line 2": (line2, "label roll out since 09:44" if line2 == "Offline"
                   else ("printing PJ-5518" if line2_busy else "idle")),
        "Line 3": ("Offline", "maintenance until 15:00"),
        "Keg room": ("Offline", "no ribbon loaded"),
    }


def printer_option(name, line2="Ready"):
    return "%s — %s" % (name, printer_states(line2)[name][0])


FORM_DEFAULT = dict(batch="B-1187", qty=None, copies="1", date=None, preview=None, printer=None,
                    date_error=False, line2="Ready", line2_busy=False, dialog=None, focus=None,
                    toast=None)


def form(**kw):
    s = dict(FORM_DEFAULT)
    s.update(kw)
    r = BY_ID[s["batch"]]
    if s["qty"] is None:
        s["qty"] = str(r["units"])
    if s["date"] is None:
        s["date"] = r["bb"]
    if s["preview"] is None:
        s["preview"] = s["date"]
    return s


def reprint_form(s):
    r = BY_ID[s["batch"]]
    bid = s["batch"]
    states = printer_states(s["line2"], s["line2_busy"])
    ready = sum(v[0] == "Ready" for v in states.values())
    p = Page("%s/batches/%s/reprint" % (BASE, bid), "Reprint labels · %s · LabelBench" % bid)
    chrome_top(p, "Batches", ready=ready, queued=2 if s["line2_busy"] else 1)
    with p.group("main"):
        breadcrumb(p, "Batches", bid, "Reprint labels")
        notices(p, line2_offline=(s["line2"] == "Offline"))
        p.node("heading", "Reprint labels — %s %s" % (bid, r["beer"]))
        if r["status"] == "Recalled":
            with p.group("alert"):
                p.text("Batch is recalled: labels will print with a QUARANTINE band.")
        with p.group("form", "Reprint job"):
            with p.group("combobox", "Label template", val("Case label 100×60 mm (v3)"),
                         "hasPopup='menu'", "expanded=False", key="template"):
                for o in ("Case label 100×60 mm (v3)", "Pallet label A5 (v2)", "Shelf wobbler (v1)"):
                    p.node("option", o, "selected=%s" % (o == "Case label 100×60 mm (v3)"))
            p.node("spinbutton", "Number of labels", val(s["qty"]), "required",
                   *(("focused",) if s["focus"] == "qty" else ()), key="qty")
            p.text("Cases in batch: %s" % thousands(r["units"]))
            p.node("spinbutton", "Copies per label", val(s["copies"]),
                   *(("focused",) if s["focus"] == "copies" else ()), key="copies")
            try:
                total = thousands(int(s["qty"]) * int(s["copies"]))
            except ValueError:
                total = "—"
            p.text("Total labels: " + total)
            p.node("textbox", "Best-before date", val(s["date"]), "required",
                   *(("focused",) if s["focus"] == "date" else ()),
                   *(("invalid='true'",) if s["date_error"] else ()), key="date")
            p.text("Format DD Mon YYYY")
            if s["date_error"]:
                with p.group("alert", extra=True):
                    p.text("Enter the date as DD Mon YYYY, for example 03 Mar 2026.")
            cur = s["printer"] or "Choose a printer"
            with p.group("combobox", "Printer", val(cur), "required", "hasPopup='menu'", "expanded=False",
                         *(("focused",) if s["focus"] == "printer" else ()), key="printer"):
                p.node("option", "Choose a printer", "selected=%s" % (cur == "Choose a printer"))
                for name in PRINTERS:
                    o = "%s — %s" % (name, states[name][0])
                    p.node("option", o, "selected=%s" % (o == cur), key="opt:" + name)
            p.node("checkbox", "Mark as reprint (adds R to label footer)", "checked='true'")
            p.node("textbox", "Note for line crew (optional)", key="note")
            with p.group("group", "Form actions"):
                p.node("button", "Edit label text", key="edit_text")
                p.node("button", "Submit print job", *(("focused",) if s["focus"] == "submit" else ()),
                       key="submit")
                p.node("button", "Save as draft", key="draft")
                p.node("link", "Cancel", key="cancel")
        with p.group("region", "Label preview"):
            p.text(r["beer"].upper())
            p.text(BEERS[r["beer"]][0])
            p.text(PACK[r["fmt"]])
            p.text("Batch " + bid)
            p.text("BEST BEFORE " + s["preview"].upper())
            p.text("R")
            p.node("img", "Barcode 0506012%s%s" % (BEERS[r["beer"]][2], bid[-4:]))
            p.text("Preview updates as you type")
        with p.group("region", "Printer status"):
            with p.group("list"):
                for name in PRINTERS:
                    st, detail = states[name]
                    p.node("listitem", "%s: %s, %s" % (name, st, detail))
        if s["toast"]:
            toast(p, s["toast"])
        if s["dialog"] == "edit_text":
            with p.group("dialog", "Edit label text", "modal=True", extra=True):
                p.node("heading", "Edit label text")
                p.node("textbox", "Beer name line", val(r["beer"].upper()))
                p.node("textbox", "Style line", val(BEERS[r["beer"]][0]))
                p.node("textbox", "Allergen line", val("Contains: barley, oats"))
                p.text("Best-before and batch lines come from the job fields and cannot be edited here.")
                p.node("button", "Save changes", key="dlg_save")
                p.node("button", "Cancel", key="dlg_cancel")
        if s["dialog"] == "busy":
            total = thousands(int(s["qty"]) * int(s["copies"]))
            line = (s["printer"] or "").split(" — ")[0]
            with p.group("alertdialog", "Confirm print job", "modal=True", extra=True):
                p.node("heading", "Send %s labels for %s to %s?" % (total, bid, line))
                p.text("Line 2 is printing PJ-5518 (Kelp Stout, 116 labels left). "
                       "Your job will start when it finishes, in about 4 minutes.")
                p.node("button", "Queue on Line 2", key="dlg_queue")
                p.node("button", "Send to Line 1 now", key="dlg_line1")
                p.node("button", "Go back", key="dlg_back")
    chrome_bottom(p)
    return p


def print_queue(new_job=None, line2_busy=False, refreshed=False, toast_msg=None):
    jobs = [
        ("PJ-5520", "B-1189", "Harbor Haze Pale", "380", "Line 1", "09:31",
         "Printing 212/380" if not refreshed else "Printing 266/380"),
        ("PJ-5519", "B-1178", "Harbor Haze IPA", "24", "Line 2", "09:05", "Cancelled"),
        ("PJ-5518", "B-1194", "Kelp Stout", "180", "Line 2", "08:40",
         "Printing 64/180" if (line2_busy and not refreshed) else "Completed"),
        ("PJ-5517", "B-1190", "Saltmarsh Sour", "160", "Line 3", "08:12", "Failed — printer offline"),
        ("PJ-5516", "B-1188", "Harbor Haze Pale", "240", "Line 1", "07:58", "Completed"),
        ("PJ-5515", "B-1192", "Foghorn Porter", "48", "Keg room", "07:30", "Completed"),
    ]
    if new_job:
        jobs.insert(0, new_job)
    queued = sum(j[6].startswith(("Queued", "Held")) for j in jobs)
    printing = sum(j[6].startswith("Printing") for j in jobs)
    p = Page(BASE + "/print-queue", "Print queue · LabelBench")
    chrome_top(p, "Print queue", queued=queued + printing)
    with p.group("main"):
        breadcrumb(p, "Print queue")
        notices(p)
        p.node("heading", "Print queue")
        if toast_msg:
            toast(p, toast_msg)
        with p.group("tablist", "Job filters"):
            p.node("tab", "All (%d)" % (31 + len(jobs)), "selected=True")
            p.node("tab", "Queued (%d)" % queued, "selected=False")
            p.node("tab", "Printing (%d)" % printing, "selected=False")
            p.node("tab", "Failed (1)", "selected=False")
            p.node("tab", "Cancelled (1)", "selected=False")
        p.node("button", "Refresh", key="refresh")
        p.node("button", "New print job")
        with p.group("table", "Print jobs"):
            with p.group("row"):
                for c in ("Job", "Batch", "Beer", "Labels", "Printer", "Submitted", "Status"):
                    with p.group("columnheader", c, *(("sort='descending'",) if c == "Submitted" else ())):
                        p.node("button", "Sort by " + c.lower())
                p.node("columnheader", "Actions")
            for job, b, beer, n, line, when, st in jobs:
                with p.group("row"):
                    with p.group("gridcell", job):
                        p.node("link", job, key="job:" + job)
                    p.node("gridcell", b)
                    p.node("gridcell", beer)
                    p.node("gridcell", n)
                    p.node("gridcell", line)
                    p.node("gridcell", when)
                    p.node("gridcell", st)
                    with p.group("gridcell", "Actions"):
                        if st.startswith(("Queued", "Printing", "Held")):
                            p.node("button", "Cancel job " + job)
                        elif st.startswith("Failed"):
                            p.node("button", "Retry " + job)
                        else:
                            p.node("button", "Print again " + job)
        p.text("Showing 1–%d of %d" % (len(jobs), 31 + len(jobs)))
        with p.group("navigation", "Pagination"):
            p.node("button", "Previous page", "disabled=True")
            for i in range(1, 6):
                p.node("button", "Page %d" % i, *(("pressed=true",) if i == 1 else ()))
            p.node("button", "Next page")
    chrome_bottom(p)
    return p


def sign_in_page(next_path):
    p = Page(BASE + "/signin?next=" + next_path + "&reason=expired", "Sign in · LabelBench")
    with p.group("main"):
        p.node("img", "Saltmarsh Brewing Co.")
        p.node("heading", "Sign in to LabelBench")
        with p.group("alert"):
            p.text("Your session has ended. Sign in again to continue.")
        p.node("textbox", "Work email", "required", key="email")
        p.node("textbox", "Password", "required", key="password")
        p.node("checkbox", "Keep me signed in on this device", "checked='false'")
        p.node("button", "Sign in", key="signin")
        p.node("link", "Forgot your password?")
    with p.group("contentinfo"):
        p.text("LabelBench 4.2.1 · Saltmarsh Brewing Co.")
    return p


def not_allowed_page(bid):
    p = Page("%s/batches/%s/reprint" % (BASE, bid), "Not allowed · LabelBench")
    chrome_top(p, "Batches")
    with p.group("main"):
        breadcrumb(p, "Batches", bid, "Reprint labels")
        p.node("heading", "You cannot reprint labels for this batch")
        p.text("Reprints for batches packaged more than 3 days ago need the Shift lead role. "
               "Your role: Packaging operator.")
        p.node("link", "Back to batch " + bid, key="back")
        p.node("link", "Request access from a shift lead", key="request")
    chrome_bottom(p)
    return p


# --------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------
def pyq(s):
    assert "'" not in s and "\\" not in s, s
    return "'" + s + "'"


class Run:
    def __init__(self, slug, init):
        self.slug, self.init, self.cur, self.steps = slug, init, init, []

    def _step(self, commitment, command, reasoning, target, effect, nxt, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def click(self, key, nxt, c, why, effect="read"):
        bid = self.cur.refs[key]
        self._step(c, "click(%s)" % pyq(bid), why, self.cur.target(bid), effect, nxt)

    def fill(self, key, value, nxt, c, why, effect="write"):
        bid = self.cur.refs[key]
        self._step(c, "fill(%s, %s)" % (pyq(bid), pyq(value)), why, self.cur.target(bid), effect, nxt)

    def select(self, key, option, nxt, c, why, effect="write"):
        bid = self.cur.refs[key]
        self._step(c, "select_option(%s, %s)" % (pyq(bid), pyq(option)), why, self.cur.target(bid),
                   effect, nxt)

    def press(self, key, keys, nxt, c, why, effect="read"):
        bid = self.cur.refs[key]
        self._step(c, "press(%s, %s)" % (pyq(bid), pyq(keys)), why, self.cur.target(bid), effect, nxt)

    def say(self, msg, c, why):
        self._step(c, "send_msg_to_user(%s)" % pyq(msg), why, None, "read", self.cur)

    def record(self, fault=None, off=None, success=True, note=None):
        label = {"fault": fault, "first_off_track_step": off}
        if note:
            label["note"] = note
        assert (fault is None) == (off is None) and (off is None or 0 <= off < len(self.steps))
        return {
            "id": "%s-%s" % (WORKFLOW, self.slug),
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": label,
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


def queued_job(batch="B-1187", beer="Harbor Haze IPA", n="240", line="Line 2", when="09:47",
               status="Queued"):
    return ("PJ-5521", batch, beer, n, line, when, status)


QUEUED_TOAST = "Print job PJ-5521 queued: 240 labels for B-1187 on Line 2."
DONE_MSG = ("Submitted print job PJ-5521: 240 case labels for batch B-1187 (Harbor Haze IPA) "
            "on Line 2, best before 14 Aug 2026. It is queued.")

# --------------------------------------------------------------------------------------
# 2. Healthy runs
# --------------------------------------------------------------------------------------
healthy = []

# H1: browse the list, open the batch, fill the form in the order it is laid out.
r = Run("healthy-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch",
        "B-1187 Harbor Haze IPA is on the first page of the batch list; open it.")
r.click("reprint", reprint_form(form()), "open-reprint", "Open the reprint form from the batch page.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "Set the number of labels to 240.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Replace the old best-before date with 14 Aug 2026.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2 is Ready; select it.")
r.click("submit", print_queue(queued_job(), toast_msg=QUEUED_TOAST), "submit-job",
        "Everything matches the request; submit the job.", effect="irreversible")
r.say(DONE_MSG, "report-back", "The queue lists PJ-5521 as Queued on Line 2.")
healthy.append(r.record())

# H2: start on the dashboard, search by batch number, date before quantity.
r = Run("healthy-02", dashboard())
r.fill("search", "B-1187", dashboard(search="B-1187", search_focus=True), "find-batch",
       "Search for the batch number directly.", effect="read")
r.press("search", "Enter", search_results("B-1187"), "find-batch", "Run the search.")
r.click("open:B-1187", batch_detail("B-1187"), "find-batch",
        "The exact match B-1187 Harbor Haze IPA is listed under Batches.")
r.click("reprint", reprint_form(form()), "open-reprint", "Start a reprint.")
f = form(date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Fix the best-before date first.")
f = form(date="14 Aug 2026", qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240 labels.")
f = form(date="14 Aug 2026", qty="240", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Pick Line 2, shown as Ready.")
r.click("submit", print_queue(queued_job(), toast_msg=QUEUED_TOAST), "submit-job",
        "Submit the job.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Confirmed in the print queue.")
healthy.append(r.record())

# H3: use the Beer filter for the beer the task names, printer before date.
r = Run("healthy-03", batch_list())
r.select("f:beer", "Harbor Haze IPA", batch_list(beer="Harbor Haze IPA"), "find-batch",
         "Narrow the list to Harbor Haze IPA, the beer named in the request.", effect="read")
r.click("open:B-1187", batch_detail("B-1187"), "find-batch",
        "B-1187 is the Harbor Haze IPA batch asked for (not B-1178).")
r.click("reprint", reprint_form(form()), "open-reprint", "Open the reprint form.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "Set 240 labels.")
f = form(qty="240", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Choose Line 2.")
f = form(qty="240", printer="Line 2 — Ready", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Correct the best-before date.")
r.click("submit", print_queue(queued_job(when="09:48"), toast_msg=QUEUED_TOAST), "submit-job",
        "Preview shows BEST BEFORE 14 AUG 2026; submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Job is queued.")
healthy.append(r.record())

# H4: arrives on page 2 of the list (B-1178 visible), pages back to find B-1187.
r = Run("healthy-04", batch_list(page=2))
r.click("prev", batch_list(page=1), "find-batch",
        "This page starts at B-1185 and only has B-1178; B-1187 is newer, go back one page.")
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240 labels.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "New best-before date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", print_queue(queued_job(when="09:49"), toast_msg=QUEUED_TOAST), "submit-job",
        "Submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Queued on Line 2.")
healthy.append(r.record())

# H5: list sorted oldest-first; sorts by beer, then uses the row's own Reprint button.
r = Run("healthy-05", batch_list(sort="packaged_asc"))
r.click("sort:Beer", batch_list(sort="beer_asc"), "find-batch",
        "The list is sorted oldest first; sort by beer to group the Harbor Haze IPA batches.")
r.click("reprint:B-1187", reprint_form(form()), "open-reprint",
        "B-1187 Harbor Haze IPA is in the list; use its row Reprint button.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "Number of labels 240.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Best before 14 Aug 2026.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Printer Line 2.")
r.click("submit", print_queue(queued_job(when="09:50"), toast_msg=QUEUED_TOAST), "submit-job",
        "Submit the job.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Done.")
healthy.append(r.record())

# H6: opens the Edit label text dialog looking for the date, cancels it.
r = Run("healthy-06", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Open the reprint form.")
r.click("edit_text", reprint_form(form(dialog="edit_text")), "set-date",
        "Check whether the best-before line is edited in the label text.")
r.click("dlg_cancel", reprint_form(form()), "set-date",
        "The dialog says the date comes from the job fields; cancel without changes.")
f = form(date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Use the Best-before date field.")
f = form(date="14 Aug 2026", qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240 labels.")
f = form(date="14 Aug 2026", qty="240", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2 is Ready.")
r.click("submit", print_queue(queued_job(when="09:51"), toast_msg=QUEUED_TOAST), "submit-job",
        "Submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "PJ-5521 queued.")
healthy.append(r.record())

# H7: from the dashboard QA flag; retypes the date after a format error; autosave toast.
r = Run("healthy-07", dashboard())
r.click("qa:B-1187", batch_detail("B-1187"), "find-batch", "The QA flag links straight to B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240 labels.")
f = form(qty="240", date="14/08/2026", preview="14 Jul 2026", date_error=True, focus="date")
r.fill("date", "14/08/2026", reprint_form(f), "set-date", "Enter the corrected date.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date",
       "The field wants DD Mon YYYY; retype it as 14 Aug 2026.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer",
         toast="Draft saved 09:46")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Select Line 2.")
r.click("submit", print_queue(queued_job(when="09:47"), toast_msg=QUEUED_TOAST), "submit-job",
        "Preview reads BEST BEFORE 14 AUG 2026; submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Queued.")
healthy.append(r.record())

# H8: starts in the print queue; Line 2 is busy, so submitting raises a confirmation
# dialog; queues on Line 2, then refreshes the queue and sees it start.
r = Run("healthy-08", print_queue(line2_busy=True))
r.click("nav:Batches", batch_list(), "find-batch", "Go to the batch list.")
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187 Harbor Haze IPA.")
r.click("reprint", reprint_form(form(line2_busy=True)), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty", line2_busy=True)
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", date="14 Aug 2026", focus="date", line2_busy=True)
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected best-before date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer", line2_busy=True)
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2 (Ready, busy).")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", line2_busy=True, dialog="busy")
r.click("submit", reprint_form(f), "submit-job", "Submit the print job.", effect="irreversible")
r.click("dlg_queue", print_queue(queued_job(when="09:52"), line2_busy=True, toast_msg=QUEUED_TOAST),
        "submit-job", "The user asked for Line 2; queue it there behind PJ-5518.", effect="irreversible")
r.click("refresh", print_queue(queued_job(when="09:52", status="Printing 18/240"), refreshed=True),
        "report-back", "Refresh to see whether the job has started.")
r.say("Submitted print job PJ-5521: 240 labels for B-1187 (Harbor Haze IPA), best before 14 Aug 2026, "
      "on Line 2. It is printing now (18/240).", "report-back", "Job is printing on Line 2.")
healthy.append(r.record())

# --------------------------------------------------------------------------------------
# 3. The plan: written from the task text and the healthy pages above, before any faulty
#    run below existed.  Not tuned afterwards.
# --------------------------------------------------------------------------------------
PLAN_YAML = """\
# LabelBench (Saltmarsh Brewing Co.) - reprint case labels for one batch.
# Written from the task text and the healthy pages only, before any faulty run.
task: "Please reprint 240 labels for batch B-1187 (Harbor Haze IPA) on printer Line 2 with the corrected best-before date 14 Aug 2026, and submit the print job."

plan_falsifiers:
  execution:
    - Sign in to LabelBench
    - Your session has ended. Sign in again to continue.
    - {text: Recall batch, on: action}
    - {text: Put on hold, on: action}
    - {text: Cancel job, on: action}
  planning:
    - You cannot reprint labels for this batch

commitments:
  - id: find-batch
    subgoal: Find batch B-1187 of Harbor Haze IPA and open it
    skill: open_record_by_id
    confidence: 0.7
    confirm:
      precondition: [Batches]
      progress: [B-1187 Harbor Haze IPA]
      completion: [Batch B-1187 — Harbor Haze IPA]
    falsify:
      execution:
        - B-1178
        - Harbor Haze Pale
        - No batches match these filters.
        - {text: B-1178, on: action}
        - {text: B-1188, on: action}
      planning:
        - Batch B-1187 is not in the batch list

  - id: open-reprint
    subgoal: Open the reprint form for B-1187
    skill: open_form
    confidence: 0.8
    confirm:
      precondition: [Reprint labels]
      completion: [Reprint labels — B-1187 Harbor Haze IPA]
    falsify:
      execution:
        - Reprint labels — B-1178
      skill:
        - The batch page has no Reprint labels button

  - id: set-quantity
    subgoal: Set Number of labels to 240 and leave Copies per label at 1
    skill: fill_field
    confidence: 0.8
    confirm:
      progress: ["Number of labels, value='240'"]
      completion: ["Total labels: 240"]
    falsify:
      execution:
        - {text: Copies per label, on: action}
        - "Total labels: 2,400"
        - Number of labels is still 412

  - id: set-date
    subgoal: Change the best-before date to 14 Aug 2026 and check the label preview
    skill: fill_field
    confidence: 0.7
    confirm:
      progress: ["Best-before date, value='14 Aug 2026'"]
      completion: [BEST BEFORE 14 AUG 2026]
    falsify:
      execution:
        - BEST BEFORE 14 AUG 2025
        - The preview still shows BEST BEFORE 14 JUL 2026
        - Enter the date as DD Mon YYYY
        - {text: Save changes, on: action}

  - id: choose-printer
    subgoal: Select printer Line 2, which must show Ready
    skill: select_option
    confidence: 0.8
    confirm:
      completion: ["Printer, value='Line 2 — Ready'"]
    falsify:
      execution:
        - {text: Line 1, on: action}
        - {text: Line 3, on: action}
        - {text: Keg room, on: action}
      planning:
        - Line 2 — Offline

  - id: submit-job
    subgoal: Submit the print job and see it queued for Line 2
    confidence: 0.7
    confirm:
      precondition: [Submit print job]
      progress: ["Send 240 labels for B-1187 to Line 2?"]
      completion: ["Print job PJ-5521 queued: 240 labels for B-1187 on Line 2.", Print queue]
    falsify:
      execution:
        - {text: Send to Line 1 now, on: action}
        - {text: Go back, on: action}
        - Print job failed
        - The print queue has no new job for B-1187
      planning:
        - Line 2 is offline

  - id: report-back
    subgoal: Tell the user the job number, label count, printer and date
    confidence: 0.6
    confirm:
      precondition: [Print queue]
      completion: [Queued]
    falsify:
      execution:
        - {text: Report that the job is submitted before the print queue shows it, on: action}
"""

# --------------------------------------------------------------------------------------
# 4. Faulty runs (written after the plan)
# --------------------------------------------------------------------------------------
faulty = []

# F1 wrong_record: filters to Harbor Haze IPA, then opens B-1178 (near-miss id, recalled).
r = Run("wrong_record-01", batch_list())
r.select("f:beer", "Harbor Haze IPA", batch_list(beer="Harbor Haze IPA"), "find-batch",
         "Narrow the list to Harbor Haze IPA.", effect="read")
r.click("open:B-1178", batch_detail("B-1178"), "find-batch", "Open the Harbor Haze IPA batch B-1178.")
r.click("reprint", reprint_form(form(batch="B-1178")), "open-reprint", "Reprint labels for this batch.")
f = form(batch="B-1178", qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240 labels.")
f = form(batch="B-1178", qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Set the corrected date.")
f = form(batch="B-1178", qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", print_queue(queued_job(batch="B-1178"),
                              toast_msg="Print job PJ-5521 queued: 240 labels for B-1178 on Line 2."),
        "submit-job", "Submit.", effect="irreversible")
r.say("Submitted PJ-5521: 240 labels for Harbor Haze IPA on Line 2, best before 14 Aug 2026.",
      "report-back", "Queued.")
faulty.append(r.record("wrong_record", 1, False,
                       "Opened near-miss batch B-1178 (same beer, recalled) instead of B-1187."))

# F2 wrong_value: types 240 into Copies per label instead of Number of labels.
r = Run("wrong_value-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(copies="240", focus="copies")
r.fill("copies", "240", reprint_form(f), "set-quantity", "Set 240 labels.")
f = form(copies="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected best-before date.")
f = form(copies="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", print_queue(queued_job(n="98,880"),
                              toast_msg="Print job PJ-5521 queued: 98,880 labels for B-1187 on Line 2."),
        "submit-job", "Submit the job.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Job queued.")
faulty.append(r.record("wrong_value", 2, False,
                       "240 went into Copies per label; Number of labels stayed 412 (98,880 labels)."))

# F3 wrong_value: wrong year in the best-before date.
r = Run("wrong_value-02", dashboard())
r.fill("search", "B-1187", dashboard(search="B-1187", search_focus=True), "find-batch",
       "Search for B-1187.", effect="read")
r.press("search", "Enter", search_results("B-1187"), "find-batch", "Search.")
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open the exact match.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240 labels.")
f = form(qty="240", date="14 Aug 2025", focus="date")
r.fill("date", "14 Aug 2025", reprint_form(f), "set-date", "Set best before to 14 Aug.")
f = form(qty="240", date="14 Aug 2025", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", print_queue(queued_job(), toast_msg=QUEUED_TOAST), "submit-job", "Submit.",
        effect="irreversible")
r.say(DONE_MSG, "report-back", "Queued.")
faulty.append(r.record("wrong_value", 5, False, "Typed best-before 14 Aug 2025 instead of 14 Aug 2026."))

# F4 silent_noop: Submit does nothing (no dialog, no toast, form unchanged); agent reports success.
r = Run("silent_noop-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "New date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="submit")
r.click("submit", reprint_form(f), "submit-job", "Submit the print job.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Submitted the job.")
faulty.append(r.record("silent_noop", 5, False,
                       "Submit print job left the form as it was; no job reached the queue."))

# F5 unrequested_filter: filters to On hold (not asked for), B-1187 disappears, gives up.
r = Run("unrequested_filter-01", dashboard())
r.click("nav:Batches", batch_list(), "find-batch", "Open the batch list.")
r.select("f:status", "On hold", batch_list(status="On hold"), "find-batch",
         "Batches that need relabelling are normally on hold; show only those.", effect="read")
r.say("I could not find batch B-1187 among the batches waiting for relabelling, so no print job was "
      "submitted.", "report-back", "B-1187 is not in the list.")
faulty.append(r.record("unrequested_filter", 1, False,
                       "Applied a Status = On hold filter the task never asked for; B-1187 (Packaged) vanished."))

# F6 printer_offline: Line 2 shows Offline on the form; agent submits to it anyway.
r = Run("printer_offline-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form(line2="Offline")), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty", line2="Offline")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", date="14 Aug 2026", focus="date", line2="Offline")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Offline", focus="printer", line2="Offline")
r.select("printer", "Line 2 — Offline", reprint_form(f), "choose-printer", "The user wants Line 2.")
r.click("submit", print_queue(queued_job(status="Held — printer offline"),
                              toast_msg="Print job PJ-5521 held: Line 2 is offline."),
        "submit-job", "Submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Job submitted.")
faulty.append(r.record("printer_offline", 1, False,
                       "Line 2 went offline; the form showed it and the job was held, but success was reported."))

# F7 permission_denied: the reprint form is refused for this role.
r = Run("permission_denied-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", not_allowed_page("B-1187"), "open-reprint", "Reprint labels.")
r.click("back", batch_detail("B-1187"), "open-reprint", "Go back to the batch.")
r.say("I cannot reprint labels for B-1187: the portal needs the Shift lead role for this batch.",
      "report-back", "Blocked by permissions.")
faulty.append(r.record("permission_denied", 1, False, "Reprint refused: Shift lead role required."))

# F8 session_expired: submitting lands on the sign-in page; agent reports success anyway.
r = Run("session_expired-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", sign_in_page("/labelbench/batches/B-1187/reprint"), "submit-job", "Submit.",
        effect="irreversible")
r.say(DONE_MSG, "report-back", "Job sent.")
faulty.append(r.record("session_expired", 5, False,
                       "Session ended on submit; the job was never created."))

# F9 premature_success: reports success right after choosing the printer, never submits.
r = Run("premature_success-01", dashboard())
r.fill("search", "B-1187", dashboard(search="B-1187", search_focus=True), "find-batch",
       "Search for the batch.", effect="read")
r.press("search", "Enter", search_results("B-1187"), "find-batch", "Search.")
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.say("The reprint is set up and submitted: 240 labels for B-1187 on Line 2, best before 14 Aug 2026.",
      "report-back", "All fields are filled in.")
faulty.append(r.record("premature_success", 7, False, "Reported success without pressing Submit print job."))

# F10 skipped_step: never corrects the date; submits with the old 14 Jul 2026.
r = Run("skipped_step-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form()), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", print_queue(queued_job(), toast_msg=QUEUED_TOAST), "submit-job",
        "Quantity and printer are set; submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Queued.")
faulty.append(r.record("skipped_step", 4, False,
                       "Submitted with the old best-before 14 Jul 2026; the date step was skipped. "
                       "Labelled at the submit, the first action that made the omission stick."))

# F11 dialog_mishandled: Line 2 busy dialog; chooses Send to Line 1 now.
r = Run("dialog_mishandled-01", batch_list())
r.click("open:B-1187", batch_detail("B-1187"), "find-batch", "Open B-1187.")
r.click("reprint", reprint_form(form(line2_busy=True)), "open-reprint", "Reprint labels.")
f = form(qty="240", focus="qty", line2_busy=True)
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(qty="240", date="14 Aug 2026", focus="date", line2_busy=True)
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected date.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer", line2_busy=True)
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
f = form(qty="240", date="14 Aug 2026", printer="Line 2 — Ready", line2_busy=True, dialog="busy")
r.click("submit", reprint_form(f), "submit-job", "Submit.", effect="irreversible")
r.click("dlg_line1", print_queue(queued_job(line="Line 1", status="Printing 6/240"), line2_busy=True,
                                 toast_msg="Print job PJ-5521 sent to Line 1: 240 labels for B-1187."),
        "submit-job", "Sending now is faster than waiting.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Job is printing.")
faulty.append(r.record("dialog_mishandled", 6, False,
                       "In the Line 2 busy dialog chose Send to Line 1 now; the job printed on Line 1."))

# F12 stale_filter: list opens with a leftover Beer = Harbor Haze Pale filter (visible at start);
# agent takes B-1188 Harbor Haze Pale as the closest match.
r = Run("stale_filter-01", batch_list(beer="Harbor Haze Pale", stale=True))
r.click("open:B-1188", batch_detail("B-1188"), "find-batch",
        "B-1187 is not listed; B-1188 Harbor Haze is the closest batch number.")
r.click("reprint", reprint_form(form(batch="B-1188")), "open-reprint", "Reprint labels.")
f = form(batch="B-1188", qty="240", focus="qty")
r.fill("qty", "240", reprint_form(f), "set-quantity", "240.")
f = form(batch="B-1188", qty="240", date="14 Aug 2026", focus="date")
r.fill("date", "14 Aug 2026", reprint_form(f), "set-date", "Corrected date.")
f = form(batch="B-1188", qty="240", date="14 Aug 2026", printer="Line 2 — Ready", focus="printer")
r.select("printer", "Line 2 — Ready", reprint_form(f), "choose-printer", "Line 2.")
r.click("submit", print_queue(queued_job(batch="B-1188", beer="Harbor Haze Pale"),
                              toast_msg="Print job PJ-5521 queued: 240 labels for B-1188 on Line 2."),
        "submit-job", "Submit.", effect="irreversible")
r.say(DONE_MSG, "report-back", "Queued.")
faulty.append(r.record("stale_filter", 0, False,
                       "Start page carried a leftover Beer = Harbor Haze Pale filter hiding B-1187; "
                       "the run printed for B-1188 Harbor Haze Pale."))


# --------------------------------------------------------------------------------------
# Write
# --------------------------------------------------------------------------------------
def main():
    out = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    runs = healthy + faulty
    assert len(healthy) == 8 and len(faulty) == 12
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False) + "\n")
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
