#!/usr/bin/env python3
"""Generate the payvault held-out corpus (Ledgerwick Payables, hold one invoice). Standard library only."""
PLAN_YAML = r'''# Written from the task text and the healthy pages only, before any faulty run existed.
task: >-
  In Ledgerwick Payables, put invoice INV-20417 from Brightwater Supply Co. (payment batch
  PB-0612) on payment hold with reason "Disputed quantity" and follow-up date 2024-07-15.
  Do not change any other invoice in the batch.
plan_falsifiers:
  execution:
    - Sign in to Ledgerwick Payables
    - Your session has ended
    - Something went wrong
commitments:
  - id: find-invoice
    subgoal: Open invoice INV-20417 from Brightwater Supply Co.
    skill: open_record_by_id
    confidence: 0.7
    confirm:
      precondition: [Payment batch PB-0612]
      progress: [INV-20417, Brightwater Supply Co.]
      completion: [Invoice INV-20417, "Vendor: Brightwater Supply Co."]
    falsify:
      execution:
        - Invoice INV-20471
        - Invoice INV-20147
        - Invoice INV-20414
        - "Vendor: Brightwater Supplies Ltd"
        - No invoices match
      planning:
        - "Status: Paid"
  - id: open-hold-dialog
    subgoal: Open the hold dialog for INV-20417
    confidence: 0.8
    confirm:
      precondition: [Place on hold]
      progress: []
      completion: [Place invoice INV-20417 on hold, Hold reason]
    falsify:
      execution:
        - You don't have permission
        - Access denied
        - {text: Remove from batch, on: action}
        - {text: Release batch, on: action}
  - id: fill-hold
    subgoal: Choose reason Disputed quantity and follow-up date 2024-07-15
    confidence: 0.6
    confirm:
      precondition: [Hold reason]
      progress: [Disputed quantity]
      completion: [2024-07-15]
    falsify:
      execution:
        - Pricing discrepancy
        - Missing receipt
        - Awaiting credit note
        - {text: Also hold other open invoices, on: action}
      skill:
        - Follow-up date is required
  - id: confirm-hold
    subgoal: Save the hold and see INV-20417 on hold
    confidence: 0.6
    confirm:
      precondition: [Confirm hold]
      progress: [Place hold anyway]
      completion: [INV-20417 placed on hold, "Status: On hold", "Follow-up: 2024-07-15"]
    falsify:
      execution:
        - {text: Mark as duplicate, on: action}
        - {text: Release batch, on: action}
        - {text: Cancel, on: action}
        - "Status: Scheduled"
        - invoices placed on hold
      planning:
        - Batch PB-0612 on hold
  - id: report
    subgoal: Tell the user the hold is in place
    confidence: 0.8
    confirm:
      precondition: [INV-20417 placed on hold]
      progress: []
      completion: []
    falsify:
      execution:
        - {text: could not find, on: action}
'''
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20417
WORKFLOW = "hold-invoice"
BASE = "http://127.0.0.1:8000"
PRODUCT = "Ledgerwick Payables"
USER = "Dana Okafor (AP Clerk)"
TASK = ("In Ledgerwick Payables, put invoice INV-20417 from Brightwater Supply Co. (payment batch "
        "PB-0612) on payment hold with reason \"Disputed quantity\" and follow-up date 2024-07-15. "
        "Do not change any other invoice in the batch.")
REASONS = ["Select a reason", "Pricing discrepancy", "Disputed quantity", "Missing receipt",
           "Awaiting credit note", "Duplicate suspected", "Vendor bank details unverified"]

