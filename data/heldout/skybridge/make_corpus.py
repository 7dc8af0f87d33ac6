#!/usr/bin/env python3
"""Generate the Skybridge held-out corpus.

Writes, next to this file:
  corpus.jsonl          20 trajectories (8 healthy, 12 faulty)
  plans/rebook.yaml     the plan for the "rebook" workflow

Python 3 standard library only. Every random choice comes from a
random.Random seeded with a string derived from SEED and the run id, so the
output is byte-for-byte identical on every run and independent of
PYTHONHASHSEED or of the order in which runs are built.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20250514
WORKFLOW = "rebook"
PLAN_REL = "plans/rebook.yaml"
BASE = "http://127.0.0.1:8000"
APP = "Skybridge Agent Desktop"

TASK = (
    "Ines Albrecht (PNR HVRTKM) is sitting in the DEN disruption queue: her DEN-BOS "
    "connection SB 2417 today, 14 May, was cancelled for crew availability. Please rebook "
    "her onto SB 2471 leaving DEN at 19:05 tonight, in the same cabin she paid for "
    "(Premium), keep her on an aisle seat as her profile asks, and waive the change fee "
    "with reason code IRR-CX (carrier cancellation). Reissue the ticket and send me the "
    "new ticket number."
)

# ---------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any
# faulty run existed; not edited afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Skybridge Agent Desktop: rebook a passenger off a cancelled connection.
# Written from the task text and the healthy pages only.
task: "%s"
plan_falsifiers:
  execution:
    - "Skybridge sign in"
    - "Your desk session has ended. Sign in again to continue."
    - "You don't have permission"
    - "Something went wrong"
  planning:
    - {text: "Cancel booking", on: action}
    - {text: "Refund", on: action}
    - {text: "Discard rebooking", on: action}
commitments:
  - id: open-booking
    subgoal: "Open PNR HVRTKM, passenger ALBRECHT/INES MS"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["Disruption queue"]
      progress: ["Find booking — results for HVRTKM"]
      completion: ["PNR HVRTKM — ALBRECHT/INES MS", "Seat preference: Aisle"]
    falsify:
      execution:
        - HVRTKN
        - HVRKTM
        - QJWPLD
        - "ALBRECHTSEN/INES MS"
        - "ALBRECHT/IRIS MS"
        - "No bookings match"
      planning: ["Booking is closed"]
  - id: start-rebook
    subgoal: "Start rebooking segment 2, the cancelled SB 2417 DEN-BOS on 14 May"
    confidence: 0.7
    confirm:
      precondition: ["SB 2417 Cancelled — crew availability"]
      completion: ["Choose a replacement flight", "Replacing: SB 2417"]
    falsify:
      planning: ["Segment 2 is not eligible for rebooking"]
  - id: choose-flight
    subgoal: "Select SB 2471 (DEN 19:05, 14 May) in the Premium cabin"
    skill: pick_row_in_table
    confidence: 0.6
    confirm:
      precondition: ["Replacement flights"]
      progress: ["SB 2471 14 May 19:05"]
      completion: ["SB 2471 selected", "Premium (R)"]
    falsify:
      execution:
        - "SB 2741"
        - "SB 2447"
        - "SB 2477"
        - "15 May"
        - "Economy (M)"
        - "Economy (Y)"
        - {text: "Select SB 2741", on: action}
        - {text: "Select SB 2471 Economy", on: action}
      skill: ["No flights match these filters"]
      planning: ["Premium sold out on SB 2471"]
  - id: keep-aisle-seat
    subgoal: "Keep her on an aisle seat on SB 2471 (profile preference: Aisle)"
    confidence: 0.6
    confirm:
      precondition: ["Passenger seat preference: Aisle"]
      progress: ["Seat map — SB 2471 Premium"]
      completion: ["(aisle) assigned", "Current seat: 8C (aisle)", "Current seat: 7D (aisle)"]
    falsify:
      execution:
        - "(middle) assigned"
        - "(window) assigned"
        - "Seat 7B"
        - {text: "Seat 7B", on: action}
      planning: ["No aisle seats left in Premium"]
  - id: waive-fee
    subgoal: "Waive the USD 200.00 change fee with reason code IRR-CX"
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition: ["Change fee (Premium, domestic) USD 200.00"]
      progress: ["IRR-CX — Carrier cancellation"]
      completion: ["Change fee waived (IRR-CX)", "Amount due USD 0.00"]
    falsify:
      execution:
        - IRR-MC
        - IRR-WX
        - GW-CS
        - SKD-CH
        - {text: "Collect fee", on: action}
      planning: ["Waiver not permitted for this fare"]
  - id: reissue
    subgoal: "Reissue ticket 016-2231884410 and send the new ticket number"
    confidence: 0.7
    confirm:
      precondition: ["Review rebooking"]
      progress: ["Reissue ticket 016-2231884410?"]
      completion: ["Rebooking complete", "Ticket reissued"]
    falsify:
      execution: ["Reissue failed", "Ticket not reissued", "USD 200.00 collected"]
      planning: ["Ticket 016-2231884410 is not eligible for exchange"]
""" % TASK


# ---------------------------------------------------------------------------
# Accessibility-tree helpers (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------
def E(role, name="", *children, **props):
    return (role, name, props, [c for c in children if c is not None])


def T(text):
    return ("StaticText", text, {}, [])


class Page:
    BID_START = 11

    def __init__(self, url, title, body, error=None):
        self.url = url
        self.title = title
        self.error = error
        self.nodes = []
        lines = ["RootWebArea %r, focused" % title]
        counter = [self.BID_START - 1]

        def walk(node, depth):
            role, name, props, children = node
            ind = "\t" * depth
            if role == "StaticText":
                lines.append("%sStaticText %r" % (ind, name))
            else:
                counter[0] += 1
                bid = str(counter[0])
                s = "%s[%s] %s %r" % (ind, bid, role, name)
                for k, v in props.items():
                    if v is True and k in ("focused", "required"):
                        s += ", " + k
                    else:
                        s += ", %s=%r" % (k, v)
                lines.append(s)
                self.nodes.append((bid, role, name))
            for c in children:
                walk(c, depth + 1)

        for node in body:
            if node is not None:
                walk(node, 1)
        self.text = "\n".join(lines)

    def find(self, role, prefix):
        hits = [n for n in self.nodes if n[1] == role and n[2] == prefix]
        if not hits:
            hits = [n for n in self.nodes if n[1] == role and n[2].startswith(prefix)]
        if len(hits) != 1:
            raise ValueError("%d matches for %s %r on %s" % (len(hits), role, prefix, self.title))
        return hits[0]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
BOOKINGS = {
    "HVRTKM": dict(pax="ALBRECHT/INES MS", ff="SB 40 118 233 · Silver", pref="Aisle",
                   phone="+1 303 555 0148", email="i.albrecht@example.net",
                   ticket="016-2231884410", new_ticket="016-2231902275",
                   seat1="6C", seat2="7C", fare="PLX14N", paid="USD 612.80", card="4471"),
    "HVRTKN": dict(pax="ALBRECHTSEN/INES MS", ff="SB 40 118 323 · Blue", pref="Window",
                   phone="+1 720 555 0193", email="ines.a@example.org",
                   ticket="016-2231884527", new_ticket="016-2231902318",
                   seat1="6A", seat2="8A", fare="PLX14N", paid="USD 598.40", card="0925"),
}

