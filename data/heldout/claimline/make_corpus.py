#!/usr/bin/env python3
"""Generate the ClaimLine held-out corpus: corpus.jsonl and plans/claimline_correct_units.yaml.

Python 3 standard library only; fixed seed; byte-for-byte reproducible.
"""
import json
import os
import random

SEED = 20261206
HERE = os.path.dirname(os.path.abspath(__file__))
WORKFLOW = "claimline_correct_units"
PLAN_PATH = "plans/%s.yaml" % WORKFLOW
BASE = "https://portal.claimline-health.test"

TASK = ("In ClaimLine, find claim CLM-2026-048317 for patient Marisol Okafor (still in Submitted "
        "status; use the Submitted status filter if you browse the claim list). Line 2 was billed "
        "as 99214 with 3 units by mistake: correct line 2 to 1 unit, choose the correction reason "
        "'Units billed in error', tick the attestation, and resubmit the claim. Tell me once "
        "ClaimLine confirms the resubmission.")

# ---------------------------------------------------------------------------
# The plan. Written from the task text and the HEALTHY pages only, before any
# faulty run existed; not tuned afterwards.
# ---------------------------------------------------------------------------
PLAN_YAML = """\
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to ClaimLine
    - Your session has ended. Please sign in again.
    - You do not have permission to correct claims
    - Something went wrong on our side
commitments:
  - id: find-claim
    subgoal: Find and open claim CLM-2026-048317 for Marisol Okafor
    skill: open_record_by_id
    confidence: 0.75
    confirm:
      precondition: [Claims worklist, "Claim number, patient name or member ID search box"]
      progress: [Search results for CLM-2026-048317, CLM-2026-048317 Marisol Okafor Submitted row]
      completion: [Claim CLM-2026-048317 detail, Patient Marisol Okafor, Status Submitted]
    falsify:
      execution:
        - Claim CLM-2026-048371
        - Claim CLM-2026-043817
        - Marisol Okafer
        - Maribel Okafor
        - No claims match
        - {text: "click link CLM-2026-048371", "on": action}
        - {text: "click link CLM-2026-043817", "on": action}
        - {text: "filter claims by rendering provider or date of service", "on": action}
      skill: [Claim search is unavailable]
      planning: [Claim CLM-2026-048317 status Paid, Claim CLM-2026-048317 status Denied]
  - id: open-line-2
    subgoal: Open the correction form for line 2 (99214)
    confidence: 0.7
    confirm:
      precondition: [Claim lines table, Line 2 99214 3 units]
      completion: [Correct claim line 2, Procedure code 99214, Units 3]
    falsify:
      execution:
        - Correct claim line 1
        - Correct claim line 3
        - Procedure code 99213
        - Procedure code 99231
        - {text: "click Correct line 1", "on": action}
        - {text: "click Void claim", "on": action}
      skill: [Correct line button is missing]
      planning: [Claim is locked and cannot be corrected]
  - id: enter-units
    subgoal: Change line 2 units from 3 to 1
    confidence: 0.7
    confirm:
      completion: [Units 1, "Line charge $152.00"]
    falsify:
      execution:
        - Units 2
        - "Line charge $304.00"
        - {text: "fill Units with a value other than 1", "on": action}
        - {text: "report that the claim was resubmitted", "on": action}
  - id: choose-reason
    subgoal: Choose correction reason 'Units billed in error'
    confidence: 0.7
    confirm:
      completion: [Correction reason Units billed in error]
    falsify:
      execution:
        - Correction reason Duplicate line
        - Correction reason Wrong procedure code
        - {text: "report that the claim was resubmitted", "on": action}
  - id: attest
    subgoal: Tick the attestation checkbox
    confidence: 0.8
    confirm:
      completion: [I attest this correction is accurate checkbox checked]
    falsify:
      execution:
        - Please confirm the attestation before resubmitting
        - {text: "click Resubmit claim before the attestation is ticked", "on": action}
  - id: resubmit
    subgoal: Resubmit the corrected claim and confirm it
    confidence: 0.65
    confirm:
      precondition: ["Resubmit corrected claim? dialog"]
      completion: [Claim CLM-2026-048317 was resubmitted as a replacement claim, Status Resubmitted]
    falsify:
      execution:
        - Draft saved. Claim CLM-2026-048317 has not been resubmitted
        - Claim CLM-2026-048371 was resubmitted
        - Please confirm the attestation before resubmitting
        - Resubmission could not be completed
        - {text: "click Save draft and close", "on": action}
        - {text: "report success before the resubmission banner appears", "on": action}
      planning: [Claim is already resubmitted]
""" % TASK.replace('"', '\\"')

# ---------------------------------------------------------------------------
# Page builder (BrowserGym-style flattened AXTree)
# ---------------------------------------------------------------------------


class Page:
    def __init__(self, path, title, error=None):
        self.url = BASE + path
        self.title = title
        self.error = error
        self.lines = []
        self.n = 1
        self.k = {}
        self.add(0, "RootWebArea", title, props=["focused"])

    def add(self, depth, role, name="", key=None, props=()):
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        if key:
            self.k[key] = (bid, "%s %r" % (role, name))
        return bid

    def t(self, depth, text):
        return self.add(depth, "StaticText", text)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


NAV = ["Dashboard", "Claims", "Eligibility & benefits", "Prior authorizations",
       "Remittances", "Messages (3)", "Reports"]


