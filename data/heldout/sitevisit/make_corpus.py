#!/usr/bin/env python3
"""Generate the "sitevisit" held-out corpus: Trestle Safety, a construction site
safety inspection app used by Corbel & Vance Builders.

Writes, next to this file:
  corpus.jsonl                      20 trajectories (8 healthy, 12 faulty)
  plans/log_inspection.yaml         plan for the "log an inspection" workflow
  plans/closeout_action.yaml        plan for the "close out a corrective action" workflow

Stdlib only, deterministic (fixed seed).  Run:  python3 make_corpus.py
"""
import json
import os
import random
import urllib.parse

SEED = 20241017
HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(SEED)

BASE = "http://127.0.0.1:8000"
PRODUCT = "Trestle Safety"
ORG = "Corbel & Vance Builders"
USER = "Dana Okafor"
USER_ROLE = "Site Safety Manager"
USER_EMAIL = "dana.okafor@corbelvance.com"
TODAY = "2024-10-17"

# ---------------------------------------------------------------------------
# Plans.  Written from the two tasks and the healthy pages only, before any
# faulty run was scripted; they are emitted verbatim and never tuned afterwards.
# ---------------------------------------------------------------------------

TASK_LOG = (
    "Log today's scaffold safety inspection for Harbor Point Tower (PRJ-2207), area Level 12 East. "
    "Record one High-severity finding, \"Missing toe boards on scaffold bay 4\", and assign its "
    "corrective action, \"Install toe boards on all open sides of bay 4\", to Keystone Scaffolding LLC "
    "with a due date of 2024-10-21. Submit the inspection."
)

TASK_CLOSE = (
    "Close out corrective action CA-1187 (guardrail missing at Stair 3, Level 9, Harbor Point Tower). "
    "Attach the subcontractor's two after photos, CA1187_after_north.jpg and CA1187_after_south.jpg, as "
    "evidence, record that you verified it by on-site visual inspection with the note \"Top and mid rails "
    "reinstalled on Stair 3 landing, Level 9; verified on site\", and sign off as Dana Okafor."
)

PLAN_LOG_YAML = '''\
# Trestle Safety: log a scaffold inspection with one finding and a corrective action.
task: >-
  Log today's scaffold safety inspection for Harbor Point Tower (PRJ-2207), area Level 12 East.
  Record one High-severity finding, "Missing toe boards on scaffold bay 4", and assign its
  corrective action, "Install toe boards on all open sides of bay 4", to Keystone Scaffolding LLC
  with a due date of 2024-10-21. Submit the inspection.

plan_falsifiers:
  execution:
    - Sign in to Trestle Safety
    - Your session has expired. Please sign in again.
    - Something went wrong. Please try again.

commitments:
  - id: start-inspection
    subgoal: Start a new inspection from the Inspections board
    skill: start_new_record
    confidence: 0.8
    confirm:
      precondition:
        - Inspections board
      progress: []
      completion:
        - New inspection form is open
        - "Step 1 of 4: Details"
    falsify:
      execution:
        - You do not have permission to create inspections
      skill:
        - New inspection button is disabled

  - id: fill-details
    subgoal: Enter project Harbor Point Tower (PRJ-2207), type Scaffold, area Level 12 East, dated today
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Step 1 of 4: Details"
      progress:
        - Project is Harbor Point Tower (PRJ-2207)
        - Inspection type is Scaffold
        - Area or location is Level 12 East
      completion:
        - "Step 2 of 4: Findings for Harbor Point Tower, Scaffold, Level 12 East, 2024-10-17"
    falsify:
      execution:
        - Project is Harbor Point Parking Annex (PRJ-2270)
        - Area or location is Level 11 East
        - Inspection date is not 2024-10-17

  - id: add-finding
    subgoal: Add the finding "Missing toe boards on scaffold bay 4" with High severity
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - "Step 2 of 4: Findings"
      progress:
        - New finding form is open
      completion:
        - Finding F1 "Missing toe boards on scaffold bay 4" is listed with severity High
    falsify:
      execution:
        - Finding severity is Medium
        - Finding severity is Low
      planning:
        - Corrective action required is unchecked for the finding

  - id: assign-action
    subgoal: Assign the corrective action to Keystone Scaffolding LLC, due 2024-10-21
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition:
        - "Step 3 of 4: Corrective actions"
      progress:
        - Assigned to Keystone Scaffolding LLC
        - Due date 2024-10-21
      completion:
        - Review page lists the action "Install toe boards on all open sides of bay 4" for Keystone Scaffolding LLC, due 2024-10-21
    falsify:
      execution:
        - Assigned to Keystone Scaffold Services
        - Assigned to Apex Steel Erectors

  - id: submit
    subgoal: Submit the inspection and confirm the dialog
    skill: submit_and_confirm
    confidence: 0.8
    confirm:
      precondition:
        - "Step 4 of 4: Review and submit"
      progress:
        - Submit inspection? dialog is open
      completion:
        - Inspection submitted and a corrective action was created for Keystone Scaffolding LLC
    falsify:
      execution:
        - The inspection is still a draft
      planning:
        - text: Discard draft
          on: action
'''

PLAN_CLOSE_YAML = '''\
# Trestle Safety: close out corrective action CA-1187 with evidence and sign-off.
task: >-
  Close out corrective action CA-1187 (guardrail missing at Stair 3, Level 9, Harbor Point Tower).
  Attach the subcontractor's two after photos, CA1187_after_north.jpg and CA1187_after_south.jpg, as
  evidence, record that you verified it by on-site visual inspection with the note "Top and mid rails
  reinstalled on Stair 3 landing, Level 9; verified on site", and sign off as Dana Okafor.

plan_falsifiers:
  execution:
    - Sign in to Trestle Safety
    - Your session has expired. Please sign in again.
    - Something went wrong. Please try again.

commitments:
  - id: find-action
    subgoal: Find and open corrective action CA-1187
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Corrective actions list
      progress:
        - Search results for CA-1187
      completion:
        - Corrective action CA-1187 detail page
        - Guardrail missing at Stair 3, Level 9 at Harbor Point Tower, assigned to Apex Steel Erectors
    falsify:
      execution:
        - Corrective action CA-1178
        - Corrective action CA-1188
        - Millbrook Elementary Expansion
        - Guardrail loose at Stair 3, Level 10
        - Apex Steel Fabricators
      planning:
        - CA-1187 is already closed

  - id: open-closeout
    subgoal: Open the close-out form for CA-1187
    confidence: 0.7
    confirm:
      precondition:
        - "Status: Awaiting verification"
      progress: []
      completion:
        - Close out CA-1187 form with evidence photos, verification and sign-off
    falsify:
      skill:
        - Close out button is disabled

  - id: attach-evidence
    subgoal: Select CA1187_after_north.jpg and CA1187_after_south.jpg as evidence photos
    confidence: 0.6
    confirm:
      progress:
        - CA1187_after_north.jpg is checked
      completion:
        - CA1187_after_north.jpg and CA1187_after_south.jpg are both checked
    falsify:
      execution:
        - The finding photo INS4790_F3_before.jpg is selected as evidence

  - id: sign-off
    subgoal: Choose on-site visual inspection, enter the verification note, tick the sign-off box and sign as Dana Okafor
    skill: fill_form
    confidence: 0.6
    confirm:
      progress:
        - Verification method is On-site visual inspection
        - "Verification notes: Top and mid rails reinstalled on Stair 3 landing, Level 9; verified on site"
      completion:
        - Sign-off box is checked and the signature reads Dana Okafor
    falsify:
      execution:
        - Verification method is Photo review only

  - id: confirm-close
    subgoal: Sign off and close, then confirm in the dialog
    skill: submit_and_confirm
    confidence: 0.8
    confirm:
      precondition:
        - Sign off and close button
      progress:
        - Close CA-1187? confirmation dialog
      completion:
        - CA-1187 closed and signed off by Dana Okafor
        - "Status: Closed"
    falsify:
      execution:
        - Status is still Awaiting verification
      planning:
        - text: Reopen action
          on: action
'''

PLANS = {"log_inspection": PLAN_LOG_YAML, "closeout_action": PLAN_CLOSE_YAML}

# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------

BARE_FLAGS = {"focused", "required", "readonly", "modal"}


def q(s):
    return repr(s)


def fmt_props(props):
    out = []
    for k, v in props.items():
        if v is None or v is False and k in BARE_FLAGS:
            continue
        if v is True and k in BARE_FLAGS:
            out.append(k)
        elif isinstance(v, bool):
            out.append(f"{k}={v}")
        elif isinstance(v, str):
            out.append(f"{k}={q(v)}")
        else:
            out.append(f"{k}={v}")
    return out


class Doc:
    """One loaded document: element bids persist while the document lives."""

    def __init__(self):
        self.next = rng.randint(11, 60)
        self.bids = {}

    def bid(self, key):
        if key not in self.bids:
            self.bids[key] = f"a{self.next}"
            self.next += rng.choice([1, 1, 1, 1, 2, 3, 5])
        return self.bids[key]


class AX:
    def __init__(self, doc):
        self.doc = doc
        self.lines = []
        self.depth = 1
        self.stack = []
        self.used = set()
        self.targets = {}

    def _ikey(self, role, name, key):
        base = key or ("/".join(self.stack) + f">{role}:{name}")
        k, n = base, 1
        while k in self.used:
            n += 1
            k = f"{base}#{n}"
        self.used.add(k)
        return k

    def el(self, role, name="", key=None, **props):
        ik = self._ikey(role, name, key)
        b = self.doc.bid(ik)
        parts = [f"[{b}] {role} {q(name)}"] + fmt_props(props)
        self.lines.append("\t" * self.depth + ", ".join(parts))
        desc = f"{role} {q(name)}"
        self.targets.setdefault(key or f"{role}:{name}", []).append((b, desc))
        return ik

    def text(self, s):
        self.lines.append("\t" * self.depth + f"StaticText {q(s)}")

    def box(self, role, name="", key=None, **props):
        ax = self

        class _Box:
            def __enter__(self_inner):
                ik = ax.el(role, name, key, **props)
                ax.stack.append(ik)
                ax.depth += 1

            def __exit__(self_inner, *exc):
                ax.stack.pop()
                ax.depth -= 1
                return False

        return _Box()


