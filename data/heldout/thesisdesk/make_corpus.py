#!/usr/bin/env python3
"""Generate the ThesisDesk held-out corpus (stdlib only, deterministic).

ThesisDesk is the (invented) thesis examination system of the Graduate Research
School at Kestrel Vale University.  The signed-in user is Aoife Brennan, HDR
Examinations Officer; "today" is Tuesday 14 October 2025.

Writes, next to this file:
  corpus.jsonl                      20 trajectories (8 healthy, 12 faulty)
  plans/nominate-examiners.yaml     plan for the examiner-nomination workflow
  plans/submit-thesis.yaml          plan for the final-submission workflow

Run:  python3 make_corpus.py
"""
import datetime as dt
import json
import math
import os
import random
import urllib.parse
from contextlib import contextmanager

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 41017
RNG = random.Random(SEED)

BASE = "https://thesisdesk.kestrelvale.ac.uk"
PRODUCT = "ThesisDesk"
USER = "Aoife Brennan"
USER_ROLE = "HDR Examinations Officer"
TODAY = dt.date(2025, 10, 14)
PAGE_SIZE = 10
SEARCHBOX = "Search theses, candidates or examiners"


def q(s):
    return repr(s)


def fmt_date(d):
    return f"{d.day} {d.strftime('%b')} {d.year}"


def fmt_long(d):
    return f"{d.day} {d.strftime('%B')} {d.year}"


# --------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------

def V(v):
    return f"value={q(v)}"


def CHK(b):
    return f"checked={q('true' if b else 'false')}"


def EXP(b):
    return f"expanded={bool(b)}"


SEL = "selected=True"
DIS = "disabled=True"
REQ = "required"
CUR = "current='page'"


class AX:
    def __init__(self, title):
        self.title = title
        self.lines = [f"RootWebArea {q(title)}, focused"]
        self.depth = 1
        self.n = 1
        self.nodes = []
        self.scope = []

    def add(self, role, name="", *props, bid=True):
        b = None
        head = ""
        if bid:
            b = f"a{self.n}"
            self.n += 1
            head = f"[{b}] "
        line = "\t" * self.depth + head + f"{role} {q(name)}"
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if b:
            self.nodes.append((b, role, name, tuple(self.scope)))
        return b

    @contextmanager
    def node(self, role, name="", *props):
        b = self.add(role, name, *props)
        self.depth += 1
        self.scope.append((role, name))
        try:
            yield b
        finally:
            self.depth -= 1
            self.scope.pop()

    def text(self, s):
        self.add("StaticText", s, bid=False)

    def find(self, role, name, within=None):
        hits = []
        for b, r_, n_, sc in self.nodes:
            if r_ != role or n_ != name:
                continue
            if within is not None:
                if isinstance(within, str):
                    ok = any(s[0] == within for s in sc)
                else:
                    ok = tuple(within) in sc
                if not ok:
                    continue
            hits.append(b)
        if len(hits) != 1:
            raise RuntimeError(f"find({role!r}, {name!r}, within={within!r}) on "
                               f"{self.title!r}: {len(hits)} hits")
        return hits[0]

    def render(self):
        return "\n".join(self.lines)


class Page:
    def __init__(self, url, ax):
        self.url = url
        self.ax = ax

    def obs(self, error=None):
        return {"url": self.url, "title": self.ax.title, "text": self.ax.render(),
                "error": error}


# --------------------------------------------------------------------------
# World data
# --------------------------------------------------------------------------

STAGES = ["Awaiting intention to submit", "Examiner nomination due", "Examiners nominated",
          "Ready for submission", "Under examination", "Revisions required"]
FACULTIES = ["All faculties", "Arts and Humanities", "Engineering", "Medicine and Health",
             "Science", "Social Sciences"]

TH = {}


def thesis(tid, cand, sno, title, degree, faculty, sup, cosup, stage, updated, due=None,
           active=True, **extra):
    d = dict(id=tid, cand=cand, sno=sno, title=title, degree=degree, faculty=faculty, sup=sup,
             cosup=cosup, stage=stage, updated=updated, due=due, active=active, related=[],
             examiners=[], documents=[], history=[], abstract="", keywords="")
    d.update(extra)
    TH[tid] = d
    return d


def D(y, m, d, hh=9, mm=0):
    return dt.datetime(y, m, d, hh, mm)


# --- fixed records: the two targets and their near misses ---------------------
thesis("THS-2025-0417", "Mei Lin Tan", "22019473",
       "Tidal energy extraction in macro-tidal estuaries",
       "Doctor of Philosophy (Civil Engineering)", "Engineering",
       "Prof. Gareth Lowry", "Dr. Imogen Wray", "Examiner nomination due",
       D(2025, 10, 9, 16, 20), dt.date(2025, 10, 21),
       related=[("THS-2021-0091", "THS-2021-0091 · Mei Lin Tan · MPhil (transferred to PhD, 2023)"),
                ("MIL-2023-0552", "MIL-2023-0552 · Confirmation of candidature · Approved"),
                ("THS-2025-0418", "THS-2025-0418 · Mei Ling Tang · also supervised by Prof. Gareth Lowry")],
       documents=[("Intention to submit", "received 2 Sep 2025"),
                  ("Thesis outline (examiner briefing)", "uploaded 30 Sep 2025")],
       history=["9 Oct 2025 · Supervisor confirmed examiner shortlist by email",
                "2 Sep 2025 · Intention to submit received",
                "14 Mar 2023 · Transferred from MPhil (THS-2021-0091)"])
thesis("THS-2025-0418", "Mei Ling Tang", "22031188",
       "Tidal stream resource assessment for the Severn Estuary",
       "Doctor of Philosophy (Civil Engineering)", "Engineering",
       "Prof. Gareth Lowry", "Dr. Owen Pryce", "Examiner nomination due",
       D(2025, 10, 13, 15, 42), dt.date(2025, 10, 24),
       related=[("MIL-2023-0601", "MIL-2023-0601 · Confirmation of candidature · Approved"),
                ("THS-2025-0417", "THS-2025-0417 · Mei Lin Tan · also supervised by Prof. Gareth Lowry")],
       documents=[("Intention to submit", "received 8 Sep 2025")],
       history=["13 Oct 2025 · Co-supervisor changed to Dr. Owen Pryce",
                "8 Sep 2025 · Intention to submit received"])
thesis("THS-2025-0416", "Marta Lindqvist", "21977310",
       "Wave loading on floating offshore wind platforms",
       "Doctor of Philosophy (Mechanical Engineering)", "Engineering",
       "Dr. Sunil Varma", "Prof. Gareth Lowry", "Under examination",
       D(2025, 9, 30, 11, 5), dt.date(2025, 12, 1))
thesis("THS-2021-0091", "Mei Lin Tan", "22019473",
       "Sediment transport under combined waves and currents",
       "Master of Philosophy (Civil Engineering)", "Engineering",
       "Prof. Gareth Lowry", "Dr. Imogen Wray", "Transferred to PhD",
       D(2023, 3, 14, 10, 0), None, active=False,
       related=[("THS-2025-0417", "THS-2025-0417 · Mei Lin Tan · PhD (continuation)")])
thesis("THS-2025-0392", "Joaquín Ferreira", "21987020",
       "Microbial community dynamics in Antarctic subglacial lakes",
       "Doctor of Philosophy (Earth Sciences)", "Science",
       "Prof. Annika Sørensen", "Dr. Raymond Achebe", "Ready for submission",
       D(2025, 10, 10, 11, 5), dt.date(2025, 10, 31),
       abstract=("Subglacial lakes beneath the Antarctic Ice Sheet are cold, dark and isolated, yet "
                 "they sustain active microbial communities. This thesis combines metagenomic time "
                 "series from Subglacial Lake Mercer with incubation experiments to ..."),
       keywords="subglacial lakes; microbial ecology; Antarctica; metagenomics",
       examiners=[("Prof. Lena Marquardt", "Universität Bremen, Germany", "Approved 29 Sep 2025"),
                  ("Dr. Thandiwe Nkosi", "University of Cape Town, South Africa", "Approved 29 Sep 2025")],
       related=[("THS-2022-0140", "THS-2022-0140 · Joaquín Ferreira · MRes (awarded 2022)"),
                ("NOM-2025-1047", "NOM-2025-1047 · Examiner nomination · Approved"),
                ("THS-2025-0393", "THS-2025-0393 · Joaquim Pereira · also supervised by Prof. Annika Sørensen")],
       documents=[("Intention to submit", "received 15 Sep 2025"),
                  ("Declaration of originality", "signed by candidate 6 Oct 2025"),
                  ("Supervisor endorsement for examination", "signed by Prof. Annika Sørensen 8 Oct 2025")],
       history=["8 Oct 2025 · Supervisor endorsement uploaded",
                "6 Oct 2025 · Declaration of originality uploaded",
                "29 Sep 2025 · Examiners approved by the Dean (NOM-2025-1047)"])
thesis("THS-2025-0393", "Joaquim Pereira", "22004561",
       "Microbial mat succession in Arctic meltwater ponds",
       "Doctor of Philosophy (Earth Sciences)", "Science",
       "Prof. Annika Sørensen", "Dr. Felix Oduya", "Ready for submission",
       D(2025, 10, 13, 9, 10), dt.date(2025, 11, 7),
       abstract=("Meltwater ponds on Arctic glaciers host laminated microbial mats whose succession "
                 "tracks the length of the melt season ..."),
       keywords="microbial mats; cryoconite; Arctic; succession",
       examiners=[("Prof. Ingrid Halvorsen", "University of Tromsø, Norway", "Approved 1 Oct 2025"),
                  ("Dr. Colm Farrelly", "University of Galway, Ireland", "Approved 1 Oct 2025")],
       related=[("THS-2025-0392", "THS-2025-0392 · Joaquín Ferreira · also supervised by Prof. Annika Sørensen")],
       documents=[("Intention to submit", "received 22 Sep 2025"),
                  ("Declaration of originality", "signed by candidate 10 Oct 2025")])
thesis("THS-2024-0392", "Hannah Ferris", "20988105",
       "Urban heat islands and night-time mortality in mid-sized cities",
       "Doctor of Philosophy (Public Health)", "Medicine and Health",
       "Dr. Nkechi Obi", "Prof. Alan Drummond", "Under examination",
       D(2025, 9, 2, 14, 30), dt.date(2025, 11, 14))
thesis("THS-2022-0140", "Joaquín Ferreira", "21987020",
       "Diatom assemblages as proxies for Holocene lake level",
       "Master of Research (Earth Sciences)", "Science",
       "Prof. Annika Sørensen", "", "Awarded",
       D(2022, 12, 2, 9, 0), None, active=False)

# --- filler records -----------------------------------------------------------
FIRST = ["Amara", "Benedikt", "Chiara", "Dmitri", "Efua", "Farhan", "Greta", "Hiroshi", "Ifeoma",
         "Jonas", "Katarzyna", "Laleh", "Mateus", "Nadia", "Olumide", "Pavel", "Quynh", "Rasmus",
         "Saoirse", "Tariq", "Ulla", "Valentina", "Wiremu", "Ximena", "Yusuf", "Zofia", "Aarav",
         "Bronwyn", "Cormac", "Daniela", "Emeka", "Fiona", "Gustavo", "Hana", "Isaac", "Jelena",
         "Kwame", "Lucía", "Magnus", "Nilufar", "Oisín"]
LAST = ["Abernethy", "Bakshi", "Castellano", "Dvořák", "Eze", "Fitzgerald", "Gallagher", "Haddad",
        "Iwasaki", "Jovanović", "Kowalczyk", "Lindgren", "Mbeki", "Novak", "O'Rourke", "Petrović",
        "Quinlan", "Rahman", "Sandoval", "Thorsen", "Urquhart", "Varga", "Whitcombe", "Yilmaz",
        "Zieliński", "Achterberg", "Brannigan", "Chowdhury", "Delacroix", "Ekwueme", "Ferrante",
        "Gorski", "Holloway", "Ivanova", "Jakobsen", "Kariuki", "Lefebvre", "Murtagh", "Nakamura",
        "Okonkwo", "Szabó"]
