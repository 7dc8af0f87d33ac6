#!/usr/bin/env python3
"""Generate the pharmarx held-out corpus (RxCheckpoint, a hospital pharmacy
order-verification queue).

Python 3 standard library only. Deterministic: every random choice comes from
random.Random instances seeded from SEED, so two runs write identical bytes.

Usage:  python3 make_corpus.py [OUTPUT_DIR]     (default: this script's folder)
Writes: OUTPUT_DIR/corpus.jsonl and OUTPUT_DIR/plans/pharmarx.yaml
"""
import json
import os
import random
import sys
from urllib.parse import quote

SEED = 5150
WORKFLOW = "pharmarx"
PLAN_REL = "plans/pharmarx.yaml"
BASE = "https://rxcheckpoint.lakemont-general.test"
USER = "J. Alvarez, PharmD"
NOTE = "Low-severity interaction with sertraline reviewed; monitor for bleeding."

TASK = (
    "Please verify Marguerite Okafor's pending enoxaparin order in the RxCheckpoint "
    "verification queue (MRN 00482917, 5 North): enoxaparin 40 mg subcutaneous once daily. "
    "It will throw a low-severity interaction alert for enoxaparin + sertraline. Acknowledge "
    "that alert, add the pharmacist note \"" + NOTE + "\" and verify the order as written "
    "(don't change the dose). Let me know when it's done."
)

# --------------------------------------------------------------------------------------
# The plan. Written from the task text and the healthy pages only, before any faulty
# run was written; not tuned afterwards.
# --------------------------------------------------------------------------------------
PLAN_YAML = '''\
# Plan for the pharmarx workflow (RxCheckpoint order verification).
# Written from the task text and the healthy pages only, before any faulty run existed.
task: "Please verify Marguerite Okafor's pending enoxaparin order in the RxCheckpoint verification queue (MRN 00482917, 5 North): enoxaparin 40 mg subcutaneous once daily. It will throw a low-severity interaction alert for enoxaparin + sertraline. Acknowledge that alert, add the pharmacist note \\"Low-severity interaction with sertraline reviewed; monitor for bleeding.\\" and verify the order as written (don't change the dose). Let me know when it's done."
plan_falsifiers:
  execution:
    - Sign in to RxCheckpoint
    - You were signed out
    - Not authorized
    - Something went wrong
commitments:
  - id: find-order
    subgoal: Find the pending enoxaparin order for Okafor, Marguerite (MRN 00482917, 5 North) in the verification queue
    skill: find_record_in_queue
    confidence: 0.8
    confirm:
      precondition: [Verification queue]
      progress: ["Okafor, Marguerite"]
      completion: ["00482917", ORD-70315]
    falsify:
      execution:
        - "Okafor, Margaret"
        - "00482971"
        - "Okoro, Marguerite"
        - "00428917"
      planning:
        - No pending orders
  - id: open-order
    subgoal: Open the enoxaparin 40 mg subcutaneous once-daily order (ORD-70315) for Okafor, Marguerite
    skill: open_record_by_id
    confidence: 0.75
    confirm:
      precondition: [ORD-70315]
      progress: []
      completion: [Order ORD-70315, MRN 00482917, enoxaparin, "Status: Pending verification"]
    falsify:
      execution:
        - Order ORD-70351
        - Order ORD-70318
        - Order ORD-70302
        - {text: ORD-70351, on: action}
        - {text: ORD-70318, on: action}
        - {text: ORD-70302, on: action}
        - The open order is for a drug other than enoxaparin
      planning:
        - "Status: Verified"
        - The order was already verified by someone else
  - id: ack-alert
    subgoal: Acknowledge the low-severity enoxaparin + sertraline interaction alert
    confidence: 0.7
    confirm:
      precondition: [Interaction alerts]
      progress: [Interaction alert, "Severity: Low", enoxaparin + sertraline]
      completion: [Interaction alert acknowledged]
    falsify:
      execution:
        - {text: Send to prescriber, on: action}
        - {text: Reject, on: action}
        - The alert dialog was closed without acknowledging it
      planning:
        - "Severity: High"
        - "Severity: Moderate"
        - The alert is for a different drug pair than enoxaparin + sertraline
  - id: add-note
    subgoal: Enter the pharmacist note exactly as given
    confidence: 0.7
    confirm:
      precondition: [Pharmacist note]
      completion: ["Low-severity interaction with sertraline reviewed; monitor for bleeding."]
    falsify:
      execution:
        - {text: "fill the Dose field", on: action}
        - The dose field shows a value other than 40
  - id: verify-order
    subgoal: Verify the order as written and confirm the high-alert double-check
    skill: confirm_dialog
    confidence: 0.8
    confirm:
      precondition: [Interaction alert acknowledged]
      progress: [Confirm verification, enoxaparin 40 mg subcutaneous once daily]
      completion: [Order ORD-70315 verified and released to dispensing, "Status: Verified"]
    falsify:
      execution:
        - {text: Hold, on: action}
        - {text: Reject, on: action}
        - The order still shows Pending verification after confirming
        - The verified order has a dose other than 40 mg
        - The verified order has no pharmacist note
      skill:
        - The Verify order button is disabled
  - id: report
    subgoal: Tell the user the order was verified
    confidence: 0.6
    confirm:
      precondition: [Order ORD-70315 verified and released to dispensing]
    falsify:
      execution:
        - {text: Reporting success while the order is not shown as verified, on: action}
'''

# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
# (order, patient, mrn, drug, dose, route, frequency, unit, ordered, priority, status)
# Listed newest first: the queue's default sort.
ORDERS = [
    ("ORD-70368", "Brandt, Oskar", "00517734", "vancomycin", "1,250 mg", "Intravenous", "Every 12 hours", "4 East", "10:38", "Routine", "Pending"),
    ("ORD-70366", "Delacroix, Amelie", "00390418", "insulin glargine", "18 units", "Subcutaneous", "Nightly", "5 North", "10:31", "Routine", "Pending"),
    ("ORD-70363", "Haddad, Samir", "00611259", "piperacillin-tazobactam", "4.5 g", "Intravenous", "Every 6 hours", "ICU", "10:22", "STAT", "Pending"),
    ("ORD-70360", "Quist, Lorna", "00288140", "potassium chloride", "20 mEq", "Oral", "Twice daily", "6 South", "10:15", "Routine", "Pending"),
    ("ORD-70357", "Teague, Wendell", "00455302", "morphine", "2 mg", "Intravenous", "Every 3 hours as needed", "4 East", "10:02", "Urgent", "Pending \u2014 clarification requested"),
    ("ORD-70355", "Iwasaki, Hana", "00502286", "ondansetron", "4 mg", "Intravenous", "Every 8 hours as needed", "5 North", "09:57", "Routine", "Pending"),
    ("ORD-70351", "Okafor, Margaret", "00482971", "enoxaparin", "30 mg", "Subcutaneous", "Every 12 hours", "5 North", "09:49", "Routine", "Pending"),
    ("ORD-70349", "Ferreira, Joao", "00347791", "warfarin", "5 mg", "Oral", "Once daily", "6 South", "09:44", "Routine", "Pending \u2014 INR due 11:00"),
    ("ORD-70346", "Lindqvist, Ebba", "00598823", "cefazolin", "2 g", "Intravenous", "Every 8 hours", "PACU", "09:40", "Urgent", "Pending"),
    ("ORD-70343", "Mbeki, Thandiwe", "00421166", "levetiracetam", "500 mg", "Oral", "Twice daily", "ICU", "09:36", "Routine", "Pending"),
    ("ORD-70341", "Prewitt, Dale", "00376650", "heparin", "5,000 units", "Subcutaneous", "Every 8 hours", "6 South", "09:33", "Routine", "Pending"),
    ("ORD-70337", "Santoro, Gianna", "00533907", "metoprolol tartrate", "25 mg", "Oral", "Twice daily", "4 East", "09:30", "Routine", "Pending"),
    ("ORD-70334", "Kowalczyk, Piotr", "00469018", "furosemide", "40 mg", "Intravenous", "Twice daily", "5 North", "09:28", "Urgent", "Pending"),
    ("ORD-70331", "Achebe, Ngozi", "00401175", "pantoprazole", "40 mg", "Intravenous", "Once daily", "ICU", "09:26", "Routine", "Pending"),
    ("ORD-70329", "Rahimi, Dariush", "00582240", "apixaban", "5 mg", "Oral", "Twice daily", "6 South", "09:24", "Routine", "Pending \u2014 renal labs due"),
    ("ORD-70325", "Volkova, Irina", "00314482", "hydromorphone", "0.5 mg", "Intravenous", "Every 2 hours as needed", "4 East", "09:22", "STAT", "Pending"),
    ("ORD-70322", "Castellanos, Rey", "00560931", "ceftriaxone", "1 g", "Intravenous", "Once daily", "5 North", "09:21", "Routine", "Pending"),
    ("ORD-70318", "Okoro, Marguerite", "00428917", "enoxaparin", "40 mg", "Subcutaneous", "Once daily", "6 South", "09:20", "Routine", "Pending"),
    ("ORD-70316", "Ng, Theresa", "00497306", "heparin", "5,000 units", "Subcutaneous", "Every 12 hours", "5 North", "09:19", "Routine", "Pending"),
    ("ORD-70315", "Okafor, Marguerite", "00482917", "enoxaparin", "40 mg", "Subcutaneous", "Once daily", "5 North", "09:18", "Routine", "Pending"),
    ("ORD-70312", "Boateng, Kwame", "00366081", "amlodipine", "5 mg", "Oral", "Once daily", "4 East", "09:05", "Routine", "Overdue"),
    ("ORD-70309", "Sorensen, Mette", "00419952", "vancomycin", "1 g", "Intravenous", "Every 12 hours", "ICU", "08:51", "STAT", "Overdue \u2014 previous verification failed"),
    ("ORD-70305", "Duarte, Lucia", "00540077", "lisinopril", "10 mg", "Oral", "Once daily", "6 South", "08:40", "Routine", "Pending"),
    ("ORD-70302", "Okafor, Marguerite", "00482917", "enalapril", "40 mg", "Oral", "Once daily", "5 North", "08:32", "Routine", "Pending"),
    ("ORD-70298", "Yilmaz, Emre", "00472215", "methotrexate", "15 mg", "Oral", "Once weekly", "5 North", "08:12", "Urgent", "Overdue"),
    ("ORD-70291", "Pereira, Ana", "00355840", "gentamicin", "320 mg", "Intravenous", "Every 24 hours", "ICU", "07:55", "Routine", "Overdue"),
]
ORDER = {o[0]: o for o in ORDERS}
UNITS = ["All units", "4 East", "5 North", "6 South", "ICU", "PACU"]
PRIORITIES = ["All priorities", "STAT", "Urgent", "Routine"]

PATIENTS = {
    "00482917": dict(name="Okafor, Marguerite", dob="1957-03-14", age=68, sex="Female",
                     bed="5 North \u00b7 Bed 512-B", weight="71.2 kg", height="163 cm",
                     crcl="64 mL/min", attending="Dr. P. Sandoval",
                     allergies=["Penicillin \u2014 rash (moderate)", "Sulfonamide antibiotics \u2014 hives (mild)"],
                     allergy_history=["Penicillin \u2014 rash, recorded 2011", "Sulfonamide antibiotics \u2014 hives, recorded 2016",
                                      "No known latex allergy", "Allergy list reviewed 2025-06-02 by R. Osei, RN"],
                     meds=[("sertraline", "50 mg", "Oral", "Once daily", "Active"),
                           ("atorvastatin", "40 mg", "Oral", "Nightly", "Active"),
                           ("acetaminophen", "650 mg", "Oral", "Every 6 hours as needed", "Active"),
                           ("ondansetron", "4 mg", "Intravenous", "Every 8 hours as needed", "Discontinued 06-02")]),
    "00482971": dict(name="Okafor, Margaret", dob="1961-11-02", age=63, sex="Female",
                     bed="5 North \u00b7 Bed 518-A", weight="88.4 kg", height="170 cm",
                     crcl="52 mL/min", attending="Dr. H. Brennan",
                     allergies=["No known drug allergies"],
                     allergy_history=["No known drug allergies", "Allergy list reviewed 2025-06-03 by T. Lindahl, RN"],
                     meds=[("escitalopram", "10 mg", "Oral", "Once daily", "Active"),
                           ("oxycodone", "5 mg", "Oral", "Every 4 hours as needed", "Active"),
                           ("docusate", "100 mg", "Oral", "Twice daily", "Active")]),
    "00428917": dict(name="Okoro, Marguerite", dob="1957-08-21", age=67, sex="Female",
                     bed="6 South \u00b7 Bed 604-C", weight="66.0 kg", height="158 cm",
                     crcl="71 mL/min", attending="Dr. K. Mensah",
                     allergies=["Codeine \u2014 nausea (mild)"],
                     allergy_history=["Codeine \u2014 nausea, recorded 2019", "Allergy list reviewed 2025-06-01 by D. Farrow, RN"],
                     meds=[("sertraline", "100 mg", "Oral", "Once daily", "Active"),
                           ("metformin", "500 mg", "Oral", "Twice daily", "Held \u2014 contrast study"),
                           ("pantoprazole", "40 mg", "Oral", "Once daily", "Active")]),
}

