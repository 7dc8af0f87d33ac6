#!/usr/bin/env python3
"""Generate the Panelist held-out corpus (corpus.jsonl + plans/panelist.yaml).

Python 3 standard library only; fixed seed; byte-for-byte reproducible.

    python3 make_corpus.py              # writes next to this file
    python3 make_corpus.py --out DIR    # writes into DIR (used by selftest.py)
"""
import argparse
import json
import os
import random

SEED = 4417
HOST = "http://127.0.0.1:8310"
WORKFLOW = "panelist"
PLAN_PATH = "plans/panelist.yaml"

TASK = ("Please add Priya Raman as the interviewer on Dana Whitfield's onsite "
        "(REQ-2291, Senior Backend Engineer) for the Thursday 14:00\u201314:45 "
        "architecture slot, and send out the updated invites.")

# ---------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any
# faulty run existed; not tuned afterwards.
# ---------------------------------------------------------------------------

def act_item(text):
    return {"text": text, "on": "action"}


PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to Panelist",
            "Your session has expired",
            "Something went wrong",
        ],
        "planning": [
            "You don't have permission to edit this loop",
            "Calendar sync is disconnected",
        ],
    },
    "commitments": [
        {
            "id": "open-candidate",
            "subgoal": "Open Dana Whitfield's candidate record for REQ-2291 Senior Backend Engineer",
            "skill": "open_record_by_search",
            "confidence": 0.75,
            "confirm": {
                "precondition": ["Pipeline board"],
                "progress": ["Dana Whitfield \u2014 CAND-4417 \u00b7 REQ-2291"],
                "completion": [
                    "Dana Whitfield \u00b7 Candidate \u00b7 Panelist",
                    "CAND-4417 \u00b7 Senior Backend Engineer (REQ-2291)",
                ],
            },
            "falsify": {
                "execution": [
                    "Dana Whitfeld",
                    "CAND-4471",
                    "REQ-2219",
                    "Diana Whitfield",
                    "Dana Whitford",
                    "No candidates match",
                ],
                "skill": ["Search is unavailable"],
                "planning": ["Dana Whitfield has withdrawn", "Candidate archived"],
            },
        },
        {
            "id": "open-loop",
            "subgoal": "Open Dana Whitfield's onsite loop for Thu Jun 12",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Stage: Onsite"],
                "progress": [],
                "completion": [
                    "Onsite loop \u00b7 Thu Jun 12",
                    "Architecture deep dive 14:00\u201314:45 is Unassigned",
                ],
            },
            "falsify": {
                "execution": ["Onsite loop \u00b7 Wed Jun 11"],
                "planning": ["This onsite has been cancelled", "No onsite scheduled"],
            },
        },
        {
            "id": "choose-interviewer",
            "subgoal": "Open Add interviewer and pick Priya Raman (Staff Engineer, Platform)",
            "skill": "pick_from_autocomplete",
            "confidence": 0.65,
            "confirm": {
                "precondition": ["Add interviewer to loop"],
                "progress": ["Matching interviewers"],
                "completion": [
                    "Selected: Priya Raman \u2014 Staff Engineer, Platform",
                    "Free/busy for Priya Raman",
                ],
            },
            "falsify": {
                "execution": [
                    "Priya Ramanathan",
                    "Riya Raman",
                    "Free/busy for Priya Ramanathan",
                    act_item("click option 'Priya Ramanathan'"),
                    act_item("click option 'Riya Raman'"),
                ],
                "skill": ["No interviewers found"],
                "planning": ["Priya Raman is out of office on Thursday"],
            },
        },
        {
            "id": "choose-slot",
            "subgoal": "Select the Thursday 14:00\u201314:45 Architecture deep dive session",
            "confidence": 0.7,
            "confirm": {
                "precondition": [],
                "progress": [],
                "completion": ["Priya Raman is free Thu 14:00\u201314:45"],
            },
            "falsify": {
                "execution": [
                    "Availability conflict",
                    "Add anyway",
                    act_item("click radio 'Thu 16:00\u201316:45 \u00b7 Culture add'"),
                ],
                "planning": ["Priya Raman is busy Thu 14:00"],
            },
        },
        {
            "id": "add-to-loop",
            "subgoal": "Add Priya Raman to the loop",
            "confidence": 0.75,
            "confirm": {
                "precondition": [],
                "progress": [],
                "completion": [
                    "Priya Raman added to Architecture deep dive",
                    "1 unsent change",
                ],
            },
            "falsify": {
                "execution": [
                    "Could not add interviewer",
                    act_item("click 'Add anyway'"),
                    act_item("click 'Discard changes'"),
                ],
            },
        },
        {
            "id": "send-invites",
            "subgoal": "Send the updated invites and confirm the dialog",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["1 unsent change"],
                "progress": ["Send updated invites?"],
                "completion": [
                    "Updated invites sent to 6 attendees",
                    "Invites: up to date \u00b7 sent just now",
                ],
            },
            "falsify": {
                "execution": [
                    "Invites were not sent",
                    act_item("click 'Cancel' in the Send updated invites dialog"),
                ],
                "planning": ["Calendar sync failed"],
            },
        },
        {
            "id": "report",
            "subgoal": "Tell the user that Priya Raman was added and the invites went out",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Updated invites sent to 6 attendees"],
                "progress": [],
                "completion": [],
            },
            "falsify": {
                "execution": [
                    "1 unsent change",
                    act_item("report success while changes are still unsent"),
                ],
            },
        },
    ],
}


def yaml_scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list) and not v:
        return "[]"
    if isinstance(v, dict) and not v:
        return "{}"
    return json.dumps(v, ensure_ascii=False)


def to_yaml(v, ind=0):
    sp = "  " * ind
    out = []
    if isinstance(v, dict):
        for k, x in v.items():
            if isinstance(x, (dict, list)) and x:
                out.append("%s%s:" % (sp, k))
                out.extend(to_yaml(x, ind + 1))
            else:
                out.append("%s%s: %s" % (sp, k, yaml_scalar(x)))
    elif isinstance(v, list):
        for x in v:
            if isinstance(x, dict) and x:
                sub = to_yaml(x, ind + 1)
                sub[0] = sp + "- " + sub[0][len(sp) + 2:]
                out.extend(sub)
            else:
                out.append("%s- %s" % (sp, yaml_scalar(x)))
    return out


def plan_yaml():
    head = ["# Panelist: add an interviewer to a candidate's onsite loop and send updated invites.",
            "# Written from the task text and the healthy pages only."]
    return "\n".join(head + to_yaml(PLAN)) + "\n"


# ---------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------

def q(s):
    return repr(s)


class Page:
    def __init__(self, title, path):
        self.title = title
        self.url = HOST + path
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.reg = {}
        self.n = 100

    def node(self, depth, role, name="", key=None, bid=None, props="", nobid=False):
        if nobid:
            b = None
        elif bid is not None:
            b = str(bid)
        else:
            b = str(self.n)
            self.n += 1
        s = "\t" * depth + ("[%s] " % b if b else "") + "%s %s" % (role, q(name))
        if props:
            s += ", " + props
        self.lines.append(s)
        if key:
            self.reg[key] = (b, "%s %s" % (role, q(name)))
        return b

    def txt(self, depth, s):
        self.node(depth, "StaticText", s, nobid=True)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title,
                "text": "\n".join(self.lines), "error": error}


class Ctx:
    """Per-run environment knobs."""

    def __init__(self, idx, sync="ok", start_toast=False):
        rng = random.Random(SEED * 1000 + idx)
        self.mins = rng.randint(2, 9)
        self.unread = rng.choice([2, 3, 4, 5])
        self.sync = sync
        self.start_toast = start_toast


NAV = ["Pipeline", "Schedule", "Interviewers", "Requisitions", "Reports"]

