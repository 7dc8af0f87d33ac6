#!/usr/bin/env python3
"""Generate the FerryLink held-out corpus (stdlib only, deterministic).

FerryLink Back Office is an invented vehicle-booking back office of the invented
operator Corran Strait Ferries Ltd.  Two workflows are covered:

  amend    move a passenger's vehicle booking to another sailing, collecting the
           fare difference
  voucher  issue a refund voucher for a booking on a cancelled sailing

Writes corpus.jsonl and plans/<workflow>.yaml next to this file.

    python3 make_corpus.py
"""
import copy
import json
import os
import random

SEED = 20251014
rng = random.Random(SEED)

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8213"
PRODUCT = "FerryLink Back Office"
ORG = "Corran Strait Ferries Ltd"
USER = "Morag Henderson"
USER_LOGIN = "mhenderson"
USER_ROLE = "Reservations Supervisor"
OFFICE = "Kilbrannan Pier office"
TODAY_LONG = "Tuesday 14 October 2025"
VERSION = "4.12.3"

OUT = "Kilbrannan Pier \u2192 Port Ailsa"
BACK = "Port Ailsa \u2192 Kilbrannan Pier"

# --------------------------------------------------------------------------
# Timetable.  Ten sailings a day; ids run 10 a day from S-2240 on Sun 12 Oct.
# --------------------------------------------------------------------------
DAYS = [(12, "Sun"), (13, "Mon"), (14, "Tue"), (15, "Wed"), (16, "Thu"),
        (17, "Fri"), (18, "Sat"), (19, "Sun")]
SLOTS = [  # time, direction, vessel, fare band
    ("08:30", "OUT", "MV Skerryvore", "Off-peak"),
    ("10:15", "BACK", "MV Skerryvore", "Standard"),
    ("11:00", "OUT", "MV Loch Tarbert", "Standard"),
    ("12:40", "BACK", "MV Loch Tarbert", "Standard"),
    ("14:15", "OUT", "MV Skerryvore", "Peak"),
    ("14:45", "OUT", "MV Loch Tarbert", "Peak"),
    ("16:30", "BACK", "MV Skerryvore", "Peak"),
    ("17:30", "OUT", "MV Skerryvore", "Standard"),
    ("18:45", "BACK", "MV Loch Tarbert", "Standard"),
    ("20:30", "BACK", "MV Skerryvore", "Off-peak"),
]
CAPACITY = {"MV Skerryvore": 48, "MV Loch Tarbert": 36}

SAILINGS = {}
for di, (day, dow) in enumerate(DAYS):
    for si, (tm, direction, vessel, band) in enumerate(SLOTS):
        sid = "S-%d" % (2240 + di * 10 + si)
        SAILINGS[sid] = {
            "id": sid, "day": day, "dow": dow, "time": tm,
            "date": "%s %d Oct 2025" % (dow, day),
            "date_num": "%02d/10/2025" % day,
            "route": OUT if direction == "OUT" else BACK, "dir": direction,
            "vessel": vessel, "band": band, "cap": CAPACITY[vessel],
            "booked": rng.randint(12, CAPACITY[vessel] - 4),
            "status": "Departed" if (day < 14 or (day == 14 and tm < "10:05")) else "Scheduled",
        }
# a past sailing referenced by an old booking
SAILINGS["S-1766"] = {"id": "S-1766", "day": 19, "dow": "Sat", "time": "11:00",
                      "date": "Sat 19 Jul 2025", "date_num": "19/07/2025", "route": OUT,
                      "dir": "OUT", "vessel": "MV Loch Tarbert", "band": "Peak", "cap": 36,
                      "booked": 36, "status": "Departed"}
SAILINGS["S-2241"]["status"] = "Cancelled \u2014 technical"
SAILINGS["S-2291"]["status"] = "Cancelled \u2014 weather"
SAILINGS["S-2298"]["status"] = "Cancelled \u2014 weather"
SAILINGS["S-2280"]["booked"] = 41
SAILINGS["S-2282"]["booked"] = 36          # car deck full
SAILINGS["S-2284"]["booked"] = 39
SAILINGS["S-2285"]["booked"] = 30
SAILINGS["S-2287"]["booked"] = 22
SAILINGS["S-2294"]["booked"] = 33
SAILINGS["S-2291"]["booked"] = 14
SAILINGS["S-2298"]["booked"] = 9

CANCEL_NOTE = {
    "S-2291": "Cancelled by Ops Control on 14 Oct 2025 at 07:55 (forecast SW gale force 8 in the Sound).",
    "S-2298": "Cancelled by Ops Control on 14 Oct 2025 at 07:58 (forecast SW gale force 8 in the Sound).",
    "S-2241": "Cancelled by Ops Control on 12 Oct 2025 at 09:02 (bow thruster fault, MV Skerryvore).",
}

FARES = {
    "Car up to 5.0 m": {"Off-peak": 62.00, "Standard": 71.20, "Peak": 80.40},
    "Van up to 6.0 m": {"Off-peak": 96.50, "Standard": 108.75, "Peak": 121.00},
    "Campervan up to 6.0 m, over 2.0 m high": {"Off-peak": 118.00, "Standard": 133.80, "Peak": 149.60},
    "Motorhome up to 8.0 m": {"Off-peak": 141.00, "Standard": 159.10, "Peak": 177.20},
}
ADULT, CHILD = 22.20, 11.10


def money(x):
    return "\u00a3%.2f" % x


def sailing_label(sid):
    s = SAILINGS[sid]
    return "%s \u00b7 %s %s" % (sid, s["date"], s["time"])


# --------------------------------------------------------------------------
# Bookings
# --------------------------------------------------------------------------
BOOKINGS = {}


def booking(ref, name, email, phone, vehicle, reg, cat, length, height, adults, children,
            sid, card, cust, status="Confirmed", booked="02 Oct 2025 19:41", channel="web",
            resolution=None):
    BOOKINGS[ref] = {
        "ref": ref, "name": name, "email": email, "phone": phone, "vehicle": vehicle,
        "reg": reg, "cat": cat, "length": length, "height": height, "adults": adults,
        "children": children, "sailing": sid, "card": card, "cust": cust,
        "status": status, "booked": booked, "channel": channel, "resolution": resolution,
        "history": ["%s \u00b7 Booked (%s)" % (booked, channel)],
        "payments": [],
    }


def vehicle_fare(b, sid=None):
    return FARES[b["cat"]][SAILINGS[sid or b["sailing"]]["band"]]


def pax_fare(b):
    return b["adults"] * ADULT + b["children"] * CHILD


def total_paid(b):
    return round(vehicle_fare(b) + pax_fare(b), 2)


def pax_text(b):
    t = "%d adult%s" % (b["adults"], "" if b["adults"] == 1 else "s")
    if b["children"]:
        t += ", %d child%s" % (b["children"], "" if b["children"] == 1 else "ren")
    return t


CAR, VAN, CAMPER, MOTOR = list(FARES)

# --- amend targets and their near misses (all on S-2280 unless noted)
booking("FL-483920", "Eilidh Baird", "eilidh.baird@example.net", "07700 900412",
        "Skoda Octavia Estate", "SK19 RTV", CAR, "4.67 m", "1.47 m", 2, 0, "S-2280",
        "Visa ending 4417", "C-10482", booked="29 Sep 2025 21:06")
booking("FL-483902", "Eilidh Baird", "eilidh.baird@example.net", "07700 900412",
        "Skoda Octavia Estate", "SK19 RTV", CAR, "4.67 m", "1.47 m", 2, 0, "S-2316",
        "Visa ending 4417", "C-10482", booked="29 Sep 2025 21:02")
booking("FL-479311", "Eilidh Baird", "eilidh.baird@example.net", "07700 900412",
        "Skoda Octavia Estate", "SK19 RTV", CAR, "4.67 m", "1.47 m", 2, 1, "S-1766",
        "Visa ending 4417", "C-10482", status="Travelled", booked="11 Jun 2025 08:15")
booking("FL-483921", "Kirsty Bain", "kbain@example.org", "07700 900735",
        "Vauxhall Corsa", "SY21 KBN", CAR, "4.06 m", "1.43 m", 1, 0, "S-2280",
        "Mastercard ending 2290", "C-11807", booked="29 Sep 2025 21:11")
booking("FL-483377", "Alasdair Munro", "a.munro@munrojoinery.example", "07700 900118",
        "Ford Transit Custom", "SN70 KHX", VAN, "5.34 m", "1.99 m", 1, 0, "S-2280",
        "Mastercard ending 0926", "C-09231", booked="24 Sep 2025 07:52", channel="phone")
booking("FL-483378", "Alasdair Munro", "a.munro@munrojoinery.example", "07700 900118",
        "Ford Transit Custom", "SN70 KHX", VAN, "5.34 m", "1.99 m", 1, 0, "S-2289",
        "Mastercard ending 0926", "C-09231", booked="24 Sep 2025 07:53", channel="phone")
booking("FL-483371", "Alastair Munro", "alastair.munro58@example.com", "07700 900664",
        "Peugeot 3008", "SA68 MUN", CAR, "4.45 m", "1.62 m", 2, 0, "S-2280",
        "Visa ending 3318", "C-12650", booked="24 Sep 2025 07:31")
booking("FL-485106", "Priya Raman", "priya.raman@example.co.uk", "07700 900253",
        "Nissan Leaf", "SF21 PXL", CAR, "4.49 m", "1.54 m", 2, 1, "S-2280",
        "Amex ending 1008", "C-13377", booked="08 Oct 2025 12:20")
booking("FL-485160", "Priya Raman", "priya.raman@example.co.uk", "07700 900253",
        "Nissan Leaf", "SF21 PXL", CAR, "4.49 m", "1.54 m", 2, 1, "S-2316",
        "Amex ending 1008", "C-13377", booked="08 Oct 2025 12:24")
booking("FL-484650", "Duncan MacVicar", "dmacvicar@example.net", "07700 900871",
        "VW California Ocean", "YJ68 WDC", CAMPER, "4.90 m", "2.07 m", 2, 0, "S-2280",
        "Visa ending 7731", "C-08815", booked="05 Oct 2025 17:44")
booking("FL-484656", "Duncan MacVicar", "dmacvicar@example.net", "07700 900871",
        "VW California Ocean", "YJ68 WDC", CAMPER, "4.90 m", "2.07 m", 2, 0, "S-2319",
        "Visa ending 7731", "C-08815", booked="05 Oct 2025 17:46")
booking("FL-484605", "Duncan McVicar", "duncan.mcvicar@example.org", "07700 900390",
        "Land Rover Defender 110", "SG72 DMV", CAR, "4.99 m", "1.97 m", 1, 0, "S-2280",
        "Visa ending 5502", "C-14021", booked="05 Oct 2025 09:12")

# --- voucher targets (S-2291) and their near misses
booking("FL-484117", "Callum Drysdale", "callum.drysdale@example.com", "07700 900547",
        "Ford Transit", "SV66 LRC", VAN, "5.53 m", "2.05 m", 1, 0, "S-2291",
        "Visa ending 8804", "C-07764", status="Sailing cancelled", booked="01 Oct 2025 10:03",
        resolution="Not resolved")
booking("FL-484171", "Callum Drysdale", "callum.drysdale@example.com", "07700 900547",
        "Ford Transit", "SV66 LRC", VAN, "5.53 m", "2.05 m", 1, 0, "S-2241",
        "Visa ending 8804", "C-07764", status="Sailing cancelled", booked="01 Oct 2025 10:05",
        resolution="Voucher issued (RV-20884)")
booking("FL-484209", "Shona Kerr", "shona.kerr@example.net", "07700 900306",
        "Toyota Yaris", "SK67 HNB", CAR, "3.94 m", "1.50 m", 1, 1, "S-2291",
        "Mastercard ending 6112", "C-11240", status="Sailing cancelled", booked="02 Oct 2025 20:17",
        resolution="Not resolved")