DETAIL = {
    "ORD-70315": dict(indication="VTE prophylaxis", first_dose="2025-06-03 21:00", prescriber="Dr. L. Whitcombe",
                      high_alert=True, dose_unit="mg",
                      alert=("enoxaparin + sertraline", "Low",
                             "Sertraline (an SSRI) given with an anticoagulant may slightly raise bleeding risk. "
                             "Usually no change is needed; monitor for bruising or bleeding.")),
    "ORD-70351": dict(indication="VTE prophylaxis \u2014 post-trauma", first_dose="2025-06-03 12:00", prescriber="Dr. H. Brennan",
                      high_alert=True, dose_unit="mg",
                      alert=("enoxaparin + escitalopram", "Low",
                             "Escitalopram (an SSRI) given with an anticoagulant may slightly raise bleeding risk. "
                             "Usually no change is needed; monitor for bruising or bleeding.")),
    "ORD-70318": dict(indication="VTE prophylaxis", first_dose="2025-06-03 21:00", prescriber="Dr. K. Mensah",
                      high_alert=True, dose_unit="mg",
                      alert=("enoxaparin + sertraline", "Low",
                             "Sertraline (an SSRI) given with an anticoagulant may slightly raise bleeding risk. "
                             "Usually no change is needed; monitor for bruising or bleeding.")),
    "ORD-70302": dict(indication="Hypertension", first_dose="2025-06-04 09:00", prescriber="Dr. P. Sandoval",
                      high_alert=False, dose_unit="mg", alert=None),
}

RECENT = [
    "ORD-70288 \u00b7 Kaur, Simran \u00b7 Verified 10:36",
    "ORD-70284 \u00b7 Lindahl, Per \u00b7 Rejected \u2014 duplicate therapy",
    "ORD-70281 \u00b7 Sorensen, Mette \u00b7 Verification failed \u2014 interface timeout, resubmitted as ORD-70309",
    "ORD-70279 \u00b7 Abara, Chidi \u00b7 Cancelled by prescriber",
    "ORD-70276 \u00b7 Moreau, Lise \u00b7 On hold \u2014 awaiting weight",
]


def clock(minute):
    t = 10 * 60 + 40 + minute
    return "%02d:%02d" % (t // 60, t % 60)


# --------------------------------------------------------------------------------------
# Flattened accessibility tree builder (BrowserGym style)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, key, url, title):
        self.url = url
        self.title = title
        self.rng = random.Random("%d:%s" % (SEED, key))
        self.bid = self.rng.randint(2, 9)
        self.nodes = []

    def add(self, depth, role, name="", props=()):
        self.bid += self.rng.choice((1, 1, 1, 2, 3))
        b = str(self.bid)
        self.nodes.append((depth, b, role, name, tuple(props)))
        return b

    def text(self, depth, s):
        self.nodes.append((depth, None, "StaticText", s, ()))

    def find(self, role, name, nth=0):
        hits = [n[1] for n in self.nodes if n[1] is not None and n[2] == role and n[3] == name]
        if len(hits) <= nth:
            raise KeyError("no %s %r on %s" % (role, name, self.title))
        return hits[nth]

    def describe(self, bid):
        for n in self.nodes:
            if n[1] == bid:
                return "%s %r" % (n[2], n[3])
        raise KeyError(bid)

    def render(self):
        lines = ["RootWebArea %r, focused" % self.title]
        for depth, b, role, name, props in self.nodes:
            s = ("[%s] %s %r" % (b, role, name)) if b is not None else ("%s %r" % (role, name))
            if props:
                s += ", " + ", ".join(props)
            lines.append("\t" * depth + s)
        return "\n".join(lines)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.render(), "error": None}


def header(p, box="", suggest=False, focus=False):
    p.add(1, "banner", "")
    p.add(2, "link", "RxCheckpoint home")
    p.text(2, "Lakemont General Hospital \u00b7 Inpatient Pharmacy")
    p.add(2, "navigation", "Main")
    for n in ("Verification queue", "Dispensing", "IV compounding", "Clarifications (4)", "Reports"):
        p.add(3, "link", n)
    p.add(2, "search", "Find orders")
    props = []
    if box:
        props.append("value=%r" % box)
    if focus:
        props.append("focused")
    p.add(3, "textbox", "Search patient, MRN or order number", props)
    if suggest and box:
        seen = []
        for o in ORDERS:
            hay = (o[0] + " " + o[1] + " " + o[2]).lower()
            key = (o[1], o[2], o[7])
            if box.lower() in hay and key not in seen:
                seen.append(key)
        p.add(3, "listbox", "Search suggestions")
        if seen:
            for name, mrn, unit in seen:
                p.add(4, "option", "%s \u00b7 MRN %s \u00b7 %s" % (name, mrn, unit))
        else:
            p.text(4, "No matching patients")
    p.add(3, "button", "Search")
    p.add(2, "button", "Notifications (3 unread)")
    p.add(2, "button", USER, ["hasPopup='menu'", "expanded=False"])


def footer(p, now):
    p.add(1, "contentinfo", "")
    p.text(2, "RxCheckpoint 8.4.2 \u00b7 Lakemont General Hospital Pharmacy Services")
    for n in ("Help", "Downtime procedures", "Report a safety event", "Privacy notice"):
        p.add(2, "link", n)
    p.text(2, "Connected \u00b7 last sync %s:07" % now)


def toast_region(p, toast):
    p.add(1, "region", "Notifications")
    if toast:
        p.add(2, "status", "")
        p.text(3, toast)
        p.add(3, "button", "Dismiss notification")