SYNC = {
    "ok": ("status", "Calendar sync: Google Workspace connected \u00b7 last synced {m} min ago", "Sync details"),
    "partial": ("status", "Calendar sync: connected \u00b7 1 interviewer calendar (Sam Whitcombe) could not be read, showing last known availability", "Sync details"),
    "running": ("status", "Calendar sync in progress \u00b7 pushing changes to attendee calendars (2 of 6 done)", "Sync details"),
    "paused": ("alert", "Calendar sync paused: the Google Workspace connection expired on Jun 11 at 08:02. New invites and calendar changes are queued and will not be delivered until an admin reconnects.", "Reconnect (admins only)"),
}


def chrome_top(p, ctx, search="", suggestions=None, sync=None):
    p.node(1, "banner", "", bid=1)
    p.node(2, "link", "Panelist home", bid=2, key="home")
    p.node(2, "navigation", "Primary", bid=3)
    for i, n in enumerate(NAV):
        p.node(3, "link", n, bid=4 + i, key="nav_" + n.lower(),
               props="current='page'" if (n == "Pipeline") else "")
    p.node(2, "search", "Site search", bid=9)
    props = "autocomplete='list'"
    if search:
        props += ", value=%s" % q(search)
    if suggestions is not None:
        props += ", focused, expanded=True"
    else:
        props += ", expanded=False"
    p.node(3, "combobox", "Search candidates, reqs, interviewers", bid=10, key="search", props=props)
    if suggestions is not None:
        p.node(3, "listbox", "Search suggestions")
        for key, label in suggestions:
            p.node(4, "option", label, key=key)
        p.node(4, "option", "See all results for \u201c%s\u201d" % search, key="sugg_all")
    p.node(2, "button", "Notifications, %d unread" % ctx.unread, bid=11, props="hasPopup='menu'")
    p.node(2, "button", "Help center", bid=12)
    p.node(2, "button", "Jordan Lee, Recruiting coordinator", bid=13, key="usermenu",
           props="hasPopup='menu', expanded=False")
    role, text, link = SYNC[sync or ctx.sync]
    p.node(1, role, "Calendar sync", bid=14)
    p.txt(2, text.format(m=ctx.mins))
    p.node(2, "link", link, bid=15)


def toasts(p, items):
    if not items:
        return
    p.node(1, "region", "Notifications", bid=800)
    for role, text in items:
        p.node(2, role, "")
        p.txt(3, text)
        p.node(3, "button", "Dismiss notification")


def footer(p):
    p.node(1, "contentinfo", "", bid=900)
    p.txt(2, "\u00a9 2025 Panelist Labs \u00b7 Interview scheduling for hiring teams")
    p.node(2, "link", "Status page", bid=901)
    p.node(2, "link", "Privacy", bid=902)
    p.node(2, "link", "Keyboard shortcuts", bid=903)
    p.txt(2, "Build 4.18.2 \u00b7 eu-west-1")


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

REQS = {
    "REQ-2291": "Senior Backend Engineer",
    "REQ-2219": "Backend Engineer II",
    "REQ-2912": "Senior Frontend Engineer",
    "REQ-2304": "Data Engineer",
    "REQ-2288": "Site Reliability Engineer",
    "REQ-2310": "Product Designer",
}
STAGES = ["Applied", "Phone screen", "Onsite", "Offer", "Hired"]

# (id, name, req, stage, note, owner, next event, activity position)
NAMED = [
    ("CAND-4502", "Tomasz Ili\u0107", "REQ-2304", "Applied", "Applied 2 days ago", "Malik Greene", "Screen not booked", 0),
    ("CAND-4433", "Hannah Osei", "REQ-2291", "Phone screen", "Screen feedback overdue (2 days)", "Sofia Brandt", "Feedback due", 1),
    ("CAND-4402", "Kemi Adeyinka", "REQ-2291", "Onsite", "Onsite Tue Jun 10 \u00b7 hiring manager declined, reschedule needed", "Jordan Lee", "Onsite Tue Jun 10", 2),
    ("CAND-4498", "Aisha Bello", "REQ-2291", "Applied", "Referral \u00b7 applied yesterday", "Malik Greene", "Screen not booked", 3),
    ("CAND-3982", "Dana Whitford", "REQ-2912", "Offer", "Offer out \u00b7 expires Fri Jun 13", "Sofia Brandt", "Offer expires Jun 13", 4),
    ("CAND-4471", "Dana Whitfeld", "REQ-2219", "Onsite", "Onsite Wed Jun 11 \u00b7 1 session needs interviewer", "Jordan Lee", "Onsite Wed Jun 11", 5),
    ("CAND-4455", "Rafael Quint", "REQ-2288", "Phone screen", "Phone screen cancelled by candidate \u00b7 rebook", "Malik Greene", "Rebook screen", 6),
    ("CAND-4120", "Carlos Mendes", "REQ-2219", "Offer", "Offer approval pending (finance)", "Jordan Lee", "Approval pending", 7),
    ("CAND-4174", "Diana Whitfield", "REQ-2291", "Phone screen", "Phone screen Tue Jun 10, 11:00", "Jordan Lee", "Phone screen Tue Jun 10", 8),
    ("CAND-4365", "Beatriz Lobo", "REQ-2912", "Onsite", "Onsite Mon Jun 9 \u00b7 2 scorecards overdue", "Sofia Brandt", "Scorecards overdue", 9),
    ("CAND-4490", "Jonas Pfeiffer", "REQ-2288", "Applied", "Applied 4 days ago", "Malik Greene", "Screen not booked", 11),
    ("CAND-4011", "Wen Jiahui", "REQ-2310", "Offer", "Offer declined \u00b7 close out", "Sofia Brandt", "\u2014", 13),
    ("CAND-4429", "Noor Haddad", "REQ-2219", "Phone screen", "Phone screen Wed Jun 11, 15:30", "Jordan Lee", "Phone screen Wed Jun 11", 14),
    ("CAND-4417", "Dana Whitfield", "REQ-2291", "Onsite", "Onsite Thu Jun 12 \u00b7 1 session needs interviewer", "Sofia Brandt", "Onsite Thu Jun 12", 15),
    ("CAND-4388", "Oskar Lindqvist", "REQ-2304", "Onsite", "Onsite Fri Jun 13", "Malik Greene", "Onsite Fri Jun 13", 18),
    ("CAND-4486", "Mei Tanaka", "REQ-2310", "Applied", "Portfolio attached", "Sofia Brandt", "Screen not booked", 20),
    ("CAND-4351", "Ivan Petrov", "REQ-2288", "Onsite", "Onsite Thu Jun 12", "Malik Greene", "Onsite Thu Jun 12", 22),
    ("CAND-3890", "Lena Vogt", "REQ-2304", "Hired", "Start date Jul 1", "Malik Greene", "Start Jul 1", 27),
    ("CAND-4340", "Yusuf Karaca", "REQ-2310", "Onsite", "Onsite invite failed for 1 attendee \u00b7 resent", "Sofia Brandt", "Onsite Mon Jun 16", 30),
    ("CAND-3871", "Arjun Mehta", "REQ-2291", "Hired", "Start date Jun 23", "Sofia Brandt", "Start Jun 23", 35),
]

FILLER_NAMES = ["Amara Okafor", "Ben Carter", "Elena Ruiz", "Farid Nasser", "Greta Holm",
                "Hugo Brand\u00e3o", "Ines Costa", "Jae-won Park", "Kofi Mensah", "Laila Rahimi",
                "Marta Nowak", "Nikhil Varma", "Olga Sidorova", "Pedro Alves", "Qing Zhou",
                "Rosa Mart\u00edn", "Stefan Kraus", "Thandi Dlamini", "Umar Siddiqui",
                "Valentina Greco", "Will Archer", "Zoe Lambert"]


