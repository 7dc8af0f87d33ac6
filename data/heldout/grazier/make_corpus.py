#!/usr/bin/env python3
"""Generate the "grazier" held-out corpus: HerdLedger, a livestock herd-management web app.

Stdlib only, fixed seed. Writes, next to this file:
  corpus.jsonl            20 trajectories (8 healthy, 12 faulty), FORMATS.md "Trajectory corpus"
  plans/movement.yaml     plan for the movement workflow, FORMATS.md "Plan"
  plans/treatment.yaml    plan for the treatment workflow

Pages are rendered as BrowserGym-style flattened accessibility trees: one node per line,
tab-indented, `[bid] role 'name', prop=value`, StaticText lines without bids.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20241017
rng = random.Random(SEED)

BASE = "https://app.herdledger.example/holding/34-215-0061"
PRODUCT = "HerdLedger"
ORG = "Hollins Moor Farm Ltd"
OWN_CPH = "34/215/0061"
USER = "Megan Pryce"
TODAY = "17/10/2024"


# ---------------------------------------------------------------------------
# Accessibility-tree model
# ---------------------------------------------------------------------------
class N:
    """One AXTree node. key= lets the run scripts find the node's bid."""

    def __init__(self, role, name="", *children, key=None, **props):
        self.role = role
        self.name = name
        self.children = [c for c in children if c is not None]
        self.key = key
        self.props = props


def T(text):
    return N("StaticText", text)


def fmt_val(v):
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    return repr(str(v))


class Page:
    def __init__(self, url, title, root, error=None):
        self.url = url
        self.title = title
        self.error = error
        self.keys = {}
        lines = []
        counter = [0]

        def walk(node, depth):
            ind = "\t" * depth
            if node.role == "StaticText":
                lines.append(f"{ind}StaticText {node.name!r}")
                return
            counter[0] += 1
            bid = f"a{counter[0]}"
            parts = [f"[{bid}] {node.role} {node.name!r}"]
            for k, v in node.props.items():
                if v is False and k in ("disabled", "readonly", "required"):
                    continue  # BrowserGym omits these when they are off
                parts.append(f"{k}={fmt_val(v)}")
            lines.append(ind + ", ".join(parts))
            if node.key:
                assert node.key not in self.keys, (url, node.key)
                self.keys[node.key] = (bid, node.role, node.name)
            for c in node.children:
                walk(c, depth + 1)

        lines.append(f"RootWebArea {title!r}, focused")
        for c in root:
            walk(c, 1)
        self.text = "\n".join(lines)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}

    def bid(self, key):
        if key not in self.keys:
            raise KeyError(f"{key} not on page {self.url}")
        return self.keys[key][0]

    def target(self, key):
        _, role, name = self.keys[key]
        return f"{role} {name!r}"


# ---------------------------------------------------------------------------
# Herd data
# ---------------------------------------------------------------------------
COW_NAMES = ["Clover", "Poppy", "Bella", "Molly", "Rosie", "Buttercup", "Tilly", "Hazel", "Primrose",
             "Honey", "Maisie", "Willow", "Lottie", "Bonnie", "Fern", "Heather", "Pearl", "Ruby",
             "Snowdrop", "Tansy", "Violet", "Meadow", "Bluebell", "Holly", "Ivy", "Juno", "Kerry",
             "Lily", "Marigold", "Nell", "Olive", "Pansy", "Queenie", "Sorrel", "Trixie", "Una"]
HEIFER_NAMES = ["Bryony", "Acorn", "Aster", "Blossom", "Cherry", "Dandelion", "Elder", "Flora", "Ginger",
                "Hawthorn", "Iris", "Jasmine", "Kestrel", "Larch", "Myrtle", "Nettle", "Orchid",
                "Peony", "Quince", "Rowan", "Sage", "Teasel", "Thistle", "Yarrow", "Clary", "Wren"]


def tag(num):
    return f"UK 341205 {num}"


def tagslug(num):
    return f"UK341205{num}"


ANIMALS = {}  # num -> dict


def add(num, name, sex, breed, dob, group, location, **extra):
    a = dict(num=num, tag=tag(num), name=name, sex=sex, breed=breed, dob=dob, group=group,
             location=location, passport=extra.pop("passport", None), status="On holding")
    a.update(extra)
    if not a["passport"]:
        a["passport"] = f"C {rng.randint(600, 799)} {rng.randint(1000, 9999)}"
    ANIMALS[num] = a
    return a


def build_herd():
    # Dairy cows: 30 numbers above 100932 and 33 below, so that Daisy 932 lands on page 2
    # of "Milking cows" sorted by ear tag descending.
    fixed_cows = {100923: ("Daisy 923", "Milking cows"), 100932: ("Daisy 932", "Milking cows"),
                  100933: ("Dotty 933", "Dry cows"), 100877: ("Clover 877", "Milking cows")}
    below = set()
    while len(below) < 31:
        n = rng.randint(100700, 100930)
        if n not in fixed_cows and abs(n - 100932) > 2 and n not in (100913, 100922, 100942):
            below.add(n)
    above = set()
    while len(above) < 29:
        n = rng.randint(100934, 101090)
        if n not in (100942, 100952):
            above.add(n)
    nums = sorted(below | above)
    dry_slots = set(rng.sample(nums, 11))
    names = list(COW_NAMES)
    for n in nums:
        nm = f"{rng.choice(names)} {str(n)[-3:]}"
        grp = "Dry cows" if n in dry_slots else "Milking cows"
        loc = "Dry cow yard" if grp == "Dry cows" else f"Main shed, pen {rng.randint(1, 4)}"
        y = rng.randint(2016, 2021)
        add(n, nm, "Female", rng.choice(["Holstein Friesian", "Holstein Friesian", "British Friesian",
                                           "Holstein x Jersey"]),
            f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{y}", grp, loc)
    add(100923, "Daisy 923", "Female", "Holstein Friesian", "11/08/2017", "Milking cows",
        "Main shed, pen 3", passport="C 611 2093")
    add(100932, "Daisy 932", "Female", "Holstein Friesian", "02/09/2017", "Milking cows",
        "Main shed, pen 3", passport="C 611 2190", weight="480 kg (weighed 30/09/2024)", lactation="5")
    add(100933, "Dotty 933", "Female", "Holstein Friesian", "05/09/2017", "Dry cows",
        "Dry cow yard", passport="C 611 2191")
    add(100877, "Clover 877", "Female", "British Friesian", "19/04/2016", "Milking cows",
        "Main shed, pen 1", passport="C 540 7781")
    # Suckler cows and bulls
    add(200318, "Bryony", "Female", "Limousin x", "03/05/2016", "Suckler cows", "Far Pasture",
        passport="C 498 1120")
    for n, nm in [(200302, "Aster"), (200305, "Myrtle"), (200311, "Peony"), (200322, "Rowan"),
                  (200327, "Sage")]:
        add(n, nm, "Female", rng.choice(["Limousin x", "Aberdeen Angus x", "Hereford x"]),
            f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(2015, 2019)}",
            "Suckler cows", "Far Pasture")
    add(200011, "Hollins Major", "Male", "Limousin", "12/02/2019", "Bulls", "Bull pen")
    add(200014, "Hollins Sergeant", "Male", "Aberdeen Angus", "30/03/2020", "Bulls", "Bull pen")
    # Youngstock 2023: 22 below 300457, Bramble 300457 and Bramley 300458 (twins), 22 above
    yb = set()
    while len(yb) < 22:
        yb.add(rng.randint(300400, 300455))
    ya = {300475}
    while len(ya) < 22:
        n = rng.randint(300460, 300530)
        ya.add(n)
    hn = list(HEIFER_NAMES[1:])
    rng.shuffle(hn)
    for i, n in enumerate(sorted(yb | ya)):
        heifer = (i % 2 == 0)
        if n == 300475:
            add(n, "Briar", "Female", "Limousin x", "02/04/2023", "Youngstock 2023", "Top Intake")
            continue
        add(n, hn.pop() if heifer and hn else "—", "Female" if heifer else "Male (steer)",
            rng.choice(["Limousin x", "Aberdeen Angus x", "Holstein Friesian", "Hereford x"]),
            f"{rng.randint(1, 28):02d}/{rng.randint(2, 6):02d}/2023", "Youngstock 2023",
            rng.choice(["Top Intake", "Top Intake", "Long Meadow", "Heifer shed"]))
    add(300457, "Bramble", "Female", "Limousin x", "14/03/2023", "Youngstock 2023", "Top Intake",
        passport="C 784 4102", dam=200318, twin=300458, passport_issued="28/03/2023")
    add(300458, "Bramley", "Female", "Limousin x", "14/03/2023", "Youngstock 2023", "Top Intake",
        passport="C 784 4103", dam=200318, twin=300457, passport_issued="28/03/2023")
    # Calves 2024
    for n in sorted(rng.sample(range(400101, 400170), 30)):
        add(n, "—", rng.choice(["Female", "Male"]), rng.choice(["Holstein Friesian", "Limousin x",
                                                                 "British Blue x"]),
            f"{rng.randint(1, 28):02d}/{rng.randint(1, 8):02d}/2024", "Calves 2024", "Calf house")


build_herd()
GROUPS = ["All animals", "Milking cows", "Dry cows", "Suckler cows", "Youngstock 2023", "Calves 2024", "Bulls"]
SORTS = ["Ear tag (ascending)", "Ear tag (descending)", "Name (A–Z)", "Date of birth (newest first)",
         "Recently updated"]
PAGE_SIZE = 20


def herd_rows(group, sort):
    rows = [a for a in ANIMALS.values() if group == "All animals" or a["group"] == group]
    if sort == "Ear tag (descending)":
        rows.sort(key=lambda a: -a["num"])
    elif sort == "Name (A–Z)":
        rows.sort(key=lambda a: (a["name"] == "—", a["name"], a["num"]))
    else:
        rows.sort(key=lambda a: a["num"])
    return rows


def page_of(group, sort, num):
    rows = herd_rows(group, sort)
    idx = [a["num"] for a in rows].index(num)
    return idx // PAGE_SIZE + 1


HOLDINGS = {
    "34/218/0452": "34/218/0452 Low Garth Farm — J. Atkinson",
    "34/218/0425": "34/218/0425 Low Garth Cottage — R. Atkinson",
    "34/281/0452": "34/281/0452 Garth Head — M. Dodd",
    "34/218/0460": "34/218/0460 Garth End — S. Bell",
}


def holding_matches(q):
    q = q.lower().replace(" ", "")
    out = []
    for cph, label in HOLDINGS.items():
        name = label.lower().replace(" ", "")
        if q in name or q.replace("/", "") in cph.replace("/", ""):
            out.append(label)
    if q.startswith("lowgarth"):
        out.sort(key=lambda l: ("Cottage" not in l, l))
    return out


# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------
class State:
    """Per-run state that furniture depends on (recently viewed, drafts count, clock)."""

    def __init__(self, recent, drafts=2, start_min=31, notif=2):
        self.recent = list(recent)
        self.drafts = drafts
        self.minute = start_min
        self.notif = notif

    def tick(self, n=1):
        self.minute += n

    def clock(self):
        return f"10:{self.minute:02d}"

    def viewed(self, num):
        if num in self.recent:
            self.recent.remove(num)
        self.recent.insert(0, num)
        del self.recent[5:]