def chrome_top(p, crumbs, active="Claims", toast=None, session_min=27):
    p.add(1, "banner", "")
    p.add(2, "link", "ClaimLine home", key="home")
    p.t(3, "ClaimLine")
    p.t(3, "Provider Portal")
    p.add(2, "searchbox", "Search claims, patients, members", key="global_search")
    p.add(2, "button", "Go", key="global_go")
    p.add(2, "button", "Notifications (4)", props=["hasPopup='menu'", "expanded=False"])
    p.add(2, "button", "Help")
    p.add(2, "button", "Dana Whitcomb, Harborview Family Medicine", key="user_menu",
          props=["hasPopup='menu'", "expanded=False"])
    p.add(1, "navigation", "Main")
    p.add(2, "list", "")
    for item in NAV:
        p.add(3, "listitem", "")
        props = ["current='page'"] if item == active else []
        p.add(4, "link", item, key="nav_" + item.split()[0].lower(), props=props)
    p.add(1, "navigation", "Breadcrumb")
    p.add(2, "list", "")
    for i, c in enumerate(crumbs):
        p.add(3, "listitem", "")
        if i < len(crumbs) - 1:
            p.add(4, "link", c)
        else:
            p.t(4, c)
    if toast:
        p.add(1, "status", "", props=["live='polite'"])
        p.t(2, toast)
        p.add(2, "button", "Dismiss notification", key="toast_close")


def chrome_bottom(p, session_min=27):
    p.add(1, "contentinfo", "")
    p.t(2, "Payer ID 60418 · EDI clearinghouse connected")
    p.t(2, "Session time remaining: %d min" % session_min)
    p.add(2, "link", "Privacy notice")
    p.add(2, "link", "Accessibility")
    p.add(2, "link", "Provider manual (PDF)")
    p.t(2, "Provider services 1-800-555-0148, Mon-Fri 8am-6pm")
    p.t(2, "\u00a9 2026 ClaimLine Health Plan. For authorized provider use only.")


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------
TARGET = "CLM-2026-048317"

# (claim no, patient, member id, dos, provider, billed, status, flag)
ROWS_P1 = [
    ("CLM-2026-048402", "Theodore Banks", "MBR-5102-8830", "2026-12-01", "Dr. Alan Pruitt", "$184.00", "Submitted", ""),
    ("CLM-2026-048371", "Marisol Okafer", "MBR-7730-2219", "2026-11-18", "Dr. Priya Venkatesan", "$498.00", "Pended", "Records requested"),
    ("CLM-2026-048356", "Hyun-woo Park", "MBR-4410-0075", "2026-11-24", "Dr. Priya Venkatesan", "$96.00", "Denied", "Timely filing failed"),
    ("CLM-2026-048349", "Grace Oyelaran", "MBR-6621-3390", "2026-11-22", "Dr. Alan Pruitt", "$1,240.00", "Paid", ""),
    ("CLM-2026-048338", "Wendell Ortiz", "MBR-2280-1147", "2026-11-21", "Dr. Lena Hartig", "$312.00", "Pended", "Appeal overdue"),
    ("CLM-2026-048318", "Marisa Okoro", "MBR-7731-2291", "2026-11-19", "Dr. Lena Hartig", "$612.00", "Paid", ""),
    ("CLM-2026-048329", "Beatriz Lund", "MBR-1905-6612", "2026-11-20", "Dr. Alan Pruitt", "$75.00", "Denied", "Coverage cancelled"),
    ("CLM-2026-048322", "Samuel Achebe", "MBR-3377-0981", "2026-11-20", "Dr. Priya Venkatesan", "$228.00", "Submitted", ""),
]
TROW = (TARGET, "Marisol Okafor", "MBR-7730-2291", "2026-11-18", "Dr. Priya Venkatesan", "$612.00", "Submitted", "Edit check: units")
ROWS_P2 = [
    TROW,
    ("CLM-2026-048304", "Ilse Vandermeer", "MBR-8820-4410", "2026-11-17", "Dr. Lena Hartig", "$140.00", "Paid", ""),
    ("CLM-2026-048299", "Jonah Tessaro", "MBR-1188-2201", "2026-11-17", "Dr. Alan Pruitt", "$356.00", "Pended", ""),
    ("CLM-2026-048137", "Marisol Oakley", "MBR-9014-7730", "2026-11-16", "Dr. Priya Venkatesan", "$152.00", "Submitted", ""),
    ("CLM-2026-043817", "Maribel Okafor", "MBR-7730-2921", "2026-11-15", "Dr. Priya Venkatesan", "$580.00", "Denied", "Units exceed limit"),
    ("CLM-2026-048281", "Pradeep Raman", "MBR-6650-1023", "2026-11-14", "Dr. Lena Hartig", "$210.00", "Paid", ""),
    ("CLM-2026-048270", "Ruth Caldwell", "MBR-4471-8856", "2026-11-14", "Dr. Alan Pruitt", "$88.00", "Denied", "Duplicate claim"),
    ("CLM-2026-048266", "Kofi Mensah", "MBR-3309-7124", "2026-11-13", "Dr. Priya Venkatesan", "$402.00", "Submitted", ""),
]
ALL_ROWS = ROWS_P1 + ROWS_P2


def by_claim(no):
    for r in ALL_ROWS:
        if r[0] == no:
            return r
    raise KeyError(no)


def claims_table(p, rows, sort_col=None, caption="Claims"):
    p.add(2, "table", caption)
    p.add(3, "row", "")
    for col, key in [("Claim number", "claim"), ("Patient", "patient"), ("Member ID", None),
                     ("Date of service", "dos"), ("Rendering provider", None),
                     ("Billed", "billed"), ("Status", "status"), ("Alerts", None)]:
        props = []
        if key and key == sort_col:
            props = ["sort='descending'"]
        p.add(4, "columnheader", col, props=props)
        if key:
            p.add(5, "button", "Sort by " + col.lower(), key="sort_" + key)
    for r in rows:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", r[0], key="row_" + r[0])
        for v in r[1:]:
            p.add(4, "cell", v)
    return p


