#!/usr/bin/env python3
"""Generate the InstruBook test corpus (corpus.jsonl + plans/*.yaml).

InstruBook 5.3.1 is the (invented) instrument booking system of the Harrowgate
University Research Core Facilities.  Two workflows are covered:

  booking  - book a time slot on an instrument for a project with a cost centre
  fault    - report a fault on an instrument and take it out of service

Python 3.11 standard library only.  Every random choice uses a fixed string
seed, so the output is byte-identical from run to run.

Layout of this file (in the order it was written):
  1. accessibility-tree builder (BrowserGym flattened-AXTree style)
  2. application data
  3. page renderers (site furniture + page types)
  4. run builder
  5. healthy runs (4 per workflow)
  6. plans, written from the task text and the healthy pages only
  7. faulty runs (6 per workflow), written after the plans were frozen
  8. writers (JSONL, YAML)
"""
import datetime as dt
import json
import os
import random
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

PRODUCT = "InstruBook"
VERSION = "5.3.1"
BUILD = "2025.02.3"
ORG = "Harrowgate University Research Core Facilities"
BASE = "https://cores.harrowgate.ac.uk/instrubook"
TODAY = dt.date(2025, 3, 11)          # Tuesday 11 March 2025
NOW = "09:41"
USER_FIRST = "Priya"
USER_NAME = "Priya Nandakumar"
USER_FULL = "Dr Priya Nandakumar"
USER_ID = "pn214"
USER_EMAIL = "p.nandakumar@harrowgate.ac.uk"
USER_ROLE = "Core superuser (ALM, FCF, NMR, BPX)"

# ---------------------------------------------------------------------------
# 1. accessibility-tree builder
# ---------------------------------------------------------------------------


def N(role, name="", *children, key=None, **props):
    kids = []
    for c in children:
        if c is None:
            continue
        if isinstance(c, list):
            kids.extend(x for x in c if x is not None)
        else:
            kids.append(c)
    return {"role": role, "name": name, "kids": kids, "key": key, "props": props}


def T(text):
    return N("StaticText", text)


NOBID = {"StaticText", "RootWebArea", "LineBreak"}
BARE_FLAGS = ("focused", "required", "atomic")


def render(root):
    """Serialize a tree the way BrowserGym's flatten_axtree_to_str does."""
    lines, keys, counter = [], {}, [0]

    def rec(n, depth):
        role, name, bid = n["role"], n["name"], None
        if role not in NOBID:
            counter[0] += 1 + zlib.crc32(f"{role}|{name}".encode()) % 3
            bid = str(counter[0])
        s = "\t" * depth + (f"[{bid}] " if bid else "") + f"{role} {name!r}"
        p = n["props"]
        if p.get("value") is not None:
            s += f" value={p['value']!r}"
        attrs = []
        for k, v in p.items():
            if k == "value":
                continue
            if k in BARE_FLAGS:
                if v:
                    attrs.append(k)
            else:
                attrs.append(f"{k}={v!r}")
        if attrs:
            s += ", " + ", ".join(attrs)
        lines.append(s)
        if n["key"]:
            if n["key"] in keys:
                raise ValueError(f"duplicate key {n['key']}")
            keys[n["key"]] = (bid, role, name)
        for k in n["kids"]:
            rec(k, depth + 1)

    rec(root, 0)
    return "\n".join(lines), keys


class Page:
    def __init__(self, path, title, root, error=None):
        self.url = BASE + path
        self.title = f"{title} · {PRODUCT}"
        self.root = root
        self.text, self.keys = render(root)
        self.error = error

    def focus(self, key):
        """Mark the node with `key` as focused (the field the agent just used)."""
        def rec(n):
            if n["key"] == key:
                n["props"]["focused"] = True
                return True
            return any(rec(k) for k in n["kids"])
        if key in self.keys and rec(self.root):
            self.text, self.keys = render(self.root)
        return self

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}


# ---------------------------------------------------------------------------
# 2. application data
# ---------------------------------------------------------------------------

FAC = {
    "ALM": ("Advanced Light Microscopy", "Dr Tomas Kerr"),
    "FCF": ("Flow Cytometry", "Dr Aisha Rahman"),
    "PMS": ("Proteomics & Mass Spectrometry", "Dr Marek Nowak"),
    "NMR": ("Biomolecular NMR", "Dr Owen Pryce"),
    "BPX": ("Biophysics & Interactions", "Dr Sofia Costa"),
    "GEN": ("Genomics", "Dr Ben Adler"),
    "EMF": ("Electron Microscopy", "Dr Yuki Tanaka"),
}


def I(id_, name, fac, loc, status, rate, trained=None, asset=None, nextfree="Today 13:00"):
    return dict(id=id_, name=name, fac=fac, loc=loc, status=status, rate=rate,
                trained=trained, asset=asset, nextfree=nextfree)


INSTRUMENTS = [
    I("INS-2014", "Zeiss LSM 900 Airyscan 2", "ALM", "Henley Building B2.12", "Available", 31.00, "30 Sep 2025", "HU-004312", "Today 12:00"),
    I("INS-2041", "Zeiss LSM 980 Airyscan 2", "ALM", "Henley Building B2.14", "Available", 38.50, "30 Sep 2025", "HU-004417", "Today 14:00"),
    I("INS-2044", "Zeiss LSM 980 NLO (two-photon)", "ALM", "Henley Building B2.16", "Available", 44.00, None, "HU-004418", "Wed 12 Mar 08:00"),
    I("INS-2107", "Leica Stellaris 8 STED", "ALM", "Henley Building B2.20", "Available", 46.00, None, "HU-003981", "Today 16:00"),
    I("INS-2230", "Nikon Ti2 CSU-W1 spinning disk", "ALM", "Henley Building B2.22", "Limited", 29.00, "31 May 2025", "HU-003540", "Today 10:30"),
    I("INS-2235", "Nikon Ti2-E widefield", "ALM", "Henley Building B2.22", "Available", 14.50, "31 Dec 2025", "HU-003541", "Today 09:30"),
    I("INS-2401", "Zeiss Elyra 7 Lattice SIM²", "ALM", "Henley Building B2.18", "Available", 52.00, None, "HU-004620", "Thu 13 Mar 14:00"),
    I("INS-3301", "BD FACSymphony A5", "FCF", "Kestrel Building G.05", "Available", 36.00, None, "HU-004102", "Today 15:00"),
    I("INS-3307", "BD FACSAria Fusion (Sorter 1)", "FCF", "Kestrel Building G.07", "Available", 58.00, "15 Jul 2025", "HU-003877", "Wed 12 Mar 09:00"),
    I("INS-3312", "BD LSRFortessa X-20", "FCF", "Kestrel Building G.05", "Available", 24.00, "15 Jul 2025", "HU-003402", "Today 11:00"),
    I("INS-3318", "Cytek Aurora 5L", "FCF", "Kestrel Building G.05", "Available", 27.50, None, "HU-004655", "Today 13:30"),
    I("INS-3370", "BD FACSAria III (Sorter 2)", "FCF", "Kestrel Building G.07", "Available", 52.00, "15 Jul 2025", "HU-002916", "Today 14:00"),
    I("INS-4410", "Thermo Q Exactive HF", "PMS", "Brunel Building 1.29", "Available", 61.00, None, "HU-003120", "Thu 13 Mar 08:00"),
    I("INS-4416", "Thermo Orbitrap Exploris 480", "PMS", "Brunel Building 1.31", "Available", 74.00, "31 Aug 2025", "HU-004233", "Wed 12 Mar 13:00"),
    I("INS-4461", "Thermo Orbitrap Eclipse Tribrid", "PMS", "Brunel Building 1.31", "Available", 89.00, None, "HU-004590", "Fri 14 Mar 08:00"),
    I("INS-5012", "Bruker Fourier 80 benchtop NMR", "NMR", "Lister Building LG.01", "Available", 9.00, "31 Dec 2025", "HU-004701", "Today 10:00"),
    I("INS-5102", "Bruker Avance III HD 400 MHz", "NMR", "Lister Building LG.03", "Available", 18.00, "30 Jun 2025", "HU-002744", "Today 12:30"),
    I("INS-5120", "Bruker Avance NEO 600 MHz (TCI CryoProbe)", "NMR", "Lister Building LG.05", "Available", 42.00, None, "HU-004050", "Wed 12 Mar 18:00"),
    I("INS-6203", "Cytiva Biacore 8K", "BPX", "Lister Building 2.10", "Available", 33.00, "31 Oct 2025", "HU-004377", "Today 14:00"),
    I("INS-6208", "Malvern Zetasizer Ultra", "BPX", "Lister Building 2.08", "Available", 12.00, "31 Oct 2025", "HU-004380", "Today 10:00"),
    I("INS-6215", "NanoTemper Prometheus Panta", "BPX", "Lister Building 2.08", "Available", 15.00, None, "HU-004702", "Today 11:30"),
    I("INS-6230", "Cytiva Biacore T200", "BPX", "Lister Building 2.10", "Available", 26.00, "31 Oct 2025", "HU-003015", "Today 09:30"),
    I("INS-7001", "Illumina NextSeq 2000", "GEN", "Brunel Building G.12", "Staff-run only", 0.0, None, "HU-004444", "—"),
    I("INS-7010", "Illumina MiSeq", "GEN", "Brunel Building G.12", "Limited", 0.0, None, "HU-003310", "—"),
    I("INS-8102", "Thermo Scientific Glacios 2 Cryo-TEM", "EMF", "Henley Building LG.01", "Available", 95.00, None, "HU-004811", "Mon 17 Mar 08:00"),
    I("INS-8120", "JEOL JEM-1400Flash TEM", "EMF", "Henley Building LG.02", "Available", 40.00, None, "HU-004130", "Today 13:00"),
]
INS = {i["id"]: i for i in INSTRUMENTS}

PROJECTS = [
    # id, title, PI, linked cost centres (first = project default), remaining, budget
    ("P-1187", "Mitochondrial protein import", "Prof. Helen Marsh", ["BCH-7731-01", "BCH-7731-02"], 4812.40, 12000.00),
    ("P-1178", "Mitophagy receptor screening", "Prof. Helen Marsh", ["BCH-7713-02"], 2208.75, 6000.00),
    ("P-1203", "T-cell exhaustion atlas", "Dr Kwame Asante", ["IMM-5520-12", "IMM-5520-11"], 9140.00, 15000.00),
    ("P-1165", "KRAS fragment screening", "Prof. Lena Fischer", ["CHM-3308-04"], 3377.10, 8000.00),
    ("P-1211", "Core method development", "Dr Owen Pryce", ["CORE-0100-00"], 1500.00, 2500.00),
]
PROJ = {p[0]: p for p in PROJECTS}
COST_CENTRES = {
    "BCH-7713-02": ("MRC MR/W012345/1", "P-1178"),
    "BCH-7731-01": ("Wellcome 221984/Z/20/Z", "P-1187"),
    "BCH-7731-02": ("BBSRC BB/X004417/1", "P-1187"),
    "CHM-3308-04": ("EPSRC EP/V031104/1", "P-1165"),
    "CORE-0100-00": ("Core facilities development fund", "P-1211"),
    "IMM-5520-11": ("CRUK C52014/A29917", "P-1203"),
    "IMM-5520-12": ("Immunology departmental fund", "P-1203"),
}


def proj_opt(pid):
    return f"{pid} · {PROJ[pid][1]}"


def cc_opt(cc):
    return f"{cc} · {COST_CENTRES[cc][0]} · {COST_CENTRES[cc][1]}"


USERS = ["J. Okafor", "S. Adeyemi", "M. Lindqvist", "R. Banerjee", "A. Moreau", "L. Chen",
         "D. Rossi", "E. Mensah", "F. Walsh", "K. Ito", "N. Haddad", "G. Fraser"]
BLOCKS = [(8.0, 9.0), (9.0, 12.0), (12.0, 14.0), (14.0, 16.0), (16.0, 18.0), (10.0, 11.5),
          (13.0, 17.0), (18.0, 20.0), (9.5, 10.5), (15.5, 17.5)]
D = lambda day: dt.date(2025, 3, day)  # noqa: E731
# Target slots of the tasks (and the LSM 900 near-miss) are kept free.
PROTECT = {
    ("INS-2041", D(13)): (9.0, 12.0),
    ("INS-2014", D(13)): (9.0, 12.0),
    ("INS-3307", D(14)): (14.0, 16.0),
    ("INS-5102", D(17)): (10.0, 11.5),
    ("INS-4416", D(19)): (13.0, 17.0),
}


def overlap(a, b):
    return a[0] < b[1] and b[0] < a[1]


def fmt(h):
    return f"{int(h):02d}:{int(round((h - int(h)) * 60)):02d}"


def dlabel(d):
    return d.strftime("%a %d %b %Y").replace(" 0", " ")


def bkid(ins, d, s):
    return f"BK-25-{3900 + zlib.crc32(f'{ins}{d}{s}'.encode()) % 270:05d}"


def day_bookings(ins, d):
    rng = random.Random(f"{ins}|{d.isoformat()}")
    n = rng.choice([0, 0, 1]) if d.weekday() >= 5 else rng.choice([2, 2, 3, 3, 4])
    chosen = []
    for b in rng.sample(BLOCKS, len(BLOCKS)):
        if len(chosen) >= n:
            break
        if any(overlap(b, c) for c in chosen):
            continue
        p = PROTECT.get((ins, d))
        if p and overlap(b, p):
            continue
        chosen.append(b)
    chosen.sort()
    return [dict(id=bkid(ins, d, s), ins=ins, date=d, start=s, end=e, user=rng.choice(USERS)) for s, e in chosen]


def upcoming(ins, days=11, until=None):
    out = []
    for k in range(days):
        d = TODAY + dt.timedelta(days=k)
        if until and d > until:
            break
        for b in day_bookings(ins, d):
            if d == TODAY and b["start"] < 9.75:
                continue
            out.append(b)
    return out


MY_BOOKINGS = [
    dict(id="BK-25-04088", ins="INS-2014", date=D(12), start=10.0, end=12.0, project="P-1187", status="Confirmed"),
    dict(id="BK-25-04131", ins="INS-3312", date=D(12), start=14.0, end=16.0, project="P-1203", status="Confirmed"),
    dict(id="BK-25-04150", ins="INS-6208", date=D(18), start=9.5, end=10.5, project="P-1165", status="Confirmed"),
    dict(id="BK-25-04163", ins="INS-2041", date=D(20), start=13.0, end=15.0, project="P-1178", status="Provisional"),
]