def build_candidates():
    rng = random.Random(SEED)
    total = len(NAMED) + len(FILLER_NAMES)
    slots = [None] * total
    for row in NAMED:
        cid, name, req, stage, note, owner, nxt, pos = row
        slots[pos] = dict(id=cid, name=name, req=req, stage=stage, note=note, owner=owner, next=nxt)
    free = [i for i in range(total) if slots[i] is None]
    names = list(FILLER_NAMES)
    rng.shuffle(names)
    used_ids = {r[0] for r in NAMED}
    reqs = sorted(REQS)
    for i, name in zip(free, names):
        while True:
            cid = "CAND-%d" % rng.randint(3700, 4560)
            if cid not in used_ids:
                used_ids.add(cid)
                break
        stage = rng.choice(["Applied", "Applied", "Phone screen", "Phone screen", "Offer"])
        req = rng.choice(reqs)
        owner = rng.choice(["Jordan Lee", "Sofia Brandt", "Malik Greene"])
        if stage == "Applied":
            k = rng.randint(1, 9)
            note, nxt = ("Applied %d day%s ago" % (k, "" if k == 1 else "s")), "Screen not booked"
        elif stage == "Phone screen":
            d = rng.choice(["Mon Jun 9", "Tue Jun 10", "Wed Jun 11", "Thu Jun 12", "Fri Jun 13"])
            note = "Phone screen %s, %02d:%s" % (d, rng.randint(9, 16), rng.choice(["00", "30"]))
            nxt = "Phone screen " + d
        else:
            note, nxt = "Offer drafted \u00b7 awaiting approval", "Approval pending"
        slots[i] = dict(id=cid, name=name, req=req, stage=stage, note=note, owner=owner, next=nxt)
    for i, c in enumerate(slots):
        m = 6 + i * 41 + rng.randint(0, 25)
        if m < 60:
            c["activity"] = "%d min ago" % m
        elif m < 1440:
            c["activity"] = "%d h ago" % (m // 60)
        else:
            c["activity"] = "%d d ago" % (m // 1440)
    return slots


CANDS = build_candidates()
BY_ID = {c["id"]: c for c in CANDS}

# Onsite details for the two records the runs open.
T_SESS = [
    ("10:00\u201311:00", "System design", "Marcus Oyelaran", "Larch", "Accepted"),
    ("11:15\u201312:15", "Coding", "Elif Demir", "Larch", "Accepted"),
    ("12:30\u201313:30", "Lunch", "Sam Whitcombe", "Caf\u00e9 2", "Tentative \u00b7 possible conflict: overlapping hold 13:00\u201313:30"),
    ("14:00\u201314:45", "Architecture deep dive", None, "Larch", "Needs interviewer"),
    ("15:00\u201315:45", "Hiring manager chat", "Grace Nakamura", "Zoom", "Accepted"),
    ("16:00\u201316:45", "Culture add", None, "Larch", "Optional \u00b7 needs interviewer"),
]
W_SESS = [
    ("10:00\u201311:00", "Coding", "Tobias Lind", "Birch", "Accepted"),
    ("11:15\u201312:00", "System design", "Hye-jin Cho", "Birch", "Accepted"),
    ("12:15\u201313:00", "Lunch", "Sam Whitcombe", "Caf\u00e9 2", "Accepted"),
    ("14:00\u201314:45", "Architecture deep dive", None, "Birch", "Needs interviewer"),
    ("15:00\u201315:30", "Hiring manager chat", "Carla Benedetti", "Zoom", "Declined \u00b7 reschedule requested"),
]

DETAIL = {
    "CAND-4417": dict(
        source="Referral (Marcus Oyelaran)", applied="May 14", day="Thu Jun 12", dshort="Thu",
        dlong="Thursday, Jun 12", span="10:00\u201316:45", location="Building C \u00b7 room Larch, Zoom backup",
        sessions=T_SESS, last_sent="Jun 5, 16:12", grid_day="Thu",
        scorecards=[("Phone screen", "Elif Demir", "Strong yes", "Submitted May 22"),
                    ("Take-home review", "Marcus Oyelaran", "Yes", "Submitted May 29")],
        activity=["Jun 5 \u00b7 Sofia Brandt scheduled the onsite for Thu Jun 12",
                  "Jun 5 \u00b7 Itinerary email to candidate failed to send, retried successfully",
                  "Jun 3 \u00b7 Earlier onsite hold on Tue Jun 10 cancelled at the candidate's request",
                  "May 29 \u00b7 Take-home review submitted by Marcus Oyelaran"],
        suggest="Suggested for Architecture deep dive: Priya Raman (Platform \u00b7 2 loops this week), Tobias Lind (Core services \u00b7 1 loop this week)"),
    "CAND-4471": dict(
        source="LinkedIn outreach", applied="May 20", day="Wed Jun 11", dshort="Wed",
        dlong="Wednesday, Jun 11", span="10:00\u201315:30", location="Building C \u00b7 room Birch, Zoom backup",
        sessions=W_SESS, last_sent="Jun 6, 09:40", grid_day="Wed",
        scorecards=[("Phone screen", "Tobias Lind", "Yes", "Submitted May 28")],
        activity=["Jun 6 \u00b7 Jordan Lee scheduled the onsite for Wed Jun 11",
                  "Jun 6 \u00b7 Carla Benedetti declined Hiring manager chat, reschedule requested",
                  "May 28 \u00b7 Phone screen scorecard submitted by Tobias Lind"],
        suggest="Suggested for Architecture deep dive: Hye-jin Cho (Core services \u00b7 1 loop this week), Priya Raman (Platform \u00b7 2 loops this week)"),
}

IV = {
    "praman": ("Priya Raman", "Staff Engineer, Platform", "2 loops this week"),
    "pramanathan": ("Priya Ramanathan", "Engineering Manager, Payments", "4 loops this week \u00b7 near weekly limit"),
    "rraman": ("Riya Raman", "Senior Engineer, Data", "1 loop this week"),
    "prao": ("Priyanka Rao", "Senior Engineer, Platform", "no loops this week"),
}
BUSY = {
    "praman": {("Mon", 9): "Platform standup", ("Mon", 13): "Design review", ("Tue", 9): "Platform standup",
               ("Tue", 11): "Loop: Kemi Adeyinka (Coding)", ("Tue", 14): "Incident review",
               ("Wed", 9): "Platform standup", ("Thu", 9): "Platform standup", ("Thu", 11): "Roadmap planning",
               ("Thu", 16): "1:1 with Omar Haddad", ("Fri", 9): "Platform standup",
               ("Fri", 15): "Out of office", ("Fri", 16): "Out of office"},
    "pramanathan": {("Mon", 10): "Payments staff meeting", ("Tue", 13): "Vendor call", ("Wed", 14): "Budget review",
                    ("Thu", 10): "On-call handoff", ("Thu", 15): "Skip-level", ("Fri", 11): "Quarterly planning"},
}
DAYS = [("Mon", "Mon Jun 9"), ("Tue", "Tue Jun 10"), ("Wed", "Wed Jun 11"), ("Thu", "Thu Jun 12"), ("Fri", "Fri Jun 13")]


def search_matches(query):
    ql = query.lower()
    if "whit" in ql or "dana" in ql:
        order = ["CAND-4417", "CAND-4471", "CAND-3982", "CAND-4174"]
        return [BY_ID[i] for i in order]
    return []


def iv_matches(query):
    ql = query.lower().strip()
    out = []
    for k in ["praman", "pramanathan", "prao", "rraman"]:
        name = IV[k][0].lower()
        toks = ql.split()
        if all(t in name for t in toks) or (ql and ql.replace(" ", "") in name.replace(" ", "")):
            out.append(k)
    if ql in ("raman", "priya raman"):
        out = ["praman", "pramanathan", "rraman"]
    return out


def session_key(t):
    return t.split("\u2013")[0].replace(":", "")


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------

def board_page(ctx, search="", suggest=False, req=None, mine=False, toast_items=None, sync=None):
    params = []
    if req:
        params.append("req=" + req)
    if mine:
        params.append("owner=me")
    path = "/pipeline" + ("?" + "&".join(params) if params else "")
    p = Page("Pipeline board \u00b7 Panelist", path)
    sugg = None
    if suggest:
        sugg = [("sugg_" + c["id"], "%s \u2014 %s \u00b7 %s %s \u00b7 %s" % (c["name"], c["id"], c["req"], REQS[c["req"]], c["stage"]))
                for c in search_matches(search)]
    chrome_top(p, ctx, search=search, suggestions=sugg, sync=sync)
    p.node(1, "main", "", bid=20)
    p.node(2, "navigation", "Breadcrumb", bid=21)
    p.node(3, "link", "Recruiting", bid=22)
    p.txt(3, "Pipeline board")
    p.node(2, "heading", "Pipeline board", bid=23, props="level=1")
    shown = [c for c in CANDS if (not req or c["req"] == req) and (not mine or c["owner"] == "Jordan Lee")]
    active = [c for c in shown if c["stage"] != "Hired"]
    onsites = [c for c in shown if c["stage"] == "Onsite"]
    p.txt(2, "%d active candidates \u00b7 %d onsites this week \u00b7 3 scorecards overdue \u00b7 1 offer expiring" % (len(active), len(onsites)))
    p.node(2, "group", "Filters")
    p.node(3, "combobox", "Requisition", key="f_req", props="hasPopup='listbox', expanded=False")
    opts = ["All open requisitions"] + ["%s \u00b7 %s" % (r, REQS[r]) for r in sorted(REQS)]
    for o in opts:
        sel = (req is None and o.startswith("All")) or (req is not None and o.startswith(req))
        p.node(4, "option", o, props="selected=%s" % ("True" if sel else "False"))
    p.node(3, "combobox", "Stage", key="f_stage", props="hasPopup='listbox', expanded=False")
    for o in ["All stages"] + STAGES:
        p.node(4, "option", o, props="selected=%s" % ("True" if o == "All stages" else "False"))
    p.node(3, "checkbox", "My candidates only", key="f_mine", props="checked='%s'" % ("true" if mine else "false"))
    p.node(3, "button", "Clear filters", key="f_clear", props="" if (req or mine) else "disabled=True")
    p.node(2, "group", "View")
    p.node(3, "button", "Board view", key="v_board", props="pressed='true'")
    p.node(3, "button", "List view", key="v_list", props="pressed='false'")
    p.node(2, "button", "Sort cards: Last activity", key="sortcards", props="hasPopup='menu'")
    for st in STAGES:
        col = [c for c in shown if c["stage"] == st]
        p.node(2, "region", "%s (%d)" % (st, len(col)))
        p.node(3, "heading", "%s (%d)" % (st, len(col)), props="level=2")
        if not col:
            p.txt(3, "No candidates in this stage")
            continue
        p.node(3, "list", "")
        for c in col[:5]:
            p.node(4, "listitem", "")
            p.node(5, "link", c["name"], key="card_" + c["id"])
            p.txt(5, "%s \u00b7 %s %s" % (c["id"], c["req"], REQS[c["req"]]))
            p.txt(5, c["note"])
            p.txt(5, "Owner: " + c["owner"])
        if len(col) > 5:
            p.node(3, "button", "Show %d more" % (len(col) - 5), key="more_" + st)
    p.node(2, "link", "Archived candidates (18)")
    items = list(toast_items or [])
    if ctx.start_toast and not search and not req and not mine:
        items.insert(0, ("status", "Grace Nakamura declined \u201cHiring manager chat\u201d for Kemi Adeyinka (Tue Jun 10). Reschedule needed."))
    toasts(p, items)
    footer(p)
    return p


def list_page(ctx, sort="activity", page=1):
    per = 12
    rows = list(CANDS)
    if sort == "name":
        rows.sort(key=lambda c: c["name"])
    path = "/pipeline?view=list" + ("&sort=name" if sort == "name" else "") + ("&page=%d" % page if page > 1 else "")
    p = Page("Pipeline list \u00b7 Panelist", path)
    chrome_top(p, ctx)
    p.node(1, "main", "", bid=20)
    p.node(2, "navigation", "Breadcrumb", bid=21)
    p.node(3, "link", "Recruiting", bid=22)
    p.txt(3, "Pipeline list")
    p.node(2, "heading", "Pipeline list", bid=23, props="level=1")
    p.txt(2, "%d candidates \u00b7 7 onsites this week \u00b7 3 scorecards overdue" % len(rows))
    p.node(2, "group", "View")
    p.node(3, "button", "Board view", key="v_board", props="pressed='false'")
    p.node(3, "button", "List view", key="v_list", props="pressed='true'")
    p.node(2, "table", "Candidates")
    p.node(3, "row", "")
    for col, k in [("Name", "name"), ("Candidate ID", None), ("Requisition", None), ("Stage", None),
                   ("Next event", None), ("Owner", None), ("Last activity", "activity")]:
        props = ""
        if k and k == sort:
            props = "sort='%s'" % ("ascending" if k == "name" else "descending")
        p.node(4, "columnheader", col, props=props)
        if k or col in ("Stage", "Owner"):
            p.node(5, "button", "Sort by " + col, key="sort_" + col.lower().replace(" ", "_"))
    for c in rows[(page - 1) * per: page * per]:
        p.node(3, "row", "")
        p.node(4, "cell", c["name"])
        p.node(5, "link", c["name"], key="row_" + c["id"])
        p.node(4, "cell", c["id"])
        p.node(4, "cell", "%s %s" % (c["req"], REQS[c["req"]]))
        p.node(4, "cell", c["stage"])
        p.node(4, "cell", c["next"])
        p.node(4, "cell", c["owner"])
        p.node(4, "cell", c["activity"])
    n = len(rows)
    pages = (n + per - 1) // per
    p.txt(2, "Showing %d\u2013%d of %d" % ((page - 1) * per + 1, min(page * per, n), n))
    p.node(2, "navigation", "Pagination")
    p.node(3, "button", "Previous page", key="prev", props="disabled=True" if page == 1 else "")
    for i in range(1, pages + 1):
        p.node(3, "button", "Page %d" % i, key="page_%d" % i, props="current='page'" if i == page else "")
    p.node(3, "button", "Next page", key="next", props="disabled=True" if page == pages else "")
    p.node(2, "combobox", "Rows per page", props="hasPopup='listbox', expanded=False, value='12'")
    footer(p)
    return p


def search_page(ctx, query):
    p = Page("Search: %s \u00b7 Panelist" % query, "/search?q=" + query.replace(" ", "+"))
    chrome_top(p, ctx, search=query)
    p.node(1, "main", "", bid=20)
    p.node(2, "navigation", "Breadcrumb", bid=21)
    p.node(3, "link", "Recruiting", bid=22)
    p.txt(3, "Search")
    res = search_matches(query)
    p.node(2, "heading", "Results for \u201c%s\u201d" % query, bid=23, props="level=1")
    p.txt(2, "%d candidates \u00b7 0 requisitions \u00b7 0 interviewers" % len(res))
    p.node(2, "tablist", "Result types")
    p.node(3, "tab", "Candidates (%d)" % len(res), props="selected=True")
    p.node(3, "tab", "Requisitions (0)", props="selected=False")
    p.node(3, "tab", "Interviewers (0)", props="selected=False")
    p.node(2, "table", "Candidate results")
    p.node(3, "row", "")
    for h in ["Name", "Candidate ID", "Requisition", "Stage", "Owner"]:
        p.node(4, "columnheader", h)
    for c in res:
        p.node(3, "row", "")
        p.node(4, "cell", c["name"])
        p.node(5, "link", c["name"], key="res_" + c["id"])
        p.node(4, "cell", c["id"])
        p.node(4, "cell", "%s %s" % (c["req"], REQS[c["req"]]))
        p.node(4, "cell", c["stage"])
        p.node(4, "cell", c["owner"])
    p.txt(2, "Tip: search by candidate ID (e.g. CAND-1234) to jump straight to a record.")
    footer(p)
    return p


def cand_header(p, c, section):
    d = DETAIL[c["id"]]
    p.node(1, "main", "", bid=20)
    p.node(2, "navigation", "Breadcrumb", bid=21)
    p.node(3, "link", "Pipeline", bid=22, key="bc_pipeline")
    p.node(3, "link", "%s %s" % (c["req"], REQS[c["req"]]), key="bc_req")
    if section:
        p.node(3, "link", c["name"], key="bc_cand")
        p.txt(3, section)
    else:
        p.txt(3, c["name"])
    p.node(2, "heading", c["name"], bid=23, props="level=1")
    p.txt(2, "%s \u00b7 %s (%s) \u00b7 Stage: %s" % (c["id"], REQS[c["req"]], c["req"], c["stage"]))
    p.txt(2, "Owner: %s \u00b7 Source: %s \u00b7 Applied %s" % (c["owner"], d["source"], d["applied"]))
    p.node(2, "button", "Move to stage", props="hasPopup='menu'")
    p.node(2, "button", "Reject candidate")
    p.node(2, "button", "Email candidate")
    p.node(2, "button", "More actions", props="hasPopup='menu'")
    p.node(2, "tablist", "Candidate sections")
    p.node(3, "tab", "Overview", key="tab_overview", props="selected=%s" % ("False" if section else "True"))
    p.node(3, "tab", "Onsite loop", key="tab_loop", props="selected=%s" % ("True" if section else "False"))
    p.node(3, "tab", "Scorecards (%d)" % len(d["scorecards"]), props="selected=False")
    p.node(3, "tab", "Activity", props="selected=False")


def cand_page(ctx, cid):
    c = BY_ID[cid]
    d = DETAIL[cid]
    p = Page("%s \u00b7 Candidate \u00b7 Panelist" % c["name"], "/candidates/" + cid)
    chrome_top(p, ctx)
    cand_header(p, c, None)
    p.node(2, "tabpanel", "Overview")
    p.node(3, "heading", "Upcoming", props="level=2")
    p.txt(3, "Onsite \u00b7 %s, %s \u00b7 %s" % (d["dlong"], d["span"], d["location"]))
    open_n = sum(1 for s in d["sessions"] if s[2] is None)
    p.txt(3, "%d of %d sessions need an interviewer" % (open_n, len(d["sessions"])))
    p.node(3, "link", "Open onsite loop", key="link_loop")
    p.node(3, "heading", "Scorecards", props="level=2")
    p.node(3, "table", "Scorecards")
    p.node(4, "row", "")
    for h in ["Stage", "Interviewer", "Recommendation", "Status"]:
        p.node(5, "columnheader", h)
    for row in d["scorecards"]:
        p.node(4, "row", "")
        for v in row:
            p.node(5, "cell", v)
    p.node(3, "heading", "Recent activity", props="level=2")
    p.node(3, "list", "")
    for a in d["activity"]:
        p.node(4, "listitem", "")
        p.txt(5, a)
    p.node(3, "link", "View all activity")
    footer(p)
    return p


def attendees(cid, assigned):
    d = DETAIL[cid]
    names = [s[2] for s in d["sessions"] if s[2]] + [v for v in assigned.values()]
    seen = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return [BY_ID[cid]["name"]] + seen


def loop_page(ctx, cid, assigned=None, state="clean", toast_items=None, dialog=None, sync=None,
              view_only=False, invites=None):
    """state: clean | unsent | sent | queued"""
    assigned = dict(assigned or {})
    c = BY_ID[cid]
    d = DETAIL[cid]
    p = Page("Onsite loop \u00b7 %s \u00b7 Panelist" % c["name"], "/candidates/%s/loop" % cid)
    chrome_top(p, ctx, sync=sync)
    cand_header(p, c, "Onsite loop")
    p.node(2, "tabpanel", "Onsite loop")
    p.node(3, "heading", "Onsite loop \u00b7 %s" % d["day"], props="level=2")
    p.txt(3, "%s \u00b7 Candidate arrives 09:45 \u00b7 Coordinator: Jordan Lee" % d["location"])
    if invites is None:
        invites = {"clean": "Invites: up to date \u00b7 last sent %s" % d["last_sent"],
                   "unsent": "Invites: 1 change not sent",
                   "sent": "Invites: up to date \u00b7 sent just now",
                   "queued": "Invites: queued \u00b7 waiting for calendar sync"}[state]
    p.txt(3, invites)
    if state == "unsent":
        p.node(3, "status", "")
        p.txt(4, "1 unsent change \u2014 attendees won't see it until you send updated invites.")
    if view_only:
        p.node(3, "alert", "")
        p.txt(4, "You have view-only access to this loop. Only Sofia Brandt (owner) or a coordinator on the REQ-2291 hiring team can add interviewers or send invites.")
        p.node(4, "button", "Request edit access", key="req_access")
    else:
        p.node(3, "button", "Add interviewer", key="add_iv")
        p.node(3, "button", "Send updated invites", key="send")
        if state == "unsent":
            p.node(3, "button", "Discard changes", key="discard")
    p.node(3, "button", "Preview candidate itinerary", key="preview")
    p.node(3, "table", "Loop sessions")
    p.node(4, "row", "")
    for h in ["Time", "Session", "Interviewer", "Room", "Status", "Actions"]:
        p.node(5, "columnheader", h)
    for t, sess, who, room, status in d["sessions"]:
        k = session_key(t)
        if who is None and k in assigned:
            who = assigned[k]
            status = {"clean": "Added", "unsent": "Added \u00b7 invite not sent", "sent": "Invite sent",
                      "queued": "Invite queued"}[state]
        p.node(4, "row", "")
        p.node(5, "cell", t)
        p.node(5, "cell", sess)
        p.node(5, "cell", who or "Unassigned")
        p.node(5, "cell", room)
        p.node(5, "cell", status)
        if not view_only:
            p.node(5, "cell", "")
            p.node(6, "button", "Edit %s" % sess, key="edit_" + k)
    p.node(3, "region", "Suggestions")
    p.txt(4, d["suggest"])
    att = attendees(cid, assigned)
    p.node(3, "region", "Attendees (%d)" % len(att))
    p.txt(4, ", ".join(att))
    if dialog:
        dialog(p)
    toasts(p, toast_items)
    footer(p)
    return p


def add_dialog(cid, query="", results=None, no_match=False, selected=None, slot=None, trained=False):
    d = DETAIL[cid]
    c = BY_ID[cid]

    def render(p):
        p.node(1, "dialog", "Add interviewer to loop", props="modal=True")
        p.node(2, "heading", "Add interviewer to loop", props="level=2")
        p.txt(2, "%s \u00b7 Onsite %s" % (c["name"], d["day"]))
        props = "autocomplete='list', hasPopup='listbox'"
        if query:
            props += ", value=%s" % q(query)
        props += ", focused, expanded=True" if results else ", expanded=False"
        p.node(2, "combobox", "Interviewer", key="iv_box", props=props)
        if results:
            p.node(3, "listbox", "Matching interviewers")
            for k in results:
                name, role, load = IV[k]
                p.node(4, "option", "%s \u2014 %s \u00b7 %s" % (name, role, load), key="opt_" + k)
        if no_match:
            p.txt(2, "No interviewers match \u201c%s\u201d. Check the spelling or search by work email." % query)
        p.node(2, "checkbox", "Only show interviewers trained for this session type", key="trained",
               props="checked='%s'" % ("true" if trained else "false"))
        if selected:
            name, role, load = IV[selected]
            p.txt(2, "Selected: %s \u2014 %s" % (name, role))
            p.node(2, "grid", "Free/busy for %s \u00b7 week of Jun 9" % name)
            p.node(3, "row", "")
            p.node(4, "columnheader", "Time")
            for dk, dl in DAYS:
                p.node(4, "columnheader", dl + (" (onsite)" if dk == d["grid_day"] else ""))
            busy = BUSY.get(selected, {})
            for h in range(9, 17):
                p.node(3, "row", "")
                p.node(4, "rowheader", "%02d:00" % h)
                for dk, dl in DAYS:
                    what = busy.get((dk, h))
                    label = "%s %02d:00 \u00b7 %s" % (dl, h, ("Busy: " + what) if what else "Free")
                    p.node(4, "gridcell", label, key="cell_%s_%d" % (dk, h))
        p.node(2, "radiogroup", "Session")
        for t, sess, who, room, status in d["sessions"]:
            if who is not None:
                continue
            k = session_key(t)
            opt = "optional, " if status.startswith("Optional") else ""
            p.node(3, "radio", "%s %s \u00b7 %s (%sneeds interviewer)" % (d["dshort"], t, sess, opt),
                   key="radio_" + k, props="checked='%s'" % ("true" if slot == k else "false"))
        conflict = None
        if selected and slot:
            name = IV[selected][0]
            t = [s[0] for s in d["sessions"] if session_key(s[0]) == slot][0]
            hour = int(slot[:2])
            what = BUSY.get(selected, {}).get((d["grid_day"], hour))
            if what:
                conflict = what
                p.node(2, "alert", "")
                p.txt(3, "Availability conflict: %s is busy %s %s (%s). Adding will double-book this interviewer." % (name, d["dshort"], t, what))
            else:
                p.node(2, "status", "")
                p.txt(3, "%s is free %s %s." % (name, d["dshort"], t))
                p.txt(3, "No overlap with other loops this week.")
        p.txt(2, "Interviewers with 4+ loops in a week are flagged as near their weekly limit.")
        p.node(2, "button", "Cancel", key="dlg_cancel")
        label = "Add anyway" if conflict else "Add to loop"
        p.node(2, "button", label, key="dlg_add", props="" if (selected and slot) else "disabled=True")
    return render


def edit_dialog(cid, skey):
    d = DETAIL[cid]
    sess = [s for s in d["sessions"] if session_key(s[0]) == skey][0]

    def render(p):
        p.node(1, "dialog", "Edit session \u00b7 %s" % sess[1], props="modal=True")
        p.node(2, "heading", "Edit session \u00b7 %s" % sess[1], props="level=2")
        p.node(2, "textbox", "Session title", props="value=%s" % q(sess[1]))
        start, end = sess[0].split("\u2013")
        p.node(2, "textbox", "Start time", props="value=%s" % q(start))
        p.node(2, "textbox", "End time", props="value=%s" % q(end))
        p.node(2, "combobox", "Room", props="hasPopup='listbox', expanded=False, value=%s" % q(sess[3]))
        p.node(2, "textbox", "Notes for interviewers", props="value=''")
        p.txt(2, "Interviewers are added from the loop page with \u201cAdd interviewer\u201d.")
        p.node(2, "button", "Cancel", key="edit_cancel")
        p.node(2, "button", "Save session", key="edit_save")
    return render


def send_dialog(cid, changes, resend=False):
    c = BY_ID[cid]
    d = DETAIL[cid]

    def render(p):
        n = len(attendees(cid, changes))
        if resend:
            p.node(1, "alertdialog", "Resend current invites?", props="modal=True")
            p.node(2, "heading", "Resend current invites?", props="level=2")
            p.txt(2, "There are no unsent changes. Resending emails the current schedule to %d attendees." % n)
            p.node(2, "button", "Cancel", key="send_cancel")
            p.node(2, "button", "Resend invites", key="send_ok")
            return
        p.node(1, "alertdialog", "Send updated invites?", props="modal=True")
        p.node(2, "heading", "Send updated invites?", props="level=2")
        p.txt(2, "Calendar updates and email notifications will go to %d attendees for %s's onsite on %s." % (n, c["name"], d["day"]))
        p.node(2, "heading", "Changes since last send", props="level=3")
        p.node(2, "list", "")
        for k, who in changes.items():
            t, sess = [(s[0], s[1]) for s in d["sessions"] if session_key(s[0]) == k][0]
            p.node(3, "listitem", "")
            p.txt(4, "Added %s to %s (%s)" % (who, sess, t))
        p.node(2, "checkbox", "Email %s an updated itinerary" % c["name"], props="checked='true'")
        p.node(2, "button", "Cancel", key="send_cancel")
        p.node(2, "button", "Send invites", key="send_ok")
    return render


def signin_page():
    p = Page("Sign in \u00b7 Panelist", "/login?next=%2Fcandidates%2FCAND-4417%2Floop")
    p.node(1, "banner", "", bid=1)
    p.node(2, "link", "Panelist home", bid=2)
    p.node(1, "main", "", bid=20)
    p.node(2, "heading", "Sign in to Panelist", bid=23, props="level=1")
    p.node(2, "status", "")
    p.txt(3, "Your session ended after 30 minutes of inactivity. Changes that were not saved have been lost.")
    p.node(2, "textbox", "Work email", props="value='jordan.lee@northwind-talent.example'")
    p.node(2, "textbox", "Password", props="value=''")
    p.node(2, "checkbox", "Keep me signed in on this device", props="checked='false'")
    p.node(2, "button", "Sign in")
    p.node(2, "link", "Sign in with SSO")
    p.node(2, "link", "Forgot password?")
    footer(p)
    return p


def error_page(ctx):
    p = Page("Something went wrong \u00b7 Panelist", "/candidates/CAND-4417/loop/invites")
    chrome_top(p, ctx)
    p.node(1, "main", "", bid=20)
    p.node(2, "heading", "Something went wrong", bid=23, props="level=1")
    p.txt(2, "We couldn't send the updated invites because the calendar service did not respond (HTTP 502). No emails or calendar updates were sent.")
    p.txt(2, "Reference: ERR-7F3A21 \u00b7 Jun 9, 10:42")
    p.node(2, "link", "Back to onsite loop", key="back_loop")
    p.node(2, "link", "Check the status page")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, fault, start, label_step=None):
        self.rid = rid
        self.fault = fault
        self.label_step = label_step
        self.start = start
        self.cur = start
        self.steps = []

    def do(self, commitment, kind, key, reasoning, effect, nxt, value=None, error=None):
        b, target = self.cur.reg[key]
        if kind == "click":
            cmd = "click(%s)" % q(b)
        elif kind == "fill":
            cmd = "fill(%s, %s)" % (q(b), q(value))
        elif kind == "select_option":
            cmd = "select_option(%s, %s)" % (q(b), q(value))
        elif kind == "press":
            cmd = "press(%s, %s)" % (q(b), q(value))
        else:
            raise ValueError(kind)
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt
        return self

    def say(self, message, reasoning="Report the result to the user"):
        self.steps.append({
            "commitment": "report",
            "action": {"command": "send_msg_to_user(%s)" % q(message), "reasoning": reasoning,
                       "target": "user", "effect": "read"},
            "observation": self.cur.obs(),
        })
        return self

    def record(self):
        healthy = self.fault is None
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": {"fault": self.fault, "first_off_track_step": None if healthy else self.label_step},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": healthy},
        }


