#!/usr/bin/env python3
"""Generate the HiveWorks Order Desk trajectory corpus.

Writes ``corpus.jsonl`` and ``plans/*.yaml`` next to this file, following the
fcpkit file-format contract (plans: task / plan_falsifiers / commitments;
corpus: one trajectory per line with label, initial_observation, steps, outcome).

Standard library only; every random choice comes from a fixed seed, so two runs
produce byte-identical files.

The application is HiveWorks Order Desk 4.12.3, the order desk of Kettle & Grain
Brewing Supply Ltd (a craft-brewery supply wholesaler, Burton upon Trent).
Workflows:
  backorder  raise a backorder for an out-of-stock malt line on a customer's
             sales order, filled from an incoming purchase order, with a
             substitute product offered to the customer
  credit     issue a credit note for goods damaged in transit on a delivered
             invoice
"""

import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://hiveworks.kettleandgrain.co.uk"
PRODUCT = "HiveWorks Order Desk"
VERSION = "4.12.3"
BUILD = "2025.10.06-r2"
ORG = "Kettle & Grain Brewing Supply Ltd"
SITE = "Burton Distribution Centre"
USER = "Priya Ramsden"
ROLE = "Order Desk Specialist"
USER_EMAIL = "priya.ramsden@kettleandgrain.co.uk"
DAY = "Tue 14 Oct 2025"
DAY_SHORT = "14 Oct 2025"


def gbp(x):
    return "\u00a3{:,.2f}".format(round(x + 1e-9, 2))


def r2(x):
    return round(x + 1e-9, 2)


# ---------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------

# account id -> (name, town, email, account manager, terms)
CUSTOMERS = {
    "ACC-10482": ("Tidewater Ales Ltd", "Whitstable, Kent", "orders@tidewaterales.co.uk", "Gareth Nwosu", "30 days EOM"),
    "ACC-10428": ("Tidewell Ales", "Tidewell, Devon", "brewery@tidewellales.com", "Hannah Liddell", "30 days EOM"),
    "ACC-10517": ("Copper Hollow Brewing Co.", "Ludlow, Shropshire", "buying@copperhollow.beer", "Gareth Nwosu", "30 days"),
    "ACC-10571": ("Copper Kettle Brewhouse", "Bewdley, Worcestershire", "hello@copperkettlebrew.co.uk", "Hannah Liddell", "Pro-forma"),
    "ACC-10633": ("Northbank Brewhouse", "Newcastle upon Tyne", "stores@northbankbrewhouse.co.uk", "Callum Fairweather", "30 days EOM"),
    "ACC-10636": ("Northgate Brew House", "Chester", "northgatebrew@outlook.com", "Callum Fairweather", "14 days"),
    "ACC-10702": ("Harrow Lane Brewery", "Leicester", "accounts@harrowlanebrewery.co.uk", "Gareth Nwosu", "30 days EOM"),
    "ACC-10719": ("Saltmarsh Cider & Ale", "Maldon, Essex", "hello@saltmarshcider.co.uk", "Hannah Liddell", "Card on order"),
    "ACC-10744": ("Lantern Yard Brewing", "Sheffield", "brew@lanternyard.co.uk", "Callum Fairweather", "30 days"),
    "ACC-10760": ("Old Forge Fermentary", "Hexham, Northumberland", "ops@oldforgeferments.com", "Callum Fairweather", "30 days"),
    "ACC-10805": ("Drover's Rest Brewery", "Builth Wells, Powys", "drovers.rest@btinternet.com", "Hannah Liddell", "14 days"),
    "ACC-10811": ("Fenland Wild Ales", "Ely, Cambridgeshire", "orders@fenlandwild.co.uk", "Gareth Nwosu", "30 days EOM"),
    "ACC-10839": ("Bramblecombe Brewing", "Totnes, Devon", "team@bramblecombe.beer", "Hannah Liddell", "Pro-forma"),
    "ACC-10853": ("Quayside Beer Co.", "Bristol", "purchasing@quaysidebeer.co.uk", "Gareth Nwosu", "30 days EOM"),
    "ACC-10870": ("Highmoor Craft Brewery", "Settle, North Yorkshire", "highmoorbrew@gmail.com", "Callum Fairweather", "30 days"),
}
ACC_BY_NAME = {v[0]: k for k, v in CUSTOMERS.items()}

# sku -> (name, unit price GBP, on hand, unit word)
PRODUCTS = {
    "MLT-WPIL-25": ("Weyermann Pilsner Malt 25 kg", 31.40, 0, "sack"),
    "MLT-WPIL-05": ("Weyermann Pilsner Malt 5 kg", 8.95, 23, "bag"),
    "MLT-BPIL-25": ("BestMalz Pilsen Malt 25 kg", 29.85, 64, "sack"),
    "MLT-BPAL-25": ("BestMalz Pale Ale Malt 25 kg", 30.10, 41, "sack"),
    "MLT-CPIL-25": ("Crisp Europils Malt 25 kg", 28.60, 9, "sack"),
    "MLT-MO-25": ("Crisp Maris Otter Pale Ale Malt 25 kg", 33.75, 0, "sack"),
    "MLT-MOF-25": ("Warminster Floor-Malted Maris Otter 25 kg", 39.20, 18, "sack"),
    "MLT-GP-25": ("Simpsons Golden Promise Pale Ale Malt 25 kg", 34.90, 52, "sack"),
    "MLT-CRM-25": ("Simpsons Crystal Medium Malt 25 kg", 36.80, 0, "sack"),
    "MLT-CM2-25": ("Weyermann CaraMunich Type 2 25 kg", 38.40, 27, "sack"),
    "MLT-CM1-25": ("Weyermann CaraMunich Type 1 25 kg", 38.40, 15, "sack"),
    "MLT-CRL-25": ("Simpsons Crystal Light Malt 25 kg", 36.20, 11, "sack"),
    "MLT-CHOC-25": ("Crisp Chocolate Malt 25 kg", 41.20, 33, "sack"),
    "MLT-PCHOC-25": ("Crisp Pale Chocolate Malt 25 kg", 42.10, 20, "sack"),
    "MLT-WHT-25": ("Weyermann Pale Wheat Malt 25 kg", 32.60, 48, "sack"),
    "MLT-MUN-25": ("Weyermann Munich Type 1 25 kg", 33.10, 30, "sack"),
    "HOP-CIT-5": ("Citra T90 Pellets 5 kg (2024 crop)", 118.00, 14, "pack"),
    "HOP-MOS-5": ("Mosaic T90 Pellets 5 kg (2024 crop)", 112.50, 9, "pack"),
    "HOP-EKG-5": ("East Kent Goldings T90 Pellets 5 kg", 74.00, 22, "pack"),
    "YST-US05-500": ("Fermentis SafAle US-05 500 g", 54.20, 40, "brick"),
    "YST-S04-500": ("Fermentis SafAle S-04 500 g", 49.80, 26, "brick"),
    "CHM-CAU-25": ("Chemipro Caustic 25 kg", 38.90, 31, "drum"),
    "CHM-CAU-10": ("Chemipro Caustic 10 kg", 17.60, 45, "drum"),
    "CHM-PAA-20": ("Peracetic Acid 15% 20 L", 46.30, 18, "drum"),
    "PKG-KEG30-SS": ("30 L Stainless Steel Keg (Sankey S)", 96.00, 60, "keg"),
    "PKG-KEG50-SS": ("50 L Stainless Steel Keg (Sankey S)", 118.00, 24, "keg"),
    "PKG-CO2-6": ("CO2 Cylinder Refill 6.35 kg", 24.50, 80, "cylinder"),
}

# incoming purchase orders for the out-of-stock malts:
# sku -> [(po, supplier, due, ordered, unallocated)]
INCOMING = {
    "MLT-WPIL-25": [("PO-31884", "Weyermann Specialty Malts", "28 Oct 2025", 40, 40),
                    ("PO-31848", "Weyermann Specialty Malts", "11 Nov 2025", 60, 56)],
    "MLT-MO-25": [("PO-31902", "Crisp Malting Group", "24 Oct 2025", 80, 72),
                  ("PO-31920", "Crisp Malting Group", "07 Nov 2025", 80, 80)],
    "MLT-CRM-25": [("PO-31877", "Simpsons Malt Ltd", "21 Oct 2025", 30, 28),
                   ("PO-31787", "Simpsons Malt Ltd", "04 Nov 2025", 20, 20)],
}

# sku -> substitutes the app suggests ("similar products in stock")
SUBSTITUTES = {
    "MLT-WPIL-25": ["MLT-BPIL-25", "MLT-BPAL-25", "MLT-WPIL-05", "MLT-CPIL-25"],
    "MLT-MO-25": ["MLT-GP-25", "MLT-MOF-25", "MLT-BPAL-25", "MLT-CPIL-25"],
    "MLT-CRM-25": ["MLT-CM2-25", "MLT-CM1-25", "MLT-CRL-25", "MLT-CHOC-25"],
}

# sales orders: id -> dict
# lines: (sku, qty, stock state)
ORDERS = {}


def _order(oid, acc, placed, required, status, cpo, channel, lines, delivery=18.50):
    ORDERS[oid] = dict(id=oid, acc=acc, placed=placed, required=required, status=status,
                       cpo=cpo, channel=channel, lines=lines, delivery=delivery)


_order("SO-25-08109", "ACC-10636", "06 Oct 2025 10:12", "09 Oct 2025", "Invoiced", "NG-0441", "Phone",
       [("MLT-MUN-25", 8, "Delivered"), ("HOP-EKG-5", 1, "Delivered")], 14.50)
_order("SO-25-08137", "ACC-10428", "08 Oct 2025 09:27", "16 Oct 2025", "Open \u2014 stock issue", "TWL-118", "Trade portal",
       [("MLT-WPIL-25", 12, "Out of stock"), ("MLT-MUN-25", 6, "Allocated"), ("HOP-EKG-5", 1, "Allocated")])
_order("SO-25-08155", "ACC-10853", "09 Oct 2025 14:51", "13 Oct 2025", "Delivered", "QB-2025-311", "Email",
       [("MLT-GP-25", 10, "Delivered"), ("HOP-MOS-5", 2, "Delivered")])
_order("SO-25-08160", "ACC-10702", "10 Oct 2025 08:40", "15 Oct 2025", "Picking", "HLB-7720", "Trade portal",
       [("YST-US05-500", 6, "Picked"), ("CHM-PAA-20", 2, "Picked")], 14.50)
_order("SO-25-08173", "ACC-10482", "13 Oct 2025 16:04", "17 Oct 2025", "Open \u2014 stock issue", "TW-PO-2291", "Trade portal",
       [("MLT-BPAL-25", 20, "Allocated"), ("MLT-WPIL-25", 12, "Out of stock"), ("HOP-CIT-5", 2, "Allocated"),
        ("YST-US05-500", 4, "Allocated")])
_order("SO-25-08174", "ACC-10853", "13 Oct 2025 16:22", "20 Oct 2025", "Open", "QB-2025-318", "Email",
       [("MLT-GP-25", 10, "Allocated"), ("HOP-MOS-5", 1, "Allocated")])
_order("SO-25-08182", "ACC-10719", "11 Oct 2025 11:03", "14 Oct 2025", "Dispatched", "SM-0093", "Phone",
       [("PKG-KEG30-SS", 4, "Dispatched"), ("PKG-CO2-6", 2, "Dispatched")], 14.50)
_order("SO-25-08190", "ACC-10633", "12 Oct 2025 19:45", "16 Oct 2025", "Open \u2014 stock issue", "NBB-5512", "Trade portal",
       [("MLT-GP-25", 15, "Allocated"), ("MLT-WHT-25", 5, "Allocated"), ("MLT-CRM-25", 6, "Out of stock"),
        ("HOP-CIT-5", 1, "Allocated"), ("CHM-PAA-20", 1, "Allocated")])
_order("SO-25-08191", "ACC-10760", "12 Oct 2025 20:10", "17 Oct 2025", "Open \u2014 stock issue", "OFF-231", "Trade portal",
       [("MLT-CRM-25", 2, "Out of stock"), ("MLT-MUN-25", 10, "Allocated")])
_order("SO-25-08199", "ACC-10805", "12 Oct 2025 21:37", "21 Oct 2025", "Open", "DR-PO-77", "Email",
       [("MLT-MOF-25", 6, "Allocated"), ("YST-S04-500", 2, "Allocated")])
_order("SO-25-08203", "ACC-10811", "13 Oct 2025 08:15", "17 Oct 2025", "Open \u2014 awaiting backorder", "FWA-1907", "Trade portal",
       [("MLT-WPIL-25", 4, "Backordered"), ("MLT-WHT-25", 4, "Allocated")])
_order("SO-25-08212", "ACC-10744", "13 Oct 2025 09:02", "15 Oct 2025", "Picking", "LY-0456", "Phone",
       [("MLT-BPAL-25", 16, "Picked"), ("HOP-CIT-5", 1, "Picked")])
_order("SO-25-08217", "ACC-10517", "13 Oct 2025 10:48", "20 Oct 2025", "Open \u2014 stock issue", "CHB-PO-0661", "Trade portal",
       [("MLT-MO-25", 20, "Out of stock"), ("MLT-CRL-25", 2, "Allocated"), ("HOP-EKG-5", 2, "Allocated"),
        ("YST-S04-500", 3, "Allocated")])
_order("SO-25-08219", "ACC-10517", "13 Oct 2025 11:06", "20 Oct 2025", "Open", "CHB-PO-0662", "Trade portal",
       [("CHM-CAU-10", 2, "Allocated"), ("PKG-CO2-6", 1, "Allocated")])
_order("SO-25-08226", "ACC-10839", "13 Oct 2025 13:30", "17 Oct 2025", "Awaiting payment", "BCB-14", "Trade portal",
       [("MLT-BPIL-25", 8, "Reserved"), ("HOP-MOS-5", 1, "Reserved")])
_order("SO-25-08231", "ACC-10870", "14 Oct 2025 07:58", "21 Oct 2025", "Open", "HM-0219", "Email",
       [("MLT-BPIL-25", 25, "Allocated"), ("YST-US05-500", 5, "Allocated")])
_order("SO-25-08240", "ACC-10482", "14 Oct 2025 08:36", "24 Oct 2025", "Open", "TW-PO-2297", "Trade portal",
       [("MLT-CHOC-25", 2, "Allocated"), ("HOP-EKG-5", 1, "Allocated")])
_order("SO-25-08271", "ACC-10571", "14 Oct 2025 08:51", "21 Oct 2025", "Open \u2014 stock issue", "CKB-031", "Phone",
       [("MLT-MO-25", 8, "Out of stock"), ("YST-S04-500", 1, "Allocated")])

ORDER_LIST_IDS = sorted(ORDERS, reverse=True)

# history lines shown on customer pages (older, not opened)
OLD_ORDERS = {
    "ACC-10482": [("SO-25-07988", "07 Oct 2025", "Invoiced", 1329.48), ("SO-25-07811", "29 Sep 2025", "Delivered", 866.10)],
    "ACC-10702": [("SO-25-08033", "08 Oct 2025", "Invoiced", 952.32), ("SO-25-07902", "01 Oct 2025", "Delivered", 410.64)],
}

# invoices: id -> dict
INVOICES = {}


def _inv(iid, acc, so, date, delivered, status, lines, delivery, paid=0.0, pay_note=None, pod=None):
    net = r2(sum(PRODUCTS[s][1] * q for s, q in lines) + delivery)
    vat = r2(net * 0.20)
    INVOICES[iid] = dict(id=iid, acc=acc, so=so, date=date, delivered=delivered, status=status, lines=lines,
                         delivery=delivery, net=net, vat=vat, total=r2(net + vat), paid=paid, pay_note=pay_note, pod=pod)


_inv("INV-2025-04147", "ACC-10636", "SO-25-07620", "22 Sep 2025", "23 Sep 2025 10:14", "Paid",
     [("MLT-MUN-25", 10), ("HOP-EKG-5", 2)], 14.50, paid=1)
_inv("INV-2025-04389", "ACC-10719", "SO-25-07941", "07 Oct 2025", "07 Oct 2025 15:40", "Paid",
     [("PKG-KEG30-SS", 6), ("PKG-KEG50-SS", 2), ("PKG-CO2-6", 2)], 14.50, paid=1,
     pay_note="Visa ending 0619, captured 07 Oct 2025 (Adyen)",
     pod=("K&G fleet, van KG-04 (driver M. Adeyemi)", "R. Tillbrook",
          "1 x 30 L keg dented at the neck, accepted under protest", "POD-2025-18790"))
_inv("INV-2025-04398", "ACC-10719", "SO-25-07966", "08 Oct 2025", "09 Oct 2025 12:05", "Delivered \u00b7 Unpaid",
     [("PKG-CO2-6", 4), ("CHM-PAA-20", 1)], 14.50)
_inv("INV-2025-04402", "ACC-10839", "SO-25-07970", "08 Oct 2025", "09 Oct 2025 16:30", "Paid",
     [("MLT-BPIL-25", 6), ("YST-US05-500", 2)], 18.50, paid=1)
_inv("INV-2025-04410", "ACC-10805", "SO-25-07977", "08 Oct 2025", "10 Oct 2025 09:20", "Delivered \u00b7 Unpaid",
     [("MLT-MOF-25", 4)], 18.50)
_inv("INV-2025-04417", "ACC-10482", "SO-25-07988", "09 Oct 2025", "09 Oct 2025 14:22", "Delivered \u00b7 Unpaid",
     [("MLT-CHOC-25", 5), ("MLT-PCHOC-25", 4), ("MLT-BPIL-25", 20), ("HOP-CIT-5", 1)], 18.50,
     pod=("K&G fleet, van KG-07 (driver L. Osei)", "J. Mercer",
          "3 sacks chocolate malt split on tail-lift, photos taken", "POD-2025-18844"))
_inv("INV-2025-04418", "ACC-10428", "SO-25-07990", "09 Oct 2025", "10 Oct 2025 11:48", "Paid",
     [("MLT-CHOC-25", 3), ("MLT-WPIL-25", 10)], 18.50, paid=1)
_inv("INV-2025-04425", "ACC-10744", "SO-25-08004", "09 Oct 2025", "10 Oct 2025 13:02", "Delivered \u00b7 Unpaid",
     [("MLT-BPAL-25", 12), ("HOP-CIT-5", 2)], 18.50)