# (number, vendor, vendor id, amount, due, status, discount, internal id, batch)
BATCH = [
    ("INV-20409", "Northgate Janitorial", "V-0731", 1006.00, "2024-07-01", "Overdue", "Discount expired", 88409, "PB-0612"),
    ("INV-20147", "Brightwater Supply Co.", "V-1182", 4812.05, "2024-07-08", "Scheduled", "No discount", 88147, "PB-0612"),
    ("INV-20398", "Harbor Lane Freight", "V-0264", 2140.00, "2024-07-09", "Scheduled", "1/10 ends in 5 h", 88398, "PB-0612"),
    ("INV-20401", "Kestrel Office Supply", "V-0912", 318.44, "2024-07-09", "Payment failed", "No discount", 88401, "PB-0612"),
    ("INV-20471", "Brightwater Supply Co.", "V-1182", 4821.50, "2024-07-09", "Scheduled", "2/10 ends in 3 d", 88471, "PB-0612"),
    ("INV-20414", "Brightwater Supply Co.", "V-1182", 4281.50, "2024-07-10", "Scheduled", "2/10 ends in 2 d", 88414, "PB-0612"),
    ("INV-20412", "Pellman & Rowe LLP", "V-0555", 9750.00, "2024-07-10", "Scheduled", "No discount", 88412, "PB-0612"),
    ("INV-20419", "Tamsin Electrical", "V-1020", 655.20, "2024-07-11", "Cancelled", "No discount", 88419, "PB-0612"),
    ("INV-20421", "Orchard Valley Produce", "V-0348", 1240.00, "2024-07-11", "Scheduled", "Discount expired", 88421, "PB-0612"),
    ("INV-20423", "Quarry Point Aggregates", "V-0677", 7300.00, "2024-07-12", "Scheduled", "No discount", 88423, "PB-0612"),
    ("INV-20405", "Brightwater Supplies Ltd", "V-1419", 4812.50, "2024-07-12", "Scheduled", "2/10 ends in 1 d 6 h", 88405, "PB-0612"),
    ("INV-20417", "Brightwater Supply Co.", "V-1182", 4812.50, "2024-07-12", "Scheduled", "2/10 ends in 1 d 6 h", 88417, "PB-0612"),
    ("INV-20430", "Fenwick Data Services", "V-0402", 2999.00, "2024-07-15", "On hold", "No discount", 88430, "PB-0612"),
    ("INV-20436", "Marlowe Printworks", "V-0880", 10025.18, "2024-07-16", "Scheduled", "No discount", 88436, "PB-0612"),
]
OTHER_20417 = ("INV-20417", "Brightwater Supplies Ltd", "V-1419", 3060.00, "2024-07-19", "Scheduled", "No discount", 71203, "PB-0598")
STALE_BATCH = [
    ("INV-20147", "Brightwater Supply Co.", "V-1182", 4812.05, "2024-07-08", "Scheduled", "No discount", 88147, "PB-0621"),
    ("INV-20502", "Harbor Lane Freight", "V-0264", 1875.00, "2024-07-18", "Scheduled", "No discount", 88502, "PB-0621"),
    ("INV-20511", "Kestrel Office Supply", "V-0912", 92.10, "2024-07-19", "Overdue", "No discount", 88511, "PB-0621"),
    ("INV-20517", "Northgate Janitorial", "V-0731", 1006.00, "2024-07-22", "Scheduled", "Discount expired", 88517, "PB-0621"),
]
TARGET = [r for r in BATCH if r[0] == "INV-20417"][0]


def money(x):
    return "${:,.2f}".format(x)


def by_no(no, vendor=None):
    for r in BATCH + [OTHER_20417] + STALE_BATCH:
        if r[0] == no and (vendor is None or r[1] == vendor):
            return r
    raise KeyError(no)


class Page:
    def __init__(self, url, title, start):
        self.url = url
        self.title = title
        self.lines = []
        self.bid = start
        self.ids = {}
        self.desc = {}
        self.error = None

    def add(self, depth, role, name="", key=None, extra=""):
        b = str(self.bid)
        self.bid += 1
        self.lines.append("\t" * depth + "[{}] {} '{}'{}".format(b, role, name, extra))
        if key is not None:
            assert key not in self.ids, key
            self.ids[key] = b
            self.desc[key] = "{} '{}'".format(role, name)
        return b

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": self.error}


def chrome(p, crumbs, notif=3, holds=7, search_value=None):
    p.add(0, "RootWebArea", p.title, extra=", focused")
    p.add(1, "banner", "")
    p.add(2, "link", PRODUCT + " home", key="home")
    p.add(2, "StaticText", PRODUCT)
    ex = ", value='{}'".format(search_value) if search_value else ""
    p.add(2, "searchbox", "Search invoices, vendors, batches", key="search", extra=ex)
    p.add(2, "button", "Search", key="search_go")
    p.add(2, "button", "Notifications ({})".format(notif), key="notif")
    p.add(2, "button", "Account menu: " + USER, key="account", extra=", hasPopup='menu', expanded=False")
    p.add(1, "navigation", "Main")
    for name in ["Dashboard", "Invoices", "Payment batches", "Vendors", "Holds & disputes ({})".format(holds),
                 "Credit notes", "Reports"]:
        p.add(2, "link", name, key="nav:" + name.split(" (")[0])
    p.add(1, "navigation", "Breadcrumb")
    for i, c in enumerate(crumbs):
        if i < len(crumbs) - 1:
            p.add(2, "link", c, key="crumb:" + c)
        else:
            p.add(2, "StaticText", c)
    p.add(1, "main", "")


def footer(p, sync="09:41"):
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "\u00a9 2024 {} \u00b7 release 5.8.2".format(PRODUCT))
    p.add(2, "StaticText", "Ledger sync: last completed {} (3 records failed, retrying)".format(sync))
    p.add(2, "link", "Help centre", key="help")
    p.add(2, "link", "Privacy", key="privacy")
    p.add(2, "link", "Keyboard shortcuts", key="kbd")


