#!/usr/bin/env python3
"""Generate the "Curio" held-out corpus (stdlib only, fixed seed).

Curio is an invented collections management system used by the (invented)
Larkspur Hill Museum of Art & History.  The signed-in user is Priya Nandakumar
(Registrar); "today" is Friday 14 March 2025.

Writes, next to this file (or into the folder given as the first argument):
  corpus.jsonl                     20 trajectories (8 healthy, 12 faulty)
  plans/outgoing_loan.yaml         plan for the outgoing-loan workflow
  plans/condition_report.yaml      plan for the condition-report workflow

Pages are serialized in BrowserGym's flattened AXTree style: one node per line,
tab-indented, `[bid] role 'name'`, then ` value='...'` and `, prop=value` items.
Bids are stable while the agent stays on one document (filling a field, opening
a dialog) and are re-assigned after every navigation, as in BrowserGym.
"""
import datetime as _dt
import json
import os
import random
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plans_src import CONDITION_PLAN, CONDITION_TASK, LOAN_PLAN, LOAN_TASK  # noqa: E402

SEED = 20250314
BASE = "http://localhost:8040"
PRODUCT = "Curio"
ORG = "Larkspur Hill Museum of Art & History"
USER = "Priya Nandakumar"
USER_ROLE = "Registrar"
TODAY = "14/03/2025"

WF_LOAN = "outgoing_loan"
WF_COND = "condition_report"
PLAN_FILES = {WF_LOAN: "plans/outgoing_loan.yaml", WF_COND: "plans/condition_report.yaml"}
PLAN_TEXTS = {WF_LOAN: LOAN_PLAN, WF_COND: CONDITION_PLAN}
TASKS = {WF_LOAN: LOAN_TASK, WF_COND: CONDITION_TASK}

rng = random.Random(SEED)


# --------------------------------------------------------------------------------------------
# Accessibility-tree nodes and rendering
# --------------------------------------------------------------------------------------------
class N:
    """One accessibility node: role, name, optional value, properties, children."""

    def __init__(self, role, name="", *kids, value=None, **props):
        self.role = role
        self.name = name
        self.value = value
        self.props = {k: v for k, v in props.items() if v is not None}
        self.kids = [k for k in kids if k is not None]


NOBID = {"StaticText", "LineBreak"}
BARE = {"focused", "required", "invalid"}


def fmt_props(props):
    out = []
    for k, v in props.items():
        if k in BARE:
            if v:
                out.append(k)
            continue
        out.append(f"{k}={v!r}")
    return "".join(", " + p for p in out)


class Doc:
    """One loaded document: remembers the bid given to each node path."""

    def __init__(self):
        self.rng = random.Random(rng.random())
        self.map = {}
        self.n = self.rng.randint(8, 40)

    def bid(self, key):
        if key not in self.map:
            self.n += self.rng.choice((1, 1, 1, 1, 2, 3))  # gaps: generic DOM nodes pruned
            self.map[key] = f"a{self.n}"
        return self.map[key]


class Page:
    def __init__(self, url, title, nodes):
        self.url = url
        self.title = title
        self.nodes = nodes


def render(page, doc):
    lines = [f"RootWebArea {page.title!r}, focused"]
    index = {}

    def walk(nodes, depth, path):
        counts = {}
        for n in nodes:
            k = (n.role, n.name)
            counts[k] = counts.get(k, 0) + 1
            key = path + ((n.role, n.name, counts[k]),)
            s = f"{n.role} {n.name!r}"
            if n.role not in NOBID:
                b = doc.bid(key)
                s = f"[{b}] " + s
                index.setdefault(k, []).append(b)
            if n.value is not None:
                s += f" value={n.value!r}"
            s += fmt_props(n.props)
            lines.append("\t" * depth + s)
            walk(n.kids, depth + 1, key)

    walk(page.nodes, 1, ())
    obs = {"url": page.url, "title": page.title, "text": "\n".join(lines), "error": None}
    return obs, index


# --------------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------------
def _obj(acc, title, objname, maker, date, medium, dims, dept, loc, cond, cond_date, status, credit):
    return dict(acc=acc, title=title, objname=objname, maker=maker, date=date, medium=medium,
                dims=dims, dept=dept, loc=loc, cond=cond, cond_date=cond_date, status=status,
                credit=credit)


OBJECTS = {}
HR = "Hollins & Reade Pottery"
HR_CREDIT = "Gift of the Hollins family, 1987"
_heron = [
    ("Peacock Feather Vase", "Vase"), ("Blue Heron Ginger Jar", "Ginger jar"), ("Lotus Bowl", "Bowl"),
    ("Kingfisher Jug", "Jug"), ("Iris Tile", "Tile"), ("Iris Tile", "Tile"), ("Carp Charger", "Charger"),
    ("Lustre Bottle Vase", "Vase"), ("Heron and Reeds Plaque", "Plaque"), ("Swallow Teapot", "Teapot"),
    ("Blue Heron Charger", "Charger"), ("Blue Heron Vase", "Vase"), ("Blue Heron Vase (pair)", "Vase"),
    ("Dragonfly Tile Panel", "Tile panel"), ("Pomegranate Dish", "Dish"), ("Moth Vase", "Vase"),
    ("Lustre Goblet", "Goblet"), ("Bulrush Jardinière", "Jardinière"), ("Sunflower Plate", "Plate"),
    ("Owl Tobacco Jar", "Tobacco jar"), ("Heron Tile", "Tile"), ("Wave Pattern Bowl", "Bowl"),
    ("Trial Glaze Tile", "Tile"), ("Trial Glaze Tile", "Tile"),
]
for i, (t, on) in enumerate(_heron, 1):
    acc = f"1987.44.{i}"
    yr = 1880 + (i * 7) % 11
    disp = i in (2, 7, 11, 12, 13, 14, 18)
    OBJECTS[acc] = _obj(acc, t, on, HR, f"c. {yr}", "Earthenware, underglaze blue and lustre glaze",
                        f"H {20 + (i * 13) % 30}.{i % 10} cm", "Decorative Arts",
                        "Gallery 7, Case 3" if disp else f"Store A, Bay 12, Shelf {1 + i % 5}",
                        "Good" if i % 6 else "Fair", "02/06/2023", "On display" if disp else "In store",
                        HR_CREDIT)
OBJECTS["1987.44.12"].update(date="c. 1885", dims="H 41.5 cm, Diam 18.2 cm")
OBJECTS["1987.44.13"].update(date="c. 1885", dims="H 41.3 cm, Diam 18.2 cm")
OBJECTS["1978.44.12"] = _obj("1978.44.12", "Blue Iris Vase", "Vase", "Ashby Art Pottery", "1902",
                             "Earthenware, slip-trailed", "H 30.0 cm", "Decorative Arts",
                             "Store A, Bay 9, Shelf 2", "Good", "11/10/2022", "In store",
                             "Purchased from Mrs E. Lowther, 1978")

WRAY_CREDIT = "Bequeathed by Miss Constance Wray, 2003"
_wray = [
    ("Wray Hall from the South", "Painting", "John Marr (1790–1851)", "1831"),
    ("Portrait of Sir Edmund Wray", "Painting", "Thomas Ellery (1801–1866)", "1838"),
    ("Portrait of Lady Caroline Wray", "Painting", "Thomas Ellery (1801–1866)", "1838"),
    ("Still Life with Quinces", "Painting", "Ellen Ashworth (1812–1880)", "1850"),
    ("The Wray Children", "Painting", "Thomas Ellery (1801–1866)", "1845"),
    ("View of Larkspur Hill", "Painting", "John Marr (1790–1851)", "1829"),
    ("Portrait of Agnes Wray", "Painting", "Thomas Ellery (1801–1866)", "1842"),
    ("Portrait of Agnes Wray (oil sketch)", "Oil sketch", "Thomas Ellery (1801–1866)", "c. 1841"),
    ("Study of a Spaniel", "Painting", "Ellen Ashworth (1812–1880)", "1852"),
    ("Wray Hall, the Long Gallery", "Painting", "Unknown British artist", "c. 1860"),
    ("Landscape with Mill", "Painting", "John Marr (1790–1851)", "1834"),
    ("Portrait of a Gentleman", "Painting", "Unknown British artist", "c. 1790"),
    ("Hunting Scene", "Painting", "Unknown British artist", "c. 1810"),
    ("River at Dusk", "Painting", "Ellen Ashworth (1812–1880)", "1861"),
    ("Flowers in a Delft Jar", "Painting", "Ellen Ashworth (1812–1880)", "1858"),
    ("The Orangery", "Painting", "Unknown British artist", "c. 1850"),
    ("Portrait of Henry Wray", "Painting", "Thomas Ellery (1801–1866)", "1843"),
    ("Sketchbook page: heads", "Drawing", "Thomas Ellery (1801–1866)", "c. 1840"),
]
for i, (t, on, mk, d) in enumerate(_wray, 1):
    acc = f"2003.118.{i}"
    OBJECTS[acc] = _obj(acc, t, on, mk, d, "Oil on canvas" if on == "Painting" else
                        ("Oil on board" if on == "Oil sketch" else "Graphite on paper"),
                        f"{50 + (i * 7) % 40}.{i % 10} × {40 + (i * 5) % 30}.{(i * 3) % 10} cm",
                        "Fine Art", "Gallery 2" if i in (1, 2, 3, 5) else f"Store B, Rack {10 + i % 6}",
                        "Good", "12/07/2023", "On display" if i in (1, 2, 3, 5) else "In store",
                        WRAY_CREDIT)
OBJECTS["2003.118.7"].update(medium="Oil on canvas", dims="76.2 × 63.5 cm", loc="Store B, Rack 14")
OBJECTS["2003.118.8"].update(medium="Oil on board", dims="30.5 × 25.4 cm", loc="Store B, Rack 14")
OBJECTS["2003.181.7"] = _obj("2003.181.7", "Sampler worked by Agnes Wray", "Sampler", "Agnes Wray (1822–1889)",
                             "1831", "Silk on linen", "42.0 × 38.5 cm", "Textiles", "Textile store, Drawer 31",
                             "Good", "04/04/2022", "In store", "Given by Mr and Mrs P. Wray, 2003")