_inv("INV-2025-04431", "ACC-10811", "SO-25-08010", "10 Oct 2025", "10 Oct 2025 15:55", "Delivered \u00b7 Unpaid",
     [("MLT-WHT-25", 6), ("MLT-WPIL-25", 6)], 18.50)
_inv("INV-2025-04436", "ACC-10760", "SO-25-08019", "10 Oct 2025", "11 Oct 2025 10:40", "Delivered \u00b7 Part paid",
     [("MLT-MUN-25", 8), ("YST-S04-500", 4)], 18.50, paid=200.00)
_inv("INV-2025-04440", "ACC-10853", "SO-25-08025", "10 Oct 2025", "11 Oct 2025 12:15", "Delivered \u00b7 Unpaid",
     [("MLT-GP-25", 20)], 18.50)
_inv("INV-2025-04444", "ACC-10633", "SO-25-08029", "10 Oct 2025", "13 Oct 2025 09:31", "Delivered \u00b7 Unpaid",
     [("MLT-GP-25", 10), ("CHM-CAU-25", 2)], 18.50)
_inv("INV-2025-04452", "ACC-10702", "SO-25-08033", "10 Oct 2025", "10 Oct 2025 11:05", "Delivered \u00b7 Unpaid",
     [("CHM-CAU-25", 4), ("CHM-CAU-10", 2), ("CHM-PAA-20", 1), ("YST-US05-500", 10)], 14.50,
     pod=("DPD Freight, consignment 1550 2219 8841", "T. Khan",
          "2 caustic drums punctured and leaking, quarantined on site", "POD-2025-18867"))
_inv("INV-2025-04453", "ACC-10702", "SO-25-08034", "10 Oct 2025", None, "In transit",
     [("CHM-CAU-25", 2), ("PKG-CO2-6", 2)], 14.50)
_inv("INV-2025-04460", "ACC-10517", "SO-25-08041", "13 Oct 2025", "13 Oct 2025 14:10", "Delivered \u00b7 Unpaid",
     [("MLT-MO-25", 10), ("HOP-EKG-5", 1)], 18.50)
_inv("INV-2025-04466", "ACC-10744", "SO-25-08050", "13 Oct 2025", None, "In transit",
     [("MLT-BPAL-25", 8)], 18.50)
_inv("INV-2025-04471", "ACC-10571", "SO-25-08061", "13 Oct 2025", "14 Oct 2025 08:20", "Delivered \u00b7 Unpaid",
     [("MLT-CHOC-25", 3), ("MLT-MO-25", 6)], 18.50)
_inv("INV-2025-04481", "ACC-10482", "SO-25-08066", "14 Oct 2025", None, "Awaiting dispatch",
     [("MLT-CHOC-25", 2), ("HOP-EKG-5", 1)], 18.50)

for _i in INVOICES.values():
    if _i["paid"] == 1:
        _i["paid"] = _i["total"]

INVOICE_LIST_IDS = sorted(INVOICES, reverse=True)

EXISTING_BACKORDERS = [
    ("BO-2025-0311", "SO-25-08109", "Northgate Brew House", "MLT-MUN-25", 4, "Filled"),
    ("BO-2025-0314", "SO-25-08155", "Quayside Beer Co.", "HOP-MOS-5", 1, "Filled"),
    ("BO-2025-0316", "SO-25-08203", "Fenland Wild Ales", "MLT-WPIL-25", 4, "Awaiting stock"),
    ("BO-2025-0317", "SO-25-08199", "Drover's Rest Brewery", "MLT-MOF-25", 2, "Filled"),
]


# ---------------------------------------------------------------------------
# Accessibility-tree DSL and BrowserGym-style flattening
# ---------------------------------------------------------------------------

class Node(object):
    __slots__ = ("role", "name", "kids", "props", "value", "nobid")

    def __init__(self, role, name="", kids=None, props=None, value=None, nobid=False):
        self.role = role
        self.name = name
        self.kids = [k for k in (kids or []) if k is not None]
        self.props = list(props or [])
        self.value = value
        self.nobid = nobid


def N(role, name="", kids=None, props=None, value=None):
    return Node(role, name, kids, props, value)


def T(text):
    return Node("StaticText", text, nobid=True)


def dl(pairs):
    """A description list: [(term, definition-or-node)]"""
    out = []
    for term, val in pairs:
        out.append(N("term", term))
        if isinstance(val, Node):
            out.append(N("definition", "", [val]))
        else:
            out.append(N("definition", val))
    return N("DescriptionList", "", out)


class Doc(object):
    """One browser document: BrowserGym marks each element once with a bid; elements
    that persist across in-page updates keep their bid, new elements get new ones.
    A navigation (new document) starts the numbering again."""

    def __init__(self, start=9):
        self.reg = {}
        self.next = start
        self.focus = None


def render(title, kids, doc):
    lines = []
    index = []
    root_focus = doc.focus is None
    lines.append("RootWebArea " + repr(title) + (", focused" if root_focus else ""))

    def walk(node, depth, path, seen):
        key_base = (node.role, node.name)
        occ = seen.get(key_base, 0)
        seen[key_base] = occ + 1
        key = path + ((node.role, node.name, occ),)
        bid = None
        if not node.nobid:
            bid = doc.reg.get(key)
            if bid is None:
                bid = str(doc.next)
                doc.next += 1
                doc.reg[key] = bid
        else:
            doc.next += 1 if depth % 3 == 0 else 0  # wrapper spans consume ids now and then
        s = "\t" * depth
        if bid is not None:
            s += "[%s] " % bid
        s += node.role + " " + repr(node.name)
        if node.value is not None:
            s += " value=" + repr(node.value)
        props = list(node.props)
        if doc.focus is not None and doc.focus == (node.role, node.name):
            props.append("focused")
        if props:
            s += ", " + ", ".join(props)
        lines.append(s)
        if bid is not None:
            index.append((bid, node.role, node.name, len(lines) - 1))
        child_seen = {}
        for k in node.kids:
            walk(k, depth + 1, key, child_seen)

    top_seen = {}
    for k in kids:
        if k is not None:
            walk(k, 1, (), top_seen)
    return "\n".join(lines), index


class Ctx(object):
    """Session-level context: signed-in user, clock, recently viewed, notifications."""

    def __init__(self, start_hms, recent, notif=3):
        h, m, s = [int(x) for x in start_hms.split(":")]
        self.t = h * 3600 + m * 60 + s
        self.recent = list(recent)
        self.notif = notif
        self.user = USER
        self.role = ROLE
        self.gsearch = ""

    def hm(self, offset=0):
        t = self.t + offset
        return "%02d:%02d" % (t // 3600, (t // 60) % 60)

    def clock(self):
        return "%s, %s BST" % (DAY, self.hm())

    def visit(self, label):
        if label in self.recent:
            self.recent.remove(label)
        self.recent.insert(0, label)
        del self.recent[6:]


NAV = ["Dashboard", "Orders", "Backorders", "Invoices", "Credit notes", "Customers",
       "Products & stock", "Purchase orders", "Deliveries", "Reports"]


def recent_panel(ctx):
    items = []
    for label in ctx.recent:
        rid, _, rest = label.partition(" \u00b7 ")
        items.append(N("listitem", "", [N("link", rid), T(rest)]))
    return N("complementary", "Recently viewed", [
        N("heading", "Recently viewed"),
        N("list", "", items),
        N("link", "Clear history"),
    ])


def shell(ctx, title, crumbs, main_kids, side=None, toast=None, dialog=None, nav_current=None,
          show_recent=True):
    """Site furniture shared by every signed-in page."""
    banner = N("banner", "", [
        N("link", "HiveWorks Order Desk home", [N("img", "HiveWorks")]),
        T("Kettle & Grain \u00b7 Burton DC"),
        N("search", "Site search", [
            N("combobox", "Search orders, invoices, customers, products", value=ctx.gsearch,
              props=["autocomplete='list'", "hasPopup='listbox'", "expanded=False"]),
            N("button", "Search everything"),
        ]),
        N("button", "New order"),
        N("button", "Notifications (%d)" % ctx.notif, props=["hasPopup='menu'", "expanded=False"]),
        N("link", "Help centre"),
        N("button", "%s \u00b7 %s" % (ctx.user, ctx.role), props=["hasPopup='menu'", "expanded=False"]),
    ])
    nav_items = []
    for item in NAV:
        nav_items.append(N("listitem", "", [N("link", item)]))
    nav = N("navigation", "Main", [N("list", "", nav_items)])
    crumb_items = []
    for i, c in enumerate(crumbs):
        if i < len(crumbs) - 1:
            crumb_items.append(N("listitem", "", [N("link", c)]))
        else:
            crumb_items.append(N("listitem", "", [T(c)]))
    bc = N("navigation", "Breadcrumb", [N("list", "", crumb_items)])
    main = N("main", "", [bc] + list(main_kids))
    comps = []
    if side:
        comps.extend(side)
    if show_recent:
        comps.append(recent_panel(ctx))
    footer = N("contentinfo", "", [
        T("%s %s (build %s)" % (PRODUCT, VERSION, BUILD)),
        T("\u00a9 2025 %s \u00b7 %s" % (ORG, SITE)),
        N("link", "System status: all services operational"),
        N("link", "Release notes"),
        N("link", "Keyboard shortcuts"),
        N("link", "Privacy"),
        T("Server time: " + ctx.clock()),
    ])
    live = N("status", "", [T(toast)] if toast else [], props=["live='polite'", "atomic", "relevant='additions text'"])
    kids = [banner, nav, main] + comps + [footer, live]
    if dialog is not None:
        kids.append(dialog)
    return kids


# ---------------------------------------------------------------------------
# Helpers over the data
# ---------------------------------------------------------------------------

def cust_name(acc):
    return CUSTOMERS[acc][0]


def pname(sku):
    return PRODUCTS[sku][0]


def price(sku):
    return PRODUCTS[sku][1]


def order_money(o):
    sub = r2(sum(price(s) * q for s, q, _ in o["lines"]))
    net = r2(sub + o["delivery"])
    vat = r2(net * 0.2)
    return sub, o["delivery"], vat, r2(net + vat)


def near_miss(a, b):
    """True when b is a transposition or one-character change of a (same length)."""
    if a == b or len(a) != len(b):
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 1:
        return True
    if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]:
        return True
    return False


def region(name, kids, heading=True):
    return N("region", name, ([N("heading", name)] if heading else []) + kids)


def table(name, headers, rows):
    hdr = N("row", "", [N("columnheader", h) for h in headers])
    return N("table", name, [N("rowgroup", "", [hdr]), N("rowgroup", "", rows)])


def cell(x):
    if isinstance(x, Node):
        return N("cell", "", [x])
    if isinstance(x, list):
        return N("cell", "", x)
    return N("cell", x)


def row(cells):
    return N("row", "", [cell(c) for c in cells])


def select(name, options, value, props=None):
    kids = [N("option", o, props=["selected=True" if o == value else "selected=False"]) for o in options]
    return N("combobox", name, kids, props=(props or []) + ["hasPopup='menu'", "expanded=False"], value=value)


def checkbox(name, checked, props=None):
    return N("checkbox", name, props=["checked='%s'" % ("true" if checked else "false")] + (props or []))


def radio(name, checked, props=None):
    return N("radio", name, props=["checked='%s'" % ("true" if checked else "false")] + (props or []))


class OrderState(object):
    def __init__(self, oid):
        o = ORDERS[oid]
        self.o = o
        self.id = oid
        self.status = o["status"]
        self.lines = []
        for i, (sku, qty, st) in enumerate(o["lines"]):
            self.lines.append(dict(no=i + 1, sku=sku, qty=qty, state=st, bo=None, due=None, sub=None))
        self.backorders = []
        if oid == "SO-25-08203":
            self.lines[0].update(bo="BO-2025-0316", due="11 Nov 2025")
            self.backorders.append(dict(bo="BO-2025-0316", line=1, sku="MLT-WPIL-25", qty=4, po="PO-31848",
                                        due="11 Nov 2025", sub=None, status="Awaiting stock"))
        placed_hm = o["placed"].split(" ")[-1]
        placed_day = " ".join(o["placed"].split(" ")[:2])
        acts = [("%s %s" % (placed_day, placed_hm), CUSTOMERS[o["acc"]][0],
                 "Order placed via %s (customer PO %s)" % (o["channel"], o["cpo"])),
                ("%s %s" % (placed_day, placed_hm), "HiveWorks",
                 "Order confirmation emailed to %s" % CUSTOMERS[o["acc"]][2])]
        oos = [l for l in self.lines if l["state"] == "Out of stock"]
        acts.append(("14 Oct 06:00", "HiveWorks", "Nightly allocation run: %d line(s) allocated, %d out of stock" % (
            len(self.lines) - len(oos), len(oos))))
        for l in oos:
            acts.append(("14 Oct 06:00", "HiveWorks", "Line %d %s could not be allocated (0 on hand)" % (l["no"], l["sku"])))
        self.activity = acts


def stock_text(line):
    st = line["state"]
    if st == "Out of stock":
        inc = INCOMING.get(line["sku"])
        nxt = (" \u00b7 next PO due " + inc[0][2]) if inc else ""
        return "Out of stock \u00b7 0 on hand" + nxt
    if st == "Backordered":
        return "Backordered \u00b7 %s \u00b7 due %s" % (line["bo"], line["due"])
    return st


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------

def page_dashboard(ctx):
    stock_rows = []
    for oid in sorted(ORDERS):
        o = ORDERS[oid]
        for sku, qty, st in o["lines"]:
            if st in ("Out of stock",):
                stock_rows.append(row([N("link", oid), cust_name(o["acc"]), "%s (%s)" % (pname(sku), sku),
                                       str(qty), o["placed"].rsplit(" ", 1)[0]]))
    issue_rows = [
        row([N("link", "INV-2025-04417"), "Tidewater Ales Ltd", "09 Oct 2025", "POD note: 3 sacks chocolate malt split on tail-lift"]),
        row([N("link", "INV-2025-04452"), "Harrow Lane Brewery", "10 Oct 2025", "POD note: 2 caustic drums punctured and leaking"]),
        row([N("link", "INV-2025-04389"), "Saltmarsh Cider & Ale", "07 Oct 2025", "POD note: 1 x 30 L keg dented at the neck"]),
        row([N("link", "INV-2025-04471"), "Copper Kettle Brewhouse", "14 Oct 2025", "Late delivery (08:20), no damage reported"]),
    ]
    main = [
        N("heading", "Good morning, Priya"),
        T("Tuesday 14 October 2025 \u00b7 Burton DC \u00b7 fleet cut-off for next-day loads 15:00"),
        region("Today at a glance", [dl([
            ("Open orders", "11"), ("Lines out of stock", str(len(stock_rows))),
            ("Backorders awaiting stock", "1"), ("Deliveries booked today", "23"),
            ("Draft credit notes", "0"), ("Invoices overdue", "4"),
        ])]),
        region("Stock exceptions on open orders", [
            T("Lines the nightly allocation run could not fill. Raise a backorder or offer a substitute."),
            table("Stock exceptions", ["Order", "Customer", "Product", "Qty", "Placed"], stock_rows),
            N("link", "View all stock exceptions"),
        ]),
        region("Deliveries reported with issues", [
            table("Delivery issues", ["Invoice", "Customer", "Delivered", "Note"], issue_rows),
            N("link", "Open delivery issues log"),
        ]),
        region("My tasks", [N("list", "", [
            N("listitem", "", [checkbox("Call Quayside Beer Co. about the SO-25-08174 delivery slot", False)]),
            N("listitem", "", [checkbox("Chase pro-forma payment for SO-25-08226 (Bramblecombe Brewing)", False)]),
            N("listitem", "", [checkbox("Confirm PO-31902 arrival date with Crisp Malting", True)]),
            N("listitem", "", [checkbox("Update Harrow Lane Brewery delivery contact", False)]),
        ]), N("button", "Add task")]),
        region("Announcements", [N("list", "", [
            N("listitem", "", [T("Weyermann Pilsner 25 kg: supplier delay, next container on PO-31884 due 28 Oct.")]),
            N("listitem", "", [T("Crisp Maris Otter (2025 harvest) arrives on PO-31902 from 24 Oct.")]),
            N("listitem", "", [T("Kent fleet route moves from Friday to Thursday from 16 Oct.")]),
            N("listitem", "", [T("Credit notes above \u00a3500 still need Credit Control sign-off.")]),
        ])]),
    ]
    return "Dashboard \u00b7 " + PRODUCT, shell(ctx, "Dashboard", ["Home"], main)


ORDER_STATUSES = ["All statuses", "Open", "Open \u2014 stock issue", "Open \u2014 awaiting backorder", "Picking",
                  "Awaiting payment", "Dispatched", "Delivered", "Invoiced"]


def page_orders(ctx, applied=None, typed="", toast=None):
    ids = ORDER_LIST_IDS
    if applied:
        q = applied.lower()
        ids = [i for i in ids if q in i.lower() or q in cust_name(ORDERS[i]["acc"]).lower()]
    rows = []
    for oid in ids:
        o = ORDERS[oid]
        rows.append(row([N("link", oid), cust_name(o["acc"]), o["placed"], o["required"], o["status"],
                         str(len(o["lines"])), gbp(order_money(o)[3])]))
    main = [
        N("heading", "Orders"),
        N("button", "New order"), N("button", "Export CSV"),
        N("search", "Filter orders", [
            N("textbox", "Search orders", value=typed),
            N("button", "Search"),
            select("Status", ORDER_STATUSES, "All statuses"),
            select("Placed", ["Last 7 days", "Last 30 days", "This quarter", "Any time"], "Last 30 days"),
            N("link", "Clear filters"),
        ]),
    ]
    if applied:
        if ids:
            main.append(T("Showing %d order%s matching '%s'" % (len(ids), "" if len(ids) == 1 else "s", applied)))
        else:
            main.append(N("alert", "", [T("No orders match '%s'." % applied)]))
            main.append(N("list", "", [
                N("listitem", "", [T("Order numbers look like SO-25-01234 (two-digit year, five-digit number).")]),
                N("listitem", "", [T("You can also search by customer name or customer PO.")]),
                N("listitem", "", [T("Cancelled orders are only shown with Status: All statuses and Placed: Any time.")]),
            ]))
        main.append(N("link", "Clear search"))
    if rows:
        main.append(table("Orders", ["Order", "Customer", "Placed", "Required by", "Status", "Lines", "Value (inc. VAT)"], rows))
        main.append(T("Showing 1\u2013%d of %d" % (len(rows), len(rows))))
        main.append(N("button", "Previous page", props=["disabled=True"]))
        main.append(N("button", "Next page", props=["disabled=True"]))
    side = [region("Saved views", [N("list", "", [
        N("listitem", "", [N("link", "My open orders (11)")]),
        N("listitem", "", [N("link", "Stock issues (6)")]),
        N("listitem", "", [N("link", "Due this week (9)")]),
        N("listitem", "", [N("link", "Awaiting customer reply (2)")]),
    ])])]
    return "Orders \u00b7 " + PRODUCT, shell(ctx, "Orders", ["Home", "Orders"], main, side=side, toast=toast)


