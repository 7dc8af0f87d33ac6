#!/usr/bin/env python3
"""Generate the Loomhouse Planner held-out corpus (stdlib only, fixed seed).

Writes, next to this file:
  corpus.jsonl              20 trajectories (8 healthy, 12 faulty) over 2 workflows
  plans/dyelot.yaml         plan for the dye lot workflow
  plans/maintenance.yaml    plan for the loom maintenance workflow
  README.md                 description of the application, workflows and run labels

The application is invented: "Loomhouse Planner", the production planning tool of
Calder Vale Weaving Co. (Ridgeway Mill). Pages are rendered as BrowserGym-style
flattened accessibility trees: one node per line, tab-indented, "[bid] role 'name'".

Run:  python3 make_corpus.py
"""
import datetime
import json
import os
import random
import textwrap
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 4471

BASE = "http://127.0.0.1:8000"
PRODUCT = "Loomhouse Planner"
VERSION = "4.12.3"
ORG = "Calder Vale Weaving Co."
SITE = "Ridgeway Mill"
USER = "Maren Oduya"
ROLE = "Production planner"
LOGIN = "m.oduya"
TODAY = "Thu 17 Oct 2024"
NAV = ["Dashboard", "Dye lots", "Sales orders", "Maintenance", "Looms", "Reports"]
CL = ("clickable",)


def q(s):
    """BrowserGym quotes names with Python's repr."""
    return repr(s)