_misc = [
    ("1992.7.3", "Tea service", "Tea service", "Larkspur China Works", "c. 1795", "Decorative Arts"),
    ("2011.5.1", "Embroidered waistcoat", "Waistcoat", "Unknown maker", "c. 1770", "Textiles"),
    ("1954.120", "Roman oil lamp", "Lamp", "Unknown maker", "1st–2nd century AD", "Archaeology"),
    ("1936.12.4", "Barn owl (mounted specimen)", "Specimen", "R. Fenwick, taxidermist", "1936", "Natural History"),
    ("2019.2.15", "Study for 'The Weir'", "Drawing", "Maud Quarrie (1888–1971)", "1921", "Fine Art"),
    ("1965.31.2", "Longcase clock", "Clock", "Josiah Pell of Larkspur", "c. 1760", "Decorative Arts"),
    ("2008.14.1", "Quilt, Log Cabin pattern", "Quilt", "Unknown maker", "c. 1890", "Textiles"),
    ("1899.6.40", "Bronze Age palstave", "Axe head", "Unknown maker", "c. 1500 BC", "Archaeology"),
    ("2021.1.3", "Harbour Lights (screen print)", "Print", "Dev Okafor (b. 1975)", "2019", "Fine Art"),
]
for acc, t, on, mk, d, dept in _misc:
    OBJECTS[acc] = _obj(acc, t, on, mk, d, "—", "—", dept, "Store C", "Good", "01/02/2024", "In store", "—")


def label(acc):
    return f"{acc} {OBJECTS[acc]['title']}"


# outgoing loans already in the system (reference, borrower, exhibition, objects, period, status)
LOANS = [
    ("OUT-2025-016", "Kestrel Bay Art Gallery", "Northern Light: Landscape Painting 1840–1900", 3,
     "14/04/2025 – 31/08/2025", "Agreed"),
    ("OUT-2025-015", "Tamsin Rowe Foundation", "Women at the Wheel", 2, "01/04/2025 – 29/06/2025",
     "Awaiting approval"),
    ("OUT-2025-014", "Kestrel Bay Maritime Museum", "Ships & Shores", 5, "20/03/2025 – 05/10/2025", "Approved"),
    ("OUT-2025-013", "Harwick Cathedral Library", "The Illuminated Word", 1, "10/03/2025 – 22/06/2025",
     "Dispatched"),
    ("OUT-2025-012", "Northgate University Library", "Letters Home", 7, "03/02/2025 – 27/04/2025", "On loan"),
    ("OUT-2024-031", "Tamsin Rowe Foundation", "Kiln & Hearth", 4, "02/09/2024 – 12/01/2025", "Returned"),
]
BORROWERS = ["Harwick Cathedral Library", "Kestrel Bay Art Gallery", "Kestrel Bay Maritime Museum",
             "Northgate University Library", "Tamsin Rowe Foundation", "Vossberg Kunsthalle"]
VENUES = {"Kestrel Bay Art Gallery": "Kestrel Bay Art Gallery, 4 Harbour Road, Kestrel Bay KB2 7QT",
          "Kestrel Bay Maritime Museum": "Kestrel Bay Maritime Museum, The Quay, Kestrel Bay KB1 1AA"}
EXHIBITION = "Glaze & Fire: Victorian Art Pottery"
COVER_OPTS = ["Borrower's policy (nail-to-nail)", "Government Indemnity Scheme", "Lender's policy"]
REPORT_TYPES = ["Routine survey", "Pre-loan check", "Incoming loan check", "Outgoing loan check",
                "Post-treatment", "Damage report"]
OVERALL = ["Excellent", "Good", "Fair", "Poor", "Unstable"]
OBSERVATIONS = "Minor flaking to paint layer along lower left edge; frame sound."

COND_HISTORY = {
    "2003.118.7": [("12/07/2023", "CR-2023-0412", "Routine survey", "Good", "Tomasz Berg"),
                   ("03/03/2021", "CR-2021-0150", "Post-treatment", "Good", "Inês Carvalho"),
                   ("19/11/2019", "CR-2019-0877", "Pre-loan check", "Fair", "Inês Carvalho")],
    "1987.44.12": [("02/06/2023", "CR-2023-0309", "Routine survey", "Good", "Tomasz Berg"),
                   ("14/03/2019", "CR-2019-0211", "Outgoing loan check", "Good", "Inês Carvalho")],
    "1987.44.13": [("02/06/2023", "CR-2023-0310", "Routine survey", "Good", "Tomasz Berg")],
    "2003.118.8": [("12/07/2023", "CR-2023-0413", "Routine survey", "Fair", "Tomasz Berg")],
}
RELATED = {
    "1987.44.12": [("Pair with", "1987.44.13"), ("Same acquisition", "1987.44.11"),
                   ("Same acquisition", "1987.44.2")],
    "1987.44.13": [("Pair with", "1987.44.12"), ("Same acquisition", "1987.44.11")],
    "2003.118.7": [("Preparatory study", "2003.118.8"), ("Pendant portrait", "2003.118.17"),
                   ("Same sitter", "2003.181.7")],
    "2003.118.8": [("Study for", "2003.118.7"), ("Same bequest", "2003.118.17")],
}


# --------------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------------
NAV = ["Dashboard", "Objects", "Loans", "Condition checks", "Reports"]


def frame(url, title, main, crumbs=None, nav_current=None, search=None, search_focused=False,
          toast=None, alert=None, dialog=None, notif=3, recent=None):
    """Wrap main content in Curio's header, breadcrumb, live regions and footer."""
    nav_items = [N("listitem", "", N("link", t, current="page" if t == nav_current else None)) for t in NAV]
    header = N("banner", "",
               N("link", "Curio home"),
               N("StaticText", ORG),
               N("navigation", "Main", N("list", "", *nav_items)),
               N("search", "Site search",
                 N("textbox", "Search collections", value=search or None, focused=search_focused),
                 N("button", "Search")),
               N("button", f"Notifications ({notif} unread)", hasPopup="menu", expanded=False),
               N("button", f"Account menu: {USER}", hasPopup="menu", expanded=False))
    nodes = [header]
    if crumbs:
        items = [N("listitem", "", N("link", c)) for c in crumbs[:-1]]
        items.append(N("listitem", "", N("StaticText", crumbs[-1])))
        nodes.append(N("navigation", "Breadcrumb", N("list", "", *items)))
    body = []
    if alert:
        body.append(N("alert", "", N("StaticText", alert), live="assertive", atomic=True))
    body.extend(main)
    if recent:
        body.append(N("complementary", "Recently viewed",
                      N("heading", "Recently viewed", level=2),
                      N("list", "", *[N("listitem", "", N("link", r)) for r in recent])))
    nodes.append(N("main", "", *body))
    status_kids = []
    if toast:
        status_kids = [N("StaticText", toast), N("button", "Dismiss notification")]
    nodes.append(N("status", "", *status_kids, live="polite", atomic=True))
    nodes.append(N("contentinfo", "",
                   N("StaticText", f"{PRODUCT} 4.12.3 · {ORG}"),
                   N("link", "Help centre"),
                   N("link", "Accessibility statement"),
                   N("link", "Privacy notice"),
                   N("StaticText", f"Signed in as {USER} ({USER_ROLE}) · Last sign-in 13/03/2025 17:52")))
    if dialog:
        nodes.append(dialog)
    return Page(BASE + url, f"{title} – {PRODUCT}", nodes)


def table(name, headers, rows, sortable=None, sorted_by=None):
    hdr = []
    for h in headers:
        if sortable and h in sortable:
            state = "ascending" if h == sorted_by else None
            hdr.append(N("columnheader", h, N("button", f"Sort by {h.lower()}"), sort=state))
        else:
            hdr.append(N("columnheader", h))
    body = [N("row", "", *hdr)]
    for r in rows:
        body.append(N("row", "", *r))
    return N("table", name, *body)


def cell(text):
    return N("cell", text)


def link_cell(text, link_name=None):
    return N("cell", "", N("link", link_name or text))


def pagination(showing, page, pages, prefix="Page"):
    kids = [N("StaticText", showing),
            N("link", "Previous page", disabled=True if page == 1 else None)]
    for p in range(1, min(pages, 5) + 1):
        kids.append(N("link", f"{prefix} {p}", current="page" if p == page else None))
    if pages > 5:
        kids.append(N("StaticText", "…"))
        kids.append(N("link", f"{prefix} {pages}"))
    kids.append(N("link", "Next page", disabled=True if page == pages else None))
    return N("navigation", "Pagination", *kids)


def combobox(name, value, options, required=False, focused=False):
    return N("combobox", name, *[N("option", o, selected=(o == value)) for o in options],
             value=value, hasPopup="listbox", expanded=False, required=required, focused=focused)


# --------------------------------------------------------------------------------------------
# Page builders
# --------------------------------------------------------------------------------------------
RECENT_LOAN = ["1987.44.13 Blue Heron Vase (pair)", "OUT-2025-016 Kestrel Bay Art Gallery",
               "1992.7.3 Tea service", "2003.118.8 Portrait of Agnes Wray (oil sketch)"]
RECENT_COND = ["2003.118.8 Portrait of Agnes Wray (oil sketch)", "2003.118.7 Portrait of Agnes Wray",
               "OUT-2025-016 Kestrel Bay Art Gallery", "1987.44.13 Blue Heron Vase (pair)"]