# --------------------------------------------------------------------------------------
# Queue page
# --------------------------------------------------------------------------------------
def queue(now, page=1, sort="ordered", unit_sel=None, prio_sel=None, f_unit=None, f_prio=None,
          box="", q=None, suggest=False, verified=(), banner=None, toast=None, saved_view=None):
    unit_sel = unit_sel or f_unit or "All units"
    prio_sel = prio_sel or f_prio or "All priorities"
    open_orders = [o for o in ORDERS if o[0] not in verified]
    rows = list(open_orders)
    if f_unit:
        rows = [o for o in rows if o[7] == f_unit]
    if f_prio:
        rows = [o for o in rows if o[9] == f_prio]
    if q:
        rows = [o for o in rows if q.lower() in (o[0] + " " + o[1] + " " + o[2]).lower()]
    if sort == "patient":
        rows = sorted(rows, key=lambda o: o[1])
    n = len(rows)
    pages = max(1, (n + 9) // 10)
    shown = rows[(page - 1) * 10: page * 10]

    params = []
    if q:
        params.append("q=" + quote(q))
    if f_unit:
        params.append("unit=" + quote(f_unit))
    if f_prio:
        params.append("priority=" + quote(f_prio))
    if sort != "ordered":
        params.append("sort=" + sort)
    if page > 1:
        params.append("page=%d" % page)
    url = BASE + "/rx/verify" + ("?" + "&".join(params) if params else "")
    title = "Verification queue \u00b7 RxCheckpoint"
    if q:
        title = "Search: %s \u00b7 Verification queue \u00b7 RxCheckpoint" % q

    p = Page("queue", url, title)
    header(p, box=box, suggest=suggest, focus=bool(box) and suggest)
    p.add(1, "navigation", "Breadcrumb")
    p.add(2, "link", "Pharmacy")
    p.text(2, "\u203a")
    p.text(2, "Verification queue")
    if banner:
        p.add(1, "alert", "System message")
        p.text(2, banner)
        p.add(2, "button", "Dismiss system message")
    p.add(1, "main", "")
    p.add(2, "heading", "Verification queue")
    p.add(2, "region", "Live counters")
    stat_waiting = sum(1 for o in open_orders if o[9] == "STAT")
    p.text(3, "Pending %d" % len(open_orders))
    p.text(3, "Overdue 4")
    p.text(3, "STAT waiting %d" % stat_waiting)
    p.text(3, "Verified this shift %d" % (41 + len(verified)))
    p.text(3, "Median turnaround 14 min")
    p.text(3, "Updated %s" % now)
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Unit", ["value=%r" % unit_sel, "hasPopup='listbox'", "expanded=False"])
    p.add(3, "combobox", "Priority", ["value=%r" % prio_sel, "hasPopup='listbox'", "expanded=False"])
    p.add(3, "combobox", "Status", ["value='Pending'", "hasPopup='listbox'", "expanded=False"])
    p.add(3, "button", "Apply filters")
    p.add(3, "button", "Clear filters")
    if saved_view:
        p.text(3, saved_view)
    if f_unit or f_prio:
        p.text(3, "Filtered by:")
        if f_unit:
            p.add(3, "button", "Remove filter Unit: %s" % f_unit)
        if f_prio:
            p.add(3, "button", "Remove filter Priority: %s" % f_prio)
    if q:
        p.text(2, "Results for \u201c%s\u201d \u00b7 %d %s" % (q, n, "order" if n == 1 else "orders"))
        p.add(2, "link", "Clear search")
    p.add(2, "table", "Pending medication orders")
    p.add(3, "rowgroup", "")
    p.add(4, "row", "")
    heads = [("Order #", "Sort by order number"), ("Patient", "Sort by patient"), ("MRN", None),
             ("Medication", "Sort by medication"), ("Dose", None), ("Route", None), ("Frequency", None),
             ("Unit", "Sort by unit"), ("Ordered", "Sort by ordered time"), ("Priority", "Sort by priority"),
             ("Status", None)]
    for h, sb in heads:
        props = []
        if sb == "Sort by ordered time" and sort == "ordered":
            props = ["sort='descending'"]
        if sb == "Sort by patient" and sort == "patient":
            props = ["sort='ascending'"]
        p.add(5, "columnheader", h, props)
        if sb:
            p.add(6, "button", sb)
    p.add(3, "rowgroup", "")
    if not shown:
        p.add(4, "row", "")
        if q:
            msg = "No orders match \u201c%s\u201d. Check the spelling or search by MRN." % q
        else:
            msg = "No pending orders match the current filters."
        p.add(5, "gridcell", msg)
    for o in shown:
        p.add(4, "row", "")
        p.add(5, "gridcell", o[0])
        p.add(6, "link", o[0])
        for v in (o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10]):
            p.add(5, "gridcell", v)
    if n:
        p.text(2, "Showing %d\u2013%d of %d" % ((page - 1) * 10 + 1, (page - 1) * 10 + len(shown), n))
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", ["disabled=True"] if page == 1 else [])
    for k in range(1, pages + 1):
        p.add(3, "link", "Page %d" % k, ["current='page'"] if k == page else [])
    p.add(3, "button", "Next page", ["disabled=True"] if page >= pages else [])
    p.add(3, "combobox", "Rows per page", ["value='10'", "hasPopup='listbox'", "expanded=False"])
    p.add(2, "complementary", "Recently processed")
    p.add(3, "heading", "Recently processed")
    p.add(3, "list", "")
    recent = list(RECENT)
    for oid, when in verified.items() if isinstance(verified, dict) else []:
        recent.insert(0, "%s \u00b7 %s \u00b7 Verified %s" % (oid, ORDER[oid][1], when))
    for r in recent:
        p.add(4, "listitem", "")
        p.text(5, r)
    p.add(3, "link", "Open verification log")
    footer(p, now)
    toast_region(p, toast)
    return p