def hm(minutes):
    return "%02d:%02d" % (minutes // 60, minutes % 60)


def long_date(s):
    """'24 Oct 2024' -> 'Thu 24 Oct 2024' (returns input unchanged if it does not parse)."""
    try:
        d = datetime.datetime.strptime(s, "%d %b %Y")
    except ValueError:
        return s
    return d.strftime("%a ") + s


# ---------------------------------------------------------------------------
# Accessibility-tree page builder
# ---------------------------------------------------------------------------

class Page:
    """One observation: a flattened AXTree with stable, sparse bids."""

    def __init__(self, path, title, t, focus=None):
        self.url = BASE + path
        self.title = "%s · %s" % (title, PRODUCT)
        self.t = t
        self.focus = focus
        self.lines = ["RootWebArea %s, focused" % q(self.title)]
        self.next_bid = 11
        self.keys = {}

    def node(self, depth, role, name="", key=None, flags=(), **props):
        bid = str(self.next_bid)
        # BrowserGym bids follow DOM order; non-accessible elements consume numbers too.
        self.next_bid += 1 + zlib.crc32(("%s|%s" % (role, name)).encode("utf-8")) % 3
        parts = ["[%s] %s %s" % (bid, role, q(name))]
        parts.extend(flags)
        if key is not None and key == self.focus:
            parts.append("focused")
        for k, v in props.items():
            parts.append("%s=%s" % (k, q(v) if isinstance(v, str) else v))
        self.lines.append("\t" * depth + ", ".join(parts))
        if key is not None:
            assert key not in self.keys, (key, self.url)
            self.keys[key] = (bid, role, name)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %s" % q(s))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def header(p, active, crumbs=(), current=None, search="", suggest=None):
    p.node(1, "link", "Skip to main content", flags=CL)
    p.node(1, "banner", "")
    p.node(2, "link", "%s – home" % PRODUCT, key="home", flags=CL)
    p.text(2, "%s · %s" % (ORG, SITE))
    p.node(2, "navigation", "Main")
    p.node(3, "list", "")
    for n in NAV:
        p.node(4, "listitem", "")
        kw = {"current": "page"} if n == active else {}
        p.node(5, "link", n, key="nav:" + n, flags=CL, **kw)
    p.node(2, "search", "")
    kw = {"value": search} if search else {}
    p.node(3, "combobox", "Search orders, lots, tickets, looms", key="search", flags=CL,
           autocomplete="list", hasPopup="listbox", expanded=bool(suggest), **kw)
    if suggest:
        p.node(3, "listbox", "Suggestions")
        for i, s in enumerate(suggest):
            p.node(4, "option", s, key="sugg:%d" % i, flags=CL, selected=False)
    p.node(3, "button", "Search", key="search_go", flags=CL)
    p.node(2, "button", "Notifications (3 unread)", key="notif", flags=CL, hasPopup="menu", expanded=False)
    p.node(2, "button", "%s · %s" % (USER, ROLE), key="usermenu", flags=CL, hasPopup="menu", expanded=False)
    if crumbs or current:
        p.node(1, "navigation", "Breadcrumb")
        p.node(2, "list", "")
        for label in crumbs:
            p.node(3, "listitem", "")
            p.node(4, "link", label, key="crumb:" + label, flags=CL)
        if current:
            p.node(3, "listitem", "")
            p.text(4, current)
    p.node(1, "main", "")


def footer(p, toast=None, toast_link=None, live=None):
    p.node(1, "region", "Notifications", live="polite")
    if live:
        p.text(2, live)
    if toast:
        p.node(2, "status", "")
        p.text(3, toast)
        if toast_link:
            p.node(3, "link", toast_link, flags=CL)
        p.node(3, "button", "Dismiss notification", key="toast_close", flags=CL)
    p.node(1, "contentinfo", "")
    p.text(2, "%s %s · © 2024 %s" % (PRODUCT, VERSION, ORG))
    p.node(2, "link", "Help centre", flags=CL)
    p.node(2, "link", "Keyboard shortcuts", flags=CL)
    p.node(2, "link", "Report a problem", flags=CL)
    p.text(2, "Signed in as %s · %s %s" % (LOGIN, TODAY, p.t))


def select(p, d, label, options, selected, key=None, required=False, disabled=()):
    flags = CL + (("required",) if required else ())
    p.node(d, "combobox", label, key=key, flags=flags, hasPopup="menu", expanded=False, value=selected)
    for o in options:
        kw = {"selected": o == selected}
        if o in disabled:
            kw["disabled"] = True
        p.node(d + 1, "option", o, **kw)


def cell_text(c):
    return c if isinstance(c, str) else c[1]


def table(p, d, name, headers, rows, sortable=(), sorted_col=None, sort_dir="ascending"):
    p.node(d, "table", name)
    p.node(d + 1, "rowgroup", "")
    p.node(d + 2, "row", " ".join(headers))
    for h in headers:
        kw = {"sort": sort_dir} if h == sorted_col else {}
        p.node(d + 3, "columnheader", h, **kw)
        if h in sortable:
            p.node(d + 4, "button", h, key="sort:" + h, flags=CL)
    p.node(d + 1, "rowgroup", "")
    for r in rows:
        p.node(d + 2, "row", " ".join(cell_text(c) for c in r))
        for c in r:
            if isinstance(c, str):
                p.node(d + 3, "cell", c)
            else:
                kind, text, key = c[:3]
                extra = c[3] if len(c) > 3 else {}
                p.node(d + 3, "cell", text)
                p.node(d + 4, kind, text, key=key, flags=CL, **extra)


def details(p, d, name, pairs):
    p.node(d, "table", name)
    for lab, v in pairs:
        vt = cell_text(v)
        p.node(d + 1, "row", "%s %s" % (lab, vt))
        p.node(d + 2, "rowheader", lab)
        p.node(d + 2, "cell", vt)
        if not isinstance(v, str):
            p.node(d + 3, v[0], vt, key=v[2], flags=CL)


def pagination(p, d, summary, pages, current):
    p.text(d, summary)
    p.node(d, "navigation", "Pagination")
    p.node(d + 1, "link", "Previous page", key="page:prev", flags=CL,
           **({"disabled": True} if current == 1 else {}))
    for i in range(1, pages + 1):
        kw = {"current": "page"} if i == current else {}
        p.node(d + 1, "link", str(i), key="page:%d" % i, flags=CL, **kw)
    p.node(d + 1, "link", "Next page", key="page:next", flags=CL,
           **({"disabled": True} if current == pages else {}))


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

POOL = ["Brindle & Co Interiors", "Castleton Drapery", "Greaves Furniture", "Holloway Hotels Group",
        "Kestrel Coachworks", "Marlowe Home", "Northfold Contract Seating", "Orchard Lane Upholstery",
        "Pennine Rail Interiors", "Tamsin Gray Studio", "Vesper Yacht Interiors", "Wetherby & Lyle"]

SPECIAL_ORDERS = {
    "SO-4471": dict(so="SO-4471", customer="Ashdown Upholstery Ltd", ship="8 Nov 2024", lines=3,
                    lots="1 of 3", status="Confirmed"),
    "SO-4472": dict(so="SO-4472", customer="Ashdown Upholstery Ltd", ship="22 Nov 2024", lines=2,
                    lots="0 of 2", status="Confirmed"),
    "SO-4417": dict(so="SO-4417", customer="Ashworth Furnishings", ship="31 Oct 2024", lines=2,
                    lots="1 of 2", status="In production"),
}


def build_orders():
    rng = random.Random(SEED)
    out = []
    for n in range(4490, 4445, -1):
        so = "SO-%d" % n
        if so in SPECIAL_ORDERS:
            out.append(SPECIAL_ORDERS[so])
            continue
        d = datetime.date(2024, 10, 24) + datetime.timedelta(days=rng.randint(0, 58))
        lines = rng.randint(1, 4)
        done = rng.randint(0, lines)
        status = rng.choice(["Confirmed", "Confirmed", "In production", "In production", "Part shipped"])
        out.append(dict(so=so, customer=rng.choice(POOL), ship="%d %s" % (d.day, d.strftime("%b %Y")),
                        lines=lines, lots="%d of %d" % (done, lines), status=status))
    out.append(SPECIAL_ORDERS["SO-4417"])
    return out


ORDERS = build_orders()

ORDER_DETAIL = {
    "SO-4471": dict(
        customer="Ashdown Upholstery Ltd", status="Confirmed", ordered="2 Oct 2024", ship="8 Nov 2024",
        manager="Tom Reddaway", ref="PO-88213",
        note="Customer asked for lines 1 and 2 to be woven in the same week if possible.",
        lines=[(1, "ART-HB-220 Harlow Bouclé 220 g/m²", "SH-4414 Moss Grey", 180, "DL-24-1142", "Approved"),
               (2, "ART-HB-220 Harlow Bouclé 220 g/m²", "SH-4417 Moss Green", 320, None, None),
               (3, "ART-PH-310 Penrose Herringbone 310 g/m²", "SH-2208 Slate", 140, None, None)],
        other_orders=[("SO-4472", "SO-4472 · Ashdown Upholstery Ltd · Confirmed"),
                      ("SO-4390", "SO-4390 · Ashdown Upholstery Ltd · Shipped")],
        lots=[("DL-24-1142", "DL-24-1142 · line 1 · SH-4414 Moss Grey · 180 kg · Approved")]),
    "SO-4417": dict(
        customer="Ashworth Furnishings", status="In production", ordered="11 Sep 2024", ship="31 Oct 2024",
        manager="Gemma Holt", ref="AF-7730",
        note="Split delivery agreed: line 1 first, line 2 by 31 Oct.",
        lines=[(1, "ART-HB-220 Harlow Bouclé 220 g/m²", "SH-4417 Moss Green", 200, "DL-24-1181", "Approved"),
               (2, "ART-HB-220 Harlow Bouclé 220 g/m²", "SH-4417 Moss Green", 280, None, None)],
        other_orders=[("SO-4355", "SO-4355 · Ashworth Furnishings · Shipped")],
        lots=[("DL-24-1181", "DL-24-1181 · line 1 · SH-4417 Moss Green · 200 kg · Approved")]),
}

DL_ROWS = [
    ("DL-24-1182", "SO-4468", "SH-3120 Oxblood", "260 kg", "DV-8", "23 Oct", "Awaiting approval"),
    ("DL-24-1181", "SO-4417", "SH-4417 Moss Green", "200 kg", "DV-3", "22 Oct", "Approved"),
    ("DL-24-1180", "SO-4476", "SH-1502 Chalk", "140 kg", "DV-2", "22 Oct", "Approved"),
    ("DL-24-1179", "SO-4470", "SH-5603 Petrol", "380 kg", "DV-3", "21 Oct", "In dyeing"),
    ("DL-24-1178", "SO-4465", "SH-2208 Slate", "120 kg", "DV-1", "21 Oct", "In dyeing"),
    ("DL-24-1177", "SO-4462", "SH-0904 Ochre", "300 kg", "DV-8", "18 Oct", "Dyed – QC pending"),
    ("DL-24-1176", "SO-4469", "SH-4410 Sage", "90 kg", "DV-1", "18 Oct", "Dyed – QC pending"),
    ("DL-24-1175", "SO-4458", "SH-7781 Ink Navy", "410 kg", "DV-8", "17 Oct", "Released to weaving"),
    ("DL-24-1174", "SO-4466", "SH-3120 Oxblood", "150 kg", "DV-2", "17 Oct", "Released to weaving"),
    ("DL-24-1173", "SO-4461", "SH-1502 Chalk", "220 kg", "DV-3", "16 Oct", "Released to weaving"),
]

DYE_RECENT = [("SO-4471", "SO-4471 · Ashdown Upholstery Ltd"), ("SO-4417", "SO-4417 · Ashworth Furnishings"),
              ("DL-24-1142", "DL-24-1142 · SH-4414 Moss Grey"), ("MT-2292", "MT-2292 · L-14 · Weft cutter blunt")]

SHADES = ["SH-4410 Sage", "SH-4414 Moss Grey", "SH-4417 Moss Green", "SH-4471 Moss Green Deep", "SH-4710 Fern"]
RECIPE = {"SH-4410 Sage": "RC-4410-A · reactive", "SH-4414 Moss Grey": "RC-4414-A · reactive",
          "SH-4417 Moss Green": "RC-4417-B · reactive, low-salt", "SH-4471 Moss Green Deep": "RC-4471-A · reactive",
          "SH-4710 Fern": "RC-4710-C · acid"}
NO_VAT = "— Select vat —"
VATS = [NO_VAT, "DV-1 · 150 kg package", "DV-2 · 250 kg jet", "DV-3 · 400 kg jet",
        "DV-5 · 400 kg jet (descaling until 18 Oct)", "DV-8 · 600 kg beam"]
DV3 = "DV-3 · 400 kg jet"
DV8 = "DV-8 · 600 kg beam"
SLOTS = {
    DV3: "Free slots on DV-3: Mon 21 Oct 0 · Tue 22 Oct 2 · Wed 23 Oct 1 · Thu 24 Oct 3 · Fri 25 Oct 2",
    DV8: "Free slots on DV-8: Mon 21 Oct 1 · Tue 22 Oct 0 · Wed 23 Oct 2 · Thu 24 Oct 2 · Fri 25 Oct 3",
    "DV-2 · 250 kg jet": "Free slots on DV-2: Mon 21 Oct 2 · Tue 22 Oct 1 · Wed 23 Oct 0 · Thu 24 Oct 1 · Fri 25 Oct 2",
}


def wizard_state(order="SO-4471", line=2):
    det = ORDER_DETAIL[order]
    ln = [x for x in det["lines"] if x[0] == line][0]
    return dict(order=order, line=line, customer=det["customer"], article=ln[1], shade=ln[2], line_kg=ln[3],
                weight="", vat=NO_VAT, priority="Standard", date="", labdip="", notes="", draft=None)


# Maintenance tickets: id, loom, hall, title, column, priority, assignee, opened, extra
TICKETS = [
    ("MT-2296", "L-09", "Weave shed A", "Selvedge curling on left side", "New", "Normal", "Unassigned", "17 Oct 08:14", ""),
    ("MT-2295", "L-18", "Weave shed B", "Drop wire sensor false stops", "New", "Normal", "Unassigned", "17 Oct 06:40", ""),
    ("MT-2293", "L-07", "Weave shed A", "Temple roller worn", "New", "Low", "Unassigned", "16 Oct 15:02", ""),
    ("MT-2291", "L-14", "Weave shed B", "Warp let-off brake slipping", "New", "Normal", "Unassigned", "16 Oct 05:52", ""),
    ("MT-2219", "L-41", "Weave shed A", "Warp let-off sensor fault", "New", "Normal", "Unassigned", "27 Sep 13:20", ""),
    ("MT-2288", "L-22", "Weave shed B", "Reed damaged at 140 cm", "Scheduled", "High", "Priya Varma", "15 Oct 11:05", "due 17 Oct"),
    ("MT-2284", "L-03", "Weave shed A", "Lubrication round due", "Scheduled", "Low", "Sean Gallagher", "14 Oct 09:30", "due 21 Oct"),
    ("MT-2294", "L-22", "Weave shed B", "Main drive fault – loom down", "In progress", "Critical", "Aleksander Brody", "17 Oct 07:10", ""),
    ("MT-2292", "L-14", "Weave shed B", "Weft cutter blunt", "In progress", "Normal", "Jonas Ekdahl", "16 Oct 09:12", ""),
    ("MT-2289", "L-11", "Weave shed A", "Heald frame cracked", "In progress", "High", "Jonas Eklund", "15 Oct 14:48", ""),
    ("MT-2290", "L-04", "Weave shed A", "Harness cord snapped", "Awaiting parts", "Normal", "Sean Gallagher", "15 Oct 16:20", "part ETA 21 Oct"),
    ("MT-2276", "L-16", "Weave shed B", "Gripper tape worn", "Awaiting parts", "Normal", "Priya Varma", "10 Oct 10:02", "part ETA 23 Oct"),
    ("MT-2287", "L-12", "Weave shed A", "Warp stop motion cleaned", "Done this week", "Low", "Sean Gallagher", "15 Oct 08:00", ""),
    ("MT-2286", "L-20", "Weave shed B", "Let-off brake pad replaced", "Done this week", "High", "Jonas Ekdahl", "14 Oct 13:40", ""),
    ("MT-2283", "L-05", "Weave shed A", "Take-up roller bearing noisy", "Done this week", "Normal", "Jonas Eklund", "14 Oct 07:55", ""),
]
COLUMNS = ["New", "Scheduled", "In progress", "Awaiting parts", "Done this week"]
PRIO_RANK = {"Critical": 0, "High": 1, "Normal": 2, "Low": 3}
TECHS = ["Unassigned", "Aleksander Brody", "Jonas Ekdahl", "Jonas Eklund", "Priya Varma", "Sean Gallagher"]
PRIOS = ["Low", "Normal", "High", "Critical"]
WINDOWS = ["Any shift", "Shift A 06:00–14:00", "Shift B 14:00–22:00", "Shift C 22:00–06:00"]
LOOMS = ["L-%02d" % i for i in range(1, 25)] + ["L-%02d" % i for i in range(41, 45)]
MAINT_RECENT = [("MT-2292", "MT-2292 · L-14 · Weft cutter blunt"), ("L-14", "L-14 · Dornier P2"),
                ("SO-4471", "SO-4471 · Ashdown Upholstery Ltd")]

TICKET_DETAIL = {
    "MT-2291": dict(
        id="MT-2291", loom="L-14", loom_desc="L-14 · Dornier P2 rapier · Weave shed B, bay 3",
        title="Warp let-off brake slipping", status="New", priority="Normal", assignee="Unassigned",
        sched="Not scheduled", window="Any shift", loom_status="Running – degraded",
        reporter="Kasia Wren (weaver, shift A)", opened="16 Oct 2024 05:52",
        description="Warp tension drops every 20–30 picks and the loom stops on a warp fault. "
                    "Brake pad looks glazed. Restarted 9 times on shift A.",
        notes=[("16 Oct 06:15", "Kasia Wren", "Tension fault again after beam change. Running at reduced speed.")],
        activity=[("16 Oct 05:52", "Ticket opened by Kasia Wren")],
        others=[("MT-2292", "MT-2292 · Weft cutter blunt · In progress"),
                ("MT-2187", "MT-2187 · Let-off brake spring replaced · Done 2 Sep")],
        order="WO-8812 · SO-4453 · Harlow Bouclé 220 · 46 m left",
        dialog_text="Weaving order WO-8812 (SO-4453, Harlow Bouclé 220) is running on L-14. It will be paused "
                    "and the remaining 46 m re-planned by the weave room."),
    "MT-2219": dict(
        id="MT-2219", loom="L-41", loom_desc="L-41 · Picanol OMNIplus-i 800 · Weave shed A, bay 7",
        title="Warp let-off sensor fault", status="New", priority="Normal", assignee="Unassigned",
        sched="Not scheduled", window="Any shift", loom_status="Running",
        reporter="Dev Malhotra (weaver, shift C)", opened="27 Sep 2024 13:20",
        description="Let-off sensor reading drifts on long runs; warp tension alarm about once per shift.",
        notes=[("30 Sep 10:02", "Sean Gallagher", "Sensor cleaned, cable checked. Keep an eye on it.")],
        activity=[("27 Sep 13:20", "Ticket opened by Dev Malhotra")],
        others=[("MT-2158", "MT-2158 · Sensor cable re-routed · Done 9 Sep")],
        order="WO-8840 · SO-4480 · Penrose Herringbone 310 · 120 m left",
        dialog_text="Weaving order WO-8840 (SO-4480, Penrose Herringbone 310) is running on L-41. It will be "
                    "paused and the remaining 120 m re-planned by the weave room."),
}


def blank_form(tk):
    return dict(assignee=tk["assignee"], priority=tk["priority"], sched="", window=tk["window"], oos=False, note="")


# ---------------------------------------------------------------------------
# Pages: dye lots
# ---------------------------------------------------------------------------

SUGGEST_SO = ["SO-4471 — Ashdown Upholstery Ltd", "SO-4472 — Ashdown Upholstery Ltd", "SO-4417 — Ashworth Furnishings"]


def pg_dyelots(t, search="", suggest=False, toast=None, focus=None):
    p = Page("/dyelots", "Dye lots", t, focus)
    header(p, "Dye lots", ["Home"], "Dye lots", search=search, suggest=SUGGEST_SO if suggest else None)
    p.node(2, "heading", "Dye lots")
    p.node(2, "button", "New dye lot", key="new_lot", flags=CL)
    p.node(2, "group", "Filter dye lots")
    select(p, 3, "Status", ["All open lots", "Draft", "Awaiting approval", "Approved", "In dyeing",
                            "Dyed – QC pending", "Released to weaving"], "All open lots")
    select(p, 3, "Dye vat", ["All vats", "DV-1", "DV-2", "DV-3", "DV-5", "DV-8"], "All vats")
    p.node(3, "button", "More filters", flags=CL, expanded=False)
    rows = [[("link", r[0], "lot:" + r[0]), ("link", r[1], "lotorder:%s:%s" % (r[0], r[1]))] + list(r[2:])
            for r in DL_ROWS]
    table(p, 2, "Dye lots", ["Lot no.", "Sales order", "Shade", "Weight", "Vat", "Planned", "Status"], rows,
          sortable=("Lot no.", "Planned", "Status"), sorted_col="Lot no.", sort_dir="descending")
    pagination(p, 2, "Showing 1–10 of 58 open lots", 6, 1)
    p.node(2, "complementary", "Recently viewed")
    p.node(3, "heading", "Recently viewed")
    p.node(3, "list", "")
    for rid, label in DYE_RECENT:
        p.node(4, "listitem", "")
        p.node(5, "link", label, key="recent:" + rid, flags=CL)
    footer(p, toast, "View lab dips" if toast else None)
    return p


def pg_search_so(t):
    p = Page("/search?q=SO-4471", "Search: SO-4471", t)
    header(p, None, ["Home"], "Search", search="SO-4471")
    p.node(2, "heading", "Results for ‘SO-4471’")
    p.text(2, "4 results")
    p.node(2, "navigation", "Result types")
    for lab in ["All (4)", "Sales orders (3)", "Dye lots (1)", "Maintenance tickets (0)", "Looms (0)"]:
        p.node(3, "link", lab, flags=CL, **({"current": "page"} if lab.startswith("All") else {}))
    p.node(2, "list", "Search results")
    res = [("SO-4471", "SO-4471 — Ashdown Upholstery Ltd", "Sales order · Confirmed · ship by 8 Nov 2024 · 3 lines"),
           ("SO-4472", "SO-4472 — Ashdown Upholstery Ltd", "Sales order · Confirmed · ship by 22 Nov 2024 · 2 lines"),
           ("SO-4417", "SO-4417 — Ashworth Furnishings", "Sales order · In production · ship by 31 Oct 2024 · 2 lines"),
           ("DL-24-1142", "DL-24-1142 — SH-4414 Moss Grey, 180 kg", "Dye lot · SO-4471 line 1 · Approved")]
    for rid, lab, sub in res:
        p.node(3, "listitem", "")
        p.node(4, "link", lab, key="res:" + rid, flags=CL)
        p.text(4, sub)
    footer(p)
    return p


def pg_orders(t, page=1, sort="order", toast=None):
    p = Page("/orders?status=open&sort=%s&page=%d" % ("-number" if sort == "order" else "customer", page),
             "Sales orders", t)
    header(p, "Sales orders", ["Home"], "Sales orders")
    p.node(2, "heading", "Sales orders")
    p.node(2, "group", "Filter orders")
    select(p, 3, "Show", ["Open orders", "All orders", "Shipped"], "Open orders")
    p.node(3, "textbox", "Filter by customer", flags=CL)
    if sort == "order":
        data = ORDERS
    else:
        data = sorted(ORDERS, key=lambda o: (o["customer"], o["so"]))
    chunk = data[(page - 1) * 15: page * 15]
    rows = [[("link", o["so"], "order:" + o["so"]), o["customer"], o["ship"], str(o["lines"]), o["lots"], o["status"]]
            for o in chunk]
    table(p, 2, "Sales orders", ["Order no.", "Customer", "Ship by", "Lines", "Dye lots", "Status"], rows,
          sortable=("Order no.", "Customer", "Ship by"),
          sorted_col="Order no." if sort == "order" else "Customer",
          sort_dir="descending" if sort == "order" else "ascending")
    lo = (page - 1) * 15 + 1
    pagination(p, 2, "Showing %d–%d of %d open orders" % (lo, lo + len(chunk) - 1, len(data)), 4, page)
    footer(p, toast, "View lab dips" if toast else None)
    return p


def pg_order(t, so):
    det = ORDER_DETAIL[so]
    p = Page("/orders/" + so, "Sales order " + so, t)
    header(p, "Sales orders", ["Home", "Sales orders"], so)
    p.node(2, "heading", "Sales order " + so)
    p.node(2, "link", det["customer"], flags=CL)
    details(p, 2, "Order summary", [("Status", det["status"]), ("Ordered", det["ordered"]),
                                    ("Ship by", det["ship"]), ("Account manager", det["manager"]),
                                    ("Customer reference", det["ref"])])
    p.node(2, "note", "Order note")
    p.text(3, det["note"])
    p.node(2, "heading", "Order lines")
    rows = []
    for (n, art, shade, kg, lot, lstat) in det["lines"]:
        act = ("link", "View %s (%s)" % (lot, lstat), "viewlot:%d" % n) if lot else \
            ("button", "Create dye lot for line %d" % n, "create:%d" % n)
        rows.append([str(n), art, shade, "%d kg" % kg, lot or "—", act])
    table(p, 2, "Order lines", ["Line", "Article", "Shade", "Yarn weight", "Dye lot", "Action"], rows)
    p.node(2, "button", "Print order", flags=CL)
    p.node(2, "complementary", "Related")
    p.node(3, "heading", "Other orders for " + det["customer"])
    p.node(3, "list", "")
    for rid, lab in det["other_orders"]:
        p.node(4, "listitem", "")
        p.node(5, "link", lab, key="rel:" + rid, flags=CL)
    p.node(3, "heading", "Dye lots on this order")
    p.node(3, "list", "")
    for rid, lab in det["lots"]:
        p.node(4, "listitem", "")
        p.node(5, "link", lab, key="rellot:" + rid, flags=CL)
    p.node(3, "heading", "Recently viewed")
    p.node(3, "list", "")
    for rid, lab in DYE_RECENT:
        if rid != so:
            p.node(4, "listitem", "")
            p.node(5, "link", lab, flags=CL)
    footer(p)
    return p


WIZ_STEPS = ["Article & shade", "Quantity & vat", "Schedule", "Review"]


def pg_wizard(t, st, step, focus=None, banner=None, status=None, dialog=False, busy=False):
    if st["draft"]:
        path = "/dyelots/new?draft=%s&step=%d" % (st["draft"], step)
    else:
        path = "/dyelots/new?order=%s&line=%d&step=%d" % (st["order"], st["line"], step)
    title = "New dye lot – review" if step == 4 else "New dye lot – step %d of 3" % step
    p = Page(path, title, t, focus)
    header(p, "Dye lots", ["Home", "Dye lots", "Sales order " + st["order"]], "New dye lot")
    if status:
        p.node(2, "status", "")
        p.text(3, status)
    if banner:
        p.node(2, "alert", "")
        p.text(3, banner)
    p.node(2, "heading", "New dye lot — %s line %d" % (st["order"], st["line"]))
    p.text(2, "%s · %s" % (st["customer"], st["article"]))
    if st["draft"]:
        p.text(2, "Draft %s · last saved %s" % (st["draft"], st["draft_saved"]))
    p.node(2, "list", "Progress")
    for i, lab in enumerate(WIZ_STEPS, 1):
        name = "Review" if i == 4 else "Step %d of 3: %s" % (i, lab)
        if i < step:
            name += " (complete)"
        p.node(3, "listitem", name, **({"current": "step"} if i == step else {}))
    p.node(2, "form", "New dye lot")
    if step == 1:
        p.node(3, "heading", "Step 1 of 3: Article & shade")
        p.node(3, "textbox", "Sales order line", flags=CL, readonly=True,
               value="%s · line %d" % (st["order"], st["line"]))
        p.node(3, "textbox", "Article", flags=CL, readonly=True, value=st["article"])
        select(p, 3, "Shade", SHADES, st["shade"], key="shade", required=True)
        p.node(3, "textbox", "Recipe", flags=CL, readonly=True, value=RECIPE[st["shade"]])
        p.text(3, "Shade is taken from the order line. Change it only if the customer approved a substitute.")
        p.node(3, "button", "Cancel", key="cancel", flags=CL)
        p.node(3, "button", "Save draft", key="save_draft", flags=CL)
        p.node(3, "button", "Next: Quantity & vat", key="next", flags=CL)
    elif step == 2:
        p.node(3, "heading", "Step 2 of 3: Quantity & vat")
        kw = {"value": st["weight"]} if st["weight"] else {}
        p.node(3, "textbox", "Weight (kg)", key="weight", flags=CL + ("required",), **kw)
        p.text(3, "Order line %d calls for %d kg of yarn." % (st["line"], st["line_kg"]))
        select(p, 3, "Dye vat", VATS, st["vat"], key="vat", required=True, disabled=(VATS[4],))
        p.node(3, "radiogroup", "Priority")
        p.node(4, "radio", "Standard", key="prio:std", flags=CL,
               checked="true" if st["priority"] == "Standard" else "false")
        p.node(4, "radio", "Rush (lab +1 day)", key="prio:rush", flags=CL,
               checked="true" if st["priority"] != "Standard" else "false")
        p.node(3, "button", "Back", key="back", flags=CL)
        p.node(3, "button", "Save draft", key="save_draft", flags=CL)
        p.node(3, "button", "Next: Schedule", key="next", flags=CL)
    elif step == 3:
        p.node(3, "heading", "Step 3 of 3: Schedule")
        kw = {"value": st["date"]} if st["date"] else {}
        p.node(3, "textbox", "Planned dye date (e.g. 24 Oct 2024)", key="date", flags=CL + ("required",), **kw)
        p.text(3, st.get("slots_override") or SLOTS.get(st["vat"], "Choose a dye vat on step 2 to see free slots."))
        kw = {"value": st["labdip"]} if st["labdip"] else {}
        p.node(3, "textbox", "Lab dip reference (optional)", key="labdip", flags=CL, **kw)
        kw = {"value": st["notes"]} if st["notes"] else {}
        p.node(3, "textbox", "Notes for the dye house (optional)", key="notes", flags=CL, multiline=True, **kw)
        p.node(3, "button", "Back", key="back", flags=CL)
        p.node(3, "button", "Save draft", key="save_draft", flags=CL)
        p.node(3, "button", "Next: Review", key="next", flags=CL)
    else:
        p.node(3, "heading", "Review dye lot")
        details(p, 3, "Dye lot summary", review_pairs(st))
        p.text(3, "Submitting sends the lot to the dye house manager (Ilse Varga) for approval. "
                  "It can't be edited after submission.")
        p.node(3, "button", "Back", key="back", flags=CL)
        p.node(3, "button", "Save draft", key="save_draft", flags=CL)
        p.node(3, "button", "Submit for approval", key="submit", flags=CL)
    if dialog:
        p.node(1, "dialog", "Submit dye lot for approval?", modal=True)
        p.node(2, "heading", "Submit dye lot for approval?")
        p.text(2, "The dye lot for %s line %d (%s, %s kg on %s, %s) will be sent to the dye house manager. "
                  "You can't edit it after submission." % (st["order"], st["line"], st["shade"], st["weight"],
                                                          st["vat"].split(" ·")[0], long_date(st["date"])))
        p.node(2, "button", "Cancel", key="dlg_cancel", flags=CL)
        p.node(2, "button", "Submit", key="dlg_submit", flags=CL)
    footer(p, live="Submitting dye lot…" if busy else None)
    return p


def review_pairs(st):
    return [("Sales order", "%s · line %d" % (st["order"], st["line"])), ("Customer", st["customer"]),
            ("Article", st["article"]), ("Shade", st["shade"]), ("Recipe", RECIPE[st["shade"]]),
            ("Weight", "%s kg" % st["weight"]), ("Dye vat", st["vat"]), ("Priority", st["priority"]),
            ("Planned dye date", long_date(st["date"])), ("Lab dip reference", st["labdip"] or "—"),
            ("Notes for the dye house", st["notes"] or "—")]


def pg_lot(t, st, lot, submitted_at, extra_lots=()):
    p = Page("/dyelots/" + lot, "Dye lot " + lot, t)
    header(p, "Dye lots", ["Home", "Dye lots"], lot)
    p.node(2, "status", "")
    p.text(3, "Dye lot %s submitted for approval. Ilse Varga (dye house manager) has been notified." % lot)
    p.node(2, "heading", "Dye lot " + lot)
    p.text(2, "Awaiting approval")
    pairs = review_pairs(st)
    pairs[0] = ("Sales order", ("link", "%s · line %d" % (st["order"], st["line"]), "lot_order"))
    pairs.append(("Submitted", "%s %s by %s" % (TODAY, submitted_at, USER)))
    details(p, 2, "Dye lot details", pairs)
    p.node(2, "button", "Withdraw submission", flags=CL)
    p.node(2, "button", "Print lot card", flags=CL)
    p.node(2, "heading", "Activity")
    p.node(2, "list", "")
    for line in ["%s Submitted for approval by %s" % (submitted_at, USER), "%s Dye lot created by %s" % (submitted_at, USER)]:
        p.node(3, "listitem", line)
    p.node(2, "complementary", "Related")
    p.node(3, "heading", "Other dye lots for " + st["order"])
    p.node(3, "list", "")
    for lab in list(extra_lots) + [lab for _, lab in ORDER_DETAIL[st["order"]]["lots"]]:
        p.node(4, "listitem", "")
        p.node(5, "link", lab, flags=CL)
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Pages: loom maintenance
# ---------------------------------------------------------------------------

SUGGEST_MT = ["MT-2291 — Warp let-off brake slipping (L-14)", "MT-2219 — Warp let-off sensor fault (L-41)",
              "MT-2292 — Weft cutter blunt (L-14)"]


def ticket_rows(filt):
    rows = TICKETS
    if filt == "L-14":
        rows = [r for r in rows if r[1] == "L-14"]
    elif filt == "shedA":
        rows = [r for r in rows if r[2] == "Weave shed A"]
    return rows


def pg_board(t, filt=None, panel=False, panel_loom="All looms", search="", suggest=False, toast=None, focus=None):
    qs = {None: "", "L-14": "?loom=L-14", "shedA": "?hall=A"}[filt]
    p = Page("/maintenance" + qs, "Loom maintenance", t, focus)
    header(p, "Maintenance", ["Home"], "Loom maintenance", search=search, suggest=SUGGEST_MT if suggest else None)
    p.node(2, "heading", "Loom maintenance")
    p.node(2, "button", "New ticket", flags=CL)
    p.node(2, "navigation", "View")
    p.node(3, "link", "Board", key="view:board", flags=CL, current="page")
    p.node(3, "link", "List", key="view:list", flags=CL)
    p.node(2, "button", "Filters (1)" if filt else "Filters", key="filters", flags=CL, expanded=panel)
    if filt:
        p.node(2, "group", "Active filters")
        lab = {"L-14": "Loom: L-14", "shedA": "Hall: Weave shed A"}[filt]
        p.text(3, lab)
        p.node(3, "button", "Remove filter " + lab, key="unfilter", flags=CL)
    else:
        p.text(2, "No filters applied · showing all halls")
    if panel:
        p.node(2, "region", "Filter tickets")
        select(p, 3, "Hall", ["All halls", "Weave shed A", "Weave shed B", "Finishing"], "All halls")
        select(p, 3, "Loom", ["All looms"] + LOOMS, panel_loom, key="f_loom")
        select(p, 3, "Priority", ["Any priority"] + PRIOS, "Any priority")
        p.node(3, "checkbox", "Assigned to me", flags=CL, checked="false")
        p.node(3, "checkbox", "Hide tickets closed before this week", flags=CL, checked="true")
        p.node(3, "button", "Apply filters", key="apply", flags=CL)
        p.node(3, "button", "Clear all", flags=CL)
    rows = ticket_rows(filt)
    for col in COLUMNS:
        items = [r for r in rows if r[4] == col]
        p.node(2, "region", "%s (%d)" % (col, len(items)))
        p.node(3, "heading", "%s (%d)" % (col, len(items)))
        if not items:
            p.text(3, "No tickets")
            continue
        p.node(3, "list", "")
        for r in items:
            p.node(4, "listitem", "")
            p.node(5, "link", "%s · %s · %s" % (r[0], r[1], r[3]), key="card:" + r[0], flags=CL)
            sub = "%s · %s · opened %s" % (r[5], r[6], r[7])
            if r[8]:
                sub += " · " + r[8]
            p.text(5, sub)
    p.node(2, "complementary", "Mill status")
    p.node(3, "heading", "Looms down now")
    p.text(3, "L-22 · main drive fault · down since 07:10")
    p.node(3, "heading", "Recently viewed")
    p.node(3, "list", "")
    for rid, lab in MAINT_RECENT:
        p.node(4, "listitem", "")
        p.node(5, "link", lab, key="recent:" + rid, flags=CL)
    footer(p, toast, "Open handover notes" if toast else None)
    return p


def pg_mt_list(t, page=1):
    p = Page("/maintenance/list?sort=priority&page=%d" % page, "Loom maintenance – list", t)
    header(p, "Maintenance", ["Home", "Loom maintenance"], "List")
    p.node(2, "heading", "Loom maintenance")
    p.node(2, "navigation", "View")
    p.node(3, "link", "Board", key="view:board", flags=CL)
    p.node(3, "link", "List", key="view:list", flags=CL, current="page")
    open_t = [r for r in TICKETS if r[4] != "Done this week"]
    open_t.sort(key=lambda r: (PRIO_RANK[r[5]], -int(r[0][3:])))
    chunk = open_t[(page - 1) * 6: page * 6]
    rows = [[("link", r[0], "row:" + r[0]), r[1], r[3], r[4], r[5], r[6], r[7]] for r in chunk]
    table(p, 2, "Open tickets", ["Ticket", "Loom", "Title", "Status", "Priority", "Assigned to", "Opened"], rows,
          sortable=("Ticket", "Priority", "Opened"), sorted_col="Priority", sort_dir="descending")
    lo = (page - 1) * 6 + 1
    pagination(p, 2, "Showing %d–%d of %d open tickets" % (lo, lo + len(chunk) - 1, len(open_t)), 2, page)
    footer(p)
    return p


def pg_search_mt(t):
    p = Page("/search?q=MT-2291", "Search: MT-2291", t)
    header(p, None, ["Home"], "Search", search="MT-2291")
    p.node(2, "heading", "Results for ‘MT-2291’")
    p.text(2, "4 results")
    p.node(2, "navigation", "Result types")
    for lab in ["All (4)", "Sales orders (0)", "Dye lots (0)", "Maintenance tickets (3)", "Looms (1)"]:
        p.node(3, "link", lab, flags=CL, **({"current": "page"} if lab.startswith("All") else {}))
    p.node(2, "list", "Search results")
    res = [("MT-2291", "MT-2291 — Warp let-off brake slipping", "Maintenance ticket · L-14 · New · Normal · Unassigned"),
           ("MT-2219", "MT-2219 — Warp let-off sensor fault", "Maintenance ticket · L-41 · New · Normal · Unassigned"),
           ("MT-2292", "MT-2292 — Weft cutter blunt", "Maintenance ticket · L-14 · In progress · Jonas Ekdahl"),
           ("L-14", "L-14 — Dornier P2 rapier", "Loom · Weave shed B · Running – degraded")]
    for rid, lab, sub in res:
        p.node(3, "listitem", "")
        p.node(4, "link", lab, key="res:" + rid, flags=CL)
        p.text(4, sub)
    footer(p)
    return p


def pg_ticket(t, tk, status=None, note_form=False, note_value="", focus=None):
    p = Page("/maintenance/" + tk["id"], "Ticket %s" % tk["id"], t, focus)
    header(p, "Maintenance", ["Home", "Loom maintenance"], tk["id"])
    if status:
        p.node(2, "status", "")
        p.text(3, status)
    p.node(2, "heading", "%s · %s" % (tk["id"], tk["title"]))
    details(p, 2, "Ticket details", [
        ("Status", tk["status"]), ("Loom", ("link", tk["loom_desc"], "loomlink")),
        ("Reported by", tk["reporter"]), ("Opened", tk["opened"]), ("Priority", tk["priority"]),
        ("Assigned to", tk["assignee"]), ("Scheduled for", tk["sched"]), ("Shift window", tk["window"]),
        ("Loom status", tk["loom_status"])])
    p.node(2, "button", "Edit ticket", key="edit", flags=CL)
    p.node(2, "button", "Add work note", key="add_note", flags=CL, expanded=note_form)
    p.node(2, "button", "More actions", flags=CL, hasPopup="menu", expanded=False)
    if note_form:
        p.node(2, "form", "Add work note")
        kw = {"value": note_value} if note_value else {}
        p.node(3, "textbox", "Work note", key="note_box", flags=CL + ("required",), multiline=True, **kw)
        p.node(3, "button", "Post note", key="post_note", flags=CL)
        p.node(3, "button", "Cancel", flags=CL)
    p.node(2, "heading", "Description")
    p.text(2, tk["description"])
    p.node(2, "heading", "Work notes (%d)" % len(tk["notes"]))
    p.node(2, "list", "")
    for when, who, what in tk["notes"]:
        p.node(3, "listitem", "")
        p.text(4, "%s · %s" % (when, who))
        p.text(4, what)
    p.node(2, "heading", "Activity")
    p.node(2, "list", "")
    for when, what in tk["activity"]:
        p.node(3, "listitem", "%s %s" % (when, what))
    p.node(2, "complementary", "Related")
    p.node(3, "heading", "Other tickets for " + tk["loom"])
    p.node(3, "list", "")
    for rid, lab in tk["others"]:
        p.node(4, "listitem", "")
        p.node(5, "link", lab, key="other:" + rid, flags=CL)
    p.node(3, "heading", "Running on " + tk["loom"])
    p.node(3, "link", tk["order"], flags=CL)
    p.node(3, "heading", "Recently viewed")
    p.node(3, "list", "")
    for rid, lab in MAINT_RECENT:
        if rid != tk["id"]:
            p.node(4, "listitem", "")
            p.node(5, "link", lab, flags=CL)
    footer(p)
    return p


def pg_edit(t, tk, f, focus=None, dialog=False):
    p = Page("/maintenance/%s/edit" % tk["id"], "Edit ticket %s" % tk["id"], t, focus)
    header(p, "Maintenance", ["Home", "Loom maintenance", tk["id"]], "Edit")
    p.node(2, "heading", "Edit ticket %s" % tk["id"])
    p.text(2, "Loom")
    p.node(2, "link", tk["loom"], key="loomlink", flags=CL)
    p.text(2, "%s · %s" % (tk["loom_desc"].split(" · ", 1)[1], tk["loom_status"]))
    p.node(2, "form", "Ticket")
    p.node(3, "textbox", "Title", flags=CL + ("required",), value=tk["title"])
    select(p, 3, "Assigned technician", TECHS, f["assignee"], key="assignee")
    select(p, 3, "Priority", PRIOS, f["priority"], key="priority", required=True)
    kw = {"value": f["sched"]} if f["sched"] else {}
    p.node(3, "textbox", "Scheduled for (e.g. 18 Oct 2024)", key="sched", flags=CL, **kw)
    select(p, 3, "Shift window", WINDOWS, f["window"], key="window")
    p.node(3, "checkbox", "Take loom %s out of service" % tk["loom"], key="oos", flags=CL,
           checked="true" if f["oos"] else "false")
    p.text(3, "Pauses weaving orders on the loom until the ticket is closed.")
    kw = {"value": f["note"]} if f["note"] else {}
    p.node(3, "textbox", "Work note (optional)", key="note", flags=CL, multiline=True, **kw)
    p.node(3, "button", "Cancel", key="cancel", flags=CL)
    p.node(3, "button", "Save ticket", key="save", flags=CL)
    if dialog:
        p.node(1, "dialog", "Take loom %s out of service?" % tk["loom"], modal=True)
        p.node(2, "heading", "Take loom %s out of service?" % tk["loom"])
        p.text(2, tk["dialog_text"])
        p.node(2, "button", "Keep running", key="dlg_cancel", flags=CL)
        p.node(2, "button", "Take out of service", key="dlg_ok", flags=CL)
    footer(p)
    return p


def saved_ticket(tk, f, at):
    n = dict(tk)
    changes = []
    if f["assignee"] != tk["assignee"]:
        n["assignee"] = f["assignee"]
        changes.append("assigned to " + f["assignee"])
    if f["priority"] != tk["priority"]:
        n["priority"] = f["priority"]
        changes.append("priority %s → %s" % (tk["priority"], f["priority"]))
    if f["sched"]:
        n["sched"] = long_date(f["sched"])
        changes.append("scheduled for " + f["sched"])
    if f["oos"]:
        n["loom_status"] = "Down – out of service"
        changes.append("loom %s taken out of service" % tk["loom"])
    n["status"] = "Scheduled" if f["sched"] else ("Assigned" if n["assignee"] != "Unassigned" else tk["status"])
    n["activity"] = [("17 Oct %s" % at, "%s: %s" % (USER, "; ".join(changes)))] + tk["activity"]
    if f["note"]:
        n["notes"] = tk["notes"] + [("17 Oct %s" % at, USER, f["note"])]
    return n


def pg_loom14(t):
    p = Page("/looms/L-14", "Loom L-14", t)
    header(p, "Looms", ["Home", "Looms"], "L-14")
    p.node(2, "heading", "Loom L-14")
    details(p, 2, "Loom details", [("Model", "Dornier P2 rapier, 190 cm"), ("Hall", "Weave shed B, bay 3"),
                                   ("Status", "Running – degraded"),
                                   ("Current order", ("link", "WO-8812 · SO-4453 · Harlow Bouclé 220 · 46 m left", "wo")),
                                   ("Efficiency (last 24 h)", "71%"), ("Stops today", "14")])
    p.node(2, "button", "Report a fault", flags=CL)
    p.node(2, "heading", "Open tickets")
    table(p, 2, "Open tickets for L-14", ["Ticket", "Title", "Status", "Priority", "Assigned to"],
          [[("link", "MT-2291", "lt:MT-2291"), "Warp let-off brake slipping", "New", "Normal", "Unassigned"],
           [("link", "MT-2292", "lt:MT-2292"), "Weft cutter blunt", "In progress", "Normal", "Jonas Ekdahl"]])
    p.node(2, "heading", "Stops today")
    p.node(2, "list", "")
    for s in ["10:02 warp tension fault (let-off)", "09:41 warp tension fault (let-off)", "09:15 weft break",
              "08:57 warp tension fault (let-off)"]:
        p.node(3, "listitem", s)
    footer(p)
    return p


def pg_denied(t, tk):
    p = Page("/maintenance/%s/edit" % tk["id"], "Access denied", t)
    header(p, "Maintenance", ["Home", "Loom maintenance", tk["id"]], "Edit")
    p.node(2, "heading", "You don’t have access to this page")
    p.text(2, "Error 403")
    p.text(2, "Editing maintenance tickets for Weave shed B needs the Maintenance planner role. "
              "Your role: %s." % ROLE)
    p.text(2, "Ask Dale Ormerod (maintenance supervisor) to change your role, or request access.")
    p.node(2, "link", "Back to ticket %s" % tk["id"], key="back", flags=CL)
    p.node(2, "button", "Request access", flags=CL)
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, workflow, task, start, minute):
        self.rid, self.workflow, self.task = rid, workflow, task
        self.rng = random.Random("%d:%s" % (SEED, rid))
        self.minute = minute + self.rng.randint(0, 25)
        self.pages = [start(self.t())]
        self.steps = []
        self.fault = None
        self.fstep = None

    def t(self):
        return hm(self.minute)

    def tick(self):
        self.minute += self.rng.choice([0, 1, 1])
        return self.t()

    @property
    def cur(self):
        return self.pages[-1]

    def fault_here(self, kind):
        self.fault, self.fstep = kind, len(self.steps)

    def fault_at(self, idx, kind):
        self.fault, self.fstep = kind, idx

    def _tgt(self, key):
        bid, role, name = self.cur.keys[key]
        return bid, "%s %s" % (role, q(name))

    def _step(self, command, why, target, effect, commitment, page, error=None):
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": why, "target": target, "effect": effect},
                           "observation": page.obs(error)})
        self.pages.append(page)

    def click(self, key, page, why, cm, effect="read"):
        bid, tgt = self._tgt(key)
        self._step("click(%s)" % q(bid), why, tgt, effect, cm, page)

    def fill(self, key, value, page, why, cm, effect="write"):
        bid, tgt = self._tgt(key)
        self._step("fill(%s, %s)" % (q(bid), q(value)), why, tgt, effect, cm, page)

    def select(self, key, option, page, why, cm, effect="write"):
        bid, tgt = self._tgt(key)
        self._step("select_option(%s, %s)" % (q(bid), q(option)), why, tgt, effect, cm, page)

    def press(self, key, combo, page, why, cm, effect="read"):
        bid, tgt = self._tgt(key)
        self._step("press(%s, %s)" % (q(bid), q(combo)), why, tgt, effect, cm, page)

    def scroll(self, dy, page, why, cm):
        self._step("scroll(0, %d)" % dy, why, None, "read", cm, page)

    def goto(self, url, page, why, cm):
        self._step("goto(%s)" % q(url), why, None, "read", cm, page)

    def say(self, msg, cm):
        self._step("send_msg_to_user(%s)" % q(msg), "Report the result to the user.", None, "read", cm, self.cur)

    def record(self, plan_path):
        healthy = self.fault is None
        return {"id": self.rid, "workflow": self.workflow, "task": self.task, "plan": plan_path,
                "label": {"fault": self.fault, "first_off_track_step": self.fstep},
                "initial_observation": self.pages[0].obs(), "steps": self.steps,
                "outcome": {"success": healthy}}