def shell(st, title, url, crumbs, main, *, toast=None, dialog=None, search_value="", aside_extra=None,
          banner_alert=None):
    crumb_nodes = None
    if crumbs:
        items = []
        for i, (label, ckey) in enumerate(crumbs):
            if i == len(crumbs) - 1:
                items.append(N("listitem", "", T(label)))
            else:
                items.append(N("listitem", "", N("link", label, key=ckey)))
        crumb_nodes = N("navigation", "Breadcrumb", N("list", "", *items))
    banner = N(
        "banner", "",
        N("link", "HerdLedger — home", key="home"),
        T(f"{ORG} · CPH {OWN_CPH}"),
        N("navigation", "Main",
          N("link", "Dashboard", key="nav_dashboard"),
          N("link", "Herd", key="nav_herd"),
          N("link", "Movements", key="nav_movements"),
          N("link", "Medicines register", key="nav_register"),
          N("link", "Breeding"),
          N("link", "Reports"),
          N("link", f"Drafts ({st.drafts})", key="nav_drafts")),
        N("search", "",
          N("searchbox", "Search tags, names or passports", key="search", value=search_value),
          N("button", "Search", key="search_btn")),
        N("button", f"Notifications ({st.notif} unread)", hasPopup="menu", expanded=False),
        N("button", f"{USER} (Herd manager)", key="user_menu", hasPopup="menu", expanded=False),
    )
    live = N("status", "", T(toast), N("button", "Dismiss notification", key="toast_dismiss")) if toast \
        else N("status", "")
    recent_items = []
    for num in st.recent:
        a = ANIMALS[num]
        label = f"{a['name']} ({a['tag']})" if a["name"] != "—" else a["tag"]
        recent_items.append(N("listitem", "", N("link", label, key=f"recent_{num}")))
    aside = N("complementary", "Recently viewed",
              N("heading", "Recently viewed", level=2),
              N("list", "", *recent_items),
              *(aside_extra or []))
    footer = N("contentinfo", "",
               T("HerdLedger 4.12.3 · © 2024 Fieldmark Agritech Ltd"),
               N("link", "Help centre"), N("link", "Privacy"), N("link", "Accessibility statement"),
               T("NLR link: connected · last sync 10:31"))
    nodes = [banner]
    if banner_alert:
        nodes.append(banner_alert)
    nodes += [live, N("main", "", crumb_nodes, *main), aside, footer]
    if dialog:
        nodes.append(dialog)
    return Page(url, f"{title} – {PRODUCT}", nodes)


def combo(label, options, selected, key, **props):
    return N("combobox", label, *[N("option", o, selected=(o == selected)) for o in options],
             key=key, hasPopup="listbox", expanded=False, value=selected, **props)


def animal_label(a):
    return a["name"] if a["name"] != "—" else a["tag"]


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def herd_list(st, group="All animals", sort="Ear tag (ascending)", page=1, pending_group=None,
              toast=None, search_value=""):
    rows = herd_rows(group, sort)
    total = len(rows)
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    chunk = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    sort_state = "descending" if sort == "Ear tag (descending)" else "ascending"
    header = N("row", "",
               N("columnheader", "Ear tag", key="col_tag", sort=sort_state if sort.startswith("Ear") else "none"),
               N("columnheader", "Name", sort="ascending" if sort.startswith("Name") else "none"),
               N("columnheader", "Sex"), N("columnheader", "Breed"),
               N("columnheader", "Date of birth"), N("columnheader", "Group"),
               N("columnheader", "Location"), N("columnheader", "Status"))
    body = []
    for a in chunk:
        body.append(N("row", "",
                      N("cell", "", N("link", a["tag"], key=f"row_{a['num']}")),
                      N("cell", a["name"]), N("cell", a["sex"]), N("cell", a["breed"]),
                      N("cell", a["dob"]), N("cell", a["group"]), N("cell", a["location"]),
                      N("cell", a["status"])))
    pag = [N("link", "Previous page", key="pg_prev", disabled=(page == 1))]
    for p in range(1, pages + 1):
        if p == page:
            pag.append(N("link", f"Page {p}", key=f"pg_{p}", current="page"))
        else:
            pag.append(N("link", f"Page {p}", key=f"pg_{p}"))
    pag.append(N("link", "Next page", key="pg_next", disabled=(page == pages)))
    q = f"?group={group.replace(' ', '+')}&sort={'tag_desc' if 'desc' in sort else 'tag'}&page={page}"
    main = [
        N("heading", "Herd", level=1),
        T(f"{total} animals" + ("" if group == "All animals" else f" in {group}")),
        N("button", "Add animal"), N("button", "Export CSV"),
        N("group", "Filters",
          combo("Group", GROUPS, pending_group or group, "filter_group"),
          combo("Location", ["Any location", "Main shed", "Dry cow yard", "Top Intake", "Long Meadow",
                             "Heifer shed", "Far Pasture", "Calf house", "Bull pen"], "Any location",
                "filter_location"),
          N("checkbox", "Include animals off the holding", checked=False),
          N("checkbox", "Only animals in withdrawal", checked=False),
          N("button", "Apply filters", key="filter_apply"),
          N("button", "Clear filters")),
        combo("Sort by", SORTS, sort, "sort"),
        N("table", "Animals", N("rowgroup", "", header), N("rowgroup", "", *body)),
        T(f"Showing {(page - 1) * PAGE_SIZE + 1}–{(page - 1) * PAGE_SIZE + len(chunk)} of {total}"),
        N("navigation", "Pagination", *pag),
    ]
    title = "Herd" if group == "All animals" else f"Herd: {group}"
    return shell(st, title, f"{BASE}/animals{q}", [("Herd", "crumb_herd")], main, toast=toast,
                 search_value=search_value)


def dashboard(st, toast=None, search_value=""):
    main = [
        N("heading", f"Good morning, {USER.split()[0]}", level=1),
        T("Thursday 17 October 2024"),
        N("region", "Due today",
          N("heading", "Due today", level=2),
          N("list", "",
            N("listitem", "", N("link", "Milk withdrawal ends today: Clover 877")),
            N("listitem", "", N("link", "Pre-movement TB tests due: 4 animals")),
            N("listitem", "", N("link", "Foot trimming booked: 6 cows (11:00)")))),
        N("region", "Herd at a glance",
          N("heading", "Herd at a glance", level=2),
          N("table", "Herd summary",
            N("row", "", N("columnheader", "Group"), N("columnheader", "Head")),
            *[N("row", "", N("cell", g), N("cell", str(len(herd_rows(g, SORTS[0])))))
              for g in GROUPS[1:]])),
        N("region", "Recent activity",
          N("heading", "Recent activity", level=2),
          N("list", "",
            N("listitem", "", T("15/10/2024 · Treatment TR-2024-0643 logged for Daisy 923 (UK 341205 100923)")),
            N("listitem", "", T("14/10/2024 · Movement MV-2024-01872 reported: UK 341205 300431 to 34/218/0452")),
            N("listitem", "", T("14/10/2024 · Treatment TR-2024-0642 logged for Bramley (UK 341205 300458)")))),
    ]
    return shell(st, "Dashboard", f"{BASE}/dashboard", None, main, toast=toast, search_value=search_value)


def search_matches(q):
    qn = q.lower().replace(" ", "")
    exact, similar = [], []
    digits = "".join(ch for ch in qn if ch.isdigit())
    for a in sorted(ANIMALS.values(), key=lambda a: a["num"]):
        hay = (tagslug(a["num"]).lower(), a["name"].lower().replace(" ", ""), a["passport"].lower().replace(" ", ""))
        if any(qn in h for h in hay):
            exact.append((a, "Ear tag" if qn in hay[0] else ("Name" if qn in hay[1] else "Passport")))
            continue
        if len(digits) == 6:
            s = str(a["num"])
            diff = sum(1 for x, y in zip(s, digits) if x != y)
            swapped = any(s[:i] + s[i + 1] + s[i] + s[i + 2:] == digits for i in range(5))
            if diff == 1 or swapped:
                similar.append((a, "Similar ear tag"))
        elif qn.isalpha() and len(qn) >= 4 and a["name"].lower().startswith(qn[:4]):
            similar.append((a, "Similar name"))
    return exact, similar[:4]


def search_results(st, q, similar_first=False):
    exact, similar = search_matches(q)
    rows = [(a, why) for a, why in (similar + exact if similar_first else exact + similar)]
    body = [N("row", "", N("columnheader", "Animal"), N("columnheader", "Ear tag"),
              N("columnheader", "Group"), N("columnheader", "Location"), N("columnheader", "Matched on"))]
    for a, why in rows:
        body.append(N("row", "",
                      N("cell", "", N("link", animal_label(a), key=f"res_{a['num']}")),
                      N("cell", a["tag"]), N("cell", a["group"]), N("cell", a["location"]),
                      N("cell", why)))
    main = [
        N("heading", f"Search results for ‘{q}’", level=1),
        T(f"{len(exact)} {'animal' if len(exact) == 1 else 'animals'} found"
          + (f", {len(similar)} similar" if similar else "")),
        N("tablist", "Result types",
          N("tab", f"Animals ({len(rows)})", selected=True),
          N("tab", "Movements (0)", selected=False),
          N("tab", "Treatments (0)", selected=False)),
        N("table", "Matching animals", *body),
        combo("Sort results", ["Best match", "Ear tag", "Name"], "Best match", "res_sort"),
    ]
    return shell(st, f"Search: {q}", f"{BASE}/search?q={q.replace(' ', '+')}",
                 [("Herd", "crumb_herd"), ("Search", None)], main, search_value=q)


def animal_history(a):
    n = a["num"]
    mov = [("14/03/2023" if n in (300457, 300458) else a["dob"], "Birth", "Born on holding 34/215/0061", "—")]
    trt = []
    if n in (300457, 300458):
        mov.insert(0, ("02/05/2024", "On-farm", "Heifer shed → Top Intake", "—"))
        trt = [("12/09/2024", "Bovilis BVD (booster)", "2 ml IM", "Ended"),
               ("20/04/2024", "Dectomax pour-on (doramectin)", "12 ml pour-on", "Ended")]
        if n == 300458:
            trt.insert(0, ("14/10/2024", "Alamycin LA 300 (oxytetracycline)", "10 ml IM", "Meat until 11/11/2024"))
    elif n == 100932:
        trt = [("02/08/2024", "Mastiplan LC (intramammary)", "1 tube per quarter", "Ended"),
               ("14/05/2024", "Bovilis BVD (booster)", "2 ml IM", "Ended")]
    elif n == 100923:
        trt = [("15/10/2024", "Metacam 20 mg/ml solution for injection (meloxicam)", "11 ml SC",
                "Milk until 20/10/2024, meat until 30/10/2024"),
               ("14/05/2024", "Bovilis BVD (booster)", "2 ml IM", "Ended")]
    else:
        trt = [("14/05/2024", "Bovilis BVD (booster)", "2 ml IM", "Ended")]
    return mov, trt


def withdrawal_text(a, new_treatment=False):
    if new_treatment:
        return "In withdrawal: milk until 22/10/2024, meat until 01/11/2024"
    if a["num"] == 100923:
        return "In withdrawal: milk until 20/10/2024, meat until 30/10/2024"
    if a["num"] == 300458:
        return "In withdrawal: meat until 11/11/2024"
    return "No active withdrawal"