booking("FL-484029", "Shona Kerr", "shona.kerr@example.net", "07700 900306",
        "Toyota Yaris", "SK67 HNB", CAR, "3.94 m", "1.50 m", 1, 1, "S-2274",
        "Mastercard ending 6112", "C-11240", booked="02 Oct 2025 20:15")
booking("FL-484290", "Sean Kerr", "sean.kerr@example.com", "07700 900999",
        "Skoda Kodiaq", "SJ20 KRR", CAR, "4.70 m", "1.68 m", 2, 2, "S-2298",
        "Visa ending 0471", "C-15102", status="Sailing cancelled", booked="03 Oct 2025 18:40",
        resolution="Not resolved")
booking("FL-484388", "Graham Whyte", "graham.whyte@example.org", "07700 900628",
        "Swift Escapade 284", "SC19 GWH", MOTOR, "7.12 m", "2.89 m", 2, 0, "S-2291",
        "Visa ending 2657", "C-06638", status="Sailing cancelled", booked="03 Oct 2025 09:58",
        resolution="Not resolved")
booking("FL-484383", "Gordon Whyte", "gwhyte@example.net", "07700 900141",
        "Mazda CX-5", "SD17 GOW", CAR, "4.55 m", "1.68 m", 1, 0, "S-2291",
        "Mastercard ending 7340", "C-12972", status="Sailing cancelled", booked="03 Oct 2025 09:41",
        resolution="Not resolved")
booking("FL-484402", "Anna Kowalska", "anna.kowalska@example.com", "07700 900215",
        "Honda Jazz", "SP18 AKW", CAR, "4.05 m", "1.53 m", 1, 0, "S-2291",
        "Visa ending 9093", "C-13809", status="Sailing cancelled", booked="03 Oct 2025 13:26",
        resolution="Not resolved")
booking("FL-484440", "Anna Kowalska", "anna.kowalska@example.com", "07700 900215",
        "Honda Jazz", "SP18 AKW", CAR, "4.05 m", "1.53 m", 1, 0, "S-2319",
        "Visa ending 9093", "C-13809", booked="03 Oct 2025 13:29")
booking("FL-484420", "Anya Kowalski", "anya.k@example.org", "07700 900480",
        "Fiat 500", "SM16 AYK", CAR, "3.57 m", "1.49 m", 2, 0, "S-2291",
        "Mastercard ending 3021", "C-14455", status="Sailing cancelled", booked="03 Oct 2025 15:02",
        resolution="Not resolved")

# --- fillers
FIRST = ["Fraser", "Isla", "Ross", "Catriona", "Kenneth", "Mairi", "Lewis", "Ailsa", "Gregor",
         "Rhona", "Neil", "Fiona", "Jamie", "Morven", "Stuart", "Heather", "Calum", "Lorna",
         "Euan", "Joanna", "Ruairidh", "Kirsteen", "Niall", "Elspeth", "Hamish", "Sorcha"]
LAST = ["Campbell", "MacLeod", "Stewart", "Ferguson", "Robertson", "Sinclair", "Cameron",
        "Mackay", "Paterson", "Lamont", "Gillies", "Buchanan", "Ogilvie", "Dunlop", "Crawford",
        "Galbraith", "Lennox", "Mathieson", "Rennie", "Urquhart", "Blair", "Docherty"]
VEHICLES = [("Ford Focus", CAR, "4.38 m", "1.47 m"), ("Kia Sportage", CAR, "4.52 m", "1.65 m"),
            ("BMW 3 Series Touring", CAR, "4.71 m", "1.44 m"), ("Volvo XC60", CAR, "4.71 m", "1.66 m"),
            ("Renault Trafic", VAN, "5.08 m", "1.97 m"), ("Mercedes-Benz Vito", VAN, "5.14 m", "1.91 m"),
            ("Hyundai Tucson", CAR, "4.50 m", "1.65 m"), ("Toyota Hilux", VAN, "5.33 m", "1.82 m"),
            ("Bailey Autograph 79-4", MOTOR, "7.48 m", "2.95 m"), ("Citroen Berlingo", CAR, "4.40 m", "1.84 m"),
            ("VW Transporter T6.1 Kombi", CAMPER, "4.90 m", "2.01 m"), ("MG ZS EV", CAR, "4.32 m", "1.62 m")]
CARDS = ["Visa", "Mastercard", "Visa Debit", "Amex"]
REG_AREA = ["SK", "SV", "SN", "SF", "SY", "SA", "SJ", "SC", "SP", "SG", "GX", "YB", "KM", "LN"]
REG_L = "ABCDEFGHJKLMNPRSTUVWXYZ"


def filler(ref, sid, status="Confirmed", resolution=None):
    fn, ln = rng.choice(FIRST), rng.choice(LAST)
    veh, cat, le, he = rng.choice(VEHICLES)
    reg = "%s%02d %s" % (rng.choice(REG_AREA), rng.choice([15, 16, 17, 18, 19, 20, 21, 22, 23, 66, 67, 68, 69, 70, 71, 72, 73]),
                         "".join(rng.choice(REG_L) for _ in range(3)))
    booking(ref, "%s %s" % (fn, ln), "%s.%s@example.com" % (fn.lower(), ln.lower()),
            "07700 9%05d" % rng.randint(0, 999), veh, reg, cat, le, he,
            rng.choice([1, 1, 2, 2, 2, 3]), rng.choice([0, 0, 0, 1, 2]), sid,
            "%s ending %04d" % (rng.choice(CARDS), rng.randint(0, 9999)),
            "C-%05d" % rng.randint(5000, 16000), status=status,
            booked="%02d %s 2025 %02d:%02d" % (rng.randint(1, 28), rng.choice(["Aug", "Sep"]),
                                               rng.randint(7, 22), rng.randint(0, 59)),
            channel=rng.choice(["web", "web", "web", "phone", "port office"]),
            resolution=resolution)


for ref, sid in [("FL-482611", "S-2262"), ("FL-482744", "S-2262"), ("FL-482790", "S-2264"),
                 ("FL-482803", "S-2265"), ("FL-482850", "S-2266"), ("FL-482871", "S-2267"),
                 ("FL-482905", "S-2268"), ("FL-482948", "S-2269"), ("FL-483012", "S-2270"),
                 ("FL-483055", "S-2271"), ("FL-483080", "S-2272"), ("FL-483131", "S-2274"),
                 ("FL-483166", "S-2275"), ("FL-483204", "S-2277"), ("FL-483239", "S-2278"),
                 ("FL-483266", "S-2279"),
                 ("FL-483412", "S-2280"), ("FL-483587", "S-2280"), ("FL-483610", "S-2280"),
                 ("FL-483655", "S-2280"), ("FL-483702", "S-2280"),
                 ("FL-483745", "S-2281"), ("FL-483790", "S-2283"), ("FL-483833", "S-2284"),
                 ("FL-483861", "S-2284"), ("FL-483880", "S-2285"), ("FL-483954", "S-2287"),
                 ("FL-483977", "S-2288")]:
    filler(ref, sid)
for ref, res in [("FL-484031", "Not resolved"), ("FL-484058", "Rebooked to S-2293"),
                 ("FL-484126", "Voucher issued (RV-20917)"), ("FL-484233", "Not resolved"),
                 ("FL-484267", "Rebooked to S-2293"), ("FL-484301", "Not resolved"),
                 ("FL-484345", "Not resolved"), ("FL-484371", "Not resolved")]:
    filler(ref, "S-2291", status="Sailing cancelled", resolution=res)
for ref, res in [("FL-484452", "Not resolved"), ("FL-484467", "Rebooked to S-2299"),
                 ("FL-484478", "Not resolved"), ("FL-484503", "Not resolved"),
                 ("FL-484519", "Not resolved"), ("FL-484533", "Voucher issued (RV-20926)"),
                 ("FL-484547", "Not resolved"), ("FL-484561", "Not resolved")]:
    filler(ref, "S-2298", status="Sailing cancelled", resolution=res)
for ref, sid in [("FL-484702", "S-2300"), ("FL-484735", "S-2304"), ("FL-484771", "S-2306"),
                 ("FL-484799", "S-2310"), ("FL-484822", "S-2314"), ("FL-484860", "S-2317")]:
    filler(ref, sid)


def surname(name):
    return name.split()[-1]


# --------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------
BARE_PROPS = ("focused", "required", "multiselectable")


class Page(object):
    def __init__(self, path, title):
        self.url = BASE + path
        self.title = "%s \u00b7 %s" % (title, PRODUCT)
        self.lines = ["RootWebArea %r, focused" % self.title]
        self.n = 0
        self.keys = {}

    def add(self, depth, role, name="", key=None, **props):
        self.n += 1
        bid = "a%d" % self.n
        parts = []
        for k, v in props.items():
            if v is None:
                continue
            if k in BARE_PROPS:
                if v:
                    parts.append(k)
            elif isinstance(v, bool):
                parts.append("%s=%s" % (k, v))
            elif isinstance(v, int):
                parts.append("%s=%d" % (k, v))
            else:
                if k == "value" and v == "":
                    continue
                parts.append("%s=%r" % (k, v))
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if parts:
            line += ", " + ", ".join(parts)
        self.lines.append(line)
        if key is not None:
            if key in self.keys:
                raise ValueError("duplicate key %s on %s" % (key, self.url))
            self.keys[key] = (bid, role, name)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %r" % s)

    def bid(self, key):
        return self.keys[key][0]

    def target(self, key):
        _, role, name = self.keys[key]
        return "%s %r" % (role, name)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


NAV = ["Dashboard", "Bookings", "Sailings", "Vouchers", "Customers", "Reports"]


class Ctx(object):
    """Per-run application state (bookings, clock, recently viewed, vouchers)."""

    def __init__(self, recent, notifs, minute=5, next_voucher=20931):
        self.bookings = copy.deepcopy(BOOKINGS)
        self.recent = list(recent)
        self.notifs = notifs
        self.minute = minute
        self.next_voucher = next_voucher
        self.vouchers = {}
        self.drafts = {}
        self.typed = ""

    def type_search(self, text):
        self.typed = text

    def now(self):
        self.minute += rng.choice([0, 1, 1, 2])
        return "10:%02d" % self.minute

    def view(self, ref):
        if ref in self.recent:
            self.recent.remove(ref)
        self.recent.insert(0, ref)
        del self.recent[5:]


def chrome(p, ctx, nav=None, crumbs=None, search_value="", focus_search=False):
    if ctx.typed:
        search_value, focus_search = ctx.typed, True
        ctx.typed = ""
    p.add(1, "banner", "")
    p.add(2, "link", PRODUCT, key="home")
    p.text(2, ORG)
    p.add(2, "navigation", "Main")
    p.add(3, "list", "")
    for item in NAV:
        p.add(4, "listitem", "")
        p.add(5, "link", item, key="nav:" + item, current="page" if item == nav else None)
    p.add(2, "search", "Site search")
    p.add(3, "searchbox", "Search bookings, customers, registrations", key="search",
          value=search_value, focused=focus_search)
    p.add(3, "button", "Search", key="search_btn")
    p.add(2, "button", "Notifications (%d unread)" % ctx.notifs, hasPopup="menu", expanded=False)
    p.add(2, "button", "%s, %s" % (USER, USER_ROLE), key="usermenu", hasPopup="menu", expanded=False)
    if crumbs:
        p.add(1, "navigation", "Breadcrumb")
        p.add(2, "list", "")
        for i, (label, path) in enumerate(crumbs):
            p.add(3, "listitem", "")
            if path and i < len(crumbs) - 1:
                p.add(4, "link", label, key="crumb:" + label)
            else:
                p.text(4, label)
    p.add(1, "main", "")


def footer(p, ctx, toast=None, toast_key="toast_dismiss"):
    p.add(1, "complementary", "Recently viewed")
    p.add(2, "heading", "Recently viewed", level=2)
    p.add(2, "list", "")
    for ref in ctx.recent:
        b = ctx.bookings.get(ref)
        p.add(3, "listitem", "")
        label = "%s %s" % (ref, b["name"]) if b else ref
        p.add(4, "link", label, key="recent:" + ref)
    p.add(1, "status", "", live="polite", atomic=True)
    if toast:
        p.text(2, toast)
        p.add(2, "button", "Dismiss notification", key=toast_key)
    p.add(1, "contentinfo", "")
    p.text(2, "\u00a9 2025 %s" % ORG)
    p.add(2, "link", "Help centre")
    p.add(2, "link", "Service status")
    p.add(2, "link", "Privacy")
    p.text(2, "%s %s \u00b7 Signed in as %s \u00b7 %s" % (PRODUCT, VERSION, USER_LOGIN, OFFICE))