# ---------------------------------------------------------------------------
# Tasks and plans.
# The plans below were written from the task text and the healthy pages only, before any
# faulty run existed, and were not changed afterwards.
# ---------------------------------------------------------------------------

DYE_TASK = ("Raise a dye lot for sales order SO-4471 (Ashdown Upholstery Ltd), line 2 — Harlow Bouclé 220 in "
            "shade SH-4417 Moss Green: 320 kg on dye vat DV-3, planned dye date 24 Oct 2024, standard priority, "
            "and submit it for approval.")

MT_TASK = ("Loom L-14 keeps stopping. Update maintenance ticket MT-2291 (warp let-off brake slipping): assign it "
           "to Jonas Ekdahl, set priority High, schedule the repair for 18 Oct 2024, take loom L-14 out of "
           "service, and save the ticket.")

DYE_PLAN = """\
# Dye lot for SO-4471 line 2. Written by the planning team from the task and a clean run.
task: >-
{task}
plan_falsifiers:
  execution:
    - Sign in to Loomhouse Planner
    - Your session has expired. Please sign in again.
    - Something went wrong. Our team has been notified.
commitments:
  - id: find-order
    subgoal: Find sales order SO-4471 for Ashdown Upholstery Ltd and open it
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Dye lots list in Loomhouse Planner
      progress:
        - SO-4471 — Ashdown Upholstery Ltd is listed
      completion:
        - Sales order SO-4471 for Ashdown Upholstery Ltd is open
    falsify:
      execution:
        - Sales order SO-4417
        - Ashworth Furnishings
        - Sales order SO-4472
        - "No results for 'SO-4471'"
      planning:
        - Sales order SO-4471 is cancelled
        - Sales order SO-4471 is on credit hold
  - id: start-lot
    subgoal: Start a new dye lot from order line 2 (Harlow Bouclé 220, SH-4417 Moss Green)
    confidence: 0.7
    confirm:
      completion:
        - New dye lot — SO-4471 line 2, step 1 of 3
    falsify:
      execution:
        - New dye lot — SO-4471 line 1
        - New dye lot — SO-4471 line 3
      planning:
        - Line 2 already has a dye lot
  - id: check-shade
    subgoal: Check the shade is SH-4417 Moss Green and go on to quantity
    confirm:
      progress:
        - Shade SH-4417 Moss Green is selected
      completion:
        - "Step 2 of 3: Quantity & vat"
    falsify:
      execution:
        - Shade SH-4471 Moss Green Deep is selected
        - Shade SH-4414 Moss Grey is selected
  - id: quantity-vat
    subgoal: Enter 320 kg, choose dye vat DV-3, keep Standard priority
    confidence: 0.7
    confirm:
      progress:
        - Weight (kg) is 320
        - Dye vat DV-3 · 400 kg jet is selected
      completion:
        - "Step 3 of 3: Schedule"
    falsify:
      execution:
        - Rush priority is selected
        - Dye vat DV-8 is selected
        - Dye vat DV-2 is selected
        - Weight must be a number
      skill:
        - The dye vat list is empty
  - id: schedule
    subgoal: Set the planned dye date to 24 Oct 2024 and go to the review
    confirm:
      progress:
        - Planned dye date is 24 Oct 2024
      completion:
        - Review dye lot showing SO-4471 line 2, SH-4417 Moss Green, 320 kg, DV-3, Thu 24 Oct 2024, Standard
    falsify:
      execution:
        - Planned dye date must be a working day on or after today
        - Please correct the highlighted fields
      planning:
        - DV-3 has no free slots in the next two weeks
  - id: submit
    subgoal: Submit the dye lot for approval and confirm
    confidence: 0.6
    confirm:
      progress:
        - Submit dye lot for approval? dialog is open
      completion:
        - Dye lot submitted for approval, status Awaiting approval
    falsify:
      execution:
        - Draft saved
        - Could not submit the dye lot
        - {{text: Discard draft, on: action}}
      planning:
        - The dye lot needs a lab dip reference before it can be submitted
"""