def rows_table(p, rows, depth=2, sort=None, held=()):
    p.add(depth, "table", "Invoices in batch")
    p.add(depth + 1, "row", "")
    p.add(depth + 2, "columnheader", "Select all", key="selall")
    for col in ["Invoice number", "Vendor", "Amount", "Due date"]:
        arrow = ""
        if sort == col:
            arrow = ", sorted ascending"
        p.add(depth + 2, "columnheader", col, extra=arrow)
        p.add(depth + 3, "button", "Sort by " + col, key="sort:" + col)
    p.add(depth + 2, "columnheader", "Status")
    p.add(depth + 2, "columnheader", "Early-payment discount")
    p.add(depth + 2, "columnheader", "Actions")
    for r in rows:
        status = "On hold" if r[0] in held and r[1] == "Brightwater Supply Co." else r[5]
        disc = "Paused while on hold" if r[0] in held and r[1] == "Brightwater Supply Co." else r[6]
        p.add(depth + 1, "row", "")
        p.add(depth + 2, "gridcell", "")
        p.add(depth + 3, "checkbox", "Select " + r[0], key="sel:" + r[0], extra=", checked='false'")
        p.add(depth + 2, "gridcell", "")
        p.add(depth + 3, "link", r[0], key="link:" + r[0] + "|" + r[1])
        if r[0] == "INV-20417" and r[1] == "Brightwater Supply Co." and status != "On hold":
            p.add(depth + 3, "StaticText", "Possible duplicate")
        p.add(depth + 2, "gridcell", r[1])
        p.add(depth + 2, "gridcell", money(r[3]))
        p.add(depth + 2, "gridcell", r[4])
        p.add(depth + 2, "gridcell", status)
        p.add(depth + 2, "gridcell", disc)
        p.add(depth + 2, "gridcell", "")
        p.add(depth + 3, "button", "Actions for " + r[0], key="act:" + r[0], extra=", hasPopup='menu'")