TOPICS = {
    "Engineering": [("Civil Engineering", "Fatigue behaviour of welded steel bridge connections"),
                    ("Mechanical Engineering", "Additive manufacturing of lattice heat exchangers"),
                    ("Electrical Engineering", "Grid-forming inverters for weak rural networks"),
                    ("Civil Engineering", "Flood resilience of informal settlements"),
                    ("Mechanical Engineering", "Tribology of bio-based lubricants"),
                    ("Electrical Engineering", "Low-power radar for gait monitoring"),
                    ("Civil Engineering", "Carbonation of recycled aggregate concrete"),
                    ("Mechanical Engineering", "Thermal management of solid-state batteries")],
    "Science": [("Chemistry", "Photoredox catalysis with earth-abundant metals"),
                ("Physics", "Quantum dot single-photon sources at telecom wavelengths"),
                ("Biological Sciences", "Pollinator decline in upland hay meadows"),
                ("Earth Sciences", "Volcanic ash dispersion over the North Atlantic"),
                ("Chemistry", "Self-healing polymer electrolytes"),
                ("Physics", "Dark matter constraints from dwarf galaxy kinematics"),
                ("Biological Sciences", "Epigenetic memory of drought in barley"),
                ("Earth Sciences", "Permafrost carbon release under summer wildfire")],
    "Medicine and Health": [("Public Health", "Loneliness and hospital readmission in later life"),
                            ("Biomedical Sciences", "Macrophage polarisation in fibrotic lung disease"),
                            ("Public Health", "School meal policy and adolescent diet quality"),
                            ("Biomedical Sciences", "Gut microbiome signatures of early sepsis"),
                            ("Public Health", "Uptake of HPV vaccination among young men"),
                            ("Biomedical Sciences", "Circadian disruption and insulin resistance"),
                            ("Public Health", "Digital triage in primary care"),
                            ("Biomedical Sciences", "Antibiotic stewardship in care homes"),
                            ("Public Health", "Heat warnings and outdoor workers")],
    "Arts and Humanities": [("History", "Women's friendly societies in industrial Lancashire"),
                            ("Linguistics", "Code-switching in Scottish Gaelic radio"),
                            ("Philosophy", "Moral luck and the ethics of algorithmic triage"),
                            ("History", "Famine relief and the Irish poor law unions"),
                            ("Linguistics", "Prosody of questions in Nigerian English"),
                            ("Philosophy", "Testimony and trust in online encyclopaedias"),
                            ("History", "Port cities and cholera, 1832–1866"),
                            ("Linguistics", "Dialect levelling in post-war new towns"),
                            ("Philosophy", "Consent and dignity in dementia research")],
    "Social Sciences": [("Economics", "Minimum wage spillovers in hospitality"),
                        ("Sociology", "Platform work and household time use"),
                        ("Education", "Teacher retention in rural secondary schools"),
                        ("Economics", "Household energy debt after the 2022 price shock"),
                        ("Sociology", "Community land trusts and neighbourhood belonging"),
                        ("Education", "Dyslexia screening in early years settings"),
                        ("Economics", "Remittances and small business formation in Ghana"),
                        ("Sociology", "Youth volunteering after the pandemic"),
                        ("Education", "Outdoor learning and attainment in primary schools")],
}
SUPERVISORS = {
    "Engineering": ["Prof. Priya Natarajan", "Dr. Sunil Varma", "Prof. Hugh Callender"],
    "Science": ["Prof. Elspeth Moray", "Dr. Tomasz Wilk", "Prof. Ruairi Nolan"],
    "Medicine and Health": ["Dr. Nkechi Obi", "Prof. Alan Drummond", "Dr. Sofia Ekström"],
    "Arts and Humanities": ["Prof. Bernadette Kiely", "Dr. Yaw Boateng", "Dr. Clara Weiss"],
    "Social Sciences": ["Prof. Martin Ashdown", "Dr. Leila Farahani", "Dr. Ewan Sutherland"],
}


def _make_fillers():
    topics = [(fac, disc, title) for fac, lst in TOPICS.items() for disc, title in lst]
    RNG.shuffle(topics)
    firsts = FIRST[:]
    lasts = LAST[:]
    RNG.shuffle(firsts)
    RNG.shuffle(lasts)
    hi = RNG.sample([n for n in range(395, 481) if not 414 <= n <= 420], 10)
    lo = RNG.sample([n for n in range(300, 391)], 25)
    old = RNG.sample([n for n in range(300, 480) if n != 392], 6)
    ids = [f"THS-2025-{n:04d}" for n in hi + lo] + [f"THS-2024-{n:04d}" for n in old]
    RNG.shuffle(ids)
    stage_pool = (["Examiner nomination due"] * 4 + ["Ready for submission"] * 4 +
                  ["Examiners nominated"] * 7 + ["Under examination"] * 10 +
                  ["Revisions required"] * 6 + ["Awaiting intention to submit"] * 10)
    RNG.shuffle(stage_pool)
    out = []
    for i, tid in enumerate(ids):
        fac, disc, title = topics[i]
        stage = stage_pool[i]
        if tid.startswith("THS-2024") and stage in ("Awaiting intention to submit",
                                                    "Examiner nomination due"):
            stage = "Under examination"
        if i < 11:   # recently touched records (newer than the nomination target)
            upd = D(2025, 10, 10, 8, 0) + dt.timedelta(minutes=RNG.randint(0, 4 * 24 * 60 - 200))
        else:
            upd = D(2025, 8, 1, 8, 0) + dt.timedelta(minutes=RNG.randint(0, 68 * 24 * 60))
        due = None
        if stage != "Awaiting intention to submit":
            due = dt.date(2025, 10, 17) + dt.timedelta(days=RNG.randint(0, 75))
        sups = SUPERVISORS[fac]
        sup = RNG.choice(sups)
        co = RNG.choice([s for s in sups if s != sup])
        cand = f"{firsts[i]} {lasts[i]}"
        deg = f"Doctor of Philosophy ({disc})"
        sno = str(RNG.randint(20100000, 22999999))
        out.append(thesis(tid, cand, sno, title, deg, fac, sup, co, stage, upd, due,
                          documents=[("Intention to submit", "on file")],
                          history=[f"{fmt_date(upd.date())} · Record updated"]))
    return out


FILLERS = _make_fillers()
ACTIVE = [t for t in TH.values() if t["active"]]


def surname(t):
    return t["cand"].split()[-1]


SORTS = {
    "Last updated (newest first)": "updated",
    "Thesis ID (newest first)": "id",
    "Candidate surname (A–Z)": "surname",
    "Due date (soonest first)": "due",
}
DEFAULT_SORT = "Last updated (newest first)"


def sort_items(items, sort):
    slug = SORTS[sort]
    if slug == "updated":
        return sorted(items, key=lambda t: t["updated"], reverse=True)
    if slug == "id":
        return sorted(items, key=lambda t: t["id"], reverse=True)
    if slug == "surname":
        return sorted(items, key=lambda t: (surname(t), t["cand"]))
    return sorted(items, key=lambda t: (t["due"] is None, t["due"] or dt.date.max, t["id"]))


def slugify(s):
    return "-".join("".join(c.lower() if c.isalnum() else " " for c in s).split())


INSTITUTIONS = ["University of Leeds", "University of Leicester", "University of Lethbridge",
                "University of Ghana", "University of Ghana Medical School", "University of Glasgow",
                "University of Cape Town", "University of Otago", "Delft University of Technology",
                "Universität Bremen", "University of Galway"]
COUNTRIES = ["Select country", "Australia", "Canada", "Germany", "Ghana", "Ireland", "Kenya",
             "Netherlands", "New Zealand", "Nigeria", "Norway", "South Africa", "United Kingdom",
             "United States"]
TITLES = ["Select title", "Prof.", "Assoc. Prof.", "Dr."]


# --------------------------------------------------------------------------
# A run: current page, world state overrides, steps
# --------------------------------------------------------------------------

TRANSIENT = ("status", "dialog", "inst_open", "alert")


class Run:
    def __init__(self, rid, workflow, task, recent, start_min=0, nom_ref=1182, exm_ref=764):
        self.id = rid
        self.workflow = workflow
        self.task = task
        self.recent = list(recent)
        self.world = {}
        self.banner = True
        self.toast = None
        self.steps = []
        self.page = None
        self.view = None
        self.initial = None
        self.fault = None
        self.fault_step = None
        self.clock = dt.datetime(2025, 10, 14, 10, 0) + dt.timedelta(minutes=start_min)
        self.nom_ref = nom_ref
        self.exm_ref = exm_ref

    # state helpers
    def now(self):
        return self.clock.strftime("%H:%M")

    def w(self, tid):
        return self.world.setdefault(tid, {})

    def stage(self, t):
        return self.world.get(t["id"], {}).get("stage", t["stage"])

    # rendering
    def show(self, fn, *a, **kw):
        self.view = (fn, a, kw)
        self.page = fn(self, *a, **kw)
        return self.page

    def again(self, **kw):
        fn, a, k = self.view
        k = {kk: vv for kk, vv in k.items() if kk not in TRANSIENT}
        k.update(kw)
        return self.show(fn, *a, **k)

    def start(self, fn, *a, **kw):
        self.show(fn, *a, **kw)
        self.initial = self.page.obs()

    # actions
    def act(self, cm, kind, role, name, why, effect, then, value=None, within=None, error=None):
        bid = self.page.ax.find(role, name, within)
        if kind == "click":
            cmd = f"click({q(bid)})"
        elif kind == "fill":
            cmd = f"fill({q(bid)}, {q(value)})"
        elif kind == "select":
            cmd = f"select_option({q(bid)}, {q(value)})"
        elif kind == "press":
            cmd = f"press({q(bid)}, {q(value)})"
        elif kind == "upload":
            cmd = f"upload_file({q(bid)}, {q(value)})"
        else:
            raise ValueError(kind)
        self._record(cm, cmd, f"{role} {q(name)}", why, effect, then, error)

    def other(self, cm, cmd, target, why, effect, then, error=None):
        self._record(cm, cmd, target, why, effect, then, error)

    def say(self, cm, msg, why):
        self._record(cm, f"send_msg_to_user({q(msg)})", "message to user", why, "read",
                     lambda: self.page, None)

    def _record(self, cm, cmd, target, why, effect, then, error):
        assert effect in ("read", "write", "irreversible")
        self.clock += dt.timedelta(seconds=RNG.choice([20, 35, 50, 65, 80]))
        new = then()
        self.steps.append({"commitment": cm,
                           "action": {"command": cmd, "reasoning": why, "target": target,
                                      "effect": effect},
                           "observation": new.obs(error)})

    def off_track(self, fault):
        """Label: the NEXT recorded step is the first off-track step."""
        assert self.fault is None
        self.fault = fault
        self.fault_step = len(self.steps)

    def mut(self, d=None, view=None, **kw):
        def f():
            if d is not None:
                d.update(kw)
            return self.again(**(view or {}))
        return f

    def record(self, plan):
        healthy = self.fault is None
        return {"id": self.id, "workflow": self.workflow, "task": self.task, "plan": plan,
                "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": healthy}}


# --------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------

NAV = ["Dashboard", "Theses", "Nominations", "Examinations", "Reports"]


def page(r, title, path, body, active=None, crumbs=None, typed="", alert=None, status=None,
         dialog=None, current_id=None):
    ax = AX(f"{title} — {PRODUCT}")
    with ax.node("banner", ""):
        ax.add("link", "ThesisDesk home")
        ax.text("Kestrel Vale University · Graduate Research School")
        with ax.node("navigation", "Main"):
            for item in NAV:
                ax.add("link", item, *([CUR] if item == active else []))
        with ax.node("search", "Site search"):
            ax.add("searchbox", SEARCHBOX, *([V(typed)] if typed else []))
            ax.add("button", "Search")
        ax.add("button", "Notifications, 3 unread", "hasPopup='menu'", EXP(False))
        ax.add("button", f"Account menu: {USER}, {USER_ROLE}", "hasPopup='menu'", EXP(False))
    if r.banner:
        with ax.node("region", "Service notice"):
            ax.text("Planned maintenance: ThesisDesk will be unavailable on Saturday 18 October "
                    "2025, 20:00–23:00 BST.")
            ax.add("button", "Dismiss service notice")
    if crumbs:
        with ax.node("navigation", "Breadcrumb"):
            with ax.node("list", ""):
                for c in crumbs[:-1]:
                    with ax.node("listitem", ""):
                        ax.add("link", c)
                with ax.node("listitem", ""):
                    ax.text(crumbs[-1])
    with ax.node("main", ""):
        if alert:
            with ax.node("alert", "", "live='assertive'", "atomic=True"):
                ax.text(alert)
        body(ax)
    recent = [t for t in r.recent if t != current_id][:5]
    with ax.node("complementary", "Recently viewed"):
        ax.add("heading", "Recently viewed")
        if recent:
            with ax.node("list", ""):
                for tid in recent:
                    with ax.node("listitem", ""):
                        ax.add("link", f"{tid} · {TH[tid]['cand']}")
        else:
            ax.text("Records you open will appear here.")
    with ax.node("status", "", "live='polite'", "atomic=True"):
        if status:
            ax.text(status)
    if r.toast:
        with ax.node("region", "Notification"):
            ax.text(r.toast)
            ax.add("button", "Dismiss notification")
    with ax.node("contentinfo", ""):
        ax.text("© 2025 Kestrel Vale University · ThesisDesk 4.12.3")
        for link in ["Accessibility statement", "Privacy notice", "HDR examination policy",
                     "Contact the Graduate Research School"]:
            ax.add("link", link)
    if dialog:
        dialog(ax)
    return Page(BASE + path, ax)


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------