MT_PLAN = """\
# Loom L-14 repair ticket. Written by the planning team from the task and a clean run.
task: >-
{task}
plan_falsifiers:
  execution:
    - Sign in to Loomhouse Planner
    - Your session has expired. Please sign in again.
    - Something went wrong. Our team has been notified.
commitments:
  - id: open-ticket
    subgoal: Open maintenance ticket MT-2291 (loom L-14, warp let-off brake slipping)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Loom maintenance board
      progress:
        - MT-2291 · L-14 · Warp let-off brake slipping is listed
      completion:
        - Ticket MT-2291 · Warp let-off brake slipping for loom L-14 is open
    falsify:
      execution:
        - Ticket MT-2219
        - Loom L-41
        - MT-2292 · Weft cutter blunt
        - No tickets match
      planning:
        - Ticket MT-2291 is closed
        - MT-2291 was merged into another ticket
  - id: edit-ticket
    subgoal: Open the edit form for MT-2291
    confirm:
      completion:
        - Edit ticket MT-2291 form with Assigned technician, Priority, Scheduled for and Take loom L-14 out of service
    falsify:
      execution:
        - Edit ticket MT-2292
      skill:
        - The Edit ticket button is disabled
  - id: set-fields
    subgoal: Assign Jonas Ekdahl, priority High, scheduled for 18 Oct 2024, tick Take loom L-14 out of service
    confidence: 0.7
    confirm:
      progress:
        - Assigned technician Jonas Ekdahl is selected
        - Priority High is selected
        - Scheduled for is 18 Oct 2024
      completion:
        - Take loom L-14 out of service is checked
    falsify:
      execution:
        - Jonas Eklund is selected
        - Priority Critical is selected
        - Scheduled for 18 Nov 2024
  - id: save
    subgoal: Save the ticket and confirm taking L-14 out of service
    confidence: 0.6
    confirm:
      progress:
        - Take loom L-14 out of service? confirmation dialog
      completion:
        - Ticket MT-2291 saved, assigned to Jonas Ekdahl, priority High, scheduled for Fri 18 Oct 2024, loom status Down – out of service
    falsify:
      execution:
        - Please correct the highlighted fields
        - Could not save the ticket
        - {{text: Delete ticket, on: action}}
      planning:
        - Loom L-14 cannot be taken out of service while a beam change is in progress
"""


