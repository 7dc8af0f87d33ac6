#!/usr/bin/env python3
"""Generate the freightdesk held-out corpus (Quaybook booking desk).

Python 3 standard library only; output is byte-for-byte reproducible.

    python3 make_corpus.py            # writes corpus.jsonl and plans/freightdesk.yaml here
    python3 make_corpus.py --out DIR  # writes the same files under DIR
"""
import argparse
import json
import os
import random
import sys
import zlib

sys.dont_write_bytecode = True  # keep the folder free of __pycache__
from plan_text import PLAN_YAML, TASK

SEED = 20250306
WORKFLOW = "freightdesk"
PLAN_PATH = "plans/freightdesk.yaml"
BASE = "http://127.0.0.1:8000/quaybook"
PRODUCT = "Quaybook"

# --------------------------------------------------------------------------- data

SHIPMENTS = {
    "FWD-24817": dict(consignee="Lindqvist Home Goods AB", shipper="Yuhang Textile Export Co.",
                      origin="Shanghai (CNSHA)", dest="Rotterdam (NLRTM)", ready="10 Mar 2025",
                      commodity="Upholstered furniture, flat-packed", weight="11,420 kg",
                      volume="64.5 m³", packages="212 cartons", incoterm="FOB Shanghai",
                      po="PO LHG-25-0311",
                      note="Consignee asks for high-cube equipment. Previous booking FWD-24786 was "
                           "cancelled after the carrier rolled the sailing.",
                      docs=[("Commercial invoice", "CI-LHG-0311", "03 Mar 2025", "Verified"),
                            ("Packing list", "PL-LHG-0311", "03 Mar 2025", "Verified"),
                            ("Certificate of origin", "—", "—", "Missing · overdue since 05 Mar 2025")],
                      related=["FWD-24871", "FWD-24786"]),
    "FWD-24871": dict(consignee="Lindqvist Home Goods AB", shipper="Ningbo Brightleaf Homeware Ltd",
                      origin="Ningbo (CNNGB)", dest="Rotterdam (NLRTM)", ready="11 Mar 2025",
                      commodity="Ceramic tableware", weight="9,870 kg", volume="41.2 m³",
                      packages="640 cartons", incoterm="FOB Ningbo", po="PO LHG-25-0318",
                      note="Fragile. Consignee prefers a 40' Standard for this supplier.",
                      docs=[("Commercial invoice", "CI-LHG-0318", "04 Mar 2025", "Verified"),
                            ("Packing list", "PL-LHG-0318", "04 Mar 2025", "Pending review"),
                            ("Certificate of origin", "CO-NB-77120", "04 Mar 2025", "Verified")],
                      related=["FWD-24817", "FWD-24786"]),
    "FWD-24818": dict(consignee="Marlow Outdoor Ltd", shipper="Cixi Summit Gear Co.",
                      origin="Ningbo (CNNGB)", dest="Felixstowe (GBFXT)", ready="12 Mar 2025",
                      commodity="Folding camping furniture", weight="7,300 kg", volume="58.0 m³",
                      packages="390 cartons", incoterm="FCA Ningbo", po="PO MO-7731",
                      note="Deliver to Marlow DC Daventry; booking window 48 h.",
                      docs=[("Commercial invoice", "CI-MO-7731", "05 Mar 2025", "Verified"),
                            ("Packing list", "PL-MO-7731", "05 Mar 2025", "Verified"),
                            ("Certificate of origin", "—", "—", "Not required")],
                      related=[]),
}

ROWS = {  # ref: (consignee, route, cargo ready, mode, status, owner)
    "FWD-24874": ("Pemberton Kitchens Ltd", "Shenzhen (CNSZX) → Southampton (GBSOU)", "19 Mar 2025", "FCL", "Draft", "J. Okafor"),
    "FWD-24871": ("Lindqvist Home Goods AB", "Ningbo (CNNGB) → Rotterdam (NLRTM)", "11 Mar 2025", "FCL", "Awaiting booking", "P. Ramanathan"),
    "FWD-24866": ("Hallberg Bikes BV", "Yantian (CNYTN) → Rotterdam (NLRTM)", "18 Mar 2025", "FCL", "Booked", "J. Okafor"),
    "FWD-24859": ("Norrsken Audio AB", "Kaohsiung (TWKHH) → Gothenburg (SEGOT)", "17 Mar 2025", "LCL", "Awaiting booking", "M. de Wit"),
    "FWD-24851": ("Tessaro Ceramiche SpA", "Xiamen (CNXMN) → Genoa (ITGOA)", "16 Mar 2025", "FCL", "Docs overdue", "M. de Wit"),
    "FWD-24844": ("Brightwell Lighting GmbH", "Shanghai (CNSHA) → Hamburg (DEHAM)", "15 Mar 2025", "FCL", "Booking failed", "J. Okafor"),
    "FWD-24838": ("Veldhoven Tools BV", "Qingdao (CNTAO) → Rotterdam (NLRTM)", "09 Mar 2025", "FCL", "In transit", "M. de Wit"),
    "FWD-24831": ("Kaspar Feinmechanik GmbH", "Busan (KRPUS) → Hamburg (DEHAM)", "08 Mar 2025", "FCL", "Cancelled", "J. Okafor"),
    "FWD-24823": ("Hallberg Bikes BV", "Yantian (CNYTN) → Rotterdam (NLRTM)", "14 Mar 2025", "FCL", "Awaiting booking", "P. Ramanathan"),
    "FWD-24818": ("Marlow Outdoor Ltd", "Ningbo (CNNGB) → Felixstowe (GBFXT)", "12 Mar 2025", "FCL", "Awaiting booking", "P. Ramanathan"),
    "FWD-24817": ("Lindqvist Home Goods AB", "Shanghai (CNSHA) → Rotterdam (NLRTM)", "10 Mar 2025", "FCL", "Awaiting booking", "P. Ramanathan"),
    "FWD-24812": ("Orchard & Vine Ltd", "Qingdao (CNTAO) → Antwerp (BEANR)", "13 Mar 2025", "FCL", "Awaiting booking", "M. de Wit"),
    "FWD-24809": ("Orchard & Vine Ltd", "Qingdao (CNTAO) → Antwerp (BEANR)", "08 Mar 2025", "FCL", "Booked", "P. Ramanathan"),
    "FWD-24807": ("Lindgren Hardware AB", "Shanghai (CNSHA) → Gothenburg (SEGOT)", "12 Mar 2025", "FCL", "Awaiting booking", "M. de Wit"),
    "FWD-24802": ("Tessaro Ceramiche SpA", "Xiamen (CNXMN) → Genoa (ITGOA)", "04 Mar 2025", "LCL", "Docs overdue", "P. Ramanathan"),
    "FWD-24798": ("Pemberton Kitchens Ltd", "Shenzhen (CNSZX) → Southampton (GBSOU)", "04 Mar 2025", "FCL", "Customs hold", "J. Okafor"),
    "FWD-24795": ("Norrsken Audio AB", "Kaohsiung (TWKHH) → Gothenburg (SEGOT)", "15 Mar 2025", "LCL", "Awaiting booking", "M. de Wit"),
    "FWD-24790": ("Brightwell Lighting GmbH", "Shanghai (CNSHA) → Hamburg (DEHAM)", "03 Mar 2025", "FCL", "Booking failed", "P. Ramanathan"),
    "FWD-24786": ("Lindqvist Home Goods AB", "Shanghai (CNSHA) → Gothenburg (SEGOT)", "28 Feb 2025", "FCL", "Cancelled", "P. Ramanathan"),
    "FWD-24781": ("Kaspar Feinmechanik GmbH", "Busan (KRPUS) → Hamburg (DEHAM)", "26 Feb 2025", "FCL", "In transit", "P. Ramanathan"),
    "FWD-24778": ("Orchard & Vine Ltd", "Shanghai (CNSHA) → Felixstowe (GBFXT)", "25 Feb 2025", "FCL", "Customs hold", "P. Ramanathan"),
}