DASH_TASKS = [("Nominate examiners", "THS-2025-0417", "due 21 Oct 2025"),
              ("Nominate examiners", "THS-2025-0418", "due 24 Oct 2025"),
              ("Lodge final thesis", "THS-2025-0392", "intention to submit received 15 Sep 2025"),
              ("Lodge final thesis", "THS-2025-0393", "intention to submit received 22 Sep 2025"),
              ("Chase examiner report", "THS-2024-0392", "report due 14 Nov 2025")]


def dashboard(r, typed=""):
    def body(ax):
        ax.add("heading", "Good morning, Aoife")
        ax.text("Tuesday 14 October 2025")
        with ax.node("region", "My tasks"):
            ax.add("heading", f"My tasks ({len(DASH_TASKS)})")
            with ax.node("list", ""):
                for verb, tid, note in DASH_TASKS:
                    with ax.node("listitem", ""):
                        ax.add("link", f"{verb}: {tid} · {TH[tid]['cand']}")
                        ax.text(note)
        with ax.node("region", "Pipeline at a glance"):
            ax.add("heading", "Pipeline at a glance")
            with ax.node("table", "Active theses by stage"):
                with ax.node("row", ""):
                    ax.add("columnheader", "Stage")
                    ax.add("columnheader", "Theses")
                for s in STAGES:
                    with ax.node("row", ""):
                        ax.add("cell", s)
                        ax.add("cell", str(sum(1 for t in ACTIVE if r.stage(t) == s)))
            ax.add("link", "View all theses")
        with ax.node("region", "Announcements"):
            ax.add("heading", "Announcements")
            ax.text("6 Oct 2025 · Examiner fee rates for 2025–26 have been published.")
            ax.add("link", "Read the 2025–26 examiner fee schedule")
    return page(r, "Dashboard", "/dashboard", body, active="Dashboard", typed=typed)


def theses_list(r, pg=1, sort=DEFAULT_SORT, stages=(), panel=False, pending=None, typed="",
                status=None):
    items = [t for t in ACTIVE if not stages or r.stage(t) in stages]
    items = sort_items(items, sort)
    total = len(items)
    npages = max(1, math.ceil(total / PAGE_SIZE))
    chunk = items[(pg - 1) * PAGE_SIZE: pg * PAGE_SIZE]
    qs = f"?sort={SORTS[sort]}" + "".join(f"&stage={slugify(s)}" for s in stages)
    if pg > 1:
        qs += f"&page={pg}"

    def body(ax):
        ax.add("heading", "Theses")
        a = (pg - 1) * PAGE_SIZE + 1
        b = min(total, pg * PAGE_SIZE)
        ax.text(f"Showing {a}–{b} of {total} theses")
        ax.add("button", "Filters" + (f" ({len(stages)} active)" if stages else ""), EXP(panel))
        if panel:
            sel = set(stages if pending is None else pending)
            with ax.node("region", "Filter theses"):
                ax.add("heading", "Filter theses")
                with ax.node("combobox", "Faculty", V("All faculties"), "hasPopup='menu'", EXP(False)):
                    for f in FACULTIES:
                        ax.add("option", f, *([SEL] if f == "All faculties" else []))
                with ax.node("group", "Stage"):
                    for s in STAGES:
                        ax.add("checkbox", s, CHK(s in sel))
                ax.add("checkbox", "Only theses assigned to me", CHK(False))
                ax.add("button", "Apply filters")
                ax.add("button", "Clear all filters")
        for s in stages:
            ax.add("button", f"Remove filter: Stage is {s}")
        with ax.node("combobox", "Sort by", V(sort), "hasPopup='menu'", EXP(False)):
            for s in SORTS:
                ax.add("option", s, *([SEL] if s == sort else []))
        with ax.node("table", "Theses"):
            with ax.node("rowgroup", ""):
                with ax.node("row", ""):
                    for h in ["Thesis ID", "Candidate", "Title", "Faculty", "Stage", "Due",
                              "Last updated"]:
                        ax.add("columnheader", h)
            with ax.node("rowgroup", ""):
                for t in chunk:
                    with ax.node("row", ""):
                        with ax.node("cell", t["id"]):
                            ax.add("link", t["id"])
                        ax.add("cell", t["cand"])
                        ax.add("cell", t["title"])
                        ax.add("cell", t["faculty"])
                        ax.add("cell", r.stage(t))
                        ax.add("cell", fmt_date(t["due"]) if t["due"] else "—")
                        ax.add("cell", fmt_date(t["updated"].date()))
        with ax.node("navigation", "Pagination"):
            ax.add("link", "Previous page", *([DIS] if pg == 1 else []))
            for i in range(1, npages + 1):
                ax.add("link", f"Page {i}", *([CUR] if i == pg else []))
            ax.add("link", "Next page", *([DIS] if pg == npages else []))
    return page(r, "Theses", "/theses" + qs, body, active="Theses",
                crumbs=["Dashboard", "Theses"], typed=typed, status=status)


def search(query):
    toks = query.lower().split()
    out = []
    for t in TH.values():
        words = f"{t['id']} {t['cand']} {t['title']}".lower().split()
        if all(any(w.startswith(tok) for w in words) for tok in toks):
            out.append(t)
    return sorted(out, key=lambda t: t["updated"], reverse=True)


def search_page(r, query, typed=None):
    res = search(query)

    def body(ax):
        ax.add("heading", f'Search results for "{query}"')
        ax.text(f"{len(res)} result{'s' if len(res) != 1 else ''} in theses · sorted by most "
                f"recently updated")
        if not res:
            ax.text("No theses match your search. Check the thesis ID, or search by the "
                    "candidate's surname.")
        with ax.node("list", "Search results"):
            for t in res:
                with ax.node("listitem", ""):
                    with ax.node("article", ""):
                        ax.add("link", f"{t['id']} · {t['title']}")
                        ax.text(f"{t['cand']} · {t['degree']} · {r.stage(t)}")
                        ax.text(f"Last updated {fmt_date(t['updated'].date())}")
    return page(r, f"Search: {query}", "/search?q=" + urllib.parse.quote(query), body,
                crumbs=["Dashboard", "Search"], typed=query if typed is None else typed)


TABS = ["Overview", "Examination", "Documents", "History"]


def record(r, tid, tab="Overview", typed="", status=None):
    t = TH[tid]
    w = r.world.get(tid, {})
    if tid in r.recent:
        r.recent.remove(tid)
    r.recent.insert(0, tid)
    stage = r.stage(t)
    examiners = w.get("examiners", t["examiners"])

    def body(ax):
        ax.add("heading", f"{tid} · {t['title']}")
        ax.text(f"{t['cand']} (student no. {t['sno']}) · {t['degree']}")
        ax.text(f"Stage: {stage}")
        with ax.node("group", "Thesis actions"):
            nd = w.get("nom_draft")
            if w.get("nominations"):
                pass
            elif nd:
                ax.add("button", "Continue nomination draft")
                ax.text(f"Draft {nd['ref']} last saved today at {nd['saved']}")
            elif stage == "Examiner nomination due":
                ax.add("button", "Nominate examiners")
            sd = w.get("sub_draft")
            if w.get("lodged"):
                ax.text(f"Final thesis lodged today ({w['lodged']})")
            elif sd:
                ax.add("button", "Continue final submission")
                ax.text(f"Final submission draft last saved today at {sd['saved']} "
                        f"(step {sd['step']} of 5)")
            elif stage == "Ready for submission":
                ax.add("button", "Submit final thesis")
            else:
                ax.add("button", "Submit final thesis", DIS)
                ax.text("Final submission opens once both examiners are approved.")
            ax.add("button", "More actions", "hasPopup='menu'", EXP(False))
        with ax.node("tablist", "Thesis sections"):
            for tb in TABS:
                ax.add("tab", tb, f"selected={tb == tab}")
        with ax.node("tabpanel", tab):
            if tab == "Overview":
                with ax.node("DescriptionList", ""):
                    for k, v in [("Candidate", f"{t['cand']} (student no. {t['sno']})"),
                                 ("Faculty", f"Faculty of {t['faculty']}"),
                                 ("Principal supervisor", t["sup"]),
                                 ("Co-supervisor", t["cosup"] or "—"),
                                 ("Stage", stage),
                                 ("Next milestone due", fmt_long(t["due"]) if t["due"] else "—")]:
                        ax.add("term", k, bid=False)
                        ax.add("definition", v, bid=False)
                with ax.node("region", "Examiners"):
                    ax.add("heading", "Examiners")
                    if examiners:
                        with ax.node("list", ""):
                            for name, inst, st in examiners:
                                ax.add("listitem", f"{name} · {inst} · {st}")
                    else:
                        ax.text("No examiners have been nominated yet.")
            elif tab == "Examination":
                ax.add("heading", "Examination")
                with ax.node("table", "Examiners"):
                    with ax.node("row", ""):
                        for h in ["Examiner", "Institution", "Status"]:
                            ax.add("columnheader", h)
                    for name, inst, st in examiners:
                        with ax.node("row", ""):
                            ax.add("cell", name)
                            ax.add("cell", inst)
                            ax.add("cell", st)
                if not examiners:
                    ax.text("No examiners have been nominated yet.")
                noms = w.get("nominations", [])
                ax.text("Nominations: " + ("; ".join(f"{a} · {b}" for a, b in noms)
                                           if noms else "none submitted"))
                ax.text("Final thesis: " + (f"lodged ({w['lodged']})" if w.get("lodged")
                                            else "not yet lodged"))
            elif tab == "Documents":
                with ax.node("table", "Documents"):
                    with ax.node("row", ""):
                        ax.add("columnheader", "Document")
                        ax.add("columnheader", "Status")
                    for name, st in t["documents"]:
                        with ax.node("row", ""):
                            with ax.node("cell", name):
                                ax.add("link", name)
                            ax.add("cell", st)
                ax.add("button", "Upload document")
            else:
                with ax.node("list", "Record history"):
                    for h in t["history"] or ["No history recorded."]:
                        ax.add("listitem", h)
        with ax.node("region", "Related records"):
            ax.add("heading", "Related records")
            if t["related"]:
                with ax.node("list", ""):
                    for _, label in t["related"]:
                        with ax.node("listitem", ""):
                            ax.add("link", label)
            else:
                ax.text("No related records.")
    path = f"/theses/{tid}" + ("" if tab == "Overview" else f"?tab={tab.lower()}")
    return page(r, f"{tid} · {t['cand']}", path, body, active="Theses",
                crumbs=["Dashboard", "Theses", tid], typed=typed, status=status, current_id=tid)


def denied(r, tid, typed=""):
    t = TH[tid]

    def body(ax):
        ax.add("heading", "You don't have permission to do that")
        ax.text(f"Your role ({USER_ROLE}) can't start examiner nominations for Faculty of "
                f"{t['faculty']} theses while the faculty's delegation (FD-ENG-07) is being "
                "renewed.")
        ax.text("Ask the faculty HDR office to start the nomination, or contact the Graduate "
                "Research School quoting reference 403-7F2C.")
        ax.add("link", f"Back to {tid}")
        ax.add("link", "Email thesisdesk@kestrelvale.ac.uk")
    return page(r, "Access denied", f"/theses/{tid}/nominations/new", body, active="Theses",
                crumbs=["Dashboard", "Theses", tid, "Access denied"], typed=typed)


# --- examiner nomination wizard ----------------------------------------------

NOM_STEPS = ["Examiner 1", "Examiner 2", "Conflicts of interest", "Review and submit"]
NOM_SLUG = ["examiner-1", "examiner-2", "conflicts", "review"]
NOM_NEXT = {1: "Next: Examiner 2", 2: "Next: Conflicts of interest", 3: "Next: Review",
            4: "Submit nomination"}