def plan_text(tmpl, task):
    body = textwrap.fill(task, width=96, initial_indent="  ", subsequent_indent="  ",
                         break_long_words=False, break_on_hyphens=False)
    return tmpl.format(task=body)


DYE_PLAN_PATH = "plans/dyelot.yaml"
MT_PLAN_PATH = "plans/maintenance.yaml"


# ---------------------------------------------------------------------------
# Dye lot workflow: shared path fragments
# ---------------------------------------------------------------------------

def dye_run(rid, start=None):
    return Run(rid, "dyelot", DYE_TASK, start or (lambda t: pg_dyelots(t)), 9 * 60 + 5)


def find_by_search(r, pick="SO-4471", enter=True):
    r.fill("search", "SO-4471", pg_dyelots(r.tick(), search="SO-4471", suggest=True, focus="search"),
           "Search for the sales order number from the task.", "find-order")
    r.press("search", "Enter", pg_search_so(r.tick()), "Run the search to see all matches.", "find-order")
    why = "Open the sales order for Ashdown Upholstery Ltd." if pick == "SO-4471" else \
        "This looks like the order from the task; open it."
    r.click("res:" + pick, pg_order(r.tick(), pick), why, "find-order")


def start_lot(r, st):
    r.click("create:%d" % st["line"], pg_wizard(r.tick(), st, 1),
            "Line %d is the Harlow Bouclé in Moss Green; start a dye lot from it." % st["line"], "start-lot")
    r.click("next", pg_wizard(r.tick(), st, 2),
            "The shade is pre-filled as %s; move on to quantity and vat." % st["shade"], "check-shade")