def combobox(p, d, label, options, value, key=None, required=False, expanded=False):
    p.add(d, "combobox", label, key=key, value=value, required=required, hasPopup="menu",
          expanded=expanded)
    for o in options:
        p.add(d + 1, "option", o, selected=(o == value))


def pagination(p, d, page, pages, total, per, prefix="page"):
    p.add(d, "navigation", "Pagination")
    lo, hi = (page - 1) * per + 1, min(page * per, total)
    p.text(d + 1, "Showing %d\u2013%d of %d" % (lo, hi, total))
    p.add(d + 1, "link", "Previous page", key=prefix + ":prev", disabled=True if page == 1 else None)
    for i in range(1, pages + 1):
        p.add(d + 1, "link", "Page %d" % i, key="%s:%d" % (prefix, i),
              current="page" if i == page else None)
    p.add(d + 1, "link", "Next page", key=prefix + ":next", disabled=True if page == pages else None)


# ------------------------------------------------------------------ pages
def dashboard(ctx, toast=None):
    p = Page("/dashboard", "Dashboard")
    chrome(p, ctx, nav="Dashboard")
    p.add(2, "heading", "Good morning, Morag", level=1)
    p.text(2, "%s \u00b7 %s" % (TODAY_LONG, OFFICE))
    p.add(2, "region", "Service alerts")
    p.add(3, "heading", "Service alerts", level=2)
    p.add(3, "list", "")
    for sid, extra in [("S-2291", "14 vehicle bookings, 11 not resolved"),
                       ("S-2298", "9 vehicle bookings, 7 not resolved"),
                       ("S-2241", "11 vehicle bookings, all resolved")]:
        s = SAILINGS[sid]
        p.add(4, "listitem", "")
        p.text(5, "%s %s %s %s \u2014 %s (%s)" % (sid, s["date"], s["time"], s["route"], s["status"], extra))
        p.add(5, "link", "View %s" % sid, key="alert:" + sid)
    p.add(2, "region", "Today's sailings")
    p.add(3, "heading", "Today's sailings", level=2)
    p.add(3, "table", "Today's sailings")
    p.add(4, "row", "")
    for h in ["Sailing", "Departs", "Route", "Vessel", "Vehicles", "Status"]:
        p.add(5, "columnheader", h)
    for i in range(2260, 2270):
        s = SAILINGS["S-%d" % i]
        p.add(4, "row", "")
        p.add(5, "cell", "")
        p.add(6, "link", s["id"])
        for v in [s["time"], s["route"], s["vessel"], "%d/%d" % (s["booked"], s["cap"]), s["status"]]:
            p.add(5, "cell", v)
    p.add(2, "region", "My work")
    p.add(3, "heading", "My work", level=2)
    p.add(3, "list", "")
    for label in ["Amendment requests (4)", "Refunds and vouchers to issue (18)", "Unpaid balances (2)"]:
        p.add(4, "listitem", "")
        p.add(5, "link", label)
    footer(p, ctx, toast)
    return p


def booking_matches(ctx, q):
    q = q.strip().lower()
    out = []
    for b in ctx.bookings.values():
        if q in b["ref"].lower() or q in b["name"].lower() or q in b["reg"].lower().replace(" ", "") \
                or q in b["reg"].lower():
            out.append(b)
    return out


def booking_row(p, d, b, key_prefix="row"):
    s = SAILINGS[b["sailing"]]
    p.add(d, "row", "")
    p.add(d + 1, "cell", "")
    p.add(d + 2, "link", b["ref"], key="%s:%s" % (key_prefix, b["ref"]))
    p.add(d + 1, "cell", b["name"])
    p.add(d + 1, "cell", "%s \u00b7 %s" % (b["vehicle"], b["reg"]))
    p.add(d + 1, "cell", "%s \u00b7 %s %s" % (b["sailing"], s["date"], s["time"]))
    p.add(d + 1, "cell", s["route"])
    p.add(d + 1, "cell", b["status"])
    p.add(d + 1, "cell", money(total_paid(b)))


def search_results(ctx, q, toast=None):
    p = Page("/search?q=%s" % q.replace(" ", "+"), "Search results for %s" % q)
    chrome(p, ctx, crumbs=[("Home", "/dashboard"), ("Search", None)], search_value=q)
    p.add(2, "heading", "Search results for \u201c%s\u201d" % q, level=1)
    found = booking_matches(ctx, q)
    # relevance: exact reference first, then latest departure first
    found.sort(key=lambda b: (b["ref"].lower() != q.lower(),
                              -(SAILINGS[b["sailing"]]["day"] + (100 if b["sailing"] != "S-1766" else 0)),
                              b["ref"]))
    custs = []
    for b in found:
        if (b["cust"], b["name"]) not in custs:
            custs.append((b["cust"], b["name"]))
    p.text(2, "%d booking%s, %d customer%s" % (len(found), "" if len(found) == 1 else "s",
                                              len(custs), "" if len(custs) == 1 else "s"))
    p.add(2, "region", "Bookings")
    p.add(3, "heading", "Bookings (%d)" % len(found), level=2)
    if found:
        p.add(3, "table", "Matching bookings")
        p.add(4, "row", "")
        for h in ["Booking ref", "Lead passenger", "Vehicle", "Sailing", "Route", "Status", "Total"]:
            p.add(5, "columnheader", h)
        for b in found:
            booking_row(p, 4, b, "res")
    else:
        p.text(3, "No bookings match your search.")
    p.add(2, "region", "Customers")
    p.add(3, "heading", "Customers (%d)" % len(custs), level=2)
    p.add(3, "list", "")
    for c, n in custs:
        p.add(4, "listitem", "")
        p.add(5, "link", "%s \u00b7 %s" % (n, c))
    footer(p, ctx, toast)
    return p


def list_sorted(ctx, sort, sailing_filter=None):
    rows = [b for b in ctx.bookings.values()
            if b["status"] != "Travelled" and SAILINGS[b["sailing"]]["day"] >= 14
            and SAILINGS[b["sailing"]]["day"] <= 20 and b["sailing"] != "S-1766"]
    if sailing_filter:
        rows = [b for b in rows if b["sailing"] == sailing_filter]
    if sort == "passenger":
        rows.sort(key=lambda b: (surname(b["name"]), b["name"], b["ref"]))
    else:
        rows.sort(key=lambda b: (b["sailing"], b["ref"]))
    return rows