COI_YES = "Yes — I will describe the relationship"
COI_NO = "No — neither examiner has a conflict to declare"
CONSULTED = "The principal supervisor has been consulted about these nominations"


def blank_examiner():
    return {"title": "Select title", "name": "", "inst": "", "country": "Select country",
            "email": "", "orcid": ""}


def new_nom(r, tid):
    return {"ref": f"NOM-2025-{r.nom_ref}", "tid": tid, "e1": blank_examiner(),
            "e2": blank_examiner(), "coi": None, "consulted": False, "details": ""}


def examiner_line(e):
    title = "" if e["title"] == "Select title" else e["title"] + " "
    return f"{title}{e['name']}".strip() or "Not provided"


def nom_summary(ax, form, with_links):
    with ax.node("table", "Nomination summary"):
        with ax.node("row", ""):
            for h in ["Item", "Name", "Institution", "Email address"] + (["Change"] if with_links else []):
                ax.add("columnheader", h)
        for k in (1, 2):
            e = form[f"e{k}"]
            inst = ", ".join(x for x in [e["inst"], "" if e["country"] == "Select country"
                                         else e["country"]] if x) or "Not provided"
            with ax.node("row", ""):
                ax.add("cell", f"Examiner {k}")
                ax.add("cell", examiner_line(e))
                ax.add("cell", inst)
                ax.add("cell", e["email"] or "Not provided")
                if with_links:
                    with ax.node("cell", ""):
                        ax.add("link", f"Change examiner {k}")
        coi = {"No": "None declared", "Yes": "Declared", None: "Not answered"}[form["coi"]]
        with ax.node("row", ""):
            ax.add("cell", "Conflicts of interest")
            ax.add("cell", coi)
        with ax.node("row", ""):
            ax.add("cell", "Supervisor consulted")
            ax.add("cell", "Confirmed" if form["consulted"] else "Not confirmed")


def nom_page(r, tid, step, form, status=None, dialog=False, inst_open=False, typed="",
             alert=None):
    t = TH[tid]

    def body(ax):
        ax.add("heading", "Nominate external examiners")
        ax.text(f"{tid} · {t['cand']} · {t['title']}")
        ax.text(f"Draft {form['ref']}")
        with ax.node("navigation", "Form progress"):
            with ax.node("list", ""):
                for i, nm in enumerate(NOM_STEPS, 1):
                    suffix = " (current step)" if i == step else (" (completed)" if i < step else "")
                    ax.add("listitem", f"Step {i} of 4: {nm}{suffix}", bid=False)
        if step in (1, 2):
            e = form[f"e{step}"]
            with ax.node("group", f"Examiner {step}"):
                ax.add("heading", f"Examiner {step}")
                with ax.node("combobox", "Title", V(e["title"]), "hasPopup='menu'", EXP(False), REQ):
                    for o in TITLES:
                        ax.add("option", o, *([SEL] if o == e["title"] else []))
                ax.add("textbox", "Full name", *([V(e["name"])] if e["name"] else []), REQ)
                ax.add("combobox", "Institution", *([V(e["inst"])] if e["inst"] else []),
                       "autocomplete='list'", "hasPopup='listbox'", EXP(inst_open), REQ)
                if inst_open:
                    sugg = [i for i in INSTITUTIONS if i.lower().startswith(e["inst"].lower())][:5]
                    with ax.node("listbox", "Institution suggestions"):
                        for s in sugg:
                            ax.add("option", s)
                with ax.node("combobox", "Country", V(e["country"]), "hasPopup='menu'", EXP(False), REQ):
                    for o in COUNTRIES:
                        ax.add("option", o, *([SEL] if o == e["country"] else []))
                ax.add("textbox", "Email address", *([V(e["email"])] if e["email"] else []), REQ)
                ax.add("textbox", "ORCID iD (optional)", *([V(e["orcid"])] if e["orcid"] else []))
                ax.text("Examiners must hold a doctorate, be active in the field, and must not "
                        "have been employed by Kestrel Vale University in the last five years.")
        elif step == 3:
            with ax.node("group", "Conflicts of interest"):
                ax.add("heading", "Conflicts of interest")
                with ax.node("radiogroup", "Does either examiner have a conflict of interest with "
                                           "the candidate or supervisors?", REQ):
                    ax.add("radio", COI_YES, CHK(form["coi"] == "Yes"))
                    ax.add("radio", COI_NO, CHK(form["coi"] == "No"))
                ax.add("textbox", "Details of any relationship (optional)",
                       *([V(form["details"])] if form["details"] else []))
                ax.add("checkbox", CONSULTED, CHK(form["consulted"]), REQ)
                ax.text("Co-authorship or collaboration in the last five years is a conflict and "
                        "must be declared.")
        else:
            ax.add("heading", "Review and submit")
            nom_summary(ax, form, with_links=True)
            ax.text("Submitting sends this nomination to the Dean of Graduate Research "
                    "(Prof. Keith Alder) for approval.")
        with ax.node("group", "Form actions"):
            if step > 1:
                ax.add("button", "Back")
            ax.add("button", "Save draft")
            ax.add("button", NOM_NEXT[step])
            ax.add("link", "Cancel and return to thesis")

    def dlg(ax):
        with ax.node("dialog", "Submit nomination?", "modal=True"):
            ax.add("heading", "Submit nomination?")
            ax.text(f"This sends {form['ref']} to the Dean of Graduate Research for approval. "
                    "You can't edit a nomination after it has been submitted.")
            ax.add("button", "Cancel")
            ax.add("button", "Yes, submit nomination")
    return page(r, f"Nominate examiners (step {step} of 4) · {tid}",
                f"/theses/{tid}/nominations/{form['ref']}/{NOM_SLUG[step - 1]}", body,
                active="Theses", crumbs=["Dashboard", "Theses", tid, "Nominate examiners"],
                typed=typed, status=status, alert=alert, dialog=dlg if dialog else None)


def nom_done(r, tid, form, ref, earlier=None, typed=""):
    t = TH[tid]

    def body(ax):
        ax.add("heading", "Nomination submitted")
        ax.text(f"Reference {ref}")
        ax.text(f"Examiner nomination for {tid} · {t['cand']} was sent to the Dean of Graduate "
                f"Research for approval on 14 October 2025 at {r.now()}.")
        ax.text("Status: Awaiting Dean approval")
        nom_summary(ax, form, with_links=False)
        if earlier:
            with ax.node("region", "Other nominations for this thesis"):
                ax.add("heading", "Other nominations for this thesis")
                with ax.node("list", ""):
                    for e in earlier:
                        ax.add("listitem", e)
        ax.add("link", f"Return to {tid}")
        ax.add("link", "Download nomination summary (PDF)")
    return page(r, f"Nomination {ref} submitted", f"/nominations/{ref}", body,
                active="Nominations", crumbs=["Dashboard", "Nominations", ref], typed=typed,
                status=f"Nomination {ref} submitted.")


# --- final submission wizard -------------------------------------------------

SUB_STEPS = ["Thesis details", "Files", "Embargo", "Declarations", "Review and lodge"]
SUB_SLUG = ["details", "files", "embargo", "declarations", "review"]
SUB_NEXT = {1: "Next: Files", 2: "Next: Embargo", 3: "Next: Declarations", 4: "Next: Review",
            5: "Lodge for examination"}
EMB_NONE = "No embargo (open access on award)"
EMB_OPTS = [EMB_NONE, "12 months", "24 months", "36 months (requires Dean approval)"]
SCOPE_OPTS = ["Full text and abstract", "Full text only (abstract public)"]
DECL1 = "Candidate's signed declaration of originality is on file"
DECL2 = "Principal supervisor has endorsed the thesis for examination"
PDF = "Ferreira_J_PhD_final.pdf"


def new_sub(r, tid):
    t = TH[tid]
    return {"ref": f"FS-2025-{r.exm_ref + 3100}", "tid": tid, "title": t["title"],
            "abstract": t["abstract"], "keywords": t["keywords"], "words": "", "file": None,
            "embargo": EMB_NONE, "scope": SCOPE_OPTS[0], "reason": "", "note": "",
            "decl1": False, "decl2": False}