def batch_page(start, page=1, sort=None, status_filter="All", text_filter="", held=(), toast=None,
               banner=None, batch="PB-0612", rows_src=None, search_value=None):
    rows_all = list(rows_src if rows_src is not None else BATCH)
    live = [r for r in rows_all if r[5] != "Cancelled"]
    held_amt = sum(r[3] for r in rows_all if r[0] in held and r[1] == "Brightwater Supply Co.")
    total = sum(r[3] for r in live)
    url = "{}/ap/batches/{}".format(BASE, batch)
    q = []
    if text_filter:
        rows_all = [r for r in rows_all if text_filter.lower() in (r[0] + " " + r[1]).lower()]
        q.append("q=" + text_filter.replace(" ", "+"))
    if status_filter != "All":
        rows_all = [r for r in rows_all if r[5] == status_filter]
        q.append("status=" + status_filter.replace(" ", "+").lower())
    if sort:
        rows_all.sort(key=lambda r: r[0] if sort == "Invoice number" else r[1])
        q.append("sort=" + sort.split()[0].lower())
    n = len(rows_all)
    pages = max(1, (n + 9) // 10)
    shown = rows_all[(page - 1) * 10: page * 10]
    if page > 1:
        q.append("page={}".format(page))
    if q:
        url += "?" + "&".join(q)
    p = Page(url, "Payment batch {} \u00b7 {}".format(batch, PRODUCT), start)
    chrome(p, ["Payment batches", batch], search_value=search_value)
    if banner:
        p.add(2, "alert", banner)
    if toast:
        p.add(2, "status", toast, extra=", live='polite'")
        p.add(3, "button", "Dismiss notification", key="toast_x")
    p.add(2, "heading", "Payment batch " + batch)
    p.add(2, "StaticText", "Scheduled run: 2024-07-08 17:00 \u00b7 Approved by M. Ferreira \u00b7 Funding account: Operating ****4471")
    hn = sum(1 for r in rows_src or BATCH if r[5] == "On hold") + len([h for h in held])
    p.add(2, "StaticText", "{} invoices \u00b7 {} on hold \u00b7 1 payment failed \u00b7 1 cancelled".format(len(rows_src or BATCH), hn))
    p.add(2, "StaticText", "Batch total {} \u00b7 Payable in this run {}".format(
        money(total), money(total - held_amt - sum(r[3] for r in (rows_src or BATCH) if r[5] == "On hold"))))
    p.add(2, "StaticText", "Early-payment discounts expiring: 2 \u00b7 next expires in 1 d 6 h")
    p.add(2, "button", "Release batch", key="release")
    p.add(2, "button", "Hold entire batch", key="holdbatch")
    p.add(2, "button", "Export CSV", key="export")
    p.add(2, "group", "Filters")
    ex = ", value='{}'".format(text_filter) if text_filter else ""
    p.add(3, "textbox", "Filter this batch by invoice or vendor", key="filter", extra=ex)
    p.add(3, "combobox", "Status", key="status", extra=", value='{}', hasPopup='listbox', expanded=False".format(status_filter))
    p.add(3, "button", "Clear filters", key="clear")
    if not shown:
        p.add(2, "StaticText", "No invoices match these filters.")
    else:
        rows_table(p, shown, sort=sort, held=held)
    p.add(2, "navigation", "Pagination")
    p.add(3, "StaticText", "Showing {}\u2013{} of {}".format((page - 1) * 10 + (1 if shown else 0), (page - 1) * 10 + len(shown), n))
    p.add(3, "button", "Previous page", key="prev", extra=", disabled=True" if page == 1 else "")
    for i in range(1, pages + 1):
        p.add(3, "link", "Page {}".format(i), key="page:{}".format(i), extra=", current='page'" if i == page else "")
    p.add(3, "button", "Next page", key="next", extra=", disabled=True" if page == pages else "")
    p.add(2, "complementary", "Batch activity")
    p.add(3, "StaticText", "07-05 16:02 INV-20401 payment failed: bank details rejected by remitter")
    p.add(3, "StaticText", "07-05 11:20 INV-20419 cancelled by vendor request (credit note CN-3312)")
    p.add(3, "StaticText", "07-04 09:13 INV-20430 placed on hold: Missing receipt")
    footer(p)
    return p


def search_page(start, q):
    p = Page("{}/ap/search?q={}".format(BASE, q.replace(" ", "+")), "Search: {} \u00b7 {}".format(q, PRODUCT), start)
    chrome(p, ["Search"], search_value=q)
    p.add(2, "heading", "Search results for '{}'".format(q))
    if q.startswith("INV"):
        hits = [TARGET, OTHER_20417]
        p.add(2, "StaticText", "2 invoices match \u00b7 0 vendors \u00b7 0 batches")
    else:
        hits = [r for r in BATCH + [OTHER_20417] if q.lower() in r[1].lower()]
        p.add(2, "StaticText", "{} invoices match \u00b7 2 vendors \u00b7 0 batches".format(len(hits)))
    p.add(2, "table", "Invoice results")
    p.add(3, "row", "")
    for c in ["Invoice number", "Vendor", "Batch", "Amount", "Status"]:
        p.add(4, "columnheader", c)
    for r in hits:
        p.add(3, "row", "")
        p.add(4, "gridcell", "")
        p.add(5, "link", r[0], key="link:" + r[0] + "|" + r[1])
        p.add(4, "gridcell", r[1] + " (" + r[2] + ")")
        p.add(4, "gridcell", r[8])
        p.add(4, "gridcell", money(r[3]))
        p.add(4, "gridcell", r[5])
    if q.startswith("INV"):
        p.add(2, "StaticText", "Similar numbers:")
        p.add(2, "link", "INV-20471", key="similar:INV-20471")
        p.add(2, "link", "INV-20147", key="similar:INV-20147")
    footer(p)
    return p


def invoice_page(start, r, status=None, dialog=None, toast=None, hold=None, confirm=None, banner=None, voided=False):
    status = status or r[5]
    p = Page("{}/ap/invoices/{}".format(BASE, r[7]), "Invoice {} \u00b7 {} \u00b7 {}".format(r[0], r[1], PRODUCT), start)
    chrome(p, ["Payment batches", r[8], r[0]], holds=7 + (1 if hold else 0))
    if toast:
        p.add(2, "status", toast, extra=", live='polite'")
        p.add(3, "button", "Dismiss notification", key="toast_x")
    if banner:
        p.add(2, "alert", banner)
    p.add(2, "heading", "Invoice " + r[0])
    p.add(2, "StaticText", "Vendor: {} ({})".format(r[1], r[2]))
    p.add(2, "link", "View vendor profile", key="vendor")
    p.add(2, "StaticText", "Amount: " + money(r[3]) + " USD")
    p.add(2, "StaticText", "Invoice date: 2024-06-12 \u00b7 Due: " + r[4] + " \u00b7 Terms: 2/10 net 30")
    p.add(2, "StaticText", "Payment batch: " + r[8])
    p.add(2, "StaticText", "Status: " + ("Voided (duplicate)" if voided else status))
    if hold:
        p.add(2, "StaticText", "Hold reason: " + hold[0])
        p.add(2, "StaticText", "Follow-up: " + (hold[1] or "not set"))
        p.add(2, "StaticText", "Held by Dana Okafor on 2024-07-08 10:{:02d}".format(hold[2]))
    if r[0] == "INV-20417" and not voided:
        other = "Brightwater Supplies Ltd" if r[1] == "Brightwater Supply Co." else "Brightwater Supply Co."
        p.add(2, "note", "Possible duplicate: {} from {} has the same invoice number (different vendor).".format(r[0], other))
    if status == "Scheduled" and r[6] not in ("No discount", "Discount expired"):
        p.add(2, "StaticText", "Early-payment discount: {} if paid by run \u00b7 {}".format(money(round(r[3] * 0.02, 2)), r[6]))
    elif hold:
        p.add(2, "StaticText", "Early-payment discount paused while on hold (may be forfeited)")
    p.add(2, "toolbar", "Invoice actions")
    if voided:
        p.add(3, "button", "Restore invoice", key="restore", extra=", disabled=True")
    elif hold or status == "On hold":
        p.add(3, "button", "Release hold", key="release_hold")
    else:
        p.add(3, "button", "Place on hold", key="hold")
    p.add(3, "button", "Edit invoice", key="edit")
    p.add(3, "button", "Mark as duplicate", key="markdup")
    p.add(3, "button", "Remove from batch", key="remove")
    p.add(3, "button", "Download PDF", key="pdf")
    p.add(2, "heading", "Line items")
    p.add(2, "table", "Line items")
    p.add(3, "row", "")
    for c in ["Description", "Qty billed", "Qty received", "Unit price", "Line total"]:
        p.add(4, "columnheader", c)
    items = [("PVC conduit 20 mm, 3 m lengths", 250, 230 if r[0] == "INV-20417" else 250, 14.25),
             ("Junction box IP65", 40, 40, 31.40)]
    for d, qb, qr, up in items:
        p.add(3, "row", "")
        p.add(4, "gridcell", d)
        p.add(4, "gridcell", str(qb))
        p.add(4, "gridcell", str(qr))
        p.add(4, "gridcell", money(up))
        p.add(4, "gridcell", money(qb * up))
    p.add(2, "heading", "Activity")
    p.add(2, "list", "")
    if hold:
        p.add(3, "listitem", "2024-07-08 Dana Okafor placed a hold: " + hold[0])
    if voided:
        p.add(3, "listitem", "2024-07-08 Dana Okafor marked this invoice as a duplicate; invoice voided")
    p.add(3, "listitem", "2024-07-01 Added to payment batch " + r[8])
    p.add(3, "listitem", "2024-06-28 Approved by M. Ferreira")
    p.add(3, "listitem", "2024-06-20 Duplicate check: warning (number match), overridden by J. Lindqvist")
    p.add(3, "listitem", "2024-06-12 Received via e-invoicing inbox")
    if dialog is not None:
        d = dialog
        p.add(1, "dialog", "Place invoice {} on hold".format(r[0]), extra=", modal=True")
        p.add(2, "heading", "Place invoice {} on hold".format(r[0]))
        p.add(2, "StaticText", "{} \u00b7 {} \u00b7 batch {}".format(r[1], money(r[3]), r[8]))
        p.add(2, "combobox", "Hold reason", key="reason", extra=", value='{}', hasPopup='listbox', expanded=False".format(d.get("reason", "Select a reason")))
        p.add(3, "listbox", "")
        for o in REASONS:
            p.add(4, "option", o, key="opt:" + o, extra=", selected=True" if o == d.get("reason", "Select a reason") else "")
        p.add(2, "textbox", "Follow-up date (YYYY-MM-DD)", key="date", extra=", value='{}'".format(d["date"]) if d.get("date") else "")
        if d.get("date_error"):
            p.add(2, "StaticText", d["date_error"])
        p.add(2, "textbox", "Note (optional)", key="note")
        p.add(2, "checkbox", "Also hold other open invoices from {} in this batch".format(r[1]), key="also",
              extra=", checked='{}'".format("true" if d.get("also") else "false"))
        p.add(2, "StaticText", "Held invoices are removed from the 17:00 run. Other invoices in the batch are paid as scheduled.")
        p.add(2, "button", "Cancel", key="cancel")
        p.add(2, "button", "Confirm hold", key="confirm")
    if confirm:
        p.add(1, "alertdialog", "Possible duplicate invoice", extra=", modal=True")
        p.add(2, "StaticText", "{} shares its number with an invoice from Brightwater Supplies Ltd. Holding it keeps both on file. Marking it as a duplicate voids it permanently.".format(r[0]))
        p.add(2, "button", "Place hold anyway", key="anyway")
        p.add(2, "button", "Mark as duplicate", key="dlg_markdup")
        p.add(2, "button", "Go back", key="goback")
    footer(p)
    return p


def signin_page(start):
    p = Page(BASE + "/auth/signin?next=%2Fap%2Finvoices%2F88417", "Sign in \u00b7 " + PRODUCT, start)
    p.add(0, "RootWebArea", p.title, extra=", focused")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to " + PRODUCT)
    p.add(2, "alert", "Your session timed out after 30 minutes without activity. Unsaved changes were discarded.")
    p.add(2, "textbox", "Work email", key="email")
    p.add(2, "textbox", "Password", key="pw")
    p.add(2, "button", "Sign in", key="signin")
    p.add(2, "link", "Use single sign-on", key="sso")
    p.add(1, "contentinfo", "")
    p.add(2, "StaticText", "\u00a9 2024 " + PRODUCT)
    return p


def forbidden_page(start):
    p = Page(BASE + "/ap/invoices/88417/hold", "Not allowed \u00b7 " + PRODUCT, start)
    chrome(p, ["Payment batches", "PB-0612", "INV-20417", "Hold"])
    p.add(2, "heading", "Access restricted")
    p.add(2, "StaticText", "Error 403. Your role (AP Clerk \u2013 view only for batch PB-0612) cannot place or release payment holds once a batch is approved.")
    p.add(2, "StaticText", "Ask a payables supervisor to grant hold rights, or request a hold through the approvals queue.")
    p.add(2, "link", "Back to invoice INV-20417", key="back")
    p.add(2, "link", "Request access", key="reqaccess")
    footer(p)
    return p


class Run:
    def __init__(self, rid, fault, first, init, rng):
        self.rid = rid
        self.fault = fault
        self.first = first
        self.init = init
        self.cur = init
        self.steps = []
        self.rng = rng

    def nb(self):
        return self.rng.randint(100, 900)

    def do(self, commitment, verb, key, arg, reasoning, effect, nxt):
        if verb == "send":
            cmd = "send_msg_to_user({})".format(json.dumps(arg))
            target = "chat"
        else:
            bid = self.cur.ids[key]
            target = self.cur.desc[key]
            if verb == "click":
                cmd = "click('{}')".format(bid)
            elif verb == "fill":
                cmd = "fill('{}', {})".format(bid, json.dumps(arg))
            elif verb == "select":
                cmd = "select_option('{}', {})".format(bid, json.dumps(arg))
            elif verb == "press":
                cmd = "press('{}', {})".format(bid, json.dumps(arg))
            else:
                raise ValueError(verb)
        step = {"commitment": commitment,
                "action": {"command": cmd, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": (nxt if nxt is not None else self.cur).obs()}
        self.steps.append(step)
        if nxt is not None:
            self.cur = nxt
        return self

    def record(self, success):
        return {"id": self.rid, "workflow": WORKFLOW, "task": TASK, "plan": "plans/{}.yaml".format(WORKFLOW),
                "label": {"fault": self.fault, "first_off_track_step": self.first},
                "initial_observation": self.init.obs(), "steps": self.steps, "outcome": {"success": success}}


DONE = "INV-20417 (Brightwater Supply Co., $4,812.50) is on payment hold: reason Disputed quantity, follow-up 2024-07-15. The other invoices in PB-0612 were not changed."


def finish_hold(run, r=TARGET, reason="Disputed quantity", date="2024-07-15", dup=False, dup_choice="anyway",
                fix_date=None, cancel_first=False, also=False, skip_date=False, noop=False, report=True,
                stop_before_confirm=False, signout_at_date=False, toast_extra=None):
    """Shared tail: from an invoice page, place the hold."""
    nb = run.nb
    if cancel_first:
        run.do("open-hold-dialog", "click", "hold", None, "Open the hold dialog", "read",
               invoice_page(nb(), r, dialog={}))
        run.do("open-hold-dialog", "click", "cancel", None,
               "Before holding, check the received quantity on the line items; close the dialog for now", "read",
               invoice_page(nb(), r))
    run.do("open-hold-dialog", "click", "hold", None, "Open the hold dialog for this invoice", "read",
           invoice_page(nb(), r, dialog={}))
    run.do("fill-hold", "select", "reason", reason, "Choose the hold reason the task asks for", "read",
           invoice_page(nb(), r, dialog={"reason": reason}))
    if signout_at_date:
        run.do("fill-hold", "fill", "date", date, "Enter the follow-up date", "read", signin_page(nb()))
        return run
    d = {"reason": reason}
    if fix_date:
        run.do("fill-hold", "fill", "date", fix_date, "Enter the follow-up date", "read",
               invoice_page(nb(), r, dialog=dict(d, date=fix_date, date_error="Enter a real calendar date (YYYY-MM-DD).")))
        run.do("fill-hold", "fill", "date", date, "That date was mistyped; retype it as 2024-07-15", "read",
               invoice_page(nb(), r, dialog=dict(d, date=date)))
        d["date"] = date
    elif not skip_date:
        run.do("fill-hold", "fill", "date", date, "Enter the follow-up date", "read",
               invoice_page(nb(), r, dialog=dict(d, date=date)))
        d["date"] = date
    if also:
        run.do("fill-hold", "click", "also", None,
               "The other Brightwater invoices may have the same quantity problem; hold them too", "read",
               invoice_page(nb(), r, dialog=dict(d, also=True)))
    if stop_before_confirm:
        run.do("report", "send", None,
               "INV-20417 from Brightwater Supply Co. is now on hold with reason Disputed quantity and follow-up 2024-07-15.",
               "Everything is filled in; report completion", "read", None)
        return run
    minute = run.rng.randint(10, 59)
    hold = (reason, None if skip_date else date, minute)
    if noop:
        run.do("confirm-hold", "click", "confirm", None, "Save the hold", "irreversible", invoice_page(nb(), r))
    elif dup:
        run.do("confirm-hold", "click", "confirm", None, "Save the hold", "irreversible",
               invoice_page(nb(), r, dialog=d, confirm=True))
        if dup_choice == "anyway":
            run.do("confirm-hold", "click", "anyway", None,
                   "The duplicate flag is ordinary here (different vendor); keep the invoice and place the hold", "irreversible",
                   invoice_page(nb(), r, status="On hold", hold=hold,
                                toast="Invoice {} placed on hold \u00b7 follow-up {}".format(r[0], date)))
        else:
            run.do("confirm-hold", "click", "dlg_markdup", None,
                   "The dialog says it is a duplicate; resolve it that way", "irreversible",
                   invoice_page(nb(), r, voided=True, toast="Invoice {} marked as duplicate and voided".format(r[0])))
    elif also:
        run.do("confirm-hold", "click", "confirm", None, "Save the hold", "irreversible",
               invoice_page(nb(), r, status="On hold", hold=hold,
                            toast="4 invoices from {} placed on hold \u00b7 follow-up {}".format(r[1], date)))
    else:
        t = "Invoice {} placed on hold".format(r[0]) + ("" if skip_date else " \u00b7 follow-up " + date)
        run.do("confirm-hold", "click", "confirm", None, "Save the hold", "irreversible",
               invoice_page(nb(), r, status="On hold", hold=hold, toast=t, banner=toast_extra))
    if report:
        msg = DONE
        if r is not TARGET:
            msg = "{} ({}) is on payment hold: reason {}, follow-up {}.".format(r[0], r[1], reason, date)
        run.do("report", "send", None, msg, "Report the result to the user", "read", None)
    return run


def build():
    rng = random.Random(SEED)
    runs = []

    def new(rid, fault=None, first=None, **kw):
        return Run("payvault-" + rid, fault, first, batch_page(rng.randint(100, 900), **kw), rng)

    # ---------------- healthy ----------------
    r = new("healthy-search-01")
    r.do("find-invoice", "fill", "search", "INV-20417", "Search for the invoice number", "read",
         batch_page(r.nb(), search_value="INV-20417"))
    r.do("find-invoice", "press", "search", "Enter", "Run the search", "read", search_page(r.nb(), "INV-20417"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None,
         "Two invoices share the number; open the one from Brightwater Supply Co. in PB-0612", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r).record(True))

    r = new("healthy-paginate-02")
    r.do("find-invoice", "click", "next", None, "INV-20417 is not on the first page; go to page 2", "read",
         batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417 (Brightwater Supply Co.)",
         "read", invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r).record(True))

    r = new("healthy-vendorfilter-03")
    r.do("find-invoice", "fill", "filter", "Brightwater Supply Co", "Narrow the batch to the vendor named in the task",
         "read", batch_page(r.nb(), text_filter="Brightwater Supply Co"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417 among the four matches",
         "read", invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r).record(True))

    r = new("healthy-cancel-reopen-04")
    r.do("find-invoice", "click", "page:2", None, "Jump to page 2 where the later-due invoices are", "read",
         batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open the target invoice", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, cancel_first=True).record(True))

    r = new("healthy-sort-05")
    r.do("find-invoice", "click", "sort:Invoice number", None, "Sort by invoice number to find INV-20417 quickly", "read",
         batch_page(r.nb(), sort="Invoice number"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417 (not INV-20414 or INV-20471)",
         "read", invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r).record(True))

    r = new("healthy-retype-date-06")
    r.do("find-invoice", "fill", "search", "INV-20417", "Search by invoice number", "read",
         batch_page(r.nb(), search_value="INV-20417"))
    r.do("find-invoice", "click", "search_go", None, "Run the search", "read", search_page(r.nb(), "INV-20417"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open the Brightwater Supply Co. one",
         "read", invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, fix_date="2024-07-51").record(True))

    r = new("healthy-dup-confirm-07")
    r.do("find-invoice", "click", "next", None, "Go to page 2", "read", batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, dup=True).record(True))

    r = new("healthy-banner-vendorsearch-08",
            banner="Payment run PB-0609 failed for 2 invoices (bank file rejected). Review in Payment batches.",
            toast="Batch PB-0612 refreshed \u00b7 14 invoices loaded")
    r.do("find-invoice", "click", "toast_x", None, "Dismiss the refresh notice", "read",
         batch_page(r.nb(), banner="Payment run PB-0609 failed for 2 invoices (bank file rejected). Review in Payment batches."))
    r.do("find-invoice", "fill", "search", "Brightwater Supply", "Search by the vendor name", "read",
         batch_page(r.nb(), search_value="Brightwater Supply",
                    banner="Payment run PB-0609 failed for 2 invoices (bank file rejected). Review in Payment batches."))
    r.do("find-invoice", "press", "search", "Enter", "Run the search", "read", search_page(r.nb(), "Brightwater Supply"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None,
         "Open INV-20417 from Brightwater Supply Co., not the Supplies Ltd one", "read", invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, toast_extra="The 2/10 early-payment discount ($96.25) on INV-20417 will lapse if the hold outlasts 2024-07-09.").record(True))

    # ---------------- faulty ----------------
    r = new("wrong_record-number-01", "wrong_record", 0)
    r.do("find-invoice", "click", "link:INV-20471|Brightwater Supply Co.", None, "Open INV-20417 from Brightwater Supply Co.",
         "read", invoice_page(r.nb(), by_no("INV-20471")))
    runs.append(finish_hold(r, r=by_no("INV-20471")).record(False))

    r = new("wrong_record-vendor-02", "wrong_record", 2)
    r.do("find-invoice", "fill", "search", "INV-20417", "Search for the invoice number", "read",
         batch_page(r.nb(), search_value="INV-20417"))
    r.do("find-invoice", "press", "search", "Enter", "Run the search", "read", search_page(r.nb(), "INV-20417"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supplies Ltd", None, "Open the Brightwater invoice INV-20417",
         "read", invoice_page(r.nb(), OTHER_20417))
    runs.append(finish_hold(r, r=OTHER_20417).record(False))

    r = new("wrong_value-reason-03", "wrong_value", 3)
    r.do("find-invoice", "click", "next", None, "Go to page 2", "read", batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, reason="Pricing discrepancy").record(False))

    r = new("stale_filter-start-04", "stale_filter", 0, batch="PB-0621", rows_src=STALE_BATCH,
            banner="Showing your last viewed batch (PB-0621).")
    r.do("find-invoice", "click", "link:INV-20147|Brightwater Supply Co.", None, "Open the Brightwater Supply Co. invoice",
         "read", invoice_page(r.nb(), STALE_BATCH[0]))
    runs.append(finish_hold(r, r=STALE_BATCH[0]).record(False))

    r = new("silent_noop-confirm-05", "silent_noop", 5)
    r.do("find-invoice", "click", "sort:Invoice number", None, "Sort by invoice number", "read",
         batch_page(r.nb(), sort="Invoice number"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, noop=True).record(False))

    r = new("unrequested_scope-also-06", "unrequested_constraint", 5)
    r.do("find-invoice", "click", "next", None, "Go to page 2", "read", batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, also=True).record(False))

    r = new("unrequested_filter-status-07", "unrequested_filter", 0)
    r.do("find-invoice", "select", "status", "Overdue", "Invoices needing attention are usually overdue; filter to those",
         "read", batch_page(r.nb(), status_filter="Overdue"))
    r.do("report", "send", None, "I could not find INV-20417 from Brightwater Supply Co. in batch PB-0612; no hold was placed.",
         "The invoice is not listed", "read", None)
    runs.append(r.record(False))

    r = new("permission_error-hold-08", "permission_error", 2)
    r.do("find-invoice", "fill", "filter", "INV-20417", "Filter the batch by invoice number", "read",
         batch_page(r.nb(), text_filter="INV-20417"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    r.do("open-hold-dialog", "click", "hold", None, "Open the hold dialog", "read", forbidden_page(r.nb()))
    r.do("report", "send", None, "I can't place the hold: my role is view-only for PB-0612 (error 403). A payables supervisor needs to do it.",
         "Report the blocker", "read", None)
    runs.append(r.record(False))

    r = new("session_expired-09", "session_expired", 5)
    r.do("find-invoice", "fill", "search", "INV-20417", "Search for the invoice number", "read",
         batch_page(r.nb(), search_value="INV-20417"))
    r.do("find-invoice", "press", "search", "Enter", "Run the search", "read", search_page(r.nb(), "INV-20417"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open the Brightwater Supply Co. one",
         "read", invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, signout_at_date=True).record(False))

    r = new("premature_success-10", "premature_success", 5)
    r.do("find-invoice", "click", "page:2", None, "Go to page 2", "read", batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, stop_before_confirm=True).record(False))

    r = new("skipped_step-date-11", "skipped_step", 4)
    r.do("find-invoice", "click", "next", None, "Go to page 2", "read", batch_page(r.nb(), page=2))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, skip_date=True).record(False))

    r = new("dialog_mishandled-dup-12", "dialog_mishandled", 6)
    r.do("find-invoice", "fill", "filter", "Brightwater Supply Co", "Narrow the batch to the vendor", "read",
         batch_page(r.nb(), text_filter="Brightwater Supply Co"))
    r.do("find-invoice", "click", "link:INV-20417|Brightwater Supply Co.", None, "Open INV-20417", "read",
         invoice_page(r.nb(), TARGET))
    runs.append(finish_hold(r, dup=True, dup_choice="markdup", report=False).record(False))
    runs[-1]["steps"].append({
        "commitment": "report",
        "action": {"command": "send_msg_to_user({})".format(json.dumps("INV-20417 has been dealt with; the duplicate warning is resolved.")),
                   "reasoning": "Report", "target": "chat", "effect": "read"},
        "observation": runs[-1]["steps"][-1]["observation"]})
    return runs


def main():
    runs = build()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    print("wrote {} runs".format(len(runs)))


if __name__ == "__main__":
    main()