MY_DESK_P1 = ["FWD-24823", "FWD-24818", "FWD-24871", "FWD-24817", "FWD-24809",
              "FWD-24802", "FWD-24790", "FWD-24786", "FWD-24781", "FWD-24778"]
ALL_P1 = ["FWD-24874", "FWD-24871", "FWD-24866", "FWD-24859", "FWD-24851",
          "FWD-24844", "FWD-24838", "FWD-24831", "FWD-24823", "FWD-24818"]
ALL_P2 = ["FWD-24817", "FWD-24812", "FWD-24809", "FWD-24807", "FWD-24802",
          "FWD-24798", "FWD-24795", "FWD-24790", "FWD-24786", "FWD-24781"]
ALL_BY_STATUS_P1 = ["FWD-24871", "FWD-24859", "FWD-24823", "FWD-24818", "FWD-24817",
                    "FWD-24812", "FWD-24807", "FWD-24795", "FWD-24866", "FWD-24809"]
NINGBO_ROWS = ["FWD-24871", "FWD-24818", "FWD-24752", "FWD-24731"]
ROWS["FWD-24752"] = ("Hallberg Bikes BV", "Ningbo (CNNGB) → Rotterdam (NLRTM)", "21 Feb 2025", "FCL", "Delivered", "P. Ramanathan")
ROWS["FWD-24731"] = ("Orchard & Vine Ltd", "Ningbo (CNNGB) → Antwerp (BEANR)", "14 Feb 2025", "LCL", "Delivered", "M. de Wit")

CONSIGNEES = ["Brightwell Lighting GmbH", "Hallberg Bikes BV", "Kaspar Feinmechanik GmbH",
              "Lindgren Hardware AB", "Lindqvist Home Goods AB", "Marlow Outdoor Ltd",
              "Norrsken Audio AB", "Orchard & Vine Ltd", "Pemberton Kitchens Ltd",
              "Tessaro Ceramiche SpA", "Veldhoven Tools BV"]

# (vessel, voyage, carrier, etd, eta, routing, base 40HC rate or None when cancelled)
SAILINGS = {
    ("CNSHA", "NLRTM"): [
        ("MV Baltic Aurelia", "118W", "Kestrel Lines", "13 Mar 2025", "18 Apr 2025", "via Singapore", 3180),
        ("MV Nordic Aurelia", "118E", "Nordvik Line", "14 Mar 2025", "16 Apr 2025", "direct", 2940),
        ("MV Kestrel Bay", "044E", "Kestrel Lines", "14 Mar 2025", None, None, None),
        ("MV Nordic Aurora", "211E", "Nordvik Line", "15 Mar 2025", "17 Apr 2025", "direct", 2890),
        ("MV Santa Oriel", "907W", "Oriel Maritime", "18 Mar 2025", "23 Apr 2025", "via Colombo", 2610),
    ],
    ("CNNGB", "NLRTM"): [
        ("MV Baltic Aurelia", "118W", "Kestrel Lines", "11 Mar 2025", "18 Apr 2025", "via Singapore", 3120),
        ("MV Nordic Aurelia", "118E", "Nordvik Line", "12 Mar 2025", "16 Apr 2025", "direct", 2870),
        ("MV Nordic Aurora", "211E", "Nordvik Line", "13 Mar 2025", "17 Apr 2025", "direct", 2820),
    ],
    ("CNNGB", "GBFXT"): [
        ("MV Nordic Aurelia", "118E", "Nordvik Line", "12 Mar 2025", "19 Apr 2025", "via Rotterdam", 3010),
        ("MV Nordic Aurora", "211E", "Nordvik Line", "13 Mar 2025", "20 Apr 2025", "via Rotterdam", 2960),
        ("MV Santa Oriel", "907W", "Oriel Maritime", "16 Mar 2025", "24 Apr 2025", "via Colombo", 2700),
    ],
}

CONTAINERS = [("20GP", "20' Standard"), ("40GP", "40' Standard"), ("40HC", "40' High Cube"),
              ("45HC", "45' High Cube"), ("40RH", "40' Reefer High Cube")]
RATE_FACTOR = {"20GP": 0.58, "40GP": 0.93, "40HC": 1.0, "45HC": 1.17, "40RH": 2.05}


def code(port):
    return port.split("(")[1].rstrip(")")


def ctype(code_):
    return dict(CONTAINERS)[code_]


def ctype_label(code_):
    return "%s (%s)" % (ctype(code_), code_)


def money(n):
    return "USD {:,}".format(int(round(n / 10.0)) * 10)


def sailing_name(s):
    vessel, voy, carrier, etd, eta, routing, rate = s
    if rate is None:
        return "%s · Voy %s · %s · ETD %s · Cancelled by carrier" % (vessel, voy, carrier, etd)
    return "%s · Voy %s · %s · ETD %s · ETA %s · %s" % (vessel, voy, carrier, etd, eta, routing)


def sailings_for(ref):
    s = SHIPMENTS[ref]
    return SAILINGS[(code(s["origin"]), code(s["dest"]))]


def find_sailing(ref, vessel):
    for s in sailings_for(ref):
        if s[0] == vessel and s[6] is not None:
            return s
    raise KeyError(vessel)


# --------------------------------------------------------------------------- page model

class Page:
    """A flattened accessibility tree in BrowserGym's text style."""

    def __init__(self, url, title):
        self.url, self.title = url, title
        self.lines = []
        self.index = []  # (bid, role, name)
        self.cur = 11

    def el(self, depth, role, name="", *props):
        self.cur += 1 + zlib.crc32(("%s|%s" % (role, name)).encode("utf-8")) % 3
        bid = str(self.cur)
        line = "[%s] %s %r" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append("\t" * depth + line)
        self.index.append((bid, role, name))
        return bid

    def txt(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %r" % s)

    def text(self):
        return "RootWebArea %r, focused\n" % self.title + "\n".join(self.lines)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text(), "error": error}


def val(v):
    return "value=%r" % v


COUNTERS = dict(awaiting=11, overdue=3, exceptions=2, cutoffs=4)