T = "CAND-4417"   # target candidate
W = "CAND-4471"   # near miss: Dana Whitfeld, REQ-2219
SLOT = "1400"
ALT = "1600"
DONE_MSG = "Priya Raman is now on Dana Whitfield's onsite (Thu Jun 12, Architecture deep dive 14:00\u201314:45) and the updated invites went out to all 6 attendees."


def added_toast(who, cid, k):
    d = DETAIL[cid]
    t, sess = [(s[0], s[1]) for s in d["sessions"] if session_key(s[0]) == k][0]
    return ("status", "%s added to %s (%s %s). Invites not sent yet." % (who, sess, d["dshort"], t))


def sent_toast(cid, assigned):
    return ("status", "Updated invites sent to %d attendees." % len(attendees(cid, assigned)))


# Common segments --------------------------------------------------------------

def seg_search_open(r, ctx, cid=T, query="Dana Whitfield"):
    r.do("open-candidate", "fill", "search", "Search for the candidate by name", "read",
         board_page(ctx, search=query, suggest=True), value=query)
    who = BY_ID[cid]
    r.do("open-candidate", "click", "sugg_" + cid,
         "Pick %s (%s) from the suggestions" % (who["name"], who["req"]), "read", cand_page(ctx, cid))


def seg_tab(r, ctx, cid=T, **kw):
    r.do("open-loop", "click", "tab_loop", "Open the Onsite loop tab", "read", loop_page(ctx, cid, **kw))