def page_order(ctx, ost, toast=None):
    o = ost.o
    acc = o["acc"]
    name, town, email, am, terms = CUSTOMERS[acc]
    line_rows = []
    for l in ost.lines:
        stock_kids = [T(stock_text(l))]
        if l["bo"]:
            stock_kids = [T("Backordered \u00b7"), N("link", l["bo"]), T("\u00b7 due " + l["due"])]
        if l["sub"]:
            s_sku, s_qty, s_state = l["sub"]
            stock_kids.append(T("Substitute offered: %d \u00d7 %s (%s) \u00b7 %s" % (s_qty, pname(s_sku), s_sku, s_state)))
        if l["state"] == "Out of stock":
            acts = [N("button", "Raise backorder for line %d" % l["no"]), N("button", "Line %d actions" % l["no"], props=["hasPopup='menu'", "expanded=False"])]
        else:
            acts = [N("button", "Line %d actions" % l["no"], props=["hasPopup='menu'", "expanded=False"])]
        line_rows.append(N("row", "", [
            cell(str(l["no"])), cell(N("link", pname(l["sku"]))), cell(l["sku"]), cell(str(l["qty"])),
            cell(gbp(price(l["sku"]))), cell(gbp(price(l["sku"]) * l["qty"])),
            cell(stock_kids[0].name) if len(stock_kids) == 1 else N("cell", "", stock_kids), N("cell", "", acts)]))
    sub, dlv, vat, tot = order_money(o)
    if ost.backorders:
        bo_rows = []
        for b in ost.backorders:
            subtxt = "%d \u00d7 %s \u00b7 awaiting customer reply" % (b["sub"][1], b["sub"][0]) if b["sub"] else "None offered"
            bo_rows.append(row([N("link", b["bo"]), str(b["line"]), b["sku"], str(b["qty"]), b["po"], b["due"], subtxt, b["status"]]))
        bo_block = [table("Backorders", ["Backorder", "Line", "SKU", "Qty", "Fulfil from", "Due", "Substitute", "Status"], bo_rows)]
    else:
        bo_block = [T("No backorders on this order.")]
    act_items = [N("listitem", "", [T("%s \u00b7 %s \u00b7 %s" % a)]) for a in reversed(ost.activity)]
    others = [i for i in ORDER_LIST_IDS if ORDERS[i]["acc"] == acc and i != ost.id]
    other_items = [N("listitem", "", [N("link", i), T("%s \u00b7 %s" % (ORDERS[i]["placed"].rsplit(" ", 1)[0], ORDERS[i]["status"]))]) for i in others]
    for oid, d, st, v in OLD_ORDERS.get(acc, []):
        other_items.append(N("listitem", "", [N("link", oid), T("%s \u00b7 %s" % (d, st))]))
    if not other_items:
        other_items = [N("listitem", "", [T("No other orders in the last 90 days.")])]
    main = [
        N("heading", "Sales order " + ost.id),
        T(ost.status),
        N("group", "Order actions", [
            N("button", "Edit order"), N("button", "Allocate stock"), N("button", "Print pick list"),
            N("button", "Email order confirmation"),
            N("button", "More order actions", props=["hasPopup='menu'", "expanded=False"]),
        ]),
        region("Order details", [dl([
            ("Customer", N("link", "%s (%s)" % (name, acc))),
            ("Customer PO", o["cpo"]), ("Placed", o["placed"] + " via " + o["channel"]),
            ("Required by", o["required"]), ("Deliver to", "%s, %s" % (name, town)),
            ("Delivery method", "K&G fleet \u2014 scheduled route"), ("Payment terms", terms),
            ("Account manager", am),
        ])]),
        region("Order lines (%d)" % len(ost.lines), [
            table("Order lines", ["#", "Product", "SKU", "Qty", "Unit price", "Line total", "Stock", "Actions"], line_rows),
            N("button", "Add line"),
        ]),
        region("Order totals", [dl([
            ("Subtotal", gbp(sub)), ("Delivery", gbp(dlv)), ("VAT (20%)", gbp(vat)), ("Total", gbp(tot)),
        ])]),
        region("Backorders on this order", bo_block),
        region("Activity", [N("list", "", act_items)]),
    ]
    side = [region("Other orders for " + name, [N("list", "", other_items)])]
    title = "Sales order %s \u00b7 %s" % (ost.id, PRODUCT)
    return title, shell(ctx, title, ["Home", "Orders", ost.id], main, side=side, toast=toast)


def supply_options(sku):
    opts = ["Select a supply source"]
    for po, sup, due, ordered, un in INCOMING[sku]:
        opts.append("%s \u00b7 %s \u00b7 due %s \u00b7 %d unallocated" % (po, sup, due, un))
    opts.append("Next available supply (no purchase order yet)")
    return opts


def supply_option(sku, po):
    for o in supply_options(sku):
        if o.startswith(po + " "):
            return o
    raise KeyError(po)


def sub_options(sku):
    return ["No substitute"] + ["%s \u00b7 %s \u00b7 %d in stock" % (s, pname(s), PRODUCTS[s][2]) for s in SUBSTITUTES[sku]]


def sub_option(sku, sub):
    for o in sub_options(sku):
        if o.startswith(sub + " "):
            return o
    raise KeyError(sub)


def new_bo_form():
    return dict(qty="", po="Select a supply source", sub="No substitute", subqty="", notify=True, msg="", note="")


def bo_dialog(ost, line, form):
    sku = line["sku"]
    name = cust_name(ost.o["acc"])
    email = CUSTOMERS[ost.o["acc"]][2]
    po = form["po"].split(" \u00b7 ")[0]
    po_info = [x for x in INCOMING[sku] if x[0] == po]
    kids = [N("heading", "Raise backorder on %s line %d?" % (ost.id, line["no"])),
            T("Backorder %s \u00d7 %s (%s)" % (form["qty"], pname(sku), sku))]
    if po_info:
        kids.append(T("Fulfil from %s (%s), expected %s" % (po, po_info[0][1], po_info[0][2])))
    else:
        kids.append(T("Fulfil from next available supply (no date yet)"))
    if form["sub"] != "No substitute":
        s_sku = form["sub"].split(" \u00b7 ")[0]
        kids.append(T("Substitute offered: %s \u00d7 %s (%s)" % (form["subqty"], pname(s_sku), s_sku)))
    else:
        kids.append(T("No substitute will be offered."))
    if form["notify"]:
        kids.append(T("%s will be emailed at %s." % (name, email)))
    else:
        kids.append(T("The customer will not be emailed."))
    kids += [N("button", "Cancel"), N("button", "Confirm backorder")]
    return N("dialog", "Confirm backorder", kids, props=["modal=True"])


def page_bo_form(ctx, ost, line_no, form, dialog=False, errors=None, toast=None):
    line = ost.lines[line_no - 1]
    sku = line["sku"]
    acc = ost.o["acc"]
    name, _, email, _, _ = CUSTOMERS[acc]
    inc_rows = [row([po, sup, due, str(ordered), str(un)]) for po, sup, due, ordered, un in INCOMING[sku]]
    waiting = []
    for oid in sorted(ORDERS):
        if oid == ost.id:
            continue
        for i, (s, q, st) in enumerate(ORDERS[oid]["lines"]):
            if s == sku and st in ("Out of stock", "Backordered"):
                waiting.append(N("listitem", "", [N("link", oid), T("%s \u00b7 line %d \u00b7 %d \u00b7 %s" % (
                    cust_name(ORDERS[oid]["acc"]), i + 1, q, st.lower()))]))
    sub_chosen = form["sub"] != "No substitute"
    main = [
        N("heading", "Raise backorder \u2014 %s line %d" % (ost.id, line_no)),
        T("%s (%s) \u00b7 customer PO %s" % (name, acc, ost.o["cpo"])),
    ]
    if errors:
        main.append(N("alert", "", [T("Fix the following before raising the backorder:")] +
                      [N("list", "", [N("listitem", "", [T(e)]) for e in errors])]))
    main += [
        region("Line being backordered", [dl([
            ("Product", pname(sku)), ("SKU", sku), ("Ordered", "%d %ss" % (line["qty"], PRODUCTS[sku][3])),
            ("Allocated", "0"), ("Outstanding", str(line["qty"])), ("Unit price", gbp(price(sku))),
        ])]),
        region("Stock position for " + sku, [
            T("On hand 0 \u00b7 allocated 0 \u00b7 incoming %d on %d purchase orders" % (
                sum(x[3] for x in INCOMING[sku]), len(INCOMING[sku]))),
            table("Incoming purchase orders", ["Purchase order", "Supplier", "Due", "Ordered", "Unallocated"], inc_rows),
            T("Other orders waiting on this product:"),
            N("list", "", waiting or [N("listitem", "", [T("None")])]),
        ]),
        N("form", "Backorder details", [
            N("group", "Backorder", [
                N("spinbutton", "Quantity to backorder", value=form["qty"], props=["required"]),
                T("Up to %d" % line["qty"]),
                select("Fulfil from", supply_options(sku), form["po"], props=["required"]),
            ]),
            N("group", "Substitute offer", [
                select("Substitute product", sub_options(sku), form["sub"]),
                N("spinbutton", "Substitute quantity", value=form["subqty"],
                  props=[] if sub_chosen else ["disabled=True"]),
                T("The customer can accept the substitute in the trade portal or by replying to the email."),
            ]),
            N("group", "Customer notification", [
                checkbox("Email %s about this backorder" % name, form["notify"]),
                T("Sent to " + email),
                N("textbox", "Message to customer (optional)", value=form["msg"], props=["multiline"]),
            ]),
            N("group", "Internal", [
                N("textbox", "Internal note (optional)", value=form["note"], props=["multiline"]),
            ]),
            N("link", "Cancel and return to " + ost.id),
            N("button", "Raise backorder"),
        ]),
    ]
    title = "Raise backorder \u00b7 %s \u00b7 %s" % (ost.id, PRODUCT)
    dlg = bo_dialog(ost, line, form) if dialog else None
    return title, shell(ctx, title, ["Home", "Orders", ost.id, "Raise backorder"], main, toast=toast, dialog=dlg)


SIMILAR_ACCOUNTS = {
    "ACC-10482": [("Tidewell Ales", "ACC-10428", "Tidewell, Devon")],
    "ACC-10428": [("Tidewater Ales Ltd", "ACC-10482", "Whitstable, Kent")],
    "ACC-10517": [("Copper Kettle Brewhouse", "ACC-10571", "Bewdley, Worcestershire")],
    "ACC-10702": [("Harrowgate Brewing Co.", "ACC-10207", "Harrogate (account closed 2024)")],
    "ACC-10633": [("Northgate Brew House", "ACC-10636", "Chester")],
    "ACC-10719": [("Salt Marsh Brewing", "ACC-10791", "Rye (prospect, no orders)")],
}


def cust_balance(acc):
    return r2(sum(i["total"] - i["paid"] for i in INVOICES.values() if i["acc"] == acc and i["delivered"]))


def page_customers(ctx, applied=None, typed=""):
    accs = sorted(CUSTOMERS, key=lambda a: cust_name(a))
    if applied:
        q = applied.lower()
        accs = [a for a in accs if q in cust_name(a).lower() or q in a.lower()]
    rows = []
    for a in accs:
        name, town, email, am, terms = CUSTOMERS[a]
        n_open = len([o for o in ORDERS.values() if o["acc"] == a and o["status"].startswith("Open")])
        rows.append(row([a, N("link", name), town, am, terms, str(n_open), gbp(cust_balance(a))]))
    main = [
        N("heading", "Customers"),
        N("button", "New customer account"),
        N("search", "Filter customers", [
            N("textbox", "Search customers", value=typed),
            N("button", "Search"),
            select("Account manager", ["Anyone", "Callum Fairweather", "Gareth Nwosu", "Hannah Liddell"], "Anyone"),
            checkbox("Include closed accounts", False),
        ]),
    ]
    if applied:
        main.append(T("Showing %d account%s matching '%s'" % (len(rows), "" if len(rows) == 1 else "s", applied)))
        sims = []
        for a in accs:
            for nm, sa, town in SIMILAR_ACCOUNTS.get(a, []):
                sims.append(N("listitem", "", [N("link", nm), T("%s \u00b7 %s" % (sa, town))]))
        if sims:
            main.append(region("Similar account names", [N("list", "", sims)]))
        main.append(N("link", "Clear search"))
    main.append(table("Customer accounts", ["Account", "Name", "Town", "Account manager", "Terms", "Open orders", "Balance"], rows))
    main.append(T("Showing 1\u2013%d of %d" % (len(rows), len(rows))))
    return "Customers \u00b7 " + PRODUCT, shell(ctx, "Customers", ["Home", "Customers"], main)


def page_customer(ctx, acc, tab="Orders"):
    name, town, email, am, terms = CUSTOMERS[acc]
    tabs = ["Orders", "Invoices", "Credit notes", "Contacts", "Notes"]
    tablist = N("tablist", "Account sections", [N("tab", t, props=["selected=%s" % (t == tab)]) for t in tabs])
    if tab == "Orders":
        rows = []
        for oid in ORDER_LIST_IDS:
            o = ORDERS[oid]
            if o["acc"] == acc:
                rows.append(row([N("link", oid), o["placed"], o["required"], o["status"], gbp(order_money(o)[3])]))
        for oid, d, st, v in OLD_ORDERS.get(acc, []):
            rows.append(row([N("link", oid), d, "\u2014", st, gbp(v)]))
        panel = N("tabpanel", "Orders", [table("Orders for " + name, ["Order", "Placed", "Required by", "Status", "Value"], rows)])
    else:
        rows = []
        for iid in INVOICE_LIST_IDS:
            i = INVOICES[iid]
            if i["acc"] == acc:
                rows.append(row([N("link", iid), i["so"], i["date"], i["status"], gbp(i["total"]), gbp(i["total"] - i["paid"])]))
        extra = {"ACC-10702": [("INV-2025-04380", "SO-25-07902", "02 Oct 2025", "Paid", 410.64, 0.0)],
                 "ACC-10482": [("INV-2025-04266", "SO-25-07811", "30 Sep 2025", "Paid", 866.10, 0.0)]}
        for iid, so, d, st, tot, bal in extra.get(acc, []):
            rows.append(row([N("link", iid), so, d, st, gbp(tot), gbp(bal)]))
        panel = N("tabpanel", "Invoices", [table("Invoices for " + name, ["Invoice", "Order", "Invoice date", "Status", "Total", "Balance"], rows)])
    sims = [N("listitem", "", [N("link", nm), T("%s \u00b7 %s" % (sa, t))]) for nm, sa, t in SIMILAR_ACCOUNTS.get(acc, [])]
    main = [
        N("heading", name),
        T("%s \u00b7 %s \u00b7 account open since 2019" % (acc, town)),
        N("group", "Account actions", [N("button", "New order for this customer"), N("button", "Edit account"),
                                       N("button", "Statement of account")]),
        region("Account summary", [dl([
            ("Email", email), ("Phone", "01%03d %06d" % (int(acc[-3:]), int(acc[-5:]) * 7 % 1000000)),
            ("Account manager", am), ("Payment terms", terms), ("Credit limit", "\u00a35,000.00"),
            ("Balance", gbp(cust_balance(acc))), ("Delivery route", "K&G fleet \u2014 scheduled route"),
        ])]),
        tablist,
        panel,
    ]
    side = [region("Possible duplicate or similar accounts", [N("list", "", sims or [N("listitem", "", [T("None found")])])])]
    title = "%s \u00b7 %s" % (name, PRODUCT)
    return title, shell(ctx, title, ["Home", "Customers", name], main, side=side)


def page_search(ctx, q):
    ql = q.lower()
    o_hits = [i for i in ORDER_LIST_IDS if ql in i.lower()]
    i_hits = [i for i in INVOICE_LIST_IDS if ql in i.lower()]
    c_hits = [a for a in CUSTOMERS if ql in cust_name(a).lower() or ql in a.lower()]
    sims = [i for i in ORDER_LIST_IDS + INVOICE_LIST_IDS if near_miss(q.upper(), i)]
    linked = []
    for iid in i_hits:
        linked.append(INVOICES[iid]["so"])
    main = [N("heading", "Search results for '%s'" % q),
            T("%d result%s" % (len(o_hits) + len(i_hits) + len(c_hits), "" if len(o_hits) + len(i_hits) + len(c_hits) == 1 else "s"))]
    main.append(region("Orders (%d)" % len(o_hits), [N("list", "", [N("listitem", "", [N("link", i), T("%s \u00b7 %s \u00b7 %s" % (
        cust_name(ORDERS[i]["acc"]), ORDERS[i]["placed"].rsplit(" ", 1)[0], ORDERS[i]["status"]))]) for i in o_hits] or
        [N("listitem", "", [T("No orders")])])]))
    main.append(region("Invoices (%d)" % len(i_hits), [N("list", "", [N("listitem", "", [N("link", i), T("%s \u00b7 %s \u00b7 %s \u00b7 %s" % (
        cust_name(INVOICES[i]["acc"]), INVOICES[i]["date"], INVOICES[i]["status"], gbp(INVOICES[i]["total"])))]) for i in i_hits] or
        [N("listitem", "", [T("No invoices")])])]))
    main.append(region("Customers (%d)" % len(c_hits), [N("list", "", [N("listitem", "", [N("link", cust_name(a)), T(a)]) for a in c_hits] or
                                                       [N("listitem", "", [T("No customers")])])]))
    main.append(region("Credit notes (0)", [N("list", "", [N("listitem", "", [T("No credit notes")])])]))
    if linked:
        main.append(region("Related records", [N("list", "", [N("listitem", "", [T("Sales order"), N("link", s), T("(archived)")]) for s in linked])]))
    main.append(region("Similar numbers", [
        T("Numbers that differ by one character or a swapped pair:"),
        N("list", "", [N("listitem", "", [N("link", s), T(cust_name((ORDERS.get(s) or INVOICES.get(s))["acc"]))]) for s in sims] or
          [N("listitem", "", [T("None")])])]))
    main.append(region("Search tips", [N("list", "", [
        N("listitem", "", [T("Use the full number (SO-25-01234, INV-2025-01234) for an exact match.")]),
        N("listitem", "", [T("Customer names match anywhere in the name.")]),
        N("listitem", "", [T("Press / anywhere to jump to search.")]),
    ])]))
    title = "Search: %s \u00b7 %s" % (q, PRODUCT)
    return title, shell(ctx, title, ["Home", "Search"], main)