def claims_list(page=1, rows=None, search_value="", status="All statuses", dos="Any date",
                provider="All providers", sort_col=None, toast=None, chips=(), empty=None,
                total=46, path=None, session_min=27):
    title = "Claims worklist \u00b7 ClaimLine"
    q = []
    if status != "All statuses":
        q.append("status=" + status.lower())
    if page != 1:
        q.append("page=%d" % page)
    if sort_col:
        q.append("sort=" + sort_col)
    p = Page(path or ("/claims" + ("?" + "&".join(q) if q else "")), title)
    chrome_top(p, ["Home", "Claims"], toast=toast, session_min=session_min)
    p.add(1, "main", "")
    p.add(2, "heading", "Claims worklist", props=["level=1"])
    p.add(2, "region", "Claim counts")
    p.t(3, "Submitted 9")
    p.t(3, "Pended 14")
    p.t(3, "Denied 5 (2 appeals overdue)")
    p.t(3, "Paid this month 118")
    p.t(3, "Last updated 2 minutes ago")
    p.add(2, "search", "Find claims")
    props = ["value=%r" % search_value] if search_value else []
    p.add(3, "textbox", "Claim number, patient name or member ID", key="search", props=props)
    p.add(3, "combobox", "Status", key="f_status", props=["hasPopup='menu'", "expanded=False", "value=%r" % status])
    for o in ["All statuses", "Submitted", "Pended", "Denied", "Paid", "Resubmitted"]:
        p.add(4, "option", o, props=["selected=%s" % (o == status)])
    p.add(3, "combobox", "Date of service", key="f_dos", props=["hasPopup='menu'", "expanded=False", "value=%r" % dos])
    for o in ["Any date", "Last 7 days", "Last 30 days", "Last 90 days"]:
        p.add(4, "option", o, props=["selected=%s" % (o == dos)])
    p.add(3, "combobox", "Rendering provider", key="f_provider", props=["hasPopup='menu'", "expanded=False", "value=%r" % provider])
    for o in ["All providers", "Dr. Alan Pruitt", "Dr. Lena Hartig", "Dr. Priya Venkatesan"]:
        p.add(4, "option", o, props=["selected=%s" % (o == provider)])
    p.add(3, "button", "Search", key="search_btn")
    p.add(3, "button", "Clear filters", key="clear")
    if chips:
        p.add(3, "list", "Active filters")
        for c in chips:
            p.add(4, "listitem", "")
            p.add(5, "button", "Remove filter %s" % c, key="chip")
    p.add(2, "button", "Export CSV")
    p.add(2, "link", "New claim")
    if empty:
        p.add(2, "status", "")
        p.t(3, empty)
        p.add(3, "button", "Clear all filters")
    else:
        rows = rows if rows is not None else (ROWS_P1 if page == 1 else ROWS_P2)
        claims_table(p, rows, sort_col=sort_col)
        start = (page - 1) * 8 + 1
        p.add(2, "navigation", "Pagination")
        p.t(3, "Showing %d\u2013%d of %d claims" % (start, start + len(rows) - 1, total))
        p.add(3, "button", "Previous page", key="prev", props=["disabled=True"] if page == 1 else [])
        pages = max(1, (total + 7) // 8)
        for i in range(1, min(pages, 6) + 1):
            props = ["current='page'"] if i == page else []
            p.add(3, "link", str(i), key="page_%d" % i, props=props)
        p.add(3, "button", "Next page", key="next", props=["disabled=True"] if page >= pages else [])
        p.add(3, "combobox", "Rows per page", props=["value='8'"])
    p.add(2, "complementary", "Worklist tips")
    p.t(3, "Pended claims need action within 30 days. 2 appeals are overdue.")
    p.add(3, "link", "View failed EDI submissions (1)")
    chrome_bottom(p, session_min)
    return p


def search_results(query, rows, similar=(), toast=None, via_global=False, note=None):
    p = Page("/claims/search?q=" + query.replace(" ", "+"), "Search results for %s \u00b7 ClaimLine" % query)
    chrome_top(p, ["Home", "Claims", "Search results"], toast=toast)
    p.add(1, "main", "")
    p.add(2, "heading", "Search results for \u2018%s\u2019" % query, props=["level=1"])
    p.add(2, "search", "Refine search")
    p.add(3, "textbox", "Claim number, patient name or member ID", key="search", props=["value=%r" % query])
    p.add(3, "button", "Search", key="search_btn")
    p.t(2, "%d claim%s found" % (len(rows), "" if len(rows) == 1 else "s"))
    if note:
        p.t(2, note)
    claims_table(p, rows, caption="Matching claims")
    if similar:
        p.add(2, "region", "Similar claim numbers")
        p.add(3, "heading", "Did you mean one of these?", props=["level=2"])
        for s in similar:
            r = by_claim(s)
            p.add(3, "link", "%s \u2014 %s (%s)" % (r[0], r[1], r[6]), key="sim_" + s)
    p.add(2, "link", "Back to claims worklist", key="back")
    chrome_bottom(p)
    return p


LINES = {
    TARGET: [
        (1, "99213", "Office visit, established patient, low complexity", "", 1, 128.00, "Accepted"),
        (2, "99214", "Office visit, established patient, moderate complexity", "25", 3, 152.00, "Edit check failed: units exceed daily maximum"),
        (3, "36415", "Routine venipuncture", "", 1, 28.00, "Accepted"),
    ],
    "CLM-2026-048371": [
        (1, "99231", "Subsequent hospital care, straightforward", "", 2, 98.00, "Pended: records requested"),
        (2, "99214", "Office visit, established patient, moderate complexity", "", 2, 151.00, "Accepted"),
    ],
    "CLM-2026-043817": [
        (1, "99213", "Office visit, established patient, low complexity", "", 1, 128.00, "Accepted"),
        (2, "99214", "Office visit, established patient, moderate complexity", "", 3, 150.67, "Denied: units exceed limit"),
    ],
}
INFO = {
    TARGET: ("MBR-7730-2291", "1984-03-11", "NPI 1467302281"),
    "CLM-2026-048371": ("MBR-7730-2219", "1984-03-11", "NPI 1467302281"),
    "CLM-2026-043817": ("MBR-7730-2921", "1987-09-02", "NPI 1467302281"),
}


def money(x):
    return "${:,.2f}".format(x)


def claim_detail(no, status=None, units_override=None, banner=None, dialog=None, toast=None,
                 activity_extra=(), session_min=26):
    r = by_claim(no)
    status = status or r[6]
    lines = []
    for ln in LINES[no]:
        ln = list(ln)
        if units_override and ln[0] in units_override:
            ln[4] = units_override[ln[0]]
            ln[6] = "Corrected, awaiting adjudication"
        lines.append(ln)
    p = Page("/claims/%s" % no, "Claim %s \u00b7 ClaimLine" % no)
    chrome_top(p, ["Home", "Claims", no], toast=toast, session_min=session_min)
    p.add(1, "main", "")
    if banner:
        p.add(2, "alert", "", props=["live='assertive'"])
        p.t(3, banner)
    p.add(2, "heading", "Claim %s" % no, props=["level=1"])
    p.t(2, "Status: %s" % status)
    p.add(2, "group", "Claim summary")
    mbr, dob, npi = INFO[no]
    for k, v in [("Patient", r[1]), ("Member ID", mbr), ("Date of birth", dob),
                 ("Date of service", r[3]), ("Rendering provider", r[4] + ", " + npi),
                 ("Place of service", "11 Office"), ("Received", "2026-11-20 09:14"),
                 ("Frequency code", "1 Original" if status != "Resubmitted" else "7 Replacement")]:
        p.t(3, "%s: %s" % (k, v))
    p.add(2, "table", "Claim lines")
    p.add(3, "row", "")
    for col in ["Line", "Procedure code", "Description", "Modifier", "Units", "Unit charge",
                "Line charge", "Line status", "Actions"]:
        p.add(4, "columnheader", col)
    total = 0.0
    for ln in lines:
        charge = ln[4] * ln[5]
        total += charge
        p.add(3, "row", "")
        p.add(4, "cell", str(ln[0]))
        p.add(4, "cell", ln[1])
        p.add(4, "cell", ln[2])
        p.add(4, "cell", ln[3] or "\u2014")
        p.add(4, "cell", str(ln[4]))
        p.add(4, "cell", money(ln[5]))
        p.add(4, "cell", money(charge))
        p.add(4, "cell", ln[6])
        p.add(4, "cell", "")
        p.add(5, "button", "Correct line %d" % ln[0], key="correct_%d" % ln[0])
        p.add(5, "button", "Line %d history" % ln[0], key="history_%d" % ln[0])
    p.t(2, "Total billed: %s" % money(round(total, 2)))
    p.add(2, "group", "Claim actions")
    p.add(3, "button", "Add note", key="add_note")
    p.add(3, "button", "Download 837P")
    p.add(3, "button", "Print claim")
    p.add(3, "button", "Void claim", key="void")
    p.add(2, "region", "Activity")
    p.add(3, "heading", "Activity", props=["level=2"])
    p.add(3, "list", "")
    acts = list(activity_extra) + [
        "2026-11-20 09:14 Submitted by Dana Whitcomb",
        "2026-11-20 09:16 Front-end edit check failed on line 2 (units)",
        "2026-11-19 16:02 Eligibility verified, coverage active",
    ]
    for a in acts:
        p.add(4, "listitem", "")
        p.t(5, a)
    p.add(2, "link", "Back to claims worklist", key="back")
    if dialog == "history":
        p.add(1, "dialog", "Line 2 history", key="dlg", props=["modal=True"])
        p.add(2, "heading", "Line 2 history", props=["level=2"])
        p.t(2, "2026-11-20 09:14 Line created: 99214, modifier 25, 3 units")
        p.t(2, "2026-11-20 09:16 Edit check failed: units exceed daily maximum (MUE 1)")
        p.add(2, "button", "Close", key="dlg_close")
    chrome_bottom(p, session_min)
    return p


REASONS = ["Select a reason", "Units billed in error", "Wrong procedure code", "Duplicate line",
           "Missing or wrong modifier", "Date of service error"]
ATTEST = "I attest this correction is accurate and supported by the medical record"


def correction_form(no, line_no, units=None, reason="Select a reason", attested=False,
                    error=None, dialog=None, toast=None, session_min=25):
    ln = [x for x in LINES[no] if x[0] == line_no][0]
    units = ln[4] if units is None else units
    p = Page("/claims/%s/lines/%d/correct" % (no, line_no),
             "Correct line %d \u00b7 Claim %s \u00b7 ClaimLine" % (line_no, no))
    chrome_top(p, ["Home", "Claims", no, "Correct line %d" % line_no], toast=toast, session_min=session_min)
    p.add(1, "main", "")
    p.add(2, "heading", "Correct claim line %d" % line_no, props=["level=1"])
    p.t(2, "Claim %s \u00b7 %s \u00b7 Date of service %s" % (no, by_claim(no)[1], by_claim(no)[3]))
    if error:
        p.add(2, "alert", "", props=["live='assertive'"])
        p.t(3, error)
    p.add(2, "form", "Line correction")
    p.add(3, "textbox", "Procedure code", props=["value=%r" % ln[1], "readonly=True"])
    p.t(3, ln[2])
    p.add(3, "textbox", "Modifier", key="modifier", props=["value=%r" % ln[3]])
    p.add(3, "spinbutton", "Units", key="units", props=["value=%r" % str(units), "required"])
    p.t(3, "Original units: %d" % ln[4])
    p.add(3, "textbox", "Unit charge", props=["value=%r" % money(ln[5]), "readonly=True"])
    try:
        lc = money(float(units) * ln[5])
    except ValueError:
        lc = "\u2014"
    p.t(3, "Line charge: %s" % lc)
    p.add(3, "combobox", "Correction reason", key="reason",
          props=["hasPopup='menu'", "expanded=False", "value=%r" % reason, "required"])
    for o in REASONS:
        p.add(4, "option", o, props=["selected=%s" % (o == reason)])
    p.add(3, "textbox", "Comment for claims reviewer (optional)", key="comment")
    p.add(3, "checkbox", ATTEST, key="attest", props=["checked=%r" % ("true" if attested else "false"), "required"])
    p.add(3, "button", "What am I attesting to?", key="attest_help")
    p.t(3, "Resubmitting sends a replacement claim (frequency code 7). The original claim will be cancelled by the payer once the replacement is accepted.")
    p.add(3, "button", "Resubmit claim", key="resubmit")
    p.add(3, "button", "Save draft", key="save_draft")
    p.add(3, "link", "Cancel", key="cancel")
    if dialog == "confirm":
        p.add(1, "dialog", "Resubmit corrected claim?", key="dlg", props=["modal=True"])
        p.add(2, "heading", "Resubmit corrected claim?", props=["level=2"])
        p.t(2, "Claim %s, line %d: units %d \u2192 %s. Reason: %s." % (no, line_no, ln[4], units, reason))
        p.t(2, "A replacement claim will be sent to the payer. This cannot be undone.")
        p.add(2, "button", "Resubmit now", key="dlg_ok")
        p.add(2, "button", "Save draft and close", key="dlg_draft")
        p.add(2, "button", "Cancel", key="dlg_cancel")
    elif dialog == "attest_help":
        p.add(1, "dialog", "About the attestation", key="dlg", props=["modal=True"])
        p.t(2, "By ticking the box you confirm the corrected line matches the documentation in the patient's chart.")
        p.add(2, "button", "Got it", key="dlg_close")
    chrome_bottom(p, session_min)
    return p


def signin_page():
    p = Page("/signin?next=%2Fclaims%2F" + TARGET, "Sign in to ClaimLine")
    p.add(1, "banner", "")
    p.t(2, "ClaimLine Provider Portal")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to ClaimLine", props=["level=1"])
    p.add(2, "alert", "")
    p.t(3, "Your session has ended. Please sign in again.")
    p.add(2, "textbox", "Username", props=["required"])
    p.add(2, "textbox", "Password", props=["required"])
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Forgot password?")
    chrome_bottom(p, 0)
    return p


def permission_page(no):
    p = Page("/claims/%s/lines/2/correct" % no, "Access denied \u00b7 ClaimLine")
    chrome_top(p, ["Home", "Claims", no, "Access denied"])
    p.add(1, "main", "")
    p.add(2, "heading", "Access denied", props=["level=1"])
    p.t(2, "You do not have permission to correct claims. Your role (Front desk) can view claims only.")
    p.t(2, "Ask your practice administrator to grant the Billing role.")
    p.add(2, "link", "Back to claim %s" % no, key="back")
    chrome_bottom(p)
    return p


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------


class Run:
    def __init__(self, rid, start, fault=None, first=None):
        self.rid = rid
        self.start = start
        self.cur = start
        self.steps = []
        self.fault = fault
        self.first = first

    def act(self, commitment, verb, key, value, reasoning, effect, nxt):
        bid, target = self.cur.k[key]
        if verb == "click":
            cmd = "click(%r)" % bid
        elif verb == "fill":
            cmd = "fill(%r, %r)" % (bid, value)
        elif verb == "select":
            cmd = "select_option(%r, %r)" % (bid, value)
        elif verb == "press":
            cmd = "press(%r, %r)" % (bid, value)
        else:
            raise ValueError(verb)
        self.steps.append({"commitment": commitment,
                           "action": {"command": cmd, "reasoning": reasoning, "target": target,
                                      "effect": effect},
                           "observation": nxt.obs()})
        self.cur = nxt
        return self

    def say(self, commitment, msg, reasoning):
        self.steps.append({"commitment": commitment,
                           "action": {"command": "send_msg_to_user(%r)" % msg, "reasoning": reasoning,
                                      "target": None, "effect": "read"},
                           "observation": self.cur.obs()})
        return self

    def record(self, success):
        return {"id": self.rid, "workflow": WORKFLOW, "task": TASK, "plan": PLAN_PATH,
                "label": {"fault": self.fault, "first_off_track_step": self.first},
                "initial_observation": self.start.obs(), "steps": self.steps,
                "outcome": {"success": success}}


DONE_MSG = "Claim CLM-2026-048317 line 2 corrected to 1 unit (reason: Units billed in error) and resubmitted; ClaimLine shows reference %s."


def ref(rng):
    return "RSB-%07d" % rng.randint(1000000, 9999999)


def banner_ok(no, r):
    return "Claim %s was resubmitted as a replacement claim. Reference %s. Expect a payer response in 3\u20135 business days." % (no, r)


def finish_correction(run, no, rng, units="1", line=2, reason="Units billed in error",
                      attest=True, confirm="ok", toast_after_units=None, session=25):
    """Units -> reason -> attest -> resubmit -> confirm, on the correction form."""
    run.act("enter-units", "fill", "units", units, "Set line %d units to %s" % (line, units), "write",
            correction_form(no, line, units=int(units), toast=toast_after_units, session_min=session))
    run.act("choose-reason", "select", "reason", reason, "Pick the correction reason", "write",
            correction_form(no, line, units=int(units), reason=reason, session_min=session))
    if attest:
        run.act("attest", "click", "attest", None, "Tick the attestation", "write",
                correction_form(no, line, units=int(units), reason=reason, attested=True, session_min=session))
    return run


def resubmit_ok(run, no, rng, units, line=2, reason="Units billed in error"):
    run.act("resubmit", "click", "resubmit", None, "Resubmit the corrected claim", "read",
            correction_form(no, line, units=units, reason=reason, attested=True, dialog="confirm"))
    r = ref(rng)
    run.act("resubmit", "click", "dlg_ok", None, "Confirm the resubmission in the dialog", "irreversible",
            claim_detail(no, status="Resubmitted", units_override={line: units}, banner=banner_ok(no, r),
                         activity_extra=["2026-12-06 17:41 Line %d corrected (%s); replacement claim sent by Dana Whitcomb" % (line, reason)]))
    return r


def path_search_number(run, toast=None):
    q = TARGET
    run.act("find-claim", "fill", "search", q, "Type the claim number into the claim search", "read",
            claims_list(search_value=q))
    run.act("find-claim", "click", "search_btn", None, "Run the search", "read",
            search_results(q, [TROW], similar=["CLM-2026-048371", "CLM-2026-048318", "CLM-2026-043817"], toast=toast))
    run.act("find-claim", "click", "row_" + TARGET, None, "Open the exact match CLM-2026-048317 (Marisol Okafor, Submitted)", "read",
            claim_detail(TARGET))


def open_line2(run):
    run.act("open-line-2", "click", "correct_2", None, "Line 2 is 99214 with 3 units; open its correction form", "read",
            correction_form(TARGET, 2))


def build():
    rng = random.Random(SEED)
    runs = []
    start = claims_list()

    # ---------------- healthy ----------------
    # H1: search by claim number, straight through.
    r = Run("claimline-healthy-01", start)
    path_search_number(r)
    open_line2(r)
    finish_correction(r, TARGET, rng)
    ref1 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref1, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H2: browse the list, paginate to page 2 (no filter needed to find it by eye).
    r = Run("claimline-healthy-02", start)
    r.act("find-claim", "click", "next", None, "Target is not on page 1; go to the next page", "read",
          claims_list(page=2))
    r.act("find-claim", "click", "row_" + TARGET, None, "Open CLM-2026-048317 for Marisol Okafor", "read",
          claim_detail(TARGET))
    open_line2(r)
    finish_correction(r, TARGET, rng)
    ref2 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref2, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H3: use the Submitted status filter the task mentions.
    submitted = [x for x in ALL_ROWS if x[6] == "Submitted"]
    submitted.sort(key=lambda x: x[3], reverse=True)
    r = Run("claimline-healthy-03", start)
    r.act("find-claim", "select", "f_status", "Submitted", "Task says the claim is Submitted; filter by that status", "read",
          claims_list(status="Submitted"))
    r.act("find-claim", "click", "search_btn", None, "Apply the status filter", "read",
          claims_list(status="Submitted", rows=submitted, total=len(submitted), chips=["Status: Submitted"],
                      path="/claims?status=submitted"))
    r.act("find-claim", "click", "row_" + TARGET, None, "Open CLM-2026-048317 (not CLM-2026-048137 Marisol Oakley)", "read",
          claim_detail(TARGET))
    open_line2(r)
    finish_correction(r, TARGET, rng)
    ref3 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref3, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H4: sort by date of service, target rises to the top.
    by_dos = sorted(ALL_ROWS, key=lambda x: (x[3], x[0] == TARGET), reverse=True)[:8]
    r = Run("claimline-healthy-04", start)
    r.act("find-claim", "click", "sort_dos", None, "Sort by date of service, newest first, to bring recent claims up", "read",
          claims_list(rows=by_dos, sort_col="dos", toast="Sorted by date of service, newest first"))
    r.act("find-claim", "click", "row_" + TARGET, None, "Open CLM-2026-048317; CLM-2026-048371 is Marisol Okafer, a different patient", "read",
          claim_detail(TARGET))
    open_line2(r)
    finish_correction(r, TARGET, rng)
    ref4 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref4, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H5: search by patient name; open the line history dialog and close it.
    name_rows = [TROW, by_claim("CLM-2026-043817"), by_claim("CLM-2026-048371")]
    r = Run("claimline-healthy-05", start)
    r.act("find-claim", "fill", "search", "Marisol Okafor", "Search by the patient's name", "read",
          claims_list(search_value="Marisol Okafor"))
    r.act("find-claim", "press", "search", "Enter", "Submit the search", "read",
          search_results("Marisol Okafor", name_rows, note="Including close spellings of the patient name"))
    r.act("find-claim", "click", "row_" + TARGET, None, "CLM-2026-048317 is the Submitted one for Marisol Okafor", "read",
          claim_detail(TARGET))
    r.act("open-line-2", "click", "history_2", None, "Check line 2 history before changing it", "read",
          claim_detail(TARGET, dialog="history"))
    r.act("open-line-2", "click", "dlg_close", None, "History confirms 3 units billed; close the dialog", "read",
          claim_detail(TARGET))
    open_line2(r)
    finish_correction(r, TARGET, rng)
    ref5 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref5, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H6: retype the units field after a validation hint.
    r = Run("claimline-healthy-06", start)
    path_search_number(r)
    open_line2(r)
    r.act("enter-units", "fill", "units", "1.0", "Set units to 1", "write",
          correction_form(TARGET, 2, units="1.0", error="Units must be a whole number."))
    r.act("enter-units", "fill", "units", "1", "Field wants a whole number; retype as 1", "write",
          correction_form(TARGET, 2, units=1))
    r.act("choose-reason", "select", "reason", "Units billed in error", "Pick the correction reason", "write",
          correction_form(TARGET, 2, units=1, reason="Units billed in error"))
    r.act("attest", "click", "attest", None, "Tick the attestation", "write",
          correction_form(TARGET, 2, units=1, reason="Units billed in error", attested=True))
    ref6 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref6, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H7: global header search; unrelated toasts appear (remittance ready, draft autosave).
    r = Run("claimline-healthy-07", start)
    r.act("find-claim", "fill", "global_search", TARGET, "Use the header search", "read",
          claims_list())
    r.cur.lines = [ln.replace("searchbox 'Search claims, patients, members'",
                              "searchbox 'Search claims, patients, members', value='%s'" % TARGET)
                   for ln in r.cur.lines]
    r.steps[-1]["observation"] = r.cur.obs()
    r.act("find-claim", "click", "global_go", None, "Run the header search", "read",
          search_results(TARGET, [TROW], similar=["CLM-2026-048371", "CLM-2026-048318"],
                         toast="Remittance advice RA-20261204 is ready (3 claims paid, 1 denied)", via_global=True))
    r.act("find-claim", "click", "toast_close", None, "Dismiss the unrelated notification", "read",
          search_results(TARGET, [TROW], similar=["CLM-2026-048371", "CLM-2026-048318"]))
    r.act("find-claim", "click", "row_" + TARGET, None, "Open the exact match", "read", claim_detail(TARGET))
    open_line2(r)
    finish_correction(r, TARGET, rng, toast_after_units="Draft saved automatically at 17:39")
    ref7 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref7, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # H8: reason first, attestation help dialog opened and closed, then units.
    r = Run("claimline-healthy-08", start)
    path_search_number(r, toast="Your session was extended by 30 minutes")
    open_line2(r)
    R = "Units billed in error"
    r.act("choose-reason", "select", "reason", R, "Pick the reason first", "write",
          correction_form(TARGET, 2, reason=R))
    r.act("enter-units", "fill", "units", "1", "Set units to 1", "write",
          correction_form(TARGET, 2, units=1, reason=R))
    r.act("attest", "click", "attest_help", None, "Read what the attestation covers", "read",
          correction_form(TARGET, 2, units=1, reason=R, dialog="attest_help"))
    r.act("attest", "click", "dlg_close", None, "Close the help dialog", "read",
          correction_form(TARGET, 2, units=1, reason=R))
    r.act("attest", "click", "attest", None, "Tick the attestation", "write",
          correction_form(TARGET, 2, units=1, reason=R, attested=True))
    ref8 = resubmit_ok(r, TARGET, rng, 1)
    r.say("resubmit", DONE_MSG % ref8, "Banner confirms the resubmission")
    runs.append(r.record(True))

    # ---------------- faulty ----------------
    # F1: near-miss claim number from "Did you mean" (agent) -> step 2.
    NM = "CLM-2026-048371"
    r = Run("claimline-wrong_record-01", start, "wrong_record", 2)
    r.act("find-claim", "fill", "search", TARGET, "Type the claim number", "read", claims_list(search_value=TARGET))
    r.act("find-claim", "click", "search_btn", None, "Run the search", "read",
          search_results(TARGET, [TROW], similar=[NM, "CLM-2026-048318", "CLM-2026-043817"]))
    r.act("find-claim", "click", "sim_" + NM, None, "Open the Marisol claim from 2026-11-18", "read",
          claim_detail(NM))
    r.act("open-line-2", "click", "correct_2", None, "Open line 2 (99214)", "read", correction_form(NM, 2))
    finish_correction(r, NM, rng)
    r.act("resubmit", "click", "resubmit", None, "Resubmit", "read",
          correction_form(NM, 2, units=1, reason="Units billed in error", attested=True, dialog="confirm"))
    rr = ref(rng)
    r.act("resubmit", "click", "dlg_ok", None, "Confirm", "irreversible",
          claim_detail(NM, status="Resubmitted", units_override={2: 1}, banner=banner_ok(NM, rr)))
    r.say("resubmit", "Claim corrected and resubmitted, reference %s." % rr, "Banner shows resubmitted")
    runs.append(r.record(False))

    # F2: near-miss patient (Maribel Okafor) from name search (agent) -> step 2.
    NP = "CLM-2026-043817"
    r = Run("claimline-wrong_record-02", start, "wrong_record", 2)
    r.act("find-claim", "fill", "search", "Okafor", "Search by surname", "read", claims_list(search_value="Okafor"))
    r.act("find-claim", "press", "search", "Enter", "Submit the search", "read",
          search_results("Okafor", [TROW, by_claim(NP)]))
    r.act("find-claim", "click", "row_" + NP, None, "This Okafor claim has the units problem on 99214", "read",
          claim_detail(NP))
    r.act("open-line-2", "click", "correct_2", None, "Open line 2 (99214, 3 units)", "read", correction_form(NP, 2))
    finish_correction(r, NP, rng)
    r.act("resubmit", "click", "resubmit", None, "Resubmit", "read",
          correction_form(NP, 2, units=1, reason="Units billed in error", attested=True, dialog="confirm"))
    rr = ref(rng)
    r.act("resubmit", "click", "dlg_ok", None, "Confirm", "irreversible",
          claim_detail(NP, status="Resubmitted", units_override={2: 1}, banner=banner_ok(NP, rr)))
    r.say("resubmit", "Done: the Okafor claim is resubmitted (%s)." % rr, "Banner shows resubmitted")
    runs.append(r.record(False))

    # F3: wrong line (99213 on line 1) (agent) -> step 3.
    r = Run("claimline-wrong_record-03", start, "wrong_record", 3)
    path_search_number(r)
    r.act("open-line-2", "click", "correct_1", None, "Open the office-visit line correction", "read",
          correction_form(TARGET, 1))
    finish_correction(r, TARGET, rng, line=1)
    r.act("resubmit", "click", "resubmit", None, "Resubmit", "read",
          correction_form(TARGET, 1, units=1, reason="Units billed in error", attested=True, dialog="confirm"))
    rr = ref(rng)
    r.act("resubmit", "click", "dlg_ok", None, "Confirm", "irreversible",
          claim_detail(TARGET, status="Resubmitted", banner=banner_ok(TARGET, rr)))
    r.say("resubmit", "Claim CLM-2026-048317 resubmitted (%s)." % rr, "Banner shows resubmitted")
    runs.append(r.record(False))

    # F4: wrong units value (agent) -> step 4.
    r = Run("claimline-wrong_value-01", start, "wrong_value", 4)
    path_search_number(r)
    open_line2(r)
    finish_correction(r, TARGET, rng, units="2")
    r.act("resubmit", "click", "resubmit", None, "Resubmit", "read",
          correction_form(TARGET, 2, units=2, reason="Units billed in error", attested=True, dialog="confirm"))
    rr = ref(rng)
    r.act("resubmit", "click", "dlg_ok", None, "Confirm", "irreversible",
          claim_detail(TARGET, status="Resubmitted", units_override={2: 2}, banner=banner_ok(TARGET, rr)))
    r.say("resubmit", DONE_MSG % rr, "Banner shows resubmitted")
    runs.append(r.record(False))

    # F5: silent no-op after confirming (environment) -> step 8.
    r = Run("claimline-silent_noop-01", start, "silent_noop", 8)
    path_search_number(r)
    open_line2(r)
    finish_correction(r, TARGET, rng)
    r.act("resubmit", "click", "resubmit", None, "Resubmit", "read",
          correction_form(TARGET, 2, units=1, reason="Units billed in error", attested=True, dialog="confirm"))
    r.act("resubmit", "click", "dlg_ok", None, "Confirm", "irreversible", claim_detail(TARGET))
    r.say("resubmit", "Claim CLM-2026-048317 corrected and resubmitted.", "Back on the claim page, so it went through")
    runs.append(r.record(False))

    # F6: unrequested date-of-service filter hides the claim (agent) -> step 1.
    r = Run("claimline-unrequested_filter-01", start, "unrequested_constraint", 1)
    r.act("find-claim", "fill", "search", TARGET, "Type the claim number", "read", claims_list(search_value=TARGET))
    r.act("find-claim", "select", "f_dos", "Last 7 days", "Limit to recent claims to speed up the search", "read",
          claims_list(search_value=TARGET, dos="Last 7 days"))
    r.act("find-claim", "click", "search_btn", None, "Run the search", "read",
          claims_list(search_value=TARGET, dos="Last 7 days", chips=["Date of service: Last 7 days"],
                      empty="No claims match \u2018%s\u2019 with the current filters." % TARGET,
                      path="/claims?q=%s&dos=7d" % TARGET))
    r.say("find-claim", "I could not find claim CLM-2026-048317 in ClaimLine; it may not exist.", "Search returned nothing")
    runs.append(r.record(False))

    # F7: stale filter already applied on the start page (environment) -> step 0.
    paid = [x for x in ALL_ROWS if x[6] == "Paid"]
    stale_start = claims_list(status="Paid", rows=paid, total=len(paid), chips=["Status: Paid"],
                              path="/claims?status=paid")
    r = Run("claimline-stale_filter-01", stale_start, "stale_filter", 0)
    r.act("find-claim", "fill", "search", TARGET, "Type the claim number", "read",
          claims_list(status="Paid", rows=paid, total=len(paid), chips=["Status: Paid"], search_value=TARGET,
                      path="/claims?status=paid"))
    r.act("find-claim", "click", "search_btn", None, "Run the search", "read",
          claims_list(status="Paid", search_value=TARGET, chips=["Status: Paid"],
                      empty="No claims match \u2018%s\u2019 with the current filters." % TARGET,
                      path="/claims?status=paid&q=%s" % TARGET))
    r.say("find-claim", "Claim CLM-2026-048317 does not exist in ClaimLine.", "Nothing matched")
    runs.append(r.record(False))

    # F8: permission refused when opening the correction form (environment) -> step 3.
    r = Run("claimline-permission-01", start, "permission_denied", 3)
    path_search_number(r)
    r.act("open-line-2", "click", "correct_2", None, "Open line 2 correction", "read", permission_page(TARGET))
    r.say("open-line-2", "I can't correct the claim: ClaimLine says I lack permission.", "Blocked")
    runs.append(r.record(False))

    # F9: session lost mid-form (environment) -> step 5.
    r = Run("claimline-session_expired-01", start, "session_expired", 5)
    path_search_number(r)
    open_line2(r)
    r.act("enter-units", "fill", "units", "1", "Set units to 1", "write", correction_form(TARGET, 2, units=1, session_min=1))
    r.act("choose-reason", "select", "reason", "Units billed in error", "Pick the reason", "write", signin_page())
    r.say("choose-reason", "The session ended before I could resubmit; please sign in again.", "Redirected to sign-in")
    runs.append(r.record(False))

    # F10: premature report of success (agent) -> step 5.
    r = Run("claimline-premature_success-01", start, "premature_success", 5)
    path_search_number(r)
    open_line2(r)
    r.act("enter-units", "fill", "units", "1", "Set units to 1", "write",
          correction_form(TARGET, 2, units=1, toast="Draft saved automatically at 17:39"))
    r.say("enter-units", "Claim CLM-2026-048317 has been corrected to 1 unit and resubmitted.", "Draft saved, units now 1")
    runs.append(r.record(False))

    # F11: skipped attestation (agent) -> step 6.
    r = Run("claimline-skipped_step-01", start, "skipped_step", 6)
    path_search_number(r)
    open_line2(r)
    finish_correction(r, TARGET, rng, attest=False)
    r.act("resubmit", "click", "resubmit", None, "Units and reason set; resubmit", "read",
          correction_form(TARGET, 2, units=1, reason="Units billed in error",
                          error="Please confirm the attestation before resubmitting."))
    r.say("resubmit", "Claim CLM-2026-048317 corrected and resubmitted.", "Clicked resubmit")
    runs.append(r.record(False))

    # F12: dialog mishandled: "Save draft and close" instead of "Resubmit now" (agent) -> step 8.
    r = Run("claimline-dialog_mishandled-01", start, "dialog_mishandled", 8)
    path_search_number(r)
    open_line2(r)
    finish_correction(r, TARGET, rng)
    r.act("resubmit", "click", "resubmit", None, "Resubmit", "read",
          correction_form(TARGET, 2, units=1, reason="Units billed in error", attested=True, dialog="confirm"))
    r.act("resubmit", "click", "dlg_draft", None, "Save and close the dialog", "write",
          claim_detail(TARGET, banner="Draft saved. Claim CLM-2026-048317 has not been resubmitted.",
                       activity_extra=["2026-12-06 17:41 Correction draft saved for line 2"]))
    r.say("resubmit", "Claim CLM-2026-048317 line 2 corrected and saved.", "Banner says saved")
    runs.append(r.record(False))

    return runs


def main():
    runs = build()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, PLAN_PATH), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to corpus.jsonl and %s" % (len(runs), PLAN_PATH))


if __name__ == "__main__":
    main()
