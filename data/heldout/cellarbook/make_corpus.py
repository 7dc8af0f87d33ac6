#!/usr/bin/env python3
"""Generate the Cellarbook Trade held-out corpus (stdlib only, fixed seed).

Cellarbook Trade is the trade ordering portal of Harrow & Vane Wine Merchants.
The signed-in user is Marta Lindqvist, head sommelier of Quince & Ash Restaurant
Group (trade account QA-20417, sites Harbour Street, Bristol and Mill Lane, Bath).
"Today" is Tuesday 15 October 2024.

Writes, next to this file:
  corpus.jsonl              20 trajectories (8 healthy, 12 faulty)
  plans/allocation.yaml     plan for the allocation-request workflow
  plans/returns.yaml        plan for the corked-bottle return workflow

Usage:  python3 make_corpus.py
"""
import json
import os
import random

from plan_texts import PLANS

SEED = 20241015
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://trade.harrowandvane.example/cellarbook"
PRODUCT = "Cellarbook Trade"
USER = "Marta Lindqvist"
ACCOUNT = "QA-20417"
ORG = "Quince & Ash Restaurant Group"
TODAY = "Tuesday 15 October 2024"

rng = random.Random(SEED)


# --------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------
class Page:
    def __init__(self, path, title):
        self.url = BASE + path
        self.title = f"{title} · {PRODUCT}"
        self.lines = [f"RootWebArea {self.title!r}, focused"]
        self.n = 0
        self.keys = {}
        self.meta = {}

    def node(self, d, role, name="", value=None, flags=(), key=None):
        self.n += 1
        bid = f"a{self.n}"
        line = "\t" * d + f"[{bid}] {role} {name!r}"
        if value is not None:
            line += f" value={value!r}"
        for f in flags:
            line += ", " + f
        self.lines.append(line)
        self.keys.setdefault((role, name), []).append(bid)
        if key is not None:
            assert key not in self.keys, key
            self.keys[key] = [bid]
        self.meta[bid] = (role, name)
        return bid

    def text(self, d, s):
        self.lines.append("\t" * d + f"StaticText {s!r}")

    def skip(self, k=1):
        self.n += k

    def find(self, ref):
        k = ref if isinstance(ref, str) else tuple(ref)
        if k not in self.keys:
            raise KeyError(f"{ref!r} not on page {self.url}")
        return self.keys[k][0]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title,
                "text": "\n".join(self.lines), "error": error}


CL = ["clickable"]
NAV = ["Home", "Allocations", "Orders & invoices", "Returns", "Account"]


def begin(path, title, crumbs, active=None, search=None, toast=None, notif=2):
    p = Page(path, title)
    p.node(1, "link", "Skip to main content", flags=CL)
    p.node(1, "banner", "")
    p.node(2, "link", "Cellarbook Trade home", flags=CL)
    p.text(3, "Cellarbook Trade")
    p.text(2, "Harrow & Vane Wine Merchants · Trade")
    p.node(2, "navigation", "Primary")
    p.node(3, "list", "")
    for item in NAV:
        p.node(4, "listitem", "")
        fl = CL + (["current='page'"] if item == active else [])
        p.node(5, "link", item, flags=fl, key="nav:" + item)
    p.node(2, "search", "Site search")
    p.node(3, "searchbox", "Search wines, offers, invoices", value=search or None,
           flags=CL + (["focused"] if search else []), key="searchbox")
    p.node(3, "button", "Search", flags=CL, key="search:go")
    p.node(2, "button", f"Notifications ({notif} unread)",
           flags=CL + ["hasPopup='menu'", "expanded=False"])
    p.node(2, "button", f"{USER}, {ORG}",
           flags=CL + ["hasPopup='menu'", "expanded=False"])
    p.skip(2)
    if crumbs:
        p.node(1, "navigation", "Breadcrumb")
        p.node(2, "list", "")
        for i, c in enumerate(crumbs):
            p.node(3, "listitem", "")
            if i < len(crumbs) - 1:
                p.node(4, "link", c, flags=CL, key="crumb:" + c)
            else:
                p.text(4, c)
    if toast:
        p.node(1, "region", "Notification")
        p.text(2, toast)
        p.node(2, "button", "Dismiss notification", flags=CL)
    p.node(1, "main", "")
    return p


def end(p, status=None, dialog=None):
    p.node(1, "contentinfo", "")
    p.text(2, "© 2024 Harrow & Vane Wine Merchants Ltd · Bonded warehouse: Avonmouth, Bristol")
    for l in ["Trade terms", "Returns policy", "Help centre",
              "Contact Owen Pryce (your account manager)"]:
        p.node(2, "link", l, flags=CL)
    p.text(2, "Cellarbook Trade 4.12.3 · Prices ex VAT, duty paid unless stated")
    p.node(1, "status", "", flags=["live='polite'", "atomic", "relevant='additions text'"])
    if status:
        p.text(2, status)
    if dialog:
        dialog(p)
    return p


def kv_table(p, d, name, rows, change_links=None):
    p.node(d, "table", name)
    for k, v in rows:
        p.node(d + 1, "row", "")
        p.node(d + 2, "rowheader", k)
        p.node(d + 2, "cell", v)
        if change_links and k in change_links:
            p.node(d + 2, "cell", "")
            p.node(d + 3, "link", change_links[k], flags=CL)


def money(x):
    return f"£{x:,.2f}"


# --------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------
class Offer:
    def __init__(self, oid, producer, wine, vintage, sub, colour, price, avail, mx,
                 magnum=None, status="Open"):
        self.id, self.producer, self.wine, self.vintage = oid, producer, wine, vintage
        self.sub, self.colour, self.price, self.avail, self.max = sub, colour, price, avail, mx
        self.magnum = magnum  # (price, available, max) or None
        self.status = status

    @property
    def full(self):
        return f"{self.producer} {self.wine} {self.vintage}"

    @property
    def formats(self):
        return ["Bottle (75cl)"] + (["Magnum (150cl)"] if self.magnum else [])

    def sortname(self):
        n = self.producer
        for pre in ("Domaine ", "Maison "):
            if n.startswith(pre):
                n = n[len(pre):]
        return n


FUEES = "Chambolle-Musigny 1er Cru 'Les Fuées'"
OFFERS = [
    Offer("OF-2188", "Domaine Villard-Bréchet", "Mercurey 1er Cru 'Clos l'Évêque'", "2022", "Côte Chalonnaise", "Red", 24.50, 180, 36),
    Offer("OF-2185", "Maison Gauthier-Roy", "Puligny-Montrachet", "2022", "Côte de Beaune", "White", 52.00, 72, 12),
    Offer("OF-2181", "Domaine Aubertin", "Bourgogne Rouge 'Les Grands Chaillots'", "2022", "Côte de Nuits", "Red", 19.80, 300, 48),
    Offer("OF-2177", "Domaine Delsarte", "Chablis 1er Cru 'Montée de Tonnerre'", "2022", "Chablis", "White", 31.00, 144, 24),
    Offer("OF-2174", "Domaine Aubertin", "Chambolle-Musigny", "2021", "Côte de Nuits", "Red", 41.00, 120, 24),
    Offer("OF-2166", "Clos des Tanneurs", "Nuits-Saint-Georges 1er Cru 'Aux Murgers'", "2021", "Côte de Nuits", "Red", 64.00, 48, 12),
    Offer("OF-2160", "Domaine Ferrand", "Volnay 1er Cru 'Santenots'", "2021", "Côte de Beaune", "Red", 49.50, 60, 12),
    Offer("OF-2158", "Domaine Belcour", "Meursault 'Les Tillets'", "2022", "Côte de Beaune", "White", 46.00, 96, 12, status="Requested (AR-30544)"),
    Offer("OF-2155", "Bouchard-Lenoir", "Pommard 'Les Vignots'", "2021", "Côte de Beaune", "Red", 39.00, 84, 18),
    Offer("OF-2152", "Domaine Arlaud-Fèvre", "Morey-Saint-Denis", "2021", "Côte de Nuits", "Red", 44.00, 66, 12),
    Offer("OF-2148", "Domaine Aubertin", FUEES, "2020", "Côte de Nuits", "Red", 69.00, 18, 6),
    Offer("OF-2147", "Domaine Aubertin", FUEES, "2021", "Côte de Nuits", "Red", 72.00, 36, 12, magnum=(150.00, 8, 6)),
    Offer("OF-2139", "Domaine Aubertel", "Gevrey-Chambertin 'Vieilles Vignes'", "2021", "Côte de Nuits", "Red", 38.50, 60, 12),
    Offer("OF-2136", "Domaine Belcour", "Saint-Aubin 1er Cru 'En Rémilly'", "2022", "Côte de Beaune", "White", 33.00, 120, 24),
    Offer("OF-2131", "Domaine Arlaud-Fèvre", "Bourgogne Rouge", "2022", "Côte de Nuits", "Red", 14.20, 240, 36),
    Offer("OF-2127", "Maison Gauthier-Roy", "Bourgogne Aligoté", "2023", "Côte de Beaune", "White", 11.60, 360, 60),
    Offer("OF-2120", "Domaine Delsarte", "Petit Chablis", "2023", "Chablis", "White", 12.40, 300, 60),
    Offer("OF-2114", "Domaine Villard-Bréchet", "Givry 'Champ Pourot'", "2022", "Côte Chalonnaise", "Red", 18.90, 150, 36),
]
OFF = {o.id: o for o in OFFERS}
PAST = {"OF-1962": ("Domaine Aubertin", FUEES, "2019", "Autumn Burgundy 2023", "Closed")}
RELEASE = "Autumn Burgundy 2024"
SUBREGIONS = ["All sub-regions", "Chablis", "Côte de Nuits", "Côte de Beaune", "Côte Chalonnaise"]
SORTS = ["Newest added", "Producer (A–Z)", "Price (low to high)", "Price (high to low)", "Availability"]
SORT_SLUG = {"Newest added": "newest", "Producer (A–Z)": "producer",
             "Price (low to high)": "price-asc", "Price (high to low)": "price-desc",
             "Availability": "availability"}
