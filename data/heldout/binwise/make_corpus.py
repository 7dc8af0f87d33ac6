#!/usr/bin/env python3
"""Deterministic generator for the Binwise WMS held-out corpus (stdlib only).

Writes corpus.jsonl and plans/{stock-transfer,po-receive}.yaml next to this file.
Pages are built as node trees and serialised in BrowserGym's flattened AXTree style.
"""
import datetime
import json
import os
import random
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from plans_src import STOCK_TRANSFER, PO_RECEIVE  # noqa: E402

BASE = "https://atl2.binwise.app"
BUILD = "Binwise WMS 6.14.2 (build 6142.311)"


# --------------------------------------------------------------------------------------
# Node model and serialiser
# --------------------------------------------------------------------------------------
class Node:
    __slots__ = ("role", "name", "value", "props", "children", "key")

    def __init__(self, role, name, children, value, key, props):
        self.role, self.name, self.value = role, name, value
        self.props, self.children, self.key = props, children, key


def _flat(items):
    out = []
    for it in items:
        if it is None:
            continue
        if isinstance(it, (list, tuple)):
            out.extend(_flat(it))
        else:
            out.append(it)
    return out


def N(role, name="", *children, value=None, key=None, **props):
    if props.get("disabled") is False:
        del props["disabled"]
    return Node(role, name, _flat(children), value, key, props)


def T(text):
    return Node("StaticText", text, [], None, None, {})


BARE_PROPS = ("focused", "required", "multiline", "modal")


def _prop(k, v):
    if k in BARE_PROPS:
        return k if v else None
    return "%s=%r" % (k, v)


def render(title, url, body, seed):
    rng = random.Random(seed)
    lines = ["RootWebArea %r, focused, url=%r" % (title, url)]
    keys = {}
    counter = [rng.randint(9, 24)]

    def walk(n, depth):
        ind = "\t" * depth
        if n.role == "StaticText":
            if n.name:
                lines.append("%sStaticText %r" % (ind, n.name))
            return
        counter[0] += rng.choice((1, 1, 1, 2, 2, 3, 5))
        bid = str(counter[0])
        s = "%s[%s] %s %r" % (ind, bid, n.role, n.name)
        if n.value is not None:
            s += " value=%r" % (n.value,)
        for k, v in n.props.items():
            p = _prop(k, v)
            if p:
                s += ", " + p
        lines.append(s)
        if n.key:
            if n.key in keys:
                raise ValueError("duplicate key %s on %s" % (n.key, url))
            keys[n.key] = (bid, n.role, n.name)
        for c in n.children:
            walk(c, depth + 1)

    for c in _flat(body):
        walk(c, 1)
    return "\n".join(lines), keys


class Page:
    def __init__(self, url, title, body, error=None):
        self.url, self.title, self.body, self.error = url, title, body, error


# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------
SKUS = [
    # code, description, category, upc, on hand, status
    ("38-5500-A", "Safety glasses, clear (12 pk)", "PPE", "084711385004", 212, "Active"),
    ("38-5510-B", "Work gloves, nitrile dip, L (12 pr)", "PPE", "084711385103", 96, "Active"),
    ("40-1178-B", "Cordless drill 12V kit", "Power tools", "084711411780", 41, "Active"),
    ("40-1187-B", "Cordless drill 18V kit", "Power tools", "084711411872", 54, "Active"),
    ("40-1187-P", "Cordless drill 18V kit + 29 pc bit set (promo)", "Power tools", "084711411896", 0, "Inactive"),
    ("40-1187-R", "Cordless drill 18V (bare tool)", "Power tools", "084711411889", 30, "Active"),
    ("40-1190-B", "Impact driver 18V kit", "Power tools", "084711411902", 27, "Active"),
    ("40-1190-R", "Impact driver 18V (bare tool)", "Power tools", "084711411919", 18, "Active"),
    ("40-1201-B", "Hammer drill 18V kit", "Power tools", "084711412015", 12, "Active"),
    ("40-2210-A", "Drill bit set 29 pc HSS", "Accessories", "084711422106", 188, "Active"),
    ("40-2210-C", "Drill bit set 29 pc cobalt", "Accessories", "084711422120", 64, "Active"),
    ("40-2244-A", "Driver bit set 45 pc", "Accessories", "084711422441", 140, "Active"),
    ("41-0032-A", "Battery 18V 5.0Ah", "Batteries", "084711410325", 233, "Active"),
    ("41-0033-A", "Battery 18V 2.0Ah twin pack", "Batteries", "084711410332", 75, "Active"),
    ("41-0090-A", "Charger 18V rapid", "Batteries", "084711410905", 58, "Active"),
    ("55-0102-A", "Stretch wrap 18 in x 1500 ft", "Packaging", "084711551028", 36, "Active"),
    ("55-0140-A", "Carton 18x12x12 double wall (bundle 25)", "Packaging", "084711551400", 120, "Active"),
]
SKU = {s[0]: s for s in SKUS}

STOCK = {
    # bin, type, on hand, allocated, note
    "40-1187-B": [("A-03-2", "Reserve", 36, 0, ""),
                  ("A-03-3", "Reserve", 12, 0, "Shares bin with 40-1187-R"),
                  ("C-11-4", "Pick face", 4, 2, "Min 10 / max 40"),
                  ("Q-01-1", "Quarantine", 2, 0, "Damaged packaging, awaiting RTV")],
    "40-1187-R": [("A-03-3", "Reserve", 24, 0, ""),
                  ("C-11-3", "Pick face", 6, 1, "Min 6 / max 30")],
}

SUPPLIER = "Kestrel Tool Supply"
POS = {
    "PO-77310": {"supplier": SUPPLIER, "status": "Open", "ordered": "2024-05-06", "expected": "2024-05-14",
                 "buyer": "R. Castellano", "terms": "Net 45", "carrier": "Estes Express, PRO 0718-22941",
                 "lines": [(1, "40-1187-B", 60, 0, 89.40), (2, "40-2210-A", 120, 0, 11.25)]},
    "PO-77301": {"supplier": SUPPLIER, "status": "Partially received", "ordered": "2024-05-01",
                 "expected": "2024-05-09", "buyer": "R. Castellano", "terms": "Net 45",
                 "carrier": "Estes Express, PRO 0718-22417",
                 "lines": [(1, "40-1187-R", 48, 36, 61.20), (2, "41-0032-A", 100, 100, 54.80)]},
    "PO-76988": {"supplier": SUPPLIER, "status": "Closed", "ordered": "2024-04-08", "expected": "2024-04-18",
                 "buyer": "R. Castellano", "terms": "Net 45", "carrier": "Estes Express, PRO 0718-20011",
                 "lines": [(1, "40-1187-B", 60, 60, 89.40), (2, "40-2210-A", 100, 100, 11.25)]},
}
PO_ROWS = [
    # po, supplier, status, expected, lines, total
    ("PO-77319", "Harlan Safety Co.", "Open", "2024-05-16", 3, "$2,184.00"),
    ("PO-77316", "Brightline Fasteners", "Open", "2024-05-15", 6, "$3,902.40"),
    ("PO-77310", SUPPLIER, "Open", "2024-05-14", 2, "$6,714.00"),
    ("PO-77307", "Norcross Packaging", "Open", "2024-05-14", 4, "$1,276.50"),
    ("PO-77301", SUPPLIER, "Partially received", "2024-05-09", 2, "$8,417.60"),
    ("PO-77296", "Delmar Electrical", "Partially received", "2024-05-08", 5, "$4,410.00"),
    ("PO-77290", "Brightline Fasteners", "Closed", "2024-05-03", 3, "$988.20"),
    ("PO-77284", "Harlan Safety Co.", "Closed", "2024-05-02", 2, "$1,540.00"),
    ("PO-77130", "Norcross Packaging", "Closed", "2024-04-24", 4, "$1,102.75"),
    ("PO-76988", SUPPLIER, "Closed", "2024-04-18", 2, "$6,489.00"),
    ("PO-76975", "Delmar Electrical", "Closed", "2024-04-17", 7, "$5,233.10"),
    ("PO-76940", "Harlan Safety Co.", "Cancelled", "2024-04-12", 1, "$312.00"),
]

TRANSFERS = [
    # id, status, sku, from, to, qty, by, when
    ("TR-55229", "Draft", "40-2210-A", "D-01-2", "C-09-1", 30, "J. Reyes", "Today 07:41"),
    ("TR-55226", "Posted", "55-0102-A", "E-02-1", "DOCK-2", 6, "M. Okafor", "Today 07:12"),
    ("TR-55222", "Posted", "41-0032-A", "B-07-1", "C-02-2", 40, "M. Okafor", "Today 06:58"),
    ("TR-55215", "Reversed", "38-5500-A", "F-01-4", "C-01-1", 12, "L. Tran", "Yesterday 16:20"),
    ("TR-55211", "Posted", "40-1187-B", "A-03-3", "C-11-4", 8, "L. Tran", "Yesterday 15:03"),
    ("TR-55207", "Draft", "40-1190-B", "A-04-1", "C-12-1", 10, "J. Reyes", "Yesterday 11:47"),
    ("TR-55198", "Posted", "40-1187-R", "A-03-3", "C-11-3", 6, "M. Okafor", "Yesterday 09:30"),
    ("TR-55190", "Posted", "41-0090-A", "B-08-2", "C-03-1", 12, "L. Tran", "May 12 14:11"),
]


def money(x):
    return "${:,.2f}".format(x)


# --------------------------------------------------------------------------------------
# Context (clock, user) and page furniture
# --------------------------------------------------------------------------------------
class Ctx:
    def __init__(self, seed, start, user="Dana Whitfield", role="Inventory lead"):
        self.rng = random.Random(seed)
        self.t = start
        self.user, self.role = user, role
        self.alerts = 6 + seed % 4

    def tick(self):
        self.t += datetime.timedelta(seconds=self.rng.randint(5, 41))
        if self.rng.random() < 0.08:
            self.alerts += 1

    def ts(self):
        return self.t.strftime("%Y-%m-%d %H:%M:%S")

    def hms(self):
        return self.t.strftime("%H:%M:%S")

    def hm(self, minus_min=0):
        return (self.t - datetime.timedelta(minutes=minus_min)).strftime("%H:%M")


NAV = [("Dashboard", "/dashboard"), ("SKUs", "/skus"), ("Bins", "/bins"), ("Stock levels", "/stock"),
       ("Transfers", "/transfers"), ("Cycle counts", "/counts"), ("Purchase orders", "/purchase-orders"),
       ("Receiving", "/receiving"), ("Reports", "/reports"), ("Settings", "/settings")]


def slug(s):
    return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