def chrome(p, counters=None, banner=None, nav="Shipments"):
    c = dict(COUNTERS)
    c.update(counters or {})
    p.el(1, "banner", "")
    p.el(2, "link", "Quaybook · forwarding desk home")
    p.el(2, "searchbox", "Search shipments, containers, B/L numbers")
    p.el(2, "button", "Notifications (4 unread)")
    p.el(2, "button", "Help centre")
    p.el(2, "button", "Account: Priya Ramanathan · Asia–Europe desk", "hasPopup='menu'", "expanded=False")
    p.el(1, "navigation", "Primary")
    for item in ["Dashboard", "Shipments", "Bookings", "Sailing schedules", "Documents",
                 "Customers", "Rates", "Reports"]:
        if item == nav:
            p.el(2, "link", item, "current='page'")
        else:
            p.el(2, "link", item)
    if banner:
        p.el(1, "region", "Announcement")
        p.txt(2, banner)
        p.el(2, "button", "Dismiss announcement")
    p.el(1, "region", "Desk summary", "live='polite'")
    p.txt(2, "Awaiting booking %d" % c["awaiting"])
    p.txt(2, "Docs overdue %d" % c["overdue"])
    p.txt(2, "Exceptions %d" % c["exceptions"])
    p.txt(2, "Cut-offs in next 48 h: %d" % c["cutoffs"])


def footer(p, clock):
    p.el(1, "contentinfo", "")
    p.txt(2, "Quaybook 5.12.3 · Rotterdam tenant")
    p.el(2, "link", "System status")
    p.el(2, "link", "Privacy notice")
    p.txt(2, "Schedules synced %s CET" % clock)


def toast_region(p, toast):
    if toast:
        p.el(1, "status", "", "live='polite'")
        p.txt(2, toast)
        p.el(2, "button", "Dismiss notification")


# --------------------------------------------------------------------------- list page