def fill_weight(r, st, value="320", why=None):
    st = dict(st, weight=value)
    r.fill("weight", value, pg_wizard(r.tick(), st, 2, focus="weight"),
           why or "Enter the yarn weight, 320 kg.", "quantity-vat")
    return st


def pick_vat(r, st, vat=DV3, why=None):
    st = dict(st, vat=vat)
    r.select("vat", vat, pg_wizard(r.tick(), st, 2, focus="vat"), why or "Choose dye vat DV-3.", "quantity-vat")
    return st


def to_schedule(r, st):
    r.click("next", pg_wizard(r.tick(), st, 3), "Weight and vat are set and priority is Standard; continue.",
            "quantity-vat")


def fill_date(r, st, value="24 Oct 2024"):
    st = dict(st, date=value)
    r.fill("date", value, pg_wizard(r.tick(), st, 3, focus="date"), "Set the planned dye date.", "schedule")
    return st


def to_review(r, st):
    r.click("next", pg_wizard(r.tick(), st, 4),
            "Optional lab dip and notes are not needed; go to the review.", "schedule")


def submit(r, st, lot="DL-24-1183", extra=()):
    r.click("submit", pg_wizard(r.tick(), st, 4, dialog=True),
            "The summary matches the task; submit for approval.", "submit")
    at = r.tick()
    r.click("dlg_submit", pg_lot(at, st, lot, at, extra), "Confirm the submission.", "submit", "irreversible")


# ---------------------------------------------------------------------------
# Dye lot workflow: healthy runs
# ---------------------------------------------------------------------------

def dye_healthy_search():
    r = dye_run("dyelot-healthy-01")
    st = wizard_state()
    find_by_search(r)
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    submit(r, st)
    r.say("Dye lot DL-24-1183 for SO-4471 line 2 (SH-4417 Moss Green, 320 kg, DV-3, 24 Oct 2024) "
          "is submitted and awaiting approval.", "submit")
    return r


def dye_healthy_list_pages():
    r = dye_run("dyelot-healthy-02")
    st = wizard_state()
    r.click("nav:Sales orders", pg_orders(r.tick()), "Find the order in the sales order list.", "find-order")
    r.click("page:next", pg_orders(r.tick(), page=2),
            "The list is newest first and starts at SO-4490; SO-4471 will be on the next page.", "find-order")
    r.click("order:SO-4471", pg_order(r.tick(), "SO-4471"), "Open SO-4471 (Ashdown Upholstery Ltd).", "find-order")
    r.scroll(400, pg_order(r.tick(), "SO-4471"), "Scroll down to the order lines.", "start-lot")
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    submit(r, st)
    r.say("Submitted dye lot DL-24-1183 (SO-4471 line 2, 320 kg on DV-3, 24 Oct 2024) for approval.", "submit")
    return r


LAB_TOAST = "Colour lab: 3 lab dips approved overnight."


def dye_healthy_sort_toast():
    r = dye_run("dyelot-healthy-03", start=lambda t: pg_dyelots(t, toast=LAB_TOAST))
    st = wizard_state()
    r.click("toast_close", pg_dyelots(r.tick()), "Dismiss the lab notification; it is not needed.", "find-order")
    r.click("nav:Sales orders", pg_orders(r.tick()), "Open the sales order list.", "find-order")
    r.click("sort:Customer", pg_orders(r.tick(), sort="customer"),
            "Sort by customer so Ashdown Upholstery's orders come first.", "find-order")
    r.click("order:SO-4471", pg_order(r.tick(), "SO-4471"),
            "Two Ashdown orders are listed; SO-4471 is the one in the task.", "find-order")
    start_lot(r, st)
    st = pick_vat(r, st, why="Pick the vat first: DV-3, the 400 kg jet.")
    st = fill_weight(r, st, why="Now the weight: 320 kg, as on order line 2.")
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    submit(r, st)
    r.say("Done: DL-24-1183 submitted for approval for SO-4471 line 2 — SH-4417 Moss Green, 320 kg, vat DV-3, "
          "planned 24 Oct 2024, standard priority.", "submit")
    return r


def dye_healthy_recent_draft():
    r = dye_run("dyelot-healthy-04")
    st = wizard_state()
    r.click("recent:SO-4471", pg_order(r.tick(), "SO-4471"), "SO-4471 is in Recently viewed; open it.",
            "find-order")
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    saved = r.tick()
    st = dict(st, draft="DR-0917", draft_saved="%s %s" % (TODAY, saved))
    r.click("save_draft", pg_wizard(saved, st, 2, status="Draft DR-0917 saved at %s." % saved),
            "Save a draft before scheduling so nothing is lost.", "quantity-vat", "write")
    r.goto(r.cur.url, pg_wizard(r.tick(), st, 2),
           "Reload the draft to make sure the weight and vat were kept.", "quantity-vat")
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    submit(r, st)
    r.say("Dye lot DL-24-1183 (from draft DR-0917) is submitted for approval: SO-4471 line 2, 320 kg, DV-3, "
          "24 Oct 2024.", "submit")
    return r


# ---------------------------------------------------------------------------
# Maintenance workflow: shared path fragments
# ---------------------------------------------------------------------------

def mt_run(rid, start=None):
    return Run(rid, "maintenance", MT_TASK, start or (lambda t: pg_board(t)), 10 * 60 + 12)


MT_FULL = dict(assignee="Jonas Ekdahl", priority="High", sched="18 Oct 2024", oos=True)


def edit_field(r, tk, f, name, value):
    f = dict(f, **{name: value})
    page = pg_edit(r.tick(), tk, f, focus=name)
    if name == "assignee":
        r.select("assignee", value, page, "Assign the technician from the task, Jonas Ekdahl.", "set-fields")
    elif name == "priority":
        r.select("priority", value, page, "Raise the priority to High.", "set-fields")
    elif name == "sched":
        r.fill("sched", value, page, "Schedule the repair for 18 Oct 2024.", "set-fields")
    elif name == "oos":
        r.click("oos", page, "Tick the box to take the loom out of service.", "set-fields", "write")
    return f


def edit_fields(r, tk, f, order):
    for name in order:
        f = edit_field(r, tk, f, name, MT_FULL[name])
    return f


def save_and_confirm(r, tk, f, stale=False):
    r.click("save", pg_edit(r.tick(), tk, f, dialog=True), "All fields are set; save the ticket.", "save", "write")
    at = r.tick()
    shown = tk if stale else saved_ticket(tk, f, at)
    msg = "Ticket %s saved." % tk["id"]
    if f["oos"] and not stale:
        msg += " Loom %s is now out of service." % tk["loom"]
    r.click("dlg_ok", pg_ticket(at, shown, status=msg), "Confirm taking the loom out of service.", "save",
            "irreversible")


