#!/usr/bin/env python3
"""Generate the Ledgerly Payroll held-out corpus (workflow `correct-payrun`).

Stdlib only, deterministic. Writes:
  corpus.jsonl                 20 trajectories (8 healthy, 12 faulty)
  plans/correct-payrun.yaml    the plan (written before any faulty run was designed)

Pages follow BrowserGym's flattened AXTree style.
"""
import json
import os
from decimal import Decimal, ROUND_HALF_UP

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://app.ledgerlypayroll.com"
D = Decimal
CENT = D("0.01")


def q(s):
    return repr(s)


def money(x):
    x = D(x).quantize(CENT, ROUND_HALF_UP)
    return "£{:,.2f}".format(x)


def r2(x):
    return D(x).quantize(CENT, ROUND_HALF_UP)


# --------------------------------------------------------------------------------------
# Plan
# --------------------------------------------------------------------------------------
TASK = (
    "Ledgerly Payroll, Harbourline Studio Ltd: correction and approval of pay run PR-2025-11-B "
    "(period 1–15 Nov 2025).\n"
    "1. Open the draft pay run PR-2025-11-B (1–15 Nov 2025) for Harbourline Studio Ltd. Do not use "
    "PR-2025-11-A, which has already been paid, nor the pay run of Harbourline Events Ltd.\n"
    "2. Correct the overtime of Amara Nwachukwu, EMP-0412: 6.5 h overtime, not 5.0 h. Do not amend "
    "Amara Nwachukwu-Bello, EMP-0421.\n"
    "3. On the same pay line, add a one-off payment of type \"Bonus – discretionary\" of £250.00 with the "
    "note \"Q3 client launch cover\". It must not be recurring and must not be booked as \"Bonus – performance\".\n"
    "4. Re-calculate the pay run and review the totals and the validation panel; there must be no errors.\n"
    "5. Approve the pay run. Approval is irreversible and schedules the BACS transfer for 20 Nov 2025. "
    "Report the approved net total to me when done."
)

A = "action"
PLAN = {
    "task": TASK,
    "near_misses": [
        "Amara Nwachukwu-Bello (EMP-0421), Harbourline Studio Ltd",
        "Pay run PR-2025-11-A (16–31 Oct 2025), already paid",
        "Amara Nwachukwu (EMP-0412) and pay run PR-2025-11-B of Harbourline Events Ltd",
        "Payment type Bonus – performance",
    ],
    "plan_falsifiers": {
        "execution": [
            "The Ledgerly Payroll sign-in page is displayed and asks for an email address and password.",
            "Your session has timed out. Please sign in again to continue.",
            "The active company in the header is Harbourline Events Ltd, not Harbourline Studio Ltd.",
        ],
        "skill": [],
        "planning": [],
    },
    "commitments": [
        {
            "id": "open-draft-run",
            "subgoal": "Open the draft pay run PR-2025-11-B for the period 1–15 Nov 2025 in Harbourline Studio Ltd.",
            "skill": "open_record_by_id",
            "confidence": 0.85,
            "confirm": {
                "precondition": [
                    "The Ledgerly Payroll dashboard or the pay runs list of Harbourline Studio Ltd is displayed.",
                ],
                "progress": [
                    "Pay run PR-2025-11-B for 1–15 Nov 2025 is listed with the status Draft.",
                ],
                "completion": [
                    "The page of pay run PR-2025-11-B is open, showing the period 1–15 Nov 2025 and the status Draft.",
                ],
            },
            "falsify": {
                "execution": [
                    "The page of pay run PR-2025-11-A is open; that run was paid on 5 Nov 2025 and is locked.",
                    "Pay run PR-2025-11-B of Harbourline Events Ltd is open instead of the one of Harbourline Studio Ltd.",
                    {"text": "Open pay run PR-2025-11-A.", "on": A},
                    {"text": "Open the pay run of Harbourline Events Ltd or switch the company to Harbourline Events Ltd.", "on": A},
                ],
                "skill": [
                    "No pay runs match the current search or filters.",
                ],
                "planning": [
                    "Pay run PR-2025-11-B has already been approved or paid.",
                ],
            },
        },
        {
            "id": "correct-overtime",
            "subgoal": "Set the overtime of Amara Nwachukwu (EMP-0412) in PR-2025-11-B to 6.5 hours instead of 5.0 hours.",
            "skill": "edit_table_row",
            "confidence": 0.75,
            "confirm": {
                "precondition": [
                    "Pay run PR-2025-11-B lists Amara Nwachukwu, EMP-0412, with 5.0 overtime hours.",
                ],
                "progress": [
                    "The pay line editor for Amara Nwachukwu (EMP-0412) is open with an Overtime hours field.",
                ],
                "completion": [
                    "The pay line of Amara Nwachukwu (EMP-0412) shows 6.5 overtime hours.",
                ],
            },
            "falsify": {
                "execution": [
                    "The pay line editor is open for Amara Nwachukwu-Bello (EMP-0421).",
                    "The pay line of Amara Nwachukwu (EMP-0412) still shows 5.0 overtime hours after it was saved.",
                    {"text": "Edit the pay line of Amara Nwachukwu-Bello, EMP-0421.", "on": A},
                ],
                "skill": [
                    "No employees in this pay run match the search.",
                    "The Overtime hours field is read-only or not present in the pay line editor.",
                ],
                "planning": [
                    "The pay line cannot be edited because the pay run has been paid and is locked.",
                ],
            },
        },
        {
            "id": "add-bonus",
            "subgoal": "Add to the pay line of Amara Nwachukwu (EMP-0412) a one-off payment of type Bonus – discretionary of £250.00 with the note Q3 client launch cover, and save the line.",
            "skill": "fill_form",
            "confidence": 0.7,
            "confirm": {
                "precondition": [
                    "The pay line editor for Amara Nwachukwu (EMP-0412) is open.",
                ],
                "progress": [
                    "A one-off payment row with the type Bonus – discretionary and the amount 250.00 has been entered.",
                ],
                "completion": [
                    "Pay line saved for Amara Nwachukwu (EMP-0412), including a one-off Bonus – discretionary payment of £250.00.",
                ],
            },
            "falsify": {
                "execution": [
                    "The payment type Bonus – performance has been selected.",
                    "The bonus is marked as recurring on every pay run rather than as a one-off payment.",
                    {"text": "Select the payment type Bonus – performance.", "on": A},
                    {"text": "Tick the Recurring (every pay run) checkbox.", "on": A},
                ],
                "skill": [
                    "The Add one-off payment button is not available in the pay line editor.",
                ],
                "planning": [
                    "One-off payments cannot be added to this pay run.",
                ],
            },
        },
        {
            "id": "recalculate-review",
            "subgoal": "Re-calculate pay run PR-2025-11-B and review the totals and the validation panel before approval.",
            "skill": "run_calculation",
            "confidence": 0.7,
            "confirm": {
                "precondition": [
                    "The pay run states that the totals are out of date and must be re-calculated.",
                ],
                "progress": [
                    "The totals of the pay run have been updated.",
                ],
                "completion": [
                    "Pay run PR-2025-11-B has been re-calculated; the validation panel shows 0 errors.",
                ],
            },
            "falsify": {
                "execution": [
                    "Re-calculation failed and the totals were not updated.",
                    "The validation panel reports one or more errors.",
                ],
                "skill": [
                    "The Re-calculate button is not available on the pay run page.",
                ],
                "planning": [
                    "The overtime entered exceeds the approved timesheet.",
                ],
            },
        },
        {
            "id": "approve-run",
            "subgoal": "Approve pay run PR-2025-11-B after confirming the totals; approval is irreversible and schedules the BACS transfer for 20 Nov 2025.",
            "skill": "confirm_dialog",
            "confidence": 0.8,
            "confirm": {
                "precondition": [
                    "The Approve pay run button is enabled.",
                ],
                "progress": [
                    "The approval dialog for PR-2025-11-B asks me to confirm that the totals are correct.",
                ],
                "completion": [
                    "Pay run PR-2025-11-B is approved and the BACS transfer is scheduled for 20 Nov 2025.",
                ],
            },
            "falsify": {
                "execution": [
                    "The Approve pay run button is disabled.",
                    {"text": "Approve pay run PR-2025-11-A.", "on": A},
                ],
                "skill": [
                    "You do not have permission to approve pay runs for this company.",
                ],
                "planning": [
                    "The approval dialog shows totals that do not include the corrected overtime and the bonus.",
                ],
            },
        },
    ],
}


def ystr(s):
    return json.dumps(s, ensure_ascii=False)