def shell(ctx, active, crumbs, main, search_value=None, popup=None, overlays=(), toasts=(),
          footer_note=None):
    sb_props = {}
    if popup is not None:
        sb_props = {"focused": True, "expanded": True, "hasPopup": "listbox"}
    banner = N("banner", "",
               N("link", "Binwise home", url=BASE + "/dashboard", key="home"),
               T("Binwise"),
               N("combobox", "Warehouse", N("option", "ATL-1 · Doraville DC"),
                 N("option", "ATL-2 · Fulton DC", selected=True), N("option", "CLT-1 · Charlotte Airport DC"),
                 value="ATL-2 · Fulton DC", key="warehouse", hasPopup="menu", expanded=False),
               N("searchbox", "Search Binwise (SKU, bin, PO, transfer #)", value=search_value or None,
                 key="search", **sb_props),
               popup,
               N("button", "Scan barcode", key="scan"),
               N("link", "Alerts, %d unread" % ctx.alerts, url=BASE + "/alerts", key="alerts"),
               N("button", "Help", hasPopup="menu", expanded=False),
               N("button", "%s, %s" % (ctx.user, ctx.role), key="usermenu", hasPopup="menu", expanded=False))
    nav = N("navigation", "Main",
            [N("link", name, url=BASE + path, key="nav_" + slug(name),
               **({"current": "page"} if name == active else {})) for name, path in NAV])
    bc = N("navigation", "Breadcrumb",
           N("link", "Home", url=BASE + "/dashboard"),
           [N("link", c[0], url=BASE + c[1]) for c in crumbs[:-1]],
           T(crumbs[-1][0]) if crumbs else None)
    foot = N("contentinfo", "",
             T(BUILD),
             T("Server time %s EDT" % ctx.ts()),
             T(footer_note or "ERP sync: last run %s, OK" % ctx.hm(4)),
             N("link", "System status", url="https://status.binwise.app"),
             N("link", "Keyboard shortcuts", url=BASE + "/help/shortcuts"),
             T("© 2024 Binwise, Inc."))
    notes = N("region", "Notifications", *toasts) if toasts else None
    return [banner, nav, bc, N("main", "", *main), notes, foot] + list(overlays)


def sort_header(cols, sorted_by=None, direction="ascending", key_prefix="sort_"):
    cells = []
    for c in cols:
        props = {"sort": direction} if c == sorted_by else {}
        if c:
            cells.append(N("columnheader", c, N("button", "Sort by %s" % c, key=key_prefix + slug(c)), **props))
        else:
            cells.append(N("columnheader", ""))
    return N("row", " ".join(c for c in cols if c), *cells)


def row(cells, key=None, **props):
    names = []
    out = []
    for c in cells:
        if isinstance(c, Node):
            names.append(c.name)
            out.append(c)
        else:
            names.append(str(c))
            out.append(N("cell", str(c)))
    return N("row", " ".join(n for n in names if n), *out, key=key, **props)


def lcell(text, url, key=None):
    return N("cell", text, N("link", text, url=url, key=key))


def status_badge(s):
    return T(s)


# --------------------------------------------------------------------------------------
# Pages: common
# --------------------------------------------------------------------------------------
def activity_panel(ctx):
    return N("region", "Recent activity",
             N("heading", "Recent activity", level=2),
             N("list", "",
               N("listitem", "", T("TR-55198 posted · 40-1187-R Cordless drill 18V (bare tool) · A-03-3 → C-11-3 · 6 ea · M. Okafor")),
               N("listitem", "", T("RCV-30402 posted against PO-77301 (Kestrel Tool Supply) · 36 of 48 ea on line 1 · PO now Partially received")),
               N("listitem", "", T("Cycle count CC-8809 on A-03-3 completed · variance -1 ea (40-1187-R) · approved by D. Whitfield")),
               N("listitem", "", T("PO-76988 (Kestrel Tool Supply) closed · 3-way match OK")),
               N("listitem", "", T("TR-55211 posted · 40-1187-B · A-03-3 → C-11-4 · 8 ea · L. Tran"))),
             N("link", "View all activity", url=BASE + "/activity"))


def shift_notes_panel(ctx):
    return N("region", "Shift notes",
             N("heading", "Shift notes", level=2),
             N("list", "",
               N("listitem", "", T("06:05 J. Reyes: Pallet in A-03-3 failed inspection last week; re-wrapped and released, OK to pick.")),
               N("listitem", "", T("05:50 M. Okafor: Label printer error fixed on Dock 2 (new ribbon).")),
               N("listitem", "", T("Yesterday 22:10 L. Tran: Expired pallets moved to quarantine Q-01; do not allocate.")),
               N("listitem", "", T("Yesterday 18:32 R. Castellano: Kestrel says PO-77310 ships on one truck, 2 pallets."))),
             N("link", "Add a note", url=BASE + "/shift-notes/new"))


def dashboard(ctx, search_value=None, popup=None, overlays=(), toasts=()):
    main = [
        N("heading", "Good morning, %s" % ctx.user.split()[0], level=1),
        T("ATL-2 · Fulton DC · Tuesday, May 14, 2024 · Shift A (06:00–14:30)"),
        N("region", "Today at a glance",
          N("heading", "Today at a glance", level=2),
          N("link", "Open transfers 3", url=BASE + "/transfers?status=draft"),
          N("link", "POs due today 4", url=BASE + "/purchase-orders?due=today"),
          N("link", "Cycle counts in progress 2", url=BASE + "/counts?status=in_progress"),
          N("link", "Pick faces below min 11", url=BASE + "/stock?below_min=1"),
          N("link", "Exceptions 5", url=BASE + "/exceptions")),
        N("region", "Replenishment suggestions",
          N("heading", "Replenishment suggestions", level=2),
          N("table", "Replenishment suggestions",
            sort_header(["SKU", "Description", "Pick face", "On hand", "Min", "Suggested from"], key_prefix="rsort_"),
            row([lcell("40-1187-B", BASE + "/skus/40-1187-B"), "Cordless drill 18V kit", "C-11-4", "4", "10", "A-03-2 (36)"]),
            row([lcell("40-1187-R", BASE + "/skus/40-1187-R"), "Cordless drill 18V (bare tool)", "C-11-3", "6", "6", "A-03-3 (24)"]),
            row([lcell("41-0033-A", BASE + "/skus/41-0033-A"), "Battery 18V 2.0Ah twin pack", "C-02-3", "3", "8", "B-07-2 (40)"]),
            row([lcell("38-5510-B", BASE + "/skus/38-5510-B"), "Work gloves, nitrile dip, L (12 pr)", "C-01-2", "5", "12", "F-01-2 (60)"]))),
        activity_panel(ctx),
        shift_notes_panel(ctx),
    ]
    return Page(BASE + "/dashboard", "Dashboard · Binwise",
                shell(ctx, "Dashboard", [("Dashboard", "/dashboard")], main, search_value, popup, overlays, toasts))


def search_popup(options):
    return N("listbox", "Search suggestions",
             [N("option", text, key=k) for k, text in options])


def sku_search_popup():
    return search_popup([("sugg_B", "40-1187-B · Cordless drill 18V kit · SKU"),
                         ("sugg_R", "40-1187-R · Cordless drill 18V (bare tool) · SKU"),
                         ("sugg_P", "40-1187-P · Cordless drill 18V kit + 29 pc bit set (promo) · SKU"),
                         ("sugg_all", "See all results for “40-1187-B”")])


def po_search_popup():
    return search_popup([("sugg_po", "PO-77310 · Kestrel Tool Supply · Open"),
                         ("sugg_po2", "PO-77301 · Kestrel Tool Supply · Partially received"),
                         ("sugg_all", "See all results for “PO-77310”")])


def scan_dialog(value=None):
    return N("dialog", "Scan barcode",
             N("heading", "Scan barcode", level=2),
             T("Point the scanner at a SKU, bin or PO label, or type the code and press Enter."),
             N("textbox", "Barcode", value=value, key="barcode", focused=True),
             N("button", "Close", key="scan_close"), modal=True)


def search_results_sku(ctx, q):
    main = [
        N("heading", "Results for “%s”" % q, level=1),
        T("7 results in 0.12 s"),
        N("tablist", "Result types",
          N("tab", "All (7)", selected=True), N("tab", "SKUs (3)", selected=False),
          N("tab", "Bins (0)", selected=False), N("tab", "Transfers (3)", selected=False),
          N("tab", "Purchase orders (1)", selected=False)),
        N("heading", "SKUs", level=2),
        N("list", "",
          N("listitem", "", N("link", "40-1187-B Cordless drill 18V kit", url=BASE + "/skus/40-1187-B", key="res_B"),
            T("Power tools · UPC 084711411872 · 54 ea on hand · Active")),
          N("listitem", "", N("link", "40-1187-R Cordless drill 18V (bare tool)", url=BASE + "/skus/40-1187-R", key="res_R"),
            T("Power tools · UPC 084711411889 · 30 ea on hand · Active")),
          N("listitem", "", N("link", "40-1187-P Cordless drill 18V kit + 29 pc bit set (promo)", url=BASE + "/skus/40-1187-P", key="res_P"),
            T("Power tools · 0 ea on hand · Inactive"))),
        N("link", "View stock levels for 40-1187-B", url=BASE + "/stock?sku=40-1187-B", key="res_stock"),
        N("heading", "Transfers", level=2),
        N("list", "",
          N("listitem", "", N("link", "TR-55211", url=BASE + "/transfers/TR-55211"), T("Posted · 40-1187-B · A-03-3 → C-11-4 · 8 ea")),
          N("listitem", "", N("link", "TR-55198", url=BASE + "/transfers/TR-55198"), T("Posted · 40-1187-R · A-03-3 → C-11-3 · 6 ea")),
          N("listitem", "", N("link", "TR-55164", url=BASE + "/transfers/TR-55164"), T("Posted · 40-1187-B · A-03-2 → C-11-4 · 20 ea"))),
        N("heading", "Purchase orders", level=2),
        N("list", "",
          N("listitem", "", N("link", "PO-77310", url=BASE + "/purchase-orders/PO-77310"),
            T("Kestrel Tool Supply · Open · line 1: 40-1187-B × 60"))),
    ]
    return Page(BASE + "/search?q=" + q, "Search: %s · Binwise" % q,
                shell(ctx, None, [("Search", "/search")], main, q))


def search_results_po(ctx, q):
    main = [
        N("heading", "Results for “%s”" % q, level=1),
        T("4 results in 0.09 s"),
        N("tablist", "Result types",
          N("tab", "All (4)", selected=True), N("tab", "Purchase orders (1)", selected=False),
          N("tab", "Receipts (1)", selected=False), N("tab", "Similar (2)", selected=False)),
        N("heading", "Purchase orders", level=2),
        N("list", "",
          N("listitem", "", N("link", "PO-77310 Kestrel Tool Supply", url=BASE + "/purchase-orders/PO-77310", key="res_po"),
            T("Open · expected 2024-05-14 · 2 lines · $6,714.00"))),
        N("heading", "Receipts", level=2),
        N("list", "", N("listitem", "", T("No receipts posted against PO-77310 yet."))),
        N("heading", "Similar numbers", level=2),
        N("list", "",
          N("listitem", "", N("link", "PO-77301 Kestrel Tool Supply", url=BASE + "/purchase-orders/PO-77301", key="res_po_near"),
            T("Partially received · expected 2024-05-09 · $8,417.60")),
          N("listitem", "", N("link", "PO-73710 Delmar Electrical", url=BASE + "/purchase-orders/PO-73710"),
            T("Closed · 2023-11-02 · $2,906.00"))),
    ]
    return Page(BASE + "/search?q=" + q, "Search: %s · Binwise" % q,
                shell(ctx, None, [("Search", "/search")], main, q))


def login_page(ctx, next_path, message):
    body = [
        N("main", "",
          N("img", "Binwise"),
          N("heading", "Sign in to Binwise", level=1),
          N("alert", "", T(message)) if message else None,
          N("textbox", "Work email", key="login_email", focused=True, required=True),
          N("textbox", "Password", key="login_pw", required=True),
          N("checkbox", "Keep me signed in on this device", checked=False),
          N("button", "Sign in", key="login_btn"),
          N("link", "Sign in with Harborline SSO", url="https://sso.harborline.example/saml/binwise"),
          N("link", "Forgot password?", url=BASE + "/account/reset")),
        N("contentinfo", "", T(BUILD), T("Server time %s EDT" % ctx.ts()),
          N("link", "System status", url="https://status.binwise.app")),
    ]
    return Page(BASE + "/login?next=" + next_path, "Sign in · Binwise", body)