def list_page(rows, clock, view="my-desk", q="", consignee=None, origin=None, page=1,
              sort=None, total=None, counters=None, banner=None, toast=None, empty=None):
    params = ["view=%s" % view]
    if q:
        params.append("q=%s" % q)
    if consignee:
        params.append("consignee=%s" % consignee.lower().replace(" ", "-"))
    if origin:
        params.append("origin=%s" % code(origin))
    if sort:
        params.append("sort=%s" % sort)
    if page > 1:
        params.append("page=%d" % page)
    p = Page("%s/shipments?%s" % (BASE, "&".join(params)), "Shipments · %s" % PRODUCT)
    chrome(p, counters, banner)
    p.el(1, "main", "")
    p.el(2, "navigation", "Breadcrumb")
    p.el(3, "link", "Home")
    p.txt(3, "Shipments")
    p.el(2, "heading", "Shipments")
    p.el(2, "button", "New shipment")
    p.el(2, "tablist", "Saved views")
    for label, key in [("My desk", "my-desk"), ("All shipments", "all"),
                       ("Awaiting booking", "awaiting"), ("Exceptions", "exceptions")]:
        p.el(3, "tab", label, "selected=%s" % (key == view))
    p.el(2, "textbox", "Search shipments", val(q)) if q else p.el(2, "textbox", "Search shipments")
    p.el(2, "combobox", "Status", val("All statuses"), "hasPopup='menu'", "expanded=False")
    cons_val = consignee or "All consignees"
    p.el(2, "combobox", "Consignee", val(cons_val), "hasPopup='menu'", "expanded=False")
    for cname in ["All consignees"] + CONSIGNEES:
        if cname == cons_val:
            p.el(3, "option", cname, "selected=True")
        else:
            p.el(3, "option", cname, "selected=False")
    p.el(2, "combobox", "Origin port", val(origin or "Any origin"), "hasPopup='menu'", "expanded=False")
    chips = []
    if consignee:
        chips.append("Consignee: %s" % consignee)
    if origin:
        chips.append("Origin port: %s" % origin)
    for chip in chips:
        p.txt(2, chip)
        p.el(2, "button", "Remove filter %s" % chip)
    if chips:
        p.el(2, "button", "Clear all filters")
    if sort == "status":
        p.txt(2, "Sorted by status, Awaiting booking first")
    if empty:
        p.txt(2, empty)
        p.txt(2, "Check the reference or clear filters.")
    else:
        n = len(rows)
        tot = total if total is not None else n
        if q:
            p.txt(2, "%d shipment%s match%s '%s'" % (n, "" if n == 1 else "s", "es" if n == 1 else "", q))
        first = (page - 1) * 10 + 1
        p.txt(2, "Showing %d–%d of %d shipment%s" % (first, first + n - 1, tot, "" if tot == 1 else "s"))
        p.el(2, "table", "Shipments")
        p.el(3, "row", "")
        for col, sortable in [("Reference", True), ("Consignee", True), ("Route", False),
                              ("Cargo ready", True), ("Mode", False), ("Status", True), ("Owner", False)]:
            p.el(4, "columnheader", col)
            if sortable:
                p.el(5, "button", "Sort by %s" % col.lower())
        for ref in rows:
            cons, route, ready, mode, status, owner = ROWS[ref]
            p.el(3, "row", "")
            p.el(4, "gridcell", ref)
            p.el(5, "link", ref)
            for v in (cons, route, ready, mode, status, owner):
                p.el(4, "gridcell", v)
        pages = max(1, (tot + 9) // 10)
        p.el(2, "navigation", "Pagination")
        if page == 1:
            p.el(3, "button", "Previous page", "disabled=True")
        else:
            p.el(3, "button", "Previous page")
        for k in sorted(set([1, 2, 3, pages])):
            if k > pages:
                continue
            if k == page:
                p.el(3, "button", "Page %d" % k, "pressed=True")
            else:
                p.el(3, "button", "Page %d" % k)
        if page >= pages:
            p.el(3, "button", "Next page", "disabled=True")
        else:
            p.el(3, "button", "Next page")
        p.el(2, "combobox", "Rows per page", val("10"), "hasPopup='menu'", "expanded=False")
    footer(p, clock)
    toast_region(p, toast)
    return p


# --------------------------------------------------------------------------- detail page

def new_state(ref, **kw):
    st = dict(ref=ref, tab="overview", booking=None, dialog=None, confirm=None, toast=None,
              banner=None, bl="not_requested", counters=None, alert=None)
    st.update(kw)
    return st


def upd(st, **kw):
    s = dict(st)
    s.update(kw)
    return s


def dialog_state(ref, **kw):
    d = dict(sailing=None, container="20GP", qty=1, earliest="", direct=False)
    d.update(kw)
    return d


def detail_page(st, clock):
    ref = st["ref"]
    s = SHIPMENTS[ref]
    bk = st["booking"]
    url = "%s/shipments/%s" % (BASE, ref)
    if st["tab"] != "overview":
        url += "?tab=%s" % st["tab"]
    p = Page(url, "Shipment %s · %s" % (ref, PRODUCT))
    chrome(p, st["counters"], st["banner"])
    p.el(1, "main", "")
    p.el(2, "navigation", "Breadcrumb")
    p.el(3, "link", "Home")
    p.el(3, "link", "Shipments")
    p.txt(3, ref)
    p.el(2, "heading", "Shipment %s" % ref)
    p.txt(2, "Booked" if bk else "Awaiting booking")
    p.txt(2, "%s · %s" % (s["consignee"], s["po"]))
    p.txt(2, "Route: %s → %s" % (s["origin"], s["dest"]))
    if bk:
        p.el(2, "button", "Amend booking")
        p.el(2, "button", "Cancel booking")
    else:
        p.el(2, "button", "Book carrier")
    p.el(2, "button", "Edit shipment")
    p.el(2, "button", "More actions", "hasPopup='menu'", "expanded=False")
    n_cont = bk["qty"] if bk else 0
    tabs = [("overview", "Overview"), ("containers", "Containers (%d)" % n_cont),
            ("documents", "Documents (4)"), ("activity", "Activity (9)")]
    p.el(2, "tablist", "Shipment sections")
    for key, label in tabs:
        p.el(3, "tab", label, "selected=%s" % (key == st["tab"]))
    label = dict(tabs)[st["tab"]]
    p.el(2, "tabpanel", label)
    if st["tab"] == "overview":
        p.el(3, "group", "Parties")
        p.txt(4, "Shipper: %s" % s["shipper"])
        p.txt(4, "Consignee: %s" % s["consignee"])
        p.txt(4, "Notify party: %s" % s["consignee"])
        p.el(3, "group", "Routing")
        p.txt(4, "Origin: %s" % s["origin"])
        p.txt(4, "Destination: %s" % s["dest"])
        p.txt(4, "Incoterm: %s" % s["incoterm"])
        p.txt(4, "Cargo ready: %s" % s["ready"])
        p.el(3, "group", "Cargo")
        p.txt(4, "Commodity: %s" % s["commodity"])
        p.txt(4, "Gross weight: %s" % s["weight"])
        p.txt(4, "Volume: %s" % s["volume"])
        p.txt(4, "Packages: %s" % s["packages"])
        p.el(3, "group", "Carrier booking")
        if bk:
            p.txt(4, "Carrier: %s" % bk["carrier"])
            p.txt(4, "Booking number: %s" % bk["number"])
            p.txt(4, "Vessel / voyage: %s %s" % (bk["vessel"], bk["voy"]))
            p.txt(4, "ETD %s: %s" % (s["origin"], bk["etd"]))
            p.txt(4, "ETA %s: %s" % (s["dest"], bk["eta"]))
            p.txt(4, "Equipment: %d × %s" % (bk["qty"], ctype_label(bk["container"])))
        else:
            p.txt(4, "No carrier booking yet.")
        p.el(3, "group", "Customer notes")
        p.txt(4, s["note"])
    elif st["tab"] == "containers":
        if bk:
            p.el(3, "table", "Containers")
            p.el(4, "row", "")
            for col in ["Unit", "Type", "Container no.", "Seal", "VGM", "Status"]:
                p.el(5, "columnheader", col)
            for k in range(bk["qty"]):
                p.el(4, "row", "")
                for v in ["Unit %d" % (k + 1), ctype_label(bk["container"]), "Pending", "—",
                          "Not submitted", "Empty release requested"]:
                    p.el(5, "gridcell", v)
        else:
            p.txt(3, "No containers booked yet.")
            p.txt(3, "Containers are added when a carrier booking is confirmed.")
        p.el(3, "button", "Submit VGM", "disabled=True")
    elif st["tab"] == "documents":
        p.el(3, "table", "Shipment documents")
        p.el(4, "row", "")
        for col in ["Document", "Reference", "Uploaded", "Status", "Actions"]:
            p.el(5, "columnheader", col)
        for name, dref, up, status in s["docs"]:
            p.el(4, "row", "")
            for v in (name, dref, up, status):
                p.el(5, "gridcell", v)
            p.el(5, "gridcell", "")
            if up != "—":
                p.el(6, "button", "Preview %s" % name)
            else:
                p.el(6, "button", "Upload %s" % name.lower())
        p.el(4, "row", "")
        if st["bl"] == "requested":
            for v in ("Bill of lading draft", bk["number"] if bk else "—", "—",
                      "Requested · awaiting carrier"):
                p.el(5, "gridcell", v)
            p.el(5, "gridcell", "Requested at %s" % st["bl_at"])
        else:
            for v in ("Bill of lading draft", "—", "—", "Not requested"):
                p.el(5, "gridcell", v)
            p.el(5, "gridcell", "")
        if bk and st["bl"] != "requested":
            p.el(3, "button", "Request B/L draft")
        else:
            p.el(3, "button", "Request B/L draft", "disabled=True")
            if not bk:
                p.txt(3, "Available once a carrier booking is confirmed.")
        p.el(3, "button", "Upload document")
        p.el(3, "button", "Download all (ZIP)")
    p.el(2, "complementary", "Related shipments")
    if s["related"]:
        for r in s["related"]:
            cons, route, ready, mode, status, owner = ROWS[r]
            p.el(3, "link", "%s · %s · %s" % (r, route, status))
    else:
        p.txt(3, "No related shipments.")
    p.el(2, "complementary", "Desk activity")
    p.el(3, "list", "")
    for item in ["08:55 · VGM submission failed for FWD-24802",
                 "08:31 · Certificate of origin overdue for FWD-24817",
                 "Yesterday · FWD-24809 booked on MV Nordic Aurora 211E",
                 "Yesterday · FWD-24790 booking failed: carrier rejected (overweight)",
                 "04 Mar · FWD-24786 cancelled by consignee"]:
        p.el(4, "listitem", "")
        p.txt(5, item)
    p.el(3, "link", "View all activity")
    footer(p, clock)
    toast_region(p, st["toast"])
    if st["dialog"] is not None:
        dialog(p, ref, st["dialog"])
    if st["confirm"] is not None:
        c = st["confirm"]
        p.el(1, "alertdialog", "Send booking to %s?" % c["carrier"], "modal=True")
        p.txt(2, "This sends a booking request for %d × %s on %s %s (ETD %s). Cancelling after "
                 "confirmation may incur a carrier fee." % (c["qty"], ctype(c["container"]),
                                                            c["vessel"], c["voy"], c["etd"]))
        p.el(2, "button", "Go back")
        p.el(2, "button", "Send booking")
    if st["alert"] is not None:
        a = st["alert"]
        p.el(1, "alertdialog", a["title"], "modal=True")
        for line in a["lines"]:
            p.txt(2, line)
        p.el(2, "button", "OK")
    return p


def dialog(p, ref, d):
    s = SHIPMENTS[ref]
    p.el(1, "dialog", "Book carrier for %s" % ref, "modal=True")
    p.el(2, "heading", "Book carrier for %s" % ref)
    p.txt(2, "%s → %s · cargo ready %s · %s / %s" % (s["origin"], s["dest"], s["ready"],
                                                        s["volume"], s["weight"]))
    if d["earliest"]:
        p.el(2, "textbox", "Earliest departure", val(d["earliest"]))
    else:
        p.el(2, "textbox", "Earliest departure", "placeholder='dd Mmm yyyy'")
    p.el(2, "checkbox", "Direct sailings only", "checked=%r" % ("true" if d["direct"] else "false"))
    p.el(2, "radiogroup", "Sailing")
    hidden = 0
    for sl in sailings_for(ref):
        if d["earliest"] and int(sl[3].split()[0]) < int(d["earliest"].split()[0]):
            hidden += 1
            continue
        name = sailing_name(sl)
        if sl[6] is None:
            p.el(3, "radio", name, "checked='false'", "disabled=True")
        else:
            p.el(3, "radio", name, "checked=%r" % ("true" if d["sailing"] == sl[0] else "false"))
    if hidden:
        p.txt(2, "%d sailings hidden by the earliest-departure filter" % hidden)
    p.el(2, "combobox", "Container type", val(ctype_label(d["container"])), "hasPopup='menu'", "expanded=False")
    for c, _ in CONTAINERS:
        p.el(3, "option", ctype_label(c), "selected=%s" % (c == d["container"]))
    p.el(2, "spinbutton", "Quantity", val(str(d["qty"])))
    p.el(2, "textbox", "Note to carrier (optional)")
    if d["sailing"]:
        sl = find_sailing(ref, d["sailing"])
        p.txt(2, "Estimated ocean freight: %s (%d × %s)" % (
            money(sl[6] * RATE_FACTOR[d["container"]] * d["qty"]), d["qty"], d["container"]))
    else:
        p.txt(2, "Estimated ocean freight: —")
    p.txt(2, "Rates are indicative until the carrier confirms.")
    p.el(2, "button", "Cancel")
    if d["sailing"]:
        p.el(2, "button", "Confirm booking")
    else:
        p.el(2, "button", "Confirm booking", "disabled=True")


def booking_from(ref, d, number):
    sl = find_sailing(ref, d["sailing"])
    return dict(vessel=sl[0], voy=sl[1], carrier=sl[2], etd=sl[3], eta=sl[4],
                container=d["container"], qty=d["qty"], number=number)


def booked_toast(ref, bk):
    return "Booking confirmed: %s on %s %s (ETD %s), %d × %s. Carrier ref %s." % (
        ref, bk["vessel"], bk["voy"], bk["etd"], bk["qty"], ctype(bk["container"]), bk["number"])


def bl_toast(bk):
    return "Bill of lading draft requested from %s for booking %s." % (bk["carrier"], bk["number"])


# --------------------------------------------------------------------------- other pages

def signin_page(next_path, clock):
    p = Page("%s/signin?next=%s" % (BASE, next_path.replace("/", "%2F")), "Sign in · %s" % PRODUCT)
    p.el(1, "banner", "")
    p.el(2, "link", "Quaybook · forwarding desk home")
    p.el(1, "main", "")
    p.el(2, "heading", "Sign in to Quaybook")
    p.txt(2, "Your session has ended. Sign in again to continue.")
    p.el(2, "textbox", "Work email", "required")
    p.el(2, "textbox", "Password", "required")
    p.el(2, "checkbox", "Keep me signed in on this device", "checked='false'")
    p.el(2, "button", "Sign in")
    p.el(2, "link", "Use company single sign-on")
    p.el(2, "link", "Forgot password?")
    footer(p, clock)
    return p


def error_page(ref, clock, code_, heading, lines):
    p = Page("%s/shipments/%s/documents/bl-draft/request" % (BASE, ref),
             "Error %s · %s" % (code_, PRODUCT))
    chrome(p, {"awaiting": 10})
    p.el(1, "main", "")
    p.el(2, "heading", heading)
    for line in lines:
        p.txt(2, line)
    p.el(2, "link", "Back to shipment %s" % ref)
    p.el(2, "button", "Try again")
    p.el(2, "link", "Contact desk support")
    footer(p, clock)
    return p


# --------------------------------------------------------------------------- runs

def act(page, role, name, kind="click", value=None, exact=True):
    hits = [(b, r, n) for (b, r, n) in page.index
            if r == role and (n == name if exact else n.startswith(name))]
    if not hits:
        raise LookupError("no %s %r on %s" % (role, name, page.url))
    b, r, n = hits[0]
    if kind == "click":
        cmd = "click(%r)" % b
    elif kind == "fill":
        cmd = "fill(%r, %r)" % (b, value)
    elif kind == "select":
        cmd = "select_option(%r, %r)" % (b, value)
    elif kind == "press":
        cmd = "press(%r, %r)" % (b, value)
    else:
        raise ValueError(kind)
    return {"command": cmd, "target": "%s %r" % (r, n)}


class Clock:
    def __init__(self, rng):
        self.m = 9 * 60 + 20 + rng.randrange(0, 25)

    def tick(self):
        self.m += 1
        return self.now()

    def now(self):
        return "%02d:%02d" % (self.m // 60, self.m % 60)


class Run:
    def __init__(self, rid, fault, off, first, rng, clock, note):
        self.rid, self.fault, self.off, self.note = rid, fault, off, note
        self.rng, self.clock = rng, clock
        self.first = first
        self.page = first
        self.steps = []

    def do(self, commitment, role, name, nxt, effect, reasoning, kind="click", value=None,
           exact=True, error=None):
        a = act(self.page, role, name, kind, value, exact)
        a["reasoning"] = reasoning
        a["effect"] = effect
        self.steps.append({"commitment": commitment, "action": a, "observation": nxt.obs(error)})
        self.page = nxt

    def stay(self, commitment, role, name, effect, reasoning, error, kind="click", exact=True):
        """An action that fails in the browser; the page does not change."""
        self.do(commitment, role, name, self.page, effect, reasoning, kind=kind, exact=exact, error=error)

    def say(self, msg, reasoning, commitment="report"):
        self.steps.append({"commitment": commitment,
                           "action": {"command": "send_msg_to_user(%r)" % msg, "reasoning": reasoning,
                                      "target": "", "effect": "read"},
                           "observation": self.page.obs()})
        self.final = msg

    def record(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "notes": self.note,
            "initial_observation": self.first.obs(),
            "steps": self.steps,
            "outcome": {"success": success, "final_message": getattr(self, "final", None)},
        }


TARGET = "FWD-24817"
GOOD_SAILING = "MV Nordic Aurelia"
GOOD_SAILING_NAME = sailing_name(find_sailing(TARGET, GOOD_SAILING))


def booking_number(rng):
    return "NVL-77%05d" % rng.randrange(10000, 99999)


def new_run(rid, fault, off, note, first_fn, idx):
    rng = random.Random("%d-%s" % (SEED, rid))
    clock = Clock(rng)
    first = first_fn(clock)
    return Run(rid, fault, off, first, rng, clock, note)


def my_desk(clock, **kw):
    return list_page(MY_DESK_P1, clock.now(), total=37, **kw)


# ---- shared healthy segments ------------------------------------------------------

def search_and_open(r, ref=TARGET, query=TARGET, st_extra=None):
    r.do("open-shipment", "textbox", "Search shipments",
         list_page([ref] if query == ref else [x for x in MY_DESK_P1 if query.lower() in
                                               (x + ROWS[x][0]).lower()],
                   r.clock.tick(), q=query),
         "read", "Search the shipment list for the reference given in the task.",
         kind="fill", value=query)
    st = new_state(ref, **(st_extra or {}))
    r.do("open-shipment", "link", ref, detail_page(st, r.clock.tick()), "read",
         "Open %s from the search results." % ref)
    return st


def open_dialog(r, st, reasoning="Open the booking dialog for this shipment."):
    st = upd(st, dialog=dialog_state(st["ref"]), toast=None)
    r.do("book-carrier", "button", "Book carrier", detail_page(st, r.clock.tick()), "read", reasoning)
    return st


def pick_sailing(r, st, vessel=GOOD_SAILING, reasoning=None):
    sl = find_sailing(st["ref"], vessel)
    st = upd(st, dialog=upd(st["dialog"], sailing=vessel))
    r.do("book-carrier", "radio", sailing_name(sl), detail_page(st, r.clock.tick()), "write",
         reasoning or "Choose the %s voyage %s sailing departing %s." % (sl[0], sl[1], sl[3]))
    return st


def pick_container(r, st, c="40HC", reasoning=None):
    st = upd(st, dialog=upd(st["dialog"], container=c))
    r.do("book-carrier", "combobox", "Container type", detail_page(st, r.clock.tick()), "write",
         reasoning or "Set the container type to %s as the task asks." % ctype_label(c),
         kind="select", value=ctype_label(c))
    return st


def confirm_booking(r, st, reasoning="Confirm the booking with the carrier."):
    bk = booking_from(st["ref"], st["dialog"], booking_number(r.rng))
    st = upd(st, dialog=None, booking=bk, toast=booked_toast(st["ref"], bk),
             counters={"awaiting": COUNTERS["awaiting"] - 1})
    r.do("book-carrier", "button", "Confirm booking", detail_page(st, r.clock.tick()),
         "irreversible", reasoning)
    return st


def open_docs(r, st, reasoning="Go to the Documents tab to request the bill of lading draft."):
    st = upd(st, tab="documents", toast=None)
    r.do("request-bl-draft", "tab", "Documents (4)", detail_page(st, r.clock.tick()), "read", reasoning)
    return st


def request_bl(r, st, reasoning="Request the bill of lading draft from the carrier."):
    at = r.clock.tick()
    st = upd(st, bl="requested", bl_at=at, toast=bl_toast(st["booking"]))
    r.do("request-bl-draft", "button", "Request B/L draft", detail_page(st, at), "irreversible", reasoning)
    return st


def report_ok(r, st):
    bk = st["booking"]
    r.say("Done. %s is booked on %s voyage %s (ETD %s) with %d × %s, carrier booking %s, and the "
          "bill of lading draft has been requested from %s." % (
              st["ref"], bk["vessel"], bk["voy"], bk["etd"], bk["qty"], ctype(bk["container"]),
              bk["number"], bk["carrier"]),
          "The booking toast and the Documents tab both confirm the work; report back.")


def book_tail(r, st):
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    report_ok(r, st)
    return r.record(True)


# ---- healthy runs -----------------------------------------------------------------

def healthy_01():
    r = new_run("freightdesk-healthy-01", None, None,
                "Search by reference, book, request the B/L draft.", my_desk, 1)
    st = search_and_open(r)
    return book_tail(r, st)


def healthy_02():
    r = new_run("freightdesk-healthy-02", None, None,
                "Browse My desk and open the row directly; an ordinary schedule-sync toast is shown on arrival.",
                my_desk, 2)
    st = new_state(TARGET, toast="Sailing schedules refreshed: 3 sailings changed on other lanes.")
    r.do("open-shipment", "link", TARGET, detail_page(st, r.clock.tick()), "read",
         "FWD-24817 (Lindqvist Home Goods AB, Shanghai → Rotterdam) is on the first page; open it.")
    return book_tail(r, st)


def healthy_03():
    r = new_run("freightdesk-healthy-03", None, None,
                "Filter the list by the consignee named in the task; both Lindqvist shipments awaiting booking are listed.",
                my_desk, 3)
    rows = [x for x in MY_DESK_P1 if ROWS[x][0] == "Lindqvist Home Goods AB"]
    r.do("open-shipment", "combobox", "Consignee",
         list_page(rows, r.clock.tick(), consignee="Lindqvist Home Goods AB"), "read",
         "The task names the consignee; filter the list to Lindqvist Home Goods AB.",
         kind="select", value="Lindqvist Home Goods AB")
    st = new_state(TARGET)
    r.do("open-shipment", "link", TARGET, detail_page(st, r.clock.tick()), "read",
         "Open FWD-24817, the Shanghai → Rotterdam shipment (not FWD-24871 from Ningbo).")
    return book_tail(r, st)


def healthy_04():
    r = new_run("freightdesk-healthy-04", None, None,
                "Opens the booking dialog, cancels it to check the Containers tab, then reopens and books.",
                my_desk, 4)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = upd(st, dialog=None)
    r.do("book-carrier", "button", "Cancel", detail_page(st, r.clock.tick()), "read",
         "Before booking, close the dialog and check whether any containers are already attached.")
    st = upd(st, tab="containers")
    r.do("book-carrier", "tab", "Containers (0)", detail_page(st, r.clock.tick()), "read",
         "Look at the Containers tab.")
    st = open_dialog(r, st, "No containers yet, so nothing would be duplicated; reopen the booking dialog.")
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    report_ok(r, st)
    return r.record(True)


def all_p1(clock):
    return list_page(ALL_P1, clock.now(), view="all", total=214)


def healthy_05():
    r = new_run("freightdesk-healthy-05", None, None,
                "Starts on All shipments; FWD-24817 is on page 2 and the agent pages forward.", all_p1, 5)
    r.do("open-shipment", "button", "Next page",
         list_page(ALL_P2, r.clock.tick(), view="all", page=2, total=214), "read",
         "FWD-24817 is not on page 1 (only FWD-24871 and FWD-24818 are close); try the next page.")
    st = new_state(TARGET)
    r.do("open-shipment", "link", TARGET, detail_page(st, r.clock.tick()), "read",
         "FWD-24817 is on page 2; open it.")
    return book_tail(r, st)


def healthy_06():
    r = new_run("freightdesk-healthy-06", None, None,
                "Starts on All shipments and sorts by status so shipments awaiting booking come first.", all_p1, 6)
    r.do("open-shipment", "button", "Sort by status",
         list_page(ALL_BY_STATUS_P1, r.clock.tick(), view="all", sort="status", total=214), "read",
         "Sort by status to bring the shipments awaiting booking to the top.")
    st = new_state(TARGET)
    r.do("open-shipment", "link", TARGET, detail_page(st, r.clock.tick()), "read",
         "FWD-24817 is now visible; open it.")
    return book_tail(r, st)


def confirm_state(st):
    d = st["dialog"]
    sl = find_sailing(st["ref"], d["sailing"])
    return dict(carrier=sl[2], vessel=sl[0], voy=sl[1], etd=sl[3], container=d["container"], qty=d["qty"])


def healthy_07():
    r = new_run("freightdesk-healthy-07", None, None,
                "Confirm booking raises the product's own 'Send booking to carrier?' confirmation; the agent accepts it.",
                my_desk, 7)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = upd(st, confirm=confirm_state(st))
    r.do("book-carrier", "button", "Confirm booking", detail_page(st, r.clock.tick()), "irreversible",
         "Confirm the booking with the carrier.")
    bk = booking_from(st["ref"], st["dialog"], booking_number(r.rng))
    st = upd(st, confirm=None, dialog=None, booking=bk, toast=booked_toast(st["ref"], bk),
             counters={"awaiting": COUNTERS["awaiting"] - 1})
    r.do("book-carrier", "button", "Send booking", detail_page(st, r.clock.tick()), "irreversible",
         "The confirmation repeats the right sailing and container; send the booking.")
    st = open_docs(r, st)
    st = request_bl(r, st)
    report_ok(r, st)
    return r.record(True)


MAINT = "Scheduled maintenance: Quaybook is read-only on Sat 15 Mar, 02:00–03:00 CET."


def healthy_08():
    r = new_run("freightdesk-healthy-08", None, None,
                "Mistypes the reference, retypes it; maintenance banner on every page; checks Containers after booking.",
                lambda c: my_desk(c, banner=MAINT), 8)
    r.do("open-shipment", "textbox", "Search shipments",
         list_page([], r.clock.tick(), q="FWD-2817", banner=MAINT,
                   empty="No shipments match 'FWD-2817'."), "read",
         "Search for the shipment reference.", kind="fill", value="FWD-2817")
    r.do("open-shipment", "textbox", "Search shipments",
         list_page([TARGET], r.clock.tick(), q=TARGET, banner=MAINT), "read",
         "I dropped a digit; retype the reference as FWD-24817.", kind="fill", value=TARGET)
    st = new_state(TARGET, banner=MAINT)
    r.do("open-shipment", "link", TARGET, detail_page(st, r.clock.tick()), "read", "Open FWD-24817.")
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = upd(st, tab="containers", toast=None)
    r.do("book-carrier", "tab", "Containers (1)", detail_page(st, r.clock.tick()), "read",
         "Check that exactly one 40' High Cube unit was added.")
    st = open_docs(r, st)
    st = request_bl(r, st)
    report_ok(r, st)
    return r.record(True)


HEALTHY = [healthy_01, healthy_02, healthy_03, healthy_04, healthy_05, healthy_06, healthy_07, healthy_08]

# FAULTY-RUNS-BELOW

def disabled_error(page, role, name):
    b = act(page, role, name)["command"][7:-2]
    return ("TimeoutError: Locator.click: Timeout 500ms exceeded.\nCall log:\n"
            "  - waiting for get_by_test_id('%s')\n"
            "  - locator resolved to <button disabled type=\"button\">…</button>\n"
            "  - element is not enabled - waiting..." % b)


def faulty_wrong_record_01():
    # Agent-caused: a truncated search lists FWD-24818 above FWD-24817 and the agent opens it.
    r = new_run("freightdesk-wrong_record-01", "wrong_record", 1,
                "Searches a truncated reference and opens the adjacent-number near miss FWD-24818 "
                "(Marlow Outdoor Ltd, Ningbo → Felixstowe), then books and requests the B/L for it.",
                my_desk, 101)
    rows = [x for x in MY_DESK_P1 if x.startswith("FWD-2481")]
    r.do("open-shipment", "textbox", "Search shipments",
         list_page(rows, r.clock.tick(), q="FWD-2481"), "read",
         "Search by the start of the reference.", kind="fill", value="FWD-2481")
    st = new_state("FWD-24818")
    r.do("open-shipment", "link", "FWD-24818", detail_page(st, r.clock.tick()), "read",
         "The first result is the shipment awaiting booking; open it.")
    st = open_dialog(r, st)
    st = pick_sailing(r, st, reasoning="Pick MV Nordic Aurelia voyage 118E.")
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    r.say("Booked FWD-24817 on MV Nordic Aurelia 118E with 1 × 40' High Cube and requested the B/L draft.",
          "Booking and B/L request both confirmed.")
    return r.record(False)


def faulty_stale_filter_01():
    # Environment: a remembered Origin port = Ningbo filter hides FWD-24817 on the start page.
    def first(clock):
        return list_page(NINGBO_ROWS, clock.now(), origin="Ningbo (CNNGB)",
                         toast="Filters restored from your last session.")
    r = new_run("freightdesk-stale_filter-01", "stale_filter", 0,
                "The list opens with a stale 'Origin port: Ningbo (CNNGB)' filter that hides FWD-24817; "
                "the agent opens the same-consignee near miss FWD-24871 and books it.", first, 102)
    st = new_state("FWD-24871")
    r.do("open-shipment", "link", "FWD-24871", detail_page(st, r.clock.tick()), "read",
         "This is the Lindqvist Home Goods AB shipment to Rotterdam awaiting booking; open it.")
    st = open_dialog(r, st)
    st = pick_sailing(r, st, reasoning="MV Nordic Aurelia voyage 118E is offered; choose it.")
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    r.say("Booked the Lindqvist Home Goods shipment on MV Nordic Aurelia 118E with one 40' High Cube; "
          "B/L draft requested.", "All steps confirmed by toasts.")
    return r.record(False)


def faulty_wrong_value_01():
    # Agent-caused: chooses the Nordvik sailing one day later (MV Nordic Aurora, 15 Mar).
    r = new_run("freightdesk-wrong_value-01", "wrong_value", 3,
                "Picks MV Nordic Aurora 211E (ETD 15 Mar 2025), the same carrier's sailing a day after "
                "the requested MV Nordic Aurelia 118E.", my_desk, 103)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st, vessel="MV Nordic Aurora",
                      reasoning="Choose the Nordvik Line direct sailing to Rotterdam.")
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    report_ok(r, st)
    return r.record(False)


def faulty_wrong_value_02():
    # Agent-caused: 40' Standard instead of 40' High Cube.
    r = new_run("freightdesk-wrong_value-02", "wrong_value", 3,
                "Browses to the right shipment and sailing but selects 40' Standard (40GP) instead of "
                "40' High Cube (40HC).", my_desk, 104)
    st = new_state(TARGET)
    r.do("open-shipment", "link", TARGET, detail_page(st, r.clock.tick()), "read",
         "FWD-24817 is on the first page; open it.")
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st, c="40GP", reasoning="The task asks for a 40' container; select it.")
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    r.say("FWD-24817 is booked on MV Nordic Aurelia 118E (ETD 14 Mar 2025) with one 40' container and "
          "the B/L draft is requested.", "Everything is confirmed.")
    return r.record(False)