def animal_detail(st, a, tab="Overview", toast=None, new_treatment=None, moved=None):
    mov, trt = animal_history(a)
    if new_treatment:
        trt = [new_treatment] + trt
    status = a["status"] if not moved else f"Off holding — moved to {moved}"
    crumbs = [("Herd", "crumb_herd"), (a["group"], "crumb_group"), (animal_label(a), None)]
    ident = [("Ear tag", a["tag"]), ("Name", a["name"]), ("Sex", a["sex"]), ("Breed", a["breed"]),
             ("Date of birth", a["dob"]), ("Passport number", a["passport"]),
             ("Passport held", "Farm office, passport file" if not moved else "Travelled with animal"),
             ("Current holding", f"{OWN_CPH} Hollins Moor" if not moved else moved),
             ("Location", a["location"] if not moved else "—"), ("Group", a["group"])]
    if a.get("lactation"):
        ident.append(("Lactation", a["lactation"]))
    if a.get("weight"):
        ident.append(("Last weight", a["weight"]))
    related = []
    if a.get("dam"):
        d = ANIMALS[a["dam"]]
        related.append(N("listitem", "", T("Dam: "), N("link", f"{d['name']} ({d['tag']})", key="rel_dam")))
    if a.get("twin"):
        t = ANIMALS[a["twin"]]
        related.append(N("listitem", "", T("Twin: "), N("link", f"{t['name']} ({t['tag']})", key="rel_twin")))
    if a["num"] == 100932:
        related += [N("listitem", "", T("Calf: "), N("link", "UK 341205 400133", key="rel_calf1")),
                    N("listitem", "", T("Same pen: "), N("link", "Daisy 923 (UK 341205 100923)", key="rel_pen"))]
    tabs = N("tablist", "Animal record",
             *[N("tab", t, key=f"tab_{t.lower()}", selected=(t == tab))
               for t in ["Overview", "Movements", "Treatments", "Breeding", "Documents"]])
    if tab == "Overview":
        panel = N("tabpanel", "Overview",
                  N("table", "Identity", *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in ident]),
                  N("region", "Latest movements",
                    N("heading", "Latest movements", level=2),
                    N("table", "Latest movements",
                      N("row", "", N("columnheader", "Date"), N("columnheader", "Type"),
                        N("columnheader", "Details"), N("columnheader", "Reference")),
                      *[N("row", "", *[N("cell", c) for c in r]) for r in mov[:3]])),
                  N("region", "Latest treatments",
                    N("heading", "Latest treatments", level=2),
                    N("table", "Latest treatments",
                      N("row", "", N("columnheader", "Date"), N("columnheader", "Medicine"),
                        N("columnheader", "Dose"), N("columnheader", "Withdrawal")),
                      *[N("row", "", *[N("cell", c) for c in r]) for r in trt[:3]]),
                    N("link", "View all treatments", key="all_treatments")),
                  N("region", "Related animals", N("heading", "Related animals", level=2),
                    N("list", "", *related) if related else T("No related animals recorded")))
    elif tab == "Movements":
        panel = N("tabpanel", "Movements",
                  N("table", "Movement history",
                    N("row", "", N("columnheader", "Date"), N("columnheader", "Type"),
                      N("columnheader", "Details"), N("columnheader", "Reference")),
                    *[N("row", "", *[N("cell", c) for c in r]) for r in mov]),
                  T("Showing all movements"))
    else:
        panel = N("tabpanel", "Treatments",
                  N("table", "Treatment history",
                    N("row", "", N("columnheader", "Date"), N("columnheader", "Medicine"),
                      N("columnheader", "Dose"), N("columnheader", "Withdrawal")),
                    *[N("row", "", *[N("cell", c) for c in r]) for r in trt]),
                  combo("Show", ["Last 12 months", "All time"], "Last 12 months", "trt_range"))
    main = [
        N("heading", animal_label(a), level=1),
        T(a["tag"]),
        N("list", "Status",
          N("listitem", "", T(status)),
          N("listitem", "", T("TB test: clear 02/09/2024")),
          N("listitem", "", T(withdrawal_text(a, bool(new_treatment))))),
        N("toolbar", "Animal actions",
          N("button", "Record movement", key="act_move", disabled=bool(moved)),
          N("button", "Log treatment", key="act_treat"),
          N("button", "Edit details"),
          N("button", "More actions", hasPopup="menu", expanded=False)),
        tabs, panel,
    ]
    return shell(st, f"{animal_label(a)} {a['tag']}", f"{BASE}/animals/{tagslug(a['num'])}", crumbs,
                 main, toast=toast)


# ---- movement wizard -------------------------------------------------------
STEPS = ["Movement details", "Passport", "Transport", "Review and submit"]
REASONS = ["Sale", "Grazing (tack)", "Show or event", "Slaughter", "Breeding (loan)", "Other"]


def progress(cur):
    items = []
    for i, s in enumerate(STEPS, 1):
        label = f"Step {i} of 4: {s}" + (" (current)" if i == cur else (" (done)" if i < cur else ""))
        items.append(N("listitem", "", T(label)))
    return N("navigation", "Progress", N("list", "", *items))


def mv_crumbs(a):
    return [("Herd", "crumb_herd"), (animal_label(a), "crumb_animal"), ("Record movement", None)]


def mv_url(a, step, extra=""):
    return f"{BASE}/animals/{tagslug(a['num'])}/movements/new?step={step}{extra}"


def mv_step1(st, mv, query=None, open_list=False, return_to_review=False, status=None):
    a = mv["animal"]
    to_value = query if query is not None else (HOLDINGS[mv["to"]] if mv.get("to") else "")
    to_children = []
    if open_list:
        to_children = [N("listbox", "Matching holdings",
                         *[N("option", lab, key=f"hold_{lab.split()[0]}", selected=False)
                           for lab in holding_matches(query)])]
    dest_info = None
    if mv.get("to") and not open_list:
        dest_info = T("Holding status: active · TB testing: 4-yearly · Last movement from you: 14/10/2024")
    main = [
        N("heading", "Record movement", level=1),
        T(f"{animal_label(a)} · {a['tag']}"),
        progress(1),
        N("heading", "Movement details", level=2),
        N("radiogroup", "Movement type",
          N("radio", "Move off this holding", key="type_off", checked=(mv["type"] == "off")),
          N("radio", "Move between locations on this holding", key="type_on", checked=(mv["type"] == "on")),
          N("radio", "Death or disposal", checked=False)),
        N("textbox", "From holding", value=f"{OWN_CPH} Hollins Moor", readonly=True),
        N("combobox", "To holding (CPH or name)", *to_children, key="to_holding", value=to_value,
          hasPopup="listbox", expanded=open_list, required=True),
        dest_info,
        N("textbox", "Movement date", key="mv_date", value=mv["date"], required=True),
        T("For example, 17/10/2024"),
        combo("Reason for movement", REASONS, mv["reason"], "reason"),
        N("button", "Save and return to review" if return_to_review else "Continue", key="continue"),
        N("button", "Save draft", key="save_draft"),
        N("link", "Cancel movement", key="cancel_mv"),
    ]
    return shell(st, "Record movement: Movement details (step 1 of 4)",
                 mv_url(a, "details", "&return=review" if return_to_review else ""), mv_crumbs(a), main,
                 toast=status)


def mv_step2(st, mv, status=None):
    a = mv["animal"]
    main = [
        N("heading", "Record movement", level=1),
        T(f"{animal_label(a)} · {a['tag']}"),
        progress(2),
        N("heading", "Passport", level=2),
        N("table", "Passport on record",
          N("row", "", N("rowheader", "Passport number"), N("cell", a["passport"])),
          N("row", "", N("rowheader", "Issued"), N("cell", a.get("passport_issued", "—"))),
          N("row", "", N("rowheader", "Held at"), N("cell", "Farm office, passport file"))),
        N("checkbox", f"Passport {a['passport']} is travelling with the animal", key="passport_travel",
          checked=mv["travelling"]),
        T("Off-holding moves need the passport to travel with the animal. If it will follow later, leave "
          "this unticked and post it within 14 days."),
        N("button", "Back", key="back"),
        N("button", "Continue", key="continue"),
        N("button", "Save draft", key="save_draft"),
    ]
    return shell(st, "Record movement: Passport (step 2 of 4)", mv_url(a, "passport"), mv_crumbs(a),
                 main, toast=status)


def mv_step3(st, mv, status=None):
    a = mv["animal"]
    main = [
        N("heading", "Record movement", level=1),
        T(f"{animal_label(a)} · {a['tag']}"),
        progress(3),
        N("heading", "Transport", level=2),
        N("radiogroup", "Who is transporting the animal?",
          N("radio", "Own transport", key="tr_own", checked=(mv["transport"] == "Own transport")),
          N("radio", "Haulier", key="tr_haulier", checked=(mv["transport"] == "Haulier"))),
        N("textbox", "Vehicle registration (optional)", key="vehicle", value=mv["vehicle"]),
        N("textbox", "Expected journey time in hours (optional)", key="journey", value=""),
        N("button", "Back", key="back"),
        N("button", "Continue", key="continue"),
        N("button", "Save draft", key="save_draft"),
    ]
    return shell(st, "Record movement: Transport (step 3 of 4)", mv_url(a, "transport"), mv_crumbs(a),
                 main, toast=status)


def mv_summary_rows(mv, change_links=True):
    a = mv["animal"]
    rows = [("Animal", f"{animal_label(a)} · {a['tag']}", "ch_animal"),
            ("Movement type", "Move off this holding" if mv["type"] == "off" else
             "Move between locations on this holding", "ch_type"),
            ("From", f"{OWN_CPH} Hollins Moor", None),
            ("To", HOLDINGS.get(mv.get("to"), "—"), "ch_to"),
            ("Movement date", mv["date"], "ch_date"),
            ("Reason", mv["reason"], "ch_reason"),
            ("Passport number", a["passport"], None),
            ("Passport travelling", "Yes" if mv["travelling"] else "No — to follow by post", "ch_passport"),
            ("Transport", mv["transport"], "ch_transport"),
            ("Vehicle registration", mv["vehicle"] or "Not given", "ch_vehicle")]
    out = []
    for k, v, ck in rows:
        cells = [N("rowheader", k), N("cell", v)]
        if change_links and ck:
            label = "Change destination holding" if k == "To" else f"Change {k.lower()}"
            cells.append(N("cell", "", N("link", label, key=ck)))
        out.append(N("row", "", *cells))
    return out


def mv_review(st, mv, dialog=False, status=None):
    a = mv["animal"]
    dlg = None
    if dialog:
        dlg = N("dialog", "Submit movement to NLR?",
                N("heading", "Submit movement to NLR?", level=2),
                T(f"This reports the move of {a['tag']} ({animal_label(a)}) from {OWN_CPH} to "
                  f"{HOLDINGS.get(mv.get('to'), '—').split(' — ')[0]} on {mv['date']} to the National "
                  f"Livestock Register."),
                T("Reported movements can't be withdrawn. Corrections must be made within 3 days."),
                N("button", "Cancel", key="dlg_cancel"),
                N("button", "Submit to NLR", key="dlg_submit"),
                modal=True)
    main = [
        N("heading", "Record movement", level=1),
        T(f"{animal_label(a)} · {a['tag']}"),
        progress(4),
        N("heading", "Review and submit", level=2),
        N("table", "Movement summary", *mv_summary_rows(mv)),
        T("Check the details. Once submitted, the movement is reported to NLR straight away."),
        N("button", "Submit movement", key="submit"),
        N("button", "Save draft", key="save_draft"),
        N("button", "Back", key="back"),
    ]
    return shell(st, "Record movement: Review and submit (step 4 of 4)", mv_url(a, "review"), mv_crumbs(a),
                 main, dialog=dlg, toast=status)


