#!/usr/bin/env python3
"""Generate the CommutePlus held-out corpus (Python 3 standard library only).

CommutePlus for Employers is the employer commuter-benefits portal of a city
transit agency (Riverline Transit Authority).  One workflow: assign a monthly
Zone 1-3 pass for December 2025 to Dana Whitcombe (E-5528), paid by payroll
deduction, and confirm the payroll-deduction warning dialog.

Writes, next to this file (or under --out DIR):
  corpus.jsonl              20 trajectories (8 healthy, 12 faulty)
  plans/commuteplus.yaml    the plan (written from the task and healthy pages)

Output is byte-for-byte reproducible: fixed seed, no clocks, no set ordering.
"""
import argparse
import json
import os
import random
from urllib.parse import urlencode

SEED = 5528
RNG = random.Random(SEED)

BASE = "http://127.0.0.1:8000"
WORKFLOW = "commuteplus"
PLAN_REL = "plans/commuteplus.yaml"
PRODUCT = "CommutePlus"

TASK = (
    "Please set up Dana Whitcombe's commuter benefit in CommutePlus: she needs a "
    "monthly Zone 1-3 pass for December 2025, paid through payroll deduction. Her "
    "employee ID is E-5528 and she is in Operations. Careful, we also have a Dana "
    "Whitcomb (no e) and a different employee E-5582, so don't mix them up. The "
    "portal will pop up a warning that the deduction can't be changed after the "
    "20th; that's expected, go ahead and confirm it."
)

# ---------------------------------------------------------------------------
# The plan.  Written from the task text and the healthy pages only, before any
# faulty run was written; not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Sign in to CommutePlus",
            "Your session has ended",
            "You do not have permission",
            "Something went wrong",
        ],
    },
    "commitments": [
        {
            "id": "open-employee",
            "subgoal": "Find and open the benefits record of Dana Whitcombe, employee E-5528",
            "skill": "open_record_by_id",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Employee benefits"],
                "progress": ["Dana Whitcombe"],
                "completion": ["Dana Whitcombe (E-5528) · CommutePlus", "Employee ID E-5528"],
            },
            "falsify": {
                "execution": ["E-5582", "Diana Whitcombe", "Dana Whitcomb", "E-5561", "No results"],
                "planning": ["Employee E-5528 does not exist"],
            },
        },
        {
            "id": "start-assignment",
            "subgoal": "Open the Assign pass form for Dana Whitcombe",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Pass history"],
                "completion": ["Assign a pass to Dana Whitcombe"],
            },
            "falsify": {
                "execution": ["Assign a pass to Diana Whitcombe"],
                "skill": ["Assign pass is not available"],
            },
        },
        {
            "id": "choose-pass",
            "subgoal": "Choose Monthly Zone 1-3, December 2025, paid by payroll deduction",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Pass type"],
                "progress": ["Monthly Zone 1-3", "December 2025"],
                "completion": ["Payroll deduction consent on file"],
            },
            "falsify": {
                "execution": [
                    {"text": "Monthly Zone 1-2", "on": "action"},
                    {"text": "Monthly Zone 1-4", "on": "action"},
                    {"text": "Weekly Zone 1-3", "on": "action"},
                    {"text": "January 2026", "on": "action"},
                    {"text": "Pre-tax commuter card", "on": "action"},
                ],
                "planning": ["already has a pass for December 2025"],
            },
        },
        {
            "id": "confirm-deduction",
            "subgoal": "Submit and confirm the dialog warning that the deduction cannot be changed after the 20th",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Cost to employee: $148.00"],
                "progress": ["Confirm payroll deduction", "cannot be changed after the 20th"],
                "completion": ["Pass assigned", "assigned to Dana Whitcombe (E-5528)"],
            },
            "falsify": {
                "execution": [
                    "No pass assigned for December 2025",
                    {"text": "Use employer-paid instead", "on": "action"},
                ],
            },
        },
        {
            "id": "report",
            "subgoal": "Tell the user the December pass is assigned with payroll deduction",
            "confidence": 0.9,
            "confirm": {
                "precondition": ["Pass assigned"],
                "completion": [{"text": "E-5528", "on": "action"}],
            },
            "falsify": {
                "execution": [
                    {"text": "E-5582", "on": "action"},
                    {"text": "E-5561", "on": "action"},
                ],
            },
        },
    ],
}

# ---------------------------------------------------------------------------
# Tiny YAML emitter (block style, flow lists for short plain lists)
# ---------------------------------------------------------------------------
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"}


def _needs_quotes(s):
    if s == "" or s.strip() != s:
        return True
    if s[0] in "-?:,[]{}#&*!|>'\"%@`":
        return True
    if ": " in s or " #" in s or s.endswith(":"):
        return True
    if s.lower() in _YAML_WORDS:
        return True
    try:
        float(s)
        return True
    except ValueError:
        return False


def yscalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    return json.dumps(s, ensure_ascii=False) if _needs_quotes(s) else s


def _flowable(lst):
    if not all(isinstance(x, str) for x in lst):
        return False
    if any(_needs_quotes(x) or any(c in x for c in ",[]{}") for x in lst):
        return False
    return len(", ".join(lst)) <= 70


def yaml_lines(obj, ind=0):
    pad = "  " * ind
    out = []
    for k, v in obj.items():
        if isinstance(v, dict):
            out.append(f"{pad}{k}:")
            out += yaml_lines(v, ind + 1)
        elif isinstance(v, list):
            if not v:
                out.append(f"{pad}{k}: []")
            elif _flowable(v):
                out.append(f"{pad}{k}: [" + ", ".join(v) + "]")
            else:
                out.append(f"{pad}{k}:")
                out += yaml_list_lines(v, ind + 1)
        else:
            out.append(f"{pad}{k}: {yscalar(v)}")
    return out


def yaml_list_lines(lst, ind):
    pad = "  " * ind
    out = []
    for item in lst:
        if isinstance(item, dict):
            sub = yaml_lines(item, ind + 1)
            inner = "  " * (ind + 1)
            out.append(pad + "- " + sub[0][len(inner):])
            out += sub[1:]
        else:
            out.append(f"{pad}- {yscalar(item)}")
    return out


def plan_yaml():
    head = [
        "# CommutePlus: assign a December Zone 1-3 monthly pass to Dana Whitcombe (E-5528)",
        "# with payroll deduction. Written from the task text and healthy pages only.",
    ]
    return "\n".join(head + yaml_lines(PLAN)) + "\n"


# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
PRICES = {
    "Monthly Zone 1-2": "112.00",
    "Monthly Zone 1-3": "148.00",
    "Monthly Zone 1-4": "176.50",
    "Weekly Zone 1-3": "41.00",
}
PASS_OPTIONS = [f"{p} — ${PRICES[p]}" for p in PRICES]
Z12, Z13 = PASS_OPTIONS[0], PASS_OPTIONS[1]
MONTH_OPTIONS = ["November 2025 (prorated, 16 days left)", "December 2025", "January 2026"]
DEC = "December 2025"
JAN = "January 2026"
PAYMENTS = ["Employer-paid", "Payroll deduction", "Pre-tax commuter card"]
PAYROLL = "Payroll deduction"
DEPARTMENTS = ["Engineering", "Finance", "Legal", "Operations", "People", "Sales"]
STATUSES = ["Active", "Suspended", "Expired"]
LIST_MONTHS = ["October 2025", "November 2025", "December 2025", "January 2026"]

EMP_ROWS = [
    # first, last, id, dept, nov (pass, payment, status, note), dec or None
    ("Colm", "Abernathy", "E-5104", "Engineering", ("Monthly Zone 1-2", "Employer-paid", "Active", ""), None),
    ("Tolu", "Adeyemi", "E-5117", "Operations", ("Monthly Zone 1-3", "Payroll deduction", "Active", ""), ("Monthly Zone 1-3", "Payroll deduction")),
    ("Renee", "Baptiste", "E-5139", "Finance", ("Weekly Zone 1-3", "Pre-tax commuter card", "Expired", "Weekly pass ended 9 Nov"), None),
    ("Ivo", "Castellanos", "E-5150", "Sales", ("Monthly Zone 1-2", "Employer-paid", "Active", ""), ("Monthly Zone 1-2", "Employer-paid")),
    ("Hattie", "Drummond", "E-5166", "People", ("Monthly Zone 1-3", "Payroll deduction", "Suspended", "Deduction failed 31 Oct; retry scheduled"), None),
    ("Marco", "Esposito", "E-5203", "Operations", ("Monthly Zone 1-4", "Employer-paid", "Active", ""), None),
    ("June", "Fairweather", "E-5218", "Legal", ("Monthly Zone 1-2", "Pre-tax commuter card", "Active", "Card top-up overdue"), None),
    ("Petra", "Gruenwald", "E-5240", "Engineering", ("Monthly Zone 1-3", "Employer-paid", "Active", ""), None),
    ("Sami", "Hakimi", "E-5258", "Sales", ("Weekly Zone 1-3", "Employer-paid", "Expired", "Weekly pass ended 9 Nov"), None),
    ("Luz", "Ibarra", "E-5285", "Operations", ("Monthly Zone 1-3", "Payroll deduction", "Active", ""), None),
    ("Kuba", "Jablonski", "E-5301", "Engineering", ("Monthly Zone 1-2", "Payroll deduction", "Active", ""), None),
    ("Eszter", "Kovacs", "E-5319", "Finance", ("Monthly Zone 1-3", "Pre-tax commuter card", "Active", ""), ("Monthly Zone 1-3", "Pre-tax commuter card")),
    ("Arvid", "Lindqvist", "E-5334", "Engineering", ("Monthly Zone 1-4", "Payroll deduction", "Active", ""), None),
    ("Kofi", "Mensah", "E-5352", "Sales", ("Monthly Zone 1-4", "Payroll deduction", "Active", ""), ("Monthly Zone 1-4", "Payroll deduction")),
    ("Rin", "Nakagawa", "E-5370", "Operations", ("Monthly Zone 1-2", "Employer-paid", "Active", "Address change pending"), None),
    ("Fergal", "Odell", "E-5391", "People", ("Weekly Zone 1-3", "Payroll deduction", "Expired", "Weekly pass ended 9 Nov"), None),
    ("Eleni", "Petrakis", "E-5407", "Legal", ("Monthly Zone 1-3", "Employer-paid", "Suspended", "Leave of absence until 1 Dec"), None),
    ("Margit", "Quist", "E-5419", "Finance", ("Monthly Zone 1-2", "Payroll deduction", "Active", ""), None),
    ("Devi", "Ramanathan", "E-5436", "Engineering", ("Monthly Zone 1-3", "Pre-tax commuter card", "Active", ""), None),
    ("Nils", "Sorensen", "E-5452", "Sales", ("Monthly Zone 1-2", "Employer-paid", "Active", "Refund cancelled 6 Nov"), None),
    ("Josee", "Tremblay", "E-5470", "Operations", ("Monthly Zone 1-4", "Payroll deduction", "Active", ""), None),
    ("Bea", "Underwood", "E-5493", "People", ("Weekly Zone 1-3", "Employer-paid", "Expired", "Weekly pass ended 9 Nov"), None),
    ("Tomas", "Vasquez", "E-5511", "Engineering", ("Monthly Zone 1-3", "Payroll deduction", "Active", ""), None),
    ("Dana", "Whitcomb", "E-5561", "Finance", ("Monthly Zone 1-3", "Payroll deduction", "Active", ""), ("Monthly Zone 1-3", "Payroll deduction")),
    ("Dana", "Whitcombe", "E-5528", "Operations", ("Monthly Zone 1-3", "Payroll deduction", "Suspended", "Card reported lost 2 Nov; replacement posted"), None),
    ("Diana", "Whitcombe", "E-5582", "Legal", ("Monthly Zone 1-4", "Pre-tax commuter card", "Active", ""), None),
    ("Harriet", "Wu", "E-5601", "Operations", ("Monthly Zone 1-2", "Employer-paid", "Active", ""), None),
    ("Deniz", "Yilmaz", "E-5614", "Sales", ("Monthly Zone 1-3", "Payroll deduction", "Suspended", "Payroll consent form overdue"), None),
    ("Ola", "Zielinski", "E-5630", "Finance", ("Monthly Zone 1-2", "Payroll deduction", "Active", ""), ("Monthly Zone 1-2", "Payroll deduction")),
]