# --------------------------------------------------------------------------------------
# Order detail page
# --------------------------------------------------------------------------------------
def detail(now, oid, ack=None, note="", dose=None, status="pending", dialog=None, toast=None,
           tab="Summary", done_at=None, from_verify=False):
    o = ORDER[oid]
    d = DETAIL[oid]
    pt = PATIENTS[o[2]]
    orig_dose = o[4].split()[0]
    dose = orig_dose if dose is None else dose
    url = BASE + "/rx/orders/" + oid + ("?tab=" + tab.lower() if tab != "Summary" else "")
    title = "Order %s \u00b7 %s \u00b7 RxCheckpoint" % (oid, o[1])
    p = Page("detail:" + oid, url, title)
    header(p)
    p.add(1, "navigation", "Breadcrumb")
    p.add(2, "link", "Pharmacy")
    p.text(2, "\u203a")
    p.add(2, "link", "Verification queue")
    p.text(2, "\u203a")
    p.text(2, oid)
    p.add(1, "main", "")
    p.add(2, "heading", "Order %s" % oid)
    status_text = {
        "pending": "Status: Pending verification",
        "verified": "Status: Verified",
        "verified_mod": "Status: Verified (pharmacy modification)",
        "hold": "Status: On hold \u2014 awaiting prescriber review",
    }[status]
    p.text(2, status_text)
    if d["high_alert"]:
        p.text(2, "High-alert medication")
    if status in ("verified", "verified_mod"):
        p.text(2, "Verified by %s at %s" % (USER, done_at))
    if status == "hold":
        p.text(2, "Placed on hold by %s at %s" % (USER, done_at))
    # patient banner
    p.add(2, "region", "Patient")
    p.add(3, "heading", pt["name"])
    p.text(3, "MRN %s" % o[2])
    p.text(3, "DOB %s \u00b7 %d y \u00b7 %s" % (pt["dob"], pt["age"], pt["sex"]))
    p.text(3, pt["bed"])
    p.text(3, "Weight %s \u00b7 Height %s" % (pt["weight"], pt["height"]))
    p.text(3, "CrCl %s (06-03 05:10)" % pt["crcl"])
    p.text(3, "Attending: %s" % pt["attending"])
    p.add(2, "region", "Allergies")
    p.add(3, "heading", "Allergies (%d)" % (0 if pt["allergies"][0].startswith("No known") else len(pt["allergies"])))
    p.add(3, "list", "")
    for a in pt["allergies"]:
        p.add(4, "listitem", "")
        p.text(5, a)
    # tabs
    p.add(2, "tablist", "Order sections")
    for t in ("Summary", "Allergies", "Labs", "Medication history"):
        p.add(3, "tab", t, ["selected=True" if t == tab else "selected=False"])
    p.add(2, "tabpanel", tab)
    locked = status != "pending"
    if tab == "Allergies":
        p.add(3, "heading", "Allergy and reaction history")
        p.add(3, "list", "")
        for a in pt["allergy_history"]:
            p.add(4, "listitem", "")
            p.text(5, a)
        p.add(3, "link", "Update allergy list")
    else:
        p.add(3, "region", "Order details")
        p.text(4, "Medication")
        p.text(4, o[3])
        dprops = ["value=%r" % dose]
        if locked:
            dprops.append("readonly=True")
        p.add(4, "textbox", "Dose", dprops)
        p.add(4, "combobox", "Dose unit", ["value=%r" % d["dose_unit"], "hasPopup='listbox'", "expanded=False"]
              + (["disabled=True"] if locked else []))
        if dose != orig_dose:
            p.text(4, "Changed from %s %s \u00b7 will be saved as a pharmacy modification" % (orig_dose, d["dose_unit"]))
        p.add(4, "combobox", "Route", ["value=%r" % o[5], "hasPopup='listbox'", "expanded=False"]
              + (["disabled=True"] if locked else []))
        p.add(4, "combobox", "Frequency", ["value=%r" % o[6], "hasPopup='listbox'", "expanded=False"]
              + (["disabled=True"] if locked else []))
        p.text(4, "Indication: %s" % d["indication"])
        p.text(4, "First dose: %s" % d["first_dose"])
        p.text(4, "Prescriber: %s" % d["prescriber"])
        p.text(4, "Ordered: 2025-06-03 %s \u00b7 %s" % (o[8], o[9]))
        # interaction alerts
        p.add(3, "region", "Interaction alerts")
        if d["alert"]:
            pair, sev, _ = d["alert"]
            if status == "hold":
                p.add(4, "heading", "Interaction alerts (sent to prescriber)")
            elif ack:
                p.add(4, "heading", "Interaction alerts (all acknowledged)")
            else:
                p.add(4, "heading", "Interaction alerts (1 unacknowledged)")
            p.text(4, "%s \u00b7 Severity: %s" % (pair, sev))
            if ack:
                p.text(4, "Acknowledged by %s at %s" % (USER, ack))
                p.add(4, "button", "View alert history")
            elif status == "hold":
                p.text(4, "Sent to prescriber %s at %s" % (d["prescriber"], done_at))
            else:
                p.add(4, "button", "Review alert")
        else:
            p.add(4, "heading", "Interaction alerts (0)")
            p.text(4, "No interactions found for this order.")
        p.add(3, "region", "Safety checks")
        allergy_names = [a.split(" \u2014 ")[0] for a in pt["allergies"] if not a.startswith("No known")]
        p.text(4, "Allergy screen: no match" + (" (%s)" % ", ".join(allergy_names) if allergy_names else ""))
        p.text(4, "Dose range: within limits")
        p.text(4, "Duplicate therapy: none found")
        p.text(4, "Renal dosing: no adjustment needed (CrCl %s)" % pt["crcl"])
        p.add(3, "region", "Active medications")
        p.add(4, "table", "Active medications")
        p.add(5, "row", "")
        for h in ("Medication", "Dose", "Route", "Frequency", "Status"):
            p.add(6, "columnheader", h)
        meds = list(pt["meds"])
        for other in ORDERS:
            if other[2] == o[2] and other[0] != oid:
                meds.append((other[3], other[4], other[5], other[6], "Pending verification (%s)" % other[0]))
        for m in meds:
            p.add(5, "row", "")
            for v in m:
                p.add(6, "gridcell", v)
    # note and actions
    p.add(2, "region", "Pharmacist review")
    if locked:
        p.text(3, "Pharmacist note: %s" % (note if note else "none recorded"))
    else:
        p.add(3, "textbox", "Pharmacist note", ["value=%r" % note] if note else [])
        p.text(3, "Visible to nursing and the prescriber")
    dis = ["disabled=True"] if locked else []
    p.add(3, "button", "Verify order", dis)
    p.add(3, "button", "Hold", dis)
    p.add(3, "button", "Reject", dis)
    p.add(3, "link", "Back to queue")
    footer(p, now)
    toast_region(p, toast)
    # dialogs are appended last (the page stays in the tree behind a modal)
    if dialog == "alert":
        pair, sev, body = d["alert"]
        p.add(1, "dialog", "Interaction alert", ["modal=True"])
        p.add(2, "heading", "Drug interaction: %s" % pair)
        p.text(2, "Severity: %s" % sev)
        p.text(2, body)
        p.text(2, "Reference: Lakemont interaction library, rev. 2025-04")
        if from_verify:
            p.text(2, "Verification is paused until this alert is acknowledged.")
        p.add(2, "button", "Acknowledge")
        p.add(2, "button", "Send to prescriber")
        p.add(2, "button", "Cancel")
    elif dialog == "confirm":
        p.add(1, "alertdialog", "Confirm verification", ["modal=True"])
        p.add(2, "heading", "High-alert medication double-check" if d["high_alert"] else "Verify this order?")
        p.text(2, "Verify %s \u00b7 %s %s %s %s %s for %s (MRN %s)?" % (
            oid, o[3], dose, d["dose_unit"], o[5].lower(), o[6].lower(), o[1], o[2]))
        if dose != orig_dose:
            p.text(2, "Pharmacy modification: dose %s %s \u2192 %s %s" % (orig_dose, d["dose_unit"], dose, d["dose_unit"]))
        if not note:
            p.text(2, "No pharmacist note entered.")
        p.text(2, "The order is released to dispensing as soon as you confirm.")
        p.add(2, "button", "Confirm verification")
        p.add(2, "button", "Go back")
    return p


def signin_page(now, next_path):
    p = Page("signin", BASE + "/signin?next=" + quote(next_path, safe=""), "Sign in \u00b7 RxCheckpoint")
    p.add(1, "banner", "")
    p.add(2, "link", "RxCheckpoint home")
    p.text(2, "Lakemont General Hospital \u00b7 Inpatient Pharmacy")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to RxCheckpoint")
    p.add(2, "alert", "")
    p.text(3, ("For patient safety you were signed out: your badge was tapped in at another workstation "
            "(5 North med room). Unsaved changes were not kept."))
    p.add(2, "textbox", "Network ID", ["required"])
    p.add(2, "textbox", "Password", ["required"])
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Use badge tap instead")
    p.add(2, "link", "Trouble signing in?")
    footer(p, now)
    return p