FAULTS = [
    # id, instrument, summary, category, severity, status, reported, reporter
    ("FLT-25-0092", "INS-7010", "Flow cell clamp error on run start", "Hardware / mechanical", "Medium", "Open", "10 Mar 2025", "E. Mensah"),
    ("FLT-25-0091", "INS-2230", "561 nm laser output intermittent", "Laser / light source", "Medium", "In progress", "07 Mar 2025", "L. Chen"),
    ("FLT-25-0090", "INS-3370", "Nozzle camera image drifting during sort", "Hardware / mechanical", "Low", "Open", "06 Mar 2025", "S. Adeyemi"),
    ("FLT-25-0089", "INS-5102", "Lock signal unstable on BBO probe", "Hardware / mechanical", "Low", "Resolved", "04 Mar 2025", "R. Banerjee"),
    ("FLT-25-0088", "INS-6230", "Buffer tray sensor error", "Fluidics", "Low", "Resolved", "03 Mar 2025", "K. Ito"),
    ("FLT-25-0087", "INS-4461", "Source vacuum high after venting", "Vacuum", "High", "Resolved", "27 Feb 2025", "D. Rossi"),
    ("FLT-25-0086", "INS-2014", "Airyscan detector alignment warning", "Detector / camera", "Medium", "Resolved", "25 Feb 2025", "P. Nandakumar"),
    ("FLT-25-0085", "INS-8102", "Autoloader cassette jam", "Hardware / mechanical", "High", "Resolved", "24 Feb 2025", "G. Fraser"),
    ("FLT-25-0084", "INS-3312", "Sheath pressure low", "Fluidics", "Medium", "Resolved", "20 Feb 2025", "J. Okafor"),
    ("FLT-25-0083", "INS-7001", "Run aborted: reagent cartridge not detected", "Software / control PC", "Medium", "Resolved", "18 Feb 2025", "E. Mensah"),
    ("FLT-25-0082", "INS-2107", "775 nm depletion laser misaligned", "Laser / light source", "High", "Resolved", "14 Feb 2025", "A. Moreau"),
    ("FLT-25-0081", "INS-6203", "Needle wash pump noisy", "Fluidics", "Low", "Resolved", "12 Feb 2025", "N. Haddad"),
    ("FLT-25-0080", "INS-5120", "Helium level alarm", "Cryogenics / temperature", "Medium", "Resolved", "10 Feb 2025", "Dr Owen Pryce"),
    ("FLT-25-0079", "INS-2041", "ZEN crashes during tile scan", "Software / control PC", "Low", "Resolved", "06 Feb 2025", "M. Lindqvist"),
    ("FLT-25-0078", "INS-3307", "Sort stream break-off unstable", "Fluidics", "Medium", "Resolved", "03 Feb 2025", "F. Walsh"),
]
CATEGORIES = ["Hardware / mechanical", "Laser / light source", "Detector / camera", "Fluidics",
              "Cryogenics / temperature", "Vacuum", "Software / control PC", "Safety incident", "Other"]
SEVERITIES = ["Low — instrument usable", "Medium — usable with workaround", "High — instrument unusable"]
START_OPTS = [fmt(8 + 0.5 * i) for i in range(24)]
END_OPTS = [fmt(8.5 + 0.5 * i) for i in range(24)]

# ---------------------------------------------------------------------------
# 3. page renderers
# ---------------------------------------------------------------------------

NAV = [("Dashboard", "dashboard"), ("Instruments", "instruments"), ("Calendar", "calendar"),
       ("My bookings", "mybookings"), ("Projects & cost centres", "projects"),
       ("Faults & service", "faults"), ("Training", "training"), ("Reports", "reports"),
       ("Facility admin", "admin")]


class Session:
    """Per-run browser state that persists across pages (recently viewed)."""

    def __init__(self, recent=None):
        self.recent = list(recent or ["INS-2014", "INS-3312", "INS-6208"])

    def view(self, ins_id):
        if ins_id in self.recent:
            self.recent.remove(ins_id)
        self.recent.insert(0, ins_id)
        del self.recent[6:]


def combo(label, value, options, key=None, required=False, disabled=False):
    props = {"value": value}
    if required:
        props["required"] = True
    if disabled:
        props["disabled"] = True
    props["hasPopup"] = "menu"
    props["expanded"] = False
    opts = [N("option", o, selected=(o == value)) for o in options]
    return N("combobox", label, *opts, key=key, **props)


def dl(pairs):
    out = []
    for term, val in pairs:
        out.append(N("term", "", T(term)))
        if isinstance(val, dict):
            out.append(N("definition", "", val))
        else:
            out.append(N("definition", "", T(val)))
    return N("list", "", *out)


def table(label, headers, rows, sortable=False):
    hdr = N("row", "", *[N("columnheader", h, N("button", f"Sort by {h}") if sortable and h != "Actions" else None)
                         for h in headers])
    body = [N("row", "", *r) for r in rows]
    return N("table", label, N("rowgroup", "", hdr), N("rowgroup", "", *body))


def C(text, *kids, key=None):
    return N("cell", text, *kids, key=key)


def chrome(s, title, crumbs, main, search="", suggestions=None, toast=None, dialog=None,
           aside=None, status=None):
    banner = N(
        "banner", "",
        N("link", f"{PRODUCT} home", key="home"),
        T(ORG),
        N("search", "Site",
          N("combobox", "Search instruments, bookings and faults", key="gsearch",
            value=search, autocomplete="list", hasPopup="listbox", expanded=bool(suggestions)),
          N("listbox", "Suggestions",
            *[N("option", o, key=f"sugg_{o.split(' ')[0]}", selected=False) for o in suggestions])
          if suggestions else None,
          N("button", "Search", key="gsearch_btn")),
        N("link", "New booking", key="banner_newbooking"),
        N("button", "Notifications, 3 unread", hasPopup="menu", expanded=False),
        N("button", "Help", hasPopup="menu", expanded=False),
        N("button", f"{USER_NAME} — {USER_ROLE}", key="usermenu", hasPopup="menu", expanded=False),
    )
    nav = N("navigation", "Main",
            N("list", "", *[N("listitem", "", N("link", lbl, key=f"nav_{k}")) for lbl, k in NAV]))
    crumb_items = []
    for i, (lbl, k) in enumerate(crumbs):
        if i == len(crumbs) - 1:
            crumb_items.append(N("listitem", "", T(lbl)))
        else:
            crumb_items.append(N("listitem", "", N("link", lbl, key=f"crumb_{k}")))
    bc = N("navigation", "Breadcrumb", N("list", "", *crumb_items))
    recent = N("complementary", "Recently viewed",
               N("heading", "Recently viewed"),
               N("list", "", *[N("listitem", "", N("link", f"{r} {INS[r]['name']}", key=f"recent_{r}"))
                               for r in s.recent[:5]]),
               N("button", "Clear history"))
    footer = N(
        "contentinfo", "",
        T(f"{PRODUCT} {VERSION} (build {BUILD})"),
        T(f"© 2025 {ORG}"),
        N("list", "",
          N("listitem", "", N("link", "Facility policies and booking terms")),
          N("listitem", "", N("link", "Accessibility statement")),
          N("listitem", "", N("link", "Privacy notice")),
          N("listitem", "", N("link", "Contact the core facilities team")),
          N("listitem", "", N("link", "System status"))),
        T(f"Signed in as {USER_ID} · Last sign-in Mon 10 Mar 2025 17:42"),
    )
    live = N("status", "", T(status) if status else None, live="polite", atomic=True, relevant="additions text")
    toasts = N("region", "Notifications",
               N("alert", "", T(toast), N("button", "Dismiss notification", key="toast_dismiss")) if toast else None)
    root = N("RootWebArea", f"{title} · {PRODUCT}",
             N("link", "Skip to main content"),
             banner, nav, bc, N("main", "", *main), aside, recent, footer, live, toasts, dialog,
             focused=True)
    return root


# --- dashboard -------------------------------------------------------------

def page_dashboard(s, search="", suggestions=None):
    mine = []
    for b in MY_BOOKINGS:
        i = INS[b["ins"]]
        mine.append([C(b["id"], N("link", b["id"])), C(f"{b['ins']} {i['name']}"),
                     C(f"{dlabel(b['date'])} {fmt(b['start'])}–{fmt(b['end'])}"),
                     C(proj_opt(b["project"])), C(b["status"])])
    trained = [i for i in INSTRUMENTS if i["trained"]]
    open_faults = [f for f in FAULTS if f[5] != "Resolved"]
    main = [
        N("heading", f"Good morning, {USER_FIRST}"),
        T("Tuesday 11 March 2025 · Semester 2, week 7"),
        N("region", "Quick actions",
          N("heading", "Quick actions"),
          N("link", "New booking", key="dash_newbooking"),
          N("link", "Report a fault", key="dash_reportfault"),
          N("link", "Open facility calendar"),
          N("link", "Download my usage statement (Feb 2025, PDF)")),
        N("region", "My upcoming bookings",
          N("heading", "My upcoming bookings"),
          table("My upcoming bookings", ["Reference", "Instrument", "When", "Project", "Status"], mine),
          N("link", "View all my bookings", key="dash_allbookings")),
        N("region", "My trained instruments",
          N("heading", f"My trained instruments ({len(trained)})"),
          N("list", "", *[N("listitem", "", N("link", f"{i['id']} {i['name']}", key=f"dash_ins_{i['id']}"),
                            T(f"Training valid until {i['trained']}")) for i in trained])),
        N("region", "Facility notices",
          N("heading", "Facility notices"),
          N("list", "",
            N("listitem", "", T("ALM: Zeiss Elyra 7 (INS-2401) service visit Tue 18 – Wed 19 Mar; bookings closed."), N("link", "Details")),
            N("listitem", "", T("NMR: helium fill on the 600 MHz magnet, Thu 20 Mar 08:00–10:00."), N("link", "Details")),
            N("listitem", "", T("FCF: new BD FACSDiva 9.6 templates available on both sorters."), N("link", "Details")),
            N("listitem", "", T("Rates for FY 2025/26 take effect on 1 Apr 2025."), N("link", "View rate card")))),
        N("region", "Open faults in facilities I use",
          N("heading", "Open faults in facilities I use"),
          table("Open faults", ["Fault", "Instrument", "Summary", "Severity", "Status"],
                [[C(f[0], N("link", f[0])), C(f"{f[1]} {INS[f[1]]['name']}"), C(f[2]), C(f[4]), C(f[5])]
                 for f in open_faults])),
        N("region", "Project balances",
          N("heading", "Project balances (FY 2024/25)"),
          table("Project balances", ["Project", "PI", "Remaining", "Budget"],
                [[C(proj_opt(p[0])), C(p[2]), C(f"£{p[4]:,.2f}"), C(f"£{p[5]:,.2f}")] for p in PROJECTS])),
    ]
    root = chrome(s, "Dashboard", [("Home", "home"), ("Dashboard", "dashboard")], main,
                  search=search, suggestions=suggestions)
    return Page("/dashboard", "Dashboard", root)


# --- instruments list ------------------------------------------------------

FAC_OPTS = ["All facilities"] + [v[0] for v in FAC.values()]
STATUS_OPTS = ["Any status", "Available", "Limited", "Staff-run only", "Out of service"]
SORT_OPTS = ["Instrument ID (A–Z)", "Name (A–Z)", "Facility", "Next free slot", "Rate (low to high)"]