Q_PAGE1 = [
    ("QMZPLE", "HARTIGAN/OWEN MR", "SB 1190 ORD–LGA", "Cancelled (weather)", "ORD", "3h 12m", "Callback overdue"),
    ("HVRTKN", "ALBRECHTSEN/INES MS", "SB 2417 DEN–BOS", "Cancelled (crew)", "DEN", "2h 51m", "Awaiting agent"),
    ("BXWQJT", "NAKASHIMA/RYO MR", "SB 508 DEN–SEA", "Delayed 4h 10m", "DEN", "2h 47m", "Auto-rebook failed"),
    ("HVRKTM", "ALBRECHT/IRIS MS", "SB 2471 DEN–BOS", "Equipment swap", "DEN", "2h 40m", "Seat lost — reseat"),
    ("TLPQRA", "OYELARAN/FUNMI MRS", "SB 2417 DEN–BOS", "Cancelled (crew)", "DEN", "2h 38m", "In progress · K. Mbeki"),
    ("ZDNCYW", "FERREIRA/TOMAS MR", "SB 77 SFO–DEN", "Missed connection", "DEN", "2h 31m", "Awaiting agent"),
    ("KJRMVA", "LINDQVIST/ASTRID MS", "SB 2741 DEN–BOS", "Schedule change", "DEN", "2h 29m", "Awaiting agent"),
    ("WUEQHN", "PATEL/ANAND MR", "SB 1433 IAH–DEN", "Diverted to COS", "IAH", "2h 22m", "Denied boarding claim"),
]
Q_PAGE2 = [
    ("RCTMZD", "DOYLE/MAEVE MS", "SB 1190 ORD–LGA", "Cancelled (weather)", "ORD", "2h 20m", "Awaiting agent"),
    ("HVRTKM", "ALBRECHT/INES MS", "SB 2417 DEN–BOS", "Cancelled (crew)", "DEN", "2h 18m", "Awaiting agent"),
    ("PZKWUB", "ALBRIGHT/INEZ MRS", "SB 2147 DEN–BWI", "Delayed 2h 05m", "DEN", "2h 15m", "Callback overdue"),
    ("GYNFQE", "SORENSEN/KAI MR", "SB 2417 DEN–BOS", "Cancelled (crew)", "DEN", "2h 11m", "Rebooked · email failed"),
    ("JEVXTA", "MBAYE/AWA MS", "SB 905 LAS–DEN", "Cancelled (weather)", "LAS", "2h 09m", "Awaiting agent"),
    ("OQFLRS", "KOWALCZYK/PIOTR MR", "SB 2471 DEN–BOS", "Oversold", "DEN", "2h 02m", "Volunteer offered"),
    ("CXHWPN", "TANAKA-REID/MIA MS", "SB 318 DEN–PHX", "Missed connection", "DEN", "1h 58m", "Awaiting agent"),
    ("LBDUZK", "ALBRECHT/JONAS MR", "SB 2417 DEN–BOS", "Cancelled (crew)", "DEN", "1h 55m", "Awaiting agent"),
]
Q_DEN_CANCELLED = [
    Q_PAGE1[1], Q_PAGE1[4], Q_PAGE2[1], Q_PAGE2[3], Q_PAGE2[7],
    ("NSQWAB", "ORTIZ/LUCIA MS", "SB 2209 DEN–MSP", "Cancelled (crew)", "DEN", "1h 50m", "Awaiting agent"),
    ("YFAKDM", "NWOSU/CHIDI MR", "SB 2209 DEN–MSP", "Cancelled (crew)", "DEN", "1h 47m", "Awaiting agent"),
    ("EWPRLT", "HALVORSEN/INA MS", "SB 2417 DEN–BOS", "Cancelled (crew)", "DEN", "1h 41m", "Awaiting agent"),
]

SEARCH_ROWS = {
    "HVRTKM": ("HVRTKM", "ALBRECHT/INES MS", "SFO–DEN–BOS", "14 May", "Premium", "Open · disrupted"),
    "HVRTKN": ("HVRTKN", "ALBRECHTSEN/INES MS", "SFO–DEN–BOS", "14 May", "Premium", "Open · disrupted"),
    "HVRKTM": ("HVRKTM", "ALBRECHT/IRIS MS", "DEN–BOS", "14 May", "Economy", "Open · seat lost"),
    "QJWPLD": ("QJWPLD", "ALBRECHT/INES MRS", "MUC–DEN", "02 Apr", "Premium", "Flown · closed"),
    "LBDUZK": ("LBDUZK", "ALBRECHT/JONAS MR", "DEN–BOS", "14 May", "Economy", "Open · disrupted"),
}

# (date, flight, dep, arr, routing, aircraft, premium, economy, dep_minutes)
# premium/economy: (fare class, seats left) or a string shown instead of a button
FLIGHT_OPTIONS = [
    ("14 May", "SB 2741", "21:40", "03:25 +1", "Nonstop", "A321neo", ("R", 6), ("Y", 14), 21 * 60 + 40),
    ("14 May", "SB 2471", "19:05", "00:48 +1", "Nonstop", "A321neo", ("R", 4), ("M", 9), 19 * 60 + 5),
    ("14 May", "SB 1920 / SB 644", "18:25", "02:10 +1", "1 stop ORD (1h 05m)", "737-800", ("P", 2), ("Y", 5), 18 * 60 + 25),
    ("14 May", "SB 2447", "17:50", "23:38", "Nonstop", "A320", "Sold out", ("Y", 3), 17 * 60 + 50),
    ("14 May", "SB 2477", "19:15", "01:02 +1", "Nonstop · operated by Northwind Air", "E175", "No Premium cabin", ("K", 2), 19 * 60 + 15),
    ("15 May", "SB 2417", "16:35", "22:21", "Nonstop", "A320", ("P", 8), ("Y", 21), 24 * 60 + 16 * 60 + 35),
    ("15 May", "SB 2471", "19:05", "00:48 +1", "Nonstop", "A321neo", ("R", 11), ("M", 30), 24 * 60 + 19 * 60 + 5),
]

SEATMAPS = {
    "Premium": dict(rows=[6, 7, 8, 9], avail={"6A", "7B", "7D", "8C", "9E"}, auto="9F"),
    "Economy": dict(rows=[20, 21, 22, 23], avail={"20C", "21B", "21D", "22F"}, auto="23E"),
}
SEAT_KIND = {"A": "window", "B": "middle", "C": "aisle", "D": "aisle", "E": "middle", "F": "window"}

CODES = [
    ("IRR-CX", "Carrier cancellation"),
    ("IRR-WX", "Weather disruption"),
    ("IRR-MC", "Missed connection (late inbound)"),
    ("SKD-CH", "Schedule change over 2 hours"),
    ("GW-CS", "Goodwill (customer service)"),
]
CODE_LABEL = {c: "%s — %s" % (c, d) for c, d in CODES}
CHANGE_FEE = {"Premium": "USD 200.00", "Economy": "USD 150.00"}


def seat_kind(seat):
    return SEAT_KIND[seat[-1]]