def yaml_plan(plan):
    out = ["# Plan for Ledgerly Payroll workflow correct-payrun.",
           "# Written by the reviewing accountant before any faulty run was designed; not tuned afterwards.",
           "task: " + ystr(plan["task"]),
           "near_misses:"]
    out += ["  - " + ystr(n) for n in plan["near_misses"]]

    def items(lst, ind):
        res = []
        if not lst:
            return [" []"]
        for it in lst:
            if isinstance(it, dict):
                res.append("\n" + " " * ind + "- text: " + ystr(it["text"]))
                res.append("\n" + " " * ind + '  "on": ' + it["on"])
            else:
                res.append("\n" + " " * ind + "- " + ystr(it))
        return res

    out.append("plan_falsifiers:")
    for k in ("execution", "skill", "planning"):
        out.append("  " + k + ":" + "".join(items(plan["plan_falsifiers"][k], 4)))
    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + ystr(c["subgoal"]))
        out.append("    skill: " + c["skill"])
        out.append("    confidence: " + str(c["confidence"]))
        out.append("    confirm:")
        for k in ("precondition", "progress", "completion"):
            out.append("      " + k + ":" + "".join(items(c["confirm"][k], 8)))
        out.append("    falsify:")
        for k in ("execution", "skill", "planning"):
            out.append("      " + k + ":" + "".join(items(c["falsify"][k], 8)))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
ENT = {
    "studio": {"name": "Harbourline Studio Ltd", "slug": "harbourline-studio", "bank": "Barclays ••••4471",
               "paye": "120/HS48213"},
    "events": {"name": "Harbourline Events Ltd", "slug": "harbourline-events", "bank": "Monzo Business ••••9028",
               "paye": "120/HE77190"},
}

# id, name, role, hourly rate, regular hours, overtime hours, pension eligible, note
STUDIO = [
    ("EMP-0398", "Oliver Brennan", "Studio manager", "24.60", "82.5", "0.0", True, ""),
    ("EMP-0401", "Sofia Marchetti", "Senior designer", "24.00", "82.5", "2.0", True, ""),
    ("EMP-0404", "Daniel Okafor", "Production coordinator", "19.75", "82.5", "0.0", True, "Student loan plan 2"),
    ("EMP-0407", "Hannah Lindqvist", "Motion designer", "22.40", "82.5", "3.0", True, ""),
    ("EMP-0409", "Tomasz Wójcik", "Workshop technician", "17.60", "82.5", "4.5", True, ""),
    ("EMP-0412", "Amara Nwachukwu", "Studio design assistant", "18.50", "82.5", "5.0", True,
     "Tax code changed — previous run failed validation"),
    ("EMP-0415", "Grace Adeyemi", "Account manager", "20.10", "82.5", "0.0", True, ""),
    ("EMP-0418", "Liam Fitzgerald", "Junior technician", "15.90", "60.0", "1.5", True, ""),
    ("EMP-0421", "Amara Nwachukwu-Bello", "Print production lead", "21.00", "82.5", "5.0", True,
     "Bank details rejected in October, fixed"),
    ("EMP-0424", "Mei Chen", "Junior designer", "16.80", "82.5", "0.0", False, "Not eligible for pension until Dec"),
    ("EMP-0427", "Rahul Menon", "Creative director", "26.50", "82.5", "0.0", True, ""),
    ("EMP-0430", "Chloe Dubois", "Illustrator", "18.00", "60.0", "2.5", True, ""),
    ("EMP-0433", "Kwame Asante", "Finance assistant", "19.20", "82.5", "0.0", True, ""),
    ("EMP-0436", "Isla MacLeod", "Set builder", "17.25", "82.5", "3.5", True, ""),
    ("EMP-0439", "Jonas Becker", "Developer", "23.10", "82.5", "0.0", True, ""),
    ("EMP-0442", "Niamh O'Sullivan", "Studio assistant", "16.50", "45.0", "1.0", True, "Maternity return 3 Nov"),
    ("EMP-0445", "Yusuf Demir", "Photographer", "20.75", "82.5", "0.0", True, ""),
    ("EMP-0448", "Beatriz Santos", "Retoucher", "18.90", "82.5", "2.0", True, ""),
    ("EMP-0451", "Ethan Clarke", "Apprentice", "15.75", "82.5", "0.0", False, "Apprentice, not eligible for pension until Dec"),
    ("EMP-0454", "Freya Holm", "Producer", "22.00", "82.5", "0.0", True, ""),
    ("EMP-0457", "Marcus Reid", "Workshop lead", "19.40", "82.5", "6.0", True, "Overtime approved by J. Patel"),
    ("EMP-0460", "Zainab Rahman", "Office coordinator", "17.10", "82.5", "0.0", True, ""),
    ("EMP-0463", "Patrick Doyle", "Technical director", "24.80", "82.5", "1.0", True, ""),
    ("EMP-0466", "Lucia Romero", "Receptionist", "16.95", "60.0", "0.0", True, ""),
]

EVENTS = [
    ("EMP-0402", "Callum Hughes", "Event crew", "14.00", "40.0", "3.0", True, ""),
    ("EMP-0406", "Priyanka Shah", "Event producer", "21.50", "82.5", "0.0", True, ""),
    ("EMP-0411", "Owen Price", "Rigger", "16.20", "60.0", "4.0", True, ""),
    ("EMP-0412", "Amara Nwachukwu", "Event crew (casual)", "14.00", "40.0", "5.0", True,
     "Second employment, tax code BR"),
    ("EMP-0416", "Sasha Ivanova", "Event crew", "14.00", "32.0", "2.0", False, "Not eligible for pension"),
    ("EMP-0420", "Tom Gallagher", "Lighting technician", "18.30", "82.5", "6.5", True, ""),
    ("EMP-0425", "Aisha Bello", "Event coordinator", "19.00", "82.5", "0.0", True, ""),
    ("EMP-0429", "Ruben Costa", "Event crew", "14.00", "24.0", "0.0", False, ""),
    ("EMP-0434", "Elin Berg", "Hospitality lead", "17.40", "60.0", "1.0", True, ""),
]

# PR-2025-11-A (paid): same roster, previous period overtime
PAID_A_OT = {"EMP-0412": "3.0", "EMP-0421": "4.0", "EMP-0457": "5.0", "EMP-0409": "2.0", "EMP-0401": "1.0"}


def calc_line(rate, reg, ot, bonus, pension):
    rate, reg, ot = D(rate), D(reg), D(ot)
    gross = r2(rate * reg) + r2(rate * D("1.5") * ot) + D(bonus)
    tax = r2(max(D(0), gross - D("523.75")) * D("0.20"))
    ni = r2(max(D(0), gross - D("521.00")) * D("0.08"))
    pen = r2(gross * D("0.05")) if pension else D(0)
    ded = tax + ni + pen
    er_ni = r2(max(D(0), gross - D("208.33")) * D("0.15"))
    er_pen = r2(gross * D("0.03")) if pension else D(0)
    return {"gross": gross, "ded": ded, "net": gross - ded, "er": er_ni + er_pen}


def roster(entity):
    return STUDIO if entity == "studio" else EVENTS


def run_lines(entity, ot_map, bonus_map):
    lines = []
    for (eid, name, job, rate, reg, ot, pen, note) in roster(entity):
        o = ot_map.get(eid, ot)
        b = bonus_map.get(eid, "0")
        c = calc_line(rate, reg, o, b, pen)
        lines.append(dict(id=eid, name=name, job=job, rate=rate, reg=reg, ot=o, pension=pen, note=note, **c))
    return lines


def totals(lines):
    t = {k: sum((l[k] for l in lines), D(0)) for k in ("gross", "ded", "net", "er")}
    t["cost"] = t["gross"] + t["er"]
    return t


# --------------------------------------------------------------------------------------
# Page builder
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, url, title, start=1):
        self.url, self.title = url, title
        self.lines = ["RootWebArea %s, focused, url=%s" % (q(title), q(url))]
        self.n = start
        self.nodes = {}  # bid -> (role, name)

    def node(self, depth, role, name="", value=None, props=()):
        bid = str(self.n)
        self.n += 1
        s = "\t" * depth + "[%s] %s %s" % (bid, role, q(name))
        if value is not None:
            s += " value=%s" % q(value)
        for p in props:
            s += ", " + p
        self.lines.append(s)
        self.nodes[bid] = (role, name)
        return bid

    def text(self, depth, t):
        self.n += 1  # static text consumes an id in the DOM but is printed without one
        self.lines.append("\t" * depth + "StaticText %s" % q(t))

    def find(self, role, name):
        for bid, rn in self.nodes.items():
            if rn == (role, name):
                return bid
        raise KeyError("%s %r not on page %s" % (role, name, self.url))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def ent_url(st, path=""):
    return "%s/c/%s%s" % (BASE, ENT[st["entity"]]["slug"], path)