def bookings_list(ctx, page=1, sort="departure", sailing_filter=None, filters_open=False,
                  filter_text="", toast=None):
    path = "/bookings?sort=%s&page=%d" % (sort, page)
    if sailing_filter:
        path += "&sailing=%s" % sailing_filter
    p = Page(path, "Vehicle bookings")
    chrome(p, ctx, nav="Bookings", crumbs=[("Home", "/dashboard"), ("Bookings", None)])
    p.add(2, "heading", "Vehicle bookings", level=1)
    p.add(2, "button", "Filters", key="filters_toggle", expanded=filters_open)
    if filters_open:
        p.add(2, "group", "Filter bookings")
        p.add(3, "textbox", "Sailing ID", key="f_sailing", value=filter_text)
        combobox(p, 3, "Departing", ["Today", "Next 7 days", "Next 30 days", "Any date"], "Next 7 days")
        combobox(p, 3, "Status", ["All active", "Confirmed", "Checked in", "Sailing cancelled"], "All active")
        p.add(3, "checkbox", "Vehicle bookings only", checked="true")
        p.add(3, "button", "Apply filters", key="f_apply")
        p.add(3, "button", "Clear filters")
    chips = ["Departing: Next 7 days", "Status: All active"]
    if sailing_filter:
        chips.append("Sailing: %s" % sailing_filter)
    p.text(2, "Active filters: " + "; ".join(chips))
    rows = list_sorted(ctx, sort, sailing_filter)
    per = 20
    pages = max(1, (len(rows) + per - 1) // per)
    shown = rows[(page - 1) * per: page * per]
    p.add(2, "table", "Vehicle bookings")
    p.add(3, "row", "")
    p.add(4, "columnheader", "Booking ref")
    p.add(4, "columnheader", "")
    p.add(5, "button", "Sort by lead passenger" + (" (ascending)" if sort == "passenger" else ""),
          key="sort_passenger")
    p.add(4, "columnheader", "Vehicle")
    p.add(4, "columnheader", "")
    p.add(5, "button", "Sort by sailing" + (" (ascending)" if sort == "departure" else ""),
          key="sort_departure")
    p.add(4, "columnheader", "Route")
    p.add(4, "columnheader", "Status")
    p.add(4, "columnheader", "Total")
    for b in shown:
        booking_row(p, 3, b, "row")
    pagination(p, 2, page, pages, len(rows), per)
    footer(p, ctx, toast)
    return p, rows


def page_of(rows, ref, per=20):
    for i, b in enumerate(rows):
        if b["ref"] == ref:
            return i // per + 1
    raise KeyError(ref)


def booking_detail(ctx, ref, toast=None, stale_from=None):
    """stale_from: a booking dict to show instead of the current state (stale cache)."""
    ctx.view(ref)
    b = stale_from or ctx.bookings[ref]
    s = SAILINGS[b["sailing"]]
    p = Page("/bookings/%s" % ref, "Booking %s" % ref)
    chrome(p, ctx, nav="Bookings", crumbs=[("Home", "/dashboard"), ("Bookings", "/bookings"), (ref, None)])
    p.add(2, "heading", "Booking %s" % ref, level=1)
    p.text(2, "%s \u00b7 %s \u00b7 booked %s (%s)" % (b["status"], b["name"], b["booked"], b["channel"]))
    cancelled = s["status"].startswith("Cancelled")
    if cancelled:
        p.add(2, "alert", "")
        p.text(3, "Sailing %s was cancelled (%s). Rebook this vehicle or issue a refund voucher. Resolution: %s."
               % (b["sailing"], s["status"].split("\u2014 ")[-1], b["resolution"]))
    p.add(2, "toolbar", "Booking actions")
    if cancelled:
        p.add(3, "button", "Rebook", key="rebook")
        p.add(3, "button", "Issue refund voucher", key="issue_voucher",
              disabled=True if not b["resolution"].startswith("Not") else None)
    else:
        p.add(3, "button", "Amend sailing", key="amend",
              disabled=True if b["status"] != "Confirmed" else None)
        p.add(3, "button", "Issue refund voucher", key="issue_voucher", disabled=True)
    p.add(3, "button", "Resend confirmation")
    p.add(3, "button", "Cancel booking", disabled=True if b["status"] != "Confirmed" else None)
    p.add(2, "region", "Sailing")
    p.add(3, "heading", "Sailing", level=2)
    p.add(3, "link", b["sailing"], key="sailing_link")
    p.text(3, "Route: %s" % s["route"])
    p.text(3, "Departs: %s %s" % (s["date"], s["time"]))
    p.text(3, "Vessel: %s \u00b7 fare band %s" % (s["vessel"], s["band"]))
    p.text(3, "Sailing status: %s" % s["status"])
    p.add(2, "region", "Lead passenger")
    p.add(3, "heading", "Lead passenger", level=2)
    p.text(3, "Name: %s" % b["name"])
    p.add(3, "link", "Customer %s" % b["cust"])
    p.text(3, "Email: %s" % b["email"])
    p.text(3, "Phone: %s" % b["phone"])
    p.text(3, "Passengers: %s" % pax_text(b))
    p.add(2, "region", "Vehicle")
    p.add(3, "heading", "Vehicle", level=2)
    p.text(3, "%s \u00b7 registration %s" % (b["vehicle"], b["reg"]))
    p.text(3, "Category: %s" % b["cat"])
    p.text(3, "Length %s \u00b7 height %s" % (b["length"], b["height"]))
    p.add(2, "region", "Fares and payments")
    p.add(3, "heading", "Fares and payments", level=2)
    p.add(3, "table", "Fares")
    for label, val in [("Vehicle fare (%s, %s)" % (b["cat"], s["band"]), money(vehicle_fare(b))),
                       ("Passenger fares (%s)" % pax_text(b), money(pax_fare(b))),
                       ("Total fare", money(total_paid(b)))]:
        p.add(4, "row", "")
        p.add(5, "cell", label)
        p.add(5, "cell", val)
    p.text(3, "Paid by %s on %s" % (b["card"], b["booked"][:11]))
    for pay in b["payments"]:
        p.text(3, pay)
    p.add(2, "region", "Related records")
    p.add(3, "heading", "Other bookings for %s" % b["name"], level=2)
    others = sorted([o for o in ctx.bookings.values() if o["cust"] == b["cust"] and o["ref"] != ref],
                    key=lambda o: o["ref"])
    if others:
        p.add(3, "table", "Other bookings for this customer")
        for o in others:
            os_ = SAILINGS[o["sailing"]]
            p.add(4, "row", "")
            p.add(5, "cell", "")
            p.add(6, "link", o["ref"], key="rel:" + o["ref"])
            p.add(5, "cell", "%s %s %s" % (o["sailing"], os_["date"], os_["time"]))
            p.add(5, "cell", os_["route"])
            p.add(5, "cell", o["status"])
    else:
        p.text(3, "No other bookings for this customer.")
    p.add(2, "region", "History")
    p.add(3, "heading", "History", level=2)
    p.add(3, "list", "")
    for h in reversed(b["history"]):
        p.add(4, "listitem", "")
        p.text(5, h)
    footer(p, ctx, toast)
    return p


def sailings_on(day, direction):
    return [s for s in SAILINGS.values() if s["day"] == day and s["dir"] == direction and s["id"] != "S-1766"]


def amend_header(p, ctx, ref, step):
    chrome(p, ctx, nav="Bookings", crumbs=[("Home", "/dashboard"), ("Bookings", "/bookings"),
                                           (ref, "/bookings/" + ref), ("Amend sailing", None)])
    p.add(2, "heading", "Amend booking %s" % ref, level=1)
    p.add(2, "list", "Progress")
    for i, name in enumerate(["Choose sailing", "Vehicle and fare", "Review and pay"], 1):
        p.add(3, "listitem", "", current="step" if i == step else None)
        p.text(4, "%d. %s" % (i, name))
    titles = {1: "Choose sailing", 2: "Vehicle and fare", 3: "Review and pay"}
    p.add(2, "heading", "Step %d of 3: %s" % (step, titles[step]), level=2)


def amend_step1(ctx, ref, day=None, typed_date=None, selected=None, sort="Departure time",
                toast=None, restored=None):
    b = ctx.bookings[ref]
    cur = SAILINGS[b["sailing"]]
    day = day or cur["day"]
    p = Page("/bookings/%s/amend?step=1" % ref, "Amend booking %s" % ref)
    amend_header(p, ctx, ref, 1)
    if restored:
        p.add(2, "note", "")
        p.text(3, "Draft restored (saved %s by you). Check the details before continuing." % restored)
    p.text(2, "Current sailing: %s %s %s \u00b7 %s" % (b["sailing"], cur["date"], cur["time"], cur["route"]))
    p.text(2, "Vehicle: %s %s (%s)" % (b["vehicle"], b["reg"], b["cat"]))
    p.add(2, "group", "Find a sailing")
    p.add(3, "textbox", "Travel date", key="date", value=typed_date or "%02d/10/2025" % day)
    combobox(p, 3, "Route", [OUT, BACK], cur["route"], key="route")
    p.add(3, "button", "Find sailings", key="find")
    combobox(p, 3, "Sort sailings by", ["Departure time", "Vehicle fare", "Space available"], sort,
             key="sort")
    rows = sailings_on(day, cur["dir"])
    if sort == "Vehicle fare":
        rows.sort(key=lambda s: (FARES[b["cat"]][s["band"]], s["time"]))
    elif sort == "Space available":
        rows.sort(key=lambda s: (-(s["cap"] - s["booked"]), s["time"]))
    else:
        rows.sort(key=lambda s: s["time"])
    p.add(2, "radiogroup", "Sailings on %s %d Oct 2025" % (rows[0]["dow"], day), required=True)
    for s in rows:
        space = s["cap"] - s["booked"]
        fare = FARES[b["cat"]][s["band"]]
        diff = fare - vehicle_fare(b)
        if s["id"] == b["sailing"]:
            label = "%s %s %s (current sailing)" % (s["time"], s["vessel"], s["id"])
            p.add(3, "radio", label, checked="false", disabled=True)
            continue
        if space <= 0:
            label = "%s %s %s \u2014 car deck full" % (s["time"], s["vessel"], s["id"])
            p.add(3, "radio", label, key="radio:" + s["id"], checked="false", disabled=True)
            continue
        label = "%s %s %s \u2014 %d vehicle spaces, %s fare %s (%s%s)" % (
            s["time"], s["vessel"], s["id"], space, s["band"].lower(), money(fare),
            "+" if diff >= 0 else "\u2212", money(abs(diff)))
        p.add(3, "radio", label, key="radio:" + s["id"],
              checked="true" if selected == s["id"] else "false")
    p.add(2, "button", "Save draft", key="save_draft")
    p.add(2, "button", "Cancel amendment", key="cancel_amend")
    p.add(2, "button", "Continue", key="continue")
    footer(p, ctx, toast)
    return p


def amend_step2(ctx, ref, new_sid, note=""):
    b = ctx.bookings[ref]
    cur = SAILINGS[b["sailing"]]
    new = SAILINGS[new_sid]
    p = Page("/bookings/%s/amend?step=2" % ref, "Amend booking %s" % ref)
    amend_header(p, ctx, ref, 2)
    p.text(2, "New sailing: %s %s %s \u00b7 %s \u00b7 %s" % (new_sid, new["date"], new["time"], new["route"], new["vessel"]))
    p.add(2, "group", "Vehicle")
    p.text(3, "%s \u00b7 %s \u00b7 %s \u00b7 length %s, height %s" % (b["vehicle"], b["reg"], b["cat"], b["length"], b["height"]))
    p.add(3, "checkbox", "Vehicle details have changed", key="veh_changed", checked="false")
    p.add(2, "table", "Fare comparison")
    newfare = FARES[b["cat"]][new["band"]]
    for label, val in [("Current vehicle fare (%s, %s)" % (b["sailing"], cur["band"]), money(vehicle_fare(b))),
                       ("New vehicle fare (%s, %s)" % (new_sid, new["band"]), money(newfare)),
                       ("Passenger fares (%s)" % pax_text(b), "unchanged"),
                       ("Fare difference to collect", money(newfare - vehicle_fare(b)))]:
        p.add(3, "row", "")
        p.add(4, "cell", label)
        p.add(4, "cell", val)
    p.add(2, "textbox", "Note to passenger (optional)", key="note", value=note, multiline=True)
    p.add(2, "button", "Back", key="back")
    p.add(2, "button", "Save draft", key="save_draft")
    p.add(2, "button", "Continue", key="continue")
    footer(p, ctx)
    return p


def amend_step3(ctx, ref, new_sid, pay=None, dialog=False, processing=False, toast=None):
    b = ctx.bookings[ref]
    cur = SAILINGS[b["sailing"]]
    new = SAILINGS[new_sid]
    diff = FARES[b["cat"]][new["band"]] - vehicle_fare(b)
    p = Page("/bookings/%s/amend?step=3" % ref, "Amend booking %s" % ref)
    amend_header(p, ctx, ref, 3)
    p.add(2, "table", "Amendment summary")
    for label, val in [("Passenger", b["name"]),
                       ("Vehicle", "%s %s" % (b["vehicle"], b["reg"])),
                       ("From", "%s %s %s %s" % (b["sailing"], cur["date"], cur["time"], cur["route"])),
                       ("To", "%s %s %s %s" % (new_sid, new["date"], new["time"], new["route"])),
                       ("Fare difference", money(diff))]:
        p.add(3, "row", "")
        p.add(4, "cell", label)
        p.add(4, "cell", val)
    p.add(2, "radiogroup", "Collect fare difference", required=True)
    for k, label in [("card", "Charge card on file (%s)" % b["card"]),
                     ("link", "Send a payment link to the passenger"),
                     ("waive", "Waive the difference (reason required)")]:
        p.add(3, "radio", label, key="pay:" + k, checked="true" if pay == k else "false")
    p.add(2, "checkbox", "Email updated confirmation to %s" % b["email"], checked="true")
    p.add(2, "button", "Back", key="back")
    p.add(2, "button", "Cancel amendment", key="cancel_amend")
    p.add(2, "button", "Confirm amendment", key="confirm",
          disabled=True if pay is None else None)
    footer(p, ctx, toast)
    if dialog:
        p.add(1, "dialog", "Confirm amendment", modal=True)
        p.add(2, "heading", "Confirm amendment", level=2)
        p.text(2, "Move booking %s from %s (%s %s) to %s (%s %s) and charge %s to %s? "
               "The passenger is emailed straight away." % (
                   ref, b["sailing"], cur["date"], cur["time"], new_sid, new["date"], new["time"],
                   money(diff), b["card"]))
        if processing:
            p.add(2, "status", "")
            p.text(3, "Processing payment\u2026")
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "Confirm and charge", key="dlg_ok")
    return p


def apply_amendment(ctx, ref, new_sid, when, times=1):
    b = ctx.bookings[ref]
    old = b["sailing"]
    diff = FARES[b["cat"]][SAILINGS[new_sid]["band"]] - vehicle_fare(b)
    b["sailing"] = new_sid
    b["history"].append("14 Oct 2025 %s \u00b7 Moved from %s to %s by %s" % (when, old, new_sid, USER))
    for _ in range(times):
        b["history"].append("14 Oct 2025 %s \u00b7 Fare difference %s charged to %s" % (when, money(diff), b["card"]))
        b["payments"].append("Fare difference %s charged to %s on 14 Oct 2025 %s" % (money(diff), b["card"], when))
    b["history"].append("14 Oct 2025 %s \u00b7 Updated confirmation emailed to %s" % (when, b["email"]))
    return old, diff