# ---------------------------------------------------------------------------
# Run state
# ---------------------------------------------------------------------------
class Ctx:
    def __init__(self, rid, role="Tier 2"):
        self.rng = random.Random("%d:%s" % (SEED, rid))
        self.minute = 11 * 60 + 20 + self.rng.randint(0, 30)
        self.open_count = 148 + self.rng.randint(-7, 7)
        self.overdue = 12 + self.rng.randint(-3, 3)
        self.agent = "D. Whitcombe"
        self.role = role
        self.readonly_banner = False
        self.search_value = None
        self.pnr = "HVRTKM"
        self.flight = None
        self.date = None
        self.cabin = None
        self.cls = None
        self.seat = None
        self.seat_auto = False
        self.fee = "due"          # due | waived
        self.code = None          # code applied
        self.code_selected = None  # value shown in the combobox
        self.note = None
        self.audit = "W-%d" % self.rng.randint(55000, 55999)
        self.hold_until = None

    def tick(self):
        self.minute += self.rng.choice([0, 1, 1, 1, 2])
        r = self.rng.random()
        if r < 0.35:
            self.open_count -= 1
        elif r < 0.45:
            self.open_count += 1
        if self.rng.random() < 0.08:
            self.overdue += 1

    def clock(self, plus=0):
        h, m = divmod(self.minute + plus, 60)
        return "%02d:%02d" % (h, m)

    @property
    def booking(self):
        return BOOKINGS[self.pnr]

    def option(self):
        for o in FLIGHT_OPTIONS:
            if o[0] == self.date and o[1] == self.flight:
                return o
        raise KeyError(self.flight)


# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------
def header(ctx):
    sv = {"value": ctx.search_value} if ctx.search_value else {}
    return E("banner", "",
             E("link", "%s — home" % APP),
             E("navigation", "Primary",
               E("link", "Disruption queue"),
               E("link", "Bookings"),
               E("link", "Flight status"),
               E("link", "Waivers & fees"),
               E("link", "Reports")),
             E("search", "Find booking",
               E("textbox", "PNR, ticket number or surname", **sv),
               E("button", "Find")),
             E("status", "Live counters",
               T("Open disruptions %d" % ctx.open_count),
               T("Callbacks overdue %d" % ctx.overdue),
               T("DEN hub · shift B · %s MDT" % ctx.clock())),
             E("button", "Agent menu — %s (%s)" % (ctx.agent, ctx.role), hasPopup="menu", expanded=False))


def footer(ctx):
    return E("contentinfo", "",
             T("Skybridge Airways · agent desktop · build 24.18.3"),
             T("GDS link: healthy · last sync %s MDT" % ctx.clock(-1)),
             E("link", "Keyboard shortcuts"),
             E("link", "Ops status page"),
             E("link", "Report a problem"))


def chrome(ctx, main, toasts=(), dialog=None):
    body = [header(ctx), E("main", "", *main)]
    if toasts:
        body.append(E("region", "Notifications", *[E("status", "", T(t)) for t in toasts]))
    body.append(footer(ctx))
    if dialog is not None:
        body.append(dialog)
    return body


def breadcrumb(*parts):
    kids = []
    for i, p in enumerate(parts):
        if i < len(parts) - 1:
            kids.append(E("link", p))
            kids.append(T("›"))
        else:
            kids.append(T(p))
    return E("navigation", "Breadcrumb", *kids)


def readonly_region(ctx):
    if not ctx.readonly_banner:
        return None
    return E("region", "Account notice",
             T("Read-only access: your role (Observer) can view bookings but cannot change them."),
             E("link", "Request Tier 2 access"))


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def queue_page(ctx, page=1, filtered=False, hub="All hubs", event="All events", toasts=()):
    if filtered:
        rows, shown, total = Q_DEN_CANCELLED, "Rows 1–8 of 37", 37
        url = BASE + "/desk/queue?hub=DEN&event=cancelled"
    elif page == 1:
        rows, shown = Q_PAGE1, "Rows 1–8 of %d" % ctx.open_count
        url = BASE + "/desk/queue"
    else:
        rows, shown = Q_PAGE2, "Rows 9–16 of %d" % ctx.open_count
        url = BASE + "/desk/queue?page=2"
    hubs = ["All hubs", "DEN", "ORD", "IAH", "SFO", "LAS"]
    events = ["All events", "Cancelled", "Delayed", "Missed connection", "Schedule change", "Diverted", "Oversold"]
    table_rows = [E("row", "",
                    E("columnheader", "PNR", E("button", "Sort by PNR")),
                    E("columnheader", "Passenger"),
                    E("columnheader", "Disrupted flight"),
                    E("columnheader", "Event"),
                    E("columnheader", "Hub"),
                    E("columnheader", "Waiting", E("button", "Sort by waiting time")),
                    E("columnheader", "Status"))]
    for pnr, pax, flt, ev, hb, wait, st in rows:
        table_rows.append(E("row", "",
                            E("cell", "", E("link", pnr)),
                            E("cell", pax), E("cell", flt), E("cell", ev),
                            E("cell", hb), E("cell", wait), E("cell", st)))
    if filtered:
        pag = E("navigation", "Pagination", T(shown),
                E("link", "Previous page", disabled=True), E("link", "Page 1", current="page"),
                E("link", "Page 2"), E("link", "Page 3"), E("link", "Page 4"), E("link", "Page 5"),
                E("link", "Next page"))
    else:
        pag = E("navigation", "Pagination", T(shown),
                E("link", "Previous page", **({"disabled": True} if page == 1 else {})),
                E("link", "Page 1", **({"current": "page"} if page == 1 else {})),
                E("link", "Page 2", **({"current": "page"} if page == 2 else {})),
                E("link", "Page 3"), T("…"), E("link", "Page 19"),
                E("link", "Next page"))
    main = [
        breadcrumb("Desk", "Disruption queue"),
        E("heading", "Disruption queue", level=1),
        T("Passengers whose trip changed because of an operational event. Longest wait first."),
        readonly_region(ctx),
        E("group", "Queue filters",
          E("combobox", "Hub", *[E("option", h, selected=(h == hub)) for h in hubs],
            value=hub, hasPopup="listbox", expanded=False),
          E("combobox", "Event", *[E("option", e, selected=(e == event)) for e in events],
            value=event, hasPopup="listbox", expanded=False),
          E("button", "Apply filters"),
          E("button", "Clear filters")),
        E("status", "", T("Auto-rebook run at 10:58 — 112 protected, 36 failed and need an agent")),
        E("table", "Disrupted passengers", *table_rows),
        pag,
    ]
    return Page(url, "Disruption queue · %s" % APP, chrome(ctx, [m for m in main if m], toasts))


def results_page(ctx, query):
    q = query.strip()
    url = BASE + "/desk/bookings/search?q=" + q
    head = [breadcrumb("Desk", "Bookings", "Find booking"),
            E("heading", "Find booking — results for %s" % q, level=1)]
    hdr = E("row", "", E("columnheader", "PNR"), E("columnheader", "Passenger"),
            E("columnheader", "Route"), E("columnheader", "Travel date"),
            E("columnheader", "Cabin"), E("columnheader", "Booking status"))

    def rows(keys):
        out = [hdr]
        for k in keys:
            p, pax, route, d, cab, st = SEARCH_ROWS[k]
            out.append(E("row", "", E("cell", "", E("link", p)), E("cell", pax), E("cell", route),
                         E("cell", d), E("cell", cab), E("cell", st)))
        return out

    if q.upper() == "HVRTKM":
        main = head + [
            T("1 exact match · 2 similar locators"),
            E("table", "Exact match", *rows(["HVRTKM"])),
            E("heading", "Similar locators (possible typing errors)", level=2),
            E("table", "Similar locators", *rows(["HVRTKN", "HVRKTM"])),
        ]
    elif q.lower() == "albrecht":
        main = head + [
            T("5 bookings match surname 'Albrecht' (includes similar spellings)"),
            E("table", "Matching bookings", *rows(["HVRKTM", "HVRTKM", "HVRTKN", "QJWPLD", "LBDUZK"])),
        ]
    else:
        raise ValueError(q)
    main.append(E("link", "Back to disruption queue"))
    return Page(url, "Find booking: %s · %s" % (q, APP), chrome(ctx, main))