def mv_confirmation(st, mv, ref="MV-2024-01873", nlr="NLR-7Q4K-21893", also=None):
    a = mv["animal"]
    to_label = HOLDINGS.get(mv.get("to"), "—")
    rows = [N("row", "", N("rowheader", k), N("cell", v)) for k, v in [
        ("Reference", ref), ("NLR receipt", nlr), ("Status", "Reported"),
        ("Animal", f"{animal_label(a)} · {a['tag']}"), ("From", f"{OWN_CPH} Hollins Moor"),
        ("To", to_label), ("Movement date", mv["date"]), ("Reason", mv["reason"]),
        ("Passport", f"{a['passport']} — " + ("travelling with animal" if mv["travelling"] else "to follow by post")),
        ("Transport", mv["transport"] + (f", {mv['vehicle']}" if mv["vehicle"] else "")),
        ("Submitted by", f"{USER}, {st.clock()}")]]
    recent = [("MV-2024-01873", mv["date"], to_label.split(" — ")[0], "Reported")]
    if also:
        recent.insert(0, (ref, mv["date"], to_label.split(" — ")[0], "Reported"))
    recent.append(("—", "02/05/2024", "Heifer shed → Top Intake (on-farm)", "—"))
    main = [
        N("heading", f"Movement {ref}", level=1),
        N("table", "Movement details", *rows),
        N("region", f"Movements for {animal_label(a)}",
          N("heading", f"Movements for {animal_label(a)}", level=2),
          N("table", "Animal movements",
            N("row", "", N("columnheader", "Reference"), N("columnheader", "Date"),
              N("columnheader", "Destination"), N("columnheader", "Status")),
            *[N("row", "", *[N("cell", c) for c in r]) for r in recent])),
        N("link", "Print movement document", key="print"),
        N("link", f"Back to {animal_label(a)}", key="back_animal"),
        N("link", "Record another movement", key="another"),
    ]
    toast = f"Movement {ref} reported to NLR at {st.clock()}. Receipt {nlr}."
    return shell(st, f"Movement {ref}", f"{BASE}/movements/{ref}",
                 [("Movements", "crumb_movements"), (ref, None)], main, toast=toast)


MOVEMENT_LOG = [
    ("MV-2024-01872", "14/10/2024", "UK 341205 300431", "34/218/0452 Low Garth Farm", "Grazing (tack)", "Reported"),
    ("MV-2024-01871", "14/10/2024", "UK 341205 300429", "34/218/0452 Low Garth Farm", "Grazing (tack)", "Reported"),
    ("MV-2024-01870", "08/10/2024", "UK 341205 400117", "34/300/0012 Skipton Auction Mart", "Sale", "Reported"),
    ("MV-2024-01869", "08/10/2024", "UK 341205 400121", "34/300/0012 Skipton Auction Mart", "Sale", "Reported"),
    ("MV-D-00409", "—", "UK 341205 300458", "—", "—", "Draft (step 1 of 4)"),
]


def movements_log(st, toast=None):
    rows = [N("row", "", *[N("columnheader", h) for h in
                           ["Reference", "Date", "Animal", "Destination", "Reason", "Status"]])]
    for r in MOVEMENT_LOG:
        rows.append(N("row", "", N("cell", "", N("link", r[0])), *[N("cell", c) for c in r[1:]]))
    main = [
        N("heading", "Movements", level=1),
        N("button", "New movement", key="new_movement"),
        N("tablist", "Movement views",
          N("tab", "All (5)", selected=True), N("tab", "Drafts (1)", selected=False),
          N("tab", "Needs attention (0)", selected=False)),
        combo("Period", ["Last 30 days", "This year", "All"], "Last 30 days", "period"),
        N("table", "Movements", *rows),
        T("Showing 1–5 of 5"),
    ]
    return shell(st, "Movements", f"{BASE}/movements", [("Movements", None)], main, toast=toast)


def mv_choose(st, value="", found=None):
    main = [
        N("heading", "New movement", level=1),
        T("Which animal is moving?"),
        N("textbox", "Ear tag", key="choose_tag", value=value, required=True),
        T("For example, UK 341205 300457"),
        N("button", "Find animal", key="find"),
    ]
    if found:
        main.append(N("region", "Animal found",
                      N("heading", f"{animal_label(found)} · {found['tag']}", level=2),
                      T(f"{found['sex']} · {found['breed']} · born {found['dob']} · {found['location']}"),
                      T(f"Passport {found['passport']}"),
                      N("button", "Use this animal", key="use_animal"),
                      N("link", "Search again", key="search_again")))
    return shell(st, "New movement", f"{BASE}/movements/new", [("Movements", "crumb_movements"),
                                                               ("New movement", None)], main)


def drafts_page(st, entries):
    rows = [N("row", "", *[N("columnheader", h) for h in ["Type", "Animal", "Progress", "Saved", "Actions"]])]
    for i, (kind, num, prog, saved) in enumerate(entries):
        a = ANIMALS[num]
        rows.append(N("row", "", N("cell", kind), N("cell", f"{animal_label(a)} · {a['tag']}"),
                      N("cell", prog), N("cell", saved),
                      N("cell", "", N("link", f"Resume {kind.lower()} for {animal_label(a)}", key=f"resume_{kind.lower()}_{num}"),
                        N("button", "Delete draft"))))
    main = [N("heading", "Drafts", level=1),
            T("Drafts are kept for 30 days."),
            N("table", "Saved drafts", *rows)]
    return shell(st, "Drafts", f"{BASE}/drafts", [("Drafts", None)], main)


def denied_page(st, a):
    main = [
        N("heading", "You can't report movements to NLR", level=1),
        T(f"The NLR agent authorisation for holding {OWN_CPH} on your account lapsed on 16/10/2024."),
        T("Your movement has been kept as a draft (MV-D-00412). A holding administrator (Tom Pryce) can "
          "renew the authorisation in Settings › NLR link and then submit it."),
        N("link", "View movement draft", key="view_draft"),
        N("link", f"Back to {animal_label(a)}", key="back_animal"),
        N("link", "Contact your holding administrator"),
    ]
    return shell(st, "Not authorised", f"{BASE}/movements/MV-D-00412/submit", [("Movements", "crumb_movements"),
                                                                            ("Not authorised", None)], main)


# ---- treatment -----------------------------------------------------------
PRODUCTS = ["Choose a medicine", "Alamycin LA 300 (oxytetracycline)", "Bovilis BVD",
            "Mastiplan LC (intramammary)", "Meloxidyl 20 mg/ml (meloxicam)",
            "Metacam 5 mg/ml solution for injection (meloxicam)",
            "Metacam 20 mg/ml solution for injection (meloxicam)", "Pen & Strep suspension"]
METACAM = "Metacam 20 mg/ml solution for injection (meloxicam)"
BATCHES = ["Choose batch", "4471B — expires 03/2026 — 88 ml in stock", "4417B — expires 11/2024 — 20 ml in stock"]
ROUTES = ["Choose route", "Subcutaneous (SC)", "Intramuscular (IM)", "Intravenous (IV)", "Oral",
          "Intramammary", "Pour-on"]
VETS = ["Choose vet", "Alder Vets — P. Kerr MRCVS", "Alder Vets — S. Nolan MRCVS",
        "Fellside Veterinary Group — A. Hirst MRCVS"]


def new_tr():
    return dict(product="Choose a medicine", batch="Choose batch", dose="", route="Choose route",
                vet="Choose vet", reason="", notes="")


def tr_form(st, a, tr, dialog=False, status=None, alert=None, from_register=False):
    chosen = tr["product"] == METACAM
    wd = []
    if chosen:
        wd = [N("spinbutton", "Meat withdrawal (days)", key="wd_meat", value="15", valuemin=0),
              N("spinbutton", "Milk withdrawal (days)", key="wd_milk", value="5", valuemin=0),
              T("Meat withdrawal ends 01/11/2024"),
              T("Milk withdrawal ends 22/10/2024"),
              T("Defaults from the product SPC. Change them only on your vet's written instruction.")]
    else:
        wd = [N("spinbutton", "Meat withdrawal (days)", key="wd_meat", value="", disabled=True),
              N("spinbutton", "Milk withdrawal (days)", key="wd_milk", value="", disabled=True),
              T("Choose a medicine to fill in withdrawal periods.")]
    batch_opts = BATCHES if chosen else ["Choose batch"]
    dlg = None
    if dialog:
        dlg = N("dialog", "Add to medicines register?",
                N("heading", "Add to medicines register?", level=2),
                N("table", "Treatment summary",
                  *[N("row", "", N("rowheader", k), N("cell", v)) for k, v in [
                      ("Animal", f"{animal_label(a)} · {a['tag']}"), ("Date given", TODAY),
                      ("Medicine", tr["product"]), ("Batch", tr["batch"].split(" — ")[0]),
                      ("Dose", f"{tr['dose']} ml, {tr['route']}"),
                      ("Prescribed by", tr["vet"]), ("Administered by", USER),
                      ("Withdrawal", "Meat until 01/11/2024 (15 days), milk until 22/10/2024 (5 days)")]]),
                T("Entries in the medicines register can't be deleted, only corrected with an amendment."),
                N("button", "Cancel", key="dlg_cancel"),
                N("button", "Add to register", key="dlg_add"),
                modal=True)
    main = [
        N("heading", "Log treatment", level=1),
        T(f"{animal_label(a)} · {a['tag']} · {a['group']} · {withdrawal_text(a)}"),
        N("group", "Medicine",
          N("textbox", "Date given", key="date_given", value=TODAY, required=True),
          combo("Medicine", PRODUCTS, tr["product"], "product", required=True),
          combo("Batch number", batch_opts, tr["batch"], "batch", required=True, disabled=not chosen)),
        N("group", "Dose",
          N("textbox", "Dose", key="dose", value=tr["dose"], required=True),
          combo("Unit", ["ml", "tube", "bolus", "g"], "ml", "unit"),
          combo("Route", ROUTES, tr["route"], "route", required=True)),
        N("group", "Withdrawal period", *wd),
        N("group", "Prescription",
          combo("Prescribing vet", VETS, tr["vet"], "vet", required=True),
          combo("Administered by", [USER, "Tom Pryce", "Dan Holt"], USER, "given_by"),
          N("textbox", "Reason for treatment (optional)", key="reason", value=tr["reason"])),
        N("textbox", "Notes (optional)", key="notes", value=tr["notes"], multiline=True),
        N("button", "Save treatment", key="save"),
        N("button", "Save draft", key="save_draft"),
        N("link", "Cancel", key="cancel"),
    ]
    crumbs = ([("Medicines register", "crumb_register"), ("Log treatment", None)] if from_register else
              [("Herd", "crumb_herd"), (animal_label(a), "crumb_animal"), ("Log treatment", None)])
    url = f"{BASE}/animals/{tagslug(a['num'])}/treatments/new" + ("?from=register" if from_register else "")
    return shell(st, f"Log treatment: {a['tag']}", url, crumbs, main, toast=status, dialog=dlg,
                 banner_alert=alert)