EMPS = {}
for _first, _last, _id, _dept, _nov, _dec in EMP_ROWS:
    EMPS[_id] = {
        "first": _first, "last": _last, "id": _id, "dept": _dept,
        "name": f"{_first} {_last}", "nov": _nov, "dec": _dec,
        "card": str(RNG.randint(1000, 9999)), "payroll_no": f"PR-{RNG.randint(10000, 99999)}",
    }
DANA = EMPS["E-5528"]
WHITCOMB = EMPS["E-5561"]
DIANA = EMPS["E-5582"]


def pass_name(option):
    return option.split(" — ")[0]


# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
FLAG = object()


def N(role, name="", *children, key=None, **props):
    kids = []
    for c in children:
        if c is None:
            continue
        if isinstance(c, list):
            kids.extend(x for x in c if x is not None)
        else:
            kids.append(c)
    return {"role": role, "name": name, "children": kids, "key": key, "props": list(props.items())}


def T(text):
    return N("StaticText", text)


class Obs:
    def __init__(self, url, title, text, keys, error=None):
        self.url, self.title, self.text, self.keys, self.error = url, title, text, keys, error

    def to_json(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}


def render(url, title, body):
    lines = [f"RootWebArea {title!r}, focused"]
    keys = {}
    state = {"bid": 11, "idx": 0}

    def walk(n, depth):
        if n["role"] == "StaticText":
            prefix = ""
        else:
            state["idx"] += 1
            state["bid"] += 1 + (1 if state["idx"] % 4 == 0 else 0) + (2 if state["idx"] % 9 == 0 else 0)
            bid = str(state["bid"])
            prefix = f"[{bid}] "
            if n["key"]:
                assert n["key"] not in keys, n["key"]
                keys[n["key"]] = (bid, n["role"], n["name"])
        props = ""
        for k, v in n["props"]:
            props += f", {k}" if v is FLAG else f", {k}={v!r}"
        lines.append("\t" * depth + f"{prefix}{n['role']} {n['name']!r}{props}")
        for c in n["children"]:
            walk(c, depth + 1)

    for node in body:
        walk(node, 1)
    return Obs(url, title, "\n".join(lines), keys)


def slug(s):
    return "".join(ch.lower() if ch.isalnum() else "_" for ch in s).strip("_")


# ---------------------------------------------------------------------------
# Page furniture
# ---------------------------------------------------------------------------
def header(gq=None):
    sb_props = {"value": gq} if gq else {}
    return N(
        "banner", "",
        N("link", "CommutePlus for Employers", key="logo"),
        T("by Riverline Transit Authority"),
        N("search", "",
          N("searchbox", "Search CommutePlus", key="gsearch", **sb_props),
          N("button", "Go", key="gsearch_go")),
        N("button", "Notifications, 3 unread", hasPopup="menu", expanded=False),
        N("link", "Help centre"),
        N("button", "Priya Okafor, account menu", key="usermenu", hasPopup="menu", expanded=False),
    )


NAV_ITEMS = ["Dashboard", "Employee benefits", "Employees", "Orders and invoices",
             "Payroll files", "Reports", "Account settings"]


def mainnav(active="Employee benefits"):
    links = []
    for t in NAV_ITEMS:
        props = {"current": "page"} if t == active else {}
        links.append(N("link", t, key="nav_" + slug(t), **props))
    return N("navigation", "Main", links)


def footer():
    return N(
        "contentinfo", "",
        T("© 2025 Riverline Transit Authority · CommutePlus Employer Portal 4.12.3"),
        N("link", "Accessibility statement"),
        N("link", "Privacy notice"),
        N("link", "Terms of use"),
        N("link", "Contact employer support"),
        T("For your security, inactive sessions are signed out after 30 minutes."),
    )


def recently_viewed(exclude=None):
    people = [DIANA, WHITCOMB, EMPS["E-5352"], DANA]
    links = [N("link", f"{e['name']} ({e['id']})") for e in people if e["id"] != exclude][:3]
    return N("complementary", "Recently viewed", N("heading", "Recently viewed", level=2), links)


def page(url, title, main_children, gq=None, active="Employee benefits", dialog=None):
    body = [header(gq), mainnav(active), N("main", "", main_children), footer()]
    if dialog is not None:
        body.append(dialog)
    return render(BASE + url, title, body)


def combobox(label, key, value, options):
    opts = [N("option", o, selected=(o == value)) for o in options]
    return N("combobox", label, opts, key=key, value=value, hasPopup="menu", expanded=False)


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def rows_for(month, dec_extra=None):
    rows = []
    for e in EMPS.values():
        if month == "November 2025":
            p, pay, st, note = e["nov"]
            rows.append((e, p, month, pay, st, note))
        elif month == "December 2025":
            if e["dec"]:
                rows.append((e, e["dec"][0], month, e["dec"][1], "Active", "Starts 1 Dec"))
            elif dec_extra and dec_extra[0] == e["id"]:
                rows.append((e, dec_extra[1], month, dec_extra[2], "Active", "Starts 1 Dec"))
        elif month == "October 2025":
            p, pay, _st, _n = e["nov"]
            rows.append((e, p, month, pay, "Expired", ""))
    return rows