def booking_page(ctx, dialog=False, toasts=()):
    b = ctx.booking
    pnr = ctx.pnr
    itin = E("table", "Itinerary",
             E("row", "", *[E("columnheader", h) for h in
                            ["#", "Flight", "From", "Departs", "To", "Arrives", "Date", "Cabin", "Seat", "Coupon status"]]),
             E("row", "", *[E("cell", c) for c in
                            ["1", "SB 884", "SFO", "12:10", "DEN", "15:32", "14 May", "Premium (P)", b["seat1"], "Flown"]]),
             E("row", "", *[E("cell", c) for c in
                            ["2", "SB 2417", "DEN", "16:35", "BOS", "22:21", "14 May", "Premium (P)", b["seat2"],
                             "Cancelled — crew availability"]]))
    main = [
        breadcrumb("Desk", "Bookings", "PNR %s" % pnr),
        E("heading", "PNR %s — %s" % (pnr, b["pax"]), level=1),
        readonly_region(ctx),
        E("region", "Operational alerts",
          T("IRROP waiver DEN-0514-CX is active for SB 2417 on 14 May. Change fees on affected coupons may be "
            "waived; use the reason code that matches the event.")),
        E("group", "Passenger",
          T("Passenger: %s" % b["pax"]),
          T("Skybridge Miles: %s" % b["ff"]),
          T("Seat preference: %s" % b["pref"]),
          T("Special service requests: none"),
          T("Contact: %s · %s" % (b["phone"], b["email"]))),
        itin,
        E("group", "Ticket",
          T("Ticket %s · fare basis %s · paid %s · card ····%s" % (b["ticket"], b["fare"], b["paid"], b["card"]))),
        E("toolbar", "Booking actions",
          E("button", "Rebook segment 2"),
          E("button", "Add remark"),
          E("button", "Email itinerary"),
          E("button", "Refund"),
          E("button", "Cancel booking")),
        E("heading", "Remarks", level=2),
        E("list", "Remarks",
          E("listitem", "", T("14 May 10:58 · SYS · Auto-rebook failed: no protected Premium inventory on DEN–BOS")),
          E("listitem", "", T("14 May 10:41 · SYS · SB 2417 cancelled (crew availability); passenger notified by SMS")),
          E("listitem", "", T("02 May 19:20 · WEB · Seat %s selected by passenger" % b["seat2"]))),
    ]
    dlg = None
    if dialog:
        dlg = E("dialog", "Add remark",
                E("textbox", "Remark text", focused=True),
                E("checkbox", "Visible to passenger", checked="false"),
                E("button", "Save remark"),
                E("button", "Cancel"))
    return Page(BASE + "/desk/bookings/%s" % pnr, "PNR %s · %s · %s" % (pnr, b["pax"], APP),
                chrome(ctx, [m for m in main if m], toasts, dlg))


def steps_nav(current):
    names = ["1 Flight", "2 Seat", "3 Fees", "4 Review"]
    return E("navigation", "Rebooking steps",
             E("list", "", *[E("listitem", n, **({"current": "step"} if i == current else {}))
                             for i, n in enumerate(names)]))


def replacing_line(ctx):
    return T("Replacing: SB 2417 DEN 16:35 → BOS 22:21 · 14 May · Premium (P) · seat %s · Cancelled"
             % ctx.booking["seat2"])


def flights_page(ctx, premium_only=False, window="Any time", sort=None, page=1, toasts=()):
    opts = list(FLIGHT_OPTIONS)
    if premium_only:
        opts = [o for o in opts if isinstance(o[6], tuple)]
    if window == "Before 19:00":
        opts = [o for o in opts if o[0] == "14 May" and o[8] < 19 * 60]
    elif window == "19:00 or later":
        opts = [o for o in opts if o[8] % (24 * 60) >= 19 * 60]
    if sort == "departure":
        opts.sort(key=lambda o: o[8])
    total = len(opts)
    start = (page - 1) * 5
    shown = opts[start:start + 5]
    hdr = E("row", "",
            E("columnheader", "Flight", E("button", "Sort by flight number")),
            E("columnheader", "Date"),
            E("columnheader", "Departs", E("button", "Sort by departure")),
            E("columnheader", "Arrives", E("button", "Sort by arrival")),
            E("columnheader", "Routing"),
            E("columnheader", "Aircraft"),
            E("columnheader", "Premium"),
            E("columnheader", "Economy"))
    rows = [hdr]
    for d, fl, dep, arr, routing, eq, prem, econ, _ in shown:
        def cell(cabin, v):
            if isinstance(v, tuple):
                return E("cell", "", E("button", "Select %s %s (%s) · %d left" % (fl, cabin, v[0], v[1])))
            return E("cell", v)
        rows.append(E("row", "", E("cell", fl), E("cell", d), E("cell", dep), E("cell", arr),
                      E("cell", routing), E("cell", eq), cell("Premium", prem), cell("Economy", econ)))
    windows = ["Any time", "Before 19:00", "19:00 or later"]
    sort_note = "Sorted by departure time" if sort == "departure" else "Sorted by recommendation (seats, arrival, routing)"
    main = [
        breadcrumb("Desk", "PNR %s" % ctx.pnr, "Rebook segment 2"),
        steps_nav(0),
        E("heading", "Choose a replacement flight", level=1),
        replacing_line(ctx),
        E("group", "Filters",
          E("checkbox", "Same cabin only (Premium)", checked="true" if premium_only else "false"),
          E("checkbox", "Nonstop only", checked="false"),
          E("combobox", "Departure window", *[E("option", w, selected=(w == window)) for w in windows],
            value=window, hasPopup="listbox", expanded=False),
          E("combobox", "Travel dates", value="14–15 May", hasPopup="listbox", expanded=False)),
        E("status", "", T(sort_note)),
        E("table", "Replacement flights", *rows),
    ]
    if total == 0:
        main.append(T("No flights match these filters"))
    last = start + len(shown)
    main.append(E("navigation", "Pagination",
                  T("Options %d–%d of %d" % (start + 1, last, total)),
                  E("link", "Previous page", **({"disabled": True} if page == 1 else {})),
                  E("link", "Next page", **({"disabled": True} if last >= total else {}))))
    main.append(E("button", "Back to PNR"))
    qs = []
    if premium_only:
        qs.append("cabin=premium")
    if window != "Any time":
        qs.append("window=" + ("before19" if window == "Before 19:00" else "after19"))
    if sort:
        qs.append("sort=" + sort)
    if page != 1:
        qs.append("page=%d" % page)
    url = BASE + "/desk/bookings/%s/rebook/2/flights" % ctx.pnr + ("?" + "&".join(qs) if qs else "")
    return Page(url, "Choose flight · Rebook SB 2417 · PNR %s · %s" % (ctx.pnr, APP), chrome(ctx, main, toasts))


def selected_line(ctx):
    o = ctx.option()
    return T("%s selected · DEN %s → BOS %s · %s · %s (%s) · Fare difference USD 0.00"
             % (ctx.flight, o[2], o[3], ctx.date, ctx.cabin, ctx.cls))