def password_page(ctx, next_path):
    body = [
        N("banner", "", N("link", "Binwise home", url=BASE + "/dashboard"), T("Binwise")),
        N("main", "",
          N("heading", "Your password has expired", level=1),
          T("Harborline policy requires a new password every 90 days. Change it to continue to Binwise."),
          N("textbox", "Current password", key="pw_cur", focused=True, required=True),
          N("textbox", "New password", key="pw_new", required=True),
          N("textbox", "Confirm new password", key="pw_conf", required=True),
          N("list", "Password rules",
            N("listitem", "", T("At least 14 characters")),
            N("listitem", "", T("Not one of your last 8 passwords"))),
          N("button", "Change password", key="pw_btn", disabled=True),
          N("link", "Sign out", url=BASE + "/logout")),
        N("contentinfo", "", T(BUILD), T("Server time %s EDT" % ctx.ts())),
    ]
    return Page(BASE + "/account/password-change?next=" + next_path, "Change password · Binwise", body)


# --------------------------------------------------------------------------------------
# Pages: SKUs, stock, transfers
# --------------------------------------------------------------------------------------
def sku_list(ctx, filt=None, sort=("SKU", "ascending"), popup=None):
    rows = list(SKUS)
    if filt:
        words = filt.lower().split()
        rows = [s for s in rows if all(w in (s[0] + " " + s[1]).lower() for w in words)]
    col, direction = sort
    idx = {"SKU": 0, "Description": 1, "On hand": 4}.get(col, 0)
    rows = sorted(rows, key=lambda s: s[idx], reverse=direction == "descending")
    chips = []
    if filt:
        chips.append(N("button", "Remove filter: text contains “%s”" % filt, key="chip_text"))
    main = [
        N("heading", "SKUs", level=1),
        N("textbox", "Filter SKUs by code or description", value=filt or None, key="sku_filter"),
        N("combobox", "Category", N("option", "All categories", selected=True), N("option", "Power tools"),
          N("option", "Accessories"), N("option", "Batteries"), N("option", "PPE"), N("option", "Packaging"),
          value="All categories", hasPopup="menu", expanded=False),
        N("checkbox", "Show inactive", checked=True),
        N("group", "Active filters", *chips) if chips else None,
        N("button", "New SKU"),
        N("button", "Export CSV"),
        N("table", "SKUs",
          sort_header(["SKU", "Description", "Category", "UPC", "On hand", "Status"], col, direction),
          [row([lcell(s[0], BASE + "/skus/" + s[0], key="sku_" + s[0]), s[1], s[2], s[3], str(s[4]), s[5]])
           for s in rows]),
        T("Showing %d of %d SKUs" % (len(rows), 1842 if not filt else len(rows))),
        N("navigation", "Pagination",
          N("button", "Previous page", disabled=True), T("Page 1 of %d" % (93 if not filt else 1)),
          N("button", "Next page", disabled=bool(filt))),
    ]
    url = BASE + "/skus" + ("?q=" + filt.replace(" ", "+") if filt else "")
    if col != "SKU" or direction != "ascending":
        url += ("&" if "?" in url else "?") + "sort=" + slug(col) + ("" if direction == "ascending" else "_desc")
    return Page(url, "SKUs · Binwise", shell(ctx, "SKUs", [("SKUs", "/skus")], main, popup=popup))


def sku_detail(ctx, code, overlays=()):
    s = SKU[code]
    stock = STOCK.get(code, [])
    brows = []
    for b, typ, oh, al, note in stock:
        cells = [lcell(b, BASE + "/bins/" + b), typ, str(oh), str(al), str(oh - al), note or "—"]
        if typ != "Quarantine":
            cells.append(N("cell", "", N("button", "Move from %s" % b, key="move_" + b)))
        else:
            cells.append(N("cell", "", N("button", "Move from %s" % b, disabled=True)))
        brows.append(row(cells))
    similar = [x for x in SKUS if x[0] != code and x[0].startswith("40-11")][:4]
    main = [
        N("heading", "%s %s" % (code, s[1]), level=1),
        T(s[5]),
        N("button", "Transfer stock", key="transfer_stock"),
        N("button", "Start cycle count", key="start_count"),
        N("button", "Print labels"),
        N("button", "More actions", hasPopup="menu", expanded=False),
        N("group", "Details",
          T("Category"), T(s[2]), T("UPC"), T(s[3]), T("Unit of measure"), T("EA"),
          T("Case pack"), T("4"), T("Weight"), T("2.9 kg" if code.endswith("B") else "1.4 kg"),
          T("Preferred supplier"), N("link", SUPPLIER, url=BASE + "/suppliers/SUP-0142"),
          T("Last counted"), T("2024-05-02 (CC-8790)")),
        N("region", "Stock by bin",
          N("heading", "Stock by bin", level=2),
          N("table", "Stock by bin",
            sort_header(["Bin", "Type", "On hand", "Allocated", "Available", "Note", ""], "Bin", key_prefix="bsort_"),
            brows),
          T("Total on hand %d ea · stock as of %s" % (s[4], ctx.hms()))),
        N("region", "Recent movements",
          N("heading", "Recent movements", level=2),
          N("list", "",
            N("listitem", "", T("Yesterday 15:03 · TR-55211 · A-03-3 → C-11-4 · 8 ea · L. Tran") if code == "40-1187-B"
              else T("Yesterday 09:30 · TR-55198 · A-03-3 → C-11-3 · 6 ea · M. Okafor")),
            N("listitem", "", T("May 10 13:44 · RCV-30402 · received 36 ea into DOCK-2 (PO-77301)") if code == "40-1187-R"
              else T("Apr 19 10:02 · RCV-30311 · received 60 ea into DOCK-1 (PO-76988)")),
            N("listitem", "", T("May 02 08:15 · CC-8790 · count confirmed, no variance")))),
        N("region", "Similar items",
          N("heading", "Similar items", level=2),
          N("list", "", [N("listitem", "", N("link", "%s %s" % (x[0], x[1]), url=BASE + "/skus/" + x[0]),
                           T("%d ea on hand" % x[4])) for x in similar])),
        N("region", "Notes",
          N("heading", "Notes", level=2),
          T("Kit boxes look almost identical to the bare tool; check the -B / -R suffix on the label before picking."),
          T("2 ea in Q-01-1 failed inspection (crushed retail box); RTV raised with Kestrel.")),
    ]
    return Page(BASE + "/skus/" + code, "%s %s · SKUs · Binwise" % (code, s[1]),
                shell(ctx, "SKUs", [("SKUs", "/skus"), (code, "/skus/" + code)], main, overlays=overlays))


def stock_levels(ctx, sku, chips):
    """Stock levels list; chips is a list of (label, field, value) filters in force."""
    rows = []
    for code in ("40-1187-B", "40-1187-R"):
        for b, typ, oh, al, note in STOCK[code]:
            rows.append((code, SKU[code][1], b, typ, oh, al))
    rows.append(("40-1178-B", "Cordless drill 12V kit", "A-02-4", "Reserve", 33, 0))
    rows.append(("40-1190-B", "Impact driver 18V kit", "A-04-1", "Reserve", 21, 0))
    for label, field, val in chips:
        if field == "sku":
            rows = [r for r in rows if r[0] == val]
        elif field == "bin":
            rows = [r for r in rows if r[2] == val]
    body_rows = [row([lcell(r[0], BASE + "/skus/" + r[0]), r[1], lcell(r[2], BASE + "/bins/" + r[2]), r[3],
                      str(r[4]), str(r[5]), str(r[4] - r[5]),
                      N("cell", "", N("button", "Transfer from %s" % r[2], key="tf_" + r[0] + "_" + r[2]))])
                 for r in rows]
    main = [
        N("heading", "Stock levels", level=1),
        N("textbox", "Filter by SKU", value=sku, key="stock_sku"),
        N("group", "Active filters",
          [N("button", "Remove filter: %s" % label, key="chip_" + field) for label, field, val in chips],
          N("button", "Clear all filters", key="chip_clear")),
        T("Saved view: My last view (restored %s)" % ctx.hm(0)),
        N("table", "Stock levels",
          sort_header(["SKU", "Description", "Bin", "Bin type", "On hand", "Allocated", "Available", ""], "SKU"),
          body_rows),
        T("%d row%s" % (len(rows), "" if len(rows) == 1 else "s")),
    ]
    q = "&".join("%s=%s" % (f, v) for _, f, v in chips)
    return Page(BASE + "/stock?" + q, "Stock levels · Binwise",
                shell(ctx, "Stock levels", [("Stock levels", "/stock")], main))


def transfers_list(ctx, status_filter=None):
    rows = TRANSFERS
    if status_filter:
        rows = [t for t in rows if t[1] == status_filter]
    main = [
        N("heading", "Transfers", level=1),
        N("button", "New transfer", key="new_transfer"),
        N("group", "Quick filters",
          N("button", "Status: Draft", key="qf_draft", pressed=status_filter == "Draft"),
          N("button", "Status: Posted", key="qf_posted", pressed=False),
          N("button", "Created by me", pressed=False)),
        N("button", "Clear filters", key="clear_filters", disabled=not status_filter),
        N("table", "Transfers",
          sort_header(["Transfer", "Status", "SKU", "From", "To", "Qty", "Created by", "Updated"], "Updated", "descending"),
          [row([lcell(t[0], BASE + "/transfers/" + t[0]), t[1], t[2], t[3], t[4], "%d ea" % t[5], t[6], t[7]])
           for t in rows]),
        T("%d of %d transfers" % (len(rows), 2214 if not status_filter else len(rows))),
        N("navigation", "Pagination", N("button", "Previous page", disabled=True),
          T("Page 1"), N("button", "Next page", disabled=bool(status_filter))),
    ]
    url = BASE + "/transfers" + ("?status=" + status_filter.lower() if status_filter else "")
    return Page(url, "Transfers · Binwise", shell(ctx, "Transfers", [("Transfers", "/transfers")], main))


REASONS = ["Select a reason", "Replenish pick face", "Consolidation", "Putaway correction",
           "Damage / quarantine", "Cycle count follow-up"]


def new_tstate(draft, sku=None, from_bin=None):
    q = ("?sku=" + sku if sku else "") + ("&from=" + from_bin if from_bin else "")
    return {"draft": draft, "sku": sku, "sku_text": sku, "from": from_bin, "to": None, "qty": None,
            "reason": None, "notes": None, "saved": None, "sku_popup": False, "q": q}