def dashboard(recent, toast=None, search=None, search_focused=False):
    main = [
        N("heading", "Good morning, Priya", level=1),
        N("StaticText", "Friday 14 March 2025"),
        N("region", "My tasks",
          N("heading", "My tasks", level=2),
          N("list", "",
            N("listitem", "", N("link", "Pre-loan checks for OUT-2025-016 (3 objects)"),
              N("StaticText", "Due 21/03/2025")),
            N("listitem", "", N("link", "Paperwork for incoming loan IN-2025-004"),
              N("StaticText", "Due 28/03/2025")),
            N("listitem", "", N("link", "Inventory spot-check: Store B, Rack 14"),
              N("StaticText", "Due 31/03/2025")))),
        N("region", "Upcoming object movements",
          N("heading", "Upcoming object movements", level=2),
          table("Upcoming object movements", ["Date", "Reference", "Movement", "Objects"], [
              [cell("20/03/2025"), link_cell("OUT-2025-014"), cell("Dispatch to Kestrel Bay Maritime Museum"),
               cell("5")],
              [cell("24/03/2025"), link_cell("IN-2025-004"), cell("Arrival from Vossberg Kunsthalle"), cell("2")],
              [cell("14/04/2025"), link_cell("OUT-2025-016"), cell("Dispatch to Kestrel Bay Art Gallery"),
               cell("3")]])),
        N("region", "Collection at a glance",
          N("heading", "Collection at a glance", level=2),
          N("StaticText", "4,812 objects · 38 outgoing loans · 9 incoming loans · 6 condition checks due")),
    ]
    return frame("/dashboard", "Dashboard", main, nav_current="Dashboard", search=search,
                 search_focused=search_focused, toast=toast, recent=recent)