SITES = {"Harbour Street": "Harbour Street — 14 Harbour Street, Bristol BS1 4RN",
         "Mill Lane": "Mill Lane — 3 Mill Lane, Bath BA1 2QE"}
SITE_SHORT = {"Harbour Street": "Harbour Street, Bristol BS1 4RN",
              "Mill Lane": "Mill Lane, Bath BA1 2QE"}
WINDOWS = ["With the next scheduled delivery after allocation",
           "As soon as allocated (delivery charge may apply)",
           "Hold in bond at Harrow & Vane until called off"]


class Invoice:
    def __init__(self, iid, date, site, order, nlines, total, status):
        self.id, self.date, self.site, self.order = iid, date, site, order
        self.nlines, self.total, self.status = nlines, total, status


INVOICES = [
    Invoice("INV-88240", "14 Oct 2024", "Mill Lane", "SO-41930", 6, 1284.60, "Due 13 Nov"),
    Invoice("INV-88231", "11 Oct 2024", "Mill Lane", "SO-41911", 4, 906.00, "Due 10 Nov"),
    Invoice("INV-88226", "10 Oct 2024", "Harbour Street", "SO-41897", 3, 540.36, "Due 9 Nov"),
    Invoice("INV-88214", "8 Oct 2024", "Harbour Street", "SO-41880", 2, 318.00, "Due 7 Nov"),
    Invoice("INV-88213", "7 Oct 2024", "Harbour Street", "SO-41872", 5, 2266.56, "Due 6 Nov"),
    Invoice("INV-88198", "3 Oct 2024", "Mill Lane", "SO-41851", 5, 760.20, "Paid"),
    Invoice("INV-88187", "1 Oct 2024", "Harbour Street", "SO-41840", 7, 1012.80, "Paid"),
    Invoice("INV-88163", "27 Sep 2024", "Mill Lane", "SO-41809", 3, 455.40, "Paid"),
    Invoice("INV-88151", "25 Sep 2024", "Harbour Street", "SO-41795", 8, 1730.00, "Paid"),
    Invoice("INV-88120", "20 Sep 2024", "Mill Lane", "SO-41766", 4, 612.00, "Paid"),
    Invoice("INV-88102", "16 Sep 2024", "Harbour Street", "SO-41748", 5, 988.20, "Paid"),
    Invoice("INV-88077", "11 Sep 2024", "Harbour Street", "SO-41719", 2, 264.00, "Paid"),
    Invoice("INV-88049", "5 Sep 2024", "Harbour Street", "SO-41690", 6, 1405.80, "Paid"),
    Invoice("INV-88031", "2 Sep 2024", "Harbour Street", "SO-41671", 3, 522.00, "Paid"),
    Invoice("INV-87702", "2 Aug 2024", "Harbour Street", "SO-41402", 4, 1190.40, "Paid"),
]
INV = {i.id: i for i in INVOICES}

# line no, wine, format, qty, unit price
LINES = {
    "INV-88213": [
        (1, "Château Lestrac 2015, Margaux", "75cl", 12, 38.00),
        (2, "Château Lestrac 2016, Margaux", "75cl", 12, 41.50),
        (3, "Domaine Belcour Meursault 'Les Tillets' 2021", "75cl", 6, 44.00),
        (4, "Quinta do Vale Escuro Reserva 2019, Douro", "75cl", 12, 16.90),
        (5, "Harrow & Vane Brut NV, Champagne", "75cl", 24, 19.50),
    ],
}
LESTRAC16 = "Château Lestrac 2016, Margaux"


# --------------------------------------------------------------------------
# Pages: shared
# --------------------------------------------------------------------------
RECENT = [
    ("OF-2147", "OF-2147 · Domaine Aubertin Chambolle-Musigny 1er Cru 'Les Fuées' 2021"),
    ("INV-88231", "INV-88231 · 11 Oct 2024 · Mill Lane"),
    ("OF-2148", "OF-2148 · Domaine Aubertin Chambolle-Musigny 1er Cru 'Les Fuées' 2020"),
    ("INV-88213", "INV-88213 · 7 Oct 2024 · Harbour Street"),
    ("RT-60398", "RT-60398 · Return on INV-88187"),
]


def recent_panel(p, d, exclude=None):
    p.node(d, "region", "Recently viewed")
    p.node(d + 1, "heading", "Recently viewed", flags=["level=2"])
    p.node(d + 1, "list", "")
    for rid, label in RECENT:
        if rid == exclude:
            continue
        p.node(d + 2, "listitem", "")
        p.node(d + 3, "link", label, flags=CL, key="recent:" + rid)


def home(toast=None, notif=2):
    p = begin("/", "Home", None, active="Home", toast=toast, notif=notif)
    p.node(2, "heading", "Good morning, Marta", flags=["level=1"])
    p.text(2, f"{ORG} · Trade account {ACCOUNT} · {TODAY}")
    p.node(2, "region", "Open allocation releases")
    p.node(3, "heading", "Open allocation releases", flags=["level=2"])
    p.node(3, "list", "")
    for name, note in [(RELEASE, "18 offers · requests close Fri 25 Oct, 17:00 · 1 request submitted"),
                       ("Loire & Jura Autumn 2024", "11 offers · requests close Fri 18 Oct, 17:00"),
                       ("Rhône 2023 en primeur", "Opens Mon 21 Oct")]:
        p.node(4, "listitem", "")
        p.node(5, "link", name, flags=CL)
        p.text(5, note)
    recent_panel(p, 2)
    p.node(2, "region", "Open returns")
    p.node(3, "heading", "Open returns", flags=["level=2"])
    p.node(3, "list", "")
    p.node(4, "listitem", "")
    p.node(5, "link", "RT-60398", flags=CL)
    p.text(5, "INV-88187 · 1 × Domaine Ferrand Volnay 2020 · Damaged in transit · Collection booked Wed 16 Oct")
    p.node(2, "region", "Account summary")
    p.node(3, "heading", "Account summary", flags=["level=2"])
    kv_table(p, 3, "Account summary", [("Credit limit", "£25,000.00"),
                                        ("Balance outstanding", "£5,315.52"),
                                        ("Next statement", "31 Oct 2024")])
    return end(p)


def search_page(q, toast=None):
    p = begin("/search?q=" + q.replace(" ", "+"), f"Search: {q}", ["Home", "Search"],
              search=q, toast=toast)
    if q in ("Les Fuées", "Aubertin Chambolle"):
        ids = ["OF-2147", "OF-2148", "OF-1962"] if q == "Les Fuées" else \
              ["OF-2174", "OF-2148", "OF-2147", "OF-1962"]
        p.node(2, "heading", f"Search results for “{q}”", flags=["level=1"])
        p.text(2, f"{len(ids)} results in offers, wines, invoices and returns")
        p.node(2, "navigation", "Result types")
        for lab in [f"All ({len(ids)})", f"Offers ({len(ids)})", "Invoices (0)", "Returns (0)"]:
            p.node(3, "link", lab, flags=CL + (["current='page'"] if lab.startswith("All") else []))
        p.node(2, "heading", f"Offers ({len(ids)})", flags=["level=2"])
        p.node(2, "list", "")
        for oid in ids:
            p.node(3, "listitem", "")
            p.node(4, "link", oid, flags=CL)
            if oid in OFF:
                o = OFF[oid]
                p.text(4, f"{o.producer} · {o.wine} · {o.vintage}")
                p.text(4, f"{RELEASE} · Open · {money(o.price)} per bottle")
            else:
                prod, wine, vint, rel, st = PAST[oid]
                p.text(4, f"{prod} · {wine} · {vint}")
                p.text(4, f"{rel} · {st}")
    elif q == "Lestrac 2016":
        invs = [("INV-88231", "12 × Château Lestrac 2016 · line 3"),
                ("INV-88213", "12 × Château Lestrac 2016 · line 2"),
                ("INV-87702", "12 × Château Lestrac 2016 · line 1")]
        p.node(2, "heading", f"Search results for “{q}”", flags=["level=1"])
        p.text(2, "4 results in offers, wines, invoices and returns")
        p.node(2, "navigation", "Result types")
        for lab in ["All (4)", "Offers (0)", "Wines (1)", "Invoices (3)", "Returns (0)"]:
            p.node(3, "link", lab, flags=CL + (["current='page'"] if lab.startswith("All") else []))
        p.node(2, "heading", "Wines (1)", flags=["level=2"])
        p.node(2, "list", "")
        p.node(3, "listitem", "")
        p.node(4, "link", "Château Lestrac 2016, Margaux", flags=CL)
        p.text(4, "Bordeaux · Margaux · Red · last bought 11 Oct 2024")
        p.node(2, "heading", "Invoices (3)", flags=["level=2"])
        p.node(2, "list", "")
        for iid, snip in invs:
            i = INV[iid]
            p.node(3, "listitem", "")
            p.node(4, "link", iid, flags=CL)
            p.text(4, f"{i.date} · {i.site} · {snip} · {i.status}")
    else:
        raise ValueError(q)
    return end(p)


# --------------------------------------------------------------------------
# Pages: allocations
# --------------------------------------------------------------------------
def offers_view(sort, sub):
    rows = [o for o in OFFERS if sub == "All sub-regions" or o.sub == sub]
    if sort == "Newest added":
        rows.sort(key=lambda o: -int(o.id[3:]))
    elif sort == "Producer (A–Z)":
        rows.sort(key=lambda o: (o.sortname(), o.wine, -int(o.vintage)))
    elif sort == "Price (low to high)":
        rows.sort(key=lambda o: o.price)
    elif sort == "Price (high to low)":
        rows.sort(key=lambda o: -o.price)
    else:
        rows.sort(key=lambda o: -o.avail)
    return rows