def transfer_form(ctx, st, dialog=False, banner=None, no_post=False):
    sku = st["sku"]
    opts = []
    if sku:
        for b, typ, oh, al, note in STOCK[sku]:
            label = "%s · %d available" % (b, oh - al)
            opts.append((b, label, typ == "Quarantine"))
    from_value = None
    if st["from"]:
        from_value = [o[1] for o in opts if o[0] == st["from"]][0]
    from_box = N("combobox", "From bin",
                 N("option", "Select a bin", selected=from_value is None),
                 [N("option", lbl, selected=(lbl == from_value), **({"disabled": True} if dis else {}))
                  for b, lbl, dis in opts],
                 value=from_value or "Select a bin", key="from_bin", hasPopup="menu", expanded=False,
                 **({"disabled": True} if not sku else {}))
    sku_props = {}
    sku_children = []
    if st.get("sku_popup"):
        sku_props = {"expanded": True, "focused": True}
        sku_children = [N("listbox", "SKU suggestions",
                          N("option", "40-1187-B · Cordless drill 18V kit", key="opt_B"),
                          N("option", "40-1187-R · Cordless drill 18V (bare tool)", key="opt_R"),
                          N("option", "40-1187-P · Cordless drill 18V kit + 29 pc bit set (promo) · inactive", key="opt_P"))]
    helper = []
    if sku:
        helper.append(T("%s · %s · EA · %d ea on hand" % (sku, SKU[sku][1], SKU[sku][4])))
    to_info = None
    if st["to"]:
        if st["to"] == "C-11-4":
            to_info = T("C-11-4 · Pick face · Zone C · capacity 40 ea · holds 40-1187-B (4 ea)")
        elif st["to"] == "C-11-3":
            to_info = T("C-11-3 · Pick face · Zone C · capacity 30 ea · holds 40-1187-R (6 ea)")
        else:
            to_info = T("%s · bin" % st["to"])
    qty_info = None
    if st["qty"] and st["from"] and sku:
        avail = [oh - al for b, typ, oh, al, n in STOCK[sku] if b == st["from"]][0]
        q = int(st["qty"])
        if q <= avail:
            qty_info = T("Available in %s: %d ea · after transfer: %d ea" % (st["from"], avail, avail - q))
        else:
            qty_info = N("alert", "", T("Only %d ea available in %s" % (avail, st["from"])))
    valid = bool(sku and st["from"] and st["to"] and st["qty"] and st["reason"])
    if valid:
        avail = [oh - al for b, typ, oh, al, n in STOCK[sku] if b == st["from"]][0]
        valid = 0 < int(st["qty"]) <= avail
    buttons = [N("button", "Save draft", key="save_draft", disabled=not sku)]
    if not no_post:
        buttons.append(N("button", "Post transfer", key="post_transfer", **({} if valid else {"disabled": True})))
    buttons.append(N("button", "Cancel", key="cancel_tf"))
    title_id = st["draft"]
    main = [
        N("heading", "New stock transfer", level=1),
        T("Draft %s" % title_id),
        N("alert", "", T(banner)) if banner else None,
        N("form", "Stock transfer",
          N("combobox", "SKU", *sku_children, value=st["sku_text"] or None, key="sku_field",
            autocomplete="list", hasPopup="listbox", required=True, **sku_props),
          helper,
          from_box,
          N("textbox", "To bin", value=st["to"], key="to_bin", required=True),
          to_info,
          N("spinbutton", "Quantity (ea)", value=st["qty"], key="qty", required=True),
          qty_info,
          N("combobox", "Reason", [N("option", r, selected=(r == (st["reason"] or "Select a reason"))) for r in REASONS],
            value=st["reason"] or "Select a reason", key="reason", hasPopup="menu", expanded=False, required=True),
          N("textbox", "Notes (optional)", value=st["notes"], key="tf_notes", multiline=True),
          N("checkbox", "Print move label on post", checked=True, key="print_label"),
          buttons),
        N("status", "", T("Draft autosaved %s · sessions time out after 30 min of inactivity" % st["saved"])
          if st["saved"] else T("Not saved yet · sessions time out after 30 min of inactivity")),
        N("region", "Recent transfers for this SKU",
          N("heading", "Recent transfers for this SKU", level=2),
          N("list", "",
            N("listitem", "", T("TR-55211 · Posted · A-03-3 → C-11-4 · 8 ea")),
            N("listitem", "", T("TR-55164 · Posted · A-03-2 → C-11-4 · 20 ea")))) if sku == "40-1187-B" else
        N("region", "Recent transfers for this SKU",
          N("heading", "Recent transfers for this SKU", level=2),
          N("list", "", N("listitem", "", T("TR-55198 · Posted · A-03-3 → C-11-3 · 6 ea")))) if sku else None,
    ]
    overlays = []
    if dialog:
        overlays.append(N("dialog", "Post transfer %s?" % title_id,
                          N("heading", "Post transfer %s?" % title_id, level=2),
                          T("Move %s ea of %s %s from %s to %s." % (st["qty"], sku, SKU[sku][1], st["from"], st["to"])),
                          T("Reason: %s" % st["reason"]),
                          T("Posting updates stock immediately and cannot be undone. A reversal creates a new transfer."),
                          N("button", "Cancel", key="dlg_cancel"),
                          N("button", "Post", key="dlg_post", focused=True),
                          modal=True))
    return Page(BASE + "/transfers/new" + st["q"],
                "New stock transfer · Binwise",
                shell(ctx, "Transfers", [("Transfers", "/transfers"), ("New transfer", "/transfers/new")], main,
                      overlays=overlays))


def transfer_detail(ctx, st, toast=True):
    sku = st["sku"]
    avail = [oh - al for b, typ, oh, al, n in STOCK[sku] if b == st["from"]][0]
    q = int(st["qty"])
    main = [
        N("heading", "Transfer %s" % st["draft"], level=1),
        T("Status"), T("Posted"),
        N("button", "Print move label", key="print"),
        N("button", "Reverse transfer", key="reverse"),
        N("button", "New transfer", key="new_transfer"),
        N("group", "Summary",
          T("SKU"), N("link", "%s %s" % (sku, SKU[sku][1]), url=BASE + "/skus/" + sku),
          T("From bin"), N("link", st["from"], url=BASE + "/bins/" + st["from"]),
          T("To bin"), N("link", st["to"], url=BASE + "/bins/" + st["to"]),
          T("Quantity"), T("%d ea" % q),
          T("Reason"), T(st["reason"]),
          T("Posted by"), T(ctx.user), T("Posted at"), T(ctx.ts())),
        N("table", "Stock after posting",
          sort_header(["Bin", "Before", "Change", "After"], key_prefix="asort_"),
          row([st["from"], str(avail), "-%d" % q, str(avail - q)]),
          row([st["to"], "4" if st["to"] == "C-11-4" else "6", "+%d" % q, str((4 if st["to"] == "C-11-4" else 6) + q)])),
        N("region", "History", N("heading", "History", level=2),
          N("list", "",
            N("listitem", "", T("%s Posted by %s" % (ctx.hms(), ctx.user))),
            N("listitem", "", T("%s Draft created" % ctx.hm(3))))),
    ]
    toasts = [N("status", "", T("Transfer posted · %s · move label sent to printer ZB-C11" % st["draft"]))] if toast else []
    return Page(BASE + "/transfers/" + st["draft"], "Transfer %s · Binwise" % st["draft"],
                shell(ctx, "Transfers", [("Transfers", "/transfers"), (st["draft"], "/transfers/" + st["draft"])],
                      main, toasts=toasts))


# --------------------------------------------------------------------------------------
# Pages: purchase orders and receiving
# --------------------------------------------------------------------------------------
def po_list(ctx, text=None, status=None, sort=("Expected", "descending"), popup=None):
    rows = list(PO_ROWS)
    if text:
        rows = [r for r in rows if text.lower() in (r[0] + " " + r[1]).lower()]
    if status:
        rows = [r for r in rows if r[2] == status]
    col, direction = sort
    idx = {"PO": 0, "Supplier": 1, "Status": 2, "Expected": 3}.get(col, 3)
    rows = sorted(rows, key=lambda r: r[idx], reverse=direction == "descending")
    chips = []
    if text:
        chips.append(N("button", "Remove filter: %s" % text, key="chip_text"))
    if status:
        chips.append(N("button", "Remove filter: Status is %s" % status, key="chip_status"))
    main = [
        N("heading", "Purchase orders", level=1),
        N("textbox", "Filter by PO number or supplier", value=text, key="po_filter"),
        N("group", "Status",
          N("button", "Open", key="st_open", pressed=status == "Open"),
          N("button", "Partially received", pressed=status == "Partially received"),
          N("button", "Closed", pressed=status == "Closed")),
        N("group", "Active filters", *chips) if chips else None,
        N("button", "Clear filters", key="clear_filters", disabled=not chips),
        N("button", "New purchase order"),
        N("table", "Purchase orders",
          sort_header(["PO", "Supplier", "Status", "Expected", "Lines", "Total"], col, direction, key_prefix="posort_"),
          [row([lcell(r[0], BASE + "/purchase-orders/" + r[0], key="po_" + r[0]), r[1], r[2], r[3], str(r[4]), r[5]])
           for r in rows]),
        T("Showing %d of %d purchase orders" % (len(rows), 148 if not chips else len(rows))),
        N("navigation", "Pagination", N("button", "Previous page", disabled=True),
          T("Page 1 of %d" % (13 if not chips else 1)), N("button", "Next page", disabled=bool(chips))),
    ]
    params = []
    if text:
        params.append("q=" + text.replace(" ", "+"))
    if status:
        params.append("status=" + slug(status))
    if sort != ("Expected", "descending"):
        params.append("sort=" + slug(col) + ("" if direction == "ascending" else "_desc"))
    return Page(BASE + "/purchase-orders" + ("?" + "&".join(params) if params else ""), "Purchase orders · Binwise",
                shell(ctx, "Purchase orders", [("Purchase orders", "/purchase-orders")], main, popup=popup))


def handover_modal(ctx):
    return N("dialog", "Shift handover notes must be acknowledged",
             N("heading", "Shift handover notes must be acknowledged", level=2),
             T("Shift B handed over 3 notes. You must acknowledge them before you can continue working in Binwise."),
             N("list", "",
               N("listitem", "", T("Dock 1 leveler out of service, use Dock 2 for all inbound.")),
               N("listitem", "", T("Two pallets of 55-0140-A failed inspection (wet). Held at DOCK-2 staging.")),
               N("listitem", "", T("RF gun #14 missing, reported to security."))),
             N("checkbox", "I have read the handover notes", checked=False, key="ack_check"),
             N("button", "Acknowledge", key="ack_btn", disabled=True),
             modal=True)


def po_detail(ctx, po, overlays=()):
    d = POS[po]
    lines = []
    for ln, sku, ordered, rec, cost in d["lines"]:
        lines.append(row([str(ln), lcell(sku, BASE + "/skus/" + sku), SKU[sku][1], str(ordered), str(rec),
                          str(ordered - rec), money(cost), money(ordered * cost)]))
    total = sum(o * c for _, _, o, _, c in d["lines"])
    actions = []
    if d["status"] in ("Open", "Partially received"):
        actions.append(N("button", "Receive", key="receive"))
    else:
        actions.append(N("button", "Receive", key="receive", disabled=True))
    actions += [N("button", "Print PO"), N("button", "More actions", key="more", hasPopup="menu", expanded=False)]
    others = [(p, POS[p]["status"]) for p in ("PO-77310", "PO-77301", "PO-76988") if p != po]
    main = [
        N("heading", "Purchase order %s" % po, level=1),
        T("Status %s" % d["status"]),
        actions,
        N("group", "Header",
          T("Supplier"), N("link", d["supplier"], url=BASE + "/suppliers/SUP-0142"),
          T("Ordered"), T(d["ordered"]), T("Expected"), T(d["expected"]),
          T("Buyer"), T(d["buyer"]), T("Terms"), T(d["terms"]),
          T("Ship to"), T("ATL-2 · Fulton DC, 4100 Fulton Industrial Blvd SW"),
          T("Carrier"), T(d["carrier"])),
        N("table", "Lines",
          sort_header(["Line", "SKU", "Description", "Ordered", "Received", "Open", "Unit cost", "Extended"],
                      "Line", key_prefix="lsort_"),
          lines,
          row(["", "", "Total", "", "", "", "", money(total)])),
        N("region", "Attachments", N("heading", "Attachments", level=2),
          N("link", "ASN-%s.pdf" % po[3:], url=BASE + "/files/ASN-%s.pdf" % po[3:]),
          N("link", "Packing list (supplier).pdf", url=BASE + "/files/PL-%s.pdf" % po[3:])),
        N("region", "Other orders from this supplier", N("heading", "Other orders from %s" % d["supplier"], level=2),
          N("list", "", [N("listitem", "", N("link", p, url=BASE + "/purchase-orders/" + p), T(s)) for p, s in others])),
        N("region", "Notes", N("heading", "Notes", level=2),
          T("R. Castellano: Kestrel pallets are double stacked; last month one pallet failed inspection for loose strapping."),
          T("Receiving: count cartons against the packing list before keying quantities.")),
    ]
    return Page(BASE + "/purchase-orders/" + po, "%s · Purchase orders · Binwise" % po,
                shell(ctx, "Purchase orders", [("Purchase orders", "/purchase-orders"), (po, "/purchase-orders/" + po)],
                      main, overlays=overlays))