def page_instruments(s, q="", facility="All facilities", status="Any status", trained=False,
                     applied=None, page=1, overrides=None):
    """applied = (facility, status, trained) actually applied to the table."""
    applied = applied or ("All facilities", "Any status", False)
    rows = []
    for i in INSTRUMENTS:
        st = (overrides or {}).get(i["id"], i["status"])
        if applied[0] != "All facilities" and FAC[i["fac"]][0] != applied[0]:
            continue
        if applied[1] != "Any status" and st != applied[1]:
            continue
        if applied[2] and not i["trained"]:
            continue
        if q and q.lower() not in (i["id"] + " " + i["name"]).lower():
            continue
        rows.append((i, st))
    total = len(rows)
    per = 20
    shown = rows[(page - 1) * per: page * per]
    trs = []
    for i, st in shown:
        trs.append([
            C(i["id"], N("link", i["id"], key=f"row_{i['id']}")),
            C(i["name"]), C(FAC[i["fac"]][0]), C(i["loc"]), C(st), C(i["nextfree"]),
            C(f"£{i['rate']:.2f}" if i["rate"] else "Staff-run"),
            C(f"Book {i['id']} Report fault on {i['id']}",
              N("link", f"Book {i['id']}", key=f"book_{i['id']}"),
              N("button", f"Report fault on {i['id']}", key=f"rf_{i['id']}")),
        ])
    pages = max(1, (total + per - 1) // per)
    pag = N("navigation", "Pagination",
            N("link", "Previous page", disabled=True) if page == 1 else N("link", "Previous page"),
            *[N("link", f"Page {k}", key=f"page_{k}") for k in range(1, pages + 1)],
            N("link", "Next page", disabled=True) if page == pages else N("link", "Next page", key="page_next"))
    active = []
    if applied[0] != "All facilities":
        active.append(N("button", f"Remove filter: {applied[0]}"))
    if applied[1] != "Any status":
        active.append(N("button", f"Remove filter: {applied[1]}"))
    if applied[2]:
        active.append(N("button", "Remove filter: Only instruments I am trained on"))
    main = [
        N("heading", "Instruments"),
        T("Bookable instruments across all core facilities. Rates are internal (UKRI-funded) rates per hour, excluding VAT."),
        N("region", "Filters",
          N("heading", "Filters"),
          N("textbox", "Filter instruments by ID or name", key="list_q", value=q),
          combo("Facility", facility, FAC_OPTS, key="f_facility"),
          combo("Status", status, STATUS_OPTS, key="f_status"),
          N("checkbox", "Only instruments I am trained on", key="f_trained", checked="true" if trained else "false"),
          N("button", "Apply filters", key="f_apply"),
          N("button", "Clear all", key="f_clear")),
        N("region", "Active filters", *active) if active else None,
        combo("Sort by", "Instrument ID (A–Z)", SORT_OPTS, key="sort"),
        N("button", "Export CSV"),
        T(f"Showing {min(total, (page - 1) * per + 1) if total else 0}–{(page - 1) * per + len(shown)} of {total} instruments"),
        table("Instruments", ["Instrument ID", "Name", "Facility", "Location", "Status", "Next free slot", "Rate (£/h)", "Actions"],
              trs, sortable=True) if shown else T("No instruments match your filters. Try removing a filter."),
        pag,
    ]
    qs = []
    if q:
        qs.append(f"q={q.replace(' ', '+')}")
    if applied[0] != "All facilities":
        qs.append("facility=" + [k for k, v in FAC.items() if v[0] == applied[0]][0])
    if applied[1] != "Any status":
        qs.append("status=" + applied[1].lower().replace(" ", "-"))
    if applied[2]:
        qs.append("trained=1")
    if page > 1:
        qs.append(f"page={page}")
    path = "/instruments" + ("?" + "&".join(qs) if qs else "")
    root = chrome(s, "Instruments", [("Home", "home"), ("Instruments", "instruments")], main)
    return Page(path, "Instruments", root)


# --- global search ---------------------------------------------------------

def search_hits(q):
    ql = q.lower()
    ins = [i for i in INSTRUMENTS if ql in (i["id"] + " " + i["name"]).lower()]
    flts = [f for f in FAULTS if ql in (f[0] + " " + f[1] + " " + INS[f[1]]["name"] + " " + f[2]).lower()]
    bks = [b for b in MY_BOOKINGS if ql in (b["id"] + " " + b["ins"] + " " + INS[b["ins"]]["name"]).lower()]
    return ins, flts, bks


def suggestions_for(q):
    ins, _, _ = search_hits(q)
    out = [f"{i['id']} {i['name']}" for i in ins]
    # fuzzy ID matching: same digits in another order
    if q.upper().startswith("INS-"):
        digits = sorted(q[4:])
        for i in INSTRUMENTS:
            if sorted(i["id"][4:]) == digits and f"{i['id']} {i['name']}" not in out:
                out.append(f"{i['id']} {i['name']}")
    return out[:6]


def page_search(s, q):
    ins, flts, bks = search_hits(q)
    similar = []
    if q.upper().startswith("INS-"):
        digits = sorted(q[4:])
        similar = [i for i in INSTRUMENTS if sorted(i["id"][4:]) == digits and i not in ins]
    n = len(ins) + len(flts) + len(bks)
    main = [
        N("heading", f"Search results for ‘{q}’"),
        T(f"{n} results"),
        N("tablist", "Result types",
          N("tab", f"All ({n})", selected=True),
          N("tab", f"Instruments ({len(ins)})", selected=False),
          N("tab", f"Bookings ({len(bks)})", selected=False),
          N("tab", f"Faults ({len(flts)})", selected=False)),
        N("tabpanel", f"All ({n})",
          N("heading", "Instruments"),
          N("list", "", *[N("listitem", "", N("link", f"{i['id']} {i['name']}", key=f"res_{i['id']}"),
                            T(f"{FAC[i['fac']][0]} · {i['loc']} · {i['status']}")) for i in ins])
          if ins else T("No instruments."),
          N("heading", "Bookings"),
          N("list", "", *[N("listitem", "", N("link", f"{b['id']} {b['ins']} {INS[b['ins']]['name']}"),
                            T(f"{dlabel(b['date'])} {fmt(b['start'])}–{fmt(b['end'])} · {b['status']}")) for b in bks])
          if bks else T("No bookings."),
          N("heading", "Faults"),
          N("list", "", *[N("listitem", "", N("link", f"{f[0]} {f[2]}"),
                            T(f"{f[1]} {INS[f[1]]['name']} · {f[4]} · {f[5]} · reported {f[6]}")) for f in flts])
          if flts else T("No faults."),
          N("heading", "Similar instrument IDs") if similar else None,
          N("list", "", *[N("listitem", "", N("link", f"{i['id']} {i['name']}", key=f"sim_{i['id']}")) for i in similar])
          if similar else None),
        N("link", "Advanced search"),
    ]
    root = chrome(s, "Search", [("Home", "home"), ("Search", "search")], main, search=q)
    return Page(f"/search?q={q.replace(' ', '+')}", f"Search results for ‘{q}’", root)


# --- instrument detail -----------------------------------------------------

def related_for(ins_id):
    i = INS[ins_id]
    same = [x for x in INSTRUMENTS if x["fac"] == i["fac"] and x["id"] != ins_id]
    return same[:4]


def page_instrument(s, ins_id, toast=None, status_override=None, faults_override=None, hide_bookings=False):
    i = INS[ins_id]
    s.view(ins_id)
    fac, staff = FAC[i["fac"]]
    st = status_override or i["status"]
    ups = upcoming(ins_id, days=7)
    open_f = faults_override if faults_override is not None else [f for f in FAULTS if f[1] == ins_id and f[5] != "Resolved"]
    past_f = [f for f in FAULTS if f[1] == ins_id and f[5] == "Resolved"]
    training = (f"Trained — valid until {i['trained']}" if i["trained"]
                else "Not trained — induction required before booking")
    main = [
        N("heading", i["name"]),
        T(f"{ins_id} · {fac}"),
        T(f"Status: {st}"),
        N("button", "Book this instrument", key="book", disabled=(i["trained"] is None) or None),
        N("button", "Report a fault", key="report_fault"),
        N("button", "Add to favourites"),
        N("link", "Open calendar", key="open_calendar"),
        N("tablist", "Instrument sections",
          N("tab", "Overview", selected=True),
          N("tab", "Bookings", selected=False),
          N("tab", "Faults & service history", selected=False),
          N("tab", "Documents", selected=False),
          N("tab", "Training & access", selected=False)),
        N("tabpanel", "Overview",
          N("heading", "Instrument details"),
          dl([("Instrument ID", ins_id), ("Name", i["name"]), ("Facility", fac), ("Location", i["loc"]),
              ("Status", st), ("Responsible staff", staff), ("Internal rate", f"£{i['rate']:.2f} per hour" if i["rate"] else "Staff-run service (per sample)"),
              ("Assisted session surcharge", "£22.00 per hour"), ("Asset tag", i["asset"]),
              ("Your training", training)]),
          N("heading", "Upcoming bookings (next 7 days)"),
          T("Booking details are hidden while the instrument is being updated.") if hide_bookings else
          table("Upcoming bookings", ["Reference", "Date", "Time", "Booked by"],
                [[C(b["id"]), C(dlabel(b["date"])), C(f"{fmt(b['start'])}–{fmt(b['end'])}"), C(b["user"])] for b in ups[:8]]),
          N("link", "See all bookings for this instrument"),
          N("heading", "Open faults"),
          table("Open faults", ["Fault", "Summary", "Severity", "Status", "Reported"],
                [[C(f[0], N("link", f[0])), C(f[2]), C(f[4]), C(f[5]), C(f[6])] for f in open_f])
          if open_f else T("No open faults."),
          N("heading", "Recent service history"),
          N("list", "", *[N("listitem", "", N("link", f[0]), T(f"{f[2]} · {f[4]} · resolved · reported {f[6]}")) for f in past_f],
            N("listitem", "", T("Annual preventive maintenance · completed 14 Jan 2025"))),
          N("heading", "Booking rules"),
          N("list", "",
            N("listitem", "", T("Bookings in 30-minute steps between 08:00 and 20:00.")),
            N("listitem", "", T("At most 4 hours per booking between 09:00 and 17:00 on weekdays.")),
            N("listitem", "", T("Free cancellation up to 48 hours before the start time.")),
            N("listitem", "", T("Unassisted use requires valid training; assisted sessions are run with facility staff."))),
          ),
    ]
    aside = N("complementary", "Related",
              N("heading", "Related instruments"),
              N("list", "", *[N("listitem", "", N("link", f"{r['id']} {r['name']}", key=f"rel_{r['id']}")) for r in related_for(ins_id)]),
              N("heading", "Documents"),
              N("list", "",
                N("listitem", "", N("link", f"SOP — {i['name']} start-up and shutdown (PDF, 1.2 MB)")),
                N("listitem", "", N("link", "Risk assessment RA-" + i["asset"][3:] + " (PDF)")),
                N("listitem", "", N("link", f"{fac} user guide (web)"))))
    root = chrome(s, i["name"], [("Home", "home"), ("Instruments", "instruments"), (f"{ins_id} {i['name']}", "ins")],
                  main, aside=aside, toast=toast)
    return Page(f"/instruments/{ins_id}", f"{ins_id} {i['name']}", root)


# --- booking form ----------------------------------------------------------

def blank_booking(ins_id):
    return dict(ins=ins_id, date=TODAY.isoformat(), start="--:--", end="--:--", assisted=False,
                project="Select a project", cc="Select a cost centre", notes="", terms=False)


def availability(ins_id, d, extra=None):
    books = sorted(day_bookings(ins_id, d) + list(extra or []), key=lambda b: b["start"])
    rows, t = [], 8.0
    for b in books:
        if b["start"] > t:
            rows.append([C(f"{fmt(t)}–{fmt(b['start'])}"), C("Free")])
        rows.append([C(f"{fmt(b['start'])}–{fmt(b['end'])}"), C(f"Booked · {b['user']}")])
        t = b["end"]
    if t < 20.0:
        rows.append([C(f"{fmt(t)}–20:00"), C("Free")])
    return rows


def charge(f):
    if f["start"] == "--:--" or f["end"] == "--:--":
        return None
    i = INS[f["ins"]]
    h = (START_OPTS.index(f["start"]) * 0.5 + 8, END_OPTS.index(f["end"]) * 0.5 + 8.5)
    hours = h[1] - h[0]
    rate = i["rate"] + (22.0 if f["assisted"] else 0.0)
    return hours, rate, hours * rate


def fac_terms(ins_id):
    return f"I have read and accept the {INS[ins_id]['fac']} booking terms and cancellation policy"


def page_booking_form(s, f, errors=None, status=None, error_banner=None, extra_bookings=None):
    i = INS[f["ins"]]
    d = dt.date.fromisoformat(f["date"])
    proj = f["project"]
    pid = proj.split(" ")[0] if proj.startswith("P-") else None
    linked = PROJ[pid][3] if pid else []
    cc_order = linked + [c for c in COST_CENTRES if c not in linked]
    ch = charge(f)
    err_nodes = None
    if errors or error_banner:
        err_nodes = N("alert", "",
                      N("heading", "There is a problem"),
                      T(error_banner) if error_banner else None,
                      N("list", "", *[N("listitem", "", N("link", e)) for e in (errors or [])]) if errors else None)
    main = [
        N("heading", f"New booking — {i['name']}"),
        T("Fields marked * are required."),
        err_nodes,
        N("form", "New booking",
          N("textbox", "Instrument", value=f"{i['id']} · {i['name']}", readonly=True),
          N("textbox", "Date (YYYY-MM-DD) *", key="bf_date", value=f["date"], required=True),
          combo("Start time *", f["start"], ["--:--"] + START_OPTS, key="bf_start", required=True),
          combo("End time *", f["end"], ["--:--"] + END_OPTS, key="bf_end", required=True),
          N("radiogroup", "Booking type *",
            N("radio", "Unassisted", key="bf_unassisted", checked="false" if f["assisted"] else "true"),
            N("radio", "Assisted — staff operator present (+£22.00/h)", key="bf_assisted",
              checked="true" if f["assisted"] else "false")),
          combo("Project *", proj, ["Select a project"] + [proj_opt(p[0]) for p in PROJECTS], key="bf_project", required=True),
          combo("Cost centre *", f["cc"], ["Select a cost centre"] + [cc_opt(c) for c in cc_order], key="bf_cc", required=True),
          T(f"Cost centre defaulted from project {pid}. Change it if this booking should be charged elsewhere.")
          if pid else T("Choose a project first; its cost centres are listed first."),
          N("textbox", "Notes for facility staff (optional)", key="bf_notes", value=f["notes"], multiline=True),
          N("checkbox", fac_terms(f["ins"]) + " *", key="bf_terms", checked="true" if f["terms"] else "false", required=True),
          T(f"Estimated charge: £{ch[2]:,.2f} ({ch[0]:g} h × £{ch[1]:.2f})") if ch else T("Estimated charge: select a start and end time"),
          N("button", "Submit booking", key="bf_submit"),
          N("link", "Cancel", key="bf_cancel")),
    ]
    pbal = None
    if pid:
        p = PROJ[pid]
        pbal = T(f"{proj_opt(pid)} — £{p[4]:,.2f} remaining of £{p[5]:,.2f} (FY 2024/25)")
    aside = N("complementary", f"Availability — {dlabel(d)}",
              N("heading", f"Availability — {dlabel(d)}"),
              table(f"Availability {dlabel(d)}", ["Time", "Status"], availability(f["ins"], d, extra_bookings)),
              N("link", "Open week view"),
              N("heading", "Project balance"),
              pbal or T("Select a project to see its remaining balance."))
    root = chrome(s, f"New booking — {i['name']}",
                  [("Home", "home"), ("Instruments", "instruments"), (f"{i['id']} {i['name']}", "ins"), ("New booking", "nb")],
                  main, aside=aside, status=status)
    return Page(f"/bookings/new?instrument={i['id']}", f"New booking — {i['id']}", root)


def page_booking_confirmed(s, f, ref, others_today=None, extra_schedule=None):
    i = INS[f["ins"]]
    d = dt.date.fromisoformat(f["date"])
    ch = charge(f)
    cc = f["cc"].split(" · ")[0]
    others = [b for b in day_bookings(f["ins"], d)]
    main = [
        N("heading", f"Booking {ref} confirmed"),
        T(f"A confirmation email and calendar invitation have been sent to {USER_EMAIL}."),
        dl([("Reference", ref), ("Instrument", f"{i['id']} {i['name']}"), ("Location", i["loc"]),
            ("Date", dlabel(d)), ("Time", f"{f['start']}–{f['end']}"), ("Duration", f"{ch[0]:g} hours"),
            ("Booking type", "Assisted — staff operator present" if f["assisted"] else "Unassisted"),
            ("Project", f["project"]), ("Cost centre", f"{cc} ({COST_CENTRES[cc][0]})"),
            ("Estimated charge", f"£{ch[2]:,.2f}"), ("Booked by", f"{USER_FULL} ({USER_ID})"),
            ("Status", "Confirmed"),
            ("Cancellation", f"Free until {dlabel(d - dt.timedelta(days=2))} {f['start']}"
             if (d - dt.timedelta(days=2), f["start"]) > (TODAY, NOW)
             else "Less than 48 hours before the start: cancelling is charged in full")]),
        N("button", "Edit booking", key="bk_edit"),
        N("button", "Cancel booking", key="bk_cancel"),
        N("button", "Add to calendar (.ics)"),
        N("link", "Book again", key="bk_again"),
        N("link", f"Back to {i['id']} {i['name']}", key="bk_back"),
        N("link", "View my bookings", key="bk_mine"),
        N("region", "Your other bookings on this day",
          N("heading", "Your other bookings on this day"),
          table("Your other bookings on this day", ["Reference", "Instrument", "Time", "Status"],
                [[C(b[0]), C(b[1]), C(b[2]), C(b[3])] for b in others_today])
          if others_today else T("None.")),
    ]
    aside = N("complementary", "Instrument schedule",
              N("heading", f"{i['id']} on {dlabel(d)}"),
              table("Instrument schedule", ["Time", "Status"],
                    [[C(f"{fmt(b['start'])}–{fmt(b['end'])}"), C(f"Booked · {b['user']}")] for b in others]
                    + [[C(t), C(f"Booked · {USER_NAME} ({r})")] for t, r in (extra_schedule or [])]
                    + [[C(f"{f['start']}–{f['end']}"), C(f"Booked · {USER_NAME} ({ref})")]]))
    root = chrome(s, f"Booking {ref}", [("Home", "home"), ("My bookings", "mybookings"), (ref, "bk")],
                  main, aside=aside, status=f"Booking {ref} confirmed.")
    return Page(f"/bookings/{ref}", f"Booking {ref}", root)


# --- faults ----------------------------------------------------------------

def blank_fault(ins_id=None, locked=True):
    return dict(ins=ins_id, locked=locked and ins_id is not None, category="Select a category",
                severity="Select severity", summary="", description="", observed="2025-03-11 09:30",
                oos=False, back="", notify=True)


def ins_opt(ins_id):
    return f"{ins_id} · {INS[ins_id]['name']}"


def affected(f):
    until = dt.date.fromisoformat(f["back"]) - dt.timedelta(days=1) if f.get("back") else None
    return upcoming(f["ins"], days=11, until=until)


def page_fault_form(s, f, dialog=False, status=None, errors=None):
    ins_id = f["ins"]
    i = INS[ins_id] if ins_id else None
    if f["locked"]:
        ins_field = N("textbox", "Instrument *", value=ins_opt(ins_id), readonly=True, required=True)
    else:
        ins_field = combo("Instrument *", ins_opt(ins_id) if ins_id else "Select an instrument",
                          ["Select an instrument"] + [ins_opt(x["id"]) for x in INSTRUMENTS], key="ff_ins", required=True)
    aff = affected(f) if ins_id else []
    main = [
        N("heading", "Report a fault" + (f" — {i['name']}" if i else "")),
        T("Describe what you observed. Facility staff are notified as soon as the report is submitted."),
        N("alert", "", N("heading", "There is a problem"),
          N("list", "", *[N("listitem", "", N("link", e)) for e in errors])) if errors else None,
        N("form", "Fault report",
          ins_field,
          combo("Fault category *", f["category"], ["Select a category"] + CATEGORIES, key="ff_cat", required=True),
          combo("Severity *", f["severity"], ["Select severity"] + SEVERITIES, key="ff_sev", required=True),
          N("textbox", "Summary *", key="ff_summary", value=f["summary"], required=True),
          N("textbox", "What happened? (steps, error messages, sample type)", key="ff_desc", value=f["description"], multiline=True),
          N("textbox", "Observed at (YYYY-MM-DD hh:mm)", key="ff_observed", value=f["observed"]),
          N("button", "Attach files (photos, log files)"),
          N("group", "Instrument availability",
            N("checkbox", "Take instrument out of service", key="ff_oos", checked="true" if f["oos"] else "false"),
            T("Available to facility staff and core superusers. Upcoming bookings in the out-of-service period are cancelled."),
            N("textbox", "Expected back in service (YYYY-MM-DD, optional)", key="ff_back", value=f["back"]) if f["oos"] else None,
            N("checkbox", "Email users with affected bookings", key="ff_notify", checked="true" if f["notify"] else "false") if f["oos"] else None),
          N("button", "Submit fault report", key="ff_submit"),
          N("link", "Cancel", key="ff_cancel")),
    ]
    aside = None
    if ins_id:
        aside = N("complementary", "Affected bookings",
                  N("heading", f"Upcoming bookings on {ins_id}" + (" in the out-of-service period" if f["oos"] else "")),
                  table("Upcoming bookings", ["Reference", "Date", "Time", "Booked by"],
                        [[C(b["id"]), C(dlabel(b["date"])), C(f"{fmt(b['start'])}–{fmt(b['end'])}"), C(b["user"])] for b in aff[:6]]),
                  T(f"{len(aff)} bookings in total."),
                  N("link", f"Open {ins_id} calendar", key="ff_calendar"),
                  N("heading", "Previous faults on this instrument"),
                  N("list", "", *[N("listitem", "", N("link", fl[0]), T(f"{fl[2]} · {fl[5]}")) for fl in FAULTS if fl[1] == ins_id]))
    dlg = None
    if dialog:
        dlg = N("dialog", f"Take {ins_id} out of service?",
                N("heading", f"Take {ins_id} out of service?"),
                T(f"{i['name']} will be marked Out of service as soon as the fault report is saved."),
                T(f"{len(aff)} upcoming bookings" + (f" up to {dlabel(dt.date.fromisoformat(f['back']) - dt.timedelta(days=1))}" if f["back"] else "")
                  + " will be cancelled" + (" and the users emailed." if f["notify"] else ".")),
                N("list", "", *[N("listitem", "", T(f"{b['id']} · {dlabel(b['date'])} {fmt(b['start'])}–{fmt(b['end'])} · {b['user']}")) for b in aff[:4]],
                  N("listitem", "", T(f"and {len(aff) - 4} more")) if len(aff) > 4 else None),
                N("button", "Cancel", key="dlg_cancel"),
                N("button", "Confirm — take out of service", key="dlg_confirm"),
                modal=True)
    crumbs = [("Home", "home"), ("Faults & service", "faults"), ("Report a fault", "rf")]
    root = chrome(s, "Report a fault", crumbs, main, aside=aside, dialog=dlg, status=status)
    return Page("/faults/new" + (f"?instrument={ins_id}" if f["locked"] else ""), "Report a fault", root)


def page_fault_detail(s, fid, f, reported_at="11 Mar 2025 09:52", extra_note=None, cancelled=None):
    i = INS[f["ins"]]
    aff = affected(f) if cancelled is None else cancelled
    back = f"expected back {dlabel(dt.date.fromisoformat(f['back']))}" if f["back"] else "no return date set"
    oos_txt = (f"Out of service since {reported_at} ({back})" if f["oos"] else i["status"])
    msg = f"Fault {fid} reported." + (f" {i['id']} {i['name']} is now Out of service." if f["oos"] else "")
    main = [
        N("heading", f"Fault {fid}: {f['summary']}"),
        T(extra_note) if extra_note else None,
        dl([("Fault ID", fid), ("Instrument", N("link", f"{i['id']} {i['name']}", key="fd_ins")),
            ("Category", f["category"]), ("Severity", f["severity"]), ("Status", "Open — awaiting triage"),
            ("Reported by", f"{USER_FULL} ({USER_ID})"), ("Reported at", reported_at),
            ("Observed at", f["observed"]), ("Instrument status", oos_txt),
            ("Bookings cancelled", f"{len(aff)} (users emailed)" if f["oos"] and f["notify"] else (str(len(aff)) if f["oos"] else "None")),
            ("Summary", f["summary"]), ("Description", f["description"] or "—")]),
        N("button", "Add update"),
        N("button", "Assign engineer"),
        N("button", "Return instrument to service") if f["oos"] else N("button", "Take instrument out of service"),
        N("button", "Edit fault"),
        N("heading", "Activity"),
        N("list", "",
          N("listitem", "", T(f"{reported_at} · Fault reported by {USER_NAME}")),
          N("listitem", "", T(f"{reported_at} · Instrument status set to Out of service")) if f["oos"] else None,
          N("listitem", "", T(f"{reported_at} · {len(aff)} bookings cancelled, notification emails queued")) if f["oos"] else None,
          N("listitem", "", T(f"{reported_at} · {FAC[i['fac']][1]} notified"))),
    ]
    aside = N("complementary", "Other faults on this instrument",
              N("heading", "Other faults on this instrument"),
              N("list", "", *[N("listitem", "", N("link", fl[0]), T(f"{fl[2]} · {fl[4]} · {fl[5]}")) for fl in FAULTS if fl[1] == i["id"]]))
    root = chrome(s, f"Fault {fid}", [("Home", "home"), ("Faults & service", "faults"), (fid, "fd")], main,
                  aside=aside, status=msg)
    return Page(f"/faults/{fid}", f"Fault {fid}", root)


def page_faults_list(s):
    main = [
        N("heading", "Faults & service"),
        N("link", "Report a fault", key="faults_new"),
        N("region", "Filters",
          N("heading", "Filters"),
          N("textbox", "Search faults", value=""),
          combo("Facility", "All facilities", FAC_OPTS, key="fl_fac"),
          combo("Fault status", "All statuses", ["All statuses", "Open", "In progress", "Resolved"], key="fl_status"),
          combo("Severity", "Any severity", ["Any severity", "Low", "Medium", "High"], key="fl_sev"),
          N("button", "Apply filters")),
        combo("Sort by", "Newest first", ["Newest first", "Oldest first", "Severity", "Instrument"], key="fl_sort"),
        T(f"Showing 1–{len(FAULTS)} of 92 faults"),
        table("Faults", ["Fault", "Instrument", "Summary", "Category", "Severity", "Status", "Reported", "Reported by"],
              [[C(f[0], N("link", f[0], key=f"fl_{f[0]}")), C(f"{f[1]} {INS[f[1]]['name']}"), C(f[2]), C(f[3]), C(f[4]),
                C(f[5]), C(f[6]), C(f[7])] for f in FAULTS], sortable=True),
        N("navigation", "Pagination", N("link", "Previous page", disabled=True), N("link", "Page 1"),
          N("link", "Page 2"), N("link", "Page 3"), N("link", "…"), N("link", "Page 7"), N("link", "Next page")),
        N("region", "Planned service",
          N("heading", "Planned service"),
          N("list", "",
            N("listitem", "", T("INS-2401 Zeiss Elyra 7 Lattice SIM² · Zeiss service visit · Tue 18 – Wed 19 Mar 2025")),
            N("listitem", "", T("INS-5120 Bruker Avance NEO 600 MHz (TCI CryoProbe) · helium fill · Thu 20 Mar 2025 08:00–10:00")),
            N("listitem", "", T("INS-8102 Thermo Scientific Glacios 2 Cryo-TEM · cryo-cycle · every Monday 07:00–08:00")))),
    ]
    root = chrome(s, "Faults & service", [("Home", "home"), ("Faults & service", "faults")], main)
    return Page("/faults", "Faults & service", root)


def page_calendar(s, ins_id, week_of):
    i = INS[ins_id]
    days = [week_of + dt.timedelta(days=k) for k in range(7)]
    rows = []
    for d in days:
        bs = day_bookings(ins_id, d)
        rows.append([C(dlabel(d)), C("; ".join(f"{fmt(b['start'])}–{fmt(b['end'])} {b['user']} ({b['id']})" for b in bs) or "No bookings")])
    main = [
        N("heading", f"Calendar — {i['id']} {i['name']}"),
        combo("View", "Week", ["Day", "Week", "Month"], key="cal_view"),
        N("button", "Previous week"), N("button", "Today"), N("button", "Next week"),
        T(f"Week of {dlabel(days[0])}"),
        table(f"Bookings for {i['id']}", ["Day", "Bookings"], rows),
        T("Times shown in UK time (GMT)."),
        N("link", f"Back to {i['id']} {i['name']}", key="cal_back"),
    ]
    root = chrome(s, f"Calendar — {i['id']}", [("Home", "home"), ("Instruments", "instruments"),
                                               (f"{i['id']} {i['name']}", "ins"), ("Calendar", "cal")], main)
    return Page(f"/instruments/{ins_id}/calendar?week={days[0].isoformat()}", f"Calendar — {i['id']}", root)


# ---------------------------------------------------------------------------
# 4. run builder
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, workflow, task, plan, fault=None, off=None):
        self.rid, self.workflow, self.task, self.plan = rid, workflow, task, plan
        self.fault, self.off = fault, off
        self.steps = []
        self.page = None
        self.first = None

    def start(self, page):
        self.first = page
        self.page = page

    def _tgt(self, key):
        if key not in self.page.keys:
            raise KeyError(f"{self.rid}: step {len(self.steps)}: key {key!r} not on page {self.page.url}")
        bid, role, name = self.page.keys[key]
        return bid, f"{role} {name!r}"

    def act(self, commitment, kind, key, reasoning, effect, page, arg=None, error=None):
        target = None
        if kind == "click":
            bid, target = self._tgt(key)
            cmd = f"click({bid!r})"
        elif kind == "fill":
            bid, target = self._tgt(key)
            cmd = f"fill({bid!r}, {arg!r})"
        elif kind == "select":
            bid, target = self._tgt(key)
            cmd = f"select_option({bid!r}, {arg!r})"
        elif kind == "press":
            bid, target = self._tgt(key)
            cmd = f"press({bid!r}, {arg!r})"
        elif kind == "msg":
            cmd = f"send_msg_to_user({arg!r})"
        elif kind == "go_back":
            cmd = "go_back()"
        else:
            raise ValueError(kind)
        if kind in ("fill", "select") or (kind == "click" and target.split(" ")[0] in ("checkbox", "radio")):
            if page.url.split("?")[0] == self.page.url.split("?")[0] and key in page.keys:
                page.focus(key)
        obs = page.obs()
        if error:
            obs["error"] = error
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": obs,
        })
        self.page = page
        return page

    def record(self, success):
        return {
            "id": self.rid, "workflow": self.workflow, "task": self.task,
            "plan": f"plans/{self.plan}.yaml",
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.first.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


RUNS = []   # list of (Run, success)


# ---------------------------------------------------------------------------
# 5. healthy runs
# ---------------------------------------------------------------------------

TASKS = {
    "booking": (
        "Book the Zeiss LSM 980 Airyscan 2 confocal (INS-2041) for Thursday 13 March 2025, 09:00–12:00, "
        "unassisted, under project P-1187 (Mitochondrial protein import), charged to cost centre BCH-7731-02."),
    "booking-v2": (
        "Book an assisted sort on the BD FACSAria Fusion sorter (INS-3307) for Friday 14 March 2025, "
        "14:00–16:00, under project P-1203 (T-cell exhaustion atlas), charged to cost centre IMM-5520-11."),
    "booking-v3": (
        "Book the Bruker Avance III HD 400 MHz NMR (INS-5102) on Monday 17 March 2025 from 10:00 to 11:30, "
        "unassisted, for project P-1165 (KRAS fragment screening) on cost centre CHM-3308-04."),
    "booking-v4": (
        "Book the Thermo Orbitrap Exploris 480 (INS-4416) on Wednesday 19 March 2025, 13:00–17:00, assisted, "
        "for project P-1187 (Mitochondrial protein import) with cost centre BCH-7731-01."),
    "fault": (
        "Report a fault on the BD FACSAria Fusion sorter (INS-3307): the 488 nm laser fails the daily CS&T "
        "performance check (laser power reads 38 mW against 100 mW nominal). Category Laser / light source, "
        "severity High, and take the instrument out of service until Friday 21 March 2025."),
    "fault-v2": (
        "Report a fault on the Zeiss LSM 980 Airyscan 2 (INS-2041): the motorised stage stopped responding and "
        "ZEN shows 'Stage X axis timeout'. Log it as Hardware / mechanical with High severity and take the "
        "instrument out of service; no return date is known yet."),
    "fault-v3": (
        "The NMR facility manager reports that the TCI CryoProbe on the Bruker Avance NEO 600 MHz (INS-5120) "
        "warmed up after a helium compressor trip. Log a Cryogenics / temperature fault with High severity and "
        "take the instrument out of service until Friday 28 March 2025."),
    "fault-v4": (
        "Report a fault on the Cytiva Biacore 8K (INS-6203): the system check fails with an IFC leak / air in "
        "flow cell 3 on channel 5. Category Fluidics, severity High; take it out of service (no return date)."),
}

SUMMARIES = {
    "fault": ("488 nm laser fails CS&T performance check",
              "Daily CS&T check failed at 08:55: 488 nm laser power reads 38 mW against 100 mW nominal; blue-laser "
              "detectors out of range. Sorting not possible until the laser is serviced."),
    "fault-v2": ("Motorised stage not responding (Stage X axis timeout)",
                 "Stage stopped responding during a tile scan at 09:20. ZEN shows 'Stage X axis timeout'; stage does "
                 "not move from the joystick either. Power-cycled the controller, no change."),
    "fault-v3": ("TCI CryoProbe warmed up after helium compressor trip",
                 "Helium compressor tripped overnight; CryoProbe is at room temperature and the CryoPlatform shows "
                 "a compressor fault. Reported by Dr Owen Pryce (NMR facility manager)."),
    "fault-v4": ("System check fails: IFC leak / air in flow cell 3, channel 5",
                 "System check failed at 09:05 with 'IFC leak suspected' and air spikes in flow cell 3 on channel 5. "
                 "Prime and desorb repeated twice, same result."),
}


def healthy_booking_1():
    s = Session()
    r = Run("booking-healthy-01", "booking", TASKS["booking"], "booking")
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Go to the instrument list to find INS-2041.", "read",
          page_instruments(s))
    r.act("find-instrument", "fill", "list_q", "Narrow the list to the LSM confocals.", "read",
          page_instruments(s, q="LSM"), arg="LSM")
    r.act("find-instrument", "click", "row_INS-2041", "INS-2041 is the LSM 980 Airyscan 2; open it.", "read",
          page_instrument(s, "INS-2041"))
    f = blank_booking("INS-2041")
    r.act("open-booking-form", "click", "book", "Start a booking on this instrument.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-13"
    r.act("set-date-time", "fill", "bf_date", "Set the date to Thursday 13 March 2025.", "write", page_booking_form(s, f), arg="2025-03-13")
    f["start"] = "09:00"
    r.act("set-date-time", "select", "bf_start", "Start at 09:00; the slot is free.", "write", page_booking_form(s, f), arg="09:00")
    f["end"] = "12:00"
    r.act("set-date-time", "select", "bf_end", "End at 12:00.", "write", page_booking_form(s, f), arg="12:00")
    f["project"] = proj_opt("P-1187")
    f["cc"] = cc_opt("BCH-7731-01")
    r.act("set-project-cost-centre", "select", "bf_project", "Choose project P-1187.", "write", page_booking_form(s, f), arg=proj_opt("P-1187"))
    f["cc"] = cc_opt("BCH-7731-02")
    r.act("set-project-cost-centre", "select", "bf_cc", "The default cost centre is BCH-7731-01; the task says BCH-7731-02.", "write",
          page_booking_form(s, f), arg=cc_opt("BCH-7731-02"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the ALM booking terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "All fields match the task; submit.", "irreversible",
          page_booking_confirmed(s, f, "BK-25-04172"))
    r.act("report-back", "msg", None, "Report the booking reference.", "read", r.page,
          arg="Booked INS-2041 Zeiss LSM 980 Airyscan 2 on Thu 13 Mar 2025, 09:00–12:00, unassisted, project P-1187, "
              "cost centre BCH-7731-02. Reference BK-25-04172 (confirmed).")
    RUNS.append((r, True))


def healthy_booking_2():
    s = Session()
    r = Run("booking-healthy-02", "booking", TASKS["booking-v2"], "booking-v2")
    r.start(page_dashboard(s))
    r.act("find-instrument", "fill", "gsearch", "Search for the FACSAria sorters.", "read",
          page_dashboard(s, search="FACSAria", suggestions=suggestions_for("FACSAria")), arg="FACSAria")
    r.act("find-instrument", "press", "gsearch", "Run the search.", "read", page_search(s, "FACSAria"), arg="Enter")
    r.act("find-instrument", "click", "res_INS-3307", "INS-3307 is the FACSAria Fusion (Sorter 1).", "read",
          page_instrument(s, "INS-3307"))
    f = blank_booking("INS-3307")
    r.act("open-booking-form", "click", "book", "Open the booking form.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-14"
    r.act("set-date-time", "fill", "bf_date", "Friday 14 March 2025.", "write", page_booking_form(s, f), arg="2025-03-14")
    f["start"] = "14:00"
    r.act("set-date-time", "select", "bf_start", "14:00 start.", "write", page_booking_form(s, f), arg="14:00")
    f["end"] = "16:00"
    r.act("set-date-time", "select", "bf_end", "16:00 end.", "write", page_booking_form(s, f), arg="16:00")
    f["assisted"] = True
    r.act("set-booking-type", "click", "bf_assisted", "The task asks for an assisted sort.", "write", page_booking_form(s, f))
    f["project"] = proj_opt("P-1203")
    f["cc"] = cc_opt("IMM-5520-12")
    r.act("set-project-cost-centre", "select", "bf_project", "Project P-1203.", "write", page_booking_form(s, f), arg=proj_opt("P-1203"))
    f["cc"] = cc_opt("IMM-5520-11")
    r.act("set-project-cost-centre", "select", "bf_cc", "Default is IMM-5520-12; change to IMM-5520-11 as asked.", "write",
          page_booking_form(s, f), arg=cc_opt("IMM-5520-11"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the FCF terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "Submit the booking.", "irreversible", page_booking_confirmed(s, f, "BK-25-04174"))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked an assisted sort on INS-3307 BD FACSAria Fusion (Sorter 1), Fri 14 Mar 2025 14:00–16:00, project "
              "P-1203, cost centre IMM-5520-11. Reference BK-25-04174.")
    RUNS.append((r, True))


def healthy_booking_3():
    s = Session()
    r = Run("booking-healthy-03", "booking", TASKS["booking-v3"], "booking-v3")
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Open the instrument list.", "read", page_instruments(s))
    r.act("find-instrument", "select", "f_facility", "Filter to the NMR facility.", "read",
          page_instruments(s, facility="Biomolecular NMR"), arg="Biomolecular NMR")
    r.act("find-instrument", "click", "f_apply", "Apply the facility filter.", "read",
          page_instruments(s, facility="Biomolecular NMR", applied=("Biomolecular NMR", "Any status", False)))
    r.act("find-instrument", "click", "row_INS-5102", "INS-5102 is the Avance III HD 400 MHz.", "read", page_instrument(s, "INS-5102"))
    f = blank_booking("INS-5102")
    r.act("open-booking-form", "click", "book", "Book this instrument.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-17"
    r.act("set-date-time", "fill", "bf_date", "Monday 17 March 2025.", "write", page_booking_form(s, f), arg="2025-03-17")
    f["start"] = "10:00"
    r.act("set-date-time", "select", "bf_start", "10:00 start.", "write", page_booking_form(s, f), arg="10:00")
    f["end"] = "11:30"
    r.act("set-date-time", "select", "bf_end", "11:30 end.", "write", page_booking_form(s, f), arg="11:30")
    f["project"] = proj_opt("P-1165")
    f["cc"] = cc_opt("CHM-3308-04")
    r.act("set-project-cost-centre", "select", "bf_project", "Project P-1165; its only cost centre is CHM-3308-04.", "write",
          page_booking_form(s, f), arg=proj_opt("P-1165"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the NMR terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "Submit.", "irreversible", page_booking_confirmed(s, f, "BK-25-04177"))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked INS-5102 Bruker Avance III HD 400 MHz, Mon 17 Mar 2025 10:00–11:30, unassisted, project P-1165, "
              "cost centre CHM-3308-04. Reference BK-25-04177.")
    RUNS.append((r, True))


def healthy_booking_4():
    s = Session()
    r = Run("booking-healthy-04", "booking", TASKS["booking-v4"], "booking-v4")
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "dash_ins_INS-4416", "The Exploris 480 is in my trained instruments.", "read",
          page_instrument(s, "INS-4416"))
    f = blank_booking("INS-4416")
    r.act("open-booking-form", "click", "book", "Open the booking form.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-19"
    r.act("set-date-time", "fill", "bf_date", "Wednesday 19 March 2025.", "write", page_booking_form(s, f), arg="2025-03-19")
    f["start"] = "13:00"
    r.act("set-date-time", "select", "bf_start", "13:00 start.", "write", page_booking_form(s, f), arg="13:00")
    f["end"] = "17:00"
    r.act("set-date-time", "select", "bf_end", "17:00 end.", "write", page_booking_form(s, f), arg="17:00")
    f["assisted"] = True
    r.act("set-booking-type", "click", "bf_assisted", "Assisted session.", "write", page_booking_form(s, f))
    f["project"] = proj_opt("P-1187")
    f["cc"] = cc_opt("BCH-7731-01")
    r.act("set-project-cost-centre", "select", "bf_project", "Project P-1187; default cost centre BCH-7731-01 is the one asked for.",
          "write", page_booking_form(s, f), arg=proj_opt("P-1187"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the PMS terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "Submit.", "irreversible", page_booking_confirmed(s, f, "BK-25-04181"))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked INS-4416 Thermo Orbitrap Exploris 480, Wed 19 Mar 2025 13:00–17:00, assisted, project P-1187, "
              "cost centre BCH-7731-01. Reference BK-25-04181.")
    RUNS.append((r, True))


def fault_tail(r, s, f, variant, start_commit="describe-fault", cat=None, sev="High — instrument unusable",
               back=None, fid="FLT-25-0093"):
    """Fill the fault form, take out of service, submit and confirm (healthy)."""
    f["category"] = cat
    r.act(start_commit, "select", "ff_cat", f"Category {cat}.", "write", page_fault_form(s, f), arg=cat)
    f["severity"] = sev
    r.act("describe-fault", "select", "ff_sev", "Severity High.", "write", page_fault_form(s, f), arg=sev)
    summ, desc = SUMMARIES[variant]
    f["summary"] = summ
    r.act("describe-fault", "fill", "ff_summary", "Short summary of the fault.", "write", page_fault_form(s, f), arg=summ)
    f["description"] = desc
    r.act("describe-fault", "fill", "ff_desc", "Details of what was observed.", "write", page_fault_form(s, f), arg=desc)
    f["oos"] = True
    r.act("take-out-of-service", "click", "ff_oos", "The task says take it out of service.", "write", page_fault_form(s, f))
    if back:
        f["back"] = back
        r.act("take-out-of-service", "fill", "ff_back", "Expected back in service date from the task.", "write",
              page_fault_form(s, f), arg=back)
    r.act("submit-and-confirm", "click", "ff_submit", "Submit the report.", "write", page_fault_form(s, f, dialog=True))
    r.act("submit-and-confirm", "click", "dlg_confirm", "Confirm taking the instrument out of service.", "irreversible",
          page_fault_detail(s, fid, f))
    return f


def healthy_fault_1():
    s = Session()
    r = Run("fault-healthy-01", "fault", TASKS["fault"], "fault")
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Open the instrument list.", "read", page_instruments(s))
    r.act("find-instrument", "click", "row_INS-3307", "INS-3307 is the FACSAria Fusion (Sorter 1).", "read", page_instrument(s, "INS-3307"))
    f = blank_fault("INS-3307")
    r.act("open-fault-form", "click", "report_fault", "Open the fault report form.", "read", page_fault_form(s, f))
    fault_tail(r, s, f, "fault", cat="Laser / light source", back="2025-03-21")
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Reported fault FLT-25-0093 on INS-3307 BD FACSAria Fusion (Sorter 1): 488 nm laser fails CS&T check, "
              "Laser / light source, High. The instrument is now out of service until Fri 21 Mar 2025.")
    RUNS.append((r, True))


def healthy_fault_2():
    s = Session()
    r = Run("fault-healthy-02", "fault", TASKS["fault-v2"], "fault-v2")
    r.start(page_dashboard(s))
    r.act("find-instrument", "fill", "gsearch", "Search for INS-2041.", "read",
          page_dashboard(s, search="INS-2041", suggestions=suggestions_for("INS-2041")), arg="INS-2041")
    r.act("find-instrument", "press", "gsearch", "Run the search.", "read", page_search(s, "INS-2041"), arg="Enter")
    r.act("find-instrument", "click", "res_INS-2041", "Open the LSM 980 Airyscan 2.", "read", page_instrument(s, "INS-2041"))
    f = blank_fault("INS-2041")
    r.act("open-fault-form", "click", "report_fault", "Report a fault on it.", "read", page_fault_form(s, f))
    fault_tail(r, s, f, "fault-v2", cat="Hardware / mechanical")
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Reported fault FLT-25-0093 on INS-2041 Zeiss LSM 980 Airyscan 2 (stage X axis timeout), Hardware / "
              "mechanical, High. The instrument is out of service with no return date set.")
    RUNS.append((r, True))


def healthy_fault_3():
    s = Session()
    r = Run("fault-healthy-03", "fault", TASKS["fault-v3"], "fault-v3")
    r.start(page_dashboard(s))
    r.act("open-fault-form", "click", "nav_faults", "Faults are logged from Faults & service.", "read", page_faults_list(s))
    f = blank_fault(None, locked=False)
    r.act("open-fault-form", "click", "faults_new", "Start a new fault report.", "read", page_fault_form(s, f))
    f["ins"] = "INS-5120"
    r.act("choose-instrument", "select", "ff_ins", "Choose the Avance NEO 600 MHz, INS-5120.", "write",
          page_fault_form(s, f), arg=ins_opt("INS-5120"))
    fault_tail(r, s, f, "fault-v3", cat="Cryogenics / temperature", back="2025-03-28")
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Logged fault FLT-25-0093 on INS-5120 Bruker Avance NEO 600 MHz (TCI CryoProbe): CryoProbe warmed up after "
              "helium compressor trip, Cryogenics / temperature, High. Out of service until Fri 28 Mar 2025.")
    RUNS.append((r, True))


def healthy_fault_4():
    s = Session()
    r = Run("fault-healthy-04", "fault", TASKS["fault-v4"], "fault-v4")
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Open the instrument list.", "read", page_instruments(s))
    r.act("find-instrument", "select", "f_facility", "Show only Biophysics & Interactions.", "read",
          page_instruments(s, facility="Biophysics & Interactions"), arg="Biophysics & Interactions")
    r.act("find-instrument", "click", "f_apply", "Apply the filter.", "read",
          page_instruments(s, facility="Biophysics & Interactions", applied=("Biophysics & Interactions", "Any status", False)))
    f = blank_fault("INS-6203")
    r.act("open-fault-form", "click", "rf_INS-6203", "Use the row action to report a fault on INS-6203 Biacore 8K.", "read",
          page_fault_form(s, f))
    fault_tail(r, s, f, "fault-v4", cat="Fluidics")
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Reported fault FLT-25-0093 on INS-6203 Cytiva Biacore 8K (IFC leak / air in flow cell 3, channel 5), "
              "Fluidics, High. The instrument is out of service with no return date.")
    RUNS.append((r, True))