def seg_pick(r, ctx, cid=T, query="Priya Raman", pick="praman", pre_open=True):
    if pre_open:
        r.do("choose-interviewer", "click", "add_iv", "Open the Add interviewer dialog", "read",
             loop_page(ctx, cid, dialog=add_dialog(cid)))
    res = iv_matches(query)
    r.do("choose-interviewer", "fill", "iv_box", "Type the interviewer's name", "read",
         loop_page(ctx, cid, dialog=add_dialog(cid, query=query, results=res)), value=query)
    r.do("choose-interviewer", "click", "opt_" + pick, "Choose %s from the matches" % IV[pick][0], "read",
         loop_page(ctx, cid, dialog=add_dialog(cid, query=IV[pick][0], selected=pick)))


def seg_slot(r, ctx, cid=T, pick="praman", slot=SLOT, via_cell=False):
    if via_cell:
        r.do("choose-slot", "click", "cell_%s_%d" % (DETAIL[cid]["grid_day"], int(slot[:2])),
             "Click the free Thursday 14:00 cell in the free/busy grid", "read",
             loop_page(ctx, cid, dialog=add_dialog(cid, query=IV[pick][0], selected=pick, slot=slot)))
    else:
        r.do("choose-slot", "click", "radio_" + slot,
             "Select the %s %s:%s session" % (DETAIL[cid]["dshort"], slot[:2], slot[2:]), "read",
             loop_page(ctx, cid, dialog=add_dialog(cid, query=IV[pick][0], selected=pick, slot=slot)))