class Page:
    def __init__(self, url, title, text, targets):
        self.url, self.title, self.text, self.targets = url, title, text, targets

    def lookup(self, key):
        hits = self.targets.get(key, [])
        if len(hits) != 1:
            raise KeyError(f"target {key!r}: {len(hits)} matches on {self.url}")
        return hits[0]

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": self.text, "error": error}


def render(doc, fn, st):
    ax = AX(doc)
    url, title = fn(ax, st)
    text = f"RootWebArea {q(title)}, focused\n" + "\n".join(ax.lines)
    return Page(url, title, text, ax.targets)


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

PROJECTS = [
    "Harbor Point Tower (PRJ-2207)",
    "Harbor Point Parking Annex (PRJ-2270)",
    "Millbrook Elementary Expansion (PRJ-2211)",
    "Eastgate Medical Office (PRJ-2219)",
]
PID = {p: p.split("(")[1].rstrip(")") for p in PROJECTS}
SHORT = {p: p.split(" (")[0] for p in PROJECTS}
HPT, HPA, MIL, EGM = PROJECTS

TYPES = ["General site walk", "Scaffold", "Fall protection", "Excavation", "Electrical",
         "Housekeeping", "Hot work"]
SUBS = ["Unassigned", "Apex Steel Erectors", "Apex Steel Fabricators", "Brightline Electric",
        "Keystone Scaffold Services", "Keystone Scaffolding LLC", "Northway Roofing",
        "Redstone Concrete", "Summit Mechanical"]
CATEGORIES = ["Select a category", "Scaffolding", "Fall protection", "PPE", "Housekeeping",
              "Electrical", "Excavation", "Fire prevention", "Other"]
SEVERITIES = ["Low", "Medium", "High", "Critical"]
METHODS = ["Select a method", "On-site visual inspection", "Photo review only",
           "Third-party inspection"]

# id, project, type, area, date, inspector, status, open actions
INSPECTIONS = [
    ("INS-4821", HPT, "Scaffold", "Level 11 East", "2024-10-16", "Dana Okafor", "Submitted", 1),
    ("INS-4820", MIL, "Excavation", "North footing trench", "2024-10-16", "Ruben Castillo", "Submitted", 2),
    ("INS-4819", HPT, "Fall protection", "Level 12 West", "2024-10-15", "Dana Okafor", "Closed", 0),
    ("INS-4818", HPA, "Scaffold", "Level 2 East ramp", "2024-10-15", "Priya Raman", "Submitted", 1),
    ("INS-4816", EGM, "Electrical", "Temporary power panel B", "2024-10-14", "Ruben Castillo", "Submitted", 1),
    ("INS-4815", HPT, "Housekeeping", "Level 9 core", "2024-10-14", "Dana Okafor", "Closed", 0),
    ("INS-4812", MIL, "Fall protection", "Gym roof", "2024-10-11", "Priya Raman", "Submitted", 3),
    ("INS-4809", HPT, "Scaffold", "Level 10 East", "2024-10-10", "Dana Okafor", "Closed", 0),
    ("INS-4806", EGM, "Excavation", "Utility trench C", "2024-10-10", "Ruben Castillo", "Submitted", 2),
    ("INS-4803", HPA, "General site walk", "Levels 1-3", "2024-10-09", "Priya Raman", "Closed", 0),
    ("INS-4790", HPT, "General site walk", "Levels 8-10", "2024-10-09", "Dana Okafor", "Submitted", 2),
    ("INS-4788", MIL, "Housekeeping", "Site store and laydown", "2024-10-08", "Ruben Castillo", "Closed", 0),
    ("INS-4785", EGM, "Fall protection", "Level 3 slab edge", "2024-10-07", "Priya Raman", "Submitted", 1),
    ("INS-4781", HPT, "Hot work", "Level 7 mechanical room", "2024-10-04", "Dana Okafor", "Closed", 0),
]

# id, title, project, subcontractor, due, status, last updated
ACTIONS = [
    ("CA-1158", "Missing hard hats at gate 2 sign-in", EGM, "Summit Mechanical", "2024-10-04", "Awaiting verification", "2024-10-15 08:12"),
    ("CA-1163", "Blocked egress route, Level 4 corridor", HPT, "Redstone Concrete", "2024-10-07", "Awaiting verification", "2024-10-11 16:20"),
    ("CA-1166", "Unlabelled chemical containers, site store", MIL, "Summit Mechanical", "2024-10-08", "Awaiting verification", "2024-10-10 09:45"),
    ("CA-1171", "Scaffold tag expired, north elevation", HPA, "Keystone Scaffold Services", "2024-10-10", "Awaiting verification", "2024-10-14 13:02"),
    ("CA-1172", "Trip hazard from uncapped rebar, Level 3", EGM, "Redstone Concrete", "2024-10-12", "Overdue", "2024-10-12 17:30"),
    ("CA-1174", "Open trench without barricade, utility trench C", EGM, "Redstone Concrete", "2024-10-11", "Awaiting verification", "2024-10-13 10:18"),
    ("CA-1178", "Guardrail missing at Stair 3, Level 2", MIL, "Apex Steel Erectors", "2024-10-15", "Awaiting verification", "2024-10-14 16:40"),
    ("CA-1180", "Exposed live conductors, temp panel B", EGM, "Brightline Electric", "2024-10-16", "Awaiting verification", "2024-10-16 11:27"),
    ("CA-1181", "Ladder not secured, utility trench C", EGM, "Redstone Concrete", "2024-10-16", "Open", "2024-10-10 14:55"),
    ("CA-1186", "Damaged extension cord, Level 9 core", HPT, "Brightline Electric", "2024-10-17", "Awaiting verification", "2024-10-16 17:48"),
    ("CA-1187", "Guardrail missing at Stair 3, Level 9", HPT, "Apex Steel Erectors", "2024-10-18", "Awaiting verification", "2024-10-16 14:05"),
    ("CA-1188", "Guardrail loose at Stair 3, Level 10", HPT, "Apex Steel Fabricators", "2024-10-22", "Open", "2024-10-16 15:31"),
    ("CA-1190", "No fire extinguisher at hot work area, Level 7", HPT, "Summit Mechanical", "2024-10-18", "Open", "2024-10-11 09:02"),
    ("CA-1192", "Debris on Level 6 deck", HPT, "Redstone Concrete", "2024-10-21", "Awaiting verification", "2024-10-15 12:10"),
    ("CA-1193", "Unguarded floor opening, gym roof", MIL, "Northway Roofing", "2024-10-19", "Open", "2024-10-11 15:44"),
    ("CA-1195", "Missing toe boards, ramp scaffold Level 2 East", HPA, "Keystone Scaffold Services", "2024-10-20", "Open", "2024-10-15 10:05"),
    ("CA-1196", "Cracked ladder rung, Level 5", HPT, "Brightline Electric", "2024-10-24", "Open", "2024-10-14 08:40"),
    ("CA-1198", "Fall arrest anchor not certified, gym roof", MIL, "Northway Roofing", "2024-10-23", "Awaiting verification", "2024-10-16 09:15"),
    ("CA-1199", "Silica dust controls not in use, Level 8", HPT, "Redstone Concrete", "2024-10-24", "Open", "2024-10-12 11:11"),
    ("CA-1201", "Missing toe boards on scaffold bay 2, Level 11 East", HPT, "Keystone Scaffolding LLC", "2024-10-20", "Open", "2024-10-16 10:02"),
    ("CA-1202", "Spoil pile too close to edge, north footing trench", MIL, "Redstone Concrete", "2024-10-23", "Open", "2024-10-16 12:37"),
    ("CA-1203", "GFCI missing on temporary power, Level 12", HPT, "Brightline Electric", "2024-10-25", "Open", "2024-10-16 16:58"),
]
AIDX = {a[0]: a for a in ACTIONS}

CONTACTS = {"Apex Steel Erectors": "Marco Villanueva", "Apex Steel Fabricators": "Lena Brandt",
            "Brightline Electric": "Tomasz Nowak", "Redstone Concrete": "Aisha Bello",
            "Summit Mechanical": "Greg Ostrowski", "Northway Roofing": "Hana Sato",
            "Keystone Scaffolding LLC": "Owen Pryce", "Keystone Scaffold Services": "Jules Carver"}

ACTION_DETAIL = {
    "CA-1187": dict(source="INS-4790", finding="F3", severity="High",
                    required="Reinstall top and mid rails on the open side of the Stair 3 landing, Level 9",
                    evidence=[("CA1187_after_north.jpg", "2024-10-16 14:02"),
                              ("CA1187_after_south.jpg", "2024-10-16 14:03")],
                    before="INS4790_F3_before.jpg", created="2024-10-09 11:20",
                    completed="2024-10-16 14:05"),
    "CA-1178": dict(source="INS-4751", finding="F1", severity="High",
                    required="Install guardrail on the open side of the Stair 3 landing, Level 2",
                    evidence=[("CA1178_after_north.jpg", "2024-10-14 16:31"),
                              ("CA1178_after_south.jpg", "2024-10-14 16:33")],
                    before="INS4751_F1_before.jpg", created="2024-10-02 09:05",
                    completed="2024-10-14 16:40"),
}

SEARCH = {
    "CA-1187": [("CA-1187", "exact"), ("CA-1178", "similar"), ("INS-4790", "mention")],
    "guardrail stair 3": [("CA-1178", ""), ("CA-1187", ""), ("CA-1188", ""), ("INS-4790", "mention")],
}

NAV = ["Dashboard", "Inspections", "Corrective actions", "Subcontractors", "Reports"]

RECENT_LOG = [("INS-4821", "Scaffold · Level 11 East"),
              ("CA-1201", "Missing toe boards on scaffold bay 2, Level 11 East"),
              ("INS-4819", "Fall protection · Level 12 West"),
              ("CA-1186", "Damaged extension cord, Level 9 core")]
RECENT_CLOSE = [("CA-1188", "Guardrail loose at Stair 3, Level 10"),
                ("CA-1187", "Guardrail missing at Stair 3, Level 9"),
                ("CA-1178", "Guardrail missing at Stair 3, Level 2"),
                ("INS-4821", "Scaffold · Level 11 East")]

# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------