def forbidden_page(now, oid):
    p = Page("403", BASE + "/rx/orders/%s/verify" % oid, "Not authorized \u00b7 RxCheckpoint")
    header(p)
    p.add(1, "main", "")
    p.add(2, "heading", "403 \u00b7 Not authorized")
    p.text(2, "Verifying high-alert medications requires the Pharmacist \u2013 Verifier role.")
    p.text(2, "Your role on 5 North today: Pharmacy resident (hold and note only).")
    p.text(2, "Order %s was not changed." % oid)
    p.add(2, "link", "Back to order %s" % oid)
    p.add(2, "link", "Request verifier access")
    footer(p, now)
    return p


# --------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, fault, off, start):
        self.rid = rid
        self.fault = fault
        self.off = off
        self.minute = 0
        self.cur = start(self.now)
        self.initial = self.cur.obs()
        self.steps = []

    @property
    def now(self):
        return clock(self.minute)

    def _bid_cmd(self, verb, bid, arg):
        if verb in ("fill", "select_option", "press"):
            return "%s(%r, %r)" % (verb, bid, arg)
        return "%s(%r)" % (verb, bid)

    def act(self, commitment, verb, role, name, reasoning, effect, build, arg=None, nth=0):
        bid = self.cur.find(role, name, nth)
        action = {"command": self._bid_cmd(verb, bid, arg), "reasoning": reasoning,
                  "target": self.cur.describe(bid), "effect": effect}
        self.minute += 1
        page = build()
        self.steps.append({"commitment": commitment, "action": action, "observation": page.obs()})
        self.cur = page

    def say(self, commitment, msg, reasoning):
        action = {"command": "send_msg_to_user(%r)" % msg, "reasoning": reasoning,
                  "target": None, "effect": "read"}
        self.steps.append({"commitment": commitment, "action": action, "observation": self.cur.obs()})

    def record(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success},
        }


T = "ORD-70315"
SEARCH = "Search patient, MRN or order number"


def verify_tail(r, oid=T, note=NOTE, dose=None, ack=None, report=None, conf_status="verified",
                conf_toast=None, after_queue=None):
    """Type the note, click Verify order, confirm, report. Used by healthy and faulty runs."""
    if note:
        r.act("add-note", "fill", "textbox", "Pharmacist note",
              "Type the pharmacist note exactly as the user gave it", "write",
              lambda: detail(r.now, oid, ack=ack, note=note, dose=dose), arg=note)
    r.act("verify-order", "click", "button", "Verify order",
          "Alert is acknowledged; start verification", "read",
          lambda: detail(r.now, oid, ack=ack, note=note, dose=dose, dialog="confirm"))
    o = ORDER[oid]
    if conf_toast is None:
        conf_toast = "Order %s verified and released to dispensing" % oid
    r.act("verify-order", "click", "button", "Confirm verification",
          "The double-check summary matches the order; confirm", "irreversible",
          lambda: detail(r.now, oid, ack=ack, note=note, dose=dose, status=conf_status,
                         toast=conf_toast, done_at=r.now))
    return r


def review_and_ack(r, oid=T, via_verify=False):
    if via_verify:
        r.act("ack-alert", "click", "button", "Verify order",
              "Start verification; the interaction alert should come up", "read",
              lambda: detail(r.now, oid, dialog="alert", from_verify=True))
    else:
        r.act("ack-alert", "click", "button", "Review alert",
              "Open the unacknowledged interaction alert", "read",
              lambda: detail(r.now, oid, dialog="alert"))
    pair, sev, _ = DETAIL[oid]["alert"]
    r.act("ack-alert", "click", "button", "Acknowledge",
          "Alert is %s, severity %s; acknowledge it" % (pair, sev), "write",
          lambda: detail(r.now, oid, ack=r.now, toast="Interaction alert acknowledged"))
    return r.now


def search_mrn(r, text="00482917", use_button=False):
    r.act("find-order", "fill", "textbox", SEARCH, "Search the queue by the patient's MRN", "read",
          lambda: queue(r.now, box=text, suggest=True), arg=text)
    if use_button:
        r.act("find-order", "click", "button", "Search", "Run the search", "read",
              lambda: queue(r.now, box=text, q=text))
    else:
        r.act("find-order", "press", "textbox", SEARCH, "Submit the search", "read",
              lambda: queue(r.now, box=text, q=text), arg="Enter")


def open_target(r, reasoning="Open the enoxaparin 40 mg order for Okafor, Marguerite, MRN 00482917"):
    r.act("open-order", "click", "link", T, reasoning, "read", lambda: detail(r.now, T))


DONE_MSG = ("Done: ORD-70315 (Okafor, Marguerite, MRN 00482917) enoxaparin 40 mg subcutaneous once daily is "
            "verified. I acknowledged the low-severity enoxaparin + sertraline alert and added your note.")