INVOICE_STATUSES = ["All statuses", "Awaiting dispatch", "In transit", "Delivered \u00b7 Unpaid",
                    "Delivered \u00b7 Part paid", "Paid", "Overdue", "Credited"]


def page_invoices(ctx, applied=None, typed=""):
    ids = INVOICE_LIST_IDS
    if applied:
        q = applied.lower()
        ids = [i for i in ids if q in i.lower() or q in cust_name(INVOICES[i]["acc"]).lower()]
    rows = []
    for iid in ids:
        i = INVOICES[iid]
        rows.append(row([N("link", iid), cust_name(i["acc"]), i["so"], i["date"],
                         i["delivered"].rsplit(" ", 1)[0] if i["delivered"] else "\u2014", i["status"],
                         gbp(i["total"]), gbp(i["total"] - i["paid"])]))
    main = [
        N("heading", "Invoices"),
        N("button", "Export CSV"),
        N("search", "Filter invoices", [
            N("textbox", "Search invoices", value=typed),
            N("button", "Search"),
            select("Invoice status", INVOICE_STATUSES, "All statuses"),
            select("Invoice date", ["Last 7 days", "Last 30 days", "This quarter", "Any time"], "Last 30 days"),
            N("link", "Clear filters"),
        ]),
    ]
    if applied:
        if ids:
            main.append(T("Showing %d invoice%s matching '%s'" % (len(ids), "" if len(ids) == 1 else "s", applied)))
        else:
            main.append(N("alert", "", [T("No invoices match '%s'." % applied)]))
        main.append(N("link", "Clear search"))
    if rows:
        main.append(table("Invoices", ["Invoice", "Customer", "Order", "Invoice date", "Delivered", "Status", "Total", "Balance"], rows))
        main.append(T("Showing 1\u2013%d of %d" % (len(rows), len(rows))))
        main.append(N("button", "Previous page", props=["disabled=True"]))
        main.append(N("button", "Next page", props=["disabled=True"]))
    side = [region("Saved views", [N("list", "", [
        N("listitem", "", [N("link", "Delivered, unpaid (8)")]),
        N("listitem", "", [N("link", "Delivery issues reported (3)")]),
        N("listitem", "", [N("link", "Overdue (4)")]),
        N("listitem", "", [N("link", "Draft credit notes (0)")]),
    ])])]
    return "Invoices \u00b7 " + PRODUCT, shell(ctx, "Invoices", ["Home", "Invoices"], main, side=side)


class InvoiceState(object):
    def __init__(self, iid):
        self.i = INVOICES[iid]
        self.id = iid
        self.cns = []  # (cn, date, total, status)

    @property
    def credited(self):
        return r2(sum(c[2] for c in self.cns if c[3] == "Issued"))

    @property
    def balance(self):
        return r2(self.i["total"] - self.i["paid"] - (0 if self.i["paid"] else self.credited))


def page_invoice(ctx, ist, toast=None):
    i = ist.i
    acc = i["acc"]
    name, town, email, am, terms = CUSTOMERS[acc]
    status = i["status"]
    if ist.credited and not i["paid"]:
        status = "Delivered \u00b7 Part credited \u00b7 Unpaid"
    elif ist.credited:
        status = "Paid \u00b7 Part refunded"
    line_rows = []
    for sku, q in i["lines"]:
        net = r2(price(sku) * q)
        line_rows.append(row([N("link", pname(sku)), sku, str(q), gbp(price(sku)), gbp(net), gbp(net * 0.2)]))
    line_rows.append(row(["Delivery", "DLV", "1", gbp(i["delivery"]), gbp(i["delivery"]), gbp(i["delivery"] * 0.2)]))
    if i["delivered"]:
        carrier, signed, note, pod = i["pod"] or ("K&G fleet", "Goods-in", "No issues noted", "POD-2025-18%03d" % (int(ist.id[-3:]) % 1000))
        delivery = region("Delivery", [dl([
            ("Delivered", i["delivered"]), ("Carrier", carrier), ("Signed for by", signed), ("POD note", note),
        ]), N("link", "View proof of delivery (%s)" % pod)])
    else:
        delivery = region("Delivery", [T("Not delivered yet.")])
    if ist.cns:
        cn_block = [table("Credit notes", ["Credit note", "Issued", "Total", "Status"],
                          [row([N("link", c[0]), c[1], gbp(c[2]), c[3]]) for c in ist.cns])]
    else:
        cn_block = [T("No credit notes have been issued against this invoice.")]
    if i["paid"]:
        pay_block = [T("Payment of %s received \u00b7 %s" % (gbp(i["paid"]), i["pay_note"] or "BACS"))]
    else:
        pay_block = [T("No payments recorded.")]
    others = [x for x in INVOICE_LIST_IDS if INVOICES[x]["acc"] == acc and x != ist.id]
    oth = [N("listitem", "", [N("link", x), T("%s \u00b7 %s" % (INVOICES[x]["date"], INVOICES[x]["status"]))]) for x in others]
    can_credit = bool(i["delivered"])
    main = [
        N("heading", "Invoice " + ist.id),
        T(status + ("" if i["paid"] else " \u00b7 due 30 days end of month")),
        N("group", "Invoice actions", [
            N("button", "Issue credit note", props=[] if can_credit else ["disabled=True"]),
            N("button", "Record payment"), N("button", "Email invoice"), N("button", "Download PDF"),
            N("button", "More invoice actions", props=["hasPopup='menu'", "expanded=False"]),
        ]),
        region("Invoice details", [dl([
            ("Customer", N("link", "%s (%s)" % (name, acc))), ("Sales order", N("link", i["so"])),
            ("Invoice date", i["date"]), ("Terms", terms), ("Invoice email", email),
        ])]),
        delivery,
        region("Invoice lines", [table("Invoice lines", ["Product", "SKU", "Qty", "Unit price", "Net", "VAT"], line_rows)]),
        region("Totals", [dl([
            ("Net", gbp(i["net"])), ("VAT (20%)", gbp(i["vat"])), ("Invoice total", gbp(i["total"])),
            ("Paid", gbp(i["paid"])), ("Credited", gbp(ist.credited)), ("Balance due", gbp(ist.balance)),
        ])]),
        region("Credit notes", cn_block),
        region("Payments", pay_block),
    ]
    side = [region("Other invoices for " + name, [N("list", "", oth or [N("listitem", "", [T("None")])])])]
    title = "Invoice %s \u00b7 %s" % (ist.id, PRODUCT)
    return title, shell(ctx, title, ["Home", "Invoices", ist.id], main, side=side, toast=toast)


REASONS = ["Select a reason", "Damaged in transit", "Damaged in warehouse", "Short delivery", "Wrong item delivered",
           "Quality complaint", "Pricing error", "Goodwill"]
STOCK_HANDLING = ["Write off \u2014 damaged, do not return to stock", "Return to stock after inspection",
                  "Return to supplier (RTV)"]


def new_credit_form(ist):
    return dict(reason="Select a reason", ref="", qty={sku: "0" for sku, _ in ist.i["lines"]}, delivery=False,
                stock=STOCK_HANDLING[0], method="account", cust_note="", int_note="")


def credit_totals(ist, form):
    net = 0.0
    for sku, _ in ist.i["lines"]:
        try:
            q = int(form["qty"][sku] or "0")
        except ValueError:
            q = 0
        net += price(sku) * q
    if form["delivery"]:
        net += ist.i["delivery"]
    net = r2(net)
    vat = r2(net * 0.2)
    return net, vat, r2(net + vat)


def refund_label(ist):
    if ist.i["paid"] and ist.i["pay_note"]:
        return "Refund to original payment (%s)" % ist.i["pay_note"].split(",")[0]
    return "Refund to original payment"


def page_credit_form(ctx, ist, form, errors=None, draft=None):
    i = ist.i
    acc = i["acc"]
    name = cust_name(acc)
    rows = []
    for sku, q in i["lines"]:
        rows.append(N("row", "", [cell(pname(sku)), cell(sku), cell(str(q)), cell(gbp(price(sku))), cell("0"),
                                  N("cell", "", [N("spinbutton", "Credit quantity for " + pname(sku), value=form["qty"][sku])])]))
    net, vat, tot = credit_totals(ist, form)
    refund_ok = bool(i["paid"])
    heading = ("Edit draft credit note %s for %s" % (draft, ist.id)) if draft else ("New credit note for " + ist.id)
    main = [N("heading", heading),
            T("%s (%s) \u00b7 invoice total %s \u00b7 balance due %s" % (name, acc, gbp(i["total"]), gbp(ist.balance)))]
    if errors:
        main.append(N("alert", "", [T("The credit note can't be reviewed yet:")] +
                      [N("list", "", [N("listitem", "", [T(e)]) for e in errors])]))
    main.append(N("form", "Credit note", [
        N("group", "Reason", [
            select("Reason for credit", REASONS, form["reason"], props=["required"]),
            N("textbox", "Damage or carrier reference", value=form["ref"]),
            T("Required for damaged goods: the carrier damage report or POD reference, e.g. DR-12345."),
        ]),
        N("group", "Lines to credit", [
            table("Lines to credit", ["Product", "SKU", "Invoiced", "Unit price", "Already credited", "Credit quantity"], rows),
            checkbox("Also credit the delivery charge (%s)" % gbp(i["delivery"]), form["delivery"]),
            select("Stock handling", STOCK_HANDLING, form["stock"]),
        ]),
        N("radiogroup", "Credit method", [
            radio("Credit to customer account (reduces balance due)", form["method"] == "account"),
            radio(refund_label(ist), form["method"] == "refund", props=[] if refund_ok else ["disabled=True"]),
            None if refund_ok else T("Refund is only available once the invoice has been paid."),
        ]),
        N("group", "Notes", [
            N("textbox", "Note to customer (printed on the credit note)", value=form["cust_note"], props=["multiline"]),
            N("textbox", "Internal note", value=form["int_note"], props=["multiline"]),
        ]),
        T("Credit net %s \u00b7 VAT %s \u00b7 total %s" % (gbp(net), gbp(vat), gbp(tot))),
        N("link", "Cancel and return to " + ist.id),
        N("button", "Save draft"),
        N("button", "Review credit note"),
    ]))
    title = "%s \u00b7 %s \u00b7 %s" % ("Edit draft " + draft if draft else "New credit note", ist.id, PRODUCT)
    return title, shell(ctx, title, ["Home", "Invoices", ist.id, "Edit draft" if draft else "New credit note"], main)


def credit_lines_rows(ist, form):
    rows = []
    for sku, _ in ist.i["lines"]:
        q = int(form["qty"][sku] or "0")
        if q:
            rows.append(row([pname(sku), sku, str(q), gbp(price(sku)), gbp(price(sku) * q)]))
    if form["delivery"]:
        rows.append(row(["Delivery charge", "DLV", "1", gbp(ist.i["delivery"]), gbp(ist.i["delivery"])]))
    return rows


def method_text(ist, form):
    if form["method"] == "account":
        return "Credit to customer account"
    return refund_label(ist)


def balance_after_text(ist, form, tot, after):
    if ist.i["paid"] and form["method"] == "refund":
        return "Invoice already paid \u2014 %s will be refunded to the card" % gbp(tot)
    return gbp(after)


def page_credit_review(ctx, ist, form, draft, dialog=False, issuing=False, alert=None, toast=None):
    i = ist.i
    name = cust_name(i["acc"])
    net, vat, tot = credit_totals(ist, form)
    after = r2(ist.balance - tot) if not i["paid"] else ist.balance
    main = [N("heading", "Review credit note (draft)"),
            T("Draft %s \u00b7 not issued yet. Nothing is posted to the ledger until you issue it." % draft)]
    if alert:
        main.append(N("alert", "", [T(a) for a in alert]))
    if issuing:
        main.append(N("status", "Issuing", [T("Issuing credit note\u2026 waiting for the ledger to confirm. This can take up to 30 seconds.")]))
    main += [
        region("Summary", [dl([
            ("Invoice", N("link", ist.id)), ("Customer", "%s (%s)" % (name, i["acc"])),
            ("Reason", form["reason"]), ("Damage or carrier reference", form["ref"] or "\u2014"),
            ("Stock handling", form["stock"]), ("Credit method", method_text(ist, form)),
            ("Note to customer", form["cust_note"] or "\u2014"), ("Internal note", form["int_note"] or "\u2014"),
        ])]),
        region("Credited lines", [table("Credited lines", ["Product", "SKU", "Qty", "Unit price", "Net"], credit_lines_rows(ist, form))]),
        region("Credit totals", [dl([
            ("Net", gbp(net)), ("VAT (20%)", gbp(vat)), ("Total credit", gbp(tot)),
            ("Invoice balance after credit", balance_after_text(ist, form, tot, after)),
        ])]),
        N("group", "Draft actions", [N("button", "Back to edit"), N("button", "Save draft and close"),
                                     N("button", "Issue credit note")]),
    ]
    dlg = None
    if dialog:
        if form["method"] == "refund":
            what = "This refunds %s to %s and posts the credit note to the sales ledger." % (gbp(tot), i["pay_note"].split(",")[0])
        else:
            what = "This credits %s to %s's account and posts it to the sales ledger." % (gbp(tot), name)
        dlg = N("dialog", "Issue credit note?", [
            N("heading", "Issue credit note for %s?" % gbp(tot)),
            T(what),
            T("The credit note will be emailed to %s." % CUSTOMERS[i["acc"]][2]),
            T("Issued credit notes cannot be edited or deleted."),
            N("button", "Cancel"), N("button", "Confirm and issue"),
        ], props=["modal=True"])
    title = "Review credit note %s \u00b7 %s" % (draft, PRODUCT)
    return title, shell(ctx, title, ["Home", "Invoices", ist.id, "Credit note " + draft], main, toast=toast, dialog=dlg)


def page_cn(ctx, ist, form, cn, issued_hm, toast=None):
    i = ist.i
    name = cust_name(i["acc"])
    net, vat, tot = credit_totals(ist, form)
    if form["method"] == "refund":
        settle = "Refund of %s sent to %s \u00b7 Adyen reference 8816%s" % (gbp(tot), i["pay_note"].split(",")[0], cn[-5:])
    else:
        settle = "Applied to %s \u00b7 invoice balance now %s" % (ist.id, gbp(ist.balance))
    main = [
        N("heading", "Credit note " + cn),
        T("Issued \u00b7 %s %s by %s" % (DAY_SHORT, issued_hm, USER)),
        N("group", "Credit note actions", [N("button", "Download PDF"), N("button", "Resend email"),
                                           N("button", "Void credit note", props=["disabled=True"]),
                                           T("Only Finance can void an issued credit note.")]),
        region("Summary", [dl([
            ("Against invoice", N("link", ist.id)), ("Customer", "%s (%s)" % (name, i["acc"])),
            ("Reason", form["reason"]), ("Damage or carrier reference", form["ref"] or "\u2014"),
            ("Stock handling", form["stock"]), ("Credit method", method_text(ist, form)),
            ("Ledger posting", "Posted to Sage 200 \u00b7 journal SJ-77%s" % cn[-4:]),
        ])]),
        region("Credited lines", [table("Credited lines", ["Product", "SKU", "Qty", "Unit price", "Net"], credit_lines_rows(ist, form))]),
        region("Credit totals", [dl([("Net", gbp(net)), ("VAT (20%)", gbp(vat)), ("Total credit", gbp(tot))])]),
        T(settle),
        T("Emailed to %s at %s" % (CUSTOMERS[i["acc"]][2], issued_hm)),
        region("Credit notes on " + ist.id, [N("list", "", [
            N("listitem", "", [N("link", c[0]), T("%s \u00b7 %s \u00b7 %s" % (c[1], gbp(c[2]), c[3]))]) for c in ist.cns])]),
        N("link", "View invoice " + ist.id),
    ]
    title = "Credit note %s \u00b7 %s" % (cn, PRODUCT)
    return title, shell(ctx, title, ["Home", "Credit notes", cn], main, toast=toast)


def page_denied(ctx, ist, draft, changed_hm):
    main = [
        N("heading", "You don't have access to this action"),
        N("alert", "", [
            T("Issuing credit notes needs the permission 'Credit notes: issue'. Your account no longer has it."),
            T("Your roles were changed at %s by IT Service Desk (change IT-CHG-20931)." % changed_hm),
            T("Draft %s has been kept and has not been issued." % draft),
        ]),
        T("Error 403 \u00b7 request id 7f3a19c2-5b0e-4d0e-9a61-%s" % draft[-5:]),
        N("list", "", [
            N("listitem", "", [N("link", "Back to draft " + draft)]),
            N("listitem", "", [N("link", "Request access from your administrator")]),
            N("listitem", "", [N("link", "Go to invoice " + ist.id)]),
            N("listitem", "", [N("link", "What do roles and permissions mean?")]),
        ]),
        region("Your roles", [N("list", "", [
            N("listitem", "", [T("Order Desk \u2014 Viewer (orders, invoices: read only)")]),
            N("listitem", "", [T("Backorders: create")]),
        ])]),
        region("Permissions needed for this action", [table("Permissions", ["Permission", "You have it"], [
            row(["Credit notes: create draft", "Yes"]),
            row(["Credit notes: issue", "No"]),
            row(["Refunds: send to card", "No"]),
        ])]),
        region("Need help?", [N("list", "", [
            N("listitem", "", [N("link", "IT Service Desk (ext. 4400)")]),
            N("listitem", "", [N("link", "Order desk handbook: credit notes")]),
        ])]),
    ]
    title = "Access denied \u00b7 " + PRODUCT
    return title, shell(ctx, title, ["Home", "Access denied"], main)


