#!/usr/bin/env python3
"""Build the Meterline held-out corpus (stdlib only, deterministic).

Usage: python3 make_corpus.py [OUTPUT_DIR]      (default: the folder this file is in)

Writes OUTPUT_DIR/corpus.jsonl (20 trajectories) and OUTPUT_DIR/plans/estimated_read_rebill.yaml.
Meterline is an invented customer-service billing console for an invented utility
(Cascade Valley Power & Water). Pages are rendered in BrowserGym's flattened AXTree style.
"""
import json
import os
import random
import re
import sys

# The plan, written from the task note and the healthy screens before any faulty run existed.
# It is written to plans/estimated_read_rebill.yaml byte for byte.
PLAN_YAML = r"""# Meterline: estimated read correction -> rebill -> payment plan.
# Written from the task note and a walk through the healthy screens only.
task: >-
  hey - Marisol Okafor (acct 4407-2291-06) called back about her Feb bill. The 02/14 read on
  meter M-58213 (main house) was estimated at 12,180 but she sent a photo of the meter showing
  12,655. Can you put in the actual read, rebill the Feb bill, and set her up on a 3 month
  payment plan for the difference? She already paid the original Feb amount. thx - Priya
plan_falsifiers:
  execution:
    - "Your session has expired. Please sign in again."
    - You do not have permission to perform this action
    - Something went wrong. Please try again.
  planning:
    - Account is closed
commitments:
  - id: find-account
    subgoal: Open Marisol Okafor's account 4407-2291-06
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Meterline
      progress:
        - Search results for 4407-2291-06
      completion:
        - "Account 4407-2291-06 · Meterline"
        - "Okafor, Marisol - 118 Larkspur Ln"
    falsify:
      execution:
        - 4407-2291-08
        - 4407-2219-06
        - Okafor, Daniel
        - No accounts match
      skill:
        - Search is unavailable
      planning: []
  - id: open-reads
    subgoal: Open the read history for meter M-58213 (main house)
    confidence: 0.7
    confirm:
      precondition:
        - Meters on this account
      progress: []
      completion:
        - "Read history · Meter M-58213"
        - 02/14/2024 read 12,180 is Estimated
    falsify:
      execution:
        - M-58231
        - Detached shop
        - No reads found for the selected period
      skill: []
      planning:
        - Meter M-58213 is removed from service
  - id: correct-read
    subgoal: Replace the estimated 02/14/2024 read with the customer's actual read of 12,655
    skill: edit_form_and_save
    confidence: 0.6
    confirm:
      precondition:
        - Correct read button next to the 02/14/2024 read
      progress:
        - Correct meter read dialog
      completion:
        - Read corrected
        - 02/14/2024 12,655 Actual
    falsify:
      execution:
        - Read could not be saved
        - 02/14/2024 still shows 12,180 Estimated after saving
        - {text: "12,566", on: both}
      skill:
        - Correct read button is disabled
      planning:
        - The read is locked because the billing period is closed
  - id: rebill
    subgoal: Rebill the Feb 2024 bill B-771342 with the corrected read
    confidence: 0.6
    confirm:
      precondition:
        - Bill B-771342 needs rebill
      progress:
        - "Rebill preview · Bill B-771342"
        - Difference +$72.20
        - Reason for adjustment
      completion:
        - Bill B-771342 rebilled
        - Adjustment posted +$72.20
    falsify:
      execution:
        - B-769880
        - Rebill failed
        - Difference $0.00
      skill: []
      planning:
        - Rebill requires supervisor approval
        - {text: Void bill, on: action}
        - {text: Cancel bill, on: action}
  - id: payment-plan
    subgoal: Set up a 3-month payment plan for the $72.20 difference
    confidence: 0.6
    confirm:
      precondition:
        - Set up payment plan
      progress:
        - New payment plan for account 4407-2291-06
        - Plan amount $72.20
      completion:
        - Payment plan created
        - 3 installments of $24.07
    falsify:
      execution:
        - 6 installments
        - 12 installments
        - Payment plan could not be created
      skill: []
      planning:
        - Budget billing
        - Customer is not eligible for a payment plan
        - {text: Enroll in budget billing, on: action}
        - {text: Waive, on: action}
  - id: report-back
    subgoal: Tell Priya it's done, with the corrected read, new bill amount and plan details
    confidence: 0.7
    confirm:
      precondition:
        - Payment plan PP-
      progress: []
      completion:
        - {text: payment plan, on: action}
    falsify:
      execution: []
      skill: []
      planning:
        - {text: "couldn't", on: action}
"""


# ---------------------------------------------------------------------------
# Minimal YAML reader for the subset used by the plan (stdlib only)
# ---------------------------------------------------------------------------

def _split_flow(s):
    parts, depth, cur, q = [], 0, "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _scalar(s):
    s = s.strip()
    if s == "":
        return None
    if s[0] == '"':
        return json.loads(s)
    if s[0] == "'":
        return s[1:-1].replace("''", "'")
    if s[0] == "{":
        out = {}
        for part in _split_flow(s[1:-1]):
            k, _, v = part.partition(":")
            out[k.strip()] = _scalar(v)
        return out
    if s[0] == "[":
        return [_scalar(x) for x in _split_flow(s[1:-1])]
    if s in ("null", "~"):
        return None
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    if re.fullmatch(r"-?\d+\.\d*", s):
        return float(s)
    return s


_KEY = re.compile(r"^([A-Za-z_][\w-]*):(\s|$)")


def load_yaml(text):
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.strip().startswith("#"):
            lines.append(None if not raw.strip() else "#")
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tabs are not allowed in indentation")
        lines.append(raw)
    items = [(len(l) - len(l.lstrip(" ")), l.strip(), l) for l in lines if l not in (None, "#")]
    raw_by_pos = items

    def parse(i, ind):
        if items[i][1].startswith("- ") or items[i][1] == "-":
            return parse_seq(i, ind)
        return parse_map(i, ind)

    def parse_seq(i, ind):
        out = []
        while i < len(items) and items[i][0] == ind and (items[i][1].startswith("- ") or items[i][1] == "-"):
            rest = items[i][1][1:].strip()
            if rest == "":
                v, i = parse(i + 1, items[i + 1][0])
            elif _KEY.match(rest) and not rest.startswith(("{", '"', "'")):
                items[i] = (ind + 2, rest, items[i][2])
                v, i = parse_map(i, ind + 2)
            else:
                v, i = _scalar(rest), i + 1
            out.append(v)
        return out, i

    def parse_map(i, ind):
        out = {}
        while i < len(items) and items[i][0] == ind and not items[i][1].startswith("- "):
            m = _KEY.match(items[i][1])
            if not m:
                raise ValueError("cannot parse line: %r" % items[i][2])
            key = m.group(1)
            rest = items[i][1][m.end():].strip()
            if key in out:
                raise ValueError("duplicate key %r" % key)
            if rest in (">-", ">", "|", "|-"):
                j, buf = i + 1, []
                while j < len(items) and items[j][0] > ind:
                    buf.append(items[j][1])
                    j += 1
                out[key] = (" " if rest.startswith(">") else "\n").join(buf)
                i = j
            elif rest == "":
                if i + 1 < len(items) and (items[i + 1][0] > ind or
                                           (items[i + 1][0] == ind and items[i + 1][1].startswith("- "))):
                    out[key], i = parse(i + 1, items[i + 1][0])
                else:
                    out[key], i = None, i + 1
            else:
                out[key], i = _scalar(rest), i + 1
        return out, i

    if not items:
        return None
    val, i = parse(0, items[0][0])
    if i != len(items):
        raise ValueError("unparsed content at: %r" % items[i][2])
    return val


PLAN = load_yaml(PLAN_YAML)
TASK = PLAN["task"]
WORKFLOW = "estimated_read_rebill"
BASE = "http://127.0.0.1:8040"
RATE = 0.152
CUSTOMER_CHARGE = 11.50
TODAY = "03/01/2024"

# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------

def money(x, sign=False):
    s = "${:,.2f}".format(abs(x))
    if x < 0:
        return "-" + s
    return ("+" + s) if sign else s


def num(x):
    return "{:,}".format(x)


READ_DATES = ["03/14/2023", "04/13/2023", "05/15/2023", "06/14/2023", "07/14/2023", "08/14/2023",
              "09/14/2023", "10/13/2023", "11/14/2023", "12/14/2023", "01/15/2024", "02/14/2024"]
PERIOD_NAMES = ["Mar 2023", "Apr 2023", "May 2023", "Jun 2023", "Jul 2023", "Aug 2023",
                "Sep 2023", "Oct 2023", "Nov 2023", "Dec 2023", "Jan 2024", "Feb 2024"]


def _reads(start, usages, estimated_idx):
    vals, v = [], start
    for u in usages:
        v += u
        vals.append(v)
    rows = []
    for i, (d, val) in enumerate(zip(READ_DATES, vals)):
        est = i in estimated_idx
        rows.append({"date": d, "value": val, "type": "Estimated" if est else "Actual",
                     "source": "System estimate" if est else ("AMI" if i % 4 else "Field read")})
    return rows