def receiving_home(ctx, scan=None):
    main = [
        N("heading", "Receiving", level=1),
        N("textbox", "Scan PO, ASN or tracking number", value=scan, key="rcv_scan", focused=True),
        N("combobox", "Dock", N("option", "Dock 1 (out of service)", disabled=True),
          N("option", "Dock 2", selected=True), N("option", "Dock 3"), value="Dock 2", hasPopup="menu", expanded=False),
        N("heading", "Expected today", level=2),
        N("table", "Expected today",
          sort_header(["PO", "Supplier", "Status", "Carrier", "Appointment"], "Appointment", key_prefix="esort_"),
          row([lcell("PO-77307", BASE + "/purchase-orders/PO-77307"), "Norcross Packaging", "Open", "Saia", "07:30"]),
          row([lcell("PO-77310", BASE + "/purchase-orders/PO-77310", key="exp_77310"), SUPPLIER, "Open", "Estes Express", "08:00"]),
          row([lcell("PO-77301", BASE + "/purchase-orders/PO-77301", key="exp_77301"), SUPPLIER, "Partially received (balance)", "Estes Express", "08:00"]),
          row([lcell("PO-77296", BASE + "/purchase-orders/PO-77296"), "Delmar Electrical", "Partially received", "FedEx Freight", "10:30"])),
        N("region", "Dock notes", N("heading", "Dock notes", level=2),
          T("Label printer error fixed on Dock 2. Expired pallets moved to quarantine before 06:00.")),
    ]
    return Page(BASE + "/receiving", "Receiving · Binwise", shell(ctx, "Receiving", [("Receiving", "/receiving")], main))


EXCEPTIONS = ["None", "Short shipped", "Over shipped", "Damaged", "Wrong item"]


def new_rstate(po, rcv):
    return {"po": po, "rcv": rcv, "qty": {}, "exc": {}, "damaged": "0", "notes": None, "saved": None}


def receive_form(ctx, st, dialog=False, banner=None):
    po = st["po"]
    d = POS[po]
    lrows = []
    for ln, sku, ordered, rec, cost in d["lines"]:
        q = st["qty"].get(ln, "0")
        e = st["exc"].get(ln, "None")
        cells = [str(ln), sku, SKU[sku][1], str(ordered), str(rec), str(ordered - rec),
                 N("cell", "", N("spinbutton", "Received qty, line %d" % ln, value=q, key="qty%d" % ln)),
                 N("cell", "", N("combobox", "Exception, line %d" % ln,
                                 [N("option", x, selected=(x == e)) for x in EXCEPTIONS],
                                 value=e, key="exc%d" % ln, hasPopup="menu", expanded=False)),
                 money(cost)]
        r = row(cells)
        lrows.append(r)
    warn = []
    for ln, sku, ordered, rec, cost in d["lines"]:
        q = int(st["qty"].get(ln, "0") or 0)
        if q > ordered - rec:
            warn.append(N("alert", "", T("Line %d: received quantity exceeds open quantity (%d)" % (ln, ordered - rec))))
    any_qty = any(int(v or 0) > 0 for v in st["qty"].values())
    short = any(v == "Short shipped" for v in st["exc"].values())
    total_units = sum(int(v or 0) for v in st["qty"].values())
    main = [
        N("heading", "Receiving – %s" % po, level=1),
        T("%s · %s · carrier %s" % (d["supplier"], d["status"], d["carrier"])),
        T("Receipt %s (draft)" % st["rcv"]),
        N("alert", "", T(banner)) if banner else None,
        N("combobox", "Receiving dock", N("option", "Dock 1 (out of service)", disabled=True),
          N("option", "Dock 2", selected=True), N("option", "Dock 3"),
          value="Dock 2", hasPopup="menu", expanded=False),
        N("table", "Receipt lines",
          sort_header(["Line", "SKU", "Description", "Ordered", "Prev. received", "Open", "Received", "Exception",
                       "Unit cost"], "Line", key_prefix="rsort_"),
          lrows),
        warn,
        N("link", "Email supplier about shortage", url=BASE + "/purchase-orders/%s/discrepancy" % po,
          key="email_supplier") if short else None,
        N("spinbutton", "Damaged cartons", value=st["damaged"], key="damaged"),
        N("textbox", "Receiving notes", value=st["notes"], key="rcv_notes", multiline=True),
        N("checkbox", "Keep short-shipped quantities open as backorder", checked=True, key="backorder"),
        N("checkbox", "Print putaway labels", checked=True),
        T("Units on this receipt: %d" % total_units),
        N("button", "Save progress", key="save_progress"),
        N("button", "Post receipt", key="post_receipt", **({} if any_qty else {"disabled": True})),
        N("button", "Cancel", key="cancel_rcv"),
        N("status", "", T("Draft autosaved %s" % st["saved"]) if st["saved"] else T("Not saved yet")),
    ]
    overlays = []
    if dialog:
        overlays.append(N("dialog", "Post receipt %s?" % st["rcv"],
                          N("heading", "Post receipt %s for %s?" % (st["rcv"], po), level=2),
                          T("%d units will be added to Dock 2 staging and putaway tasks created." % total_units),
                          T("Short-shipped quantities stay open on the PO as backorder."),
                          T("Posting a receipt cannot be undone; corrections need a return to vendor."),
                          N("button", "Cancel", key="dlg_cancel"),
                          N("button", "Post", key="dlg_post", focused=True),
                          modal=True))
    return Page(BASE + "/receiving/%s/%s" % (po, st["rcv"]), "Receiving – %s · Binwise" % po,
                shell(ctx, "Receiving", [("Receiving", "/receiving"), (po, "/purchase-orders/" + po),
                                         ("Receive", "/receiving/" + po)], main, overlays=overlays))


def receipt_detail(ctx, st):
    po = st["po"]
    d = POS[po]
    rows = []
    for ln, sku, ordered, rec, cost in d["lines"]:
        q = int(st["qty"].get(ln, "0"))
        rows.append(row([str(ln), sku, SKU[sku][1], str(ordered), str(q), str(ordered - rec - q),
                         st["exc"].get(ln, "None"), money(q * cost)]))
    main = [
        N("heading", "Receipt %s" % st["rcv"], level=1),
        T("Posted · %s · %s" % (po, d["supplier"])),
        T("PO status: Partially received"),
        N("button", "Print putaway labels"),
        N("button", "Create return to vendor"),
        N("table", "Received lines",
          sort_header(["Line", "SKU", "Description", "Ordered", "Received now", "Backorder", "Exception", "Value"],
                      key_prefix="xsort_"),
          rows),
        T("Damaged cartons: %s" % st["damaged"]),
        T("Notes: %s" % (st["notes"] or "—")),
        N("region", "Putaway tasks", N("heading", "Putaway tasks", level=2),
          N("list", "",
            N("listitem", "", T("PA-91822 · 40-1187-B · 48 ea · DOCK-2 → A-03-2 (suggested)")),
            N("listitem", "", T("PA-91823 · 40-2210-A · 120 ea · DOCK-2 → D-01-2 (suggested)")))),
        N("link", "Back to %s" % po, url=BASE + "/purchase-orders/" + po),
    ]
    toasts = [N("status", "", T("Receipt posted · %s · PO %s is now Partially received" % (st["rcv"], po)))]
    return Page(BASE + "/receipts/" + st["rcv"], "Receipt %s · Binwise" % st["rcv"],
                shell(ctx, "Receiving", [("Receiving", "/receiving"), (st["rcv"], "/receipts/" + st["rcv"])],
                      main, toasts=toasts))


def forbidden(ctx, what, path):
    main = [
        N("heading", "403 – Not allowed", level=1),
        T(what),
        T("Your role: Inventory viewer (ATL-2). Ask a warehouse admin to add the Receiving clerk role."),
        N("link", "Request access", url=BASE + "/access-requests/new", key="req_access"),
        N("link", "Back to purchase orders", url=BASE + "/purchase-orders"),
        T("Reference: req-7f3a91c2"),
    ]
    return Page(BASE + path, "Not allowed · Binwise",
                shell(ctx, "Receiving", [("Receiving", "/receiving"), ("Not allowed", path)], main))


def discrepancy_form(ctx, po, message=None):
    main = [
        N("heading", "Report discrepancy to supplier – %s" % po, level=1),
        T("To: orders@kestreltool.example (Kestrel Tool Supply) · Cc: R. Castellano"),
        N("textbox", "Subject", value="Shortage on %s, line 1" % po, key="disc_subject"),
        N("textbox", "Message", value=message, key="disc_msg", multiline=True),
        N("checkbox", "Attach packing list photo", checked=False),
        N("button", "Send to supplier", key="disc_send", **({} if message else {"disabled": True})),
        N("button", "Cancel", key="disc_cancel"),
    ]
    return Page(BASE + "/purchase-orders/%s/discrepancy" % po, "Report discrepancy · Binwise",
                shell(ctx, "Purchase orders", [("Purchase orders", "/purchase-orders"), (po, "/purchase-orders/" + po),
                                               ("Discrepancy", "/discrepancy")], main))


def discrepancy_sent(ctx, po):
    main = [
        N("heading", "Discrepancy DSC-4471 sent", level=1),
        T("Kestrel Tool Supply was emailed about %s at %s." % (po, ctx.hm())),
        T("The receipt is still a draft; quantities entered so far were kept."),
        N("link", "Back to %s" % po, url=BASE + "/purchase-orders/" + po, key="back_po"),
    ]
    return Page(BASE + "/discrepancies/DSC-4471", "Discrepancy DSC-4471 · Binwise",
                shell(ctx, "Purchase orders", [("Purchase orders", "/purchase-orders"), ("DSC-4471", "/discrepancies")],
                      main, toasts=[N("status", "", T("Email sent to Kestrel Tool Supply"))]))


# --------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------
def seed_of(*parts):
    return zlib.crc32("|".join(str(p) for p in parts).encode())