def faulty_unrequested_constraint_01():
    # Agent-caused: adds an earliest-departure filter the task never asked for, hiding the 14 Mar sailing.
    r = new_run("freightdesk-unrequested_constraint-01", "unrequested_constraint", 3,
                "Types an unrequested 'Earliest departure: 15 Mar 2025' into the dialog, which hides the "
                "14 Mar sailing; then books the nearest remaining Nordvik sailing.", my_desk, 105)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = upd(st, dialog=upd(st["dialog"], earliest="15 Mar 2025"))
    r.do("book-carrier", "textbox", "Earliest departure", detail_page(st, r.clock.tick()), "write",
         "Cargo is ready on 10 Mar but the certificate of origin is overdue; leave a buffer and only "
         "consider sailings from 15 Mar.", kind="fill", value="15 Mar 2025")
    st = pick_sailing(r, st, vessel="MV Nordic Aurora",
                      reasoning="The Nordvik Line direct sailing is the closest match left; choose it.")
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    st = request_bl(r, st)
    report_ok(r, st)
    return r.record(False)


def faulty_skipped_step_01():
    # Agent-caused: never sets the container type; the default 20' Standard is booked.
    r = new_run("freightdesk-skipped_step-01", "skipped_step", 4,
                "Chooses the right sailing and confirms without setting the container type, so the "
                "default 20' Standard (20GP) is booked.", my_desk, 106)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = confirm_booking(r, st, reasoning="Sailing chosen; confirm the booking.")
    st = open_docs(r, st)
    st = request_bl(r, st)
    r.say("Booked FWD-24817 on MV Nordic Aurelia 118E with one 40' High Cube container and requested "
          "the bill of lading draft.", "Booking and B/L request confirmed.")
    return r.record(False)


