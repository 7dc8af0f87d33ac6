#!/usr/bin/env python3
"""Generate the Adoptly held-out corpus (animal shelter adoption case management).

Writes, next to this file:
  corpus.jsonl          20 trajectories (8 healthy, 12 faulty)
  plans/adoptly.yaml    the plan (written from the task text and healthy pages only)

Python 3 standard library only. Fixed seed; output is byte-for-byte reproducible.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 3092
BASE = "http://127.0.0.1:8093"
WORKFLOW = "adoptly"
PLAN_REL = "plans/adoptly.yaml"
PRODUCT = "Adoptly"
USER = "Priya Nair"
TODAY = "Mon 16 Feb 2026"

TASK = ("Please approve adoption application AP-3092 for Juniper, the dog (not the cat). "
        "The home check was done on 12 Feb, so record that date, set the adoption fee waiver "
        "to 'Senior adopter', and then finalise it through the two-step review "
        "(Checklist, then Approve), confirming when asked.")

RNG = random.Random(SEED)

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
STAGES = ["New", "Home check", "Review", "Approved", "Closed"]


def _app(aid, animal, species, breed, sex, age, loc, fee, applicant, app_age, occupation,
         home, stage, badge, assigned, updated, sortkey):
    return dict(id=aid, animal=animal, species=species, breed=breed, sex=sex, age=age,
                loc=loc, fee=fee, applicant=applicant, app_age=app_age,
                occupation=occupation, home=home, stage=stage, badge=badge,
                assigned=assigned, updated=updated, sortkey=sortkey)


APPS = [
    _app("AP-3097", "Hazel", "Guinea pig", "Abyssinian", "Female", "1 year",
         "Small animals room, pen 3", 30, "Ruth Adeyemi", 29, "Staff nurse",
         "Flat, landlord consent on file", "New", "Received today", "Unassigned",
         "16 Feb 09:12", 160912),
    _app("AP-3096", "Mochi", "Cat", "Domestic longhair", "Male", "4 years", "Cattery C5", 95,
         "Ken Ishida", 41, "Software tester", "Terraced house", "New",
         "Awaiting references", "Sasha Lindqvist", "15 Feb 16:40", 151640),
    _app("AP-3094", "Bramble", "Dog", "Collie cross", "Male", "3 years", "Kennel A2", 150,
         "Owen Pryce", 36, "Postal worker", "House with yard", "New",
         "ID check failed, resubmission requested", "Tom Reyes", "14 Feb 11:05", 141105),
    _app("AP-3095", "Juniper", "Cat", "Domestic shorthair", "Female", "2 years", "Cattery C2",
         95, "Leah Brandt", 34, "Graphic designer", "Second-floor flat, landlord consent on file",
         "Home check", "Home check booked 18 Feb", "Sasha Lindqvist", "14 Feb 09:30", 140930),
    _app("AP-3029", "Pepper", "Dog", "Staffordshire cross", "Female", "6 years", "Kennel B1",
         150, "Martin Okoro", 58, "Warehouse supervisor", "House with enclosed yard", "Review",
         "Ready for approval", "Priya Nair", "13 Feb 14:22", 131422),
    _app("AP-3091", "Otis", "Cat", "Tabby", "Male", "11 years", "Cattery C1", 95,
         "Gemma Hart", 47, "Librarian", "Bungalow", "Review",
         "References failed, second referee requested", "Sasha Lindqvist", "13 Feb 10:02",
         131002),
    _app("AP-3090", "Willow", "Rabbit", "Lionhead", "Female", "2 years",
         "Small animals room, pen 1", 60, "Ana Costa", 31, "Pharmacist", "House with garden",
         "Review", "Vet check pending", "Priya Nair", "12 Feb 17:20", 121720),
    _app("AP-3092", "Juniper", "Dog", "Labrador cross", "Female", "9 years", "Kennel B4", 150,
         "Margaret Okafor", 71, "Retired teacher", "Owner-occupier, house with fenced garden",
         "Home check", "Home check done, date not recorded", "Tom Reyes", "12 Feb 15:05",
         121505),
    _app("AP-3093", "Maple", "Dog", "Beagle", "Female", "5 years", "Kennel A5", 150,
         "Dev Sharma", 39, "Electrician", "Semi-detached house", "Home check",
         "Home check overdue", "Tom Reyes", "10 Feb 13:45", 101345),
    _app("AP-3079", "Biscuit", "Dog", "Jack Russell", "Male", "7 years", "Kennel A1", 150,
         "Joy Mensah", 52, "Bus driver", "House with garden", "Approved",
         "Collection overdue", "Sasha Lindqvist", "9 Feb 12:00", 91200),
    _app("AP-3086", "Nova", "Cat", "Siamese cross", "Female", "3 years", "Cattery C4", 95,
         "Ian Fell", 27, "Barista", "Flat, landlord consent on file", "Approved",
         "Collected 9 Feb", "Priya Nair", "9 Feb 10:15", 91015),
    _app("AP-3088", "Rufus", "Dog", "Greyhound", "Male", "5 years", "Kennel B2", 150,
         "Carl Boyd", 44, "Chef", "Flat", "Closed", "Withdrawn by applicant", "Tom Reyes",
         "8 Feb 16:00", 81600),
    _app("AP-3089", "Ziggy", "Dog", "Terrier cross", "Male", "2 years", "Kennel A3", 150,
         "Sam Lowe", 23, "Student", "Rented flat", "Closed", "Declined: landlord refused",
         "Sasha Lindqvist", "6 Feb 11:30", 61130),
    _app("AP-3084", "Clover", "Rabbit", "Dutch", "Female", "1 year",
         "Small animals room, pen 2", 60, "Nina Wolfe", 35, "Architect", "House",
         "Closed", "Cancelled: applicant moved away", "Unassigned", "4 Feb 09:00", 40900),
]
BY_ID = {a["id"]: a for a in APPS}

NOTES = {
    "AP-3092": [
        ("Tom Reyes", "12 Feb 15:05", "Home visit done this afternoon. Garden fully fenced, no "
         "other pets, steps fine for an older dog. Recommend approval. Date still needs recording."),
        ("Sasha Lindqvist", "6 Feb 11:20", "Reference call to former vet failed twice; reached "
         "on third attempt. Very positive."),
        ("Tom Reyes", "5 Feb 09:40", "First home visit cancelled at applicant request "
         "(hospital appointment). Rebooked."),
        ("Priya Nair", "3 Feb 16:02", "Applicant is 71, eligible for the senior adopter waiver "
         "under the Golden Paws scheme."),
    ],
    "AP-3029": [
        ("Priya Nair", "13 Feb 14:22", "All checks complete. Ready for approval once the "
         "adopter confirms a collection slot."),
        ("Tom Reyes", "9 Feb 10:11", "Home check passed on 9 Feb. Yard gate latch replaced."),
    ],
    "AP-3095": [
        ("Sasha Lindqvist", "14 Feb 09:30", "Home check booked for 18 Feb. Landlord consent "
         "letter uploaded."),
        ("Sasha Lindqvist", "11 Feb 15:48", "Juniper (cat) is shy with dogs; applicant has none."),
    ],
}
DEFAULT_NOTES = [("Sasha Lindqvist", "10 Feb 12:30", "Application received and acknowledged.")]

OTHER_LINKS = {
    "AP-3092": [("AP-3095", "Other applications for animals named Juniper")],
    "AP-3095": [("AP-3092", "Other applications for animals named Juniper")],
    "AP-3029": [],
}

RECENT = ["AP-3029", "AP-3095", "AP-3084"]

WAIVERS = ["None", "Senior adopter", "Senior pet (8+ years)", "Foster-to-adopt",
           "Staff or volunteer", "Event: Clear the Shelters"]


def fee_due(app, waiver):
    base = app["fee"]
    if waiver in ("Senior adopter", "Staff or volunteer"):
        return base / 2
    if waiver == "Senior pet (8+ years)":
        return 0
    if waiver == "Event: Clear the Shelters":
        return 25
    return base


def money(x):
    return "\u00a3%.2f" % x


def card_name(a):
    return "%s \u00b7 %s (%s)" % (a["id"], a["animal"], a["species"])


# --------------------------------------------------------------------------------------
# Flattened accessibility tree builder (BrowserGym style)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, url, title):
        self.url = url
        self.title = title
        self.n = RNG.randint(11, 57)
        self.lines = ["RootWebArea %r, focused" % title]
        self.keys = {}

    def node(self, depth, role, name="", key=None, props=(), bid=True):
        label = "%s %r" % (role, name)
        if bid:
            b = str(self.n)
            self.n += 1
            line = "[%s] %s" % (b, label)
        else:
            b = None
            line = label
        for prop in props:
            line += ", " + prop
        self.lines.append("\t" * depth + line)
        if key:
            assert key not in self.keys, key
            self.keys[key] = (b, label)
        return b

    def text(self, depth, s):
        self.node(depth, "StaticText", s, bid=False)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": error}


NAV = [("Board", "nav:board"), ("Applications", "nav:list"), ("Animals", "nav:animals"),
       ("Home checks", "nav:homechecks"), ("Kennel rota", "nav:rota"),
       ("Reports", "nav:reports"), ("Settings", "nav:settings")]


def chrome(p, current, crumbs, search_value="", banner=None):
    p.node(1, "banner", "")
    p.node(2, "link", PRODUCT, key="home")
    p.text(2, "Harbourside Animal Rescue \u00b7 Adoptions")
    p.node(2, "search", "")
    props = ["value=%r" % search_value] if search_value else []
    p.node(3, "textbox", "Search applications, animals or people", key="search_box",
           props=props)
    p.node(3, "button", "Search", key="search_btn")
    p.node(2, "button", "Notifications, 3 unread", props=["hasPopup='menu'", "expanded=False"])
    p.node(2, "button", "%s (Adoptions lead)" % USER, key="user_menu",
           props=["hasPopup='menu'", "expanded=False"])
    p.node(1, "navigation", "Main")
    for name, key in NAV:
        props = ["current='page'"] if name == current else []
        p.node(2, "link", name, key=key, props=props)
    if banner:
        kind, msg, link = banner
        p.node(1, "region", "Announcement" if kind == "info" else "Mention")
        p.text(2, msg)
        if link:
            p.node(2, "link", link[0], key=link[1])
        p.node(2, "button", "Dismiss announcement")
    p.node(1, "navigation", "Breadcrumb")
    for name in crumbs[:-1]:
        p.node(2, "link", name)
    p.text(2, crumbs[-1])


def toast(p, msg):
    p.node(1, "status", "")
    p.text(2, msg)
    p.node(2, "button", "Dismiss notification")


def sidebar_and_footer(p):
    p.node(1, "complementary", "Recently viewed")
    p.node(2, "heading", "Recently viewed")
    for aid in RECENT:
        p.node(2, "link", card_name(BY_ID[aid]), key="recent:" + aid)
    p.node(2, "link", "Clear history")
    p.node(1, "contentinfo", "")
    p.text(2, "%s 4.12.1 \u00b7 Harbourside Animal Rescue, 14 Pier Road" % PRODUCT)
    p.text(2, "Last sync %s, 10:42" % TODAY)
    p.node(2, "link", "System status: all services operational")
    p.node(2, "link", "Help centre")
    p.node(2, "link", "Privacy")
    p.node(2, "link", "Keyboard shortcuts")


def counters(p):
    p.node(2, "region", "Shelter at a glance")
    p.text(3, "Open applications 9")
    p.text(3, "Home checks overdue 1")
    p.text(3, "Collections overdue 1")
    p.text(3, "Approved this week 2")
    p.text(3, "Animals in care 38")


def combobox(p, depth, name, options, value, key):
    p.node(depth, "combobox", name, key=key,
           props=["value=%r" % value, "hasPopup='menu'", "expanded=False"])
    for o in options:
        props = ["selected=True"] if o == value else ["selected=False"]
        p.node(depth + 1, "option", o, props=props)


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------
SPECIES_OPTS = ["All", "Dog", "Cat", "Rabbit", "Guinea pig"]
ASSIGNED_OPTS = ["Anyone", "Me (%s)" % USER, "Tom Reyes", "Sasha Lindqvist", "Unassigned"]
VIEW_OPTS = ["None", "Cats only", "My overdue items"]


def filtered(species="All", assigned="Anyone"):
    out = []
    for a in APPS:
        if species != "All" and a["species"] != species:
            continue
        if assigned != "Anyone":
            who = USER if assigned.startswith("Me ") else assigned
            if a["assigned"] != who:
                continue
        out.append(a)
    return out


def board_page(species="All", assigned="Anyone", view="None", search_value="", banner=None):
    q = []
    if view != "None":
        q.append("view=" + view.lower().replace(" ", "-"))
    if species != "All":
        q.append("species=" + species.lower().replace(" ", "-"))
    if assigned != "Anyone":
        q.append("assigned=" + ("me" if assigned.startswith("Me ") else
                                assigned.lower().replace(" ", "-")))
    url = BASE + "/board" + ("?" + "&".join(q) if q else "")
    p = Page(url, "Applications board \u00b7 %s" % PRODUCT)
    chrome(p, "Board", ["Home", "Applications board"], search_value, banner)
    p.node(1, "main", "")
    p.node(2, "heading", "Applications board")
    p.text(2, "Open a card to work on an application, or drag it to another stage.")
    p.node(2, "button", "Board view", props=["pressed=True"])
    p.node(2, "link", "List view", key="view:list")
    p.node(2, "button", "New application")
    counters(p)
    p.node(2, "group", "Filters")
    combobox(p, 3, "Saved views", VIEW_OPTS, view, "view")
    combobox(p, 3, "Species", SPECIES_OPTS, species, "species")
    combobox(p, 3, "Assigned to", ASSIGNED_OPTS, assigned, "assigned")
    p.node(3, "button", "Clear filters", key="clear_filters")
    apps = filtered(species, assigned)
    if view != "None" or species != "All" or assigned != "Anyone":
        bits = []
        if view != "None":
            bits.append("saved view \u201c%s\u201d" % view)
        if species != "All":
            bits.append("species: %s" % species)
        if assigned != "Anyone":
            bits.append("assigned to: %s" % assigned)
        p.text(3, "Showing %d of %d applications \u00b7 %s" % (len(apps), len(APPS),
                                                              ", ".join(bits)))
    else:
        p.text(3, "Showing all %d applications" % len(APPS))
    for stage in STAGES:
        col = [a for a in apps if a["stage"] == stage]
        p.node(2, "region", "%s (%d)" % (stage, len(col)))
        p.node(3, "heading", stage)
        if not col:
            p.text(3, "No cards in this stage")
            continue
        p.node(3, "list", "")
        for a in col:
            p.node(4, "listitem", "")
            p.node(5, "link", card_name(a), key="card:" + a["id"])
            p.text(5, a["applicant"])
            p.text(5, a["badge"])
            p.text(5, "Assigned: %s" % a["assigned"])
            p.text(5, "Updated %s" % a["updated"])
    sidebar_and_footer(p)
    return p


SORTS = {"id": "application", "applicant": "applicant", "updated": "last updated"}


def list_page(page=1, sort=("updated", "desc"), per=6):
    field, direction = sort
    if field == "id":
        rows = sorted(APPS, key=lambda a: a["id"], reverse=(direction == "desc"))
    elif field == "applicant":
        rows = sorted(APPS, key=lambda a: a["applicant"], reverse=(direction == "desc"))
    else:
        rows = sorted(APPS, key=lambda a: a["sortkey"], reverse=(direction == "desc"))
    pages = (len(rows) + per - 1) // per
    chunk = rows[(page - 1) * per: page * per]
    s = ("-" if direction == "desc" else "") + field
    p = Page(BASE + "/applications?page=%d&sort=%s" % (page, s),
             "Applications (page %d of %d) \u00b7 %s" % (page, pages, PRODUCT))
    chrome(p, "Applications", ["Home", "Applications"])
    p.node(1, "main", "")
    p.node(2, "heading", "Applications")
    p.text(2, "All stages \u00b7 %d applications" % len(APPS))
    p.node(2, "link", "Board view", key="view:board")
    p.node(2, "button", "Export CSV")
    counters(p)
    combobox(p, 2, "Rows per page", ["6", "12", "24"], str(per), "per_page")
    p.node(2, "table", "Applications")
    p.node(3, "row", "")
    cols = [("Application", "id"), ("Animal", None), ("Species", None),
            ("Applicant", "applicant"), ("Stage", None), ("Assigned to", None),
            ("Last updated", "updated"), ("Status", None)]
    for name, sk in cols:
        props = []
        if sk and sk == field:
            props = ["sort=%r" % ("ascending" if direction == "asc" else "descending")]
        p.node(4, "columnheader", name, props=props)
        if sk:
            p.node(5, "button", "Sort by %s" % SORTS[sk], key="sort:" + sk)
    for a in chunk:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", a["id"], key="row:" + a["id"])
        for v in (a["animal"], a["species"], a["applicant"], a["stage"], a["assigned"],
                  a["updated"], a["badge"]):
            p.node(4, "cell", v)
    p.node(2, "navigation", "Pagination")
    lo = (page - 1) * per + 1
    hi = lo + len(chunk) - 1
    p.text(3, "Showing %d\u2013%d of %d" % (lo, hi, len(APPS)))
    p.node(3, "button", "Previous page", key="prev_page",
           props=["disabled=True"] if page == 1 else [])
    for i in range(1, pages + 1):
        p.node(3, "button", "Page %d" % i, key="page:%d" % i,
               props=["pressed=True"] if i == page else [])
    p.node(3, "button", "Next page", key="next_page",
           props=["disabled=True"] if page == pages else [])
    sidebar_and_footer(p)
    return p


ANIMAL_DESC = {
    ("Juniper", "Dog"): "Juniper \u2014 Dog, Labrador cross, 9 years, Kennel B4, reserved pending",
    ("Juniper", "Cat"): "Juniper \u2014 Cat, domestic shorthair, 2 years, Cattery C2",
}


def search_page(q):
    ql = q.lower()
    apps = [a for a in APPS if ql in a["id"].lower() or ql in a["animal"].lower()
            or ql in a["applicant"].lower()]
    apps.sort(key=lambda a: a["id"])
    animals = [a for a in apps if ql in a["animal"].lower()]
    people = [a for a in apps if ql in a["applicant"].lower()]
    p = Page(BASE + "/search?q=" + q.replace(" ", "+"),
             "Search: %s \u00b7 %s" % (q, PRODUCT))
    chrome(p, None, ["Home", "Search"], q)
    p.node(1, "main", "")
    p.node(2, "heading", "Results for \u201c%s\u201d" % q)
    total = len(apps) + len(animals) + len(people)
    p.text(2, "%d results" % total)
    p.node(2, "region", "Applications (%d)" % len(apps))
    if apps:
        p.node(3, "list", "")
        for a in apps:
            p.node(4, "listitem", "")
            p.node(5, "link", "%s \u00b7 %s" % (card_name(a), a["applicant"]),
                   key="result:" + a["id"])
            p.text(5, "Stage: %s \u00b7 %s" % (a["stage"], a["badge"]))
    else:
        p.text(3, "No applications match \u201c%s\u201d" % q)
    p.node(2, "region", "Animals (%d)" % len(animals))
    for a in animals:
        desc = ANIMAL_DESC.get((a["animal"], a["species"]),
                               "%s \u2014 %s, %s, %s" % (a["animal"], a["species"],
                                                         a["breed"], a["loc"]))
        p.node(3, "link", desc)
    p.node(2, "region", "People (%d)" % len(people))
    for a in people:
        p.node(3, "link", "%s \u2014 applicant, 1 open application" % a["applicant"])
    p.node(2, "link", "Advanced search")
    sidebar_and_footer(p)
    return p


class Rec:
    """Persisted state of one application within a run."""

    def __init__(self, aid):
        self.aid = aid
        a = BY_ID[aid]
        self.stage = a["stage"]
        self.badge = a["badge"]
        self.home_check = None
        self.waiver = "None"


def detail_page(rec, toast_msg=None):
    a = BY_ID[rec.aid]
    p = Page(BASE + "/applications/" + rec.aid,
             "%s \u00b7 %s (%s) \u00b7 %s" % (rec.aid, a["animal"], a["species"], PRODUCT))
    chrome(p, "Applications", ["Home", "Applications", rec.aid])
    if toast_msg:
        toast(p, toast_msg)
    p.node(1, "main", "")
    p.node(2, "heading", "Application %s" % rec.aid)
    p.text(2, "Stage: %s \u00b7 %s" % (rec.stage, rec.badge))
    p.text(2, "Assigned to %s \u00b7 Updated %s" % (a["assigned"], a["updated"]))
    p.node(2, "tablist", "")
    p.node(3, "tab", "Summary", props=["selected=True"])
    p.node(3, "tab", "Documents (4)")
    p.node(3, "tab", "Activity")
    p.node(2, "region", "Animal")
    p.node(3, "heading", "%s (%s)" % (a["animal"], a["species"]))
    p.text(3, "%s \u00b7 %s \u00b7 %s \u00b7 %s" % (a["breed"], a["sex"], a["age"], a["loc"]))
    p.text(3, "Standard adoption fee %s" % money(a["fee"]))
    p.node(3, "link", "Open animal profile")
    p.node(2, "region", "Applicant")
    p.node(3, "heading", a["applicant"])
    p.text(3, "Age %d \u00b7 %s" % (a["app_age"], a["occupation"]))
    p.text(3, a["home"])
    p.node(3, "link", "Contact details")
    p.node(2, "region", "Home check")
    if rec.home_check:
        p.text(3, "Home-check date: %s" % rec.home_check)
    else:
        p.text(3, "Home-check date: not recorded")
    p.node(2, "region", "Fee waiver")
    if rec.waiver != "None":
        p.text(3, "Waiver: %s \u00b7 fee due %s" % (rec.waiver, money(fee_due(a, rec.waiver))))
    else:
        p.text(3, "No waiver applied")
    p.node(2, "group", "Actions")
    if rec.stage == "Approved":
        p.node(3, "button", "Print adoption contract", key="print_contract")
        p.node(3, "button", "Book collection", key="book_collection")
    else:
        p.node(3, "button", "Start review", key="start_review")
        p.node(3, "button", "Add note", key="add_note")
        p.node(3, "button", "Reassign", key="reassign")
        p.node(3, "button", "Withdraw application", key="withdraw")
    p.node(2, "region", "Staff notes")
    p.node(3, "list", "")
    for who, when, body in NOTES.get(rec.aid, DEFAULT_NOTES):
        p.node(4, "listitem", "")
        p.text(5, "%s \u00b7 %s" % (who, when))
        p.text(5, body)
    p.node(2, "region", "Documents")
    p.text(3, "Application form (PDF) \u00b7 ID check: passed \u00b7 Reference 1: received "
              "\u00b7 Reference 2: call failed twice, then received")
    links = OTHER_LINKS.get(rec.aid, [])
    if links:
        p.node(2, "region", "Related")
        for oid, label in links:
            p.text(3, label)
            o = BY_ID[oid]
            p.node(3, "link", "%s \u00b7 %s" % (card_name(o), o["applicant"]),
                   key="related:" + oid)
    sidebar_and_footer(p)
    return p


class Form:
    def __init__(self):
        self.date = ""
        self.date_error = None
        self.waiver = "None"


def steps_nav(p, current):
    p.node(2, "navigation", "Review steps")
    p.node(3, "list", "")
    p.node(4, "listitem", "")
    if current == 1:
        p.text(5, "1. Checklist (current step)")
    else:
        p.node(5, "link", "1. Checklist", key="step1")
    p.node(4, "listitem", "")
    if current == 2:
        p.text(5, "2. Approve (current step)")
    else:
        p.node(5, "link", "2. Approve", key="step2")


def checklist_page(rec, form, toast_msg=None, modal=None, last_saved=None):
    a = BY_ID[rec.aid]
    p = Page(BASE + "/applications/%s/review/checklist" % rec.aid,
             "Review %s \u2014 Checklist \u00b7 %s" % (rec.aid, PRODUCT))
    chrome(p, "Applications", ["Home", "Applications", rec.aid, "Review"])
    if toast_msg:
        toast(p, toast_msg)
    p.node(1, "main", "")
    p.node(2, "heading", "Review application %s" % rec.aid)
    p.text(2, "%s (%s) \u00b7 %s" % (a["animal"], a["species"], a["applicant"]))
    steps_nav(p, 1)
    p.node(2, "heading", "Step 1 of 2: Checklist")
    p.node(2, "group", "Pre-adoption checklist")
    hc = rec.home_check is not None
    items = [("Identity and address verified", True),
             ("Two references contacted", True),
             ("Landlord permission (not needed for owner-occupiers)", True),
             ("Meet-and-greet with %s completed" % a["animal"], True),
             ("Home check completed", hc)]
    for name, done in items:
        p.node(3, "checkbox", name, props=["checked=%r" % ("true" if done else "false")])
    p.node(3, "checkbox", "Microchip transfer form signed (optional, done at collection)",
           props=["checked='false'"])
    done = sum(1 for _, d in items if d)
    p.text(3, "%d of %d required items complete" % (done, len(items)))
    p.node(2, "group", "Home check")
    props = ["value=%r" % form.date] if form.date else []
    if form.date_error:
        props.append("invalid='true'")
    p.node(3, "textbox", "Home-check date (DD MMM YYYY)", key="date", props=props)
    if form.date_error:
        p.text(3, form.date_error)
    p.text(3, "Visited by Tom Reyes" if rec.aid == "AP-3092" else "Visitor: Sasha Lindqvist")
    p.node(2, "group", "Adoption fee")
    p.text(3, "Standard fee %s" % money(a["fee"]))
    combobox(p, 3, "Fee waiver", WAIVERS, form.waiver, "waiver")
    p.text(3, "Fee due %s" % money(fee_due(a, form.waiver)))
    p.node(3, "link", "Waiver policy (opens in new tab)")
    p.text(2, "Last saved: %s" % (last_saved or "never"))
    p.node(2, "button", "Save checklist", key="save")
    p.node(2, "button", "Continue to Approve", key="continue")
    p.node(2, "link", "Cancel review", key="cancel_review")
    sidebar_and_footer(p)
    if modal == "unsaved":
        p.node(1, "dialog", "Unsaved changes", props=["modal=True"])
        p.node(2, "heading", "Unsaved changes")
        p.text(2, "You changed this step but have not saved it. What would you like to do?")
        p.node(2, "button", "Stay on this step", key="modal_stay")
        p.node(2, "button", "Discard changes and continue", key="modal_discard")
        p.node(2, "button", "Save and continue", key="modal_save")
    return p


def approve_page(rec, dialog=None, toast_msg=None):
    a = BY_ID[rec.aid]
    p = Page(BASE + "/applications/%s/review/approve" % rec.aid,
             "Review %s \u2014 Approve \u00b7 %s" % (rec.aid, PRODUCT))
    chrome(p, "Applications", ["Home", "Applications", rec.aid, "Review"])
    if toast_msg:
        toast(p, toast_msg)
    p.node(1, "main", "")
    p.node(2, "heading", "Review application %s" % rec.aid)
    p.text(2, "%s (%s) \u00b7 %s" % (a["animal"], a["species"], a["applicant"]))
    steps_nav(p, 2)
    p.node(2, "heading", "Step 2 of 2: Approve")
    p.node(2, "region", "Summary")
    p.text(3, "Animal: %s (%s), %s, %s" % (a["animal"], a["species"], a["age"], a["loc"]))
    p.text(3, "Applicant: %s, age %d" % (a["applicant"], a["app_age"]))
    p.text(3, "Home check: %s" % (rec.home_check or "not recorded"))
    p.text(3, "Fee waiver: %s" % rec.waiver)
    p.text(3, "Fee due at collection: %s" % money(fee_due(a, rec.waiver)))
    done = 4 + (1 if rec.home_check else 0)
    p.text(3, "Checklist: %d of 5 required items complete" % done)
    if done < 5:
        p.text(2, "1 required checklist item is incomplete. Approvals with an incomplete "
                  "checklist are flagged for manager review.")
    p.text(2, "Approving reserves the animal and emails the adoption contract to the "
              "applicant.")
    p.node(2, "button", "Back to Checklist", key="back")
    p.node(2, "button", "Reject application", key="reject")
    p.node(2, "button", "Approve adoption", key="approve")
    sidebar_and_footer(p)
    if dialog == "confirm":
        p.node(1, "dialog", "Confirm approval", props=["modal=True"])
        p.node(2, "heading", "Confirm approval")
        p.text(2, "Approve the adoption of %s (%s) by %s? The adoption contract will be "
                  "emailed to the applicant." % (a["animal"], a["species"], a["applicant"]))
        p.node(2, "button", "Cancel", key="dlg_cancel")
        p.node(2, "button", "Yes, approve", key="dlg_yes")
    return p


def signin_page(next_path):
    p = Page(BASE + "/login?next=" + next_path, "Sign in \u00b7 %s" % PRODUCT)
    p.node(1, "banner", "")
    p.node(2, "link", PRODUCT)
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to %s" % PRODUCT)
    p.node(2, "alert", "")
    p.text(3, "Your session has expired. Please sign in again.")
    p.node(2, "textbox", "Work email", props=["required"])
    p.node(2, "textbox", "Password", props=["required"])
    p.node(2, "checkbox", "Keep me signed in on this device", props=["checked='false'"])
    p.node(2, "button", "Sign in")
    p.node(2, "link", "Forgot your password?")
    p.node(1, "contentinfo", "")
    p.text(2, "%s 4.12.1 \u00b7 Harbourside Animal Rescue" % PRODUCT)
    return p


def forbidden_page(rec):
    p = Page(BASE + "/applications/%s/review/approve" % rec.aid,
             "Not allowed \u00b7 %s" % PRODUCT)
    chrome(p, "Applications", ["Home", "Applications", rec.aid, "Review"])
    p.node(1, "main", "")
    p.node(2, "heading", "You do not have permission to approve adoptions")
    p.text(2, "Error 403. Approving adoptions at the Harbourside site needs the Approver "
              "permission. Your account was changed to Counsellor permissions today at 09:00.")
    p.text(2, "Nothing was changed. Ask a shelter manager to restore the permission or to "
              "approve this application.")
    p.node(2, "link", "Back to application %s" % rec.aid)
    p.node(2, "link", "Request access")
    sidebar_and_footer(p)
    return p


# --------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, description, start):
        self.rid = rid
        self.fault = fault
        self.description = description
        self.first = None
        self.init = start
        self.cur = start
        self.steps = []
        self.success = fault is None

    def mark(self):
        """The next step is the first one that is off track."""
        if self.first is None:
            self.first = len(self.steps)

    def mark_start(self):
        self.first = 0

    def act(self, commitment, verb, key, arg, reasoning, effect, nxt, error=None):
        target = None
        if key is not None:
            bid, target = self.cur.keys[key]
        if verb == "click":
            cmd = "click(%r)" % bid
        elif verb == "fill":
            cmd = "fill(%r, %r)" % (bid, arg)
        elif verb == "select":
            cmd = "select_option(%r, %r)" % (bid, arg)
        elif verb == "press":
            cmd = "press(%r, %r)" % (bid, arg)
        elif verb == "send":
            cmd = "send_msg_to_user(%r)" % arg
        else:
            raise ValueError(verb)
        nxt = nxt if nxt is not None else self.cur
        self.steps.append({
            "commitment": commitment,
            "action": {"command": cmd, "reasoning": reasoning, "target": target,
                       "effect": effect},
            "observation": nxt.obs(error),
        })
        self.cur = nxt

    def record(self):
        fault = self.fault
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": fault,
                      "first_off_track_step": self.first if fault else None,
                      "description": self.description},
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


def report_text(rec):
    a = BY_ID[rec.aid]
    return ("Done. Application %s for %s (%s) is approved. Home-check date recorded as %s, "
            "fee waiver set to %s (fee due %s)." % (
                rec.aid, a["animal"], a["species"], rec.home_check or "not recorded",
                rec.waiver, money(fee_due(a, rec.waiver))))


def review_tail(r, rec, date_inputs=(("12 Feb 2026", "12 Feb 2026", None),),
                waiver="Senior adopter", save="click", dialog="yes", marks=()):
    """Start review from the detail page and go through Checklist and Approve.

    date_inputs: sequence of (typed text, normalised display, validation error or None).
    save: 'click' | 'noop' | 'expired' | 'unsaved_save' | 'unsaved_discard'
    dialog: 'yes' | 'cancel_then_yes' | 'forbidden' | 'premature'
    marks: names of points at which the run goes off track ('date', 'waiver', 'save',
           'continue', 'discard', 'yes', 'report').
    """
    a = BY_ID[rec.aid]
    form = Form()
    r.act("start-review", "click", "start_review", None,
          "Start the two-step review from the application page", "read",
          checklist_page(rec, form))
    shown = None
    for typed, display, err in date_inputs:
        form.date = typed
        form.date_error = err
        if "date" in marks and err is None:
            r.mark()
        r.act("record-home-check", "fill", "date", typed,
              "Enter the home-check date in the Home-check date field" if err is None and
              shown is None else "Re-enter the date in the format the field asks for",
              "write", checklist_page(rec, form))
        shown = display
    if waiver is not None:
        form.waiver = waiver
        if "waiver" in marks:
            r.mark()
        r.act("set-fee-waiver", "select", "waiver", waiver,
              "Set the fee waiver for the older adopter", "write", checklist_page(rec, form))

    def persist():
        rec.home_check = shown
        rec.waiver = form.waiver

    if save == "click":
        if "save" in marks:
            r.mark()
        persist()
        saved = "%s, 10:52" % TODAY
        r.act("save-checklist", "click", "save", None, "Save the checklist before moving on",
              "write", checklist_page(rec, form, toast_msg="Checklist saved", last_saved=saved))
        if "continue" in marks:
            r.mark()
        r.act("save-checklist", "click", "continue", None, "Go on to step 2, Approve", "read",
              approve_page(rec))
    elif save == "noop":
        if "save" in marks:
            r.mark()
        r.act("save-checklist", "click", "save", None, "Save the checklist before moving on",
              "write", checklist_page(rec, form))
        r.act("save-checklist", "click", "continue", None,
              "Checklist looks filled in; go on to step 2, Approve", "read", approve_page(rec))
    elif save == "expired":
        if "save" in marks:
            r.mark()
        r.act("save-checklist", "click", "save", None, "Save the checklist before moving on",
              "write", signin_page("/applications/%s/review/checklist" % rec.aid))
        r.act("save-checklist", "send", None,
              "I could not finish: Adoptly signed me out while saving the checklist for "
              "%s, so nothing was saved or approved. Please sign in again and I will retry."
              % rec.aid, "Session expired; report to the user", "read", None)
        r.success = False
        return
    elif save in ("unsaved_save", "unsaved_discard"):
        r.act("save-checklist", "click", "continue", None, "Go on to step 2, Approve", "read",
              checklist_page(rec, form, modal="unsaved"))
        if save == "unsaved_save":
            persist()
            r.act("save-checklist", "click", "modal_save", None,
                  "The app asks about unsaved changes; save them and continue", "write",
                  approve_page(rec, toast_msg="Checklist saved"))
        else:
            if "discard" in marks:
                r.mark()
            r.act("save-checklist", "click", "modal_discard", None,
                  "Close the prompt and continue to the Approve step", "read",
                  approve_page(rec))
    else:
        raise ValueError(save)

    r.act("approve", "click", "approve", None, "Approve the adoption", "read",
          approve_page(rec, dialog="confirm"))
    if dialog == "cancel_then_yes":
        r.act("approve", "click", "dlg_cancel", None,
              "Cancel the dialog to double-check the summary before confirming", "read",
              approve_page(rec))
        r.act("approve", "click", "approve", None,
              "Summary shows 12 Feb 2026 and Senior adopter; approve again", "read",
              approve_page(rec, dialog="confirm"))
    if dialog == "premature":
        r.mark()
        r.act("approve", "send", None, report_text_pending(rec),
              "Approval submitted; report back", "read", None)
        return
    if "yes" in marks:
        r.mark()
    if dialog == "forbidden":
        r.act("approve", "click", "dlg_yes", None, "Confirm the approval", "irreversible",
              forbidden_page(rec))
        r.act("approve", "send", None,
              "I could not approve %s: Adoptly says my account no longer has permission to "
              "approve adoptions (error 403). The checklist is saved with home-check date %s "
              "and the %s waiver; a shelter manager needs to approve it."
              % (rec.aid, rec.home_check, rec.waiver),
              "Approval refused; report to the user", "read", None)
        return
    rec.stage = "Approved"
    rec.badge = "Reserved, awaiting collection"
    msg = ("Application %s approved. %s (%s) is reserved for collection by %s."
           % (rec.aid, a["animal"], a["species"], a["applicant"]))
    r.act("approve", "click", "dlg_yes", None, "Confirm the approval in the dialog",
          "irreversible", detail_page(rec, toast_msg=msg))
    if "report" in marks:
        r.mark()
    r.act("approve", "send", None, report_text(rec), "Task complete; report to the user",
          "read", None)


def report_text_pending(rec):
    a = BY_ID[rec.aid]
    return ("Done. Application %s for %s (%s) has been approved with home-check date %s and "
            "the %s fee waiver." % (rec.aid, a["animal"], a["species"],
                                    rec.home_check or "12 Feb 2026", rec.waiver))


# --------------------------------------------------------------------------------------
# Healthy runs (written first; the plan below was written from these pages)
# --------------------------------------------------------------------------------------
def healthy_runs():
    runs = []
    T = "AP-3092"

    # H1: search by id
    r = Run("adoptly-healthy-01", None, "Search by application id, then full review.",
            board_page())
    r.act("find-application", "fill", "search_box", T, "Search for the application id",
          "read", board_page(search_value=T))
    r.act("find-application", "click", "search_btn", None, "Run the search", "read",
          search_page(T))
    r.act("find-application", "click", "result:" + T, None,
          "Open the matching application for Juniper (Dog)", "read", detail_page(Rec(T)))
    rec = Rec(T)
    review_tail(r, rec)
    runs.append(r)

    # H2: browse the board
    r = Run("adoptly-healthy-02", None,
            "Browse the board; open the card in the Home check column.", board_page())
    rec = Rec(T)
    r.act("find-application", "click", "card:" + T, None,
          "AP-3092 Juniper (Dog) is in the Home check column", "read", detail_page(rec))
    review_tail(r, rec)
    runs.append(r)

    # H3: species filter the task justifies (the dog, not the cat)
    r = Run("adoptly-healthy-03", None,
            "Filter the board to dogs (the task is about the dog), then open the card.",
            board_page())
    r.act("find-application", "select", "species", "Dog",
          "Two animals are called Juniper; narrow the board to dogs", "read",
          board_page(species="Dog"))
    rec = Rec(T)
    r.act("find-application", "click", "card:" + T, None, "Open AP-3092 Juniper (Dog)",
          "read", detail_page(rec))
    review_tail(r, rec)
    runs.append(r)

    # H4: search by name, disambiguate, open dialog and cancel once
    r = Run("adoptly-healthy-04", None,
            "Search 'Juniper' (both dog and cat match), pick the dog; cancel the confirmation "
            "once to re-check the summary, then confirm.", board_page())
    r.act("find-application", "fill", "search_box", "Juniper", "Search by the animal name",
          "read", board_page(search_value="Juniper"))
    r.act("find-application", "press", "search_box", "Enter", "Submit the search", "read",
          search_page("Juniper"))
    rec = Rec(T)
    r.act("find-application", "click", "result:" + T, None,
          "Two Juniper applications; AP-3092 is the dog", "read", detail_page(rec))
    review_tail(r, rec, dialog="cancel_then_yes")
    runs.append(r)

    # H5: list view with pagination
    r = Run("adoptly-healthy-05", None,
            "Open the list view, go to page 2, open AP-3092.", board_page())
    r.act("find-application", "click", "nav:list", None, "Use the applications list",
          "read", list_page(1))
    r.act("find-application", "click", "next_page", None,
          "AP-3092 is not on page 1; go to the next page", "read", list_page(2))
    rec = Rec(T)
    r.act("find-application", "click", "row:" + T, None, "Open AP-3092 (Juniper, Dog)",
          "read", detail_page(rec))
    review_tail(r, rec)
    runs.append(r)

    # H6: mention banner link; retype a date the field rejected
    banner = ("mention", "Tom Reyes mentioned you on AP-3092: \u201cHome visit done, please "
              "record the date and approve.\u201d", ("Open AP-3092", "banner_link"))
    r = Run("adoptly-healthy-06", None,
            "Follow the mention banner to AP-3092; first date entry is rejected by the "
            "field's format check and retyped.", board_page(banner=banner))
    rec = Rec(T)
    r.act("find-application", "click", "banner_link", None,
          "The mention links straight to AP-3092", "read", detail_page(rec))
    review_tail(r, rec, date_inputs=(
        ("12/02", None, "Use the format DD MMM YYYY, for example 05 Mar 2026."),
        ("12 Feb 2026", "12 Feb 2026", None)))
    runs.append(r)

    # H7: sort the list by id (twice: ascending, then descending)
    r = Run("adoptly-healthy-07", None,
            "List view sorted by application id, descending, then open AP-3092.",
            board_page())
    r.act("find-application", "click", "view:list", None, "Switch to the list view", "read",
          list_page(1))
    r.act("find-application", "click", "sort:id", None, "Sort by application id", "read",
          list_page(1, ("id", "asc")))
    r.act("find-application", "click", "sort:id", None,
          "Ascending puts AP-3092 on a later page; sort descending instead", "read",
          list_page(1, ("id", "desc")))
    rec = Rec(T)
    r.act("find-application", "click", "row:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec)
    runs.append(r)

    # H8: search by applicant; unsaved-changes prompt answered with Save and continue
    banner = ("info", "Scheduled maintenance tonight 22:00\u201322:30. Saving may fail briefly "
              "during that window.", None)
    r = Run("adoptly-healthy-08", None,
            "Search by applicant surname; continue without saving, and answer the "
            "unsaved-changes prompt with Save and continue.", board_page(banner=banner))
    r.act("find-application", "fill", "search_box", "Okafor",
          "Search by the applicant surname", "read",
          board_page(search_value="Okafor", banner=banner))
    r.act("find-application", "press", "search_box", "Enter", "Submit the search", "read",
          search_page("Okafor"))
    rec = Rec(T)
    r.act("find-application", "click", "result:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec, save="unsaved_save")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# The plan (written from the task text and the healthy pages above, before any faulty run)
# --------------------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the Adoptly approval task.
# Written from the task text and the healthy pages only, before any faulty run existed.
task: "Please approve adoption application AP-3092 for Juniper, the dog (not the cat). The home check was done on 12 Feb, so record that date, set the adoption fee waiver to 'Senior adopter', and then finalise it through the two-step review (Checklist, then Approve), confirming when asked."
plan_falsifiers:
  execution:
    - Sign in to Adoptly
    - Your session has expired
    - You do not have permission
    - Something went wrong
commitments:
  - id: find-application
    subgoal: Find and open application AP-3092 for Juniper (Dog)
    skill: open_record_by_id
    confidence: 0.7
    confirm:
      precondition:
        - Applications board
      progress:
        - AP-3092 · Juniper (Dog)
      completion:
        - Application AP-3092
    falsify:
      execution:
        - Application AP-3029
        - Application AP-3095
        - No applications match
        - text: AP-3029
          on: action
        - text: Juniper (Cat)
          on: action
      skill: []
      planning:
        - Application AP-3092 has been withdrawn
  - id: start-review
    subgoal: Start the review and reach step 1, Checklist
    confidence: 0.6
    confirm:
      precondition:
        - Start review
      progress: []
      completion:
        - "Step 1 of 2: Checklist"
    falsify:
      execution:
        - Review application AP-3029
        - Review application AP-3095
      skill: []
      planning:
        - Review locked by another staff member
  - id: record-home-check
    subgoal: Record the home-check date as 12 Feb 2026
    confidence: 0.6
    confirm:
      precondition:
        - Home-check date
      progress: []
      completion:
        - 12 Feb 2026
    falsify:
      execution:
        - 21 Feb 2026
        - 12 Jan 2026
        - 12 Feb 2025
      skill: []
      planning: []
  - id: set-fee-waiver
    subgoal: Set the adoption fee waiver to Senior adopter
    confidence: 0.6
    confirm:
      precondition:
        - Fee waiver
      progress: []
      completion:
        - Fee due £75.00
    falsify:
      execution:
        - text: Senior pet (8+ years)
          on: action
        - text: Staff or volunteer
          on: action
        - text: Foster-to-adopt
          on: action
      skill: []
      planning: []
  - id: save-checklist
    subgoal: Save the checklist and move on to step 2, Approve
    confidence: 0.6
    confirm:
      precondition:
        - Save checklist
      progress:
        - Checklist saved
      completion:
        - "Step 2 of 2: Approve"
        - "Home check: 12 Feb 2026"
        - "Fee waiver: Senior adopter"
    falsify:
      execution:
        - "Home check: not recorded"
        - "Fee waiver: None"
        - text: Discard changes
          on: action
      skill: []
      planning: []
  - id: approve
    subgoal: Approve the adoption and confirm it in the dialog
    confidence: 0.6
    confirm:
      precondition:
        - Approve adoption
      progress:
        - Confirm approval
      completion:
        - Application AP-3092 approved
    falsify:
      execution:
        - Application AP-3092 rejected
        - Application AP-3029 approved
        - Application AP-3095 approved
        - text: Reject application
          on: action
      skill: []
      planning:
        - Juniper is already reserved
"""


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan; the plan was not changed afterwards)
# --------------------------------------------------------------------------------------
def faulty_runs():
    runs = []
    T = "AP-3092"

    # F1 wrong_record: list view, opens the near-miss id AP-3029 (Pepper, ready for approval)
    r = Run("adoptly-wrong_record-01", "wrong_record",
            "Opens AP-3029 (Pepper, Dog, 'Ready for approval') from the list instead of AP-3092 "
            "and approves it.", board_page())
    r.act("find-application", "click", "view:list", None, "Switch to the list view", "read",
          list_page(1))
    r.mark()
    rec = Rec("AP-3029")
    r.act("find-application", "click", "row:AP-3029", None,
          "AP-3029 is the dog application waiting for approval", "read", detail_page(rec))
    review_tail(r, rec)
    r.success = False
    runs.append(r)

    # F2 wrong_record: search 'Juniper', opens the cat's application
    r = Run("adoptly-wrong_record-02", "wrong_record",
            "Search for 'Juniper' returns both animals; the agent opens AP-3095 Juniper (Cat) "
            "and approves it.", board_page())
    r.act("find-application", "fill", "search_box", "Juniper", "Search by the animal name",
          "read", board_page(search_value="Juniper"))
    r.act("find-application", "click", "search_btn", None, "Run the search", "read",
          search_page("Juniper"))
    r.mark()
    rec = Rec("AP-3095")
    r.act("find-application", "click", "result:AP-3095", None,
          "Open the Juniper application that is in the Home check stage", "read",
          detail_page(rec))
    review_tail(r, rec)
    r.success = False
    runs.append(r)

    # F3 wrong_value: date typed month-first; the app reads it as 2 Dec 2026
    r = Run("adoptly-wrong_value-01", "wrong_value",
            "Types the date as 02/12/2026 (month first); the app stores 2 Dec 2026.",
            board_page())
    r.act("find-application", "fill", "search_box", T, "Search for the application id",
          "read", board_page(search_value=T))
    r.act("find-application", "click", "search_btn", None, "Run the search", "read",
          search_page(T))
    rec = Rec(T)
    r.act("find-application", "click", "result:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec, date_inputs=(("02/12/2026", "2 Dec 2026", None),), marks=("date",))
    r.success = False
    runs.append(r)

    # F4 wrong_value: picks the 'Senior pet (8+ years)' waiver instead of 'Senior adopter'
    r = Run("adoptly-wrong_value-02", "wrong_value",
            "Selects the 'Senior pet (8+ years)' waiver (Juniper is 9) instead of "
            "'Senior adopter'.", board_page())
    rec = Rec(T)
    r.act("find-application", "click", "card:" + T, None,
          "AP-3092 Juniper (Dog) is in the Home check column", "read", detail_page(rec))
    review_tail(r, rec, waiver="Senior pet (8+ years)", marks=("waiver",))
    r.success = False
    runs.append(r)

    # F5 silent_no_op: Save checklist does nothing
    r = Run("adoptly-silent_no_op-01", "silent_no_op",
            "Save checklist has no effect (no confirmation, 'Last saved: never'); the Approve "
            "step shows the home check not recorded and no waiver; the agent approves anyway.",
            board_page())
    r.act("find-application", "click", "nav:list", None, "Use the applications list", "read",
          list_page(1))
    r.act("find-application", "click", "page:2", None, "Look on page 2", "read",
          list_page(2))
    rec = Rec(T)
    r.act("find-application", "click", "row:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec, save="noop", marks=("save",))
    r.success = False
    runs.append(r)

    # F6 unrequested_filter: filters to 'Assigned to: Me', then gives up
    r = Run("adoptly-unrequested_filter-01", "unrequested_filter",
            "Filters the board to applications assigned to the user (AP-3092 is Tom Reyes's) "
            "and to dogs, sees only AP-3029, and reports that AP-3092 cannot be found.",
            board_page())
    r.mark()
    r.act("find-application", "select", "assigned", ASSIGNED_OPTS[1],
          "Show only my applications", "read", board_page(assigned=ASSIGNED_OPTS[1]))
    r.act("find-application", "select", "species", "Dog", "Narrow to dogs", "read",
          board_page(species="Dog", assigned=ASSIGNED_OPTS[1]))
    r.act("find-application", "send", None,
          "I could not find application AP-3092 on the board; the only dog application I can "
          "see is AP-3029 (Pepper). It may have been withdrawn or moved. Nothing was changed.",
          "Target not visible; report", "read", None)
    r.success = False
    runs.append(r)

    # F7 stale_filter: the board opens with a saved 'Cats only' view already applied
    start = board_page(view="Cats only", species="Cat")
    r = Run("adoptly-stale_filter-01", "stale_filter",
            "The board opens with a left-over saved view 'Cats only'; the only Juniper shown "
            "is the cat (AP-3095), which the agent opens and approves.", start)
    r.mark_start()
    rec = Rec("AP-3095")
    r.act("find-application", "click", "card:AP-3095", None,
          "Juniper is in the Home check column", "read", detail_page(rec))
    review_tail(r, rec)
    r.success = False
    runs.append(r)

    # F8 permission_denied: confirming the approval returns a 403 page
    r = Run("adoptly-permission_denied-01", "permission_denied",
            "Confirming the approval returns an error 403 page: the account lost approval "
            "permission.", board_page())
    r.act("find-application", "select", "species", "Dog",
          "Two animals are called Juniper; narrow the board to dogs", "read",
          board_page(species="Dog"))
    rec = Rec(T)
    r.act("find-application", "click", "card:" + T, None, "Open AP-3092 Juniper (Dog)",
          "read", detail_page(rec))
    review_tail(r, rec, dialog="forbidden", marks=("yes",))
    r.success = False
    runs.append(r)

    # F9 session_expired: saving the checklist lands on the sign-in page
    r = Run("adoptly-session_expired-01", "session_expired",
            "Saving the checklist redirects to the sign-in page (session expired).",
            board_page())
    r.act("find-application", "fill", "search_box", T, "Search for the application id",
          "read", board_page(search_value=T))
    r.act("find-application", "press", "search_box", "Enter", "Submit the search", "read",
          search_page(T))
    rec = Rec(T)
    r.act("find-application", "click", "result:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec, save="expired", marks=("save",))
    runs.append(r)

    # F10 premature_success: reports success while the confirmation dialog is still open
    r = Run("adoptly-premature_success-01", "premature_success",
            "Clicks Approve adoption and reports success without answering the confirmation "
            "dialog; nothing was approved.", board_page())
    r.act("find-application", "click", "nav:list", None, "Use the applications list", "read",
          list_page(1))
    r.act("find-application", "click", "next_page", None, "Go to the next page", "read",
          list_page(2))
    rec = Rec(T)
    r.act("find-application", "click", "row:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec, dialog="premature")
    r.success = False
    runs.append(r)

    # F11 skipped_step: never sets the fee waiver
    r = Run("adoptly-skipped_step-01", "skipped_step",
            "Records the date and saves, but moves on to Approve without setting the fee "
            "waiver; approves with no waiver.", board_page())
    r.act("find-application", "fill", "search_box", "Juniper", "Search by the animal name",
          "read", board_page(search_value="Juniper"))
    r.act("find-application", "click", "search_btn", None, "Run the search", "read",
          search_page("Juniper"))
    rec = Rec(T)
    r.act("find-application", "click", "result:" + T, None,
          "Two Juniper applications; AP-3092 is the dog", "read", detail_page(rec))
    review_tail(r, rec, waiver=None, marks=("continue",))
    r.success = False
    runs.append(r)

    # F12 dialog_mishandled: answers the unsaved-changes prompt with 'Discard'
    r = Run("adoptly-dialog_mishandled-01", "dialog_mishandled",
            "Continues without saving and answers the unsaved-changes prompt with 'Discard "
            "changes and continue'; the approval goes through with no date and no waiver.",
            board_page())
    r.act("find-application", "fill", "search_box", "Okafor",
          "Search by the applicant surname", "read", board_page(search_value="Okafor"))
    r.act("find-application", "press", "search_box", "Enter", "Submit the search", "read",
          search_page("Okafor"))
    rec = Rec(T)
    r.act("find-application", "click", "result:" + T, None, "Open AP-3092", "read",
          detail_page(rec))
    review_tail(r, rec, save="unsaved_discard", marks=("discard",))
    r.success = False
    runs.append(r)
    return runs


EXPECTED_FIRST = {
    "adoptly-wrong_record-01": 1,
    "adoptly-wrong_record-02": 2,
    "adoptly-wrong_value-01": 4,
    "adoptly-wrong_value-02": 3,
    "adoptly-silent_no_op-01": 6,
    "adoptly-unrequested_filter-01": 0,
    "adoptly-stale_filter-01": 0,
    "adoptly-permission_denied-01": 8,
    "adoptly-session_expired-01": 6,
    "adoptly-premature_success-01": 9,
    "adoptly-skipped_step-01": 6,
    "adoptly-dialog_mishandled-01": 7,
}


def main():
    global RNG
    RNG = random.Random(SEED)
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    records = [r.record() for r in runs]
    for rec in records:
        if rec["label"]["fault"]:
            want = EXPECTED_FIRST[rec["id"]]
            got = rec["label"]["first_off_track_step"]
            assert got == want, (rec["id"], got, want)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs (%d healthy, %d faulty) and %s" % (
        len(records), sum(1 for r in records if r["label"]["fault"] is None),
        sum(1 for r in records if r["label"]["fault"]), PLAN_REL))


if __name__ == "__main__":
    main()