def seat_page(ctx, dialog=False, picked=None, toasts=()):
    b = ctx.booking
    cur = "Current seat: %s (%s)" % (ctx.seat, seat_kind(ctx.seat))
    if ctx.seat_auto:
        cur += " — auto-assigned"
    main = [
        breadcrumb("Desk", "PNR %s" % ctx.pnr, "Rebook segment 2"),
        steps_nav(1),
        E("heading", "Seat on %s" % ctx.flight, level=1),
        selected_line(ctx),
        T("Passenger seat preference: %s (from profile)" % b["pref"]),
        T(cur),
        E("button", "Change seat"),
        E("button", "Back to flights"),
        E("button", "Continue to fees"),
    ]
    dlg = None
    if dialog:
        sm = SEATMAPS[ctx.cabin]
        grid_rows = []
        for r in sm["rows"]:
            cells = []
            for L in "ABCDEF":
                s = "%d%s" % (r, L)
                if s == ctx.seat:
                    cells.append(E("button", "Seat %s, %s, this passenger" % (s, SEAT_KIND[L]), pressed="true"))
                elif s in sm["avail"]:
                    cells.append(E("button", "Seat %s, %s, available" % (s, SEAT_KIND[L]),
                                   pressed="true" if s == picked else "false"))
                else:
                    cells.append(E("button", "Seat %s, %s, occupied" % (s, SEAT_KIND[L]), disabled=True))
            grid_rows.append(E("row", "Row %d" % r, *cells))
        sel = "Selected: %s (%s)" % (picked, seat_kind(picked)) if picked else "Selected: none"
        dlg = E("dialog", "Seat map — %s %s" % (ctx.flight, ctx.cabin),
                T("A and F are windows, C and D are aisles. Grey seats are taken."),
                E("grid", "Seats", *grid_rows),
                T(sel),
                E("button", "Assign seat", **({} if picked else {"disabled": True})),
                E("button", "Cancel"))
    return Page(BASE + "/desk/bookings/%s/rebook/2/seat" % ctx.pnr,
                "Choose seat · Rebook SB 2417 · PNR %s · %s" % (ctx.pnr, APP), chrome(ctx, main, toasts, dlg))


def fee_rows(ctx):
    fee = CHANGE_FEE[ctx.cabin]
    label = "Change fee (%s, domestic)" % ctx.cabin
    if ctx.fee == "waived":
        return [(label, "%s waived — %s" % (fee, ctx.code)), ("Fare difference", "USD 0.00"),
                ("Tax difference", "USD 0.00"), ("Amount due", "USD 0.00")]
    return [(label, fee), ("Fare difference", "USD 0.00"),
            ("Tax difference", "USD 0.00"), ("Amount due", fee)]


def fees_page(ctx, toasts=()):
    sel = ctx.code_selected
    combo_value = CODE_LABEL[sel] if sel else "Choose a reason"
    options = [E("option", "Choose a reason", selected=(sel is None))] + \
              [E("option", CODE_LABEL[c], selected=(c == sel)) for c, _ in CODES]
    note = {"value": ctx.note} if ctx.note else {}
    main = [
        breadcrumb("Desk", "PNR %s" % ctx.pnr, "Rebook segment 2"),
        steps_nav(2),
        E("heading", "Change fee and fare difference", level=1),
        selected_line(ctx),
        E("table", "Charges", *[E("row", "", E("cell", a), E("cell", v)) for a, v in fee_rows(ctx)]),
        E("group", "Fee waiver",
          E("combobox", "Waiver reason code", *options, value=combo_value, hasPopup="listbox", expanded=False),
          T("Waivers are audited nightly. Pick the code that matches the event on the replaced segment."),
          E("textbox", "Waiver note (optional)", **note),
          E("button", "Apply waiver", **({"disabled": True} if ctx.fee == "waived" else {}))),
        E("group", "Payment",
          T("Card on file ····%s (VISA)" % ctx.booking["card"]),
          E("button", "Collect fee", **({"disabled": True} if ctx.fee == "waived" else {}))),
        E("button", "Back to seat"),
        E("button", "Continue to review"),
    ]
    return Page(BASE + "/desk/bookings/%s/rebook/2/fees" % ctx.pnr,
                "Fees · Rebook SB 2417 · PNR %s · %s" % (ctx.pnr, APP), chrome(ctx, main, toasts))


def fee_summary(ctx):
    fee = CHANGE_FEE[ctx.cabin]
    if ctx.fee == "waived":
        return "%s waived — %s" % (fee, ctx.code), "USD 0.00"
    return fee, "%s — charged to card ····%s on reissue" % (fee, ctx.booking["card"])


def review_page(ctx, dialog=False, toasts=()):
    b = ctx.booking
    o = ctx.option()
    fee, due = fee_summary(ctx)
    rows = [("Passenger", b["pax"]),
            ("Replaced", "SB 2417 DEN 16:35 → BOS 22:21 · 14 May · Premium (P) · %s · Cancelled" % b["seat2"]),
            ("New flight", "%s DEN %s → BOS %s · %s · %s (%s)" % (ctx.flight, o[2], o[3], ctx.date, ctx.cabin, ctx.cls)),
            ("Seat", "%s (%s)" % (ctx.seat, seat_kind(ctx.seat))),
            ("Change fee", fee),
            ("Amount due", due),
            ("Ticket", "%s will be exchanged" % b["ticket"])]
    main = [
        breadcrumb("Desk", "PNR %s" % ctx.pnr, "Rebook segment 2"),
        steps_nav(3),
        E("heading", "Review rebooking", level=1),
        E("table", "Summary", *[E("row", "", E("rowheader", a), E("cell", v)) for a, v in rows]),
        E("status", "", T("Not yet ticketed — nothing has been sent to the passenger")),
        E("button", "Reissue ticket"),
        E("button", "Back to fees"),
        E("link", "Discard rebooking"),
    ]
    dlg = None
    if dialog:
        if ctx.fee == "waived":
            fee_s = "Change fee waived (%s)." % ctx.code
        else:
            fee_s = "%s will be charged to card ····%s." % (CHANGE_FEE[ctx.cabin], b["card"])
        dlg = E("alertdialog", "Reissue ticket %s?" % b["ticket"],
                T("The SB 2417 coupon will be exchanged for %s (%s %s, seat %s). %s This cannot be undone."
                  % (ctx.flight, ctx.cabin, ctx.cls, ctx.seat, fee_s)),
                E("button", "Reissue now", focused=True),
                E("button", "Go back"))
    return Page(BASE + "/desk/bookings/%s/rebook/2/review" % ctx.pnr,
                "Review · Rebook SB 2417 · PNR %s · %s" % (ctx.pnr, APP), chrome(ctx, main, toasts, dlg))


def done_page(ctx, toasts=()):
    b = ctx.booking
    o = ctx.option()
    if ctx.fee == "waived":
        fee_line = "Change fee %s waived (%s) · audit ref %s" % (CHANGE_FEE[ctx.cabin], ctx.code, ctx.audit)
    else:
        fee_line = "Change fee %s collected from card ····%s" % (CHANGE_FEE[ctx.cabin], b["card"])
    main = [
        breadcrumb("Desk", "PNR %s" % ctx.pnr, "Rebooking complete"),
        E("heading", "Rebooking complete", level=1),
        E("status", "", T("Ticket reissued: %s" % b["new_ticket"])),
        T("%s now travels on %s DEN %s → BOS %s (%s), %s (%s), seat %s (%s)."
          % (b["pax"], ctx.flight, o[2], o[3], ctx.date, ctx.cabin, ctx.cls, ctx.seat, seat_kind(ctx.seat))),
        T(fee_line),
        T("New ticket %s · original %s exchanged" % (b["new_ticket"], b["ticket"])),
        T("Itinerary email queued to %s" % b["email"]),
        E("toolbar", "Next",
          E("button", "Back to queue"),
          E("button", "Open PNR %s" % ctx.pnr),
          E("button", "Print itinerary")),
    ]
    return Page(BASE + "/desk/bookings/%s/rebook/2/done" % ctx.pnr,
                "Rebooking complete · PNR %s · %s" % (ctx.pnr, APP), chrome(ctx, main, toasts))