def list_page(q="", status="All statuses", dept="All departments", month="November 2025",
              sort=("employee", "ascending"), pg=1, banner=False, restored=False,
              dec_extra=None, gq=None, toast=None):
    rows = rows_for(month, dec_extra)
    if status != "All statuses":
        rows = [r for r in rows if r[4] == status]
    if dept != "All departments":
        rows = [r for r in rows if r[0]["dept"] == dept]
    if q:
        ql = q.lower()
        rows = [r for r in rows if ql in r[0]["name"].lower() or ql in r[0]["id"].lower()]
    skey, sdir = sort
    if skey == "employee":
        rows.sort(key=lambda r: (r[0]["last"], r[0]["first"]))
    elif skey == "id":
        rows.sort(key=lambda r: r[0]["id"])
    elif skey == "status":
        rows.sort(key=lambda r: (r[4], r[0]["last"]))
    if sdir == "descending":
        rows.reverse()
    total = len(rows)
    pages = max(1, (total + 9) // 10)
    shown = rows[(pg - 1) * 10: pg * 10]

    nov = rows_for("November 2025")
    counts = {s: sum(1 for r in nov if r[4] == s) for s in STATUSES}
    dec_count = len(rows_for("December 2025", dec_extra))

    params = []
    month_code = {"October 2025": "2025-10", "November 2025": "2025-11",
                  "December 2025": "2025-12", "January 2026": "2026-01"}[month]
    if month != "November 2025":
        params.append(("month", month_code))
    if status != "All statuses":
        params.append(("status", status.lower()))
    if dept != "All departments":
        params.append(("dept", dept.lower()))
    if q:
        params.append(("q", q))
    if sort != ("employee", "ascending"):
        params.append(("sort", skey))
        params.append(("dir", "desc" if sdir == "descending" else "asc"))
    if pg != 1:
        params.append(("page", str(pg)))
    url = "/employer/benefits" + ("?" + urlencode(params) if params else "")

    def colhead(label, skey_name, key, button):
        props = {"sort": sdir} if skey == skey_name else {}
        return N("columnheader", label, N("button", button, key=key), **props)

    header_row = N("row", "",
                   colhead("Employee", "employee", "sort_employee", "Sort by employee"),
                   colhead("Employee ID", "id", "sort_id", "Sort by employee ID"),
                   N("columnheader", "Department"),
                   N("columnheader", "Pass"),
                   N("columnheader", "Month"),
                   N("columnheader", "Payment"),
                   colhead("Status", "status", "sort_status", "Sort by status"),
                   N("columnheader", "Notes"),
                   N("columnheader", "Actions"))
    body_rows = []
    for e, p, m, pay, st, note in shown:
        body_rows.append(N(
            "row", "",
            N("cell", "", N("link", e["name"], key="emp_" + e["id"])),
            N("cell", e["id"]), N("cell", e["dept"]), N("cell", p), N("cell", m),
            N("cell", pay), N("cell", st), N("cell", note),
            N("cell", "", N("button", f"Actions for {e['name']}", hasPopup="menu", expanded=False)),
        ))
    table = N("table", "Commuter benefits",
              N("rowgroup", "", header_row), N("rowgroup", "", body_rows))

    pag = [N("button", "Previous page", key="prev", **({"disabled": True} if pg == 1 else {}))]
    for k in range(1, pages + 1):
        pag.append(N("button", f"Page {k}", key=f"page_{k}", pressed=(k == pg)))
    pag.append(N("button", "Next page", key="next", **({"disabled": True} if pg == pages else {})))

    first = (pg - 1) * 10 + 1 if total else 0
    last = min(pg * 10, total)
    qprops = {"value": q} if q else {}
    main = [
        N("navigation", "Breadcrumb", N("link", "Home", key="crumb_home"), T("Employee benefits")),
        N("alert", "",
          T("Planned maintenance on Sunday 23 November, 01:00–03:00. Card top-ups may fail during this window."),
          N("button", "Dismiss maintenance notice", key="dismiss_banner")) if banner else None,
        toast,
        N("heading", "Employee benefits", level=1),
        T("Halvorsen Engineering Ltd. · Employer account 40-1187"),
        N("region", "Account summary",
          T("Active passes"), T(str(counts["Active"])),
          T("Suspended"), T(str(counts["Suspended"])),
          T("Expired"), T(str(counts["Expired"])),
          T("December passes assigned"), T(f"{dec_count} of {len(EMPS)}"),
          T("Payroll cut-off for December passes: 20 November 2025 (6 days left)"),
          N("link", "October payroll file: 2 rows failed validation. View report")),
        N("button", "Assign passes in bulk"),
        N("link", "Download CSV"),
        N("group", "Filters",
          N("textbox", "Search by employee name or ID", key="q", **qprops),
          N("button", "Search", key="q_go"),
          combobox("Status", "f_status", status, ["All statuses"] + STATUSES),
          combobox("Department", "f_dept", dept, ["All departments"] + DEPARTMENTS),
          combobox("Month", "f_month", month, LIST_MONTHS),
          N("button", "Clear filters", key="clear")),
        T("Filters from your last visit were restored.") if restored else None,
        N("status", "", T(f"Showing {first}–{last} of {total} passes" if total else "Showing 0 of 0 passes")),
        table,
        T("No results match your search and filters.") if total == 0 else None,
        N("navigation", "Pagination", pag),
        recently_viewed(),
    ]
    return page(url, f"Employee benefits · {PRODUCT}", main, gq=gq)


def employee_page(e, new_dec=None, toast=None):
    """new_dec: (pass, payment) assigned in this run, or None."""
    hist = []
    dec = new_dec or e["dec"]
    if dec:
        hist.append(("December 2025", dec[0], dec[1], PRICES[dec[0]], "Active", "Starts 1 Dec"))
    p, pay, st, note = e["nov"]
    hist.append(("November 2025", p, pay, PRICES[p], st, note))
    oct_note = "Refund request cancelled 6 Oct" if e is DANA else ""
    hist.append(("October 2025", p, pay, PRICES[p], "Expired", oct_note))
    hist.append(("September 2025", p, pay, PRICES[p], "Expired", ""))
    hrows = [N("row", "", N("cell", m), N("cell", hp), N("cell", hpay), N("cell", "$" + amt),
               N("cell", hst), N("cell", hn)) for m, hp, hpay, amt, hst, hn in hist]
    cols = ["Month", "Pass", "Payment", "Amount", "Status", "Notes"]
    htable = N("table", "Pass history",
               N("rowgroup", "", N("row", "", [N("columnheader", c) for c in cols])),
               N("rowgroup", "", hrows))
    status_now = e["nov"][2]
    card_lines = [T(f"Smartcard ending {e['card']}")]
    if e is DANA:
        card_lines.append(T("Reported lost on 2 November 2025; replacement card posted 4 November 2025."))
    main = [
        N("navigation", "Breadcrumb", N("link", "Home", key="crumb_home"),
          N("link", "Employee benefits", key="crumb_benefits"), T(e["name"])),
        toast,
        N("heading", e["name"], level=1),
        T(f"Employee ID {e['id']} · {e['dept']} · Payroll number {e['payroll_no']}"),
        T(f"Current benefit status: {status_now}"),
        N("group", "Smartcard", card_lines),
        T("Payroll deduction consent: on file (signed 3 March 2025)"),
        N("button", "Assign pass", key="assign"),
        N("button", "Replace smartcard"),
        N("button", "Suspend benefits"),
        N("link", "Edit employee details"),
        N("heading", "Pass history", level=2),
        htable,
        None if dec else T("No pass assigned for December 2025."),
        N("region", "Payroll deductions",
          N("heading", "Payroll deductions", level=2),
          T("Next payroll run: 28 November 2025"),
          T("Deduction changes lock on 20 November 2025."),
          N("link", "View deduction history")),
        recently_viewed(exclude=e["id"]),
    ]
    return page(f"/employer/employees/{e['id']}", f"{e['name']} ({e['id']}) · {PRODUCT}", main)


def assign_form(e, ptype=None, month=None, payment="Employer-paid", dialog=False):
    pass_value = ptype or "Select a pass"
    month_value = month or "Select a month"
    radios = [N("radio", p, key="pay_" + slug(p), checked=("true" if p == payment else "false"))
              for p in PAYMENTS]
    price = PRICES[pass_name(ptype)] if ptype else None
    cost = "$0.00 (paid by employer)" if payment == "Employer-paid" else (f"${price}" if price else "not calculated")
    if payment == "Employer-paid" and not price:
        cost = "not calculated"
    deduction_date, lock = ("23 December 2025", "20 December 2025") if month == JAN else ("28 November 2025", "20 November 2025")
    replace_warn = None
    if month == DEC and e["dec"]:
        replace_warn = N("alert", "", T(
            f"{e['name']} already has a pass for December 2025 ({e['dec'][0]}, {e['dec'][1].lower()}). "
            "Assigning a new pass will replace it."))
    main = [
        N("navigation", "Breadcrumb", N("link", "Home", key="crumb_home"),
          N("link", "Employee benefits", key="crumb_benefits"),
          N("link", e["name"], key="crumb_emp"), T("Assign a pass")),
        N("heading", f"Assign a pass to {e['name']}", level=1),
        T(f"Employee ID {e['id']} · {e['dept']} · Smartcard ending {e['card']}"),
        replace_warn,
        N("group", "Pass details",
          combobox("Pass type", "f_pass", pass_value, ["Select a pass"] + PASS_OPTIONS),
          combobox("Month", "f_pmonth", month_value, ["Select a month"] + MONTH_OPTIONS),
          N("radiogroup", "Payment method", radios),
          T(f"Payroll deduction consent on file for {e['name']}. Deduction date: {deduction_date}.")
          if payment == PAYROLL else None,
          N("textbox", "Note for payroll (optional)", key="note")),
        N("region", "Summary",
          N("heading", "Summary", level=2),
          T(f"Pass: {pass_name(ptype) if ptype else 'not selected'}"),
          T(f"Month: {month or 'not selected'}"),
          T(f"Payment: {payment}"),
          T(f"Cost to employee: {cost}")),
        N("button", "Assign pass", key="submit"),
        N("link", "Cancel", key="cancel_form"),
    ]
    dlg = None
    if dialog:
        dlg = N("dialog", "Confirm payroll deduction",
                N("heading", "Confirm payroll deduction", level=2),
                T(f"{pass_name(ptype)} for {month} · {e['name']} ({e['id']})"),
                T(f"A deduction of ${price} will be taken from the pay of {e['name']} on {deduction_date}."),
                T(f"The deduction cannot be changed after the 20th. After {lock} it can only be "
                  "reversed through a payroll correction."),
                N("button", "Cancel", key="dlg_cancel"),
                N("button", "Use employer-paid instead", key="dlg_employer"),
                N("button", "Confirm and assign", key="dlg_confirm"),
                modal=True)
    return page(f"/employer/employees/{e['id']}/assign", f"Assign a pass · {e['name']} · {PRODUCT}",
                main, dialog=dlg)


def assigned_toast(e, ptype, month, payment):
    p = pass_name(ptype)
    lead = "Pass replaced" if (month == DEC and e["dec"]) else "Pass assigned"
    if payment == PAYROLL:
        date = "23 December 2025" if month == JAN else "28 November 2025"
        body = (f"{p} for {month} assigned to {e['name']} ({e['id']}). "
                f"Payroll deduction of ${PRICES[p]} scheduled for {date}.")
    else:
        body = f"{p} for {month} assigned to {e['name']} ({e['id']}). Paid by employer; no payroll deduction."
    if lead == "Pass replaced":
        body += " It replaces the previous December 2025 pass."
    return N("status", "", T(lead), T(body), N("button", "Dismiss notification", key="dismiss_toast"))


def after_assign(e, ptype, month, payment):
    new = (pass_name(ptype), payment) if month == DEC else None
    return employee_page(e, new_dec=new, toast=assigned_toast(e, ptype, month, payment))


def global_results(q):
    hits = [DANA, WHITCOMB, DIANA]
    items = [N("listitem", "", N("link", e["name"], key="g_" + e["id"]),
               T(f"{e['id']} · {e['dept']} · {e['nov'][2]}")) for e in hits]
    main = [
        N("navigation", "Breadcrumb", N("link", "Home", key="crumb_home"), T("Search")),
        N("heading", f"Results for '{q}'", level=1),
        N("status", "", T(f"{len(hits)} employees, 2 help articles")),
        N("heading", f"Employees ({len(hits)})", level=2),
        N("list", "", items),
        N("heading", "Help articles (2)", level=2),
        N("list", "",
          N("listitem", "", N("link", "Why did a payroll deduction fail?")),
          N("listitem", "", N("link", "Changing a deduction after the payroll cut-off"))),
    ]
    return page("/employer/search?" + urlencode([("q", q)]), f"Search results · {PRODUCT}", main,
                gq=q, active=None)


def error_page(e):
    main = [
        N("heading", "Something went wrong", level=1),
        T("We could not load this employee record. Please try again in a few minutes."),
        T(f"Error 500 · Reference {RNG.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{RNG.randint(100, 999)}-{RNG.randint(1000, 9999)}"),
        N("link", "Back to Employee benefits", key="err_back"),
        N("link", "Check service status"),
    ]
    return page(f"/employer/employees/{e['id']}", f"Error · {PRODUCT}", main)


def permission_page(e):
    main = [
        N("navigation", "Breadcrumb", N("link", "Home", key="crumb_home"),
          N("link", "Employee benefits", key="crumb_benefits"), N("link", e["name"], key="crumb_emp")),
        N("heading", "Access restricted", level=1),
        T(f"You don't have permission to assign passes for the {e['dept']} cost centre."),
        T("Your role: Benefits viewer (Halvorsen Engineering Ltd.)"),
        N("link", "Request access from an account owner"),
        N("link", f"Back to {e['name']}", key="perm_back"),
    ]
    return page(f"/employer/employees/{e['id']}/assign", f"Access restricted · {PRODUCT}", main)


def signin_page(next_path):
    body = [
        N("banner", "", N("link", "CommutePlus for Employers"), T("by Riverline Transit Authority")),
        N("main", "",
          N("heading", "Sign in to CommutePlus", level=1),
          N("alert", "", T("Your session has ended. Please sign in again to continue.")),
          N("textbox", "Work email", key="email", required=True),
          N("textbox", "Password", key="password", required=True),
          N("checkbox", "Keep me signed in on this device", checked="false"),
          N("button", "Sign in", key="signin"),
          N("link", "Forgot your password?"),
          N("link", "Sign in with your company account (SSO)")),
        footer(),
    ]
    return render(BASE + "/signin?" + urlencode([("next", next_path)]), f"Sign in · {PRODUCT}", body)


# ---------------------------------------------------------------------------
# Trajectory builder
# ---------------------------------------------------------------------------
class Run:
    def __init__(self, rid, initial, fault=None):
        self.rid, self.fault, self.initial, self.obs = rid, fault, initial, initial
        self.off = None
        self.steps = []

    def mark(self):
        assert self.fault and self.off is None
        self.off = len(self.steps)

    def _add(self, commitment, command, target, reasoning, effect, new):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": new.to_json(),
        })
        self.obs = new

    def click(self, commitment, key, reasoning, new, effect="read"):
        bid, role, name = self.obs.keys[key]
        self._add(commitment, f"click({bid!r})", f"{role} {name!r}", reasoning, effect, new)

    def fill(self, commitment, key, value, reasoning, new, effect="read"):
        bid, role, name = self.obs.keys[key]
        self._add(commitment, f"fill({bid!r}, {value!r})", f"{role} {name!r}", reasoning, effect, new)

    def select(self, commitment, key, value, reasoning, new, effect="read"):
        bid, role, name = self.obs.keys[key]
        self._add(commitment, f"select_option({bid!r}, {value!r})", f"{role} {name!r}", reasoning, effect, new)

    def press(self, commitment, key, combo, reasoning, new):
        bid, role, name = self.obs.keys[key]
        self._add(commitment, f"press({bid!r}, {combo!r})", f"{role} {name!r}", reasoning, "read", new)

    def go_back(self, commitment, reasoning, new):
        self._add(commitment, "go_back()", "browser", reasoning, "read", new)

    def say(self, commitment, text, reasoning):
        self._add(commitment, f"send_msg_to_user({text!r})", "chat", reasoning, "read", self.obs)

    def to_json(self, success):
        if self.fault:
            assert self.off is not None, self.rid
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.initial.to_json(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


# Common stretches ---------------------------------------------------------
def open_assign_form(run, e):
    run.click("start-assignment", "assign", f"Open the assignment form from the record of {e['name']}.",
              assign_form(e))


def choose(run, e, ptype=Z13, month=DEC, payment=PAYROLL, order=("pass", "month", "payment"), hooks=None):
    """Fill the assignment form in the given order; hooks[name]() runs before that field."""
    cur = {"ptype": None, "month": None, "payment": "Employer-paid"}
    hooks = hooks or {}
    for field in order:
        if field in hooks:
            hooks[field]()
        if field == "pass":
            cur["ptype"] = ptype
            run.select("choose-pass", "f_pass", ptype, "Pick the monthly Zone 1-3 pass.",
                       assign_form(e, **cur), effect="write")
        elif field == "month":
            cur["month"] = month
            run.select("choose-pass", "f_pmonth", month, "The pass is for December 2025.",
                       assign_form(e, **cur), effect="write")
        elif field == "payment":
            cur["payment"] = payment
            run.click("choose-pass", "pay_" + slug(payment), "Payment should come out of payroll.",
                      assign_form(e, **cur), effect="write")
    return cur


def submit_and_confirm(run, e, ptype=Z13, month=DEC):
    run.click("confirm-deduction", "submit", "Submit the form; a payroll-deduction confirmation should appear.",
              assign_form(e, ptype, month, PAYROLL, dialog=True), effect="write")
    run.click("confirm-deduction", "dlg_confirm",
              "The dialog explains the deduction cannot be changed after the 20th; the user said to confirm.",
              after_assign(e, ptype, month, PAYROLL), effect="irreversible")


DONE_MSG = ("Done. Dana Whitcombe (E-5528, Operations) now has a Monthly Zone 1-3 pass for "
            "December 2025, paid by payroll deduction ($148.00 on 28 November 2025). I confirmed "
            "the warning that the deduction cannot be changed after the 20th.")


# ---------------------------------------------------------------------------
# Healthy runs (written first; the plan above was written from these pages)
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search by employee ID
    r = Run("commuteplus-healthy-search_by_id-01", list_page())
    r.fill("open-employee", "q", "E-5528", "Search the benefits table by the employee ID from the task.",
           list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "The only row is Dana Whitcombe, E-5528, Operations.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    submit_and_confirm(r, DANA)
    r.say("report", DONE_MSG, "The toast confirms the assignment to E-5528.")
    runs.append((r, True))

    # H2: browse the list with pagination
    r = Run("commuteplus-healthy-pagination-02", list_page())
    r.click("open-employee", "next", "Rows are sorted by surname; Whitcombe will be near the end.",
            list_page(pg=2))
    r.click("open-employee", "page_3", "Jump to the last page where W surnames are.", list_page(pg=3))
    r.click("open-employee", "emp_E-5528", "Dana Whitcombe with ID E-5528 is on this page, between Dana Whitcomb and Diana Whitcombe.",
            employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    submit_and_confirm(r, DANA)
    r.say("report", DONE_MSG, "Assignment confirmed by the toast.")
    runs.append((r, True))

    # H3: department filter the task itself supplies (Operations)
    r = Run("commuteplus-healthy-department_filter-03", list_page())
    r.select("open-employee", "f_dept", "Operations", "The user said she is in Operations; narrow the table.",
             list_page(dept="Operations"))
    r.click("open-employee", "emp_E-5528", "Dana Whitcombe, E-5528, is listed under Operations.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA, order=("pass", "payment", "month"))
    submit_and_confirm(r, DANA)
    r.say("report", DONE_MSG, "Toast shows the pass and the scheduled deduction.")
    runs.append((r, True))

    # H4: sort by employee ID, twice (descending)
    r = Run("commuteplus-healthy-sort_by_id-04", list_page())
    r.click("open-employee", "sort_id", "Sort by employee ID to find E-5528.", list_page(sort=("id", "ascending")))
    r.click("open-employee", "sort_id", "Higher IDs are at the end; reverse the sort.",
            list_page(sort=("id", "descending")))
    r.click("open-employee", "emp_E-5528", "E-5528 is Dana Whitcombe; E-5561 and E-5582 are other people.",
            employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    submit_and_confirm(r, DANA)
    r.say("report", DONE_MSG, "Assignment saved.")
    runs.append((r, True))

    # H5: open the confirmation dialog, cancel to re-check, then confirm
    r = Run("commuteplus-healthy-dialog_cancel_retry-05", list_page())
    r.fill("open-employee", "q", "Whitcombe", "Search by surname.", list_page(q="Whitcombe"))
    r.click("open-employee", "emp_E-5528", "Two Whitcombes; Dana is E-5528, Diana is E-5582.", employee_page(DANA))
    open_assign_form(r, DANA)
    cur = choose(r, DANA)
    r.click("confirm-deduction", "submit", "Submit the assignment.",
            assign_form(DANA, Z13, DEC, PAYROLL, dialog=True), effect="write")
    r.click("confirm-deduction", "dlg_cancel", "Go back and double-check the month in the form before committing.",
            assign_form(DANA, **cur))
    r.click("confirm-deduction", "submit", "Form shows Monthly Zone 1-3, December 2025, payroll deduction. Submit again.",
            assign_form(DANA, Z13, DEC, PAYROLL, dialog=True), effect="write")
    r.click("confirm-deduction", "dlg_confirm", "Everything matches; confirm the deduction.",
            after_assign(DANA, Z13, DEC, PAYROLL), effect="irreversible")
    r.say("report", DONE_MSG, "Toast confirms it.")
    runs.append((r, True))

    # H6: retype the search field
    r = Run("commuteplus-healthy-retype_search-06", list_page())
    r.fill("open-employee", "q", "Whitcomb", "Search by surname.", list_page(q="Whitcomb"))
    r.fill("open-employee", "q", "E-5528", "Three similar names; search by ID instead to be exact.",
           list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Single match: Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    submit_and_confirm(r, DANA)
    r.say("report", DONE_MSG, "Assignment confirmed.")
    runs.append((r, True))

    # H7: maintenance banner dismissed, global header search
    r = Run("commuteplus-healthy-global_search-07", list_page(banner=True))
    r.click("open-employee", "dismiss_banner", "Close the maintenance notice; it does not affect assignments.",
            list_page())
    r.fill("open-employee", "gsearch", "Dana Whitcombe", "Use the portal-wide search.",
           list_page(gq="Dana Whitcombe"))
    r.press("open-employee", "gsearch", "Enter", "Run the search.", global_results("Dana Whitcombe"))
    r.click("open-employee", "g_E-5528", "First result is Dana Whitcombe, E-5528, Operations.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA, order=("month", "pass", "payment"))
    submit_and_confirm(r, DANA)
    r.say("report", DONE_MSG, "The toast names Dana Whitcombe (E-5528).")
    runs.append((r, True))

    # H8: after assigning, verify in the December view of the benefits table
    r = Run("commuteplus-healthy-verify_december_view-08", list_page())
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    submit_and_confirm(r, DANA)
    extra = ("E-5528", "Monthly Zone 1-3", PAYROLL)
    r.click("report", "nav_employee_benefits", "Double-check the benefits table before reporting.",
            list_page(dec_extra=extra))
    r.select("report", "f_month", "December 2025", "Show December passes.",
             list_page(month="December 2025", dec_extra=extra))
    r.say("report", DONE_MSG, "December view lists Dana Whitcombe, E-5528, Monthly Zone 1-3, payroll deduction, Active.")
    runs.append((r, True))
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan was fixed)
# ---------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1 wrong record: near-miss ID E-5582 (Diana Whitcombe)
    r = Run("commuteplus-wrong_record-01", list_page(), "wrong_record")
    r.mark()
    r.fill("open-employee", "q", "E-5582", "Search the benefits table by employee ID.", list_page(q="E-5582"))
    r.click("open-employee", "emp_E-5582", "One match, a Whitcombe.", employee_page(DIANA))
    open_assign_form(r, DIANA)
    choose(r, DIANA)
    submit_and_confirm(r, DIANA)
    r.say("report", "Done: the December Monthly Zone 1-3 pass is assigned with payroll deduction.",
          "Toast says the pass was assigned.")
    runs.append((r, False))

    # F2 wrong record: near-miss name Dana Whitcomb (E-5561)
    r = Run("commuteplus-wrong_record-02", list_page(), "wrong_record")
    r.fill("open-employee", "q", "Dana Whitcomb", "Search by name.", list_page(q="Dana Whitcomb"))
    r.mark()
    r.click("open-employee", "emp_E-5561", "First row is Dana Whitcomb.", employee_page(WHITCOMB))
    open_assign_form(r, WHITCOMB)
    choose(r, WHITCOMB)
    submit_and_confirm(r, WHITCOMB)
    r.say("report", "Dana's Monthly Zone 1-3 pass for December is assigned, paid by payroll deduction.",
          "The assignment went through.")
    runs.append((r, False))

    # F3 wrong value: Monthly Zone 1-2 chosen instead of Zone 1-3
    r = Run("commuteplus-wrong_value-03", list_page(), "wrong_value")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    r.mark()
    r.select("choose-pass", "f_pass", Z12, "Pick the monthly zone pass.", assign_form(DANA, Z12), effect="write")
    r.select("choose-pass", "f_pmonth", DEC, "December 2025.", assign_form(DANA, Z12, DEC), effect="write")
    r.click("choose-pass", "pay_payroll_deduction", "Payroll deduction.", assign_form(DANA, Z12, DEC, PAYROLL),
            effect="write")
    r.click("confirm-deduction", "submit", "Submit.", assign_form(DANA, Z12, DEC, PAYROLL, dialog=True), effect="write")
    r.click("confirm-deduction", "dlg_confirm", "Confirm the deduction as instructed.",
            after_assign(DANA, Z12, DEC, PAYROLL), effect="irreversible")
    r.say("report", "Assigned Dana Whitcombe (E-5528) her monthly pass for December 2025 with payroll deduction.",
          "Toast confirms.")
    runs.append((r, False))

    # F4 error page when opening the employee record
    r = Run("commuteplus-error_page-04", list_page(), "error_page")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.mark()
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", error_page(DANA))
    r.go_back("open-employee", "Return to the list and retry.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Retry opening the record.", error_page(DANA))
    r.say("report", "I couldn't open Dana Whitcombe's record: CommutePlus returns an error 500. "
                    "Nothing was assigned; please try again later.", "Two failures in a row; stop and tell the user.")
    runs.append((r, False))

    # F5 skipped step: payment left at the default Employer-paid
    r = Run("commuteplus-skipped_step-05", list_page(), "skipped_step")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    r.select("choose-pass", "f_pass", Z13, "Monthly Zone 1-3.", assign_form(DANA, Z13), effect="write")
    r.select("choose-pass", "f_pmonth", DEC, "December 2025.", assign_form(DANA, Z13, DEC), effect="write")
    r.mark()
    r.click("confirm-deduction", "submit", "Pass and month are set; submit.",
            after_assign(DANA, Z13, DEC, "Employer-paid"), effect="write")
    r.say("report", "Dana Whitcombe (E-5528) has her Monthly Zone 1-3 pass for December 2025.",
          "Toast says Pass assigned.")
    runs.append((r, False))

    # F6 silent no-op: confirming returns to the record, nothing saved, no toast
    r = Run("commuteplus-silent_no_op-06", list_page(), "silent_no_op")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    r.click("confirm-deduction", "submit", "Submit.", assign_form(DANA, Z13, DEC, PAYROLL, dialog=True), effect="write")
    r.mark()
    r.click("confirm-deduction", "dlg_confirm", "Confirm the deduction.", employee_page(DANA), effect="irreversible")
    r.say("report", DONE_MSG, "Back on her record after confirming.")
    runs.append((r, False))

    # F7 unrequested filter: Status = Active hides the suspended Dana Whitcombe
    r = Run("commuteplus-unrequested_filter-07", list_page(), "unrequested_filter")
    r.mark()
    r.select("open-employee", "f_status", "Active", "Only employees with an active benefit should get a new pass.",
             list_page(status="Active"))
    r.fill("open-employee", "q", "Whitcomb", "Search by surname.", list_page(q="Whitcomb", status="Active"))
    r.click("open-employee", "emp_E-5561", "Dana Whitcomb matches the first name; the user's spelling may vary.",
            employee_page(WHITCOMB))
    open_assign_form(r, WHITCOMB)
    choose(r, WHITCOMB)
    submit_and_confirm(r, WHITCOMB)
    r.say("report", "Done: Dana's December Zone 1-3 pass is set up with payroll deduction.", "Toast shown.")
    runs.append((r, False))

    # F8 permission refusal on the assign form
    r = Run("commuteplus-permission_denied-08", list_page(), "permission_denied")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    r.mark()
    r.click("start-assignment", "assign", "Open the assignment form.", permission_page(DANA))
    r.say("report", "I can't assign the pass: this account is only a Benefits viewer for the Operations cost "
                    "centre. An account owner needs to grant access.", "Blocked by role.")
    runs.append((r, False))

    # F9 session lost mid-form
    r = Run("commuteplus-session_expired-09", list_page(), "session_expired")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    r.select("choose-pass", "f_pass", Z13, "Monthly Zone 1-3.", assign_form(DANA, Z13), effect="write")
    r.mark()
    r.select("choose-pass", "f_pmonth", DEC, "December 2025.", signin_page("/employer/employees/E-5528/assign"),
             effect="write")
    r.say("report", "The CommutePlus session ended while I was filling in the form, so nothing was assigned. "
                    "Please sign in again.", "Sign-in page appeared.")
    runs.append((r, False))

    # F10 premature success: reports while the confirmation dialog is still open
    r = Run("commuteplus-premature_success-10", list_page(), "premature_success")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    r.click("confirm-deduction", "submit", "Submit.", assign_form(DANA, Z13, DEC, PAYROLL, dialog=True), effect="write")
    r.mark()
    r.say("report", DONE_MSG, "The form was submitted and the deduction warning shown.")
    runs.append((r, False))

    # F11 dialog mishandled: picks the employer-paid alternative in the dialog
    r = Run("commuteplus-dialog_mishandled-11", list_page(), "dialog_mishandled")
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528"))
    r.click("open-employee", "emp_E-5528", "Open Dana Whitcombe.", employee_page(DANA))
    open_assign_form(r, DANA)
    choose(r, DANA)
    r.click("confirm-deduction", "submit", "Submit.", assign_form(DANA, Z13, DEC, PAYROLL, dialog=True), effect="write")
    r.mark()
    r.click("confirm-deduction", "dlg_employer",
            "The deduction would be locked after the 20th; avoid that and still get her the pass.",
            after_assign(DANA, Z13, DEC, "Employer-paid"), effect="irreversible")
    r.say("report", "Dana Whitcombe (E-5528) has a Monthly Zone 1-3 pass for December 2025.", "Pass assigned.")
    runs.append((r, False))

    # F12 stale filter restored from a previous visit (visible on the start page)
    r = Run("commuteplus-stale_filter-12", list_page(dept="Finance", restored=True), "stale_filter")
    r.mark()
    r.fill("open-employee", "q", "E-5528", "Search by ID.", list_page(q="E-5528", dept="Finance", restored=True))
    r.fill("open-employee", "q", "Dana Whitcombe", "No hit by ID; try the name.",
           list_page(q="Dana Whitcombe", dept="Finance", restored=True))
    r.say("report", "I couldn't find an employee E-5528 or Dana Whitcombe in CommutePlus, so no pass was "
                    "assigned. Could you check the ID?", "Both searches are empty.")
    runs.append((r, False))
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(plan_yaml())
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run, ok in runs:
            f.write(json.dumps(run.to_json(ok), ensure_ascii=False) + "\n")
    n_h = sum(1 for r, _ in runs if r.fault is None)
    print(f"wrote {len(runs)} runs ({n_h} healthy, {len(runs) - n_h} faulty) to {args.out}")
    for r, _ in runs:
        if r.fault:
            print(f"  {r.rid}: {r.fault} @ step {r.off} of {len(r.steps)}")


if __name__ == "__main__":
    main()