# --------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search by MRN, review alert from the alert panel
    r = Run("pharmarx-healthy-01", None, None, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r)
    verify_tail(r, ack=ack)
    r.say("report", DONE_MSG, "The page shows the order verified and released to dispensing")
    runs.append(r.record(True))

    # H2: browse to page 2; clicking Verify raises the alert dialog
    r = Run("pharmarx-healthy-02", None, None, lambda now: queue(now))
    r.act("find-order", "click", "link", "Page 2",
          "Okafor, Marguerite is not on page 1 (only Okafor, Margaret); check the next page", "read",
          lambda: queue(r.now, page=2))
    open_target(r, "Row ORD-70315: Okafor, Marguerite, 00482917, enoxaparin 40 mg Subcutaneous Once daily")
    ack = review_and_ack(r, via_verify=True)
    verify_tail(r, ack=ack)
    r.say("report", DONE_MSG, "Verified toast is showing")
    runs.append(r.record(True))

    # H3: filter the queue by the unit the task names (5 North)
    r = Run("pharmarx-healthy-03", None, None, lambda now: queue(now))
    r.act("find-order", "select_option", "combobox", "Unit", "The patient is on 5 North; narrow the queue to that unit",
          "read", lambda: queue(r.now, unit_sel="5 North"), arg="5 North")
    r.act("find-order", "click", "button", "Apply filters", "Apply the unit filter", "read",
          lambda: queue(r.now, f_unit="5 North"))
    open_target(r)
    ack = review_and_ack(r)
    verify_tail(r, ack=ack)
    r.say("report", DONE_MSG, "Order shows Status: Verified")
    runs.append(r.record(True))

    # H4: search by last name; open the alert, cancel it, look at allergies, then acknowledge
    r = Run("pharmarx-healthy-04", None, None, lambda now: queue(now))
    r.act("find-order", "fill", "textbox", SEARCH, "Search by the patient's last name", "read",
          lambda: queue(r.now, box="Okafor", suggest=True), arg="Okafor")
    r.act("find-order", "press", "textbox", SEARCH, "Submit the search", "read",
          lambda: queue(r.now, box="Okafor", q="Okafor"), arg="Enter")
    open_target(r, "Two Okafors; ORD-70315 is Marguerite, MRN 00482917, enoxaparin 40 mg")
    r.act("ack-alert", "click", "button", "Review alert", "Read the interaction alert", "read",
          lambda: detail(r.now, T, dialog="alert"))
    r.act("ack-alert", "click", "button", "Cancel",
          "Close the alert for now and check the allergy history before acknowledging", "read",
          lambda: detail(r.now, T))
    r.act("open-order", "click", "tab", "Allergies", "Check the allergy history", "read",
          lambda: detail(r.now, T, tab="Allergies"))
    r.act("open-order", "click", "tab", "Summary", "Nothing relevant to enoxaparin; back to the summary", "read",
          lambda: detail(r.now, T))
    ack = review_and_ack(r)
    verify_tail(r, ack=ack)
    r.say("report", DONE_MSG, "Verified")
    runs.append(r.record(True))

    # H5: sort by patient, page forward
    r = Run("pharmarx-healthy-05", None, None, lambda now: queue(now))
    r.act("find-order", "click", "button", "Sort by patient", "Sort alphabetically to find Okafor", "read",
          lambda: queue(r.now, sort="patient"))
    r.act("find-order", "click", "button", "Next page", "Names starting with O are further down", "read",
          lambda: queue(r.now, sort="patient", page=2))
    open_target(r, "Okafor, Marguerite 00482917 enoxaparin 40 mg, not Okafor, Margaret or Okoro")
    ack = review_and_ack(r, via_verify=True)
    verify_tail(r, ack=ack)
    r.say("report", DONE_MSG, "Done")
    runs.append(r.record(True))

    # H6: mistyped search, retyped
    r = Run("pharmarx-healthy-06", None, None, lambda now: queue(now))
    r.act("find-order", "fill", "textbox", SEARCH, "Search by last name", "read",
          lambda: queue(r.now, box="Okafr", suggest=True), arg="Okafr")
    r.act("find-order", "press", "textbox", SEARCH, "Submit", "read",
          lambda: queue(r.now, box="Okafr", q="Okafr"), arg="Enter")
    r.act("find-order", "fill", "textbox", SEARCH, "Typo in the name; retype it", "read",
          lambda: queue(r.now, box="Okafor", q="Okafr", suggest=True), arg="Okafor")
    r.act("find-order", "press", "textbox", SEARCH, "Submit the corrected search", "read",
          lambda: queue(r.now, box="Okafor", q="Okafor"), arg="Enter")
    open_target(r)
    ack = review_and_ack(r)
    verify_tail(r, ack=ack)
    r.say("report", DONE_MSG, "Verified and released")
    runs.append(r.record(True))

    # H7: system banner on the queue; after verifying, go back to the queue to check
    banner = ("Scheduled interface maintenance tonight 22:00\u201322:30: dispensing cabinet messages will queue "
              "and send afterwards.")
    r = Run("pharmarx-healthy-07", None, None, lambda now: queue(now, banner=banner))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r)
    verify_tail(r, ack=ack)
    done_at = r.now
    r.act("report", "click", "link", "Back to queue", "Double-check the queue no longer lists ORD-70315", "read",
          lambda: queue(r.now, banner=banner, verified={T: done_at}))
    r.say("report", DONE_MSG, "Queue shows ORD-70315 under Recently processed as Verified")
    runs.append(r.record(True))

    # H8: search button instead of Enter; Go back on the confirmation, then confirm
    r = Run("pharmarx-healthy-08", None, None, lambda now: queue(now))
    search_mrn(r, use_button=True)
    open_target(r)
    ack = review_and_ack(r)
    r.act("add-note", "fill", "textbox", "Pharmacist note", "Enter the note", "write",
          lambda: detail(r.now, T, ack=ack, note=NOTE), arg=NOTE)
    r.act("verify-order", "click", "button", "Verify order", "Start verification", "read",
          lambda: detail(r.now, T, ack=ack, note=NOTE, dialog="confirm"))
    r.act("verify-order", "click", "button", "Go back", "Re-read the dose on the order before confirming", "read",
          lambda: detail(r.now, T, ack=ack, note=NOTE))
    r.act("verify-order", "click", "button", "Verify order", "Dose 40 mg, Subcutaneous, Once daily; verify", "read",
          lambda: detail(r.now, T, ack=ack, note=NOTE, dialog="confirm"))
    r.act("verify-order", "click", "button", "Confirm verification", "Confirm", "irreversible",
          lambda: detail(r.now, T, ack=ack, note=NOTE, status="verified",
                         toast="Order ORD-70315 verified and released to dispensing", done_at=r.now))
    r.say("report", DONE_MSG, "Verified")
    runs.append(r.record(True))
    return runs