def chrome(p, st, crumbs):
    ent = ENT[st["entity"]]
    p.node(1, "banner", "")
    p.node(2, "link", "Ledgerly Payroll", props=["url=%s" % q(ent_url(st, "/dashboard"))])
    sw_open = st.get("switcher_open", False)
    p.node(2, "button", "Company: %s" % ent["name"], props=["hasPopup='listbox'", "expanded=%s" % sw_open])
    if sw_open:
        p.node(3, "listbox", "Switch company")
        for k in ("studio", "events"):
            p.node(4, "option", ENT[k]["name"], props=["selected=%s" % (k == st["entity"])])
    p.node(2, "searchbox", "Search Ledgerly Payroll", value=st.get("gsearch") or None)
    p.node(2, "button", "Notifications (3)", props=["expanded=False"])
    p.node(2, "button", "Help")
    p.node(2, "button", "User menu: Priya Raman", props=["hasPopup='menu'", "expanded=False"])
    p.node(1, "navigation", "Main")
    for label, path in (("Dashboard", "/dashboard"), ("Employees", "/employees"), ("Pay runs", "/payruns"),
                        ("Timesheets", "/timesheets"), ("Deductions", "/deductions"), ("Payslips", "/payslips"),
                        ("Reports", "/reports"), ("Settings", "/settings")):
        p.node(2, "link", label, props=["url=%s" % q(ent_url(st, path))])
    if crumbs:
        p.node(1, "navigation", "Breadcrumb")
        for label, path in crumbs[:-1]:
            p.node(2, "link", label, props=["url=%s" % q(ent_url(st, path))])
        p.text(2, crumbs[-1][0])


def footer(p, st):
    p.node(1, "contentinfo", "")
    p.text(2, "© 2025 Ledgerly Ltd · Ledgerly Payroll 4.18.2 · HMRC RTI recognised software")
    p.node(2, "link", "Help centre", props=["url='https://help.ledgerlypayroll.com/'"])
    p.node(2, "link", "System status", props=["url='https://status.ledgerlypayroll.com/'"])
    p.node(2, "link", "Privacy", props=["url='https://ledgerlypayroll.com/privacy'"])
    p.text(2, "Signed in as priya.raman@harbourline.co.uk (Payroll administrator). "
              "For security, sessions expire after 30 minutes of inactivity.")


def toast(p, st):
    if st.get("toast"):
        p.node(1, "status", "")
        p.text(2, st["toast"])
        p.node(2, "button", "Dismiss notification")


# ---------------- dashboard ----------------
def page_dashboard(st):
    ent = ENT[st["entity"]]
    p = Page(ent_url(st, "/dashboard"), "Dashboard · %s · Ledgerly Payroll" % ent["name"], start=11)
    chrome(p, st, [("Dashboard", "/dashboard")])
    toast(p, st)
    p.node(1, "main", "")
    p.node(2, "heading", "Good morning, Priya")
    p.text(2, "%s · Tax year 2025/26 · PAYE reference %s" % (ent["name"], ent["paye"]))
    p.node(2, "alert", "")
    p.text(3, "Approve PR-2025-11-B by 18 Nov 2025, 17:00 to pay employees on 20 Nov 2025. "
              "Runs approved later are paid the next working day.")
    lines = run_lines(st["entity"], {}, {})
    t = totals(lines)
    p.node(2, "region", "Next pay run")
    p.node(3, "heading", "PR-2025-11-B · 1–15 Nov 2025")
    p.text(3, "Draft · %d employees · Pay date 20 Nov 2025" % len(lines))
    p.text(3, "Estimated gross %s · Estimated net %s" % (money(t["gross"]), money(t["net"])))
    p.node(3, "link", "Open pay run PR-2025-11-B", props=["url=%s" % q(ent_url(st, "/payruns/PR-2025-11-B"))])
    p.node(2, "region", "Last pay run")
    p.node(3, "heading", "PR-2025-11-A · 16–31 Oct 2025")
    ta = totals(run_lines(st["entity"], PAID_A_OT, {}))
    p.text(3, "Paid 5 Nov 2025 · %d employees · Net %s · BACS transfer completed" % (len(lines), money(ta["net"])))
    p.node(3, "link", "View pay run PR-2025-11-A", props=["url=%s" % q(ent_url(st, "/payruns/PR-2025-11-A"))])
    p.node(2, "region", "Needs attention")
    p.node(3, "list", "")
    for txt, path in (("Timesheets awaiting approval (3)", "/timesheets?status=submitted"),
                      ("Validation warnings in PR-2025-11-B (3)", "/payruns/PR-2025-11-B?tab=validation"),
                      ("Tax code changed for Amara Nwachukwu (EMP-0412) — previous run failed validation",
                       "/employees/EMP-0412"),
                      ("P45 not yet issued for a leaver (Oct 2025)", "/employees?status=leaver")):
        p.node(4, "listitem", "")
        p.node(5, "link", txt, props=["url=%s" % q(ent_url(st, path))])
    p.node(2, "region", "Recent activity")
    p.node(3, "list", "")
    for txt in ("12 Nov, 09:14 — Priya Raman imported timesheets into PR-2025-11-B",
                "11 Nov, 16:40 — Jo Patel amended timesheet TS-2025-1107 (Amara Nwachukwu, EMP-0412)",
                "29 Oct, 10:02 — Bank details for Amara Nwachukwu-Bello (EMP-0421) rejected in October, fixed",
                "5 Nov, 06:30 — PR-2025-11-A paid: BACS transfer completed",
                "4 Nov, 15:12 — Mei Chen (EMP-0424): not eligible for pension until Dec 2025",
                "3 Nov, 11:20 — Harbourline Events Ltd: PR-2025-11-B created by Jo Patel"):
        p.node(4, "listitem", "")
        p.text(5, txt)
    footer(p, st)
    return p


# ---------------- pay runs list ----------------
RUNS = [
    ("PR-2025-11-B", "1–15 Nov 2025", "20 Nov 2025", "Draft"),
    ("PR-2025-11-A", "16–31 Oct 2025", "5 Nov 2025", "Paid"),
    ("PR-2025-10-X1", "Off-cycle: back pay (Oct 2025)", "24 Oct 2025", "Paid"),
    ("PR-2025-10-B", "1–15 Oct 2025", "20 Oct 2025", "Paid"),
    ("PR-2025-10-A", "16–30 Sep 2025", "3 Oct 2025", "Paid"),
    ("PR-2025-09-B", "1–15 Sep 2025", "19 Sep 2025", "Paid"),
    ("PR-2025-09-A", "16–31 Aug 2025", "5 Sep 2025", "Paid"),
    ("PR-2025-08-B", "1–15 Aug 2025", "20 Aug 2025", "Paid"),
]
HIST = {"PR-2025-10-X1": ("2", "1,184.20", "913.62"), "PR-2025-10-B": ("23", "41,206.55", "31,442.19"),
        "PR-2025-10-A": ("23", "40,118.90", "30,702.44"), "PR-2025-09-B": ("23", "40,877.35", "31,190.08"),
        "PR-2025-09-A": ("22", "38,950.10", "29,811.73"), "PR-2025-08-B": ("22", "39,402.65", "30,126.57")}


def page_payruns(st):
    ent = ENT[st["entity"]]
    flt = st.get("flt_status")  # displayed filter
    srch = st.get("run_search_shown", "")
    url = ent_url(st, "/payruns")
    qs = []
    if flt:
        qs.append("status=" + flt.lower())
    if srch:
        qs.append("q=" + srch)
    if st.get("runs_sort"):
        qs.append("sort=" + st["runs_sort"])
    if qs:
        url += "?" + "&".join(qs)
    p = Page(url, "Pay runs · %s · Ledgerly Payroll" % ent["name"], start=11)
    chrome(p, st, [("Dashboard", "/dashboard"), ("Pay runs", "/payruns")])
    toast(p, st)
    p.node(1, "main", "")
    p.node(2, "heading", "Pay runs")
    p.node(2, "button", "New pay run")
    p.node(2, "button", "New off-cycle run")
    p.node(2, "searchbox", "Search pay runs", value=st.get("run_search_typed") or None)
    p.node(2, "group", "Filter by status")
    for s in ("All", "Draft", "Approved", "Paid"):
        p.node(3, "button", s, props=["pressed=%s" % ((flt or "All") == s)])
    p.node(2, "combobox", "Pay schedule", value="Semi-monthly (1st–15th, 16th–end)",
           props=["hasPopup='menu'", "expanded=False"])
    chips = []
    if flt:
        chips.append("Status: %s" % flt)
    if srch:
        chips.append("Search: %s" % srch)
    if chips:
        p.text(2, "Active filters:")
        for c in chips:
            p.node(2, "button", "Remove filter %s" % c)
        p.node(2, "button", "Clear all filters")
    rows = []
    lines_b = run_lines(st["entity"], {}, {})
    for rid, period, paydate, status in RUNS:
        if rid == "PR-2025-11-B":
            t = totals(lines_b)
            n, g, ne = str(len(lines_b)), money(t["gross"]), money(t["net"])
        elif rid == "PR-2025-11-A":
            t = totals(run_lines(st["entity"], PAID_A_OT, {}))
            n, g, ne = str(len(lines_b)), money(t["gross"]), money(t["net"])
        else:
            h = HIST[rid]
            n, g, ne = h[0], "£" + h[1], "£" + h[2]
        shown_status = st.get("rows_status", flt)  # what the table really holds (may lag the chips)
        if shown_status and status != shown_status:
            continue
        if srch and srch.lower() not in rid.lower():
            continue
        rows.append((rid, period, paydate, n, g, ne, status))
    if st.get("runs_sort") == "paydate-asc":
        rows = rows[::-1]
    p.node(2, "table", "Pay runs")
    p.node(3, "row", "")
    for h in ("Pay run", "Period", "Pay date", "Employees", "Gross pay", "Net pay", "Status", "Actions"):
        p.node(4, "columnheader", h)
        if h == "Pay date":
            p.node(5, "button", "Sort by pay date", props=["pressed=%s" % bool(st.get("runs_sort"))])
    if not rows:
        p.node(3, "row", "")
        p.node(4, "cell", "No pay runs match the current search or filters.")
    for rid, period, paydate, n, g, ne, status in rows:
        p.node(3, "row", "")
        p.node(4, "cell", "")
        p.node(5, "link", rid, props=["url=%s" % q(ent_url(st, "/payruns/" + rid))])
        for c in (period, paydate, n, g, ne, status):
            p.node(4, "cell", c)
        p.node(4, "cell", "")
        p.node(5, "button", "Actions for %s" % rid, props=["hasPopup='menu'", "expanded=False"])
    p.node(2, "navigation", "Pagination")
    total = 46 if not (flt or srch) else len(rows)
    p.text(3, "Showing %d–%d of %d pay runs" % (1 if rows else 0, len(rows), total))
    p.node(3, "button", "Previous page", props=["disabled=True"])
    p.node(3, "button", "Next page", props=["disabled=%s" % (total <= len(rows))])
    footer(p, st)
    return p