def board(page=1, sort="Newest added", sub="All sub-regions", sub_pending=None,
          toast=None, status=None, search=None):
    rows = offers_view(sort, sub)
    per = 8
    pages = max(1, (len(rows) + per - 1) // per)
    shown = rows[(page - 1) * per: page * per]
    q = f"?sort={SORT_SLUG[sort]}"
    if sub != "All sub-regions":
        q += "&subregion=" + sub.lower().replace(" ", "-").replace("ô", "o")
    q += f"&page={page}"
    p = begin("/allocations/releases/autumn-burgundy-2024" + q, f"{RELEASE} — Allocations",
              ["Home", "Allocations", RELEASE], active="Allocations", toast=toast,
              search=search)
    p.node(2, "heading", RELEASE, flags=["level=1"])
    p.text(2, "Allocation release · Requests close Friday 25 October 2024 at 17:00 · "
              "Allocations confirmed by Friday 8 November")
    p.node(2, "navigation", "Allocations")
    p.node(3, "link", "Current releases", flags=CL + ["current='page'"])
    p.node(3, "link", "My allocation requests", flags=CL)
    p.node(3, "link", "Allocation history", flags=CL)
    p.node(2, "group", "Filter offers")
    shown_sub = sub_pending or sub
    p.node(3, "combobox", "Sub-region", value=shown_sub,
           flags=CL + ["hasPopup='listbox'", "expanded=False"])
    for s in SUBREGIONS:
        p.node(4, "option", s, flags=["selected=True"] if s == shown_sub else ["selected=False"])
    p.node(3, "combobox", "Colour", value="All colours",
           flags=CL + ["hasPopup='listbox'", "expanded=False"])
    for s in ["All colours", "Red", "White"]:
        p.node(4, "option", s, flags=["selected=True"] if s == "All colours" else ["selected=False"])
    p.node(3, "checkbox", "Only offers I can still request", flags=CL + ["checked='true'"])
    p.node(3, "button", "Apply filters", flags=CL)
    p.node(3, "button", "Reset filters", flags=CL)
    p.node(2, "combobox", "Sort by", value=sort, flags=CL + ["hasPopup='listbox'", "expanded=False"])
    for s in SORTS:
        p.node(3, "option", s, flags=["selected=True"] if s == sort else ["selected=False"])
    lo, hi = (page - 1) * per + 1, (page - 1) * per + len(shown)
    p.text(2, f"Showing {lo}–{hi} of {len(rows)} offers")
    p.node(2, "table", f"Offers in {RELEASE}")
    p.node(3, "row", "")
    for h in ["Offer", "Producer", "Wine", "Vintage", "Sub-region", "Formats",
              "Price per bottle", "Available", "Your max", "Status"]:
        p.node(4, "columnheader", h)
    for o in shown:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", o.id, flags=CL)
        p.node(4, "cell", o.producer)
        p.node(4, "cell", o.wine)
        p.node(4, "cell", o.vintage)
        p.node(4, "cell", o.sub)
        p.node(4, "cell", ", ".join(f.split(" ")[1].strip("()") for f in o.formats))
        p.node(4, "cell", money(o.price))
        p.node(4, "cell", str(o.avail))
        p.node(4, "cell", str(o.max))
        p.node(4, "cell", o.status)
    p.node(2, "navigation", "Pagination")
    p.node(3, "link", "Previous page", flags=CL + (["disabled=True"] if page == 1 else []))
    for i in range(1, pages + 1):
        p.node(3, "link", f"Page {i}", flags=CL + (["current='page'"] if i == page else []))
    p.node(3, "link", "Next page", flags=CL + (["disabled=True"] if page == pages else []))
    return end(p, status=status)


HISTORY = [("AR-29050", "2020 vintage", "Autumn Burgundy 2023", "12 requested · 6 allocated · delivered Dec 2023"),
           ("AR-27716", "2019 vintage", "Autumn Burgundy 2022", "6 requested · 4 allocated · delivered Nov 2022")]


def offer_page(oid, status=None):
    o = OFF[oid]
    p = begin(f"/allocations/offers/{oid}", f"{o.full} — {oid}",
              ["Home", "Allocations", RELEASE, oid], active="Allocations")
    p.node(2, "heading", o.full, flags=["level=1"])
    p.text(2, f"Offer {oid} · {RELEASE} · Open for requests")
    fp = f"Bottle (75cl) {money(o.price)}"
    av = f"{o.avail} bottles"
    mx = f"{o.max} bottles"
    if o.magnum:
        fp += f" · Magnum (150cl) {money(o.magnum[0])}"
        av += f" · {o.magnum[1]} magnums"
        mx += f" or {o.magnum[2]} magnums"
    kv_table(p, 2, "Offer details", [
        ("Producer", o.producer), ("Wine", o.wine), ("Vintage", o.vintage),
        ("Sub-region", o.sub), ("Colour", o.colour), ("Formats and prices (ex VAT, DP)", fp),
        ("Available to trade", av), ("Your maximum", mx),
        ("Requests close", "Fri 25 Oct 2024, 17:00")])
    if o.wine == FUEES:
        p.text(2, "Perfumed and fine-boned: red cherry, rose petal and crushed stone, with a long, "
                  "saline finish. Drink 2027–2040." if o.vintage == "2021" else
                  "Riper and rounder than 2021: black cherry, sous-bois and a silky finish. Drink 2026–2036.")
    p.node(2, "button", "Request allocation", flags=CL)
    p.node(2, "button", "Add to watchlist", flags=CL)
    p.node(2, "region", f"More from {o.producer}")
    p.node(3, "heading", f"More from {o.producer}", flags=["level=2"])
    p.node(3, "list", "")
    for other in OFFERS:
        if other.producer == o.producer and other.id != oid:
            p.node(4, "listitem", "")
            p.node(5, "link", other.id, flags=CL)
            p.text(5, f"{other.wine} {other.vintage} · {money(other.price)}")
    if o.wine == FUEES:
        p.node(2, "region", "Your allocation history for Les Fuées")
        p.node(3, "heading", "Your allocation history for Les Fuées", flags=["level=2"])
        p.node(3, "table", "Allocation history")
        p.node(4, "row", "")
        for h in ["Request", "Vintage", "Release", "Outcome"]:
            p.node(5, "columnheader", h)
        for r in HISTORY:
            p.node(4, "row", "")
            for c in r:
                p.node(5, "cell", c)
    recent_panel(p, 2, exclude=oid)
    return end(p, status=status)


def new_state(oid="OF-2147", fmt="Bottle (75cl)"):
    return {"offer": oid, "fmt": fmt, "qty": None, "accept": True, "site": None,
            "window": WINDOWS[0], "note": "", "draft": None}


def unit_price(st):
    o = OFF[st["offer"]]
    return o.magnum[0] if st["fmt"].startswith("Magnum") else o.price


def alloc_wiz(step, st, dialog=False, status=None, resumed=None):
    o = OFF[st["offer"]]
    oid = o.id
    path = (f"/allocations/requests/{st['draft']}/edit?step={step}" if st["draft"]
            else f"/allocations/offers/{oid}/request?step={step}")
    names = {1: "Quantity", 2: "Delivery", 3: "Review"}
    p = begin(path, f"Request allocation — step {step} of 3: {names[step]}",
              ["Home", "Allocations", RELEASE, oid, "Request allocation"], active="Allocations")
    p.node(2, "heading", "Request allocation", flags=["level=1"])
    p.text(2, f"{o.full} · Offer {oid} · {RELEASE}")
    if st["draft"]:
        p.text(2, f"Draft {st['draft']}" + (f" · resumed from draft saved at {resumed}" if resumed else ""))
    p.node(2, "navigation", "Request progress")
    p.node(3, "list", "")
    for i in (1, 2, 3):
        p.node(4, "listitem", "", flags=["current='step'"] if i == step else [])
        p.text(5, f"Step {i} of 3: {names[i]}")
    p.node(2, "form", "Request allocation")
    if step == 1:
        p.node(3, "heading", "Quantity", flags=["level=2"])
        p.node(3, "combobox", "Format", value=st["fmt"], flags=CL + ["hasPopup='listbox'", "expanded=False"])
        for f in o.formats:
            p.node(4, "option", f, flags=["selected=True"] if f == st["fmt"] else ["selected=False"])
        hint = f"Bottle (75cl): {money(o.price)} ex VAT, {o.avail} available, your maximum {o.max}"
        if o.magnum:
            hint += (f" · Magnum (150cl): {money(o.magnum[0])} ex VAT, {o.magnum[1]} available, "
                     f"your maximum {o.magnum[2]}")
        p.text(3, hint)
        p.node(3, "spinbutton", "Quantity requested", value=st["qty"],
               flags=CL + ["required", "valuemin=1"])
        p.node(3, "checkbox", "Accept a smaller allocation if the offer is oversubscribed",
               flags=CL + ["checked='true'" if st["accept"] else "checked='false'"])
        p.text(3, "Most offers in this release are oversubscribed; requests are scaled back pro rata.")
        p.node(3, "button", "Cancel", flags=CL)
        p.node(3, "button", "Save draft", flags=CL)
        p.node(3, "button", "Next: Delivery", flags=CL)
    elif step == 2:
        p.node(3, "heading", "Delivery", flags=["level=2"])
        p.node(3, "radiogroup", "Delivery site", flags=["required"])
        for s, lab in SITES.items():
            p.node(4, "radio", lab, flags=CL + ["checked='true'" if st["site"] == s else "checked='false'"])
        p.node(3, "combobox", "Preferred delivery window", value=st["window"],
               flags=CL + ["hasPopup='listbox'", "expanded=False"])
        for w in WINDOWS:
            p.node(4, "option", w, flags=["selected=True"] if w == st["window"] else ["selected=False"])
        p.node(3, "textbox", "Note to your account manager (optional)", value=st["note"] or None, flags=CL)
        p.node(3, "button", "Back", flags=CL)
        p.node(3, "button", "Save draft", flags=CL)
        p.node(3, "button", "Next: Review", flags=CL)
    else:
        p.node(3, "heading", "Review your request", flags=["level=2"])
        unit = "magnums" if st["fmt"].startswith("Magnum") else "bottles"
        est = int(st["qty"]) * unit_price(st)
        kv_table(p, 3, "Request summary", [
            ("Wine", f"{o.full} ({oid})"), ("Format", st["fmt"]),
            ("Quantity requested", f"{st['qty']} {unit}"),
            ("Accept smaller allocation", "Yes" if st["accept"] else "No"),
            ("Delivery site", SITE_SHORT[st["site"]]), ("Delivery window", st["window"]),
            ("Note to account manager", st["note"] or "—"),
            ("Estimated value", f"{money(est)} ex VAT, duty paid")],
            change_links={"Format": "Change format", "Quantity requested": "Change quantity",
                          "Delivery site": "Change delivery site"})
        p.text(3, "Submitting a request does not guarantee an allocation. You can withdraw it "
                  "until Friday 25 October at 17:00.")
        p.node(3, "button", "Back", flags=CL)
        p.node(3, "button", "Save draft", flags=CL)
        p.node(3, "button", "Submit request", flags=CL, key="page:submit")

    def dlg(p):
        unit = "magnums" if st["fmt"].startswith("Magnum") else "bottles"
        p.node(1, "dialog", "Submit allocation request?", flags=["modal=True"])
        p.node(2, "heading", "Submit allocation request?", flags=["level=2"])
        p.text(2, f"You are requesting {st['qty']} {unit} ({st['fmt']}) of {o.full} for delivery "
                  f"to {st['site']}. Harrow & Vane will confirm allocations by 8 November.")
        p.node(2, "button", "Cancel", flags=CL, key="dialog:cancel")
        p.node(2, "button", "Submit request", flags=CL + ["focused"], key="dialog:submit")
    return end(p, status=status, dialog=dlg if dialog else None)


OTHER_REQ = ("AR-30544", "Domaine Belcour Meursault 'Les Tillets' 2022", "12 × Bottle (75cl)",
             "Harbour Street", "11 Oct 2024, 16:20", "Submitted — awaiting allocation")


def alloc_request(ar, st, when, extra_others=(), with_status=True):
    o = OFF[st["offer"]]
    unit = "magnums" if st["fmt"].startswith("Magnum") else "bottles"
    p = begin(f"/allocations/requests/{ar}", f"Allocation request {ar}",
              ["Home", "Allocations", "My allocation requests", ar], active="Allocations")
    p.node(2, "heading", f"Allocation request {ar}", flags=["level=1"])
    kv_table(p, 2, "Request details", [
        ("Status", "Submitted — awaiting allocation"),
        ("Submitted", f"15 Oct 2024, {when} by {USER}"),
        ("Wine", o.full), ("Offer", f"{o.id} · {RELEASE}"),
        ("Format", st["fmt"]), ("Quantity requested", f"{st['qty']} {unit}"),
        ("Accept smaller allocation", "Yes" if st["accept"] else "No"),
        ("Delivery site", SITE_SHORT[st["site"]]), ("Delivery window", st["window"]),
        ("Note to account manager", st["note"] or "—"),
        ("Estimated value", f"{money(int(st['qty']) * unit_price(st))} ex VAT, duty paid")])
    p.node(2, "button", "Withdraw request", flags=CL)
    p.node(2, "link", f"Back to {RELEASE}", flags=CL)
    p.node(2, "link", "My allocation requests", flags=CL)
    p.node(2, "region", f"Your other requests in {RELEASE}")
    p.node(3, "heading", f"Your other requests in {RELEASE}", flags=["level=2"])
    p.node(3, "list", "")
    for r in list(extra_others) + [OTHER_REQ]:
        p.node(4, "listitem", "")
        p.node(5, "link", r[0], flags=CL)
        p.text(5, f"{r[1]} · {r[2]} · {r[3]} · submitted {r[4]} · {r[5]}")
    status = None
    if with_status:
        status = (f"Allocation request {ar} submitted. We'll email marta.lindqvist@quinceandash.example "
                  f"when allocations are confirmed.")
    return end(p, status=status)


def alloc_requests(drafts=(), status=None, path_q=""):
    p = begin("/allocations/requests" + path_q, "My allocation requests",
              ["Home", "Allocations", "My allocation requests"], active="Allocations")
    p.node(2, "heading", "My allocation requests", flags=["level=1"])
    p.node(2, "navigation", "Allocations")
    p.node(3, "link", "Current releases", flags=CL)
    p.node(3, "link", "My allocation requests", flags=CL + ["current='page'"])
    p.node(3, "link", "Allocation history", flags=CL)
    if drafts:
        p.node(2, "heading", f"Drafts ({len(drafts)})", flags=["level=2"])
        p.node(2, "table", "Draft requests")
        p.node(3, "row", "")
        for h in ["Request", "Wine", "Quantity", "Delivery site", "Last saved", ""]:
            p.node(4, "columnheader", h)
        for d in drafts:
            p.node(3, "row", "")
            p.node(4, "cell", "")
            p.node(5, "link", d[0], flags=CL)
            for c in d[1:]:
                p.node(4, "cell", c)
            p.node(4, "cell", "")
            p.node(5, "link", f"Continue {d[0]}", flags=CL)
    p.node(2, "heading", f"Submitted in {RELEASE} (1)", flags=["level=2"])
    p.node(2, "table", "Submitted requests")
    p.node(3, "row", "")
    for h in ["Request", "Wine", "Quantity", "Delivery site", "Submitted", "Status"]:
        p.node(4, "columnheader", h)
    r = OTHER_REQ
    p.node(3, "row", "")
    p.node(4, "cell", "")
    p.node(5, "link", r[0], flags=CL)
    for c in r[1:]:
        p.node(4, "cell", c)
    p.node(2, "heading", "Earlier releases", flags=["level=2"])
    p.node(2, "list", "")
    for h in HISTORY:
        p.node(3, "listitem", "")
        p.node(4, "link", h[0], flags=CL)
        p.text(4, f"Domaine Aubertin {FUEES} · {h[1]} · {h[2]} · {h[3]}")
    return end(p, status=status)


# --------------------------------------------------------------------------
# Pages: invoices and returns
# --------------------------------------------------------------------------
def invoices(site="All sites", site_pending=None, sort="Invoice date (newest first)", page=1,
             toast=None, search=None):
    rows = [i for i in INVOICES if site == "All sites" or i.site == site]
    total = 64 if site == "All sites" else 31
    shown = rows[:10]
    q = "?sort=date-desc" + ("" if site == "All sites" else "&site=" + site.lower().replace(" ", "-"))
    p = begin("/orders/invoices" + q, "Invoices — Orders & invoices",
              ["Home", "Orders & invoices", "Invoices"], active="Orders & invoices", toast=toast,
              search=search)
    p.node(2, "heading", "Orders & invoices", flags=["level=1"])
    p.node(2, "navigation", "Orders & invoices")
    p.node(3, "link", "Invoices", flags=CL + ["current='page'"])
    p.node(3, "link", "Orders", flags=CL)
    p.node(3, "link", "Statements", flags=CL)
    p.node(2, "group", "Filter invoices")
    shown_site = site_pending or site
    p.node(3, "combobox", "Site", value=shown_site, flags=CL + ["hasPopup='listbox'", "expanded=False"])
    for s in ["All sites", "Harbour Street", "Mill Lane"]:
        p.node(4, "option", s, flags=["selected=True"] if s == shown_site else ["selected=False"])
    p.node(3, "combobox", "Status", value="All statuses", flags=CL + ["hasPopup='listbox'", "expanded=False"])
    for s in ["All statuses", "Due", "Overdue", "Paid"]:
        p.node(4, "option", s, flags=["selected=True"] if s == "All statuses" else ["selected=False"])
    p.node(3, "textbox", "Invoice date from", flags=CL)
    p.node(3, "textbox", "Invoice date to", flags=CL)
    p.node(3, "button", "Apply filters", flags=CL)
    p.node(3, "button", "Clear", flags=CL)
    p.node(2, "combobox", "Sort by", value=sort, flags=CL + ["hasPopup='listbox'", "expanded=False"])
    for s in ["Invoice date (newest first)", "Invoice date (oldest first)", "Amount (high to low)"]:
        p.node(3, "option", s, flags=["selected=True"] if s == sort else ["selected=False"])
    p.text(2, f"Showing 1–{len(shown)} of {total} invoices")
    p.node(2, "table", "Invoices")
    p.node(3, "row", "")
    for h in ["Invoice", "Date", "Site", "Order", "Lines", "Total inc VAT", "Status"]:
        p.node(4, "columnheader", h)
    for i in shown:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", i.id, flags=CL)
        for c in [i.date, i.site, i.order, str(i.nlines), money(i.total), i.status]:
            p.node(4, "cell", c)
    pages = (total + 9) // 10
    p.node(2, "navigation", "Pagination")
    p.node(3, "link", "Previous page", flags=CL + ["disabled=True"])
    for k in (1, 2, 3):
        p.node(3, "link", f"Page {k}", flags=CL + (["current='page'"] if k == page else []))
    p.text(3, "…")
    p.node(3, "link", f"Page {pages}", flags=CL)
    p.node(3, "link", "Next page", flags=CL)
    return end(p)


def invoice_page(iid, returns_on=(), status=None):
    i = INV[iid]
    p = begin(f"/orders/invoices/{iid}", f"Invoice {iid}",
              ["Home", "Orders & invoices", "Invoices", iid], active="Orders & invoices")
    p.node(2, "heading", f"Invoice {iid}", flags=["level=1"])
    lines = LINES[iid]
    net = sum(q * u for _, _, _, q, u in lines)
    kv_table(p, 2, "Invoice details", [
        ("Invoice date", i.date), ("Delivered", "8 Oct 2024 to Harbour Street, Bristol BS1 4RN"),
        ("Order", i.order), ("Status", i.status), ("Net", money(net)),
        ("VAT", money(net * 0.2)), ("Total", money(net * 1.2))])
    p.text(2, "Returns for faulty wine are accepted until 6 January 2025 (90 days from delivery).")
    p.node(2, "button", "Start a return", flags=CL)
    p.node(2, "button", "Download PDF", flags=CL)
    p.node(2, "button", "Reorder", flags=CL)
    p.node(2, "table", "Invoice lines")
    p.node(3, "row", "")
    for h in ["Line", "Wine", "Format", "Qty", "Unit price", "Line total"]:
        p.node(4, "columnheader", h)
    for n, w, f, q, u in lines:
        p.node(3, "row", "")
        for c in [str(n), w, f, str(q), money(u), money(q * u)]:
            p.node(4, "cell", c)
    p.node(2, "region", "Returns on this invoice")
    p.node(3, "heading", "Returns on this invoice", flags=["level=2"])
    if returns_on:
        p.node(3, "list", "")
        for rt, txt in returns_on:
            p.node(4, "listitem", "")
            p.node(5, "link", rt, flags=CL)
            p.text(5, txt)
    else:
        p.text(3, "No returns have been lodged on this invoice.")
    p.node(2, "region", "Other invoices for Harbour Street")
    p.node(3, "heading", "Other invoices for Harbour Street", flags=["level=2"])
    p.node(3, "list", "")
    for oid in ["INV-88226", "INV-88214", "INV-88187"]:
        o = INV[oid]
        p.node(4, "listitem", "")
        p.node(5, "link", oid, flags=CL, key="other:" + oid)
        p.text(5, f"{o.date} · {money(o.total)} · {o.status}")
    recent_panel(p, 2, exclude=iid)
    return end(p, status=status)


REASONS = ["Select a reason", "Cork taint (TCA)", "Other cork fault (seepage, failed cork)",
           "Oxidised or premature ageing", "Damaged in transit", "Wrong item delivered",
           "Ordered in error"]
RESOLUTIONS = {"credit": "Credit note to account QA-20417",
               "replacement": "Replacement bottles (subject to stock)"}
KEPT = "The affected bottles and corks have been kept for collection"


def new_return():
    return {"invoice": "INV-88213", "lines": {}, "reason": "Select a reason",
            "resolution": None, "desc": "", "kept": False, "draft": None}


def ret_wiz(step, st, dialog=False, status=None, alert=None, resumed=None):
    iid = st["invoice"]
    path = (f"/returns/{st['draft']}/edit?step={step}" if st["draft"]
            else f"/returns/new?invoice={iid}&step={step}")
    names = {1: "Bottles", 2: "Reason", 3: "Review"}
    p = begin(path, f"Start a return — step {step} of 3: {names[step]}",
              ["Home", "Orders & invoices", "Invoices", iid, "Start a return"], active="Returns")
    p.node(2, "heading", "Start a return", flags=["level=1"])
    p.text(2, f"Invoice {iid} · delivered 8 Oct 2024 to Harbour Street · returns for faulty wine "
              f"accepted until 6 Jan 2025")
    if st["draft"]:
        p.text(2, f"Draft return {st['draft']}" + (f" · resumed from draft saved at {resumed}" if resumed else ""))
    if alert:
        p.node(2, "alert", "", flags=["live='assertive'", "atomic", "relevant='additions text'"])
        p.text(3, alert)
    p.node(2, "navigation", "Return progress")
    p.node(3, "list", "")
    for i in (1, 2, 3):
        p.node(4, "listitem", "", flags=["current='step'"] if i == step else [])
        p.text(5, f"Step {i} of 3: {names[i]}")
    p.node(2, "form", "Start a return")
    lines = LINES[iid]
    sel = [(n, w, q) for n, w, f, q, u in lines if n in st["lines"]]
    if step == 1:
        p.node(3, "heading", "Which bottles are you returning?", flags=["level=2"])
        p.node(3, "table", "Invoice lines")
        p.node(4, "row", "")
        for h in ["Select", "Line", "Wine", "Format", "Delivered", "Bottles to return"]:
            p.node(5, "columnheader", h)
        for n, w, f, q, u in lines:
            checked = n in st["lines"]
            p.node(4, "row", "")
            p.node(5, "cell", "")
            p.node(6, "checkbox", f"Return line {n}: {w}",
                   flags=CL + ["checked='true'" if checked else "checked='false'"])
            for c in [str(n), w, f, str(q)]:
                p.node(5, "cell", c)
            p.node(5, "cell", "")
            p.node(6, "spinbutton", f"Bottles to return, line {n}",
                   value=st["lines"][n] if checked else None,
                   flags=CL + ([f"valuemin=1", f"valuemax={q}"] if checked else ["disabled=True"]))
        p.node(3, "button", "Cancel", flags=CL)
        p.node(3, "button", "Save draft", flags=CL)
        p.node(3, "button", "Continue", flags=CL)
    elif step == 2:
        p.node(3, "heading", "Why are you returning them?", flags=["level=2"])
        for n, w, q in sel:
            p.text(3, f"Returning {st['lines'][n]} × {w} (line {n})")
        p.node(3, "combobox", "Reason for return", value=st["reason"],
               flags=CL + ["required", "hasPopup='listbox'", "expanded=False"])
        for r in REASONS:
            p.node(4, "option", r, flags=["selected=True"] if r == st["reason"] else ["selected=False"])
        p.node(3, "radiogroup", "Resolution", flags=["required"])
        for k, lab in RESOLUTIONS.items():
            p.node(4, "radio", lab, flags=CL + ["checked='true'" if st["resolution"] == k else "checked='false'"])
        p.node(3, "textbox", "Describe the fault (optional)", value=st["desc"] or None, flags=CL)
        p.node(3, "checkbox", KEPT, flags=CL + ["required", "checked='true'" if st["kept"] else "checked='false'"])
        p.text(3, "Corked bottles should be at least two-thirds full and kept with their corks "
                  "for a credit to be approved.")
        p.node(3, "button", "Back", flags=CL)
        p.node(3, "button", "Save draft", flags=CL)
        p.node(3, "button", "Continue", flags=CL)
    else:
        p.node(3, "heading", "Review your return", flags=["level=2"])
        credit = sum(int(st["lines"][n]) * u for n, w, f, q, u in lines if n in st["lines"])
        bottles = "; ".join(f"{st['lines'][n]} × {w} (line {n})" for n, w, q in sel)
        res = RESOLUTIONS[st["resolution"]] if st["resolution"] else "—"
        rows = [("Invoice", iid), ("Bottles", bottles), ("Reason", st["reason"]),
                ("Resolution", res), ("Description", st["desc"] or "—"),
                ("Bottles kept for collection", "Yes" if st["kept"] else "Not confirmed"),
                ("Collection from", SITE_SHORT["Harbour Street"])]
        if st["resolution"] == "credit":
            rows.append(("Expected credit", f"{money(credit)} ex VAT ({money(credit * 1.2)} inc VAT)"))
        kv_table(p, 3, "Return summary", rows,
                 change_links={"Bottles": "Change bottles", "Reason": "Change reason",
                               "Resolution": "Change resolution"})
        p.node(3, "button", "Back", flags=CL)
        p.node(3, "button", "Save draft", flags=CL)
        p.node(3, "button", "Submit return", flags=CL, key="page:submit")

    def dlg(p):
        p.node(1, "dialog", "Submit return request?", flags=["modal=True"])
        p.node(2, "heading", "Submit return request?", flags=["level=2"])
        what = "; ".join(f"{st['lines'][n]} × {w}" for n, w, q in sel)
        p.text(2, f"Return {what} from {iid}. "
                  f"Our courier will collect from Harbour Street within 5 working days.")
        p.node(2, "button", "Cancel", flags=CL, key="dialog:cancel")
        p.node(2, "button", "Submit return", flags=CL + ["focused"], key="dialog:submit")
    return end(p, status=status, dialog=dlg if dialog else None)


OPEN_RETURNS = [("RT-60398", "INV-88187", "Harbour Street", "1 × Domaine Ferrand Volnay 2020",
                 "Damaged in transit", "Collection booked Wed 16 Oct")]
CLOSED_RETURNS = [("RT-60371", "INV-88102", "Harbour Street", "1 × Domaine Belcour Meursault 2021",
                   "Cork taint (TCA)", "Credited 27 Sep 2024"),
                  ("RT-60344", "INV-88049", "Mill Lane", "2 × Harrow & Vane Brut NV",
                   "Damaged in transit", "Replaced 12 Sep 2024")]


def return_detail(rt, st, when, status_text="Submitted — collection to be booked"):
    iid = st["invoice"]
    lines = LINES[iid]
    p = begin(f"/returns/{rt}", f"Return {rt}", ["Home", "Returns", rt], active="Returns")
    p.node(2, "heading", f"Return {rt}", flags=["level=1"])
    bottles = "; ".join(f"{st['lines'][n]} × {w} (line {n})" for n, w, f, q, u in lines if n in st["lines"])
    credit = sum(int(st["lines"][n]) * u for n, w, f, q, u in lines if n in st["lines"])
    rows = [("Status", status_text), ("Lodged", f"15 Oct 2024, {when} by {USER}"),
            ("Invoice", iid), ("Bottles", bottles), ("Reason", st["reason"]),
            ("Resolution", RESOLUTIONS[st["resolution"]]),
            ("Description", st["desc"] or "—"),
            ("Bottles kept for collection", "Yes" if st["kept"] else "Not confirmed"),
            ("Collection from", SITE_SHORT["Harbour Street"])]
    if st["resolution"] == "credit":
        rows.append(("Expected credit", f"{money(credit)} ex VAT ({money(credit * 1.2)} inc VAT)"))
    kv_table(p, 2, "Return details", rows)
    p.text(2, "Our courier (Avon Wine Logistics) will contact Harbour Street to book a collection "
              "within 5 working days. Credits are issued once the bottles are inspected.")
    p.node(2, "button", "Cancel return", flags=CL)
    p.node(2, "link", f"View invoice {iid}", flags=CL)
    p.node(2, "link", "All returns", flags=CL)
    p.node(2, "region", f"Other returns for {ORG}")
    p.node(3, "heading", f"Other returns for {ORG}", flags=["level=2"])
    p.node(3, "list", "")
    for r in OPEN_RETURNS + CLOSED_RETURNS:
        p.node(4, "listitem", "")
        p.node(5, "link", r[0], flags=CL)
        p.text(5, f"{r[1]} · {r[3]} · {r[4]} · {r[5]}")
    return end(p, status=f"Return {rt} submitted. A confirmation has been emailed to "
                         f"marta.lindqvist@quinceandash.example.")


def returns_list(drafts=(), status=None):
    p = begin("/returns", "Returns", ["Home", "Returns"], active="Returns")
    p.node(2, "heading", "Returns", flags=["level=1"])
    p.node(2, "link", "New return", flags=CL)
    p.text(2, "To return a faulty bottle, open the invoice it was delivered on and choose Start a return.")
    if drafts:
        p.node(2, "heading", f"Drafts ({len(drafts)})", flags=["level=2"])
        p.node(2, "table", "Draft returns")
        p.node(3, "row", "")
        for h in ["Return", "Invoice", "Bottles", "Reason", "Last saved"]:
            p.node(4, "columnheader", h)
        for d in drafts:
            p.node(3, "row", "")
            p.node(4, "cell", "")
            p.node(5, "link", d[0], flags=CL)
            for c in d[1:]:
                p.node(4, "cell", c)
    for title, rows in [(f"Open ({len(OPEN_RETURNS)})", OPEN_RETURNS),
                        (f"Closed in the last 90 days ({len(CLOSED_RETURNS)})", CLOSED_RETURNS)]:
        p.node(2, "heading", title, flags=["level=2"])
        p.node(2, "table", title.split(" (")[0] + " returns")
        p.node(3, "row", "")
        for h in ["Return", "Invoice", "Site", "Bottles", "Reason", "Status"]:
            p.node(4, "columnheader", h)
        for r in rows:
            p.node(3, "row", "")
            p.node(4, "cell", "")
            p.node(5, "link", r[0], flags=CL)
            for c in r[1:]:
                p.node(4, "cell", c)
    return end(p, status=status)


def denied_page(path):
    p = begin(path, "Access denied", ["Home", "Returns"], active="Returns")
    p.node(2, "heading", "You don't have access to lodge returns for Harbour Street", flags=["level=1"])
    p.text(2, "Lodging a return needs the Returns permission for the site the wine was delivered to. "
              "Your current role on Harbour Street: Ordering (allocations and orders only).")
    p.text(2, "Reference: ACL-403-HS-20417")
    p.node(2, "link", "Ask your account administrator (Daniel Achterberg)", flags=CL)
    p.node(2, "link", "Back to invoice INV-88213", flags=CL)
    return end(p)


# --------------------------------------------------------------------------
# Run builder
# --------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, init, fault=None, off=None, note=""):
        self.rid, self.workflow = rid, workflow
        self.init = init
        self.cur = init
        self.fault, self.off, self.note = fault, off, note
        self.steps = []
        self.success = None

    def _add(self, c, command, target, reasoning, effect, nxt, error=None):
        self.steps.append({
            "commitment": c,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def _t(self, bid):
        role, name = self.cur.meta[bid]
        return f"{role} {name!r}"

    def click(self, c, ref, reasoning, nxt, effect="read"):
        bid = self.cur.find(ref)
        self._add(c, f"click({bid!r})", self._t(bid), reasoning, effect, nxt)

    def fill(self, c, ref, value, reasoning, nxt, effect="write"):
        bid = self.cur.find(ref)
        self._add(c, f"fill({bid!r}, {value!r})", self._t(bid), reasoning, effect, nxt)

    def select(self, c, ref, option, reasoning, nxt, effect="write"):
        bid = self.cur.find(ref)
        self._add(c, f"select_option({bid!r}, {option!r})", self._t(bid), reasoning, effect, nxt)

    def msg(self, c, text, reasoning="Report the result to the user"):
        self._add(c, f"send_msg_to_user({text!r})", None, reasoning, "read", self.cur)

    def infeasible(self, c, text, reasoning):
        self._add(c, f"report_infeasible({text!r})", None, reasoning, "read", self.cur)

    def record(self, plan_task):
        fault = self.fault
        if fault is None:
            assert self.off is None
        else:
            assert 0 <= self.off < len(self.steps), (self.rid, self.off)
        label = {"fault": fault, "first_off_track_step": self.off}
        if self.note:
            label["note"] = self.note
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "app": PRODUCT,
            "task": plan_task,
            "plan": f"plans/{self.workflow}.yaml",
            "label": label,
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": fault is None},
        }


def clock(lo=10, hi=11):
    return f"{rng.randint(lo, hi)}:{rng.randint(5, 58):02d}"


# --------------------------------------------------------------------------
# Allocation workflow
# --------------------------------------------------------------------------
TASK_A = PLANS["allocation"][0]
HARBOUR = ("radio", SITES["Harbour Street"])


def alloc_tail(r, st, ar=None, when=None, submit_msg=True):
    """From the offer page: request 6 × 75cl for Harbour Street and submit (healthy tail)."""
    ar = ar or f"AR-{rng.randint(30560, 30620)}"
    when = when or clock()
    r.click("enter-quantity", ("button", "Request allocation"), "Start the allocation request for this offer",
            alloc_wiz(1, st))
    st["qty"] = "6"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "6",
           "Enter 6 bottles; the format is already Bottle (75cl)", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Go on to the delivery step", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Deliver to the Harbour Street site", alloc_wiz(2, st), effect="write")
    r.click("choose-delivery", ("button", "Next: Review"), "Go on to the review step", alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "The summary matches the task; submit the request",
            alloc_wiz(3, st, dialog=True))
    r.click("submit-request", "dialog:submit", "Confirm the submission in the dialog",
            alloc_request(ar, st, when), effect="irreversible")
    if submit_msg:
        r.msg("submit-request", f"Submitted allocation request {ar}: 6 bottles (75cl) of Domaine Aubertin "
                                f"Chambolle-Musigny 1er Cru 'Les Fuées' 2021 (OF-2147) for Harbour Street.")
    return ar


def allocation_runs():
    runs = []

    # ---------------- healthy 1: search path
    r = Run("alloc-healthy-01", "allocation", board())
    r.fill("find-offer", "searchbox", "Les Fuées", "Search for the Les Fuées offer", board(search="Les Fuées"))
    r.click("find-offer", "search:go", "Run the search", search_page("Les Fuées"))
    r.click("find-offer", ("link", "OF-2147"), "OF-2147 is the 2021 Les Fuées offer in this release",
            offer_page("OF-2147"))
    alloc_tail(r, new_state())
    runs.append(r)

    # ---------------- healthy 2: dismiss toast, paginate
    toast = "New: Rhône 2023 en primeur opens Monday 21 October. Set a reminder from the release page."
    r = Run("alloc-healthy-02", "allocation", board(toast=toast))
    r.click("find-offer", ("button", "Dismiss notification"), "Dismiss the notification banner", board())
    r.click("find-offer", ("link", "Next page"), "OF-2147 is not on page 1; go to the next page", board(page=2))
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147 (Les Fuées 2021)", offer_page("OF-2147"))
    alloc_tail(r, new_state())
    runs.append(r)

    # ---------------- healthy 3: re-sort, save draft, resume from My allocation requests
    r = Run("alloc-healthy-03", "allocation", board())
    r.select("find-offer", ("combobox", "Sort by"), "Producer (A–Z)",
             "Sort by producer so the Aubertin offers sit together", board(sort="Producer (A–Z)"), effect="read")
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147, the 2021 Les Fuées", offer_page("OF-2147"))
    st = new_state()
    ar = f"AR-{rng.randint(30560, 30620)}"
    saved = clock(10, 10)
    r.click("enter-quantity", ("button", "Request allocation"), "Start the allocation request", alloc_wiz(1, st))
    st["qty"] = "6"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "6", "Request 6 bottles", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Continue to delivery", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Choose Harbour Street", alloc_wiz(2, st), effect="write")
    st_saved = dict(st, draft=ar)
    r.click("choose-delivery", ("button", "Save draft"), "Save a draft before reviewing",
            alloc_wiz(2, st_saved, status=f"Draft {ar} saved at {saved}. Find it under My allocation requests."),
            effect="write")
    st = st_saved
    r.click("choose-delivery", "nav:Allocations", "Go to Allocations to find my saved draft", board())
    r.click("choose-delivery", ("link", "My allocation requests"), "Check the draft is listed under my requests",
            alloc_requests(drafts=[(ar, f"Domaine Aubertin {FUEES} 2021", "6 × Bottle (75cl)",
                                    "Harbour Street", f"15 Oct 2024, {saved}")]))
    r.click("choose-delivery", ("link", f"Continue {ar}"), "Resume the saved draft",
            alloc_wiz(2, st, resumed=saved))
    r.click("choose-delivery", ("button", "Next: Review"), "Harbour Street is still selected; go to review",
            alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "Summary is correct; submit", alloc_wiz(3, st, dialog=True))
    r.click("submit-request", "dialog:submit", "Confirm", alloc_request(ar, st, clock(10, 10)), effect="irreversible")
    r.msg("submit-request", f"Allocation request {ar} submitted for 6 × 75cl Les Fuées 2021 (OF-2147), "
                            f"delivery to Harbour Street.")
    runs.append(r)

    # ---------------- healthy 4: home -> release -> sub-region filter
    r = Run("alloc-healthy-04", "allocation", home())
    r.click("find-offer", ("link", RELEASE), "Open the Autumn Burgundy 2024 release", board())
    r.select("find-offer", ("combobox", "Sub-region"), "Côte de Nuits",
             "Chambolle-Musigny is in the Côte de Nuits; narrow the list",
             board(sub_pending="Côte de Nuits"), effect="read")
    r.click("find-offer", ("button", "Apply filters"), "Apply the filter", board(sub="Côte de Nuits"))
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147", offer_page("OF-2147"))
    alloc_tail(r, new_state())
    runs.append(r)

    # ======================= faulty runs (plans were fixed before these) =======================

    # ---------------- wrong_record: opens OF-2148 (2020) from search results
    r = Run("alloc-wrong_record-01", "allocation", board(), "wrong_record", 2,
            "Opened OF-2148 (Les Fuées 2020), one digit from OF-2147, and requested it.")
    r.fill("find-offer", "searchbox", "Aubertin Chambolle", "Search for Domaine Aubertin's Chambolle offers",
           board(search="Aubertin Chambolle"))
    r.click("find-offer", "search:go", "Run the search", search_page("Aubertin Chambolle"))
    r.click("find-offer", ("link", "OF-2148"), "Open the Les Fuées 1er Cru offer", offer_page("OF-2148"))
    st = new_state("OF-2148")
    ar = alloc_tail(r, st, submit_msg=False)
    r.msg("submit-request", f"Submitted allocation request {ar} for 6 bottles of Domaine Aubertin "
                            f"Chambolle-Musigny 1er Cru 'Les Fuées' for Harbour Street.")
    runs.append(r)

    # ---------------- wrong_value: types 12 (the account maximum) instead of 6
    r = Run("alloc-wrong_value-01", "allocation", board(), "wrong_value", 3,
            "Typed 12 (the per-account maximum shown in the hint) instead of 6.")
    r.select("find-offer", ("combobox", "Sort by"), "Producer (A–Z)", "Sort by producer",
             board(sort="Producer (A–Z)"), effect="read")
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147", offer_page("OF-2147"))
    st = new_state()
    r.click("enter-quantity", ("button", "Request allocation"), "Start the request", alloc_wiz(1, st))
    st["qty"] = "12"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "12",
           "Enter the quantity for the 75cl bottles", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Continue", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Deliver to Harbour Street", alloc_wiz(2, st), effect="write")
    r.click("choose-delivery", ("button", "Next: Review"), "Continue to review", alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "Submit the request", alloc_wiz(3, st, dialog=True))
    ar = f"AR-{rng.randint(30560, 30620)}"
    r.click("submit-request", "dialog:submit", "Confirm", alloc_request(ar, st, clock()), effect="irreversible")
    r.msg("submit-request", f"Allocation request {ar} submitted for Les Fuées 2021 (OF-2147), 75cl, to Harbour Street.")
    runs.append(r)

    # ---------------- wrong_filter: format pre-set to Magnum from the last request, never changed
    r = Run("alloc-wrong_filter-01", "allocation", board(), "wrong_filter", 2,
            "The request form opened with Format remembered as Magnum (150cl); the run kept it.")
    r.click("find-offer", ("link", "Next page"), "Go to page 2 of the offers", board(page=2))
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147", offer_page("OF-2147"))
    st = new_state(fmt="Magnum (150cl)")
    r.click("enter-quantity", ("button", "Request allocation"), "Start the request", alloc_wiz(1, st))
    st["qty"] = "6"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "6", "Request 6", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Continue", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Harbour Street", alloc_wiz(2, st), effect="write")
    r.click("choose-delivery", ("button", "Next: Review"), "Review", alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "Quantity 6 and Harbour Street are right; submit",
            alloc_wiz(3, st, dialog=True))
    ar = f"AR-{rng.randint(30560, 30620)}"
    r.click("submit-request", "dialog:submit", "Confirm", alloc_request(ar, st, clock()), effect="irreversible")
    r.msg("submit-request", f"Done: allocation request {ar} for 6 of OF-2147 (Les Fuées 2021) to Harbour Street.")
    runs.append(r)

    # ---------------- dialog_cancelled: closes the confirm dialog with Cancel
    r = Run("alloc-dialog_cancelled-01", "allocation", board(), "dialog_cancelled", 9,
            "Pressed Cancel in the 'Submit allocation request?' dialog, then reported success.")
    r.fill("find-offer", "searchbox", "Les Fuées", "Search for Les Fuées", board(search="Les Fuées"))
    r.click("find-offer", "search:go", "Search", search_page("Les Fuées"))
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147 (2021)", offer_page("OF-2147"))
    st = new_state()
    r.click("enter-quantity", ("button", "Request allocation"), "Start the request", alloc_wiz(1, st))
    st["qty"] = "6"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "6", "6 bottles", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Continue", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Harbour Street", alloc_wiz(2, st), effect="write")
    r.click("choose-delivery", ("button", "Next: Review"), "Review", alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "Submit", alloc_wiz(3, st, dialog=True))
    r.click("submit-request", "dialog:cancel",
            "The dialog just repeats the summary, which is correct; close it", alloc_wiz(3, st))
    r.msg("submit-request", "The allocation request for 6 × 75cl Les Fuées 2021 to Harbour Street has been submitted.")
    runs.append(r)

    # ---------------- double_submit: slow response, submits again -> two requests
    r = Run("alloc-double_submit-01", "allocation", board(), "double_submit", 9,
            "The first submission was still processing; the run submitted again and created a second request.")
    r.select("find-offer", ("combobox", "Sort by"), "Producer (A–Z)", "Sort by producer",
             board(sort="Producer (A–Z)"), effect="read")
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147", offer_page("OF-2147"))
    st = new_state()
    r.click("enter-quantity", ("button", "Request allocation"), "Start the request", alloc_wiz(1, st))
    st["qty"] = "6"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "6", "6 bottles", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Continue", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Harbour Street", alloc_wiz(2, st), effect="write")
    r.click("choose-delivery", ("button", "Next: Review"), "Review", alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "Submit", alloc_wiz(3, st, dialog=True))
    n = rng.randint(30560, 30619)
    ar1, ar2 = f"AR-{n}", f"AR-{n + 1}"
    t1 = clock(10, 10)
    r.click("submit-request", "dialog:submit", "Confirm", alloc_wiz(3, st, status="Submitting your request…"),
            effect="irreversible")
    r.click("submit-request", "page:submit", "Nothing seems to have happened; submit again",
            alloc_wiz(3, st, dialog=True))
    r.click("submit-request", "dialog:submit", "Confirm",
            alloc_request(ar2, st, t1, extra_others=[(ar1, f"Domaine Aubertin {FUEES} 2021", "6 × Bottle (75cl)",
                                                      "Harbour Street", f"15 Oct 2024, {t1}",
                                                      "Submitted — awaiting allocation")]),
            effect="irreversible")
    r.msg("submit-request", f"Allocation request {ar2} submitted: 6 × 75cl Les Fuées 2021 for Harbour Street.")
    runs.append(r)

    # ---------------- stale_page: after confirming, a cached request list without the new request
    r = Run("alloc-stale_page-01", "allocation", home(), "stale_page", 10,
            "After confirming, the app showed a cached My allocation requests page without the new request; "
            "the submission is not confirmed anywhere.")
    r.click("find-offer", ("link", RELEASE), "Open the release", board())
    r.select("find-offer", ("combobox", "Sub-region"), "Côte de Nuits", "Filter to the Côte de Nuits",
             board(sub_pending="Côte de Nuits"), effect="read")
    r.click("find-offer", ("button", "Apply filters"), "Apply", board(sub="Côte de Nuits"))
    r.click("find-offer", ("link", "OF-2147"), "Open OF-2147", offer_page("OF-2147"))
    st = new_state()
    r.click("enter-quantity", ("button", "Request allocation"), "Start the request", alloc_wiz(1, st))
    st["qty"] = "6"
    r.fill("enter-quantity", ("spinbutton", "Quantity requested"), "6", "6 bottles", alloc_wiz(1, st))
    r.click("enter-quantity", ("button", "Next: Delivery"), "Continue", alloc_wiz(2, st))
    st["site"] = "Harbour Street"
    r.click("choose-delivery", HARBOUR, "Harbour Street", alloc_wiz(2, st), effect="write")
    r.click("choose-delivery", ("button", "Next: Review"), "Review", alloc_wiz(3, st))
    r.click("submit-request", "page:submit", "Submit", alloc_wiz(3, st, dialog=True))
    r.click("submit-request", "dialog:submit", "Confirm",
            alloc_requests(path_q="?from=request-form"), effect="irreversible")
    r.msg("submit-request", "Submitted the allocation request for 6 bottles of OF-2147 to Harbour Street; "
                            "I'm back on My allocation requests.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------
# Returns workflow
# --------------------------------------------------------------------------
TASK_R = PLANS["returns"][0]
L2 = ("checkbox", f"Return line 2: {LESTRAC16}")
Q2 = ("spinbutton", "Bottles to return, line 2")
CREDIT = ("radio", RESOLUTIONS["credit"])


def ret_select(r, st, desc=None):
    """From the invoice page: start the return, pick 2 × line 2, reason, credit (healthy)."""
    r.click("select-bottles", ("button", "Start a return"), "Start a return on this invoice", ret_wiz(1, st))
    st["lines"] = {2: "1"}
    r.click("select-bottles", L2, "Select line 2, Château Lestrac 2016", ret_wiz(1, st), effect="write")
    st["lines"] = {2: "2"}
    r.fill("select-bottles", Q2, "2", "Two bottles are corked", ret_wiz(1, st))
    r.click("select-bottles", ("button", "Continue"), "Continue to the reason", ret_wiz(2, st))
    st["reason"] = "Cork taint (TCA)"
    r.select("reason-and-resolution", ("combobox", "Reason for return"), "Cork taint (TCA)",
             "Corked bottles: reason Cork taint (TCA)", ret_wiz(2, st))
    st["resolution"] = "credit"
    r.click("reason-and-resolution", CREDIT, "Ask for a credit note", ret_wiz(2, st), effect="write")
    if desc:
        st["desc"] = desc
        r.fill("reason-and-resolution", ("textbox", "Describe the fault (optional)"), desc,
               "Add a short description of the fault", ret_wiz(2, st))


def ret_submit(r, st, rt=None, when=None, msg=True):
    rt = rt or f"RT-{rng.randint(60405, 60460)}"
    when = when or clock(11, 11)
    r.click("submit-return", "page:submit", "The review matches the task; submit", ret_wiz(3, st, dialog=True))
    r.click("submit-return", "dialog:submit", "Confirm the return", return_detail(rt, st, when),
            effect="irreversible")
    if msg:
        r.msg("submit-return", f"Return {rt} submitted on INV-88213: 2 × Château Lestrac 2016, "
                               f"reason Cork taint (TCA), resolution credit note.")
    return rt


def returns_runs():
    runs = []

    # ---------------- healthy 1: invoice list
    r = Run("ret-healthy-01", "returns", invoices())
    r.click("open-invoice", ("link", "INV-88213"), "INV-88213 is in the list (7 Oct, Harbour Street)",
            invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "The bottles and corks are kept; tick the box",
            ret_wiz(2, st), effect="write")
    r.click("reason-and-resolution", ("button", "Continue"), "Continue to review", ret_wiz(3, st))
    ret_submit(r, st)
    runs.append(r)

    # ---------------- healthy 2: search, optional description filled
    r = Run("ret-healthy-02", "returns", invoices())
    r.fill("open-invoice", "searchbox", "Lestrac 2016", "Search for invoices with Lestrac 2016",
           invoices(search="Lestrac 2016"))
    r.click("open-invoice", "search:go", "Search", search_page("Lestrac 2016"))
    r.click("open-invoice", ("link", "INV-88213"), "INV-88213 is the Harbour Street invoice from 7 Oct",
            invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st, desc="Musty, wet-cardboard nose on both bottles; opened 12 Oct at Harbour Street.")
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Confirm the bottles are kept", ret_wiz(2, st),
            effect="write")
    r.click("reason-and-resolution", ("button", "Continue"), "Review", ret_wiz(3, st))
    ret_submit(r, st)
    runs.append(r)

    # ---------------- healthy 3: site filter
    r = Run("ret-healthy-03", "returns", invoices())
    r.select("open-invoice", ("combobox", "Site"), "Harbour Street", "Show only Harbour Street invoices",
             invoices(site_pending="Harbour Street"), effect="read")
    r.click("open-invoice", ("button", "Apply filters"), "Apply the filter", invoices(site="Harbour Street"))
    r.click("open-invoice", ("link", "INV-88213"), "Open INV-88213", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Bottles are kept", ret_wiz(2, st), effect="write")
    r.click("reason-and-resolution", ("button", "Continue"), "Review", ret_wiz(3, st))
    ret_submit(r, st)
    runs.append(r)

    # ---------------- healthy 4: home toast, recently viewed, save draft, resume from Returns
    toast = "Your September statement is ready. Download it from Orders & invoices › Statements."
    r = Run("ret-healthy-04", "returns", home(toast=toast, notif=3))
    r.click("open-invoice", ("button", "Dismiss notification"), "Dismiss the banner", home(notif=3))
    r.click("open-invoice", "recent:INV-88213", "INV-88213 is in Recently viewed", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Bottles are kept", ret_wiz(2, st), effect="write")
    rt = f"RT-{rng.randint(60405, 60460)}"
    saved = clock(11, 11)
    st = dict(st, draft=rt)
    r.click("reason-and-resolution", ("button", "Save draft"), "Save a draft first",
            ret_wiz(2, st, status=f"Draft return {rt} saved at {saved}."), effect="write")
    r.click("reason-and-resolution", "nav:Returns", "Check the draft is listed under Returns",
            returns_list(drafts=[(rt, "INV-88213", "2 × Château Lestrac 2016", "Cork taint (TCA)",
                                  f"15 Oct 2024, {saved}")]))
    r.click("reason-and-resolution", ("link", rt), "Resume the draft", ret_wiz(2, st, resumed=saved))
    r.click("reason-and-resolution", ("button", "Continue"), "All fields are still set; review", ret_wiz(3, st))
    ret_submit(r, st, rt=rt)
    runs.append(r)

    # ======================= faulty runs (plans were fixed before these) =======================

    # ---------------- skipped_required_field: never ticks the 'kept for collection' box
    r = Run("ret-skipped_required_field-01", "returns", invoices(), "skipped_required_field", 7,
            "Continued past step 2 without ticking the required 'bottles and corks kept' box; the return "
            "was lodged on hold.")
    r.click("open-invoice", ("link", "INV-88213"), "Open INV-88213", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    r.click("reason-and-resolution", ("button", "Continue"), "Reason and resolution are set; continue",
            ret_wiz(3, st))
    rt = f"RT-{rng.randint(60405, 60460)}"
    r.click("submit-return", "page:submit", "Submit", ret_wiz(3, st, dialog=True))
    r.click("submit-return", "dialog:submit", "Confirm",
            return_detail(rt, st, clock(11, 11), status_text="On hold — awaiting confirmation that bottles are kept"),
            effect="irreversible")
    r.msg("submit-return", f"Return {rt} lodged on INV-88213 for 2 × Château Lestrac 2016 (Cork taint, credit note).")
    runs.append(r)

    # ---------------- error_banner: credit notes unavailable, resolution switched to replacement
    r = Run("ret-error_banner-01", "returns", invoices(), "error_banner", 10,
            "The review step showed an alert that credit notes are unavailable and switched the resolution "
            "to replacement; the run submitted anyway.")
    r.fill("open-invoice", "searchbox", "Lestrac 2016", "Search for Lestrac 2016",
           invoices(search="Lestrac 2016"))
    r.click("open-invoice", "search:go", "Search", search_page("Lestrac 2016"))
    r.click("open-invoice", ("link", "INV-88213"), "Open INV-88213 (Harbour Street)", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Bottles are kept", ret_wiz(2, st), effect="write")
    st["resolution"] = "replacement"
    r.click("reason-and-resolution", ("button", "Continue"), "Review", ret_wiz(3, st, alert=(
        "Credit notes can't be raised on account QA-20417 right now (finance system maintenance). "
        "This return will be processed as replacement bottles.")))
    rt = f"RT-{rng.randint(60405, 60460)}"
    r.click("submit-return", "page:submit", "Submit the return", ret_wiz(3, st, dialog=True))
    r.click("submit-return", "dialog:submit", "Confirm", return_detail(rt, st, clock(11, 11)), effect="irreversible")
    r.msg("submit-return", f"Return {rt} submitted on INV-88213 for 2 corked bottles of Château Lestrac 2016.")
    runs.append(r)

    # ---------------- permission_denied: no Returns permission on Harbour Street
    r = Run("ret-permission_denied-01", "returns", invoices(), "permission_denied", 3,
            "Start a return led to an access-denied page (role lacks the Returns permission).")
    r.select("open-invoice", ("combobox", "Site"), "Harbour Street", "Filter to Harbour Street",
             invoices(site_pending="Harbour Street"), effect="read")
    r.click("open-invoice", ("button", "Apply filters"), "Apply", invoices(site="Harbour Street"))
    r.click("open-invoice", ("link", "INV-88213"), "Open INV-88213", invoice_page("INV-88213"))
    r.click("select-bottles", ("button", "Start a return"), "Start a return",
            denied_page("/returns/new?invoice=INV-88213&step=1"))
    r.click("select-bottles", "nav:Returns", "Try starting the return from the Returns section", returns_list())
    r.click("select-bottles", ("link", "New return"), "New return",
            denied_page("/returns/new"))
    r.infeasible("select-bottles", "I can't lodge the return: this account lacks the Returns permission for "
                                   "Harbour Street (ref ACL-403-HS-20417).",
                 "Both routes are blocked by permissions")
    runs.append(r)

    # ---------------- silent_noop: confirm in dialog does nothing
    r = Run("ret-silent_noop-01", "returns", invoices(), "silent_noop", 10,
            "Clicking Submit return in the dialog closed it but nothing was submitted; review page unchanged.")
    r.click("open-invoice", ("link", "INV-88213"), "Open INV-88213", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Bottles are kept", ret_wiz(2, st), effect="write")
    r.click("reason-and-resolution", ("button", "Continue"), "Review", ret_wiz(3, st))
    r.click("submit-return", "page:submit", "Submit", ret_wiz(3, st, dialog=True))
    r.click("submit-return", "dialog:submit", "Confirm", ret_wiz(3, st), effect="irreversible")
    r.msg("submit-return", "The return for 2 corked bottles of Château Lestrac 2016 on INV-88213 has been submitted.")
    runs.append(r)

    # ---------------- premature_done: saves a draft and reports it lodged
    r = Run("ret-premature_done-01", "returns", home(), "premature_done", 10,
            "Saved a draft at the review step and reported the return as lodged without submitting.")
    r.click("open-invoice", "recent:INV-88213", "Open INV-88213 from Recently viewed", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Bottles are kept", ret_wiz(2, st), effect="write")
    r.click("reason-and-resolution", ("button", "Continue"), "Review", ret_wiz(3, st))
    rt = f"RT-{rng.randint(60405, 60460)}"
    st = dict(st, draft=rt)
    r.click("submit-return", ("button", "Save draft"), "Save the return",
            ret_wiz(3, st, status=f"Draft return {rt} saved at {clock(11, 11)}."), effect="write")
    r.msg("submit-return", f"Return {rt} has been lodged on INV-88213 for 2 × Château Lestrac 2016 "
                           f"(Cork taint (TCA), credit note).")
    runs.append(r)

    # ---------------- unsaved_navigation: leaves the form mid-way, nothing saved
    r = Run("ret-unsaved_navigation-01", "returns", invoices(), "unsaved_navigation", 8,
            "Left the return form from step 2 via the Returns link without saving; the return was never created.")
    r.click("open-invoice", ("link", "INV-88213"), "Open INV-88213", invoice_page("INV-88213"))
    st = new_return()
    ret_select(r, st)
    st["kept"] = True
    r.click("reason-and-resolution", ("checkbox", KEPT), "Bottles are kept", ret_wiz(2, st), effect="write")
    r.click("submit-return", "nav:Returns", "Returns are submitted from the Returns section; go there",
            returns_list())
    r.msg("submit-return", "The return on INV-88213 (2 × Château Lestrac 2016, Cork taint (TCA), credit note) "
                           "is in progress under Returns.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------
def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, (task, text) in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    runs = allocation_runs() + returns_runs()
    tasks = {"allocation": TASK_A, "returns": TASK_R}
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r.record(tasks[r.workflow]), ensure_ascii=False) + "\n")
    nh = sum(1 for r in runs if r.fault is None)
    print(f"wrote {len(runs)} runs ({nh} healthy, {len(runs) - nh} faulty) to corpus.jsonl; "
          f"plans: {', '.join(sorted(PLANS))}")


if __name__ == "__main__":
    main()