def faulty_silent_noop_01():
    # Environment: Confirm booking closes the dialog but nothing is booked and no toast appears.
    r = new_run("freightdesk-silent_noop-01", "silent_noop", 5,
                "Confirm booking closes the dialog without booking anything (status stays Awaiting "
                "booking, Containers (0), no toast); the agent carries on and reports success.", my_desk, 107)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = upd(st, dialog=None)
    r.do("book-carrier", "button", "Confirm booking", detail_page(st, r.clock.tick()), "irreversible",
         "Confirm the booking with the carrier.")
    st = upd(st, tab="documents")
    r.do("request-bl-draft", "tab", "Documents (4)", detail_page(st, r.clock.tick()), "read",
         "Dialog closed; go to Documents to request the B/L draft.")
    r.stay("request-bl-draft", "button", "Request B/L draft", "irreversible",
           "Request the bill of lading draft.", disabled_error(r.page, "button", "Request B/L draft"))
    r.say("FWD-24817 is booked on MV Nordic Aurelia 118E with one 40' High Cube and the B/L draft has "
          "been requested.", "The booking dialog closed normally, so the booking went through.")
    return r.record(False)


def faulty_permission_denied_01():
    # Environment: the desk role may not create carrier bookings.
    r = new_run("freightdesk-permission_denied-01", "permission_denied", 2,
                "Book carrier is refused with a permission message; the agent stops and says so.", my_desk, 108)
    st = search_and_open(r)
    st = upd(st, alert={"title": "Permission required",
                        "lines": ["You don't have permission to create carrier bookings for the "
                                  "Asia–Europe desk.",
                                  "Ask a desk lead to grant the 'Carrier bookings: create' role."]})
    r.do("book-carrier", "button", "Book carrier", detail_page(st, r.clock.tick()), "read",
         "Open the booking dialog for this shipment.")
    r.say("I couldn't book FWD-24817: Quaybook says this account lacks the 'Carrier bookings: create' "
          "role. Nothing was booked and no B/L draft was requested.",
          "The permission dialog blocks the booking; report the blocker.")
    return r.record(False)