def search_page(q, results, sort="Relevance", page=1, total=None, per_page=10, recent=None, toast=None):
    total = len(results) if total is None else total
    pages = max(1, -(-total // per_page))
    items = []
    for r in results:
        if r in OBJECTS:
            o = OBJECTS[r]
            items.append(N("listitem", "", N("link", label(r)),
                           N("StaticText", f"{o['objname']} · {o['maker']} · {o['date']} · {o['dept']} · {o['status']}")))
        else:  # archive / library record: (ref, title, detail)
            items.append(N("listitem", "", N("link", f"{r[0]} {r[1]}"), N("StaticText", r[2])))
    first = (page - 1) * per_page + 1
    main = [
        N("heading", f"Search results for “{q}”", level=1),
        N("StaticText", f"{total} results" if total != 1 else "1 result"),
        N("complementary", "Refine results",
          N("heading", "Refine results", level=2),
          N("group", "Record type",
            N("checkbox", f"Objects ({total})", checked="true"),
            N("checkbox", "Loans (0)", checked="false", disabled=True),
            N("checkbox", "People & organisations (0)", checked="false", disabled=True)),
          N("group", "Department",
            N("checkbox", "Decorative Arts", checked="false"),
            N("checkbox", "Fine Art", checked="false"),
            N("checkbox", "Textiles", checked="false"))),
        combobox("Sort by", sort, ["Relevance", "Accession number", "Title A–Z", "Last modified"]),
        N("list", "Search results", *items),
    ]
    if pages > 1:
        main.append(pagination(f"Showing {first}–{first + len(results) - 1} of {total}", page, pages))
    url = f"/search?q={q.replace(' ', '+')}&sort={sort.lower().replace(' ', '_')}" + (f"&page={page}" if page > 1 else "")
    return frame(url, f"Search results for “{q}”", main, crumbs=["Home", "Search"], search=q, recent=recent,
                 toast=toast)


def objects_list(rows, showing, page, pages, dept="All departments", prefix="", sort="Recently updated",
                 toast=None, recent=None, url="/objects"):
    trs = []
    for acc in rows:
        o = OBJECTS[acc]
        trs.append([link_cell(acc), cell(o["title"]), cell(o["maker"]), cell(o["date"]), cell(o["dept"]),
                    cell(o["loc"]), cell(o["cond"])])
    main = [
        N("heading", "Objects", level=1),
        N("complementary", "Filters",
          N("heading", "Filters", level=2),
          combobox("Department", dept, ["All departments", "Archaeology", "Decorative Arts", "Fine Art",
                                        "Natural History", "Textiles"]),
          N("textbox", "Accession number starts with", value=prefix or None),
          combobox("Object status", "Any status", ["Any status", "On display", "In store", "On loan"]),
          N("checkbox", "Has images", checked="false"),
          N("button", "Apply filters"),
          N("button", "Clear filters")),
        N("toolbar", "List controls",
          combobox("Sort by", sort, ["Recently updated", "Accession number", "Title A–Z", "Date made"]),
          combobox("Rows per page", "10", ["10", "25", "50"]),
          N("button", "Export CSV")),
        table("Objects", ["Accession no.", "Title", "Maker", "Date", "Department", "Location", "Condition"],
              trs, sortable=["Accession no.", "Title", "Date"],
              sorted_by="Accession no." if sort == "Accession number" else None),
        pagination(showing, page, pages),
    ]
    return frame(url, "Objects", main, crumbs=["Home", "Objects"], nav_current="Objects", toast=toast,
                 recent=recent)


def object_page(acc, tab="Summary", recent=None, toast=None, status=None, history_extra=None,
                drafts=None, current_cond=None):
    o = OBJECTS[acc]
    tabs = ["Summary", "Condition", "Loans", "Location history", "Media (4)"]
    tablist = N("tablist", "Record sections", *[N("tab", t, selected=(t == tab)) for t in tabs])
    if tab == "Summary":
        fields = [("Accession number", acc), ("Title", o["title"]), ("Object name", o["objname"]),
                  ("Maker", o["maker"]), ("Date made", o["date"]), ("Medium", o["medium"]),
                  ("Dimensions", o["dims"]), ("Department", o["dept"]), ("Credit line", o["credit"]),
                  ("Current location", o["loc"]),
                  ("Current condition", current_cond or f"{o['cond']} (assessed {o['cond_date']})")]
        panel = N("tabpanel", "Summary",
                  N("table", "Object details",
                    *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in fields]))
        url = f"/objects/{acc}"
        title = f"{acc} {o['title']}"
    elif tab == "Condition":
        hist = list(history_extra or []) + COND_HISTORY.get(acc, [])
        rows = [[cell(d), cell(r), cell(t), cell(ov), cell(by), link_cell(f"View {r}")] for d, r, t, ov, by in hist]
        kids = [N("heading", f"Condition history for {acc}", level=2),
                N("StaticText", "Current condition: " + (current_cond or f"{o['cond']} (assessed {o['cond_date']})")),
                N("button", "Add condition report"),
                table("Condition history", ["Date", "Report", "Type", "Overall condition", "Examined by", "Actions"],
                      rows)]
        if drafts:
            kids.append(N("heading", "Draft reports", level=3))
            kids.append(table("Draft reports", ["Saved", "Type", "Examination date", "Actions"],
                              [[cell(s), cell(t), cell(d), link_cell("Resume draft")] for s, t, d in drafts]))
        panel = N("tabpanel", "Condition", *kids)
        url = f"/objects/{acc}/condition"
        title = f"Condition · {acc} {o['title']}"
    elif tab == "Loans":
        rows = []
        if acc == "1987.44.12":
            rows = [[link_cell("OUT-2019-008"), cell("Tamsin Rowe Foundation"), cell("Art of the Kiln"),
                     cell("22/03/2019 – 30/09/2019"), cell("Returned")]]
        panel = N("tabpanel", "Loans",
                  N("heading", "Loan history", level=2),
                  N("StaticText", "No current or pending loans for this object."),
                  table("Loan history", ["Reference", "Borrower", "Exhibition", "Period", "Status"], rows))
        url = f"/objects/{acc}/loans"
        title = f"Loans · {acc} {o['title']}"
    else:
        raise ValueError(tab)
    related = N("complementary", "Related records",
                N("heading", "Related records", level=2),
                N("list", "", *[N("listitem", "", N("StaticText", rel + ":"), N("link", label(a)))
                                for rel, a in RELATED.get(acc, [])]),
                N("link", f"Acquisition ACQ-{acc.split('.')[0]}-{acc.split('.')[1].zfill(3)}"))
    main = [
        N("heading", f"{acc} {o['title']}", level=1),
        N("StaticText", f"{o['objname']} · {o['maker']} · {o['date']}"),
        N("StaticText", f"Status: {o['status']} · {o['loc']}"),
        N("toolbar", "Record actions",
          N("button", "Edit record"),
          N("button", "Create outgoing loan"),
          N("button", "New condition report"),
          N("button", "Print label"),
          N("button", "More actions", hasPopup="menu", expanded=False)),
        tablist,
        panel,
        related,
    ]
    crumbs = ["Home", "Objects", f"{acc} {o['title']}"] if tab == "Summary" else \
        ["Home", "Objects", f"{acc} {o['title']}", tab]
    return frame(url, title, main, crumbs=crumbs, nav_current="Objects", toast=toast or status, recent=recent)


def cond_form(acc, st, alert=None, status=None, dialog=None, field_error=None, draft_saved=None, recent=None):
    o = OBJECTS[acc]
    radios = [N("radio", x, checked="true" if st.get("overall") == x else "false") for x in OVERALL]
    rg_kids = radios + ([N("StaticText", field_error)] if field_error else [])
    areas = [N("checkbox", a, checked="true" if a in st.get("areas", ()) else "false")
             for a in ["Support", "Paint layer", "Varnish", "Frame", "Glazing"]]
    form = N("form", "Condition report",
             combobox("Report type", st["type"], REPORT_TYPES, required=True),
             N("textbox", "Examination date (DD/MM/YYYY)", value=st.get("date") or None, required=True),
             N("textbox", "Examined by", value=st.get("by", USER), required=True),
             N("radiogroup", "Overall condition", *rg_kids, required=True, invalid=bool(field_error)),
             N("group", "Areas affected (optional)", *areas),
             N("textbox", "Observations", value=st.get("obs") or None, required=True),
             N("textbox", "Recommendations (optional)", value=st.get("rec") or None),
             N("checkbox", "Flag for conservation review", checked="false"),
             N("button", "Attach photos"),
             N("StaticText", "No photos attached"))
    main = [N("heading", "New condition report", level=1),
            N("StaticText", f"Object: {acc} {o['title']}"),
            N("StaticText", "Last report: 12/07/2023 · Routine survey · Good (Tomasz Berg)")]
    if draft_saved:
        main.append(N("StaticText", f"Draft saved at {draft_saved} — not yet part of the object record"))
    main += [form,
             N("group", "Form actions",
               N("button", "Save report"),
               N("button", "Save draft"),
               N("link", "Cancel"))]
    return frame(f"/objects/{acc}/condition/new", f"New condition report · {acc} {o['title']}", main,
                 crumbs=["Home", "Objects", f"{acc} {o['title']}", "Condition", "New report"],
                 nav_current="Objects", alert=alert, toast=status, dialog=dialog, recent=recent)


def cond_dialog(acc, st):
    return N("dialog", "Save condition report?",
             N("heading", "Save condition report?", level=2),
             N("StaticText", f"Saved reports become part of the permanent record for {acc} and cannot be edited "
                             "afterwards."),
             N("StaticText", f"{st['type']} · {st.get('date') or 'no date'} · Overall: {st.get('overall') or '—'}"),
             N("button", "Go back"),
             N("button", "Confirm and save", focused=True),
             modal=True)


def loans_board(extra_rows=None, toast=None, recent=None):
    rows = []
    for ref, b, ex, n, per, stt in list(extra_rows or []) + LOANS:
        rows.append([link_cell(ref), cell(b), cell(ex), cell(str(n)), cell(per), cell(stt)])
    total = 38 + len(extra_rows or [])
    main = [
        N("heading", "Loans", level=1),
        N("tablist", "Loan direction", N("tab", f"Outgoing ({total})", selected=True),
          N("tab", "Incoming (9)", selected=False)),
        N("button", "New outgoing loan"),
        N("group", "Filter loans",
          combobox("Status", "All statuses", ["All statuses", "Draft", "Awaiting approval", "Approved", "Agreed",
                                              "Dispatched", "On loan", "Returned"]),
          combobox("Borrower", "All borrowers", ["All borrowers"] + BORROWERS),
          N("textbox", "Filter by reference or exhibition")),
        table("Outgoing loans", ["Reference", "Borrower", "Exhibition", "Objects", "Loan period", "Status"], rows,
              sortable=["Reference", "Loan period", "Status"], sorted_by=None),
        pagination(f"Showing 1–{len(rows)} of {total}", 1, -(-total // len(rows))),
    ]
    return frame("/loans?direction=outgoing", "Outgoing loans", main, crumbs=["Home", "Outgoing loans"],
                 nav_current="Loans", toast=toast, recent=recent)


def money(v):
    return f"£{v:,.2f}"


def parse_money(s):
    return float(s.replace(",", "").replace("£", "")) if s else None


def _d(s):
    d, m, y = map(int, s.split("/"))
    return _dt.date(y, m, d)


STEP_NAMES = ["Borrower & exhibition", "Objects", "Dates & insurance", "Review & submit"]


def wizard(step, st, status=None, alert=None, dialog=None, picker=None):
    """The 4-step outgoing-loan wizard. st holds the loan being built."""
    ref = st.get("ref")
    head = f"Outgoing loan {ref} (draft)" if ref else "New outgoing loan"
    steps_nav = N("navigation", "Loan wizard steps",
                  N("list", "", *[N("listitem", "", N("StaticText", f"{i} {n}"),
                                    current="step" if i == step else None,
                                    )
                                  for i, n in enumerate(STEP_NAMES, 1)]))
    kids = [N("heading", head, level=1), steps_nav,
            N("heading", f"Step {step} of 4: {STEP_NAMES[step - 1]}", level=2)]
    if step == 1:
        kids.append(N("form", "Borrower & exhibition",
                      combobox("Borrowing institution", st.get("borrower") or "Select an institution",
                               ["Select an institution"] + BORROWERS, required=True),
                      N("textbox", "Exhibition title", value=st.get("exhibition") or None, required=True),
                      N("textbox", "Venue", value=VENUES.get(st.get("borrower")) if st.get("borrower") else None),
                      N("textbox", "Borrower contact (optional)", value=st.get("contact") or None),
                      N("link", "Add a new institution")))
        nxt = "Next: Objects"
    elif step == 2:
        objs = st.get("objects", [])
        rows = [[link_cell(a), cell(OBJECTS[a]["title"]), cell(OBJECTS[a]["loc"]),
                 cell(f"{OBJECTS[a]['cond']} ({OBJECTS[a]['cond_date']})"),
                 N("cell", "", N("button", f"Remove {a}"))] for a in objs]
        picker_kids = [N("textbox", "Add objects by accession number or title",
                         value=(picker or {}).get("q") or None), N("button", "Find")]
        if picker and picker.get("results") is not None:
            picker_kids.append(N("list", "Matching objects",
                                 *[N("listitem", "", N("StaticText", label(a)),
                                     N("StaticText", OBJECTS[a]["status"]),
                                     N("button", f"Add {a}", disabled=True if a in objs else None))
                                   for a in picker["results"]]))
        kids.append(N("group", "Find objects", *picker_kids))
        kids.append(N("heading", f"Objects on this loan ({len(objs)})", level=3))
        if objs:
            kids.append(table("Objects on this loan", ["Accession no.", "Title", "Location", "Condition", ""], rows))
        else:
            kids.append(N("StaticText", "No objects added to this loan yet."))
        nxt = "Next: Dates & insurance"
    elif step == 3:
        courier = st.get("courier", False)
        kids.append(N("form", "Dates & insurance",
                      N("textbox", "Loan start date (DD/MM/YYYY)", value=st.get("start") or None, required=True),
                      N("textbox", "Loan end date (DD/MM/YYYY)", value=st.get("end") or None, required=True),
                      N("textbox", "Insurance value (GBP)", value=st.get("insurance") or None, required=True),
                      combobox("Insurance cover", st.get("cover", COVER_OPTS[0]), COVER_OPTS),
                      N("checkbox", "Courier required", checked="true" if courier else "false"),
                      N("textbox", "Courier name", disabled=None if courier else True),
                      N("textbox", "Credit line", value=st.get("credit", f"Lent by {ORG}"))))
        nxt = "Next: Review"
    else:
        start, end = st.get("start"), st.get("end")
        days = (_d(end) - _d(start)).days + 1
        objs = ", ".join(label(a) for a in st.get("objects", []))
        fields = [("Borrowing institution", st["borrower"]), ("Exhibition", st["exhibition"]),
                  ("Venue", VENUES.get(st["borrower"], "")), ("Objects", objs),
                  ("Loan period", f"{start} – {end} ({days} days)"),
                  ("Insurance value", money(parse_money(st["insurance"]))),
                  ("Insurance cover", st.get("cover", COVER_OPTS[0])),
                  ("Courier", "Required" if st.get("courier") else "Not required"),
                  ("Credit line", st.get("credit", f"Lent by {ORG}")),
                  ("Approver", "Marcus Oyelaran (Head of Collections)")]
        kids.append(N("table", "Loan summary", *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in fields]))
        kids.append(N("list", "", N("listitem", "", N("link", "Edit borrower & exhibition")),
                      N("listitem", "", N("link", "Edit objects")),
                      N("listitem", "", N("link", "Edit dates & insurance"))))
        nxt = "Submit for approval"
    kids.append(N("group", "Wizard actions",
                  N("button", "Back", disabled=True if step == 1 else None),
                  N("button", "Save draft"),
                  N("link", "Cancel"),
                  N("button", nxt)))
    url = (f"/loans/{ref}/edit?step={step}" if ref else f"/loans/new?step={step}")
    title = f"{head} · Step {step} of 4"
    return frame(url, title, kids, crumbs=["Home", "Outgoing loans", head], nav_current="Loans",
                 toast=status, alert=alert, dialog=dialog)


def loan_dialog():
    return N("dialog", "Submit loan for approval?",
             N("heading", "Submit loan for approval?", level=2),
             N("StaticText", "The loan will be sent to Marcus Oyelaran (Head of Collections) for approval. "
                             "You cannot edit it while it is awaiting approval."),
             N("button", "Cancel"),
             N("button", "Submit", focused=True),
             modal=True)


def loan_page(st, status_word, toast=None, alert=None, activity=None):
    ref = st["ref"]
    start, end = st.get("start"), st.get("end")
    fields = [("Reference", ref), ("Direction", "Outgoing"), ("Status", status_word),
              ("Borrowing institution", st["borrower"]), ("Exhibition", st["exhibition"]),
              ("Venue", VENUES.get(st["borrower"], "")),
              ("Loan period", f"{start} – {end}" if start and end else "Not set"),
              ("Insurance value", money(parse_money(st["insurance"])) if st.get("insurance") else "Not set"),
              ("Insurance cover", st.get("cover", COVER_OPTS[0])),
              ("Courier", "Required" if st.get("courier") else "Not required"),
              ("Approver", "Marcus Oyelaran (Head of Collections)")]
    actions = [N("button", "Continue editing")] if status_word == "Draft" else [N("button", "Withdraw submission")]
    actions += [N("button", "Print loan agreement", disabled=True), N("button", "Export PDF")]
    if status_word == "Draft":
        actions.append(N("button", "Delete draft"))
    rows = [[link_cell(a), cell(OBJECTS[a]["title"]), cell(OBJECTS[a]["loc"]), cell(money(parse_money(st["insurance"])) if st.get("insurance") else "—")]
            for a in st.get("objects", [])]
    act = activity or []
    main = [N("heading", f"Loan {ref}", level=1),
            N("StaticText", f"Outgoing loan to {st['borrower']} · {status_word}"),
            N("toolbar", "Loan actions", *actions),
            N("table", "Loan details", *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in fields]),
            N("heading", "Objects", level=2),
            table("Objects on this loan", ["Accession no.", "Title", "Current location", "Insurance value"], rows),
            N("region", "Activity", N("heading", "Activity", level=2),
              N("list", "", *[N("listitem", "", N("StaticText", a)) for a in act]))]
    return frame(f"/loans/{ref}", f"Loan {ref}", main, crumbs=["Home", "Outgoing loans", ref], nav_current="Loans",
                 toast=toast, alert=alert)


# --------------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------------
class Run:
    def __init__(self, workflow, start_page, note):
        self.workflow = workflow
        self.doc = Doc()
        self.obs, self.index = render(start_page, self.doc)
        self.initial = self.obs
        self.steps = []
        self.fault = None
        self.fault_step = None
        self.note = note
        self.success = True

    def mark(self, fault, description):
        """The next recorded step is the first off-track step."""
        self.fault = fault
        self.fault_step = len(self.steps)
        self.success = False
        self.note = description

    def mark_last(self, fault, description):
        """The step just recorded is the first off-track step (its observation shows the fault)."""
        self.fault = fault
        self.fault_step = len(self.steps) - 1
        self.success = False
        self.note = description

    def _bid(self, role, name, nth):
        bids = self.index.get((role, name))
        if not bids:
            raise KeyError(f"{role} {name!r} not on page {self.obs['title']}")
        if nth is None and len(bids) > 1:
            raise KeyError(f"{role} {name!r} is ambiguous on page {self.obs['title']}")
        return bids[nth or 0]

    def act(self, commitment, kind, role, name, reasoning, effect, page, arg=None, nav=True, nth=None):
        bid = self._bid(role, name, nth)
        if kind == "click":
            cmd = f"click('{bid}')"
        elif kind == "fill":
            cmd = f"fill('{bid}', {arg!r})"
        elif kind == "select":
            cmd = f"select_option('{bid}', {arg!r})"
        elif kind == "press":
            cmd = f"press('{bid}', {arg!r})"
        else:
            raise ValueError(kind)
        if nav:
            self.doc = Doc()
        self.obs, self.index = render(page, self.doc)
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": reasoning, "target": f"{role} {name!r}",
                                      "effect": effect},
                           "observation": self.obs})

    def say(self, commitment, msg, reasoning):
        obs = dict(self.obs)
        self.steps.append({"commitment": commitment,
                           "action": {"command": f"send_msg_to_user({msg!r})", "reasoning": reasoning,
                                      "target": None, "effect": "read"},
                           "observation": obs})

    def record(self, rid):
        plan = PLAN_FILES[self.workflow]
        return {"id": rid, "workflow": self.workflow, "task": TASKS[self.workflow], "plan": plan,
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step, "note": self.note},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": self.success}}