HEALTHY = [healthy_booking_1, healthy_booking_2, healthy_booking_3, healthy_booking_4,
           healthy_fault_1, healthy_fault_2, healthy_fault_3, healthy_fault_4]

# ---------------------------------------------------------------------------
# 6. plans
#
# Written from the task text and the healthy pages only, before any faulty run
# existed, and not edited afterwards.  One plan per task variant: the four
# booking tasks and the four fault tasks differ in record and values, so each
# gets its own plan file (plans/booking.yaml is task 1, plans/booking-v2.yaml
# task 2, ...).
# ---------------------------------------------------------------------------


def ACT(text):
    return {"text": text, "on": "action"}


def C_(precondition=(), progress=(), completion=()):
    return {"precondition": list(precondition), "progress": list(progress), "completion": list(completion)}


def F_(execution=(), skill=(), planning=()):
    return {"execution": list(execution), "skill": list(skill), "planning": list(planning)}


def K(id_, subgoal, confirm, falsify, skill=None, confidence=0.5):
    c = {"id": id_, "subgoal": subgoal}
    if skill:
        c["skill"] = skill
    c["confidence"] = confidence
    c["confirm"] = confirm
    c["falsify"] = falsify
    return c


SITE_FALSIFIERS = {
    "execution": [
        "Sign in to InstruBook",
        "Your session has expired. Please sign in again.",
        "Something went wrong. Please try again or contact the core facilities team.",
    ],
    "planning": [
        "You do not have permission to perform this action",
    ],
}