def seg_add(r, ctx, cid=T, pick="praman", slot=SLOT):
    a = {slot: IV[pick][0]}
    r.do("add-to-loop", "click", "dlg_add", "Add the interviewer to the loop", "write",
         loop_page(ctx, cid, assigned=a, state="unsent", toast_items=[added_toast(IV[pick][0], cid, slot)]))
    return a


def seg_send(r, ctx, a, cid=T, after_sync=None, extra_toasts=()):
    r.do("send-invites", "click", "send", "Send the updated invites", "read",
         loop_page(ctx, cid, assigned=a, state="unsent", dialog=send_dialog(cid, a)))
    r.do("send-invites", "click", "send_ok", "Confirm sending the invites", "irreversible",
         loop_page(ctx, cid, assigned=a, state="sent", sync=after_sync,
                   toast_items=[sent_toast(cid, a)] + list(extra_toasts)))


# ---------------------------------------------------------------------------
# Healthy runs (written together with the plan, before any faulty run)
# ---------------------------------------------------------------------------

def healthy_runs():
    runs = []

    # H1: search box suggestion, canonical path.
    ctx = Ctx(1)
    r = Run("panelist-healthy-01", None, board_page(ctx))
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # H2: browse the board, open the card, use the "Open onsite loop" link; a decline toast on the start page.
    ctx = Ctx(2, sync="partial", start_toast=True)
    r = Run("panelist-healthy-02", None, board_page(ctx))
    r.do("open-candidate", "click", "card_" + T, "Dana Whitfield (REQ-2291) is in the Onsite column", "read",
         cand_page(ctx, T))
    r.do("open-loop", "click", "link_loop", "Follow the link to the onsite loop", "read", loop_page(ctx, T))
    seg_pick(r, ctx, query="Priya")
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # H3: use the requisition filter the task names, then open the card.
    ctx = Ctx(3)
    r = Run("panelist-healthy-03", None, board_page(ctx))
    r.do("open-candidate", "select_option", "f_req", "Narrow the board to REQ-2291 as the task says", "read",
         board_page(ctx, req="REQ-2291"), value="REQ-2291 \u00b7 Senior Backend Engineer")
    r.do("open-candidate", "click", "card_" + T, "Open Dana Whitfield's card in the Onsite column", "read",
         cand_page(ctx, T))
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # H4: list view and pagination.
    ctx = Ctx(4)
    r = Run("panelist-healthy-04", None, board_page(ctx))
    r.do("open-candidate", "click", "v_list", "Switch to the list view to scan all candidates", "read",
         list_page(ctx))
    r.do("open-candidate", "click", "next", "Dana Whitfield is not on page 1; go to the next page", "read",
         list_page(ctx, page=2))
    r.do("open-candidate", "click", "row_" + T, "Open Dana Whitfield (CAND-4417, REQ-2291)", "read",
         cand_page(ctx, T))
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a, after_sync="running")
    r.say(DONE_MSG)
    runs.append(r)

    # H5: list view sorted by name.
    ctx = Ctx(5)
    r = Run("panelist-healthy-05", None, board_page(ctx))
    r.do("open-candidate", "click", "v_list", "Use the list view", "read", list_page(ctx))
    r.do("open-candidate", "click", "sort_name", "Sort by name to find Dana Whitfield quickly", "read",
         list_page(ctx, sort="name"))
    r.do("open-candidate", "click", "row_" + T, "Open Dana Whitfield, the REQ-2291 row", "read",
         cand_page(ctx, T))
    seg_tab(r, ctx)
    seg_pick(r, ctx, query="Raman")
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # H6: opens the Edit session dialog by mistake, cancels it, then uses Add interviewer.
    ctx = Ctx(6)
    r = Run("panelist-healthy-06", None, board_page(ctx))
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    r.do("choose-interviewer", "click", "edit_" + SLOT, "Try editing the Architecture deep dive session", "read",
         loop_page(ctx, T, dialog=edit_dialog(T, SLOT)))
    r.do("choose-interviewer", "click", "edit_cancel",
         "This dialog does not assign interviewers; cancel without saving", "read", loop_page(ctx, T))
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # H7: typo in the interviewer box, then retyped.
    ctx = Ctx(7)
    r = Run("panelist-healthy-07", None, board_page(ctx))
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    r.do("choose-interviewer", "click", "add_iv", "Open the Add interviewer dialog", "read",
         loop_page(ctx, T, dialog=add_dialog(T)))
    r.do("choose-interviewer", "fill", "iv_box", "Type the interviewer's name", "read",
         loop_page(ctx, T, dialog=add_dialog(T, query="Priya Rman", no_match=True)), value="Priya Rman")
    seg_pick(r, ctx, pre_open=False)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # H8: full search results page, slot picked from the free/busy grid, sync-in-progress banner afterwards.
    ctx = Ctx(8)
    r = Run("panelist-healthy-08", None, board_page(ctx))
    r.do("open-candidate", "fill", "search", "Search for the candidate", "read",
         board_page(ctx, search="Dana Whitfield", suggest=True), value="Dana Whitfield")
    r.do("open-candidate", "press", "search", "Open the full results list", "read",
         search_page(ctx, "Dana Whitfield"), value="Enter")
    r.do("open-candidate", "click", "res_" + T, "Dana Whitfield, CAND-4417, REQ-2291 is the right row", "read",
         cand_page(ctx, T))
    r.do("open-loop", "click", "link_loop", "Open the onsite loop", "read", loop_page(ctx, T))
    seg_pick(r, ctx)
    seg_slot(r, ctx, via_cell=True)
    a = seg_add(r, ctx)
    seg_send(r, ctx, a, after_sync="running",
             extra_toasts=[("status", "Calendar events will update on attendees' calendars within 2 minutes.")])
    r.say(DONE_MSG)
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Faulty runs
# ---------------------------------------------------------------------------

