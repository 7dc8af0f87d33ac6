#!/usr/bin/env python3
"""Generate the Fleetlock `lost-laptop` held-out corpus.

Stdlib only and deterministic: every random choice comes from random.Random
seeded with a fixed string, so two runs produce byte-identical files.

Writes (next to this file):
  corpus.jsonl              20 trajectories (8 healthy, 12 faulty)
  plans/lost-laptop.yaml    the sysadmin's plan (a fixed text, written before the faulty runs)
"""
import datetime as dt
import json
import os
import random
import re
import ast

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://halvard-berg.fleetlock.io"
TENANT = "Halvard & Berg AB"
TICKET = "INC-20931"
TAG = "LT-04417"
MSG = "This MacBook is lost. Please call Halvard & Berg IT Service Desk."
PHONE = "+46 8 555 014 20"
NOW = dt.datetime(2024, 6, 15, 10, 31)

TASK = ("%s (P2, Service Desk) - Lost laptop. Asset %s, MacBook Pro 14, assigned to Jonas Ekberg "
        "(Sales), reported lost at ARN yesterday evening. Put it in Lost Mode, message: \"%s\" "
        "phone: %s. Revoke its certs and move it to the Quarantine group. If it hasn't checked in "
        "for more than 24 h, remote wipe it. Update the ticket when done." % (TICKET, TAG, MSG, PHONE))

# --------------------------------------------------------------------------------------------
# The plan. Written from the ticket and the healthy pages, before any faulty run existed;
# deliberately not tuned afterwards.
# --------------------------------------------------------------------------------------------
PLAN_YAML = r'''# Fleetlock runbook: lost laptop (INC-20931). Written by on-call sysadmin, not tuned to runs.
task: "INC-20931 (P2, Service Desk) - Lost laptop. Asset LT-04417, MacBook Pro 14, assigned to Jonas Ekberg (Sales), reported lost at ARN yesterday evening. Put it in Lost Mode, message: \"This MacBook is lost. Please call Halvard & Berg IT Service Desk.\" phone: +46 8 555 014 20. Revoke its certs and move it to the Quarantine group. If it hasn't checked in for more than 24 h, remote wipe it. Update the ticket when done."
near_miss_ids:
  - LT-04471            # same model (MBP 14 M3 Pro), Marta Lindqvist
  - PH-01188            # Jonas Ekberg's iPhone
  - LT-02203            # "Jonas's MacBook Pro", MBP 13 2019, retired
  - "Quarantine (legacy)"
plan_falsifiers:
  execution:
    - "Sign in to Fleetlock"
    - "Continue with Microsoft"
    - "Your session has expired. Please sign in again."
    - "Session expired"
  skill: []
  planning:
    - "You don't have permission to perform this action"
    - "Insufficient role: Device Administrator required"
commitments:
  - id: find-device
    subgoal: "Open device LT-04417 detail (MBP 14, Jonas Ekberg) - NOT LT-04471"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["'Devices' list", "'Search devices' box"]
      progress: ["LT-04417 row in results", "Assigned user Jonas Ekberg"]
      completion: ["device LT-04417 detail", "Asset tag LT-04417", "MacBook Pro 14\" (M3 Pro, 2023)", "NOT LT-04471"]
    falsify:
      execution:
        - "device LT-04471 detail"
        - "Assigned user Marta Lindqvist"
        - "Jonas's MacBook Pro (LT-02203, Retired)"
        - "Jonas Ekberg's iPhone (PH-01188)"
        - "No devices match"
      skill: ["'Search devices' box missing"]
      planning: ["LT-04417 status: Retired", "LT-04417 already wiped", "no device LT-04417 in tenant"]
  - id: lost-mode
    subgoal: "Lost Mode on LT-04417 w/ ticket msg + phone"
    skill: submit_form
    confidence: 0.7
    confirm:
      precondition: ["'Enable Lost Mode' btn on LT-04417"]
      progress: ["'Enable Lost Mode' dialog", "'Message' = ticket msg", "'Phone number' = +46 8 555 014 20"]
      completion: ["Lost Mode: enabled", "Lost Mode enabled on LT-04417"]
    falsify:
      execution:
        - "Lost Mode command failed"
        - "'Phone number' is required"
        - "Lost Mode enabled on LT-04471"
        - {text: "Retire device", "on": action}
        - {text: "Wipe device", "on": action}      # no wipe before lost mode
      skill: ["'Enable Lost Mode' not in device actions"]
      planning: ["Lost Mode not supported on this device"]
  - id: revoke-certs
    subgoal: "Revoke all certs on LT-04417 ('Certificates' tab)"
    skill: confirm_destructive
    confidence: 0.7
    confirm:
      precondition: ["'Certificates' tab", "'Revoke all certificates' btn"]
      progress: ["'Revoke 3 certificates?' confirm dialog"]
      completion: ["certs revoked", "3 certificates revoked", "0 active certificates"]
    falsify:
      execution: ["Certificate revocation failed", "CA unreachable", "0 of 3 certificates revoked", "Status Active"]
      skill: ["'Revoke all certificates' btn disabled"]
      planning: ["no certificates issued to this device"]
  - id: quarantine
    subgoal: "Move LT-04417 to group 'Quarantine' (NOT 'Quarantine (legacy)')"
    skill: select_and_save
    confidence: 0.7
    confirm:
      precondition: ["'Move to group' dialog"]
      progress: ["'Target group' = Quarantine"]
      completion: ["Group: Quarantine", "moved to Quarantine"]
    falsify:
      execution:
        - "Group: Quarantine (legacy)"
        - "Group: Sales"
        - {text: "Quarantine (legacy)", "on": action}
      skill: ["'Target group' has no Quarantine option"]
      planning: ["group 'Quarantine' does not exist"]
  - id: wipe-if-stale
    subgoal: "If last check-in > 24 h: remote wipe LT-04417 (type tag to confirm); else no wipe, report"
    skill: confirm_destructive
    confidence: 0.6
    confirm:
      precondition: ["Last check-in: 2+ days ago", "'Wipe LT-04417?' dialog"]
      progress: ["'Wipe' confirm btn disabled until tag typed", "'Type LT-04417 to confirm' = LT-04417"]
      completion: ["Wipe command queued for LT-04417", "Wipe pending", "ticket updated (send_msg_to_user)"]
    falsify:
      execution: ["Wipe command rejected", "Wipe failed", {text: "Wipe LT-04471", "on": action}]
      skill: ["'Wipe' confirm btn stays disabled after tag typed"]
      planning:
        - "Last check-in: min ago"
        - "Last check-in: 1 h ago"
        - "checked in < 24 h - no wipe"
        - "You don't have permission to wipe devices"
'''

# --------------------------------------------------------------------------------------------
# Accessibility-tree model and serializer (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------------


class N:
    __slots__ = ("role", "name", "kids", "value", "props")

    def __init__(self, role, name="", *kids, value=None, props=()):
        self.role, self.name, self.value = role, name, value
        self.kids = [k for k in kids if k is not None]
        self.props = tuple(props)


def T(text):
    return N("StaticText", text)


def absurl(path):
    return path if path.startswith("http") else BASE + path


def link(name, path, *kids, props=()):
    return N("link", name, *kids, props=tuple(props) + ("url=%r" % absurl(path),))


def btn(name, *props):
    return N("button", name, props=props)