METERS = {
    # target: main house meter; usage list ends at 01/15 = 11,240 and 02/14 est 12,180
    "M-58213": {"account": "4407-2291-06", "label": "Main house", "service": "Electric",
                "address": "118 Larkspur Ln, Fernhill", "serial": "GE-I210-58213",
                "reads": _reads(2380, [702, 655, 610, 744, 980, 1012, 890, 735, 824, 778, 930, 940], {5, 11})},
    # near miss: second meter at the same address, also estimated in Feb
    "M-58231": {"account": "4407-2291-06", "label": "Detached shop", "service": "Electric",
                "address": "118 Larkspur Ln, Fernhill", "serial": "GE-I210-58231",
                "reads": _reads(2313, [71, 66, 80, 95, 130, 140, 102, 77, 82, 75, 87, 84], {11})},
    # near-miss account's meter
    "M-58312": {"account": "4407-2291-08", "label": "Residence", "service": "Electric",
                "address": "211 Birchwood Dr, Fernhill", "serial": "LG-E330-58312",
                "reads": _reads(1104, [512, 488, 470, 530, 690, 702, 610, 520, 560, 600, 655, 640], {11})},
    "M-60417": {"account": "4407-2219-06", "label": "Residence", "service": "Electric",
                "address": "4 Larkspur Ct, Ridgeway", "serial": "GE-I210-60417",
                "reads": _reads(5120, [402, 390, 377, 450, 610, 655, 520, 430, 470, 498, 530, 515], {10, 11})},
}

ACCOUNTS = {
    "4407-2291-06": {"name": "Okafor, Marisol", "address": "118 Larkspur Ln, Fernhill", "territory": "Fernhill",
                     "status": "Active", "since": "06/2019", "phone": "(541) 555-0148",
                     "meters": ["M-58213", "M-58231"], "feb_bill": "B-771342", "jan_bill": "B-769880",
                     "dec_bill": "B-767215", "autopay": "Off", "paid_feb": True},
    "4407-2291-08": {"name": "Okafor, Daniel", "address": "211 Birchwood Dr, Fernhill", "territory": "Fernhill",
                     "status": "Past due", "since": "02/2021", "phone": "(541) 555-0193",
                     "meters": ["M-58312"], "feb_bill": "B-771344", "jan_bill": "B-769882",
                     "dec_bill": "B-767219", "autopay": "On (failed payment 02/28/2024)", "paid_feb": False},
    "4407-2219-06": {"name": "Marsh, Ines", "address": "4 Larkspur Ct, Ridgeway", "territory": "Ridgeway",
                     "status": "Active", "since": "09/2016", "phone": "(541) 555-0122",
                     "meters": ["M-60417"], "feb_bill": "B-771297", "jan_bill": "B-769841",
                     "dec_bill": "B-767180", "autopay": "On", "paid_feb": True},
}

_FIRST = ["Alvarez, Rosa", "Bennett, Hal", "Chu, Wendy", "Dlamini, Sipho", "Eriksen, Tove", "Farah, Amina",
          "Gallagher, Sean", "Haddad, Rami", "Ito, Kenji", "Jovanovic, Mira", "Kowalski, Ben", "Lindqvist, Eva",
          "Mbeki, Thandi", "Nakamura, Aiko", "O'Connell, Fiona", "Petrov, Ivan", "Quinn, Maeve", "Rossi, Luca",
          "Sato, Yuki", "Tran, Minh", "Underwood, Cal", "Vargas, Pilar", "Whitcomb, June", "Xu, Lan",
          "Yilmaz, Deniz", "Zamora, Tomas", "Okafor-Reyes, Adaeze", "Brandt, Otto"]
_STREETS = ["Larkspur Ln", "Birchwood Dr", "Quarry Rd", "Alder St", "Fernhill Ave", "Mill Creek Rd", "Heron Way"]
_STATUSES = ["Active", "Active", "Active", "Past due", "Disconnection notice", "Active", "Failed payment",
             "Active", "Payment plan", "Active", "Estimated bill"]


def _pool():
    rng = random.Random(20240301)
    out = []
    for i, name in enumerate(_FIRST):
        acct = "%04d-%04d-%02d" % (rng.choice([4407, 4407, 3316, 5120]), rng.randint(1000, 9999), rng.randint(1, 99))
        street = _STREETS[i % len(_STREETS)]
        addr = "%d %s" % (rng.randint(2, 990), street)
        status = _STATUSES[i % len(_STATUSES)]
        bal = 0.0 if status == "Active" and rng.random() < 0.6 else round(rng.uniform(18, 640), 2)
        out.append({"acct": acct, "name": name, "address": addr, "status": status, "balance": bal,
                    "territory": rng.choice(["Fernhill", "Ridgeway", "Millbrook"])})
    return out


POOL = _pool()
LARKSPUR_NEIGHBOURS = [
    {"acct": "4407-2290-%02d" % k, "name": n, "address": "%d Larkspur Ln" % a, "status": s, "balance": b,
     "territory": "Fernhill"}
    for k, (n, a, s, b) in enumerate([
        ("Hollis, Grace", 101, "Active", 0.0), ("Ferreira, Joao", 103, "Past due", 212.40),
        ("Lam, Vivian", 104, "Active", 0.0), ("Stroud, Neil", 106, "Disconnection notice", 388.15),
        ("Abara, Chidi", 107, "Active", 54.10), ("Kim, Soo-ah", 109, "Estimated bill", 131.77),
        ("Pruitt, Dale", 110, "Active", 0.0), ("Novak, Hana", 112, "Failed payment", 96.30),
        ("Reyes, Marco", 114, "Active", 0.0), ("Bishop, Lena", 115, "Payment plan", 47.02),
        ("Castillo, Ana", 117, "Active", 0.0), ("Ng, Peter", 120, "Active", 12.50),
        ("Duarte, Ines", 121, "Past due", 164.90), ("Morrow, Kit", 123, "Active", 0.0),
        ("Sandoval, Rey", 125, "Active", 0.0), ("Tate, Olive", 127, "High usage alert", 201.33),
        ("Vance, Ruth", 129, "Active", 0.0), ("Wu, Harold", 131, "Active", 0.0),
        ("Yates, Bree", 133, "Estimated bill", 119.04), ("Zeller, Fritz", 135, "Active", 0.0),
        ("Aguilar, Sofia", 137, "Active", 0.0), ("Boone, Cass", 139, "Active", 0.0)], 1)]


class World:
    """Mutable application state for one run."""

    def __init__(self):
        self.corrections = {}      # (meter, date) -> value
        self.rebilled = {}         # bill id -> (adjustment id, diff)
        self.plans = {}            # account -> plan dict
        self.budget = set()

    def reads(self, meter):
        rows = []
        for r in METERS[meter]["reads"]:
            r = dict(r)
            key = (meter, r["date"])
            if key in self.corrections:
                r["orig"] = r["value"]
                r["value"] = self.corrections[key]
                r["type"] = "Actual"
                r["source"] = "Customer photo (corrected %s)" % TODAY
            rows.append(r)
        prev = None
        for r in rows:
            r["usage"] = (r["value"] - prev) if prev is not None else None
            prev = r["value"]
        return rows

    def usage(self, meter, idx, corrected=True):
        rows = self.reads(meter) if corrected else [dict(r) for r in METERS[meter]["reads"]]
        return rows[idx]["value"] - rows[idx - 1]["value"]

    def bill_total(self, acct, idx, corrected=True):
        tot = CUSTOMER_CHARGE
        for m in ACCOUNTS[acct]["meters"]:
            tot += round(self.usage(m, idx, corrected) * RATE, 2)
        return round(tot, 2)

    def feb_original(self, acct):
        return self.bill_total(acct, 11, corrected=False)

    def feb_current(self, acct):
        return self.bill_total(acct, 11, corrected=True)

    def balance(self, acct):
        a = ACCOUNTS[acct]
        bill = ACCOUNTS[acct]["feb_bill"]
        billed = self.feb_original(acct) + (self.rebilled[bill][1] if bill in self.rebilled else 0.0)
        paid = self.feb_original(acct) if a["paid_feb"] else 0.0
        return round(billed - paid, 2)


def split_installments(amount, n):
    cents = int(round(amount * 100))
    base, rem = divmod(cents, n)
    return [(base + (1 if i < rem else 0)) / 100.0 for i in range(n)]


# ---------------------------------------------------------------------------
# AXTree page builder (BrowserGym flattened style)
# ---------------------------------------------------------------------------

class Page:
    def __init__(self, url, title, rng):
        self.url, self.title = url, title
        self.lines, self.ids = [], {}
        self.next = rng.randint(12, 70) * 10

    def add(self, depth, role, name="", key=None, **props):
        bid = str(self.next)
        self.next += 1
        s = "\t" * depth + "[%s] %s %s" % (bid, role, _q(name))
        for k, v in props.items():
            if v is True and k in ("focused", "required", "modal", "multiselectable"):
                s += ", " + k
            else:
                s += ", %s=%s" % (k, _q(v) if isinstance(v, str) else v)
        self.lines.append(s)
        if key:
            self.ids[key] = (bid, role, name)
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + "StaticText " + _q(s))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title,
                "text": "RootWebArea %s, focused\n" % _q(self.title) + "\n".join(self.lines), "error": error}