# ---------------- global search results ----------------
def page_search(st):
    ent = ENT[st["entity"]]
    term = st["gsearch"]
    p = Page(ent_url(st, "/search?q=" + term.replace(" ", "+")), "Search: %s · Ledgerly Payroll" % term, start=11)
    chrome(p, st, [("Dashboard", "/dashboard"), ("Search results", "/search")])
    p.node(1, "main", "")
    p.node(2, "heading", "Results for “%s”" % term)
    p.text(2, "Searching all companies you can access (2). Results from other companies are labelled.")
    p.node(2, "list", "Search results")
    res = []
    if term.startswith("PR-"):
        res = [("Pay run PR-2025-11-B · Harbourline Studio Ltd · 1–15 Nov 2025 · Draft",
                "/c/harbourline-studio/payruns/PR-2025-11-B"),
               ("Pay run PR-2025-11-B · Harbourline Events Ltd · 1–15 Nov 2025 · Draft",
                "/c/harbourline-events/payruns/PR-2025-11-B"),
               ("Pay run PR-2025-11-A · Harbourline Studio Ltd · 16–31 Oct 2025 · Paid",
                "/c/harbourline-studio/payruns/PR-2025-11-A"),
               ("Pay run PR-2025-11-A · Harbourline Events Ltd · 16–31 Oct 2025 · Paid",
                "/c/harbourline-events/payruns/PR-2025-11-A")]
    for name, path in res:
        p.node(3, "listitem", "")
        p.node(4, "link", name, props=["url=%s" % q(BASE + path)])
    p.text(2, "%d results" % len(res))
    footer(p, st)
    return p


# ---------------- sign-in ----------------
def page_signin(st):
    p = Page(BASE + "/signin?next=%2Fc%2F" + ENT[st["entity"]]["slug"] + "%2Fpayruns%2FPR-2025-11-B",
             "Sign in · Ledgerly Payroll", start=5)
    p.node(1, "banner", "")
    p.node(2, "link", "Ledgerly Payroll", props=["url='https://ledgerlypayroll.com/'"])
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to Ledgerly Payroll")
    p.node(2, "alert", "")
    p.text(3, "Your session has timed out. Please sign in again to continue. Unsaved changes may have been lost.")
    p.node(2, "textbox", "Email address", value=st.get("signin_email") or None, props=["required"])
    p.node(2, "textbox", "Password", props=["required"])
    p.node(2, "checkbox", "Keep me signed in on this device", props=["checked=False"])
    p.node(2, "button", "Sign in")
    p.node(2, "link", "Forgot password?", props=["url=%s" % q(BASE + "/password-reset")])
    p.node(2, "link", "Sign in with SSO", props=["url=%s" % q(BASE + "/sso")])
    p.node(1, "contentinfo", "")
    p.text(2, "© 2025 Ledgerly Ltd · Privacy · Terms")
    return p


# ---------------- pay run page ----------------
def run_state(st, entity=None):
    entity = entity or st["entity"]
    return st["runs"][entity]