def embargo_text(form):
    if form["embargo"] == EMB_NONE:
        return "No embargo — open access on award"
    months = int(form["embargo"].split()[0])
    until = dt.date(TODAY.year + months // 12, TODAY.month, TODAY.day)
    return f"{months} months — until {fmt_long(until)}"


def words_text(form):
    w = form["words"].replace(",", "")
    return f"{int(w):,}" if w.isdigit() else (form["words"] or "Not provided")


def sub_summary(ax, form, with_links):
    rows = [("Final thesis title", form["title"], "details"),
            ("Word count", words_text(form), "details"),
            ("Thesis PDF", f"{form['file']} (6.8 MB, PDF/A check passed)" if form["file"]
             else "No file attached", "files"),
            ("Supplementary material", "None", "files"),
            ("Embargo", embargo_text(form), "embargo")]
    if form["embargo"] != EMB_NONE:
        rows += [("Embargo applies to", form["scope"], "embargo"),
                 ("Reason for embargo", form["reason"] or "Not provided", "embargo")]
    decl = []
    decl.append("Candidate declaration on file" if form["decl1"] else "Candidate declaration not confirmed")
    decl.append("supervisor endorsement received" if form["decl2"] else "supervisor endorsement not confirmed")
    rows.append(("Declarations", "; ".join(decl), "declarations"))
    with ax.node("table", "Submission summary"):
        with ax.node("row", ""):
            for h in ["Item", "Value"] + (["Change"] if with_links else []):
                ax.add("columnheader", h)
        for k, v, sec in rows:
            with ax.node("row", ""):
                ax.add("cell", k)
                ax.add("cell", v)
                if with_links:
                    with ax.node("cell", ""):
                        ax.add("link", f"Change {k[0].lower() + k[1:]}")


def sub_page(r, tid, step, form, status=None, dialog=False, typed="", alert=None):
    t = TH[tid]

    def body(ax):
        ax.add("heading", "Submit final thesis for examination")
        ax.text(f"{tid} · {t['cand']} · {t['degree']}")
        with ax.node("navigation", "Form progress"):
            with ax.node("list", ""):
                for i, nm in enumerate(SUB_STEPS, 1):
                    suffix = " (current step)" if i == step else (" (completed)" if i < step else "")
                    ax.add("listitem", f"Step {i} of 5: {nm}{suffix}", bid=False)
        if step == 1:
            with ax.node("group", "Thesis details"):
                ax.add("heading", "Thesis details")
                ax.add("textbox", "Final thesis title", V(form["title"]), REQ)
                ax.add("textbox", "Abstract", V(form["abstract"]), "multiline", REQ)
                ax.add("textbox", "Word count (excluding appendices)",
                       *([V(form["words"])] if form["words"] else []), REQ)
                ax.add("textbox", "Keywords (optional)", *([V(form["keywords"])] if form["keywords"] else []))
        elif step == 2:
            with ax.node("group", "Files"):
                ax.add("heading", "Files")
                ax.text("Thesis PDF (required) · PDF/A, maximum 200 MB")
                ax.add("button", "Choose file for Thesis PDF")
                if form["file"]:
                    ax.text(f"{form['file']} · 6.8 MB · PDF/A check passed")
                    ax.add("button", f"Remove {form['file']}")
                else:
                    ax.text("No file chosen")
                ax.text("Supplementary material (optional) · ZIP or PDF, maximum 500 MB")
                ax.add("button", "Choose file for Supplementary material")
                ax.text("No file chosen")
        elif step == 3:
            with ax.node("group", "Embargo"):
                ax.add("heading", "Embargo")
                ax.text("Theses are made open access in the Kestrel Vale Research Repository on "
                        "award unless an embargo is approved.")
                with ax.node("radiogroup", "Embargo period", REQ):
                    for o in EMB_OPTS:
                        ax.add("radio", o, CHK(form["embargo"] == o))
                with ax.node("combobox", "Embargo applies to", V(form["scope"]), "hasPopup='menu'", EXP(False)):
                    for o in SCOPE_OPTS:
                        ax.add("option", o, *([SEL] if o == form["scope"] else []))
                ax.add("textbox", "Reason for embargo", *([V(form["reason"])] if form["reason"] else []))
                ax.text("Required if you select an embargo. Shared with the Dean and the library; "
                        "not published.")
                ax.add("textbox", "Note to the library (optional)", *([V(form["note"])] if form["note"] else []))
        elif step == 4:
            with ax.node("group", "Declarations"):
                ax.add("heading", "Declarations")
                ax.add("checkbox", DECL1, CHK(form["decl1"]), REQ)
                ax.add("checkbox", DECL2, CHK(form["decl2"]), REQ)
                ax.text("Check the Documents tab of the thesis record if you are unsure.")
        else:
            ax.add("heading", "Review and lodge")
            sub_summary(ax, form, with_links=True)
            ax.text("Examiners to be notified: " + "; ".join(e[0] for e in t["examiners"]))
        with ax.node("group", "Form actions"):
            if step > 1:
                ax.add("button", "Back")
            ax.add("button", "Save draft")
            ax.add("button", SUB_NEXT[step])
            ax.add("link", "Cancel and return to thesis")

    def dlg(ax):
        with ax.node("dialog", "Lodge thesis for examination?", "modal=True"):
            ax.add("heading", "Lodge thesis for examination?")
            ax.text("The files will be locked and both examiners will be notified by email. "
                    "Any embargo takes effect from today.")
            ax.add("button", "Cancel")
            ax.add("button", "Yes, lodge thesis")
    return page(r, f"Submit final thesis (step {step} of 5) · {tid}",
                f"/theses/{tid}/final-submission/{SUB_SLUG[step - 1]}", body, active="Theses",
                crumbs=["Dashboard", "Theses", tid, "Submit final thesis"], typed=typed,
                status=status, alert=alert, dialog=dlg if dialog else None)


def sub_done(r, tid, form, ref, typed=""):
    t = TH[tid]

    def body(ax):
        ax.add("heading", "Thesis lodged for examination")
        ax.text(f"Reference {ref}")
        ax.text(f"{tid} · {t['cand']} · lodged 14 October 2025 at {r.now()}")
        ax.text("Examiners notified: " + "; ".join(e[0] for e in t["examiners"]))
        sub_summary(ax, form, with_links=False)
        ax.add("link", f"Return to {tid}")
        ax.add("link", "Download lodgement receipt (PDF)")
    return page(r, f"Thesis lodged · {ref}", f"/examinations/{ref}", body,
                active="Examinations", crumbs=["Dashboard", "Examinations", ref], typed=typed,
                status=f"Thesis {tid} lodged for examination.")


# ==========================================================================
# PLANS — written from the two tasks and the healthy pages only, before any
# faulty run was written; not tuned afterwards.
# ==========================================================================

NE_TID = "THS-2025-0417"
ST_TID = "THS-2025-0392"

NE_TASK = ("Nominate two external examiners for the doctoral thesis THS-2025-0417 (Mei Lin Tan, "
           "'Tidal energy extraction in macro-tidal estuaries'). Examiner 1: Prof. Ruth Adeyemi, "
           "University of Leicester, United Kingdom, ruth.adeyemi@leicester.ac.uk. Examiner 2: "
           "Dr. Samuel Osei, University of Ghana, Ghana, s.osei@ug.edu.gh. Declare that neither "
           "examiner has a conflict of interest, confirm the principal supervisor was consulted, "
           "and submit the nomination.")

ST_TASK = ("Submit the final thesis for THS-2025-0392 (Joaquín Ferreira, 'Microbial community "
           "dynamics in Antarctic subglacial lakes') for examination: word count 78,450, attach "
           "Ferreira_J_PhD_final.pdf, embargo the full text for 24 months with the abstract public "
           "(reason: patent application pending, KVU Innovations ref. IP-2025-118), confirm the "
           "candidate's declaration and the supervisor's endorsement are on file, and lodge it.")

SITE_FALSIFIERS = {
    "execution": ["Sign in to ThesisDesk",
                  "Your session has expired. Please sign in again.",
                  "Something went wrong"],
}

PLAN_NE = {
    "task": NE_TASK,
    "plan_falsifiers": dict(SITE_FALSIFIERS, planning=["This thesis has been withdrawn"]),
    "commitments": [
        {"id": "open-thesis",
         "subgoal": "Open the thesis record THS-2025-0417 for Mei Lin Tan",
         "skill": "open_record_by_id",
         "confidence": 0.8,
         "confirm": {"precondition": ["Dashboard — ThesisDesk"],
                     "progress": ["Search results for THS-2025-0417"],
                     "completion": ["THS-2025-0417 · Tidal energy extraction in macro-tidal estuaries",
                                    "Stage: Examiner nomination due"]},
         "falsify": {"execution": ["THS-2025-0418 · Tidal stream resource assessment for the Severn Estuary",
                                   "Mei Ling Tang (student no. 22031188)",
                                   "THS-2021-0091 · Sediment transport under combined waves and currents",
                                   "No theses match your search"],
                     "skill": ["Search is unavailable"],
                     "planning": ["Stage: Examiners nominated"]}},
        {"id": "start-nomination",
         "subgoal": "Start the examiner nomination form for THS-2025-0417",
         "skill": "open_form",
         "confidence": 0.7,
         "confirm": {"precondition": ["Nominate examiners button on THS-2025-0417"],
                     "completion": ["Nominate examiners (step 1 of 4) · THS-2025-0417",
                                    "Nominate external examiners"]},
         "falsify": {"execution": ["Nominate examiners (step 1 of 4) · THS-2025-0418"],
                     "skill": ["Nominate examiners button is missing or disabled"]}},
        {"id": "examiner-1",
         "subgoal": "Enter Prof. Ruth Adeyemi, University of Leicester, United Kingdom, "
                    "ruth.adeyemi@leicester.ac.uk as Examiner 1",
         "skill": "fill_form",
         "confidence": 0.6,
         "confirm": {"progress": ["Full name: Ruth Adeyemi",
                                  "Institution: University of Leicester"],
                     "completion": ["Nominate examiners (step 2 of 4)"]},
         "falsify": {"execution": ["Enter a valid email address",
                                   "Full name is required"]}},
        {"id": "examiner-2",
         "subgoal": "Enter Dr. Samuel Osei, University of Ghana, Ghana, s.osei@ug.edu.gh as Examiner 2",
         "skill": "fill_form",
         "confidence": 0.6,
         "confirm": {"progress": ["Full name: Samuel Osei",
                                  "Institution: University of Ghana"],
                     "completion": ["Nominate examiners (step 3 of 4)"]},
         "falsify": {"execution": ["Enter a valid email address",
                                   "Full name is required"]}},
        {"id": "declare-conflicts",
         "subgoal": "Declare no conflicts of interest and confirm the principal supervisor was consulted",
         "skill": "fill_form",
         "confidence": 0.7,
         "confirm": {"progress": ["No — neither examiner has a conflict to declare (checked)"],
                     "completion": ["Nominate examiners (step 4 of 4)",
                                    "Conflicts of interest: None declared",
                                    "Supervisor consulted: Confirmed"]},
         "falsify": {"execution": ["Conflicts of interest: Declared"],
                     "planning": ["A conflict of interest has been declared for one of the examiners"]}},
        {"id": "submit-nomination",
         "subgoal": "Submit the nomination and confirm it in the dialog",
         "skill": "confirm_dialog",
         "confidence": 0.7,
         "confirm": {"precondition": ["Review and submit"],
                     "progress": ["Submit nomination?"],
                     "completion": ["Nomination submitted",
                                    "Status: Awaiting Dean approval"]},
         "falsify": {"execution": ["The nomination could not be submitted",
                                   {"text": "Discard draft", "on": "action"}],
                     "planning": ["This nomination has already been submitted"]}},
    ],
}

PLAN_ST = {
    "task": ST_TASK,
    "plan_falsifiers": dict(SITE_FALSIFIERS, planning=["Candidature suspended"]),
    "commitments": [
        {"id": "open-thesis",
         "subgoal": "Open the thesis record THS-2025-0392 for Joaquín Ferreira",
         "skill": "open_record_by_id",
         "confidence": 0.8,
         "confirm": {"precondition": ["ThesisDesk"],
                     "progress": ["Search results for THS-2025-0392", "Theses"],
                     "completion": ["THS-2025-0392 · Microbial community dynamics in Antarctic subglacial lakes",
                                    "Stage: Ready for submission"]},
         "falsify": {"execution": ["THS-2025-0393 · Microbial mat succession in Arctic meltwater ponds",
                                   "Joaquim Pereira (student no. 22004561)",
                                   "THS-2024-0392 · Urban heat islands and night-time mortality in mid-sized cities",
                                   "No theses match your search"],
                     "planning": ["Final thesis lodged"]}},
        {"id": "start-submission",
         "subgoal": "Open the final thesis submission form",
         "skill": "open_form",
         "confidence": 0.7,
         "confirm": {"completion": ["Submit final thesis (step 1 of 5) · THS-2025-0392",
                                    "Submit final thesis for examination"]},
         "falsify": {"skill": ["Submit final thesis button is disabled"],
                     "planning": ["Final submission opens once both examiners are approved"]}},
        {"id": "thesis-details",
         "subgoal": "Enter the word count 78,450 on the thesis details step",
         "skill": "fill_form",
         "confidence": 0.7,
         "confirm": {"progress": ["Word count (excluding appendices): 78450"],
                     "completion": ["Submit final thesis (step 2 of 5)"]},
         "falsify": {"execution": ["Word count must be a number"]}},
        {"id": "attach-pdf",
         "subgoal": "Attach Ferreira_J_PhD_final.pdf as the thesis PDF",
         "skill": "upload_file",
         "confidence": 0.6,
         "confirm": {"progress": ["Ferreira_J_PhD_final.pdf · 6.8 MB · PDF/A check passed"],
                     "completion": ["Submit final thesis (step 3 of 5)"]},
         "falsify": {"execution": ["Upload failed", "The file is not a valid PDF/A"]}},
        {"id": "set-embargo",
         "subgoal": "Set a 24-month embargo on the full text only (abstract public) with the "
                    "patent reason",
         "skill": "fill_form",
         "confidence": 0.5,
         "confirm": {"progress": ["24 months (checked)",
                                  "Embargo applies to: Full text only (abstract public)",
                                  "Reason for embargo: Patent application pending"],
                     "completion": ["Submit final thesis (step 4 of 5)"]},
         "falsify": {"execution": ["Enter a reason for the embargo",
                                   "36 months (requires Dean approval) (checked)"]}},
        {"id": "declarations",
         "subgoal": "Confirm the candidate's declaration and the supervisor's endorsement are on file",
         "skill": "fill_form",
         "confidence": 0.7,
         "confirm": {"progress": ["Candidate's signed declaration of originality is on file (checked)"],
                     "completion": ["Submit final thesis (step 5 of 5)",
                                    "Embargo: 24 months — until 14 October 2027",
                                    "Embargo applies to: Full text only (abstract public)"]},
         "falsify": {"execution": ["Embargo: No embargo",
                                   "Thesis PDF: No file attached"]}},
        {"id": "lodge",
         "subgoal": "Lodge the thesis for examination and confirm in the dialog",
         "skill": "confirm_dialog",
         "confidence": 0.7,
         "confirm": {"precondition": ["Review and lodge"],
                     "progress": ["Lodge thesis for examination?"],
                     "completion": ["Thesis lodged for examination",
                                    "Examiners notified: Prof. Lena Marquardt; Dr. Thandiwe Nkosi"]},
         "falsify": {"execution": ["Lodgement failed",
                                   {"text": "Discard draft", "on": "action"}],
                     "planning": ["This thesis has already been lodged"]}},
    ],
}

PLAN_NE_PATH = "plans/nominate-examiners.yaml"
PLAN_ST_PATH = "plans/submit-thesis.yaml"


# ==========================================================================
# Shared run fragments
# ==========================================================================

E1 = {"title": "Prof.", "name": "Ruth Adeyemi", "inst": "University of Leicester",
      "country": "United Kingdom", "email": "ruth.adeyemi@leicester.ac.uk"}
E2 = {"title": "Dr.", "name": "Samuel Osei", "inst": "University of Ghana", "country": "Ghana",
      "email": "s.osei@ug.edu.gh"}
EMB_REASON = "Patent application pending (KVU Innovations ref. IP-2025-118)"


def link_of(tid):
    return f"{tid} · {TH[tid]['title']}"


def open_by_search(r, cm, query, pick, via="enter", why_pick=None):
    r.act(cm, "fill", "searchbox", SEARCHBOX, f"Search ThesisDesk for {query}.", "read",
          lambda: r.again(typed=query), value=query)
    if via == "enter":
        r.act(cm, "press", "searchbox", SEARCHBOX, "Run the search.", "read",
              lambda: r.show(search_page, query), value="Enter")
    else:
        r.act(cm, "click", "button", "Search", "Run the search.", "read",
              lambda: r.show(search_page, query))
    r.act(cm, "click", "link", link_of(pick),
          why_pick or f"{pick} is the thesis in the task; open its record.", "read",
          lambda: r.show(record, pick))


def start_nomination(r, tid):
    form = new_nom(r, tid)

    def go():
        r.w(tid)["nom_draft"] = {"ref": form["ref"], "saved": r.now(), "step": 1}
        return r.show(nom_page, tid, 1, form)
    r.act("start-nomination", "click", "button", "Nominate examiners",
          "The stage is 'Examiner nomination due'; start the nomination form.", "write", go)
    return form


def fill_examiner(r, form, k, data, order=("title", "name", "inst", "country", "email"),
                  skip=()):
    e = form[f"e{k}"]
    cm = f"examiner-{k}"
    for f in order:
        if f in skip:
            continue
        if f == "title":
            r.act(cm, "select", "combobox", "Title", f"Examiner {k} is {data['title']} "
                  f"{data['name']}; set the title first.", "write",
                  r.mut(e, title=data["title"]), value=data["title"])
        elif f == "name":
            r.act(cm, "fill", "textbox", "Full name", f"Enter Examiner {k}'s name.", "write",
                  r.mut(e, name=data["name"]), value=data["name"])
        elif f == "inst":
            r.act(cm, "fill", "combobox", "Institution", f"Type the full institution name for "
                  f"Examiner {k}; the field accepts free text.", "write",
                  r.mut(e, view={"inst_open": True}, inst=data["inst"]), value=data["inst"])
        elif f == "country":
            r.act(cm, "select", "combobox", "Country", f"Set the country to {data['country']}.",
                  "write", r.mut(e, country=data["country"]), value=data["country"])
        elif f == "email":
            r.act(cm, "fill", "textbox", "Email address", f"Enter Examiner {k}'s email address "
                  "exactly as given in the task.", "write", r.mut(e, email=data["email"]),
                  value=data["email"])


def nom_next(r, tid, form, step, cm, why=None):
    def go():
        r.w(tid)["nom_draft"] = {"ref": form["ref"], "saved": r.now(), "step": step + 1}
        return r.show(nom_page, tid, step + 1, form)
    r.act(cm, "click", "button", NOM_NEXT[step], why or "This step is complete; move on.",
          "write", go)


def declare_no_conflicts(r, form):
    cm = "declare-conflicts"
    r.act(cm, "click", "radio", COI_NO, "The task says neither examiner has a conflict.",
          "write", r.mut(form, coi="No"))
    r.act(cm, "click", "checkbox", CONSULTED, "Confirm the principal supervisor was consulted.",
          "write", r.mut(form, consulted=True))


def submit_nomination(r, tid, form, earlier=None,
                      why="The summary matches the task; submit the nomination."):
    cm = "submit-nomination"
    r.act(cm, "click", "button", "Submit nomination", why, "read",
          lambda: r.again(dialog=True))
    ref = f"NOM-2025-{r.nom_ref}"

    def go():
        w = r.w(tid)
        w["nom_draft"] = None
        w["stage"] = "Examiners nominated"
        w.setdefault("nominations", []).append((ref, "Awaiting Dean approval"))
        w["examiners"] = [(examiner_line(form[f"e{k}"]), form[f"e{k}"]["inst"],
                           "Awaiting Dean approval") for k in (1, 2)]
        return r.show(nom_done, tid, form, ref, earlier=earlier)
    r.act(cm, "click", "button", "Yes, submit nomination",
          "Confirm the submission in the dialog.", "irreversible", go, within="dialog")
    return ref


def ne_report(r, tid, ref, form):
    e1, e2 = form["e1"], form["e2"]
    r.say("submit-nomination",
          f"Done: nomination {ref} for {tid} ({TH[tid]['cand']}) has been submitted with "
          f"{examiner_line(e1)} ({e1['inst']}) and {examiner_line(e2)} ({e2['inst']}) as "
          "external examiners, no conflicts declared. It is now awaiting Dean approval.",
          "The confirmation page shows the nomination reference; report back.")


def start_submission(r, tid, resume=False):
    form = new_sub(r, tid)

    def go():
        r.w(tid)["sub_draft"] = {"ref": form["ref"], "saved": r.now(), "step": 1}
        return r.show(sub_page, tid, 1, form)
    r.act("start-submission", "click", "button", "Submit final thesis",
          "The thesis is ready for submission; open the final submission form.", "write", go)
    return form


def sub_next(r, tid, form, step, cm, why=None, toast=None):
    def go():
        r.w(tid)["sub_draft"] = {"ref": form["ref"], "saved": r.now(), "step": step + 1}
        if toast:
            r.toast = toast
        return r.show(sub_page, tid, step + 1, form)
    r.act(cm, "click", "button", SUB_NEXT[step], why or "This step is complete; continue.",
          "write", go)


def fill_details(r, tid, form):
    r.act("thesis-details", "fill", "textbox", "Word count (excluding appendices)",
          "Title and abstract are already filled from the intention to submit; add the word "
          "count.", "write", r.mut(form, words="78450"), value="78450")


def attach_pdf(r, form):
    r.act("attach-pdf", "upload", "button", "Choose file for Thesis PDF",
          "Attach the final thesis PDF.", "write", r.mut(form, file=PDF), value=PDF)


def set_embargo(r, form, order=("period", "scope", "reason"), skip=()):
    cm = "set-embargo"
    for f in order:
        if f in skip:
            continue
        if f == "period":
            r.act(cm, "click", "radio", "24 months", "The task asks for a 24-month embargo.",
                  "write", r.mut(form, embargo="24 months"))
        elif f == "scope":
            r.act(cm, "select", "combobox", "Embargo applies to",
                  "Only the full text is embargoed; the abstract stays public.", "write",
                  r.mut(form, scope=SCOPE_OPTS[1]), value=SCOPE_OPTS[1])
        elif f == "reason":
            r.act(cm, "fill", "textbox", "Reason for embargo",
                  "A reason is required when an embargo is selected.", "write",
                  r.mut(form, reason=EMB_REASON), value=EMB_REASON)


def declarations(r, form):
    cm = "declarations"
    r.act(cm, "click", "checkbox", DECL1, "The candidate's declaration is on file.", "write",
          r.mut(form, decl1=True))
    r.act(cm, "click", "checkbox", DECL2, "The supervisor's endorsement is on file.", "write",
          r.mut(form, decl2=True))


def lodge(r, tid, form):
    cm = "lodge"
    r.act(cm, "click", "button", "Lodge for examination",
          "Everything on the review page matches the task; lodge the thesis.", "read",
          lambda: r.again(dialog=True))
    ref = f"EXM-2025-{r.exm_ref:04d}"

    def go():
        w = r.w(tid)
        w["sub_draft"] = None
        w["lodged"] = ref
        w["stage"] = "Under examination"
        return r.show(sub_done, tid, form, ref)
    r.act(cm, "click", "button", "Yes, lodge thesis", "Confirm lodgement in the dialog.",
          "irreversible", go, within="dialog")
    return ref


def st_report(r, tid, ref, form):
    refpart = f" (reference {ref})" if ref else ""
    r.say("lodge",
          f"Done: the final thesis for {tid} ({TH[tid]['cand']}) was lodged for examination"
          f"{refpart} with {form['file'] or PDF}, word count 78,450 and a 24-month "
          "embargo on the full text (abstract public). Both examiners have been notified.",
          "The lodgement confirmation is showing; report back.")


# ==========================================================================
# Healthy runs
# ==========================================================================

def ne_healthy_01():
    """Search by id (Enter), straight through the wizard."""
    r = Run("thesisdesk-nominate-healthy-01", "nominate-examiners", NE_TASK,
            recent=["THS-2025-0418", FILLERS[3]["id"], "THS-2024-0392"], start_min=2)
    r.start(dashboard)
    open_by_search(r, "open-thesis", NE_TID, NE_TID)
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1)
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2)
    nom_next(r, NE_TID, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    ref = submit_nomination(r, NE_TID, form)
    ne_report(r, NE_TID, ref, form)
    return r


def ne_healthy_02():
    """Dismiss the service notice, browse the list, paginate, check the Examination tab."""
    r = Run("thesisdesk-nominate-healthy-02", "nominate-examiners", NE_TASK,
            recent=[FILLERS[5]["id"], FILLERS[8]["id"]], start_min=11, nom_ref=1187)
    r.start(dashboard)

    def dismiss():
        r.banner = False
        return r.again()
    r.act("open-thesis", "click", "button", "Dismiss service notice",
          "Close the maintenance notice; it is not relevant today.", "read", dismiss)
    r.act("open-thesis", "click", "link", "Theses", "Browse the list of theses.", "read",
          lambda: r.show(theses_list), within=("navigation", "Main"))
    r.act("open-thesis", "click", "link", "Next page",
          "THS-2025-0417 is not on the first page of recently updated theses.", "read",
          lambda: r.show(theses_list, pg=2))
    r.act("open-thesis", "click", "link", NE_TID, "Here is THS-2025-0417, Mei Lin Tan.", "read",
          lambda: r.show(record, NE_TID))
    r.act("open-thesis", "click", "tab", "Examination",
          "Check no examiners have been nominated for this thesis yet.", "read",
          lambda: r.again(tab="Examination"))
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1, order=("name", "title", "inst", "email", "country"))
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2, order=("name", "title", "inst", "email", "country"))
    nom_next(r, NE_TID, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    ref = submit_nomination(r, NE_TID, form)
    ne_report(r, NE_TID, ref, form)
    return r


def ne_healthy_03():
    """Filter panel + re-sort; saves a draft, leaves via breadcrumb, resumes the draft."""
    r = Run("thesisdesk-nominate-healthy-03", "nominate-examiners", NE_TASK,
            recent=["THS-2025-0418", "THS-2025-0393"], start_min=25, nom_ref=1191)
    r.start(theses_list)
    stage = "Examiner nomination due"
    r.act("open-thesis", "click", "button", "Filters",
          "Narrow the list to theses waiting for examiner nominations.", "read",
          lambda: r.again(panel=True, pending=()))
    r.act("open-thesis", "click", "checkbox", stage, "Tick the nomination-due stage.", "read",
          lambda: r.again(pending=(stage,)))
    r.act("open-thesis", "click", "button", "Apply filters", "Apply the stage filter.", "read",
          lambda: r.show(theses_list, stages=(stage,)))
    r.act("open-thesis", "select", "combobox", "Sort by",
          "Sort by due date so the most urgent nominations come first.", "read",
          lambda: r.show(theses_list, stages=(stage,), sort="Due date (soonest first)"),
          value="Due date (soonest first)")
    r.act("open-thesis", "click", "link", NE_TID,
          "THS-2025-0417 (Mei Lin Tan) is due 21 Oct; open it.", "read",
          lambda: r.show(record, NE_TID))
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1)

    def save():
        r.w(NE_TID)["nom_draft"] = {"ref": form["ref"], "saved": r.now(), "step": 1}
        return r.again(status=f"Draft {form['ref']} saved at {r.now()}.")
    r.act("examiner-1", "click", "button", "Save draft",
          "Save Examiner 1 before checking the record's related theses.", "write", save)
    r.act("examiner-1", "click", "link", NE_TID,
          "The draft is saved; go back to the record to check the co-supervisor before "
          "naming Examiner 2.", "read", lambda: r.show(record, NE_TID),
          within=("navigation", "Breadcrumb"))
    r.act("examiner-1", "click", "button", "Continue nomination draft",
          "Co-supervisor is Dr. Imogen Wray, no overlap with the examiners; resume the saved "
          "draft.", "read", lambda: r.show(nom_page, NE_TID, 1, form))
    nom_next(r, NE_TID, form, 1, "examiner-1",
             why="The saved draft kept Examiner 1's details; continue to Examiner 2.")
    fill_examiner(r, form, 2, E2)
    nom_next(r, NE_TID, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    ref = submit_nomination(r, NE_TID, form)
    ne_report(r, NE_TID, ref, form)
    return r


def ne_healthy_04():
    """From the dashboard task list; goes Back a step to re-check Examiner 1."""
    r = Run("thesisdesk-nominate-healthy-04", "nominate-examiners", NE_TASK,
            recent=["THS-2021-0091", "THS-2025-0418", FILLERS[1]["id"]], start_min=40,
            nom_ref=1196)
    r.start(dashboard)
    r.act("open-thesis", "click", "link", f"Nominate examiners: {NE_TID} · Mei Lin Tan",
          "My task list links straight to this nomination.", "read",
          lambda: r.show(record, NE_TID))
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1, order=("title", "name", "inst", "email", "country"))
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2)
    r.act("examiner-2", "click", "button", "Back",
          "Double-check that Examiner 1's email was kept before continuing.", "read",
          lambda: r.show(nom_page, NE_TID, 1, form))
    r.act("examiner-2", "click", "button", NOM_NEXT[1],
          "Examiner 1 is intact; return to Examiner 2.", "write",
          lambda: r.show(nom_page, NE_TID, 2, form))
    nom_next(r, NE_TID, form, 2, "examiner-2",
             why="Examiner 2's details are still filled in; continue. ORCID is optional.")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    ref = submit_nomination(r, NE_TID, form)
    ne_report(r, NE_TID, ref, form)
    return r