def _q(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


SECTIONS = ["Dashboard", "Accounts", "Meters", "Bills", "Payment plans", "Adjustments", "Service orders",
            "Reports"]


def chrome(p, section, crumbs, gsearch=""):
    p.add(1, "banner", "")
    p.add(2, "link", "Meterline", key="home")
    p.text(2, "Cascade Valley Power & Water")
    p.text(2, "Customer Billing Console")
    p.add(2, "search", "")
    kw = {"value": gsearch} if gsearch else {}
    p.add(3, "searchbox", "Search accounts, meters, bills", key="gsearch", **kw)
    p.add(3, "button", "Search", key="gsearch_btn")
    p.add(2, "button", "Notifications (4)", hasPopup="menu", expanded=False)
    p.add(2, "button", "Priya Natarajan · Billing Agent II", hasPopup="menu", expanded=False)
    p.add(1, "navigation", "Main")
    p.add(2, "list", "")
    for s in SECTIONS:
        p.add(3, "listitem", "")
        if s == section:
            p.add(4, "link", s, key="nav_" + s.lower().replace(" ", "_"), current="page")
        else:
            p.add(4, "link", s, key="nav_" + s.lower().replace(" ", "_"))
    p.add(1, "navigation", "Breadcrumb")
    p.add(2, "list", "")
    for i, (label, key) in enumerate(crumbs):
        p.add(3, "listitem", "")
        if i < len(crumbs) - 1:
            p.add(4, "link", label, key=key)
        else:
            p.text(4, label)
    p.add(1, "main", "")


def footer(p, toast=None, toast_kind="status"):
    if toast:
        p.add(1, toast_kind, "")
        p.text(2, toast)
        p.add(2, "button", "Dismiss notification", key="toast_close")
    p.add(1, "contentinfo", "")
    p.text(2, "Meterline 7.4.2 · Cascade Valley Power & Water · Billing Operations")
    p.add(2, "link", "Rate schedules")
    p.add(2, "link", "Help center")
    p.add(2, "link", "Report a problem")
    p.add(2, "link", "Privacy")
    p.text(2, "Signed in as pnatarajan · Last sign-in %s 08:12 · Pacific Time" % TODAY)


def table(p, depth, name, headers, rows, sortable=(), key=None):
    p.add(depth, "table", name, key=key)
    p.add(depth + 1, "row", "")
    for h in headers:
        p.add(depth + 2, "columnheader", h)
        if h in sortable:
            p.add(depth + 3, "button", "Sort by " + h, key="sort_" + h.lower())
    for cells in rows:
        p.add(depth + 1, "row", "")
        for c in cells:
            if isinstance(c, tuple):   # (kind, name, key)
                kind, nm, k = c
                p.add(depth + 2, "cell", "" if kind in ("button", "link") and k else nm)
                p.add(depth + 3, kind, nm, key=k)
            else:
                p.add(depth + 2, "cell", c)


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------

def pg_dashboard(ctx):
    rng = ctx.rng
    p = Page(BASE + "/dashboard", "Dashboard · Meterline", rng)
    chrome(p, "Dashboard", [("Home", "bc_home"), ("Dashboard", None)])
    p.add(2, "heading", "Good morning, Priya", level=1)
    p.text(2, "Billing cycle 03 closes 03/05/2024 · 4 days left")
    p.add(2, "region", "Work queues")
    p.add(3, "heading", "Work queues", level=2)
    queues = [("Estimated reads awaiting review", 47), ("Rebills pending approval", 6),
              ("Failed payments to follow up", 12), ("Disconnection notices scheduled this week", 5),
              ("High usage alerts", 19), ("Payment plans with missed installments", 8)]
    for q, n in queues:
        p.add(3, "link", "%s (%d)" % (q, n + rng.randint(0, 3)))
    p.add(2, "region", "Recent activity")
    p.add(3, "heading", "Recent activity", level=2)
    rows = []
    acts = ["Payment posted", "Failed payment (NSF)", "Disconnection notice mailed", "Meter read estimated",
            "Service order SO-%d completed" % rng.randint(40000, 49999), "Payment plan PP-%d created" % rng.randint(5800, 6100),
            "High usage letter sent", "Past due reminder sent"]
    for i in range(8):
        a = rng.choice(POOL)
        rows.append(["03/01/2024 %02d:%02d" % (9 - i // 3, rng.randint(0, 59)), a["acct"], a["name"],
                     rng.choice(acts)])
    table(p, 3, "Recent activity", ["Time", "Account", "Customer", "Event"], rows)
    p.add(3, "link", "View all activity")
    footer(p)
    return p


def _acct_row(a, keyed=True):
    k = "open_" + a["acct"] if keyed else None
    return [("link", a["acct"], k), a["name"], a["address"], a.get("territory", "Fernhill"), a["status"],
            money(a["balance"])]


def search_accounts(query, territory=None):
    q = query.strip().lower()
    named = [{"acct": k, "name": v["name"], "address": v["address"].split(",")[0], "status": v["status"],
              "balance": {"4407-2291-06": 0.0, "4407-2291-08": 287.64, "4407-2219-06": 0.0}[k],
              "territory": v["territory"]} for k, v in ACCOUNTS.items()]
    if q in ("4407-2291-06", "440722910 6", "4407229106"):
        res = named[:]           # exact + close matches (one digit apart)
    elif q == "okafor":
        res = [named[0], named[1]] + [a for a in POOL if "okafor" in a["name"].lower()]
    elif q == "larkspur":
        res = LARKSPUR_NEIGHBOURS[:10] + [named[0]] + LARKSPUR_NEIGHBOURS[10:] + [named[2]]
        # keep sorted by address number, target lands on page 2
        res = LARKSPUR_NEIGHBOURS[:11] + [named[0]] + LARKSPUR_NEIGHBOURS[11:] + [named[2]]
    elif q == "":
        res = POOL[:]
    else:
        res = []
    if territory:
        res = [a for a in res if a.get("territory") == territory]
    return res


def pg_accounts(ctx, query="", page=1, territory=None, restored=False, via_url=False):
    rng = ctx.rng
    url = BASE + "/accounts"
    params = []
    if query:
        params.append("q=" + query.replace(" ", "+"))
    if territory:
        params.append("territory=" + territory)
    if page > 1:
        params.append("page=%d" % page)
    if params:
        url += "?" + "&".join(params)
    title = ("Search results for %s · Meterline" % query) if query else "Accounts · Meterline"
    p = Page(url, title, rng)
    chrome(p, "Accounts", [("Home", "bc_home"), ("Accounts", None)])
    p.add(2, "heading", "Accounts", level=1)
    p.add(2, "searchbox", "Search accounts by number, name or address", key="acct_search",
          **({"value": query} if query else {}))
    p.add(2, "button", "Search accounts", key="acct_search_btn")
    p.add(2, "group", "Filters")
    p.text(3, "Filters:")
    if territory:
        p.add(3, "button", "Territory: %s ×" % territory, key="chip_territory")
    else:
        p.add(3, "button", "Territory: All", hasPopup="listbox")
    p.add(3, "button", "Status: Any", hasPopup="listbox")
    p.add(3, "button", "Balance: Any", hasPopup="listbox")
    p.add(3, "button", "Clear all filters", key="clear_filters")
    if restored:
        p.text(3, "Filters restored from your last session")
    res = search_accounts(query, territory)
    per = 10
    total = len(res)
    chunk = res[(page - 1) * per: page * per]
    if query:
        if not res:
            p.add(2, "status", "")
            p.text(3, "No accounts match '%s' with the current filters." % query)
        else:
            close = " (exact and close matches)" if query.startswith("4407") else ""
            p.text(2, "%d account%s match '%s'%s" % (total, "" if total == 1 else "s", query, close))
    else:
        p.text(2, "1,204 active accounts · 87 past due · 14 with disconnection notices")
    if chunk:
        table(p, 2, "Accounts", ["Account", "Customer", "Service address", "Territory", "Status", "Balance"],
              [_acct_row(a) for a in chunk], sortable=("Account", "Customer", "Balance"))
        pages = max(1, (total + per - 1) // per) if query else 121
        p.text(2, "Showing %d–%d of %s" % ((page - 1) * per + 1, (page - 1) * per + len(chunk),
                                          num(total) if query else "1,204"))
        p.add(2, "navigation", "Pagination")
        p.add(3, "button", "Previous page", key="prev_page", **({"disabled": True} if page == 1 else {}))
        for k in range(1, min(pages, 3) + 1):
            p.add(3, "button", "Page %d" % k, key="page_%d" % k, **({"pressed": True} if k == page else {}))
        p.add(3, "button", "Next page", key="next_page", **({"disabled": True} if page >= pages else {}))
    footer(p)
    return p


def pg_global_search(ctx, query):
    p = Page(BASE + "/search?q=" + query, "Search: %s · Meterline" % query, ctx.rng)
    chrome(p, None, [("Home", "bc_home"), ("Search", None)], gsearch=query)
    p.add(2, "heading", "Results for '%s'" % query, level=1)
    p.add(2, "tablist", "Result types")
    p.add(3, "tab", "All (3)", selected=True)
    p.add(3, "tab", "Accounts (0)", selected=False)
    p.add(3, "tab", "Meters (3)", selected=False)
    p.add(3, "tab", "Bills (0)", selected=False)
    p.add(2, "heading", "Meters", level=2)
    rows = []
    for mid, m in [("M-58213", METERS["M-58213"]), ("M-58231", METERS["M-58231"])]:
        last = m["reads"][-1]
        rows.append([("link", mid, "open_" + mid), m["label"], m["address"], m["account"],
                     "%s %s (%s)" % (last["date"], num(last["value"]), last["type"])])
    rows.append([("link", "M-58123", "open_M-58123"), "Well pump", "40 Quarry Rd, Millbrook", "3316-0082-41",
                 "02/13/2024 44,910 (Actual)"])
    table(p, 2, "Meters", ["Meter", "Location", "Service address", "Account", "Last read"], rows)
    p.text(2, "Close matches are shown for meter numbers that differ by one or two characters.")
    footer(p)
    return p


def pg_account(ctx, acct, toast=None, modal=None):
    w, rng = ctx.world, ctx.rng
    a = ACCOUNTS[acct]
    p = Page(BASE + "/accounts/" + acct, "Account %s · Meterline" % acct, rng)
    chrome(p, "Accounts", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (acct, None)])
    p.add(2, "heading", "Account %s · %s" % (acct, a["name"]), level=1)
    p.text(2, "%s - %s" % (a["name"], a["address"].split(",")[0]))
    p.text(2, "Status: %s · Customer since %s · %s · Autopay: %s" % (a["status"], a["since"], a["phone"], a["autopay"]))
    p.add(2, "tablist", "Account sections")
    for t in ["Overview", "Meters", "Bills", "Payments", "Payment plans", "Adjustments", "Service orders", "Notes"]:
        p.add(3, "tab", t, key="tab_" + t.lower().replace(" ", "_"), selected=(t == "Overview"))
    bal = w.balance(acct)
    p.add(2, "region", "Balance")
    p.text(3, "Current balance %s" % money(bal))
    if acct == "4407-2291-08":
        p.text(3, "Past due %s · Disconnection notice mailed 02/27/2024" % money(287.64))
    else:
        p.text(3, "Past due $0.00")
    p.add(2, "region", "Alerts")
    p.add(3, "heading", "Alerts", level=2)
    if acct == "4407-2291-06":
        p.add(3, "listitem", "")
        p.text(4, "High usage alert on M-58231 (Detached shop) - Aug 2023, resolved")
        p.add(3, "listitem", "")
        p.text(4, "Feb 2024 bill used estimated reads (no meter access 02/14/2024)")
        p.add(3, "listitem", "")
        p.text(4, "Failed payment 01/28/2024 (card expired) - paid by phone 02/02/2024")
    else:
        p.add(3, "listitem", "")
        p.text(4, "Feb 2024 bill used an estimated read")
    p.add(2, "heading", "Meters on this account", level=2)
    rows = []
    for mid in a["meters"]:
        m = METERS[mid]
        last = w.reads(mid)[-1]
        rows.append([("link", mid, "open_" + mid), m["label"], m["service"], m["serial"],
                     "%s %s (%s)" % (last["date"], num(last["value"]), last["type"]),
                     ("link", "Read history for " + mid, "reads_" + mid)])
    table(p, 2, "Meters", ["Meter", "Location", "Service", "Serial", "Last read", "Actions"], rows)
    p.add(2, "heading", "Recent bills", level=2)
    feb = a["feb_bill"]
    feb_status = "Rebilled %s" % TODAY if feb in w.rebilled else ("Paid 02/28/2024 (Estimated)" if a["paid_feb"]
                                                                     else "Past due (Estimated)")
    rows = [[("link", feb, "open_" + feb), "Feb 2024", "01/15/2024–02/14/2024",
             money(w.feb_current(acct) if feb in w.rebilled else w.feb_original(acct)), "03/08/2024", feb_status,
             ("button", "Rebill " + feb, "rebill_btn_" + feb)],
            [("link", a["jan_bill"], "open_" + a["jan_bill"]), "Jan 2024", "12/14/2023–01/15/2024",
             money(w.bill_total(acct, 10)), "02/07/2024", "Paid 02/02/2024", ("button", "Rebill " + a["jan_bill"], "rebill_btn_" + a["jan_bill"])],
            [("link", a["dec_bill"], "open_" + a["dec_bill"]), "Dec 2023", "11/14/2023–12/14/2023",
             money(w.bill_total(acct, 9)), "01/08/2024", "Paid 12/29/2023", ("button", "Rebill " + a["dec_bill"], "rebill_btn_" + a["dec_bill"])]]
    table(p, 2, "Bills", ["Bill", "Period", "Service dates", "Amount", "Due", "Status", "Actions"], rows,
          sortable=("Due",))
    p.add(2, "heading", "Payment plans", level=2)
    if acct in w.plans:
        pl = w.plans[acct]
        p.text(2, "%s · Active · %d installments · %s" % (pl["id"], pl["n"], money(pl["amount"])))
    else:
        p.text(2, "No active payment plan. Last plan PP-4471 completed 08/2022.")
    p.add(2, "link", "Set up payment plan", key="setup_plan")
    p.add(2, "heading", "Notes", level=2)
    p.text(2, "11/03/2023 - Disconnection notice rescinded after payment received (J. Whitcomb)")
    p.text(2, "02/14/2024 - Meter access blocked (gate locked); reads estimated")
    footer(p, toast)
    if modal:
        modal(p)
    return p


def pg_reads(ctx, meter, period=None, dialog=None, toast=None, stale=False, sort_asc=False, banner=None):
    w, rng = ctx.world, ctx.rng
    m = METERS[meter]
    url = BASE + "/meters/%s/reads" % meter
    if period:
        url += "?period=" + period.replace(" ", "-").lower()
    p = Page(url, "Read history · Meter %s · Meterline" % meter, rng)
    chrome(p, "Meters", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (m["account"], "bc_account"),
                         ("Meter %s" % meter, None)])
    p.add(2, "heading", "Read history · Meter %s" % meter, level=1)
    p.text(2, "%s · %s · %s · Serial %s · Multiplier 1 · Rate schedule R-1 Residential" %
           (m["address"], m["label"], m["service"], m["serial"]))
    p.add(2, "link", "Account %s" % m["account"], key="to_account")
    if banner:
        p.add(2, "alert", "")
        p.text(3, banner)
    p.add(2, "combobox", "Billing period", key="period", value=period or "Last 12 months", hasPopup="listbox",
          expanded=False)
    p.add(2, "group", "Filters")
    p.add(3, "button", "Read type: All", hasPopup="listbox")
    if period:
        p.add(3, "button", "Period: %s ×" % period, key="chip_period")
        if stale:
            p.text(3, "Filters restored from your last session")
    rows_all = w.reads(meter)
    idx = list(range(len(rows_all)))
    if period:
        idx = [i for i in idx if PERIOD_NAMES[i] == period]
    order = idx if sort_asc else list(reversed(idx))
    p.text(2, "Showing %d of 38 reads" % len(order) if not period else "Showing %d of 1 reads" % len(order))
    p.add(2, "table", "Meter reads")
    p.add(3, "row", "")
    for h in ["Read date", "Reading (kWh)", "Type", "Source", "Usage (kWh)", "Bill", "Actions"]:
        p.add(4, "columnheader", h)
        if h == "Read date":
            p.add(5, "button", "Sort by read date (%s)" % ("oldest first" if sort_asc else "newest first"),
                  key="sort_date")
    acct = ACCOUNTS[m["account"]]
    for i in order:
        r = rows_all[i]
        usage = r["value"] - rows_all[i - 1]["value"] if i > 0 else r["value"] - (METERS[meter]["reads"][0]["value"] - 700)
        bill = {11: acct["feb_bill"], 10: acct["jan_bill"], 9: acct["dec_bill"]}.get(i, "B-7%05d" % (60000 + i * 911))
        typ = r["type"] + (" (corrected from %s)" % num(r["orig"]) if "orig" in r else "")
        flag = "  High usage" if usage > 1200 else ""
        p.add(3, "row", "")
        p.add(4, "cell", r["date"])
        p.add(4, "cell", num(r["value"]))
        p.add(4, "cell", typ)
        p.add(4, "cell", r["source"])
        p.add(4, "cell", num(usage) + flag)
        p.add(4, "cell", bill)
        p.add(4, "cell", "")
        if i >= 10:
            p.add(5, "button", "Correct read %s" % r["date"], key="correct_%s" % r["date"])
        else:
            p.add(5, "button", "Correct read %s" % r["date"], disabled=True)
            p.text(5, "Billing period closed")
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", disabled=True)
    p.add(3, "button", "Next page", **({"disabled": True} if period else {}))
    feb = acct["feb_bill"]
    if any((meter, d) in w.corrections for d in READ_DATES) and feb not in w.rebilled:
        p.add(2, "alert", "")
        p.text(3, "Bill %s needs rebill: a read in its period was corrected." % feb)
        p.add(3, "link", "Rebill %s" % feb, key="rebill_link")
    footer(p, toast)
    if dialog:
        dialog(p)
    return p


def dlg_correct(meter, date, value="", source=None, note=""):
    def f(p):
        cur = [r for r in METERS[meter]["reads"] if r["date"] == date][0]
        p.add(1, "dialog", "Correct meter read", modal=True)
        p.add(2, "heading", "Correct meter read", level=2)
        p.text(2, "Meter %s · Read date %s" % (meter, date))
        p.text(2, "Current reading: %s (%s)" % (num(cur["value"]), cur["type"]))
        p.add(2, "textbox", "Corrected reading (kWh)", key="dlg_value", required=True,
              **({"value": value} if value else {}))
        p.add(2, "combobox", "Read source", key="dlg_source", value=source or "Select a source",
              hasPopup="listbox", expanded=False)
        p.add(2, "textbox", "Note (optional)", key="dlg_note", **({"value": note} if note else {}))
        p.text(2, "Correcting a read marks the affected bill for rebill. The original read is kept in the audit log.")
        p.add(2, "button", "Cancel", key="dlg_cancel")
        p.add(2, "button", "Save correction", key="dlg_save")
    return f


def dlg_large_change(kwh):
    def f(p):
        p.add(1, "alertdialog", "Confirm large correction", modal=True)
        p.add(2, "heading", "Confirm large correction", level=2)
        p.text(2, "This correction adds %s kWh to the period. Usage will be flagged as high usage compared to "
                  "the 12-month average. Continue?" % num(kwh))
        p.add(2, "button", "Go back", key="large_back")
        p.add(2, "button", "Continue", key="large_continue")
    return f


def dlg_session_warning(p):
    p.add(1, "alertdialog", "Your session will expire soon", modal=True)
    p.text(2, "You have been inactive for 28 minutes. Your session will expire in 2 minutes.")
    p.add(2, "button", "Stay signed in", key="stay_signed_in")
    p.add(2, "button", "Sign out")


def pg_rebill(ctx, acct, dialog=None, banner=None, reason=None):
    w, rng = ctx.world, ctx.rng
    a = ACCOUNTS[acct]
    bill = a["feb_bill"]
    p = Page(BASE + "/bills/%s/rebill" % bill, "Rebill %s · Meterline" % bill, rng)
    chrome(p, "Bills", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (acct, "bc_account"),
                        ("Bill %s" % bill, "bc_bill"), ("Rebill", None)])
    p.add(2, "heading", "Rebill preview · Bill %s" % bill, level=1)
    p.text(2, "Account %s · %s · Feb 2024 (01/15/2024–02/14/2024)" % (acct, a["name"]))
    if banner:
        p.add(2, "alert", "")
        p.text(3, banner)
    rows = []
    for mid in a["meters"]:
        u0, u1 = w.usage(mid, 11, False), w.usage(mid, 11, True)
        rows.append(["%s %s" % (mid, METERS[mid]["label"]), "%s kWh" % num(u0), money(round(u0 * RATE, 2)),
                     "%s kWh" % num(u1), money(round(u1 * RATE, 2))])
    rows.append(["Customer charge", "", money(CUSTOMER_CHARGE), "", money(CUSTOMER_CHARGE)])
    orig, new = w.feb_original(acct), w.feb_current(acct)
    rows.append(["Total", "", money(orig), "", money(new)])
    table(p, 2, "Line items", ["Line", "Original usage", "Original amount", "Rebilled usage", "Rebilled amount"], rows)
    diff = round(new - orig, 2)
    p.text(2, "Difference %s" % money(diff, sign=True))
    if diff == 0:
        p.text(2, "No changes to rebill: reads for this period are unchanged.")
    p.text(2, "Original bill based on estimated reads. Payment of %s received 02/28/2024." % money(orig)
           if a["paid_feb"] else "Original bill based on estimated reads. No payment received.")
    p.text(2, "Previous bill %s (Jan 2024) is not affected." % a["jan_bill"])
    p.add(2, "button", "Cancel", key="rebill_cancel")
    p.add(2, "button", "Confirm rebill", key="rebill_confirm", **({"disabled": True} if diff == 0 else {}))
    footer(p)
    if dialog:
        dialog(p)
    return p