def chrome(ax, st, nav, crumbs):
    with ax.box("banner", "", key="banner"):
        ax.el("link", "Trestle Safety home", key="home")
        ax.text(ORG)
        with ax.box("navigation", "Primary", key="primary-nav"):
            for item in NAV:
                ax.el("link", item, key="nav:" + item, current="page" if item == nav else None)
        with ax.box("search", "Site search", key="site-search-region"):
            ax.el("searchbox", "Search inspections, actions, subcontractors", key="site-search",
                  value=st.get("site_q") or None)
            ax.el("button", "Search", key="site-search-go")
        ax.el("button", f"Notifications, {st.get('unread', 3)} unread", key="notifications",
              hasPopup="menu", expanded=False)
        ax.el("button", f"{USER}, {USER_ROLE}", key="user-menu", hasPopup="menu", expanded=False)
    if crumbs:
        with ax.box("navigation", "Breadcrumb", key="crumbs"):
            for label in crumbs[:-1]:
                ax.el("link", label, key="crumb:" + label)
            ax.text(crumbs[-1])


def live(ax, st):
    with ax.box("region", "Notifications", key="toasts", live="polite"):
        for t in st.get("toasts", []):
            with ax.box("status", "", key="toast:" + t["id"]):
                ax.text(t["text"])
                ax.el("button", "Dismiss notification", key="toast-dismiss:" + t["id"])


def recent(ax, st):
    with ax.box("complementary", "Recently viewed", key="recent"):
        with ax.box("list", "", key="recent-list"):
            for rid, label in st.get("recent", [])[:5]:
                with ax.box("listitem", "", key="recent-li:" + rid):
                    ax.el("link", f"{rid} {label}", key="recent:" + rid)


def footer(ax):
    with ax.box("contentinfo", "", key="footer"):
        ax.text(f"© 2024 {ORG} · {PRODUCT} 5.12.3")
        ax.el("link", "Help centre", key="help")
        ax.el("link", "Privacy", key="privacy")
        ax.el("link", "System status", key="sysstatus")
        ax.text(f"Signed in as {USER_EMAIL}")


def combo(ax, label, options, value, key, required=False):
    with ax.box("combobox", label, key=key, value=value, hasPopup="menu", expanded=False,
                required=required):
        for o in options:
            ax.el("option", o, key=f"{key}:opt:{o}", selected=(o == value))


def checkbox(ax, label, on, key, required=False):
    ax.el("checkbox", label, key=key, checked="true" if on else "false", required=required)


def textbox(ax, label, value, key, required=False, readonly=False):
    ax.el("textbox", label, key=key, value=value or None, required=required, readonly=readonly)


def pagination(ax, page, pages, key="pg"):
    with ax.box("navigation", "Pagination", key=key):
        ax.el("link", "Previous page", key="prev", disabled=True if page == 1 else None)
        for i in range(1, pages + 1):
            ax.el("link", str(i), key=f"page:{i}", current="page" if i == page else None)
        ax.el("link", "Next page", key="next", disabled=True if page == pages else None)


def alert(ax, st):
    if st.get("alert"):
        with ax.box("alert", "", key="alert"):
            ax.text(st["alert"])


# ---------------------------------------------------------------------------
# Inspections board
# ---------------------------------------------------------------------------

BOARD_SORTS = ["Date (newest first)", "Date (oldest first)", "Project", "Open actions (most first)"]