def tr_choose(st, query="", options=None, chosen=None):
    kids = []
    if options:
        kids = [N("listbox", "Matching animals",
                  *[N("option", f"{animal_label(o)} · {o['tag']} · {o['group']}", key=f"pick_{o['num']}",
                      selected=False) for o in options])]
    value = query if chosen is None else f"{animal_label(chosen)} · {chosen['tag']}"
    main = [
        N("heading", "Add treatment", level=1),
        T("Which animal was treated?"),
        N("combobox", "Animal (ear tag or name)", *kids, key="pick_animal", value=value, hasPopup="listbox",
          expanded=bool(options), required=True),
        N("radiogroup", "Treating",
          N("radio", "One animal", checked=True), N("radio", "A group of animals", checked=False)),
        N("button", "Continue", key="continue", disabled=chosen is None),
        N("link", "Cancel", key="cancel"),
    ]
    return shell(st, "Add treatment", f"{BASE}/medicines/treatments/new",
                 [("Medicines register", "crumb_register"), ("Add treatment", None)], main)


REGISTER = [
    ("TR-2024-0643", "15/10/2024", "Daisy 923 · UK 341205 100923", "Metacam 20 mg/ml (meloxicam)", "4471B",
     "11 ml SC", "30/10/2024", "20/10/2024", "M. Pryce"),
    ("TR-2024-0642", "14/10/2024", "Bramley · UK 341205 300458", "Alamycin LA 300", "AL2290", "10 ml IM",
     "11/11/2024", "—", "T. Pryce"),
    ("TR-2024-0641", "12/10/2024", "Clover 877 · UK 341205 100877", "Mastiplan LC", "MP0714",
     "1 tube/quarter", "19/10/2024", "17/10/2024", "D. Holt"),
    ("TR-2024-0640", "09/10/2024", "Dotty 933 · UK 341205 100933", "Pen & Strep", "PS3318", "20 ml IM",
     "09/11/2024", "—", "M. Pryce"),
    ("TR-2024-0639", "03/10/2024", "Poppy 871 · UK 341205 100871", "Metacam 20 mg/ml (meloxicam)", "4417B",
     "10 ml SC", "18/10/2024", "08/10/2024", "M. Pryce"),
]
NEW_ENTRY = ("TR-2024-0644", TODAY, "Daisy 932 · UK 341205 100932", "Metacam 20 mg/ml (meloxicam)", "4471B",
             "12 ml SC", "01/11/2024", "22/10/2024", "M. Pryce")


def register_page(st, toast=None, entries=None):
    entries = entries or REGISTER
    rows = [N("row", "", *[N("columnheader", h, key=("reg_sort_date" if h == "Date" else None),
                             sort=("descending" if h == "Date" else "none")) for h in
                           ["Reference", "Date", "Animal", "Medicine", "Batch", "Dose", "Meat withdrawal ends",
                            "Milk withdrawal ends", "Given by"]])]
    for r in entries:
        rows.append(N("row", "", N("cell", "", N("link", r[0])), *[N("cell", c) for c in r[1:]]))
    main = [
        N("heading", "Medicines register", level=1),
        N("button", "Add treatment", key="add_treatment"),
        N("button", "Export for milk buyer"),
        N("group", "Filter register",
          combo("Period", ["Last 30 days", "Last 12 months", "All"], "Last 30 days", "reg_period"),
          combo("Medicine", ["All medicines"] + PRODUCTS[1:], "All medicines", "reg_product"),
          N("checkbox", "Only animals still in withdrawal", checked=False)),
        N("table", "Medicines register", *rows),
        T(f"Showing 1–{len(entries)} of {len(entries)}"),
    ]
    return shell(st, "Medicines register", f"{BASE}/medicines/register", [("Medicines register", None)],
                 main, toast=toast)


def tr_record(st, a, tr):
    rows = [N("row", "", N("rowheader", k), N("cell", v)) for k, v in [
        ("Reference", "TR-2024-0644"), ("Animal", f"{animal_label(a)} · {a['tag']}"), ("Date given", TODAY),
        ("Medicine", tr["product"]), ("Batch", tr["batch"].split(" — ")[0]),
        ("Dose", f"{tr['dose']} ml"), ("Route", tr["route"]), ("Prescribed by", tr["vet"]),
        ("Administered by", USER), ("Reason", tr["reason"] or "Not given"),
        ("Meat withdrawal", "15 days — ends 01/11/2024"), ("Milk withdrawal", "5 days — ends 22/10/2024")]]
    main = [
        N("heading", "Treatment TR-2024-0644", level=1),
        N("table", "Treatment details", *rows),
        T(f"{animal_label(a)} is in withdrawal: milk until 22/10/2024, meat until 01/11/2024. "
          "Keep her milk out of the bulk tank."),
        N("link", f"Back to {animal_label(a)}", key="back_animal"),
        N("link", "Log another treatment", key="another"),
        N("link", "View medicines register", key="view_register"),
        N("link", "Amend this entry"),
    ]
    return shell(st, "Treatment TR-2024-0644", f"{BASE}/treatments/TR-2024-0644",
                 [("Medicines register", "crumb_register"), ("TR-2024-0644", None)], main,
                 toast=f"Treatment TR-2024-0644 added to the medicines register at {st.clock()}.")


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, task, fault=None, note=None):
        self.rid, self.workflow, self.task = rid, workflow, task
        self.fault, self.note = fault, note
        self.steps = []
        self.page = None
        self.init = None
        self.fault_step = None
        self.success = fault is None
        self.final_message = None

    def start(self, page):
        self.init = page
        self.page = page

    def mark(self):
        """The next recorded step is the first off-track step."""
        assert self.fault_step is None
        self.fault_step = len(self.steps)

    def _add(self, command, reasoning, target, effect, page, commitment):
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target,
                                      "effect": effect},
                           "observation": page.obs()})
        self.page = page

    def click(self, key, page, reasoning, commitment, effect="read"):
        self._add(f"click('{self.page.bid(key)}')", reasoning, self.page.target(key), effect, page, commitment)

    def fill(self, key, value, page, reasoning, commitment, effect="write"):
        self._add(f"fill('{self.page.bid(key)}', {value!r})", reasoning, self.page.target(key), effect, page,
                  commitment)

    def select(self, key, option, page, reasoning, commitment, effect="write"):
        self._add(f"select_option('{self.page.bid(key)}', {option!r})", reasoning, self.page.target(key),
                  effect, page, commitment)

    def press(self, key, combo_, page, reasoning, commitment, effect="read"):
        self._add(f"press('{self.page.bid(key)}', {combo_!r})", reasoning, self.page.target(key), effect,
                  page, commitment)

    def say(self, text, reasoning, commitment):
        self.final_message = text
        self._add(f"send_msg_to_user({text!r})", reasoning, "message to the user", "read", self.page,
                  commitment)

    def record(self, plan):
        label = {"fault": self.fault, "first_off_track_step": self.fault_step}
        if self.note:
            label["note"] = self.note
        return {"id": self.rid, "workflow": self.workflow, "task": self.task, "plan": plan,
                "label": label, "initial_observation": self.init.obs(), "steps": self.steps,
                "outcome": {"success": self.success, "final_message": self.final_message}}


MOVE_TASK = ("Record the off-farm movement of heifer UK 341205 300457 (Bramble) from Hollins Moor to "
             "Low Garth Farm (CPH 34/218/0452) on 17/10/2024 for winter grazing (tack), confirm her "
             "passport C 784 4102 is travelling with her, and submit the movement to NLR.")
TREAT_TASK = ("Log a veterinary treatment for cow UK 341205 100932 (Daisy 932): Metacam 20 mg/ml "
              "solution for injection, batch 4471B, 12 ml subcutaneous, given today (17/10/2024) on "
              "Alder Vets' prescription (P. Kerr), with withdrawal periods of 15 days for meat and 5 days "
              "for milk. Add it to the medicines register.")

BRAMBLE = ANIMALS[300457]
BRAMLEY = ANIMALS[300458]
DAISY = ANIMALS[100932]
DAISY923 = ANIMALS[100923]
MOVE_RECENT = [300458, 100923, 200318, 100877]
TREAT_RECENT = [100923, 300458, 100933, 100877]


def new_mv(a):
    return dict(animal=a, type="off", to=None, date=TODAY, reason="Sale", travelling=False,
                transport="Own transport", vehicle="")


# ---- movement building blocks ---------------------------------------------
def mv_open_from_search(r, st, query="Bramble", pick=BRAMBLE, mark_pick=False):
    r.fill("search", query, herd_list(st, search_value=query),
           f"Search the herd for {query} to find the heifer.", "open-bramble", effect="read")
    st.tick()
    r.press("search", "Enter", search_results(st, query), "Run the search.", "open-bramble")
    st.viewed(pick["num"])
    st.tick()
    if mark_pick:
        r.mark()
    r.click(f"res_{pick['num']}", animal_detail(st, pick),
            "Open Bramble's record from the results." if pick is BRAMBLE else
            "Open the heifer's record from the results.", "open-bramble")


def mv_details(r, st, mv, query="Low Garth", skip_reason=False, mark_continue=False):
    r.fill("to_holding", query, mv_step1(st, mv, query=query, open_list=True),
           "Type the destination holding to find it.", "movement-details")
    mv["to"] = "34/218/0452"
    r.click("hold_34/218/0452", mv_step1(st, mv),
            "Pick 34/218/0452 Low Garth Farm — J. Atkinson, the CPH given in the task.", "movement-details",
            effect="write")
    if not skip_reason:
        mv["reason"] = "Grazing (tack)"
        r.select("reason", "Grazing (tack)", mv_step1(st, mv),
                 "The move is for winter grazing, so set the reason to Grazing (tack).", "movement-details")
    st.tick()
    if mark_continue:
        r.mark()
    r.click("continue", mv_step2(st, mv),
            "Type is off-holding, date is already 17/10/2024; continue to the passport step.",
            "movement-details")


def mv_passport(r, st, mv, tick=True, mark_continue=False):
    if tick:
        mv["travelling"] = True
        r.click("passport_travel", mv_step2(st, mv),
                f"Confirm passport {mv['animal']['passport']} travels with her.", "passport", effect="write")
    st.tick()
    if mark_continue:
        r.mark()
    r.click("continue", mv_step3(st, mv), "Passport confirmed; continue to transport.", "passport")


def mv_transport(r, st, mv, vehicle=None):
    if vehicle:
        mv["vehicle"] = vehicle
        r.fill("vehicle", vehicle, mv_step3(st, mv), "Add the trailer's towing vehicle registration.",
               "transport")
    st.tick()
    r.click("continue", mv_review(st, mv), "Own transport is selected; continue to the review.", "transport")