def page_login(ctx, next_path):
    kids = [
        N("banner", "", [N("link", "HiveWorks Order Desk", [N("img", "HiveWorks")]), T(ORG)]),
        N("main", "", [
            N("heading", "Sign in to HiveWorks"),
            N("alert", "", [T("Your session has expired. Please sign in again to continue.")]),
            T("You were signed out after 30 minutes without activity. Unsaved changes on the page you were on have not been kept."),
            N("form", "Sign in", [
                N("textbox", "Work email", value=USER_EMAIL, props=["required"]),
                N("textbox", "Password", value="", props=["required"]),
                checkbox("Keep me signed in on this device", False),
                N("button", "Sign in"),
                N("link", "Forgot your password?"),
                N("separator", ""),
                N("button", "Sign in with Microsoft"),
            ]),
            T("After signing in you will return to " + next_path),
            region("Service notices", [N("list", "", [
                N("listitem", "", [T("14 Oct 2025 \u00b7 Sage 200 ledger sync runs every 5 minutes; credit notes post on issue.")]),
                N("listitem", "", [T("11 Oct 2025 \u00b7 Planned maintenance Sat 18 Oct 22:00\u201323:30, order desk read-only.")]),
                N("listitem", "", [T("06 Oct 2025 \u00b7 HiveWorks Order Desk 4.12 released.")]),
                N("listitem", "", [T("29 Sep 2025 \u00b7 Sessions now time out after 30 minutes idle (was 60).")]),
            ])]),
            region("What's new in 4.12", [N("list", "", [
                N("listitem", "", [T("Substitute offers on backorders, with customer accept/decline in the trade portal.")]),
                N("listitem", "", [T("Credit note review step with running totals.")]),
                N("listitem", "", [T("Similar-number suggestions in search.")]),
                N("listitem", "", [T("Recently viewed panel on every page.")]),
                N("listitem", "", [T("Faster stock position lookups on order lines.")]),
                N("listitem", "", [T("Refunds to card via Adyen for paid invoices.")]),
            ]), N("link", "Read the release notes")]),
            region("Need help?", [N("list", "", [
                N("listitem", "", [N("link", "IT Service Desk (ext. 4400)")]),
                N("listitem", "", [N("link", "Order desk handbook")]),
                N("listitem", "", [N("link", "Report a problem with sign-in")]),
                N("listitem", "", [N("link", "Accessibility statement")]),
            ])]),
            region("Other Kettle & Grain systems", [N("list", "", [
                N("listitem", "", [N("link", "Trade portal (customers)"), T("trade.kettleandgrain.co.uk")]),
                N("listitem", "", [N("link", "Warehouse (WMS)"), T("Burton DC pick and pack")]),
                N("listitem", "", [N("link", "Fleet planner"), T("routes and delivery slots")]),
                N("listitem", "", [N("link", "Sage 200 web"), T("finance only")]),
                N("listitem", "", [N("link", "Supplier portal"), T("purchase orders and ASNs")]),
            ])]),
            region("Service status", [table("Service status", ["Service", "Status", "Last checked"], [
                row(["Order desk", "Operational", ctx.hm(-60)]),
                row(["Sage 200 ledger sync", "Operational", ctx.hm(-60)]),
                row(["Trade portal", "Operational", ctx.hm(-60)]),
                row(["Card refunds (Adyen)", "Operational", ctx.hm(-60)]),
                row(["Warehouse (WMS) link", "Degraded: pick confirmations delayed", ctx.hm(-60)]),
                row(["Email delivery", "Operational", ctx.hm(-60)]),
            ])]),
            N("group", "Language", [select("Language", ["English (UK)", "Cymraeg", "Polski"], "English (UK)")]),
        ]),
        N("region", "Cookie notice", [
            T("HiveWorks uses essential cookies to keep you signed in. We do not use advertising cookies."),
            N("button", "OK"), N("link", "Cookie settings"),
        ]),
        N("contentinfo", "", [
            T("%s %s (build %s)" % (PRODUCT, VERSION, BUILD)),
            T("\u00a9 2025 %s \u00b7 %s" % (ORG, SITE)),
            N("link", "System status"), N("link", "Privacy"), N("link", "Cookies"),
            N("link", "Terms of use"),
            T("Server time: " + ctx.clock()),
        ]),
        N("status", "", [], props=["live='polite'", "atomic", "relevant='additions text'"]),
    ]
    return "Sign in \u00b7 " + PRODUCT, kids


# ---------------------------------------------------------------------------
# Task variants and plans (written from the task and the healthy pages,
# before any faulty run was scripted; not tuned afterwards)
# ---------------------------------------------------------------------------

BO_VARIANTS = {
    "a": dict(oid="SO-25-08173", acc="ACC-10482", line=2, sku="MLT-WPIL-25", qty=12, po="PO-31884",
              sub="MLT-BPIL-25", subqty=12, near_orders=["SO-25-08137", "SO-25-08174"], near_po="PO-31848",
              near_subs=["MLT-BPAL-25", "MLT-WPIL-05"], near_cust="Tidewell Ales"),
    "b": dict(oid="SO-25-08217", acc="ACC-10517", line=1, sku="MLT-MO-25", qty=20, po="PO-31902",
              sub="MLT-GP-25", subqty=20, near_orders=["SO-25-08219", "SO-25-08271"], near_po="PO-31920",
              near_subs=["MLT-MOF-25"], near_cust="Copper Kettle Brewhouse"),
    "c": dict(oid="SO-25-08190", acc="ACC-10633", line=3, sku="MLT-CRM-25", qty=6, po="PO-31877",
              sub="MLT-CM2-25", subqty=6, near_orders=["SO-25-08191", "SO-25-08109"], near_po="PO-31787",
              near_subs=["MLT-CM1-25", "MLT-CRL-25"], near_cust="Northgate Brew House"),
}

CR_VARIANTS = {
    "a": dict(inv="INV-2025-04417", sku="MLT-CHOC-25", qty=3, ref="DR-55817", method="account",
              near_invs=["INV-2025-04471", "INV-2025-04418"], near_sku="MLT-PCHOC-25", cn="CN-2025-00931",
              draft="CN-D-05521"),
    "b": dict(inv="INV-2025-04452", sku="CHM-CAU-25", qty=2, ref="DR-55842", method="account",
              near_invs=["INV-2025-04453", "INV-2025-04425"], near_sku="CHM-CAU-10", cn="CN-2025-00934",
              draft="CN-D-05533"),
    "c": dict(inv="INV-2025-04389", sku="PKG-KEG30-SS", qty=1, ref="DR-55790", method="refund",
              near_invs=["INV-2025-04398", "INV-2025-04380"], near_sku="PKG-KEG50-SS", cn="CN-2025-00937",
              draft="CN-D-05540"),
}


def po_info(sku, po):
    for x in INCOMING[sku]:
        if x[0] == po:
            return x
    raise KeyError(po)


def bo_task(v):
    V = BO_VARIANTS[v]
    o = ORDERS[V["oid"]]
    po = po_info(V["sku"], V["po"])
    return ("On sales order %s for %s, line %d (%s, %s, %d %ss) is out of stock. Raise a backorder for all %d %ss "
            "to be filled from incoming purchase order %s (due %s), offer %s (%s) as a substitute for the same "
            "quantity, and make sure the customer is emailed about it. Report the backorder number when done." % (
                V["oid"], cust_name(o["acc"]), V["line"], pname(V["sku"]), V["sku"], V["qty"], PRODUCTS[V["sku"]][3],
                V["qty"], PRODUCTS[V["sku"]][3], V["po"], po[2], pname(V["sub"]), V["sub"]))


def cr_credit_amounts(v):
    V = CR_VARIANTS[v]
    net = r2(price(V["sku"]) * V["qty"])
    vat = r2(net * 0.2)
    return net, vat, r2(net + vat)


def cr_task(v):
    V = CR_VARIANTS[v]
    i = INVOICES[V["inv"]]
    unit = PRODUCTS[V["sku"]][3]
    how = ("credited to the customer's account" if V["method"] == "account"
           else "refunded to the card the customer paid with")
    return ("Invoice %s (%s) was delivered on %s and %d %s%s of %s (%s) arrived damaged. Issue a credit note for "
            "the damaged %s%s only, reason 'Damaged in transit', carrier damage report %s, %s. Report the credit "
            "note number when done." % (
                V["inv"], cust_name(i["acc"]), i["delivered"].rsplit(" ", 1)[0], V["qty"], unit,
                "" if V["qty"] == 1 else "s", pname(V["sku"]), V["sku"], unit, "" if V["qty"] == 1 else "s",
                V["ref"], how))


SESSION_FALSIFIERS = [
    "Sign-in page: the session has expired and I have to sign in again",
    "Access denied or you don't have permission for this action",
    "Something went wrong: the server could not complete the request",
]


def bo_plan(v):
    V = BO_VARIANTS[v]
    o = ORDERS[V["oid"]]
    cname = cust_name(o["acc"])
    po = po_info(V["sku"], V["po"])
    unit = PRODUCTS[V["sku"]][3]
    n = V["qty"]
    return {
        "task": bo_task(v),
        "plan_falsifiers": {"execution": list(SESSION_FALSIFIERS),
                            "planning": ["%s is on stop or credit hold, so nothing can be changed on its orders" % cname]},
        "commitments": [
            {"id": "open-order", "subgoal": "Find and open sales order %s for %s" % (V["oid"], cname),
             "skill": "open_record_by_id", "confidence": 0.85,
             "confirm": {"precondition": ["Signed in to HiveWorks Order Desk as %s" % USER],
                         "progress": ["Order search or list shows %s for %s" % (V["oid"], cname)],
                         "completion": ["Sales order %s page is open and the customer is %s" % (V["oid"], cname)]},
             "falsify": {"execution": ["Sales order %s is open instead" % V["near_orders"][0],
                                       "Sales order %s is open instead" % V["near_orders"][1],
                                       "The open order belongs to %s rather than %s" % (V["near_cust"], cname),
                                       "No orders match the search"],
                         "skill": ["The order search box is missing or disabled"],
                         "planning": ["%s is dispatched, invoiced or cancelled, so its lines can no longer be backordered" % V["oid"]]}},
            {"id": "open-backorder-form",
             "subgoal": "Open the backorder form for line %d, %s (%s)" % (V["line"], pname(V["sku"]), V["sku"]),
             "skill": "open_line_action", "confidence": 0.75,
             "confirm": {"precondition": ["Line %d %s shows out of stock on %s" % (V["line"], pname(V["sku"]), V["oid"])],
                         "progress": [],
                         "completion": ["Raise backorder form for %s line %d, %s, %d outstanding" % (V["oid"], V["line"], V["sku"], n)]},
             "falsify": {"execution": ["The backorder form is for a different product line of the order",
                                       "The backorder form is for a different order than %s" % V["oid"]],
                         "skill": ["No Raise backorder action on the out-of-stock line"],
                         "planning": ["Line %d already has a backorder" % V["line"],
                                      "%s is back in stock and could simply be allocated" % pname(V["sku"])]}},
            {"id": "set-backorder", "subgoal": "Backorder all %d %ss against %s due %s" % (n, unit, V["po"], po[2]),
             "skill": "fill_form", "confidence": 0.7,
             "confirm": {"precondition": [],
                         "progress": ["Quantity to backorder shows %d" % n],
                         "completion": ["Quantity to backorder is %d and Fulfil from is %s due %s" % (n, V["po"], po[2])]},
             "falsify": {"execution": ["Quantity to backorder is something other than %d" % n,
                                       "Fulfil from shows %s or another purchase order" % V["near_po"],
                                       "Fulfil from left on next available supply with no purchase order"],
                         "skill": ["%s is not offered in the supply list" % V["po"]],
                         "planning": ["%s has fewer than %d unallocated %ss" % (V["po"], n, unit)]}},
            {"id": "offer-substitute",
             "subgoal": "Offer %s (%s) for %d %ss and keep the customer email ticked" % (pname(V["sub"]), V["sub"], V["subqty"], unit),
             "skill": "fill_form", "confidence": 0.65,
             "confirm": {"precondition": [],
                         "progress": ["Substitute product shows %s %s" % (V["sub"], pname(V["sub"]))],
                         "completion": ["Substitute %s selected with substitute quantity %d" % (V["sub"], V["subqty"]),
                                        "Email %s about this backorder is ticked" % cname]},
             "falsify": {"execution": ["%s (%s) chosen as the substitute" % (pname(s), s) for s in V["near_subs"]] +
                                      ["Substitute product left as No substitute",
                                       "Substitute quantity is something other than %d" % V["subqty"],
                                       "Customer email is unticked"],
                         "skill": [],
                         "planning": ["%s has fewer than %d in stock" % (V["sub"], V["subqty"])]}},
            {"id": "submit-backorder", "subgoal": "Raise the backorder and confirm it in the confirmation dialog",
             "skill": "submit_with_confirmation", "confidence": 0.6,
             "confirm": {"precondition": [],
                         "progress": ["Confirm backorder dialog summarises %d x %s from %s with substitute %s" % (n, V["sku"], V["po"], V["sub"])],
                         "completion": ["Confirmation message quoting a new backorder number BO-2025-"]},
             "falsify": {"execution": ["Validation errors listed on the backorder form",
                                       "Dialog closed with Cancel so nothing was raised",
                                       "Order page unchanged after confirming, with no confirmation message",
                                       {"text": "Pressing Raise backorder or Confirm backorder again after a backorder number has been shown", "on": "action"}],
                         "skill": ["Confirm backorder button in the dialog does nothing"],
                         "planning": []}},
            {"id": "verify-and-report",
             "subgoal": "Check the order shows line %d backordered with the substitute offered, then report the backorder number" % V["line"],
             "skill": "verify_record_state", "confidence": 0.7,
             "confirm": {"precondition": [],
                         "progress": ["Order %s lists the new backorder under Backorders on this order" % V["oid"]],
                         "completion": ["Line %d shows Backordered with a BO number, due %s" % (V["line"], po[2]),
                                        "Substitute offered: %d x %s, awaiting customer reply" % (V["subqty"], pname(V["sub"])),
                                        "Activity shows the backorder and the email to the customer"]},
             "falsify": {"execution": ["Line %d still shows out of stock with a Raise backorder button" % V["line"],
                                       "Backorders on this order says there are none",
                                       "Two backorders listed for line %d" % V["line"],
                                       {"text": "Reporting the backorder as raised before a backorder number has appeared", "on": "action"}],
                         "skill": [], "planning": []}},
        ],
    }


def cr_plan(v):
    V = CR_VARIANTS[v]
    i = INVOICES[V["inv"]]
    cname = cust_name(i["acc"])
    net, vat, tot = cr_credit_amounts(v)
    unit = PRODUCTS[V["sku"]][3]
    n = V["qty"]
    method = ("Credit to customer account" if V["method"] == "account" else refund_label(InvoiceState(V["inv"])))
    wrong_method = ("Refund to original payment selected" if V["method"] == "account"
                    else "Credit to customer account selected instead of a refund")
    if V["method"] == "account":
        after = "Invoice balance due drops by %s to %s" % (gbp(tot), gbp(r2(i["total"] - i["paid"] - tot)))
    else:
        after = "Refund of %s to the customer's card is confirmed" % gbp(tot)
    return {
        "task": cr_task(v),
        "plan_falsifiers": {"execution": list(SESSION_FALSIFIERS),
                            "planning": ["Credit notes on this account need Credit Control approval first"]},
        "commitments": [
            {"id": "open-invoice", "subgoal": "Find and open invoice %s for %s" % (V["inv"], cname),
             "skill": "open_record_by_id", "confidence": 0.85,
             "confirm": {"precondition": ["Signed in to HiveWorks Order Desk as %s" % USER],
                         "progress": ["Invoice search or list shows %s for %s" % (V["inv"], cname)],
                         "completion": ["Invoice %s page is open, customer %s" % (V["inv"], cname)]},
             "falsify": {"execution": ["Invoice %s is open instead" % x for x in V["near_invs"]] +
                                      ["No invoices match the search"],
                         "skill": ["The invoice search box is missing"],
                         "planning": ["Invoice %s has not been delivered yet" % V["inv"],
                                      "Invoice %s already has a credit note for the damaged goods" % V["inv"]]}},
            {"id": "start-credit-note", "subgoal": "Start a new credit note from the invoice",
             "skill": "open_record_action", "confidence": 0.8,
             "confirm": {"precondition": ["Invoice shows as delivered, with the damage noted on the proof of delivery"],
                         "progress": [],
                         "completion": ["New credit note form for %s" % V["inv"]]},
             "falsify": {"execution": ["The credit note form is for a different invoice"],
                         "skill": ["Issue credit note is greyed out or missing on the invoice"],
                         "planning": []}},
            {"id": "enter-credit-lines",
             "subgoal": "Credit %d x %s, reason Damaged in transit, reference %s, %s" % (n, pname(V["sku"]), V["ref"], method.lower()),
             "skill": "fill_form", "confidence": 0.65,
             "confirm": {"precondition": [],
                         "progress": ["Reason for credit shows Damaged in transit",
                                      "Credit quantity for %s shows %d" % (pname(V["sku"]), n)],
                         "completion": ["Credit net %s, VAT %s, total %s" % (gbp(net), gbp(vat), gbp(tot)),
                                        "Damage or carrier reference %s" % V["ref"],
                                        "%s selected" % method]},
             "falsify": {"execution": ["Credit quantity entered against %s instead" % pname(V["near_sku"]),
                                       "Credit quantity for %s is not %d" % (pname(V["sku"]), n),
                                       "Delivery charge ticked for credit",
                                       wrong_method,
                                       "Damage reference differs from %s" % V["ref"]],
                         "skill": ["Credit quantity field will not accept a value"],
                         "planning": ["The %s line has already been credited" % pname(V["sku"])]}},
            {"id": "review-draft",
             "subgoal": "Review the draft credit note: %d x %s, net %s, VAT %s, total %s" % (n, V["sku"], gbp(net), gbp(vat), gbp(tot)),
             "skill": "verify_record_state", "confidence": 0.7,
             "confirm": {"precondition": [],
                         "progress": ["Review credit note (draft) page"],
                         "completion": ["Draft shows only %d x %s and total credit %s" % (n, pname(V["sku"]), gbp(tot))]},
             "falsify": {"execution": ["Total credit on the review page differs from %s" % gbp(tot),
                                       "The form comes back with validation errors instead of the review page",
                                       "Credited lines include anything other than %s" % pname(V["sku"])],
                         "skill": [], "planning": []}},
            {"id": "issue-credit-note", "subgoal": "Issue the credit note and confirm the dialog",
             "skill": "submit_with_confirmation", "confidence": 0.6,
             "confirm": {"precondition": [],
                         "progress": ["Issue credit note dialog for %s" % gbp(tot)],
                         "completion": ["Credit note CN-2025- shown as Issued and posted to the ledger"]},
             "falsify": {"execution": ["Error saying the credit note was not issued",
                                       "Still a draft after confirming",
                                       {"text": "Issuing again after the credit note has already been issued or while issuing is in progress", "on": "action"}],
                         "skill": ["Confirm and issue button does nothing"],
                         "planning": ["Credit note needs approval by Credit Control before it can be issued"]}},
            {"id": "verify-and-report",
             "subgoal": "Confirm the credit is applied and report the credit note number",
             "skill": "verify_record_state", "confidence": 0.7,
             "confirm": {"precondition": [],
                         "progress": ["Credit note emailed to %s" % CUSTOMERS[i["acc"]][2]],
                         "completion": [after,
                                        "Exactly one credit note listed against %s" % V["inv"]]},
             "falsify": {"execution": ["Two credit notes listed against %s for the same damage" % V["inv"],
                                       {"text": "Reporting success while the credit note is still a draft", "on": "action"}],
                         "skill": [], "planning": []}},
        ],
    }