# --------------------------------------------------------------------------------------------
# Outgoing-loan workflow
# --------------------------------------------------------------------------------------------
TARGET = "1987.44.12"
HERON_Q_RESULTS = ["1987.44.12", "1987.44.13", "1978.44.12", "1987.44.2"]      # q = 1987.44.12 (relevance)
HERON_T_RESULTS = ["1987.44.13", "1987.44.12", "1987.44.11", "1987.44.2", "1987.44.9", "1978.44.12"]  # q = title


def loan_new_state(with_object=True):
    return {"objects": [TARGET] if with_object else [], "borrower": None, "exhibition": None}


def loan_fill_borrower(r, st, step_obj_from_record=True):
    st["borrower"] = "Kestrel Bay Art Gallery"
    r.act("borrower", "select", "combobox", "Borrowing institution",
          "Choose the borrowing institution named in the task", "write", wizard(1, st),
          arg="Kestrel Bay Art Gallery", nav=False)
    st["exhibition"] = EXHIBITION
    r.act("borrower", "fill", "textbox", "Exhibition title", "Enter the exhibition title from the task",
          "write", wizard(1, st), arg=EXHIBITION, nav=False)
    r.act("borrower", "click", "button", "Next: Objects", "Borrower and exhibition are filled in; continue",
          "read", wizard(2, st))


def loan_dates(r, st, insurance="45000", commitment="dates-insurance"):
    st["start"] = "02/05/2025"
    r.act(commitment, "fill", "textbox", "Loan start date (DD/MM/YYYY)", "Enter the loan start date",
          "write", wizard(3, st), arg="02/05/2025", nav=False)
    st["end"] = "28/09/2025"
    r.act(commitment, "fill", "textbox", "Loan end date (DD/MM/YYYY)", "Enter the loan end date",
          "write", wizard(3, st), arg="28/09/2025", nav=False)
    if insurance is not None:
        st["insurance"] = insurance
        r.act(commitment, "fill", "textbox", "Insurance value (GBP)", "Enter the insurance value for the vase",
              "write", wizard(3, st), arg=insurance, nav=False)


def loan_submit_tail(r, st, ref="OUT-2025-017", time="10:42"):
    r.act("submit", "click", "button", "Submit for approval", "Everything on the summary matches the task; submit",
          "read", wizard(4, st, dialog=loan_dialog()), nav=False)
    st["ref"] = ref
    r.act("submit", "click", "button", "Submit", "Confirm the submission in the dialog", "irreversible",
          loan_page(st, "Awaiting approval", toast=f"Loan {ref} submitted for approval.",
                    activity=[f"14/03/2025 {time} Submitted for approval by {USER}",
                              f"14/03/2025 {time} Created by {USER}"]))


def loan_h_search(note):
    """Healthy: search by accession number, open the record, start the loan from the record."""
    r = Run(WF_LOAN, dashboard(RECENT_LOAN), note)
    r.act("find-object", "fill", "textbox", "Search collections", "Search for the accession number from the task",
          "read", dashboard(RECENT_LOAN, search=TARGET, search_focused=True), arg=TARGET, nav=False)
    r.act("find-object", "press", "textbox", "Search collections", "Run the search", "read",
          search_page(TARGET, HERON_Q_RESULTS, recent=RECENT_LOAN), arg="Enter")
    r.act("find-object", "click", "link", label(TARGET), "The first result is exactly 1987.44.12 Blue Heron Vase",
          "read", object_page(TARGET, recent=RECENT_LOAN))
    st = loan_new_state()
    r.act("start-loan", "click", "button", "Create outgoing loan", "Start the loan from the object record",
          "read", wizard(1, st))
    loan_fill_borrower(r, st)
    r.act("add-object", "click", "button", "Next: Dates & insurance",
          "1987.44.12 Blue Heron Vase is already the only object on the loan", "read", wizard(3, st))
    loan_dates(r, st)
    r.act("dates-insurance", "click", "button", "Next: Review", "Dates and insurance entered; go to review", "read",
          wizard(4, st))
    return r, st


def run_loan_healthy_1():
    r, st = loan_h_search("Healthy: search by accession number, loan started from the object record.")
    loan_submit_tail(r, st)
    r.say("submit", "Loan OUT-2025-017 (1987.44.12 Blue Heron Vase to Kestrel Bay Art Gallery, 'Glaze & Fire', "
                    "02/05/2025–28/09/2025, insured £45,000) has been submitted for approval.",
          "The loan page shows status Awaiting approval")
    return r


def run_loan_healthy_2():
    """Healthy: start from the Loans board and add the object with the wizard's object picker."""
    r = Run(WF_LOAN, loans_board(recent=None), "Healthy: started from the Loans board; object added with "
                                                "the wizard's picker (near misses listed beside it).")
    st = loan_new_state(with_object=False)
    r.act("start-loan", "click", "button", "New outgoing loan", "Start a new outgoing loan", "read", wizard(1, st))
    loan_fill_borrower(r, st)
    pk = {"q": TARGET}
    r.act("add-object", "fill", "textbox", "Add objects by accession number or title",
          "Look up the object by accession number", "read", wizard(2, st, picker=pk), arg=TARGET, nav=False)
    pk = {"q": TARGET, "results": HERON_Q_RESULTS}
    r.act("add-object", "click", "button", "Find", "Find matching objects", "read", wizard(2, st, picker=pk),
          nav=False)
    st["objects"] = [TARGET]
    r.act("add-object", "click", "button", f"Add {TARGET}", "Add exactly 1987.44.12 Blue Heron Vase, not the pair",
          "write", wizard(2, st, picker=pk, status=f"Added {label(TARGET)} to the loan."), nav=False)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "The object is on the loan; continue", "read",
          wizard(3, st))
    loan_dates(r, st)
    r.act("dates-insurance", "click", "button", "Next: Review", "Go to the review step", "read", wizard(4, st))
    loan_submit_tail(r, st, time="11:05")
    r.say("submit", "Submitted outgoing loan OUT-2025-017 for 1987.44.12 Blue Heron Vase to Kestrel Bay Art Gallery "
                    "for approval.", "Status shows Awaiting approval")
    return r


def run_loan_healthy_3():
    """Healthy: objects list + filters + pagination, a dismissed toast, a saved draft resumed from the board."""
    rows_p1 = [f"1987.44.{i}" for i in range(1, 11)]
    rows_p2 = [f"1987.44.{i}" for i in range(11, 21)]
    default_rows = ["1992.7.3", "2011.5.1", "1954.120", "1936.12.4", "2019.2.15", "1978.44.12", "1965.31.2",
                    "2008.14.1", "1899.6.40", "2021.1.3"]
    toast = "Your export 'Decorative Arts audit.csv' is ready to download."
    r = Run(WF_LOAN, objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, toast=toast),
            "Healthy: filtered objects list with a pagination step, a dismissed toast, and a draft saved and "
            "resumed from the Loans board; insurance cover and courier left at their defaults.")
    r.act("find-object", "click", "button", "Dismiss notification", "Dismiss the export notification", "read",
          objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482), nav=False)
    r.act("find-object", "select", "combobox", "Department", "Narrow the list to Decorative Arts", "read",
          objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, dept="Decorative Arts"), arg="Decorative Arts",
          nav=False)
    r.act("find-object", "fill", "textbox", "Accession number starts with", "Filter on the accession group 1987.44",
          "read", objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, dept="Decorative Arts",
                               prefix="1987.44"), arg="1987.44", nav=False)
    url = "/objects?dept=decorative-arts&acc=1987.44&sort=accession"
    r.act("find-object", "click", "button", "Apply filters", "Apply the filters", "read",
          objects_list(rows_p1, "Showing 1–10 of 24", 1, 3, dept="Decorative Arts", prefix="1987.44",
                       sort="Accession number", url=url))
    r.act("find-object", "click", "link", "Next page", "1987.44.12 is not on the first page; go to page 2", "read",
          objects_list(rows_p2, "Showing 11–20 of 24", 2, 3, dept="Decorative Arts", prefix="1987.44",
                       sort="Accession number", url=url + "&page=2"))
    r.act("find-object", "click", "link", TARGET, "Open 1987.44.12 (Blue Heron Vase)", "read",
          object_page(TARGET, recent=RECENT_LOAN))
    st = loan_new_state()
    r.act("start-loan", "click", "button", "Create outgoing loan", "Start the loan from the record", "read",
          wizard(1, st))
    loan_fill_borrower(r, st)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "The vase is on the loan already", "read",
          wizard(3, st))
    loan_dates(r, st, insurance=None)
    st["ref"] = "OUT-2025-017"
    r.act("dates-insurance", "click", "button", "Save draft",
          "Save progress before checking the insurance figure", "write",
          wizard(3, st, status="Draft OUT-2025-017 saved at 10:37."), nav=False)
    extra = [("OUT-2025-017", "Kestrel Bay Art Gallery", EXHIBITION, 1, "02/05/2025 – 28/09/2025", "Draft")]
    r.act("dates-insurance", "click", "link", "Loans", "Go back to the loans board to reopen the draft", "read",
          loans_board(extra_rows=extra))
    r.act("dates-insurance", "click", "link", "OUT-2025-017", "Open the draft loan", "read",
          loan_page(st, "Draft", activity=[f"14/03/2025 10:37 Draft saved by {USER}"]))
    r.act("dates-insurance", "click", "button", "Continue editing", "Resume the draft", "read", wizard(3, st))
    st["insurance"] = "45000"
    r.act("dates-insurance", "fill", "textbox", "Insurance value (GBP)", "Enter the insurance value from the task",
          "write", wizard(3, st), arg="45000", nav=False)
    r.act("dates-insurance", "click", "button", "Next: Review", "Review the loan", "read", wizard(4, st))
    loan_submit_tail(r, st, time="10:44")
    r.say("submit", "Loan OUT-2025-017 has been submitted for approval with 1987.44.12 Blue Heron Vase, "
                    "Kestrel Bay Art Gallery, 02/05/2025 to 28/09/2025, insurance £45,000.",
          "The loan now shows Awaiting approval")
    return r