def dlg_reason(reason=None, comment=""):
    def f(p):
        p.add(1, "dialog", "Reason for adjustment", modal=True)
        p.add(2, "heading", "Reason for adjustment", level=2)
        p.text(2, "A reason is required for every rebill and is shown on the customer's next bill.")
        p.add(2, "combobox", "Adjustment reason", key="reason", value=reason or "Select a reason",
              hasPopup="listbox", expanded=False)
        p.add(2, "textbox", "Comment", key="reason_comment", **({"value": comment} if comment else {}))
        p.add(2, "button", "Cancel", key="reason_cancel")
        p.add(2, "button", "Submit rebill", key="reason_submit")
    return f


def pg_bill(ctx, acct, toast=None, banner=None):
    w, rng = ctx.world, ctx.rng
    a = ACCOUNTS[acct]
    bill = a["feb_bill"]
    p = Page(BASE + "/bills/" + bill, "Bill %s · Meterline" % bill, rng)
    chrome(p, "Bills", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (acct, "bc_account"),
                        ("Bill %s" % bill, None)])
    reb = bill in w.rebilled
    p.add(2, "heading", "Bill %s · Feb 2024%s" % (bill, " (Rebilled)" if reb else ""), level=1)
    if banner:
        p.add(2, "alert", "")
        p.text(3, banner)
    p.text(2, "Account %s · %s · Service 01/15/2024–02/14/2024 · Due 03/08/2024" % (acct, a["name"]))
    rows = [["Original amount", money(w.feb_original(acct))]]
    if reb:
        adj, diff = w.rebilled[bill]
        rows.append(["Adjustment %s (Estimated read corrected)" % adj, money(diff, sign=True)])
        rows.append(["Rebilled amount", money(w.feb_current(acct))])
    rows.append(["Payments", "-" + money(w.feb_original(acct)) if a["paid_feb"] else "$0.00"])
    rows.append(["Balance due", money(w.balance(acct))])
    table(p, 2, "Bill summary", ["Item", "Amount"], rows)
    p.add(2, "link", "View PDF")
    p.add(2, "link", "Set up payment plan", key="setup_plan")
    p.add(2, "link", "Back to account %s" % acct, key="to_account")
    footer(p, toast)
    return p