def faulty_runs():
    runs = []

    # wrong_record-01: opens the near-miss candidate Dana Whitfeld (REQ-2219). Agent fault -> step 1.
    ctx = Ctx(11)
    r = Run("panelist-wrong_record-01", "wrong_record", board_page(ctx), label_step=1)
    seg_search_open(r, ctx, cid=W)
    seg_tab(r, ctx, cid=W)
    seg_pick(r, ctx, cid=W)
    seg_slot(r, ctx, cid=W)
    a = seg_add(r, ctx, cid=W)
    seg_send(r, ctx, a, cid=W)
    r.say(DONE_MSG)
    runs.append(r)

    # wrong_record-02: picks Priya Ramanathan instead of Priya Raman. Agent fault -> step 5.
    ctx = Ctx(12)
    r = Run("panelist-wrong_record-02", "wrong_record", board_page(ctx), label_step=5)
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    seg_pick(r, ctx, query="Priya Ram", pick="pramanathan")
    seg_slot(r, ctx, pick="pramanathan")
    a = seg_add(r, ctx, pick="pramanathan")
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # wrong_value: selects the 16:00 Culture add session, ignores the conflict. Agent fault -> step 5.
    ctx = Ctx(13)
    r = Run("panelist-wrong_value-01", "wrong_value", board_page(ctx), label_step=5)
    r.do("open-candidate", "click", "card_" + T, "Dana Whitfield (REQ-2291) is in the Onsite column", "read",
         cand_page(ctx, T))
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx, slot=ALT)
    a = {ALT: "Priya Raman"}
    r.do("add-to-loop", "click", "dlg_add", "Add her anyway; the conflict is only a 1:1", "write",
         loop_page(ctx, T, assigned=a, state="unsent", toast_items=[added_toast("Priya Raman", T, ALT)]))
    seg_send(r, ctx, a)
    r.say(DONE_MSG)
    runs.append(r)

    # unrequested_filter: ticks "My candidates only" (not asked); the target disappears. Agent fault -> step 1.
    ctx = Ctx(14)
    r = Run("panelist-unrequested_filter-01", "unrequested_filter", board_page(ctx), label_step=1)
    r.do("open-candidate", "select_option", "f_req", "Narrow the board to REQ-2291", "read",
         board_page(ctx, req="REQ-2291"), value="REQ-2291 \u00b7 Senior Backend Engineer")
    r.do("open-candidate", "click", "f_mine", "Limit to my own candidates since I coordinate this loop", "read",
         board_page(ctx, req="REQ-2291", mine=True))
    r.say("I couldn't find Dana Whitfield in the REQ-2291 pipeline; only Diana Whitfield (phone screen) and Kemi Adeyinka are there. Could you check the name?",
          reasoning="The candidate is not on the board")
    runs.append(r)

    # silent_no_op: "Add to loop" closes the dialog but nothing changes. Environment fault -> step 7.
    ctx = Ctx(15)
    r = Run("panelist-silent_no_op-01", "silent_no_op", board_page(ctx), label_step=7)
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    r.do("add-to-loop", "click", "dlg_add", "Add the interviewer to the loop", "write", loop_page(ctx, T))
    r.do("send-invites", "click", "send", "Send the updated invites", "read",
         loop_page(ctx, T, dialog=send_dialog(T, {}, resend=True)))
    r.do("send-invites", "click", "send_ok", "Confirm sending", "irreversible",
         loop_page(ctx, T, toast_items=[("status", "Current invites resent to 5 attendees.")],
                   invites="Invites: up to date \u00b7 resent just now"))
    r.say(DONE_MSG)
    runs.append(r)

    # error_page: the send confirmation returns a 502 page; agent reports success. Environment fault -> step 9.
    ctx = Ctx(16)
    r = Run("panelist-error_page-01", "error_page", board_page(ctx), label_step=9)
    r.do("open-candidate", "select_option", "f_req", "Narrow the board to REQ-2291 as the task says", "read",
         board_page(ctx, req="REQ-2291"), value="REQ-2291 \u00b7 Senior Backend Engineer")
    r.do("open-candidate", "click", "card_" + T, "Open Dana Whitfield's card", "read", cand_page(ctx, T))
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    r.do("send-invites", "click", "send", "Send the updated invites", "read",
         loop_page(ctx, T, assigned=a, state="unsent", dialog=send_dialog(T, a)))
    r.do("send-invites", "click", "send_ok", "Confirm sending the invites", "irreversible", error_page(ctx))
    r.say(DONE_MSG)
    runs.append(r)

    # permission_denied: the loop opens view-only. Environment fault -> step 2.
    ctx = Ctx(17)
    r = Run("panelist-permission_denied-01", "permission_denied", board_page(ctx), label_step=2)
    seg_search_open(r, ctx)
    seg_tab(r, ctx, view_only=True)
    r.say("I can open Dana Whitfield's onsite loop but it is view-only for my account, so I couldn't add Priya Raman or send invites.",
          reasoning="No edit controls are available")
    runs.append(r)

    # session_expired: sign-in page after "Add to loop". Environment fault -> step 6.
    ctx = Ctx(18)
    r = Run("panelist-session_expired-01", "session_expired", board_page(ctx), label_step=6)
    r.do("open-candidate", "click", "card_" + T, "Dana Whitfield (REQ-2291) is in the Onsite column", "read",
         cand_page(ctx, T))
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    r.do("add-to-loop", "click", "dlg_add", "Add the interviewer to the loop", "write", signin_page())
    r.say("Priya Raman has been added to the Thursday 14:00 architecture session; invites should go out shortly.")
    runs.append(r)

    # premature_success: adds Priya but reports before sending invites. Agent fault -> step 8.
    ctx = Ctx(19)
    r = Run("panelist-premature_success-01", "premature_success", board_page(ctx), label_step=8)
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    seg_add(r, ctx)
    r.say(DONE_MSG)
    runs.append(r)

    # skipped_step: takes the suggestion panel for an assignment and resends without adding. Agent fault -> step 3.
    ctx = Ctx(20)
    r = Run("panelist-skipped_step-01", "skipped_step", board_page(ctx), label_step=3)
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    r.do("send-invites", "click", "send", "Priya Raman is listed for Architecture deep dive; send the invites",
         "read", loop_page(ctx, T, dialog=send_dialog(T, {}, resend=True)))
    r.do("send-invites", "click", "send_ok", "Confirm sending", "irreversible",
         loop_page(ctx, T, toast_items=[("status", "Current invites resent to 5 attendees.")],
                   invites="Invites: up to date \u00b7 resent just now"))
    r.say(DONE_MSG)
    runs.append(r)

    # dialog_mishandled: cancels the send confirmation, then reports success. Agent fault -> step 9.
    ctx = Ctx(21)
    r = Run("panelist-dialog_mishandled-01", "dialog_mishandled", board_page(ctx), label_step=9)
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    r.do("send-invites", "click", "send", "Send the updated invites", "read",
         loop_page(ctx, T, assigned=a, state="unsent", dialog=send_dialog(T, a)))
    r.do("send-invites", "click", "send_cancel", "Close the dialog; the change is already saved", "read",
         loop_page(ctx, T, assigned=a, state="unsent"))
    r.say(DONE_MSG)
    runs.append(r)

    # sync_outage: calendar sync is paused from the start page on; invites only get queued. Visible at start -> 0.
    ctx = Ctx(22, sync="paused")
    r = Run("panelist-sync_outage-01", "sync_outage", board_page(ctx), label_step=0)
    seg_search_open(r, ctx)
    seg_tab(r, ctx)
    seg_pick(r, ctx)
    seg_slot(r, ctx)
    a = seg_add(r, ctx)
    r.do("send-invites", "click", "send", "Send the updated invites", "read",
         loop_page(ctx, T, assigned=a, state="unsent", dialog=send_dialog(T, a)))
    r.do("send-invites", "click", "send_ok", "Confirm sending the invites", "irreversible",
         loop_page(ctx, T, assigned=a, state="queued",
                   toast_items=[("status", "Updated invites queued for 6 attendees. They will be delivered when calendar sync reconnects.")]))
    r.say(DONE_MSG)
    runs.append(r)
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    out = args.out
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_yaml())
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