def sailings_board(ctx, status_filter="All statuses", page=1, toast=None):
    p = Page("/sailings?status=%s&page=%d" % (status_filter.split()[0].lower(), page), "Sailings")
    chrome(p, ctx, nav="Sailings", crumbs=[("Home", "/dashboard"), ("Sailings", None)])
    p.add(2, "heading", "Sailings", level=1)
    p.add(2, "group", "Filter sailings")
    combobox(p, 3, "Route", ["All routes", OUT, BACK], "All routes", key="f_route")
    combobox(p, 3, "Status", ["All statuses", "Scheduled", "Cancelled", "Departed"], status_filter,
             key="f_status")
    combobox(p, 3, "Dates", ["Today", "Next 7 days", "Last 7 days"], "Next 7 days", key="f_dates")
    rows = [s for s in SAILINGS.values() if 14 <= s["day"] <= 20 and s["id"] != "S-1766"]
    if status_filter == "Cancelled":
        rows = [s for s in rows if s["status"].startswith("Cancelled")]
    elif status_filter != "All statuses":
        rows = [s for s in rows if s["status"] == status_filter]
    rows.sort(key=lambda s: s["id"])
    per = 10
    pages = max(1, (len(rows) + per - 1) // per)
    p.add(2, "table", "Sailings")
    p.add(3, "row", "")
    for h in ["Sailing", "Date", "Departs", "Route", "Vessel", "Vehicles", "Status"]:
        p.add(4, "columnheader", h)
    for s in rows[(page - 1) * per: page * per]:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", s["id"], key="sail:" + s["id"])
        for v in [s["date"], s["time"], s["route"], s["vessel"], "%d/%d" % (s["booked"], s["cap"]), s["status"]]:
            p.add(4, "cell", v)
    pagination(p, 2, page, pages, len(rows), per)
    footer(p, ctx, toast)
    return p


def sailing_detail(ctx, sid, page=1, toast=None):
    s = SAILINGS[sid]
    p = Page("/sailings/%s?page=%d" % (sid, page), "Sailing %s" % sid)
    chrome(p, ctx, nav="Sailings", crumbs=[("Home", "/dashboard"), ("Sailings", "/sailings"), (sid, None)])
    p.add(2, "heading", "Sailing %s" % sid, level=1)
    p.text(2, "%s %s \u00b7 %s \u00b7 %s" % (s["date"], s["time"], s["route"], s["vessel"]))
    rows = sorted([b for b in ctx.bookings.values() if b["sailing"] == sid], key=lambda b: b["ref"])
    unresolved = len([b for b in rows if (b["resolution"] or "").startswith("Not")])
    if s["status"].startswith("Cancelled"):
        p.add(2, "alert", "")
        p.text(3, "%s. %s %d vehicle bookings affected, %d not resolved." % (
            s["status"], CANCEL_NOTE[sid], len(rows), unresolved))
    p.add(2, "toolbar", "Sailing actions")
    p.add(3, "button", "Email all affected customers")
    p.add(3, "button", "Export passenger list")
    p.add(2, "region", "Affected vehicle bookings")
    p.add(3, "heading", "Affected vehicle bookings (%d)" % len(rows), level=2)
    combobox(p, 3, "Show", ["All", "Not resolved", "Resolved"], "All", key="show")
    per = 10
    pages = max(1, (len(rows) + per - 1) // per)
    p.add(3, "table", "Affected vehicle bookings")
    p.add(4, "row", "")
    for h in ["Booking ref (ascending)", "Lead passenger", "Vehicle", "Total paid", "Resolution"]:
        p.add(5, "columnheader", h)
    for b in rows[(page - 1) * per: page * per]:
        p.add(4, "row", "")
        p.add(5, "cell", "")
        p.add(6, "link", b["ref"], key="row:" + b["ref"])
        p.add(5, "cell", b["name"])
        p.add(5, "cell", "%s \u00b7 %s" % (b["vehicle"], b["reg"]))
        p.add(5, "cell", money(total_paid(b)))
        p.add(5, "cell", b["resolution"] or "")
    pagination(p, 3, page, pages, len(rows), per)
    p.add(2, "region", "Related sailings")
    p.add(3, "heading", "Related sailings", level=2)
    p.add(3, "list", "")
    sib = [x for x in SAILINGS.values() if x["day"] == s["day"] and x["dir"] == s["dir"] and x["id"] != sid]
    for x in sorted(sib, key=lambda x: x["time"]):
        p.add(4, "listitem", "")
        p.add(5, "link", "%s %s %s" % (x["id"], x["time"], x["status"]), key="sib:" + x["id"])
    footer(p, ctx, toast)
    return p


VTYPES = ["Travel credit (non-refundable)", "Refund voucher (cash-equivalent)"]
REASONS = ["Select a reason", "Sailing cancelled by operator", "Customer cancelled within policy",
           "Goodwill gesture", "Duplicate booking", "Other"]


def voucher_defaults(b):
    return {"type": VTYPES[0], "reason": REASONS[0], "amount": "%.2f" % total_paid(b),
            "email": b["email"], "send": False, "note": ""}


def voucher_form(ctx, ref, v, dialog=False, toast=None, alert=None, unsaved_modal=False,
                 restored=None):
    b = ctx.bookings[ref]
    s = SAILINGS[b["sailing"]]
    p = Page("/bookings/%s/voucher/new" % ref, "Issue refund voucher \u2014 %s" % ref)
    chrome(p, ctx, nav="Bookings", crumbs=[("Home", "/dashboard"), ("Bookings", "/bookings"),
                                           (ref, "/bookings/" + ref), ("Issue refund voucher", None)])
    p.add(2, "heading", "Issue refund voucher", level=1)
    if alert:
        p.add(2, "alert", "")
        p.text(3, alert)
    if restored:
        p.add(2, "note", "")
        p.text(3, "Draft restored (saved %s by you)." % restored)
    p.text(2, "Booking %s \u00b7 %s \u00b7 %s %s %s %s (%s)" % (
        ref, b["name"], b["sailing"], s["date"], s["time"], s["route"], s["status"].lower()))
    p.add(2, "group", "Voucher details")
    combobox(p, 3, "Voucher type", VTYPES, v["type"], key="vtype", required=True)
    combobox(p, 3, "Reason", REASONS, v["reason"], key="reason", required=True)
    p.add(3, "textbox", "Amount (\u00a3)", key="amount", value=v["amount"], required=True)
    p.text(3, "Total paid on booking: %s" % money(total_paid(b)))
    p.add(3, "textbox", "Valid until", value="14/10/2026")
    p.add(2, "group", "Delivery")
    p.add(3, "textbox", "Recipient email", key="email", value=v["email"])
    p.add(3, "checkbox", "Email voucher to customer", key="send", checked="true" if v["send"] else "false")
    p.add(3, "textbox", "Internal note (optional)", key="note", value=v["note"], multiline=True)
    p.add(2, "button", "Save draft", key="save_draft")
    p.add(2, "button", "Cancel", key="cancel")
    p.add(2, "button", "Issue voucher", key="issue")
    footer(p, ctx, toast)
    if dialog:
        kind = "refund voucher" if v["type"] == VTYPES[1] else "travel credit"
        reason = v["reason"] if v["reason"] != REASONS[0] else "Other (not specified)"
        p.add(1, "dialog", "Issue %s?" % kind, modal=True)
        p.add(2, "heading", "Issue %s?" % kind, level=2)
        p.text(2, "A %s of %s will be issued against booking %s and recorded in the ledger. "
                  "It cannot be edited afterwards." % (kind, money(float(v["amount"])), ref))
        p.text(2, "Reason: %s" % reason)
        p.text(2, "Recipient: %s%s" % (v["email"], "" if v["send"] else " (not emailed)"))
        p.add(2, "button", "Go back", key="dlg_cancel")
        p.add(2, "button", "Issue voucher", key="dlg_ok")
    if unsaved_modal:
        p.add(1, "alertdialog", "Leave this page?", modal=True)
        p.text(2, "You have unsaved changes to this voucher. If you leave, they will be lost.")
        p.add(2, "button", "Stay on page", key="stay")
        p.add(2, "button", "Leave without saving", key="leave")
    return p


def issue_voucher(ctx, ref, v, when):
    b = ctx.bookings[ref]
    kind = "RV" if v["type"] == VTYPES[1] else "TC"
    vid = "%s-%d" % (kind, ctx.next_voucher)
    ctx.next_voucher += 1
    reason = v["reason"] if v["reason"] != REASONS[0] else "Other (not specified)"
    ctx.vouchers[vid] = {"id": vid, "ref": ref, "type": v["type"], "amount": float(v["amount"]),
                         "reason": reason, "email": v["email"], "sent": v["send"], "when": when}
    label = "Refund voucher" if kind == "RV" else "Travel credit"
    b["resolution"] = "Voucher issued (%s)" % vid
    b["history"].append("14 Oct 2025 %s \u00b7 %s %s issued for %s by %s" % (when, label, vid, money(float(v["amount"])), USER))
    if v["send"]:
        b["history"].append("14 Oct 2025 %s \u00b7 %s %s emailed to %s" % (when, label, vid, v["email"]))
    return vid


def voucher_detail(ctx, vid, toast=None):
    vo = ctx.vouchers[vid]
    b = ctx.bookings[vo["ref"]]
    label = "Refund voucher" if vid.startswith("RV") else "Travel credit"
    p = Page("/vouchers/%s" % vid, "%s %s" % (label, vid))
    chrome(p, ctx, nav="Vouchers", crumbs=[("Home", "/dashboard"), ("Vouchers", "/vouchers"), (vid, None)])
    p.add(2, "heading", "%s %s" % (label, vid), level=1)
    p.text(2, "Status: Active")
    p.add(2, "table", "Voucher details")
    for k, val in [("Type", vo["type"]), ("Amount", money(vo["amount"])), ("Valid until", "14 Oct 2026"),
                   ("Reason", vo["reason"]), ("Recipient", vo["email"]),
                   ("Emailed", "Yes, 14 Oct 2025 %s" % vo["when"] if vo["sent"] else "No"),
                   ("Issued by", "%s, 14 Oct 2025 %s" % (USER, vo["when"]))]:
        p.add(3, "row", "")
        p.add(4, "cell", k)
        p.add(4, "cell", val)
    p.add(2, "toolbar", "Voucher actions")
    p.add(3, "button", "Print")
    p.add(3, "button", "Resend email")
    p.add(3, "button", "Void voucher")
    p.add(2, "region", "Related records")
    p.add(3, "heading", "Related booking", level=2)
    p.add(3, "link", "%s %s" % (b["ref"], b["name"]), key="booking_link")
    p.text(3, "%s \u00b7 resolution: %s" % (sailing_label(b["sailing"]), b["resolution"]))
    footer(p, ctx, toast)
    return p


def access_denied(ctx, path, ref):
    p = Page(path, "Access denied")
    chrome(p, ctx, crumbs=[("Home", "/dashboard"), ("Access denied", None)])
    p.add(2, "heading", "You don\u2019t have permission to do that", level=1)
    p.text(2, "Issuing refund vouchers requires the permission \u2018vouchers.issue\u2019 (Customer Relations). "
              "Ask your administrator if you need it.")
    p.text(2, "Error 403 \u00b7 request 7f3c0a9e-51b2")
    p.add(2, "link", "Back to booking %s" % ref, key="back_booking")
    p.add(2, "link", "Request access")
    footer(p, ctx)
    return p


# --------------------------------------------------------------------------
# Plans.  Written from the two tasks and the healthy pages, before any faulty
# run existed; not edited afterwards.
# --------------------------------------------------------------------------
PLANS = {
    "amend": {
        "task": ("Move a passenger's vehicle booking from the Thu 16 Oct 2025 08:30 Kilbrannan Pier "
                 "\u2192 Port Ailsa sailing (S-2280) to the 14:15 sailing the same day (S-2284), "
                 "charge the fare difference to the card on file and confirm the amendment."),
        "plan_falsifiers": {
            "execution": [
                "Sign in to FerryLink Back Office",
                "Your session has expired. Please sign in again.",
                "Something went wrong on our side",
            ],
        },
        "commitments": [
            {
                "id": "open-booking",
                "subgoal": "Open the passenger's vehicle booking on sailing S-2280",
                "skill": "open_record_by_id",
                "confidence": 0.8,
                "confirm": {
                    "precondition": ["FerryLink Back Office"],
                    "progress": ["Search results for the booking reference", "Vehicle bookings list"],
                    "completion": ["Booking detail for the booking on sailing S-2280, Thu 16 Oct 2025 08:30, "
                                   "Kilbrannan Pier \u2192 Port Ailsa"],
                },
                "falsify": {
                    "execution": ["No bookings match your search",
                                  "Booking is on the return sailing Port Ailsa \u2192 Kilbrannan Pier",
                                  "Booking status Travelled"],
                    "planning": ["Amend sailing button is disabled"],
                },
            },
            {
                "id": "choose-sailing",
                "subgoal": "Start the amendment and pick the 14:15 MV Skerryvore sailing S-2284 on Thu 16 Oct",
                "skill": "fill_form",
                "confidence": 0.7,
                "confirm": {
                    "progress": ["Amend booking, Step 1 of 3: Choose sailing"],
                    "completion": ["14:15 MV Skerryvore S-2284 radio checked"],
                },
                "falsify": {
                    "execution": ["14:45 MV Loch Tarbert S-2285 checked",
                                  "Sailings on Fri 17 Oct 2025",
                                  "S-2294 checked"],
                    "skill": ["S-2284 car deck full"],
                },
            },
            {
                "id": "check-fare",
                "subgoal": "Check the vehicle details and the fare difference",
                "confidence": 0.6,
                "confirm": {
                    "progress": ["Step 2 of 3: Vehicle and fare"],
                    "completion": ["Fare comparison with a fare difference to collect for S-2284"],
                },
                "falsify": {
                    "execution": ["Vehicle details have changed is checked"],
                    "planning": ["Fare difference to collect \u00a30.00"],
                },
            },
            {
                "id": "confirm-amendment",
                "subgoal": "Charge the fare difference to the card on file and confirm the amendment",
                "skill": "confirm_dialog",
                "confidence": 0.6,
                "confirm": {
                    "progress": ["Step 3 of 3: Review and pay",
                                 "Charge card on file radio checked",
                                 "Confirm amendment dialog"],
                    "completion": ["Booking moved from S-2280 to S-2284",
                                   "Fare difference charged to the card on file",
                                   "Updated confirmation emailed"],
                },
                "falsify": {
                    "execution": ["Payment declined",
                                  "Amendment was not saved",
                                  {"text": "click Cancel amendment", "on": "action"}],
                    "planning": ["Waive the difference radio checked"],
                },
            },
        ],
    },
    "voucher": {
        "task": ("Sailing S-2291 (Fri 17 Oct 2025 10:15 Port Ailsa \u2192 Kilbrannan Pier) was cancelled "
                 "for weather. For the affected vehicle booking, issue a full-fare refund voucher "
                 "(type Refund voucher, reason Sailing cancelled by operator), email it to the customer "
                 "and confirm."),
        "plan_falsifiers": {
            "execution": [
                "Sign in to FerryLink Back Office",
                "Your session has expired. Please sign in again.",
                "Something went wrong on our side",
            ],
        },
        "commitments": [
            {
                "id": "open-booking",
                "subgoal": "Open the affected vehicle booking on cancelled sailing S-2291",
                "skill": "open_record_by_id",
                "confidence": 0.8,
                "confirm": {
                    "precondition": ["FerryLink Back Office"],
                    "progress": ["Sailing S-2291 affected vehicle bookings", "Search results"],
                    "completion": ["Booking detail on sailing S-2291 Fri 17 Oct 2025 10:15, sailing cancelled, "
                                   "resolution Not resolved"],
                },
                "falsify": {
                    "execution": ["Sailing S-2298", "Sailing S-2241", "Sailing S-2293",
                                  "No bookings match your search"],
                    "planning": ["Resolution: Voucher issued", "Resolution: Rebooked to S-2293"],
                },
            },
            {
                "id": "fill-voucher",
                "subgoal": "Open Issue refund voucher and fill in type, reason, amount and delivery",
                "skill": "fill_form",
                "confidence": 0.7,
                "confirm": {
                    "progress": ["Issue refund voucher form for the booking"],
                    "completion": ["Voucher type Refund voucher (cash-equivalent)",
                                   "Reason Sailing cancelled by operator",
                                   "Amount equals the total paid on booking",
                                   "Email voucher to customer checked"],
                },
                "falsify": {
                    "execution": ["Reason Goodwill gesture", "Amount differs from the total paid on booking"],
                    "skill": ["Issue refund voucher button is disabled"],
                },
            },
            {
                "id": "issue-voucher",
                "subgoal": "Issue the voucher and confirm in the dialog",
                "skill": "confirm_dialog",
                "confidence": 0.6,
                "confirm": {
                    "progress": ["Issue refund voucher? dialog"],
                    "completion": ["Refund voucher RV- issued and emailed to the customer",
                                   "Booking resolution Voucher issued"],
                },
                "falsify": {
                    "execution": ["Voucher could not be issued",
                                  {"text": "click Go back in the dialog", "on": "action"}],
                    "planning": ["Recipient (not emailed)"],
                },
            },
        ],
    },
}


def yaml_scalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)


def to_yaml(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append("%s%s:" % (pad, k))
                out.append(to_yaml(v, indent + 1))
            elif isinstance(v, (dict, list)):
                out.append("%s%s: %s" % (pad, k, "{}" if isinstance(v, dict) else "[]"))
            else:
                out.append("%s%s: %s" % (pad, k, yaml_scalar(v)))
    else:
        for item in obj:
            if isinstance(item, dict):
                sub = to_yaml(item, indent + 1).split("\n")
                first = sub[0].lstrip()
                out.append("%s- %s" % (pad, first))
                out.extend(sub[1:])
            else:
                out.append("%s- %s" % (pad, yaml_scalar(item)))
    return "\n".join(out)


# --------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------
class Run(object):
    def __init__(self, rid, workflow, task, fault, ctx, start):
        self.rid, self.workflow, self.task, self.fault = rid, workflow, task, fault
        self.ctx = ctx
        self.start = start
        self.cur = start
        self.steps = []
        self.fault_step = None

    def _push(self, commitment, command, reasoning, target, effect, page, error=None):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page.obs(error),
        })
        self.cur = page

    def mark(self):
        """The next step is the first off-track step."""
        assert self.fault_step is None
        self.fault_step = len(self.steps)

    def click(self, key, page, c, why, effect="read"):
        self._push(c, "click('%s')" % self.cur.bid(key), why, self.cur.target(key), effect, page)

    def fill(self, key, value, page, c, why, effect="read"):
        self._push(c, "fill('%s', %s)" % (self.cur.bid(key), json.dumps(value, ensure_ascii=False)), why,
                   self.cur.target(key), effect, page)

    def select(self, key, value, page, c, why, effect="write"):
        self._push(c, "select_option('%s', %s)" % (self.cur.bid(key), json.dumps(value, ensure_ascii=False)),
                   why, self.cur.target(key), effect, page)

    def press(self, key, combo, page, c, why, effect="read"):
        self._push(c, "press('%s', '%s')" % (self.cur.bid(key), combo), why, self.cur.target(key), effect, page)

    def goto(self, page, c, why):
        self._push(c, "goto('%s')" % page.url, why, "url %s" % page.url, "read", page)

    def go_back(self, page, c, why):
        self._push(c, "go_back()", why, "browser back", "read", page)

    def say(self, msg, c, why):
        self._push(c, "send_msg_to_user(%s)" % json.dumps(msg, ensure_ascii=False), why,
                   "message to user", "read", self.cur)

    def record(self, success):
        if self.fault is None:
            assert self.fault_step is None, self.rid
        else:
            assert self.fault_step is not None, self.rid
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": self.task,
            "plan": "plans/%s.yaml" % self.workflow,
            "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