def pg_plan_form(ctx, acct, amount_value=None, n=None, letter=False, banner=None, dialog=None):
    w, rng = ctx.world, ctx.rng
    a = ACCOUNTS[acct]
    p = Page(BASE + "/accounts/%s/payment-plans/new" % acct, "New payment plan · Meterline", rng)
    chrome(p, "Payment plans", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (acct, "bc_account"),
                                ("New payment plan", None)])
    p.add(2, "heading", "New payment plan for account %s" % acct, level=1)
    p.text(2, "%s · Outstanding balance %s" % (a["name"], money(w.balance(acct))))
    if banner:
        p.add(2, "alert", "")
        p.text(3, banner)
    p.text(2, "Eligibility: Eligible (no broken plans in the last 12 months)")
    amt = amount_value if amount_value is not None else "%.2f" % w.balance(acct)
    p.add(2, "textbox", "Plan amount ($)", key="plan_amount", value=amt)
    nn = n or "6"
    p.add(2, "combobox", "Number of installments", key="plan_n", value=nn, hasPopup="listbox", expanded=False)
    p.add(2, "combobox", "First installment on", key="plan_start", value="Next bill (Mar 2024)",
          hasPopup="listbox", expanded=False)
    p.add(2, "checkbox", "Mail plan confirmation letter", key="plan_letter", checked="true" if letter else "false")
    try:
        val = float(amt.replace("$", "").replace(",", ""))
    except ValueError:
        val = 0.0
    if val > 0:
        parts = split_installments(val, int(nn))
        p.text(2, "Installment preview: %s installments of %s%s" % (
            nn, money(parts[0]), (" (last %s)" % money(parts[-1])) if parts[-1] != parts[0] else ""))
    p.text(2, "Installments are added to the customer's regular monthly bill. Missing two installments cancels the plan.")
    p.text(2, "Looking for a levelized monthly amount instead?")
    p.add(2, "link", "Enroll in budget billing", key="budget_link")
    p.add(2, "button", "Cancel", key="plan_cancel")
    p.add(2, "button", "Create plan", key="plan_create")
    footer(p)
    if dialog:
        dialog(p)
    return p