# ---------------------------------------------------------------------------
# YAML emitter (block mappings/sequences; every leaf is a JSON scalar or flow
# value, which YAML reads as-is)
# ---------------------------------------------------------------------------

def _yscalar(v):
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    if isinstance(v, (int, float)):
        return json.dumps(v)
    if isinstance(v, str):
        if v and all(c.isalnum() or c in "-_." for c in v) and not v[0].isdigit() and v not in ("true", "false", "null", "yes", "no", "on", "off"):
            return v
        return json.dumps(v, ensure_ascii=False)
    return json.dumps(v, ensure_ascii=False)


def _yemit(obj, indent, out):
    pad = "  " * indent
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append("%s%s:" % (pad, k))
                _yemit(v, indent + 1, out)
            elif isinstance(v, list):
                out.append("%s%s: []" % (pad, k))
            elif isinstance(v, dict):
                out.append("%s%s: {}" % (pad, k))
            else:
                out.append("%s%s: %s" % (pad, k, _yscalar(v)))
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, dict) and any(isinstance(x, (dict, list)) for x in item.values()):
                sub = []
                _yemit(item, indent + 1, sub)
                first = sub[0].lstrip()
                out.append("%s- %s" % (pad, first))
                out.extend(sub[1:])
            elif isinstance(item, dict):
                out.append("%s- %s" % (pad, json.dumps(item, ensure_ascii=False)))
            else:
                out.append("%s- %s" % (pad, _yscalar(item)))


def to_yaml(obj, header):
    out = ["# " + h for h in header]
    _yemit(obj, 0, out)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Runner: drives one trajectory, keeps the browser document and the clock
# ---------------------------------------------------------------------------

PLAYWRIGHT_DISABLED = ("Error: Locator.fill: Timeout 500ms exceeded.\nCall log:\n"
                       "  - waiting for get_by_test_id(\"{bid}\")\n"
                       "  -   locator resolved to <input disabled type=\"number\" min=\"1\" name=\"substitute_qty\" id=\"substitute-qty\"/>\n"
                       "  - elementHandle.fill(\"{val}\")\n"
                       "  -   waiting for element to be visible, enabled and editable\n"
                       "  -   element is not enabled - waiting...")


class Runner(object):
    def __init__(self, rid, workflow, variant, start, recent, notif=3):
        self.rid = rid
        self.workflow = workflow
        self.variant = variant
        self.ctx = Ctx(start, recent, notif)
        self.rng = random.Random("hiveworks/" + rid)
        self.doc = None
        self.index = []
        self.cur = None
        self.steps = []
        self.off = None
        self.initial = None

    def _observe(self, url, built, nav, focus=None, error=None):
        if nav or self.doc is None:
            self.doc = Doc(start=self.rng.choice([9, 11, 12, 14]))
        self.doc.focus = focus
        title, kids = built
        text, index = render(title, kids, self.doc)
        self.index = index
        self.cur = dict(url=BASE + url, title=title, text=text, error=error)
        return self.cur

    def start(self, url, build):
        self.initial = self._observe(url, build(), nav=True)

    def find(self, role, name, nth=0):
        hits = [x for x in self.index if x[1] == role and x[2] == name]
        if len(hits) <= nth:
            raise KeyError("%s: no %s %r on %s" % (self.rid, role, name, self.cur["url"]))
        return hits[nth][0]

    def act(self, commitment, kind, target=None, value=None, reasoning="", effect="read", url=None, build=None,
            nav=True, dt=None, error=None, focus=None, off=False, nth=0, before=None):
        """One agent action. ``before`` applies the action's effect on the application state
        (after the clock has moved); ``build`` must be a pure page renderer, because a later
        step that leaves the page unchanged re-renders it."""
        if kind == "msg":
            command = "send_msg_to_user(%r)" % value
            tdesc = None
        else:
            role, name = target
            bid = self.find(role, name, nth)
            tdesc = "%s %r" % (role, name)
            if kind == "click":
                command = "click('%s')" % bid
            elif kind == "fill":
                command = "fill('%s', %r)" % (bid, value)
            elif kind == "select":
                command = "select_option('%s', %r)" % (bid, value)
            elif kind == "press":
                command = "press('%s', %r)" % (bid, value)
            else:
                raise ValueError(kind)
            if error:
                error = error.format(bid=bid, val=value)
        if dt is None:
            dt = {"click": (9, 26), "fill": (8, 21), "select": (7, 17), "press": (3, 8), "msg": (6, 15)}[kind]
        self.ctx.t += self.rng.randint(*dt)
        if off:
            assert self.off is None, self.rid
            self.off = len(self.steps)
        if before is not None:
            before()
        if build is None:  # page unchanged apart from the clock and focus
            obs = self._observe(self.cur["url"][len(BASE):], self.last_build(), nav=False, focus=focus, error=error)
        else:
            self._last = build
            obs = self._observe(url if url is not None else self.cur["url"][len(BASE):], build(), nav=nav,
                                focus=focus, error=error)
        action = {"command": command, "reasoning": reasoning, "target": tdesc, "effect": effect}
        step = {"commitment": commitment, "action": action, "observation": obs}
        self.steps.append(step)
        return step

    def last_build(self):
        return self._last()

    def record(self, task, plan_path, fault, description, success, cause=None, agent_report=None):
        if fault is None:
            assert self.off is None, self.rid
        else:
            assert self.off is not None, self.rid
        label = {"fault": fault, "first_off_track_step": self.off}
        if fault:
            label["cause"] = cause
            label["description"] = description
        rec = {
            "id": self.rid,
            "workflow": self.workflow,
            "variant": self.variant,
            "task": task,
            "plan": plan_path,
            "label": label,
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success, "summary": description if not fault else None,
                        "agent_reported_success": True},
        }
        if fault is None:
            rec["outcome"]["summary"] = description
        else:
            rec["outcome"]["summary"] = "Task not achieved: " + description
        return rec


# The initial page is built through this helper so that in-page updates of the
# first page (typing into a search box) can re-render it.
def begin(r, url, build):
    r._last = build
    r.start(url, build)


# ---------------------------------------------------------------------------
# Backorder workflow: building blocks
# ---------------------------------------------------------------------------

def olabel(oid):
    return "%s \u00b7 %s" % (oid, cust_name(ORDERS[oid]["acc"]))


def ilabel(iid):
    return "%s \u00b7 %s" % (iid, cust_name(INVOICES[iid]["acc"]))


class BO(object):
    def __init__(self, r, v, oid=None, line=None):
        self.r = r
        self.V = BO_VARIANTS[v]
        self.oid = oid or self.V["oid"]
        self.line = line or self.V["line"]
        self.ost = OrderState(self.oid)
        self.form = new_bo_form()
        self.sku = self.ost.lines[self.line - 1]["sku"]

    def form_page(self, **kw):
        return page_bo_form(self.r.ctx, self.ost, self.line, self.form, **kw)

    def order_page(self, **kw):
        return page_order(self.r.ctx, self.ost, **kw)

    def apply(self, bo_id, notify=True):
        l = self.ost.lines[self.line - 1]
        po = self.form["po"].split(" \u00b7 ")[0]
        due = po_info(self.sku, po)[2]
        l.update(state="Backordered", bo=bo_id, due=due)
        sub = None
        if self.form["sub"] != "No substitute":
            sub = (self.form["sub"].split(" \u00b7 ")[0], int(self.form["subqty"]), "awaiting customer reply")
            l["sub"] = sub
        self.ost.backorders.append(dict(bo=bo_id, line=self.line, sku=self.sku, qty=int(self.form["qty"]), po=po,
                                        due=due, sub=sub, status="Awaiting stock"))
        still_oos = [x for x in self.ost.lines if x["state"] == "Out of stock"]
        self.ost.status = "Open \u2014 stock issue" if still_oos else "Open \u2014 awaiting backorder"
        hm = "14 Oct " + self.r.ctx.hm()
        self.ost.activity.append((hm, USER, "Raised backorder %s: %s \u00d7 %s from %s (due %s)" % (
            bo_id, self.form["qty"], self.sku, po, due)))
        if sub:
            self.ost.activity.append((hm, USER, "Substitute offered on line %d: %d \u00d7 %s, awaiting customer reply" % (
                self.line, sub[1], sub[0])))
        if notify and self.form["notify"]:
            self.ost.activity.append((hm, "HiveWorks", "Email 'Backorder %s' sent to %s" % (
                bo_id, CUSTOMERS[self.ost.o["acc"]][2])))
        return due


def nav_orders(r, commit, why):
    r.act(commit, "click", ("link", "Orders"), reasoning=why, url="/orders", build=lambda: page_orders(r.ctx))


def search_orders(r, commit, q, why_fill, why_press):
    r.act(commit, "fill", ("textbox", "Search orders"), q, why_fill, nav=False,
          build=lambda: page_orders(r.ctx, typed=q), focus=("textbox", "Search orders"))
    r.act(commit, "press", ("textbox", "Search orders"), "Enter", why_press, url="/orders?q=" + q.replace(" ", "+"),
          build=lambda: page_orders(r.ctx, applied=q, typed=q), dt=(3, 7))


def open_order(r, commit, b, why, off=False):
    r.ctx.visit(olabel(b.oid))
    r.act(commit, "click", ("link", b.oid), reasoning=why, url="/orders/" + b.oid, build=b.order_page, off=off)


def open_bo_form(r, commit, b, why, off=False):
    r.act(commit, "click", ("button", "Raise backorder for line %d" % b.line), reasoning=why,
          url="/orders/%s/lines/%d/backorder" % (b.oid, b.line), build=b.form_page, off=off)


def fill_bo(r, commit, b, field, key, val, why, off=False, role="spinbutton"):
    b.form[key] = val
    r.act(commit, "fill", (role, field), val, why, "write", nav=False, build=b.form_page, focus=(role, field), off=off)


def select_bo(r, commit, b, field, key, option, why, off=False):
    b.form[key] = option
    r.act(commit, "select", ("combobox", field), option, why, "write", nav=False, build=b.form_page,
          focus=("combobox", field), off=off)


def raise_bo(r, commit, b, why, off=False):
    r.act(commit, "click", ("button", "Raise backorder"), reasoning=why, effect="write", nav=False,
          build=lambda: b.form_page(dialog=True), off=off)


def confirm_bo(r, commit, b, bo_id, why, dt=(6, 14)):
    msg = "Backorder %s raised for %s line %d." % (bo_id, b.oid, b.line)
    if b.form["sub"] != "No substitute":
        msg += " Substitute offer emailed to %s." % cust_name(b.ost.o["acc"])
    elif b.form["notify"]:
        msg += " %s has been emailed." % cust_name(b.ost.o["acc"])
    r.act(commit, "click", ("button", "Confirm backorder"), reasoning=why, effect="irreversible",
          url="/orders/%s?backorder=%s" % (b.oid, bo_id), before=lambda: b.apply(bo_id),
          build=lambda: b.order_page(toast=msg), dt=dt)


def bo_report(r, text, why="The order page confirms the backorder; report back.", off=False):
    r.act("verify-and-report", "msg", value=text, reasoning=why, off=off)


BO_RECENT = {
    "a": ["SO-25-08137 \u00b7 Tidewell Ales", "INV-2025-04471 \u00b7 Copper Kettle Brewhouse",
          "SO-25-08174 \u00b7 Quayside Beer Co.", "ACC-10428 \u00b7 Tidewell Ales", "PO-31848 \u00b7 Weyermann Specialty Malts"],
    "b": ["SO-25-08219 \u00b7 Copper Hollow Brewing Co.", "SO-25-08271 \u00b7 Copper Kettle Brewhouse",
          "PO-31920 \u00b7 Crisp Malting Group", "INV-2025-04460 \u00b7 Copper Hollow Brewing Co.", "SO-25-08212 \u00b7 Lantern Yard Brewing"],
    "c": ["SO-25-08191 \u00b7 Old Forge Fermentary", "SO-25-08109 \u00b7 Northgate Brew House",
          "PO-31787 \u00b7 Simpsons Malt Ltd", "INV-2025-04444 \u00b7 Northbank Brewhouse", "SO-25-08199 \u00b7 Drover's Rest Brewery"],
}


def bo_report_text(b, bo_id, sub=True):
    V = b.V
    po = b.form["po"].split(" \u00b7 ")[0]
    t = "Backorder %s raised on %s line %d: %s x %s from %s (due %s)." % (
        bo_id, b.oid, b.line, b.form["qty"], b.sku, po, po_info(b.sku, po)[2] if po.startswith("PO-") else "n/a")
    if sub:
        t += " Substitute offered: %s x %s, customer emailed." % (b.form["subqty"] or V["subqty"], V["sub"])
    return t


# ---------------------------------------------------------------------------
# Backorder workflow: the runs
# ---------------------------------------------------------------------------

def bo_healthy_1():
    r = Runner("backorder-healthy-01", "backorder", "a", "09:12:05", BO_RECENT["a"])
    b = BO(r, "a")
    V = b.V
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_orders(r, "open-order", "Go to the Orders list to find SO-25-08173.")
    search_orders(r, "open-order", "SO-25-08173", "Search for the order number from the task.", "Run the search.")
    open_order(r, "open-order", b, "SO-25-08173 for Tidewater Ales Ltd is the only match; open it.")
    open_bo_form(r, "open-backorder-form", b, "Line 2 (MLT-WPIL-25, 12 sacks) is out of stock; start the backorder on that line.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "12", "Backorder all 12 outstanding sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31884"),
              "Fill it from PO-31884, due 28 Oct 2025, as the task says.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-BPIL-25"),
              "Offer BestMalz Pilsen Malt 25 kg as the substitute.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "12", "Same quantity as the backorder: 12 sacks.")
    raise_bo(r, "submit-backorder", b, "Email to the customer is already ticked; raise the backorder.")
    confirm_bo(r, "submit-backorder", b, "BO-2025-0318", "The dialog summary matches the task; confirm.")
    bo_report(r, bo_report_text(b, "BO-2025-0318"),
              "Line 2 now shows Backordered BO-2025-0318 due 28 Oct with the substitute offer awaiting reply.")
    return r.record(bo_task("a"), "plans/backorder-a.yaml", None,
                    "Orders list search, backorder raised with substitute, confirmed in dialog.", True)


def bo_healthy_2():
    r = Runner("backorder-healthy-02", "backorder", "b", "09:31:40", BO_RECENT["b"])
    b = BO(r, "b")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    open_order(r, "open-order", b, "The dashboard's stock exceptions list has SO-25-08217 (Copper Hollow Brewing Co., Maris Otter x20); open it from there.")
    open_bo_form(r, "open-backorder-form", b, "Line 1 is the out-of-stock Crisp Maris Otter line; raise a backorder on it.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "2", "Enter the backorder quantity.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "20", "The field shows 2, I dropped a digit; the task says 20 sacks. Correct it.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31902"),
              "Fulfil from PO-31902 (Crisp Malting Group, due 24 Oct 2025).")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-GP-25"),
              "Substitute: Simpsons Golden Promise Pale Ale Malt 25 kg.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "20", "Offer the same 20 sacks.")
    raise_bo(r, "submit-backorder", b, "Everything is filled in and the customer email is ticked; raise it.")
    confirm_bo(r, "submit-backorder", b, "BO-2025-0318", "Dialog shows 20 x MLT-MO-25 from PO-31902 with 20 x MLT-GP-25 offered; confirm.")
    bo_report(r, bo_report_text(b, "BO-2025-0318"))
    return r.record(bo_task("b"), "plans/backorder-b.yaml", None,
                    "Opened from the dashboard stock-exceptions widget; mistyped quantity 2 corrected to 20 before submitting.", True)


def bo_healthy_3():
    r = Runner("backorder-healthy-03", "backorder", "c", "09:48:12", BO_RECENT["c"])
    b = BO(r, "c")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_orders(r, "open-order", "Open the Orders list.")
    search_orders(r, "open-order", "SO-25-8190", "Search for the order.", "Submit the search.")
    search_orders(r, "open-order", "SO-25-08190", "No match: I left out the leading zero of the five-digit number. Search again with SO-25-08190.",
                  "Submit the corrected search.")
    open_order(r, "open-order", b, "SO-25-08190, Northbank Brewhouse, is the match; open it.")
    open_bo_form(r, "open-backorder-form", b, "Line 3, Simpsons Crystal Medium Malt 25 kg, is out of stock; raise the backorder there.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "6", "Backorder all 6 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31877"),
              "Fulfil from PO-31877, due 21 Oct 2025.")
    r.act("offer-substitute", "fill", ("spinbutton", "Substitute quantity"), "6", "Enter the substitute quantity.", "write",
          error=PLAYWRIGHT_DISABLED, dt=(6, 9))
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-CM2-25"),
              "The quantity box is disabled until a substitute product is chosen. Pick Weyermann CaraMunich Type 2 25 kg first.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "6", "Now the quantity box is enabled: 6 sacks.")
    fill_bo(r, "offer-substitute", b, "Message to customer (optional)", "msg",
            "Crystal Medium is due back in on 21 Oct. CaraMunich Type 2 is the closest match we hold if you need to brew before then.",
            "Add a short explanation for the customer (optional).", role="textbox")
    raise_bo(r, "submit-backorder", b, "Raise the backorder.")
    confirm_bo(r, "submit-backorder", b, "BO-2025-0318", "Confirm: 6 x MLT-CRM-25 from PO-31877 with 6 x MLT-CM2-25 offered, customer emailed.")
    bo_report(r, bo_report_text(b, "BO-2025-0318"))
    return r.record(bo_task("c"), "plans/backorder-c.yaml", None,
                    "First search mistyped (no match) and retried; an action error on a disabled field recovered; optional customer message added.", True)