PLANS = {}

PLANS["booking"] = {
    "task": TASKS["booking"],
    "plan_falsifiers": SITE_FALSIFIERS,
    "commitments": [
        K("find-instrument", "Open the instrument page of INS-2041 Zeiss LSM 980 Airyscan 2",
          C_(["Instruments"], ["INS-2041 Zeiss LSM 980 Airyscan 2 in the instrument list"],
             ["Zeiss LSM 980 Airyscan 2", "INS-2041 · Advanced Light Microscopy", "Book this instrument"]),
          F_(["INS-2014 Zeiss LSM 900 Airyscan 2", "INS-2044 Zeiss LSM 980 NLO (two-photon)",
              "No instruments match your filters", ACT("click link 'INS-2014'")],
             [],
             ["Status: Out of service", "Not trained — induction required before booking"]),
          skill="open_record_by_id", confidence=0.8),
        K("open-booking-form", "Open the New booking form for INS-2041",
          C_(["Book this instrument"], [], ["New booking — Zeiss LSM 980 Airyscan 2", "Instrument INS-2041 · Zeiss LSM 980 Airyscan 2"]),
          F_(["New booking — Zeiss LSM 900 Airyscan 2", "INS-2014 · Zeiss LSM 900 Airyscan 2"], [],
             ["Book this instrument is disabled"]),
          skill="open_form", confidence=0.85),
        K("set-date-time", "Set Thu 13 Mar 2025, 09:00–12:00, unassisted",
          C_(["New booking — Zeiss LSM 980 Airyscan 2"],
             ["Date (YYYY-MM-DD) 2025-03-13", "Availability — Thu 13 Mar 2025"],
             ["Start time 09:00", "End time 12:00", "Unassisted checked", "Estimated charge: £115.50 (3 h × £38.50)"]),
          F_(["Availability — Fri 14 Mar 2025", "Availability — Wed 12 Mar 2025", "Date 2025-03-31",
              "Assisted — staff operator present checked"], [],
             ["09:00–12:00 is already booked on Thu 13 Mar 2025"]),
          skill="fill_form", confidence=0.7),
        K("set-project-cost-centre", "Charge project P-1187 on cost centre BCH-7731-02",
          C_([], ["Project P-1187 · Mitochondrial protein import"], ["Cost centre BCH-7731-02 · BBSRC BB/X004417/1 · P-1187"]),
          F_(["Cost centre BCH-7713-02 · MRC MR/W012345/1 · P-1178", "Project P-1178 · Mitophagy receptor screening",
              "Cost centre BCH-7731-01 · Wellcome 221984/Z/20/Z left selected",
              ACT("select_option Cost centre 'BCH-7713-02'")], [],
             ["P-1187 has no remaining balance"]),
          skill="fill_form", confidence=0.6),
        K("submit-booking", "Accept the ALM booking terms and submit the booking",
          C_(["I have read and accept the ALM booking terms and cancellation policy checked"], [],
             ["Booking BK-25- confirmed", "Status Confirmed",
              "A confirmation email and calendar invitation have been sent"]),
          F_(["There is a problem", "This field is required", "The selected slot is no longer available",
              "Booking could not be saved"], [],
             ["You already have a booking at this time"]),
          skill="submit_form", confidence=0.75),
        K("report-back", "Tell the user the booking reference, slot, project and cost centre",
          C_(["Booking BK-25- confirmed"], [], [ACT("Message gives the BK-25- reference shown on the confirmation page")]),
          F_([ACT("Message says the booking is made while the page still shows the New booking form")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["booking-v2"] = {
    "task": TASKS["booking-v2"],
    "plan_falsifiers": SITE_FALSIFIERS,
    "commitments": [
        K("find-instrument", "Find and open INS-3307 BD FACSAria Fusion (Sorter 1)",
          C_([], ["Search results for ‘FACSAria’", "INS-3307 BD FACSAria Fusion (Sorter 1)"],
             ["INS-3307 · Flow Cytometry", "BD FACSAria Fusion (Sorter 1)", "Book this instrument"]),
          F_(["INS-3370 BD FACSAria III (Sorter 2)", "BD FACSAria III (Sorter 2)", "No instruments.",
              ACT("click 'INS-3370 BD FACSAria III (Sorter 2)'")], ["Search box is not available"],
             ["Status: Out of service"]),
          skill="search_and_open", confidence=0.75),
        K("open-booking-form", "Open the New booking form for the Fusion",
          C_(["Book this instrument"], [], ["New booking — BD FACSAria Fusion (Sorter 1)"]),
          F_(["New booking — BD FACSAria III (Sorter 2)"]),
          skill="open_form", confidence=0.85),
        K("set-date-time", "Fri 14 Mar 2025, 14:00 to 16:00",
          C_([], ["Date (YYYY-MM-DD) 2025-03-14", "Availability — Fri 14 Mar 2025"], ["Start time 14:00", "End time 16:00"]),
          F_(["Availability — Thu 13 Mar 2025", "Start time 16:00", "End time 14:00"], [],
             ["14:00–16:00 shown as Booked on Fri 14 Mar 2025"]),
          skill="fill_form", confidence=0.7),
        K("set-booking-type", "Make it an assisted session",
          C_([], [], ["Assisted — staff operator present (+£22.00/h) checked", "Estimated charge: £160.00 (2 h × £80.00)"]),
          F_(["Unassisted checked", "Estimated charge: £116.00 (2 h × £58.00)"]),
          skill="fill_form", confidence=0.7),
        K("set-project-cost-centre", "Project P-1203, cost centre IMM-5520-11",
          C_([], ["Project P-1203 · T-cell exhaustion atlas"], ["Cost centre IMM-5520-11 · CRUK C52014/A29917 · P-1203"]),
          F_(["Cost centre IMM-5520-12 · Immunology departmental fund", "Project P-1187 · Mitochondrial protein import",
              "Cost centre defaulted from project P-1203 and not changed"]),
          skill="fill_form", confidence=0.6),
        K("submit-booking", "Accept the FCF terms and submit",
          C_(["I have read and accept the FCF booking terms and cancellation policy checked"], [],
             ["Booking BK-25- confirmed", "Booking type Assisted — staff operator present", "Cost centre IMM-5520-11 (CRUK C52014/A29917)"]),
          F_(["There is a problem", "Booking could not be saved", "slot is no longer available",
              "Cost centre IMM-5520-12 (Immunology departmental fund)"], [], []),
          skill="submit_form", confidence=0.75),
        K("report-back", "Report the booking reference to the user",
          C_([], [], [ACT("Reply quotes the BK-25- reference and IMM-5520-11")]),
          F_([ACT("Reply claims success while an error message is on the page")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["booking-v3"] = {
    "task": TASKS["booking-v3"],
    "plan_falsifiers": SITE_FALSIFIERS,
    "commitments": [
        K("find-instrument", "Open INS-5102 Bruker Avance III HD 400 MHz via the NMR facility filter",
          C_(["Instruments"], ["Remove filter: Biomolecular NMR", "INS-5102"],
             ["Bruker Avance III HD 400 MHz", "INS-5102 · Biomolecular NMR"]),
          F_(["Bruker Avance NEO 600 MHz (TCI CryoProbe)", "INS-5120", "INS-5012 Bruker Fourier 80 benchtop NMR",
              "No instruments match your filters"], [],
             ["Not trained — induction required before booking"]),
          skill="filter_and_open", confidence=0.75),
        K("open-booking-form", "Start a booking on INS-5102",
          C_([], [], ["New booking — Bruker Avance III HD 400 MHz"]),
          F_(["New booking — Bruker Avance NEO 600 MHz (TCI CryoProbe)", "New booking — Bruker Fourier 80 benchtop NMR"]),
          skill="open_form", confidence=0.85),
        K("set-date-time", "Mon 17 Mar 2025 from 10:00 to 11:30, unassisted",
          C_([], ["Date (YYYY-MM-DD) 2025-03-17", "Availability — Mon 17 Mar 2025"],
             ["Start time 10:00", "End time 11:30", "Estimated charge: £27.00 (1.5 h × £18.00)"]),
          F_(["End time 12:30", "Availability — Tue 18 Mar 2025", "Assisted — staff operator present checked"], [],
             ["10:00–11:30 shown as Booked"]),
          skill="fill_form", confidence=0.7),
        K("set-project-cost-centre", "Project P-1165 on cost centre CHM-3308-04",
          C_([], ["Project P-1165 · KRAS fragment screening"], ["Cost centre CHM-3308-04 · EPSRC EP/V031104/1 · P-1165"]),
          F_(["Project P-1187 · Mitochondrial protein import", "Cost centre CORE-0100-00"]),
          skill="fill_form", confidence=0.7),
        K("submit-booking", "Accept the NMR booking terms and submit",
          C_(["I have read and accept the NMR booking terms and cancellation policy checked"], [],
             ["Booking BK-25- confirmed", "Status Confirmed"]),
          F_(["There is a problem", "Booking could not be saved", "is required"]),
          skill="submit_form", confidence=0.75),
        K("report-back", "Tell the user the booking is confirmed, with its reference",
          C_(["Booking BK-25- confirmed"], [], [ACT("Message includes the BK-25- reference")]),
          F_([ACT("Message sent while the New booking form is still open and nothing was submitted")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["booking-v4"] = {
    "task": TASKS["booking-v4"],
    "plan_falsifiers": SITE_FALSIFIERS,
    "commitments": [
        K("find-instrument", "Open INS-4416 Thermo Orbitrap Exploris 480 from My trained instruments",
          C_(["My trained instruments"], [], ["Thermo Orbitrap Exploris 480", "INS-4416 · Proteomics & Mass Spectrometry"]),
          F_(["Thermo Orbitrap Eclipse Tribrid", "INS-4461", "Thermo Q Exactive HF", "INS-4410"]),
          skill="open_record_by_id", confidence=0.8),
        K("open-booking-form", "Open the New booking form",
          C_([], [], ["New booking — Thermo Orbitrap Exploris 480"]),
          F_(["New booking — Thermo Orbitrap Eclipse Tribrid"]),
          skill="open_form", confidence=0.85),
        K("set-date-time", "Wed 19 Mar 2025, 13:00–17:00",
          C_([], ["Date (YYYY-MM-DD) 2025-03-19", "Availability — Wed 19 Mar 2025"], ["Start time 13:00", "End time 17:00"]),
          F_(["Availability — Thu 20 Mar 2025", "End time 17:30", "Start time 12:00"], [],
             ["13:00–17:00 shown as Booked on Wed 19 Mar 2025"]),
          skill="fill_form", confidence=0.7),
        K("set-booking-type", "Assisted session",
          C_([], [], ["Assisted — staff operator present (+£22.00/h) checked", "Estimated charge: £384.00 (4 h × £96.00)"]),
          F_(["Unassisted checked"]),
          skill="fill_form", confidence=0.7),
        K("set-project-cost-centre", "Project P-1187 with cost centre BCH-7731-01",
          C_([], ["Project P-1187 · Mitochondrial protein import"], ["Cost centre BCH-7731-01 · Wellcome 221984/Z/20/Z · P-1187"]),
          F_(["Cost centre BCH-7731-02 · BBSRC BB/X004417/1", "Cost centre BCH-7713-02", "Project P-1178 · Mitophagy receptor screening"]),
          skill="fill_form", confidence=0.7),
        K("submit-booking", "Accept the PMS terms and submit once",
          C_(["I have read and accept the PMS booking terms and cancellation policy checked"], [],
             ["Booking BK-25- confirmed", "Status Confirmed", "Your other bookings on this day None."]),
          F_(["There is a problem", "Booking could not be saved", ACT("click Submit booking a second time")], [],
             ["Insufficient balance on P-1187"]),
          skill="submit_form", confidence=0.75),
        K("report-back", "Report the booking reference",
          C_([], [], [ACT("Message quotes one BK-25- reference for INS-4416 on 19 Mar 13:00–17:00")]),
          F_([ACT("Message mentions two booking references")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["fault"] = {
    "task": TASKS["fault"],
    "plan_falsifiers": {
        "execution": SITE_FALSIFIERS["execution"],
        "planning": ["Only facility staff and core superusers can take an instrument out of service"],
    },
    "commitments": [
        K("find-instrument", "Open INS-3307 BD FACSAria Fusion (Sorter 1) from the instrument list",
          C_(["Instruments"], ["INS-3307 in the instrument table"], ["BD FACSAria Fusion (Sorter 1)", "INS-3307 · Flow Cytometry", "Report a fault"]),
          F_(["BD FACSAria III (Sorter 2)", "INS-3370", "INS-3301 BD FACSymphony A5"], [],
             ["Status: Out of service"]),
          skill="open_record_by_id", confidence=0.8),
        K("open-fault-form", "Open Report a fault for INS-3307",
          C_([], [], ["Report a fault — BD FACSAria Fusion (Sorter 1)", "Instrument INS-3307 · BD FACSAria Fusion (Sorter 1)"]),
          F_(["Report a fault — BD FACSAria III (Sorter 2)", "INS-3370 · BD FACSAria III (Sorter 2)",
              ACT("click 'Report fault on INS-3370'")]),
          skill="open_form", confidence=0.85),
        K("describe-fault", "Category Laser / light source, severity High, summary and description of the 488 nm CS&T failure",
          C_([], ["Fault category Laser / light source", "Severity High — instrument unusable"],
             ["Summary 488 nm laser fails CS&T performance check"]),
          F_(["Severity Medium — usable with workaround", "Fault category Detector / camera", "Fault category Hardware / mechanical"]),
          skill="fill_form", confidence=0.7),
        K("take-out-of-service", "Tick Take instrument out of service, expected back 2025-03-21",
          C_([], ["Take instrument out of service checked"], ["Expected back in service 2025-03-21"]),
          F_(["Expected back in service 2025-03-12"], [], ["Take instrument out of service is disabled"]),
          skill="fill_form", confidence=0.7),
        K("submit-and-confirm", "Submit the report and confirm the out-of-service dialog",
          C_([], ["Take INS-3307 out of service?"],
             ["Fault FLT-25- reported", "INS-3307 BD FACSAria Fusion (Sorter 1) is now Out of service", "Open — awaiting triage"]),
          F_(["There is a problem", "Take INS-3370 out of service?", ACT("click 'Cancel' in the out-of-service dialog")], [],
             ["INS-3307 is already out of service"]),
          skill="submit_form", confidence=0.7),
        K("report-back", "Tell the user the fault ID and that INS-3307 is out of service until 21 Mar",
          C_(["Fault FLT-25- reported"], [], [ACT("Message gives the FLT-25- ID and the out-of-service status")]),
          F_([ACT("Message sent before the fault detail page is shown")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["fault-v2"] = {
    "task": TASKS["fault-v2"],
    "plan_falsifiers": {
        "execution": SITE_FALSIFIERS["execution"],
        "planning": ["Only facility staff and core superusers can take an instrument out of service"],
    },
    "commitments": [
        K("find-instrument", "Search for INS-2041 and open it",
          C_([], ["Search results for ‘INS-2041’"], ["Zeiss LSM 980 Airyscan 2", "INS-2041 · Advanced Light Microscopy"]),
          F_(["INS-2014 Zeiss LSM 900 Airyscan 2", "INS-2401 Zeiss Elyra 7 Lattice SIM²", ACT("click 'INS-2014 Zeiss LSM 900 Airyscan 2'")],
             ["Search box is not available"], []),
          skill="search_and_open", confidence=0.8),
        K("open-fault-form", "Open the fault form for INS-2041",
          C_(["Report a fault"], [], ["Report a fault — Zeiss LSM 980 Airyscan 2"]),
          F_(["Report a fault — Zeiss LSM 900 Airyscan 2"]),
          skill="open_form", confidence=0.85),
        K("describe-fault", "Hardware / mechanical, High, stage X axis timeout described",
          C_([], ["Fault category Hardware / mechanical", "Severity High — instrument unusable"],
             ["Summary Motorised stage not responding", "Stage X axis timeout"]),
          F_(["Fault category Software / control PC", "Severity Low — instrument usable"]),
          skill="fill_form", confidence=0.7),
        K("take-out-of-service", "Take the instrument out of service with no return date",
          C_([], [], ["Take instrument out of service checked"]),
          F_(["Expected back in service 2025-"], [], []),
          skill="fill_form", confidence=0.7),
        K("submit-and-confirm", "Submit and confirm; the fault page shows INS-2041 out of service",
          C_([], ["Take INS-2041 out of service?"],
             ["Fault FLT-25- reported", "INS-2041 Zeiss LSM 980 Airyscan 2 is now Out of service",
              "Out of service since 11 Mar 2025"]),
          F_(["There is a problem", "Status: Available", "No open faults."], [],
             ["INS-2041 is already out of service"]),
          skill="submit_form", confidence=0.7),
        K("report-back", "Report the fault ID and out-of-service status",
          C_([], [], [ACT("Message gives the FLT-25- ID")]),
          F_([ACT("Message claims success but no FLT-25- fault ID was shown")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["fault-v3"] = {
    "task": TASKS["fault-v3"],
    "plan_falsifiers": {
        "execution": SITE_FALSIFIERS["execution"],
        "planning": ["Only facility staff and core superusers can take an instrument out of service"],
    },
    "commitments": [
        K("open-fault-form", "Open Report a fault from Faults & service",
          C_(["Faults & service"], [], ["Report a fault", "Instrument Select an instrument"]),
          F_(["Page not found"]),
          skill="open_form", confidence=0.85),
        K("choose-instrument", "Choose INS-5120 Bruker Avance NEO 600 MHz (TCI CryoProbe)",
          C_([], [], ["Instrument INS-5120 · Bruker Avance NEO 600 MHz (TCI CryoProbe)", "Upcoming bookings on INS-5120"]),
          F_(["INS-5102 · Bruker Avance III HD 400 MHz", "INS-5012 · Bruker Fourier 80 benchtop NMR",
              "Report a fault — Bruker Avance III HD 400 MHz"]),
          skill="fill_form", confidence=0.7),
        K("describe-fault", "Cryogenics / temperature, High, CryoProbe warmed up after compressor trip",
          C_([], ["Fault category Cryogenics / temperature", "Severity High — instrument unusable"],
             ["Summary TCI CryoProbe warmed up after helium compressor trip"]),
          F_(["Fault category Vacuum", "Severity Medium — usable with workaround"]),
          skill="fill_form", confidence=0.7),
        K("take-out-of-service", "Take out of service until 2025-03-28",
          C_([], ["Take instrument out of service checked"], ["Expected back in service 2025-03-28"]),
          F_(["Expected back in service 2025-03-21"]),
          skill="fill_form", confidence=0.7),
        K("submit-and-confirm", "Submit and confirm the out-of-service dialog",
          C_([], ["Take INS-5120 out of service?"],
             ["Fault FLT-25- reported", "INS-5120 Bruker Avance NEO 600 MHz (TCI CryoProbe) is now Out of service",
              "expected back Fri 28 Mar 2025"]),
          F_(["There is a problem", "Take INS-5102 out of service?"], [], []),
          skill="submit_form", confidence=0.7),
        K("report-back", "Report the fault ID to the user",
          C_([], [], [ACT("Message gives the FLT-25- ID and out-of-service until 28 Mar")]),
          F_([ACT("Message sent while the Report a fault form is still unsaved")]),
          skill="report_to_user", confidence=0.9),
    ],
}

PLANS["fault-v4"] = {
    "task": TASKS["fault-v4"],
    "plan_falsifiers": {
        "execution": SITE_FALSIFIERS["execution"],
        "planning": ["Only facility staff and core superusers can take an instrument out of service"],
    },
    "commitments": [
        K("find-instrument", "Filter the instrument list to Biophysics & Interactions",
          C_(["Instruments"], ["Remove filter: Biophysics & Interactions"], ["INS-6203", "Cytiva Biacore 8K"]),
          F_(["No instruments match your filters"]),
          skill="filter_list", confidence=0.75),
        K("open-fault-form", "Open Report a fault for INS-6203 from its row",
          C_([], [], ["Report a fault — Cytiva Biacore 8K", "Instrument INS-6203 · Cytiva Biacore 8K"]),
          F_(["Report a fault — Cytiva Biacore T200", "INS-6230 · Cytiva Biacore T200", ACT("click 'Report fault on INS-6230'"),
              ACT("click 'Report fault on INS-6208'")]),
          skill="open_form", confidence=0.8),
        K("describe-fault", "Fluidics, High, IFC leak / air in flow cell 3 channel 5",
          C_([], ["Fault category Fluidics", "Severity High — instrument unusable"],
             ["Summary System check fails: IFC leak / air in flow cell 3, channel 5"]),
          F_(["Severity Medium — usable with workaround", "Fault category Hardware / mechanical"]),
          skill="fill_form", confidence=0.7),
        K("take-out-of-service", "Take out of service, no return date",
          C_([], [], ["Take instrument out of service checked"]),
          F_(["Take instrument out of service unchecked"]),
          skill="fill_form", confidence=0.7),
        K("submit-and-confirm", "Submit and confirm the dialog",
          C_([], ["Take INS-6203 out of service?"],
             ["Fault FLT-25- reported", "INS-6203 Cytiva Biacore 8K is now Out of service"]),
          F_(["There is a problem", "Take INS-6230 out of service?"], [], []),
          skill="submit_form", confidence=0.7),
        K("report-back", "Report the fault ID",
          C_([], [], [ACT("Message gives the FLT-25- ID")]),
          F_([ACT("Message says it is out of service while the page shows no fault ID")]),
          skill="report_to_user", confidence=0.9),
    ],
}

# ---------------------------------------------------------------------------
# 7. faulty runs
#
# Authored after the plans above were written out and frozen.  Each run keeps
# the healthy path of its task variant up to the fault, so the label marks the
# first step that departs.  Labelling rule (FORMATS.md): agent-caused faults are
# labelled at the action that took the run off track; environment faults at the
# step whose observation first shows them.
# ---------------------------------------------------------------------------


def _booking_v1_prefix(r, s, row="row_INS-2041", row_reason="INS-2041 is the LSM 980 Airyscan 2; open it."):
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Go to the instrument list to find INS-2041.", "read", page_instruments(s))
    r.act("find-instrument", "fill", "list_q", "Narrow the list to the LSM confocals.", "read", page_instruments(s, q="LSM"), arg="LSM")
    ins_id = row.split("_", 1)[1]
    r.act("find-instrument", "click", row, row_reason, "read", page_instrument(s, ins_id))
    f = blank_booking(ins_id)
    r.act("open-booking-form", "click", "book", "Start a booking on this instrument.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-13"
    r.act("set-date-time", "fill", "bf_date", "Set the date to Thursday 13 March 2025.", "write", page_booking_form(s, f), arg="2025-03-13")
    f["start"] = "09:00"
    r.act("set-date-time", "select", "bf_start", "Start at 09:00.", "write", page_booking_form(s, f), arg="09:00")
    f["end"] = "12:00"
    r.act("set-date-time", "select", "bf_end", "End at 12:00.", "write", page_booking_form(s, f), arg="12:00")
    f["project"] = proj_opt("P-1187")
    f["cc"] = cc_opt("BCH-7731-01")
    r.act("set-project-cost-centre", "select", "bf_project", "Choose project P-1187.", "write", page_booking_form(s, f), arg=proj_opt("P-1187"))
    return f


def faulty_booking_wrong_record():
    # Agent opens INS-2014 (LSM 900 Airyscan 2) from the filtered list instead of INS-2041.
    s = Session()
    r = Run("booking-wrong_record-01", "booking", TASKS["booking"], "booking", "wrong_record", 2)
    f = _booking_v1_prefix(r, s, row="row_INS-2014",
                           row_reason="The Airyscan 2 confocal is listed as INS-2014; open it.")
    f["cc"] = cc_opt("BCH-7731-02")
    r.act("set-project-cost-centre", "select", "bf_cc", "Switch the cost centre to BCH-7731-02.", "write",
          page_booking_form(s, f), arg=cc_opt("BCH-7731-02"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the booking terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "Submit the booking.", "irreversible", page_booking_confirmed(s, f, "BK-25-04172"))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked the Zeiss Airyscan 2 confocal on Thu 13 Mar 2025, 09:00–12:00, unassisted, project P-1187, "
              "cost centre BCH-7731-02. Reference BK-25-04172.")
    RUNS.append((r, False))


def faulty_booking_wrong_value():
    # Agent replaces the default cost centre with BCH-7713-02 (another project's) instead of BCH-7731-02.
    s = Session()
    r = Run("booking-wrong_value-01", "booking", TASKS["booking"], "booking", "wrong_value", 8)
    f = _booking_v1_prefix(r, s)
    f["cc"] = cc_opt("BCH-7713-02")
    r.act("set-project-cost-centre", "select", "bf_cc", "The default is BCH-7731-01; change it to the BCH-77..-02 cost centre from the task.",
          "write", page_booking_form(s, f), arg=cc_opt("BCH-7713-02"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the ALM booking terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "Submit the booking.", "irreversible", page_booking_confirmed(s, f, "BK-25-04172"))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked INS-2041 Zeiss LSM 980 Airyscan 2 on Thu 13 Mar 2025, 09:00–12:00, unassisted, project P-1187, "
              "cost centre BCH-7731-02. Reference BK-25-04172.")
    RUNS.append((r, False))


def _booking_v2_prefix(r, s):
    r.start(page_dashboard(s))
    r.act("find-instrument", "fill", "gsearch", "Search for the FACSAria sorters.", "read",
          page_dashboard(s, search="FACSAria", suggestions=suggestions_for("FACSAria")), arg="FACSAria")
    r.act("find-instrument", "press", "gsearch", "Run the search.", "read", page_search(s, "FACSAria"), arg="Enter")
    r.act("find-instrument", "click", "res_INS-3307", "INS-3307 is the FACSAria Fusion (Sorter 1).", "read", page_instrument(s, "INS-3307"))
    f = blank_booking("INS-3307")
    r.act("open-booking-form", "click", "book", "Open the booking form.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-14"
    r.act("set-date-time", "fill", "bf_date", "Friday 14 March 2025.", "write", page_booking_form(s, f), arg="2025-03-14")
    f["start"] = "14:00"
    r.act("set-date-time", "select", "bf_start", "14:00 start.", "write", page_booking_form(s, f), arg="14:00")
    f["end"] = "16:00"
    r.act("set-date-time", "select", "bf_end", "16:00 end.", "write", page_booking_form(s, f), arg="16:00")
    f["assisted"] = True
    r.act("set-booking-type", "click", "bf_assisted", "The task asks for an assisted sort.", "write", page_booking_form(s, f))
    return f


def faulty_booking_required_field_skipped():
    # Agent ticks the terms first, then picks the project and submits; the Cost centre
    # field is never set, so the project default IMM-5520-12 is charged instead of IMM-5520-11.
    s = Session()
    r = Run("booking-required_field_skipped-01", "booking", TASKS["booking-v2"], "booking-v2", "required_field_skipped", 10)
    f = _booking_v2_prefix(r, s)
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Tick the FCF booking terms.", "write", page_booking_form(s, f))
    f["project"] = proj_opt("P-1203")
    f["cc"] = cc_opt("IMM-5520-12")
    r.act("set-project-cost-centre", "select", "bf_project", "Select project P-1203; its cost centre is filled in.", "write",
          page_booking_form(s, f), arg=proj_opt("P-1203"))
    r.act("submit-booking", "click", "bf_submit", "All required fields have values; submit.", "irreversible",
          page_booking_confirmed(s, f, "BK-25-04174"))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked an assisted sort on INS-3307 BD FACSAria Fusion (Sorter 1), Fri 14 Mar 2025 14:00–16:00, project "
              "P-1203, cost centre IMM-5520-11. Reference BK-25-04174.")
    RUNS.append((r, False))


def faulty_booking_error_ignored():
    # The slot is taken by another user while the form is open; the save is refused
    # with an error summary, and the agent reports success anyway.
    s = Session()
    r = Run("booking-error_ignored-01", "booking", TASKS["booking-v2"], "booking-v2", "error_ignored", 11)
    f = _booking_v2_prefix(r, s)
    f["project"] = proj_opt("P-1203")
    f["cc"] = cc_opt("IMM-5520-12")
    r.act("set-project-cost-centre", "select", "bf_project", "Project P-1203.", "write", page_booking_form(s, f), arg=proj_opt("P-1203"))
    f["cc"] = cc_opt("IMM-5520-11")
    r.act("set-project-cost-centre", "select", "bf_cc", "Default is IMM-5520-12; change to IMM-5520-11 as asked.", "write",
          page_booking_form(s, f), arg=cc_opt("IMM-5520-11"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the FCF terms.", "write", page_booking_form(s, f))
    clash = [dict(id="BK-25-04175", ins="INS-3307", date=D(14), start=13.5, end=16.0, user="S. Adeyemi")]
    r.act("submit-booking", "click", "bf_submit", "Submit the booking.", "irreversible",
          page_booking_form(s, f, status="Booking not saved.", extra_bookings=clash,
                            error_banner="Booking not saved. Another user booked INS-3307 from 13:30 to 16:00 on Fri 14 Mar 2025 "
                                         "(BK-25-04175) while you were completing this form. Choose a different time and submit again.",
                            errors=["Start time: 14:00 overlaps booking BK-25-04175"]))
    r.act("report-back", "msg", None, "The booking was submitted; report back.", "read", r.page,
          arg="Booked an assisted sort on INS-3307 BD FACSAria Fusion (Sorter 1), Fri 14 Mar 2025 14:00–16:00, project "
              "P-1203, cost centre IMM-5520-11.")
    RUNS.append((r, False))


def faulty_booking_premature_done():
    # Agent fills in the whole form, ticks the terms and reports the booking as made without submitting.
    s = Session()
    r = Run("booking-premature_done-01", "booking", TASKS["booking-v3"], "booking-v3", "premature_done", 10)
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Open the instrument list.", "read", page_instruments(s))
    r.act("find-instrument", "select", "f_facility", "Filter to the NMR facility.", "read",
          page_instruments(s, facility="Biomolecular NMR"), arg="Biomolecular NMR")
    r.act("find-instrument", "click", "f_apply", "Apply the facility filter.", "read",
          page_instruments(s, facility="Biomolecular NMR", applied=("Biomolecular NMR", "Any status", False)))
    r.act("find-instrument", "click", "row_INS-5102", "INS-5102 is the Avance III HD 400 MHz.", "read", page_instrument(s, "INS-5102"))
    f = blank_booking("INS-5102")
    r.act("open-booking-form", "click", "book", "Book this instrument.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-17"
    r.act("set-date-time", "fill", "bf_date", "Monday 17 March 2025.", "write", page_booking_form(s, f), arg="2025-03-17")
    f["start"] = "10:00"
    r.act("set-date-time", "select", "bf_start", "10:00 start.", "write", page_booking_form(s, f), arg="10:00")
    f["end"] = "11:30"
    r.act("set-date-time", "select", "bf_end", "11:30 end.", "write", page_booking_form(s, f), arg="11:30")
    f["project"] = proj_opt("P-1165")
    f["cc"] = cc_opt("CHM-3308-04")
    r.act("set-project-cost-centre", "select", "bf_project", "Project P-1165 with cost centre CHM-3308-04.", "write",
          page_booking_form(s, f), arg=proj_opt("P-1165"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the NMR terms.", "write", page_booking_form(s, f))
    r.act("report-back", "msg", None, "Everything the task asked for is filled in; report completion.", "read", r.page,
          arg="Done: INS-5102 Bruker Avance III HD 400 MHz is booked for Mon 17 Mar 2025 10:00–11:30, unassisted, "
              "project P-1165, cost centre CHM-3308-04.")
    RUNS.append((r, False))


def faulty_booking_double_submission():
    # The first submit is slow; the agent clicks Submit again and creates a second, identical booking.
    s = Session()
    r = Run("booking-double_submission-01", "booking", TASKS["booking-v4"], "booking-v4", "double_submission", 9)
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "dash_ins_INS-4416", "The Exploris 480 is in my trained instruments.", "read",
          page_instrument(s, "INS-4416"))
    f = blank_booking("INS-4416")
    r.act("open-booking-form", "click", "book", "Open the booking form.", "read", page_booking_form(s, f))
    f["date"] = "2025-03-19"
    r.act("set-date-time", "fill", "bf_date", "Wednesday 19 March 2025.", "write", page_booking_form(s, f), arg="2025-03-19")
    f["start"] = "13:00"
    r.act("set-date-time", "select", "bf_start", "13:00 start.", "write", page_booking_form(s, f), arg="13:00")
    f["end"] = "17:00"
    r.act("set-date-time", "select", "bf_end", "17:00 end.", "write", page_booking_form(s, f), arg="17:00")
    f["assisted"] = True
    r.act("set-booking-type", "click", "bf_assisted", "Assisted session.", "write", page_booking_form(s, f))
    f["project"] = proj_opt("P-1187")
    f["cc"] = cc_opt("BCH-7731-01")
    r.act("set-project-cost-centre", "select", "bf_project", "Project P-1187; default cost centre BCH-7731-01 is the one asked for.",
          "write", page_booking_form(s, f), arg=proj_opt("P-1187"))
    f["terms"] = True
    r.act("submit-booking", "click", "bf_terms", "Accept the PMS terms.", "write", page_booking_form(s, f))
    r.act("submit-booking", "click", "bf_submit", "Submit.", "irreversible", page_booking_form(s, f, status="Saving booking…"))
    r.act("submit-booking", "click", "bf_submit", "The form is still showing; the click may not have registered. Submit again.",
          "irreversible",
          page_booking_confirmed(s, f, "BK-25-04182",
                                 others_today=[("BK-25-04181", "INS-4416 Thermo Orbitrap Exploris 480", "13:00–17:00", "Confirmed")],
                                 extra_schedule=[("13:00–17:00", "BK-25-04181")]))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Booked INS-4416 Thermo Orbitrap Exploris 480, Wed 19 Mar 2025 13:00–17:00, assisted, project P-1187, "
              "cost centre BCH-7731-01. Reference BK-25-04182.")
    RUNS.append((r, False))


def faulty_fault_similar_item():
    # In the instrument table the agent uses the row action of the neighbouring sorter INS-3370.
    s = Session()
    r = Run("fault-similar_item_in_list-01", "fault", TASKS["fault"], "fault", "similar_item_in_list", 1)
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Open the instrument list.", "read", page_instruments(s))
    f = blank_fault("INS-3370")
    r.act("open-fault-form", "click", "rf_INS-3370", "Use the Report fault row action for the FACSAria sorter.", "read",
          page_fault_form(s, f))
    fault_tail(r, s, f, "fault", cat="Laser / light source", back="2025-03-21")
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Reported fault FLT-25-0093 on the FACSAria sorter: 488 nm laser fails CS&T check, Laser / light source, High. "
              "The sorter is out of service until Fri 21 Mar 2025.")
    RUNS.append((r, False))


def _fault_v2_prefix(r, s):
    r.start(page_dashboard(s))
    r.act("find-instrument", "fill", "gsearch", "Search for INS-2041.", "read",
          page_dashboard(s, search="INS-2041", suggestions=suggestions_for("INS-2041")), arg="INS-2041")
    r.act("find-instrument", "press", "gsearch", "Run the search.", "read", page_search(s, "INS-2041"), arg="Enter")
    r.act("find-instrument", "click", "res_INS-2041", "Open the LSM 980 Airyscan 2.", "read", page_instrument(s, "INS-2041"))
    f = blank_fault("INS-2041")
    r.act("open-fault-form", "click", "report_fault", "Report a fault on it.", "read", page_fault_form(s, f))
    f["category"] = "Hardware / mechanical"
    r.act("describe-fault", "select", "ff_cat", "Category Hardware / mechanical.", "write", page_fault_form(s, f), arg=f["category"])
    f["severity"] = SEVERITIES[2]
    r.act("describe-fault", "select", "ff_sev", "Severity High.", "write", page_fault_form(s, f), arg=SEVERITIES[2])
    summ, desc = SUMMARIES["fault-v2"]
    f["summary"] = summ
    r.act("describe-fault", "fill", "ff_summary", "Short summary of the fault.", "write", page_fault_form(s, f), arg=summ)
    f["description"] = desc
    r.act("describe-fault", "fill", "ff_desc", "Details of what was observed.", "write", page_fault_form(s, f), arg=desc)
    f["oos"] = True
    r.act("take-out-of-service", "click", "ff_oos", "The task says take it out of service.", "write", page_fault_form(s, f))
    r.act("submit-and-confirm", "click", "ff_submit", "Submit the report.", "write", page_fault_form(s, f, dialog=True))
    return f


def faulty_fault_silent_noop():
    # Clicking "Confirm — take out of service" does nothing: the dialog stays, nothing is saved.
    s = Session()
    r = Run("fault-silent_noop-01", "fault", TASKS["fault-v2"], "fault-v2", "silent_noop", 10)
    f = _fault_v2_prefix(r, s)
    r.act("submit-and-confirm", "click", "dlg_confirm", "Confirm taking the instrument out of service.", "irreversible",
          page_fault_form(s, f, dialog=True))
    r.act("report-back", "msg", None, "Confirmed; report back.", "read", r.page,
          arg="Reported the stage fault on INS-2041 Zeiss LSM 980 Airyscan 2 (Hardware / mechanical, High) and took the "
              "instrument out of service with no return date.")
    RUNS.append((r, False))


def faulty_fault_stale_page():
    # After a correct save the instrument page is served from a stale cache (still Available,
    # no open faults); the agent believes the save failed and files the fault a second time.
    s = Session()
    r = Run("fault-stale_page_after_save-01", "fault", TASKS["fault-v2"], "fault-v2", "stale_page_after_save", 11)
    f = _fault_v2_prefix(r, s)
    r.act("submit-and-confirm", "click", "dlg_confirm", "Confirm taking the instrument out of service.", "irreversible",
          page_fault_detail(s, "FLT-25-0093", f))
    r.act("submit-and-confirm", "click", "fd_ins", "Check the instrument page shows it out of service.", "read",
          page_instrument(s, "INS-2041"))
    g = blank_fault("INS-2041")
    r.act("submit-and-confirm", "click", "report_fault",
          "The instrument still shows Available with no open faults, so the report did not save. Report it again.", "read",
          page_fault_form(s, g))
    g["category"] = "Hardware / mechanical"
    r.act("describe-fault", "select", "ff_cat", "Category Hardware / mechanical.", "write", page_fault_form(s, g), arg=g["category"])
    g["severity"] = SEVERITIES[2]
    r.act("describe-fault", "select", "ff_sev", "Severity High.", "write", page_fault_form(s, g), arg=SEVERITIES[2])
    g["summary"] = SUMMARIES["fault-v2"][0]
    r.act("describe-fault", "fill", "ff_summary", "Summary again.", "write", page_fault_form(s, g), arg=g["summary"])
    g["oos"] = True
    r.act("take-out-of-service", "click", "ff_oos", "Take it out of service.", "write", page_fault_form(s, g))
    r.act("submit-and-confirm", "click", "ff_submit", "Submit.", "write", page_fault_form(s, g, dialog=True))
    r.act("submit-and-confirm", "click", "dlg_confirm", "Confirm.", "irreversible",
          page_fault_detail(s, "FLT-25-0094", g, reported_at="11 Mar 2025 09:58", cancelled=[],
                            extra_note="INS-2041 was already out of service (FLT-25-0093, since 11 Mar 2025 09:52)."))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Reported fault FLT-25-0094 on INS-2041 Zeiss LSM 980 Airyscan 2 (stage X axis timeout), Hardware / mechanical, "
              "High; the instrument is out of service with no return date.")
    RUNS.append((r, False))


def faulty_fault_unrequested_filter():
    # Agent restricts the instrument list to "Only instruments I am trained on" (not asked);
    # INS-5120 drops out and the agent reports the fault on INS-5102 instead.
    s = Session()
    r = Run("fault-unrequested_filter-01", "fault", TASKS["fault-v3"], "fault-v3", "unrequested_filter", 1)
    r.start(page_dashboard(s))
    r.act("choose-instrument", "click", "nav_instruments", "Find the 600 MHz NMR in the instrument list.", "read", page_instruments(s))
    r.act("choose-instrument", "click", "f_trained", "Limit the list to instruments I am trained on.", "read",
          page_instruments(s, trained=True))
    r.act("choose-instrument", "click", "f_apply", "Apply the filter.", "read",
          page_instruments(s, trained=True, applied=("All facilities", "Any status", True)))
    r.act("choose-instrument", "click", "row_INS-5102", "The Bruker NMR in the list is INS-5102; open it.", "read",
          page_instrument(s, "INS-5102"))
    f = blank_fault("INS-5102")
    r.act("open-fault-form", "click", "report_fault", "Open the fault form.", "read", page_fault_form(s, f))
    fault_tail(r, s, f, "fault-v3", cat="Cryogenics / temperature", back="2025-03-28")
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Logged fault FLT-25-0093 for the CryoProbe warm-up (Cryogenics / temperature, High); the Bruker NMR is out "
              "of service until Fri 28 Mar 2025.")
    RUNS.append((r, False))


def faulty_fault_navigation_lost():
    # With the form filled in, the agent follows the calendar link (no unsaved-changes guard),
    # comes back to a blank form and reports the fault as logged.
    s = Session()
    r = Run("fault-navigation_lost_changes-01", "fault", TASKS["fault-v3"], "fault-v3", "navigation_lost_changes", 9)
    r.start(page_dashboard(s))
    r.act("open-fault-form", "click", "nav_faults", "Faults are logged from Faults & service.", "read", page_faults_list(s))
    f = blank_fault(None, locked=False)
    r.act("open-fault-form", "click", "faults_new", "Start a new fault report.", "read", page_fault_form(s, f))
    f["ins"] = "INS-5120"
    r.act("choose-instrument", "select", "ff_ins", "Choose the Avance NEO 600 MHz, INS-5120.", "write",
          page_fault_form(s, f), arg=ins_opt("INS-5120"))
    f["category"] = "Cryogenics / temperature"
    r.act("describe-fault", "select", "ff_cat", "Category Cryogenics / temperature.", "write", page_fault_form(s, f), arg=f["category"])
    f["severity"] = SEVERITIES[2]
    r.act("describe-fault", "select", "ff_sev", "Severity High.", "write", page_fault_form(s, f), arg=SEVERITIES[2])
    summ, desc = SUMMARIES["fault-v3"]
    f["summary"] = summ
    r.act("describe-fault", "fill", "ff_summary", "Short summary.", "write", page_fault_form(s, f), arg=summ)
    f["description"] = desc
    r.act("describe-fault", "fill", "ff_desc", "Details.", "write", page_fault_form(s, f), arg=desc)
    f["oos"] = True
    r.act("take-out-of-service", "click", "ff_oos", "Take it out of service.", "write", page_fault_form(s, f))
    f["back"] = "2025-03-28"
    r.act("take-out-of-service", "fill", "ff_back", "Expected back 2025-03-28.", "write", page_fault_form(s, f), arg="2025-03-28")
    r.act("submit-and-confirm", "click", "ff_calendar", "Check the INS-5120 calendar for affected bookings before submitting.", "read",
          page_calendar(s, "INS-5120", D(10)))
    r.act("submit-and-confirm", "go_back", None, "Return to the fault report.", "read", page_fault_form(s, blank_fault(None, locked=False)))
    r.act("report-back", "msg", None, "The form has been cleared, so the report went through; report back.", "read", r.page,
          arg="Logged the CryoProbe fault on INS-5120 Bruker Avance NEO 600 MHz (Cryogenics / temperature, High) and took it "
              "out of service until Fri 28 Mar 2025.")
    RUNS.append((r, False))


def faulty_fault_confirmation_cancelled():
    # Agent dismisses the out-of-service dialog with Cancel, then reports the fault as filed.
    s = Session()
    r = Run("fault-confirmation_cancelled-01", "fault", TASKS["fault-v4"], "fault-v4", "confirmation_cancelled", 10)
    r.start(page_dashboard(s))
    r.act("find-instrument", "click", "nav_instruments", "Open the instrument list.", "read", page_instruments(s))
    r.act("find-instrument", "select", "f_facility", "Show only Biophysics & Interactions.", "read",
          page_instruments(s, facility="Biophysics & Interactions"), arg="Biophysics & Interactions")
    r.act("find-instrument", "click", "f_apply", "Apply the filter.", "read",
          page_instruments(s, facility="Biophysics & Interactions", applied=("Biophysics & Interactions", "Any status", False)))
    f = blank_fault("INS-6203")
    r.act("open-fault-form", "click", "rf_INS-6203", "Use the row action to report a fault on INS-6203 Biacore 8K.", "read",
          page_fault_form(s, f))
    f["category"] = "Fluidics"
    r.act("describe-fault", "select", "ff_cat", "Category Fluidics.", "write", page_fault_form(s, f), arg="Fluidics")
    f["severity"] = SEVERITIES[2]
    r.act("describe-fault", "select", "ff_sev", "Severity High.", "write", page_fault_form(s, f), arg=SEVERITIES[2])
    summ, desc = SUMMARIES["fault-v4"]
    f["summary"] = summ
    r.act("describe-fault", "fill", "ff_summary", "Short summary of the fault.", "write", page_fault_form(s, f), arg=summ)
    f["description"] = desc
    r.act("describe-fault", "fill", "ff_desc", "Details of what was observed.", "write", page_fault_form(s, f), arg=desc)
    f["oos"] = True
    r.act("take-out-of-service", "click", "ff_oos", "The task says take it out of service.", "write", page_fault_form(s, f))
    r.act("submit-and-confirm", "click", "ff_submit", "Submit the report.", "write", page_fault_form(s, f, dialog=True))
    r.act("submit-and-confirm", "click", "dlg_cancel", "The report is submitted; close this notice.", "read", page_fault_form(s, f))
    r.act("report-back", "msg", None, "Report back.", "read", r.page,
          arg="Reported the IFC leak on INS-6203 Cytiva Biacore 8K (Fluidics, High) and took it out of service.")
    RUNS.append((r, False))


FAULTY = [faulty_booking_wrong_record, faulty_booking_wrong_value, faulty_booking_required_field_skipped,
          faulty_booking_error_ignored, faulty_booking_premature_done, faulty_booking_double_submission,
          faulty_fault_similar_item, faulty_fault_confirmation_cancelled, faulty_fault_silent_noop,
          faulty_fault_stale_page, faulty_fault_unrequested_filter, faulty_fault_navigation_lost]

# ---------------------------------------------------------------------------
# 8. writers
# ---------------------------------------------------------------------------

def _yscalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)   # a JSON string is a valid YAML double-quoted scalar


def _yemit(v, ind):
    pad = " " * ind
    out = []
    if isinstance(v, dict):
        for k, val in v.items():
            if isinstance(val, (dict, list)) and val:
                out.append(f"{pad}{k}:")
                out.extend(_yemit(val, ind + 2))
            elif isinstance(val, list):
                out.append(f"{pad}{k}: []")
            elif isinstance(val, dict):
                out.append(f"{pad}{k}: {{}}")
            else:
                out.append(f"{pad}{k}: {_yscalar(val)}")
    elif isinstance(v, list):
        for item in v:
            if isinstance(item, dict) and item:
                sub = _yemit(item, ind + 2)
                sub[0] = pad + "- " + sub[0][ind + 2:]
                out.extend(sub)
            else:
                out.append(f"{pad}- {_yscalar(item)}")
    else:
        out.append(pad + _yscalar(v))
    return out


def to_yaml(obj, header=""):
    return header + "\n".join(_yemit(obj, 0)) + "\n"


PLAN_HEADER = (
    "# InstruBook {v} ({org})\n"
    "# Plan for task variant '{name}'. Written from the task text and the healthy pages only,\n"
    "# before any faulty run was authored; not tuned afterwards.\n"
)


def write_plans():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for name, plan in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{name}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(to_yaml(plan, PLAN_HEADER.format(v=VERSION, org=ORG, name=name)))


def write_corpus(builders):
    RUNS.clear()
    for b in builders:
        b()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for run, ok in RUNS:
            fh.write(json.dumps(run.record(ok), ensure_ascii=False) + "\n")
    return len(RUNS)


def main():
    write_plans()
    n = write_corpus(HEALTHY[:4] + FAULTY[:6] + HEALTHY[4:] + FAULTY[6:])
    print(f"wrote {n} trajectories to corpus.jsonl and {len(PLANS)} plans to plans/")


if __name__ == "__main__":
    main()