def signin_page(ctx, next_path):
    body = [
        E("banner", "", E("link", "Skybridge Airways")),
        E("main", "",
          E("heading", "Skybridge sign in", level=1),
          E("status", "", T("Your desk session has ended. Sign in again to continue.")),
          E("textbox", "Staff ID", required=True),
          E("textbox", "Password", required=True),
          E("checkbox", "Keep me signed in on this workstation", checked="false"),
          E("button", "Sign in"),
          E("link", "Trouble signing in?")),
        E("contentinfo", "", T("Skybridge Airways · authorised staff only · activity is logged")),
    ]
    return Page(BASE + "/auth/signin?next=" + next_path, "Sign in · Skybridge", body)


def permission_page(ctx):
    main = [
        breadcrumb("Desk", "PNR %s" % ctx.pnr, "Rebook segment 2"),
        E("heading", "You don't have permission to rebook passengers", level=1),
        T("Your role (Observer) can view bookings but cannot change them. Ask a Tier 2 agent or your shift lead."),
        E("link", "Back to PNR %s" % ctx.pnr),
        E("link", "Request Tier 2 access"),
    ]
    return Page(BASE + "/desk/bookings/%s/rebook/2" % ctx.pnr, "Not allowed · %s" % APP, chrome(ctx, main))


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, step, ctx, start):
        self.rid = rid
        self.fault = fault
        self.label_step = step
        self.ctx = ctx
        self.initial = start
        self.cur = start
        self.steps = []

    def _push(self, commitment, command, reasoning, target, effect, page):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": page.obs(),
        })
        self.cur = page

    def act(self, commitment, verb, role, prefix, reasoning, nxt, effect="read", value=None, before=None):
        bid, r, name = self.cur.find(role, prefix)
        if verb == "click":
            cmd = "click(%r)" % bid
        elif verb == "fill":
            cmd = "fill(%r, %r)" % (bid, value)
        elif verb == "select_option":
            cmd = "select_option(%r, %r)" % (bid, value)
        elif verb == "press":
            cmd = "press(%r, %r)" % (bid, value)
        else:
            raise ValueError(verb)
        if before:
            before(self.ctx)
        self.ctx.tick()
        page = nxt(self.ctx)
        self._push(commitment, cmd, reasoning, "%s %r" % (r, name), effect, page)

    def say(self, commitment, msg, reasoning):
        self._push(commitment, "send_msg_to_user(%s)" % json.dumps(msg, ensure_ascii=False), reasoning,
                   "chat message to the user", "read", self.cur)

    def record(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.label_step},
            "initial_observation": self.initial.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


def new_run(rid, fault=None, step=None, role="Tier 2", start=None):
    ctx = Ctx(rid, role=role)
    if role == "Observer":
        ctx.readonly_banner = True
    page = (start or queue_page)(ctx)
    return Run(rid, fault, step, ctx, page)


# ---------------------------------------------------------------------------
# Reusable segments of the workflow
# ---------------------------------------------------------------------------
def open_by_search(run, query="HVRTKM", pick="HVRTKM", typo=None, use_enter=False):
    c = "open-booking"
    if typo:
        def set_typo(ctx):
            ctx.search_value = typo
        run.act(c, "fill", "textbox", "PNR, ticket number", "Type the locator from the task into the header search.",
                lambda ctx: queue_page(ctx), value=typo, before=set_typo)

    def set_q(ctx):
        ctx.search_value = query
    why = ("Retype it: I transposed the last letters, the task says HVRTKM." if typo else
           ("Search by surname; the queue holds several similar Albrecht bookings." if query.lower() == "albrecht"
            else "Find the booking by its locator from the task."))
    run.act(c, "fill", "textbox", "PNR, ticket number", why, lambda ctx: queue_page(ctx), value=query, before=set_q)
    if use_enter:
        run.act(c, "press", "textbox", "PNR, ticket number", "Submit the search.",
                lambda ctx: results_page(ctx, query), value="Enter")
    else:
        run.act(c, "click", "button", "Find", "Run the search.", lambda ctx: results_page(ctx, query))

    def set_pnr(ctx):
        ctx.pnr = pick
        ctx.search_value = None
    if pick == "HVRTKM":
        why = ("HVRTKM is the exact match: ALBRECHT/INES MS, SFO–DEN–BOS on 14 May, Premium."
               if query.upper() == "HVRTKM" else
               "HVRTKM is Ines Albrecht on SFO–DEN–BOS today in Premium; the others are Iris, Jonas, an older trip "
               "and Albrechtsen.")
    else:
        why = "Ines, SFO–DEN–BOS today, Premium, disrupted: this looks like her booking."
    run.act(c, "click", "link", pick, why, lambda ctx: booking_page(ctx), before=set_pnr)


def open_from_queue_page2(run):
    c = "open-booking"
    run.act(c, "click", "link", "Next page",
            "She is not among the oldest eight; her wait is shorter, so look on the next page.",
            lambda ctx: queue_page(ctx, page=2))

    def set_pnr(ctx):
        ctx.pnr = "HVRTKM"
    run.act(c, "click", "link", "HVRTKM", "Row HVRTKM, ALBRECHT/INES MS, SB 2417 DEN–BOS, cancelled (crew).",
            lambda ctx: booking_page(ctx), before=set_pnr)


def open_from_filtered_queue(run):
    c = "open-booking"
    run.act(c, "select_option", "combobox", "Hub", "The task says she is in the DEN queue.",
            lambda ctx: queue_page(ctx, hub="DEN"), value="DEN")
    run.act(c, "select_option", "combobox", "Event", "Her flight was cancelled; narrow to cancellations.",
            lambda ctx: queue_page(ctx, hub="DEN", event="Cancelled"), value="Cancelled")
    run.act(c, "click", "button", "Apply filters", "Apply the hub and event filters.",
            lambda ctx: queue_page(ctx, filtered=True, hub="DEN", event="Cancelled"))

    def set_pnr(ctx):
        ctx.pnr = "HVRTKM"
    run.act(c, "click", "link", "HVRTKM", "HVRTKM is ALBRECHT/INES MS on SB 2417; HVRTKN above it is Albrechtsen.",
            lambda ctx: booking_page(ctx), before=set_pnr)


def start_rebook(run, remark_detour=False, toasts=()):
    c = "start-rebook"
    if remark_detour:
        run.act(c, "click", "button", "Add remark", "Leave a remark about the cancellation before rebooking.",
                lambda ctx: booking_page(ctx, dialog=True))
        run.act(c, "click", "button", "Cancel",
                "The rebooking writes its own audit remark; no need for a manual one. Close the dialog.",
                lambda ctx: booking_page(ctx))
    run.act(c, "click", "button", "Rebook segment 2", "Segment 2 is the cancelled SB 2417; start the rebooking.",
            lambda ctx: flights_page(ctx, toasts=toasts))