def pg_plan(ctx, acct, toast=None):
    w, rng = ctx.world, ctx.rng
    pl = w.plans[acct]
    p = Page(BASE + "/payment-plans/" + pl["id"], "Payment plan %s · Meterline" % pl["id"], rng)
    chrome(p, "Payment plans", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (acct, "bc_account"),
                                ("Payment plan %s" % pl["id"], None)])
    p.add(2, "heading", "Payment plan %s" % pl["id"], level=1)
    p.text(2, "Account %s · %s · Status: Active · Created %s by pnatarajan" % (acct, ACCOUNTS[acct]["name"], TODAY))
    p.text(2, "Plan amount %s · %d installments" % (money(pl["amount"]), pl["n"]))
    months = ["Mar 2024", "Apr 2024", "May 2024", "Jun 2024", "Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024",
              "Nov 2024", "Dec 2024", "Jan 2025", "Feb 2025"]
    rows = [[str(i + 1), months[i] + " bill", money(x), "Scheduled"] for i, x in enumerate(split_installments(pl["amount"], pl["n"]))]
    table(p, 2, "Installments", ["#", "Billed on", "Amount", "Status"], rows)
    p.add(2, "button", "Cancel plan")
    p.add(2, "link", "Back to account %s" % acct, key="to_account")
    footer(p, toast)
    return p


def pg_budget(ctx, acct, toast=None):
    p = Page(BASE + "/accounts/%s/budget-billing" % acct, "Budget billing · Meterline", ctx.rng)
    chrome(p, "Payment plans", [("Home", "bc_home"), ("Accounts", "bc_accounts"), (acct, "bc_account"),
                                ("Budget billing", None)])
    p.add(2, "heading", "Budget billing · Account %s" % acct, level=1)
    enrolled = acct in ctx.world.budget
    p.text(2, "Status: %s" % ("Enrolled - starts with the Mar 2024 bill" if enrolled else "Not enrolled"))
    p.text(2, "Levelized monthly amount: $158.00 (12-month average plus current balance, reviewed every 6 months)")
    if not enrolled:
        p.add(2, "button", "Enroll in budget billing", key="budget_enroll")
    p.add(2, "link", "Back to account %s" % acct, key="to_account")
    footer(p, toast)
    return p


def pg_signin(ctx, next_url):
    p = Page(BASE + "/signin?next=" + next_url.replace(BASE, ""), "Sign in · Meterline", ctx.rng)
    p.add(1, "banner", "")
    p.add(2, "link", "Meterline", key="home")
    p.text(2, "Cascade Valley Power & Water")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Meterline", level=1)
    p.add(2, "alert", "")
    p.text(3, "Your session has expired. Please sign in again.")
    p.add(2, "textbox", "Username", key="user")
    p.add(2, "textbox", "Password", key="pass")
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.text(2, "Meterline 7.4.2 · Cascade Valley Power & Water")
    return p


# ---------------------------------------------------------------------------
# Run engine
# ---------------------------------------------------------------------------

class Ctx:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.world = World()


def _edit_value(page, bid, value):
    """Return a copy of page where element `bid` carries `value` and focus (fill / select_option)."""
    q = Page.__new__(Page)
    q.url, q.title, q.ids, q.next = page.url, page.title, dict(page.ids), page.next
    out = []
    for line in page.lines:
        line = line.replace(", focused", "")
        if line.lstrip("\t").startswith("[%s] " % bid):
            line = re.sub(r", value='(?:[^'\\]|\\.)*'", "", line)
            m = re.match(r"^(\t*\[\S+\] \S+ '(?:[^'\\]|\\.)*')(.*)$", line)
            line = m.group(1) + ", focused, value=" + _q(value) + m.group(2)
        out.append(line)
    q.lines = out
    return q