def page_payrun(st):
    ent = ENT[st["entity"]]
    rid = st["run"]
    paid = rid == "PR-2025-11-A"
    rs = run_state(st)
    if paid:
        shown_lines = run_lines(st["entity"], PAID_A_OT, {})
        calc_lines = shown_lines
        status = "Paid"
    else:
        # displayed hours follow the saved values; money follows the last calculation
        calc_lines = run_lines(st["entity"], rs["calc_ot"], rs["calc_bonus"])
        shown_lines = []
        for l in calc_lines:
            l = dict(l)
            l["ot"] = rs["ot"].get(l["id"], l["ot"])
            l["changed"] = (rs["ot"].get(l["id"]) != rs["calc_ot"].get(l["id"])
                            or rs["bonus"].get(l["id"]) != rs["calc_bonus"].get(l["id"]))
            shown_lines.append(l)
        status = rs["status"]
    t = totals(calc_lines)
    url = ent_url(st, "/payruns/" + rid)
    if st.get("emp_search"):
        url += "?q=" + st["emp_search"].replace(" ", "+")
    if st.get("sort"):
        url += ("&" if "?" in url else "?") + "sort=" + st["sort"]
    p = Page(url, "%s · Pay runs · %s · Ledgerly Payroll" % (rid, ent["name"]), start=11)
    chrome(p, st, [("Dashboard", "/dashboard"), ("Pay runs", "/payruns"), (rid, "/payruns/" + rid)])
    toast(p, st)
    p.node(1, "main", "")
    p.node(2, "heading", "Pay run %s" % rid)
    period = "16–31 Oct 2025" if paid else "1–15 Nov 2025"
    paydate = "5 Nov 2025" if paid else "20 Nov 2025"
    p.text(2, "%s · Period %s · Pay date %s · Semi-monthly" % (ent["name"], period, paydate))
    p.text(2, "Status: %s" % status)
    dirty = (not paid) and any(l.get("changed") for l in shown_lines)
    if paid:
        p.node(2, "alert", "")
        p.text(3, "This pay run was paid on 5 Nov 2025 and is locked. Corrections must be made in a later pay run.")
    elif st.get("banner"):
        p.node(2, "alert", "")
        p.text(3, st["banner"])
    elif dirty and status == "Draft":
        p.node(2, "alert", "")
        p.text(3, "Totals are out of date. Re-calculate the pay run before approving.")
    p.node(2, "toolbar", "Pay run actions")
    if paid or status == "Approved":
        p.node(3, "button", "Download payslips")
        p.node(3, "button", "View BACS schedule")
        p.node(3, "button", "Export CSV")
    else:
        if not st.get("no_recalc_button"):
            p.node(3, "button", "Re-calculate")
        can_approve = (not dirty) and rs.get("recalculated") and not st.get("approve_blocked")
        if st.get("banner_leaves_approve"):
            can_approve = True
        p.node(3, "button", "Approve pay run", props=[] if can_approve else ["disabled=True"])
        p.node(3, "button", "Export CSV")
        p.node(3, "button", "More actions", props=["hasPopup='menu'", "expanded=%s" % bool(st.get("more_open"))])
        if st.get("more_open"):
            p.node(4, "menu", "More actions")
            for m in ("Duplicate pay run", "Download draft payslips", "Add employee to run", "Delete draft"):
                p.node(5, "menuitem", m)
    if not paid:
        p.text(2, "Previous run:")
        p.node(2, "link", "PR-2025-11-A (paid 5 Nov 2025)", props=["url=%s" % q(ent_url(st, "/payruns/PR-2025-11-A"))])
    # totals
    p.node(2, "region", "Totals")
    p.node(3, "heading", "Totals")
    for lab, key in (("Gross pay", "gross"), ("Employee deductions", "ded"), ("Net pay", "net"),
                     ("Employer NI and pension", "er"), ("Total employer cost", "cost")):
        p.text(3, "%s %s" % (lab, money(t[key])))
    if paid:
        p.text(3, "BACS transfer of %s completed on 5 Nov 2025 from %s" % (money(t["net"]), ent["bank"]))
    else:
        p.text(3, "Last calculated %s" % rs["calc_when"])
        if dirty:
            p.text(3, "Totals do not include 1 changed line.")
    # tabs
    p.node(2, "tablist", "Pay run sections")
    n = len(shown_lines)
    warn = 3 if st["entity"] == "studio" else 1
    for tname in ("Employees (%d)" % n, "Timesheets", "Deductions", "Validation (%d)" % warn, "History"):
        p.node(3, "tab", tname, props=["selected=%s" % tname.startswith("Employees")])
    p.node(2, "tabpanel", "Employees (%d)" % n)
    p.node(3, "searchbox", "Search employees in this pay run", value=st.get("emp_search") or None)
    rows = shown_lines
    if st.get("emp_search"):
        s = st["emp_search"].lower()
        rows = [l for l in rows if s in l["name"].lower() or s in l["id"].lower()]
    srt = st.get("sort")
    if srt == "name":
        rows = sorted(rows, key=lambda l: l["name"])
    elif srt == "ot-desc":
        rows = sorted(rows, key=lambda l: (-D(l["ot"]), l["id"]))
    page_rows = rows[:10]
    if st.get("emp_search"):
        p.text(3, "%d of %d employees match “%s”" % (len(rows), n, st["emp_search"]))
    p.node(3, "table", "Pay run lines")
    p.node(4, "row", "")
    for h, sortname in (("Employee", "Sort by employee"), ("ID", None), ("Regular h", None),
                        ("Overtime h", "Sort by overtime hours"), ("Gross pay", "Sort by gross pay"),
                        ("Deductions", None), ("Net pay", "Sort by net pay"), ("Notes", None),
                        ("Line status", None), ("Actions", None)):
        p.node(5, "columnheader", h)
        if sortname:
            on = srt is not None and {"Sort by employee": "name", "Sort by overtime hours": "ot-desc"}.get(sortname) == srt
            p.node(6, "button", sortname, props=["pressed=%s" % on])
    for l in page_rows:
        p.node(4, "row", "")
        p.node(5, "cell", l["name"])
        p.node(5, "cell", l["id"])
        p.node(5, "cell", l["reg"])
        p.node(5, "cell", l["ot"])
        p.node(5, "cell", money(l["gross"]))
        p.node(5, "cell", money(l["ded"]))
        p.node(5, "cell", money(l["net"]))
        note = l["note"]
        bd = {} if paid else rs.get("bonus_detail", {})
        if l["id"] in bd:
            ptype, amt, bnote, rec = bd[l["id"]]
            add = "%s: %s %s%s" % ("Recurring" if rec else "One-off", ptype, money(amt),
                                   " (%s)" % bnote if bnote else "")
            note = note + " · " + add if note else add
        p.node(5, "cell", note)
        if paid:
            p.node(5, "cell", "Paid")
            p.node(5, "cell", "")
            p.node(6, "button", "View payslip for %s (%s)" % (l["name"], l["id"]))
        else:
            p.node(5, "cell", "Changed — not calculated" if l.get("changed") else
                   ("Approved" if status == "Approved" else "Calculated"))
            p.node(5, "cell", "")
            if status == "Approved":
                p.node(6, "button", "View payslip for %s (%s)" % (l["name"], l["id"]))
            else:
                p.node(6, "button", "Edit line for %s (%s)" % (l["name"], l["id"]))
    if not page_rows:
        p.node(4, "row", "")
        p.node(5, "cell", "No employees in this pay run match the search.")
    p.node(4, "row", "")
    p.node(5, "cell", "Run total (%d employees)" % n)
    p.node(5, "cell", money(t["gross"]))
    p.node(5, "cell", money(t["ded"]))
    p.node(5, "cell", money(t["net"]))
    p.node(3, "navigation", "Pagination")
    p.text(4, "Showing %d–%d of %d employees" % (1 if page_rows else 0, len(page_rows), len(rows)))
    p.node(4, "button", "Previous page", props=["disabled=True"])
    pages = (len(rows) + 9) // 10
    for i in range(1, pages + 1):
        p.node(4, "button", "Page %d" % i, props=["pressed=%s" % (i == 1)])
    p.node(4, "button", "Next page", props=["disabled=%s" % (pages <= 1)])
    p.node(4, "combobox", "Rows per page", value="10", props=["hasPopup='menu'", "expanded=False"])
    # validation panel
    p.node(2, "region", "Validation")
    p.node(3, "heading", "Validation")
    errs = rs.get("errors", []) if not paid else []
    if st["entity"] == "studio":
        warns = [
            "Warning: Amara Nwachukwu (EMP-0412) — tax code changed to 1257L M1 on 3 Nov 2025; "
            "previous run failed validation (resolved 4 Nov).",
            "Warning: Mei Chen (EMP-0424) and Ethan Clarke (EMP-0451) — not eligible for pension until Dec 2025; "
            "no pension deduction applied.",
            "Warning: Amara Nwachukwu-Bello (EMP-0421) — bank details rejected in October, fixed 29 Oct 2025; "
            "first payment to the new account.",
        ]
    else:
        warns = ["Warning: Amara Nwachukwu (EMP-0412) — second employment, tax code BR applied."]
    p.text(3, "%d error%s · %d warnings" % (len(errs), "" if len(errs) == 1 else "s", len(warns)))
    p.node(3, "list", "Validation messages")
    for e in errs:
        p.node(4, "listitem", "")
        p.text(5, e)
    for w in warns:
        p.node(4, "listitem", "")
        p.text(5, w)
    if st.get("tooltip"):
        p.node(3, "tooltip", st["tooltip"])
    footer(p, st)
    # overlays
    if st.get("drawer"):
        drawer(p, st)
    if st.get("dialog") == "approve":
        approve_dialog(p, st, t)
    if st.get("modal"):
        blocking_modal(p, st)
    return p


def drawer(p, st):
    d = st["drawer"]
    emp = [e for e in roster(st["entity"]) if e[0] == d["emp"]][0]
    eid, name, job, rate, reg, ot, pen, note = emp
    p.node(1, "dialog", "Edit pay line — %s (%s)" % (name, eid), props=["modal=True"])
    p.node(2, "heading", "%s · %s" % (name, eid))
    p.text(2, "%s · %s · %s · Hourly rate %s" % (ENT[st["entity"]]["name"], st["run"], job, money(rate)))
    if note:
        p.text(2, "Note: %s" % note)
    p.node(2, "group", "Hours")
    p.node(3, "spinbutton", "Regular hours", value=d["reg"], props=["required"])
    p.node(3, "spinbutton", "Overtime hours", value=d["ot"], props=["required"])
    p.text(3, "Overtime rate %s/h (1.5 × %s). Source: timesheet TS-2025-1107, amended 11 Nov 2025." %
           (money(D(rate) * D("1.5")), money(rate)))
    p.node(2, "group", "One-off payments")
    if not d.get("row"):
        p.text(3, "No one-off payments in this period.")
    else:
        p.node(3, "combobox", "Payment type", value=d.get("ptype") or "Choose a payment type",
               props=["required", "hasPopup='listbox'", "expanded=False"])
        for o in ("Bonus – discretionary", "Bonus – performance", "Commission", "Back pay",
                  "Expense reimbursement (non-taxable)"):
            p.node(4, "option", o, props=["selected=%s" % (d.get("ptype") == o)])
        p.node(3, "textbox", "Amount (£)", value=d.get("amount") or None, props=["required"])
        p.node(3, "textbox", "Note (shown on payslip)", value=d.get("note") or None)
        p.node(3, "checkbox", "Recurring (every pay run)", props=["checked=%s" % bool(d.get("recurring"))])
        p.node(3, "button", "Remove payment")
        p.text(3, "Bonus – discretionary: taxed as earnings, pensionable. Bonus – performance: linked to "
                  "annual review, non-pensionable.")
    if not st.get("no_add_payment"):
        p.node(3, "button", "Add one-off payment", props=["disabled=True"] if d.get("row") else [])
    p.node(2, "group", "Deductions")
    p.text(3, "Income tax (%s), National Insurance (category A), pension %s" %
           ("1257L M1" if eid == "EMP-0412" and st["entity"] == "studio" else "1257L",
            "5% (auto-enrolled)" if pen else "— not eligible"))
    p.text(2, "Changes are not included in the totals until the pay run is re-calculated.")
    incomplete = d.get("row") and not (d.get("ptype") and d.get("amount"))
    p.node(2, "button", "Save line", props=["disabled=True"] if incomplete else [])
    p.node(2, "button", "Cancel")
    p.node(2, "button", "Close")


def approve_dialog(p, st, t):
    ent = ENT[st["entity"]]
    p.node(1, "dialog", "Approve pay run %s" % st["run"], props=["modal=True"])
    p.node(2, "heading", "Approve pay run %s?" % st["run"])
    p.text(2, "%s · 1–15 Nov 2025 · %d employees" % (ent["name"], len(roster(st["entity"]))))
    p.text(2, "Gross pay %s · Net pay %s · Total employer cost %s" % (money(t["gross"]), money(t["net"]),
                                                                      money(t["cost"])))
    p.text(2, "Approval is final. Ledgerly will submit the FPS to HMRC and schedule a BACS transfer of %s "
              "from %s on 20 Nov 2025. An approved pay run cannot be edited or reopened." % (money(t["net"]),
                                                                                            ent["bank"]))
    p.node(2, "checkbox", "I confirm the totals are correct and understand that approval cannot be undone",
           props=["checked=%s" % bool(st.get("confirm_ticked")), "required"])
    p.node(2, "button", "Approve and schedule payment", props=[] if st.get("confirm_ticked") else ["disabled=True"])
    p.node(2, "button", "Cancel")