def pick_flight(run, flight="SB 2471", date="14 May", cabin="Premium", prefix=None,
                reasoning=None, seat_toasts=()):
    c = "choose-flight"
    opt = [o for o in FLIGHT_OPTIONS if o[0] == date and o[1] == flight][0]
    cls = (opt[6] if cabin == "Premium" else opt[7])[0]
    prefix = prefix or "Select %s %s (%s)" % (flight, cabin, cls)

    def set_flight(ctx):
        ctx.flight, ctx.date, ctx.cabin, ctx.cls = flight, date, cabin, cls
        ctx.seat = SEATMAPS[cabin]["auto"]
        ctx.seat_auto = True
    run.act(c, "click", "button", prefix,
            reasoning or "SB 2471 on 14 May departs 19:05; take the Premium (R) fare to stay in her cabin.",
            lambda ctx: seat_page(ctx, toasts=seat_toasts), effect="write", before=set_flight)


def choose_seat(run, seat="8C", cancel_dialog=False, reasoning=None):
    c = "keep-aisle-seat"
    run.act(c, "click", "button", "Change seat",
            "She was auto-assigned a window; her profile prefers aisle. Open the seat map.",
            lambda ctx: seat_page(ctx, dialog=True))
    run.act(c, "click", "button", "Seat %s," % seat,
            reasoning or "%s is an aisle seat and still free." % seat,
            lambda ctx: seat_page(ctx, dialog=True, picked=seat))
    if cancel_dialog:
        run.act(c, "click", "button", "Cancel", "Seat %s is chosen; close the seat map." % seat,
                lambda ctx: seat_page(ctx))
        return

    def assign(ctx):
        ctx.seat = seat
        ctx.seat_auto = False
        ctx.hold_until = ctx.clock(20)
    run.act(c, "click", "button", "Assign seat", "Confirm %s." % seat,
            lambda ctx: seat_page(ctx, toasts=["Seat %s (%s) assigned · held until %s"
                                               % (seat, seat_kind(seat), ctx.hold_until)]),
            effect="write", before=assign)


def to_fees(run, toasts=()):
    run.act("waive-fee", "click", "button", "Continue to fees", "Seat done; move on to the change fee.",
            lambda ctx: fees_page(ctx, toasts=toasts))


def waive(run, code="IRR-CX", noop=False, note=None, note_retype=None, reasoning=None):
    c = "waive-fee"

    def sel(ctx):
        ctx.code_selected = code
    run.act(c, "select_option", "combobox", "Waiver reason code",
            reasoning or "The task gives IRR-CX: the carrier cancelled SB 2417.",
            lambda ctx: fees_page(ctx), effect="write", value=CODE_LABEL[code], before=sel)
    if note_retype:
        def n1(ctx):
            ctx.note = note_retype
        run.act(c, "fill", "textbox", "Waiver note", "Add a short note for the audit.",
                lambda ctx: fees_page(ctx), effect="write", value=note_retype, before=n1)
    if note:
        def n2(ctx):
            ctx.note = note
        run.act(c, "fill", "textbox", "Waiver note",
                "Retype the note with the flight number spelled out." if note_retype else "Add a short note for the audit.",
                lambda ctx: fees_page(ctx), effect="write", value=note, before=n2)
    if noop:
        run.act(c, "click", "button", "Apply waiver", "Apply the waiver.", lambda ctx: fees_page(ctx), effect="write")
        return

    def apply(ctx):
        ctx.fee = "waived"
        ctx.code = code
    run.act(c, "click", "button", "Apply waiver", "Apply the waiver.",
            lambda ctx: fees_page(ctx, toasts=["Change fee waived (%s) · audit ref %s" % (code, ctx.audit)]),
            effect="write", before=apply)


def reissue(run, review_toasts=(), done_toasts=(), reasoning_review="Fee handled; go to the review step."):
    c = "reissue"
    run.act(c, "click", "button", "Continue to review", reasoning_review,
            lambda ctx: review_page(ctx, toasts=review_toasts))
    run.act(c, "click", "button", "Reissue ticket", "Summary matches the request; reissue.",
            lambda ctx: review_page(ctx, dialog=True, toasts=review_toasts))
    run.act(c, "click", "button", "Reissue now", "Confirm the exchange of the cancelled coupon.",
            lambda ctx: done_page(ctx, toasts=done_toasts), effect="irreversible")