def faulty_session_expired_01():
    # Environment: the session ends as the booking is submitted.
    r = new_run("freightdesk-session_expired-01", "session_expired", 5,
                "Confirm booking lands on the sign-in page; the booking state is unknown.", my_desk, 109)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    nxt = signin_page("/quaybook/shipments/%s" % TARGET, r.clock.tick())
    r.do("book-carrier", "button", "Confirm booking", nxt, "irreversible",
         "Confirm the booking with the carrier.")
    r.say("I selected MV Nordic Aurelia 118E and one 40' High Cube for FWD-24817, but Quaybook signed me "
          "out when I confirmed, so I can't tell whether the booking went through. The B/L draft was "
          "not requested.", "The sign-in page appeared; I have no credentials to continue.")
    return r.record(False)


def faulty_error_page_01():
    # Environment: the B/L draft request hits a carrier-gateway error page.
    r = new_run("freightdesk-error_page-01", "error_page", 7,
                "Booking succeeds, but Request B/L draft returns a 502 error page; the agent reports the "
                "request as done.", my_desk, 110)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    st = open_docs(r, st)
    nxt = error_page(TARGET, r.clock.tick(), "502", "Something went wrong",
                     ["The carrier gateway did not answer in time (Nordvik Line, request QB-502-7F3A).",
                      "No draft request was sent. Try again in a few minutes."])
    r.do("request-bl-draft", "button", "Request B/L draft", nxt, "irreversible",
         "Request the bill of lading draft from the carrier.")
    bk = st["booking"]
    r.say("Done: FWD-24817 is booked on MV Nordic Aurelia 118E (booking %s) with one 40' High Cube, and "
          "the B/L draft request went to Nordvik Line." % bk["number"],
          "The request was submitted to the carrier.")
    return r.record(False)