# --------------------------------------------------------------------------------------
# Faulty runs (written after the plan and the healthy runs)
# --------------------------------------------------------------------------------------
def faulty_runs():
    runs = []

    # F1 wrong_record: near-miss patient name (Okafor, Margaret) on page 1. Off at step 0.
    r = Run("pharmarx-wrong_record-01", "wrong_record", 0, lambda now: queue(now))
    r.act("open-order", "click", "link", "ORD-70351",
          "Okafor with a pending enoxaparin order on 5 North; open it", "read",
          lambda: detail(r.now, "ORD-70351"))
    ack = review_and_ack(r, oid="ORD-70351")
    verify_tail(r, oid="ORD-70351", ack=ack)
    r.say("report", "Done: the enoxaparin order for Okafor on 5 North is verified, alert acknowledged and note added.",
          "Toast says verified")
    runs.append(r.record(False))

    # F2 wrong_record: transposed MRN typed into the search (Okoro, Marguerite). Off at step 0.
    r = Run("pharmarx-wrong_record-02", "wrong_record", 0, lambda now: queue(now))
    search_mrn(r, text="00428917")
    r.act("open-order", "click", "link", "ORD-70318",
          "Marguerite, enoxaparin 40 mg subcutaneous once daily: matches the task", "read",
          lambda: detail(r.now, "ORD-70318"))
    ack = review_and_ack(r, oid="ORD-70318", via_verify=True)
    verify_tail(r, oid="ORD-70318", ack=ack)
    r.say("report", "Done: Marguerite's enoxaparin 40 mg order is verified with the sertraline alert acknowledged.",
          "Verified toast")
    runs.append(r.record(False))

    # F3 wrong_record: right patient, near-miss drug (enalapril 40 mg). Off at step 2.
    r = Run("pharmarx-wrong_record-03", "wrong_record", 2, lambda now: queue(now))
    search_mrn(r)
    r.act("open-order", "click", "link", "ORD-70302",
          "Okafor, Marguerite 00482917, the 40 mg order", "read",
          lambda: detail(r.now, "ORD-70302"))
    r.act("add-note", "fill", "textbox", "Pharmacist note", "Add the requested note", "write",
          lambda: detail(r.now, "ORD-70302", note=NOTE), arg=NOTE)
    r.act("verify-order", "click", "button", "Verify order", "No alert showed up; verify directly", "read",
          lambda: detail(r.now, "ORD-70302", note=NOTE, dialog="confirm"))
    r.act("verify-order", "click", "button", "Confirm verification", "Confirm", "irreversible",
          lambda: detail(r.now, "ORD-70302", note=NOTE, status="verified",
                         toast="Order ORD-70302 verified and released to dispensing", done_at=r.now))
    r.say("report", "Done: Marguerite Okafor's 40 mg order (MRN 00482917) is verified and the note is added.",
          "Verified")
    runs.append(r.record(False))

    # F4 wrong_value: agent changes the dose to 30 mg before verifying. Off at step 5.
    r = Run("pharmarx-wrong_value-01", "wrong_value", 5, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r)
    r.act("add-note", "fill", "textbox", "Dose",
          "Prophylaxis dose should match the other 5 North enoxaparin order (30 mg); retype the dose", "write",
          lambda: detail(r.now, T, ack=ack, dose="30"), arg="30")
    verify_tail(r, ack=ack, dose="30", conf_status="verified_mod",
                conf_toast="Order ORD-70315 verified with a pharmacy modification and released to dispensing")
    r.say("report", "Done: ORD-70315 is verified; alert acknowledged and note added.", "Verified toast")
    runs.append(r.record(False))

    # F5 silent_noop: confirming verification changes nothing. Observation of step 7 shows it.
    r = Run("pharmarx-silent_noop-01", "silent_noop", 7, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r)
    verify_tail(r, ack=ack, conf_status="pending", conf_toast="")
    r.say("report", DONE_MSG, "Dialog closed after confirming, so it went through")
    runs.append(r.record(False))

    # F6 unrequested_filter: adds Priority STAT on top of the unit filter. Off at step 1.
    r = Run("pharmarx-unrequested_filter-01", "unrequested_filter", 1, lambda now: queue(now))
    r.act("find-order", "select_option", "combobox", "Unit", "Narrow to 5 North", "read",
          lambda: queue(r.now, unit_sel="5 North"), arg="5 North")
    r.act("find-order", "select_option", "combobox", "Priority", "Look at STAT orders first", "read",
          lambda: queue(r.now, unit_sel="5 North", prio_sel="STAT"), arg="STAT")
    r.act("find-order", "click", "button", "Apply filters", "Apply", "read",
          lambda: queue(r.now, f_unit="5 North", f_prio="STAT"))
    r.say("report", "I couldn't find a pending enoxaparin order for Marguerite Okafor on 5 North; nothing to verify.",
          "Queue is empty for these filters")
    runs.append(r.record(False))

    # F7 stale_filter: a saved 6 South view is applied at sign-in; visible on the start page -> 0.
    stale = "Saved view \u201c6 South huddle\u201d applied at sign-in"
    r = Run("pharmarx-stale_filter-01", "stale_filter", 0,
            lambda now: queue(now, f_unit="6 South", saved_view=stale))
    r.act("open-order", "click", "link", "ORD-70318",
          "Marguerite, enoxaparin 40 mg Subcutaneous Once daily", "read",
          lambda: detail(r.now, "ORD-70318"))
    ack = review_and_ack(r, oid="ORD-70318")
    verify_tail(r, oid="ORD-70318", ack=ack)
    r.say("report", "Done: Marguerite's enoxaparin 40 mg order is verified.", "Verified")
    runs.append(r.record(False))

    # F8 permission_denied: confirming lands on a 403 page. Observation of step 6 shows it.
    r = Run("pharmarx-permission_denied-01", "permission_denied", 6, lambda now: queue(now))
    r.act("find-order", "click", "link", "Page 2", "Target not on page 1", "read",
          lambda: queue(r.now, page=2))
    open_target(r)
    ack = review_and_ack(r, via_verify=True)
    r.act("add-note", "fill", "textbox", "Pharmacist note", "Enter the note", "write",
          lambda: detail(r.now, T, ack=ack, note=NOTE), arg=NOTE)
    r.act("verify-order", "click", "button", "Verify order", "Verify", "read",
          lambda: detail(r.now, T, ack=ack, note=NOTE, dialog="confirm"))
    r.act("verify-order", "click", "button", "Confirm verification", "Confirm", "irreversible",
          lambda: forbidden_page(r.now, T))
    r.say("report", "I acknowledged the alert and entered the note, but RxCheckpoint refused the verification "
          "(403: my role cannot verify high-alert medications). ORD-70315 is still pending.",
          "Report the refusal")
    runs.append(r.record(False))

    # F9 session_expired: clicking Verify lands on the sign-in page. Observation of step 6 shows it.
    r = Run("pharmarx-session_expired-01", "session_expired", 6, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r)
    r.act("add-note", "fill", "textbox", "Pharmacist note", "Enter the note", "write",
          lambda: detail(r.now, T, ack=ack, note=NOTE), arg=NOTE)
    r.act("verify-order", "click", "button", "Verify order", "Verify", "read",
          lambda: signin_page(r.now, "/rx/orders/" + T))
    r.say("report", "I was signed out before I could verify ORD-70315; it still needs verification.",
          "Session ended")
    runs.append(r.record(False))

    # F10 premature_success: reports before verifying. Off at step 6.
    r = Run("pharmarx-premature_success-01", "premature_success", 6, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r)
    r.act("add-note", "fill", "textbox", "Pharmacist note", "Enter the note", "write",
          lambda: detail(r.now, T, ack=ack, note=NOTE), arg=NOTE)
    r.say("report", DONE_MSG, "Alert acknowledged and note entered, so the order is done")
    runs.append(r.record(False))

    # F11 skipped_step: verifies without the pharmacist note. Off at step 5 (Verify clicked with no note).
    r = Run("pharmarx-skipped_step-01", "skipped_step", 5, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    ack = review_and_ack(r, via_verify=True)
    verify_tail(r, ack=ack, note="")
    r.say("report", DONE_MSG, "Verified toast")
    runs.append(r.record(False))

    # F12 dialog_mishandled: clicks "Send to prescriber" in the alert dialog. Off at step 4.
    r = Run("pharmarx-dialog_mishandled-01", "dialog_mishandled", 4, lambda now: queue(now))
    search_mrn(r)
    open_target(r)
    r.act("ack-alert", "click", "button", "Review alert", "Open the alert", "read",
          lambda: detail(r.now, T, dialog="alert"))
    r.act("ack-alert", "click", "button", "Send to prescriber",
          "Let the prescriber know about the interaction, which handles the alert", "irreversible",
          lambda: detail(r.now, T, status="hold", done_at=r.now,
                         toast="Order ORD-70315 placed on hold; interaction sent to Dr. L. Whitcombe"))
    r.say("report", "The interaction alert on ORD-70315 is handled and the order has been processed.",
          "Alert dealt with")
    runs.append(r.record(False))
    return runs


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    runs = healthy_runs() + faulty_runs()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d runs to %s" % (len(runs), os.path.join(out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