def st_healthy_01():
    """Search by id (Search button), straight through."""
    r = Run("thesisdesk-submit-healthy-01", "submit-thesis", ST_TASK,
            recent=["THS-2025-0393", FILLERS[2]["id"]], start_min=4, exm_ref=764)
    r.start(dashboard)
    open_by_search(r, "open-thesis", ST_TID, ST_TID, via="button")
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form)
    sub_next(r, ST_TID, form, 3, "set-embargo")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


def st_healthy_02():
    """Filter panel by stage; dismisses an upload toast; note to library left empty."""
    r = Run("thesisdesk-submit-healthy-02", "submit-thesis", ST_TASK,
            recent=[FILLERS[6]["id"], "THS-2024-0392"], start_min=15, exm_ref=771)
    r.start(theses_list)
    stage = "Ready for submission"
    r.act("open-thesis", "click", "button", "Filters", "Show only theses ready for submission.",
          "read", lambda: r.again(panel=True, pending=()))
    r.act("open-thesis", "click", "checkbox", stage, "Tick the 'Ready for submission' stage.",
          "read", lambda: r.again(pending=(stage,)))
    r.act("open-thesis", "click", "button", "Apply filters", "Apply the filter.", "read",
          lambda: r.show(theses_list, stages=(stage,)))
    r.act("open-thesis", "click", "link", ST_TID,
          "THS-2025-0392 is Joaquín Ferreira's thesis (not THS-2025-0393, Joaquim Pereira).",
          "read", lambda: r.show(record, ST_TID))
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")

    def upload():
        form["file"] = PDF
        r.toast = f"{PDF} uploaded and passed the PDF/A check."
        return r.again()
    r.act("attach-pdf", "upload", "button", "Choose file for Thesis PDF",
          "Attach the final thesis PDF.", "write", upload, value=PDF)

    def dismiss():
        r.toast = None
        return r.again()
    r.act("attach-pdf", "click", "button", "Dismiss notification",
          "Upload confirmed; close the notification.", "read", dismiss)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form, order=("period", "reason", "scope"))
    sub_next(r, ST_TID, form, 3, "set-embargo",
             why="Embargo set; the library note is optional, so leave it empty.")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


