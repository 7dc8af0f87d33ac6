#!/usr/bin/env python3
"""Build the Shearline Front Desk test corpus (stdlib only, deterministic).

Writes, next to this file:
  corpus.jsonl              one trajectory per line (fcpkit trajectory corpus contract)
  plans/<workflow>[-v].yaml one plan per workflow task variant (fcpkit plan contract)

Application: Shearline Front Desk 4.12.3, the front-desk system of the
Marlowe & Finch Hair Studios salon chain (four London branches).
Signed-in user: Priya Nandakumar, Front Desk Lead, Islington.  Today: Tue 14 Oct 2025.

Workflows
  colour   book a colour appointment with a stylist, plus the skin patch test it needs
  returns  process a retail product return, refunded as store credit

Authoring order (kept honest in this file's layout): the plans were written from
the task text and the healthy pages only (section 3), the healthy runs next
(section 4), and the faulty runs last (section 5) without touching the plans.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20251014

PRODUCT = "Shearline Front Desk"
VERSION = "4.12.3"
BUILD = "2025.10.2-r4417"
ORG = "Marlowe & Finch Hair Studios"
BASE = "https://desk.marlowefinch.co.uk"
USER = "Priya Nandakumar"
USER_ROLE = "Front Desk Lead"
USER_BRANCH = "Islington"
USER_EMAIL = "priya.nandakumar@marlowefinch.co.uk"
TODAY = "Tue 14 Oct 2025"

# ---------------------------------------------------------------------------
# 1. Data
# ---------------------------------------------------------------------------
BRANCHES = ["Clerkenwell", "Islington", "Shoreditch", "Hackney"]

# id, name, home branch, mobile, last visit, patch test, store credit, tags
CLIENTS = [
    ("CL-20417", "Hannah Okafor", "Clerkenwell", "07700 900417", "26 Sep 2025", "Expired (02 Mar 2025)", "£0.00", "Colour client"),
    ("CL-20471", "Hana Okafor", "Islington", "07700 900471", "09 Oct 2025", "Valid until 18 Feb 2026", "£12.50", "Colour client"),
    ("CL-19090", "Chidi Okafor", "Hackney", "07700 900090", "11 Aug 2025", "None on file", "£0.00", ""),
    ("CL-21417", "Hannah O'Connor", "Islington", "07700 901417", "13 Oct 2025", "Valid until 30 Jan 2026", "£0.00", "Colour client"),
    ("CL-19862", "Theo Marchetti", "Hackney", "07700 900862", "04 Sep 2025", "None on file", "£0.00", "New to colour"),
    ("CL-19826", "Thea Marchetti", "Islington", "07700 900826", "10 Oct 2025", "Valid until 02 Mar 2026", "£20.00", "Colour client"),
    ("CL-20933", "Siobhan Reilly", "Shoreditch", "07700 900933", "30 Sep 2025", "Expired (11 Jan 2025)", "£0.00", "Colour client"),
    ("CL-20939", "Siobhan Riley", "Shoreditch", "07700 900939", "07 Oct 2025", "Valid until 07 Apr 2026", "£0.00", "Colour client"),
    ("CL-18804", "Amara Lindqvist", "Islington", "07700 900804", "22 Sep 2025", "Expired (19 Feb 2025)", "£5.00", "Colour client"),
    ("CL-18840", "Amira Lindqvist", "Clerkenwell", "07700 900840", "12 Oct 2025", "Valid until 12 Apr 2026", "£0.00", ""),
    ("CL-20115", "Grace Whitfield", "Clerkenwell", "07700 900115", "03 Oct 2025", "Valid until 15 Dec 2025", "£0.00", "Colour client"),
    ("CL-20288", "Ollie Brennan", "Islington", "07700 900288", "04 Oct 2025", "None on file", "£0.00", ""),
    ("CL-19504", "Mei-Lin Zhao", "Clerkenwell", "07700 900504", "13 Oct 2025", "Valid until 20 Jan 2026", "£15.00", "Colour client"),
    ("CL-20652", "Fatima Haddad", "Shoreditch", "07700 900652", "08 Oct 2025", "None on file", "£0.00", ""),
    ("CL-20701", "Jonah Pereira", "Hackney", "07700 900701", "08 Oct 2025", "None on file", "£0.00", ""),
    ("CL-19977", "Lucy Ashdown", "Islington", "07700 900977", "11 Oct 2025", "Valid until 01 Mar 2026", "£0.00", "Colour client"),
    ("CL-20840", "Ravi Chandran", "Clerkenwell", "07700 900840", "06 Oct 2025", "None on file", "£0.00", ""),
    ("CL-21006", "Elin Morgan", "Shoreditch", "07700 901006", "12 Oct 2025", "Valid until 09 Feb 2026", "£8.00", "Colour client"),
    ("CL-20360", "Beatriz Santos", "Islington", "07700 900360", "13 Oct 2025", "Valid until 27 Mar 2026", "£0.00", "Colour client"),
    ("CL-19733", "Callum Fraser", "Hackney", "07700 900733", "02 Oct 2025", "None on file", "£0.00", ""),
]
CL = {c[0]: c for c in CLIENTS}

# id, name, role, home branch
STYLISTS = [
    ("STY-014", "Dario Bell", "Senior Colourist", "Clerkenwell"),
    ("STY-041", "Daria Bello", "Colourist", "Islington"),
    ("STY-022", "Nina Kowalczyk", "Colour Director", "Islington"),
    ("STY-027", "Nina Kowalski", "Stylist", "Hackney"),
    ("STY-009", "Tomasz Reid", "Senior Stylist", "Clerkenwell"),
    ("STY-090", "Tomas Reed", "Graduate Stylist", "Shoreditch"),
    ("STY-033", "Jess Amankwah", "Senior Colourist", "Shoreditch"),
    ("STY-018", "Farah Qureshi", "Stylist", "Islington"),
    ("STY-052", "Kit Lam", "Colourist", "Hackney"),
]
STY = {s[1]: s for s in STYLISTS}

# name, minutes, price
SERVICES = [
    ("Cut & blow-dry", 60, "£58.00"),
    ("Blow-dry", 45, "£32.00"),
    ("Root tint", 75, "£62.00"),
    ("Full head tint", 120, "£95.00"),
    ("Half head highlights", 120, "£110.00"),
    ("Full head highlights", 150, "£145.00"),
    ("Balayage", 180, "£165.00"),
    ("Toner & gloss", 45, "£38.00"),
    ("Colour correction consultation", 30, "£0.00"),
]
SVC = {s[0]: s for s in SERVICES}
COLOUR_LINES = ["Koleston Perfect (Wella)", "Illumina Colour (Wella)", "Majirel (L'Oréal Professionnel)",
                "Inoa (L'Oréal Professionnel)", "Igora Royal (Schwarzkopf)"]
TIMES = ["%02d:%02d" % (h, m) for h in range(9, 18) for m in (0, 15, 30, 45)] + ["18:00"]

# SKU catalogue: sku, name, price
PRODUCTS = {
    "OLA-03-100": ("Olaplex No.3 Hair Perfector 100ml", 28.00),
    "OLA-03-250": ("Olaplex No.3 Hair Perfector 250ml", 52.00),
    "OLA-04-250": ("Olaplex No.4 Bond Maintenance Shampoo 250ml", 28.00),
    "OLA-05-250": ("Olaplex No.5 Bond Maintenance Conditioner 250ml", 28.00),
    "MOR-TL-100": ("Moroccanoil Treatment Light 100ml", 36.85),
    "MOR-TO-100": ("Moroccanoil Treatment Original 100ml", 36.85),
    "TT-ORG-PNK": ("Tangle Teezer Original (pink)", 13.00),
    "GHD-PLT-WHT": ("ghd Platinum+ Styler (white)", 249.00),
    "GHD-PLT-BLK": ("ghd Platinum+ Styler (black)", 249.00),
    "GHD-HPS-120": ("ghd Heat Protect Spray 120ml", 21.00),
    "KER-NMQ-200": ("Kérastase Nutritive Masquintense 200ml", 46.00),
    "KER-NBS-250": ("Kérastase Nutritive Bain Satin 250ml", 27.50),
    "KER-EU-100": ("Kérastase Elixir Ultime L'Huile Originale 100ml", 45.00),
    "DAV-OI-135": ("Davines OI Oil 135ml", 38.00),
    "DAV-OIS-280": ("Davines OI Shampoo 280ml", 26.50),
    "RED-ABC-S300": ("Redken Acidic Bonding Concentrate Shampoo 300ml", 24.50),
    "MF-CMB-01": ("Marlowe & Finch Wide-Tooth Comb", 6.00),
}


def money(x):
    return "£%.2f" % x


# receipt no, date, branch, till, served by, client id, payment, [(sku, qty)]
RECEIPTS = [
    ("RCPT-CLK-104871", "Mon 13 Oct 2025, 12:20", "Clerkenwell", "CLK-01", "Dario Bell", "CL-19504", "Visa •••• 8832", [("KER-NMQ-200", 1), ("KER-NBS-250", 1)]),
    ("RCPT-CLK-104817", "Fri 10 Oct 2025, 16:41", "Clerkenwell", "CLK-02", "Tomasz Reid", "CL-18840", "Mastercard •••• 6120", [("KER-NBS-250", 2)]),
    ("RCPT-ISL-104552", "Thu 09 Oct 2025, 10:05", "Islington", "ISL-01", "Farah Qureshi", "CL-20471", "Cash", [("OLA-03-250", 1)]),
    ("RCPT-SHD-310096", "Wed 08 Oct 2025, 17:03", "Shoreditch", "SHD-01", "Jess Amankwah", "CL-20652", "Amex •••• 1005", [("GHD-PLT-WHT", 1), ("GHD-HPS-120", 1)]),
    ("RCPT-SHD-310069", "Wed 08 Oct 2025, 11:26", "Shoreditch", "SHD-02", "Tomas Reed", "CL-20701", "Visa •••• 7781", [("GHD-PLT-BLK", 1)]),
    ("RCPT-ISL-207381", "Tue 07 Oct 2025, 18:12", "Islington", "ISL-02", "Daria Bello", "CL-19977", "Visa •••• 3306", [("MOR-TO-100", 2)]),
    ("RCPT-HCK-401228", "Mon 06 Oct 2025, 13:37", "Hackney", "HCK-01", "Kit Lam", "CL-19733", "Mastercard •••• 5512", [("DAV-OI-135", 1), ("DAV-OIS-280", 1)]),
    ("RCPT-ISL-207318", "Sat 04 Oct 2025, 11:47", "Islington", "ISL-01", "Nina Kowalczyk", "CL-20288", "Mastercard •••• 2290", [("MOR-TL-100", 3), ("MOR-TO-100", 1), ("TT-ORG-PNK", 1)]),
    ("RCPT-CLK-104552", "Fri 03 Oct 2025, 15:12", "Clerkenwell", "CLK-01", "Dario Bell", "CL-20115", "Visa •••• 4417", [("OLA-03-100", 1), ("OLA-04-250", 1), ("OLA-05-250", 1)]),
    ("RCPT-CLK-104525", "Fri 03 Oct 2025, 10:58", "Clerkenwell", "CLK-02", "Dario Bell", "CL-20840", "Visa •••• 0914", [("OLA-03-100", 2)]),
    ("RCPT-SHD-309977", "Thu 02 Oct 2025, 14:02", "Shoreditch", "SHD-01", "Jess Amankwah", "CL-21006", "Apple Pay", [("KER-EU-100", 1)]),
    ("RCPT-HCK-401190", "Wed 01 Oct 2025, 12:15", "Hackney", "HCK-01", "Nina Kowalski", "CL-19090", "Cash", [("RED-ABC-S300", 1), ("MF-CMB-01", 1)]),
    ("RCPT-ISL-207266", "Tue 30 Sep 2025, 17:50", "Islington", "ISL-02", "Farah Qureshi", "CL-20360", "Visa •••• 2754", [("OLA-04-250", 1), ("OLA-05-250", 1)]),
    ("RCPT-CLK-104488", "Mon 29 Sep 2025, 09:44", "Clerkenwell", "CLK-01", "Tomasz Reid", "CL-20417", "Mastercard •••• 3390", [("OLA-03-100", 1)]),
    ("RCPT-SHD-309905", "Sat 27 Sep 2025, 16:20", "Shoreditch", "SHD-02", "Tomas Reed", "CL-20939", "Google Pay", [("TT-ORG-PNK", 2)]),
    ("RCPT-ISL-207201", "Fri 26 Sep 2025, 11:03", "Islington", "ISL-01", "Nina Kowalczyk", "CL-19826", "Visa •••• 6001", [("KER-NMQ-200", 1)]),
]
RC = {r[0]: r for r in RECEIPTS}


def receipt_total(r):
    return sum(PRODUCTS[s][1] * q for s, q in r[7])


# return no, date, branch, receipt, client, items text, amount, method, status
RETURNS = [
    ("RTN-003306", "14 Oct 2025", "Islington", "RCPT-ISL-207201", "CL-19826", "1 × Kérastase Nutritive Masquintense 200ml", "£46.00", "Store credit", "Processed"),
    ("RTN-003305", "13 Oct 2025", "Clerkenwell", "RCPT-CLK-104488", "CL-20417", "1 × Olaplex No.3 Hair Perfector 100ml", "£28.00", "Original payment", "Processed"),
    ("RTN-003304", "13 Oct 2025", "Shoreditch", "RCPT-SHD-309905", "CL-20939", "1 × Tangle Teezer Original (pink)", "£13.00", "Store credit", "Processed"),
    ("RTN-003303", "12 Oct 2025", "Hackney", "RCPT-HCK-401190", "CL-19090", "1 × Marlowe & Finch Wide-Tooth Comb", "£6.00", "Cash", "Processed"),
    ("RTN-003302", "11 Oct 2025", "Islington", "RCPT-ISL-207266", "CL-20360", "1 × Olaplex No.4 Bond Maintenance Shampoo 250ml", "£28.00", "Store credit", "Voided"),
    ("RTN-003301", "11 Oct 2025", "Clerkenwell", "RCPT-CLK-104401", "CL-20840", "1 × Redken Acidic Bonding Concentrate Shampoo 300ml", "£24.50", "Store credit", "Processed"),
    ("RTN-003300", "10 Oct 2025", "Shoreditch", "RCPT-SHD-309877", "CL-21006", "1 × Davines OI Oil 135ml", "£38.00", "Original payment", "Processed"),
    ("RTN-003299", "10 Oct 2025", "Islington", "RCPT-ISL-207150", "CL-19977", "2 × Moroccanoil Treatment Original 100ml", "£73.70", "Store credit", "Processed"),
    ("RTN-003298", "09 Oct 2025", "Hackney", "RCPT-HCK-401102", "CL-19733", "1 × Davines OI Shampoo 280ml", "£26.50", "Original payment", "Processed"),
    ("RTN-003297", "08 Oct 2025", "Clerkenwell", "RCPT-CLK-104390", "CL-19504", "1 × Kérastase Nutritive Bain Satin 250ml", "£27.50", "Store credit", "Processed"),
    ("RTN-003296", "08 Oct 2025", "Islington", "RCPT-ISL-207088", "CL-21417", "1 × Olaplex No.3 Hair Perfector 250ml", "£52.00", "Store credit", "Processed"),
    ("RTN-003295", "07 Oct 2025", "Shoreditch", "RCPT-SHD-309812", "CL-20701", "1 × ghd Heat Protect Spray 120ml", "£21.00", "Cash", "Processed"),
    ("RTN-003294", "06 Oct 2025", "Clerkenwell", "RCPT-CLK-104361", "CL-18840", "1 × Olaplex No.5 Bond Maintenance Conditioner 250ml", "£28.00", "Original payment", "Processed"),
    ("RTN-003293", "06 Oct 2025", "Hackney", "RCPT-HCK-401077", "CL-19862", "1 × Tangle Teezer Original (pink)", "£13.00", "Store credit", "Processed"),
    ("RTN-003292", "04 Oct 2025", "Islington", "RCPT-ISL-207019", "CL-18804", "1 × Kérastase Elixir Ultime L'Huile Originale 100ml", "£45.00", "Store credit", "Processed"),
    ("RTN-003291", "03 Oct 2025", "Shoreditch", "RCPT-SHD-309760", "CL-20933", "1 × ghd Platinum+ Styler (black)", "£249.00", "Original payment", "Processed"),
]

# client id -> (store credit account, balance before)
CREDIT_ACCOUNTS = {
    "CL-20115": ("SC-00912", 0.00, True),    # opened by this return
    "CL-20288": ("SC-00731", 0.00, False),
    "CL-20652": ("SC-00913", 0.00, True),
    "CL-19504": ("SC-00388", 15.00, False),
}

# ---------------------------------------------------------------------------
# 2. Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
FLAGS = {"focused", "required", "multiselectable"}


class Page:
    def __init__(self, url, title, seed):
        self.url = url
        self.title = "%s · %s" % (title, PRODUCT)
        self.nb = random.Random("%s|%s|%s" % (SEED, url, seed)).randrange(12, 260)
        self.lines = ["RootWebArea %r, focused" % self.title]
        self.keys = {}
        self.error = None

    def el(self, d, role, name="", key=None, **props):
        bid = str(self.nb)
        self.nb += 1
        s = "\t" * d + "[%s] %s %r" % (bid, role, name)
        for k, v in props.items():
            if v is None:
                continue
            if k in FLAGS:
                if v:
                    s += ", " + k
            elif isinstance(v, bool):
                s += ", %s=%s" % (k, v)
            else:
                s += ", %s=%r" % (k, v)
        self.lines.append(s)
        if key:
            assert key not in self.keys, key
            self.keys[key] = (bid, role, name)
        return bid

    def txt(self, d, s):
        self.lines.append("\t" * d + "StaticText %r" % s)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": self.error}

    def copy(self):
        p = Page.__new__(Page)
        p.url, p.title, p.nb, p.error = self.url, self.title, self.nb, self.error
        p.lines, p.keys = list(self.lines), dict(self.keys)
        return p


NAV = ["Dashboard", "Diary", "Clients", "Stylists", "Retail", "Returns", "Reports", "Settings"]


def chrome(p, t, crumbs, search=""):
    p.el(1, "banner", "")
    p.el(2, "link", "%s — home" % PRODUCT, key="home")
    p.el(3, "image", "Marlowe & Finch logo")
    p.txt(2, ORG)
    p.el(2, "combobox", "Working branch", value=USER_BRANCH, hasPopup="menu", expanded=False)
    p.el(2, "search", "")
    p.el(3, "textbox", "Search clients, appointments, receipts", key="global_search", value=search or None)
    p.el(3, "button", "Search", key="global_search_btn")
    p.el(2, "button", "Notifications, 3 unread", hasPopup="menu", expanded=False)
    p.el(2, "button", "%s, %s · %s" % (USER, USER_ROLE, USER_BRANCH), key="user_menu", hasPopup="menu", expanded=False)
    p.el(1, "navigation", "Main")
    p.el(2, "list", "")
    for n in NAV:
        p.el(3, "listitem", "")
        p.el(4, "link", n, key="nav_" + n.lower())
    p.el(1, "navigation", "Breadcrumb")
    p.el(2, "list", "")
    for c in crumbs[:-1]:
        p.el(3, "listitem", "")
        p.el(4, "link", c)
    p.el(3, "listitem", "")
    p.txt(4, crumbs[-1])
    p.el(1, "main", "")


def footer(p, t, toast=None, extra_panels=None):
    if extra_panels:
        extra_panels(p)
    p.el(1, "complementary", "Recently viewed")
    p.el(2, "heading", "Recently viewed")
    p.el(2, "list", "")
    for r in t.recent[:6]:
        p.el(3, "listitem", "")
        p.el(4, "link", r)
    p.el(2, "button", "Clear history")
    p.el(1, "complementary", "Today at %s" % USER_BRANCH)
    p.el(2, "heading", "Today at %s" % USER_BRANCH)
    p.txt(2, "%s · 38 appointments · 4 walk-ins waiting" % TODAY)
    p.el(2, "link", "Open today's diary")
    p.el(1, "contentinfo", "")
    p.txt(2, "%s %s (build %s)" % (PRODUCT, VERSION, BUILD))
    p.txt(2, "© 2025 Marlowe & Finch Hair Studios Ltd · Registered in England 08812345")
    for l in ("Help centre", "Privacy notice", "Keyboard shortcuts", "Report a problem"):
        p.el(2, "link", l)
    p.txt(2, "Signed in as %s · Till ISL-02 · Last synced %s" % (USER_EMAIL, t.clock))
    p.el(1, "status", "", live="polite")
    if toast:
        p.txt(2, toast)
        p.el(2, "button", "Dismiss notification")


def options(p, d, opts, selected):
    for o in opts:
        p.el(d, "option", o, selected=(o == selected))


def combo(p, d, label, value, opts, key=None, **kw):
    p.el(d, "combobox", label, key=key, value=value, hasPopup="menu", expanded=False, **kw)
    options(p, d + 1, opts, value)


def dl(p, d, pairs):
    p.el(d, "DescriptionList", "")
    for term, val in pairs:
        p.el(d + 1, "term", "")
        p.txt(d + 2, term)
        p.el(d + 1, "definition", "")
        p.txt(d + 2, val)


def table(p, d, name, headers, rows, link_cols=(), keyfn=None):
    """rows: list of lists of cell texts; link_cols: column indexes rendered as links."""
    p.el(d, "table", name)
    p.el(d + 1, "rowgroup", "")
    p.el(d + 2, "row", "")
    for h in headers:
        p.el(d + 3, "columnheader", h, sortable=True if h in ("Date", "Last visit", "Name", "Client", "Total") else None)
    p.el(d + 1, "rowgroup", "")
    for r in rows:
        p.el(d + 2, "row", "")
        for i, c in enumerate(r):
            p.el(d + 3, "cell", c)
            if i in link_cols and c:
                p.el(d + 4, "link", c, key=keyfn(r, i) if keyfn else None)


def pagination(p, d, pages, current=1):
    p.el(d, "navigation", "Pagination")
    p.el(d + 1, "link", "Previous page", disabled=True if current == 1 else None)
    for i in ([1, 2, 3, "…", pages] if pages > 4 else range(1, pages + 1)):
        if i == "…":
            p.txt(d + 1, "…")
        else:
            p.el(d + 1, "link", "Page %s" % i, current="page" if i == current else None)
    p.el(d + 1, "link", "Next page", disabled=True if pages == 1 else None)


def client_label(cid):
    return "%s · %s" % (CL[cid][1], cid)


# ---------------------------------------------------------------------------
# Trajectory bookkeeping
# ---------------------------------------------------------------------------
class Traj:
    def __init__(self, tid, workflow, task, plan_path, fault, recent, clock="10:41"):
        self.tid, self.workflow, self.task, self.plan = tid, workflow, task, plan_path
        self.fault = fault
        self.off = None
        self.recent = list(recent)
        h, m = clock.split(":")
        self.minutes = int(h) * 60 + int(m)
        self.steps = []
        self.init = None
        self.cur = None
        self.success = None
        self.summary = ""

    @property
    def clock(self):
        return "%02d:%02d" % divmod(self.minutes, 60)

    def tick(self, n=1):
        self.minutes += n

    def visit(self, label):
        if label in self.recent:
            self.recent.remove(label)
        self.recent.insert(0, label)

    def start(self, page):
        self.init = page
        self.cur = page

    def act(self, kind, key=None, arg=None, reasoning="", effect="read", commitment=None, page=None,
            error=None, off_track=False):
        """Record one action on the current page; `page` is the page after it (None: unchanged)."""
        prev = self.cur
        if kind == "send_msg_to_user":
            command, target = "send_msg_to_user(%r)" % arg, "chat message to the user"
        elif kind == "go_back":
            command, target = "go_back()", "browser back button"
        else:
            bid, role, name = prev.keys[key]
            target = "%s %r" % (role, name)
            if kind in ("click", "check", "uncheck"):
                command = "%s(%r)" % (kind, bid)
            elif kind in ("fill", "select_option", "press"):
                command = "%s(%r, %r)" % (kind, bid, arg)
            else:
                raise ValueError(kind)
        if page is None:
            page = prev.copy()
        if error is not None:
            page.error = error
        step = {"action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": page.obs()}
        if commitment:
            step = {"commitment": commitment, **step}
        if off_track:
            assert self.off is None, self.tid
            self.off = len(self.steps)
        self.steps.append(step)
        self.cur = page
        self.tick()
        return page

    def mark_off_track_here(self):
        """For environment faults: the step just recorded is the first to show the fault."""
        assert self.off is None, self.tid
        self.off = len(self.steps) - 1

    def record(self):
        assert self.success is not None
        if self.fault is None:
            assert self.off is None and self.success, self.tid
        else:
            assert self.off is not None and not self.success, self.tid
        return {
            "id": self.tid,
            "workflow": self.workflow,
            "task": self.task,
            "plan": self.plan,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success, "summary": self.summary},
        }


# ---------------------------------------------------------------------------
# Pages: clients, patch tests, appointments
# ---------------------------------------------------------------------------
CLIENT_PAGE1 = sorted(CLIENTS, key=lambda c: (c[4][-4:], "JanFebMarAprMayJunJulAugSepOctNovDec".index(c[4][3:6]), c[4][:2]),
                      reverse=True)[:15]

SEARCH_HITS = {
    "okafor": ["CL-20417", "CL-20471", "CL-19090"],
    "marchetti": ["CL-19862", "CL-19826"],
    "siobhan reilly": ["CL-20933", "CL-20939"],
    "lindqvist": ["CL-18804", "CL-18840"],
    "ollie brennan": ["CL-20288"],
}


def clients_page(t, q="", branch="All branches", tags=(), searched=False, gsearch=""):
    url = BASE + "/clients"
    if searched:
        url += "?q=" + q.replace(" ", "+")
        if branch != "All branches":
            url += "&branch=" + branch.lower()
    p = Page(url, "Clients" if not searched else "Search results for “%s” · Clients" % q, "clients")
    chrome(p, t, ["Home", "Clients"], search=gsearch)
    p.el(2, "heading", "Clients")
    p.el(2, "button", "New client", key="new_client")
    p.el(2, "button", "Import clients")
    p.el(2, "button", "Merge duplicates")
    p.el(2, "region", "Filters")
    p.el(3, "heading", "Filter clients")
    p.el(3, "textbox", "Search by name, phone or client ID", key="client_search", value=q or None)
    p.el(3, "button", "Apply", key="apply_filters")
    combo(p, 3, "Home branch", branch, ["All branches"] + BRANCHES, key="branch_filter")
    p.el(3, "group", "Tags")
    for tg in ("Colour client", "Patch test due", "Has store credit", "Marketing opt-in"):
        p.el(4, "checkbox", tg, checked="true" if tg in tags else "false")
    p.el(3, "button", "Clear filters")
    if searched:
        hits = [CL[c] for c in SEARCH_HITS[q.lower()]]
        if branch != "All branches":
            hits = [h for h in hits if h[2] == branch]
        if not hits:
            p.txt(2, "No clients match “%s” in %s." % (q, branch))
            p.txt(2, "Check the spelling, clear the branch filter, or create a new client.")
        else:
            scope = "" if branch == "All branches" else " in %s" % branch
            p.txt(2, "%d client%s “%s”%s (including similar spellings)" % (
                len(hits), "s match" if len(hits) > 1 else " matches", q, scope))
        rows = hits
        pages = 1
    else:
        p.txt(2, "Showing 1–15 of 2,418 clients")
        rows = CLIENT_PAGE1
        pages = 162
    combo(p, 2, "Sort by", "Best match" if searched else "Last visit (newest first)",
          ["Best match", "Last visit (newest first)", "Name (A–Z)", "Client ID", "Store credit (highest)"], key="sort")
    if rows:
        table(p, 2, "Clients", ["Client ID", "Name", "Mobile", "Home branch", "Last visit", "Patch test", "Store credit", "Tags"],
              [[c[0], c[1], c[3], c[2], c[4], c[5], c[6], c[7]] for c in rows], link_cols=(1,),
              keyfn=lambda r, i: "client_" + r[0])
        pagination(p, 2, pages)
    footer(p, t)
    return p


def global_search_page(t, q):
    p = Page(BASE + "/search?q=" + q.replace(" ", "+"), "Search: %s" % q, "gs")
    chrome(p, t, ["Home", "Search"], search=q)
    p.el(2, "heading", "Search results for “%s”" % q)
    hits = [CL[c] for c in SEARCH_HITS[q.lower()]]
    p.el(2, "tablist", "Result types")
    for i, tb in enumerate(["All", "Clients (%d)" % len(hits), "Appointments (2)", "Receipts (1)", "Returns (1)"]):
        p.el(3, "tab", tb, selected=(i == 0))
    p.el(2, "tabpanel", "All")
    p.el(3, "heading", "Clients")
    p.el(3, "list", "Client results")
    for c in hits:
        p.el(4, "listitem", "")
        p.el(5, "link", c[1], key="client_" + c[0])
        p.txt(5, "%s · %s · %s · last visit %s" % (c[0], c[2], c[3], c[4]))
    p.el(3, "heading", "Appointments")
    table(p, 3, "Appointment results", ["Appointment", "Date", "Client", "Service", "Stylist", "Status"], [
        ["APT-250925-0318", "25 Feb 2025", hits[0][1], "Half head highlights", "Tomasz Reid", "Completed"],
        ["APT-250922-0140", "22 Sep 2025", hits[0][1], "Blow-dry", "Farah Qureshi", "Completed"]], link_cols=(0,))
    p.el(3, "heading", "Receipts")
    table(p, 3, "Receipt results", ["Receipt", "Date", "Client", "Total"],
          [["RCPT-ISL-207019", "22 Sep 2025", hits[0][1], "£45.00"]], link_cols=(0,))
    p.el(3, "heading", "Returns")
    table(p, 3, "Return results", ["Return", "Date", "Client", "Refund"],
          [["RTN-003292", "04 Oct 2025", hits[0][1], "£45.00"]], link_cols=(0,))
    p.el(3, "link", "Show all results in Clients")
    footer(p, t)
    return p


PATCH_HISTORY = {
    "CL-20417": [("PT-71920", "Sun 02 Mar 2025", "Koleston Perfect (Wella)", "Clerkenwell", "Negative — expired")],
    "CL-20471": [("PT-80377", "Tue 18 Feb 2025", "Illumina Colour (Wella)", "Islington", "Negative — valid until 18 Feb 2026")],
    "CL-19862": [],
    "CL-19826": [("PT-79012", "Sun 02 Mar 2025", "Majirel (L'Oréal Professionnel)", "Islington", "Negative")],
    "CL-20933": [("PT-66105", "Sat 11 Jan 2025", "Illumina Colour (Wella)", "Shoreditch", "Negative — expired")],
    "CL-18804": [("PT-64477", "Wed 19 Feb 2025", "Inoa (L'Oréal Professionnel)", "Islington", "Negative — expired"),
                 ("PT-51230", "Fri 16 Aug 2024", "Inoa (L'Oréal Professionnel)", "Islington", "Negative — expired")],
}
COLOUR_HISTORY = {
    "CL-20417": [("26 Sep 2025", "Cut & blow-dry", "—", "Tomasz Reid"), ("15 Mar 2025", "Full head tint", "Koleston 6/0 + 6/7, 6%", "Dario Bell")],
    "CL-20471": [("09 Oct 2025", "Toner & gloss", "Shinefinity 09/61", "Daria Bello"), ("20 Feb 2025", "Full head tint", "Illumina 7/81, 6%", "Daria Bello")],
    "CL-19862": [],
    "CL-19826": [("10 Oct 2025", "Root tint", "Majirel 5.3, 20 vol", "Nina Kowalczyk")],
    "CL-20933": [("30 Sep 2025", "Cut & blow-dry", "—", "Tomas Reed"), ("18 Jan 2025", "Balayage", "Blondor + Illumina 9/60", "Jess Amankwah")],
    "CL-18804": [("22 Sep 2025", "Blow-dry", "—", "Farah Qureshi"), ("25 Feb 2025", "Half head highlights", "Blond Studio 9, 30 vol", "Tomasz Reid")],
    "CL-20288": [],
}


def client_page(t, cid, patch=None, upcoming=None, toast=None, credit=None):
    c = CL[cid]
    p = Page(BASE + "/clients/" + cid, "%s (%s) · Clients" % (c[1], cid), cid)
    chrome(p, t, ["Home", "Clients", c[1]])
    p.el(2, "heading", c[1])
    p.txt(2, "Client %s · Home branch %s · Client since %s" % (cid, c[2], {"CL-19862": "Aug 2025"}.get(cid, "Jun 2021")))
    p.el(2, "list", "Client badges")
    for b in [x for x in (c[7], "Patch test booked" if patch else ("Patch test expired" if c[5].startswith("Expired") else None)) if x]:
        p.el(3, "listitem", "")
        p.txt(4, b)
    p.el(2, "toolbar", "Client actions")
    p.el(3, "button", "New appointment", key="new_appt")
    p.el(3, "button", "Book patch test", key="book_pt")
    p.el(3, "button", "Sell product")
    p.el(3, "button", "Edit client")
    p.el(3, "button", "More actions", hasPopup="menu", expanded=False)
    p.el(2, "tablist", "Client sections")
    for i, tb in enumerate(["Overview", "Appointments (%d)" % (len(COLOUR_HISTORY.get(cid, [])) + 6),
                            "Colour history", "Patch tests (%d)" % (len(PATCH_HISTORY.get(cid, [])) + (1 if patch else 0)),
                            "Purchases", "Notes (2)"]):
        p.el(3, "tab", tb, selected=(i == 0))
    p.el(2, "tabpanel", "Overview")
    p.el(3, "heading", "Contact details")
    dl(p, 3, [("Mobile", c[3]), ("Email", c[1].lower().replace(" ", ".").replace("'", "") + "@example.co.uk"),
              ("Preferred stylist", {"CL-20417": "Dario Bell", "CL-20471": "Daria Bello", "CL-20933": "Jess Amankwah",
                                     "CL-18804": "Tomasz Reid", "CL-19826": "Nina Kowalczyk"}.get(cid, "None")),
              ("Marketing", "SMS and email" if c[7] else "Email only")])
    p.el(3, "heading", "Patch test")
    if patch:
        status = "Booked — %s, %s %s at %s (%s)" % patch
    else:
        status = c[5]
    dl(p, 3, [("Status", status)])
    p.txt(3, "Colour services need a negative patch test taken at least 48 hours before the appointment and no more than 6 months old.")
    p.el(3, "heading", "Allergies & alerts")
    p.txt(3, "No allergies or reactions recorded.")
    p.el(3, "heading", "Upcoming appointments")
    if upcoming:
        table(p, 3, "Upcoming appointments", ["Appointment", "Date", "Time", "Service", "Stylist", "Branch", "Status"],
              upcoming, link_cols=(0,))
    else:
        p.txt(3, "No upcoming appointments.")
    p.el(3, "heading", "Recent colour history")
    hist = COLOUR_HISTORY.get(cid, [])
    if hist:
        table(p, 3, "Colour history", ["Date", "Service", "Formula", "Stylist"], [list(h) for h in hist])
    else:
        p.txt(3, "No colour services yet.")
    p.el(3, "heading", "Patch test history")
    ph = PATCH_HISTORY.get(cid, [])
    if ph:
        table(p, 3, "Patch tests", ["Test", "Date", "Colour line", "Branch", "Result"], [list(x) for x in ph], link_cols=(0,))
    else:
        p.txt(3, "No patch tests on file.")
    p.el(3, "heading", "Store credit")
    p.txt(3, "Balance %s" % (credit or c[6]))
    p.el(3, "link", "View store credit account")

    def related(pp):
        pp.el(1, "complementary", "Related records")
        pp.el(2, "heading", "Related records")
        pp.el(2, "list", "")
        rel = {
            "CL-20417": ["Last receipt RCPT-CLK-104488", "Return RTN-003305", "Household: none"],
            "CL-20471": ["Last receipt RCPT-ISL-104552", "Household: none"],
            "CL-19862": ["Return RTN-003293", "Household: Thea Marchetti (CL-19826)"],
            "CL-19826": ["Last receipt RCPT-ISL-207201", "Household: Theo Marchetti (CL-19862)"],
            "CL-20933": ["Return RTN-003291", "Household: none"],
            "CL-18804": ["Return RTN-003292", "Household: none"],
            "CL-20288": ["Last receipt RCPT-ISL-207318", "Household: none"],
        }.get(cid, ["Household: none"])
        for r in rel:
            pp.el(3, "listitem", "")
            pp.el(4, "link", r)
    footer(p, t, toast=toast, extra_panels=related)
    return p


def patch_form(t, cid, v, error=None):
    c = CL[cid]
    p = Page(BASE + "/clients/%s/patch-tests/new" % cid, "Book patch test · %s" % c[1], "pt" + cid)
    chrome(p, t, ["Home", "Clients", c[1], "Book patch test"])
    p.el(2, "heading", "Book patch test")
    p.txt(2, "For %s (%s)" % (c[1], cid))
    if error:
        p.el(2, "alert", "", live="assertive")
        p.txt(3, error)
    p.el(2, "form", "Patch test")
    combo(p, 3, "Branch", v.get("branch", USER_BRANCH), BRANCHES, key="pt_branch")
    p.el(3, "textbox", "Date (dd/mm/yyyy)", key="pt_date", value=v.get("date") or None, required=True)
    combo(p, 3, "Time", v.get("time", "Select a time…"), ["Select a time…"] + TIMES, key="pt_time", required=True)
    combo(p, 3, "Colour line to test", v.get("line", "Select a colour line…"), ["Select a colour line…"] + COLOUR_LINES,
          key="pt_line", required=True)
    combo(p, 3, "Carried out by", v.get("by", "Any available stylist"),
          ["Any available stylist"] + [s[1] for s in STYLISTS], key="pt_by")
    p.el(3, "checkbox", "Client has been given the patch test aftercare leaflet", checked="false")
    p.el(3, "checkbox", "Send SMS reminder the day before", checked="true")
    p.el(3, "textbox", "Notes", key="pt_notes")
    p.txt(3, "The colour appointment must be at least 48 hours after the patch test.")
    p.el(3, "button", "Save patch test", key="pt_save")
    p.el(3, "link", "Cancel")

    def slots(pp):
        br = v.get("branch", USER_BRANCH)
        pp.el(1, "complementary", "Patch test slots")
        pp.el(2, "heading", "Patch test slots — %s" % br)
        pp.el(2, "list", "")
        for d, n in (("Wed 15 Oct", 6), ("Thu 16 Oct", 3), ("Fri 17 Oct", 8), ("Sat 18 Oct", 1), ("Mon 20 Oct", 7), ("Mon 27 Oct", 9)):
            pp.el(3, "listitem", "")
            pp.txt(4, "%s: %d free" % (d, n))
    footer(p, t, extra_panels=slots)
    return p


def appt_form(t, cid, v, error=None):
    c = CL[cid]
    p = Page(BASE + "/diary/appointments/new?client=" + cid, "New appointment · %s" % c[1], "ap" + cid)
    chrome(p, t, ["Home", "Diary", "New appointment"])
    p.el(2, "heading", "New appointment")
    p.txt(2, "Client: %s (%s)" % (c[1], cid))
    if error:
        p.el(2, "alert", "", live="assertive")
        p.txt(3, error)
    p.el(2, "form", "Appointment")
    combo(p, 3, "Branch", v.get("branch", USER_BRANCH), BRANCHES, key="ap_branch")
    combo(p, 3, "Service", v.get("service", "Select a service…"), ["Select a service…"] + [s[0] for s in SERVICES],
          key="ap_service", required=True)
    combo(p, 3, "Stylist", v.get("stylist", "Any stylist"), ["Any stylist"] + [s[1] for s in STYLISTS], key="ap_stylist")
    p.el(3, "textbox", "Date (dd/mm/yyyy)", key="ap_date", value=v.get("date") or None, required=True)
    combo(p, 3, "Start time", v.get("time", "Select a time…"), ["Select a time…"] + TIMES, key="ap_time", required=True)
    if v.get("service") in SVC:
        s = SVC[v["service"]]
        p.txt(3, "Duration: %d h %02d min · Price from %s" % (s[1] // 60, s[1] % 60, s[2]))
    pts = ["Select patch test…"] + v.get("pt_options", [])
    combo(p, 3, "Patch test", v.get("pt", "Select patch test…"), pts, key="ap_pt")
    p.txt(3, "Required for colour services. Only tests taken 48 hours or more before the appointment can be linked.")
    p.el(3, "checkbox", "Send confirmation SMS", checked="true")
    p.el(3, "checkbox", "Take £20.00 deposit now", checked="false")
    p.el(3, "textbox", "Booking notes", key="ap_notes")
    p.el(3, "button", "Book appointment", key="ap_book")
    p.el(3, "link", "Cancel")

    def diary(pp):
        sty = v.get("stylist")
        pp.el(1, "complementary", "Stylist diary")
        if sty and sty in STY and v.get("date"):
            pp.el(2, "heading", "%s — %s" % (sty, v["date"]))
            busy = {"09:00": "Cut & blow-dry (booked)", "11:00": "Toner & gloss (booked)", "12:45": "Lunch",
                    "15:30": "Root tint (booked)", "17:00": "Blow-dry (booked)"}
            slots = sorted(set(busy) | {"10:30", "13:00", v.get("time", "10:30")})
            busy.pop(v.get("time"), None)
            table(pp, 2, "Diary", ["Time", "Booking"], [[s_, busy.get(s_, "Free")] for s_ in slots])
        else:
            pp.el(2, "heading", "Stylist diary")
            pp.txt(2, "Choose a stylist and date to see their day.")
    footer(p, t, extra_panels=diary)
    return p


def booking_dialog(p, cid, v):
    s = SVC[v["service"]]
    h, m = map(int, v["time"].split(":"))
    end = h * 60 + m + s[1]
    p.el(0 + 1, "dialog", "Confirm booking", modal=True)
    p.el(2, "heading", "Confirm booking")
    p.txt(2, "%s with %s" % (v["service"], v["stylist"]))
    p.txt(2, "%s, %s–%02d:%02d at %s" % (v["date_long"], v["time"], end // 60, end % 60, v["branch"]))
    p.txt(2, "Client: %s (%s)" % (CL[cid][1], cid))
    if v.get("pt", "Select patch test…").startswith("PT-"):
        p.txt(2, "Patch test: %s" % v["pt"])
    else:
        p.txt(2, "Patch test: none selected. The client will not be able to check in for a colour service without one.")
    p.txt(2, "A confirmation SMS will be sent to %s." % CL[cid][3])
    p.el(2, "button", "Cancel", key="dlg_cancel")
    p.el(2, "button", "Confirm booking", key="dlg_confirm")
    return p


def appt_page(t, cid, apt, v, toast=True, pt_linked=True):
    c = CL[cid]
    s = SVC[v["service"]]
    h, m = map(int, v["time"].split(":"))
    end = h * 60 + m + s[1]
    p = Page(BASE + "/diary/appointments/" + apt, "Appointment %s" % apt, apt)
    chrome(p, t, ["Home", "Diary", "Appointment %s" % apt])
    p.el(2, "heading", "Appointment %s" % apt)
    p.txt(2, "Status: Booked")
    if not pt_linked:
        p.el(2, "note", "")
        p.txt(3, "Patch test missing — check-in for this colour service will be blocked until a valid patch test is linked.")
    p.el(2, "toolbar", "Appointment actions")
    for b in ("Edit", "Reschedule", "Cancel appointment", "Send reminder"):
        p.el(3, "button", b)
    p.el(3, "button", "Check in", disabled=True)
    dl(p, 2, [("Client", "%s (%s)" % (c[1], cid)), ("Service", v["service"]), ("Stylist", v["stylist"]),
              ("Branch", v["branch"]), ("Date", v["date_long"]),
              ("Time", "%s–%02d:%02d" % (v["time"], end // 60, end % 60)),
              ("Duration", "%d h %02d min" % (s[1] // 60, s[1] % 60)), ("Price from", s[2]),
              ("Patch test", v["pt"] if pt_linked else "Not linked"),
              ("Booked by", "%s, %s %s" % (USER, TODAY, t.clock)), ("Confirmation SMS", "Queued to %s" % c[3])])
    p.el(2, "heading", "Activity")
    p.el(2, "list", "")
    for a in ("%s Appointment created by %s" % (t.clock, USER), "%s Confirmation SMS queued" % t.clock):
        p.el(3, "listitem", "")
        p.txt(4, a)

    def related(pp):
        pp.el(1, "complementary", "Related records")
        pp.el(2, "heading", "Related records")
        pp.el(2, "list", "")
        items = ["Client %s" % client_label(cid)]
        if pt_linked:
            items.append("Patch test %s" % v["pt"].split(" ")[0])
        items.append("%s's day: %s (7 bookings)" % (v["stylist"], v["date_long"]))
        for r in items:
            pp.el(3, "listitem", "")
            pp.el(4, "link", r)
    msg = None
    if toast:
        msg = "Appointment %s booked for %s — %s, %s with %s." % (apt, c[1], v["date_long"], v["time"], v["stylist"])
    footer(p, t, toast=msg, extra_panels=related)
    return p


# ---------------------------------------------------------------------------
# Pages: returns
# ---------------------------------------------------------------------------
RETURN_STATUS = ["All statuses", "Draft", "Processed", "Voided"]


def returns_list(t, extra=None, refreshed=None):
    p = Page(BASE + "/retail/returns", "Returns · Retail", "returns")
    chrome(p, t, ["Home", "Retail", "Returns"])
    p.el(2, "heading", "Returns")
    p.txt(2, "Returns and refunds across all branches. Returns are accepted within 30 days with a receipt.")
    p.el(2, "button", "New return", key="new_return")
    p.el(2, "button", "Export CSV")
    p.el(2, "region", "This week")
    p.txt(3, "This week: 11 returns · £612.40 refunded · 7 as store credit")
    p.el(2, "region", "Filters")
    p.el(3, "heading", "Filter returns")
    combo(p, 3, "Branch", "All branches", ["All branches"] + BRANCHES, key="rt_branch")
    combo(p, 3, "Status", "All statuses", RETURN_STATUS, key="rt_status")
    combo(p, 3, "Refund method", "Any method", ["Any method", "Store credit", "Original payment", "Cash"], key="rt_method")
    p.el(3, "textbox", "From (dd/mm/yyyy)", value="01/10/2025")
    p.el(3, "textbox", "To (dd/mm/yyyy)", value="14/10/2025")
    p.el(3, "textbox", "Receipt or return number", key="rt_q")
    p.el(3, "button", "Apply filters")
    rows = list(extra or []) + list(RETURNS)
    p.txt(2, "Showing 1–%d of %d returns" % (len(rows), 198 + len(rows)))
    if refreshed:
        p.txt(2, "Last refreshed %s" % refreshed)
    combo(p, 2, "Sort by", "Date (newest first)", ["Date (newest first)", "Date (oldest first)", "Amount (highest)", "Return number"])
    table(p, 2, "Returns", ["Return", "Date", "Branch", "Receipt", "Client", "Items", "Refund", "Method", "Status"],
          [[r[0], r[1], r[2], r[3], CL[r[4]][1], r[5], r[6], r[7], r[8]] for r in rows], link_cols=(0, 3))
    pagination(p, 2, 14)
    footer(p, t)
    return p


def progress(p, step):
    p.el(2, "list", "Return progress")
    for i, s in enumerate(["Find receipt", "Items", "Refund", "Review"], 1):
        p.el(3, "listitem", "")
        p.txt(4, "Step %d of 4: %s%s" % (i, s, " (current)" if i == step else ""))


def new_return_find(t, receipt_q="", error=None):
    p = Page(BASE + "/retail/returns/new", "New return · Returns", "newreturn")
    chrome(p, t, ["Home", "Retail", "Returns", "New return"])
    p.el(2, "heading", "New return")
    progress(p, 1)
    if error:
        p.el(2, "alert", "", live="assertive")
        p.txt(3, error)
    p.el(2, "heading", "Find receipt")
    p.el(2, "textbox", "Receipt number", key="rcpt_no", value=receipt_q or None, placeholder="e.g. RCPT-ISL-207201")
    p.el(2, "button", "Find receipt", key="find_rcpt")
    p.txt(2, "or")
    p.el(2, "textbox", "Search receipts by client name or phone", key="rcpt_client")
    p.el(2, "region", "Returns policy")
    p.txt(3, "Returns policy: refunds within 30 days of purchase with a receipt. Opened products can only be returned if faulty or if they caused a reaction. Store credit is valid for 12 months.")
    p.el(2, "heading", "Recent receipts — all branches")
    table(p, 2, "Recent receipts", ["Receipt", "Date", "Branch", "Client", "Items", "Total", "Payment"],
          [[r[0], r[1], r[2], CL[r[5]][1], "%d item%s" % (sum(q for _, q in r[7]), "s" if sum(q for _, q in r[7]) > 1 else ""),
            money(receipt_total(r)), r[6]] for r in RECEIPTS], link_cols=(0,), keyfn=lambda r, i: "rc_" + r[0])
    pagination(p, 2, 41)
    footer(p, t)
    return p


REASONS = ["Select a reason…", "Unopened – changed mind", "Wrong product purchased", "Faulty",
           "Allergic reaction / irritation", "Gift return", "Other"]


def new_return_items(t, rno, v, error=None):
    """v: {'checked': set(sku), 'qty': {sku: n}, 'reason': str, 'method': 'credit'|'original', 'notes': str}"""
    r = RC[rno]
    cid = r[5]
    acct = CREDIT_ACCOUNTS.get(cid, ("SC-00000", 0.0, True))
    p = Page(BASE + "/retail/returns/new?receipt=" + rno, "New return · %s" % rno, "items" + rno)
    chrome(p, t, ["Home", "Retail", "Returns", "New return"])
    p.el(2, "heading", "New return")
    progress(p, 2 if not v.get("checked") else 3)
    if error:
        p.el(2, "alert", "", live="assertive")
        p.txt(3, error)
    p.el(2, "heading", "Receipt %s" % rno)
    days = {"RCPT-CLK-104552": 11, "RCPT-ISL-207318": 10, "RCPT-SHD-310096": 6, "RCPT-CLK-104871": 1}.get(rno, 5)
    dl(p, 2, [("Date", r[1]), ("Branch", r[2]), ("Till", r[3]), ("Served by", r[4]),
              ("Client", "%s (%s)" % (CL[cid][1], cid)), ("Payment", "%s — %s" % (r[6], money(receipt_total(r)))),
              ("Days since purchase", "%d of 30" % days)])
    p.el(2, "link", "%s (%s)" % (CL[cid][1], cid), key="rcpt_client_link")
    p.el(2, "button", "Change receipt")
    p.el(2, "heading", "Items on this receipt")
    p.el(2, "table", "Receipt items")
    p.el(3, "rowgroup", "")
    p.el(4, "row", "")
    for h in ("Return?", "Item", "SKU", "Bought", "Already returned", "Return qty", "Unit price"):
        p.el(5, "columnheader", h)
    p.el(3, "rowgroup", "")
    total = 0.0
    for sku, q in r[7]:
        name, price = PRODUCTS[sku]
        on = sku in v.get("checked", set())
        n = v.get("qty", {}).get(sku, 1)
        if on:
            total += price * n
        p.el(4, "row", "")
        p.el(5, "cell", "")
        p.el(6, "checkbox", "Return %s" % name, key="chk_" + sku, checked="true" if on else "false")
        p.el(5, "cell", name)
        p.el(5, "cell", sku)
        p.el(5, "cell", str(q))
        p.el(5, "cell", "0")
        p.el(5, "cell", "")
        p.el(6, "combobox", "Quantity to return: %s" % name, key="qty_" + sku, value=str(n), hasPopup="menu",
             expanded=False, disabled=None if on else True)
        options(p, 7, [str(i) for i in range(1, q + 1)], str(n))
        p.el(5, "cell", money(price))
    combo(p, 2, "Reason for return", v.get("reason", REASONS[0]), REASONS, key="reason", required=True)
    p.el(2, "textbox", "Condition notes", key="notes", value=v.get("notes") or None)
    p.el(2, "checkbox", "Item inspected and returned to stock", checked="true")
    p.el(2, "radiogroup", "Refund method")
    m = v.get("method", "original")
    p.el(3, "radio", "Store credit (%s — balance %s)" % (acct[0] if not acct[2] else "new account", money(acct[1])),
         key="m_credit", checked="true" if m == "credit" else "false")
    p.el(3, "radio", "Original payment — %s" % r[6], key="m_original", checked="true" if m == "original" else "false")
    p.el(3, "radio", "Cash", key="m_cash", checked="false", disabled=True)
    p.txt(2, "Cash refunds need a manager's PIN.")
    p.txt(2, "Refund total: %s" % money(total))
    p.el(2, "button", "Review return", key="review")
    p.el(2, "link", "Cancel return")

    def rel(pp):
        pp.el(1, "complementary", "Client purchases")
        pp.el(2, "heading", "Other receipts for %s" % CL[cid][1])
        pp.el(2, "list", "")
        for o in [x for x in RECEIPTS if x[5] == cid and x[0] != rno][:3] or []:
            pp.el(3, "listitem", "")
            pp.el(4, "link", "%s · %s" % (o[0], o[1]))
        if not [x for x in RECEIPTS if x[5] == cid and x[0] != rno]:
            pp.txt(2, "No other receipts in the last 90 days.")
    footer(p, t, extra_panels=rel)
    return p


def draft_lines(rno, v):
    out = []
    for sku, q in RC[rno][7]:
        if sku in v["checked"]:
            n = v.get("qty", {}).get(sku, 1)
            out.append((sku, PRODUCTS[sku][0], n, PRODUCTS[sku][1] * n))
    return out


def review_page(t, rno, v, status_line="Draft return — not yet processed", busy=False, toast=None):
    r = RC[rno]
    cid = r[5]
    acct = CREDIT_ACCOUNTS[cid]
    lines = draft_lines(rno, v)
    total = sum(x[3] for x in lines)
    p = Page(BASE + "/retail/returns/new/review?receipt=" + rno, "Review return · %s" % rno, "review" + rno)
    chrome(p, t, ["Home", "Retail", "Returns", "New return", "Review"])
    p.el(2, "heading", "Review return")
    progress(p, 4)
    p.txt(2, status_line)
    table(p, 2, "Items to return", ["Item", "SKU", "Qty", "Reason", "Refund"],
          [[x[1], x[0], str(x[2]), v["reason"], money(x[3])] for x in lines])
    method = "Store credit" if v["method"] == "credit" else "Original payment — %s" % r[6]
    pairs = [("Receipt", rno), ("Client", "%s (%s)" % (CL[cid][1], cid)), ("Refund method", method),
             ("Refund total", money(total))]
    if v["method"] == "credit":
        pairs.append(("Store credit account", "%s (%s)" % (acct[0], "new" if acct[2] else "existing")))
        pairs.append(("Store credit balance after", money(acct[1] + total)))
    else:
        pairs.append(("Card refund", "3–5 working days to appear on the statement"))
    dl(p, 2, pairs)
    p.el(2, "checkbox", "Print return slip", checked="true")
    p.el(2, "checkbox", "Email return receipt to client", checked="true")
    p.el(2, "button", "Back to edit", key="back_edit")
    p.el(2, "button", "Processing…" if busy else "Process return", key="process", disabled=True if busy else None)
    footer(p, t, toast="Processing return…" if busy else toast)
    return p


def process_dialog(p, rno, v):
    r = RC[rno]
    cid = r[5]
    lines = draft_lines(rno, v)
    total = sum(x[3] for x in lines)
    n = sum(x[2] for x in lines)
    p.el(1, "dialog", "Process this return?", modal=True)
    p.el(2, "heading", "Process this return?")
    if v["method"] == "credit":
        p.txt(2, "Add %s store credit for %s (%s) and return %d item%s to stock at %s." % (
            money(total), CL[cid][1], cid, n, "s" if n > 1 else "", r[2]))
    else:
        p.txt(2, "Refund %s to %s for %s (%s) and return %d item%s to stock at %s." % (
            money(total), r[6], CL[cid][1], cid, n, "s" if n > 1 else "", r[2]))
    p.txt(2, "Processed returns cannot be edited. To reverse one, a manager must void it.")
    p.el(2, "button", "Cancel", key="dlg_cancel")
    p.el(2, "button", "Process return", key="dlg_process")
    return p


def return_page(t, rtn, rno, v, balance_before=None, other_returns=None, toast=True):
    r = RC[rno]
    cid = r[5]
    acct = CREDIT_ACCOUNTS[cid]
    lines = draft_lines(rno, v)
    total = sum(x[3] for x in lines)
    before = acct[1] if balance_before is None else balance_before
    p = Page(BASE + "/retail/returns/" + rtn, "Return %s · Returns" % rtn, rtn)
    chrome(p, t, ["Home", "Retail", "Returns", rtn])
    p.el(2, "heading", "Return %s" % rtn)
    p.txt(2, "Status: Processed")
    p.el(2, "toolbar", "Return actions")
    p.el(3, "button", "Print return slip")
    p.el(3, "button", "Email return receipt")
    p.el(3, "button", "Void return (manager only)", disabled=True)
    method = "Store credit" if v["method"] == "credit" else "Original payment — %s" % r[6]
    pairs = [("Receipt", rno), ("Client", "%s (%s)" % (CL[cid][1], cid)),
             ("Processed by", "%s at %s, %s" % (USER, USER_BRANCH, t.clock)), ("Reason", v["reason"]),
             ("Refund method", method), ("Refund total", money(total))]
    if v["method"] == "credit":
        pairs.append(("Store credit account", "%s · balance %s" % (acct[0], money(before + total))))
    dl(p, 2, pairs)
    table(p, 2, "Returned items", ["Item", "SKU", "Qty", "Refund", "Stock"],
          [[x[1], x[0], str(x[2]), money(x[3]), "Returned to stock at %s" % r[2]] for x in lines])
    p.el(2, "heading", "Activity")
    p.el(2, "list", "")
    acts = ["%s Return created from receipt %s" % (t.clock, rno), "%s Return processed by %s" % (t.clock, USER)]
    if v["method"] == "credit":
        acts.append("%s %s store credit added to %s" % (t.clock, money(total), acct[0]))
    for a in acts:
        p.el(3, "listitem", "")
        p.txt(4, a)

    def rel(pp):
        pp.el(1, "complementary", "Related records")
        pp.el(2, "heading", "Related records")
        pp.el(2, "list", "")
        items = ["Receipt %s" % rno, "Client %s" % client_label(cid)]
        if v["method"] == "credit":
            items.append("Store credit account %s" % acct[0])
        for x in items:
            pp.el(3, "listitem", "")
            pp.el(4, "link", x)
        pp.el(2, "heading", "Other returns on this receipt")
        if other_returns:
            pp.el(2, "list", "")
            for o in other_returns:
                pp.el(3, "listitem", "")
                pp.el(4, "link", o)
        else:
            pp.txt(2, "None")
    msg = None
    if toast:
        if v["method"] == "credit":
            msg = "Return %s processed. %s store credit added for %s." % (rtn, money(total), CL[cid][1])
        else:
            msg = "Return %s processed. %s refunded to %s." % (rtn, money(total), r[6])
    footer(p, t, toast=msg, extra_panels=rel)
    return p


# ---------------------------------------------------------------------------
# 3. Plans (written from the task text and the healthy pages only)
# ---------------------------------------------------------------------------
COLOUR_VARIANTS = {
    "a": dict(cid="CL-20417", query="Okafor", near=[("CL-20471", "Hana Okafor"), ("CL-19090", "Chidi Okafor")],
              service="Full head tint", stylist="Dario Bell", near_stylist="Daria Bello", branch="Clerkenwell",
              date="23/10/2025", date_long="Thu 23 Oct 2025", time="10:30",
              pt_date="20/10/2025", pt_long="Mon 20 Oct 2025", pt_time="16:00", line="Koleston Perfect (Wella)",
              pt_id="PT-88213", apt="APT-251023-0412"),
    "b": dict(cid="CL-19862", query="Marchetti", near=[("CL-19826", "Thea Marchetti")],
              service="Root tint", stylist="Nina Kowalczyk", near_stylist="Nina Kowalski", branch="Islington",
              date="25/10/2025", date_long="Sat 25 Oct 2025", time="09:00",
              pt_date="15/10/2025", pt_long="Wed 15 Oct 2025", pt_time="17:30", line="Majirel (L'Oréal Professionnel)",
              pt_id="PT-88214", apt="APT-251025-0107"),
    "c": dict(cid="CL-20933", query="Siobhan Reilly", near=[("CL-20939", "Siobhan Riley")],
              service="Balayage", stylist="Jess Amankwah", near_stylist=None, branch="Shoreditch",
              date="31/10/2025", date_long="Fri 31 Oct 2025", time="13:00",
              pt_date="27/10/2025", pt_long="Mon 27 Oct 2025", pt_time="11:00", line="Illumina Colour (Wella)",
              pt_id="PT-88215", apt="APT-251031-0233"),
    "d": dict(cid="CL-18804", query="Lindqvist", near=[("CL-18840", "Amira Lindqvist")],
              service="Half head highlights", stylist="Tomasz Reid", near_stylist="Tomas Reed", branch="Clerkenwell",
              date="21/10/2025", date_long="Tue 21 Oct 2025", time="14:15",
              pt_date="16/10/2025", pt_long="Thu 16 Oct 2025", pt_time="12:00", line="Inoa (L'Oréal Professionnel)",
              pt_id="PT-88216", apt="APT-251021-0391"),
}


def colour_task(v):
    c = CL[v["cid"]]
    return ("Book a %s for client %s (%s) with %s at %s on %s at %s. The client needs a new skin patch test first: "
            "book it at %s on %s at %s testing %s, and link it to the appointment." % (
                v["service"].lower(), c[1], v["cid"], v["stylist"], v["branch"], v["date_long"], v["time"],
                v["branch"], v["pt_long"], v["pt_time"], v["line"]))


def colour_plan(key):
    v = COLOUR_VARIANTS[key]
    c = CL[v["cid"]]
    name = c[1]
    near_exec = ["Client record %s (%s) is open" % (n, i) for i, n in v["near"]]
    near_exec.append("No clients match “%s”" % v["query"])
    stylist_falsify = ["Slot no longer available"]
    if v["near_stylist"]:
        stylist_falsify.insert(0, "Stylist: %s" % v["near_stylist"])
    return {
        "task": colour_task(v),
        "plan_falsifiers": {
            "execution": ["Sign in to %s" % PRODUCT, "Your session has expired. Please sign in again.",
                          "Something went wrong. Try again or contact support."],
            "planning": ["You don't have permission to book appointments at %s" % v["branch"]],
        },
        "commitments": [
            {"id": "open-client", "subgoal": "Find and open the client record for %s (%s)" % (name, v["cid"]),
             "skill": "open_record_by_search", "confidence": 0.8,
             "confirm": {"precondition": ["Clients"],
                         "progress": ["clients match “%s”" % v["query"], "%s %s" % (v["cid"], name)],
                         "completion": ["%s (%s) · Clients" % (name, v["cid"]), "Client %s · Home branch %s" % (v["cid"], c[2])]},
             "falsify": {"execution": near_exec,
                         "skill": ["Search by name, phone or client ID is not available"],
                         "planning": ["Client record is archived", "Allergy recorded: do not colour"]}},
            {"id": "book-patch-test",
             "subgoal": "Book a patch test at %s on %s at %s testing %s" % (v["branch"], v["pt_long"], v["pt_time"], v["line"]),
             "skill": "fill_form_and_save", "confidence": 0.7,
             "confirm": {"precondition": ["Book patch test", "For %s (%s)" % (name, v["cid"])],
                         "progress": ["Branch %s" % v["branch"], "Date %s" % v["pt_date"], "Time %s" % v["pt_time"], v["line"]],
                         "completion": ["Patch test booked for %s at %s" % (v["pt_long"], v["pt_time"]),
                                        "Status Booked — PT-"]},
             "falsify": {"execution": ["Enter a date in the format dd/mm/yyyy", "Colour line is required",
                                       "That patch test slot is full", "Patch test booked for a different date"],
                         "skill": [],
                         "planning": ["Client has a recorded reaction to %s" % v["line"]]}},
            {"id": "fill-appointment",
             "subgoal": "Fill in a new %s appointment with %s at %s on %s at %s, linked to the new patch test" % (
                 v["service"], v["stylist"], v["branch"], v["date_long"], v["time"]),
             "skill": "fill_form_and_save", "confidence": 0.7,
             "confirm": {"precondition": ["New appointment", "Client: %s (%s)" % (name, v["cid"])],
                         "progress": ["Service %s" % v["service"], "Stylist %s" % v["stylist"], "Date %s" % v["date"],
                                      "Start time %s" % v["time"], "Patch test PT-"],
                         "completion": ["Confirm booking", "%s with %s" % (v["service"], v["stylist"])]},
             "falsify": {"execution": stylist_falsify + ["No patch test linked to the appointment",
                                                         "The patch test must be at least 48 hours before the appointment"],
                         "skill": [],
                         "planning": ["%s is not working at %s on %s" % (v["stylist"], v["branch"], v["date_long"])]}},
            {"id": "confirm-booking", "subgoal": "Confirm the booking and land on the new appointment record",
             "confidence": 0.8,
             "confirm": {"precondition": ["Confirm booking"],
                         "progress": [],
                         "completion": ["Appointment booked for %s — %s, %s with %s" % (name, v["date_long"], v["time"], v["stylist"]),
                                        "Status: Booked"]},
             "falsify": {"execution": [{"text": "click Cancel on the Confirm booking dialog", "on": "action"},
                                       "Booking not saved", "This slot is no longer available",
                                       "Appointment saved without a patch test"],
                         "skill": [], "planning": []}},
            {"id": "report", "subgoal": "Tell the user the appointment and patch test references",
             "confidence": 0.9,
             "confirm": {"precondition": ["Appointment APT-", "Status: Booked", "Patch test PT-"],
                         "progress": [], "completion": []},
             "falsify": {"execution": [{"text": "report the booking as done while no appointment record is shown", "on": "action"}],
                         "skill": [], "planning": []}},
        ],
    }


RETURN_VARIANTS = {
    "a": dict(rno="RCPT-CLK-104552", sku="OLA-03-100", qty=1, reason="Unopened – changed mind",
              near_rcpt=["RCPT-CLK-104525", "RCPT-ISL-104552"], near_items=["OLA-04-250", "OLA-03-250"], rtn="RTN-003307"),
    "b": dict(rno="RCPT-ISL-207318", sku="MOR-TL-100", qty=2, reason="Wrong product purchased",
              near_rcpt=["RCPT-ISL-207381"], near_items=["MOR-TO-100"], rtn="RTN-003307"),
    "c": dict(rno="RCPT-SHD-310096", sku="GHD-PLT-WHT", qty=1, reason="Faulty",
              near_rcpt=["RCPT-SHD-310069"], near_items=["GHD-PLT-BLK"], rtn="RTN-003307"),
    "d": dict(rno="RCPT-CLK-104871", sku="KER-NMQ-200", qty=1, reason="Allergic reaction / irritation",
              near_rcpt=["RCPT-CLK-104817"], near_items=["KER-NBS-250"], rtn="RTN-003307"),
}


def returns_task(v):
    r = RC[v["rno"]]
    return ("Process a return on receipt %s for %s (%s): %d × %s, reason “%s”. Refund it as store credit, not to the card." % (
        v["rno"], CL[r[5]][1], r[5], v["qty"], PRODUCTS[v["sku"]][0], v["reason"]))


def returns_plan(key):
    v = RETURN_VARIANTS[key]
    r = RC[v["rno"]]
    cid = r[5]
    item = PRODUCTS[v["sku"]][0]
    amount = money(PRODUCTS[v["sku"]][1] * v["qty"])
    acct = CREDIT_ACCOUNTS[cid]
    return {
        "task": returns_task(v),
        "plan_falsifiers": {
            "execution": ["Sign in to %s" % PRODUCT, "Your session has expired. Please sign in again.",
                          "Something went wrong. Try again or contact support."],
            "planning": ["You don't have permission to process returns"],
        },
        "commitments": [
            {"id": "start-return", "subgoal": "Start a new return from the Returns page", "confidence": 0.9,
             "confirm": {"precondition": ["Returns", "New return"], "progress": [],
                         "completion": ["New return", "Find receipt"]},
             "falsify": {"execution": ["Returns · Retail page is still shown after clicking New return"],
                         "skill": [], "planning": []}},
            {"id": "load-receipt", "subgoal": "Load receipt %s for %s" % (v["rno"], CL[cid][1]),
             "skill": "open_record_by_id", "confidence": 0.8,
             "confirm": {"precondition": ["Find receipt"], "progress": ["Receipt number %s" % v["rno"]],
                         "completion": ["Receipt %s" % v["rno"], "Client %s (%s)" % (CL[cid][1], cid), "Items on this receipt"]},
             "falsify": {"execution": ["Receipt %s" % n for n in v["near_rcpt"]] + ["No receipt found with that number"],
                         "skill": [],
                         "planning": ["This receipt is outside the 30-day returns window", "All items on this receipt have already been returned"]}},
            {"id": "select-item", "subgoal": "Tick %d × %s and set the reason to “%s”" % (v["qty"], item, v["reason"]),
             "confidence": 0.7,
             "confirm": {"precondition": ["Items on this receipt"],
                         "progress": ["Return %s checked" % item, "Quantity to return: %s %d" % (item, v["qty"])],
                         "completion": ["Reason for return %s" % v["reason"]]},
             "falsify": {"execution": ["Return %s checked" % PRODUCTS[s][0] for s in v["near_items"]],
                         "skill": [], "planning": ["Opened products can only be returned if faulty"]}},
            {"id": "choose-store-credit", "subgoal": "Choose store credit as the refund method", "confidence": 0.8,
             "confirm": {"precondition": ["Refund method"], "progress": [],
                         "completion": ["Store credit radio checked", "Refund total: %s" % amount]},
             "falsify": {"execution": ["Original payment — %s checked" % r[6], "Cash refunds need a manager's PIN"],
                         "skill": [], "planning": []}},
            {"id": "review", "subgoal": "Review the draft: %d × %s, %s as store credit" % (v["qty"], item, amount),
             "confidence": 0.8,
             "confirm": {"precondition": ["Review return"],
                         "progress": ["Draft return — not yet processed"],
                         "completion": ["Refund method Store credit", "Refund total %s" % amount,
                                        "Store credit balance after %s" % money(acct[1] + PRODUCTS[v["sku"]][1] * v["qty"])]},
             "falsify": {"execution": ["Select at least one item to return", "Refund method Original payment",
                                       "Choose a reason for the return"],
                         "skill": [], "planning": []}},
            {"id": "process", "subgoal": "Process the return and see it recorded", "confidence": 0.8,
             "confirm": {"precondition": ["Process this return?"],
                         "progress": ["Add %s store credit for %s" % (amount, CL[cid][1])],
                         "completion": ["Return processed. %s store credit added for %s." % (amount, CL[cid][1]),
                                        "Status: Processed"]},
             "falsify": {"execution": [{"text": "click Cancel on the Process this return? dialog", "on": "action"},
                                       "Return could not be processed",
                                       "After confirming, the page still says Draft return — not yet processed",
                                       "Other returns on this receipt: RTN-"],
                         "skill": [], "planning": []}},
            {"id": "report", "subgoal": "Tell the user the return number and the store credit added", "confidence": 0.9,
             "confirm": {"precondition": ["Return RTN-", "Status: Processed", "Store credit account %s" % acct[0]],
                         "progress": [], "completion": []},
             "falsify": {"execution": [{"text": "report the return as processed while no processed return record is shown", "on": "action"}],
                         "skill": [], "planning": []}},
        ],
    }


def yaml_str(s):
    return json.dumps(s, ensure_ascii=False)


def emit_yaml(plan, header):
    out = ["# " + h for h in header]
    out.append("task: " + yaml_str(plan["task"]))

    def ev_list(items, ind):
        if not items:
            return [" []"], True
        res = []
        for it in items:
            if isinstance(it, str):
                res.append(" " * ind + "- " + yaml_str(it))
            else:
                res.append(" " * ind + "- text: " + yaml_str(it["text"]))
                res.append(" " * ind + "  on: " + it["on"])
        return res, False

    def scopes(d, ind):
        res = []
        for k, items in d.items():
            body, inline = ev_list(items, ind + 2)
            if inline:
                res.append(" " * ind + k + ":" + body[0])
            else:
                res.append(" " * ind + k + ":")
                res.extend(body)
        return res

    out.append("plan_falsifiers:")
    out.extend(scopes(plan["plan_falsifiers"], 2))
    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + yaml_str(c["subgoal"]))
        if "skill" in c:
            out.append("    skill: " + c["skill"])
        out.append("    confidence: " + repr(c["confidence"]))
        out.append("    confirm:")
        out.extend(scopes(c["confirm"], 6))
        out.append("    falsify:")
        out.extend(scopes(c["falsify"], 6))
    return "\n".join(out) + "\n"


def plan_path(workflow, key):
    return "plans/%s.yaml" % workflow if key == "a" else "plans/%s-%s.yaml" % (workflow, key)


PLAN_HEADER = ["Plan for one task variant of the '%s' workflow in %s %s.",
               "Written from the task text and the healthy pages only, before any faulty run; not tuned afterwards."]


# ---------------------------------------------------------------------------
# 4. Healthy runs
# ---------------------------------------------------------------------------
COLOUR_RECENT = ["Hannah O'Connor · CL-21417", "RCPT-ISL-207201 · receipt", "Lucy Ashdown · CL-19977",
                 "APT-251014-0220 · appointment", "Beatriz Santos · CL-20360", "RTN-003306 · return"]
RETURNS_RECENT = ["RTN-003306 · return", "Thea Marchetti · CL-19826", "RCPT-ISL-207201 · receipt",
                  "Beatriz Santos · CL-20360", "APT-251014-0220 · appointment", "Hannah O'Connor · CL-21417"]


def colour_run(tid, key, fault=None):
    v = dict(COLOUR_VARIANTS[key])
    t = Traj(tid, "colour", colour_task(v), plan_path("colour", key), fault, COLOUR_RECENT)
    return t, v


def c_open(t, v, pick=None, use_global_search=False, reasoning=None, off_track=False):
    """Search for the client and open `pick` (default: the task's client)."""
    pick = pick or v["cid"]
    if use_global_search:
        t.act("fill", "global_search", v["query"], "Search for the client from the header search box.", "read",
              "open-client", clients_page(t, gsearch=v["query"]))
        t.act("press", "global_search", "Enter", "Run the search.", "read", "open-client",
              global_search_page(t, v["query"]))
    else:
        t.act("fill", "client_search", v["query"], "Type the client's surname into the client search.", "read",
              "open-client", clients_page(t, q=v["query"]))
        t.act("click", "apply_filters", None, "Apply the search.", "read", "open-client",
              clients_page(t, q=v["query"], searched=True))
    t.visit(client_label(pick))
    t.act("click", "client_" + pick, None,
          reasoning or "Open %s, %s — the ID matches the task." % (CL[pick][1], pick), "read", "open-client",
          client_page(t, pick), off_track=off_track)
    return pick


def c_patch(t, v, cid):
    """Book the patch test from the open client record; returns the option label for the appointment form."""
    pv = {}
    t.act("click", "book_pt", None, "The patch test is %s; book a new one first." % CL[cid][5].split(" ")[0].lower(), "read",
          "book-patch-test", patch_form(t, cid, pv))
    if v["branch"] != USER_BRANCH:
        pv["branch"] = v["branch"]
        t.act("select_option", "pt_branch", v["branch"], "The patch test is at %s." % v["branch"], "write",
              "book-patch-test", patch_form(t, cid, pv))
    pv["date"] = v["pt_date"]
    t.act("fill", "pt_date", v["pt_date"], "Enter the patch test date.", "write", "book-patch-test", patch_form(t, cid, pv))
    pv["time"] = v["pt_time"]
    t.act("select_option", "pt_time", v["pt_time"], "Pick the patch test time.", "write", "book-patch-test",
          patch_form(t, cid, pv))
    pv["line"] = v["line"]
    t.act("select_option", "pt_line", v["line"], "Test the colour line named in the task.", "write", "book-patch-test",
          patch_form(t, cid, pv))
    patch = (v["pt_id"], v["pt_long"], v["pt_time"], v["branch"], v["line"].split(" (")[0])
    t.act("click", "pt_save", None, "Save the patch test.", "irreversible", "book-patch-test",
          client_page(t, cid, patch=patch, toast="Patch test %s booked for %s at %s (%s)." % (
              v["pt_id"], v["pt_long"], v["pt_time"], v["branch"])))
    return "%s · %s %s · Booked" % (v["pt_id"], v["pt_long"], v["pt_time"])


def c_appt(t, v, cid, pt_opt, link_pt=True, book_reasoning="Submit the booking.", book_off_track=False):
    """Fill the appointment form and press Book appointment (dialog opens). Returns (form values, full values)."""
    av = {"pt_options": [pt_opt]}
    t.act("click", "new_appt", None, "Now book the colour appointment.", "read", "fill-appointment", appt_form(t, cid, av))
    if v["branch"] != USER_BRANCH:
        av["branch"] = v["branch"]
        t.act("select_option", "ap_branch", v["branch"], "Appointment branch.", "write", "fill-appointment", appt_form(t, cid, av))
    av["service"] = v["service"]
    t.act("select_option", "ap_service", v["service"], "Choose the service.", "write", "fill-appointment", appt_form(t, cid, av))
    av["stylist"] = v["stylist"]
    t.act("select_option", "ap_stylist", v["stylist"], "Choose the stylist named in the task.", "write", "fill-appointment",
          appt_form(t, cid, av))
    av["date"] = v["date"]
    t.act("fill", "ap_date", v["date"], "Appointment date.", "write", "fill-appointment", appt_form(t, cid, av))
    av["time"] = v["time"]
    t.act("select_option", "ap_time", v["time"], "Start time.", "write", "fill-appointment", appt_form(t, cid, av))
    if link_pt:
        av["pt"] = pt_opt
        t.act("select_option", "ap_pt", pt_opt, "Link the patch test just booked.", "write", "fill-appointment",
              appt_form(t, cid, av))
    full = dict(av, branch=v["branch"], date_long=v["date_long"])
    t.act("click", "ap_book", None, book_reasoning, "write", "fill-appointment",
          booking_dialog(appt_form(t, cid, av), cid, full), off_track=book_off_track)
    return av, full


def c_report_text(v, name):
    return "Booked %s for %s with %s on %s at %s (%s); patch test %s on %s at %s, linked." % (
        v["service"].lower(), name, v["stylist"], v["date_long"], v["time"], v["apt"], v["pt_id"], v["pt_long"], v["pt_time"])


def colour_healthy(tid, key, use_global_search=False):
    t, v = colour_run(tid, key)
    cid = v["cid"]
    name = CL[cid][1]
    t.start(clients_page(t))
    c_open(t, v, use_global_search=use_global_search)
    pt_opt = c_patch(t, v, cid)
    av, full = c_appt(t, v, cid, pt_opt)
    t.visit("%s · appointment" % v["apt"])
    t.act("click", "dlg_confirm", None, "Details in the dialog are right; confirm.", "irreversible", "confirm-booking",
          appt_page(t, cid, v["apt"], full))
    t.act("send_msg_to_user", None, c_report_text(v, name), "Report the references.", "read", "report")
    t.success = True
    t.summary = "Patch test %s and appointment %s booked for %s as asked." % (v["pt_id"], v["apt"], name)
    return t


def returns_run(tid, key, fault=None):
    v = dict(RETURN_VARIANTS[key])
    t = Traj(tid, "returns", returns_task(v), plan_path("returns", key), fault, RETURNS_RECENT, clock="11:06")
    return t, v


def r_load(t, v, pick_from_table=False):
    rno = v["rno"]
    cid = RC[rno][5]
    t.act("click", "new_return", None, "Start a new return.", "read", "start-return", new_return_find(t))
    if pick_from_table:
        t.visit("%s · receipt" % rno)
        t.act("click", "rc_" + rno, None, "The receipt is in the recent list; open it (%s, %s)." % (rno, CL[cid][1]),
              "read", "load-receipt", new_return_items(t, rno, {}))
    else:
        t.act("fill", "rcpt_no", rno, "Enter the receipt number from the task.", "read", "load-receipt", new_return_find(t, rno))
        t.visit("%s · receipt" % rno)
        t.act("click", "find_rcpt", None, "Look the receipt up.", "read", "load-receipt", new_return_items(t, rno, {}))


def r_items(t, v, sku=None, qty=None, check_reasoning=None, check_off=False, qty_off=False):
    """Tick the line, set quantity, reason and (for opened items) notes; returns the form values."""
    rno = v["rno"]
    sku = sku or v["sku"]
    qty = v["qty"] if qty is None else qty
    item = PRODUCTS[sku][0]
    fv = {"checked": {sku}, "qty": {}, "method": "original"}
    t.act("check", "chk_" + sku, None, check_reasoning or "Tick %s." % item, "write", "select-item",
          new_return_items(t, rno, fv), off_track=check_off)
    if qty != 1:
        fv["qty"][sku] = qty
        t.act("select_option", "qty_" + sku, str(qty), "Return %d of them." % v["qty"], "write", "select-item",
              new_return_items(t, rno, fv), off_track=qty_off)
    fv["reason"] = v["reason"]
    t.act("select_option", "reason", v["reason"], "Reason from the task.", "write", "select-item", new_return_items(t, rno, fv))
    if v["reason"] in ("Faulty", "Allergic reaction / irritation"):
        fv["notes"] = {"Faulty": "Plates do not heat; red light flashes. Checked in store.",
                       "Allergic reaction / irritation": "Client reports scalp irritation after one use."}[v["reason"]]
        t.act("fill", "notes", fv["notes"], "Opened item: note the condition.", "write", "select-item",
              new_return_items(t, rno, fv))
    return fv


def r_credit(t, v, fv):
    fv["method"] = "credit"
    t.act("click", "m_credit", None, "Refund as store credit, not to the card.", "write", "choose-store-credit",
          new_return_items(t, v["rno"], fv))


def r_review_and_open_dialog(t, v, fv):
    rno = v["rno"]
    t.act("click", "review", None, "Go to the review step.", "read", "review", review_page(t, rno, fv))
    t.act("click", "process", None, "Everything matches; process it.", "write", "process",
          process_dialog(review_page(t, rno, fv), rno, fv))


def r_report_text(v, fv, rtn):
    cid = RC[v["rno"]][5]
    lines = draft_lines(v["rno"], fv)
    return "Return %s processed: %d × %s, %s added as store credit to %s (%s)." % (
        rtn, v["qty"], PRODUCTS[v["sku"]][0], money(PRODUCTS[v["sku"]][1] * v["qty"]), CL[cid][1], CREDIT_ACCOUNTS[cid][0])


def returns_healthy(tid, key, pick_from_table=False):
    t, v = returns_run(tid, key)
    rno = v["rno"]
    item = PRODUCTS[v["sku"]][0]
    t.start(returns_list(t))
    r_load(t, v, pick_from_table)
    fv = r_items(t, v)
    r_credit(t, v, fv)
    r_review_and_open_dialog(t, v, fv)
    t.visit("%s · return" % v["rtn"])
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process", return_page(t, v["rtn"], rno, fv))
    amount = money(PRODUCTS[v["sku"]][1] * v["qty"])
    t.act("send_msg_to_user", None, r_report_text(v, fv, v["rtn"]), "Report the result.", "read", "report")
    t.success = True
    t.summary = "Return %s processed for %d × %s with %s store credit." % (v["rtn"], v["qty"], item, amount)
    return t


def healthy_runs():
    return [
        colour_healthy("colour-healthy-01", "a"),
        colour_healthy("colour-healthy-02", "b"),
        colour_healthy("colour-healthy-03", "c"),
        colour_healthy("colour-healthy-04", "d", use_global_search=True),
        returns_healthy("returns-healthy-01", "a"),
        returns_healthy("returns-healthy-02", "b"),
        returns_healthy("returns-healthy-03", "c", pick_from_table=True),
        returns_healthy("returns-healthy-04", "d"),
    ]


# ---------------------------------------------------------------------------
# 5. Faulty runs (written after the plans were fixed)
# ---------------------------------------------------------------------------
def colour_wrong_record():
    """Opens Hana Okafor (CL-20471) from the results instead of Hannah Okafor (CL-20417) and books on her."""
    t, v = colour_run("colour-wrong_record-01", "a", "wrong_record")
    t.start(clients_page(t))
    wrong = c_open(t, v, pick="CL-20471", off_track=True,
                   reasoning="Open the client record for Hannah Okafor.")
    pt_opt = c_patch(t, v, wrong)
    av, full = c_appt(t, v, wrong, pt_opt)
    t.visit("%s · appointment" % v["apt"])
    t.act("click", "dlg_confirm", None, "Confirm the booking.", "irreversible", "confirm-booking",
          appt_page(t, wrong, v["apt"], full))
    t.act("send_msg_to_user", None, c_report_text(v, "Hannah Okafor"), "Report the references.", "read", "report")
    t.success = False
    t.summary = "Patch test and appointment were booked on Hana Okafor (CL-20471), a different client, not CL-20417."
    return t


def colour_unrequested_filter():
    """Narrows the client list to the Islington branch (not asked); Theo Marchetti lives in Hackney, so only
    Thea Marchetti shows and the agent gives up."""
    t, v = colour_run("colour-unrequested_filter-01", "b", "unrequested_filter")
    t.start(clients_page(t))
    t.act("select_option", "branch_filter", "Islington",
          "The appointment is at Islington, so limit the list to Islington clients first.", "read", "open-client",
          clients_page(t, branch="Islington"), off_track=True)
    t.act("fill", "client_search", v["query"], "Search for the surname.", "read", "open-client",
          clients_page(t, q=v["query"], branch="Islington"))
    t.act("click", "apply_filters", None, "Apply the search and branch filter.", "read", "open-client",
          clients_page(t, q=v["query"], branch="Islington", searched=True))
    t.act("send_msg_to_user", None,
          "I couldn't find a client called Theo Marchetti (CL-19862). The only Marchetti is Thea Marchetti (CL-19826), "
          "so I haven't booked anything — please check the client's details.",
          "The requested client does not appear; stop and tell the user.", "read", "report")
    t.success = False
    t.summary = ("An unrequested Home branch = Islington filter hid Theo Marchetti (home branch Hackney); "
                 "nothing was booked and the user was told the client does not exist.")
    return t


def colour_required_field_skipped():
    """Books the patch test but submits the appointment without choosing it in the Patch test field."""
    t, v = colour_run("colour-required_field_skipped-01", "c", "required_field_skipped")
    cid = v["cid"]
    t.start(clients_page(t))
    c_open(t, v)
    pt_opt = c_patch(t, v, cid)
    av, full = c_appt(t, v, cid, pt_opt, link_pt=False, book_off_track=True,
                      book_reasoning="Service, stylist, date and time are set; book it.")
    t.visit("%s · appointment" % v["apt"])
    full["pt"] = "Not linked"
    t.act("click", "dlg_confirm", None, "Confirm the booking.", "irreversible", "confirm-booking",
          appt_page(t, cid, v["apt"], full, pt_linked=False))
    t.act("send_msg_to_user", None, c_report_text(v, CL[cid][1]), "Report the references.", "read", "report")
    t.success = False
    t.summary = ("Appointment APT-251031-0233 saved with Patch test = Not linked; the patch test PT-88215 exists but "
                 "is not attached, so check-in for the balayage will be blocked.")
    return t


def colour_error_ignored():
    """The final confirm fails with a slot-taken banner; the agent reports success anyway."""
    t, v = colour_run("colour-error_ignored-01", "d", "error_ignored")
    cid = v["cid"]
    t.start(clients_page(t))
    c_open(t, v, use_global_search=True)
    pt_opt = c_patch(t, v, cid)
    av, full = c_appt(t, v, cid, pt_opt)
    err = ("Booking not saved. Tomasz Reid's 14:15 slot on Tue 21 Oct 2025 was taken by another booking "
           "(APT-251021-0388) while you were editing. Choose another time.")
    t.act("click", "dlg_confirm", None, "Details in the dialog are right; confirm.", "irreversible", "confirm-booking",
          appt_form(t, cid, av, error=err))
    t.mark_off_track_here()
    t.act("send_msg_to_user", None, c_report_text(v, CL[cid][1]), "The booking went through; report it.", "read", "report")
    t.success = False
    t.summary = "The appointment was never saved (slot taken); the agent ignored the error banner and reported it booked."
    return t


def colour_dialog_cancelled():
    """Presses Cancel in the Confirm booking dialog, then reports the booking as made."""
    t, v = colour_run("colour-dialog_cancelled-01", "a", "dialog_cancelled")
    cid = v["cid"]
    t.start(clients_page(t))
    c_open(t, v)
    pt_opt = c_patch(t, v, cid)
    av, full = c_appt(t, v, cid, pt_opt)
    t.act("click", "dlg_cancel", None, "The booking summary is shown; close the dialog to finish.", "read",
          "confirm-booking", appt_form(t, cid, av), off_track=True)
    t.act("send_msg_to_user", None,
          "Booked full head tint for Hannah Okafor with Dario Bell on Thu 23 Oct 2025 at 10:30; patch test PT-88213 "
          "on Mon 20 Oct 2025 at 16:00, linked.", "Report the booking.", "read", "report")
    t.success = False
    t.summary = "The confirm dialog was cancelled, so no appointment exists; only the patch test was booked."
    return t


def colour_premature_done():
    """Reports the whole booking as done right after saving the patch test."""
    t, v = colour_run("colour-premature_done-01", "b", "premature_done")
    cid = v["cid"]
    t.start(clients_page(t))
    c_open(t, v)
    c_patch(t, v, cid)
    t.act("send_msg_to_user", None,
          "Done: patch test PT-88214 booked for Wed 15 Oct 2025 at 17:30 at Islington, and Theo Marchetti's root tint "
          "with Nina Kowalczyk is set for Sat 25 Oct 2025 at 09:00.",
          "Patch test saved — the booking is complete.", "read", "report", off_track=True)
    t.success = False
    t.summary = "Only the patch test was booked; no root tint appointment was created before the agent reported done."
    return t


def returns_similar_item():
    """Ticks Olaplex No.4 Bond Maintenance Shampoo (same price, next row) instead of Olaplex No.3 100ml."""
    t, v = returns_run("returns-similar_item-01", "a", "similar_item")
    rno = v["rno"]
    t.start(returns_list(t))
    r_load(t, v)
    fv = r_items(t, v, sku="OLA-04-250", check_off=True, check_reasoning="Tick the Olaplex line, £28.00.")
    r_credit(t, v, fv)
    r_review_and_open_dialog(t, v, fv)
    t.visit("%s · return" % v["rtn"])
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process", return_page(t, v["rtn"], rno, fv))
    t.act("send_msg_to_user", None, r_report_text(v, fv, v["rtn"]), "Report the result.", "read", "report")
    t.success = False
    t.summary = ("RTN-003307 returned Olaplex No.4 Bond Maintenance Shampoo 250ml to stock instead of Olaplex No.3 "
                 "Hair Perfector 100ml; the £28.00 credit hides the mistake.")
    return t


def returns_wrong_value():
    """Chooses quantity 3 instead of 2 for the Moroccanoil Treatment Light line."""
    t, v = returns_run("returns-wrong_value-01", "b", "wrong_value")
    rno = v["rno"]
    t.start(returns_list(t))
    r_load(t, v)
    fv = r_items(t, v, qty=3, qty_off=True)
    r_credit(t, v, fv)
    r_review_and_open_dialog(t, v, fv)
    t.visit("%s · return" % v["rtn"])
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process", return_page(t, v["rtn"], rno, fv))
    t.act("send_msg_to_user", None,
          "Return RTN-003307 processed: Moroccanoil Treatment Light 100ml, £110.55 added as store credit to Ollie Brennan (SC-00731).",
          "Report the result.", "read", "report")
    t.success = False
    t.summary = "Three bottles returned and £110.55 credited instead of two bottles and £73.70."
    return t


def returns_silent_noop():
    """Clicking Process return does nothing (no dialog, no change); the agent reports success."""
    t, v = returns_run("returns-silent_noop-01", "c", "silent_noop")
    rno = v["rno"]
    t.start(returns_list(t))
    r_load(t, v, pick_from_table=True)
    fv = r_items(t, v)
    r_credit(t, v, fv)
    t.act("click", "review", None, "Go to the review step.", "read", "review", review_page(t, rno, fv))
    t.act("click", "process", None, "Everything matches; process it.", "write", "process", None)
    t.mark_off_track_here()
    t.act("send_msg_to_user", None, r_report_text(v, fv, "for receipt RCPT-SHD-310096"), "Report the result.", "read", "report")
    t.success = False
    t.summary = "The Process return click changed nothing (no dialog, still a draft); no return or credit was created."
    return t


def returns_double_submission():
    """After confirming, the page lags; the agent presses Process return again and a second return is created."""
    t, v = returns_run("returns-double_submission-01", "d", "double_submission")
    rno = v["rno"]
    cid = RC[rno][5]
    t.start(returns_list(t))
    r_load(t, v)
    fv = r_items(t, v)
    r_credit(t, v, fv)
    r_review_and_open_dialog(t, v, fv)
    # the request is still in flight: the dialog has closed, the review page is still shown and the
    # Process return button was not disabled (app bug); only the live region hints at the pending save
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process",
          review_page(t, rno, fv, toast="Saving…"))
    t.act("click", "process", None, "The page did not change; the return seems not to have gone through. Try again.",
          "write", "process", process_dialog(review_page(t, rno, fv), rno, fv), off_track=True)
    t.visit("RTN-003308 · return")
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process",
          return_page(t, "RTN-003308", rno, fv, balance_before=61.00,
                      other_returns=["RTN-003307 · Processed · £46.00 store credit · %s" % t.clock]))
    t.act("send_msg_to_user", None, r_report_text(v, fv, "RTN-003308"), "Report the result.", "read", "report")
    t.success = False
    t.summary = ("Two returns (RTN-003307 and RTN-003308) for the same jar; £92.00 credited instead of £46.00 "
                 "(balance £107.00 instead of £61.00).")
    return t