def run_loan_healthy_4():
    """Healthy: search by title, re-sort the results, check the Loans tab, leave optional fields alone."""
    r = Run(WF_LOAN, dashboard(RECENT_LOAN, toast="Loan OUT-2025-014 was approved by Marcus Oyelaran."),
            "Healthy: title search re-sorted by accession number, Loans tab checked before starting; "
            "optional contact/courier fields left alone; insurance typed with a thousands separator.")
    r.act("find-object", "fill", "textbox", "Search collections", "Search by the object's title", "read",
          dashboard(RECENT_LOAN, toast="Loan OUT-2025-014 was approved by Marcus Oyelaran.", search="Blue Heron",
                    search_focused=True), arg="Blue Heron", nav=False)
    r.act("find-object", "click", "button", "Search", "Run the search", "read",
          search_page("Blue Heron", HERON_T_RESULTS[:5], recent=RECENT_LOAN))
    srt = sorted(HERON_T_RESULTS[:5], key=lambda a: [int(x) for x in a.split(".")])
    r.act("find-object", "select", "combobox", "Sort by", "Sort by accession number to find 1987.44.12 reliably",
          "read", search_page("Blue Heron", srt, sort="Accession number", recent=RECENT_LOAN),
          arg="Accession number")
    r.act("find-object", "click", "link", label(TARGET), "Open 1987.44.12 Blue Heron Vase (not the pair, .13)",
          "read", object_page(TARGET, recent=RECENT_LOAN))
    r.act("start-loan", "click", "tab", "Loans", "Check that the vase has no conflicting loan", "read",
          object_page(TARGET, tab="Loans", recent=RECENT_LOAN))
    st = loan_new_state()
    r.act("start-loan", "click", "button", "Create outgoing loan", "No current loans; start the new loan", "read",
          wizard(1, st))
    loan_fill_borrower(r, st)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "The vase is listed on the loan", "read",
          wizard(3, st))
    loan_dates(r, st, insurance="45,000")
    r.act("dates-insurance", "click", "button", "Next: Review", "Review before submitting", "read", wizard(4, st))
    loan_submit_tail(r, st, time="09:58")
    r.say("submit", "Done: outgoing loan OUT-2025-017 is submitted and awaiting approval.",
          "Submission confirmed on the loan page")
    return r


def run_loan_wrong_record():
    r = Run(WF_LOAN, dashboard(RECENT_LOAN), "")
    r.act("find-object", "fill", "textbox", "Search collections", "Search for the vase by title", "read",
          dashboard(RECENT_LOAN, search="Blue Heron Vase", search_focused=True), arg="Blue Heron Vase", nav=False)
    r.act("find-object", "press", "textbox", "Search collections", "Run the search", "read",
          search_page("Blue Heron Vase", HERON_T_RESULTS, recent=RECENT_LOAN), arg="Enter")
    wrong = "1987.44.13"
    r.mark("wrong_record", "Opened the near-miss 1987.44.13 Blue Heron Vase (pair) from the top search result "
                           "and lent it instead of 1987.44.12.")
    r.act("find-object", "click", "link", label(wrong), "The top result is the Blue Heron Vase", "read",
          object_page(wrong, recent=RECENT_LOAN), nth=0)
    st = {"objects": [wrong], "borrower": None, "exhibition": None}
    r.act("start-loan", "click", "button", "Create outgoing loan", "Start the loan from the record", "read",
          wizard(1, st))
    loan_fill_borrower(r, st)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "The vase is on the loan", "read",
          wizard(3, st))
    loan_dates(r, st)
    r.act("dates-insurance", "click", "button", "Next: Review", "Go to review", "read", wizard(4, st))
    loan_submit_tail(r, st, time="10:12")
    r.say("submit", "The Blue Heron Vase loan to Kestrel Bay Art Gallery (OUT-2025-017) is submitted for approval.",
          "Loan page shows Awaiting approval")
    return r


def run_loan_wrong_value():
    r = Run(WF_LOAN, dashboard(RECENT_LOAN), "")
    r.act("find-object", "fill", "textbox", "Search collections", "Search for the accession number", "read",
          dashboard(RECENT_LOAN, search=TARGET, search_focused=True), arg=TARGET, nav=False)
    r.act("find-object", "press", "textbox", "Search collections", "Run the search", "read",
          search_page(TARGET, HERON_Q_RESULTS, recent=RECENT_LOAN), arg="Enter")
    r.act("find-object", "click", "link", label(TARGET), "Open the exact match", "read",
          object_page(TARGET, recent=RECENT_LOAN))
    st = loan_new_state()
    r.act("start-loan", "click", "button", "Create outgoing loan", "Start the loan", "read", wizard(1, st))
    loan_fill_borrower(r, st)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "Object already on the loan", "read",
          wizard(3, st))
    loan_dates(r, st, insurance=None)
    st["insurance"] = "4500"
    r.mark("wrong_value", "Typed insurance value 4500 (a dropped zero) instead of 45000; the review page and the "
                          "submitted loan show £4,500.00.")
    r.act("dates-insurance", "fill", "textbox", "Insurance value (GBP)", "Enter the insurance value", "write",
          wizard(3, st), arg="4500", nav=False)
    r.act("dates-insurance", "click", "button", "Next: Review", "Go to review", "read", wizard(4, st))
    loan_submit_tail(r, st, time="10:26")
    r.say("submit", "Loan OUT-2025-017 submitted for approval.", "The loan is awaiting approval")
    return r


def run_loan_dialog_cancelled():
    r = Run(WF_LOAN, loans_board(), "")
    st = loan_new_state(with_object=False)
    r.act("start-loan", "click", "button", "New outgoing loan", "Start a new outgoing loan", "read", wizard(1, st))
    loan_fill_borrower(r, st)
    pk = {"q": TARGET}
    r.act("add-object", "fill", "textbox", "Add objects by accession number or title", "Look up the vase",
          "read", wizard(2, st, picker=pk), arg=TARGET, nav=False)
    pk = {"q": TARGET, "results": HERON_Q_RESULTS}
    r.act("add-object", "click", "button", "Find", "Find it", "read", wizard(2, st, picker=pk), nav=False)
    st["objects"] = [TARGET]
    r.act("add-object", "click", "button", f"Add {TARGET}", "Add the vase", "write",
          wizard(2, st, picker=pk, status=f"Added {label(TARGET)} to the loan."), nav=False)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "Continue", "read", wizard(3, st))
    loan_dates(r, st)
    r.act("dates-insurance", "click", "button", "Next: Review", "Review", "read", wizard(4, st))
    r.act("submit", "click", "button", "Submit for approval", "Submit the loan", "read",
          wizard(4, st, dialog=loan_dialog()), nav=False)
    r.mark("dialog_cancelled", "Dismissed the 'Submit loan for approval?' dialog with Cancel; the loan was never "
                               "submitted, yet the agent reported it as submitted.")
    r.act("submit", "click", "button", "Cancel", "Close the dialog to finish", "read", wizard(4, st), nav=False)
    r.say("submit", "The outgoing loan of 1987.44.12 to Kestrel Bay Art Gallery has been set up and submitted.",
          "The review page lists all the details from the task")
    return r


def run_loan_premature_done():
    r, st = loan_h_search("")
    r.mark("premature_done", "Reported the loan as set up on the Review & submit step without ever clicking "
                             "Submit for approval.")
    r.say("submit", "The loan is set up: 1987.44.12 Blue Heron Vase to Kestrel Bay Art Gallery, 'Glaze & Fire', "
                    "02/05/2025–28/09/2025, £45,000.",
          "The review page shows every value from the task")
    return r