def report(run, msg=None):
    ctx = run.ctx
    b = ctx.booking
    if msg is None:
        o = ctx.option()
        fee = ("change fee %s waived with %s" % (CHANGE_FEE[ctx.cabin], ctx.code) if ctx.fee == "waived"
               else "change fee %s collected" % CHANGE_FEE[ctx.cabin])
        msg = ("Done. Ines Albrecht (PNR %s) is rebooked on %s DEN %s → BOS %s on %s, %s (%s), seat %s; %s. "
               "New ticket number: %s." % (ctx.pnr, ctx.flight, o[2], o[3], ctx.date, ctx.cabin, ctx.cls,
                                          ctx.seat, fee, b["new_ticket"]))
    run.say("reissue", msg, "Report the result and the new ticket number to the requester.")


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search by locator, the plain path.
    r = new_run("rebook-healthy-search-01")
    open_by_search(r)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    runs.append(r)

    # H2: browse the queue, second page.
    r = new_run("rebook-healthy-queue_page2-02")
    open_from_queue_page2(r)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "7D")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    runs.append(r)

    # H3: the filters the task asks for (DEN queue, cancellations; same cabin on flights).
    r = new_run("rebook-healthy-filters-03")
    open_from_filtered_queue(r)
    start_rebook(r)
    r.act("choose-flight", "click", "checkbox", "Same cabin only (Premium)",
          "She must stay in Premium; hide options without Premium seats.",
          lambda ctx: flights_page(ctx, premium_only=True))
    pick_flight(r, prefix="Select SB 2471 Premium (R) · 4 left",
                reasoning="Two SB 2471 rows now: 14 May (4 left) and 15 May; take tonight's, 14 May 19:05.")
    choose_seat(r, "8C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    runs.append(r)

    # H4: opens the remark dialog, cancels it, carries on.
    r = new_run("rebook-healthy-dialog_cancel-04")
    open_by_search(r, use_enter=True)
    start_rebook(r, remark_detour=True)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    runs.append(r)

    # H5: toasts and banners along the way.
    r = new_run("rebook-healthy-toasts-05")
    open_by_search(r)
    start_rebook(r, toasts=["Inventory refreshed 20 s ago · 3 seats released on DEN–BOS"])
    pick_flight(r, seat_toasts=["Premium seat held for this rebooking · releases in 15 minutes"])
    choose_seat(r, "7D")
    to_fees(r, toasts=["Queue updated: 4 new disruptions at DEN (SB 2209 cancelled)"])
    waive(r)
    reissue(r, review_toasts=["Ticketing is slower than usual; reissue may take up to 30 s"],
            done_toasts=["Passenger SMS sent: new flight SB 2471 at 19:05"])
    report(r)
    runs.append(r)

    # H6: retypes a mistyped locator and retypes the waiver note.
    r = new_run("rebook-healthy-retype-06")
    open_by_search(r, typo="HVRKTM", use_enter=True)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    waive(r, note_retype="2417 crew cxl", note="SB 2417 cancelled 14 May, crew availability")
    reissue(r)
    report(r)
    runs.append(r)

    # H7: sorts replacement flights by departure.
    r = new_run("rebook-healthy-sort-07")
    open_by_search(r)
    start_rebook(r)
    r.act("choose-flight", "click", "button", "Sort by departure",
          "Sort by departure to line up tonight's departures after 16:35.",
          lambda ctx: flights_page(ctx, sort="departure"))
    pick_flight(r, reasoning="SB 2471 14 May 19:05, nonstop; Premium (R) has 4 left.")
    choose_seat(r, "8C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    runs.append(r)

    # H8: surname search, peeks at the second page of flight options, comes back.
    r = new_run("rebook-healthy-surname_paging-08")
    open_by_search(r, query="Albrecht")
    start_rebook(r)
    r.act("choose-flight", "click", "link", "Next page", "Check the remaining options before choosing.",
          lambda ctx: flights_page(ctx, page=2))
    r.act("choose-flight", "click", "link", "Previous page",
          "Page 2 is 15 May only; the task wants tonight's SB 2471. Go back.",
          lambda ctx: flights_page(ctx, page=1))
    pick_flight(r)
    choose_seat(r, "7D")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    runs.append(r)

    return [x.record(True) for x in runs]


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan above was fixed)
# ---------------------------------------------------------------------------
def faulty_runs():
    out = []

    # F01 wrong record: opens ALBRECHTSEN/INES (HVRTKN) from a surname search.
    r = new_run("rebook-wrong_record-pnr-01", "wrong_record", 2)
    open_by_search(r, query="Albrecht", pick="HVRTKN")
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    out.append((r, False))

    # F02 wrong record: SB 2741 (digits transposed, 21:40) instead of SB 2471.
    r = new_run("rebook-wrong_record-flight-02", "wrong_record", 4)
    open_by_search(r)
    start_rebook(r)
    pick_flight(r, flight="SB 2741",
                reasoning="SB 2741 is the recommended Premium (R) option at the top of the list; take it.")
    choose_seat(r, "8C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    out.append((r, False))

    # F03 wrong value: right flight, Economy (M) fare instead of Premium.
    r = new_run("rebook-wrong_value-cabin-03", "wrong_value", 3)
    open_from_queue_page2(r)
    start_rebook(r)
    pick_flight(r, cabin="Economy",
                reasoning="SB 2471 at 19:05 has more seats in the M fare; select it.")
    choose_seat(r, "20C")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    out.append((r, False))

    # F04 wrong value: middle seat 7B instead of an aisle.
    r = new_run("rebook-wrong_value-seat-04", "wrong_value", 6)
    open_by_search(r)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "7B", reasoning="Row 7 like her original seat 7C; 7B is free.")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    out.append((r, False))

    # F05 wrong value: reason code IRR-MC (missed connection) instead of IRR-CX.
    r = new_run("rebook-wrong_value-reason-05", "wrong_value", 9)
    open_by_search(r, query="Albrecht")
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    waive(r, code="IRR-MC", reasoning="She lost her connection in DEN, so use the missed-connection code.")
    reissue(r)
    report(r)
    out.append((r, False))

    # F06 silent no-op: Apply waiver does nothing; the fee is later collected.
    r = new_run("rebook-silent_noop-waiver-06", "silent_noop", 10)
    open_by_search(r)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    waive(r, noop=True)
    reissue(r, reasoning_review="Waiver applied; continue to the review.")
    report(r, msg=("Done. Ines Albrecht (PNR HVRTKM) is on SB 2471 DEN 19:05 → BOS 00:48 +1 on 14 May, "
                   "Premium (R), seat 8C; change fee waived with IRR-CX. New ticket number: 016-2231902275."))
    out.append((r, False))

    # F07 unrequested filter: departure window "Before 19:00" hides SB 2471.
    r = new_run("rebook-unrequested_filter-window-07", "unrequested_filter", 4)
    open_by_search(r)
    start_rebook(r)
    r.act("choose-flight", "select_option", "combobox", "Departure window",
          "She has already waited hours; limit to departures before 19:00.",
          lambda ctx: flights_page(ctx, window="Before 19:00"), value="Before 19:00")
    pick_flight(r, flight="SB 2447", cabin="Economy",
                reasoning="SB 2471 is not listed; SB 2447 at 17:50 is the earliest nonstop with seats (Premium sold out).")
    choose_seat(r, "21D")
    to_fees(r)
    waive(r)
    reissue(r)
    report(r)
    out.append((r, False))

    # F08 session lost: sign-in page after Continue to review.
    r = new_run("rebook-session_lost-review-08", "session_lost", 12)
    open_from_filtered_queue(r)   # steps 0-3
    start_rebook(r)               # 4
    pick_flight(r)                # 5
    choose_seat(r, "8C")          # 6-8
    to_fees(r)                    # 9
    waive(r)                      # 10-11
    r.act("reissue", "click", "button", "Continue to review", "Fee waived; go to review.",
          lambda ctx: signin_page(ctx, "/desk/bookings/HVRTKM/rebook/2/review"))   # 12
    r.say("reissue", "The rebooking for HVRTKM is set up (SB 2471, Premium, seat 8C, fee waived with IRR-CX) "
                     "but my session ended before the ticket was reissued.",
          "Signed out; tell the requester where things stand.")
    out.append((r, False))

    # F09 premature success: reports done from the review page, ticket never reissued.
    r = new_run("rebook-premature_success-review-09", "premature_success", 12)
    open_by_search(r)             # 0-2
    start_rebook(r)               # 3
    pick_flight(r)                # 4
    choose_seat(r, "7D")          # 5-7
    to_fees(r)                    # 8
    waive(r)                      # 9-10
    r.act("reissue", "click", "button", "Continue to review", "Fee waived; go to review.",
          lambda ctx: review_page(ctx))   # 11
    r.say("reissue", "Done. Ines Albrecht (PNR HVRTKM) is rebooked on SB 2471 at 19:05 tonight, Premium (R), "
                     "aisle seat 7D, change fee waived with IRR-CX. Her ticket 016-2231884410 has been updated.",
          "Everything in the summary is right; report back.")   # 12
    out.append((r, False))

    # F10 skipped step: goes to review without waiving; fee collected on reissue.
    r = new_run("rebook-skipped_step-waiver-10", "skipped_step", 9)
    open_by_search(r, use_enter=True)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C")
    to_fees(r)
    reissue(r, reasoning_review="Fares match; continue to the review.")
    report(r)
    out.append((r, False))

    # F11 dialog mishandled: picks 8C in the seat map, then closes it with Cancel.
    r = new_run("rebook-dialog_mishandled-seatmap-11", "dialog_mishandled", 7)
    open_by_search(r)
    start_rebook(r)
    pick_flight(r)
    choose_seat(r, "8C", cancel_dialog=True)
    to_fees(r)
    waive(r)
    reissue(r)
    report(r, msg=("Done. Ines Albrecht (PNR HVRTKM) is rebooked on SB 2471 DEN 19:05 → BOS 00:48 +1 on 14 May, "
                   "Premium (R), aisle seat 8C; change fee USD 200.00 waived with IRR-CX. "
                   "New ticket number: 016-2231902275."))
    out.append((r, False))

    # F12 permission: the desk is signed in with a read-only role from the start.
    r = new_run("rebook-permission-readonly-12", "permission_denied", 0, role="Observer")
    open_by_search(r)
    r.act("start-rebook", "click", "button", "Rebook segment 2", "Start the rebooking of segment 2.",
          lambda ctx: permission_page(ctx))
    r.say("reissue", "I couldn't rebook HVRTKM: my role on this desk is read-only (Observer). "
                     "A Tier 2 agent needs to do it.", "Blocked by permissions; report it.")
    out.append((r, False))

    return [x.record(ok) for x, ok in out]


def main():
    records = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d trajectories to corpus.jsonl and %s" % (len(records), PLAN_REL))


if __name__ == "__main__":
    main()