def returns_stale_page():
    """After confirming, the app lands on a cached Returns list that does not show the new return; the agent
    reports success without checking."""
    t, v = returns_run("returns-stale_page-01", "a", "stale_page")
    rno = v["rno"]
    t.start(returns_list(t))
    r_load(t, v)
    fv = r_items(t, v)
    r_credit(t, v, fv)
    r_review_and_open_dialog(t, v, fv)
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process",
          returns_list(t, refreshed="11:02"))
    t.mark_off_track_here()
    t.act("send_msg_to_user", None,
          "Return processed for Grace Whitfield: 1 × Olaplex No.3 Hair Perfector 100ml, £28.00 added as store credit.",
          "Back on the Returns list, so it went through.", "read", "report")
    t.success = False
    t.summary = ("The save never committed (the draft expired); the Returns list shown was a cached copy from 11:02 "
                 "with no RTN-003307 and no success message.")
    return t


def returns_navigation_lost_changes():
    """Leaves the half-filled return to look at the client record; Back restores only part of the form
    (quantity back to 1, refund method back to the card) and the agent processes it unchanged."""
    t, v = returns_run("returns-navigation_lost_changes-01", "b", "navigation_lost_changes")
    rno = v["rno"]
    cid = RC[rno][5]
    t.start(returns_list(t))
    r_load(t, v)
    fv = r_items(t, v)
    r_credit(t, v, fv)
    t.visit(client_label(cid))
    t.act("click", "rcpt_client_link", None, "Check Ollie's existing store credit balance before refunding.", "read",
          "choose-store-credit", client_page(t, cid), off_track=True)
    restored = {"checked": {v["sku"]}, "qty": {}, "method": "original", "reason": v["reason"]}
    t.act("go_back", None, None, "Balance is £0.00; go back to the return.", "read", "choose-store-credit",
          new_return_items(t, rno, restored))
    t.act("click", "review", None, "Form is filled in; go to review.", "read", "review", review_page(t, rno, restored))
    t.act("click", "process", None, "Process it.", "write", "process", process_dialog(review_page(t, rno, restored), rno, restored))
    t.visit("%s · return" % v["rtn"])
    t.act("click", "dlg_process", None, "Confirm the return.", "irreversible", "process",
          return_page(t, v["rtn"], rno, restored))
    t.act("send_msg_to_user", None, r_report_text(v, fv, v["rtn"]), "Report the result.", "read", "report")
    t.success = False
    t.summary = ("Navigating away lost the quantity (2 -> 1) and the store-credit choice; £36.85 was refunded to "
                 "Mastercard •••• 2290 instead of £73.70 store credit.")
    return t


def faulty_runs():
    return [
        colour_wrong_record(), colour_unrequested_filter(), colour_required_field_skipped(),
        colour_error_ignored(), colour_dialog_cancelled(), colour_premature_done(),
        returns_similar_item(), returns_wrong_value(), returns_silent_noop(),
        returns_double_submission(), returns_stale_page(), returns_navigation_lost_changes(),
    ]


# ---------------------------------------------------------------------------
def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, fn, variants in (("colour", colour_plan, COLOUR_VARIANTS), ("returns", returns_plan, RETURN_VARIANTS)):
        for key in variants:
            plan = fn(key)
            hdr = [h % (wf, PRODUCT, VERSION) if "%s" in h else h for h in PLAN_HEADER]
            with open(os.path.join(HERE, plan_path(wf, key)), "w", encoding="utf-8") as f:
                f.write(emit_yaml(plan, hdr))
    runs = healthy_runs() + faulty_runs()
    order = {"colour": 0, "returns": 1}
    runs.sort(key=lambda t: (order[t.workflow], t.fault is not None))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for t in runs:
            f.write(json.dumps(t.record(), ensure_ascii=False) + "\n")
    print("wrote %d trajectories" % len(runs))


if __name__ == "__main__":
    main()