def run_loan_permission_denied():
    r = Run(WF_LOAN, dashboard(RECENT_LOAN), "")
    r.act("find-object", "fill", "textbox", "Search collections", "Search by title", "read",
          dashboard(RECENT_LOAN, search="Blue Heron", search_focused=True), arg="Blue Heron", nav=False)
    r.act("find-object", "click", "button", "Search", "Run the search", "read",
          search_page("Blue Heron", HERON_T_RESULTS[:5], recent=RECENT_LOAN))
    r.act("find-object", "click", "link", label(TARGET), "Open 1987.44.12 Blue Heron Vase", "read",
          object_page(TARGET, recent=RECENT_LOAN))
    st = loan_new_state()
    r.act("start-loan", "click", "button", "Create outgoing loan", "Start the loan", "read", wizard(1, st))
    loan_fill_borrower(r, st)
    r.act("add-object", "click", "button", "Next: Dates & insurance", "Vase is on the loan", "read", wizard(3, st))
    loan_dates(r, st, insurance="45,000")
    r.act("dates-insurance", "click", "button", "Next: Review", "Review", "read", wizard(4, st))
    r.act("submit", "click", "button", "Submit for approval", "Submit", "read",
          wizard(4, st, dialog=loan_dialog()), nav=False)
    st["ref"] = "OUT-2025-017"
    r.act("submit", "click", "button", "Submit", "Confirm", "irreversible",
          loan_page(st, "Draft", alert="Submission not permitted: your role (Registrar – Fine Art) cannot submit "
                                       "loans of Decorative Arts objects. The loan was saved as a draft.",
                    activity=[f"14/03/2025 10:51 Submission refused (permission Loans: submit, Decorative Arts)",
                              f"14/03/2025 10:51 Draft saved by {USER}"]))
    r.mark_last("permission_denied", "The submit was refused for lack of the 'Loans: submit' permission for "
                                     "Decorative Arts; the loan stayed a draft, yet the agent reported it submitted.")
    r.say("submit", "Loan OUT-2025-017 to Kestrel Bay Art Gallery has been created and submitted.",
          "The loan record OUT-2025-017 is open")
    return r


def run_loan_submit_twice():
    r, st = loan_h_search("")
    r.act("submit", "click", "button", "Submit for approval", "Submit the loan", "read",
          wizard(4, st, dialog=loan_dialog()), nav=False)
    r.act("submit", "click", "button", "Submit", "Confirm the submission", "irreversible",
          wizard(4, st, status="Submitting loan…"), nav=False)
    r.mark("submit_twice", "Clicked Submit for approval a second time while the first submission was still "
                           "processing, creating a duplicate loan OUT-2025-018 beside OUT-2025-017.")
    r.act("submit", "click", "button", "Submit for approval", "The page did not change; submit again", "read",
          wizard(4, st, dialog=loan_dialog()), nav=False)
    st["ref"] = "OUT-2025-018"
    r.act("submit", "click", "button", "Submit", "Confirm", "irreversible",
          loan_page(st, "Awaiting approval", toast="Loan OUT-2025-018 submitted for approval.",
                    activity=[f"14/03/2025 10:49 Submitted for approval by {USER}",
                              f"14/03/2025 10:49 Created by {USER}"]))
    r.say("submit", "Loan OUT-2025-018 has been submitted for approval.", "Loan page shows Awaiting approval")
    return r


# --------------------------------------------------------------------------------------------
# Condition-report workflow
# --------------------------------------------------------------------------------------------
CT = "2003.118.7"
NEW_ROW = (TODAY, "CR-2025-0231", "Routine survey", "Fair", USER)
FAIR_NOW = "Fair (assessed 14/03/2025)"
AGNES_RESULTS_P1 = ["2003.181.7", ("ARC/WRY/1/4", "Letter from Agnes Wray to her sister, 1848",
                                   "Archive item · Wray family papers · Manuscript"),
                    "2003.118.8", ("PH/1988/22", "Photograph of the portrait of Agnes Wray",
                                   "Photograph · Collection records · 1988"),
                    ("ARC/WRY/1/5", "Letter from Agnes Wray to her brother Henry, 1851",
                     "Archive item · Wray family papers · Manuscript"),
                    "2003.118.17", "2003.118.5",
                    ("LIB/2004/11", "The Wray Bequest (exhibition catalogue)", "Library · 2004"),
                    ("ARC/WRY/3/2", "Inventory of Wray Hall, 1866", "Archive item · Wray family papers"),
                    "2003.118.3"]
AGNES_RESULTS_P2 = [CT, ("ARC/WRY/1/9", "Mourning card for Agnes Wray, 1889",
                         "Archive item · Wray family papers · Printed")]


def cond_open_by_search(r, recent=RECENT_COND):
    r.act("find-object", "fill", "textbox", "Search collections", "Search for the accession number", "read",
          dashboard(recent, search=CT, search_focused=True), arg=CT, nav=False)
    r.act("find-object", "press", "textbox", "Search collections", "Run the search", "read",
          search_page(CT, [CT, "2003.118.17", "2003.181.7"], recent=recent), arg="Enter")
    r.act("find-object", "click", "link", label(CT), "Open the exact match 2003.118.7", "read",
          object_page(CT, recent=recent), nth=0)


def cond_open_by_paged_search(r):
    r.act("find-object", "fill", "textbox", "Search collections", "Search for the sitter's name", "read",
          dashboard(RECENT_COND, search="Agnes Wray", search_focused=True), arg="Agnes Wray", nav=False)
    r.act("find-object", "click", "button", "Search", "Run the search", "read",
          search_page("Agnes Wray", AGNES_RESULTS_P1, sort="Last modified", total=12))
    r.act("find-object", "click", "link", "Next page", "The portrait itself is not on page 1", "read",
          search_page("Agnes Wray", AGNES_RESULTS_P2, sort="Last modified", total=12, page=2))
    r.act("find-object", "click", "link", label(CT), "Open 2003.118.7 Portrait of Agnes Wray", "read",
          object_page(CT))


def cond_fill(r, st, set_type=True, set_overall=True, order=("type", "date", "overall", "obs")):
    for f in order:
        if f == "type" and set_type:
            st["type"] = "Routine survey"
            r.act("fill-report", "select", "combobox", "Report type", "This is a routine survey", "write",
                  cond_form(CT, st), arg="Routine survey", nav=False)
        elif f == "date":
            st["date"] = TODAY
            r.act("fill-report", "fill", "textbox", "Examination date (DD/MM/YYYY)", "Examined today", "write",
                  cond_form(CT, st), arg=TODAY, nav=False)
        elif f == "overall" and set_overall:
            st["overall"] = "Fair"
            r.act("fill-report", "click", "radio", "Fair", "Overall condition is Fair", "write",
                  cond_form(CT, st), nav=False)
        elif f == "obs":
            st["obs"] = OBSERVATIONS
            r.act("fill-report", "fill", "textbox", "Observations", "Enter the observations from the task", "write",
                  cond_form(CT, st), arg=OBSERVATIONS, nav=False)


def new_cond_state():
    return {"type": "Pre-loan check", "date": "", "by": USER, "overall": None, "obs": ""}


def cond_save_ok(r, st, report_no="CR-2025-0231"):
    r.act("save-report", "click", "button", "Save report", "All required fields are filled; save", "read",
          cond_form(CT, st, dialog=cond_dialog(CT, st)), nav=False)
    row = (TODAY, report_no, st["type"], st["overall"], USER)
    r.act("save-report", "click", "button", "Confirm and save", "Confirm saving the report to the record",
          "irreversible", object_page(CT, tab="Condition", status=f"Condition report {report_no} saved to {CT}.",
                                      history_extra=[row], current_cond=FAIR_NOW))


def run_cond_healthy_1():
    r = Run(WF_COND, dashboard(RECENT_COND), "Healthy: search by accession number, Condition tab, "
                                             "'Add condition report', all fields in order.")
    cond_open_by_search(r)
    r.act("open-form", "click", "tab", "Condition", "Check the condition history first", "read",
          object_page(CT, tab="Condition", recent=RECENT_COND))
    st = new_cond_state()
    r.act("open-form", "click", "button", "Add condition report", "Start a new report", "read", cond_form(CT, st))
    cond_fill(r, st)
    cond_save_ok(r, st)
    r.say("save-report", "Condition report CR-2025-0231 (Routine survey, 14/03/2025, Fair) is saved to "
                         "2003.118.7 Portrait of Agnes Wray.", "The condition history lists the new report")
    return r


def run_cond_healthy_2():
    default_rows = ["1992.7.3", "2011.5.1", "1954.120", "1936.12.4", "2019.2.15", "1978.44.12", "1965.31.2",
                    "2008.14.1", "1899.6.40", "2021.1.3"]
    r = Run(WF_COND, objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482),
            "Healthy: objects list filtered by department and accession prefix (near misses on the same page); "
            "form opened from the record toolbar; date entered before type.")
    r.act("find-object", "select", "combobox", "Department", "Limit to Fine Art", "read",
          objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, dept="Fine Art"), arg="Fine Art", nav=False)
    r.act("find-object", "fill", "textbox", "Accession number starts with", "Filter on 2003.118", "read",
          objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, dept="Fine Art", prefix="2003.118"),
          arg="2003.118", nav=False)
    r.act("find-object", "click", "button", "Apply filters", "Apply", "read",
          objects_list([f"2003.118.{i}" for i in range(1, 11)], "Showing 1–10 of 18", 1, 2, dept="Fine Art",
                       prefix="2003.118", sort="Accession number",
                       url="/objects?dept=fine-art&acc=2003.118&sort=accession"))
    r.act("find-object", "click", "link", CT, "Open 2003.118.7 (not .8, the oil sketch)", "read", object_page(CT))
    st = new_cond_state()
    r.act("open-form", "click", "button", "New condition report", "Start the report from the record toolbar",
          "read", cond_form(CT, st))
    cond_fill(r, st, order=("date", "type", "overall", "obs"))
    cond_save_ok(r, st)
    r.say("save-report", "Saved: routine survey condition report for 2003.118.7, overall Fair, dated 14/03/2025.",
          "Saved message and the new history row are shown")
    return r


def run_cond_healthy_3():
    toast = "Loan OUT-2025-014 was approved by Marcus Oyelaran."
    r = Run(WF_COND, dashboard(RECENT_COND, toast=toast),
            "Healthy: opened from Recently viewed after dismissing a toast; draft saved, resumed from the Condition "
            "tab's Draft reports table, then saved; optional fields left alone.")
    r.act("find-object", "click", "button", "Dismiss notification", "Dismiss the loan notification", "read",
          dashboard(RECENT_COND), nav=False)
    r.act("find-object", "click", "link", label(CT), "The portrait is in Recently viewed", "read",
          object_page(CT, recent=RECENT_COND))
    r.act("open-form", "click", "tab", "Condition", "Go to the Condition section", "read",
          object_page(CT, tab="Condition", recent=RECENT_COND))
    st = new_cond_state()
    r.act("open-form", "click", "button", "Add condition report", "Start the report", "read", cond_form(CT, st))
    cond_fill(r, st, order=("type", "date", "overall"))
    r.act("fill-report", "click", "button", "Save draft", "Save a draft before writing the observations", "write",
          cond_form(CT, st, status="Draft saved at 10:21.", draft_saved="10:21"), nav=False)
    r.act("fill-report", "click", "link", "Condition", "Check the draft is listed on the record", "read",
          object_page(CT, tab="Condition", drafts=[("14/03/2025 10:21", "Routine survey", TODAY)]))
    r.act("fill-report", "click", "link", "Resume draft", "Reopen the draft", "read",
          cond_form(CT, st, draft_saved="10:21"))
    cond_fill(r, st, order=("obs",))
    cond_save_ok(r, st)
    r.say("save-report", "The routine survey condition report (Fair, 14/03/2025) is saved on 2003.118.7 as "
                         "CR-2025-0231.", "History shows the new report")
    return r