def blocking_modal(p, st):
    p.node(1, "dialog", "Action required: confirm your 2025/26 RTI submission settings", props=["modal=True"])
    p.node(2, "heading", "Action required: confirm your 2025/26 RTI submission settings")
    p.text(2, "HMRC changed the Full Payment Submission schema on 10 Nov 2025. A Payroll administrator must "
              "review the RTI settings of Harbourline Studio Ltd before any pay run can be edited or approved.")
    p.node(2, "link", "Review RTI settings", props=["url=%s" % q(ent_url(st, "/settings/rti"))])
    p.text(2, "This notice cannot be dismissed until the settings have been reviewed.")


def render(st):
    s = st["screen"]
    if s == "dashboard":
        return page_dashboard(st)
    if s == "payruns":
        return page_payruns(st)
    if s == "search":
        return page_search(st)
    if s == "signin":
        return page_signin(st)
    if s == "payrun":
        return page_payrun(st)
    raise ValueError(s)


def new_state(screen="dashboard", entity="studio"):
    runs = {}
    for e in ("studio", "events"):
        runs[e] = {"ot": {}, "bonus": {}, "calc_ot": {}, "calc_bonus": {}, "status": "Draft",
                   "recalculated": True, "calc_when": "12 Nov 2025, 09:14 by Priya Raman", "errors": []}
    return {"screen": screen, "entity": entity, "run": "PR-2025-11-B", "runs": runs}


# --------------------------------------------------------------------------------------
# Trajectory runner
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, tid, fault, st):
        self.id, self.fault = tid, fault
        self.st = st
        self.cur = render(st)
        self.initial = self.cur.obs()
        self.steps = []
        self.off = None

    def _step(self, commitment, command, reasoning, target, effect, mutate, error=None, mark=False):
        if mutate:
            mutate(self.st)
        page = render(self.st)
        if mark and self.off is None:
            self.off = len(self.steps)
        act = {"command": command, "reasoning": reasoning, "effect": effect}
        if target is not None:
            act["target"] = target
        self.steps.append({"commitment": commitment, "action": act, "observation": page.obs(error)})
        self.cur = page
        return page

    def click(self, c, role, name, why, effect="read", mutate=None, error=None, mark=False):
        bid = self.cur.find(role, name)
        return self._step(c, "click('%s')" % bid, why, "%s %s" % (role, q(name)), effect, mutate, error, mark)

    def fill(self, c, role, name, value, why, effect="read", mutate=None, mark=False):
        bid = self.cur.find(role, name)
        return self._step(c, "fill('%s', %s)" % (bid, q(value)), why, "%s %s" % (role, q(name)), effect,
                          mutate, None, mark)

    def select(self, c, role, name, value, why, mutate=None, mark=False):
        bid = self.cur.find(role, name)
        return self._step(c, "select_option('%s', %s)" % (bid, q(value)), why, "%s %s" % (role, q(name)),
                          "read", mutate, None, mark)

    def hover(self, c, role, name, why, mutate=None):
        bid = self.cur.find(role, name)
        return self._step(c, "hover('%s')" % bid, why, "%s %s" % (role, q(name)), "read", mutate)

    def press(self, c, role, name, key, why, effect="read", mutate=None, mark=False):
        bid = self.cur.find(role, name)
        return self._step(c, "press('%s', %s)" % (bid, q(key)), why, "%s %s" % (role, q(name)), effect,
                          mutate, None, mark)

    def raw(self, c, command, why, effect="read", mutate=None, error=None, mark=False):
        return self._step(c, command, why, None, effect, mutate, error, mark)

    def mark_here(self):
        """Mark the last step as the first off-track one (environment faults: first observation showing it)."""
        if self.off is None:
            self.off = len(self.steps) - 1

    def to_json(self, task_success):
        fot = self.off if self.fault else None
        return {
            "id": self.id,
            "workflow": "correct-payrun",
            "task": TASK,
            "plan": "plans/correct-payrun.yaml",
            "label": {"fault": self.fault, "first_off_track_step": fot},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": task_success},
        }


# ---------------- state mutators ----------------
def clear_transient(s):
    for k in ("toast", "tooltip", "switcher_open", "more_open"):
        s.pop(k, None)


def go(screen, **kw):
    def m(s):
        clear_transient(s)
        s["screen"] = screen
        for k in ("emp_search", "sort", "drawer", "dialog", "confirm_ticked", "banner"):
            s.pop(k, None)
        s.update(kw)
    return m


def open_drawer(eid):
    def m(s):
        clear_transient(s)
        rs = run_state(s)
        base = [e for e in roster(s["entity"]) if e[0] == eid][0]
        s["drawer"] = {"emp": eid, "reg": base[4], "ot": rs["ot"].get(eid, base[5]), "row": False}
    return m


def dset(**kw):
    def m(s):
        clear_transient(s)
        s["drawer"].update(kw)
    return m


def save_line(effective=True):
    def m(s):
        clear_transient(s)
        d = s.pop("drawer")
        emp = [e for e in roster(s["entity"]) if e[0] == d["emp"]][0]
        if effective:
            rs = run_state(s)
            if d["ot"] != emp[5]:
                rs["ot"][d["emp"]] = d["ot"]
            if d.get("row") and d.get("amount"):
                rs["bonus"][d["emp"]] = d["amount"]
                rs.setdefault("bonus_detail", {})[d["emp"]] = (d.get("ptype"), d.get("amount"), d.get("note"),
                                                               d.get("recurring"))
            rs["recalculated"] = False
            s["toast"] = ("Pay line saved for %s (%s). Re-calculate the pay run to update the totals."
                          % (emp[1], emp[0]))
    return m


def recalc(when="14 Nov 2025, 10:20 by Priya Raman"):
    def m(s):
        clear_transient(s)
        rs = run_state(s)
        rs["calc_ot"] = dict(rs["ot"])
        rs["calc_bonus"] = dict(rs["bonus"])
        rs["recalculated"] = True
        rs["calc_when"] = when
        s["toast"] = "Pay run %s re-calculated. Totals updated; 0 errors, %d warnings." % (
            s["run"], 3 if s["entity"] == "studio" else 1)
    return m


def approve_done(s):
    clear_transient(s)
    s.pop("dialog", None)
    s.pop("confirm_ticked", None)
    rs = run_state(s)
    rs["status"] = "Approved"
    t = totals(run_lines(s["entity"], rs["calc_ot"], rs["calc_bonus"]))
    s["toast"] = ("Pay run %s approved. BACS transfer of %s scheduled for 20 Nov 2025; FPS queued for HMRC."
                  % (s["run"], money(t["net"])))


def final_net(st, entity="studio"):
    rs = st["runs"][entity]
    return money(totals(run_lines(entity, rs["calc_ot"], rs["calc_bonus"]))["net"])


EMP_A = "Amara Nwachukwu (EMP-0412)"
EDIT_A = "Edit line for " + EMP_A
EDIT_B = "Edit line for Amara Nwachukwu-Bello (EMP-0421)"
C1, C2, C3, C4, C5 = "open-draft-run", "correct-overtime", "add-bonus", "recalculate-review", "approve-run"
NOTE = "Q3 client launch cover"


# ---------------- reusable segments ----------------
def seg_edit_and_bonus(r, save_between=False, ptype="Bonus – discretionary", recurring=False, mark_type=False,
                       mark_recurring=False, save_effective=True, reopen_mark=False):
    r.click(C2, "button", EDIT_A, "Open the pay line of Amara Nwachukwu, EMP-0412 (not EMP-0421).",
            mutate=open_drawer("EMP-0412"))
    r.fill(C2, "spinbutton", "Overtime hours", "6.5", "Replace 5.0 with the corrected 6.5 overtime hours.",
           mutate=dset(ot="6.5"))
    if save_between:
        r.click(C2, "button", "Save line", "Save the overtime correction before adding the bonus.", effect="write",
                mutate=save_line(save_effective))
        r.click(C3, "button", EDIT_A, "Re-open the same pay line to add the one-off bonus.",
                mutate=open_drawer("EMP-0412"))
    r.click(C3, "button", "Add one-off payment", "Add a one-off payment row for the bonus.",
            mutate=dset(row=True))
    r.select(C3, "combobox", "Payment type", ptype,
             "Choose the payment type for the bonus." if ptype == "Bonus – discretionary" else
             "Choose the bonus payment type.", mutate=dset(ptype=ptype), mark=mark_type)
    r.fill(C3, "textbox", "Amount (£)", "250.00", "Enter the bonus amount of £250.00.", mutate=dset(amount="250.00"))
    r.fill(C3, "textbox", "Note (shown on payslip)", NOTE, "Enter the note required by the instructions.",
           mutate=dset(note=NOTE))
    if recurring:
        r.click(C3, "checkbox", "Recurring (every pay run)",
                "Tick Recurring so the bonus is carried through payroll correctly.",
                mutate=dset(recurring=True), mark=mark_recurring)
    r.click(C3, "button", "Save line", "Save the pay line with the corrected overtime and the bonus.",
            effect="write", mutate=save_line(save_effective))


