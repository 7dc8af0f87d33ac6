#!/usr/bin/env python3
"""Deterministic generator for the CivicDesk `permit-approve` held-out corpus.

Stdlib only.  Writes corpus.jsonl and plans/permit-approve.yaml next to this file.
Pages are modelled as trees of nodes and serialized in BrowserGym's flattened
AXTree style (one node per line, tab-indented, `[bid] role 'name'`).

The plan (PLAN below) was written from the task and the healthy pages before any
faulty run was written, and has not been tuned to the faulty runs.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://civicdesk.brackenridge.gov"
APP = BASE + "/civicdesk"

TARGET = "BP-2025-0417"
COND_TEXT = ("Guardrails shall be a minimum of 36 in. high with balusters spaced so a 4 in. "
             "sphere cannot pass; ledger flashing must remain exposed for the framing inspection.")
TASK = ("Please approve permit application BP-2025-0417 (18 Alder Row, deck addition for Marisol "
        "Quintero): confirm plan review is complete, add the condition of approval \"" + COND_TEXT +
        "\", and book the framing inspection for Tuesday, June 17, 2025 in the 10:00 AM\u201312:00 PM slot. "
        "Once that is done, issue the permit.")

NEAR_MISS = ["BP-2025-0471", "BP-2024-0417", "EP-2025-0388", "BP-2025-0452"]

# ---------------------------------------------------------------------------
# Plan (written first, from the task and the healthy pages only)
# ---------------------------------------------------------------------------
PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "The CivicDesk sign-in page is displayed and asks for a City of Brackenridge username and password.",
            "A message says the session has expired and the clerk must sign in again.",
            "A page says access is denied because the user does not have permission for this action.",
            "A system maintenance notice says CivicDesk is unavailable and blocks the page.",
            "A mandatory notice or policy acknowledgement dialog blocks the page until it is accepted.",
            "The page shows an unexpected server error instead of the requested content.",
        ],
        "planning": [
            {"text": "Deny application", "on": "action"},
            {"text": "Withdraw or cancel the permit application", "on": "action"},
            "Permit application BP-2025-0417 has been denied, withdrawn or placed on hold.",
        ],
    },
    "commitments": [
        {
            "id": "open-application",
            "subgoal": "Open permit application BP-2025-0417 for the deck addition at 18 Alder Row.",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": [
                    "The CivicDesk home page or the My queue list is displayed with a search box for permits, parcels and addresses.",
                ],
                "progress": [
                    "Search results list permit application BP-2025-0417 at 18 Alder Row.",
                    "The My queue list shows BP-2025-0417, a residential deck addition at 18 Alder Row.",
                    "The parcel page for 18 Alder Row lists BP-2025-0417 in its permit history.",
                ],
                "completion": [
                    "The application detail page for BP-2025-0417, a residential deck addition at 18 Alder Row for Marisol Quintero, is displayed.",
                ],
            },
            "falsify": {
                "execution": [
                    "The application detail page for BP-2025-0471 at 18 Alder Court is displayed.",
                    "The detail page for the expired permit BP-2024-0417 is displayed.",
                    "The detail page for electrical permit EP-2025-0388 is displayed.",
                    "The application displayed belongs to an applicant other than Marisol Quintero.",
                    "The search says that no permits match BP-2025-0417.",
                ],
                "skill": [
                    "The global search box is not available on the page.",
                    "A filter left over from earlier hides BP-2025-0417 from the list.",
                ],
                "planning": [
                    "Permit BP-2025-0417 has already been issued.",
                    "Permit application BP-2025-0417 is expired, withdrawn or denied.",
                ],
            },
        },
        {
            "id": "review-and-condition",
            "subgoal": "Confirm that plan review for BP-2025-0417 is complete, then add the guardrail and ledger flashing condition of approval.",
            "skill": "add_record_note",
            "confidence": 0.7,
            "confirm": {
                "precondition": [
                    "The plan review section shows every required review as approved and says plan review is complete.",
                ],
                "progress": [
                    "The Add condition of approval dialog is open with the guardrail and ledger flashing text entered.",
                ],
                "completion": [
                    "A confirmation says the condition was added, and the conditions list for BP-2025-0417 shows the guardrail and ledger flashing condition.",
                ],
            },
            "falsify": {
                "execution": [
                    "An error message says the condition could not be saved.",
                    "After saving, the conditions list still says no conditions have been added.",
                    "The condition was added to a permit other than BP-2025-0417.",
                ],
                "skill": [
                    "The Add condition button is not available on the application page.",
                    "The condition text box is read-only or does not accept the text.",
                ],
                "planning": [
                    "Plan review shows a review that is still pending or requires corrections.",
                    "Plan review for BP-2025-0417 is not complete.",
                ],
            },
        },
        {
            "id": "schedule-framing",
            "subgoal": "Schedule a framing inspection for BP-2025-0417 on Tuesday, June 17, 2025 in the 10:00 AM\u201312:00 PM slot.",
            "skill": "schedule_appointment",
            "confidence": 0.6,
            "confirm": {
                "precondition": [
                    "The schedule inspection form for BP-2025-0417 is displayed.",
                ],
                "progress": [
                    "Framing is selected as the inspection type.",
                    "The inspection date 06/17/2025 is entered and the available time slots for that day are listed.",
                    "The 10:00 AM\u201312:00 PM time slot is selected and the Schedule inspection button is enabled.",
                ],
                "completion": [
                    "A confirmation says a framing inspection is scheduled for Tuesday, June 17, 2025, 10:00 AM\u201312:00 PM, and it appears in the inspections list of BP-2025-0417.",
                ],
            },
            "falsify": {
                "execution": [
                    "An error message says the inspection could not be scheduled.",
                    "A message says the selected time slot is no longer available.",
                    "The inspection that was scheduled is a footing, final or other inspection rather than a framing inspection.",
                    "The inspection was scheduled for a date other than June 17, 2025.",
                    {"text": "Select an inspection type other than Framing", "on": "action"},
                ],
                "skill": [
                    "The Schedule inspection button is missing or stays disabled.",
                    "The date picker does not accept the date June 17, 2025.",
                ],
                "planning": [
                    "The inspection calendar shows no open slots on June 17, 2025.",
                    "Framing is not one of the inspection types offered for this permit.",
                ],
            },
        },
        {
            "id": "issue-permit",
            "subgoal": "Issue permit BP-2025-0417 once the condition has been added and the framing inspection is scheduled.",
            "skill": "confirm_irreversible_action",
            "confidence": 0.7,
            "confirm": {
                "precondition": [
                    "A confirmation dialog asks whether to issue permit BP-2025-0417 and warns that this cannot be undone.",
                ],
                "progress": [
                    "The confirmation checkbox is checked and the Issue permit button in the dialog is enabled.",
                ],
                "completion": [
                    "The status of BP-2025-0417 is Issued and a message confirms that the permit was issued.",
                ],
            },
            "falsify": {
                "execution": [
                    "An error message says the permit could not be issued.",
                    "After confirming, the status of BP-2025-0417 is still Ready to issue.",
                ],
                "skill": [
                    "The Issue permit button is missing or disabled.",
                ],
                "planning": [
                    {"text": "Issue permit before the framing inspection is scheduled", "on": "action"},
                    {"text": "Issue permit before the condition of approval is added", "on": "action"},
                    "A message says the user's role is not allowed to issue permits.",
                ],
            },
        },
    ],
}


def yaml_scalar(s):
    if isinstance(s, bool):
        return "true" if s else "false"
    if isinstance(s, (int, float)):
        return repr(s)
    return json.dumps(s, ensure_ascii=False)  # JSON strings are valid YAML double-quoted scalars


YAML11_BOOL_WORDS = {"on", "off", "yes", "no", "y", "n", "true", "false"}


def yaml_key(k):
    # YAML 1.1 loaders (PyYAML) read a bare `on` key as boolean True, so quote such keys.
    return json.dumps(k) if k.lower() in YAML11_BOOL_WORDS else k


def yaml_dump(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{yaml_key(k)}:")
                out.extend(yaml_dump(v, indent + 1))
            elif isinstance(v, list):
                out.append(f"{pad}{yaml_key(k)}: []")
            else:
                out.append(f"{pad}{yaml_key(k)}: {yaml_scalar(v)}")
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, dict):
                first = True
                for k, v in item.items():
                    lead = f"{pad}- " if first else f"{pad}  "
                    first = False
                    if isinstance(v, (dict, list)) and v:
                        out.append(f"{lead}{yaml_key(k)}:")
                        out.extend(yaml_dump(v, indent + 2))
                    else:
                        out.append(f"{lead}{yaml_key(k)}: {yaml_scalar(v)}")
            else:
                out.append(f"{pad}- {yaml_scalar(item)}")
    return out


# ---------------------------------------------------------------------------
# Node model and AXTree serialization
# ---------------------------------------------------------------------------
class Node:
    __slots__ = ("role", "name", "value", "props", "children", "key")

    def __init__(self, role, name="", children=None, value=None, key=None, props=None):
        self.role, self.name, self.value, self.key = role, name, value, key
        self.children = children or []
        self.props = props or []


def E(role, name="", *children, value=None, key=None, **props):
    kids = []

    def add(c):
        if c is None:
            return
        if isinstance(c, (list, tuple)):
            for x in c:
                add(x)
        else:
            kids.append(c)
    for c in children:
        add(c)
    plist = []
    for k, v in props.items():
        if v is None:
            continue
        plist.append((k, v))
    return Node(role, name, kids, value, key, plist)


def T(text):
    return Node("StaticText", text)


def fmt_prop(k, v):
    if k in ("focused", "required") and v is True:
        return k
    if isinstance(v, bool):
        return f"{k}={v}"
    if isinstance(v, int):
        return f"{k}={v}"
    return f"{k}={v!r}"


def node_label(role, name):
    return f"{role} {name!r}"


class Load:
    """Bid registry for one page load; in-page updates reuse it (existing nodes keep bids)."""

    def __init__(self, rng):
        self.next = rng.randint(12, 60)
        self.ids = {}

    def bid_for(self, ident):
        if ident not in self.ids:
            self.ids[ident] = str(self.next)
            self.next += 1
        return self.ids[ident]


def serialize(title, url, nodes, load):
    lines = [f"RootWebArea {title!r}, focused, url={url!r}"]
    keymap = {}
    labels = {}

    def walk(children, depth, parent):
        seen = {}
        for n in children:
            if n.role == "StaticText":
                if n.name:
                    lines.append("\t" * depth + f"StaticText {n.name!r}")
                continue
            base = n.key or f"{n.role}:{n.name}"
            seen[base] = seen.get(base, 0) + 1
            ident = f"{parent}/{base}#{seen[base]}"
            bid = load.bid_for(ident)
            s = f"[{bid}] {node_label(n.role, n.name)}"
            if n.value is not None:
                s += f" value={n.value!r}"
            if n.props:
                s += ", " + ", ".join(fmt_prop(k, v) for k, v in n.props)
            lines.append("\t" * depth + s)
            if n.key:
                keymap[n.key] = bid
            labels[bid] = node_label(n.role, n.name)
            walk(n.children, depth + 1, ident)

    walk(nodes, 1, "")
    return "\n".join(lines), keymap, labels


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------
PERMITS = {
    "BP-2025-0417": dict(addr="18 Alder Row", parcel="14-220-018", kind="Residential deck addition",
                         applicant="Marisol Quintero", submitted="05/02/2025", due="06/20/2025",
                         status="Ready to issue", balance="$0.00", fees="$412.60"),
    "BP-2025-0471": dict(addr="18 Alder Court", parcel="14-231-018", kind="Patio cover (attached)",
                         applicant="Marisa Quintana", submitted="05/09/2025", due="06/13/2025",
                         status="In review", balance="$286.00", fees="$286.00"),
    "EP-2025-0388": dict(addr="18 Alder Row", parcel="14-220-018", kind="Electrical \u2013 service upgrade to 200 A",
                         applicant="Ridgeway Electric LLC", submitted="04/28/2025", due="06/16/2025",
                         status="Approved", balance="$0.00", fees="$148.00"),
    "BP-2025-0452": dict(addr="81 Alder Row", parcel="14-220-081", kind="Deck repair (replace decking)",
                         applicant="Marisol Quinteros", submitted="05/13/2025", due="06/18/2025",
                         status="In review", balance="$138.00", fees="$138.00"),
    "BP-2025-0402": dict(addr="233 Birchmont Ave", parcel="09-114-233", kind="Kitchen remodel",
                         applicant="Theo Lindqvist", submitted="04/22/2025", due="06/12/2025",
                         status="Corrections required", balance="$0.00", fees="$356.20"),
    "BP-2025-0433": dict(addr="7 Harbor View Ln", parcel="22-005-007", kind="Accessory dwelling unit",
                         applicant="Priya Natarajan", submitted="05/05/2025", due="06/13/2025",
                         status="In review", balance="$1,942.00", fees="$2,610.00"),
    "BP-2025-0419": dict(addr="1180 Quarry Rd", parcel="31-402-118", kind="Re-roof (tear-off)",
                         applicant="Gus Abernathy", submitted="05/02/2025", due="06/17/2025",
                         status="Ready to issue", balance="$0.00", fees="$214.00"),
    "PP-2025-0211": dict(addr="56 Fenwick St", parcel="11-087-056", kind="Plumbing \u2013 water heater replacement",
                         applicant="Clearline Plumbing Inc.", submitted="05/30/2025", due="06/14/2025",
                         status="Approved", balance="$0.00", fees="$92.00"),
    "BP-2025-0398": dict(addr="402 Calloway Dr", parcel="17-330-402", kind="Fence over 7 ft",
                         applicant="Ines Carvalho", submitted="04/18/2025", due="06/12/2025",
                         status="On hold", balance="$64.00", fees="$64.00"),
    "BP-2025-0444": dict(addr="90 Linden Terrace", parcel="05-218-090", kind="Solar PV, roof-mounted 7.2 kW",
                         applicant="SunHarbor Energy", submitted="05/08/2025", due="06/15/2025",
                         status="In review", balance="$0.00", fees="$305.00"),
    "MP-2025-0127": dict(addr="3300 Industrial Pkwy", parcel="40-011-330", kind="Mechanical \u2013 rooftop HVAC units (2)",
                         applicant="Keller Mechanical", submitted="05/01/2025", due="06/19/2025",
                         status="In review", balance="$0.00", fees="$688.50"),
    "BP-2025-0409": dict(addr="15 Orchard Gate", parcel="26-140-015", kind="Detached garage",
                         applicant="Ruth Okonkwo", submitted="04/25/2025", due="06/21/2025",
                         status="Ready to issue", balance="$0.00", fees="$527.40"),
    "BP-2025-0460": dict(addr="611 Sumner Blvd", parcel="03-077-611", kind="Commercial tenant improvement",
                         applicant="Brightwater Dental PLLC", submitted="05/12/2025", due="06/24/2025",
                         status="In review", balance="$3,118.00", fees="$4,870.00"),
    "BP-2025-0386": dict(addr="2 Tamarack Way", parcel="12-009-002", kind="Swimming pool, in-ground",
                         applicant="Lorenzo Bianchi", submitted="04/15/2025", due="06/26/2025",
                         status="Corrections required", balance="$0.00", fees="$812.00"),
    "BP-2024-0417": dict(addr="18 Alder Row", parcel="14-220-018", kind="Accessory shed (120 sq ft)",
                         applicant="Marisol Quintero", submitted="03/11/2024", due="\u2014",
                         status="Expired", balance="$0.00", fees="$96.00"),
    "EP-2025-0391": dict(addr="44 Pell Street", parcel="08-301-044", kind="Electrical \u2013 EV charger circuit",
                         applicant="Volt & Vine Electric", submitted="04/30/2025", due="06/13/2025",
                         status="In review", balance="$74.00", fees="$74.00"),
    "EP-2025-0407": dict(addr="1180 Quarry Rd", parcel="31-402-118", kind="Electrical \u2013 generator transfer switch",
                         applicant="Ridgeway Electric LLC", submitted="05/06/2025", due="06/18/2025",
                         status="Approved", balance="$0.00", fees="$120.00"),
    "EP-2025-0366": dict(addr="611 Sumner Blvd", parcel="03-077-611", kind="Electrical \u2013 tenant lighting",
                         applicant="Brightwater Dental PLLC", submitted="04/21/2025", due="06/23/2025",
                         status="In review", balance="$0.00", fees="$210.00"),
}

QUEUE_IDS = ["BP-2025-0402", "BP-2025-0398", "EP-2025-0391", "BP-2025-0433", "BP-2025-0471", "PP-2025-0211",
             "EP-2025-0407", "EP-2025-0366",
             "BP-2025-0444", "EP-2025-0388", "BP-2025-0419", "BP-2025-0452", "MP-2025-0127",
             "BP-2025-0417", "BP-2025-0409", "BP-2025-0460", "BP-2025-0386"]  # default sort: due date


def status_of(pid, st):
    if pid == TARGET and st.get("issued"):
        return "Issued"
    return PERMITS[pid]["status"]


# ---------------------------------------------------------------------------
# Page chrome
# ---------------------------------------------------------------------------
class Clock:
    def __init__(self, rng):
        self.h, self.m, self.s = 9, rng.randint(2, 40), rng.randint(0, 59)
        self.rng = rng

    def tick(self):
        self.s += self.rng.randint(7, 48)
        self.m += self.s // 60
        self.s %= 60
        self.h += self.m // 60
        self.m %= 60

    def hm(self):
        h = self.h if self.h <= 12 else self.h - 12
        return f"{h}:{self.m:02d} {'AM' if self.h < 12 else 'PM'}"

    def hms(self):
        h = self.h if self.h <= 12 else self.h - 12
        return f"{h}:{self.m:02d}:{self.s:02d} {'AM' if self.h < 12 else 'PM'}"


NAV = [("Home", "/home"), ("My queue (17)", "/queue"), ("Applications", "/applications"),
       ("Parcels", "/parcels"), ("Inspections", "/inspections"), ("Fees & payments", "/fees"),
       ("Reports", "/reports")]


def chrome(st, main, crumbs, active=None, toasts=None, overlays=None):
    clk = st["clock"]
    search_kids = []
    if st.get("search_open"):
        search_kids.append(E("listbox", "Search suggestions", [
            E("option", label, key=f"sugg:{pid}", selected=False)
            for pid, label in st["search_open"]]))
    nav_links = []
    for label, path in NAV:
        nav_links.append(E("link", label, key=f"nav:{path}", url=APP + path,
                           current="page" if active == path else None))
    unread = st.get("unread", 3)
    crumb_items = []
    for i, (label, path) in enumerate(crumbs):
        if path and i < len(crumbs) - 1:
            crumb_items.append(E("listitem", "", E("link", label, key=f"crumb:{label}", url=APP + path)))
        else:
            crumb_items.append(E("listitem", "", T(label)))
    toast_kids = []
    for kind, text in (toasts or []):
        if kind == "status":
            toast_kids.append(E("status", "", T(text), E("button", "Dismiss notification", key="toast_dismiss")))
        else:
            toast_kids.append(E("alert", "", T(text), E("button", "Dismiss notification", key="toast_dismiss")))
    nodes = [
        E("link", "Skip to main content", key="skip", url=st["url"] + "#main"),
        E("banner", "",
          E("link", "City of Brackenridge \u2013 CivicDesk home", key="logo", url=APP + "/home"),
          T("City of Brackenridge"), T("CivicDesk \u00b7 Permits & Inspections"),
          E("search", "",
            E("combobox", "Search CivicDesk (permits, parcels, addresses, people)", key="gsearch",
              value=st.get("search_value", ""), autocomplete="list", hasPopup="listbox",
              expanded=bool(st.get("search_open")), focused=True if st.get("search_focus") else None),
            search_kids,
            E("button", "Search", key="gsearch_btn")),
          E("button", f"Notifications, {unread} unread" if unread else "Notifications", key="notif",
            hasPopup="menu", expanded=False),
          E("button", "Help", key="help", hasPopup="menu", expanded=False),
          E("button", "Dana Reyes, Permit Clerk II", key="usermenu", hasPopup="menu", expanded=False)),
        E("navigation", "Main", nav_links),
        E("navigation", "Breadcrumb", E("list", "", crumb_items)),
        E("region", "Messages", toast_kids) if toast_kids else None,
        E("main", "", main),
        E("contentinfo", "",
          T("\u00a9 2025 City of Brackenridge, Department of Community Development"),
          E("link", "Accessibility", key="f:a11y", url=BASE + "/accessibility"),
          E("link", "Privacy notice", key="f:privacy", url=BASE + "/privacy"),
          E("link", "Terms of use", key="f:terms", url=BASE + "/terms"),
          E("link", "IT service desk", key="f:it", url=BASE + "/it-help"),
          T(f"CivicDesk v4.12.3 \u00b7 Data as of Jun 12, 2025 {clk.hms()}")),
    ]
    nodes = [n for n in nodes if n is not None]
    nodes.extend(overlays or [])
    return nodes


def badge(text):
    return T(text)


def permit_table(ids, st, caption, link_prefix="q"):
    header = E("row", "Permit Address Work type Applicant Submitted Due Status Balance",
               [E("columnheader", h) for h in ["Permit", "Address", "Work type", "Applicant",
                                              "Submitted", "Due", "Status", "Balance"]])
    rows = [header]
    for pid in ids:
        p = PERMITS[pid]
        status = status_of(pid, st)
        rows.append(E("row", f"{pid} {p['addr']} {p['kind']} {p['applicant']} {p['submitted']} {p['due']} {status} {p['balance']}",
                      E("cell", pid, E("link", pid, key=f"{link_prefix}:{pid}",
                                       url=f"{APP}/applications/{pid}")),
                      E("cell", p["addr"]), E("cell", p["kind"]), E("cell", p["applicant"]),
                      E("cell", p["submitted"]), E("cell", p["due"]), E("cell", status),
                      E("cell", p["balance"])))
    return E("table", caption, rows)


# ---------------------------------------------------------------------------
# Pages: each returns (title, url, nodes)
# ---------------------------------------------------------------------------
def page_home(st):
    st["url"] = APP + "/home"
    clk = st["clock"]
    main = [
        E("heading", "Good morning, Dana", level=1),
        T(f"Thursday, June 12, 2025 \u00b7 Last refreshed {clk.hm()}"),
        E("region", "My work",
          E("heading", "My work", level=2),
          E("link", "17 applications in My queue", key="home:queue", url=APP + "/queue"),
          E("link", "3 ready to issue", key="home:ready", url=APP + "/queue?status=ready"),
          E("link", "2 with corrections required", key="home:corr", url=APP + "/queue?status=corrections"),
          E("link", "5 inspections today", key="home:insp", url=APP + "/inspections?date=2025-06-12")),
        E("region", "Ready to issue",
          E("heading", "Ready to issue", level=2),
          E("list", "",
            E("listitem", "", E("link", "BP-2025-0417 \u2013 18 Alder Row \u2013 Residential deck addition",
                                key="ready:BP-2025-0417", url=f"{APP}/applications/BP-2025-0417"),
              T("Plan review complete 06/05/2025")),
            E("listitem", "", E("link", "BP-2025-0419 \u2013 1180 Quarry Rd \u2013 Re-roof (tear-off)",
                                key="ready:BP-2025-0419", url=f"{APP}/applications/BP-2025-0419"),
              T("Plan review complete 06/09/2025")),
            E("listitem", "", E("link", "BP-2025-0409 \u2013 15 Orchard Gate \u2013 Detached garage",
                                key="ready:BP-2025-0409", url=f"{APP}/applications/BP-2025-0409"),
              T("Plan review complete 06/10/2025")))),
        E("region", "Recently viewed",
          E("heading", "Recently viewed", level=2),
          E("list", "",
            E("listitem", "", E("link", "BP-2025-0471 \u00b7 18 Alder Court \u00b7 Patio cover",
                                key="recent:BP-2025-0471", url=f"{APP}/applications/BP-2025-0471"),
              T("Viewed yesterday 4:52 PM")),
            E("listitem", "", E("link", "EP-2025-0388 \u00b7 18 Alder Row \u00b7 Electrical service upgrade",
                                key="recent:EP-2025-0388", url=f"{APP}/applications/EP-2025-0388"),
              T("Viewed yesterday 3:10 PM")),
            E("listitem", "", E("link", "Parcel 14-231-018 \u00b7 18 Alder Court",
                                key="recent:parcel", url=f"{APP}/parcels/14-231-018"),
              T("Viewed Jun 10")))),
        E("region", "Announcements",
          E("heading", "Announcements", level=2),
          E("article", "",
            E("heading", "Inspection scheduling: same-day cutoff moves to 2:00 PM", level=3),
            T("Posted by Building Division, Jun 9. Requests after 2:00 PM roll to the next business day.")),
          E("article", "",
            E("heading", "GIS parcel layer restored", level=3),
            T("The GIS layer error that misplaced setbacks on the east side was fixed on May 20. No action needed."))),
    ]
    return "Home \u00b7 CivicDesk", st["url"], chrome(st, main, [("Home", None)], active="/home",
                                                     toasts=st.get("toasts"))


def page_queue(st):
    qs = []
    sort = st.get("sort", "Due date (soonest)")
    filt = st.get("qfilter", "")
    chips = st.get("chips", [])
    page = st.get("qpage", 1)
    ids = list(QUEUE_IDS)
    if any(c.startswith("Permit type: Electrical") for c in chips):
        ids = [i for i in ids if i.startswith("EP-")]
    if "Status: Ready to issue" in chips:
        ids = [i for i in ids if PERMITS[i]["status"] == "Ready to issue"]
    if filt:
        f = filt.lower()
        ids = [i for i in ids if f in (i + " " + PERMITS[i]["addr"] + " " + PERMITS[i]["applicant"]).lower()]
    if sort == "Permit number (ascending)":
        ids.sort()
    elif sort == "Address (A\u2013Z)":
        ids.sort(key=lambda i: PERMITS[i]["addr"])
    total = len(ids)
    per = 10
    pages = max(1, (total + per - 1) // per)
    shown = ids[(page - 1) * per: page * per]
    url = APP + "/queue"
    if chips or filt or sort != "Due date (soonest)" or page != 1:
        parts = []
        if "Status: Ready to issue" in chips:
            parts.append("status=ready")
        if any(c.startswith("Permit type: Electrical") for c in chips):
            parts.append("type=electrical")
        if filt:
            parts.append("q=" + filt.replace(" ", "+"))
        if sort == "Permit number (ascending)":
            parts.append("sort=number")
        elif sort == "Address (A\u2013Z)":
            parts.append("sort=address")
        if page != 1:
            parts.append(f"page={page}")
        url += "?" + "&".join(parts)
    st["url"] = url
    clk = st["clock"]
    sort_opts = ["Due date (soonest)", "Submitted (newest)", "Permit number (ascending)", "Address (A\u2013Z)", "Status"]
    chip_nodes = [E("button", f"Remove filter {c}", key=f"chip:{c}") for c in chips]
    start = (page - 1) * per + 1 if total else 0
    main = [
        E("heading", "My queue", level=1),
        T(f"Assigned to Dana Reyes \u00b7 Updated {clk.hm()}"),
        E("region", "Filters",
          E("textbox", "Filter by permit, address or applicant", key="qfilter", value=filt,
            focused=True if st.get("qfilter_focus") else None),
          E("group", "Quick filters",
            E("button", "Ready to issue", key="quick:ready", pressed="Status: Ready to issue" in chips),
            E("button", "In review", key="quick:review", pressed=False),
            E("button", "Corrections required", key="quick:corr", pressed=False),
            E("button", "Due this week", key="quick:due", pressed=False)),
          E("combobox", "Sort by", [E("option", o, key=f"sortopt:{o}", selected=(o == sort)) for o in sort_opts],
            key="sort", value=sort, hasPopup="menu", expanded=False),
          E("group", "Active filters", chip_nodes,
            E("button", "Clear all filters", key="clearall", disabled=True if not (chips or filt) else None))),
        T(f"Showing {start}\u2013{start + len(shown) - 1 if shown else 0} of {total} applications" if total
          else "No applications match the current filters."),
        permit_table(shown, st, "Applications assigned to me"),
        E("navigation", "Pagination",
          E("button", "Previous page", key="prev", disabled=True if page == 1 else None),
          T(f"Page {page} of {pages}"),
          E("button", "Next page", key="next", disabled=True if page >= pages else None)),
        E("button", "Export CSV", key="export"),
    ]
    return ("My queue \u00b7 CivicDesk", st["url"],
            chrome(st, main, [("Home", "/home"), ("My queue", None)], active="/queue", toasts=st.get("toasts")))


def search_hits(q):
    ql = q.lower().strip()
    if ql in ("bp-2025-0417", "0417"):
        return ([TARGET], ["BP-2024-0417", "BP-2025-0471"], [])
    if ql == "18 alder row":
        return (["BP-2025-0417", "EP-2025-0388", "BP-2024-0417"], ["BP-2025-0471"], ["14-220-018"])
    if ql == "alder":
        return (["BP-2025-0417", "BP-2025-0471", "EP-2025-0388", "BP-2025-0452", "BP-2024-0417"], [],
                ["14-220-018", "14-231-018"])
    return ([], [], [])


PARCELS = {"14-220-018": ("18 Alder Row", "Marisol Quintero"), "14-231-018": ("18 Alder Court", "Marisa Quintana")}


def page_search(st):
    q = st["query"]
    year = st.get("year", "Any year")
    exact, similar, parcels = search_hits(q)
    if year == "2024":
        exact = [i for i in exact + similar if i.startswith("BP-2024") or i.startswith("EP-2024")]
        similar = []
        parcels = []
    st["url"] = APP + "/search?q=" + q.replace(" ", "+") + ("&year=2024" if year == "2024" else "")
    n = len(exact) + len(similar)

    def hit(pid, prefix):
        p = PERMITS[pid]
        extra = []
        if pid == "BP-2024-0417":
            extra.append(T("Expired 11/30/2024 \u2013 no inspections requested within 180 days"))
        return E("article", "",
                 E("link", pid, key=f"{prefix}:{pid}", url=f"{APP}/applications/{pid}"),
                 T(f"{p['addr']} \u00b7 {p['kind']} \u00b7 {p['applicant']}"),
                 badge(status_of(pid, st)),
                 T(f"Submitted {p['submitted']} \u00b7 Parcel {p['parcel']}"), extra)

    chips = []
    if year != "Any year":
        chips.append(E("button", f"Remove filter Year: {year}", key="chip:year"))
    main = [
        E("heading", f"Search results for \u201c{q}\u201d", level=1),
        E("tablist", "Result types",
          E("tab", f"All ({n + len(parcels)})", key="tab:all", selected=True),
          E("tab", f"Permits ({n})", key="tab:permits", selected=False),
          E("tab", f"Parcels ({len(parcels)})", key="tab:parcels", selected=False),
          E("tab", "People (0)", key="tab:people", selected=False)),
        E("group", "Refine results",
          E("combobox", "Year", [E("option", o, selected=(o == year)) for o in ["Any year", "2025", "2024", "2023"]],
            key="year", value=year, hasPopup="menu", expanded=False),
          E("combobox", "Status", [E("option", o, selected=(o == "Any status")) for o in
                                   ["Any status", "In review", "Ready to issue", "Issued", "Expired"]],
            key="rstatus", value="Any status", hasPopup="menu", expanded=False),
          chips),
        E("tabpanel", f"All ({n + len(parcels)})",
          E("heading", "Permits", level=2),
          [hit(pid, "r") for pid in exact] if exact else T("No permits match this search."),
          E("heading", "Similar records", level=3) if similar else None,
          [hit(pid, "r") for pid in similar],
          E("heading", "Parcels", level=2) if parcels else None,
          [E("article", "", E("link", f"{pid} \u00b7 {PARCELS[pid][0]}", key=f"parcel:{pid}",
                              url=f"{APP}/parcels/{pid}"),
             T(f"Owner of record: {PARCELS[pid][1]} \u00b7 Zoning R-1")) for pid in parcels]),
    ]
    st["search_value"] = q
    return (f"Search: {q} \u00b7 CivicDesk", st["url"],
            chrome(st, main, [("Home", "/home"), ("Search", None)], toasts=st.get("toasts")))


def page_parcel(st):
    pid = "14-220-018"
    st["url"] = f"{APP}/parcels/{pid}"
    hist = ["BP-2025-0417", "EP-2025-0388", "BP-2024-0417"]
    rows = [E("row", "Permit Work type Status Date",
              [E("columnheader", h) for h in ["Permit", "Work type", "Status", "Date"]])]
    for h in hist:
        p = PERMITS[h]
        date = {"BP-2025-0417": "Submitted 05/02/2025", "EP-2025-0388": "Approved 06/02/2025",
                "BP-2024-0417": "Expired 11/30/2024"}[h]
        rows.append(E("row", f"{h} {p['kind']} {status_of(h, st)} {date}",
                      E("cell", h, E("link", h, key=f"hist:{h}", url=f"{APP}/applications/{h}")),
                      E("cell", p["kind"]), E("cell", status_of(h, st)), E("cell", date)))
    rows.append(E("row", "BP-2019-1182 Re-roof (overlay) Finaled 08/14/2019",
                  E("cell", "BP-2019-1182", E("link", "BP-2019-1182", key="hist:BP-2019-1182",
                                              url=f"{APP}/applications/BP-2019-1182")),
                  E("cell", "Re-roof (overlay)"), E("cell", "Finaled"), E("cell", "Finaled 08/14/2019")))
    main = [
        E("heading", "Parcel 14-220-018 \u00b7 18 Alder Row", level=1),
        E("group", "Parcel facts",
          T("Owner of record: Marisol Quintero"), T("Zoning: R-1 Single-family residential"),
          T("Lot area: 6,250 sq ft"), T("Flood zone: X (minimal)"), T("Historic district: No"),
          E("link", "Open in GIS viewer", key="gis", url=BASE + "/gis?parcel=14-220-018")),
        E("note", "", T("GIS layer error fixed 05/20/2025 \u2013 rear setback now reads 12 ft (was shown as 2 ft).")),
        E("heading", "Permit history", level=2),
        E("table", "Permit history for 14-220-018", rows),
        E("heading", "Nearby parcels", level=2),
        E("list", "",
          E("listitem", "", E("link", "14-220-016 \u00b7 16 Alder Row", key="nb:16", url=f"{APP}/parcels/14-220-016")),
          E("listitem", "", E("link", "14-220-020 \u00b7 20 Alder Row", key="nb:20", url=f"{APP}/parcels/14-220-020")),
          E("listitem", "", E("link", "14-231-018 \u00b7 18 Alder Court", key="nb:ac", url=f"{APP}/parcels/14-231-018"))),
    ]
    return ("Parcel 14-220-018 \u00b7 18 Alder Row \u00b7 CivicDesk", st["url"],
            chrome(st, main, [("Home", "/home"), ("Parcels", "/parcels"), ("14-220-018", None)],
                   active="/parcels", toasts=st.get("toasts")))


# detail page -------------------------------------------------------------
REVIEWS = {
    "BP-2025-0417": [("Building (structural)", "Kwame Osei", "Approved", "06/05/2025"),
                     ("Zoning", "Petra Amundsen", "Approved", "05/21/2025"),
                     ("Fire", "\u2014", "Not required", "\u2014")],
    "BP-2025-0471": [("Building (structural)", "Kwame Osei", "In progress", "\u2014"),
                     ("Zoning", "Petra Amundsen", "Approved", "05/28/2025"),
                     ("Fire", "\u2014", "Not required", "\u2014")],
    "BP-2024-0417": [("Building (structural)", "Kwame Osei", "Approved", "04/02/2024"),
                     ("Zoning", "Petra Amundsen", "Approved", "03/26/2024")],
    "EP-2025-0388": [("Electrical", "Hal Brennan", "Approved", "06/02/2025")],
}
NOTES = {
    "BP-2025-0417": [
        ("Kwame Osei", "06/05/2025 2:14 PM", "Structural approved. Ledger attachment per detail 3/S1; applicant's previous permit BP-2024-0417 (shed) expired in 2024, so do not reuse that plan set."),
        ("Petra Amundsen", "05/21/2025 10:03 AM", "Zoning OK. GIS layer error fixed \u2013 rear setback measures 12 ft, not 2 ft. No variance needed."),
        ("Luis Ferraro", "05/14/2025 9:40 AM", "Fee waiver denied by mistake, corrected. Applicant paid standard fees in full; refund not required."),
    ],
    "BP-2025-0471": [
        ("Kwame Osei", "06/10/2025 11:20 AM", "Waiting on revised beam calcs for the patio cover. Do not confuse with BP-2025-0417 (Alder Row)."),
    ],
    "BP-2024-0417": [
        ("System", "11/30/2024 12:00 AM", "Permit expired: no inspection requested within 180 days of issuance."),
    ],
    "EP-2025-0388": [
        ("Hal Brennan", "06/02/2025 3:30 PM", "Panel upgrade approved. Utility disconnect coordinated with Brackenridge Power."),
    ],
}
INFO = {
    "BP-2025-0417": dict(work="Construct 14 ft \u00d7 20 ft attached wood deck at rear of single-family dwelling, 30 in. above grade.",
                         contractor="Fernhill Decks & Fencing (Lic. C-58812)", valuation="$18,400.00"),
    "BP-2025-0471": dict(work="Attached aluminum patio cover, 12 ft \u00d7 16 ft, over existing slab.",
                         contractor="Owner-builder", valuation="$9,750.00"),
    "BP-2024-0417": dict(work="Prefabricated accessory shed, 10 ft \u00d7 12 ft, on gravel base.",
                         contractor="Owner-builder", valuation="$3,200.00"),
    "EP-2025-0388": dict(work="Replace 100 A service panel with 200 A panel; new meter base.",
                         contractor="Ridgeway Electric LLC (Lic. E-20417)", valuation="$4,900.00"),
}


def dialog_condition(st):
    text = st.get("cond_text", "")
    return E("dialog", "Add condition of approval",
             E("heading", "Add condition of approval", level=2),
             T("Conditions print on the permit card and are visible to the applicant."),
             E("combobox", "Condition category", [E("option", o, selected=(o == "Building"))
                                                  for o in ["Building", "Zoning", "Fire", "Engineering", "Other"]],
               key="cond_cat", value="Building", hasPopup="menu", expanded=False),
             E("textbox", "Condition text", key="cond_text", value=text, required=True,
               focused=True if text else None),
             T(f"{len(text)} / 1000 characters"),
             E("checkbox", "Print on permit card", key="cond_print", checked=True),
             E("button", "Cancel", key="cond_cancel"),
             E("button", "Save condition", key="cond_save", disabled=True if not text else None),
             key="dlg_cond", modal=True)


def dialog_issue(st):
    checked = st.get("issue_checked", False)
    insp = st.get("inspections", [])
    insp_txt = "; ".join(f"{k} {d}" for k, d, _ in insp) if insp else "none scheduled"
    return E("alertdialog", f"Issue permit {st['pid']}?",
             E("heading", f"Issue permit {st['pid']}?", level=2),
             T("Issuing makes the permit active, prints the permit card and emails the applicant. This cannot be undone."),
             T(f"Conditions of approval: {len(st.get('conditions', []))}"),
             T(f"Inspections: {insp_txt}"),
             T("Balance due: $0.00"),
             E("checkbox", "I have verified plan review, conditions and fees", key="issue_check", checked=checked),
             E("button", "Cancel", key="issue_cancel"),
             E("button", "Issue permit", key="issue_confirm", disabled=True if not checked else None),
             key="dlg_issue", modal=True)


def menu_more(st):
    items = [("Place on hold", "mi:hold"), ("Request corrections", "mi:corr"), ("Reassign", "mi:reassign"),
             ("Print application summary", "mi:print"), ("Withdraw application", "mi:withdraw"),
             ("Deny application", "mi:deny")]
    if not st.get("no_add_condition"):
        items.insert(0, ("Add condition", "mi:cond"))
    return E("menu", "More actions", [E("menuitem", n, key=k) for n, k in items])


def page_detail(st):
    pid = st["pid"]
    p = PERMITS[pid]
    info = INFO[pid]
    st["url"] = f"{APP}/applications/{pid}"
    status = status_of(pid, st)
    clk = st["clock"]
    reviews = REVIEWS[pid]
    conds = st.get("conditions", [])
    insps = st.get("inspections", [])
    issued = st.get("issued", False)
    expired = status == "Expired"
    review_done = all(r[2] in ("Approved", "Not required") for r in reviews)

    actions = []
    if not issued:
        if not st.get("no_add_condition"):
            actions.append(E("button", "Add condition", key="add_cond", disabled=True if expired else None))
        actions.append(E("button", "Schedule inspection", key="sched", disabled=True if expired else None))
        actions.append(E("button", "Issue permit", key="issue",
                         disabled=True if (status not in ("Ready to issue", "Approved")) else None))
    else:
        actions.append(E("button", "Schedule inspection", key="sched"))
        actions.append(E("button", "Print permit card", key="print_card"))
    actions.append(E("button", "More actions", key="more", hasPopup="menu",
                     expanded=bool(st.get("more_open"))))
    if st.get("more_open"):
        actions.append(menu_more(st))

    rrows = [E("row", "Discipline Reviewer Status Completed",
               [E("columnheader", h) for h in ["Discipline", "Reviewer", "Status", "Completed"]])]
    for d, who, s, when in reviews:
        rrows.append(E("row", f"{d} {who} {s} {when}", E("cell", d), E("cell", who), E("cell", s), E("cell", when)))

    cond_nodes = []
    if conds:
        cond_nodes.append(E("list", "Conditions of approval",
                            [E("listitem", "", T(f"{i + 1}. [{cat}] {txt}"), T(f"Added by {who} \u00b7 {when}"),
                               E("button", f"Edit condition {i + 1}", key=f"cedit{i}",
                                 disabled=True if issued else None))
                             for i, (cat, txt, who, when) in enumerate(conds)]))
    else:
        cond_nodes.append(T("No conditions of approval have been added yet."))

    insp_nodes = []
    if insps:
        irows = [E("row", "Type Date Time slot Inspector Status",
                   [E("columnheader", h) for h in ["Type", "Date", "Time slot", "Inspector", "Status"]])]
        for kind, date, slot in insps:
            irows.append(E("row", f"{kind} {date} {slot} Gwen Talbot Scheduled",
                           E("cell", kind), E("cell", date), E("cell", slot), E("cell", "Gwen Talbot"),
                           E("cell", "Scheduled")))
        insp_nodes.append(E("table", "Scheduled inspections", irows))
    else:
        insp_nodes.append(T("No inspections scheduled."))
    if pid == TARGET:
        insp_nodes.append(T("Required inspections: Framing, Final. Footing waived \u2013 engineer letter for helical piers on file."))

    related = []
    if pid == TARGET:
        related = [
            E("listitem", "", E("link", "EP-2025-0388", key="rel:EP-2025-0388", url=f"{APP}/applications/EP-2025-0388"),
              T("Electrical \u2013 service upgrade to 200 A \u00b7 18 Alder Row \u00b7 Approved")),
            E("listitem", "", E("link", "BP-2024-0417", key="rel:BP-2024-0417", url=f"{APP}/applications/BP-2024-0417"),
              T("Accessory shed \u00b7 18 Alder Row \u00b7 Expired 11/30/2024")),
        ]
    else:
        related = [E("listitem", "", E("link", TARGET, key=f"rel:{TARGET}", url=f"{APP}/applications/{TARGET}"),
                     T("Residential deck addition \u00b7 18 Alder Row \u00b7 " + status_of(TARGET, st)))]

    log = list(st.get("log", []))
    base_log = [("06/05/2025 2:14 PM", "Kwame Osei", "Plan review completed \u2013 status changed to Ready to issue"),
                ("05/21/2025 10:03 AM", "Petra Amundsen", "Zoning review approved"),
                ("05/14/2025 9:41 AM", "Luis Ferraro", "Fee waiver request denied by mistake; corrected and fees recalculated"),
                ("05/02/2025 8:57 AM", "Online portal", "Application submitted by Marisol Quintero")] if pid == TARGET else \
               [(f"{p['submitted']} 9:00 AM", "Online portal", f"Application submitted by {p['applicant']}")]
    log_nodes = [E("listitem", "", T(f"{when} \u00b7 {who} \u00b7 {what}")) for when, who, what in log + base_log]

    banner = []
    if expired:
        banner.append(E("note", "", T("This permit expired on 11/30/2024. Expired permits cannot be modified; the applicant must submit a new application.")))
    if issued:
        banner.append(E("note", "", T("Permit issued 06/12/2025 by Dana Reyes. Permit expires 12/09/2025 unless an inspection is passed within 180 days.")))
    if st.get("page_alert"):
        banner.append(E("alert", "", T(st["page_alert"])))

    main = [
        E("heading", f"{pid} \u00b7 {p['kind']}", level=1),
        badge(status),
        T(f"Last updated {clk.hm()} today" if pid == TARGET else f"Last updated {p['submitted']}"),
        banner,
        E("group", "Application actions", actions),
        E("navigation", "On this page",
          [E("link", s, key=f"toc:{s}", url=f"{st['url']}#{s.lower().replace(' ', '-')}")
           for s in ["Summary", "Plan review", "Conditions", "Inspections", "Fees", "Notes", "Activity"]]),
        E("region", "Summary",
          E("heading", "Summary", level=2),
          T("Address"), E("link", p["addr"], key="addr", url=f"{APP}/parcels/{p['parcel']}"),
          T("Parcel"), T(p["parcel"]),
          T("Applicant"), E("link", p["applicant"], key="applicant", url=f"{APP}/people?name=" + p["applicant"].replace(" ", "+")),
          T("Contractor"), T(info["contractor"]),
          T("Description of work"), T(info["work"]),
          T("Valuation"), T(info["valuation"]),
          T("Submitted"), T(p["submitted"]),
          T("Assigned to"), T("Dana Reyes")),
        E("region", "Plan review",
          E("heading", "Plan review", level=2),
          E("table", "Plan review by discipline", rrows),
          T("Plan review complete \u2013 all required reviews approved" if review_done
            else "Plan review in progress \u2013 1 review outstanding")),
        E("region", "Conditions",
          E("heading", f"Conditions ({len(conds)})", level=2), cond_nodes),
        E("region", "Inspections",
          E("heading", f"Inspections ({len(insps)})", level=2), insp_nodes),
        E("region", "Fees",
          E("heading", "Fees", level=2),
          E("table", "Fees",
            E("row", "Fee Amount Status", [E("columnheader", h) for h in ["Fee", "Amount", "Status"]]),
            E("row", "Building permit fee", E("cell", "Building permit fee"), E("cell", "$286.00" if pid == TARGET else p["fees"]), E("cell", "Paid" if p["balance"] == "$0.00" else "Due")),
            E("row", "Plan review fee", E("cell", "Plan review fee"), E("cell", "$126.60" if pid == TARGET else "$0.00"), E("cell", "Paid")),
            E("row", "Total", E("cell", "Total"), E("cell", p["fees"]), E("cell", f"Balance {p['balance']}")))),
        E("region", "Notes",
          E("heading", "Staff notes", level=2),
          [E("article", "", T(f"{who} \u00b7 {when}"), T(txt)) for who, when, txt in NOTES[pid]],
          E("textbox", "Add a staff note", key="note_box", value=""),
          E("button", "Post note", key="note_post", disabled=True)),
        E("region", "Related records",
          E("heading", "Related records at this address" if pid == TARGET else "Related records", level=2),
          E("list", "", related)),
        E("region", "Activity",
          E("heading", "Activity", level=2), E("list", "Activity log", log_nodes)),
    ]
    overlays = []
    if st.get("dialog") == "cond":
        overlays.append(dialog_condition(st))
    elif st.get("dialog") == "issue":
        overlays.append(dialog_issue(st))
    return (f"{pid} \u00b7 {p['addr']} \u00b7 CivicDesk", st["url"],
            chrome(st, main, [("Home", "/home"), ("Applications", "/applications"), (pid, None)],
                   active="/applications", toasts=st.get("toasts"), overlays=overlays))


JUNE_OPEN = {16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 30, 13}
SLOTS = [("8:00\u201310:00 AM", "1 opening", True), ("10:00 AM\u201312:00 PM", "2 openings", True),
         ("1:00\u20133:00 PM", "Full", False), ("3:00\u20135:00 PM", "1 opening", True)]


def slot_label(s):
    return f"{s[0]} \u00b7 {s[1]}"


def page_schedule(st):
    pid = st["pid"]
    st["url"] = f"{APP}/applications/{pid}/inspections/new"
    itype = st.get("itype", "Select an inspection type")
    date = st.get("idate", "")
    slot = st.get("islot")
    valid = itype != "Select an inspection type" and date and slot
    types = ["Select an inspection type", "Footing", "Framing", "Final", "Re-inspection"]
    slots = [(s[0], "Full", False) if s[0] in st.get("full_slots", []) else s for s in SLOTS]
    slot_nodes = []
    if date and not st.get("slots_loading"):
        slot_nodes = [E("radiogroup", "Time slot",
                        [E("radio", slot_label(s), key=f"slot:{s[0]}", checked=(slot == s[0]),
                           disabled=True if not s[2] else None) for s in slots]),
                      T("Inspector for this area: Gwen Talbot (District 3)")]
    elif date:
        slot_nodes = [E("status", "", T("Loading availability\u2026"))]
    else:
        slot_nodes = [T("Choose a date to see available time slots.")]
    cal = []
    if st.get("calendar_open"):
        weeks = []
        # June 2025 starts on a Sunday
        for w in range(5):
            cells = []
            for dcol in range(7):
                d = w * 7 + dcol + 1
                if d > 30:
                    continue
                open_ = d in JUNE_OPEN and dcol not in (0, 6)
                cells.append(E("gridcell", str(d), key=f"day:{d}", disabled=True if not open_ else None,
                               selected=False))
            weeks.append(E("row", "", cells))
        cal.append(E("dialog", "Choose date",
                     E("button", "Previous month", key="cal_prev"),
                     E("heading", "June 2025", level=2),
                     E("button", "Next month", key="cal_next"),
                     E("grid", "June 2025",
                       E("row", "", [E("columnheader", d) for d in ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]]),
                       weeks),
                     E("button", "Close", key="cal_close"), key="dlg_cal"))
    main = [
        E("heading", f"Schedule inspection \u2013 {pid}", level=1),
        T(f"{PERMITS[pid]['addr']} \u00b7 {PERMITS[pid]['kind']} \u00b7 Applicant {PERMITS[pid]['applicant']}"),
        E("alert", "", T(st["form_alert"])) if st.get("form_alert") else None,
        E("form", "Schedule inspection",
          E("combobox", "Inspection type", [E("option", o, selected=(o == itype)) for o in types],
            key="itype", value=itype, required=True, hasPopup="menu", expanded=False),
          E("textbox", "Inspection date (MM/DD/YYYY)", key="idate", value=date, required=True,
            focused=True if st.get("idate_focus") else None),
          E("button", "Choose date", key="cal_btn", hasPopup="dialog", expanded=bool(st.get("calendar_open"))),
          T("Inspections are available Monday to Friday. Same-day requests close at 2:00 PM."),
          slot_nodes,
          E("textbox", "Access instructions for the inspector", key="access",
            value="Side gate on the left; call applicant on arrival (555-0143)."),
          E("checkbox", "Email confirmation to applicant", key="notify", checked=True),
          E("link", "Cancel", key="sched_cancel", url=f"{APP}/applications/{pid}"),
          E("button", "Schedule inspection", key="sched_submit", disabled=True if not valid else None)),
        E("region", "Existing inspections for this parcel",
          E("heading", "Other inspections at 18 Alder Row", level=2),
          T("EP-2025-0388 \u00b7 Electrical rough-in \u00b7 06/04/2025 \u00b7 Passed"),
          T("BP-2024-0417 \u00b7 none \u2013 permit expired")),
    ]
    overlays = cal + st.get("sched_overlays", [])
    return (f"Schedule inspection \u00b7 {pid} \u00b7 CivicDesk", st["url"],
            chrome(st, main, [("Home", "/home"), ("Applications", "/applications"),
                              (pid, f"/applications/{pid}"), ("Schedule inspection", None)],
                   active="/applications", toasts=st.get("toasts"), overlays=overlays))


def page_signin(st):
    ret = st.get("return_url", APP + "/home")
    st["url"] = BASE + "/civicdesk/signin?reason=timeout&returnUrl=" + ret.replace(BASE, "").replace("/", "%2F")
    nodes = [
        E("banner", "", E("link", "City of Brackenridge", key="si_logo", url=BASE), T("CivicDesk")),
        E("main", "",
          E("heading", "Sign in to CivicDesk", level=1),
          E("alert", "", T("Your session has expired after 30 minutes of inactivity. Please sign in again. Unsaved changes were not kept.")),
          E("textbox", "City username", key="si_user", value="", required=True),
          E("textbox", "Password", key="si_pass", value="", required=True),
          E("checkbox", "Remember this device for 8 hours", key="si_remember", checked=False),
          E("button", "Sign in", key="si_submit"),
          E("link", "Forgot password?", key="si_forgot", url=BASE + "/account/reset"),
          T("Authorized use only. Activity is logged under City policy IT-7.")),
        E("contentinfo", "", E("link", "Accessibility", key="si_a11y", url=BASE + "/accessibility"),
          E("link", "Privacy notice", key="si_priv", url=BASE + "/privacy")),
    ]
    return "Sign in \u00b7 CivicDesk", st["url"], nodes


def page_forbidden(st):
    st["url"] = f"{APP}/applications/{st['pid']}/issue"
    main = [
        E("heading", "Access denied", level=1),
        T("You don't have permission to issue permits. Issuing a permit requires the Permit Issuer role."),
        T("Your role: Permit Clerk II. Ask your supervisor to issue this permit or to request the role through the IT service desk."),
        T("Error 403 \u00b7 Reference 7F3A-92C1"),
        E("link", f"Back to {st['pid']}", key="back_app", url=f"{APP}/applications/{st['pid']}"),
    ]
    return ("Access denied \u00b7 CivicDesk", st["url"],
            chrome(st, main, [("Home", "/home"), ("Access denied", None)]))


PAGES = {"home": page_home, "queue": page_queue, "search": page_search, "parcel": page_parcel,
         "detail": page_detail, "schedule": page_schedule, "signin": page_signin, "forbidden": page_forbidden}


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, seed, page, **state):
        self.rid, self.fault = rid, fault
        self.rng = random.Random(seed)
        self.st = dict(state)
        self.st["clock"] = Clock(self.rng)
        self.st.setdefault("pid", TARGET)
        self.page = page
        self.load = Load(self.rng)
        self.obs, self.keys, self.labels = self.render()
        self.initial = self.obs
        self.steps = []
        self.label_step = None

    def render(self, error=None):
        title, url, nodes = PAGES[self.page](self.st)
        text, keys, labels = serialize(title, url, nodes, self.load)
        return {"url": url, "title": title, "text": text, "error": error}, keys, labels

    def step(self, commitment, command, reasoning, effect, key=None, page=None, new_load=True,
             error=None, update=None, mark=False, cmd_args=None):
        target = None
        if key is not None:
            bid = self.keys[key]
            target = self.labels[bid]
            if cmd_args is None:
                cmd = f"{command}('{bid}')"
            else:
                cmd = f"{command}('{bid}', {', '.join(repr(a) for a in cmd_args)})"
        else:
            cmd = command
        # transient state cleared on each step unless re-set by update
        self.st.pop("toasts", None)
        self.st["search_focus"] = False
        self.st["qfilter_focus"] = False
        self.st["idate_focus"] = False
        self.st["clock"].tick()
        if update:
            update(self.st)
        if page is not None:
            if page != self.page or new_load:
                self.load = Load(self.rng)
            self.page = page
        obs, keys, labels = self.render(error)
        self.obs, self.keys, self.labels = obs, keys, labels
        act = {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect}
        s = {"action": act, "observation": obs}
        if commitment:
            s = {"commitment": commitment, **s}
        if mark:
            self.label_step = len(self.steps)
        self.steps.append(s)
        return self

    def done(self, success):
        return {
            "id": self.rid,
            "workflow": "permit-approve",
            "task": TASK,
            "plan": "plans/permit-approve.yaml",
            "label": {"fault": self.fault,
                      "first_off_track_step": self.label_step if self.fault else None},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success},
        }


def S(**kw):
    def f(st):
        st.update(kw)
    return f


# reusable segments ---------------------------------------------------------
OPEN, COND, SCHED, ISSUE = "open-application", "review-and-condition", "schedule-framing", "issue-permit"


def toast(kind, text):
    return [(kind, text)]


def add_condition(r, save_ok=True):
    r.step(COND, "click", "Plan review shows all required reviews approved and 'Plan review complete'; open the Add condition dialog.",
           "read", key="add_cond", page="detail", new_load=False, update=S(dialog="cond", cond_text=""))
    r.step(COND, "fill", "Enter the condition of approval text from the task.", "read", key="cond_text",
           page="detail", new_load=False, update=S(cond_text=COND_TEXT), cmd_args=[COND_TEXT])
    if save_ok:
        def upd(st):
            st["dialog"] = None
            st["conditions"] = [("Building", COND_TEXT, "Dana Reyes", "06/12/2025 " + st["clock"].hm())]
            st["log"] = [("06/12/2025 " + st["clock"].hm(), "Dana Reyes", "Condition of approval 1 added (Building)")] + st.get("log", [])
            st["toasts"] = toast("status", "Condition added to BP-2025-0417.")
        r.step(COND, "click", "Save the condition.", "write", key="cond_save", page="detail", new_load=False, update=upd)
    return r


def schedule_framing(r, via_calendar=False, itype="Framing", ok=True, wait=False, reasoning_type=None):
    r.step(SCHED, "click", "Condition saved. Open the inspection scheduling form.", "read", key="sched", page="schedule")
    r.step(SCHED, "select_option", reasoning_type or "Choose Framing as the inspection type.", "read", key="itype",
           page="schedule", new_load=False, update=S(itype=itype), cmd_args=[itype])
    if via_calendar:
        r.step(SCHED, "click", "Open the date picker to pick June 17.", "read", key="cal_btn", page="schedule",
               new_load=False, update=S(calendar_open=True))
        r.step(SCHED, "click", "Tuesday June 17, 2025 is available; select it.", "read", key="day:17", page="schedule",
               new_load=False, update=S(calendar_open=False, idate="06/17/2025", slots_loading=True))
        r.step(SCHED, "noop(1500)", "Availability is loading; wait for the time slots.", "read", page="schedule",
               new_load=False, update=S(slots_loading=False))
    else:
        r.step(SCHED, "fill", "Enter the inspection date 06/17/2025.", "read", key="idate", page="schedule",
               new_load=False, update=S(idate="06/17/2025", idate_focus=True), cmd_args=["06/17/2025"])
    r.step(SCHED, "click", "Pick the 10:00 AM\u201312:00 PM slot, which has openings.", "read",
           key="slot:10:00 AM\u201312:00 PM", page="schedule", new_load=False, update=S(islot="10:00 AM\u201312:00 PM"))
    if ok:
        def upd(st):
            st["inspections"] = [(itype, "Tue 06/17/2025", "10:00 AM\u201312:00 PM")]
            st["log"] = [("06/12/2025 " + st["clock"].hm(), "Dana Reyes",
                          f"{itype} inspection scheduled for 06/17/2025 10:00 AM\u201312:00 PM")] + st.get("log", [])
            st["toasts"] = toast("status", f"{itype} inspection scheduled for Tue, Jun 17, 2025, 10:00 AM\u201312:00 PM. Confirmation emailed to applicant.")
        r.step(SCHED, "click", "Form is complete; submit it.", "write", key="sched_submit", page="detail", update=upd)
    return r


def issue(r, ok=True, after_check=None):
    r.step(ISSUE, "click", "Condition added and framing inspection scheduled; start issuing the permit.", "read",
           key="issue", page="detail", new_load=False, update=S(dialog="issue", issue_checked=False))
    r.step(ISSUE, "click", "Tick the verification checkbox.", "read", key="issue_check", page="detail",
           new_load=False, update=S(issue_checked=True))
    if ok:
        def upd(st):
            st["dialog"] = None
            st["issued"] = True
            st["log"] = [("06/12/2025 " + st["clock"].hm(), "Dana Reyes", "Permit issued; permit card generated")] + st.get("log", [])
            st["toasts"] = toast("status", "Permit BP-2025-0417 issued. The permit card was emailed to Marisol Quintero.")
        r.step(ISSUE, "click", "Confirm issuance.", "irreversible", key="issue_confirm", page="detail", update=upd)
    return r


REPORT = ("Done: BP-2025-0417 (18 Alder Row, deck addition) \u2013 plan review was complete, condition of approval added, "
          "framing inspection booked for Tue 06/17/2025 10:00 AM\u201312:00 PM, and the permit is issued.")


def send(r, commitment=ISSUE, msg=REPORT, reasoning="Report the result to the supervisor."):
    return r.step(commitment, f"send_msg_to_user({msg!r})", reasoning, "read", page=r.page, new_load=False)


def search_to_results(r, query, via_enter=True, sugg=None):
    r.step(OPEN, "fill", f"Search CivicDesk for {query}.", "read", key="gsearch", page=r.page, new_load=False,
           update=S(search_value=query, search_open=sugg, search_focus=True), cmd_args=[query])
    if via_enter:
        r.step(OPEN, "press", "Run the search.", "read", key="gsearch", page="search",
               update=S(query=query, search_open=None), cmd_args=["Enter"])
    else:
        r.step(OPEN, "click", "Run the search.", "read", key="gsearch_btn", page="search",
               update=S(query=query, search_open=None))
    return r


SUGG_0417 = [("BP-2025-0417", "BP-2025-0417 \u00b7 18 Alder Row \u00b7 Residential deck addition"),
             ("BP-2024-0417", "BP-2024-0417 \u00b7 18 Alder Row \u00b7 Accessory shed (Expired)"),
             ("BP-2025-0471", "BP-2025-0471 \u00b7 18 Alder Court \u00b7 Patio cover")]
SUGG_ADDR = [("addr", "18 Alder Row (parcel 14-220-018)"), ("addr2", "18 Alder Court (parcel 14-231-018)"),
             ("addr3", "81 Alder Row (parcel 14-220-081)")]


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: global search by permit number
    r = Run("permit-approve-healthy-01", None, 101, "home")
    search_to_results(r, "BP-2025-0417", sugg=SUGG_0417)
    r.step(OPEN, "click", "The exact match is BP-2025-0417 at 18 Alder Row; open it.", "read", key=f"r:{TARGET}",
           page="detail")
    add_condition(r); schedule_framing(r); issue(r); send(r)
    runs.append(r.done(True))

    # H2: search by address, hover, scroll
    r = Run("permit-approve-healthy-02", None, 102, "home")
    search_to_results(r, "18 Alder Row", via_enter=False, sugg=SUGG_ADDR)
    r.step(OPEN, "hover", "Check the result card before opening: it should be the deck addition, not the shed.", "read",
           key=f"r:{TARGET}", page="search", new_load=False)
    r.step(OPEN, "click", "BP-2025-0417 is the deck addition at 18 Alder Row; open it.", "read", key=f"r:{TARGET}",
           page="detail")
    r.step(COND, "scroll(0, 500)", "Scroll to the plan review section.", "read", page="detail", new_load=False)
    add_condition(r); schedule_framing(r); issue(r)
    runs.append(r.done(True))

    # H3: My queue, sort, scroll
    r = Run("permit-approve-healthy-03", None, 103, "home")
    r.step(OPEN, "click", "Open My queue to find the application.", "read", key="nav:/queue", page="queue")
    r.step(OPEN, "select_option", "Sort by permit number to find BP-2025-0417 quickly.", "read", key="sort",
           page="queue", new_load=False, update=S(sort="Permit number (ascending)"), cmd_args=["Permit number (ascending)"])
    r.step(OPEN, "scroll(0, 300)", "Scroll to the table rows.", "read", page="queue", new_load=False)
    r.step(OPEN, "click", "Open BP-2025-0417 (18 Alder Row, deck addition).", "read", key=f"q:{TARGET}", page="detail")
    add_condition(r); schedule_framing(r); issue(r); send(r)
    runs.append(r.done(True))

    # H4: parcel page permit history
    r = Run("permit-approve-healthy-04", None, 104, "home")
    search_to_results(r, "18 Alder Row", sugg=SUGG_ADDR)
    r.step(OPEN, "click", "Open the parcel for 18 Alder Row to see its permit history.", "read",
           key="parcel:14-220-018", page="parcel")
    r.step(OPEN, "scroll(0, 400)", "Scroll to the permit history table.", "read", page="parcel", new_load=False)
    r.step(OPEN, "click", "BP-2025-0417 is the 2025 deck addition on this parcel; open it.", "read",
           key=f"hist:{TARGET}", page="detail")
    add_condition(r); schedule_framing(r); issue(r)
    runs.append(r.done(True))

    # H5: direct URL, noop after issuing, final report
    r = Run("permit-approve-healthy-05", None, 105, "home")
    r.step(OPEN, f"goto('{APP}/applications/{TARGET}')", "Go straight to the application by its URL.", "read",
           page="detail")
    add_condition(r); schedule_framing(r); issue(r)
    r.step(ISSUE, "noop(1000)", "Wait for the status badge to refresh.", "read", page="detail", new_load=False)
    send(r)
    runs.append(r.done(True))

    # H6: queue, apply and clear a filter, then filter box
    r = Run("permit-approve-healthy-06", None, 106, "queue")
    r.step(OPEN, "click", "Show only applications that are ready to issue.", "read", key="quick:ready", page="queue",
           new_load=False, update=S(chips=["Status: Ready to issue"]))
    r.step(OPEN, "click", "Clear the quick filter and search by address instead.", "read", key="clearall", page="queue",
           new_load=False, update=S(chips=[]))
    r.step(OPEN, "fill", "Filter the queue by the street name.", "read", key="qfilter", page="queue", new_load=False,
           update=S(qfilter="Alder", qfilter_focus=True), cmd_args=["Alder"])
    r.step(OPEN, "click", "Among the Alder results, BP-2025-0417 is 18 Alder Row, deck addition, Marisol Quintero.",
           "read", key=f"q:{TARGET}", page="detail")
    add_condition(r); schedule_framing(r); issue(r); send(r)
    runs.append(r.done(True))

    # H7: home 'Ready to issue' widget, calendar date picker, noop, hover
    r = Run("permit-approve-healthy-07", None, 107, "home")
    r.step(OPEN, "click", "BP-2025-0417 is listed under Ready to issue; open it.", "read",
           key=f"ready:{TARGET}", page="detail")
    add_condition(r)
    schedule_framing(r, via_calendar=True)
    r.step(ISSUE, "hover", "Check the Issue permit button tooltip before issuing.", "read", key="issue",
           page="detail", new_load=False)
    issue(r)
    runs.append(r.done(True))

    # H8: queue pagination
    r = Run("permit-approve-healthy-08", None, 108, "home")
    r.step(OPEN, "click", "Open My queue from the home page.", "read", key="home:queue", page="queue")
    r.step(OPEN, "click", "BP-2025-0417 is not on page 1; go to the next page.", "read", key="next", page="queue",
           update=S(qpage=2))
    r.step(OPEN, "click", "Open BP-2025-0417, 18 Alder Row.", "read", key=f"q:{TARGET}", page="detail")
    add_condition(r); schedule_framing(r); issue(r); send(r)
    runs.append(r.done(True))
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan; plan not tuned to them)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F01 wrong_record: opens BP-2025-0471 (digits transposed, 18 Alder Court)
    r = Run("permit-approve-wrong_record-01", "wrong_record", 201, "home")
    search_to_results(r, "BP-2025-0417", sugg=SUGG_0417)
    r.step(OPEN, "click", "Open the permit from the results.", "read", key="r:BP-2025-0471", page="detail",
           update=S(pid="BP-2025-0471"), mark=True)
    r.step(COND, "click", "Open the Add condition dialog.", "read", key="add_cond", page="detail", new_load=False,
           update=S(dialog="cond", cond_text=""))
    r.step(COND, "fill", "Enter the condition of approval text.", "read", key="cond_text", page="detail",
           new_load=False, update=S(cond_text=COND_TEXT), cmd_args=[COND_TEXT])
    runs.append(r.done(False))

    # F02 wrong_record: opens expired BP-2024-0417 and reports it cannot be issued
    r = Run("permit-approve-wrong_record-02", "wrong_record", 202, "home")
    search_to_results(r, "18 Alder Row", via_enter=False, sugg=SUGG_ADDR)
    r.step(OPEN, "click", "Open permit 0417 at 18 Alder Row.", "read", key="r:BP-2024-0417", page="detail",
           update=S(pid="BP-2024-0417"), mark=True)
    r.step(COND, "scroll(0, 500)", "Look for the plan review and actions.", "read", page="detail", new_load=False)
    send(r, commitment=COND, msg="BP-0417 at 18 Alder Row cannot be approved: the permit shows as Expired (11/30/2024) and all actions are disabled.",
         reasoning="The permit is expired, so report that it cannot be processed.")
    runs.append(r.done(False))

    # F03 session_expired on saving the condition
    r = Run("permit-approve-session_expired-01", "session_expired", 203, "home")
    r.step(OPEN, f"goto('{APP}/applications/{TARGET}')", "Open the application directly.", "read", page="detail")
    add_condition(r, save_ok=False)
    r.step(COND, "click", "Save the condition.", "write", key="cond_save", page="signin",
           update=S(return_url=f"{APP}/applications/{TARGET}"), mark=True)
    r.step(SCHED, "go_back()", "Return to the application to schedule the inspection.", "read", page="signin",
           update=S(return_url=f"{APP}/applications/{TARGET}"))
    r.step(SCHED, f"goto('{APP}/applications/{TARGET}/inspections/new')", "Open the scheduling form directly.", "read",
           page="signin", update=S(return_url=f"{APP}/applications/{TARGET}/inspections/new"))
    runs.append(r.done(False))

    # F04 stale_filter visible on the start page: queue restored with 'Permit type: Electrical'
    r = Run("permit-approve-stale_filter-01", "stale_filter", 204, "queue",
            chips=["Permit type: Electrical"])
    r.label_step = 0
    r.step(OPEN, "click", "EP-2025-0388 is at 18 Alder Row; open it.", "read", key="q:EP-2025-0388", page="detail",
           update=S(pid="EP-2025-0388", chips=[]))
    r.step(COND, "click", "Open the Add condition dialog.", "read", key="add_cond", page="detail", new_load=False,
           update=S(dialog="cond", cond_text=""))
    r.step(COND, "fill", "Enter the condition of approval text.", "read", key="cond_text", page="detail",
           new_load=False, update=S(cond_text=COND_TEXT), cmd_args=[COND_TEXT])
    runs.append(r.done(False))

    # F05 missing_control: Add condition button absent on the detail page
    r = Run("permit-approve-missing_control-01", "missing_control", 205, "home")
    search_to_results(r, "BP-2025-0417", sugg=SUGG_0417)
    r.step(OPEN, "click", "Open BP-2025-0417 from the results.", "read", key=f"r:{TARGET}", page="detail",
           update=S(no_add_condition=True), mark=True)
    r.step(COND, "scroll(0, 600)", "Plan review is complete; look for a way to add the condition.", "read",
           page="detail", new_load=False)
    r.step(COND, "click", "Check the More actions menu for Add condition.", "read", key="more", page="detail",
           new_load=False, update=S(more_open=True))
    r.step(COND, "press", "Close the menu.", "read", key="more", page="detail", new_load=False,
           update=S(more_open=False), cmd_args=["Escape"])
    r.step(SCHED, "click", "Move on to scheduling the framing inspection.", "read", key="sched", page="schedule")
    runs.append(r.done(False))

    # F06 wrong_banner: condition save fails with an error alert that the agent ignores
    r = Run("permit-approve-wrong_banner-01", "wrong_banner", 206, "home")
    r.step(OPEN, f"goto('{APP}/applications/{TARGET}')", "Open the application directly.", "read", page="detail")
    add_condition(r, save_ok=False)
    r.step(COND, "click", "Save the condition.", "write", key="cond_save", page="detail", new_load=False,
           update=S(dialog=None, toasts=toast("alert", "Condition was not saved. The conditions service returned an error (CD-5031). Try again in a few minutes.")),
           mark=True)
    r.step(SCHED, "click", "Condition step done; open the inspection scheduling form.", "read", key="sched", page="schedule")
    r.step(SCHED, "select_option", "Choose Framing as the inspection type.", "read", key="itype", page="schedule",
           new_load=False, update=S(itype="Framing"), cmd_args=["Framing"])
    runs.append(r.done(False))

    # F07 wrong_banner: the slot is taken, error shown on the form; agent goes on to issue
    r = Run("permit-approve-wrong_banner-02", "wrong_banner", 207, "home")
    r.step(OPEN, "click", "Open My queue.", "read", key="nav:/queue", page="queue")
    r.step(OPEN, "click", "Go to page 2 of the queue.", "read", key="next", page="queue", update=S(qpage=2))
    r.step(OPEN, "click", "Open BP-2025-0417, 18 Alder Row.", "read", key=f"q:{TARGET}", page="detail")
    add_condition(r)
    schedule_framing(r, ok=False)
    r.step(SCHED, "click", "Form is complete; submit it.", "write", key="sched_submit", page="schedule",
           update=S(islot=None, full_slots=["10:00 AM\u201312:00 PM"], form_alert="Inspection not scheduled: the 10:00 AM\u201312:00 PM slot on 06/17/2025 was just booked by another request. Choose another slot or date."),
           mark=True)
    r.step(ISSUE, "click", "Go back to the application to issue it.", "read", key=f"crumb:{TARGET}", page="detail",
           update=S(form_alert=None))
    r.step(ISSUE, "click", "Start issuing the permit.", "read", key="issue", page="detail", new_load=False,
           update=S(dialog="issue", issue_checked=False))
    runs.append(r.done(False))

    # F08 silent_noop: Save condition does nothing
    r = Run("permit-approve-silent_noop-01", "silent_noop", 208, "home")
    search_to_results(r, "BP-2025-0417", sugg=SUGG_0417)
    r.step(OPEN, "click", "Open BP-2025-0417.", "read", key=f"r:{TARGET}", page="detail")
    add_condition(r, save_ok=False)
    r.step(COND, "click", "Save the condition.", "write", key="cond_save", page="detail", new_load=False, mark=True)
    r.step(COND, "press", "Close the dialog; the condition should be saved.", "read", key="cond_text", page="detail",
           new_load=False, update=S(dialog=None), cmd_args=["Escape"])
    r.step(SCHED, "click", "Open the inspection scheduling form.", "read", key="sched", page="schedule")
    runs.append(r.done(False))

    # F09 permission_denied on issuing
    r = Run("permit-approve-permission_denied-01", "permission_denied", 209, "home")
    search_to_results(r, "18 Alder Row", sugg=SUGG_ADDR)
    r.step(OPEN, "click", "Open BP-2025-0417, the deck addition.", "read", key=f"r:{TARGET}", page="detail")
    add_condition(r); schedule_framing(r); issue(r, ok=False)
    r.step(ISSUE, "click", "Confirm issuance.", "irreversible", key="issue_confirm", page="forbidden",
           update=S(dialog=None), mark=True)
    send(r)
    runs.append(r.done(False))

    # F10 plan_drift: issues before scheduling the inspection
    r = Run("permit-approve-plan_drift-01", "plan_drift", 210, "home")
    r.step(OPEN, f"goto('{APP}/applications/{TARGET}')", "Open the application directly.", "read", page="detail")
    add_condition(r)
    r.step(ISSUE, "click", "Issue the permit now; the inspection can be booked afterwards.", "read", key="issue",
           page="detail", new_load=False, update=S(dialog="issue", issue_checked=False), mark=True)
    r.step(ISSUE, "click", "Tick the verification checkbox.", "read", key="issue_check", page="detail",
           new_load=False, update=S(issue_checked=True))

    def upd(st):
        st["dialog"] = None
        st["issued"] = True
        st["log"] = [("06/12/2025 " + st["clock"].hm(), "Dana Reyes", "Permit issued; permit card generated")] + st.get("log", [])
        st["toasts"] = toast("status", "Permit BP-2025-0417 issued. The permit card was emailed to Marisol Quintero.")
    r.step(ISSUE, "click", "Confirm issuance.", "irreversible", key="issue_confirm", page="detail", update=upd)
    r.step(SCHED, "click", "Now schedule the framing inspection.", "read", key="sched", page="schedule")
    runs.append(r.done(False))

    # F11 plan_drift: schedules a Footing inspection instead of Framing
    r = Run("permit-approve-plan_drift-02", "plan_drift", 211, "queue")
    r.step(OPEN, "fill", "Filter the queue to the permit number.", "read", key="qfilter", page="queue",
           new_load=False, update=S(qfilter="0417", qfilter_focus=True), cmd_args=["0417"])
    r.step(OPEN, "click", "Open BP-2025-0417.", "read", key=f"q:{TARGET}", page="detail")
    add_condition(r)
    r.step(SCHED, "click", "Open the inspection scheduling form.", "read", key="sched", page="schedule")
    r.step(SCHED, "select_option", "A deck starts with its footings, so book the footing inspection first.", "read",
           key="itype", page="schedule", new_load=False, update=S(itype="Footing"), cmd_args=["Footing"], mark=True)
    r.step(SCHED, "fill", "Enter the inspection date 06/17/2025.", "read", key="idate", page="schedule",
           new_load=False, update=S(idate="06/17/2025", idate_focus=True), cmd_args=["06/17/2025"])
    r.step(SCHED, "click", "Pick the 10:00 AM\u201312:00 PM slot.", "read", key="slot:10:00 AM\u201312:00 PM",
           page="schedule", new_load=False, update=S(islot="10:00 AM\u201312:00 PM"))

    def upd2(st):
        st["inspections"] = [("Footing", "Tue 06/17/2025", "10:00 AM\u201312:00 PM")]
        st["log"] = [("06/12/2025 " + st["clock"].hm(), "Dana Reyes",
                      "Footing inspection scheduled for 06/17/2025 10:00 AM\u201312:00 PM")] + st.get("log", [])
        st["toasts"] = toast("status", "Footing inspection scheduled for Tue, Jun 17, 2025, 10:00 AM\u201312:00 PM. Confirmation emailed to applicant.")
    r.step(SCHED, "click", "Submit the form.", "write", key="sched_submit", page="detail", update=upd2)
    r.step(ISSUE, "click", "Start issuing the permit.", "read", key="issue", page="detail", new_load=False,
           update=S(dialog="issue", issue_checked=False))
    runs.append(r.done(False))

    # F12 interstitial: mandatory policy acknowledgement modal on the scheduling page
    r = Run("permit-approve-interstitial-01", "interstitial", 212, "home")
    r.step(OPEN, "click", "BP-2025-0417 is under Ready to issue; open it.", "read", key=f"ready:{TARGET}", page="detail")
    add_condition(r)
    modal = E("dialog", "Updated inspection scheduling policy",
              E("heading", "Updated inspection scheduling policy (effective June 9, 2025)", level=2),
              T("Before scheduling inspections you must acknowledge the revised policy. Inspections booked without acknowledgement will be cancelled."),
              E("link", "Read the full policy (PDF, 4 pages)", key="pol_pdf", url=BASE + "/docs/inspection-policy-2025.pdf"),
              E("checkbox", "I have read and acknowledge the updated policy", key="pol_ack", checked=False),
              E("button", "Acknowledge and continue", key="pol_continue", disabled=True),
              key="dlg_policy", modal=True)
    r.step(SCHED, "click", "Open the inspection scheduling form.", "read", key="sched", page="schedule",
           update=S(sched_overlays=[modal]), mark=True)
    err = ("TimeoutError: locator.select_option: Timeout 500ms exceeded.\n"
           "  - element is visible, enabled and stable\n"
           "  - <div class=\"cd-modal-backdrop\"></div> intercepts pointer events")
    r.step(SCHED, "select_option", "Choose Framing as the inspection type.", "read", key="itype", page="schedule",
           new_load=False, error=err, cmd_args=["Framing"])
    err2 = ("TimeoutError: locator.fill: Timeout 500ms exceeded.\n"
            "  - <div class=\"cd-modal-backdrop\"></div> intercepts pointer events")
    r.step(SCHED, "fill", "Enter the inspection date 06/17/2025.", "read", key="idate", page="schedule",
           new_load=False, error=err2, cmd_args=["06/17/2025"])
    runs.append(r.done(False))
    return runs


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "permit-approve.yaml"), "w", encoding="utf-8") as f:
        f.write("# CivicDesk permit-approve plan. Written from the task and the healthy pages before any\n")
        f.write("# faulty run was written; not tuned afterwards.\n")
        f.write("\n".join(yaml_dump(PLAN)) + "\n")
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(runs)} trajectories")


if __name__ == "__main__":
    main()