def amend_task(ref):
    b = BOOKINGS[ref]
    return ("Booking %s (%s, %s %s) is on the Thu 16 Oct 2025 08:30 Kilbrannan Pier \u2192 Port Ailsa "
            "sailing S-2280. At the passenger's request, move it to the 14:15 sailing that day (S-2284), "
            "charge the fare difference to the card on file and confirm the amendment."
            % (ref, b["name"], b["vehicle"], b["reg"]))


def voucher_task(ref):
    b = BOOKINGS[ref]
    return ("Sailing S-2291 (Fri 17 Oct 2025 10:15 Port Ailsa \u2192 Kilbrannan Pier) was cancelled for "
            "weather. Issue a full-fare refund voucher for booking %s (%s, %s %s): type Refund voucher, "
            "reason 'Sailing cancelled by operator', emailed to the customer."
            % (ref, b["name"], b["vehicle"], b["reg"]))


RUNS = []


# --------------------------------------------------------------------------
# Shared run fragments
# --------------------------------------------------------------------------
def amend_wizard(r, ref, new_sid="S-2284", note=None, sort=None, draft=False):
    """From the booking detail page to step 3 with the card radio checked."""
    ctx = r.ctx
    r.click("amend", amend_step1(ctx, ref), "choose-sailing",
            "Open the amendment wizard for %s" % ref)
    if sort:
        r.select("sort", sort, amend_step1(ctx, ref, sort=sort), "choose-sailing",
                 "Sort the sailings by %s to compare the options" % sort.lower(), effect="read")
    r.click("radio:" + new_sid, amend_step1(ctx, ref, selected=new_sid, sort=sort or "Departure time"),
            "choose-sailing", "Select the 14:15 MV Skerryvore sailing %s" % new_sid, effect="write")
    if draft:
        saved = ctx.now()
        r.click("save_draft", amend_step1(ctx, ref, selected=new_sid, sort=sort or "Departure time",
                                          toast="Draft amendment saved at %s." % saved),
                "choose-sailing", "Save a draft before going further", effect="write")
        r.goto(amend_step1(ctx, ref, selected=new_sid, restored=saved), "choose-sailing",
               "Reload the wizard to make sure the draft was kept")
    r.click("continue", amend_step2(ctx, ref, new_sid), "check-fare", "Go on to the vehicle and fare step")
    if note:
        r.fill("note", note, amend_step2(ctx, ref, new_sid, note=note), "check-fare",
               "Add a short note for the passenger", effect="write")
    r.click("continue", amend_step3(ctx, ref, new_sid), "confirm-amendment",
            "Fare difference looks right; continue to review and pay")
    r.click("pay:card", amend_step3(ctx, ref, new_sid, pay="card"), "confirm-amendment",
            "Charge the difference to the card on file", effect="write")
    r.click("confirm", amend_step3(ctx, ref, new_sid, pay="card", dialog=True), "confirm-amendment",
            "Submit the amendment")


def amend_commit(r, ref, new_sid="S-2284", times=1):
    ctx = r.ctx
    when = ctx.now()
    old, diff = apply_amendment(ctx, ref, new_sid, when, times=times)
    b = ctx.bookings[ref]
    s = SAILINGS[new_sid]
    toast = "Booking %s moved to %s (%s %s). %s charged to %s. Confirmation emailed to %s." % (
        ref, new_sid, s["date"], s["time"], money(diff), b["card"], b["email"])
    return booking_detail(ctx, ref, toast=toast), diff


def voucher_fill(r, ref, reason=True, vtype=True, send=True, note=None):
    """From the booking detail page to a filled-in voucher form; returns the values."""
    ctx = r.ctx
    b = ctx.bookings[ref]
    v = voucher_defaults(b)
    r.click("issue_voucher", voucher_form(ctx, ref, v), "fill-voucher",
            "Open the refund voucher form for %s" % ref)
    if vtype:
        v["type"] = VTYPES[1]
        r.select("vtype", VTYPES[1], voucher_form(ctx, ref, v), "fill-voucher",
                 "Task asks for a refund voucher, not travel credit")
    if reason:
        v["reason"] = REASONS[1]
        r.select("reason", REASONS[1], voucher_form(ctx, ref, v), "fill-voucher",
                 "Reason: the operator cancelled the sailing")
    if note:
        v["note"] = note
        r.fill("note", note, voucher_form(ctx, ref, v), "fill-voucher", "Leave an internal note",
               effect="write")
    if send:
        v["send"] = True
        r.click("send", voucher_form(ctx, ref, v), "fill-voucher",
                "Tick email voucher to customer so it goes to %s" % b["email"], effect="write")
    return v


def voucher_issue(r, ref, v):
    ctx = r.ctx
    when = ctx.now()
    vid = issue_voucher(ctx, ref, v, when)
    label = "Refund voucher" if vid.startswith("RV") else "Travel credit"
    toast = "%s %s issued for %s%s." % (label, vid, money(float(v["amount"])),
                                         " and emailed to %s" % v["email"] if v["send"] else "")
    return voucher_detail(ctx, vid, toast=toast), vid