def run_cond_healthy_4():
    r = Run(WF_COND, dashboard(RECENT_COND), "Healthy: search by sitter's name sorted by Last modified; target on "
                                             "results page 2; recommendations also left empty.")
    cond_open_by_paged_search(r)
    r.act("open-form", "click", "tab", "Condition", "Open the Condition section", "read",
          object_page(CT, tab="Condition"))
    st = new_cond_state()
    r.act("open-form", "click", "button", "New condition report", "Start a new report", "read", cond_form(CT, st))
    cond_fill(r, st)
    cond_save_ok(r, st)
    r.say("save-report", "Condition report saved for Portrait of Agnes Wray (2003.118.7).",
          "The Condition tab confirms the save")
    return r


def run_cond_required_skipped():
    r = Run(WF_COND, dashboard(RECENT_COND), "")
    cond_open_by_search(r)
    r.act("open-form", "click", "tab", "Condition", "See the condition history", "read",
          object_page(CT, tab="Condition", recent=RECENT_COND))
    st = new_cond_state()
    r.act("open-form", "click", "button", "Add condition report", "Start a report", "read", cond_form(CT, st))
    cond_fill(r, st, set_overall=False)
    r.mark("required_field_skipped", "Skipped the required Overall condition (Fair) and pressed Save report; after "
                                     "the validation message the agent saved only a draft and reported done.")
    r.act("save-report", "click", "button", "Save report", "Save the report", "read",
          cond_form(CT, st, alert="There is a problem: select an overall condition.",
                    field_error="Select an overall condition"), nav=False)
    r.act("save-report", "click", "button", "Save draft", "Save it", "write",
          cond_form(CT, st, status="Draft saved at 10:33.", draft_saved="10:33",
                    field_error="Select an overall condition"), nav=False)
    r.say("save-report", "The condition report for 2003.118.7 has been saved.", "Saved message shown")
    return r


def run_cond_error_banner():
    default_rows = ["1992.7.3", "2011.5.1", "1954.120", "1936.12.4", "2019.2.15", "1978.44.12", "1965.31.2",
                    "2008.14.1", "1899.6.40", "2021.1.3"]
    r = Run(WF_COND, objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482), "")
    r.act("find-object", "select", "combobox", "Department", "Limit to Fine Art", "read",
          objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, dept="Fine Art"), arg="Fine Art", nav=False)
    r.act("find-object", "fill", "textbox", "Accession number starts with", "Filter on 2003.118", "read",
          objects_list(default_rows, "Showing 1–10 of 4,812", 1, 482, dept="Fine Art", prefix="2003.118"),
          arg="2003.118", nav=False)
    r.act("find-object", "click", "button", "Apply filters", "Apply", "read",
          objects_list([f"2003.118.{i}" for i in range(1, 11)], "Showing 1–10 of 18", 1, 2, dept="Fine Art",
                       prefix="2003.118", sort="Accession number",
                       url="/objects?dept=fine-art&acc=2003.118&sort=accession"))
    r.act("find-object", "click", "link", CT, "Open 2003.118.7", "read", object_page(CT))
    st = new_cond_state()
    r.act("open-form", "click", "button", "New condition report", "Start the report", "read", cond_form(CT, st))
    cond_fill(r, st)
    r.act("save-report", "click", "button", "Save report", "Save", "read",
          cond_form(CT, st, dialog=cond_dialog(CT, st)), nav=False)
    r.act("save-report", "click", "button", "Confirm and save", "Confirm", "irreversible",
          cond_form(CT, st, alert="Could not save condition report. The record 2003.118.7 is locked by Tomasz Berg "
                                  "(location update in progress). Your entries have been kept; try again in a few "
                                  "minutes."), nav=False)
    r.mark_last("error_banner", "Saving failed with a record-lock error banner above the still-filled form; the "
                                "agent reported the report as saved.")
    r.say("save-report", "Condition report for 2003.118.7 entered and saved (Routine survey, Fair).",
          "All fields are filled in as the task asked")
    return r


def run_cond_silent_noop():
    r = Run(WF_COND, dashboard(RECENT_COND), "")
    cond_open_by_search(r)
    r.act("open-form", "click", "tab", "Condition", "Open the Condition section", "read",
          object_page(CT, tab="Condition", recent=RECENT_COND))
    st = new_cond_state()
    r.act("open-form", "click", "button", "Add condition report", "Start the report", "read", cond_form(CT, st))
    cond_fill(r, st)
    r.act("save-report", "click", "button", "Save report", "Save the report", "read", cond_form(CT, st), nav=False)
    r.mark_last("silent_noop", "Save report did nothing (no dialog, no message, page unchanged); the report was "
                               "never saved but the agent reported success.")
    r.say("save-report", "Condition report recorded for 2003.118.7: Routine survey, 14/03/2025, Fair.",
          "Clicked Save report")
    return r


def run_cond_stale_page():
    r = Run(WF_COND, dashboard(RECENT_COND), "")
    r.act("find-object", "click", "link", label(CT), "Open the portrait from Recently viewed", "read",
          object_page(CT, recent=RECENT_COND))
    st = new_cond_state()
    r.act("open-form", "click", "button", "New condition report", "Start a new report", "read", cond_form(CT, st))
    cond_fill(r, st)
    r.act("save-report", "click", "button", "Save report", "Save", "read",
          cond_form(CT, st, dialog=cond_dialog(CT, st)), nav=False)
    r.act("save-report", "click", "button", "Confirm and save", "Confirm", "irreversible",
          object_page(CT, tab="Condition", recent=RECENT_COND))
    r.mark_last("stale_page", "After Confirm and save the app returned to a stale Condition tab: no saved message, "
                              "no new history row, current condition still Good; the report was not stored.")
    r.say("save-report", "Condition report saved to the record of 2003.118.7.", "Returned to the Condition tab")
    return r


def run_cond_unsaved_navigation():
    r = Run(WF_COND, dashboard(RECENT_COND), "")
    cond_open_by_search(r)
    st = new_cond_state()
    r.act("open-form", "click", "button", "New condition report", "Start the report", "read", cond_form(CT, st))
    cond_fill(r, st)
    r.mark("unsaved_navigation", "Left the filled-in form through the breadcrumb without saving; the entries were "
                                 "discarded and the agent reported the report as recorded.")
    r.act("save-report", "click", "link", "Condition", "Compare with the previous report before finishing", "read",
          object_page(CT, tab="Condition", recent=RECENT_COND))
    r.say("save-report", "Condition report for 2003.118.7 recorded: Fair, minor flaking lower left, frame sound.",
          "The report details are complete")
    return r


def run_cond_wrong_option():
    r = Run(WF_COND, dashboard(RECENT_COND), "")
    cond_open_by_paged_search(r)
    st = new_cond_state()
    r.act("open-form", "click", "button", "New condition report", "Start the report", "read", cond_form(CT, st))
    cond_fill(r, st, set_type=False)
    r.mark("wrong_option", "Left Report type at its remembered default 'Pre-loan check' instead of 'Routine survey' "
                           "and saved the report that way.")
    r.act("save-report", "click", "button", "Save report", "Save the report", "read",
          cond_form(CT, st, dialog=cond_dialog(CT, st)), nav=False)
    row = (TODAY, "CR-2025-0231", st["type"], "Fair", USER)
    r.act("save-report", "click", "button", "Confirm and save", "Confirm", "irreversible",
          object_page(CT, tab="Condition", status=f"Condition report CR-2025-0231 saved to {CT}.",
                      history_extra=[row], current_cond=FAIR_NOW))
    r.say("save-report", "Condition report CR-2025-0231 saved for 2003.118.7 (Fair, 14/03/2025).",
          "Saved message shown")
    return r


# --------------------------------------------------------------------------------------------
LOAN_RUNS = [run_loan_healthy_1, run_loan_healthy_2, run_loan_healthy_3, run_loan_healthy_4,
             run_loan_wrong_record, run_loan_wrong_value, run_loan_dialog_cancelled, run_loan_premature_done,
             run_loan_permission_denied, run_loan_submit_twice]
COND_RUNS = [run_cond_healthy_1, run_cond_healthy_2, run_cond_healthy_3, run_cond_healthy_4,
             run_cond_required_skipped, run_cond_error_banner, run_cond_silent_noop, run_cond_stale_page,
             run_cond_unsaved_navigation, run_cond_wrong_option]


def build():
    records = []
    for prefix, fns in (("curio-loan", LOAN_RUNS), ("curio-condition", COND_RUNS)):
        runs = [fn() for fn in fns]
        order = list(range(len(runs)))
        rng.shuffle(order)  # ids do not reveal healthy/faulty position
        for k, i in enumerate(order, 1):
            records.append(runs[i].record(f"{prefix}-{k:02d}"))
    records.sort(key=lambda d: d["id"])
    return records


def main(outdir=None):
    outdir = outdir or os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(outdir, "plans"), exist_ok=True)
    for wf, rel in PLAN_FILES.items():
        with open(os.path.join(outdir, rel), "w", encoding="utf-8") as f:
            f.write(PLAN_TEXTS[wf])
    records = build()
    with open(os.path.join(outdir, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_f = sum(1 for r in records if r["label"]["fault"])
    print(f"wrote {len(records)} trajectories ({len(records) - n_f} healthy, {n_f} faulty) and "
          f"{len(PLAN_FILES)} plans to {outdir}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