def seg_recalc(r, why="Re-calculate so the totals include the correction and the bonus."):
    r.click(C4, "button", "Re-calculate", why, effect="write", mutate=recalc())


def seg_approve(r, msg=True):
    r.click(C5, "button", "Approve pay run", "Totals updated and 0 errors; open the approval dialog.",
            mutate=lambda s: (clear_transient(s), s.update(dialog="approve")))
    r.click(C5, "checkbox", "I confirm the totals are correct and understand that approval cannot be undone",
            "Tick the confirmation after checking the totals in the dialog.",
            mutate=lambda s: s.update(confirm_ticked=True))
    r.click(C5, "button", "Approve and schedule payment",
            "Approve PR-2025-11-B; this schedules the BACS transfer for 20 Nov 2025.",
            effect="irreversible", mutate=approve_done)
    if msg:
        net = final_net(r.st, r.st["entity"])
        r.raw(C5, "send_msg_to_user(%s)" % q(
            "PR-2025-11-B (Harbourline Studio Ltd, 1–15 Nov 2025) has been approved. Overtime for Amara "
            "Nwachukwu (EMP-0412) corrected to 6.5 h and a one-off Bonus – discretionary of £250.00 "
            "(note: Q3 client launch cover) added. Approved net pay %s; BACS transfer scheduled for "
            "20 Nov 2025." % net), "Report completion and the approved net total to the accountant.")


# ---------------- healthy runs ----------------
def healthy():
    runs = []
    # H1: dashboard card
    r = Run("ledgerly-healthy-01", None, new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "The Next pay run card is the draft PR-2025-11-B for 1–15 Nov.",
            mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r)
    seg_recalc(r)
    seg_approve(r)
    runs.append(r)

    # H2: pay runs list, filter Draft, separate saves
    r = Run("ledgerly-healthy-02", None, new_state("dashboard"))
    r.click(C1, "link", "Pay runs", "Go to the list of pay runs.", mutate=go("payruns"))
    r.click(C1, "button", "Draft", "Filter the list to draft runs only.",
            mutate=lambda s: (clear_transient(s), s.update(flt_status="Draft")))
    r.click(C1, "link", "PR-2025-11-B", "The only draft run is PR-2025-11-B, 1–15 Nov 2025.",
            mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r, save_between=True)
    seg_recalc(r)
    seg_approve(r)
    runs.append(r)

    # H3: direct URL, sort by employee name
    r = Run("ledgerly-healthy-03", None, new_state("dashboard"))
    r.raw(C1, "goto(%s)" % q(BASE + "/c/harbourline-studio/payruns/PR-2025-11-B"),
          "Open the draft run directly by its address.", mutate=go("payrun", run="PR-2025-11-B"))
    r.click(C2, "button", "Sort by employee", "Sort lines by name to find Amara Nwachukwu.",
            mutate=lambda s: (clear_transient(s), s.update(sort="name")))
    seg_edit_and_bonus(r)
    seg_recalc(r)
    seg_approve(r)
    runs.append(r)

    # H4: list search by typing, scroll, hover on validation
    r = Run("ledgerly-healthy-04", None, new_state("payruns"))
    r.fill(C1, "searchbox", "Search pay runs", "PR-2025-11", "Narrow the list to November runs.",
           mutate=lambda s: s.update(run_search_typed="PR-2025-11"))
    r.press(C1, "searchbox", "Search pay runs", "Enter", "Run the search.",
            mutate=lambda s: s.update(run_search_shown="PR-2025-11"))
    r.click(C1, "link", "PR-2025-11-B", "Open the draft one; PR-2025-11-A is already paid.",
            mutate=go("payrun", run="PR-2025-11-B"))
    r.raw(C2, "scroll(0, 600)", "Scroll to the employee lines.")
    seg_edit_and_bonus(r)
    seg_recalc(r)
    r.hover(C4, "button", "Re-calculate", "Check the calculation timestamp before approving.",
            mutate=lambda s: s.update(tooltip="Last re-calculated 14 Nov 2025, 10:20 — includes all saved lines"))
    seg_approve(r)
    runs.append(r)

    # H5: noop while dashboard loads, employee search by surname inside the run
    r = Run("ledgerly-healthy-05", None, new_state("dashboard"))
    r.raw(C1, "noop(1000)", "Wait for the dashboard cards to finish loading.")
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run from the Next pay run card.",
            mutate=go("payrun", run="PR-2025-11-B"))
    r.fill(C2, "searchbox", "Search employees in this pay run", "Nwachukwu", "Find the employee by surname.",
           mutate=lambda s: s.update(emp_search="Nwachukwu"))
    seg_edit_and_bonus(r, save_between=True)
    seg_recalc(r)
    seg_approve(r)
    runs.append(r)

    # H6: global search, pick the Studio result
    r = Run("ledgerly-healthy-06", None, new_state("dashboard"))
    r.fill(C1, "searchbox", "Search Ledgerly Payroll", "PR-2025-11-B", "Search for the pay run by its id.",
           mutate=lambda s: s.update(gsearch="PR-2025-11-B"))
    r.press(C1, "searchbox", "Search Ledgerly Payroll", "Enter", "Submit the search.",
            mutate=lambda s: s.update(screen="search"))
    r.click(C1, "link", "Pay run PR-2025-11-B · Harbourline Studio Ltd · 1–15 Nov 2025 · Draft",
            "Pick the Harbourline Studio Ltd result, not the Events one.",
            mutate=go("payrun", run="PR-2025-11-B", gsearch=None))
    r.fill(C2, "searchbox", "Search employees in this pay run", "EMP-0412", "Filter the lines to EMP-0412.",
           mutate=lambda s: s.update(emp_search="EMP-0412"))
    seg_edit_and_bonus(r)
    seg_recalc(r)
    seg_approve(r)
    runs.append(r)

    # H7: starts on the run, sorts by overtime, cancels a misclick-free drawer peek
    st = new_state("payrun")
    r = Run("ledgerly-healthy-07", None, st)
    r.click(C2, "button", "Sort by overtime hours", "Sort by overtime to bring the 5.0 h lines up.",
            mutate=lambda s: (clear_transient(s), s.update(sort="ot-desc")))
    r.hover(C2, "cell", "Tax code changed — previous run failed validation",
            "Read the note on EMP-0412 before editing.",
            mutate=lambda s: s.update(tooltip="Resolved 4 Nov 2025 by Priya Raman: HMRC P6 notice applied."))
    seg_edit_and_bonus(r)
    seg_recalc(r)
    seg_approve(r)
    runs.append(r)

    # H8: list sorted by pay date, more actions peek, no final message
    r = Run("ledgerly-healthy-08", None, new_state("payruns"))
    r.click(C1, "button", "Sort by pay date", "Sort the runs by pay date.",
            mutate=lambda s: s.update(runs_sort="paydate-asc"))
    r.click(C1, "button", "Sort by pay date", "Sort back so the newest run is first.",
            mutate=lambda s: s.pop("runs_sort", None))
    r.click(C1, "link", "PR-2025-11-B", "Open the draft run for 1–15 Nov 2025.",
            mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r)
    r.click(C4, "button", "More actions", "Check the other run actions before re-calculating.",
            mutate=lambda s: s.update(more_open=True))
    r.press(C4, "button", "More actions", "Escape", "Close the menu.", mutate=lambda s: s.pop("more_open", None))
    seg_recalc(r)
    seg_approve(r, msg=False)
    runs.append(r)
    return [(x, True) for x in runs]