class BidMemo:
    """Bid bookkeeping for one page load. On the first render bids follow document order
    (gaps mimic non-accessible DOM elements). On in-page updates an element that is still
    there keeps its bid, and an element that appears (dialog, menu, toast) gets a fresh bid
    above every bid used so far, as BrowserGym's DOM marking does."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.next = self.rng.randint(11, 37)
        self.map = {}

    def take(self):
        self.next += self.rng.choice((1, 1, 1, 1, 2, 2, 3, 5))
        return self.next


def serialize(title, url, nodes, memo):
    out = ["RootWebArea %r, focused, url=%r" % (title, url)]
    seen = set()

    def walk(n, d, path, counts):
        key = (n.role, n.name)
        counts[key] = counts.get(key, 0) + 1
        sig = path + ((n.role, n.name, counts[key]),)
        if n.role == "StaticText":
            out.append("\t" * d + "StaticText %r" % n.name)
        else:
            seen.add(sig)
            if sig not in memo.map:
                memo.map[sig] = memo.take()
            bid = memo.map[sig]
            s = "[%d] %s %r" % (bid, n.role, n.name)
            if n.value:  # empty values are not printed
                s += " value=%r" % n.value
            if n.props:
                s += ", " + ", ".join(n.props)
            out.append("\t" * d + s)
        kc = {}
        for k in n.kids:
            walk(k, d + 1, sig, kc)

    top = {}
    for n in nodes:
        walk(n, 1, (), top)
    for sig in list(memo.map):  # removed elements lose their bid; if they come back, they are new
        if sig not in seen:
            del memo.map[sig]
    return "\n".join(out)


NODE_RE = re.compile(r"^\t*\[([^\]]+)\] (\S+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def find_bid(text, role, name, nth=0):
    hits = []
    for line in text.split("\n"):
        m = NODE_RE.match(line)
        if m and m.group(2) == role and ast.literal_eval(m.group(3)) == name:
            hits.append(m.group(1))
    if len(hits) <= nth:
        raise KeyError("no %s %r (#%d) on page" % (role, name, nth))
    return hits[nth]


# --------------------------------------------------------------------------------------------
# Tenant data
# --------------------------------------------------------------------------------------------

def D(tag, did, name, model, os_, user, group, comp, ck, serial, state="active"):
    return dict(tag=tag, id=did, name=name, model=model, os=os_, user=user, group=group,
                comp=comp, ck=ck, serial=serial, state=state)


MBP14 = 'MacBook Pro 14" (M3 Pro, 2023)'
NAMED = [
    D("LT-04417", "d-7f3a91", "HB-MBP-04417", MBP14, "macOS 14.5", "Jonas Ekberg", "Sales", "Not compliant", 4337, "C02FK3R9Q6L4"),
    D("LT-04471", "d-7f3b02", "HB-MBP-04471", MBP14, "macOS 14.5", "Marta Lindqvist", "Sales", "Compliant", 8, "C02FK7TLQ6L9"),
    D("PH-01188", "d-5c1e40", "Jonas Ekberg's iPhone", "iPhone 14", "iOS 17.5.1", "Jonas Ekberg", "Sales", "Compliant", 17, "F4GZK1Q2N72P"),
    D("LT-02203", "d-1a0c77", "Jonas's MacBook Pro", 'MacBook Pro 13" (2019)', "macOS 12.7.4", "Jonas Ekberg", "Retired devices", "Retired", 600000, "C02ZD0ALMD6T", state="retired"),
    D("PH-00731", "d-0e9914", "Jonas Ekberg's old iPhone", "iPhone 11", "iOS 16.7.8", "Jonas Ekberg", "Retired devices", "Retired", 480000, "DX3ZK0P1N70F", state="retired"),
    D("LT-04418", "d-7f3a95", "HB-DL-04418", "Dell Latitude 7440", "Windows 11 23H2", "Aino Virtanen", "Finance", "Compliant", 3, "8KQ1T34"),
    D("LT-04402", "d-7f2e10", "HB-MBA-04402", 'MacBook Air 13" (M2)', "macOS 14.4.1", "Petter Sandberg", "Engineering", "Not compliant", 2950, "C02GH2KXQ6M1"),
    D("LT-03915", "d-6b11c3", "HB-MBP-03915", 'MacBook Pro 16" (M1 Max)', "macOS 14.5", "Linnea Holm", "Engineering", "Compliant", 41, "C02DW1ZPMD6R"),
    D("LT-04533", "d-80a1f7", "HB-TP-04533", "Lenovo ThinkPad X1 Carbon Gen 11", "Windows 11 23H2", "Oskar Nyberg", "Sales", "Compliant", 64, "PF4AX9K2"),
    D("TB-00219", "d-2c7d18", "HB-IPAD-00219", "iPad Air (5th gen)", "iPadOS 17.5", "Reception kiosk", "Kiosk", "Compliant", 5, "DMPH31Q7Q1GC"),
    D("LT-04090", "d-7c0b2e", "HB-MBP-04090", 'MacBook Pro 14" (M1 Pro, 2021)', "macOS 13.6.7", "Elin Strom", "Finance", "Not compliant", 370, "C02H41Y2Q05D"),
    D("PH-01201", "d-5c1f72", "Marta's iPhone", "iPhone 15", "iOS 17.5.1", "Marta Lindqvist", "Sales", "Compliant", 30, "G7KZP2M1Q0AB"),
    D("LT-03377", "d-63d0a4", "HB-MBP-03377", 'MacBook Pro 14" (M1 Pro, 2021)', "macOS 14.5", "Henrik Dahl", "Quarantine", "Lost", 12960, "C02G81XQQ6L0"),
    D("LT-04460", "d-7f4c61", "HB-XPS-04460", "Dell XPS 13 Plus", "Windows 11 23H2", "Sara Berglund", "Executives", "Compliant", 22, "3HB8QX3"),
    D("LT-04129", "d-7d5e03", "HB-MBA-04129", 'MacBook Air 15" (M3)', "macOS 14.5", "Jonas Ekstrom", "Engineering", "Compliant", 125, "C02J11LLQ6P3"),
    D("LT-04412", "d-7f3a70", "HB-MBP-04412", MBP14, "macOS 14.5", "Fredrik Olsson", "Sales", "Not compliant", 1580, "C02FK2W7Q6L1"),
    D("LT-02981", "d-4f77b9", "HB-SURF-02981", "Surface Laptop 5", "Windows 11 22H2", "Maja Eriksson", "Finance", "Not compliant", 5900, "0F33A1T"),
    D("DT-00088", "d-0b8813", "HB-IMAC-00088", 'iMac 24" (M3)', "macOS 14.5", "Design studio (shared)", "Marketing", "Compliant", 11, "C02KX0ZZPN7Q"),
]


def _filler():
    rng = random.Random("fleetlock-filler-v1")
    first = ["Anna", "Erik", "Karin", "Lars", "Sofia", "Mikael", "Ida", "Johan", "Emma", "Nils", "Hanna",
             "Olle", "Frida", "Viktor", "Lena", "Mats", "Tove", "Anders", "Moa", "Gustav", "Leila", "Tomas"]
    last = ["Andersson", "Bergstrom", "Nilsson", "Lund", "Forsberg", "Sjoberg", "Hedlund", "Wallin",
            "Axelsson", "Engstrom", "Karlsson", "Mattsson", "Isaksson", "Nordin", "Ahmadi", "Korhonen"]
    models = [("MBP", MBP14, "macOS 14.5"), ("MBA", 'MacBook Air 13" (M2)', "macOS 14.5"),
              ("MBA", 'MacBook Air 15" (M3)', "macOS 14.4.1"), ("DL", "Dell Latitude 7440", "Windows 11 23H2"),
              ("TP", "Lenovo ThinkPad T14s Gen 4", "Windows 11 23H2"), ("MBP", 'MacBook Pro 16" (M3 Max)', "macOS 14.5")]
    groups = ["Sales", "Engineering", "Finance", "Marketing", "Executives", "Engineering", "Sales"]
    used = {d["tag"] for d in NAMED}
    out = []
    while len(out) < 64:
        num = rng.randint(1200, 4390)
        tag = "LT-%05d" % num
        if tag in used:
            continue
        used.add(tag)
        code, model, os_ = rng.choice(models)
        ck = rng.choice([2, 4, 6, 9, 13, 19, 27, 35, 48, 75, 140, 260, 600, 1300, 2100])
        ck += rng.randint(0, 59) if ck > 60 else 0
        comp = "Not compliant" if (ck > 1440 or rng.random() < 0.08) else "Compliant"
        out.append(D(tag, "d-%06x" % rng.randint(0x100000, 0xffffff), "HB-%s-%05d" % (code, num), model, os_,
                     "%s %s" % (rng.choice(first), rng.choice(last)), rng.choice(groups), comp, ck,
                     "C02%s" % "".join(rng.choice("ABCDEFGHJKLMNPQRTVWXYZ0123456789") for _ in range(9))))
    return out


FILLER = _filler()
GROUPS = [("Engineering", 96), ("Executives", 14), ("Finance", 41), ("Kiosk", 9), ("Marketing", 38),
          ("Quarantine", 12), ("Quarantine (legacy)", 3), ("Retired devices", 57), ("Sales", 142)]
USERS = {
    "Jonas Ekberg": dict(id="u-10342", email="jonas.ekberg@halvardberg.se", dept="Sales", title="Key Account Manager"),
    "Jonas Ekstrom": dict(id="u-10877", email="jonas.ekstrom@halvardberg.se", dept="Engineering", title="Backend Engineer"),
    "Ann-Sofie Ekberg": dict(id="u-10019", email="ann-sofie.ekberg@halvardberg.se", dept="Finance", title="Controller"),
    "Marta Lindqvist": dict(id="u-10355", email="marta.lindqvist@halvardberg.se", dept="Sales", title="Account Manager"),
}


def ago(m):
    if m < 1:
        return "just now"
    if m < 60:
        return "%d min ago" % m
    if m < 120:
        return "1 h ago"
    if m < 1440:
        return "%d h ago" % (m // 60)
    days = m // 1440
    if days == 1:
        return "1 day ago"
    if days < 45:
        return "%d days ago" % days
    return "%d months ago" % (days // 30)


CLOCK = [0]  # minutes elapsed in the current run's session (one per page load)


def stamp(m):
    t = NOW + dt.timedelta(minutes=CLOCK[0] - m)
    return t.strftime("%d %b %Y, %H:%M").lstrip("0") + " CEST"


# --------------------------------------------------------------------------------------------
# Application model: renders pages for one run's session
# --------------------------------------------------------------------------------------------

NAV = [("Dashboard", "/dashboard"), ("Devices", "/devices"), ("Users", "/users"), ("Groups", "/groups"),
       ("Policies", "/policies"), ("Compliance", "/compliance"), ("Apps & books", "/apps"),
       ("Certificates", "/pki"), ("Reports", "/reports"), ("Audit log", "/audit"), ("Settings", "/settings")]


class App:
    def __init__(self, run_id, ck04417=4337, admin="Sofia Ahl", role="Help Desk Tier 2", flags=None):
        self.run_id = run_id
        self.loads = 0
        self.admin, self.role = admin, role
        self.flags = dict(flags or {})
        self.dev = {}
        for d in NAMED + FILLER:
            s = dict(d)
            s.update(lost=False, certs="active", wipe=False, hist=[])
            self.dev[d["tag"]] = s
        self.dev[TAG]["ck"] = ck04417
        self.dev[TAG]["comp"] = "Not compliant" if ck04417 > 1440 else "Compliant"
        self.by_id = {d["id"]: d["tag"] for d in self.dev.values()}
        self.kind, self.kw, self.seed = None, {}, None
        self.ck = {}

    # ---- page-load bookkeeping
    def load(self, kind, **kw):
        self.loads += 1
        CLOCK[0] = self.loads
        self.seed = "%s/load%d" % (self.run_id, self.loads)
        self.memo = BidMemo(self.seed)
        self.kind, self.kw = kind, kw
        rng = random.Random(self.seed + "/ck")
        self.ck = {}
        for tag, d in self.dev.items():
            base = d["ck"] + self.loads  # the clock moves on a minute per load
            jitter = rng.randint(-4, 7)
            if d["state"] == "retired" or d["comp"] == "Lost" or base > 1440:
                self.ck[tag] = base
            elif d["ck"] < 16:  # online devices check in about every 15 min
                self.ck[tag] = (d["ck"] + 3 * self.loads + jitter) % 16
            else:
                self.ck[tag] = max(0, base + jitter)
        return self.render()

    def update(self, **kw):
        """In-page change (no navigation): same load, same bids for unchanged nodes.
        Toasts and tooltips are transient: they are gone by the next action unless re-given."""
        for k in ("toast", "tooltip"):
            if k not in kw:
                self.kw.pop(k, None)
        self.kw.update(kw)
        return self.render()

    def same(self):
        return self.render()

    def render(self):
        rng = random.Random(self.seed + "/content")
        kw = dict(self.kw)
        self._gs = kw.pop("gsearch", None)
        title, url, nodes = getattr(self, "page_" + self.kind)(rng, **kw)
        return {"url": url, "title": title, "text": serialize(title, url, nodes, self.memo), "error": None}

    # ---- frame
    def frame(self, crumbs, main, search=None, end=(), notif=3):
        banner = N("banner", "",
                   link("Fleetlock", "/dashboard"),
                   T(TENANT),
                   N("button", "Switch tenant", props=("hasPopup='menu'", "expanded=False")),
                   N("search", "",
                     N("searchbox", "Search Fleetlock", value=search or self._gs),
                     btn("Search")),
                   N("button", "Notifications (%d unread)" % notif, props=("hasPopup='dialog'",)),
                   link("Help", "https://docs.fleetlock.io"),
                   N("button", "%s - %s" % (self.admin, self.role), props=("hasPopup='menu'", "expanded=False")))
        nav = N("navigation", "Main", *[link(n, p) for n, p in NAV])
        bc = N("navigation", "Breadcrumb", *[link(n, p) for n, p in crumbs[:-1]], T(crumbs[-1][0]))
        footer = N("contentinfo", "",
                   T("\u00a9 2024 Fleetlock Inc."),
                   link("System status", "https://status.fleetlock.io"),
                   link("Privacy", "https://fleetlock.io/legal/privacy"),
                   link("Terms", "https://fleetlock.io/legal/terms"),
                   link("API reference", "https://docs.fleetlock.io/api"),
                   T("Console 24.6.3 \u00b7 Data region EU-North (Stockholm)"))
        return [banner, nav, N("main", "", bc, *main), footer] + list(end)

    def toast(self, text, kind="status"):
        return N(kind, "", T(text), btn("Dismiss notification"))

    # ---- device table row
    def dev_row(self, d, cols=("name", "tag", "model", "os", "user", "group", "comp", "ck")):
        cells = [N("cell", "", N("checkbox", "Select %s" % d["name"], props=("checked=False",)))]
        for c in cols:
            if c == "name":
                cells.append(N("cell", "", link(d["name"], "/devices/%s" % d["id"])))
            elif c == "ck":
                cells.append(N("cell", ago(self.ck[d["tag"]])))
            elif c == "comp":
                cells.append(N("cell", self.status_word(d)))
            else:
                cells.append(N("cell", d[c]))
        return N("row", "", *cells)

    def status_word(self, d):
        if d["state"] == "retired":
            return "Retired"
        if d["wipe"]:
            return "Wipe pending"
        if d["lost"] or d["comp"] == "Lost":
            return "Lost"
        return d["comp"]

    # ---- pages -------------------------------------------------------------------------
    def page_dashboard(self, rng):
        stale = sum(1 for t, m in self.ck.items() if m > 1440 and self.dev[t]["state"] == "active") + 6
        main = [
            N("heading", "Dashboard"),
            T("Good morning, %s. Last sync with Apple Business Manager 7 min ago." % self.admin.split()[0]),
            N("region", "Fleet overview",
              N("heading", "Fleet overview"),
              T("412 managed devices"), T("371 compliant"), T("27 not compliant"),
              T("%d not checked in for more than 24 h" % stale), T("2 in Lost Mode"),
              link("View compliance report", "/compliance")),
            N("region", "Open alerts",
              N("heading", "Open alerts (4)"),
              N("list", "",
                N("listitem", "", link("LT-03377 in Lost Mode for 9 days (Henrik Dahl)", "/devices/d-63d0a4")),
                N("listitem", "", link("LT-04471: FileVault recovery key rotated by policy", "/devices/d-7f3b02")),
                N("listitem", "", link("HB-Issuing-CA-02 certificate renews in 41 days", "/pki")),
                N("listitem", "", link("APNs certificate expires 2 Sep 2024", "/settings/apple")))),
            N("region", "Recent activity",
              N("heading", "Recent activity"),
              N("table", "Recent admin activity",
                N("row", "", N("columnheader", "When"), N("columnheader", "Admin"), N("columnheader", "Event")),
                N("row", "", N("cell", "09:58"), N("cell", "Petter Sandberg"), N("cell", "Policy 'macOS baseline 2024' assigned to Engineering")),
                N("row", "", N("cell", "09:41"), N("cell", "Aino Virtanen"), N("cell", "Lock sent to PH-01201 - succeeded")),
                N("row", "", N("cell", "Yesterday 17:12"), N("cell", "Karin Holm"), N("cell", "Wipe failed on PH-00731 (device not enrolled) - closed")),
                N("row", "", N("cell", "Yesterday 16:05"), N("cell", "System"), N("cell", "LT-04412 marked Not compliant: not checked in for 24 h")))),
            N("region", "Quick actions",
              N("heading", "Quick actions"),
              link("Enroll a device", "/devices/enroll"), link("Find a device", "/devices"),
              link("Open audit log", "/audit")),
        ]
        return "Dashboard \u00b7 Fleetlock", BASE + "/dashboard", self.frame([("Dashboard", "/dashboard")], main)

    def _device_filter(self, q, os_=None, group=None, hide_retired=True, comp=None):
        q = (q or "").lower().strip()
        res = []
        for d in self.dev.values():
            if hide_retired and d["state"] == "retired":
                continue
            if os_ and not d["os"].lower().startswith(os_.lower()):
                continue
            if group and d["group"] != group:
                continue
            if comp and self.status_word(d) != comp:
                continue
            hay = " ".join([d["tag"], d["name"], d["serial"], d["user"], d["model"]]).lower()
            if q and not all(w in hay for w in q.split()):
                continue
            res.append(d)
        return res

    def page_devices(self, rng, q="", typed=None, os_=None, group=None, sort="name", hide_retired=True,
                     stale_chip=None, stale_rows=None, tooltip=None):
        rows = self._device_filter(q, os_=os_, group=group, hide_retired=hide_retired)
        if stale_rows is not None:  # environment fault: table not refreshed, old filter still applied
            rows = [self.dev[t] for t in stale_rows]
        if sort == "ck_desc":
            rows.sort(key=lambda d: -self.ck[d["tag"]])
        else:
            rows.sort(key=lambda d: d["name"].lower())
        hidden_retired = 0
        if hide_retired and q:
            hidden_retired = len(self._device_filter(q, os_=os_, group=group, hide_retired=False)) - len(self._device_filter(q, os_=os_, group=group))
        total = len(rows) if (q or os_ or group or stale_rows) else 412
        page = rows[:25]
        params = []
        if q:
            params.append("q=" + q.replace(" ", "+"))
        if os_:
            params.append("os=" + os_.lower())
        if group:
            params.append("group=" + group.lower())
        if sort != "name":
            params.append("sort=last_checkin")
        url = BASE + "/devices" + ("?" + "&".join(params) if params else "")
        chips = []
        if stale_chip:
            chips.append((stale_chip, stale_chip))
        if os_:
            chips.append(("OS: " + os_, "OS: " + os_))
        if group:
            chips.append(("Group: " + group, "Group: " + group))
        if q:
            chips.append(("Search: " + q, "Search: " + q))
        chip_nodes = [N("group", "Active filters", *sum(([T(c), btn("Remove filter %s" % c)] for c, _ in chips), []),
                        btn("Clear all filters"))] if chips else []

        def opt(label, cur):
            return N("option", label, props=("selected=%s" % (label == cur),))
        sort_lbl = "Last check-in, sorted oldest first" if sort == "ck_desc" else "Sort by last check-in"
        header = N("row", "",
                   N("columnheader", "", N("checkbox", "Select all devices on this page", props=("checked=False",))),
                   N("columnheader", "Device name", btn("Device name, sorted A to Z" if sort == "name" else "Sort by device name")),
                   N("columnheader", "Asset tag"), N("columnheader", "Model"), N("columnheader", "OS"),
                   N("columnheader", "Assigned user"), N("columnheader", "Group"), N("columnheader", "Status"),
                   N("columnheader", "Last check-in", btn(sort_lbl)))
        if page:
            table = [N("table", "Devices", header, *[self.dev_row(d) for d in page])]
        else:
            table = [N("table", "Devices", header),
                     T("No devices match your search and filters."),
                     btn("Clear all filters and search")]
        showing = "Showing 1\u2013%d of %d devices" % (len(page), total) if page else "Showing 0 of 0 devices"
        pages = max(1, (total + 24) // 25)
        pager = N("navigation", "Pagination", T(showing),
                  btn("Previous page", "disabled=True"), btn("Page 1", "pressed=True"),
                  *[btn("Page %d" % i) for i in range(2, min(pages, 4) + 1)],
                  *([T("\u2026"), btn("Page %d" % pages)] if pages > 4 else []),
                  btn("Next page", *(() if pages > 1 else ("disabled=True",))),
                  N("combobox", "Rows per page", value="25", props=("hasPopup='menu'", "expanded=False")))
        main = [
            N("heading", "Devices"),
            T("412 devices enrolled \u00b7 18 enrolled this month"),
            N("toolbar", "Device list actions", btn("Enroll device"), btn("Export CSV"),
              N("button", "Bulk actions", props=("hasPopup='menu'", "expanded=False", "disabled=True")),
              btn("Saved views")),
            N("search", "Filter devices",
              N("searchbox", "Search devices by name, asset tag, serial or user",
                value=typed if typed is not None else (q or None)),
              N("combobox", "OS", *[opt(o, os_ or "All") for o in ("All", "macOS", "Windows", "iOS", "iPadOS")],
                value=os_ or "All", props=("hasPopup='listbox'", "expanded=False")),
              N("combobox", "Group", *[opt(o, group or "All groups") for o in ["All groups"] + [g for g, _ in GROUPS]],
                value=group or "All groups", props=("hasPopup='listbox'", "expanded=False")),
              N("combobox", "Status", *[opt(o, "All statuses") for o in ("All statuses", "Compliant", "Not compliant", "Lost", "Wipe pending")],
                value="All statuses", props=("hasPopup='listbox'", "expanded=False")),
              N("checkbox", "Hide retired devices", props=("checked=%s" % hide_retired,))),
            *chip_nodes,
            *([T("%d retired device%s hidden by 'Hide retired devices'." % (hidden_retired, "" if hidden_retired == 1 else "s"))] if hidden_retired else []),
            *table,
            pager,
        ]
        end = []
        if tooltip:
            end.append(N("tooltip", "", T(tooltip)))
        return "Devices \u00b7 Fleetlock", url, self.frame([("Devices", "/devices"), ("All devices", "")], main, end=end)

    def page_device(self, rng, tag, tab="overview", dialog=None, menu=False, form=None, toast=None,
                    alert=None, tooltip=None, dialog_alert=None):
        d = self.dev[tag]
        form = form or {}
        retired = d["state"] == "retired"
        dead = retired or d["wipe"]
        dis = ("disabled=True",) if dead else ()
        ck = self.ck[tag]
        ncert = 0 if retired else 3
        certs_active = 0 if (retired or d["certs"] == "revoked") else 3
        title = "%s (%s) \u00b7 Devices \u00b7 Fleetlock" % (d["name"], tag)
        url = BASE + "/devices/%s%s" % (d["id"], "" if tab == "overview" else "/" + tab)
        tools = [btn("Sync now", *dis), btn("Lock", *dis)]
        if not self.flags.get("no_lost_button"):
            tools.append(btn("Disable Lost Mode" if d["lost"] else "Enable Lost Mode", *dis))
        tools += [btn("Move to group", *dis),
                  N("button", "More actions", props=("hasPopup='menu'", "expanded=%s" % bool(menu)) + dis)]
        badges = [T(self.status_word(d))]
        if d["lost"]:
            badges.append(T("Lost Mode"))
        if not retired:
            badges.append(T("Supervised"))
        tabs = N("tablist", "Device sections",
                 N("tab", "Overview", props=("selected=%s" % (tab == "overview"),)),
                 N("tab", "Certificates (%d active)" % certs_active if ncert else "Certificates", props=("selected=%s" % (tab == "certificates"),)),
                 N("tab", "Profiles (7)", props=("selected=False",)),
                 N("tab", "Apps (42)", props=("selected=False",)),
                 N("tab", "Command history", props=("selected=False",)),
                 N("tab", "Notes (3)", props=("selected=False",)))
        if tab == "overview":
            panel = self._overview(d, ck)
        else:
            panel = self._certs(d)
        main = [
            N("heading", d["name"]),
            T("%s \u00b7 %s \u00b7 %s" % (tag, d["model"], d["user"])),
            *badges,
            *([N("alert", "", T(alert))] if alert else []),
            *([T("This device is retired and no longer managed. Retired %s. Remote actions are unavailable." % d.get("retired_by", "14 Mar 2023 by Karin Holm"))] if retired else []),
            N("toolbar", "Device actions", *tools),
            tabs,
            panel,
        ]
        end = []
        if menu:
            end.append(N("menu", "More actions",
                         N("menuitem", "Restart"), N("menuitem", "Shut down"), N("menuitem", "Rename"),
                         N("menuitem", "Clear passcode"), N("menuitem", "Retire device"),
                         N("menuitem", "Wipe device"), N("menuitem", "Remove from Fleetlock")))
        if dialog:
            end.append(self._dialog(dialog, d, form, dialog_alert))
        if tooltip:
            end.append(N("tooltip", "", T(tooltip)))
        if toast:
            end.append(self.toast(toast))
        crumbs = [("Devices", "/devices"), (d["os"].split()[0], "/devices?os=" + d["os"].split()[0].lower()), ("%s (%s)" % (d["name"], tag), "")]
        return title, url, self.frame(crumbs, main, end=end)

    def _overview(self, d, ck):
        tag = d["tag"]
        retired = d["state"] == "retired"
        user = USERS.get(d["user"])
        lost_txt = "Off"
        if d["lost"]:
            lost_txt = "Enabled \u2013 pending device check-in" if ck > 60 else "Enabled \u2013 acknowledged by device"
        comp = self.status_word(d)
        if d["comp"] == "Not compliant" and not d["lost"] and not d["wipe"]:
            comp = "Not compliant \u2013 no check-in for more than 24 h" if ck > 1440 else "Not compliant \u2013 OS update overdue"
        props = [
            ("Asset tag", tag), ("Device name", d["name"]), ("Serial number", d["serial"]),
            ("Model", d["model"]), ("OS", d["os"]),
        ]
        rows = [N("row", "", N("rowheader", k), N("cell", v)) for k, v in props]
        rows.append(N("row", "", N("rowheader", "Assigned user"),
                      N("cell", "", link(d["user"], "/users/%s" % user["id"]) if user else T(d["user"]))))
        rows.append(N("row", "", N("rowheader", "Group"),
                      N("cell", "", link(d["group"], "/groups/" + d["group"].lower().replace(" ", "-").replace("(", "").replace(")", "")))))
        rows += [N("row", "", N("rowheader", k), N("cell", v)) for k, v in [
            ("Status", comp),
            ("Enrollment", "Automated Device Enrollment (Apple Business Manager)" if "mac" in d["os"].lower() or "iOS" in d["os"] else "Windows Autopilot"),
            ("Last check-in", "%s (%s)" % (ago(ck), stamp(ck))),
            ("Lost Mode", lost_txt),
            ("Disk encryption", "FileVault on \u2013 recovery key escrowed" if "mac" in d["os"].lower() else "On"),
            ("Activation Lock", "Disabled (bypass code escrowed)"),
        ]]
        hist = list(d["hist"])
        if tag == TAG:
            hist += [("Lock", "Failed \u2013 device offline", "Sofia Ahl", "14 Jun 2024, 19:52 CEST") if ck > 1440
                     else ("Lock", "Failed \u2013 device offline", "Sofia Ahl", "5 Jun 2024, 11:20 CEST"),
                     ("Profile install \u2013 Wi-Fi HB-Corp", "Succeeded", "System", "11 Jun 2024, 16:03 CEST"),
                     ("Install app \u2013 GlobalProtect 6.2.1", "Succeeded", "System", "10 Jun 2024, 09:44 CEST")]
        elif retired:
            hist += [("Wipe", "Succeeded", "Karin Holm", "14 Mar 2023, 10:02 CET"),
                     ("Retire", "Succeeded", "Karin Holm", "14 Mar 2023, 10:05 CET")]
        else:
            hist += [("Sync", "Succeeded", "System", stamp(self.ck[tag])),
                     ("Profile install \u2013 macOS baseline 2024", "Succeeded", "System", "11 Jun 2024, 16:03 CEST")]
        hrows = [N("row", "", N("columnheader", "Command"), N("columnheader", "Status"),
                   N("columnheader", "Issued by"), N("columnheader", "Time"))]
        hrows += [N("row", "", N("cell", a), N("cell", b), N("cell", c), N("cell", e)) for a, b, c, e in hist[:5]]
        if tag == TAG:
            notes = ["Petter Sandberg, 28 May 2024: Wi-Fi cert expired in May, renewed. VPN fine after.",
                     "Aino Virtanen, 2 Apr 2024: charger swapped with LT-04471 (Marta L.) at the Uppsala offsite \u2013 different device, same model.",
                     "Karin Holm, 14 Feb 2024: replaces Jonas's old MBP (LT-02203, retired). Wipe failed on the old phone PH-00731, redone via ABM.",
                     "System, 12 Jun 2024 08:10: user denied access to VPN by policy (Conditional Access: device risk)."]
        elif tag == "LT-04471":
            notes = ["Aino Virtanen, 2 Apr 2024: charger swapped with LT-04417 (Jonas E.) at offsite.",
                     "Petter Sandberg, 21 Mar 2024: FileVault key rotated after support session.",
                     "System, 3 Jun 2024: compliance restored after macOS 14.5 update."]
        elif retired:
            notes = ["Karin Holm, 14 Mar 2023: retired after battery swelling; replaced by LT-04417.",
                     "Karin Holm, 14 Mar 2023: certificates revoked on retire. Do not re-enroll."]
        else:
            notes = ["Petter Sandberg, 28 May 2024: enrolled in macOS baseline 2024 ring 2."]
        return N("tabpanel", "Overview",
                 N("heading", "Device details"),
                 N("table", "Device properties", *rows),
                 N("button", "About last check-in", props=("hasPopup='dialog'",)),
                 N("heading", "Recent commands"),
                 N("table", "Recent commands", *hrows),
                 link("View full command history", "/devices/%s/history" % d["id"]),
                 N("heading", "Admin notes"),
                 N("list", "Admin notes", *[N("listitem", "", T(n)) for n in notes]),
                 N("textbox", "Add a note", props=("multiline",)),
                 btn("Save note", "disabled=True"))

    def _certs(self, d):
        revoked = d["certs"] == "revoked"
        st = "Revoked" if revoked else "Active"
        certs = [("Wi-Fi HB-Corp (EAP-TLS)", "HB-Issuing-CA-02", "4F:21:9A:0C", "11 Jun 2025"),
                 ("VPN \u2013 GlobalProtect user", "HB-Issuing-CA-02", "4F:21:9A:0D", "11 Jun 2025"),
                 ("Device identity (SCEP)", "HB-Device-CA-01", "1B:77:03:E2", "6 Nov 2025")]
        if d["state"] == "retired":
            return N("tabpanel", "Certificates", T("No certificates are issued to this device."))
        hdr = N("row", "", N("columnheader", "", N("checkbox", "Select all certificates", props=("checked=False",))),
                N("columnheader", "Certificate"), N("columnheader", "Issuer"), N("columnheader", "Serial"),
                N("columnheader", "Expires"), N("columnheader", "Status"), N("columnheader", "Actions"))
        rows = [N("row", "", N("cell", "", N("checkbox", "Select %s" % c, props=("checked=False",))),
                  N("cell", c), N("cell", i), N("cell", s), N("cell", e), N("cell", st),
                  N("cell", "", btn("Revoke %s" % c, *(("disabled=True",) if revoked else ()))))
                for c, i, s, e in certs]
        return N("tabpanel", "Certificates",
                 N("heading", "Issued certificates"),
                 T("Revoking a certificate immediately removes Wi-Fi and VPN access for this device. Revocation cannot be undone; a new certificate is issued only on re-enrollment."),
                 btn("Revoke all certificates", *(("disabled=True",) if revoked else ())),
                 btn("Download CRL status"),
                 N("table", "Issued certificates", hdr, *rows),
                 T("%d active certificates" % (0 if revoked else 3)))

    def _dialog(self, kind, d, form, dialog_alert):
        tag = d["tag"]
        kids = []
        if kind == "lost":
            kids = [N("heading", "Enable Lost Mode"),
                    T("%s will be locked and show your message and phone number on the lock screen. Location reporting turns on. If the device is offline, the command runs at its next check-in." % tag),
                    N("textbox", "Message", value=form.get("Message", "This device is locked by Halvard & Berg IT."), props=("required",)),
                    T("Up to 160 characters."),
                    N("textbox", "Phone number", value=form.get("Phone number", ""), props=("required",)),
                    N("textbox", "Footnote (optional)", value=form.get("Footnote (optional)", "")),
                    N("checkbox", "Play sound on device", props=("checked=False",)),
                    btn("Cancel"), btn("Send Lost Mode command")]
            name = "Enable Lost Mode"
        elif kind == "revoke":
            kids = [N("heading", "Revoke 3 certificates?"),
                    T("%s (%s) loses Wi-Fi HB-Corp and VPN access immediately. This cannot be undone." % (d["name"], tag)),
                    btn("Cancel"), btn("Revoke certificates")]
            name = "Revoke 3 certificates?"
        elif kind == "group":
            cur = form.get("Target group", "Select a group\u2026")
            opts = ["Select a group\u2026"] + [g for g, _ in GROUPS]
            kids = [N("heading", "Move %s to group" % tag),
                    T("Current group: %s. Policies, profiles and network access of the new group apply at the next check-in." % d["group"]),
                    N("combobox", "Target group", value=cur, props=("required", "hasPopup='listbox'", "expanded=False"),
                      *[N("option", g, props=("selected=%s" % (g == cur),)) for g in opts]),
                    T({"Quarantine": "Quarantine \u2013 12 devices \u00b7 network limited to MDM and it.halvardberg.se",
                       "Quarantine (legacy)": "Quarantine (legacy) \u2013 3 devices \u00b7 deprecated 2022 policy set, no network restriction"}.get(cur, "")) if cur.startswith("Quarantine") else None,
                    N("textbox", "Reason (shown in audit log)", value=form.get("Reason (shown in audit log)", "")),
                    btn("Cancel"), btn("Move device")]
            name = "Move %s to group" % tag
        elif kind == "wipe":
            typed = form.get("Type %s to confirm" % tag, "")
            kids = [N("heading", "Wipe %s?" % tag),
                    T("This erases all content and settings on %s (%s, %s). This cannot be undone." % (d["name"], d["model"], d["user"])),
                    T("If the device is offline, the wipe runs at its next check-in. Lost Mode ends when the wipe completes."),
                    N("checkbox", "Keep Lost Mode message on the Erase Assistant screen", props=("checked=True",)),
                    N("textbox", "Type %s to confirm" % tag, value=typed, props=("required",)),
                    btn("Cancel"), btn("Wipe device", *(() if typed == tag else ("disabled=True",)))]
            name = "Wipe %s?" % tag
        elif kind == "retire":
            kids = [N("heading", "Retire %s?" % tag),
                    T("Retiring removes management profiles, apps and certificates and unassigns the device. It cannot be managed again until it is re-enrolled."),
                    btn("Cancel"), btn("Retire device")]
            name = "Retire %s?" % tag
        elif kind == "reauth":
            kids = [N("heading", "Re-authenticate to perform remote actions"),
                    T("Remote actions (Lock, Lost Mode, Wipe) require a sign-in within the last 15 minutes. Your last sign-in was at 08:02."),
                    N("textbox", "Password for %s" % "sofia.ahl@halvardberg.se", value="", props=("required",)),
                    btn("Verify with Microsoft Authenticator"),
                    btn("Cancel"), btn("Continue", "disabled=True")]
            name = "Re-authenticate to perform remote actions"
        if dialog_alert:
            kids.append(N("alert", "", T(dialog_alert)))
        return N("dialog", name, *kids, props=("modal=True",))

    def page_search(self, rng, q):
        main = [N("heading", "Results for '%s'" % q),
                N("tablist", "Result types", N("tab", "All", props=("selected=True",)), N("tab", "Devices (2)", props=("selected=False",)),
                  N("tab", "Users (0)", props=("selected=False",)), N("tab", "Audit events (3)", props=("selected=False",))),
                N("heading", "Devices"),
                N("list", "Device results",
                  N("listitem", "", link("HB-MBP-04417", "/devices/d-7f3a91"),
                    T("LT-04417 \u00b7 %s \u00b7 Jonas Ekberg \u00b7 Exact asset tag match" % MBP14)),
                  N("listitem", "", link("HB-MBP-04471", "/devices/d-7f3b02"),
                    T("LT-04471 \u00b7 %s \u00b7 Marta Lindqvist \u00b7 Similar asset tag" % MBP14))),
                N("heading", "Audit events"),
                N("list", "Audit event results",
                  N("listitem", "", T("14 Jun 2024 19:52 \u00b7 Sofia Ahl sent Lock to LT-04417 \u2013 failed, device offline")),
                  N("listitem", "", T("12 Jun 2024 08:10 \u00b7 System: LT-04417 denied VPN access by Conditional Access")),
                  N("listitem", "", T("2 Apr 2024 14:31 \u00b7 Aino Virtanen added a note to LT-04471"))),
                link("Search the audit log for '%s'" % q, "/audit?q=" + q)]
        return ("Search: %s \u00b7 Fleetlock" % q, BASE + "/search?q=" + q,
                self.frame([("Search", "/search"), ("Results", "")], main, search=q))

    def page_users(self, rng, q="", typed=None):
        people = [("Jonas Ekberg", 4), ("Ann-Sofie Ekberg", 2), ("Jonas Ekstrom", 1), ("Marta Lindqvist", 2)]
        rows = [(n, c) for n, c in people if not q or q.lower() in n.lower()]
        hdr = N("row", "", N("columnheader", "Name"), N("columnheader", "Email"), N("columnheader", "Department"),
                N("columnheader", "Devices"), N("columnheader", "Status"))
        trs = [N("row", "", N("cell", "", link(n, "/users/" + USERS[n]["id"])), N("cell", USERS[n]["email"]),
                 N("cell", USERS[n]["dept"]), N("cell", str(c)), N("cell", "Active")) for n, c in rows]
        main = [N("heading", "Users"), T("1,184 users synced from Microsoft Entra ID \u00b7 last sync 06:00"),
                N("search", "Filter users", N("searchbox", "Search users by name or email",
                                               value=typed if typed is not None else (q or None))),
                N("table", "Users", hdr, *trs),
                N("navigation", "Pagination", T("Showing 1\u2013%d of %d users" % (len(rows), len(rows)) if q else "Showing 1\u201325 of 1,184 users"))]
        url = BASE + "/users" + ("?q=" + q if q else "")
        return "Users \u00b7 Fleetlock", url, self.frame([("Users", "/users"), ("All users", "")], main)

    def page_user(self, rng, name, tab="profile"):
        u = USERS[name]
        mine = [d for d in self.dev.values() if d["user"] == name]
        mine.sort(key=lambda d: (d["state"] == "retired", d["name"]))
        tabs = N("tablist", "User sections",
                 N("tab", "Profile", props=("selected=%s" % (tab == "profile"),)),
                 N("tab", "Devices (%d)" % len(mine), props=("selected=%s" % (tab == "devices"),)),
                 N("tab", "Groups", props=("selected=False",)),
                 N("tab", "Sign-in activity", props=("selected=False",)))
        if tab == "devices":
            hdr = N("row", "", N("columnheader", "Device name"), N("columnheader", "Asset tag"), N("columnheader", "Model"),
                    N("columnheader", "Status"), N("columnheader", "Last check-in"))
            panel = N("tabpanel", "Devices (%d)" % len(mine),
                      N("table", "Devices assigned to %s" % name, hdr,
                        *[N("row", "", N("cell", "", link(d["name"], "/devices/" + d["id"])), N("cell", d["tag"]),
                            N("cell", d["model"]), N("cell", self.status_word(d)), N("cell", ago(self.ck[d["tag"]])))
                          for d in mine]),
                      T("Retired devices are kept for 24 months for audit."))
        else:
            panel = N("tabpanel", "Profile",
                      N("table", "User properties",
                        *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in
                          [("Email", u["email"]), ("Department", u["dept"]), ("Job title", u["title"]),
                           ("Manager", "Lena Forsberg"), ("Office", "Stockholm, Kungsgatan"),
                           ("Source", "Microsoft Entra ID"), ("MFA", "Enabled (Authenticator)")]]),
                      T("Sign-in note (System, 12 Jun 2024): user denied access to VPN by policy on LT-04417."))
        main = [N("heading", name), T("%s \u00b7 %s \u00b7 %s" % (u["email"], u["dept"], u["title"])),
                N("toolbar", "User actions", btn("Reset MFA"), btn("Sign out of all sessions"), btn("Assign device")),
                tabs, panel]
        url = BASE + "/users/%s%s" % (u["id"], "/devices" if tab == "devices" else "")
        return ("%s \u00b7 Users \u00b7 Fleetlock" % name, url,
                self.frame([("Users", "/users"), (name, "")], main))

    def page_compliance(self, rng, rule=None, group=None, pending_rule=None):
        rules = ["All rules", "Not checked in for more than 24 h", "OS update overdue", "FileVault off",
                 "Passcode policy"]
        cur = pending_rule or rule or "All rules"
        rows = []
        for d in self.dev.values():
            if d["state"] == "retired":
                continue
            m = self.ck[d["tag"]]
            if rule == "Not checked in for more than 24 h" and m > 1440:
                rows.append((d, rule, stamp(m)))
            elif rule is None and d["comp"] in ("Not compliant", "Lost"):
                rows.append((d, "Not checked in for more than 24 h" if m > 1440 else "OS update overdue", stamp(m) if m > 1440 else "3 Jun 2024"))
        if group:
            rows = [r for r in rows if r[0]["group"] == group]
        rows.sort(key=lambda r: -self.ck[r[0]["tag"]])
        hdr = N("row", "", N("columnheader", "Device"), N("columnheader", "Asset tag"), N("columnheader", "Assigned user"),
                N("columnheader", "Group"), N("columnheader", "Failed rule"), N("columnheader", "Since"),
                N("columnheader", "Last check-in"))
        trs = [N("row", "", N("cell", "", link(d["name"], "/devices/" + d["id"])), N("cell", d["tag"]), N("cell", d["user"]),
                 N("cell", d["group"]), N("cell", r), N("cell", since), N("cell", ago(self.ck[d["tag"]])))
               for d, r, since in rows[:25]]
        chips = []
        if rule:
            chips += [T("Rule: " + rule), btn("Remove filter Rule: " + rule)]
        if group:
            chips += [T("Group: " + group), btn("Remove filter Group: " + group)]
        main = [N("heading", "Compliance"),
                T("Report generated %s \u00b7 refreshes every 15 minutes" % (NOW + dt.timedelta(minutes=self.loads)).strftime("%H:%M")),
                N("region", "Summary", T("371 compliant"), T("27 not compliant"), T("14 unknown")),
                N("search", "Report filters",
                  N("combobox", "Rule", value=cur, props=("hasPopup='listbox'", "expanded=False"),
                    *[N("option", r, props=("selected=%s" % (r == cur),)) for r in rules]),
                  N("combobox", "Group", value=group or "All groups", props=("hasPopup='menu'", "expanded=False")),
                  btn("Apply filters"), btn("Export CSV")),
                *([N("group", "Active filters", *chips)] if chips else []),
                N("table", "Non-compliant devices", hdr, *trs),
                N("navigation", "Pagination", T("Showing 1\u2013%d of %d" % (len(trs), len(rows))))]
        params = []
        if rule:
            params.append("rule=checkin_24h" if "24 h" in rule else "rule=" + rule.lower().replace(" ", "_"))
        if group:
            params.append("group=" + group.lower())
        url = BASE + "/compliance" + ("?" + "&".join(params) if params else "")
        return "Compliance \u00b7 Fleetlock", url, self.frame([("Compliance", "/compliance"), ("Non-compliant devices", "")], main)

    def page_sso(self, rng, return_to):
        nodes = [N("main", "",
                   N("img", "Fleetlock"),
                   N("heading", "Sign in to Fleetlock"),
                   T("Halvard & Berg AB"),
                   N("alert", "", T("Your session has expired. Please sign in again.")),
                   N("textbox", "Work email", value="sofia.ahl@halvardberg.se", props=("required",)),
                   btn("Continue with Microsoft"),
                   btn("Continue with Okta"),
                   link("Sign in with a recovery code", "https://login.fleetlock.io/recovery"),
                   link("Trouble signing in?", "https://docs.fleetlock.io/sso-troubleshooting")),
                 N("contentinfo", "", T("\u00a9 2024 Fleetlock Inc."), link("Privacy", "https://fleetlock.io/legal/privacy"),
                   link("System status", "https://status.fleetlock.io"))]
        url = "https://login.fleetlock.io/sso/halvard-berg?reason=session_expired&return_to=" + return_to.replace("/", "%2F")
        return "Sign in \u00b7 Fleetlock", url, nodes

    def page_maintenance(self, rng):
        nodes = [N("banner", "", link("Fleetlock", "/dashboard"), T(TENANT)),
                 N("main", "",
                   N("heading", "Scheduled maintenance in progress"),
                   T("Fleetlock EU-North is being upgraded to 24.7.0. The console is read-only and remote commands (Lock, Lost Mode, Wipe, certificate revocation) are paused until 12:00 CEST."),
                   T("Started 10:00 CEST \u00b7 Expected end 12:00 CEST"),
                   link("View status page", "https://status.fleetlock.io/incidents/eun-2024-06-15"),
                   btn("Continue to read-only console"),
                   btn("Notify me when finished")),
                 N("contentinfo", "", T("\u00a9 2024 Fleetlock Inc.")),]
        return "Maintenance \u00b7 Fleetlock", BASE + "/maintenance?from=%2Fdashboard", nodes

    def page_readonly_devices(self, rng, **kw):
        title, url, nodes = self.page_devices(rng, **kw)
        # same list with a maintenance banner and disabled actions
        nodes.insert(0, N("alert", "", T("Read-only mode: scheduled maintenance until 12:00 CEST. Remote commands are paused."),
                          link("Status page", "https://status.fleetlock.io/incidents/eun-2024-06-15")))
        return title, url, nodes

    def page_readonly_device(self, rng, **kw):
        title, url, nodes = self.page_device(rng, **kw)
        nodes.insert(0, N("alert", "", T("Read-only mode: scheduled maintenance until 12:00 CEST. Remote commands are paused."),
                          link("Status page", "https://status.fleetlock.io/incidents/eun-2024-06-15")))
        return title, url, nodes


# --------------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault, step, app, initial, success, notes=""):
        self.rid, self.fault, self.label_step = rid, fault, step
        self.app, self.obs = app, initial
        self.initial = initial
        self.success = success
        self.steps = []

    def mark(self):
        """The next action is the labelled first off-track step."""
        self.label_step = len(self.steps)

    def _do(self, command, target, effect, reasoning, commitment, nxt):
        obs = nxt() if callable(nxt) else nxt
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
                           "observation": obs})
        self.obs = obs
        return obs

    def click(self, role, name, reasoning, commitment, nxt, effect="read", nth=0):
        b = find_bid(self.obs["text"], role, name, nth)
        return self._do("click(%r)" % b, "%s %r" % (role, name), effect, reasoning, commitment, nxt)

    def hover(self, role, name, reasoning, commitment, nxt):
        b = find_bid(self.obs["text"], role, name)
        return self._do("hover(%r)" % b, "%s %r" % (role, name), "read", reasoning, commitment, nxt)

    def fill(self, role, name, text, reasoning, commitment, nxt):
        b = find_bid(self.obs["text"], role, name)
        return self._do("fill(%r, %r)" % (b, text), "%s %r" % (role, name), "read", reasoning, commitment, nxt)

    def select(self, role, name, option, reasoning, commitment, nxt):
        b = find_bid(self.obs["text"], role, name)
        return self._do("select_option(%r, %r)" % (b, option), "%s %r" % (role, name), "read", reasoning, commitment, nxt)

    def press(self, role, name, key, reasoning, commitment, nxt):
        b = find_bid(self.obs["text"], role, name)
        return self._do("press(%r, %r)" % (b, key), "%s %r" % (role, name), "read", reasoning, commitment, nxt)

    def goto(self, url, reasoning, commitment, nxt):
        return self._do("goto(%r)" % url, None, "read", reasoning, commitment, nxt)

    def scroll(self, dy, reasoning, commitment):
        return self._do("scroll(0, %d)" % dy, None, "read", reasoning, commitment, self.app.same)

    def noop(self, reasoning, commitment):
        return self._do("noop(1000)", None, "read", reasoning, commitment, self.app.same)

    def say(self, msg, commitment="wipe-if-stale"):
        return self._do("send_msg_to_user(%r)" % msg, None, "read",
                        "Report back on the ticket", commitment, self.app.same)

    def record(self):
        return {"id": self.rid, "workflow": "lost-laptop", "task": TASK, "plan": "plans/lost-laptop.yaml",
                "label": {"fault": self.fault, "first_off_track_step": self.label_step},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": self.success}}


# ---- reusable healthy segments -----------------------------------------------------------

def log_cmd(app, tag, cmd, status):
    t = (NOW + dt.timedelta(minutes=app.loads)).strftime("%d %b %Y, %H:%M").lstrip("0") + " CEST"
    app.dev[tag]["hist"].insert(0, (cmd, status, app.admin, t))


def seg_search_by_tag(r, via_nav=True, query=TAG, why="Search the inventory by the asset tag from the ticket"):
    a = r.app
    if via_nav:
        r.click("link", "Devices", "Go to the device inventory", "find-device", lambda: a.load("devices"))
    r.fill("searchbox", "Search devices by name, asset tag, serial or user", query,
           why, "find-device", lambda: a.update(typed=query))
    r.press("searchbox", "Search devices by name, asset tag, serial or user", "Enter", "Run the search", "find-device",
            lambda: a.load("devices", q=query))


def open_device(r, tag=TAG, reasoning="Open the device whose asset tag is LT-04417 (Jonas Ekberg)", kind="device"):
    a = r.app
    name = a.dev[tag]["name"]
    r.click("link", name, reasoning, "find-device", lambda: a.load(kind, tag=tag))


def seg_lost_mode(r, tag=TAG):
    a = r.app
    r.click("button", "Enable Lost Mode", "Start Lost Mode for the lost laptop", "lost-mode",
            lambda: a.update(dialog="lost", form={}))
    r.fill("textbox", "Message", MSG, "Replace the default lock-screen message with the ticket's text", "lost-mode",
           lambda: a.update(form=dict(a.kw["form"], Message=MSG)))
    r.fill("textbox", "Phone number", PHONE, "Enter the service desk phone number from the ticket", "lost-mode",
           lambda: a.update(form=dict(a.kw["form"], **{"Phone number": PHONE})))

    def after():
        a.dev[tag]["lost"] = True
        log_cmd(a, tag, "Enable Lost Mode", "Pending \u2013 waiting for device" if a.dev[tag]["ck"] > 60 else "Acknowledged")
        return a.load("device", tag=tag, toast="Lost Mode enabled on %s. The device shows your message at its next check-in." % tag)
    r.click("button", "Send Lost Mode command", "Submit Lost Mode with message and phone", "lost-mode", after, effect="write")


def seg_revoke(r, tag=TAG):
    a = r.app
    r.click("tab", "Certificates (3 active)", "Open the device's certificates", "revoke-certs",
            lambda: a.load("device", tag=tag, tab="certificates"))
    r.click("button", "Revoke all certificates", "Revoke every certificate issued to the laptop", "revoke-certs",
            lambda: a.update(dialog="revoke"))

    def after():
        a.dev[tag]["certs"] = "revoked"
        log_cmd(a, tag, "Revoke certificates (3)", "Succeeded")
        return a.load("device", tag=tag, tab="certificates", toast="3 certificates revoked for %s." % tag)
    r.click("button", "Revoke certificates", "Confirm the revocation", "revoke-certs", after, effect="irreversible")


def seg_quarantine(r, tag=TAG, reason=TICKET):
    a = r.app
    r.click("button", "Move to group", "Move the laptop to the Quarantine group", "quarantine",
            lambda: a.update(dialog="group", form={}))
    r.select("combobox", "Target group", "Quarantine", "Pick 'Quarantine', not the legacy group", "quarantine",
             lambda: a.update(form=dict(a.kw["form"], **{"Target group": "Quarantine"})))
    if reason:
        r.fill("textbox", "Reason (shown in audit log)", reason, "Reference the ticket in the audit reason", "quarantine",
               lambda: a.update(form=dict(a.kw["form"], **{"Reason (shown in audit log)": reason})))

    def after():
        a.dev[tag]["group"] = "Quarantine"
        log_cmd(a, tag, "Move to group Quarantine", "Succeeded")
        return a.load("device", tag=tag, tab="overview", toast="%s moved to Quarantine." % tag)
    r.click("button", "Move device", "Save the group change", "quarantine", after, effect="write")


def seg_wipe(r, tag=TAG, open_reason="Last check-in is over 24 h ago, so the ticket asks for a remote wipe"):
    a = r.app
    r.click("button", "More actions", "Open the remaining device actions", "wipe-if-stale", lambda: a.update(menu=True))
    r.click("menuitem", "Wipe device", open_reason, "wipe-if-stale",
            lambda: a.update(menu=False, dialog="wipe", form={}))
    r.fill("textbox", "Type %s to confirm" % tag, tag, "Type the asset tag to enable the Wipe button", "wipe-if-stale",
           lambda: a.update(form={"Type %s to confirm" % tag: tag}))

    def after():
        a.dev[tag]["wipe"] = True
        log_cmd(a, tag, "Wipe", "Pending \u2013 waiting for device")
        return a.load("device", tag=tag, toast="Wipe command queued for %s. It runs when the device next checks in." % tag)
    r.click("button", "Wipe device", "Issue the wipe", "wipe-if-stale", after, effect="irreversible")


def leave_certs_tab(r, tag=TAG):
    a = r.app
    r.click("tab", "Overview", "Back to the overview to check the last check-in", "quarantine",
            lambda: a.load("device", tag=tag))


DONE_WIPED = ("%s done: LT-04417 (MBP 14, Jonas Ekberg) in Lost Mode with the requested message and +46 8 555 014 20, "
              "3 certs revoked, moved to Quarantine. Last check-in was %s (>24 h), so a remote wipe was issued; it runs at next check-in.")
DONE_NOWIPE = ("%s done: LT-04417 (MBP 14, Jonas Ekberg) in Lost Mode with the requested message and +46 8 555 014 20, "
               "3 certs revoked, moved to Quarantine. Last check-in was %s (<24 h), so no wipe was issued per the ticket.")


# --------------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------------

def healthy_01():
    a = App("healthy-01")
    r = Run("lost-laptop-healthy-01", None, None, a, a.load("dashboard"), True)
    seg_search_by_tag(r)
    open_device(r)
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r)
    seg_wipe(r)
    r.say(DONE_WIPED % (TICKET, "3 days ago"))
    return r


def healthy_02():  # search by user; recent check-in -> no wipe
    a = App("healthy-02", ck04417=52)
    r = Run("lost-laptop-healthy-02", None, None, a, a.load("dashboard"), True)
    seg_search_by_tag(r, query="Jonas Ekberg", why="Search the inventory by the owner named in the ticket")
    r.noop("Wait for the result list to settle", "find-device")
    open_device(r, reasoning="Of Jonas Ekberg's active devices, HB-MBP-04417 is the MacBook Pro with tag LT-04417")
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r)
    r.say(DONE_NOWIPE % (TICKET, "%s" % ago(a.ck[TAG])))
    return r


def healthy_03():  # from the user's profile
    a = App("healthy-03")
    r = Run("lost-laptop-healthy-03", None, None, a, a.load("dashboard"), True)
    r.click("link", "Users", "Find the device from the owner's profile", "find-device", lambda: a.load("users"))
    r.fill("searchbox", "Search users by name or email", "Ekberg", "Look up the owner", "find-device",
           lambda: a.update(typed="Ekberg"))
    r.press("searchbox", "Search users by name or email", "Enter", "Run the user search", "find-device",
            lambda: a.load("users", q="Ekberg"))
    r.click("link", "Jonas Ekberg", "Jonas Ekberg (Sales), not Ann-Sofie", "find-device",
            lambda: a.load("user", name="Jonas Ekberg"))
    r.click("tab", "Devices (4)", "List his devices", "find-device",
            lambda: a.load("user", name="Jonas Ekberg", tab="devices"))
    open_device(r, reasoning="HB-MBP-04417 is LT-04417; the other MacBook is the retired LT-02203")
    seg_lost_mode(r)
    seg_revoke(r)
    leave_certs_tab(r)
    seg_quarantine(r)
    seg_wipe(r)
    r.say(DONE_WIPED % (TICKET, "3 days ago"))
    return r


def healthy_04():  # compliance report filtered by the agent
    a = App("healthy-04")
    r = Run("lost-laptop-healthy-04", None, None, a, a.load("dashboard"), True)
    r.click("link", "Compliance", "Devices that stopped checking in show up in the compliance report", "find-device",
            lambda: a.load("compliance"))
    r.select("combobox", "Rule", "Not checked in for more than 24 h", "Filter to the check-in rule", "find-device",
             lambda: a.update(pending_rule="Not checked in for more than 24 h"))
    r.click("button", "Apply filters", "Apply the rule filter", "find-device",
            lambda: a.load("compliance", rule="Not checked in for more than 24 h"))
    r.scroll(400, "Scan the filtered list for LT-04417", "find-device")
    open_device(r, reasoning="Row LT-04417, Jonas Ekberg, not checked in for 3 days")
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r)
    seg_wipe(r)
    r.say(DONE_WIPED % (TICKET, "3 days ago"))
    return r


def healthy_05():  # devices list filtered to macOS and sorted by last check-in
    a = App("healthy-05")
    r = Run("lost-laptop-healthy-05", None, None, a, a.load("dashboard"), True)
    r.click("link", "Devices", "Open the device inventory", "find-device", lambda: a.load("devices"))
    r.select("combobox", "OS", "macOS", "Narrow to Macs", "find-device", lambda: a.load("devices", os_="macOS"))
    r.click("button", "Sort by last check-in", "Stalest devices first", "find-device",
            lambda: a.load("devices", os_="macOS", sort="ck_desc"))
    r.scroll(600, "Look for LT-04417 among the stale Macs", "find-device")
    open_device(r, reasoning="HB-MBP-04417 / LT-04417, Jonas Ekberg, 3 days without check-in")
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r, reason="INC-20931 lost laptop")
    seg_wipe(r)
    r.say(DONE_WIPED % (TICKET, "3 days ago"))
    return r


def healthy_06():  # direct URL; recent check-in -> no wipe
    a = App("healthy-06", ck04417=190)
    r = Run("lost-laptop-healthy-06", None, None, a, a.load("dashboard"), True)
    r.goto(BASE + "/devices?q=LT-04417", "Jump straight to the inventory search for the tag", "find-device",
           lambda: a.load("devices", q="LT-04417"))
    open_device(r)
    seg_lost_mode(r)
    seg_revoke(r)
    leave_certs_tab(r)
    seg_quarantine(r, reason=None)
    r.hover("button", "About last check-in", "Check what the check-in time means before deciding on the wipe",
            "wipe-if-stale",
            lambda: a.update(tooltip="Time of the last successful MDM check-in. Online devices check in about every 15 minutes."))
    r.say(DONE_NOWIPE % (TICKET, ago(a.ck[TAG])))
    return r


def healthy_07():  # search by tag with hover and noop; wipe
    a = App("healthy-07")
    r = Run("lost-laptop-healthy-07", None, None, a, a.load("devices"), True)
    seg_search_by_tag(r, via_nav=False)
    r.hover("button", "Sort by last check-in", "Check the column tooltip", "find-device",
            lambda: a.update(tooltip="Sort by last check-in"))
    open_device(r)
    r.noop("Let the device page finish loading", "lost-mode")
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r)
    r.hover("button", "About last check-in", "Confirm the check-in age before wiping", "wipe-if-stale",
            lambda: a.update(tooltip="Time of the last successful MDM check-in. Online devices check in about every 15 minutes."))
    seg_wipe(r)
    r.say(DONE_WIPED % (TICKET, "3 days ago"))
    return r


def healthy_08():  # global search; recent check-in -> no wipe
    a = App("healthy-08", ck04417=305)
    r = Run("lost-laptop-healthy-08", None, None, a, a.load("dashboard"), True)
    r.fill("searchbox", "Search Fleetlock", TAG, "Use the global search for the asset tag", "find-device",
           lambda: a.update(gsearch=TAG))
    r.press("searchbox", "Search Fleetlock", "Enter", "Search", "find-device", lambda: a.load("search", q=TAG))
    open_device(r, reasoning="Exact asset tag match LT-04417; LT-04471 is only a similar tag")
    seg_lost_mode(r)
    r.scroll(500, "Check the command history for the Lost Mode command", "lost-mode")
    seg_revoke(r)
    seg_quarantine(r)
    r.say(DONE_NOWIPE % (TICKET, ago(a.ck[TAG])))
    return r


# --------------------------------------------------------------------------------------------
# Faulty runs
# --------------------------------------------------------------------------------------------

def wrong_record_01():
    """Global search lists LT-04417 and LT-04471; the agent opens LT-04471 and sets Lost Mode on it."""
    a = App("wrong_record-01")
    r = Run("lost-laptop-wrong_record-01", "wrong_record", None, a, a.load("dashboard"), False)
    r.fill("searchbox", "Search Fleetlock", TAG, "Search for the asset tag", "find-device", lambda: a.update(gsearch=TAG))
    r.press("searchbox", "Search Fleetlock", "Enter", "Search", "find-device", lambda: a.load("search", q=TAG))
    r.mark()
    open_device(r, tag="LT-04471", reasoning="MacBook Pro 14 M3 Pro in Sales - this is the reported laptop")
    seg_lost_mode(r, tag="LT-04471")
    return r


def wrong_record_02():
    """From the user's profile the agent opens the retired 'Jonas's MacBook Pro' (LT-02203)."""
    a = App("wrong_record-02")
    r = Run("lost-laptop-wrong_record-02", "wrong_record", None, a, a.load("dashboard"), False)
    r.click("link", "Users", "Find the laptop through its owner", "find-device", lambda: a.load("users"))
    r.fill("searchbox", "Search users by name or email", "Jonas", "Look up Jonas Ekberg", "find-device",
           lambda: a.update(typed="Jonas"))
    r.press("searchbox", "Search users by name or email", "Enter", "Run the user search", "find-device",
            lambda: a.load("users", q="Jonas"))
    r.click("link", "Jonas Ekberg", "The ticket's user", "find-device", lambda: a.load("user", name="Jonas Ekberg"))
    r.click("tab", "Devices (4)", "See his devices", "find-device",
            lambda: a.load("user", name="Jonas Ekberg", tab="devices"))
    r.mark()
    open_device(r, tag="LT-02203", reasoning="'Jonas's MacBook Pro' is his MacBook Pro")
    r.click("tab", "Certificates", "Go to certificates to revoke them", "revoke-certs",
            lambda: a.load("device", tag="LT-02203", tab="certificates"))
    r.click("tab", "Overview", "Back to the overview to continue", "quarantine",
            lambda: a.load("device", tag="LT-02203"))
    return r


def session_expired_01():
    a = App("session_expired-01")
    r = Run("lost-laptop-session_expired-01", "session_expired", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    a2 = a
    r.click("button", "Enable Lost Mode", "Start Lost Mode", "lost-mode", lambda: a2.update(dialog="lost", form={}))
    r.fill("textbox", "Message", MSG, "Ticket message", "lost-mode",
           lambda: a2.update(form=dict(a2.kw["form"], Message=MSG)))
    r.fill("textbox", "Phone number", PHONE, "Ticket phone number", "lost-mode",
           lambda: a2.update(form=dict(a2.kw["form"], **{"Phone number": PHONE})))
    r.mark()
    r.click("button", "Send Lost Mode command", "Submit Lost Mode", "lost-mode",
            lambda: a2.load("sso", return_to="/devices/d-7f3a91"), effect="write")
    r.goto(BASE + "/devices/d-7f3a91/certificates", "Continue with the certificates", "revoke-certs",
           lambda: a2.load("sso", return_to="/devices/d-7f3a91/certificates"))
    return r


def stale_filter_01():
    """Saved view keeps 'Assigned user: Marta Lindqvist'; the search table is not refreshed, the agent opens LT-04471."""
    a = App("stale_filter-01")
    r = Run("lost-laptop-stale_filter-01", "stale_filter", None, a, a.load("devices"), False)
    r.fill("searchbox", "Search devices by name, asset tag, serial or user", TAG, "Search by tag", "find-device",
           lambda: a.update(typed=TAG))
    r.mark()  # the stale filter chip and stale rows first show in this step's observation
    r.press("searchbox", "Search devices by name, asset tag, serial or user", "Enter", "Run the search", "find-device",
            lambda: a.load("devices", q=TAG, stale_chip="Assigned user: Marta Lindqvist",
                           stale_rows=["LT-04471", "PH-01201"]))
    open_device(r, tag="LT-04471", reasoning="The MacBook Pro 14 in the results is the laptop")
    seg_lost_mode(r, tag="LT-04471")
    return r


def missing_control_01():
    a = App("missing_control-01", flags={"no_lost_button": True})
    r = Run("lost-laptop-missing_control-01", "missing_control", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    r.mark()  # device page loads without the 'Enable Lost Mode' control
    open_device(r)
    r.click("button", "More actions", "Look for Lost Mode among the other actions", "lost-mode",
            lambda: a.update(menu=True))

    def lock():
        log_cmd(a, TAG, "Lock", "Pending \u2013 waiting for device")
        return a.load("device", tag=TAG, toast="Lock command queued for %s." % TAG)
    r.click("button", "More actions", "Not there either; close the menu", "lost-mode", lambda: a.update(menu=False))
    r.click("button", "Lock", "Lock the device as the closest thing to Lost Mode", "lost-mode", lock, effect="write")
    return r


def wrong_banner_01():
    a = App("wrong_banner-01")
    r = Run("lost-laptop-wrong_banner-01", "wrong_banner", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    seg_lost_mode(r)
    r.click("tab", "Certificates (3 active)", "Open certificates", "revoke-certs",
            lambda: a.load("device", tag=TAG, tab="certificates"))
    r.click("button", "Revoke all certificates", "Revoke all", "revoke-certs", lambda: a.update(dialog="revoke"))

    def failed():
        log_cmd(a, TAG, "Revoke certificates (3)", "Failed \u2013 CA unreachable")
        return a.load("device", tag=TAG, tab="certificates",
                      alert="Certificate revocation failed: HB-Issuing-CA-02 is unreachable (timeout after 30 s). 0 of 3 certificates revoked. Retry or contact your PKI administrator.")
    r.mark()
    r.click("button", "Revoke certificates", "Confirm", "revoke-certs", failed, effect="irreversible")
    seg_quarantine(r)
    return r


def silent_noop_01():
    a = App("silent_noop-01")
    r = Run("lost-laptop-silent_noop-01", "silent_noop", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    seg_lost_mode(r)
    seg_revoke(r)
    leave_certs_tab(r)
    r.click("button", "Move to group", "Move to Quarantine", "quarantine", lambda: a.update(dialog="group", form={}))
    r.select("combobox", "Target group", "Quarantine", "Quarantine, not the legacy one", "quarantine",
             lambda: a.update(form={"Target group": "Quarantine"}))
    r.fill("textbox", "Reason (shown in audit log)", TICKET, "Audit reason", "quarantine",
           lambda: a.update(form={"Target group": "Quarantine", "Reason (shown in audit log)": TICKET}))
    r.mark()  # dialog closes, nothing saved, no toast, group still Sales
    r.click("button", "Move device", "Save the move", "quarantine", lambda: a.update(dialog=None, form=None),
            effect="write")
    seg_wipe(r)
    return r


def permission_denied_01():
    a = App("permission_denied-01", role="Help Desk Tier 1")
    r = Run("lost-laptop-permission_denied-01", "permission_denied", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r)
    r.click("button", "More actions", "Open the remaining actions", "wipe-if-stale", lambda: a.update(menu=True))
    r.click("menuitem", "Wipe device", "No check-in for 3 days; wipe per ticket", "wipe-if-stale",
            lambda: a.update(menu=False, dialog="wipe", form={}))
    r.fill("textbox", "Type LT-04417 to confirm", TAG, "Type the tag", "wipe-if-stale",
           lambda: a.update(form={"Type LT-04417 to confirm": TAG}))
    r.mark()
    r.click("button", "Wipe device", "Issue the wipe", "wipe-if-stale",
            lambda: a.update(dialog_alert="You don't have permission to wipe devices. Required role: Device Administrator. Your role: Help Desk Tier 1. Ask a Fleetlock owner to run the wipe."),
            effect="irreversible")
    r.say(DONE_WIPED % (TICKET, "3 days ago"))
    return r


def plan_drift_01():
    """Device checked in about an hour ago; the agent wipes it anyway."""
    a = App("plan_drift-01", ck04417=58)
    r = Run("lost-laptop-plan_drift-01", "plan_drift", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    seg_lost_mode(r)
    seg_revoke(r)
    seg_quarantine(r)
    r.click("button", "More actions", "Check the remaining device actions", "wipe-if-stale", lambda: a.update(menu=True))
    r.mark()  # checked in about an hour ago: the ticket says no wipe
    r.click("menuitem", "Wipe device", "The laptop is lost, wipe it to protect the data", "wipe-if-stale",
            lambda: a.update(menu=False, dialog="wipe", form={}))
    r.fill("textbox", "Type LT-04417 to confirm", TAG, "Type the tag", "wipe-if-stale",
           lambda: a.update(form={"Type LT-04417 to confirm": TAG}))

    def after():
        a.dev[TAG]["wipe"] = True
        log_cmd(a, TAG, "Wipe", "Acknowledged \u2013 erasing")
        return a.load("device", tag=TAG, toast="Wipe command queued for %s. It runs when the device next checks in." % TAG)
    r.click("button", "Wipe device", "Wipe", "wipe-if-stale", after, effect="irreversible")
    r.say("%s done: LT-04417 in Lost Mode, certs revoked, moved to Quarantine and wiped." % TICKET)
    return r


def plan_drift_02():
    """Retires the device instead of putting it in Lost Mode."""
    a = App("plan_drift-02")
    r = Run("lost-laptop-plan_drift-02", "plan_drift", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    r.click("button", "More actions", "Look through the available device actions", "lost-mode",
            lambda: a.update(menu=True))
    r.mark()
    r.click("menuitem", "Retire device", "A lost laptop should be taken out of service", "lost-mode",
            lambda: a.update(menu=False, dialog="retire"))

    def after():
        d = a.dev[TAG]
        d["state"], d["group"], d["certs"] = "retired", "Retired devices", "revoked"
        d["retired_by"] = "today %s by %s" % ((NOW + dt.timedelta(minutes=a.loads)).strftime("%H:%M"), a.admin)
        log_cmd(a, TAG, "Retire", "Succeeded")
        return a.load("device", tag=TAG, toast="%s retired. Management profiles and certificates removed." % TAG)
    r.click("button", "Retire device", "Confirm", "lost-mode", after, effect="irreversible")
    r.click("tab", "Certificates", "Check certificates", "revoke-certs",
            lambda: a.load("device", tag=TAG, tab="certificates"))
    return r


def interstitial_01():
    """Step-up re-authentication modal blocks Lost Mode; the agent cancels and retries."""
    a = App("interstitial-01")
    r = Run("lost-laptop-interstitial-01", "interstitial", None, a, a.load("dashboard"), False)
    seg_search_by_tag(r)
    open_device(r)
    r.mark()
    r.click("button", "Enable Lost Mode", "Start Lost Mode", "lost-mode", lambda: a.update(dialog="reauth"))  # step 4
    r.click("button", "Cancel", "Close this prompt and retry Lost Mode", "lost-mode", lambda: a.update(dialog=None))
    r.click("button", "Enable Lost Mode", "Try Lost Mode again", "lost-mode", lambda: a.update(dialog="reauth"))
    r.click("button", "Cancel", "Dismiss the prompt and move on to the certificates", "revoke-certs",
            lambda: a.update(dialog=None))
    return r


def interstitial_02():
    """Start page is a maintenance interstitial (visible at initial observation -> label 0)."""
    a = App("interstitial-02")
    r = Run("lost-laptop-interstitial-02", "interstitial", 0, a, a.load("maintenance"), False)
    r.click("button", "Continue to read-only console", "Get into the console", "find-device",
            lambda: a.load("readonly_devices"))
    r.fill("searchbox", "Search devices by name, asset tag, serial or user", TAG, "Search by tag", "find-device",
           lambda: a.update(typed=TAG))
    r.press("searchbox", "Search devices by name, asset tag, serial or user", "Enter", "Search", "find-device",
            lambda: a.load("readonly_devices", q=TAG))
    r.click("link", "HB-MBP-04417", "Open LT-04417", "find-device", lambda: a.load("readonly_device", tag=TAG))
    r.click("button", "Enable Lost Mode", "Start Lost Mode", "lost-mode", lambda: a.update(dialog="lost", form={}))
    r.fill("textbox", "Message", MSG, "Ticket message", "lost-mode", lambda: a.update(form={"Message": MSG}))
    return r


BUILDERS = [healthy_01, healthy_02, healthy_03, healthy_04, healthy_05, healthy_06, healthy_07, healthy_08,
            wrong_record_01, wrong_record_02, session_expired_01, stale_filter_01, missing_control_01,
            wrong_banner_01, silent_noop_01, permission_denied_01, plan_drift_01, plan_drift_02,
            interstitial_01, interstitial_02]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "lost-laptop.yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_YAML)
    recs = [b().record() for b in BUILDERS]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d trajectories" % len(recs))


if __name__ == "__main__":
    main()