def faulty_premature_success_01():
    # Agent-caused: reports the whole task done right after the booking toast.
    r = new_run("freightdesk-premature_success-01", "premature_success", 6,
                "Reports success, including the B/L draft, straight after the booking toast; the draft "
                "was never requested.", my_desk, 111)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = confirm_booking(r, st)
    bk = st["booking"]
    r.say("FWD-24817 is booked on MV Nordic Aurelia 118E (ETD 14 Mar 2025) with 1 × 40' High Cube, "
          "booking %s, and the bill of lading draft has been requested." % bk["number"],
          "The booking is confirmed; the carrier sends the B/L draft with the confirmation.")
    return r.record(False)


def faulty_dialog_mishandled_01():
    # Agent-caused: dismisses the 'Send booking?' confirmation with Escape, which discards the booking.
    r = new_run("freightdesk-dialog_mishandled-01", "dialog_mishandled", 6,
                "Presses Escape on the 'Send booking to Nordvik Line?' confirmation, which closes both "
                "dialogs without booking; the agent goes on as if booked.", my_desk, 112)
    st = search_and_open(r)
    st = open_dialog(r, st)
    st = pick_sailing(r, st)
    st = pick_container(r, st)
    st = upd(st, confirm=confirm_state(st))
    r.do("book-carrier", "button", "Confirm booking", detail_page(st, r.clock.tick()), "irreversible",
         "Confirm the booking with the carrier.")
    st = upd(st, confirm=None, dialog=None)
    r.do("book-carrier", "alertdialog", "Send booking to Nordvik Line?", detail_page(st, r.clock.tick()),
         "read", "This is just a fee notice; dismiss it.", kind="press", value="Escape")
    st = upd(st, tab="documents")
    r.do("request-bl-draft", "tab", "Documents (4)", detail_page(st, r.clock.tick()), "read",
         "Go to Documents to request the B/L draft.")
    r.stay("request-bl-draft", "button", "Request B/L draft", "irreversible",
           "Request the bill of lading draft.", disabled_error(r.page, "button", "Request B/L draft"))
    r.say("FWD-24817 is booked on MV Nordic Aurelia 118E with one 40' High Cube; the B/L draft request "
          "has been sent.", "The booking was confirmed in the dialog.")
    return r.record(False)


FAULTY = [faulty_wrong_record_01, faulty_stale_filter_01, faulty_wrong_value_01, faulty_wrong_value_02,
          faulty_unrequested_constraint_01, faulty_skipped_step_01, faulty_silent_noop_01,
          faulty_permission_denied_01, faulty_session_expired_01, faulty_error_page_01,
          faulty_premature_success_01, faulty_dialog_mishandled_01]


def build():
    return [f() for f in HEALTHY] + [f() for f in FAULTY]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    runs = build()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    with open(os.path.join(args.out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(PLAN_YAML)
    print("wrote %d runs to %s" % (len(runs), os.path.join(args.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