class Traj:
    def __init__(self, tid, workflow, fault, off_step, ctx, first_page, success, plan, task):
        self.tid, self.workflow, self.fault, self.off = tid, workflow, fault, off_step
        self.ctx, self.success, self.plan, self.task = ctx, success, plan, task
        self.steps = []
        self.page = first_page
        self.obs, self.keys = self._obs(first_page, 0)
        self.initial = self.obs

    def _obs(self, page, n):
        text, keys = render(page.title, page.url, page.body, seed_of(self.tid, n))
        return {"url": page.url, "title": page.title, "text": text, "error": page.error}, keys

    def act(self, commitment, command, key, reasoning, effect, page_fn, args=(), error=None, target_override=None):
        target = None
        if key is not None:
            if key not in self.keys:
                raise KeyError("%s step %d: key %s not on page %s" % (self.tid, len(self.steps), key, self.page.url))
            bid, role, name = self.keys[key]
            cmd = "%s(%s)" % (command, ", ".join([repr(bid)] + [repr(a) for a in args]))
            target = "%s %r" % (role, name)
        else:
            cmd = "%s(%s)" % (command, ", ".join(repr(a) for a in args))
        self.ctx.tick()
        page = page_fn()
        if error:
            page = Page(page.url, page.title, page.body, error)
        obs, keys = self._obs(page, len(self.steps) + 1)
        step = {"action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": obs}
        if commitment:
            step = {"commitment": commitment, **step}
        self.steps.append(step)
        self.page, self.obs, self.keys = page, obs, keys
        return self

    def record(self):
        return {"id": self.tid, "workflow": self.workflow, "task": self.task, "plan": self.plan,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": self.success}}


def start_time(i):
    return datetime.datetime(2024, 5, 14, 8, 2, 11) + datetime.timedelta(minutes=17 * i, seconds=7 * i)


TF_TASK = STOCK_TRANSFER["task"]
PO_TASK = PO_RECEIVE["task"]


def T_tf(tid, i, fault, off, first, success, ctx):
    return Traj(tid, "stock-transfer", fault, off, ctx, first, success, "plans/stock-transfer.yaml", TF_TASK)


def T_po(tid, i, fault, off, first, success, ctx):
    return Traj(tid, "po-receive", fault, off, ctx, first, success, "plans/po-receive.yaml", PO_TASK)


# ---------- shared transfer form sequence ----------
def fill_transfer(t, c, st, from_key=True, no_post=False, from_bin="A-03-2", to_bin="C-11-4", qty="24",
                  reason="Replenish pick face", skip_from=False):
    C = "fill-transfer"
    if not skip_from:
        label = [("%s · %d available" % (b, oh - al)) for b, typ, oh, al, n in STOCK[st["sku"]] if b == from_bin][0]

        def f1():
            st["from"] = from_bin
            st["saved"] = c.hms()
            return transfer_form(c, st, no_post=no_post)
        t.act(C, "select_option", "from_bin", "Pick the source bin %s." % from_bin, "write", f1, (label,))

    def f2():
        st["to"] = to_bin
        st["saved"] = c.hms()
        return transfer_form(c, st, no_post=no_post)
    t.act(C, "fill", "to_bin", "Destination is %s." % to_bin, "write", f2, (to_bin,))

    def f3():
        st["qty"] = qty
        st["saved"] = c.hms()
        return transfer_form(c, st, no_post=no_post)
    t.act(C, "fill", "qty", "Quantity %s ea." % qty, "write", f3, (qty,))

    def f4():
        st["reason"] = reason
        st["saved"] = c.hms()
        return transfer_form(c, st, no_post=no_post)
    t.act(C, "select_option", "reason", "Reason from the task.", "write", f4, (reason,))


def post_transfer(t, c, st):
    t.act("post-transfer", "click", "post_transfer", "All fields are set; post the transfer.", "read",
          lambda: transfer_form(c, st, dialog=True))
    t.act("post-transfer", "click", "dlg_post", "Confirm posting.", "irreversible",
          lambda: transfer_detail(c, st))


# ---------- shared receiving sequence ----------
def enter_lines(t, c, st, l1="48", l2="120", short=True):
    C = "enter-quantities"

    def setq(ln, v):
        def f():
            st["qty"][ln] = v
            st["saved"] = c.hms()
            return receive_form(c, st)
        return f

    def setx(ln, v):
        def f():
            st["exc"][ln] = v
            st["saved"] = c.hms()
            return receive_form(c, st)
        return f
    t.act(C, "fill", "qty1", "Line 1 arrived short: 48 of 60.", "write", setq(1, l1), (l1,))
    if short:
        t.act(C, "select_option", "exc1", "Flag line 1 as short shipped.", "write", setx(1, "Short shipped"),
              ("Short shipped",))
    t.act(C, "fill", "qty2", "Line 2 arrived in full: 120.", "write", setq(2, l2), (l2,))


def note_damage(t, c, st, note="Line 2: 1 carton crushed corner, contents checked OK"):
    C = "note-damage"

    def f1():
        st["damaged"] = "1"
        st["saved"] = c.hms()
        return receive_form(c, st)

    def f2():
        st["notes"] = note
        st["saved"] = c.hms()
        return receive_form(c, st)
    t.act(C, "fill", "damaged", "One damaged carton.", "write", f1, ("1",))
    t.act(C, "fill", "rcv_notes", "Describe the damaged carton.", "write", f2, (note,))


def post_receipt(t, c, st):
    t.act("post-receipt", "click", "post_receipt", "Quantities and damage noted; post.", "read",
          lambda: receive_form(c, st, dialog=True))
    t.act("post-receipt", "click", "dlg_post", "Confirm posting the receipt.", "irreversible",
          lambda: receipt_detail(c, st))


# --------------------------------------------------------------------------------------
# Stock-transfer trajectories
# --------------------------------------------------------------------------------------
def tf_healthy_01(i):
    """Global search by SKU, pick the suggestion list's 'see all', open from results."""
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-healthy-01", i, None, None, dashboard(c), True, c)
    st = new_tstate("TR-55231", "40-1187-B")
    t.act("find-sku", "fill", "search", "Search for the SKU.", "read",
          lambda: dashboard(c, "40-1187-B", sku_search_popup()), ("40-1187-B",))
    t.act("find-sku", "press", "search", "Run the search.", "read", lambda: search_results_sku(c, "40-1187-B"), ("Enter",))
    t.act("find-sku", "click", "res_B", "The kit, not the bare tool.", "read", lambda: sku_detail(c, "40-1187-B"))
    t.act("fill-transfer", "click", "transfer_stock", "Start a transfer for this SKU.", "read",
          lambda: transfer_form(c, st))
    fill_transfer(t, c, st)
    post_transfer(t, c, st)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: transfer_detail(c, st, toast=False),
          ("Posted TR-55231: 24 ea of 40-1187-B moved A-03-2 → C-11-4, reason Replenish pick face.",))
    return t


def tf_healthy_02(i):
    """Browse the SKU list, filter by text, sort, scroll, open the kit."""
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-healthy-02", i, None, None, dashboard(c), True, c)
    st = new_tstate("TR-55232", "40-1187-B")
    t.act("find-sku", "click", "nav_skus", "Open the SKU list.", "read", lambda: sku_list(c))
    t.act("find-sku", "fill", "sku_filter", "Narrow the list.", "read", lambda: sku_list(c, "cordless drill"),
          ("cordless drill",))
    t.act("find-sku", "click", "sort_description", "Sort by description to see the variants together.", "read",
          lambda: sku_list(c, "cordless drill", ("Description", "ascending")))
    t.act("find-sku", "click", "sku_40-1187-B", "Open 40-1187-B (kit).", "read", lambda: sku_detail(c, "40-1187-B"))
    t.act("find-sku", "scroll", None, "Check stock by bin.", "read", lambda: sku_detail(c, "40-1187-B"), (0, 420))
    t.act("fill-transfer", "click", "move_A-03-2", "Move from A-03-2 directly.", "read",
          lambda: (st.update({"from": "A-03-2", "q": "?sku=40-1187-B&from=A-03-2"}), transfer_form(c, st))[1])
    fill_transfer(t, c, st, skip_from=True)
    post_transfer(t, c, st)
    return t


def tf_healthy_03(i):
    """Scan the SKU barcode from the header scanner dialog; hover the availability; noop."""
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-healthy-03", i, None, None, dashboard(c), True, c)
    st = new_tstate("TR-55233", "40-1187-B")
    t.act("find-sku", "click", "scan", "Use the scanner field.", "read", lambda: dashboard(c, overlays=[scan_dialog()]))
    t.act("find-sku", "fill", "barcode", "Scan the UPC on the kit box.", "read",
          lambda: dashboard(c, overlays=[scan_dialog("084711411872")]), ("084711411872",))
    t.act("find-sku", "press", "barcode", "Submit the scan.", "read", lambda: sku_detail(c, "40-1187-B"), ("Enter",))
    t.act("fill-transfer", "click", "transfer_stock", "New transfer.", "read", lambda: transfer_form(c, st))
    fill_transfer(t, c, st)
    t.act("post-transfer", "hover", "post_transfer", "Check the button is enabled.", "read",
          lambda: transfer_form(c, st))
    t.act("post-transfer", "noop", None, "Wait for the autosave to settle.", "read", lambda: transfer_form(c, st))
    post_transfer(t, c, st)
    return t


def tf_healthy_04(i):
    """Direct URL to the new-transfer form; pick SKU from the autocomplete."""
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-healthy-04", i, None, None, dashboard(c), True, c)
    st = new_tstate("TR-55234")
    t.act("find-sku", "goto", None, "Go straight to the transfer form.", "read",
          lambda: transfer_form(c, st), (BASE + "/transfers/new",))

    def typed():
        st["sku_text"] = "40-1187"
        st["sku_popup"] = True
        return transfer_form(c, st)
    t.act("find-sku", "fill", "sku_field", "Type the SKU.", "read", typed, ("40-1187",))

    def chosen():
        st.update({"sku": "40-1187-B", "sku_text": "40-1187-B · Cordless drill 18V kit", "sku_popup": False,
                   "saved": c.hms()})
        return transfer_form(c, st)
    t.act("find-sku", "click", "opt_B", "Choose the kit (-B).", "write", chosen)
    fill_transfer(t, c, st)
    t.act("post-transfer", "scroll", None, "Scroll to the buttons.", "read", lambda: transfer_form(c, st), (0, 300))
    post_transfer(t, c, st)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: transfer_detail(c, st, toast=False),
          ("Done: TR-55234 posted, 24 ea 40-1187-B A-03-2 → C-11-4 (Replenish pick face).",))
    return t


def tf_healthy_05(i):
    """Transfers list, apply a quick filter and clear it, start a new transfer, use the SKU autocomplete."""
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-healthy-05", i, None, None, dashboard(c), True, c)
    st = new_tstate("TR-55235")
    t.act("find-sku", "click", "nav_transfers", "Open Transfers.", "read", lambda: transfers_list(c))
    t.act("find-sku", "click", "qf_draft", "Check for an existing draft first.", "read",
          lambda: transfers_list(c, "Draft"))
    t.act("find-sku", "click", "clear_filters", "No draft for this move; clear the filter.", "read",
          lambda: transfers_list(c))
    t.act("find-sku", "click", "new_transfer", "Start a new transfer.", "read", lambda: transfer_form(c, st))

    def typed():
        st["sku_text"] = "40-1187-B"
        st["sku_popup"] = True
        return transfer_form(c, st)
    t.act("find-sku", "fill", "sku_field", "Enter the SKU.", "read", typed, ("40-1187-B",))

    def chosen():
        st.update({"sku": "40-1187-B", "sku_text": "40-1187-B · Cordless drill 18V kit", "sku_popup": False,
                   "saved": c.hms()})
        return transfer_form(c, st)
    t.act("find-sku", "click", "opt_B", "Select 40-1187-B.", "write", chosen)
    fill_transfer(t, c, st)
    post_transfer(t, c, st)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: transfer_detail(c, st, toast=False),
          ("TR-55235 posted: 24 ea of 40-1187-B from A-03-2 to C-11-4.",))
    return t