def mv_submit(r, st, mv, final="Submitted the movement of Bramble (UK 341205 300457) to Low Garth Farm "
                               "34/218/0452; NLR receipt NLR-7Q4K-21893, reference MV-2024-01873."):
    r.click("submit", mv_review(st, mv, dialog=True),
            "Summary matches the task: submit the movement.", "submit", effect="write")
    st.tick(2)
    r.click("dlg_submit", mv_confirmation(st, mv), "Confirm the report to NLR.", "submit",
            effect="irreversible")
    r.say(final, "The movement is reported and the confirmation shows the receipt.", "submit")


# ---- healthy movement runs ---------------------------------------------------
def run_move_h1():
    r = Run("movement-healthy-01", "movement", MOVE_TASK)
    st = State(MOVE_RECENT)
    r.start(herd_list(st))
    mv_open_from_search(r, st)
    mv = new_mv(BRAMBLE)
    st.tick()
    r.click("act_move", mv_step1(st, mv), "Start a movement from her record.", "start-movement")
    mv_details(r, st, mv)
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    mv_submit(r, st, mv)
    return r


def run_move_h2():
    r = Run("movement-healthy-02", "movement", MOVE_TASK)
    st = State(MOVE_RECENT, start_min=29)
    toast = "NLR sync complete: 3 movements confirmed."
    r.start(herd_list(st, toast=toast))
    r.click("toast_dismiss", herd_list(st), "Dismiss the sync notification.", "open-bramble")
    r.select("filter_group", "Youngstock 2023", herd_list(st, pending_group="Youngstock 2023"),
             "Bramble is a 2023 heifer; filter to Youngstock 2023.", "open-bramble", effect="read")
    r.click("filter_apply", herd_list(st, group="Youngstock 2023"), "Apply the filter.", "open-bramble")
    pg = page_of("Youngstock 2023", SORTS[0], 300457)
    r.click(f"pg_{pg}", herd_list(st, group="Youngstock 2023", page=pg),
            f"300457 sorts after the tags on page 1; go to page {pg}.", "open-bramble")
    st.viewed(300457)
    st.tick()
    r.click("row_300457", animal_detail(st, BRAMBLE), "Open UK 341205 300457.", "open-bramble")
    mv = new_mv(BRAMBLE)
    r.click("act_move", mv_step1(st, mv), "Record a movement for Bramble.", "start-movement")
    mv_details(r, st, mv, query="34/218/0452")
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    mv_submit(r, st, mv)
    return r


def run_move_h3():
    r = Run("movement-healthy-03", "movement", MOVE_TASK)
    st = State([300457, 300458, 100923, 200318], start_min=33)
    r.start(dashboard(st))
    st.viewed(300457)
    r.click("recent_300457", animal_detail(st, BRAMBLE), "Bramble is in Recently viewed; open her record.",
            "open-bramble")
    r.click("tab_movements", animal_detail(st, BRAMBLE, tab="Movements"),
            "Check her movement history first.", "open-bramble")
    mv = new_mv(BRAMBLE)
    st.tick()
    r.click("act_move", mv_step1(st, mv), "No pending moves; start the movement.", "start-movement")
    mv_details(r, st, mv, query="Low Garth Farm")
    mv_passport(r, st, mv)
    mv_transport(r, st, mv, vehicle="YX19 KLM")
    r.click("ch_date", mv_step1(st, mv, return_to_review=True),
            "Double-check the movement date field before submitting.", "submit")
    r.click("continue", mv_review(st, mv), "Date is 17/10/2024 as required; return to the review.", "submit")
    mv_submit(r, st, mv)
    return r


def run_move_h4():
    r = Run("movement-healthy-04", "movement", MOVE_TASK)
    st = State(MOVE_RECENT, start_min=30)
    r.start(movements_log(st))
    r.click("new_movement", mv_choose(st), "Start a new movement from the movements log.", "open-bramble")
    r.fill("choose_tag", "UK 341205 300457", mv_choose(st, value="UK 341205 300457"),
           "Enter Bramble's ear tag.", "open-bramble", effect="read")
    r.click("find", mv_choose(st, value="UK 341205 300457", found=BRAMBLE), "Look the animal up.",
            "open-bramble")
    mv = new_mv(BRAMBLE)
    r.click("use_animal", mv_step1(st, mv), "It is Bramble, 300457, passport C 784 4102; use this animal.",
            "start-movement")
    mv_details(r, st, mv, query="34/218/0452")
    mv["travelling"] = True
    r.click("passport_travel", mv_step2(st, mv), "Confirm the passport travels with her.", "passport",
            effect="write")
    st.tick(2)
    st.drafts += 1
    r.click("save_draft", mv_step2(st, mv, status=f"Draft saved at {st.clock()}."),
            "Save a draft while the trailer is being hitched.", "passport", effect="write")
    drafts = [("Movement", 300457, "Step 2 of 4", f"Today {st.clock()}"),
              ("Movement", 300458, "Step 1 of 4", "11/10/2024 15:12"),
              ("Treatment", 100923, "Dose", "14/10/2024 08:05")]
    st.tick(3)
    r.click("nav_drafts", drafts_page(st, drafts), "Come back to the saved draft from Drafts.", "passport")
    r.click("resume_movement_300457", mv_step2(st, mv, status="Draft restored."),
            "Resume Bramble's movement draft (not Bramley's).", "passport")
    r.click("continue", mv_step3(st, mv), "Passport box is still ticked; continue.", "passport")
    mv_transport(r, st, mv)
    mv_submit(r, st, mv)
    return r


# ---- treatment building blocks -------------------------------------------
def tr_fill(r, st, a, tr, dose="12", from_register=False, mark_dose=False, route=True, vet=True, reason=None):
    tr["product"] = METACAM
    r.select("product", METACAM, tr_form(st, a, tr, from_register=from_register),
             "Choose Metacam 20 mg/ml solution for injection.", "medicine")
    tr["batch"] = BATCHES[1]
    r.select("batch", BATCHES[1], tr_form(st, a, tr, from_register=from_register),
             "Choose batch 4471B.", "medicine")
    tr["dose"] = dose
    if mark_dose:
        r.mark()
    r.fill("dose", dose, tr_form(st, a, tr, from_register=from_register), "Dose is 12 ml.", "dose-withdrawal")
    if route:
        tr["route"] = "Subcutaneous (SC)"
        r.select("route", "Subcutaneous (SC)", tr_form(st, a, tr, from_register=from_register),
                 "Given subcutaneously.", "dose-withdrawal")
    if vet:
        tr["vet"] = VETS[1]
        r.select("vet", VETS[1], tr_form(st, a, tr, from_register=from_register),
                 "Prescribed by P. Kerr at Alder Vets. Withdrawal shows 15 days meat, 5 days milk as required.",
                 "dose-withdrawal")
    if reason:
        tr["reason"] = reason
        r.fill("reason", reason, tr_form(st, a, tr, from_register=from_register),
               "Note the reason from the vet's instruction.", "dose-withdrawal")


def tr_save(r, st, a, tr, from_register=False):
    st.tick()
    r.click("save", tr_form(st, a, tr, dialog=True, from_register=from_register),
            "All fields match the task; save the treatment.", "add-to-register", effect="write")
    st.tick()
    r.click("dlg_add", tr_record(st, a, tr), "Confirm adding it to the medicines register.", "add-to-register",
            effect="irreversible")
    r.say("Logged Metacam 20 mg/ml (batch 4471B), 12 ml SC for Daisy 932 (UK 341205 100932) as TR-2024-0644; "
          "withdrawal: milk until 22/10/2024, meat until 01/11/2024.",
          "The register entry is confirmed.", "add-to-register")


def tr_open_from_search(r, st, q="100932", mark_pick=False, pick=DAISY):
    r.fill("search", q, herd_list(st, search_value=q), f"Search the herd for {q}.", "open-daisy",
           effect="read")
    r.press("search", "Enter", search_results(st, q), "Run the search.", "open-daisy")
    st.viewed(pick["num"])
    st.tick()
    if mark_pick:
        r.mark()
    r.click(f"res_{pick['num']}", animal_detail(st, pick), "Open Daisy 932.", "open-daisy")


# ---- healthy treatment runs --------------------------------------------------
def run_treat_h1():
    r = Run("treatment-healthy-01", "treatment", TREAT_TASK)
    st = State(TREAT_RECENT, start_min=35)
    r.start(herd_list(st))
    tr_open_from_search(r, st)
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log a treatment from her record.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr)
    tr_save(r, st, DAISY, tr)
    return r


def run_treat_h2():
    r = Run("treatment-healthy-02", "treatment", TREAT_TASK)
    st = State(TREAT_RECENT, start_min=36)
    r.start(register_page(st, toast="Milk withdrawal ended today for Clover 877 (UK 341205 100877)."))
    r.click("toast_dismiss", register_page(st), "Dismiss the withdrawal notice.", "open-daisy")
    r.click("add_treatment", tr_choose(st), "Add a treatment from the medicines register.", "open-daisy")
    opts = [ANIMALS[100932], ANIMALS[100923]]
    r.fill("pick_animal", "Daisy", tr_choose(st, query="Daisy", options=opts), "Find Daisy 932.",
           "open-daisy", effect="read")
    r.click("pick_100932", tr_choose(st, chosen=DAISY), "Pick Daisy 932 · UK 341205 100932, not Daisy 923.",
            "open-daisy")
    tr = new_tr()
    r.click("continue", tr_form(st, DAISY, tr, from_register=True), "Continue to the treatment form.",
            "open-treatment-form")
    tr_fill(r, st, DAISY, tr, from_register=True)
    tr_save(r, st, DAISY, tr, from_register=True)
    return r


def run_treat_h3():
    r = Run("treatment-healthy-03", "treatment", TREAT_TASK)
    st = State(TREAT_RECENT, start_min=34)
    r.start(herd_list(st))
    r.select("filter_group", "Milking cows", herd_list(st, pending_group="Milking cows"),
             "Daisy 932 is in the milking group; filter to it.", "open-daisy", effect="read")
    r.click("filter_apply", herd_list(st, group="Milking cows"), "Apply the filter.", "open-daisy")
    r.select("sort", "Ear tag (descending)", herd_list(st, group="Milking cows", sort="Ear tag (descending)"),
             "Sort by ear tag, newest numbers first.", "open-daisy", effect="read")
    pg = page_of("Milking cows", "Ear tag (descending)", 100932)
    r.click(f"pg_{pg}", herd_list(st, group="Milking cows", sort="Ear tag (descending)", page=pg),
            f"100932 is further down; go to page {pg}.", "open-daisy")
    st.viewed(100932)
    r.click("row_100932", animal_detail(st, DAISY), "Open UK 341205 100932 (Daisy 932).", "open-daisy")
    tr = new_tr()
    st.tick()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log the treatment.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr, reason="Lame, left hind — sole ulcer (P. Kerr visit)")
    tr_save(r, st, DAISY, tr)
    return r