def page_board(ax, st):
    b = st["board"]
    rows = list(INSPECTIONS)
    if b["project"] != "All projects":
        rows = [r for r in rows if r[1] == b["project"]]
    if b["status"] != "Any status":
        rows = [r for r in rows if r[6] == b["status"]]
    if b["sort"] == "Date (oldest first)":
        rows = rows[::-1]
    per = 10
    pages = max(1, (len(rows) + per - 1) // per)
    page = min(b["page"], pages)
    shown = rows[(page - 1) * per: page * per]
    params = []
    if b["project"] != "All projects":
        params.append(("project", PID[b["project"]]))
    if page > 1:
        params.append(("page", str(page)))
    url = BASE + "/inspections" + ("?" + urllib.parse.urlencode(params) if params else "")

    chrome(ax, st, "Inspections", ["Home", "Inspections"])
    live(ax, st)
    with ax.box("main", "", key="main"):
        ax.el("heading", "Inspections", key="h1")
        ax.text("Safety inspections on your 4 active projects · last 14 days · Thursday 17 October 2024")
        ax.el("button", "New inspection", key="new-inspection")
        ax.el("link", f"My drafts ({1 if st.get('draft') else 0})", key="drafts")
        if st.get("draft"):
            d = st["draft"]
            with ax.box("region", "Unsubmitted draft", key="draft-banner"):
                ax.text(f"You have 1 unsubmitted draft: {d['id']} · {SHORT[d['project']]} · {d['type']} · "
                        f"{d['area']} · saved {d['saved']}")
                ax.el("link", "Resume draft", key="resume-draft")
                ax.el("button", "Discard draft", key="discard-draft")
        with ax.box("group", "Filters", key="filters"):
            combo(ax, "Project", ["All projects"] + PROJECTS, b["pending_project"], key="f-project")
            combo(ax, "Status", ["Any status", "Draft", "Submitted", "Closed"], b["status"], key="f-status")
            combo(ax, "Inspection type", ["Any type"] + TYPES, "Any type", key="f-type")
            ax.el("button", "Apply filters", key="apply")
            ax.el("button", "Clear filters", key="clear")
        combo(ax, "Sort by", BOARD_SORTS, b["sort"], key="sort")
        with ax.box("table", "Inspections", key="tbl"):
            with ax.box("row", "", key="hdr"):
                for h in ["Inspection", "Project", "Type", "Area", "Date", "Inspector", "Status", "Open actions"]:
                    ax.el("columnheader", h, key="col:" + h,
                          sort=("descending" if b["sort"] == "Date (newest first)" else "ascending")
                          if h == "Date" else None)
            for r in shown:
                with ax.box("row", "", key="row:" + r[0]):
                    with ax.box("cell", "", key="cell-id:" + r[0]):
                        ax.el("link", r[0], key="open:" + r[0])
                    for i, v in enumerate([SHORT[r[1]], r[2], r[3], r[4], r[5], r[6], str(r[7])]):
                        ax.el("cell", v, key=f"cell:{r[0]}:{i}")
        ax.text(f"Showing {(page - 1) * per + 1}–{(page - 1) * per + len(shown)} of {len(rows)}")
        pagination(ax, page, pages)
    recent(ax, st)
    footer(ax)
    return url, f"Inspections · {PRODUCT}"


# ---------------------------------------------------------------------------
# New inspection wizard
# ---------------------------------------------------------------------------

WIZ_STEPS = ["Details", "Findings", "Corrective actions", "Review and submit"]
WIZ_SLUG = ["details", "findings", "actions", "review"]


def fresh_wizard(project="Select a project"):
    return dict(step=1, project=project, type="General site walk", area="", date=TODAY,
                weather="", findings=[], adding=False,
                nf=dict(desc="", cat="Select a category", sev=None, car=True),
                ca=dict(assignee="Unassigned", action="", due="", notify=True),
                dialog=False, busy=False, draft_id=None, saved=None, resumed=False)


def assignee_label(a):
    return "Unassigned (project safety queue)" if a == "Unassigned" else a


def page_wizard(ax, st):
    w = st["wiz"]
    s = w["step"]
    if w["resumed"]:
        url = f"{BASE}/inspections/drafts/{w['draft_id']}?step={WIZ_SLUG[s - 1]}"
    else:
        url = f"{BASE}/inspections/new?step={WIZ_SLUG[s - 1]}"
    chrome(ax, st, "Inspections", ["Home", "Inspections", "New inspection"])
    live(ax, st)
    with ax.box("main", "", key="main"):
        alert(ax, st)
        ax.el("heading", "New inspection", key="h1")
        status = "Draft · not yet submitted"
        if w["saved"]:
            status += f" · {w['draft_id']} last saved {w['saved']}"
        ax.text(status)
        with ax.box("list", "Progress", key="progress"):
            for i, name in enumerate(WIZ_STEPS, 1):
                ax.el("listitem", f"{i} {name}", key=f"prog{i}", current="step" if i == s else None)
        ax.el("heading", f"Step {s} of 4: {WIZ_STEPS[s - 1]}", key="h2")
        summary = f"{SHORT.get(w['project'], w['project'])} · {w['type']} · {w['area'] or 'no area'} · {w['date']}"
        if s == 1:
            with ax.box("form", "Inspection details", key="form-details"):
                combo(ax, "Project", ["Select a project"] + PROJECTS, w["project"], key="w-project", required=True)
                combo(ax, "Inspection type", TYPES, w["type"], key="w-type", required=True)
                textbox(ax, "Area or location", w["area"], key="w-area", required=True)
                textbox(ax, "Inspection date", w["date"], key="w-date", required=True)
                ax.text("YYYY-MM-DD")
                textbox(ax, "Inspector", USER, key="w-inspector", readonly=True)
                textbox(ax, "Weather and site conditions (optional)", w["weather"], key="w-weather")
            ax.el("button", "Cancel", key="w-cancel")
            ax.el("button", "Save draft", key="w-save")
            ax.el("button", "Next: Findings", key="w-next")
        elif s == 2:
            ax.text(summary)
            if w["findings"]:
                with ax.box("table", "Findings", key="f-tbl"):
                    with ax.box("row", "", key="f-hdr"):
                        for h in ["#", "Finding", "Category", "Severity", "Corrective action required", "Actions"]:
                            ax.el("columnheader", h, key="f-col:" + h)
                    for f in w["findings"]:
                        with ax.box("row", "", key="f-row:" + f["id"]):
                            for i, v in enumerate([f["id"], f["desc"], f["cat"], f["sev"],
                                                   "Yes" if f["car"] else "No"]):
                                ax.el("cell", v, key=f"f-cell:{f['id']}:{i}")
                            with ax.box("cell", "", key=f"f-cell:{f['id']}:btn"):
                                ax.el("button", f"Edit {f['id']}", key=f"f-edit:{f['id']}")
                                ax.el("button", f"Remove {f['id']}", key=f"f-remove:{f['id']}")
            else:
                ax.text("No findings recorded yet. Add at least one finding, or tick No issues found.")
                checkbox(ax, "No issues found", False, key="no-issues")
            ax.el("button", "Add finding", key="add-finding", disabled=True if w["adding"] else None)
            if w["adding"]:
                nf = w["nf"]
                with ax.box("group", "New finding", key="nf"):
                    textbox(ax, "Finding description", nf["desc"], key="nf-desc", required=True)
                    combo(ax, "Category", CATEGORIES, nf["cat"], key="nf-cat", required=True)
                    with ax.box("radiogroup", "Severity", key="nf-sev", required=True):
                        for sv in SEVERITIES:
                            ax.el("radio", sv, key="sev:" + sv, checked="true" if nf["sev"] == sv else "false")
                    checkbox(ax, "Corrective action required", nf["car"], key="nf-car")
                    ax.el("button", "Attach photo (optional)", key="nf-photo")
                    ax.el("button", "Cancel", key="nf-cancel")
                    ax.el("button", "Save finding", key="nf-save")
            ax.el("button", "Back", key="w-back")
            ax.el("button", "Save draft", key="w-save")
            ax.el("button", "Next: Corrective actions", key="w-next")
        elif s == 3:
            ax.text(summary)
            ax.text("Each finding marked Corrective action required needs an owner and a due date. "
                    "Unassigned actions go to the project safety queue.")
            for f in w["findings"]:
                if not f["car"]:
                    continue
                ca = w["ca"]
                with ax.box("group", f"{f['id']} · {f['desc']} · {f['sev']}", key="ca:" + f["id"]):
                    combo(ax, "Assign to", SUBS, ca["assignee"], key="ca-assignee")
                    ax.text("On site today: Keystone Scaffolding LLC, Apex Steel Erectors, "
                            "Brightline Electric, Redstone Concrete")
                    textbox(ax, "Required action", ca["action"], key="ca-action", required=True)
                    textbox(ax, "Due date", ca["due"], key="ca-due", required=True)
                    ax.text("YYYY-MM-DD · High severity: due within 7 days recommended")
                    checkbox(ax, "Email the subcontractor safety contact", ca["notify"], key="ca-notify")
            ax.el("button", "Back", key="w-back")
            ax.el("button", "Save draft", key="w-save")
            ax.el("button", "Next: Review", key="w-next")
        else:
            with ax.box("group", "Inspection details", key="rv-details"):
                ax.text(f"Project: {w['project']}")
                ax.text(f"Inspection type: {w['type']}")
                ax.text(f"Area or location: {w['area']}")
                ax.text(f"Inspection date: {w['date']}")
                ax.text(f"Inspector: {USER}")
                ax.text(f"Weather and site conditions: {w['weather'] or 'Not recorded'}")
                ax.el("button", "Edit details", key="rv-edit-details")
            with ax.box("table", "Findings", key="rv-f"):
                with ax.box("row", "", key="rv-f-hdr"):
                    for h in ["#", "Finding", "Category", "Severity"]:
                        ax.el("columnheader", h, key="rv-f-col:" + h)
                for f in w["findings"]:
                    with ax.box("row", "", key="rv-f-row:" + f["id"]):
                        for i, v in enumerate([f["id"], f["desc"], f["cat"], f["sev"]]):
                            ax.el("cell", v, key=f"rv-f-cell:{f['id']}:{i}")
            with ax.box("table", "Corrective actions", key="rv-ca"):
                with ax.box("row", "", key="rv-ca-hdr"):
                    for h in ["Finding", "Required action", "Assigned to", "Due date", "Email subcontractor"]:
                        ax.el("columnheader", h, key="rv-ca-col:" + h)
                ca = w["ca"]
                for f in w["findings"]:
                    with ax.box("row", "", key="rv-ca-row:" + f["id"]):
                        for i, v in enumerate([f["id"], ca["action"], assignee_label(ca["assignee"]),
                                               ca["due"], "Yes" if ca["notify"] else "No"]):
                            ax.el("cell", v, key=f"rv-ca-cell:{f['id']}:{i}")
            ax.text("Once submitted, findings are locked and corrective actions are sent to the assigned subcontractors.")
            ax.el("button", "Back", key="w-back")
            ax.el("button", "Save draft", key="w-save")
            ax.el("button", "Submit inspection", key="w-submit")
            if w["busy"]:
                ax.el("progressbar", "Submitting inspection", key="busy")
            if w["dialog"]:
                n_ca = sum(1 for f in w["findings"] if f["car"])
                with ax.box("dialog", "Submit inspection?", key="dlg", modal=True):
                    ax.text(f"Submit the {w['type']} inspection for {SHORT.get(w['project'], w['project'])} · "
                            f"{w['area']}? {n_ca} corrective action will be sent to "
                            f"{assignee_label(w['ca']['assignee'])}.")
                    ax.el("button", "Cancel", key="dlg-cancel")
                    ax.el("button", "Submit", key="dlg-submit")
    if s == 1 and w["project"] in PROJECTS:
        with ax.box("complementary", "Recent inspections on this project", key="prev-ins"):
            with ax.box("list", "", key="prev-ins-list"):
                for r in [r for r in INSPECTIONS if r[1] == w["project"]][:3]:
                    with ax.box("listitem", "", key="prev-li:" + r[0]):
                        ax.el("link", r[0], key="prev:" + r[0])
                        extra = " · 1 open action: CA-1201, Keystone Scaffolding LLC" if r[0] == "INS-4821" else ""
                        ax.text(f"{r[2]} · {r[3]} · {r[4]} · {r[6]}{extra}")
    recent(ax, st)
    footer(ax)
    return url, f"New inspection – Step {s} of 4 · {PRODUCT}"


def page_inspection(ax, st):
    ins = st["submitted"][-1]
    w = ins["wiz"]
    url = f"{BASE}/inspections/{ins['id']}"
    chrome(ax, st, "Inspections", ["Home", "Inspections", ins["id"]])
    live(ax, st)
    with ax.box("main", "", key="main"):
        ax.el("heading", f"Inspection {ins['id']}", key="h1")
        ax.text(f"Status: Submitted · {w['type']} · {SHORT[w['project']]} · {w['area']}")
        with ax.box("group", "Details", key="details"):
            ax.text(f"Project: {w['project']}")
            ax.text(f"Inspection type: {w['type']}")
            ax.text(f"Area or location: {w['area']}")
            ax.text(f"Inspection date: {w['date']}")
            ax.text(f"Inspector: {USER}")
            ax.text(f"Weather and site conditions: {w['weather'] or 'Not recorded'}")
            ax.text(f"Submitted: {TODAY} {ins['time']} by {USER}")
        ax.el("heading", "Findings", key="h-f")
        with ax.box("table", "Findings", key="f-tbl"):
            with ax.box("row", "", key="f-hdr"):
                for h in ["#", "Finding", "Category", "Severity"]:
                    ax.el("columnheader", h, key="f-col:" + h)
            for f in w["findings"]:
                with ax.box("row", "", key="f-row:" + f["id"]):
                    for i, v in enumerate([f["id"], f["desc"], f["cat"], f["sev"]]):
                        ax.el("cell", v, key=f"f-cell:{f['id']}:{i}")
        ax.el("heading", "Corrective actions", key="h-ca")
        with ax.box("table", "Corrective actions", key="ca-tbl"):
            with ax.box("row", "", key="ca-hdr"):
                for h in ["Action", "Required action", "Assigned to", "Due date", "Status"]:
                    ax.el("columnheader", h, key="ca-col:" + h)
            ca = w["ca"]
            with ax.box("row", "", key="ca-row"):
                with ax.box("cell", "", key="ca-id"):
                    ax.el("link", ins["ca_id"], key="open:" + ins["ca_id"])
                for i, v in enumerate([ca["action"], assignee_label(ca["assignee"]), ca["due"], "Open"]):
                    ax.el("cell", v, key=f"ca-cell:{i}")
        ax.el("button", "Download PDF", key="pdf")
        ax.el("button", "Start follow-up inspection", key="follow-up")
        ax.el("heading", "Activity", key="h-act")
        with ax.box("list", "Activity", key="act"):
            notified = ca["notify"] and ca["assignee"] != "Unassigned"
            items = [f"{TODAY} {ins['time']} · {USER} submitted the inspection",
                     f"{TODAY} {ins['time']} · {ins['ca_id']} created and assigned to {assignee_label(ca['assignee'])}"]
            if notified:
                items.append(f"{TODAY} {ins['time']} · Email sent to {CONTACTS[ca['assignee']]} ({ca['assignee']})")
            for i, t in enumerate(items):
                ax.el("listitem", t, key=f"act:{i}")
    with ax.box("complementary", "Related", key="related"):
        ax.el("heading", "Earlier inspections nearby", key="rel-h1")
        with ax.box("list", "", key="rel-list"):
            for other in st["submitted"][:-1]:
                with ax.box("listitem", "", key="rel-li:" + other["id"]):
                    ax.el("link", other["id"], key="rel:" + other["id"])
                    ax.text(f"{other['wiz']['type']} · {other['wiz']['area']} · submitted today {other['time']}")
            with ax.box("listitem", "", key="rel-li:INS-4821"):
                ax.el("link", "INS-4821", key="rel:INS-4821")
                ax.text("Scaffold · Level 11 East · 2024-10-16 · 1 open action")
        if ca["assignee"] in CONTACTS:
            ax.el("heading", "Subcontractor", key="rel-h2")
            ax.el("link", ca["assignee"], key="rel-sub")
            n_open = 2 if ca["assignee"] == "Keystone Scaffolding LLC" else 1
            ax.text(f"{n_open + len(st['submitted']) - 1} open corrective actions · contact {CONTACTS[ca['assignee']]}")
    recent(ax, st)
    footer(ax)
    return url, f"{ins['id']} · Inspections · {PRODUCT}"


# ---------------------------------------------------------------------------
# Corrective actions list, search, detail, close-out form, access denied
# ---------------------------------------------------------------------------

ACTION_STATUSES = ["All statuses", "Open and awaiting verification", "Open", "Overdue",
                   "Awaiting verification", "Closed"]
ACTION_SORTS = ["Recently updated", "Due date (soonest first)", "Due date (latest first)", "Action ID"]


def fresh_alist():
    return dict(status="Open and awaiting verification", pending_status="Open and awaiting verification",
                project="All projects", sub="All subcontractors", sort="Recently updated", page=1)


def action_status(aid, st):
    if aid in st.get("closed", {}) and not st.get("stale"):
        return "Closed"
    return AIDX[aid][5]


def page_actions(ax, st):
    a = st["alist"]
    rows = list(ACTIONS)
    if a["status"] == "Open and awaiting verification":
        rows = [r for r in rows if action_status(r[0], st) != "Closed"]
    elif a["status"] != "All statuses":
        rows = [r for r in rows if action_status(r[0], st) == a["status"]]
    if a["sort"] == "Recently updated":
        rows.sort(key=lambda r: r[6], reverse=True)
    elif a["sort"] == "Due date (soonest first)":
        rows.sort(key=lambda r: (r[4], r[0]))
    elif a["sort"] == "Due date (latest first)":
        rows.sort(key=lambda r: (r[4], r[0]), reverse=True)
    else:
        rows.sort(key=lambda r: r[0], reverse=True)
    per = 8
    pages = max(1, (len(rows) + per - 1) // per)
    page = min(a["page"], pages)
    shown = rows[(page - 1) * per: page * per]
    params = [("status", a["status"].lower().replace(" ", "-")),
              ("sort", a["sort"].split(" (")[0].lower().replace(" ", "-"))]
    if page > 1:
        params.append(("page", str(page)))
    url = BASE + "/actions?" + urllib.parse.urlencode(params)
    chrome(ax, st, "Corrective actions", ["Home", "Corrective actions"])
    live(ax, st)
    with ax.box("main", "", key="main"):
        ax.el("heading", "Corrective actions", key="h1")
        n_wait = sum(1 for r in ACTIONS if action_status(r[0], st) == "Awaiting verification")
        ax.text(f"{n_wait} awaiting your verification · 1 overdue")
        ax.el("button", "Filters", key="filters-toggle", expanded=True)
        with ax.box("group", "Filters", key="filters"):
            combo(ax, "Status", ACTION_STATUSES, a["pending_status"], key="f-status")
            combo(ax, "Project", ["All projects"] + PROJECTS, a["project"], key="f-project")
            combo(ax, "Subcontractor", ["All subcontractors"] + SUBS[1:], a["sub"], key="f-sub")
            ax.el("button", "Apply", key="apply")
            ax.el("button", "Reset", key="reset")
        combo(ax, "Sort by", ACTION_SORTS, a["sort"], key="sort")
        with ax.box("table", "Corrective actions", key="tbl"):
            with ax.box("row", "", key="hdr"):
                for h in ["Action", "Title", "Project", "Subcontractor", "Due date", "Status"]:
                    srt = None
                    if h == "Due date" and a["sort"].startswith("Due date"):
                        srt = "ascending" if "soonest" in a["sort"] else "descending"
                    ax.el("columnheader", h, key="col:" + h, sort=srt)
            for r in shown:
                with ax.box("row", "", key="row:" + r[0]):
                    with ax.box("cell", "", key="cell-id:" + r[0]):
                        ax.el("link", r[0], key="open:" + r[0])
                    for i, v in enumerate([r[1], SHORT[r[2]], r[3], r[4], action_status(r[0], st)]):
                        ax.el("cell", v, key=f"cell:{r[0]}:{i}")
        ax.text(f"Showing {(page - 1) * per + 1}–{(page - 1) * per + len(shown)} of {len(rows)}")
        pagination(ax, page, pages)
    recent(ax, st)
    footer(ax)
    return url, f"Corrective actions · {PRODUCT}"


def page_search(ax, st):
    qs = st["search_q"]
    results = SEARCH[qs]
    url = BASE + "/search?" + urllib.parse.urlencode([("q", qs)])
    chrome(ax, st, None, ["Home", "Search"])
    live(ax, st)
    n_ca = sum(1 for r, _ in results if r.startswith("CA-"))
    with ax.box("main", "", key="main"):
        ax.el("heading", f"Search results for {qs}", key="h1")
        ax.text(f"{len(results)} results")
        with ax.box("group", "Result type", key="rtype"):
            ax.el("link", f"All ({len(results)})", key="rt-all", current="page")
            ax.el("link", f"Corrective actions ({n_ca})", key="rt-ca")
            ax.el("link", f"Inspections ({len(results) - n_ca})", key="rt-ins")
        with ax.box("list", "Results", key="results"):
            for rid, kind in results:
                with ax.box("listitem", "", key="res-li:" + rid):
                    if rid.startswith("CA-"):
                        r = AIDX[rid]
                        ax.el("link", f"{rid} {r[1]}", key="res:" + rid)
                        ax.text(f"Corrective action · {r[2]} · {r[3]} · {action_status(rid, st)} · Due {r[4]}")
                        if kind == "similar":
                            ax.text("Similar ID")
                    else:
                        r = [i for i in INSPECTIONS if i[0] == rid][0]
                        ax.el("link", f"{rid} {r[2]}, {r[3]}", key="res:" + rid)
                        ax.text(f"Inspection · {SHORT[r[1]]} · {r[4]} · Finding F3 mentions guardrail at Stair 3 (CA-1187)")
    recent(ax, st)
    footer(ax)
    return url, f"Search: {qs} · {PRODUCT}"


def page_action(ax, st):
    aid = st["action_id"]
    r = AIDX[aid]
    d = ACTION_DETAIL[aid]
    closed = st.get("closed", {}).get(aid) if not st.get("stale") else None
    url = f"{BASE}/actions/{aid}"
    chrome(ax, st, "Corrective actions", ["Home", "Corrective actions", aid])
    live(ax, st)
    with ax.box("main", "", key="main"):
        ax.el("heading", f"Corrective action {aid}", key="h1")
        ax.text(r[1])
        ax.text(f"Status: {'Closed' if closed else r[5]}")
        with ax.box("group", "Summary", key="summary"):
            ax.text(f"Project: {r[2]}")
            ax.text(f"Source: Inspection {d['source']}, finding {d['finding']}")
            ax.el("link", d["source"], key="src")
            ax.text(f"Assigned to: {r[3]} (contact: {CONTACTS[r[3]]})")
            ax.text(f"Severity: {d['severity']}")
            ax.text(f"Due date: {r[4]}")
            ax.text(f"Required action: {d['required']}")
        if closed:
            ax.el("button", "Reopen action", key="reopen")
            ax.el("button", "Download close-out report", key="report")
        else:
            ax.el("button", "Close out", key="close-out")
            ax.el("button", "Return to subcontractor", key="return")
        ax.el("button", "More actions", key="more", hasPopup="menu", expanded=False)
        ax.el("heading", "Evidence from subcontractor", key="h-ev")
        with ax.box("list", "Evidence", key="ev"):
            for name, when in d["evidence"]:
                with ax.box("listitem", "", key="ev-li:" + name):
                    ax.text(f"{name} · uploaded by {CONTACTS[r[3]]} ({r[3]}) · {when}")
                    ax.el("link", f"View {name}", key="view:" + name)
        ax.el("heading", "Finding photo", key="h-before")
        with ax.box("list", "Finding photo", key="before"):
            with ax.box("listitem", "", key="before-li"):
                ax.text(f"{d['before']} · {USER} · {d['created'][:10]}")
                ax.el("link", f"View {d['before']}", key="view:" + d["before"])
        if closed:
            ax.el("heading", "Close-out", key="h-co")
            with ax.box("group", "Close-out", key="co-summary"):
                ax.text(f"Verified by {USER} on {TODAY} {closed['time']} · {closed['method']}")
                ax.text(f"Verification notes: {closed['notes']}")
                ax.text("Evidence attached: " + (", ".join(closed["photos"]) or "none"))
                ax.text(f"Signed: {closed['sig']}")
        ax.el("heading", "Activity", key="h-act")
        with ax.box("list", "Activity", key="act"):
            items = []
            if closed:
                items.append(f"{TODAY} {closed['time']} · {USER} verified ({closed['method']}) and closed the action · "
                             f"{len(closed['photos'])} evidence photo{'s' if len(closed['photos']) != 1 else ''}")
            items.append(f"{d['completed']} · {r[3]} marked the action complete and requested verification")
            items.append(f"{d['created']} · {USER} created the action from {d['source']}")
            for i, t in enumerate(items):
                ax.el("listitem", t, key=f"act:{i}")
    with ax.box("complementary", "Related actions", key="related"):
        with ax.box("list", "", key="rel-list"):
            rel = ["CA-1188", "CA-1186"] if aid == "CA-1187" else ["CA-1193", "CA-1166"]
            for rid in rel:
                with ax.box("listitem", "", key="rel-li:" + rid):
                    ax.el("link", f"{rid} {AIDX[rid][1]}", key="rel:" + rid)
                    ax.text(f"{AIDX[rid][3]} · {AIDX[rid][5]} · Due {AIDX[rid][4]}")
    recent(ax, st)
    footer(ax)
    return url, f"{aid} · Corrective actions · {PRODUCT}"


def fresh_closeout():
    return dict(photos=[], method="Select a method", notes="", msg="", ack=False, sig="",
                dialog=False, leave=False, restored=None)


def page_closeout(ax, st):
    aid = st["action_id"]
    r = AIDX[aid]
    d = ACTION_DETAIL[aid]
    co = st["co"]
    url = f"{BASE}/actions/{aid}/close-out"
    chrome(ax, st, "Corrective actions", ["Home", "Corrective actions", aid, "Close out"])
    live(ax, st)
    with ax.box("main", "", key="main"):
        if co["restored"]:
            with ax.box("status", "", key="restored"):
                ax.text(f"Draft restored (saved {co['restored']}). The sign-off and signature are never saved in drafts.")
        ax.el("heading", f"Close out {aid}", key="h1")
        ax.text(f"{r[1]} · {r[2]} · {r[3]} · Due {r[4]}")
        with ax.box("form", "Close-out", key="form"):
            with ax.box("group", "Evidence photos", key="photos"):
                ax.text("Select the photos that show the corrected condition. At least one is required.")
                for name, when in d["evidence"]:
                    checkbox(ax, name, name in co["photos"], key="photo:" + name)
                    ax.text(f"After photo · {r[3]} · {when}")
                checkbox(ax, d["before"], d["before"] in co["photos"], key="photo:" + d["before"])
                ax.text(f"Finding photo · {USER} · {d['created'][:10]}")
                ax.el("button", "Upload another photo", key="upload")
            combo(ax, "Verification method", METHODS, co["method"], key="method", required=True)
            textbox(ax, "Verification notes", co["notes"], key="notes", required=True)
            textbox(ax, "Message to subcontractor (optional)", co["msg"], key="msg")
            with ax.box("group", "Sign-off", key="signoff"):
                checkbox(ax, "I confirm the hazard has been corrected and I am authorised to sign off",
                         co["ack"], key="ack", required=True)
                textbox(ax, "Type your full name to sign", co["sig"], key="sig", required=True)
        ax.el("button", "Cancel", key="co-cancel")
        ax.el("button", "Save draft", key="co-save")
        ax.el("button", "Sign off and close", key="co-sign")
        if co["dialog"]:
            n = len(co["photos"])
            with ax.box("dialog", f"Close {aid}?", key="dlg", modal=True):
                ax.text(f"Closing locks this corrective action, attaches {n} evidence photo{'s' if n != 1 else ''} "
                        f"and notifies {r[3]}.")
                ax.el("button", "Cancel", key="dlg-cancel")
                ax.el("button", "Close action", key="dlg-close")
        if co["leave"]:
            with ax.box("dialog", "Leave this page?", key="leave-dlg", modal=True):
                ax.text(f"Your close-out for {aid} has unsaved changes. They will be lost if you leave.")
                ax.el("button", "Stay on page", key="leave-stay")
                ax.el("button", "Leave page", key="leave-go")
    recent(ax, st)
    footer(ax)
    return url, f"Close out {aid} · {PRODUCT}"


def page_denied(ax, st):
    aid = st["action_id"]
    url = f"{BASE}/actions/{aid}/close-out"
    chrome(ax, st, "Corrective actions", ["Home", "Corrective actions", aid, "Close out"])
    with ax.box("main", "", key="main"):
        ax.el("heading", "You do not have access to this page", key="h1")
        ax.text(f"Closing corrective actions on {AIDX[aid][2]} requires the Verifier role. "
                "Your role on this project: Inspector.")
        ax.text("Error 403 · Request ID 7f3c-91ab-2d04")
        ax.el("link", "Request Verifier access from Ines Moretti (project admin)", key="request")
        ax.el("link", f"Back to {aid}", key="back-action")
    footer(ax)
    return url, f"Access denied · {PRODUCT}"


# ---------------------------------------------------------------------------
# Run recorder
# ---------------------------------------------------------------------------


class Run:
    def __init__(self, rid, workflow, start_fn, st):
        self.rid, self.workflow = rid, workflow
        self.st = st
        self.fn = start_fn
        self.doc = Doc()
        self.cur = render(self.doc, self.fn, self.st)
        self.initial = self.cur.obs()
        self.steps = []
        self.fault = None
        self.fault_step = None

    def mark(self, fault):
        """The next step is the first off-track step."""
        self.fault, self.fault_step = fault, len(self.steps)

    def do(self, cm, kind, key=None, arg=None, why="", effect="read", page=None, nav=False,
           upd=None, error=None):
        target = None
        if key is not None:
            bid, target = self.cur.lookup(key)
        if kind == "click":
            cmd = f"click({q(bid)})"
        elif kind == "fill":
            cmd = f"fill({q(bid)}, {q(arg)})"
        elif kind == "select":
            cmd = f"select_option({q(bid)}, {q(arg)})"
        elif kind == "press":
            cmd = f"press({q(bid)}, {q(arg)})"
        elif kind == "goto":
            cmd = f"goto({q(arg)})"
        elif kind == "msg":
            cmd = f"send_msg_to_user({q(arg)})"
        else:
            raise ValueError(kind)
        if upd:
            upd(self.st)
        if nav:
            self.doc = Doc()
        if page:
            self.fn = page
        self.cur = render(self.doc, self.fn, self.st)
        action = {"command": cmd, "reasoning": why, "target": target, "effect": effect}
        self.steps.append({"commitment": cm, "action": action, "observation": self.cur.obs(error)})
        return self

    def record(self, task, plan):
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": task,
            "plan": plan,
            "label": {"fault": self.fault, "first_off_track_step": self.fault_step},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": self.fault is None},
        }


def setv(path, value):
    def f(st):
        obj = st
        parts = path.split(".")
        for p in parts[:-1]:
            obj = obj[p]
        obj[parts[-1]] = value
    return f


def chain(*fns):
    def f(st):
        for fn in fns:
            fn(st)
    return f


def toast(tid, text):
    def f(st):
        st["toasts"] = [t for t in st.get("toasts", []) if t["id"] != tid] + [{"id": tid, "text": text}]
    return f


def drop_toast(tid):
    def f(st):
        st["toasts"] = [t for t in st.get("toasts", []) if t["id"] != tid]
    return f


def clear_toasts(st):
    st["toasts"] = []


# ---------------------------------------------------------------------------
# Workflow 1: log an inspection
# ---------------------------------------------------------------------------

FINDING = "Missing toe boards on scaffold bay 4"
CA_TEXT = "Install toe boards on all open sides of bay 4"
KEYSTONE = "Keystone Scaffolding LLC"


def log_state(**extra):
    st = dict(site_q="", toasts=[], recent=list(RECENT_LOG), unread=3,
              board=dict(project="All projects", pending_project="All projects", status="Any status",
                         sort="Date (newest first)", page=1),
              wiz=fresh_wizard(), submitted=[], draft=None, alert=None)
    st.update(extra)
    return st


def li_new(r):
    def upd(st):
        proj = st["board"]["project"] if st["board"]["project"] != "All projects" else "Select a project"
        st["wiz"] = fresh_wizard(proj)
        clear_toasts(st)
    r.do("start-inspection", "click", "new-inspection", why="Start a new inspection from the board",
         effect="read", page=page_wizard, nav=True, upd=upd)


def li_project(r):
    r.do("fill-details", "select", "w-project", HPT, "Choose the Harbor Point Tower project",
         effect="write", upd=setv("wiz.project", HPT))


def li_type(r, value="Scaffold"):
    r.do("fill-details", "select", "w-type", value, "This is a scaffold inspection",
         effect="write", upd=setv("wiz.type", value))


def li_area(r, value="Level 12 East"):
    r.do("fill-details", "fill", "w-area", value, "Enter the inspected area",
         effect="write", upd=setv("wiz.area", value))


def li_next(r, cm, to_step, why):
    r.do(cm, "click", "w-next", why=why, effect="write",
         upd=chain(setv("wiz.step", to_step), clear_toasts))


def li_finding(r, severities=("High",)):
    r.do("add-finding", "click", "add-finding", why="Open the new finding form", effect="read",
         upd=setv("wiz.adding", True))
    r.do("add-finding", "fill", "nf-desc", FINDING, "Describe the finding exactly as given",
         effect="write", upd=setv("wiz.nf.desc", FINDING))
    r.do("add-finding", "select", "nf-cat", "Scaffolding", "Toe boards are a scaffolding issue",
         effect="write", upd=setv("wiz.nf.cat", "Scaffolding"))
    for i, sv in enumerate(severities):
        why = "Set the severity to High" if sv == "High" and i == 0 else (
            "Set a severity for the finding" if i == 0 else "The task says High severity; correct it")
        r.do("add-finding", "click", "sev:" + sv, why=why, effect="write", upd=setv("wiz.nf.sev", sv))

    def save(st):
        w = st["wiz"]
        w["findings"].append(dict(id="F1", desc=w["nf"]["desc"], cat=w["nf"]["cat"], sev=w["nf"]["sev"],
                                  car=w["nf"]["car"]))
        w["adding"] = False
        toast("f1", "Finding F1 added.")(st)
    r.do("add-finding", "click", "nf-save", why="Save the finding", effect="write", upd=save)


def li_assign(r, assignee=KEYSTONE, due="2024-10-21", skip_assignee=False, via_enter=False):
    li_next(r, "assign-action", 3, "Continue to corrective actions")
    if not skip_assignee:
        r.do("assign-action", "select", "ca-assignee", assignee, f"Assign the action to {assignee}",
             effect="write", upd=setv("wiz.ca.assignee", assignee))
    r.do("assign-action", "fill", "ca-action", CA_TEXT, "Describe the required corrective action",
         effect="write", upd=setv("wiz.ca.action", CA_TEXT))
    r.do("assign-action", "fill", "ca-due", due, "Set the due date", effect="write",
         upd=setv("wiz.ca.due", due))


def li_to_review(r, via_enter=False, extra_upd=None):
    if via_enter:
        r.do("assign-action", "press", "ca-due", "Enter", "Press Enter to move on to the review step",
             effect="write", upd=chain(setv("wiz.step", 4), clear_toasts, *( [extra_upd] if extra_upd else [])))
    else:
        r.do("assign-action", "click", "w-next", why="Go to the review step", effect="write",
             upd=chain(setv("wiz.step", 4), clear_toasts, *([extra_upd] if extra_upd else [])))


def li_open_dialog(r):
    r.do("submit", "click", "w-submit", why="Everything on the review page matches the task; submit",
         effect="read", upd=setv("wiz.dialog", True))


def li_confirm(r, ins_id="INS-4822", ca_id="CA-1204", time="10:12"):
    def upd(st):
        w = st["wiz"]
        w["dialog"] = False
        st["submitted"].append(dict(id=ins_id, ca_id=ca_id, time=time, wiz=json.loads(json.dumps(w))))
        st["toasts"] = [{"id": "sub-" + ins_id, "text": f"Inspection {ins_id} submitted. 1 corrective action created."}]
        st["recent"] = [(ins_id, f"{w['type']} · {w['area']}")] + st["recent"]
    r.do("submit", "click", "dlg-submit", why="Confirm the submission", effect="irreversible",
         page=page_inspection, nav=True, upd=upd)


def li_report(r, text=None, why="The inspection is submitted; report back"):
    text = text or (f"Submitted inspection INS-4822 (Scaffold, Harbor Point Tower, Level 12 East, {TODAY}) with "
                    f"finding F1 '{FINDING}' (High). Corrective action CA-1204 '{CA_TEXT}' is assigned to "
                    f"{KEYSTONE}, due 2024-10-21.")
    r.do("submit", "msg", arg=text, why=why, effect="read")


def li_details_std(r, weather=None):
    li_project(r)
    li_type(r)
    li_area(r)
    if weather:
        r.do("fill-details", "fill", "w-weather", weather, "Note the site conditions", effect="write",
             upd=setv("wiz.weather", weather))


def log_healthy_01():
    r = Run("log_inspection-healthy-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Details are complete; continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    li_confirm(r)
    li_report(r)
    return r


def log_healthy_02():
    """Saved draft, left the wizard, resumed the draft from the board."""
    r = Run("log_inspection-healthy-02", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)

    def save(st):
        st["wiz"]["draft_id"], st["wiz"]["saved"] = "DR-118", "09:41"
        toast("draft", "Draft DR-118 saved at 09:41.")(st)
    r.do("fill-details", "click", "w-save", why="Save a draft before checking the board", effect="write", upd=save)

    def to_board(st):
        w = st["wiz"]
        st["draft"] = dict(id="DR-118", project=w["project"], type=w["type"], area=w["area"], saved="09:41")
        clear_toasts(st)
    r.do("fill-details", "click", "nav:Inspections", why="Check the board for an existing Level 12 East inspection today",
         effect="read", page=page_board, nav=True, upd=to_board)

    def resume(st):
        st["wiz"]["resumed"] = True
        st["wiz"]["step"] = 1
        st["toasts"] = [{"id": "restored", "text": "Draft DR-118 restored."}]
    r.do("fill-details", "click", "resume-draft", why="No inspection of Level 12 East today; resume the draft",
         effect="read", page=page_wizard, nav=True, upd=resume)
    li_next(r, "fill-details", 2, "Draft details are intact; continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    li_confirm(r, ins_id="INS-4822", ca_id="CA-1204", time="09:58")
    li_report(r)
    return r


def log_healthy_03():
    """Dismissed a toast, filtered the board by project first, filled the optional weather field."""
    st = log_state(toasts=[{"id": "whatsnew", "text": "New: inspections can now be exported to PDF from the detail page."}])
    r = Run("log_inspection-healthy-03", "log_inspection", page_board, st)
    r.do("start-inspection", "click", "toast-dismiss:whatsnew", why="Dismiss the announcement", effect="read",
         upd=drop_toast("whatsnew"))
    r.do("start-inspection", "select", "f-project", HPT, "Narrow the board to Harbor Point Tower",
         effect="read", upd=setv("board.pending_project", HPT))
    r.do("start-inspection", "click", "apply", why="Apply the project filter", effect="read", nav=True,
         upd=setv("board.project", HPT))
    li_new(r)
    li_type(r)
    li_area(r)
    r.do("fill-details", "fill", "w-weather", "Overcast, dry, wind 15 km/h", "Record the site conditions",
         effect="write", upd=setv("wiz.weather", "Overcast, dry, wind 15 km/h"))
    li_next(r, "fill-details", 2, "Project was prefilled from the filter; continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    li_confirm(r, time="10:20")
    li_report(r)
    return r


def log_healthy_04():
    """Corrected the severity before saving, pressed Enter to advance, dismissed an autosave toast."""
    r = Run("log_inspection-healthy-04", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Continue to findings")
    li_finding(r, severities=("Medium", "High"))
    li_assign(r)
    li_to_review(r, via_enter=True, extra_upd=toast("autosave", "Draft autosaved at 10:05."))
    r.do("submit", "click", "toast-dismiss:autosave", why="Dismiss the autosave notice", effect="read",
         upd=drop_toast("autosave"))
    li_open_dialog(r)
    li_confirm(r, time="10:06")
    li_report(r)
    return r


# ----- faulty runs (scripted after the plans and healthy runs were fixed) -----


def log_wrong_value():
    r = Run("log_inspection-wrong_value-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Continue to findings")
    li_finding(r)
    li_next(r, "assign-action", 3, "Continue to corrective actions")
    r.do("assign-action", "select", "ca-assignee", KEYSTONE, f"Assign the action to {KEYSTONE}",
         effect="write", upd=setv("wiz.ca.assignee", KEYSTONE))
    r.do("assign-action", "fill", "ca-action", CA_TEXT, "Describe the required corrective action",
         effect="write", upd=setv("wiz.ca.action", CA_TEXT))
    r.mark("wrong_value")
    r.do("assign-action", "fill", "ca-due", "2024-11-21", "Set the due date", effect="write",
         upd=setv("wiz.ca.due", "2024-11-21"))
    li_to_review(r)
    li_open_dialog(r)
    li_confirm(r, time="10:14")
    li_report(r, text=(f"Submitted inspection INS-4822 for Harbor Point Tower, Level 12 East, with finding F1 "
                       f"'{FINDING}' (High). CA-1204 is assigned to {KEYSTONE}, due 2024-10-21."))
    return r


def log_skipped_required():
    r = Run("log_inspection-skipped_required-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Continue to findings")
    li_finding(r)
    li_assign(r, skip_assignee=True)
    r.mark("skipped_required")
    li_to_review(r)
    li_open_dialog(r)
    li_confirm(r, time="10:15")
    li_report(r)
    return r


def log_wrong_setting():
    r = Run("log_inspection-wrong_setting-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_project(r)
    li_area(r)
    r.mark("wrong_setting")
    li_next(r, "fill-details", 2, "Project, area and date are filled; continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    li_confirm(r, time="10:11")
    li_report(r)
    return r


def log_dialog_cancelled():
    r = Run("log_inspection-dialog_cancelled-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    r.mark("dialog_cancelled")
    r.do("submit", "click", "dlg-cancel", why="Close the confirmation dialog to finish submitting",
         effect="read", upd=setv("wiz.dialog", False))
    li_report(r, text=(f"Logged the scaffold inspection for Harbor Point Tower, Level 12 East, with finding "
                       f"'{FINDING}' (High) and a corrective action for {KEYSTONE} due 2024-10-21."),
              why="The dialog is gone and the review page shows everything correctly")
    return r


def log_double_submit():
    r = Run("log_inspection-double_submit-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    r.do("submit", "click", "dlg-submit", why="Confirm the submission", effect="irreversible",
         upd=chain(setv("wiz.dialog", False), setv("wiz.busy", True)))
    r.mark("double_submit")
    r.do("submit", "click", "w-submit", why="The page did not move on; submit again",
         effect="read", upd=setv("wiz.dialog", True))

    def both(st):
        w = st["wiz"]
        w["dialog"] = False
        w["busy"] = False
        snap = json.loads(json.dumps(w))
        st["submitted"] += [dict(id="INS-4822", ca_id="CA-1204", time="10:12", wiz=snap),
                            dict(id="INS-4823", ca_id="CA-1205", time="10:12", wiz=snap)]
        st["toasts"] = [{"id": "sub", "text": "Inspection INS-4823 submitted. 1 corrective action created."}]
        st["recent"] = [("INS-4823", "Scaffold · Level 12 East")] + st["recent"]
    r.do("submit", "click", "dlg-submit", why="Confirm the submission", effect="irreversible",
         page=page_inspection, nav=True, upd=both)
    li_report(r, text=(f"Submitted inspection INS-4823 for Harbor Point Tower, Level 12 East: finding F1 "
                       f"'{FINDING}' (High); corrective action CA-1205 assigned to {KEYSTONE}, due 2024-10-21."))
    return r


def log_error_banner():
    r = Run("log_inspection-error_banner-01", "log_inspection", page_board, log_state())
    li_new(r)
    li_details_std(r)
    li_next(r, "fill-details", 2, "Continue to findings")
    li_finding(r)
    li_assign(r)
    li_to_review(r)
    li_open_dialog(r)
    r.mark("error_banner")
    r.do("submit", "click", "dlg-submit", why="Confirm the submission", effect="irreversible",
         upd=chain(setv("wiz.dialog", False), setv("wiz.draft_id", "DR-121"), setv("wiz.saved", "10:13"),
                   setv("alert", f"Submission failed: {KEYSTONE} has no active safety contact on Harbor Point "
                                 f"Tower. Your inspection was saved as draft DR-121.")))
    li_report(r, text=(f"Submitted the scaffold inspection for Harbor Point Tower, Level 12 East, with finding "
                       f"'{FINDING}' (High); the corrective action is assigned to {KEYSTONE}, due 2024-10-21."))
    return r


# ---------------------------------------------------------------------------
# Workflow 2: close out a corrective action
# ---------------------------------------------------------------------------

NOTE = "Top and mid rails reinstalled on Stair 3 landing, Level 9; verified on site"
METHOD = "On-site visual inspection"


def close_state(**extra):
    st = dict(site_q="", toasts=[], recent=list(RECENT_CLOSE), unread=3, alist=fresh_alist(),
              closed={}, stale=False, action_id=None, co=fresh_closeout(), search_q=None)
    st.update(extra)
    return st


def open_action(aid):
    def f(st):
        st["action_id"] = aid
        st["co"] = fresh_closeout()
        st["recent"] = [(aid, AIDX[aid][1])] + [x for x in st["recent"] if x[0] != aid]
        clear_toasts(st)
    return f


def co_search(r, qs, pick, via_enter=False, why_pick=None):
    r.do("find-action", "fill", "site-search", qs, f"Search for {qs}", effect="read",
         upd=setv("site_q", qs))
    if via_enter:
        r.do("find-action", "press", "site-search", "Enter", "Run the search", effect="read",
             page=page_search, nav=True, upd=setv("search_q", qs))
    else:
        r.do("find-action", "click", "site-search-go", why="Run the search", effect="read",
             page=page_search, nav=True, upd=setv("search_q", qs))
    r.do("find-action", "click", "res:" + pick, why=why_pick or f"Open {pick}", effect="read",
         page=page_action, nav=True, upd=chain(open_action(pick), setv("site_q", "")))


def co_open_form(r):
    r.do("open-closeout", "click", "close-out", why="Status is Awaiting verification; open the close-out form",
         effect="read", page=page_closeout, nav=True)


def co_photo(r, name, cm="attach-evidence", noop=False):
    def f(st):
        if not noop and name not in st["co"]["photos"]:
            st["co"]["photos"].append(name)
    r.do(cm, "click", "photo:" + name, why=f"Select {name} as evidence", effect="write", upd=f)


def co_method(r):
    r.do("sign-off", "select", "method", METHOD, "Verified on site", effect="write", upd=setv("co.method", METHOD))


def co_notes(r):
    r.do("sign-off", "fill", "notes", NOTE, "Enter the verification note from the task", effect="write",
         upd=setv("co.notes", NOTE))


def co_ack_sig(r):
    r.do("sign-off", "click", "ack", why="Tick the sign-off confirmation", effect="write", upd=setv("co.ack", True))
    r.do("sign-off", "fill", "sig", USER, "Sign with my full name", effect="write", upd=setv("co.sig", USER))


def co_sign(r):
    r.do("confirm-close", "click", "co-sign", why="All fields are complete; sign off and close", effect="read",
         upd=setv("co.dialog", True))


def co_confirm(r, time="10:31", stale=False):
    def upd(st):
        co = st["co"]
        co["dialog"] = False
        aid = st["action_id"]
        st["closed"][aid] = dict(time=time, method=co["method"], notes=co["notes"], photos=list(co["photos"]),
                                 sig=co["sig"])
        if stale:
            st["stale"] = True
        else:
            st["toasts"] = [{"id": "closed", "text": f"{aid} closed. Signed off by {USER} on {TODAY}."}]
    r.do("confirm-close", "click", "dlg-close", why="Confirm closing the action", effect="irreversible",
         page=page_action, nav=True, upd=upd)


def co_report(r, text=None, why="The action is closed; report back", cm="confirm-close"):
    text = text or (f"Closed out CA-1187 (guardrail missing at Stair 3, Level 9, Harbor Point Tower) with "
                    f"CA1187_after_north.jpg and CA1187_after_south.jpg attached, verified by on-site visual "
                    f"inspection, signed off by {USER}.")
    r.do(cm, "msg", arg=text, why=why, effect="read")


def close_healthy_01():
    r = Run("closeout_action-healthy-01", "closeout_action", page_actions, close_state())
    co_search(r, "CA-1187", "CA-1187", why_pick="Open the exact match CA-1187")
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_method(r)
    co_notes(r)
    co_ack_sig(r)
    co_sign(r)
    co_confirm(r)
    co_report(r)
    return r


def close_healthy_02():
    """Filtered the list, re-sorted by due date, paged to page 2; filled the optional message."""
    r = Run("closeout_action-healthy-02", "closeout_action", page_actions, close_state())
    r.do("find-action", "select", "f-status", "Awaiting verification", "Only actions awaiting verification",
         effect="read", upd=setv("alist.pending_status", "Awaiting verification"))
    r.do("find-action", "click", "apply", why="Apply the status filter", effect="read", nav=True,
         upd=chain(setv("alist.status", "Awaiting verification"), setv("alist.page", 1)))
    r.do("find-action", "select", "sort", "Due date (soonest first)", "Sort by due date; CA-1187 is due 2024-10-18",
         effect="read", nav=True, upd=chain(setv("alist.sort", "Due date (soonest first)"), setv("alist.page", 1)))
    r.do("find-action", "click", "next", why="CA-1187 is not on page 1; go to the next page", effect="read",
         nav=True, upd=setv("alist.page", 2))
    r.do("find-action", "click", "open:CA-1187", why="Open CA-1187", effect="read", page=page_action, nav=True,
         upd=open_action("CA-1187"))
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_method(r)
    co_notes(r)
    r.do("sign-off", "fill", "msg", "Thanks, rails look good.", "Add a short note to the subcontractor",
         effect="write", upd=setv("co.msg", "Thanks, rails look good."))
    co_ack_sig(r)
    co_sign(r)
    co_confirm(r, time="10:36")
    co_report(r)
    return r


def close_healthy_03():
    """Dismissed a notification toast, opened the record from Recently viewed, different field order."""
    st = close_state(toasts=[{"id": "assigned", "text": "3 new corrective actions were assigned on Millbrook Elementary Expansion."}])
    r = Run("closeout_action-healthy-03", "closeout_action", page_actions, st)
    r.do("find-action", "click", "toast-dismiss:assigned", why="Dismiss the notification", effect="read",
         upd=drop_toast("assigned"))
    r.do("find-action", "click", "recent:CA-1187", why="CA-1187 is in Recently viewed; open it", effect="read",
         page=page_action, nav=True, upd=open_action("CA-1187"))
    co_open_form(r)
    co_method(r)
    co_notes(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_ack_sig(r)
    co_sign(r)
    co_confirm(r, time="10:28")
    co_report(r)
    return r


def close_healthy_04():
    """Searched by keywords, saved a draft, reloaded, finished the sign-off."""
    r = Run("closeout_action-healthy-04", "closeout_action", page_actions, close_state())
    co_search(r, "guardrail stair 3", "CA-1187", via_enter=True,
              why_pick="CA-1187 is the Level 9 guardrail at Harbor Point Tower")
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_method(r)
    co_notes(r)
    r.do("sign-off", "click", "co-save", why="Save a draft before signing", effect="write",
         upd=toast("saved", "Draft saved at 10:24."))

    def reload(st):
        st["co"]["restored"] = "10:24"
        st["co"]["ack"], st["co"]["sig"] = False, ""
        clear_toasts(st)
    r.do("sign-off", "goto", arg=f"{BASE}/actions/CA-1187/close-out", why="Reload to make sure the draft stuck",
         effect="read", nav=True, upd=reload)
    co_ack_sig(r)
    co_sign(r)
    co_confirm(r, time="10:26")
    co_report(r)
    return r


# ----- faulty runs -----


def close_wrong_record():
    r = Run("closeout_action-wrong_record-01", "closeout_action", page_actions, close_state())
    r.do("find-action", "fill", "site-search", "guardrail stair 3", "Search for the guardrail action",
         effect="read", upd=setv("site_q", "guardrail stair 3"))
    r.do("find-action", "press", "site-search", "Enter", "Run the search", effect="read",
         page=page_search, nav=True, upd=setv("search_q", "guardrail stair 3"))
    r.mark("wrong_record")
    r.do("find-action", "click", "res:CA-1178",
         why="Open the 'Guardrail missing at Stair 3' action assigned to Apex Steel Erectors",
         effect="read", page=page_action, nav=True, upd=chain(open_action("CA-1178"), setv("site_q", "")))
    co_open_form(r)
    co_photo(r, "CA1178_after_north.jpg")
    co_photo(r, "CA1178_after_south.jpg")
    co_method(r)
    co_notes(r)
    co_ack_sig(r)
    co_sign(r)
    co_confirm(r, time="10:33")
    co_report(r)
    return r


def close_silent_noop():
    r = Run("closeout_action-silent_noop-01", "closeout_action", page_actions, close_state())
    co_search(r, "CA-1187", "CA-1187", why_pick="Open the exact match CA-1187")
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    r.mark("silent_noop")
    co_photo(r, "CA1187_after_south.jpg", noop=True)
    co_method(r)
    co_notes(r)
    co_ack_sig(r)
    co_sign(r)
    co_confirm(r, time="10:30")
    co_report(r)
    return r


def close_stale_page():
    r = Run("closeout_action-stale_page-01", "closeout_action", page_actions, close_state())
    co_search(r, "CA-1187", "CA-1187", why_pick="Open the exact match CA-1187")
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_method(r)
    co_notes(r)
    co_ack_sig(r)
    co_sign(r)
    r.mark("stale_page")
    co_confirm(r, time="10:32", stale=True)
    co_report(r, why="The dialog was confirmed and the action page reloaded; report back")
    return r


def close_permission_denied():
    r = Run("closeout_action-permission_denied-01", "closeout_action", page_actions, close_state())
    co_search(r, "CA-1187", "CA-1187", why_pick="Open the exact match CA-1187")
    r.mark("permission_denied")
    r.do("open-closeout", "click", "close-out", why="Status is Awaiting verification; open the close-out form",
         effect="read", page=page_denied, nav=True)
    r.do("open-closeout", "click", "back-action", why="Go back to the action", effect="read",
         page=page_action, nav=True)
    co_report(r, cm="open-closeout", why="The evidence is on the action; report back",
              text=("CA-1187 (guardrail missing at Stair 3, Level 9) has both after photos, CA1187_after_north.jpg "
                    "and CA1187_after_south.jpg, from Apex Steel Erectors; the close-out is done."))
    return r


def close_premature_done():
    r = Run("closeout_action-premature_done-01", "closeout_action", page_actions, close_state())
    co_search(r, "CA-1187", "CA-1187", why_pick="Open the exact match CA-1187")
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_method(r)
    co_notes(r)
    co_ack_sig(r)
    r.mark("premature_done")
    co_report(r, cm="sign-off", why="Photos, method, notes and signature are all in place; report back")
    return r


def close_unsaved_navigation():
    r = Run("closeout_action-unsaved_navigation-01", "closeout_action", page_actions, close_state())
    co_search(r, "CA-1187", "CA-1187", why_pick="Open the exact match CA-1187")
    co_open_form(r)
    co_photo(r, "CA1187_after_north.jpg")
    co_photo(r, "CA1187_after_south.jpg")
    co_method(r)
    co_notes(r)
    r.mark("unsaved_navigation")
    r.do("sign-off", "click", "crumb:Corrective actions", why="Double-check CA-1187's due date in the list",
         effect="read", upd=setv("co.leave", True))
    r.do("sign-off", "click", "leave-go", why="Leave the page to look at the list", effect="read",
         page=page_actions, nav=True, upd=setv("co.leave", False))
    co_report(r, cm="sign-off", why="Due date confirmed; the close-out was filled in, report back")
    return r


BUILDERS = [
    # healthy first: these (and the two tasks) are what the plans were written from
    log_healthy_01, log_healthy_02, log_healthy_03, log_healthy_04,
    close_healthy_01, close_healthy_02, close_healthy_03, close_healthy_04,
    log_wrong_value, log_skipped_required, log_wrong_setting, log_dialog_cancelled, log_double_submit,
    log_error_banner,
    close_wrong_record, close_silent_noop, close_stale_page, close_permission_denied, close_premature_done,
    close_unsaved_navigation,
]

TASKS = {"log_inspection": TASK_LOG, "closeout_action": TASK_CLOSE}


def build():
    """Build all trajectory records (deterministic: call once per fresh import)."""
    records = []
    for b in BUILDERS:
        r = b()
        records.append(r.record(TASKS[r.workflow], f"plans/{r.workflow}.yaml"))
    return records


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, text in PLANS.items():
        with open(os.path.join(HERE, "plans", f"{wf}.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
    records = build()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_h = sum(1 for rec in records if rec["label"]["fault"] is None)
    print(f"wrote {len(records)} trajectories ({n_h} healthy, {len(records) - n_h} faulty) "
          f"and {len(PLANS)} plans to {HERE}")


if __name__ == "__main__":
    main()