def tf_wrong_record(i):
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-wrong_record-01", i, "wrong_record", 2, dashboard(c), False, c)
    st = new_tstate("TR-55240", "40-1187-R")
    t.act("find-sku", "fill", "search", "Search for the drill.", "read",
          lambda: dashboard(c, "40-1187-B", sku_search_popup()), ("40-1187-B",))
    t.act("find-sku", "press", "search", "Run the search.", "read", lambda: search_results_sku(c, "40-1187-B"), ("Enter",))
    t.act("find-sku", "click", "res_R", "Open the cordless drill 18V.", "read", lambda: sku_detail(c, "40-1187-R"))
    t.act("fill-transfer", "click", "transfer_stock", "Start the transfer.", "read", lambda: transfer_form(c, st))
    fill_transfer(t, c, st, from_bin="A-03-3")
    post_transfer(t, c, st)
    return t


def tf_session_expired(i):
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-session_expired-01", i, "session_expired", 8, dashboard(c), False, c)
    st = new_tstate("TR-55241", "40-1187-B")
    t.act("find-sku", "fill", "search", "Search for the SKU.", "read",
          lambda: dashboard(c, "40-1187-B", sku_search_popup()), ("40-1187-B",))
    t.act("find-sku", "press", "search", "Search.", "read", lambda: search_results_sku(c, "40-1187-B"), ("Enter",))
    t.act("find-sku", "click", "res_B", "Open the kit.", "read", lambda: sku_detail(c, "40-1187-B"))
    t.act("fill-transfer", "click", "transfer_stock", "Start a transfer.", "read", lambda: transfer_form(c, st))
    fill_transfer(t, c, st)
    c.t += datetime.timedelta(minutes=31)
    t.act("post-transfer", "click", "post_transfer", "Post the transfer.", "read",
          lambda: login_page(c, "/transfers/new?sku=40-1187-B",
                             "You were signed out after 30 minutes without activity. Sign in again to continue."))
    t.act(None, "send_msg_to_user", None, "Report back.", "read",
          lambda: login_page(c, "/transfers/new?sku=40-1187-B",
                             "You were signed out after 30 minutes without activity. Sign in again to continue."),
          ("Transfer of 24 ea 40-1187-B A-03-2 → C-11-4 posted.",))
    return t


def tf_stale_filter(i):
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-stale_filter-01", i, "stale_filter", 2, dashboard(c), False, c)
    st = new_tstate("TR-55242", "40-1187-B", "A-03-3")
    chips = [("SKU is 40-1187-B", "sku", "40-1187-B"), ("Bin is A-03-3", "bin", "A-03-3")]
    t.act("find-sku", "fill", "search", "Search for the SKU.", "read",
          lambda: dashboard(c, "40-1187-B", sku_search_popup()), ("40-1187-B",))
    t.act("find-sku", "press", "search", "Search.", "read", lambda: search_results_sku(c, "40-1187-B"), ("Enter",))
    t.act("find-sku", "click", "res_stock", "Go to the stock levels for this SKU.", "read",
          lambda: stock_levels(c, "40-1187-B", chips))
    t.act("fill-transfer", "click", "tf_40-1187-B_A-03-3", "Transfer from the reserve bin listed.", "read",
          lambda: transfer_form(c, st))
    fill_transfer(t, c, st, skip_from=True)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: transfer_form(c, st),
          ("Could not move 24 ea: only 12 ea of 40-1187-B available in the source bin.",))
    return t


def tf_missing_control(i):
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-missing_control-01", i, "missing_control", 2, dashboard(c), False, c)
    st = new_tstate("TR-55243", "40-1187-B")
    t.act("find-sku", "fill", "search", "Search for the SKU.", "read",
          lambda: dashboard(c, "40-1187-B", sku_search_popup()), ("40-1187-B",))
    t.act("find-sku", "click", "sugg_B", "Pick the kit from suggestions.", "read", lambda: sku_detail(c, "40-1187-B"))
    t.act("fill-transfer", "click", "move_A-03-2", "Move from A-03-2.", "read",
          lambda: (st.update({"from": "A-03-2", "q": "?sku=40-1187-B&from=A-03-2"}),
                   transfer_form(c, st, no_post=True))[1])
    # the form renders without a Post transfer button (only Save draft / Cancel)
    t.act("fill-transfer", "noop", None, "Wait for the form to finish loading.", "read",
          lambda: transfer_form(c, st, no_post=True))
    fill_transfer(t, c, st, skip_from=True, no_post=True)
    t.act("post-transfer", "click", "save_draft", "Save it.", "write",
          lambda: (st.update({"saved": c.hms()}), transfer_form(c, st, no_post=True))[1])
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: transfer_form(c, st, no_post=True),
          ("Transfer TR-55243 for 24 ea 40-1187-B A-03-2 → C-11-4 is done.",))
    return t


def tf_wrong_banner(i):
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-wrong_banner-01", i, "wrong_banner", 9, dashboard(c), False, c)
    st = new_tstate("TR-55244", "40-1187-B")
    t.act("find-sku", "click", "nav_skus", "SKU list.", "read", lambda: sku_list(c))
    t.act("find-sku", "fill", "sku_filter", "Filter by code.", "read", lambda: sku_list(c, "40-1187"), ("40-1187",))
    t.act("find-sku", "click", "sku_40-1187-B", "Open the kit.", "read", lambda: sku_detail(c, "40-1187-B"))
    t.act("fill-transfer", "click", "transfer_stock", "Start a transfer.", "read", lambda: transfer_form(c, st))
    fill_transfer(t, c, st)
    t.act("post-transfer", "click", "post_transfer", "Post.", "read", lambda: transfer_form(c, st, dialog=True))
    banner = ("Posting failed: bin C-11-4 is frozen by count CC-8812 (started %s by L. Tran). "
              "Your transfer was kept as draft TR-55244." % c.hm(9))
    t.act("post-transfer", "click", "dlg_post", "Confirm.", "irreversible",
          lambda: transfer_form(c, st, banner=banner))
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: transfer_form(c, st, banner=banner),
          ("Posted TR-55244: 24 ea 40-1187-B A-03-2 → C-11-4.",))
    return t


def tf_interstitial(i):
    c = Ctx(i, start_time(i))
    t = T_tf("binwise-stock-transfer-interstitial-01", i, "interstitial", 2, dashboard(c), False, c)
    t.act("find-sku", "fill", "search", "Search for the SKU.", "read",
          lambda: dashboard(c, "40-1187-B", sku_search_popup()), ("40-1187-B",))
    t.act("find-sku", "press", "search", "Search.", "read", lambda: search_results_sku(c, "40-1187-B"), ("Enter",))
    t.act("find-sku", "click", "res_B", "Open the kit.", "read", lambda: password_page(c, "/skus/40-1187-B"))
    t.act("find-sku", "go_back", None, "Go back to the results.", "read", lambda: password_page(c, "/search?q=40-1187-B"))
    t.act("find-sku", "goto", None, "Open the SKU page directly.", "read", lambda: password_page(c, "/skus/40-1187-B"),
          (BASE + "/skus/40-1187-B",))
    return t


# --------------------------------------------------------------------------------------
# PO-receive trajectories
# --------------------------------------------------------------------------------------
def po_healthy_01(i):
    """Global search by PO number, open, receive."""
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-healthy-01", i, None, None, dashboard(c), True, c)
    st = new_rstate("PO-77310", "RCV-30418")
    t.act("open-po", "fill", "search", "Search the PO.", "read", lambda: dashboard(c, "PO-77310", po_search_popup()),
          ("PO-77310",))
    t.act("open-po", "press", "search", "Search.", "read", lambda: search_results_po(c, "PO-77310"), ("Enter",))
    t.act("open-po", "click", "res_po", "Open PO-77310.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Start receiving.", "read", lambda: receive_form(c, st))
    enter_lines(t, c, st)
    note_damage(t, c, st)
    post_receipt(t, c, st)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: receipt_detail(c, st),
          ("Posted RCV-30418 on PO-77310: line 1 48/60 (12 on backorder), line 2 120/120, 1 damaged carton noted.",))
    return t


def po_healthy_02(i):
    """PO list, filter by supplier text, sort by PO number, open."""
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-healthy-02", i, None, None, dashboard(c), True, c)
    st = new_rstate("PO-77310", "RCV-30419")
    t.act("open-po", "click", "nav_purchase_orders", "Open purchase orders.", "read", lambda: po_list(c))
    t.act("open-po", "fill", "po_filter", "Filter to the supplier.", "read", lambda: po_list(c, "Kestrel"), ("Kestrel",))
    t.act("open-po", "click", "posort_po", "Sort by PO number.", "read",
          lambda: po_list(c, "Kestrel", sort=("PO", "ascending")))
    t.act("open-po", "click", "po_PO-77310", "PO-77310 is the open one.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))
    enter_lines(t, c, st)
    note_damage(t, c, st, "1 carton damaged on line 2 (crushed), bits checked, all OK")
    post_receipt(t, c, st)
    return t


def po_healthy_03(i):
    """Receiving screen: scan the PO number into the dock scan field."""
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-healthy-03", i, None, None, dashboard(c), True, c)
    st = new_rstate("PO-77310", "RCV-30420")
    t.act("open-po", "click", "nav_receiving", "Go to Receiving.", "read", lambda: receiving_home(c))
    t.act("open-po", "fill", "rcv_scan", "Scan the PO barcode on the packing list.", "read",
          lambda: receiving_home(c, "PO-77310"), ("PO-77310",))
    t.act("enter-quantities", "press", "rcv_scan", "Submit the scan.", "read", lambda: receive_form(c, st), ("Enter",))
    enter_lines(t, c, st)
    t.act("note-damage", "hover", "damaged", "Check the damaged cartons field.", "read", lambda: receive_form(c, st))
    note_damage(t, c, st)
    post_receipt(t, c, st)
    return t


def po_healthy_04(i):
    """Direct URL to the PO, scroll the lines, receive."""
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-healthy-04", i, None, None, dashboard(c), True, c)
    st = new_rstate("PO-77310", "RCV-30421")
    t.act("open-po", "goto", None, "Open the PO by URL.", "read", lambda: po_detail(c, "PO-77310"),
          (BASE + "/purchase-orders/PO-77310",))
    t.act("open-po", "scroll", None, "Look at the lines and notes.", "read", lambda: po_detail(c, "PO-77310"), (0, 500))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))
    enter_lines(t, c, st)
    note_damage(t, c, st)
    t.act("post-receipt", "noop", None, "Let the autosave finish.", "read", lambda: receive_form(c, st))
    post_receipt(t, c, st)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: receipt_detail(c, st),
          ("RCV-30421 posted for PO-77310 (48 + 120 ea, 1 damaged carton). PO is Partially received.",))
    return t