def st_healthy_03():
    """Starts on the record (bookmark); saves a draft on the embargo step and reloads it."""
    r = Run("thesisdesk-submit-healthy-03", "submit-thesis", ST_TASK,
            recent=["THS-2025-0393", "THS-2022-0140"], start_min=33, exm_ref=778)
    r.start(record, ST_TID)
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form)

    def save():
        r.w(ST_TID)["sub_draft"] = {"ref": form["ref"], "saved": r.now(), "step": 3}
        return r.again(status=f"Draft saved at {r.now()}.")
    r.act("set-embargo", "click", "button", "Save draft",
          "Save the embargo settings before moving on.", "write", save)
    url = r.page.url
    r.other("set-embargo", f"goto({q(url)})", "address bar",
            "Reload the step to make sure the saved embargo settings persist.", "read",
            lambda: r.again())
    sub_next(r, ST_TID, form, 3, "set-embargo",
             why="The reloaded page still shows 24 months, full text only and the reason.")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


def st_healthy_04():
    """List re-sorted by thesis id, pagination to page 2, Documents tab check."""
    r = Run("thesisdesk-submit-healthy-04", "submit-thesis", ST_TASK,
            recent=[FILLERS[9]["id"]], start_min=48, exm_ref=785)
    r.start(theses_list)
    sort = "Thesis ID (newest first)"
    r.act("open-thesis", "select", "combobox", "Sort by", "Sort by thesis ID to find 0392.",
          "read", lambda: r.show(theses_list, sort=sort), value=sort)
    r.act("open-thesis", "click", "link", "Page 2",
          "IDs on page 1 stop above 0392; go to page 2.", "read",
          lambda: r.show(theses_list, sort=sort, pg=2))
    r.act("open-thesis", "click", "link", ST_TID, "Open THS-2025-0392 (Joaquín Ferreira).",
          "read", lambda: r.show(record, ST_TID))
    r.act("open-thesis", "click", "tab", "Documents",
          "Check the declaration and endorsement are on file before starting.", "read",
          lambda: r.again(tab="Documents"))
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form, order=("scope", "period", "reason"))
    sub_next(r, ST_TID, form, 3, "set-embargo")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


# ==========================================================================
# Faulty runs (written after the plans above; the plans were not changed)
# ==========================================================================

def ne_wrong_record():
    """Searches by name; opens Mei Ling Tang's THS-2025-0418 (listed first) instead."""
    r = Run("thesisdesk-nominate-wrong_record-01", "nominate-examiners", NE_TASK,
            recent=[FILLERS[4]["id"]], start_min=7, nom_ref=1183)
    r.start(dashboard)
    cm = "open-thesis"
    r.act(cm, "fill", "searchbox", SEARCHBOX, "Search by the candidate's name.", "read",
          lambda: r.again(typed="Mei Lin Tan"), value="Mei Lin Tan")
    r.act(cm, "click", "button", "Search", "Run the search.", "read",
          lambda: r.show(search_page, "Mei Lin Tan"))
    r.off_track("wrong_record")
    tid = "THS-2025-0418"
    r.act(cm, "click", "link", link_of(tid),
          "The top result is the PhD on tidal energy in the Severn estuary by Mei Lin Tan; "
          "open it.", "read", lambda: r.show(record, tid))
    form = start_nomination(r, tid)
    fill_examiner(r, form, 1, E1)
    nom_next(r, tid, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2)
    nom_next(r, tid, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, tid, form, 3, "declare-conflicts")
    ref = submit_nomination(r, tid, form)
    ne_report(r, NE_TID, ref, form)
    return r


def ne_wrong_value():
    """Institution autocomplete: picks University of Leeds instead of Leicester."""
    r = Run("thesisdesk-nominate-wrong_value-01", "nominate-examiners", NE_TASK,
            recent=["THS-2025-0418", FILLERS[7]["id"]], start_min=14, nom_ref=1185)
    r.start(dashboard)
    open_by_search(r, "open-thesis", NE_TID, NE_TID)
    form = start_nomination(r, NE_TID)
    e = form["e1"]
    cm = "examiner-1"
    r.act(cm, "select", "combobox", "Title", "Examiner 1 is Prof. Ruth Adeyemi; set the title.",
          "write", r.mut(e, title="Prof."), value="Prof.")
    r.act(cm, "fill", "textbox", "Full name", "Enter Examiner 1's name.", "write",
          r.mut(e, name="Ruth Adeyemi"), value="Ruth Adeyemi")
    r.act(cm, "fill", "combobox", "Institution",
          "Type the start of the institution and pick it from the suggestions.", "write",
          r.mut(e, view={"inst_open": True}, inst="University of Le"), value="University of Le")
    r.off_track("wrong_value")
    r.act(cm, "click", "option", "University of Leeds",
          "Pick the University from the suggestion list.", "write",
          r.mut(e, inst="University of Leeds"), within="listbox")
    r.act(cm, "select", "combobox", "Country", "Set the country to United Kingdom.", "write",
          r.mut(e, country="United Kingdom"), value="United Kingdom")
    r.act(cm, "fill", "textbox", "Email address", "Enter Examiner 1's email address.", "write",
          r.mut(e, email=E1["email"]), value=E1["email"])
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2)
    nom_next(r, NE_TID, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    ref = submit_nomination(r, NE_TID, form)
    ne_report(r, NE_TID, ref, form)
    return r


def ne_skipped_required():
    """Leaves Examiner 2's email empty; the wizard lets it through to review and submit."""
    r = Run("thesisdesk-nominate-skipped_required_field-01", "nominate-examiners", NE_TASK,
            recent=["THS-2025-0418"], start_min=20, nom_ref=1189)
    r.start(dashboard)
    r.act("open-thesis", "click", "link", f"Nominate examiners: {NE_TID} · Mei Lin Tan",
          "Use the task link on the dashboard.", "read", lambda: r.show(record, NE_TID))
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1)
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2, skip=("email",))
    r.off_track("skipped_required_field")
    nom_next(r, NE_TID, form, 2, "examiner-2",
             why="Examiner 2's name, institution and country are in; continue.")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    ref = submit_nomination(r, NE_TID, form)
    ne_report(r, NE_TID, ref, form)
    return r


def ne_permission_denied():
    """Nominate examiners leads to an in-app 403 page."""
    r = Run("thesisdesk-nominate-permission_denied-01", "nominate-examiners", NE_TASK,
            recent=[FILLERS[0]["id"], "THS-2025-0418"], start_min=31)
    r.start(dashboard)
    open_by_search(r, "open-thesis", NE_TID, NE_TID, via="button")
    r.off_track("permission_denied")
    r.act("start-nomination", "click", "button", "Nominate examiners",
          "The stage is 'Examiner nomination due'; start the nomination form.", "write",
          lambda: r.show(denied, NE_TID))
    r.act("start-nomination", "click", "link", f"Back to {NE_TID}",
          "Return to the thesis record.", "read", lambda: r.show(record, NE_TID))
    r.act("start-nomination", "click", "tab", "Examination",
          "See whether the nomination can be started from the Examination tab.", "read",
          lambda: r.again(tab="Examination"))
    r.say("start-nomination",
          "I opened THS-2025-0417 but ThesisDesk would not let me start the examiner "
          "nomination (reference 403-7F2C). The examiner details are ready to enter once "
          "access is restored.", "Report the blocked nomination.")
    return r