# ---------------- faulty runs ----------------
def faulty():
    out = []

    # F1 wrong_record: opens paid PR-2025-11-A from the list
    r = Run("ledgerly-wrong_record-01", "wrong_record", new_state("dashboard"))
    r.click(C1, "link", "Pay runs", "Go to the list of pay runs.", mutate=go("payruns"))
    r.click(C1, "link", "PR-2025-11-A", "Open the November pay run.", mutate=go("payrun", run="PR-2025-11-A"),
            mark=True)
    r.fill(C2, "searchbox", "Search employees in this pay run", "EMP-0412", "Find EMP-0412 in the run.",
           mutate=lambda s: s.update(emp_search="EMP-0412"))
    r.click(C2, "button", "View payslip for Amara Nwachukwu (EMP-0412)", "Open the line for Amara Nwachukwu.",
            mutate=lambda s: s.update(toast="Payslip PS-2025-11-A-0412 opened in a new tab."))
    out.append((r, False))

    # F2 wrong_record: edits EMP-0421 Amara Nwachukwu-Bello
    r = Run("ledgerly-wrong_record-02", "wrong_record", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    r.fill(C2, "searchbox", "Search employees in this pay run", "Amara Nwachukwu", "Find Amara Nwachukwu.",
           mutate=lambda s: s.update(emp_search="Amara Nwachukwu"))
    r.click(C2, "button", EDIT_B, "Open Amara Nwachukwu's pay line (5.0 h overtime).",
            mutate=open_drawer("EMP-0421"), mark=True)
    r.fill(C2, "spinbutton", "Overtime hours", "6.5", "Set overtime to 6.5 h.", mutate=dset(ot="6.5"))
    r.click(C3, "button", "Add one-off payment", "Add the bonus row.", mutate=dset(row=True))
    r.select(C3, "combobox", "Payment type", "Bonus – discretionary", "Choose Bonus – discretionary.",
             mutate=dset(ptype="Bonus – discretionary"))
    r.fill(C3, "textbox", "Amount (£)", "250.00", "Enter £250.00.", mutate=dset(amount="250.00"))
    r.click(C3, "button", "Save line", "Save the line.", effect="write", mutate=save_line())
    out.append((r, False))

    # F3 wrong_record: opens the Harbourline Events Ltd run from global search
    r = Run("ledgerly-wrong_record-03", "wrong_record", new_state("dashboard"))
    r.fill(C1, "searchbox", "Search Ledgerly Payroll", "PR-2025-11-B", "Search for the pay run id.",
           mutate=lambda s: s.update(gsearch="PR-2025-11-B"))
    r.press(C1, "searchbox", "Search Ledgerly Payroll", "Enter", "Submit the search.",
            mutate=lambda s: s.update(screen="search"))
    r.click(C1, "link", "Pay run PR-2025-11-B · Harbourline Events Ltd · 1–15 Nov 2025 · Draft",
            "Open the draft PR-2025-11-B for 1–15 Nov 2025.",
            mutate=go("payrun", run="PR-2025-11-B", gsearch=None, entity="events"), mark=True)
    seg_edit_and_bonus(r)
    out.append((r, False))

    # F4 session_expired at re-calculate
    r = Run("ledgerly-session_expired-01", "session_expired", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r)
    r.click(C4, "button", "Re-calculate", "Re-calculate the totals.", effect="write",
            mutate=lambda s: s.update(screen="signin"))
    r.mark_here()
    r.raw(C4, "go_back()", "The page changed unexpectedly; go back to the pay run.")
    r.fill(C4, "textbox", "Email address", "priya.raman@harbourline.co.uk", "Enter the sign-in email.",
           mutate=lambda s: s.update(signin_email="priya.raman@harbourline.co.uk"))
    out.append((r, False))

    # F5 stale_filter: the Draft chip is applied but the table still holds the previous Paid results
    r = Run("ledgerly-stale_filter-01", "stale_filter", new_state("dashboard"))
    r.click(C1, "link", "Pay runs", "Go to the list of pay runs.", mutate=go("payruns", flt_status="Paid"))

    def stale_draft(s):
        clear_transient(s)
        s["rows_status"] = s.get("flt_status")  # table not refreshed
        s["flt_status"] = "Draft"
    r.click(C1, "button", "Draft", "The list opened with my last filter (Paid); switch the filter to Draft.",
            mutate=stale_draft)
    r.mark_here()
    r.click(C1, "link", "PR-2025-11-A", "The filtered list shows the November run at the top; open it.",
            mutate=go("payrun", run="PR-2025-11-A"))
    r.raw(C2, "scroll(0, 500)", "Scroll to the employee lines.")
    r.fill(C2, "searchbox", "Search employees in this pay run", "EMP-0412", "Find EMP-0412.",
           mutate=lambda s: s.update(emp_search="EMP-0412"))
    out.append((r, False))

    # F6 missing_control: Re-calculate button absent from the start page
    st = new_state("payrun")
    st["no_recalc_button"] = True
    r = Run("ledgerly-missing_control-01", "missing_control", st)
    r.off = 0
    seg_edit_and_bonus(r)
    r.click(C4, "button", "More actions", "Look for Re-calculate in the actions menu.",
            mutate=lambda s: s.update(more_open=True))
    r.click(C4, "button", "Approve pay run", "Try to approve instead.",
            error="TimeoutError: locator.click: Timeout 5000ms exceeded. element is not enabled")
    out.append((r, False))

    # F7 wrong_banner: re-calculation error ignored, run approved anyway
    r = Run("ledgerly-wrong_banner-01", "wrong_banner", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r)

    def failed_recalc(s):
        clear_transient(s)
        rs = run_state(s)
        rs["errors"] = ["Error: Amara Nwachukwu (EMP-0412) — overtime 6.5 h exceeds the approved timesheet "
                        "TS-2025-1107 (5.0 h). Line not calculated."]
        s["banner"] = ("Re-calculation failed: 1 error. Totals were not updated. Fix the errors in the "
                       "validation panel and re-calculate.")
        s["banner_leaves_approve"] = True
    r.click(C4, "button", "Re-calculate", "Re-calculate the totals.", effect="write", mutate=failed_recalc)
    r.mark_here()
    r.click(C5, "button", "Approve pay run", "Proceed to approval.",
            mutate=lambda s: s.update(dialog="approve"))
    r.click(C5, "checkbox", "I confirm the totals are correct and understand that approval cannot be undone",
            "Tick the confirmation.", mutate=lambda s: s.update(confirm_ticked=True))

    def approve_stale(s):
        approve_done(s)
        s.pop("banner", None)
    r.click(C5, "button", "Approve and schedule payment", "Approve the pay run.", effect="irreversible",
            mutate=approve_stale)
    out.append((r, False))

    # F8 silent_noop: Save line closes the editor but nothing is stored
    r = Run("ledgerly-silent_noop-01", "silent_noop", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r, save_effective=False)
    r.mark_here()
    seg_recalc(r)
    r.click(C5, "button", "Approve pay run", "Totals look fine; open the approval dialog.",
            mutate=lambda s: s.update(dialog="approve"))
    out.append((r, False))

    # F9 permission_denied at approval
    r = Run("ledgerly-permission_denied-01", "permission_denied", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r)
    seg_recalc(r)

    def denied(s):
        clear_transient(s)
        s["banner"] = ("You do not have permission to approve pay runs for Harbourline Studio Ltd. Your role "
                       "(Payroll editor since 13 Nov 2025) can prepare pay runs only. Ask an Owner to approve.")
        s["approve_blocked"] = True
    r.click(C5, "button", "Approve pay run", "Open the approval dialog.", mutate=denied)
    r.mark_here()
    r.click(C5, "button", "Re-calculate", "Re-calculate and try the approval again.", effect="write",
            mutate=lambda s: (recalc()(s), s.update(toast=None)))
    out.append((r, False))

    # F10 plan_drift: Bonus – performance instead of discretionary
    r = Run("ledgerly-plan_drift-01", "plan_drift", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r, ptype="Bonus – performance", mark_type=True)
    seg_recalc(r)
    seg_approve(r, msg=False)
    out.append((r, False))

    # F11 plan_drift: one-off bonus made recurring
    r = Run("ledgerly-plan_drift-02", "plan_drift", new_state("payruns"))
    r.click(C1, "button", "Draft", "Show draft runs only.",
            mutate=lambda s: (clear_transient(s), s.update(flt_status="Draft")))
    r.click(C1, "link", "PR-2025-11-B", "Open the draft run.", mutate=go("payrun", run="PR-2025-11-B"))
    seg_edit_and_bonus(r, recurring=True, mark_recurring=True)
    seg_recalc(r)
    out.append((r, False))

    # F12 interstitial: blocking RTI modal appears when the run opens
    r = Run("ledgerly-interstitial-01", "interstitial", new_state("dashboard"))
    r.click(C1, "link", "Open pay run PR-2025-11-B", "Open the draft run.",
            mutate=go("payrun", run="PR-2025-11-B", modal=True))
    r.mark_here()
    r.click(C2, "button", EDIT_A, "Open Amara Nwachukwu's pay line.",
            error="TimeoutError: locator.click: Timeout 5000ms exceeded. <div class=\"lp-modal-backdrop\"> "
                  "intercepts pointer events")
    r.click(C2, "button", EDIT_A, "Retry opening the pay line.",
            error="TimeoutError: locator.click: Timeout 5000ms exceeded. <div class=\"lp-modal-backdrop\"> "
                  "intercepts pointer events")
    out.append((r, False))
    return out


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "correct-payrun.yaml"), "w", encoding="utf-8") as f:
        f.write(yaml_plan(PLAN))
    rows = healthy() + faulty()
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r, ok in rows:
            f.write(json.dumps(r.to_json(ok), ensure_ascii=False) + "\n")
    print("wrote %d trajectories" % len(rows))


if __name__ == "__main__":
    main()