def po_healthy_05(i):
    """PO list with status filter applied then removed, sort by supplier, open from the list."""
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-healthy-05", i, None, None, dashboard(c), True, c)
    st = new_rstate("PO-77310", "RCV-30422")
    t.act("open-po", "click", "nav_purchase_orders", "Purchase orders.", "read", lambda: po_list(c))
    t.act("open-po", "click", "st_open", "Only open orders.", "read", lambda: po_list(c, status="Open"))
    t.act("open-po", "click", "chip_status", "Remove the status filter again to see all of Kestrel's.", "read",
          lambda: po_list(c))
    t.act("open-po", "click", "posort_supplier", "Sort by supplier.", "read",
          lambda: po_list(c, sort=("Supplier", "ascending")))
    t.act("open-po", "click", "po_PO-77310", "Open PO-77310.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))
    enter_lines(t, c, st)
    note_damage(t, c, st)
    post_receipt(t, c, st)
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: receipt_detail(c, st),
          ("PO-77310 received on RCV-30422; 12 ea of 40-1187-B remain on backorder.",))
    return t


def po_wrong_record(i):
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-wrong_record-01", i, "wrong_record", 2, dashboard(c), False, c)
    st = new_rstate("PO-77301", "RCV-30425")
    t.act("open-po", "click", "nav_purchase_orders", "Purchase orders.", "read", lambda: po_list(c))
    t.act("open-po", "fill", "po_filter", "Filter to Kestrel.", "read", lambda: po_list(c, "Kestrel"), ("Kestrel",))
    t.act("open-po", "click", "po_PO-77301", "Open the Kestrel PO still waiting for goods.", "read",
          lambda: po_detail(c, "PO-77301"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))

    def f():
        st["qty"][1] = "48"
        st["saved"] = c.hms()
        return receive_form(c, st)
    t.act("enter-quantities", "fill", "qty1", "48 on line 1.", "write", f, ("48",))

    def g():
        st["qty"][2] = "120"
        st["saved"] = c.hms()
        return receive_form(c, st)
    t.act("enter-quantities", "fill", "qty2", "120 on line 2.", "write", g, ("120",))
    return t


def po_silent_noop(i):
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-silent_noop-01", i, "silent_noop", 9, dashboard(c), False, c)
    st = new_rstate("PO-77310", "RCV-30426")
    t.act("open-po", "fill", "search", "Search the PO.", "read", lambda: dashboard(c, "PO-77310", po_search_popup()),
          ("PO-77310",))
    t.act("open-po", "click", "sugg_po", "Pick PO-77310.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))
    enter_lines(t, c, st)
    note_damage(t, c, st)
    # steps 8, 9: Post receipt -> dialog; then Post does nothing (dialog stays, no request sent)
    t.act("post-receipt", "click", "post_receipt", "Post.", "read", lambda: receive_form(c, st, dialog=True))
    t.act("post-receipt", "click", "dlg_post", "Confirm.", "irreversible", lambda: receive_form(c, st, dialog=True))
    t.act("post-receipt", "click", "dlg_post", "Confirm again.", "irreversible", lambda: receive_form(c, st, dialog=True))
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: receive_form(c, st, dialog=True),
          ("Receipt posted for PO-77310.",))
    return t


def po_permission_denied(i):
    c = Ctx(i, start_time(i), user="Sam Patel", role="Inventory viewer")
    t = T_po("binwise-po-receive-permission_denied-01", i, "permission_denied", 3, dashboard(c), False, c)
    t.act("open-po", "fill", "search", "Search the PO.", "read", lambda: dashboard(c, "PO-77310", po_search_popup()),
          ("PO-77310",))
    t.act("open-po", "press", "search", "Search.", "read", lambda: search_results_po(c, "PO-77310"), ("Enter",))
    t.act("open-po", "click", "res_po", "Open PO-77310.", "read", lambda: po_detail(c, "PO-77310"))
    msg = "You don't have permission to receive purchase orders at ATL-2."
    t.act("enter-quantities", "click", "receive", "Receive.", "read",
          lambda: forbidden(c, msg, "/receiving/PO-77310/new"))
    t.act("enter-quantities", "go_back", None, "Try again from the PO.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read",
          lambda: forbidden(c, msg, "/receiving/PO-77310/new"))
    return t


def po_interstitial(i):
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-interstitial-01", i, "interstitial", 2, dashboard(c), False, c)
    t.act("open-po", "click", "nav_purchase_orders", "Purchase orders.", "read", lambda: po_list(c))
    t.act("open-po", "click", "st_open", "Open orders only.", "read", lambda: po_list(c, status="Open"))
    t.act("open-po", "click", "po_PO-77310", "Open PO-77310.", "read",
          lambda: po_detail(c, "PO-77310", overlays=[handover_modal(c)]))
    err = ("TimeoutError: locator.click: Timeout 500ms exceeded. <div class=\"bw-modal-backdrop\"></div> "
           "intercepts pointer events")
    t.act("enter-quantities", "click", "receive", "Receive.", "read",
          lambda: po_detail(c, "PO-77310", overlays=[handover_modal(c)]), error=err)
    t.act("enter-quantities", "click", "receive", "Retry Receive.", "read",
          lambda: po_detail(c, "PO-77310", overlays=[handover_modal(c)]), error=err)
    return t


def po_plan_drift(i):
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-plan_drift-01", i, "plan_drift", 6, dashboard(c), False, c)
    st = new_rstate("PO-77310", "RCV-30427")
    t.act("open-po", "fill", "search", "Search the PO.", "read", lambda: dashboard(c, "PO-77310", po_search_popup()),
          ("PO-77310",))
    t.act("open-po", "press", "search", "Search.", "read", lambda: search_results_po(c, "PO-77310"), ("Enter",))
    t.act("open-po", "click", "res_po", "Open PO-77310.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))

    def q1():
        st["qty"][1] = "48"
        st["saved"] = c.hms()
        return receive_form(c, st)

    def x1():
        st["exc"][1] = "Short shipped"
        st["saved"] = c.hms()
        return receive_form(c, st)
    t.act("enter-quantities", "fill", "qty1", "48 of 60.", "write", q1, ("48",))
    t.act("enter-quantities", "select_option", "exc1", "Short shipped.", "write", x1, ("Short shipped",))
    t.act("enter-quantities", "click", "email_supplier", "The supplier should hear about the 12 missing drills first.",
          "read", lambda: discrepancy_form(c, "PO-77310"))
    msg = "Hi, PO-77310 line 1 (40-1187-B) arrived 12 ea short, 48 of 60. Please advise on the balance."
    t.act("enter-quantities", "fill", "disc_msg", "Write the shortage note.", "read",
          lambda: discrepancy_form(c, "PO-77310", msg), (msg,))
    t.act("enter-quantities", "click", "disc_send", "Send it.", "irreversible", lambda: discrepancy_sent(c, "PO-77310"))
    t.act(None, "send_msg_to_user", None, "Report.", "read", lambda: discrepancy_sent(c, "PO-77310"),
          ("Reported the 12 ea shortage on PO-77310 to Kestrel (DSC-4471).",))
    return t


def po_session_expired(i):
    c = Ctx(i, start_time(i))
    t = T_po("binwise-po-receive-session_expired-01", i, "session_expired", 5, dashboard(c), False, c)
    st = new_rstate("PO-77310", "RCV-30428")
    t.act("open-po", "click", "nav_receiving", "Receiving.", "read", lambda: receiving_home(c))
    t.act("open-po", "click", "exp_77310", "PO-77310 is on today's list.", "read", lambda: po_detail(c, "PO-77310"))
    t.act("enter-quantities", "click", "receive", "Receive.", "read", lambda: receive_form(c, st))

    def q1():
        st["qty"][1] = "48"
        st["saved"] = c.hms()
        return receive_form(c, st)

    def x1():
        st["exc"][1] = "Short shipped"
        st["saved"] = c.hms()
        return receive_form(c, st)
    t.act("enter-quantities", "fill", "qty1", "48 of 60.", "write", q1, ("48",))
    t.act("enter-quantities", "select_option", "exc1", "Short shipped.", "write", x1, ("Short shipped",))
    c.t += datetime.timedelta(minutes=34)
    next_path = "/receiving/PO-77310/RCV-30428"
    t.act("enter-quantities", "fill", "qty2", "120 on line 2.", "write",
          lambda: login_page(c, next_path, "Session timed out. Sign in again; your draft receipt was saved."), ("120",))
    t.act("enter-quantities", "go_back", None, "Back to the receipt.", "read",
          lambda: login_page(c, next_path, "Please sign in to continue."))
    t.act(None, "noop", None, "Wait.", "read", lambda: login_page(c, next_path, "Please sign in to continue."))
    return t


BUILDERS = [
    tf_healthy_01, tf_healthy_02, tf_healthy_03, tf_healthy_04, tf_healthy_05,
    tf_wrong_record, tf_session_expired, tf_stale_filter, tf_missing_control, tf_wrong_banner, tf_interstitial,
    po_healthy_01, po_healthy_02, po_healthy_03, po_healthy_04, po_healthy_05,
    po_wrong_record, po_silent_noop, po_permission_denied, po_interstitial, po_plan_drift, po_session_expired,
]


# --------------------------------------------------------------------------------------
# YAML emitter for plans (block style; plain scalars where safe)
# --------------------------------------------------------------------------------------
_PLAIN = re.compile(r"^[A-Za-z0-9(][^?:#{}\[\],&*!|>'\"%@`]*$")


_BLOCK_PLAIN = re.compile(r"^[A-Za-z0-9(][^#{}\[\]&*!|>%@`]*$")


def yscalar(v, block=False):
    if block and isinstance(v, str) and _BLOCK_PLAIN.match(v) and ": " not in v and not v.endswith(":") \
            and not v.endswith(" "):
        return v
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    if _PLAIN.match(s) and not s.endswith(" ") and s.lower() not in ("yes", "no", "true", "false", "null", "on", "off") \
            and not re.match(r"^[0-9.+-]+$", s):
        return s
    return "'" + s.replace("'", "''") + "'"


def yitem(v):
    if isinstance(v, dict):
        # 'on' must be quoted: YAML 1.1 loaders (PyYAML) read a bare on as boolean true
        return "{" + ", ".join("%s: %s" % ("'on'" if k == "on" else k, yscalar(x)) for k, x in v.items()) + "}"
    return yscalar(v)


def to_yaml(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, dict):
                out.append("%s%s:" % (pad, k))
                out.append(to_yaml(v, indent + 1))
            elif isinstance(v, list):
                if not v:
                    out.append("%s%s: []" % (pad, k))
                elif all(not isinstance(x, (dict, list)) or (isinstance(x, dict) and set(x) <= {"text", "on"})
                         for x in v):
                    out.append("%s%s: [%s]" % (pad, k, ", ".join(yitem(x) for x in v)))
                else:
                    out.append("%s%s:" % (pad, k))
                    for x in v:
                        block = to_yaml(x, indent + 2).splitlines()
                        first = block[0].lstrip()
                        out.append("%s  - %s" % (pad, first))
                        out.extend(block[1:])
            else:
                out.append("%s%s: %s" % (pad, k, yscalar(v, block=True)))
    return "\n".join(out)


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for name, plan in (("stock-transfer", STOCK_TRANSFER), ("po-receive", PO_RECEIVE)):
        with open(os.path.join(HERE, "plans", name + ".yaml"), "w") as f:
            f.write(to_yaml(plan) + "\n")
    recs = [b(i).record() for i, b in enumerate(BUILDERS)]
    with open(os.path.join(HERE, "corpus.jsonl"), "w") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d trajectories" % len(recs))


if __name__ == "__main__":
    main()