def ne_dialog_cancelled():
    """Clicks Cancel in the confirmation dialog, then reports success."""
    r = Run("thesisdesk-nominate-dialog_cancelled-01", "nominate-examiners", NE_TASK,
            recent=["THS-2025-0393", FILLERS[10]["id"]], start_min=36, nom_ref=1194)
    r.start(theses_list)
    r.act("open-thesis", "click", "link", "Page 2",
          "THS-2025-0417 was updated on 9 Oct, so it is further down the list.", "read",
          lambda: r.show(theses_list, pg=2))
    r.act("open-thesis", "click", "link", NE_TID, "Open THS-2025-0417 (Mei Lin Tan).", "read",
          lambda: r.show(record, NE_TID))
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1)
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2)
    nom_next(r, NE_TID, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    r.act("submit-nomination", "click", "button", "Submit nomination",
          "The summary matches the task; submit.", "read", lambda: r.again(dialog=True))
    r.off_track("dialog_cancelled")
    r.act("submit-nomination", "click", "button", "Cancel",
          "Close the dialog; the nomination is sent.", "read", lambda: r.again(),
          within="dialog")
    r.say("submit-nomination",
          f"Done: the nomination {form['ref']} for THS-2025-0417 (Mei Lin Tan) has been "
          "submitted with Prof. Ruth Adeyemi (University of Leicester) and Dr. Samuel Osei "
          "(University of Ghana), no conflicts declared.",
          "Report completion.")
    return r


def ne_duplicate_submit():
    """The first confirm is slow; the agent submits again and creates a second nomination."""
    r = Run("thesisdesk-nominate-duplicate_submit-01", "nominate-examiners", NE_TASK,
            recent=["THS-2025-0418", "THS-2021-0091"], start_min=44, nom_ref=1198)
    r.start(dashboard)
    open_by_search(r, "open-thesis", NE_TID, NE_TID)
    form = start_nomination(r, NE_TID)
    fill_examiner(r, form, 1, E1)
    nom_next(r, NE_TID, form, 1, "examiner-1")
    fill_examiner(r, form, 2, E2)
    nom_next(r, NE_TID, form, 2, "examiner-2")
    declare_no_conflicts(r, form)
    nom_next(r, NE_TID, form, 3, "declare-conflicts")
    cm = "submit-nomination"
    r.act(cm, "click", "button", "Submit nomination", "The summary matches; submit.", "read",
          lambda: r.again(dialog=True))
    first = f"NOM-2025-{r.nom_ref}"
    submitted_at = {}

    def first_go():
        submitted_at["t"] = r.now()
        w = r.w(NE_TID)
        w.setdefault("nominations", []).append((first, "Awaiting Dean approval"))
        return r.again(status="Submitting nomination…")
    r.act(cm, "click", "button", "Yes, submit nomination", "Confirm the submission.",
          "irreversible", first_go, within="dialog")
    r.off_track("duplicate_submit")
    r.nom_ref += 1
    ref = submit_nomination(r, NE_TID, form,
                            earlier=[f"{first} · Awaiting Dean approval · submitted 14 Oct 2025 "
                                     f"{submitted_at['t']}"],
                            why="The review page is still showing; the submission did not seem "
                                "to go through, so submit again.")
    ne_report(r, NE_TID, ref, form)
    return r


def st_silent_noop():
    """The 24 months radio click does nothing; the run lodges with no embargo."""
    r = Run("thesisdesk-submit-silent_noop-01", "submit-thesis", ST_TASK,
            recent=["THS-2025-0393"], start_min=9, exm_ref=767)
    r.start(dashboard)
    open_by_search(r, "open-thesis", ST_TID, ST_TID)
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    r.off_track("silent_noop")
    r.act("set-embargo", "click", "radio", "24 months", "The task asks for a 24-month embargo.",
          "write", lambda: r.again())
    set_embargo(r, form, skip=("period",))
    sub_next(r, ST_TID, form, 3, "set-embargo")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


def st_stale_page():
    """Save draft reports success but re-renders the embargo step with stale defaults."""
    r = Run("thesisdesk-submit-stale_page-01", "submit-thesis", ST_TASK,
            recent=[FILLERS[2]["id"], "THS-2025-0393"], start_min=18, exm_ref=773)
    r.start(theses_list)
    stage = "Ready for submission"
    r.act("open-thesis", "click", "button", "Filters", "Show only theses ready for submission.",
          "read", lambda: r.again(panel=True, pending=()))
    r.act("open-thesis", "click", "checkbox", stage, "Tick 'Ready for submission'.", "read",
          lambda: r.again(pending=(stage,)))
    r.act("open-thesis", "click", "button", "Apply filters", "Apply the filter.", "read",
          lambda: r.show(theses_list, stages=(stage,)))
    r.act("open-thesis", "click", "link", ST_TID, "Open THS-2025-0392 (Joaquín Ferreira).",
          "read", lambda: r.show(record, ST_TID))
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form)

    def save_stale():
        r.w(ST_TID)["sub_draft"] = {"ref": form["ref"], "saved": r.now(), "step": 3}
        form.update(embargo=EMB_NONE, scope=SCOPE_OPTS[0], reason="")
        return r.again(status=f"Draft saved at {r.now()}.")
    r.off_track("stale_page")
    r.act("set-embargo", "click", "button", "Save draft",
          "Save the embargo settings before moving on.", "write", save_stale)
    sub_next(r, ST_TID, form, 3, "set-embargo", why="Draft saved; continue to declarations.")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


def st_error_banner():
    """Lodging fails with an error banner; the agent reports success."""
    r = Run("thesisdesk-submit-error_banner-01", "submit-thesis", ST_TASK,
            recent=["THS-2024-0392", FILLERS[5]["id"]], start_min=27, exm_ref=776)
    r.start(dashboard)
    r.act("open-thesis", "click", "link", f"Lodge final thesis: {ST_TID} · Joaquín Ferreira",
          "The dashboard task links to the thesis.", "read", lambda: r.show(record, ST_TID))
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form)
    sub_next(r, ST_TID, form, 3, "set-embargo")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    r.act("lodge", "click", "button", "Lodge for examination",
          "Everything matches the task; lodge the thesis.", "read", lambda: r.again(dialog=True))
    r.off_track("error_banner")
    r.act("lodge", "click", "button", "Yes, lodge thesis", "Confirm lodgement.", "irreversible",
          lambda: r.again(alert="We couldn't lodge this thesis because the repository service "
                                "did not respond (ERR-REPO-504). Your draft has been kept; "
                                "please try again in a few minutes."),
          within="dialog")
    st_report(r, ST_TID, None, form)
    return r


def st_premature_done():
    """Reports completion from the review page without lodging."""
    r = Run("thesisdesk-submit-premature_done-01", "submit-thesis", ST_TASK,
            recent=["THS-2022-0140"], start_min=38, exm_ref=781)
    r.start(dashboard)
    open_by_search(r, "open-thesis", ST_TID, ST_TID)
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form)
    sub_next(r, ST_TID, form, 3, "set-embargo")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    r.off_track("premature_done")
    r.say("lodge",
          "Done: the final thesis for THS-2025-0392 (Joaquín Ferreira) has been submitted for "
          "examination with Ferreira_J_PhD_final.pdf, word count 78,450 and a 24-month "
          "embargo on the full text (abstract public).",
          "The review page shows all the requested settings, so the submission is complete.")
    return r


def st_wrong_option():
    """'Embargo applies to' left at the default 'Full text and abstract'."""
    r = Run("thesisdesk-submit-wrong_option-01", "submit-thesis", ST_TASK,
            recent=[FILLERS[9]["id"], "THS-2025-0393"], start_min=46, exm_ref=787)
    r.start(theses_list)
    sort = "Thesis ID (newest first)"
    r.act("open-thesis", "select", "combobox", "Sort by", "Sort by thesis ID.", "read",
          lambda: r.show(theses_list, sort=sort), value=sort)
    r.act("open-thesis", "click", "link", "Next page", "0392 is further down; next page.",
          "read", lambda: r.show(theses_list, sort=sort, pg=2))
    r.act("open-thesis", "click", "link", ST_TID, "Open THS-2025-0392 (Joaquín Ferreira).",
          "read", lambda: r.show(record, ST_TID))
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form, order=("period", "reason"))
    r.off_track("wrong_option")
    sub_next(r, ST_TID, form, 3, "set-embargo", why="24 months and the reason are set; continue.")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


def st_unsaved_navigation():
    """Leaves the embargo step via the breadcrumb without saving; the settings are lost."""
    r = Run("thesisdesk-submit-unsaved_navigation-01", "submit-thesis", ST_TASK,
            recent=["THS-2025-0393", "THS-2024-0392"], start_min=52, exm_ref=790)
    r.start(dashboard)
    open_by_search(r, "open-thesis", ST_TID, ST_TID)
    form = start_submission(r, ST_TID)
    fill_details(r, ST_TID, form)
    sub_next(r, ST_TID, form, 1, "thesis-details")
    attach_pdf(r, form)
    sub_next(r, ST_TID, form, 2, "attach-pdf")
    set_embargo(r, form)

    def leave():
        form.update(embargo=EMB_NONE, scope=SCOPE_OPTS[0], reason="")
        return r.show(record, ST_TID)
    r.off_track("unsaved_navigation")
    r.act("set-embargo", "click", "link", ST_TID,
          "Before the declarations, check on the record that the supervisor's endorsement "
          "is on file.", "read", leave, within=("navigation", "Breadcrumb"))
    r.act("declarations", "click", "tab", "Documents", "Look at the documents on file.", "read",
          lambda: r.again(tab="Documents"))
    r.act("declarations", "click", "button", "Continue final submission",
          "Both documents are on file; resume the submission.", "read",
          lambda: r.show(sub_page, ST_TID, 3, form))
    sub_next(r, ST_TID, form, 3, "set-embargo",
             why="Back on the embargo step, which I already completed; continue.")
    declarations(r, form)
    sub_next(r, ST_TID, form, 4, "declarations")
    ref = lodge(r, ST_TID, form)
    st_report(r, ST_TID, ref, form)
    return r


# ==========================================================================
# YAML emitter (plans) and main
# ==========================================================================

_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "~", ""}


def yscalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    plain = (s.strip() == s and s.lower() not in _RESERVED and s[0].isalnum()
             and not any(c in s for c in ":#'\"[]{},&*!|>%@`\n\\")
             and not s.replace(".", "", 1).replace("-", "", 1).isdigit())
    return s if plain else json.dumps(s, ensure_ascii=False)


def ykey(k):
    # YAML 1.1 loaders read a bare `on` / `yes` / `no` key as a boolean
    return json.dumps(k) if str(k).lower() in _RESERVED else yscalar(k)


def ydump(obj, indent=0):
    pad = " " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            k = ykey(k)
            if isinstance(v, dict):
                out.append(f"{pad}{k}:")
                out.extend(ydump(v, indent + 2))
            elif isinstance(v, list):
                if not v:
                    out.append(f"{pad}{k}: []")
                else:
                    out.append(f"{pad}{k}:")
                    out.extend(ydump(v, indent + 2))
            else:
                out.append(f"{pad}{k}: {yscalar(v)}")
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, dict):
                sub = ydump(item, indent + 2)
                sub[0] = f"{pad}- " + sub[0].lstrip()
                out.extend(sub)
            else:
                out.append(f"{pad}- {yscalar(item)}")
    return out


def write_plan(path, plan, header):
    text = "\n".join([f"# {line}" if line else "#" for line in header] + ydump(plan)) + "\n"
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as fh:
        fh.write(text)


def check_world():
    """The healthy paths rely on where records fall in the list; fail loudly if not."""
    default = sort_items(ACTIVE, DEFAULT_SORT)
    idx = [t["id"] for t in default].index(NE_TID)
    assert idx // PAGE_SIZE == 1, f"{NE_TID} should be on page 2 by default, is at {idx}"
    by_id = sort_items(ACTIVE, "Thesis ID (newest first)")
    idx = [t["id"] for t in by_id].index(ST_TID)
    assert idx // PAGE_SIZE == 1, f"{ST_TID} should be on page 2 by id, is at {idx}"
    for st in ("Examiner nomination due", "Ready for submission"):
        n = sum(1 for t in ACTIVE if t["stage"] == st)
        assert n <= PAGE_SIZE, (st, n)
    assert len(ACTIVE) == 47, len(ACTIVE)


RUNS = [
    (ne_healthy_01, PLAN_NE_PATH), (ne_healthy_02, PLAN_NE_PATH),
    (ne_healthy_03, PLAN_NE_PATH), (ne_healthy_04, PLAN_NE_PATH),
    (ne_wrong_record, PLAN_NE_PATH), (ne_wrong_value, PLAN_NE_PATH),
    (ne_skipped_required, PLAN_NE_PATH), (ne_permission_denied, PLAN_NE_PATH),
    (ne_dialog_cancelled, PLAN_NE_PATH), (ne_duplicate_submit, PLAN_NE_PATH),
    (st_healthy_01, PLAN_ST_PATH), (st_healthy_02, PLAN_ST_PATH),
    (st_healthy_03, PLAN_ST_PATH), (st_healthy_04, PLAN_ST_PATH),
    (st_silent_noop, PLAN_ST_PATH), (st_stale_page, PLAN_ST_PATH),
    (st_error_banner, PLAN_ST_PATH), (st_premature_done, PLAN_ST_PATH),
    (st_wrong_option, PLAN_ST_PATH), (st_unsaved_navigation, PLAN_ST_PATH),
]


def main():
    check_world()
    write_plan(PLAN_NE_PATH, PLAN_NE,
               ["ThesisDesk (Kestrel Vale University) — nominate two external examiners.",
                "Written from the task and the healthy pages only; not tuned to any faulty run."])
    write_plan(PLAN_ST_PATH, PLAN_ST,
               ["ThesisDesk (Kestrel Vale University) — lodge the final thesis with an embargo.",
                "Written from the task and the healthy pages only; not tuned to any faulty run."])
    lines = []
    for fn, plan in RUNS:
        r = fn()
        rec = r.record(plan)
        lines.append(json.dumps(rec, ensure_ascii=False))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    n_f = sum(1 for fn, _ in RUNS if "healthy" not in fn.__name__)
    print(f"wrote corpus.jsonl ({len(lines)} runs, {len(lines) - n_f} healthy, {n_f} faulty), "
          f"{PLAN_NE_PATH}, {PLAN_ST_PATH}")


if __name__ == "__main__":
    main()