def run_treat_h4():
    r = Run("treatment-healthy-04", "treatment", TREAT_TASK)
    st = State([100932, 100923, 300458, 100877], start_min=32)
    r.start(dashboard(st))
    st.viewed(100932)
    r.click("recent_100932", animal_detail(st, DAISY), "Daisy 932 is in Recently viewed; open her.", "open-daisy")
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Start a treatment log.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr, route=False, vet=False)
    st.tick(2)
    st.drafts += 1
    r.click("save_draft", tr_form(st, DAISY, tr, status=f"Draft saved at {st.clock()}."),
            "Save a draft until the vet's prescription details are to hand.", "dose-withdrawal", effect="write")
    drafts = [("Treatment", 100932, "Dose", f"Today {st.clock()}"),
              ("Movement", 300458, "Step 1 of 4", "11/10/2024 15:12"),
              ("Treatment", 100923, "Dose", "14/10/2024 08:05")]
    st.tick(4)
    r.click("nav_drafts", drafts_page(st, drafts), "Open Drafts to resume.", "dose-withdrawal")
    r.click("resume_treatment_100932", tr_form(st, DAISY, tr, status="Draft restored."),
            "Resume the Daisy 932 draft, not the older Daisy 923 one.", "dose-withdrawal")
    tr["route"] = "Subcutaneous (SC)"
    r.select("route", "Subcutaneous (SC)", tr_form(st, DAISY, tr), "Route is subcutaneous.", "dose-withdrawal")
    tr["vet"] = VETS[1]
    r.select("vet", VETS[1], tr_form(st, DAISY, tr), "Prescribed by P. Kerr, Alder Vets.", "dose-withdrawal")
    tr_save(r, st, DAISY, tr)
    return r


# ---------------------------------------------------------------------------
# Plans: written from the two tasks and the healthy pages above, before any faulty run
# was scripted, and not edited afterwards.
# ---------------------------------------------------------------------------
MOVEMENT_PLAN = """\
# Movement of Bramble to Low Garth for winter tack.
# Written from the task and a clean run through HerdLedger.
task: >-
  Record the off-farm movement of heifer UK 341205 300457 (Bramble) from Hollins Moor to
  Low Garth Farm (CPH 34/218/0452) on 17/10/2024 for winter grazing (tack), confirm her
  passport C 784 4102 is travelling with her, and submit the movement to NLR.
plan_falsifiers:
  execution:
    - Sign in to HerdLedger
    - Your session has expired. Please sign in again.
    - Something went wrong. Try again later.
    - Page not found
  planning:
    - NLR link is disconnected
commitments:
  - id: open-bramble
    subgoal: Open Bramble's animal record (UK 341205 300457)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [HerdLedger, Hollins Moor Farm Ltd]
      progress:
        - Search results for Bramble
        - "Herd: Youngstock 2023"
      completion:
        - Bramble UK 341205 300457 – HerdLedger
        - "Passport number C 784 4102"
    falsify:
      execution:
        - Bramley UK 341205 300458 – HerdLedger
        - Bramley's record is open (twin, passport C 784 4103)
        - No animals match your search
        - {text: "open Bramley (UK 341205 300458)", on: action}
      planning:
        - Bramble is already off the holding
  - id: start-movement
    subgoal: Start a new movement from Bramble's record
    confidence: 0.7
    confirm:
      completion:
        - "Record movement: Movement details (step 1 of 4)"
        - Bramble · UK 341205 300457
    falsify:
      execution:
        - Record movement for Bramley · UK 341205 300458
      skill:
        - Record movement button is disabled
  - id: movement-details
    subgoal: Move off this holding to 34/218/0452 Low Garth Farm on 17/10/2024, reason Grazing (tack)
    confidence: 0.6
    confirm:
      progress:
        - 34/218/0452 Low Garth Farm — J. Atkinson
        - Reason for movement is Grazing (tack)
      completion:
        - "Record movement: Passport (step 2 of 4)"
    falsify:
      execution:
        - 34/218/0425 Low Garth Cottage chosen as the destination
        - 34/281/0452 Garth Head chosen as the destination
        - Move between locations on this holding is selected
        - Enter a valid movement date
      planning:
        - Low Garth Farm holding is not active
  - id: passport
    subgoal: Confirm passport C 784 4102 travels with her
    confidence: 0.6
    confirm:
      progress:
        - Passport C 784 4102 is travelling with the animal (ticked)
      completion:
        - "Record movement: Transport (step 3 of 4)"
    falsify:
      execution:
        - Passport C 784 4103
      planning:
        - No passport on record for this animal
  - id: transport
    subgoal: Transport by own vehicle, then go to review
    confidence: 0.7
    confirm:
      completion:
        - "Record movement: Review and submit (step 4 of 4)"
  - id: submit
    subgoal: Check the summary and submit the movement to NLR
    confidence: 0.6
    confirm:
      progress:
        - Submit movement to NLR?
      completion:
        - Movement MV-2024- reported to NLR
        - "NLR receipt"
    falsify:
      execution:
        - There is a problem with this movement
        - NLR rejected the movement
      planning:
        - Movement already reported for this animal today
"""

TREATMENT_PLAN = """\
# Daisy 932's Metacam injection into the medicines register.
# Written from the task and a clean run through HerdLedger.
task: >-
  Log a veterinary treatment for cow UK 341205 100932 (Daisy 932): Metacam 20 mg/ml
  solution for injection, batch 4471B, 12 ml subcutaneous, given today (17/10/2024) on
  Alder Vets' prescription (P. Kerr), with withdrawal periods of 15 days for meat and 5 days
  for milk. Add it to the medicines register.
plan_falsifiers:
  execution:
    - Sign in to HerdLedger
    - Your session has expired. Please sign in again.
    - Something went wrong. Try again later.
commitments:
  - id: open-daisy
    subgoal: Open Daisy 932's record (UK 341205 100932)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [HerdLedger]
      progress:
        - Search results for 100932
        - "Herd: Milking cows"
      completion:
        - Daisy 932 UK 341205 100932 – HerdLedger
    falsify:
      execution:
        - Daisy 923 UK 341205 100923 – HerdLedger
        - Dotty 933 UK 341205 100933 – HerdLedger
        - {text: "open Daisy 923", on: action}
  - id: open-treatment-form
    subgoal: Open the Log treatment form for Daisy 932
    confidence: 0.7
    confirm:
      completion:
        - "Log treatment: UK 341205 100932"
    falsify:
      execution:
        - "Log treatment: UK 341205 100923"
      skill:
        - Log treatment button is disabled
  - id: medicine
    subgoal: Medicine Metacam 20 mg/ml solution for injection, batch 4471B
    confidence: 0.6
    confirm:
      progress:
        - Metacam 20 mg/ml solution for injection (meloxicam) is selected
      completion:
        - Batch 4471B selected
    falsify:
      execution:
        - Metacam 5 mg/ml solution for injection selected
        - Meloxidyl 20 mg/ml selected
        - Batch 4417B selected
      planning:
        - No stock of Metacam 20 mg/ml
  - id: dose-withdrawal
    subgoal: 12 ml subcutaneous, prescribed by P. Kerr (Alder Vets), withdrawal 15 days meat and 5 days milk
    confidence: 0.6
    confirm:
      progress:
        - Dose 12 ml
        - Route Subcutaneous (SC)
      completion:
        - Meat withdrawal ends 01/11/2024
        - Milk withdrawal ends 22/10/2024
    falsify:
      execution:
        - Route Intramuscular (IM) selected
        - Prescribing vet S. Nolan
  - id: add-to-register
    subgoal: Save the treatment and confirm it into the medicines register
    confidence: 0.6
    confirm:
      progress:
        - Add to medicines register?
      completion:
        - Treatment TR-2024- added to the medicines register
        - "Daisy 932 is in withdrawal: milk until 22/10/2024, meat until 01/11/2024"
    falsify:
      execution:
        - Treatment was not saved
        - Fix the errors on this page
"""


# ---------------------------------------------------------------------------
# Faulty runs (scripted after the plans above were fixed)
# ---------------------------------------------------------------------------
def run_move_wrong_record():
    r = Run("movement-wrong_record-01", "movement", MOVE_TASK, "wrong_record",
            "Opens twin sister Bramley (UK 341205 300458) from the search results and moves her instead.")
    st = State(MOVE_RECENT)
    r.start(herd_list(st))
    r.fill("search", "Bram", herd_list(st, search_value="Bram"), "Search for Bramble.", "open-bramble",
           effect="read")
    r.press("search", "Enter", search_results(st, "Bram"), "Run the search.", "open-bramble")
    st.viewed(300458)
    r.mark()
    r.click("res_300458", animal_detail(st, BRAMLEY), "Open the heifer from the results.", "open-bramble")
    mv = new_mv(BRAMLEY)
    r.click("act_move", mv_step1(st, mv), "Start the movement.", "start-movement")
    mv_details(r, st, mv)
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    mv_submit(r, st, mv, final="Submitted the heifer's movement to Low Garth Farm 34/218/0452; NLR receipt "
                               "NLR-7Q4K-21893, reference MV-2024-01873.")
    r.success = False
    return r


def run_move_skipped_passport():
    r = Run("movement-skipped_required_field-01", "movement", MOVE_TASK, "skipped_required_field",
            "Continues past the passport step without ticking that passport C 784 4102 travels; the movement "
            "is reported with the passport 'to follow by post'.")
    st = State(MOVE_RECENT, start_min=34)
    r.start(herd_list(st))
    mv_open_from_search(r, st, query="300457")
    mv = new_mv(BRAMBLE)
    r.click("act_move", mv_step1(st, mv), "Start a movement.", "start-movement")
    mv_details(r, st, mv)
    mv_passport(r, st, mv, tick=False, mark_continue=True)
    mv_transport(r, st, mv)
    mv_submit(r, st, mv)
    return r


def run_move_dialog_cancel():
    r = Run("movement-dialog_cancelled-01", "movement", MOVE_TASK, "dialog_cancelled",
            "Clicks Cancel in the 'Submit movement to NLR?' dialog, then reports the movement as submitted.")
    st = State([300457, 300458, 100923, 200318], start_min=30)
    r.start(dashboard(st))
    st.viewed(300457)
    r.click("recent_300457", animal_detail(st, BRAMBLE), "Open Bramble from Recently viewed.", "open-bramble")
    mv = new_mv(BRAMBLE)
    r.click("act_move", mv_step1(st, mv), "Start the movement.", "start-movement")
    mv_details(r, st, mv, query="Low Garth Farm")
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    r.click("submit", mv_review(st, mv, dialog=True), "Submit the movement.", "submit", effect="write")
    r.mark()
    r.click("dlg_cancel", mv_review(st, mv), "Close the confirmation.", "submit")
    r.say("Bramble's movement to Low Garth Farm (34/218/0452) on 17/10/2024 has been submitted.",
          "Movement is done.", "submit")
    return r


def run_move_wrong_option():
    r = Run("movement-wrong_option-01", "movement", MOVE_TASK, "wrong_option",
            "Leaves 'Reason for movement' at its default 'Sale' instead of 'Grazing (tack)' and continues.")
    st = State(MOVE_RECENT, start_min=28)
    r.start(herd_list(st))
    r.select("filter_group", "Youngstock 2023", herd_list(st, pending_group="Youngstock 2023"),
             "Filter to the 2023 youngstock.", "open-bramble", effect="read")
    r.click("filter_apply", herd_list(st, group="Youngstock 2023"), "Apply the filter.", "open-bramble")
    pg = page_of("Youngstock 2023", SORTS[0], 300457)
    r.click(f"pg_{pg}", herd_list(st, group="Youngstock 2023", page=pg), "Bramble should be on the next page.",
            "open-bramble")
    st.viewed(300457)
    r.click("row_300457", animal_detail(st, BRAMBLE), "Open UK 341205 300457.", "open-bramble")
    mv = new_mv(BRAMBLE)
    r.click("act_move", mv_step1(st, mv), "Record a movement.", "start-movement")
    mv_details(r, st, mv, query="34/218/0452", skip_reason=True, mark_continue=True)
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    mv_submit(r, st, mv)
    return r