# --------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------
def amend_healthy_01():
    ref = "FL-483920"
    ctx = Ctx(["FL-483921", "FL-484058", "FL-482744"], notifs=3)
    r = Run("ferrylink-amend-healthy-01", "amend", amend_task(ref), None, ctx, dashboard(ctx))
    ctx.type_search(ref)
    r.fill("search", ref, dashboard(ctx), "open-booking", "Look the booking up by reference")
    r.press("search", "Enter", search_results(ctx, ref), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s" % ref)
    amend_wizard(r, ref)
    page, diff = amend_commit(r, ref)
    r.click("dlg_ok", page, "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("Booking %s is now on the 14:15 sailing S-2284 on Thu 16 Oct; the %s fare difference was "
          "charged to the card on file." % (ref, money(diff)), "confirm-amendment", "Report back")
    return r.record(True)


def amend_healthy_02():
    ref = "FL-483377"
    ctx = Ctx(["FL-483371", "FL-482850"], notifs=1, minute=9)
    start, _ = bookings_list(ctx)
    r = Run("ferrylink-amend-healthy-02", "amend", amend_task(ref), None, ctx, start)
    pg, rows = bookings_list(ctx, sort="passenger")
    r.click("sort_passenger", pg, "open-booking", "Sort by lead passenger to find Munro")
    n = page_of(rows, ref)
    assert n > 1
    pg, _ = bookings_list(ctx, sort="passenger", page=n)
    r.click("page:%d" % n, pg, "open-booking", "Munro is further down the alphabet; go to page %d" % n)
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking",
            "Open %s (Alasdair Munro, Ford Transit Custom)" % ref)
    amend_wizard(r, ref, note="Moved to the 14:15 at your request (phone call 14 Oct).")
    page, diff = amend_commit(r, ref)
    r.click("dlg_ok", page, "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("Done: %s moved to S-2284 (14:15) and %s charged to the card on file." % (ref, money(diff)),
          "confirm-amendment", "Report back")
    return r.record(True)


def amend_healthy_03():
    ref = "FL-485106"
    ctx = Ctx(["FL-485160", "FL-483655", "FL-484031"], notifs=4, minute=12)
    start = dashboard(ctx, toast="Timetable updated: 2 sailings cancelled on Fri 17 Oct.")
    r = Run("ferrylink-amend-healthy-03", "amend", amend_task(ref), None, ctx, start)
    r.click("toast_dismiss", dashboard(ctx), "open-booking", "Dismiss the timetable notification")
    ctx.type_search("Raman")
    r.fill("search", "Raman", dashboard(ctx), "open-booking", "Search by the passenger's surname")
    r.click("search_btn", search_results(ctx, "Raman"), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking",
            "Two Raman bookings; %s is the outbound on S-2280" % ref)
    amend_wizard(r, ref, sort="Vehicle fare", draft=True)
    page, diff = amend_commit(r, ref)
    r.click("dlg_ok", page, "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("%s amended to S-2284 (Thu 16 Oct 14:15); fare difference %s charged to Amex ending 1008."
          % (ref, money(diff)), "confirm-amendment", "Report back")
    return r.record(True)


def amend_healthy_04():
    ref = "FL-484650"
    ctx = Ctx(["FL-484605", "FL-482611"], notifs=2, minute=15)
    start, _ = bookings_list(ctx)
    r = Run("ferrylink-amend-healthy-04", "amend", amend_task(ref), None, ctx, start)
    pg, _ = bookings_list(ctx, filters_open=True)
    r.click("filters_toggle", pg, "open-booking", "Open the filter panel")
    pg, _ = bookings_list(ctx, filters_open=True, filter_text="S-2280")
    r.fill("f_sailing", "S-2280", pg, "open-booking", "Filter to sailing S-2280")
    pg, _ = bookings_list(ctx, sailing_filter="S-2280")
    r.click("f_apply", pg, "open-booking", "Apply the filter")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking",
            "Open %s (Duncan MacVicar, VW California)" % ref)
    amend_wizard(r, ref)
    page, diff = amend_commit(r, ref)
    r.click("dlg_ok", page, "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("Moved %s to the 14:15 S-2284 and charged %s to Visa ending 7731." % (ref, money(diff)),
          "confirm-amendment", "Report back")
    return r.record(True)


def voucher_healthy_01():
    ref = "FL-484117"
    ctx = Ctx(["FL-484171", "FL-483080"], notifs=5, minute=6, next_voucher=20931)
    r = Run("ferrylink-voucher-healthy-01", "voucher", voucher_task(ref), None, ctx, dashboard(ctx))
    r.click("alert:S-2291", sailing_detail(ctx, "S-2291"), "open-booking", "Open the cancelled sailing S-2291")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Callum Drysdale)" % ref)
    v = voucher_fill(r, ref)
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    page, vid = voucher_issue(r, ref, v)
    r.click("dlg_ok", page, "issue-voucher", "Confirm in the dialog", effect="irreversible")
    r.say("Refund voucher %s for %s issued against %s and emailed to the customer."
          % (vid, money(float(v["amount"])), ref), "issue-voucher", "Report back")
    return r.record(True)


def voucher_healthy_02():
    ref = "FL-484209"
    ctx = Ctx(["FL-484290", "FL-484029"], notifs=2, minute=11, next_voucher=20934)
    start, _ = bookings_list(ctx, toast="Saved filter \u2018Next 7 days\u2019 applied.")
    r = Run("ferrylink-voucher-healthy-02", "voucher", voucher_task(ref), None, ctx, start)
    pg, _ = bookings_list(ctx)
    r.click("toast_dismiss", pg, "open-booking", "Dismiss the notification")
    ctx.type_search(ref)
    pg, _ = bookings_list(ctx)
    r.fill("search", ref, pg, "open-booking", "Search by booking reference")
    r.press("search", "Enter", search_results(ctx, ref), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Shona Kerr)" % ref)
    v = voucher_fill(r, ref)
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    page, vid = voucher_issue(r, ref, v)
    r.click("dlg_ok", page, "issue-voucher", "Confirm in the dialog", effect="irreversible")
    r.say("Issued refund voucher %s (%s) for %s and emailed it to Shona Kerr." % (vid, money(float(v["amount"])), ref),
          "issue-voucher", "Report back")
    return r.record(True)


def voucher_healthy_03():
    ref = "FL-484388"
    ctx = Ctx(["FL-484383", "FL-482948", "FL-483012"], notifs=3, minute=18, next_voucher=20937)
    r = Run("ferrylink-voucher-healthy-03", "voucher", voucher_task(ref), None, ctx, dashboard(ctx))
    r.click("nav:Sailings", sailings_board(ctx), "open-booking", "Go to the sailings list")
    r.select("f_status", "Cancelled", sailings_board(ctx, status_filter="Cancelled"), "open-booking",
             "Show only cancelled sailings", effect="read")
    r.click("sail:S-2291", sailing_detail(ctx, "S-2291"), "open-booking", "Open S-2291 (Fri 17 Oct 10:15)")
    r.click("page:next", sailing_detail(ctx, "S-2291", page=2), "open-booking",
            "FL-484388 is not on the first page; go to the next page")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Graham Whyte, motorhome)" % ref)
    v = voucher_fill(r, ref)
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    page, vid = voucher_issue(r, ref, v)
    r.click("dlg_ok", page, "issue-voucher", "Confirm in the dialog", effect="irreversible")
    r.say("Refund voucher %s issued for %s (%s) and emailed to Graham Whyte." % (vid, ref, money(float(v["amount"]))),
          "issue-voucher", "Report back")
    return r.record(True)


def voucher_healthy_04():
    ref = "FL-484402"
    ctx = Ctx(["FL-484420", "FL-483239"], notifs=1, minute=21, next_voucher=20940)
    r = Run("ferrylink-voucher-healthy-04", "voucher", voucher_task(ref), None, ctx, dashboard(ctx))
    ctx.type_search("Kowalska")
    r.fill("search", "Kowalska", dashboard(ctx), "open-booking", "Search by surname")
    r.press("search", "Enter", search_results(ctx, "Kowalska"), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking",
            "%s is the Kowalska booking on S-2291" % ref)
    v = voucher_fill(r, ref, send=False)
    saved = ctx.now()
    r.click("save_draft", voucher_form(ctx, ref, v, toast="Draft voucher saved at %s." % saved),
            "fill-voucher", "Save a draft", effect="write")
    r.goto(voucher_form(ctx, ref, v, restored=saved), "fill-voucher", "Reload to check the draft kept")
    v["send"] = True
    r.click("send", voucher_form(ctx, ref, v, restored=saved), "fill-voucher",
            "Tick email voucher to customer", effect="write")
    r.click("issue", voucher_form(ctx, ref, v, dialog=True, restored=saved), "issue-voucher",
            "Issue the voucher", effect="write")
    page, vid = voucher_issue(r, ref, v)
    r.click("dlg_ok", page, "issue-voucher", "Confirm in the dialog", effect="irreversible")
    r.say("Refund voucher %s issued for %s and emailed to anna.kowalska@example.com." % (vid, ref),
          "issue-voucher", "Report back")
    return r.record(True)


# --------------------------------------------------------------------------
# Faulty runs (written after the plans above were fixed)
# --------------------------------------------------------------------------
def amend_wrong_record_01():
    ref, wrong = "FL-483920", "FL-483921"
    ctx = Ctx(["FL-484605", "FL-483412", "FL-482871"], notifs=2, minute=24)
    start, _ = bookings_list(ctx)
    r = Run("ferrylink-amend-wrong_record-01", "amend", amend_task(ref), "wrong_record", ctx, start)
    pg, _ = bookings_list(ctx, filters_open=True)
    r.click("filters_toggle", pg, "open-booking", "Open the filter panel")
    pg, _ = bookings_list(ctx, filters_open=True, filter_text="S-2280")
    r.fill("f_sailing", "S-2280", pg, "open-booking", "Filter to the 08:30 sailing S-2280")
    pg, _ = bookings_list(ctx, sailing_filter="S-2280")
    r.click("f_apply", pg, "open-booking", "Apply the filter")
    r.mark()
    r.click("row:" + wrong, booking_detail(ctx, wrong), "open-booking", "Open the Baird booking on S-2280")
    amend_wizard(r, wrong)
    page, diff = amend_commit(r, wrong)
    r.click("dlg_ok", page, "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("Booking %s moved to the 14:15 sailing S-2284; %s fare difference charged to the card on file."
          % (ref, money(diff)), "confirm-amendment", "Report back")
    return r.record(False)


def amend_wrong_value_01():
    ref, new_sid = "FL-485106", "S-2294"
    ctx = Ctx(["FL-485160", "FL-483587"], notifs=4, minute=8)
    r = Run("ferrylink-amend-wrong_value-01", "amend", amend_task(ref), "wrong_value", ctx, dashboard(ctx))
    ctx.type_search(ref)
    r.fill("search", ref, dashboard(ctx), "open-booking", "Look up the booking by reference")
    r.click("search_btn", search_results(ctx, ref), "open-booking", "Search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s" % ref)
    r.click("amend", amend_step1(ctx, ref), "choose-sailing", "Start the amendment")
    r.mark()
    r.fill("date", "17/10/2025", amend_step1(ctx, ref, typed_date="17/10/2025"), "choose-sailing",
           "Set the travel date for the new sailing", effect="write")
    r.click("find", amend_step1(ctx, ref, day=17), "choose-sailing", "Find sailings for that date")
    r.click("radio:" + new_sid, amend_step1(ctx, ref, day=17, selected=new_sid), "choose-sailing",
            "Pick the 14:15 MV Skerryvore sailing", effect="write")
    r.click("continue", amend_step2(ctx, ref, new_sid), "check-fare", "Continue to vehicle and fare")
    r.click("continue", amend_step3(ctx, ref, new_sid), "confirm-amendment", "Continue to review and pay")
    r.click("pay:card", amend_step3(ctx, ref, new_sid, pay="card"), "confirm-amendment",
            "Charge the card on file", effect="write")
    r.click("confirm", amend_step3(ctx, ref, new_sid, pay="card", dialog=True), "confirm-amendment",
            "Submit the amendment")
    page, diff = amend_commit(r, ref, new_sid)
    r.click("dlg_ok", page, "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("%s is now on the 14:15 sailing; %s charged to Amex ending 1008." % (ref, money(diff)),
          "confirm-amendment", "Report back")
    return r.record(False)