def bo_healthy_4():
    r = Runner("backorder-healthy-04", "backorder", "a", "10:20:33", BO_RECENT["a"][1:] + ["SO-25-08240 \u00b7 Tidewater Ales Ltd"])
    b = BO(r, "a")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    r.act("open-order", "click", ("link", "Customers"), reasoning="Find the order through the customer account.",
          url="/customers", build=lambda: page_customers(r.ctx))
    r.act("open-order", "fill", ("textbox", "Search customers"), "Tidewater", "Search for Tidewater Ales.", nav=False,
          build=lambda: page_customers(r.ctx, typed="Tidewater"), focus=("textbox", "Search customers"))
    r.act("open-order", "press", ("textbox", "Search customers"), "Enter", "Run the search.", url="/customers?q=Tidewater",
          build=lambda: page_customers(r.ctx, applied="Tidewater", typed="Tidewater"))
    r.ctx.visit("ACC-10482 \u00b7 Tidewater Ales Ltd")
    r.act("open-order", "click", ("link", "Tidewater Ales Ltd"), reasoning="Open Tidewater Ales Ltd (ACC-10482), not the similarly named Tidewell Ales.",
          url="/customers/ACC-10482?tab=orders", build=lambda: page_customer(r.ctx, "ACC-10482", "Orders"))
    open_order(r, "open-order", b, "The Orders tab lists SO-25-08173 (13 Oct, stock issue); open it.")
    open_bo_form(r, "open-backorder-form", b, "Raise the backorder on line 2, Weyermann Pilsner Malt 25 kg.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "12", "12 sacks outstanding.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31884"), "Use PO-31884 due 28 Oct.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-BPIL-25"), "BestMalz Pilsen Malt 25 kg as substitute.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "12", "12 sacks.")
    raise_bo(r, "submit-backorder", b, "Submit.")
    confirm_bo(r, "submit-backorder", b, "BO-2025-0319", "Confirm the backorder.")
    bo_report(r, bo_report_text(b, "BO-2025-0319"))
    return r.record(bo_task("a"), "plans/backorder-a.yaml", None,
                    "Reached the order through Customers > Tidewater Ales Ltd > Orders tab; backorder raised as asked.", True)


def bo_fault_wrong_record():
    r = Runner("backorder-wrong_record-01", "backorder", "a", "09:05:47", BO_RECENT["a"])
    b = BO(r, "a", oid="SO-25-08137", line=1)
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    open_order(r, "open-order", b, "The stock exceptions list shows the Tidewater order waiting on Weyermann Pilsner Malt 25 kg x 12; open it.", off=True)
    open_bo_form(r, "open-backorder-form", b, "The Weyermann Pilsner Malt 25 kg line is out of stock; raise the backorder on it.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "12", "Backorder the 12 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31884"), "Fulfil from PO-31884 due 28 Oct 2025.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-BPIL-25"), "Offer BestMalz Pilsen Malt 25 kg.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "12", "12 sacks of the substitute.")
    raise_bo(r, "submit-backorder", b, "Raise the backorder.")
    confirm_bo(r, "submit-backorder", b, "BO-2025-0318", "Confirm the backorder.")
    bo_report(r, "Backorder BO-2025-0318 raised for the 12 sacks of Weyermann Pilsner Malt 25 kg from PO-31884 (due 28 Oct). "
                 "Substitute offered: 12 x MLT-BPIL-25, customer emailed.")
    return r.record(bo_task("a"), "plans/backorder-a.yaml", "wrong_record",
                    "Opened SO-25-08137 (Tidewell Ales, transposed number, same product and quantity) from the dashboard instead of "
                    "SO-25-08173 (Tidewater Ales Ltd); the backorder and substitute offer went onto the wrong customer's order.",
                    False, cause="agent")


def bo_fault_wrong_value():
    r = Runner("backorder-wrong_value-01", "backorder", "b", "09:40:18", BO_RECENT["b"])
    b = BO(r, "b")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_orders(r, "open-order", "Go to Orders.")
    search_orders(r, "open-order", "SO-25-08217", "Search for SO-25-08217.", "Submit the search.")
    open_order(r, "open-order", b, "Open SO-25-08217, Copper Hollow Brewing Co.")
    open_bo_form(r, "open-backorder-form", b, "Line 1 Crisp Maris Otter is out of stock; raise a backorder on it.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "20", "Backorder all 20 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31902"), "Fill from PO-31902 due 24 Oct.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-GP-25"), "Golden Promise as the substitute.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "2", "Offer the substitute for the full quantity.", off=True)
    raise_bo(r, "submit-backorder", b, "Raise the backorder.")
    confirm_bo(r, "submit-backorder", b, "BO-2025-0318", "Confirm.")
    bo_report(r, "Backorder BO-2025-0318 raised on SO-25-08217 line 1: 20 x MLT-MO-25 from PO-31902 (due 24 Oct 2025). "
                 "Substitute offered: 20 x MLT-GP-25, customer emailed.")
    return r.record(bo_task("b"), "plans/backorder-b.yaml", "wrong_value",
                    "Substitute quantity typed as 2 instead of 20; the customer was offered 2 sacks of Golden Promise while the "
                    "agent reported 20.", False, cause="agent")


def bo_fault_silent_noop():
    r = Runner("backorder-silent_noop-01", "backorder", "c", "10:02:51", BO_RECENT["c"])
    b = BO(r, "c")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    open_order(r, "open-order", b, "SO-25-08190 (Northbank Brewhouse, Crystal Medium x6) is in the stock exceptions list; open it.")
    open_bo_form(r, "open-backorder-form", b, "Raise a backorder on line 3.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "6", "6 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31877"), "PO-31877 due 21 Oct.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-CM2-25"), "CaraMunich Type 2 as the substitute.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "6", "6 sacks of substitute.")
    raise_bo(r, "submit-backorder", b, "Raise the backorder.")
    r.act("submit-backorder", "click", ("button", "Confirm backorder"), reasoning="Confirm the backorder.", effect="irreversible",
          url="/orders/SO-25-08190", build=b.order_page, dt=(7, 12), off=True)
    bo_report(r, "Backorder raised on SO-25-08190 line 3: 6 x MLT-CRM-25 from PO-31877 (due 21 Oct 2025), with 6 x MLT-CM2-25 offered "
                 "as a substitute and the customer emailed.", why="Back on the order after confirming; the backorder is done.")
    return r.record(bo_task("c"), "plans/backorder-c.yaml", "silent_noop",
                    "Confirm backorder returned to the order page with nothing saved: no confirmation, line 3 still out of stock, "
                    "no backorder listed. The agent reported success without a backorder number.", False, cause="environment")


def bo_fault_cancelled_dialog():
    r = Runner("backorder-cancelled_dialog-01", "backorder", "a", "10:35:09", BO_RECENT["a"])
    b = BO(r, "a")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_orders(r, "open-order", "Open Orders.")
    search_orders(r, "open-order", "SO-25-08173", "Search for the order.", "Search.")
    open_order(r, "open-order", b, "Open SO-25-08173, Tidewater Ales Ltd.")
    open_bo_form(r, "open-backorder-form", b, "Raise a backorder on line 2.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "12", "12 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31884"), "PO-31884 due 28 Oct.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-BPIL-25"), "BestMalz Pilsen as substitute.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "12", "12 sacks.")
    raise_bo(r, "submit-backorder", b, "Raise the backorder.")
    r.act("submit-backorder", "click", ("button", "Cancel"), reasoning="The summary is right; close the dialog to finish.",
          nav=False, build=b.form_page, off=True)
    bo_report(r, "Backorder raised on SO-25-08173 line 2 for 12 x MLT-WPIL-25 from PO-31884, substitute 12 x MLT-BPIL-25 offered "
                 "and Tidewater Ales Ltd emailed.", why="Form completed and submitted.")
    return r.record(bo_task("a"), "plans/backorder-a.yaml", "cancelled_dialog",
                    "Clicked Cancel in the Confirm backorder dialog; the filled form stayed open, no backorder was raised, and the "
                    "agent reported success.", False, cause="agent")