def run_move_double_submit():
    r = Run("movement-double_submit-01", "movement", MOVE_TASK, "double_submit",
            "NLR submission is slow; the agent clicks Submit movement again and reports a second movement "
            "(MV-2024-01874) for the same animal.")
    st = State(MOVE_RECENT, start_min=32)
    r.start(herd_list(st))
    mv_open_from_search(r, st)
    mv = new_mv(BRAMBLE)
    r.click("act_move", mv_step1(st, mv), "Start a movement.", "start-movement")
    mv_details(r, st, mv)
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    r.click("submit", mv_review(st, mv, dialog=True), "Submit the movement.", "submit", effect="write")
    r.click("dlg_submit", mv_review(st, mv, status="Submitting to NLR…"), "Confirm.", "submit",
            effect="irreversible")
    r.mark()
    r.click("submit", mv_review(st, mv, dialog=True, status="Submitting to NLR…"),
            "Still on the review page; submit again.", "submit", effect="write")
    st.tick(2)
    r.click("dlg_submit", mv_confirmation(st, mv, ref="MV-2024-01874", nlr="NLR-7Q4K-21894", also=True),
            "Confirm the submission.", "submit", effect="irreversible")
    r.say("Submitted Bramble's movement to Low Garth Farm 34/218/0452; reference MV-2024-01874.",
          "Movement reported.", "submit")
    return r


def run_move_denied():
    r = Run("movement-permission_denied-01", "movement", MOVE_TASK, "permission_denied",
            "NLR submission is refused (agent authorisation lapsed); movement stays a draft but the agent "
            "reports it as submitted.")
    st = State(MOVE_RECENT, start_min=31)
    r.start(movements_log(st))
    r.click("new_movement", mv_choose(st), "Start a new movement.", "open-bramble")
    r.fill("choose_tag", "UK 341205 300457", mv_choose(st, value="UK 341205 300457"), "Enter the ear tag.",
           "open-bramble", effect="read")
    r.click("find", mv_choose(st, value="UK 341205 300457", found=BRAMBLE), "Find the animal.", "open-bramble")
    mv = new_mv(BRAMBLE)
    r.click("use_animal", mv_step1(st, mv), "Use Bramble.", "start-movement")
    mv_details(r, st, mv, query="Low Garth")
    mv_passport(r, st, mv)
    mv_transport(r, st, mv)
    r.click("submit", mv_review(st, mv, dialog=True), "Submit the movement.", "submit", effect="write")
    st.drafts += 1
    r.mark()
    r.click("dlg_submit", denied_page(st, BRAMBLE), "Confirm the NLR report.", "submit", effect="irreversible")
    drafts = [("Movement", 300457, "Ready to submit", f"Today {st.clock()}"),
              ("Movement", 300458, "Step 1 of 4", "11/10/2024 15:12"),
              ("Treatment", 100923, "Dose", "14/10/2024 08:05")]
    r.click("view_draft", drafts_page(st, drafts), "Check the movement record.", "submit")
    r.say("Bramble's movement to Low Garth Farm (34/218/0452) is recorded and ready; passport C 784 4102 "
          "travels with her.", "The movement is in the system.", "submit")
    return r


def run_treat_wrong_value():
    r = Run("treatment-wrong_value-01", "treatment", TREAT_TASK, "wrong_value",
            "Types dose 21 ml instead of 12 ml; the wrong dose is saved to the register.")
    st = State(TREAT_RECENT, start_min=33)
    r.start(herd_list(st))
    tr_open_from_search(r, st)
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log a treatment.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr, dose="21", mark_dose=True)
    st.tick()
    r.click("save", tr_form(st, DAISY, tr, dialog=True), "Save the treatment.", "add-to-register", effect="write")
    r.click("dlg_add", tr_record(st, DAISY, tr), "Add it to the register.", "add-to-register",
            effect="irreversible")
    r.say("Logged Metacam 20 mg/ml (batch 4471B) for Daisy 932 (UK 341205 100932) as TR-2024-0644.",
          "Saved.", "add-to-register")
    return r


def run_treat_noop():
    r = Run("treatment-silent_noop-01", "treatment", TREAT_TASK, "silent_noop",
            "'Add to register' does nothing (dialog stays, nothing saved); the agent reports success.")
    st = State(TREAT_RECENT, start_min=37)
    r.start(register_page(st))
    r.click("add_treatment", tr_choose(st), "Add a treatment.", "open-daisy")
    r.fill("pick_animal", "100932", tr_choose(st, query="100932", options=[DAISY]), "Find the cow by tag.",
           "open-daisy", effect="read")
    r.click("pick_100932", tr_choose(st, chosen=DAISY), "Pick Daisy 932.", "open-daisy")
    tr = new_tr()
    r.click("continue", tr_form(st, DAISY, tr, from_register=True), "Continue.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr, from_register=True)
    r.click("save", tr_form(st, DAISY, tr, dialog=True, from_register=True), "Save the treatment.",
            "add-to-register", effect="write")
    r.mark()
    r.click("dlg_add", tr_form(st, DAISY, tr, dialog=True, from_register=True),
            "Add it to the register.", "add-to-register", effect="irreversible")
    r.say("Treatment for Daisy 932 (Metacam 20 mg/ml, 12 ml SC, batch 4471B) added to the medicines register.",
          "Done.", "add-to-register")
    return r


def run_treat_stale():
    r = Run("treatment-stale_page-01", "treatment", TREAT_TASK, "stale_page",
            "After 'Add to register' the app returns a cached copy of Daisy 932's record with no new "
            "treatment and no withdrawal; the agent reports success.")
    st = State(TREAT_RECENT, start_min=31)
    r.start(herd_list(st))
    tr_open_from_search(r, st, q="Daisy 932")
    stale = animal_detail(st, DAISY)
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log a treatment.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr)
    r.click("save", tr_form(st, DAISY, tr, dialog=True), "Save.", "add-to-register", effect="write")
    r.mark()
    r.click("dlg_add", stale, "Confirm adding it to the register.", "add-to-register", effect="irreversible")
    r.click("tab_treatments", animal_detail(st, DAISY, tab="Treatments"), "Look at her treatments.",
            "add-to-register")
    r.say("Daisy 932's Metacam treatment (12 ml SC, batch 4471B) is logged.", "Saved and back on her record.",
          "add-to-register")
    return r


def run_treat_error():
    r = Run("treatment-error_banner-01", "treatment", TREAT_TASK, "error_banner",
            "The register service returns an error; the entry is only kept as a draft. The agent reads "
            "'Draft saved' and reports success.")
    st = State(TREAT_RECENT, start_min=38)
    r.start(dashboard(st))
    r.fill("search", "UK 341205 100932", dashboard(st, search_value="UK 341205 100932"), "Search for the tag.", "open-daisy", effect="read")
    r.press("search", "Enter", search_results(st, "UK 341205 100932"), "Search.", "open-daisy")
    st.viewed(100932)
    r.click("res_100932", animal_detail(st, DAISY), "Open Daisy 932.", "open-daisy")
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log a treatment.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr)
    r.click("save", tr_form(st, DAISY, tr, dialog=True), "Save.", "add-to-register", effect="write")
    st.drafts += 1
    st.tick(2)
    alert = N("alert", "",
              T("We couldn't add this treatment to the register (error 503: register service unavailable). "
                "Try again in a few minutes."))
    r.mark()
    r.click("dlg_add", tr_form(st, DAISY, tr, alert=alert, status=f"Draft saved at {st.clock()}."),
            "Add to register.", "add-to-register", effect="irreversible")
    r.say("Daisy 932's treatment is saved (Metacam 20 mg/ml, 12 ml SC, batch 4471B).", "Saved.",
          "add-to-register")
    return r


def run_treat_premature():
    r = Run("treatment-premature_done-01", "treatment", TREAT_TASK, "premature_done",
            "Reports the treatment as logged after filling the form, without saving it.")
    st = State(TREAT_RECENT, start_min=29)
    r.start(herd_list(st))
    r.select("filter_group", "Milking cows", herd_list(st, pending_group="Milking cows"),
             "Filter to the milking cows.", "open-daisy", effect="read")
    r.click("filter_apply", herd_list(st, group="Milking cows"), "Apply.", "open-daisy")
    pg = page_of("Milking cows", SORTS[0], 100932)
    r.click(f"pg_{pg}", herd_list(st, group="Milking cows", page=pg), "Find 100932 on a later page.",
            "open-daisy")
    st.viewed(100932)
    r.click("row_100932", animal_detail(st, DAISY), "Open Daisy 932.", "open-daisy")
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log a treatment.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr)
    r.mark()
    r.say("Logged Metacam 20 mg/ml, 12 ml SC (batch 4471B) for Daisy 932; withdrawal ends 22/10/2024 (milk) "
          "and 01/11/2024 (meat).", "Everything is filled in correctly.", "add-to-register")
    return r


def run_treat_unsaved():
    r = Run("treatment-unsaved_navigation-01", "treatment", TREAT_TASK, "unsaved_navigation",
            "Navigates to the medicines register mid-form (form discarded without a prompt) and mistakes "
            "Daisy 923's Metacam entry for the new one.")
    st = State(TREAT_RECENT, start_min=35)
    r.start(herd_list(st))
    tr_open_from_search(r, st)
    tr = new_tr()
    r.click("act_treat", tr_form(st, DAISY, tr), "Log a treatment.", "open-treatment-form")
    tr_fill(r, st, DAISY, tr, vet=False)
    r.mark()
    r.click("nav_register", register_page(st), "Check how batch 4471B was recorded last time.",
            "dose-withdrawal")
    r.say("Daisy 932's Metacam 20 mg/ml treatment (batch 4471B) is in the medicines register.",
          "The register shows the Metacam entry.", "add-to-register")
    return r


HEALTHY = [run_move_h1, run_move_h2, run_move_h3, run_move_h4,
           run_treat_h1, run_treat_h2, run_treat_h3, run_treat_h4]
FAULTY = [run_move_wrong_record, run_move_skipped_passport, run_move_dialog_cancel, run_move_wrong_option,
          run_move_double_submit, run_move_denied,
          run_treat_wrong_value, run_treat_noop, run_treat_stale, run_treat_error, run_treat_premature,
          run_treat_unsaved]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "movement.yaml"), "w", encoding="utf-8") as f:
        f.write(MOVEMENT_PLAN)
    with open(os.path.join(HERE, "plans", "treatment.yaml"), "w", encoding="utf-8") as f:
        f.write(TREATMENT_PLAN)
    records = []
    for fn in HEALTHY + FAULTY:
        r = fn()
        if r.fault:
            r.success = False
            assert r.fault_step is not None, r.rid
        records.append(r.record(f"plans/{r.workflow}.yaml"))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_h = sum(1 for r in records if r["label"]["fault"] is None)
    print(f"wrote {len(records)} trajectories ({n_h} healthy, {len(records) - n_h} faulty) "
          f"and 2 plans to {HERE}")


if __name__ == "__main__":
    main()