DONE_MSG = ("MT-2291 is saved: assigned to Jonas Ekdahl, priority High, scheduled for 18 Oct 2024, and loom L-14 "
            "is out of service.")


# ---------------------------------------------------------------------------
# Maintenance workflow: healthy runs
# ---------------------------------------------------------------------------

def mt_healthy_card():
    r = mt_run("maintenance-healthy-01")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.click("card:MT-2291", pg_ticket(r.tick(), tk), "MT-2291 is in the New column; open it.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "sched", "oos"])
    save_and_confirm(r, tk, f)
    r.say(DONE_MSG, "save")
    return r


def mt_healthy_search():
    r = mt_run("maintenance-healthy-02")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.fill("search", "MT-2291", pg_board(r.tick(), search="MT-2291", suggest=True, focus="search"),
           "Search for the ticket number.", "open-ticket")
    r.click("search_go", pg_search_mt(r.tick()), "Run the search.", "open-ticket")
    r.click("res:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291, the let-off brake ticket on L-14.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Edit the ticket.", "edit-ticket")
    f = edit_fields(r, tk, f, ["oos", "sched", "priority", "assignee"])
    save_and_confirm(r, tk, f)
    r.say(DONE_MSG, "save")
    return r


HANDOVER_TOAST = "Shift B handover notes published by Dale Ormerod."


def mt_healthy_filters():
    r = mt_run("maintenance-healthy-03", start=lambda t: pg_board(t, toast=HANDOVER_TOAST))
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.click("toast_close", pg_board(r.tick()), "Dismiss the handover notification.", "open-ticket")
    r.click("filters", pg_board(r.tick(), panel=True), "Filter the board down to loom L-14.", "open-ticket")
    r.select("f_loom", "L-14", pg_board(r.tick(), panel=True, panel_loom="L-14", focus="f_loom"),
             "Choose loom L-14.", "open-ticket", "read")
    r.click("apply", pg_board(r.tick(), filt="L-14"), "Apply the filter.", "open-ticket")
    r.click("card:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291; MT-2292 is the other L-14 ticket.",
            "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "sched", "oos"])
    save_and_confirm(r, tk, f)
    r.say(DONE_MSG, "save")
    return r


def mt_healthy_list():
    r = mt_run("maintenance-healthy-04")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.click("view:list", pg_mt_list(r.tick()), "Switch to the list view to find the ticket.", "open-ticket")
    r.click("page:next", pg_mt_list(r.tick(), page=2),
            "Normal-priority tickets continue on page 2; MT-2291 is not on page 1.", "open-ticket")
    r.click("row:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["priority", "assignee", "sched", "oos"])
    save_and_confirm(r, tk, f)
    r.say(DONE_MSG, "save")
    return r


# ---------------------------------------------------------------------------
# Faulty runs (written after the plans above were fixed)
# ---------------------------------------------------------------------------

def dye_wrong_record():
    r = dye_run("dyelot-wrong_record-05")
    st = wizard_state("SO-4417", 2)
    r.fill("search", "SO-4471", pg_dyelots(r.tick(), search="SO-4471", suggest=True, focus="search"),
           "Search for the sales order number from the task.", "find-order")
    r.press("search", "Enter", pg_search_so(r.tick()), "Run the search.", "find-order")
    r.fault_here("wrong_record")
    r.click("res:SO-4417", pg_order(r.tick(), "SO-4417"),
            "Open the order with line 2 in Moss Green.", "find-order")
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    submit(r, st)
    r.say("Dye lot DL-24-1183 is submitted for approval: line 2, SH-4417 Moss Green, 320 kg, DV-3, 24 Oct 2024.",
          "submit")
    return r


def dye_wrong_value():
    r = dye_run("dyelot-wrong_value-06")
    st = wizard_state()
    r.click("nav:Sales orders", pg_orders(r.tick()), "Find the order in the sales order list.", "find-order")
    r.click("page:next", pg_orders(r.tick(), page=2), "SO-4471 should be on page 2.", "find-order")
    r.click("order:SO-4471", pg_order(r.tick(), "SO-4471"), "Open SO-4471.", "find-order")
    start_lot(r, st)
    r.fault_here("wrong_value")
    st = fill_weight(r, st, "230", why="Enter the yarn weight from the task.")
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    submit(r, st)
    r.say("Submitted dye lot DL-24-1183 for SO-4471 line 2 on DV-3, planned 24 Oct 2024.", "submit")
    return r


def dye_error_banner():
    r = dye_run("dyelot-error_banner-07")
    st = wizard_state()
    find_by_search(r)
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    st = dict(st, slots_override="Free slots on DV-3: Mon 21 Oct 0 · Tue 22 Oct 2 · Wed 23 Oct 1 · "
                                 "Thu 24 Oct 1 · Fri 25 Oct 2")
    to_schedule(r, st)
    st = fill_date(r, st)
    r.fault_here("error_banner")
    st_full = dict(st, slots_override="Free slots on DV-3: Mon 21 Oct 0 · Tue 22 Oct 2 · Wed 23 Oct 1 · "
                                      "Thu 24 Oct 0 · Fri 25 Oct 2")
    r.click("next", pg_wizard(r.tick(), st_full, 3,
                              banner="Dye vat DV-3 has no free slot on Thu 24 Oct 2024. "
                                     "Choose another date or another vat."),
            "Optional fields are not needed; go to the review.", "schedule")
    r.click("back", pg_wizard(r.tick(), st_full, 2), "Go back and pick a vat with room.", "quantity-vat")
    st = dict(st, vat=DV8, slots_override=None)
    r.select("vat", DV8, pg_wizard(r.tick(), st, 2, focus="vat"), "DV-8 has capacity for 320 kg.",
             "quantity-vat")
    r.click("next", pg_wizard(r.tick(), st, 3), "Continue to the schedule step.", "quantity-vat")
    to_review(r, st)
    submit(r, st)
    r.say("Dye lot DL-24-1183 for SO-4471 line 2 (320 kg, 24 Oct 2024) is submitted for approval.", "submit")
    return r


def dye_dialog_cancelled():
    r = dye_run("dyelot-dialog_cancelled-08")
    st = wizard_state()
    r.click("recent:SO-4471", pg_order(r.tick(), "SO-4471"), "Open SO-4471 from Recently viewed.", "find-order")
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    r.click("submit", pg_wizard(r.tick(), st, 4, dialog=True),
            "The summary matches the task; submit for approval.", "submit")
    r.fault_here("dialog_cancelled")
    r.click("dlg_cancel", pg_wizard(r.tick(), st, 4), "Confirm the submission in the dialog.", "submit")
    r.say("Dye lot for SO-4471 line 2 has been submitted for approval (320 kg, DV-3, 24 Oct 2024).", "submit")
    return r


def dye_premature_done():
    r = dye_run("dyelot-premature_done-09")
    st = wizard_state()
    r.click("nav:Sales orders", pg_orders(r.tick()), "Open the sales order list.", "find-order")
    r.click("sort:Customer", pg_orders(r.tick(), sort="customer"), "Sort by customer to find Ashdown.",
            "find-order")
    r.click("order:SO-4471", pg_order(r.tick(), "SO-4471"), "Open SO-4471.", "find-order")
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    r.fault_here("premature_done")
    r.say("The dye lot for SO-4471 line 2 is set up and submitted: SH-4417 Moss Green, 320 kg on DV-3, "
          "24 Oct 2024, standard priority.", "submit")
    return r


def dye_double_submit():
    r = dye_run("dyelot-double_submit-10")
    st = wizard_state()
    find_by_search(r)
    start_lot(r, st)
    st = fill_weight(r, st)
    st = pick_vat(r, st)
    to_schedule(r, st)
    st = fill_date(r, st)
    to_review(r, st)
    r.click("submit", pg_wizard(r.tick(), st, 4, dialog=True),
            "The summary matches the task; submit for approval.", "submit")
    first = r.tick()
    r.click("dlg_submit", pg_wizard(first, st, 4, busy=True), "Confirm the submission.", "submit", "irreversible")
    r.fault_here("double_submit")
    r.click("submit", pg_wizard(r.tick(), st, 4, dialog=True),
            "Still on the review page; the submission does not seem to have gone through. Submit again.",
            "submit")
    at = r.tick()
    r.click("dlg_submit",
            pg_lot(at, st, "DL-24-1184", at,
                   ["DL-24-1183 · line 2 · SH-4417 Moss Green · 320 kg · Awaiting approval"]),
            "Confirm the submission.", "submit", "irreversible")
    r.say("Dye lot DL-24-1184 for SO-4471 line 2 is submitted for approval.", "submit")
    return r


def mt_stale_filter():
    r = mt_run("maintenance-stale_filter-05", start=lambda t: pg_board(t, filt="shedA"))
    tk = TICKET_DETAIL["MT-2219"]
    f = blank_form(tk)
    r.fault_at(0, "stale_filter")
    r.click("card:MT-2219", pg_ticket(r.tick(), tk), "Open the warp let-off ticket in the New column.",
            "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "sched", "oos"])
    save_and_confirm(r, tk, f)
    r.say("The let-off ticket is saved: assigned to Jonas Ekdahl, priority High, scheduled for 18 Oct 2024, "
          "and the loom is out of service.", "save")
    return r


def mt_permission_denied():
    r = mt_run("maintenance-permission_denied-06")
    tk = TICKET_DETAIL["MT-2291"]
    r.click("card:MT-2291", pg_ticket(r.tick(), tk), "MT-2291 is in the New column; open it.", "open-ticket")
    r.fault_here("permission_denied")
    r.click("edit", pg_denied(r.tick(), tk), "Open the editor.", "edit-ticket")
    r.click("back", pg_ticket(r.tick(), tk), "Go back to the ticket.", "edit-ticket")
    r.click("add_note", pg_ticket(r.tick(), tk, note_form=True), "Record the changes as a work note instead.",
            "set-fields")
    note = ("Please assign to Jonas Ekdahl, priority High, schedule for 18 Oct 2024 and take L-14 out of service.")
    r.fill("note_box", note, pg_ticket(r.tick(), tk, note_form=True, note_value=note, focus="note_box"),
           "Write the requested changes into the note.", "set-fields")
    at = r.tick()
    tk2 = dict(tk, notes=tk["notes"] + [("17 Oct " + at, USER, note)],
               activity=[("17 Oct " + at, "%s added a work note" % USER)] + tk["activity"])
    r.click("post_note", pg_ticket(at, tk2, status="Work note added to MT-2291."), "Post the note.", "save",
            "irreversible")
    r.say("MT-2291 is updated for Jonas Ekdahl, priority High, 18 Oct 2024, with L-14 out of service.", "save")
    return r


def mt_required_skipped():
    r = mt_run("maintenance-required_field_skipped-07")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.fill("search", "MT-2291", pg_board(r.tick(), search="MT-2291", suggest=True, focus="search"),
           "Search for the ticket number.", "open-ticket")
    r.press("search", "Enter", pg_search_mt(r.tick()), "Run the search.", "open-ticket")
    r.click("res:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Edit the ticket.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "oos"])
    r.fault_here("required_field_skipped")
    save_and_confirm(r, tk, f)
    r.say(DONE_MSG, "save")
    return r


def mt_unsaved_navigation():
    r = mt_run("maintenance-unsaved_navigation-08")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.click("card:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291 from the New column.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "sched", "oos"])
    r.fault_here("unsaved_navigation")
    r.click("loomlink", pg_loom14(r.tick()),
            "Check which order is running on L-14 before it goes out of service.", "save")
    r.say(DONE_MSG, "save")
    return r


def mt_silent_noop():
    r = mt_run("maintenance-silent_noop-09")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.click("filters", pg_board(r.tick(), panel=True), "Filter the board to loom L-14.", "open-ticket")
    r.select("f_loom", "L-14", pg_board(r.tick(), panel=True, panel_loom="L-14", focus="f_loom"),
             "Choose loom L-14.", "open-ticket", "read")
    r.click("apply", pg_board(r.tick(), filt="L-14"), "Apply the filter.", "open-ticket")
    r.click("card:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "sched", "oos"])
    r.fault_here("silent_noop")
    r.click("save", pg_edit(r.t(), tk, f, focus="save"), "All fields are set; save the ticket.", "save", "write")
    r.click("crumb:MT-2291", pg_ticket(r.tick(), tk), "Saved; go back to the ticket page.", "save")
    r.say(DONE_MSG, "save")
    return r


def mt_stale_page():
    r = mt_run("maintenance-stale_page-10")
    tk = TICKET_DETAIL["MT-2291"]
    f = blank_form(tk)
    r.click("view:list", pg_mt_list(r.tick()), "Use the list view.", "open-ticket")
    r.click("page:next", pg_mt_list(r.tick(), page=2), "MT-2291 is not on page 1; go to page 2.", "open-ticket")
    r.click("row:MT-2291", pg_ticket(r.tick(), tk), "Open MT-2291.", "open-ticket")
    r.click("edit", pg_edit(r.tick(), tk, f), "Open the editor.", "edit-ticket")
    f = edit_fields(r, tk, f, ["assignee", "priority", "sched", "oos"])
    r.click("save", pg_edit(r.tick(), tk, f, dialog=True), "All fields are set; save the ticket.", "save", "write")
    r.fault_here("stale_page")
    at = r.tick()
    r.click("dlg_ok", pg_ticket(at, tk, status="Ticket MT-2291 saved."), "Confirm taking the loom out of service.",
            "save", "irreversible")
    r.say(DONE_MSG, "save")
    return r


# ---------------------------------------------------------------------------
# README
# ---------------------------------------------------------------------------

FAULT_NOTES = {
    "wrong_record": "opened near-miss SO-4417 (Ashworth Furnishings) from the search results and raised the lot there",
    "wrong_value": "typed 230 kg instead of 320 kg; later pages show 230 kg",
    "error_banner": "step 3 returned 'Dye vat DV-3 has no free slot on Thu 24 Oct 2024'; agent switched to DV-8",
    "dialog_cancelled": "clicked Cancel in the 'Submit dye lot for approval?' dialog, then reported success",
    "premature_done": "reported the lot as submitted from the review page without submitting",
    "double_submit": "first submit left the review page showing 'Submitting dye lot…'; agent submitted again (DL-24-1184)",
    "stale_filter": "board opened with a leftover 'Hall: Weave shed A' filter hiding MT-2291; agent edited near-miss MT-2219 (L-41)",
    "permission_denied": "Edit ticket led to an Error 403 page; agent posted a work note instead",
    "required_field_skipped": "saved without the 'Scheduled for' date (the ticket saves as Assigned, not scheduled)",
    "unsaved_navigation": "left the filled edit form via the L-14 loom link without saving; no warning shown",
    "silent_noop": "'Save ticket' did nothing (same form, no dialog); agent went back to the unchanged ticket",
    "stale_page": "after saving, the ticket page said 'saved' but still showed the old field values",
}


def readme(runs):
    rows = []
    for r in runs:
        lab = r["label"]
        rows.append("| `%s` | %s | %s | %s | %s |" % (
            r["id"], r["workflow"], lab["fault"] or "healthy",
            "—" if lab["first_off_track_step"] is None else lab["first_off_track_step"],
            r["_note"]))
    table_md = "\n".join(rows)
    return README_TMPL.format(table=table_md, n=len(runs),
                              healthy=sum(1 for r in runs if r["label"]["fault"] is None),
                              faulty=sum(1 for r in runs if r["label"]["fault"] is not None),
                              dye_task=DYE_TASK, mt_task=MT_TASK, seed=SEED, version=VERSION)


README_TMPL = """\
# Loomhouse Planner — held-out web-agent corpus

A made-up application written as a held-out test corpus for a web-agent run checker, in the
formats of `/work/shared/FORMATS.md`. Everything here is generated by `make_corpus.py`
(Python standard library only, fixed seed `{seed}`); do not edit the generated files by hand.

## The application

**Loomhouse Planner** {version} is the production planning tool of **Calder Vale Weaving Co.**
(Ridgeway Mill). The signed-in user is **Maren Oduya**, production planner (`m.oduya`);
"today" is **Thursday 17 October 2024**. Base URL `http://127.0.0.1:8000`.

Every page has the same furniture: a banner with the product name and site, the main navigation
(Dashboard, Dye lots, Sales orders, Maintenance, Looms, Reports), a global search combobox with
an autocomplete suggestion list, a notifications button and a user menu, breadcrumbs, a polite
live region for toasts, and a footer with the version and the server time.

Page types (observations are BrowserGym-style flattened accessibility trees):

| Page type | Pages |
|---|---|
| List / board | Dye lots table (`/dyelots`, sortable, paginated, Recently viewed panel); Sales orders table (`/orders`, sort by order no. or customer, 4 pages); Loom maintenance kanban board (`/maintenance`, five columns) and its list view (`/maintenance/list`, sorted by priority, 2 pages) |
| Search | Global search results (`/search?q=…`) grouped by record type, exact match first, near misses after |
| Record detail | Sales order (`/orders/SO-…`, order lines table, related orders and lots); Dye lot (`/dyelots/DL-…`); Maintenance ticket (`/maintenance/MT-…`, work notes, activity, other tickets for the loom); Loom (`/looms/L-14`) |
| Multi-step form | New dye lot wizard (`/dyelots/new?…&step=1..4`: article & shade, quantity & vat, schedule, review; Save draft); Edit ticket form (`/maintenance/MT-…/edit`) |
| Confirmation dialogs | "Submit dye lot for approval?" (Cancel / Submit); "Take loom L-14 out of service?" (Keep running / Take out of service) |
| Filter panel | Board "Filters" panel (hall, loom, priority, assigned to me) with active-filter chips |

Also rendered: an Error 403 "You don't have access to this page" page.

Near misses built into the data: SO-4471 (target, Ashdown Upholstery Ltd) vs SO-4417 (Ashworth
Furnishings, also Harlow Bouclé in SH-4417 Moss Green on line 2) vs SO-4472 (the same customer's
other order); shades SH-4417 Moss Green / SH-4414 Moss Grey / SH-4471 Moss Green Deep; dye lot
DL-24-1142 (line 1 of the target order); tickets MT-2291 (target, L-14 warp let-off brake
slipping) vs MT-2219 (L-41 warp let-off sensor fault) vs MT-2292 (L-14's other ticket);
technicians Jonas Ekdahl vs Jonas Eklund; looms L-14 / L-41 / L-04.

## Workflows

Each workflow has one task, shared by all its runs (so that the single plan per workflow
applies to every run); runs differ in path, ordering, incidental page state and faults.

* `dyelot` — plan `plans/dyelot.yaml`. Task: {dye_task}
* `maintenance` — plan `plans/maintenance.yaml`. Task: {mt_task}

The plans were written from the task and the healthy pages only, before any faulty run, and
were not tuned afterwards. They follow FORMATS.md literally, including the flow-mapping
evidence item `{{text: ..., on: action}}` with an unquoted `on` key (a YAML 1.1 loader such as
PyYAML reads that key as boolean `True`).

## Runs

{n} runs: {healthy} healthy, {faulty} faulty. `fault step` is `label.first_off_track_step` (index into
`steps`). Healthy runs end with `outcome.success = true`, faulty ones with `false`.

| run id | workflow | label | fault step | what happens |
|---|---|---|---|---|
{table}

Conventions: `action.effect` is `read` for navigation, search, board filters and opening dialogs,
`write` for edits to record forms, Save draft and Save ticket, `irreversible` for the confirming dialog button and for
posting a work note. Actions without an element (`send_msg_to_user`, `goto`, `scroll`) have
`target: null`. Every step names the plan commitment the agent was pursuing in `commitment`.
Fault steps follow the FORMATS.md labelling rule: agent-caused faults are labelled at the
agent's first off-track action; environment faults (error banner, stale filter, denied page,
silent no-op, stale page) at the first observation that shows them; the stale filter is already
visible on the start page and is labelled 0.

## Regenerate and check

```
cd /work/main/data/heldout/loomhouse
python3 make_corpus.py    # writes corpus.jsonl, plans/*.yaml, README.md
python3 selftest.py       # format checks against FORMATS.md
```
"""

HEALTHY_NOTES = {
    "dyelot-healthy-01": "search → order → wizard → submit",
    "dyelot-healthy-02": "Sales orders list, pagination to page 2, scroll to lines",
    "dyelot-healthy-03": "dismisses a toast, re-sorts the order list by customer, sets vat before weight",
    "dyelot-healthy-04": "Recently viewed link; Save draft and reload of the draft before scheduling",
    "maintenance-healthy-01": "board card → edit → save → confirm",
    "maintenance-healthy-02": "global search; fields set in a different order",
    "maintenance-healthy-03": "dismisses a toast; filter panel set to loom L-14",
    "maintenance-healthy-04": "list view, pagination to page 2",
}


def main():
    builders = [dye_healthy_search, dye_healthy_list_pages, dye_healthy_sort_toast, dye_healthy_recent_draft,
                dye_wrong_record, dye_wrong_value, dye_error_banner, dye_dialog_cancelled, dye_premature_done,
                dye_double_submit,
                mt_healthy_card, mt_healthy_search, mt_healthy_filters, mt_healthy_list,
                mt_stale_filter, mt_permission_denied, mt_required_skipped, mt_unsaved_navigation, mt_silent_noop,
                mt_stale_page]
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, DYE_PLAN_PATH), "w", encoding="utf-8") as fh:
        fh.write(plan_text(DYE_PLAN, DYE_TASK))
    with open(os.path.join(HERE, MT_PLAN_PATH), "w", encoding="utf-8") as fh:
        fh.write(plan_text(MT_PLAN, MT_TASK))
    runs = []
    for b in builders:
        r = b()
        rec = r.record(DYE_PLAN_PATH if r.workflow == "dyelot" else MT_PLAN_PATH)
        runs.append(rec)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for rec in runs:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    for rec in runs:
        rec["_note"] = HEALTHY_NOTES.get(rec["id"]) or FAULT_NOTES[rec["label"]["fault"]]
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as fh:
        fh.write(readme(runs))
    print("wrote %d runs to corpus.jsonl, 2 plans, README.md" % len(runs))


if __name__ == "__main__":
    main()