def bo_fault_session_expired():
    r = Runner("backorder-session_expired-01", "backorder", "b", "11:05:26", BO_RECENT["b"])
    b = BO(r, "b")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    q = "SO-25-08217"

    def typed():
        r.ctx.gsearch = q
        return page_dashboard(r.ctx)
    r.act("open-order", "fill", ("combobox", "Search orders, invoices, customers, products"), q, "Use the global search for the order number.",
          nav=False, build=typed, focus=("combobox", "Search orders, invoices, customers, products"))
    r.act("open-order", "press", ("combobox", "Search orders, invoices, customers, products"), "Enter", "Search.",
          url="/search?q=" + q, build=lambda: page_search(r.ctx, q))
    r.ctx.gsearch = ""
    open_order(r, "open-order", b, "SO-25-08217 is listed under Orders; open it.")
    open_bo_form(r, "open-backorder-form", b, "Raise the backorder on line 1.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "20", "20 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31902"), "PO-31902.")
    select_bo(r, "offer-substitute", b, "Substitute product", "sub", sub_option(b.sku, "MLT-GP-25"), "Golden Promise substitute.")
    fill_bo(r, "offer-substitute", b, "Substitute quantity", "subqty", "20", "20 sacks.")
    raise_bo(r, "submit-backorder", b, "Raise the backorder.", )
    r.ctx.t += 1862  # the run stalled here for about 31 minutes before the next action
    r.act("submit-backorder", "click", ("button", "Confirm backorder"), reasoning="Confirm the backorder.", effect="irreversible",
          url="/login?reason=session_expired&next=%2Forders%2FSO-25-08217%2Flines%2F1%2Fbackorder",
          build=lambda: page_login(r.ctx, "/orders/SO-25-08217/lines/1/backorder"), off=True)
    bo_report(r, "Backorder raised on SO-25-08217 for 20 x MLT-MO-25 from PO-31902 with 20 x MLT-GP-25 offered as substitute.",
              why="I confirmed the backorder dialog, so the backorder is in.")
    return r.record(bo_task("b"), "plans/backorder-b.yaml", "session_expired",
                    "After a 31-minute stall the Confirm backorder request landed on the sign-in page (session expired); nothing "
                    "was saved and the agent reported success.", False, cause="environment")


def bo_fault_skipped_step():
    r = Runner("backorder-skipped_step-01", "backorder", "c", "11:20:44", BO_RECENT["c"])
    b = BO(r, "c")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_orders(r, "open-order", "Go to Orders.")
    search_orders(r, "open-order", "SO-25-08190", "Search for SO-25-08190.", "Search.")
    open_order(r, "open-order", b, "Open SO-25-08190.")
    open_bo_form(r, "open-backorder-form", b, "Raise the backorder on line 3, Simpsons Crystal Medium.")
    fill_bo(r, "set-backorder", b, "Quantity to backorder", "qty", "6", "6 sacks.")
    select_bo(r, "set-backorder", b, "Fulfil from", "po", supply_option(b.sku, "PO-31877"), "PO-31877 due 21 Oct.")
    raise_bo(r, "submit-backorder", b, "Quantity and supply set, customer email ticked; raise the backorder.", off=True)
    confirm_bo(r, "submit-backorder", b, "BO-2025-0318", "Confirm.")
    bo_report(r, "Backorder BO-2025-0318 raised on SO-25-08190 line 3: 6 x MLT-CRM-25 from PO-31877 (due 21 Oct 2025). "
                 "Substitute MLT-CM2-25 offered and the customer emailed.")
    return r.record(bo_task("c"), "plans/backorder-c.yaml", "skipped_step",
                    "Raised the backorder without choosing a substitute (the dialog said no substitute would be offered); the "
                    "agent still reported that CaraMunich Type 2 was offered.", False, cause="agent")


# ---------------------------------------------------------------------------
# Credit note workflow: building blocks
# ---------------------------------------------------------------------------

class CR(object):
    def __init__(self, r, v):
        self.r = r
        self.V = CR_VARIANTS[v]
        self.ist = InvoiceState(self.V["inv"])
        self.form = new_credit_form(self.ist)
        self.editing = None

    def form_page(self, **kw):
        return page_credit_form(self.r.ctx, self.ist, self.form, draft=self.editing, **kw)

    def review_page(self, **kw):
        return page_credit_review(self.r.ctx, self.ist, self.form, self.V["draft"], **kw)

    def invoice_page(self, **kw):
        return page_invoice(self.r.ctx, self.ist, **kw)

    def do_issue(self, cn):
        tot = credit_totals(self.ist, self.form)[2]
        self.issued_hm = self.r.ctx.hm()
        self.ist.cns.append((cn, "%s %s" % (DAY_SHORT, self.issued_hm), tot, "Issued"))

    def cn_page(self, cn):
        return page_cn(self.r.ctx, self.ist, self.form, cn, self.issued_hm,
                       toast="Credit note %s issued and emailed to %s." % (cn, cust_name(self.ist.i["acc"])))


def nav_invoices(r, commit, why):
    r.act(commit, "click", ("link", "Invoices"), reasoning=why, url="/invoices", build=lambda: page_invoices(r.ctx))


def search_invoices(r, commit, q, why_fill, why_press):
    r.act(commit, "fill", ("textbox", "Search invoices"), q, why_fill, nav=False,
          build=lambda: page_invoices(r.ctx, typed=q), focus=("textbox", "Search invoices"))
    r.act(commit, "press", ("textbox", "Search invoices"), "Enter", why_press, url="/invoices?q=" + q,
          build=lambda: page_invoices(r.ctx, applied=q, typed=q), dt=(3, 7))


def open_invoice(r, commit, c, why, off=False, iid=None):
    iid = iid or c.V["inv"]
    r.ctx.visit(ilabel(iid))
    r.act(commit, "click", ("link", iid), reasoning=why, url="/invoices/" + iid, build=c.invoice_page, off=off)


def start_credit(r, c, why):
    r.act("start-credit-note", "click", ("button", "Issue credit note"), reasoning=why,
          url="/invoices/%s/credit-notes/new" % c.V["inv"], build=c.form_page)


def set_reason(r, c, why):
    c.form["reason"] = "Damaged in transit"
    r.act("enter-credit-lines", "select", ("combobox", "Reason for credit"), "Damaged in transit", why, "write", nav=False,
          build=c.form_page, focus=("combobox", "Reason for credit"))


def set_qty(r, c, sku, val, why, off=False):
    c.form["qty"][sku] = val
    f = "Credit quantity for " + pname(sku)
    r.act("enter-credit-lines", "fill", ("spinbutton", f), val, why, "write", nav=False, build=c.form_page,
          focus=("spinbutton", f), off=off)


def set_ref(r, c, val, why):
    c.form["ref"] = val
    r.act("enter-credit-lines", "fill", ("textbox", "Damage or carrier reference"), val, why, "write", nav=False,
          build=c.form_page, focus=("textbox", "Damage or carrier reference"))


def set_refund(r, c, why):
    c.form["method"] = "refund"
    lab = refund_label(c.ist)
    r.act("enter-credit-lines", "click", ("radio", lab), reasoning=why, effect="write", nav=False, build=c.form_page,
          focus=("radio", lab))


def review(r, c, why, dt=(5, 12)):
    r.act("review-draft", "click", ("button", "Review credit note"), reasoning=why, effect="write",
          url="/credit-notes/%s/review" % c.V["draft"], build=c.review_page, dt=dt)


def open_issue_dialog(r, c, why, off=False, issuing=False):
    r.act("issue-credit-note", "click", ("button", "Issue credit note"), reasoning=why, effect="write", nav=False,
          build=lambda: c.review_page(dialog=True, issuing=issuing), off=off)


def confirm_issue(r, c, cn, why):
    r.act("issue-credit-note", "click", ("button", "Confirm and issue"), reasoning=why, effect="irreversible",
          url="/credit-notes/" + cn, before=lambda: c.do_issue(cn), build=lambda: c.cn_page(cn), dt=(6, 15))


def cr_report(r, text, why="The credit note is issued; report the number.", off=False):
    r.act("verify-and-report", "msg", value=text, reasoning=why, off=off)


CR_RECENT = {
    "a": ["INV-2025-04471 \u00b7 Copper Kettle Brewhouse", "INV-2025-04418 \u00b7 Tidewell Ales", "SO-25-08240 \u00b7 Tidewater Ales Ltd",
          "CN-2025-00929 \u00b7 Lantern Yard Brewing", "SO-25-08137 \u00b7 Tidewell Ales"],
    "b": ["INV-2025-04453 \u00b7 Harrow Lane Brewery", "INV-2025-04425 \u00b7 Lantern Yard Brewing", "SO-25-08160 \u00b7 Harrow Lane Brewery",
          "CN-2025-00930 \u00b7 Fenland Wild Ales", "INV-2025-04444 \u00b7 Northbank Brewhouse"],
    "c": ["INV-2025-04398 \u00b7 Saltmarsh Cider & Ale", "SO-25-08182 \u00b7 Saltmarsh Cider & Ale", "INV-2025-04389 \u00b7 Saltmarsh Cider & Ale",
          "INV-2025-04380 \u00b7 Harrow Lane Brewery", "CN-2025-00930 \u00b7 Fenland Wild Ales"],
}


def cr_report_text(c, cn):
    net, vat, tot = credit_totals(c.ist, c.form)
    V = c.V
    how = "credited to the customer's account" if c.form["method"] == "account" else "refunded to %s" % c.ist.i["pay_note"].split(",")[0]
    return "Credit note %s issued against %s: %s x %s (%s), reason Damaged in transit, ref %s. Total %s inc. VAT, %s." % (
        cn, V["inv"], V["qty"], pname(V["sku"]), V["sku"], V["ref"], gbp(tot), how)


# ---------------------------------------------------------------------------
# Credit note workflow: the runs
# ---------------------------------------------------------------------------

def cr_healthy_1():
    r = Runner("credit-healthy-01", "credit", "a", "09:15:22", CR_RECENT["a"])
    c = CR(r, "a")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Go to Invoices to find INV-2025-04417.")
    search_invoices(r, "open-invoice", "INV-2025-04417", "Search for the invoice number.", "Run the search.")
    open_invoice(r, "open-invoice", c, "One match, Tidewater Ales Ltd; open it.")
    start_credit(r, c, "Delivered 09 Oct with the split sacks on the POD note; start a credit note.")
    set_reason(r, c, "Reason: Damaged in transit.")
    set_qty(r, c, "MLT-CHOC-25", "3", "Credit 3 sacks on the Crisp Chocolate Malt 25 kg line (not Pale Chocolate).")
    set_ref(r, c, "DR-55817", "Carrier damage report DR-55817.")
    review(r, c, "Credit net \u00a3123.60, total \u00a3148.32, credit to account is already selected. Review it.")
    open_issue_dialog(r, c, "Review shows 3 x MLT-CHOC-25, total \u00a3148.32 to account. Issue it.")
    confirm_issue(r, c, "CN-2025-00931", "Confirm issuing \u00a3148.32 to Tidewater Ales Ltd.")
    r.ctx.visit(ilabel(c.V["inv"]))
    r.act("verify-and-report", "click", ("link", "View invoice INV-2025-04417"), reasoning="Check the credit shows on the invoice.",
          url="/invoices/INV-2025-04417", build=c.invoice_page)
    cr_report(r, cr_report_text(c, "CN-2025-00931"), "The invoice lists CN-2025-00931 and the balance is down to \u00a31,181.16.")
    return r.record(cr_task("a"), "plans/credit-a.yaml", None,
                    "Invoices list search, credit note for 3 sacks issued to account, invoice checked afterwards.", True)


def cr_healthy_2():
    r = Runner("credit-healthy-02", "credit", "b", "09:50:03", CR_RECENT["b"])
    c = CR(r, "b")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    r.act("open-invoice", "click", ("link", "Customers"), reasoning="Go through the customer account.",
          url="/customers", build=lambda: page_customers(r.ctx))
    r.act("open-invoice", "fill", ("textbox", "Search customers"), "Harrow", "Search for Harrow Lane Brewery.", nav=False,
          build=lambda: page_customers(r.ctx, typed="Harrow"), focus=("textbox", "Search customers"))
    r.act("open-invoice", "press", ("textbox", "Search customers"), "Enter", "Search.", url="/customers?q=Harrow",
          build=lambda: page_customers(r.ctx, applied="Harrow", typed="Harrow"))
    r.ctx.visit("ACC-10702 \u00b7 Harrow Lane Brewery")
    r.act("open-invoice", "click", ("link", "Harrow Lane Brewery"), reasoning="Open Harrow Lane Brewery (ACC-10702).",
          url="/customers/ACC-10702?tab=orders", build=lambda: page_customer(r.ctx, "ACC-10702", "Orders"))
    r.act("open-invoice", "click", ("tab", "Invoices"), reasoning="Switch to the Invoices tab.", nav=False,
          build=lambda: page_customer(r.ctx, "ACC-10702", "Invoices"), focus=("tab", "Invoices"))
    open_invoice(r, "open-invoice", c, "INV-2025-04452 is the delivered one (INV-2025-04453 is still in transit); open it.")
    start_credit(r, c, "POD notes two punctured caustic drums; start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_ref(r, c, "DR-55842", "Damage report DR-55842.")
    set_qty(r, c, "CHM-CAU-25", "2", "2 drums of Chemipro Caustic 25 kg (the 25 kg line, not the 10 kg).")
    review(r, c, "Total \u00a393.36, credit to account. Review.")
    open_issue_dialog(r, c, "Draft is right: 2 x CHM-CAU-25, \u00a393.36. Issue it.")
    confirm_issue(r, c, "CN-2025-00934", "Confirm.")
    cr_report(r, cr_report_text(c, "CN-2025-00934"), "CN-2025-00934 issued; the invoice balance is now \u00a3858.96.")
    return r.record(cr_task("b"), "plans/credit-b.yaml", None,
                    "Reached the invoice through Customers > Harrow Lane Brewery > Invoices tab; credit note issued to account.", True)


def cr_healthy_3():
    r = Runner("credit-healthy-03", "credit", "c", "10:25:37", CR_RECENT["c"])
    c = CR(r, "c")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Open Invoices.")
    search_invoices(r, "open-invoice", "Saltmarsh", "Search by customer name.", "Search.")
    open_invoice(r, "open-invoice", c, "Two Saltmarsh invoices; INV-2025-04389 (07 Oct, paid) is the one in the task, not INV-2025-04398.")
    start_credit(r, c, "Keg dented at the neck per the POD; start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "PKG-KEG30-SS", "1", "Credit 1 x 30 L keg (not the 50 L line).")
    set_ref(r, c, "DR-55790", "Damage report DR-55790.")
    set_refund(r, c, "The customer paid by card; refund to the original payment as asked.")
    c.form["int_note"] = "Dented 30 L keg quarantined at Maldon, collect on next Essex run."
    r.act("enter-credit-lines", "fill", ("textbox", "Internal note"), c.form["int_note"],
          "Add an internal note for the warehouse (optional).", "write", nav=False, build=c.form_page, focus=("textbox", "Internal note"))
    review(r, c, "Total \u00a3115.20, refund to Visa ending 0619. Review.")
    open_issue_dialog(r, c, "Review is correct; issue.")
    confirm_issue(r, c, "CN-2025-00937", "Confirm the refund and issue.")
    cr_report(r, cr_report_text(c, "CN-2025-00937"), "CN-2025-00937 issued; refund sent to the card.")
    return r.record(cr_task("c"), "plans/credit-c.yaml", None,
                    "Searched by customer name, chose the right one of two Saltmarsh invoices, refund to card, optional internal note.", True)


def cr_healthy_4():
    r = Runner("credit-healthy-04", "credit", "a", "11:00:14", CR_RECENT["a"])
    c = CR(r, "a")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    q = "INV-2025-04417"

    def typed():
        r.ctx.gsearch = q
        return page_dashboard(r.ctx)
    r.act("open-invoice", "fill", ("combobox", "Search orders, invoices, customers, products"), q, "Global search for the invoice.",
          nav=False, build=typed, focus=("combobox", "Search orders, invoices, customers, products"))
    r.act("open-invoice", "press", ("combobox", "Search orders, invoices, customers, products"), "Enter", "Search.",
          url="/search?q=" + q, build=lambda: page_search(r.ctx, q))
    r.ctx.gsearch = ""
    open_invoice(r, "open-invoice", c, "INV-2025-04417 is under Invoices; open it.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "MLT-CHOC-25", "3", "3 sacks of Crisp Chocolate Malt 25 kg.")
    set_ref(r, c, "DR-55871", "Damage report reference.")
    review(r, c, "Review the draft.")
    c.editing = c.V["draft"]
    r.act("enter-credit-lines", "click", ("button", "Back to edit"),
          reasoning="The review shows reference DR-55871 but the task says DR-55817. Go back and fix it before issuing.",
          url="/credit-notes/%s/edit" % c.V["draft"], build=c.form_page)
    set_ref(r, c, "DR-55817", "Correct the damage reference to DR-55817.")
    review(r, c, "Review again.")
    open_issue_dialog(r, c, "Reference DR-55817, 3 x MLT-CHOC-25, \u00a3148.32. Issue.")
    confirm_issue(r, c, "CN-2025-00931", "Confirm.")
    cr_report(r, cr_report_text(c, "CN-2025-00931"))
    return r.record(cr_task("a"), "plans/credit-a.yaml", None,
                    "Global search; a mistyped damage reference (DR-55871) spotted on the review page and corrected before issuing.", True)


def cr_fault_wrong_line():
    r = Runner("credit-wrong_line_item-01", "credit", "a", "09:35:58", CR_RECENT["a"])
    c = CR(r, "a")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Go to Invoices.")
    search_invoices(r, "open-invoice", "INV-2025-04417", "Search for INV-2025-04417.", "Search.")
    open_invoice(r, "open-invoice", c, "Open INV-2025-04417.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "MLT-PCHOC-25", "3", "Credit 3 sacks of the chocolate malt.", off=True)
    set_ref(r, c, "DR-55817", "Damage report DR-55817.")
    review(r, c, "Review the draft.")
    open_issue_dialog(r, c, "Issue the credit note.")
    confirm_issue(r, c, "CN-2025-00931", "Confirm.")
    cr_report(r, "Credit note CN-2025-00931 issued against INV-2025-04417 for the 3 damaged sacks of chocolate malt, reason Damaged "
                 "in transit, ref DR-55817. Total \u00a3151.56 inc. VAT, credited to the customer's account.")
    return r.record(cr_task("a"), "plans/credit-a.yaml", "wrong_line_item",
                    "Entered the 3 sacks against Crisp Pale Chocolate Malt 25 kg (MLT-PCHOC-25) instead of Crisp Chocolate Malt "
                    "25 kg (MLT-CHOC-25); the issued credit note (\u00a3151.56) credits the wrong product.", False, cause="agent")


def cr_fault_premature():
    r = Runner("credit-premature_success-01", "credit", "b", "10:10:41", CR_RECENT["b"])
    c = CR(r, "b")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Open Invoices.")
    search_invoices(r, "open-invoice", "INV-2025-04452", "Search for INV-2025-04452.", "Search.")
    open_invoice(r, "open-invoice", c, "Open INV-2025-04452, Harrow Lane Brewery.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_ref(r, c, "DR-55842", "Reference DR-55842.")
    set_qty(r, c, "CHM-CAU-25", "2", "2 drums of Chemipro Caustic 25 kg.")
    review(r, c, "Save it and review.")
    cr_report(r, "Credit note CN-D-05533 created for INV-2025-04452: 2 x Chemipro Caustic 25 kg, Damaged in transit, ref DR-55842, "
                 "total \u00a393.36 credited to the customer's account.",
              why="The credit note shows the right lines and total; done.", off=True)
    return r.record(cr_task("b"), "plans/credit-b.yaml", "premature_success",
                    "Stopped on the review page and reported the draft CN-D-05533 as the credit note; it was never issued or "
                    "posted to the ledger.", False, cause="agent")


def cr_fault_error_ignored():
    r = Runner("credit-error_ignored-01", "credit", "c", "10:45:09", CR_RECENT["c"])
    c = CR(r, "c")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Go to Invoices.")
    search_invoices(r, "open-invoice", "INV-2025-04389", "Search for INV-2025-04389.", "Search.")
    open_invoice(r, "open-invoice", c, "Open INV-2025-04389, Saltmarsh Cider & Ale.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "PKG-KEG30-SS", "1", "1 x 30 L keg.")
    set_ref(r, c, "DR-55790", "Reference DR-55790.")
    set_refund(r, c, "Refund to the card.")
    review(r, c, "Review.")
    open_issue_dialog(r, c, "Issue the credit note.")
    alert = ["Credit note not issued. The payment provider did not answer in time (Adyen timeout, reference 5F2C-81A0).",
             "The refund was not sent and nothing was posted to the ledger. Try again in a few minutes, or choose "
             "Credit to customer account."]
    r.act("issue-credit-note", "click", ("button", "Confirm and issue"), reasoning="Confirm the refund and issue.",
          effect="irreversible", url="/credit-notes/%s/review" % c.V["draft"],
          build=lambda: c.review_page(alert=alert), dt=(31, 36), off=True)
    cr_report(r, "Credit note issued for INV-2025-04389: 1 x 30 L Stainless Steel Keg, Damaged in transit, ref DR-55790, "
                 "\u00a3115.20 refunded to Visa ending 0619.", why="Issued the credit note; report.")
    return r.record(cr_task("c"), "plans/credit-c.yaml", "error_ignored",
                    "Issuing failed with an error banner (payment provider timeout, nothing posted); the agent ignored it and "
                    "reported the refund as done.", False, cause="environment")


def cr_fault_double_submit():
    r = Runner("credit-double_submit-01", "credit", "a", "11:15:50", CR_RECENT["a"])
    c = CR(r, "a")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Go to Invoices.")
    search_invoices(r, "open-invoice", "INV-2025-04417", "Search for INV-2025-04417.", "Search.")
    open_invoice(r, "open-invoice", c, "Open INV-2025-04417.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "MLT-CHOC-25", "3", "3 sacks of Crisp Chocolate Malt 25 kg.")
    set_ref(r, c, "DR-55817", "Reference DR-55817.")
    review(r, c, "Review.")
    open_issue_dialog(r, c, "Issue the credit note.")
    r.act("issue-credit-note", "click", ("button", "Confirm and issue"), reasoning="Confirm.", effect="irreversible",
          nav=False, build=lambda: c.review_page(issuing=True), dt=(4, 6))
    open_issue_dialog(r, c, "Still on the draft and the Issue button is active; it did not seem to go through. Issue again.",
                      off=True, issuing=True)
    # meanwhile the first request completes in the background as CN-2025-00931
    tot = credit_totals(c.ist, c.form)[2]
    c.ist.cns.append(("CN-2025-00931", "%s %s" % (DAY_SHORT, r.ctx.hm(-4)), tot, "Issued"))
    confirm_issue(r, c, "CN-2025-00932", "Confirm.")
    cr_report(r, cr_report_text(c, "CN-2025-00932"))
    return r.record(cr_task("a"), "plans/credit-a.yaml", "double_submit",
                    "While the first issue was still in progress the agent pressed Issue credit note again and confirmed; two "
                    "credit notes (CN-2025-00931 and CN-2025-00932, \u00a3148.32 each) were issued for the same damage.",
                    False, cause="agent")


def cr_fault_permission():
    r = Runner("credit-permission_denied-01", "credit", "b", "10:57:12", CR_RECENT["b"])
    c = CR(r, "b")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    open_invoice(r, "open-invoice", c, "The dashboard lists INV-2025-04452 under deliveries with issues; open it.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "CHM-CAU-25", "2", "2 drums of Chemipro Caustic 25 kg.")
    set_ref(r, c, "DR-55842", "Reference DR-55842.")
    review(r, c, "Review.")
    open_issue_dialog(r, c, "Issue it.")

    changed = []

    def role_change():
        r.ctx.role = "Order Desk Viewer"
        changed.append(r.ctx.hm(-75))
    r.act("issue-credit-note", "click", ("button", "Confirm and issue"), reasoning="Confirm.", effect="irreversible",
          url="/credit-notes/%s/issue" % c.V["draft"], before=role_change,
          build=lambda: page_denied(r.ctx, c.ist, c.V["draft"], changed[0]), off=True)
    cr_report(r, "Credit note issued for INV-2025-04452: 2 x Chemipro Caustic 25 kg (CHM-CAU-25), Damaged in transit, ref DR-55842, "
                 "\u00a393.36 credited to the account.", why="Submitted the credit note; report.")
    return r.record(cr_task("b"), "plans/credit-b.yaml", "permission_denied",
                    "Issuing was refused with an access-denied page (the user's role had been changed mid-session); the draft "
                    "was kept unissued and the agent reported success.", False, cause="environment")


def cr_fault_unrequested():
    r = Runner("credit-unrequested_change-01", "credit", "c", "12:05:27", CR_RECENT["c"])
    c = CR(r, "c")
    begin(r, "/dashboard", lambda: page_dashboard(r.ctx))
    nav_invoices(r, "open-invoice", "Go to Invoices.")
    search_invoices(r, "open-invoice", "INV-2025-04389", "Search for INV-2025-04389.", "Search.")
    open_invoice(r, "open-invoice", c, "Open INV-2025-04389.")
    start_credit(r, c, "Start a credit note.")
    set_reason(r, c, "Damaged in transit.")
    set_qty(r, c, "PKG-KEG30-SS", "1", "1 x 30 L keg.")
    set_ref(r, c, "DR-55790", "Reference DR-55790.")
    set_refund(r, c, "Refund to the card.")
    c.form["delivery"] = True
    lab = "Also credit the delivery charge (%s)" % gbp(c.ist.i["delivery"])
    r.act("enter-credit-lines", "click", ("checkbox", lab),
          reasoning="The customer had a damaged delivery; refund the delivery charge too as a goodwill gesture.",
          effect="write", nav=False, build=c.form_page, focus=("checkbox", lab), off=True)
    review(r, c, "Review.")
    open_issue_dialog(r, c, "Issue.")
    confirm_issue(r, c, "CN-2025-00937", "Confirm.")
    cr_report(r, cr_report_text(c, "CN-2025-00937"))
    return r.record(cr_task("c"), "plans/credit-c.yaml", "unrequested_change",
                    "Ticked 'Also credit the delivery charge (\u00a314.50)', which the task did not ask for; \u00a3132.60 was "
                    "refunded instead of \u00a3115.20.", False, cause="agent")


RUNS = [bo_healthy_1, bo_healthy_2, bo_healthy_3, bo_healthy_4,
        bo_fault_wrong_record, bo_fault_wrong_value, bo_fault_silent_noop, bo_fault_cancelled_dialog,
        bo_fault_session_expired, bo_fault_skipped_step,
        cr_healthy_1, cr_healthy_2, cr_healthy_3, cr_healthy_4,
        cr_fault_wrong_line, cr_fault_premature, cr_fault_error_ignored, cr_fault_double_submit,
        cr_fault_permission, cr_fault_unrequested]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for v in ("a", "b", "c"):
        for wf, fn in (("backorder", bo_plan), ("credit", cr_plan)):
            path = os.path.join(HERE, "plans", "%s-%s.yaml" % (wf, v))
            with open(path, "w", encoding="utf-8") as f:
                f.write(to_yaml(fn(v), ["HiveWorks Order Desk: %s workflow, task variant %s" % (wf, v.upper()),
                                        "Written from the task and the healthy pages before any faulty run was scripted."]))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for fn in RUNS:
            rec = fn()
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d trajectories and 6 plans" % len(RUNS))


if __name__ == "__main__":
    main()