class Run:
    def __init__(self, rid, fault, seed, start, **start_kw):
        self.id, self.fault = rid, fault
        self.ctx = Ctx(seed)
        self.cur = start(self.ctx, **start_kw)
        self.initial = self.cur.obs()
        self.steps = []
        self.off = None
        self.success = fault is None
        self.territory = None

    @property
    def w(self):
        return self.ctx.world

    def step(self, commitment, kind, key=None, value=None, why="", effect="read", nxt=None, off=False,
             error=None):
        cur = self.cur
        if kind in ("click", "fill", "select", "press", "check"):
            if key not in cur.ids:
                raise KeyError("%s: no element %r on %s" % (self.id, key, cur.title))
            bid, role, name = cur.ids[key]
            target = "%s %s" % (role, _q(name))
            cmd = {"click": "click(%r)" % bid, "check": "click(%r)" % bid,
                   "fill": "fill(%r, %r)" % (bid, value), "select": "select_option(%r, %r)" % (bid, value),
                   "press": "press(%r, 'Enter')" % bid}[kind]
        elif kind == "goto":
            target, cmd = "url %s" % value, "goto(%r)" % value
        elif kind == "send":
            target, cmd = "chat", "send_msg_to_user(%r)" % value
        else:
            raise ValueError(kind)
        if nxt is None:
            if kind in ("fill", "select"):
                page = _edit_value(cur, bid, value)
            elif kind == "send":
                page = cur
            else:
                raise ValueError("%s: step needs a next page" % self.id)
        else:
            page = nxt(self.ctx) if callable(nxt) else nxt
        if off:
            assert self.off is None, self.id
            self.off = len(self.steps)
        action = {"command": cmd, "reasoning": why, "target": target, "effect": effect}
        self.steps.append({"commitment": commitment, "action": action, "observation": page.obs(error)})
        self.cur = page
        return page

    def record(self):
        return {"id": self.id, "workflow": WORKFLOW, "task": TASK, "plan": "plans/%s.yaml" % WORKFLOW,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": self.success}}


T = "4407-2291-06"
M = "M-58213"
FEB = "02/14/2024"
BILL = "B-771342"


# ---- find the account -------------------------------------------------------

def find_account(r, style, pick=T, off=False):
    c = "find-account"
    if style == "global":
        r.step(c, "fill", "gsearch", T, "Search for the account number from Priya's note")
        r.step(c, "press", "gsearch", why="Run the search",
               nxt=lambda x: pg_accounts(x, query=T))
    elif style == "acct_box":
        r.step(c, "fill", "acct_search", T, "Type the account number into the accounts search")
        r.step(c, "click", "acct_search_btn", why="Search accounts", nxt=lambda x: pg_accounts(x, query=T))
    elif style == "acct_box_enter":
        r.step(c, "fill", "acct_search", T, "Type the account number into the accounts search")
        r.step(c, "press", "acct_search", why="Submit the search",
               nxt=lambda x: pg_accounts(x, query=T, territory=r.territory))
    elif style == "url":
        url = BASE + "/accounts?q=" + T
        r.step(c, "goto", value=url, why="Jump straight to the search results via the q parameter",
               nxt=lambda x: pg_accounts(x, query=T))
    elif style == "direct":
        url = BASE + "/accounts/" + T
        r.step(c, "goto", value=url, why="Open the account page directly by URL",
               nxt=lambda x: pg_account(x, T))
        return
    elif style == "name":
        r.step(c, "fill", "acct_search", "Okafor", "Search by the customer's last name")
        r.step(c, "click", "acct_search_btn", why="Search", nxt=lambda x: pg_accounts(x, query="Okafor"))
    elif style == "street":
        r.step(c, "fill", "acct_search", "Larkspur", "Search by street to double-check the service address")
        r.step(c, "press", "acct_search", why="Submit", nxt=lambda x: pg_accounts(x, query="Larkspur"))
        r.step(c, "click", "next_page", why="118 Larkspur Ln isn't on the first page; go to page 2",
               nxt=lambda x: pg_accounts(x, query="Larkspur", page=2))
    why = "Open account %s (%s)" % (pick, ACCOUNTS[pick]["name"])
    r.step(c, "click", "open_" + pick, why=why, off=off, nxt=lambda x: pg_account(x, pick))


# ---- open read history ---------------------------------------------------------

def open_reads(r, meter=M, via="reads", off=False, period=None, sort=False):
    c = "open-reads"
    why = "Open the read history for %s (%s)" % (meter, METERS[meter]["label"].lower())
    key = ("reads_" if via == "reads" else "open_") + meter
    r.step(c, "click", key, why=why, off=off, nxt=lambda x: pg_reads(x, meter))
    r.meter = meter
    r.period, r.sort_asc = None, False
    if period:
        r.step(c, "select", "period", period, "Narrow the table to the Feb 2024 billing period",
               nxt=lambda x: pg_reads(x, meter, period=period))
        r.period = period
    if sort:
        r.step(c, "click", "sort_date", why="Sort by read date so the newest read is easy to find",
               nxt=lambda x: pg_reads(x, meter, sort_asc=True))
        r.sort_asc = True


def _reads_page(r, **kw):
    return lambda x: pg_reads(x, r.meter, period=r.period, sort_asc=r.sort_asc, **kw)


# ---- correct the read --------------------------------------------------------

def correct_read(r, value="12655", source="Customer photo", note=None, off_fill=False, noop=False,
                 off_save=False):
    c = "correct-read"
    meter = r.meter
    r.step(c, "click", "correct_" + FEB, why="Open the correction form for the 02/14/2024 estimated read",
           nxt=_reads_page(r, dialog=dlg_correct(meter, FEB)))
    r.step(c, "fill", "dlg_value", value, "Enter the customer's actual reading", off=off_fill)
    r.step(c, "select", "dlg_source", source, "She sent a photo of the meter")
    if note:
        r.step(c, "fill", "dlg_note", note, "Leave a note for the audit log")
    old = [x for x in METERS[meter]["reads"] if x["date"] == FEB][0]["value"]
    added = int(value) - old
    bill = ACCOUNTS[METERS[meter]["account"]]["feb_bill"]

    def apply(x):
        r.w.corrections[(meter, FEB)] = int(value)
        toast = "Read corrected: %s %s is now %s kWh (Actual). Bill %s marked for rebill." % (
            meter, FEB, num(int(value)), bill)
        return pg_reads(x, meter, period=r.period, sort_asc=r.sort_asc, toast=toast)

    if noop:
        r.step(c, "click", "dlg_save", why="Save the correction", effect="write", off=off_save,
               nxt=_reads_page(r))
        return
    if added > 400:
        r.step(c, "click", "dlg_save", why="Save the correction", effect="write",
               nxt=_reads_page(r, dialog=dlg_large_change(added)))
        r.step(c, "click", "large_continue",
               why="The jump is expected - the Feb read was underestimated; confirm", effect="write", nxt=apply)
    else:
        r.step(c, "click", "dlg_save", why="Save the correction", effect="write", nxt=apply)


# ---- rebill --------------------------------------------------------------------

def rebill(r, route="alert", acct=T, comment=None, reason="Estimated read corrected", fail_banner=None):
    c = "rebill"
    bill = ACCOUNTS[acct]["feb_bill"]
    if route == "alert":
        r.step(c, "click", "rebill_link", why="Use the rebill link the correction created",
               nxt=lambda x: pg_rebill(x, acct))
    else:
        r.step(c, "click", "to_account", why="Back to the account to find the Feb bill",
               nxt=lambda x: pg_account(x, acct))
        r.step(c, "click", "rebill_btn_" + bill, why="Rebill the Feb 2024 bill %s" % bill,
               nxt=lambda x: pg_rebill(x, acct))
    r.step(c, "click", "rebill_confirm", why="Preview looks right; confirm the rebill",
           nxt=lambda x: pg_rebill(x, acct, dialog=dlg_reason()))
    r.step(c, "select", "reason", reason, "Pick the adjustment reason")
    if comment:
        r.step(c, "fill", "reason_comment", comment, "Add context for the adjustment")
    if fail_banner:
        r.step(c, "click", "reason_submit", why="Submit the rebill", effect="irreversible", off=True,
               nxt=lambda x: pg_bill(x, acct, banner=fail_banner))
        return

    def apply(x):
        diff = round(r.w.feb_current(acct) - r.w.feb_original(acct), 2)
        r.w.rebilled[bill] = ("ADJ-30918", diff)
        return pg_bill(x, acct, toast="Bill %s rebilled. Adjustment ADJ-30918 (%s) posted to account %s." % (
            bill, money(diff, sign=True), acct))
    r.step(c, "click", "reason_submit", why="Submit the rebill", effect="irreversible", nxt=apply)


# ---- payment plan ---------------------------------------------------------------

def plan(r, acct=T, n="3", letter=False, amount=None, via="setup_plan", create=True, create_result="ok",
         session_warning=False):
    c = "payment-plan"
    r.form = {"amount_value": None, "n": None, "letter": False}

    def form(**extra):
        return lambda x: pg_plan_form(x, acct, **dict(r.form, **extra))
    if via == "setup_plan":
        r.step(c, "click", "setup_plan", why="Start a payment plan for the remaining balance",
               nxt=form(dialog=dlg_session_warning) if session_warning else form())
    else:
        url = BASE + "/accounts/%s/payment-plans/new" % acct
        r.step(c, "goto", value=url, why="Open the new payment plan form", nxt=form())
    if session_warning:
        r.step(c, "click", "stay_signed_in", why="Keep the session alive", nxt=form())
    if amount:
        r.form["amount_value"] = amount
        r.step(c, "fill", "plan_amount", amount, "The amount field is empty; enter the $72.20 difference",
               nxt=form())
    r.form["n"] = n
    r.step(c, "select", "plan_n", n, "Customer wants it spread over %s bills" % n, nxt=form())
    if letter:
        r.form["letter"] = True
        r.step(c, "check", "plan_letter", why="Mail her a confirmation letter", nxt=form())
    if not create:
        return

    def apply(x):
        amt = float(r.form["amount_value"]) if r.form["amount_value"] else r.w.balance(acct)
        r.w.plans[acct] = {"id": "PP-6120", "n": int(n), "amount": amt}
        return pg_plan(x, acct, toast="Payment plan PP-6120 created: %s installments starting with the Mar 2024 bill." % n)
    if create_result == "ok":
        r.step(c, "click", "plan_create", why="Create the plan", effect="irreversible", nxt=apply)
    elif create_result == "session":
        r.step(c, "click", "plan_create", why="Create the plan", effect="irreversible", off=True,
               nxt=lambda x: pg_signin(x, BASE + "/accounts/%s/payment-plans/new" % acct))
    elif create_result == "denied":
        r.step(c, "click", "plan_create", why="Create the plan", effect="irreversible", off=True,
               nxt=form(banner="Permission denied: your role (Billing Agent II) cannot create payment plans on "
                               "accounts with a disconnection notice in the last 6 months. A Billing Supervisor "
                               "must create this plan."))


def report(r, msg, off=False):
    r.step("report-back", "send", value=msg, why="Let Priya know how it went", off=off)


# ---------------------------------------------------------------------------
# The 20 runs
# ---------------------------------------------------------------------------

def build_runs():
    runs = []

    def new(rid, fault, seed, start, **kw):
        r = Run("meterline-%s" % rid, fault, seed, start, **kw)
        runs.append(r)
        return r

    # ----------------------------------------------------------------- healthy
    r = new("healthy-01", None, 101, pg_dashboard)
    find_account(r, "global")
    open_reads(r)
    correct_read(r)
    rebill(r)
    plan(r)
    report(r, "Done. M-58213 02/14 read corrected from 12,180 (est) to 12,655 actual, Feb bill B-771342 rebilled "
              "(+$72.20, ADJ-30918), and payment plan PP-6120 set up: 3 installments starting Mar 2024.")

    r = new("healthy-02", None, 102, pg_accounts)
    find_account(r, "url")
    open_reads(r, via="meter", sort=True)
    correct_read(r, note="Customer emailed photo 03/01; dial shows 12,655")
    rebill(r, route="account", comment="Customer photo of meter, actual 12,655 vs estimate 12,180")
    plan(r, letter=True)
    report(r, "All set - read fixed, Feb bill rebilled, 3-month plan PP-6120 created ($24.07/$24.07/$24.06).")

    r = new("healthy-03", None, 103, pg_dashboard)
    find_account(r, "direct")
    open_reads(r, period="Feb 2024")
    correct_read(r)
    rebill(r)
    plan(r)
    report(r, "Finished: actual read 12,655 entered for 02/14 on M-58213, B-771342 rebilled to $239.35 "
              "(difference +$72.20), payment plan PP-6120 for $72.20 over 3 bills.")

    r = new("healthy-04", None, 104, pg_dashboard)
    c = "find-account"
    r.step(c, "fill", "gsearch", M, "Search the meter number directly")
    r.step(c, "click", "gsearch_btn", why="Search", nxt=lambda x: pg_global_search(x, M))
    r.step("open-reads", "click", "open_" + M, why="Open M-58213 (main house), not the shop meter",
           nxt=lambda x: pg_reads(x, M))
    r.meter, r.period, r.sort_asc = M, None, False
    correct_read(r, source="Customer photo")
    rebill(r, comment="Actual read from customer photo")
    plan(r)
    report(r, "Hi Priya - finished Marisol Okafor's request on 4407-2291-06. The 02/14/2024 read on M-58213 "
              "(main house) is now 12,655 actual instead of the 12,180 estimate. Feb bill B-771342 was rebilled: "
              "total went from $167.15 to $239.35, so +$72.20 (adjustment ADJ-30918). Since she'd already paid the "
              "original amount, the $72.20 is on payment plan PP-6120: three installments ($24.07, $24.07, "
              "$24.06) on her Mar, Apr and May bills.")

    r = new("healthy-05", None, 105, pg_accounts)
    find_account(r, "name")
    open_reads(r, via="meter")
    correct_read(r)
    rebill(r)
    plan(r, letter=True)
    report(r, "Done - read corrected, Feb rebilled +$72.20, 3-installment plan PP-6120 created and letter queued.")

    r = new("healthy-06", None, 106, pg_accounts)
    find_account(r, "street")
    open_reads(r)
    correct_read(r, note="Photo from customer")
    rebill(r, route="account")
    plan(r)
    report(r, "Completed: corrected read, rebilled B-771342 (+$72.20), PP-6120 with 3 installments.")

    r = new("healthy-07", None, 107, pg_dashboard)
    find_account(r, "global")
    open_reads(r)
    correct_read(r)
    rebill(r)
    plan(r, session_warning=True)
    report(r, "Read corrected to 12,655, bill B-771342 rebilled, and the $72.20 is on a 3 month plan (PP-6120).")

    r = new("healthy-08", None, 108, pg_accounts)
    find_account(r, "url")
    open_reads(r, via="meter", sort=True)
    correct_read(r, note="Actual per customer photo")
    rebill(r, comment="Est. read 12,180 replaced by actual 12,655")
    plan(r)
    report(r, "Done for acct 4407-2291-06:\n- M-58213 (main house) 02/14/2024 read: 12,180 estimated -> 12,655 "
              "actual\n- B-771342 rebilled, +$72.20 (ADJ-30918)\n- Payment plan PP-6120: 3 x ~$24.07 starting "
              "Mar 2024\nNote: the detached shop meter M-58231 was also estimated on 02/14 - I left it alone since "
              "she didn't send a read for it.")

    # ------------------------------------------------------------------ faulty
    # 1. near-miss account (one digit off), agent's own click
    r = new("wrong_record-account-01", "wrong_record", 201, pg_accounts)
    find_account(r, "acct_box", pick="4407-2291-08", off=True)
    open_reads(r, meter="M-58312")
    correct_read(r)
    rebill(r, acct="4407-2291-08")
    report(r, "Corrected the read to 12,655 and rebilled the Feb bill. Will set up the plan next.")

    # 2. second meter at the same address
    r = new("wrong_record-meter-01", "wrong_record", 202, pg_dashboard)
    find_account(r, "global")
    open_reads(r, meter="M-58231", off=True)
    correct_read(r)
    rebill(r)
    plan(r)
    report(r, "Done - actual read 12,655 entered, Feb bill rebilled and a 3-month plan created (PP-6120).")

    # 3. transposed digits in the read
    r = new("wrong_value-read-01", "wrong_value", 203, pg_accounts)
    find_account(r, "url")
    open_reads(r)
    correct_read(r, value="12566", off_fill=True)
    rebill(r)
    plan(r)
    report(r, "Read corrected, B-771342 rebilled and PP-6120 set up for the difference over 3 months.")

    # 4. save does nothing (environment); agent carries on
    r = new("silent_noop-read-01", "silent_noop", 204, pg_dashboard)
    find_account(r, "global")
    open_reads(r)
    correct_read(r, noop=True, off_save=True)
    r.step("rebill", "click", "to_account", why="Go back to the account to rebill the Feb bill",
           nxt=lambda x: pg_account(x, T))
    r.step("rebill", "click", "rebill_btn_" + BILL, why="Rebill B-771342", nxt=lambda x: pg_rebill(x, T))
    report(r, "Entered the actual read. The rebill preview came out with no difference, so no payment plan "
              "was needed.")

    # 5. skips the rebill and sets up the plan straight from the account
    r = new("skipped_step-rebill-01", "skipped_step", 205, pg_accounts)
    find_account(r, "acct_box")
    open_reads(r)
    correct_read(r)
    r.step("payment-plan", "click", "to_account", why="Back to the account",
           nxt=lambda x: pg_account(x, T))
    r.form = {}
    r.step("payment-plan", "click", "setup_plan", why="Set up the payment plan for the difference", off=True,
           nxt=lambda x: pg_plan_form(x, T))
    r.form = {"amount_value": "72.20", "n": None, "letter": False}
    r.step("payment-plan", "fill", "plan_amount", "72.20", "Balance shows $0.00; enter the $72.20 difference",
           nxt=lambda x: pg_plan_form(x, T, amount_value="72.20"))
    r.step("payment-plan", "select", "plan_n", "3", "Three installments",
           nxt=lambda x: pg_plan_form(x, T, amount_value="72.20", n="3"))

    def mk(x):
        r.w.plans[T] = {"id": "PP-6120", "n": 3, "amount": 72.20}
        return pg_plan(x, T, toast="Payment plan PP-6120 created: 3 installments starting with the Mar 2024 bill.")
    r.step("payment-plan", "click", "plan_create", why="Create the plan", effect="irreversible", nxt=mk)
    report(r, "Read corrected and the $72.20 difference is on a 3-month payment plan (PP-6120).")

    # 6. drifts into budget billing instead of a payment plan
    r = new("plan_drift-budget-01", "plan_drift", 206, pg_dashboard)
    find_account(r, "direct")
    open_reads(r)
    correct_read(r)
    rebill(r)
    r.step("payment-plan", "click", "setup_plan", why="Now the payment plan",
           nxt=lambda x: pg_plan_form(x, T))
    r.step("payment-plan", "click", "budget_link",
           why="Budget billing would smooth this out over the coming months, which is what she wants", off=True,
           nxt=lambda x: pg_budget(x, T))

    def enroll(x):
        r.w.budget.add(T)
        return pg_budget(x, T, toast="Account 4407-2291-06 enrolled in budget billing starting with the Mar 2024 bill.")
    r.step("payment-plan", "click", "budget_enroll", why="Enroll her", effect="irreversible", nxt=enroll)
    report(r, "Read corrected, Feb bill rebilled (+$72.20), and she's on budget billing at $158/month starting "
              "March so the difference gets spread out.")

    # 7. rebill error banner ignored
    r = new("error_ignored-rebill-01", "error_ignored", 207, pg_accounts)
    find_account(r, "name")
    open_reads(r, via="meter")
    correct_read(r)
    rebill(r, fail_banner="Rebill failed: rate schedule R-1 could not be loaded for period 02/2024 (RB-409). "
                          "Bill B-771342 was not changed.")
    plan(r, amount="72.20")
    report(r, "Done - read corrected, Feb bill rebilled, and the $72.20 difference is on plan PP-6120 (3 months).")

    # 8. reports success without creating the plan
    r = new("false_success-plan-01", "false_success", 208, pg_dashboard)
    find_account(r, "global")
    open_reads(r)
    correct_read(r)
    rebill(r)
    plan(r, create=False)
    report(r, "All done: read corrected to 12,655, B-771342 rebilled (+$72.20), and the payment plan is set "
              "up for 3 installments of $24.07.", off=True)

    # 9. blocking modal on confirm rebill
    r = new("unexpected_dialog-rebill-01", "unexpected_dialog", 209, pg_accounts)
    find_account(r, "url")
    open_reads(r)
    correct_read(r)
    r.step("rebill", "click", "rebill_link", why="Rebill from the alert", nxt=lambda x: pg_rebill(x, T))

    def lock(p):
        p.add(1, "alertdialog", "Account locked for editing", modal=True)
        p.add(2, "heading", "Account locked for editing", level=2)
        p.text(2, "J. Whitcomb (Collections) has account 4407-2291-06 open for a disconnection review. "
                  "Rebills and adjustments are blocked until they close it.")
        p.add(2, "button", "Close", key="lock_close")
    r.step("rebill", "click", "rebill_confirm", why="Confirm the rebill", off=True,
           nxt=lambda x: pg_rebill(x, T, dialog=lock))
    r.step("rebill", "click", "lock_close", why="Dismiss the popup", nxt=lambda x: pg_rebill(x, T))
    r.step("rebill", "click", "rebill_confirm", why="Try confirming again",
           nxt=lambda x: pg_rebill(x, T, dialog=lock))
    r.step("rebill", "click", "lock_close", why="Dismiss it and move on to the plan",
           nxt=lambda x: pg_rebill(x, T))
    plan(r, via="url", amount="72.20")
    report(r, "Read corrected, rebill submitted, and a 3-month plan for $72.20 created (PP-6120).")

    # 10. session lost when creating the plan
    r = new("lost_session-plan-01", "lost_session", 210, pg_dashboard)
    find_account(r, "global")
    open_reads(r)
    correct_read(r)
    rebill(r, route="account")
    plan(r, create_result="session")
    report(r, "Done - corrected the read, rebilled the Feb bill and created the 3-month payment plan.")

    # 11. stale territory filter already on the start page
    r = new("stale_filter-search-01", "stale_filter", 211, pg_accounts, territory="Ridgeway", restored=True)
    r.territory = "Ridgeway"
    find_account(r, "acct_box_enter", pick="4407-2219-06")
    r.off = 0
    open_reads(r, meter="M-60417")
    correct_read(r)
    rebill(r, acct="4407-2219-06")
    report(r, "Actual read entered and the Feb bill rebilled. Plan still to do.")

    # 12. permission denied on create plan
    r = new("permission_denied-plan-01", "permission_denied", 212, pg_accounts)
    find_account(r, "acct_box")
    open_reads(r)
    correct_read(r)
    rebill(r)
    plan(r, create_result="denied")
    report(r, "Read corrected and B-771342 rebilled (+$72.20), but I couldn't create the payment plan: Meterline "
              "says a Billing Supervisor has to set it up because of the disconnection notice history.")
    return runs


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    with open(os.path.join(out, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_YAML)
    runs = build_runs()
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote %d trajectories (%d healthy, %d faulty) to %s" % (
        len(runs), sum(r.fault is None for r in runs), sum(r.fault is not None for r in runs), out))


if __name__ == "__main__":
    main(sys.argv)