def amend_premature_done_01():
    ref = "FL-483377"
    ctx = Ctx(["FL-483378", "FL-482905"], notifs=1, minute=31)
    r = Run("ferrylink-amend-premature_done-01", "amend", amend_task(ref), "premature_done", ctx,
            dashboard(ctx))
    ctx.type_search("Munro")
    r.fill("search", "Munro", dashboard(ctx), "open-booking", "Search by surname")
    r.press("search", "Enter", search_results(ctx, "Munro"), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking",
            "%s is Alasdair Munro's outbound on S-2280" % ref)
    r.click("amend", amend_step1(ctx, ref), "choose-sailing", "Start the amendment")
    r.click("radio:S-2284", amend_step1(ctx, ref, selected="S-2284"), "choose-sailing",
            "Select the 14:15 sailing S-2284", effect="write")
    r.click("continue", amend_step2(ctx, ref, "S-2284"), "check-fare", "Continue")
    r.click("continue", amend_step3(ctx, ref, "S-2284"), "confirm-amendment", "Continue to review and pay")
    r.click("pay:card", amend_step3(ctx, ref, "S-2284", pay="card"), "confirm-amendment",
            "Charge the card on file", effect="write")
    r.mark()
    r.say("%s has been moved to the 14:15 sailing S-2284 and the %s difference charged to Mastercard "
          "ending 0926." % (ref, money(24.50)), "confirm-amendment", "Everything is set; report back")
    return r.record(False)


def amend_dialog_cancelled_01():
    ref = "FL-484650"
    ctx = Ctx(["FL-484656", "FL-483055", "FL-484605"], notifs=3, minute=14)
    r = Run("ferrylink-amend-dialog_cancelled-01", "amend", amend_task(ref), "dialog_cancelled", ctx,
            dashboard(ctx))
    ctx.type_search("YJ68 WDC")
    r.fill("search", "YJ68 WDC", dashboard(ctx), "open-booking", "Search by the campervan's registration")
    r.press("search", "Enter", search_results(ctx, "YJ68 WDC"), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "%s is the outbound on S-2280" % ref)
    amend_wizard(r, ref)
    r.mark()
    r.click("dlg_cancel", amend_step3(ctx, ref, "S-2284", pay="card"), "confirm-amendment",
            "Close the confirmation dialog")
    r.say("Amended %s to the 14:15 S-2284; %s difference to be charged to Visa ending 7731."
          % (ref, money(31.60)), "confirm-amendment", "Report back")
    return r.record(False)


def amend_stale_page_01():
    ref = "FL-483920"
    ctx = Ctx(["FL-483902", "FL-483610"], notifs=2, minute=35)
    r = Run("ferrylink-amend-stale_page-01", "amend", amend_task(ref), "stale_page", ctx, dashboard(ctx))
    ctx.type_search(ref)
    r.fill("search", ref, dashboard(ctx), "open-booking", "Look up the booking")
    r.press("search", "Enter", search_results(ctx, ref), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s" % ref)
    amend_wizard(r, ref)
    r.mark()
    # the save does not take; the detail page is served from cache with a generic toast
    stale = copy.deepcopy(ctx.bookings[ref])
    r.click("dlg_ok", booking_detail(ctx, ref, toast="Changes saved.", stale_from=stale),
            "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.say("Booking %s amended to the 14:15 sailing and the fare difference charged." % ref,
          "confirm-amendment", "Saw 'Changes saved'; report back")
    return r.record(False)


def amend_double_submit_01():
    ref = "FL-483377"
    ctx = Ctx(["FL-483371", "FL-484031"], notifs=5, minute=40)
    start, _ = bookings_list(ctx)
    r = Run("ferrylink-amend-double_submit-01", "amend", amend_task(ref), "double_submit", ctx, start)
    pg, _ = bookings_list(ctx, filters_open=True)
    r.click("filters_toggle", pg, "open-booking", "Open the filters")
    pg, _ = bookings_list(ctx, filters_open=True, filter_text="S-2280")
    r.fill("f_sailing", "S-2280", pg, "open-booking", "Only sailing S-2280")
    pg, _ = bookings_list(ctx, sailing_filter="S-2280")
    r.click("f_apply", pg, "open-booking", "Apply")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Alasdair Munro)" % ref)
    amend_wizard(r, ref)
    r.click("dlg_ok", amend_step3(ctx, ref, "S-2284", pay="card", dialog=True, processing=True),
            "confirm-amendment", "Confirm and charge", effect="irreversible")
    r.mark()
    page, diff = amend_commit(r, ref, times=2)
    r.click("dlg_ok", page, "confirm-amendment", "The dialog is still open; click Confirm and charge again",
            effect="irreversible")
    r.say("Done: %s moved to S-2284 and the fare difference charged to the card on file." % ref,
          "confirm-amendment", "Report back")
    return r.record(False)


def voucher_required_field_skipped_01():
    ref = "FL-484117"
    ctx = Ctx(["FL-484171", "FL-484126"], notifs=3, minute=27, next_voucher=20943)
    r = Run("ferrylink-voucher-required_field_skipped-01", "voucher", voucher_task(ref),
            "required_field_skipped", ctx, dashboard(ctx))
    r.click("alert:S-2291", sailing_detail(ctx, "S-2291"), "open-booking", "Open cancelled sailing S-2291")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Callum Drysdale)" % ref)
    v = voucher_fill(r, ref, reason=False)
    r.mark()
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    page, vid = voucher_issue(r, ref, v)
    r.click("dlg_ok", page, "issue-voucher", "Confirm", effect="irreversible")
    r.say("Refund voucher %s issued for %s and emailed to Callum Drysdale." % (vid, ref),
          "issue-voucher", "Report back")
    return r.record(False)


def voucher_wrong_option_01():
    ref = "FL-484209"
    ctx = Ctx(["FL-484233", "FL-483166"], notifs=2, minute=33, next_voucher=77812)
    r = Run("ferrylink-voucher-wrong_option-01", "voucher", voucher_task(ref), "wrong_option", ctx,
            dashboard(ctx))
    ctx.type_search("Kerr")
    r.fill("search", "Kerr", dashboard(ctx), "open-booking", "Search by surname")
    r.press("search", "Enter", search_results(ctx, "Kerr"), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "Shona Kerr's booking on S-2291")
    v = voucher_fill(r, ref, vtype=False)
    r.mark()
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    page, vid = voucher_issue(r, ref, v)
    r.click("dlg_ok", page, "issue-voucher", "Confirm", effect="irreversible")
    r.say("Voucher %s for %s issued to Shona Kerr and emailed." % (vid, money(104.50)),
          "issue-voucher", "Report back")
    return r.record(False)


def voucher_silent_noop_01():
    ref = "FL-484388"
    ctx = Ctx(["FL-484345", "FL-482803"], notifs=1, minute=38, next_voucher=20946)
    start, _ = bookings_list(ctx)
    r = Run("ferrylink-voucher-silent_noop-01", "voucher", voucher_task(ref), "silent_noop", ctx, start)
    pg, _ = bookings_list(ctx, filters_open=True)
    r.click("filters_toggle", pg, "open-booking", "Open the filters")
    pg, _ = bookings_list(ctx, filters_open=True, filter_text="S-2291")
    r.fill("f_sailing", "S-2291", pg, "open-booking", "Only bookings on S-2291")
    pg, _ = bookings_list(ctx, sailing_filter="S-2291")
    r.click("f_apply", pg, "open-booking", "Apply")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Graham Whyte)" % ref)
    v = voucher_fill(r, ref)
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    r.mark()
    r.click("dlg_ok", voucher_form(ctx, ref, v), "issue-voucher", "Confirm", effect="irreversible")
    r.say("Refund voucher for %s (%s) issued and emailed to Graham Whyte." % (ref, money(203.50)),
          "issue-voucher", "Report back")
    return r.record(False)


def voucher_error_banner_01():
    ref = "FL-484402"
    ctx = Ctx(["FL-484420", "FL-484440"], notifs=4, minute=16, next_voucher=20949)
    r = Run("ferrylink-voucher-error_banner-01", "voucher", voucher_task(ref), "error_banner", ctx,
            dashboard(ctx))
    ctx.type_search(ref)
    r.fill("search", ref, dashboard(ctx), "open-booking", "Search by reference")
    r.press("search", "Enter", search_results(ctx, ref), "open-booking", "Run the search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s" % ref)
    v = voucher_fill(r, ref)
    r.click("issue", voucher_form(ctx, ref, v, dialog=True), "issue-voucher", "Issue the voucher", effect="write")
    r.mark()
    r.click("dlg_ok", voucher_form(ctx, ref, v, alert="Voucher could not be issued: the ledger service did "
                                                      "not respond in time (VCH-504). No voucher was created."),
            "issue-voucher", "Confirm", effect="irreversible")
    r.say("Refund voucher issued for %s and emailed to Anna Kowalska." % ref, "issue-voucher", "Report back")
    return r.record(False)


def voucher_permission_denied_01():
    ref = "FL-484117"
    ctx = Ctx(["FL-484058", "FL-483204"], notifs=2, minute=44, next_voucher=20952)
    r = Run("ferrylink-voucher-permission_denied-01", "voucher", voucher_task(ref), "permission_denied",
            ctx, dashboard(ctx))
    ctx.type_search("Drysdale")
    r.fill("search", "Drysdale", dashboard(ctx), "open-booking", "Search by surname")
    r.click("search_btn", search_results(ctx, "Drysdale"), "open-booking", "Search")
    r.click("res:" + ref, booking_detail(ctx, ref), "open-booking", "%s is the booking on S-2291" % ref)
    r.mark()
    r.click("issue_voucher", access_denied(ctx, "/bookings/%s/voucher/new" % ref, ref), "fill-voucher",
            "Open the refund voucher form")
    r.click("back_booking", booking_detail(ctx, ref), "fill-voucher", "Return to the booking")
    r.say("I couldn't issue the voucher for %s: FerryLink says I don't have the vouchers.issue permission."
          % ref, "fill-voucher", "Report the blocker")
    return r.record(False)


def voucher_unsaved_navigation_01():
    ref = "FL-484209"
    ctx = Ctx(["FL-484290", "FL-483880"], notifs=3, minute=20, next_voucher=20955)
    r = Run("ferrylink-voucher-unsaved_navigation-01", "voucher", voucher_task(ref), "unsaved_navigation",
            ctx, dashboard(ctx))
    r.click("alert:S-2291", sailing_detail(ctx, "S-2291"), "open-booking", "Open cancelled sailing S-2291")
    r.click("row:" + ref, booking_detail(ctx, ref), "open-booking", "Open %s (Shona Kerr)" % ref)
    v = voucher_fill(r, ref, send=False)
    r.mark()
    r.click("nav:Sailings", voucher_form(ctx, ref, v, unsaved_modal=True), "issue-voucher",
            "Check the sailings list before issuing")
    r.click("leave", sailings_board(ctx), "issue-voucher", "Leave the page")
    r.click("recent:" + ref, booking_detail(ctx, ref), "issue-voucher", "Back to the booking")
    r.say("Refund voucher for %s is done (type Refund voucher, reason Sailing cancelled by operator)." % ref,
          "issue-voucher", "Report back")
    return r.record(False)


HEALTHY = [amend_healthy_01, amend_healthy_02, amend_healthy_03, amend_healthy_04,
           voucher_healthy_01, voucher_healthy_02, voucher_healthy_03, voucher_healthy_04]
FAULTY = [amend_wrong_record_01, amend_wrong_value_01, amend_premature_done_01,
          amend_dialog_cancelled_01, amend_stale_page_01, amend_double_submit_01,
          voucher_required_field_skipped_01, voucher_wrong_option_01, voucher_silent_noop_01,
          voucher_error_banner_01, voucher_permission_denied_01, voucher_unsaved_navigation_01]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, plan in PLANS.items():
        with open(os.path.join(HERE, "plans", "%s.yaml" % wf), "w", encoding="utf-8") as f:
            f.write("# FerryLink Back Office \u2014 %s workflow plan\n" % wf)
            f.write(to_yaml(plan) + "\n")
    records = [fn() for fn in HEALTHY + FAULTY]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d runs to corpus.jsonl and %d plans" % (len(records), len(PLANS)))


if __name__ == "__main__":
    main()
