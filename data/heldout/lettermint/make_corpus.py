#!/usr/bin/env python3
"""Generate the Lettermint held-out corpus (schedule a draft campaign to a segment).

Python 3 standard library only. Output is byte-for-byte reproducible:

    python3 make_corpus.py            # writes corpus.jsonl and plans/lettermint_schedule.yaml here
    python3 make_corpus.py --out DIR  # writes the same files under DIR instead
"""
import argparse
import json
import os
import random

SEED = 20250512
RNG = random.Random(SEED)

BASE = "https://app.lettermint.test"
WORKFLOW = "lettermint_schedule"
PLAN_PATH = "plans/%s.yaml" % WORKFLOW
TASK = ("In Lettermint, schedule the draft campaign \"Spring Seed Sale \u2013 Early Access\" "
        "to go to the segment \"Garden Club \u2013 Active Buyers\" on 14 May 2025 at 09:30 "
        "Berlin time (Europe/Berlin). Don't send it now and don't change anything else.")

# ---------------------------------------------------------------------------
# Application data
# ---------------------------------------------------------------------------
D = "\u2013"  # en dash used in campaign / segment names

# id, name, status, audience, send time, last edited, opens
CAMPAIGNS = {
    "CMP-2431": ("Spring Seed Sale %s Early Access (copy)" % D, "Draft", "\u2014", "\u2014", "Today, 08:52 \u00b7 Marco T.", "\u2014"),
    "CMP-2430": ("Summer Volunteer Call", "Draft", "\u2014", "\u2014", "Today, 08:10 \u00b7 Dana W.", "\u2014"),
    "CMP-2427": ("May Plant Care Digest", "Scheduled", "Garden Club %s All Members" % D, "Fri 16 May 2025, 07:00 CEST", "Yesterday \u00b7 Priya N.", "\u2014"),
    "CMP-2429": ("Shop restock alert %s Tomatoes" % D, "Scheduled", "Garden Club %s Active Buyers (EU)" % D, "Tue 13 May 2025, 08:00 CEST", "Yesterday \u00b7 Marco T.", "\u2014"),
    "CMP-2405": ("Billing notice %s card update" % D, "Failed", "Customers %s Card expiring" % D, "Sat 10 May 2025, 10:00 CDT", "10 May \u00b7 System", "12 failed"),
    "CMP-2419": ("Spring Seed Sale %s Last Call" % D, "Draft", "\u2014", "\u2014", "10 May \u00b7 Priya N.", "\u2014"),
    "CMP-2426": ("Compost Club Welcome", "Sent", "Compost Club %s New" % D, "Fri 9 May 2025, 12:00 CEST", "9 May \u00b7 Dana W.", "62.4%"),
    "CMP-2424": ("Untitled campaign", "Draft", "\u2014", "\u2014", "9 May \u00b7 Dana W.", "\u2014"),
    "CMP-2412": ("Workshop Reminder: Seed Starting 101", "Sent", "Workshop Attendees 2025", "Thu 8 May 2025, 17:00 CEST", "8 May \u00b7 Priya N.", "55.1%"),
    "CMP-2421": ("Pollinator Week Teaser", "Scheduled", "Newsletter %s Weekly" % D, "Mon 19 May 2025, 06:30 CEST", "8 May \u00b7 Marco T.", "\u2014"),
    "CMP-2418": ("Spring Seed Sale %s Early Access" % D, "Draft", "\u2014", "\u2014", "8 May \u00b7 Priya N.", "\u2014"),
    "CMP-2398": ("April Newsletter", "Sent", "Newsletter %s Weekly" % D, "Wed 30 Apr 2025, 07:00 CEST", "30 Apr \u00b7 Dana W.", "44.0%"),
    "CMP-2390": ("Easter Bulb Bundle", "Cancelled", "Garden Club %s All Members" % D, "\u2014", "17 Apr \u00b7 Priya N.", "\u2014"),
    "CMP-2366": ("Member Survey 2025", "Paused", "Garden Club %s All Members" % D, "Started Tue 15 Apr 2025", "15 Apr \u00b7 Dana W.", "18.9%"),
    "CMP-2401": ("Seed Swap Invitation", "Draft", "\u2014", "\u2014", "14 Apr \u00b7 Marco T.", "\u2014"),
    "CMP-2377": ("Tool Library Relaunch", "Sent", "Garden Club %s All Members" % D, "Thu 10 Apr 2025, 09:00 CEST", "10 Apr \u00b7 Dana W.", "47.7%"),
    "CMP-2370": ("Weekly Garden Notes #52", "Sent", "Newsletter %s Weekly" % D, "Mon 7 Apr 2025, 06:30 CEST", "7 Apr \u00b7 Marco T.", "39.2%"),
    "CMP-2362": ("Weekly Garden Notes #51", "Sent", "Newsletter %s Weekly" % D, "Mon 31 Mar 2025, 06:30 CEST", "31 Mar \u00b7 Marco T.", "40.6%"),
    "CMP-2355": ("Frost Warning %s Cover Your Seedlings" % D, "Sent", "Garden Club %s All Members" % D, "Thu 27 Mar 2025, 16:00 CET", "27 Mar \u00b7 Priya N.", "58.3%"),
    "CMP-2290": ("Holiday Gift Guide", "Cancelled", "Garden Club %s All Members" % D, "\u2014", "2 Dec 2024 \u00b7 Dana W.", "\u2014"),
    "CMP-1878": ("Spring Seed Sale 2024 %s Last Call" % D, "Sent", "Garden Club %s Active Buyers" % D, "Thu 16 May 2024, 09:30 CEST", "16 May 2024 \u00b7 Priya N.", "46.1%"),
    "CMP-1877": ("Spring Seed Sale 2024 %s Early Access" % D, "Sent", "Garden Club %s Active Buyers" % D, "Tue 14 May 2024, 09:30 CEST", "14 May 2024 \u00b7 Priya N.", "51.8%"),
}
SUBJECTS = {
    "CMP-2418": "Early access: 20% off heirloom seeds for club members",
    "CMP-2419": "Last call: the Spring Seed Sale ends Sunday",
    "CMP-2431": "Early access: 20% off heirloom seeds for club members",
    "CMP-1877": "Early access: 15% off spring seeds",
}
PREVIEWS = {
    "CMP-2418": ["Hi {{first_name}},", "As a Garden Club member you get first pick of this season's heirloom seeds.",
                 "Use code EARLYROOT for 20% off until 18 May."],
    "CMP-2419": ["Hi {{first_name}},", "The Spring Seed Sale closes this Sunday at midnight.",
                 "Code LASTROOT still takes 15% off."],
    "CMP-2431": ["Hi {{first_name}},", "As a Garden Club member you get first pick of this season's heirloom seeds.",
                 "Use code EARLYROOT for 20% off until 18 May."],
}
ORDER_ALL = ["CMP-2431", "CMP-2430", "CMP-2427", "CMP-2429", "CMP-2405", "CMP-2419", "CMP-2426", "CMP-2424",
             "CMP-2412", "CMP-2421", "CMP-2418", "CMP-2398", "CMP-2390", "CMP-2366", "CMP-2401", "CMP-2377",
             "CMP-2370", "CMP-2362", "CMP-2355", "CMP-2290"]
ORDER_DRAFTS = ["CMP-2431", "CMP-2430", "CMP-2419", "CMP-2424", "CMP-2418", "CMP-2401"]
ORDER_BY_STATUS = ["CMP-2390", "CMP-2290", "CMP-2431", "CMP-2430", "CMP-2419", "CMP-2424", "CMP-2418",
                   "CMP-2401", "CMP-2405", "CMP-2366"]
SEARCH_INDEX = ["CMP-2431", "CMP-2419", "CMP-2418", "CMP-1878", "CMP-1877"]
COUNTS = {"All": 47, "Drafts": 6, "Scheduled": 3, "Sent": 34, "Other": 4}

# id, name, contacts, suppressed, last updated, sync
SEGMENTS = [
    ("SEG-101", "Garden Club %s All Members" % D, 9670, 88, "Today, 06:00", "Synced"),
    ("SEG-112", "Garden Club %s Active Buyers" % D, 4849, 37, "Today, 06:00", "Synced"),
    ("SEG-127", "Garden Club %s Active Buyers (EU)" % D, 1944, 12, "Today, 06:00", "Synced"),
    ("SEG-113", "Garden Club %s Lapsed Buyers" % D, 2309, 51, "Today, 06:00", "Synced"),
    ("SEG-118", "Newsletter %s Weekly" % D, 7032, 140, "Today, 06:00", "Synced"),
    ("SEG-124", "Workshop Attendees 2025", 611, 3, "8 May", "Synced"),
    ("SEG-131", "Unengaged 180 days", 1205, 0, "10 May", "Sync failed \u00b7 retrying"),
    ("SEG-109", "Customers %s Card expiring" % D, 214, 0, "10 May", "Synced"),
]
SEG = {s[0]: s for s in SEGMENTS}

TZ_OPTIONS = [
    "(UTC\u221205:00) America/Chicago \u2014 workspace default",
    "(UTC\u221204:00) America/New_York",
    "(UTC+00:00) UTC",
    "(UTC+01:00) Europe/London",
    "(UTC+01:00) Europe/Dublin",
    "(UTC+02:00) Europe/Amsterdam",
    "(UTC+02:00) Europe/Berlin",
    "(UTC+02:00) Europe/Paris",
    "(UTC+02:00) Europe/Vienna",
    "(UTC+03:00) Europe/Helsinki",
]
TZ_DEFAULT = TZ_OPTIONS[0]
TZ_BERLIN = "(UTC+02:00) Europe/Berlin"


def tz_short(opt):
    """'(UTC+02:00) Europe/Berlin' -> 'Europe/Berlin'"""
    return opt.split(") ", 1)[1].split(" \u2014")[0]


TZ_ABBR = {"Europe/Berlin": "CEST", "Europe/Paris": "CEST", "Europe/Amsterdam": "CEST", "Europe/Vienna": "CEST",
           "Europe/London": "BST", "Europe/Dublin": "IST", "America/Chicago": "CDT", "America/New_York": "EDT",
           "UTC": "UTC", "Europe/Helsinki": "EEST"}
TZ_OFFSET = {"Europe/Berlin": "UTC+02:00", "Europe/Paris": "UTC+02:00", "Europe/Amsterdam": "UTC+02:00",
             "Europe/Vienna": "UTC+02:00", "Europe/London": "UTC+01:00", "Europe/Dublin": "UTC+01:00",
             "America/Chicago": "UTC\u221205:00", "America/New_York": "UTC\u221204:00", "UTC": "UTC+00:00",
             "Europe/Helsinki": "UTC+03:00"}
WEEKDAY = {"2025-05-14": ("Wednesday", "Wed", "14 May 2025"), "2025-05-13": ("Tuesday", "Tue", "13 May 2025"),
           "2025-05-15": ("Thursday", "Thu", "15 May 2025"), "2025-05-04": ("Sunday", "Sun", "4 May 2025")}


# ---------------------------------------------------------------------------
# Accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------
class Tree:
    def __init__(self, title):
        self.lines = ["RootWebArea %r, focused" % title]
        self.n = 1

    def el(self, depth, role, name="", *props):
        bid = str(self.n)
        self.n += 1
        line = "\t" * depth + "[%s] %s %r" % (bid, role, name)
        if props:
            line += ", " + ", ".join(props)
        self.lines.append(line)
        return bid

    def txt(self, depth, s):
        self.lines.append("\t" * depth + "StaticText %r" % s)

    def text(self):
        return "\n".join(self.lines)


def obs(url, title, tree, error=None):
    return {"url": BASE + url, "title": title, "text": tree.text(), "error": error}


NAV = ["Dashboard", "Campaigns", "Segments", "Contacts", "Automations", "Templates", "Reports", "Settings"]


def header(t, active, search_value="", notifications=3, banner=None):
    t.el(1, "banner", "")
    t.el(2, "link", "Lettermint home")
    t.txt(3, "Lettermint")
    t.el(2, "button", "Workspace: Greenrow Gardens", "hasPopup='menu'", "expanded=False")
    props = ["value=%r" % search_value] if search_value else []
    t.el(2, "searchbox", "Search campaigns, segments and contacts", *props)
    t.el(2, "button", "What's new (2)")
    t.el(2, "button", "Notifications, %d unread" % notifications)
    t.el(2, "button", "Help and support")
    t.el(2, "button", "Account menu: Dana Whitlock", "hasPopup='menu'", "expanded=False")
    t.el(1, "navigation", "Primary")
    for item in NAV:
        if item == active:
            t.el(2, "link", item, "current='page'")
        else:
            t.el(2, "link", item)
    t.el(1, "status", "Sending quota")
    t.txt(2, "61,204 of 100,000 emails sent this month")
    if banner:
        t.el(1, "region", "Announcement")
        for line in banner:
            t.txt(2, line)
        t.el(2, "button", "Dismiss announcement")


def footer(t):
    t.el(1, "contentinfo", "")
    t.txt(2, "\u00a9 2025 Lettermint Labs")
    t.txt(2, "Workspace time zone: America/Chicago (UTC\u221205:00)")
    t.el(2, "link", "System status: all systems operational")
    t.el(2, "link", "Privacy")
    t.el(2, "link", "Terms")
    t.el(2, "link", "API reference")
    t.el(2, "link", "Keyboard shortcuts")


def toast(t, lines, role="status", dismiss=True):
    t.el(1, role, "Notification")
    for line in lines:
        t.txt(2, line)
    if dismiss:
        t.el(2, "button", "Dismiss notification")


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------
def page_dashboard(banner=None):
    t = Tree("Dashboard \u00b7 Greenrow Gardens \u00b7 Lettermint")
    header(t, "Dashboard", banner=banner)
    t.el(1, "main", "")
    t.el(2, "heading", "Good morning, Dana")
    t.txt(2, "Monday, 12 May 2025")
    t.el(2, "region", "Overview, last 30 days")
    t.txt(3, "Contacts")
    t.txt(3, "18,442")
    t.txt(3, "+126 this week")
    t.txt(3, "Average open rate")
    t.txt(3, "41.8%")
    t.txt(3, "Bounce rate")
    t.txt(3, "0.9%")
    t.txt(3, "Unsubscribes")
    t.txt(3, "0.2%")
    t.el(2, "region", "Upcoming sends")
    t.el(3, "heading", "Upcoming sends")
    t.el(3, "list", "")
    for cid in ("CMP-2429", "CMP-2427", "CMP-2421"):
        c = CAMPAIGNS[cid]
        t.el(4, "listitem", "")
        t.el(5, "link", c[0])
        t.txt(5, "%s \u00b7 %s" % (c[3], c[2]))
    t.el(2, "region", "Recent activity")
    t.el(3, "heading", "Recent activity")
    t.el(3, "list", "")
    for line in ["Marco T. duplicated Spring Seed Sale %s Early Access \u00b7 today 08:52" % D,
                 "Billing notice %s card update: delivery failed for 12 recipients (hard bounce) \u00b7 10 May" % D,
                 "Segment Unengaged 180 days: sync failed, retrying automatically \u00b7 10 May",
                 "Priya N. cancelled Easter Bulb Bundle \u00b7 17 Apr"]:
        t.el(4, "listitem", "")
        t.txt(5, line)
    t.el(2, "region", "Account tasks")
    t.el(3, "heading", "Account tasks")
    t.el(3, "list", "")
    t.el(4, "listitem", "")
    t.txt(5, "DKIM re-check for shop.greenrow.example is overdue by 2 days")
    t.el(5, "link", "Run check")
    t.el(4, "listitem", "")
    t.txt(5, "Invoice INV-3081 paid \u00b7 1 May")
    t.el(2, "region", "Quick actions")
    t.el(3, "link", "Create campaign")
    t.el(3, "link", "View drafts (6)")
    t.el(3, "link", "Import contacts")
    footer(t)
    return obs("/app/dashboard", "Dashboard \u00b7 Greenrow Gardens \u00b7 Lettermint", t)


def campaign_rows(t, ids, depth):
    for cid in ids:
        name, status, aud, send, edited, opens = CAMPAIGNS[cid]
        t.el(depth, "row", "")
        t.el(depth + 1, "cell", "")
        t.el(depth + 2, "checkbox", "Select %s" % name, "checked='false'")
        t.el(depth + 1, "cell", "")
        t.el(depth + 2, "link", name)
        t.txt(depth + 2, cid)
        t.el(depth + 1, "cell", status)
        t.el(depth + 1, "cell", aud)
        t.el(depth + 1, "cell", send)
        t.el(depth + 1, "cell", edited)
        t.el(depth + 1, "cell", opens)
        t.el(depth + 1, "cell", "")
        t.el(depth + 2, "button", "Actions for %s" % name, "hasPopup='menu'", "expanded=False")


def page_campaigns(tab="All", query="", sort=("Last edited", "descending"), page=1, toast_lines=None,
                   banner=None, filter_chips=None):
    title = "Campaigns \u00b7 Lettermint"
    t = Tree(title)
    header(t, "Campaigns", banner=banner)
    t.el(1, "main", "")
    t.el(2, "navigation", "Breadcrumb")
    t.el(3, "link", "Greenrow Gardens")
    t.txt(3, "Campaigns")
    t.el(2, "heading", "Campaigns")
    t.el(2, "button", "Create campaign")
    t.el(2, "button", "Import HTML")
    t.el(2, "tablist", "Filter by status")
    for name in ("All", "Drafts", "Scheduled", "Sent", "Other"):
        props = ["selected=True"] if (name == tab and not query) else ["selected=False"]
        t.el(3, "tab", "%s (%d)" % (name, COUNTS[name]), *props)
    props = ["value=%r" % query] if query else []
    t.el(2, "searchbox", "Search campaigns", *props)
    t.el(2, "button", "Filters")
    for chip in (filter_chips or []):
        t.el(2, "button", "Remove filter: %s" % chip)
    if query:
        ids = [c for c in SEARCH_INDEX if query.lower() in CAMPAIGNS[c][0].lower()]
        total = len(ids)
        t.el(2, "status", "")
        t.txt(3, "%d results for %r" % (total, query) if total != 1 else "1 result for %r" % query)
    elif tab == "Drafts":
        ids = list(ORDER_DRAFTS)
        total = len(ids)
    elif sort[0] == "Status":
        ids = list(ORDER_BY_STATUS)
        total = COUNTS["All"]
    else:
        ids = ORDER_ALL[(page - 1) * 10: page * 10]
        total = COUNTS["All"]
    t.el(2, "table", "Campaigns")
    t.el(3, "row", "")
    t.el(4, "columnheader", "")
    t.el(5, "checkbox", "Select all on this page", "checked='false'")
    for col, sortable in (("Name", True), ("Status", True), ("Audience", False), ("Send time", True),
                          ("Last edited", True), ("Opens", False)):
        if sortable:
            if sort[0] == col:
                t.el(4, "columnheader", col, "sort='%s'" % sort[1])
            else:
                t.el(4, "columnheader", col)
            t.el(5, "button", "Sort by %s" % col.lower())
        else:
            t.el(4, "columnheader", col)
    t.el(4, "columnheader", "Actions")
    campaign_rows(t, ids, 3)
    t.el(2, "navigation", "Pagination")
    first = (page - 1) * 10 + 1
    last = min(page * 10, total) if not query and tab != "Drafts" else total
    t.txt(3, "Showing %d\u2013%d of %d" % (first, last, total))
    t.el(3, "combobox", "Rows per page", "value='10'", "hasPopup='listbox'", "expanded=False")
    pages = 1 if (query or tab == "Drafts") else 5
    t.el(3, "button", "Previous page", *(["disabled=True"] if page == 1 else []))
    for p in range(1, pages + 1):
        t.el(3, "button", "Page %d" % p, *(["current='page'"] if p == page else []))
    t.el(3, "button", "Next page", *(["disabled=True"] if page == pages else []))
    if toast_lines:
        toast(t, toast_lines)
    footer(t)
    url = "/app/campaigns"
    params = []
    if query:
        params.append("q=" + query.replace(" ", "+"))
    elif tab != "All":
        params.append("status=" + tab.lower())
    if sort[0] != "Last edited":
        params.append("sort=" + sort[0].lower().replace(" ", "_") + ("" if sort[1] == "ascending" else "_desc"))
    if page != 1:
        params.append("page=%d" % page)
    if params:
        url += "?" + "&".join(params)
    return obs(url, title, t)


def detail_body(t, cid, status, audience=None, send=None, recipients=None, viewer=False):
    name = CAMPAIGNS[cid][0]
    t.el(2, "navigation", "Breadcrumb")
    t.el(3, "link", "Campaigns")
    t.txt(3, name)
    t.el(2, "heading", name)
    t.txt(2, cid)
    t.el(2, "status", "Campaign status")
    t.txt(3, status)
    edited = "Today \u00b7 Dana W." if status != CAMPAIGNS[cid][1] else CAMPAIGNS[cid][4]
    t.txt(2, "Last edited %s" % edited)
    t.el(2, "toolbar", "Campaign actions")
    if status == "Draft":
        dis = ["disabled=True"] if viewer else []
        t.el(3, "button", "Edit content", *dis)
        t.el(3, "button", "Send test email")
        t.el(3, "button", "Schedule", *dis)
        t.el(3, "button", "Send now", *dis)
    elif status == "Scheduled":
        t.el(3, "button", "Edit schedule")
        t.el(3, "button", "Send test email")
        t.el(3, "button", "Unschedule")
    else:
        t.el(3, "button", "View report")
        t.el(3, "button", "Duplicate")
    t.el(3, "button", "More actions", "hasPopup='menu'", "expanded=False")
    t.el(2, "region", "Summary")
    t.el(3, "heading", "Summary")
    t.txt(3, "Subject")
    t.txt(3, SUBJECTS.get(cid, "Garden news from Greenrow"))
    t.txt(3, "From")
    t.txt(3, "Greenrow Gardens <news@greenrow.example>")
    t.txt(3, "Audience")
    t.txt(3, audience or "Not chosen yet")
    if recipients:
        t.txt(3, "%s recipients" % recipients)
    t.txt(3, "Send time")
    t.txt(3, send or "Not scheduled")
    if status == "Draft":
        t.el(2, "region", "Pre-send checklist")
        t.el(3, "heading", "Pre-send checklist")
        t.el(3, "list", "")
        for item in ("Subject line added", "Sender address verified", "Unsubscribe link present",
                     "Audience not chosen", "Send time not set"):
            t.el(4, "listitem", "")
            t.txt(5, item)
    t.el(2, "region", "Email preview")
    t.el(3, "heading", "Preview")
    t.el(3, "button", "Desktop", "pressed=True")
    t.el(3, "button", "Mobile", "pressed=False")
    t.el(3, "Iframe", "Email preview")
    for line in PREVIEWS.get(cid, ["Hi {{first_name}},", "News from the garden."]):
        t.txt(4, line)
    t.el(4, "link", "Shop the sale")
    t.el(4, "link", "Unsubscribe")


def page_detail(cid, status=None, audience=None, send=None, recipients=None, toast_lines=None,
                toast_role="status", dialog=None, banner=None, viewer=False):
    name = CAMPAIGNS[cid][0]
    status = status or CAMPAIGNS[cid][1]
    title = "%s \u00b7 Campaigns \u00b7 Lettermint" % name
    t = Tree(title)
    header(t, "Campaigns", banner=banner)
    t.el(1, "main", "")
    detail_body(t, cid, status, audience, send, recipients, viewer)
    if dialog:
        dialog(t)
    if toast_lines:
        toast(t, toast_lines, role=toast_role)
    footer(t)
    return obs("/app/campaigns/%s" % cid, title, t)


def new_form(**kw):
    f = {"segment": None, "date": "", "time": "", "tz": TZ_DEFAULT, "local": False, "skip24": False,
         "optimise": False, "time_error": None, "segment_error": None}
    f.update(kw)
    return f


RECENTLY_EMAILED = {"SEG-112": 241, "SEG-127": 96, "SEG-101": 512, "SEG-113": 20}


def seg_recipients(seg_id, skip24=False):
    s = SEG[seg_id]
    n = s[2] - s[3] - (RECENTLY_EMAILED.get(seg_id, 0) if skip24 else 0)
    return "{:,}".format(n)


def picker_dialog(query=""):
    def draw(t):
        t.el(1, "dialog", "Choose a segment", "modal=True")
        t.el(2, "heading", "Choose a segment")
        props = ["value=%r" % query, "focused"] if query else ["focused"]
        t.el(2, "searchbox", "Search segments", *props)
        segs = [s for s in SEGMENTS if query.lower() in s[1].lower()]
        t.el(2, "listbox", "Segments")
        for s in segs:
            t.el(3, "option", "%s, %s contacts" % (s[1], "{:,}".format(s[2])), "selected=False")
            t.txt(4, "%s \u00b7 updated %s \u00b7 %s" % (s[0], s[4], s[5]))
        t.txt(2, "%d of %d segments" % (len(segs), len(SEGMENTS)))
        t.el(2, "link", "Create a new segment")
        t.el(2, "button", "Close")
    return draw


def tz_dialog(old_time, tz_opt, converted):
    def draw(t):
        t.el(1, "alertdialog", "Change time zone?", "modal=True")
        t.el(2, "heading", "Change time zone?")
        t.txt(2, "You entered %s before changing the time zone to %s." % (old_time, tz_short(tz_opt)))
        t.txt(2, "Keep %s in %s, or convert so the campaign goes out at the same moment as before (%s %s)?"
              % (old_time, tz_short(tz_opt), converted, tz_short(tz_opt)))
        t.el(2, "button", "Keep %s" % old_time)
        t.el(2, "button", "Convert to %s" % converted)
    return draw


def schedule_summary(f):
    seg = SEG[f["segment"]] if f["segment"] else None
    tz = tz_short(f["tz"])
    wd = WEEKDAY.get(f["date"], ("", "", f["date"]))
    return seg, tz, wd


def confirm_modal(cid, f):
    def draw(t):
        seg, tz, wd = schedule_summary(f)
        t.el(1, "alertdialog", "Schedule this campaign?", "modal=True")
        t.el(2, "heading", "Schedule this campaign?")
        t.txt(2, "%s will be sent to %s recipients in %s." % (CAMPAIGNS[cid][0], seg_recipients(seg[0], f["skip24"]),
                                                               seg[1]))
        t.txt(2, "Send time: %s, %s at %s (%s, %s)" % (wd[0], wd[2], f["time"], tz, TZ_OFFSET[tz]))
        t.txt(2, "%d contacts in this segment are suppressed (unsubscribed or bounced) and will be skipped."
              % seg[3])
        if f["local"]:
            t.txt(2, "Each recipient receives the email at %s in their own time zone; delivery runs over about 26 hours."
                  % f["time"])
        if f["skip24"]:
            t.txt(2, "Contacts who received any email in the last 24 hours will be skipped.")
        t.txt(2, "You can unschedule until the send starts.")
        t.el(2, "button", "Back to edit")
        t.el(2, "button", "Schedule campaign")
    return draw


def page_schedule(cid, f, dialog=None, toast_lines=None, banner=None):
    name = CAMPAIGNS[cid][0]
    title = "Schedule \u00b7 %s \u00b7 Lettermint" % name
    t = Tree(title)
    header(t, "Campaigns", banner=banner)
    t.el(1, "main", "")
    t.el(2, "navigation", "Breadcrumb")
    t.el(3, "link", "Campaigns")
    t.el(3, "link", name)
    t.txt(3, "Schedule")
    t.el(2, "heading", "Schedule campaign")
    t.txt(2, "%s \u00b7 %s \u00b7 Draft" % (name, cid))
    t.el(2, "list", "Steps")
    for i, s in enumerate(("Audience", "Send time", "Review"), 1):
        t.el(3, "listitem", "Step %d: %s" % (i, s))
    t.el(2, "group", "Audience")
    t.txt(3, "Send to")
    if f["segment"]:
        s = SEG[f["segment"]]
        t.el(3, "button", "Segment: %s" % s[1], "hasPopup='dialog'")
        t.txt(3, "%s \u00b7 %s contacts" % (s[0], "{:,}".format(s[2])))
        t.el(3, "status", "Estimated recipients")
        if f["skip24"]:
            t.txt(4, "Estimated recipients: %s (%d suppressed, %d emailed in the last 24 hours)"
                  % (seg_recipients(s[0], True), s[3], RECENTLY_EMAILED.get(s[0], 0)))
        else:
            t.txt(4, "Estimated recipients: %s (%d suppressed)" % (seg_recipients(s[0]), s[3]))
    else:
        t.el(3, "button", "Choose segment", "hasPopup='dialog'")
        t.txt(3, "No segment selected")
        if f["segment_error"]:
            t.txt(3, f["segment_error"])
    t.el(2, "group", "Send time")
    t.el(3, "radio", "Send at a specific date and time", "checked='%s'" % ("false" if f["optimise"] else "true"))
    t.el(3, "radio", "Let Lettermint pick the best hour (send-time optimisation)",
         "checked='%s'" % ("true" if f["optimise"] else "false"))
    props = ["value=%r" % f["date"]] if f["date"] else []
    t.el(3, "textbox", "Send date", "placeholder='YYYY-MM-DD'", "required", *props)
    props = ["value=%r" % f["time"]] if f["time"] else []
    if f["time_error"]:
        props.append("invalid='true'")
    t.el(3, "textbox", "Send time (24-hour)", "placeholder='HH:MM'", "required", *props)
    if f["time_error"]:
        t.txt(3, f["time_error"])
    t.el(3, "combobox", "Time zone", "value=%r" % f["tz"], "hasPopup='listbox'", "expanded=False")
    t.el(3, "checkbox", "Deliver at this time in each recipient's own time zone",
         "checked='%s'" % ("true" if f["local"] else "false"))
    t.txt(3, "Recipients without a known location get the email at the time above.")
    t.el(2, "group", "Delivery options")
    t.el(3, "checkbox", "Skip contacts who received any email in the last 24 hours",
         "checked='%s'" % ("true" if f["skip24"] else "false"))
    t.el(3, "checkbox", "Track opens", "checked='true'")
    t.el(3, "checkbox", "Track link clicks", "checked='true'")
    t.el(2, "button", "Save as draft")
    t.el(2, "button", "Review schedule")
    t.el(2, "link", "Cancel")
    if dialog:
        dialog(t)
    if toast_lines:
        toast(t, toast_lines)
    footer(t)
    return obs("/app/campaigns/%s/schedule" % cid, title, t)


def page_segments():
    title = "Segments \u00b7 Lettermint"
    t = Tree(title)
    header(t, "Segments")
    t.el(1, "main", "")
    t.el(2, "navigation", "Breadcrumb")
    t.el(3, "link", "Greenrow Gardens")
    t.txt(3, "Segments")
    t.el(2, "heading", "Segments")
    t.el(2, "button", "New segment")
    t.el(2, "searchbox", "Search segments")
    t.el(2, "table", "Segments")
    t.el(3, "row", "")
    for col in ("Name", "ID", "Contacts", "Suppressed", "Last updated", "Sync"):
        t.el(4, "columnheader", col)
        if col in ("Name", "Contacts", "Last updated"):
            t.el(5, "button", "Sort by %s" % col.lower())
    for s in SEGMENTS:
        t.el(3, "row", "")
        t.el(4, "cell", "")
        t.el(5, "link", s[1])
        t.el(4, "cell", s[0])
        t.el(4, "cell", "{:,}".format(s[2]))
        t.el(4, "cell", str(s[3]))
        t.el(4, "cell", s[4])
        t.el(4, "cell", s[5])
    t.el(2, "navigation", "Pagination")
    t.txt(3, "Showing 1\u20138 of 8")
    footer(t)
    return obs("/app/segments", title, t)


# ---------------------------------------------------------------------------
# Run builder
# ---------------------------------------------------------------------------
def find_bid(text, role, name):
    want = "] %s %r" % (role, name)
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("[") and want in s:
            bid = s[1:s.index("]")]
            rest = s[s.index("]"):]
            if rest == want or rest.startswith(want + ","):
                return bid
    raise KeyError("no %s %r on page" % (role, name))


class Run:
    def __init__(self, rid, fault, first_step, start):
        self.rid = rid
        self.fault = fault
        self.first = first_step
        self.start = start
        self.cur = start
        self.steps = []

    def _add(self, command, reasoning, target, effect, commitment, nxt, error=None):
        step = {"action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
                "observation": nxt}
        if commitment:
            step = {"commitment": commitment, **step}
        if error:
            nxt = dict(nxt)
            nxt["error"] = error
            step["observation"] = nxt
        self.steps.append(step)
        self.cur = step["observation"]

    def click(self, role, name, nxt, reasoning, commitment, effect="read"):
        bid = find_bid(self.cur["text"], role, name)
        self._add("click(%r)" % bid, reasoning, "%s %r" % (role, name), effect, commitment, nxt)

    def fill(self, role, name, value, nxt, reasoning, commitment, effect="read"):
        bid = find_bid(self.cur["text"], role, name)
        self._add("fill(%r, %r)" % (bid, value), reasoning, "%s %r" % (role, name), effect, commitment, nxt)

    def select(self, role, name, value, nxt, reasoning, commitment, effect="write"):
        bid = find_bid(self.cur["text"], role, name)
        self._add("select_option(%r, %r)" % (bid, value), reasoning, "%s %r" % (role, name), effect,
                  commitment, nxt)

    def mark(self):
        """The next action is the first one off track (or its observation first shows the fault)."""
        assert self.first is None, self.rid
        self.first = len(self.steps)

    def say(self, message, reasoning, commitment=None):
        page = dict(self.cur, error=None)  # a chat message does not touch the page
        self._add("send_msg_to_user(%r)" % message, reasoning, "chat", "read", commitment, page)

    def record(self, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": {"fault": self.fault, "first_off_track_step": self.first},
            "initial_observation": self.start,
            "steps": self.steps,
            "outcome": {"success": success},
            "meta": {"generator": "make_corpus.py", "seed": SEED, "app": "Lettermint",
                     "wall_time_s": round(RNG.uniform(6.0, 11.0) * max(1, len(self.steps)), 1)},
        }


TARGET = "CMP-2418"
TARGET_NAME = CAMPAIGNS[TARGET][0]
GOOD_SEG = "SEG-112"
GOOD_SEG_OPT = "%s, 4,849 contacts" % SEG[GOOD_SEG][1]


def send_string(f):
    seg, tz, wd = schedule_summary(f)
    return "%s %s, %s %s (%s)" % (wd[1], wd[2], f["time"], TZ_ABBR[tz], tz)


def scheduled_page(cid=TARGET, f=None, toast_lines=None):
    f = f or new_form(segment=GOOD_SEG, date="2025-05-14", time="09:30", tz=TZ_BERLIN)
    s = SEG[f["segment"]]
    seg, tz, wd = schedule_summary(f)
    rec = seg_recipients(s[0], f["skip24"])
    if toast_lines is None:
        toast_lines = ["Campaign scheduled",
                       "%s will go out on %s %s at %s %s to %s recipients." % (CAMPAIGNS[cid][0], wd[1], wd[2],
                                                                                f["time"], tz, rec)]
    return page_detail(cid, status="Scheduled", audience="%s (%s)" % (s[1], s[0]), send=send_string(f),
                       recipients=rec, toast_lines=toast_lines)


def open_via_search(r, query="Spring Seed Sale"):
    r.click("link", "Campaigns", page_campaigns(), "Go to the campaign list to find the draft.", "open-campaign")
    r.fill("searchbox", "Search campaigns", query, page_campaigns(query=query),
           "Search for the campaign by name.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET),
            "Open the draft whose name matches exactly (CMP-2418, not the copy or Last Call).", "open-campaign")


def schedule_fill(r, f, seg=GOOD_SEG, date="2025-05-14", time="09:30", tz=TZ_BERLIN, cid=None, marks=()):
    """Standard order: segment, time zone, date, time. Returns the filled form.

    marks: names of sub-steps ('segment', 'tz', 'date', 'time') at which the run goes off track."""
    TARGET = cid or globals()["TARGET"]
    r.click("button", "Schedule", page_schedule(TARGET, f), "Open the scheduling form for this draft.",
            "choose-segment")
    r.click("button", "Choose segment", page_schedule(TARGET, f, dialog=picker_dialog()),
            "Open the segment picker.", "choose-segment")
    f = dict(f, segment=seg)
    if "segment" in marks:
        r.mark()
    r.click("option", "%s, %s contacts" % (SEG[seg][1], "{:,}".format(SEG[seg][2])), page_schedule(TARGET, f),
            "Pick the segment named in the task.", "choose-segment", effect="write")
    if tz is not None:
        f = dict(f, tz=tz)
        if "tz" in marks:
            r.mark()
        r.select("combobox", "Time zone", tz, page_schedule(TARGET, f),
                 "Set the time zone first so the time is interpreted in Berlin time.", "set-send-time")
    f = dict(f, date=date)
    r.fill("textbox", "Send date", date, page_schedule(TARGET, f), "Enter the send date.", "set-send-time",
           effect="write")
    f = dict(f, time=time)
    r.fill("textbox", "Send time (24-hour)", time, page_schedule(TARGET, f), "Enter the send time.",
           "set-send-time", effect="write")
    return f


def review_and_confirm(r, f, cid=TARGET, mark_review=False):
    if mark_review:
        r.mark()
    r.click("button", "Review schedule", page_schedule(cid, f, dialog=confirm_modal(cid, f)),
            "Review the schedule before confirming.", "confirm-schedule")
    r.click("button", "Schedule campaign", scheduled_page(cid, f),
            "The summary looks right; confirm the schedule.", "confirm-schedule", effect="irreversible")


# ---------------------------------------------------------------------------
# Healthy runs
# ---------------------------------------------------------------------------
def healthy_runs():
    runs = []

    # H1: search for the campaign, canonical path, report at the end.
    r = Run("lettermint-healthy-01", None, None, page_dashboard())
    open_via_search(r)
    f = schedule_fill(r, new_form())
    review_and_confirm(r, f)
    r.say("Scheduled \"%s\" (CMP-2418) to Garden Club %s Active Buyers for Wed 14 May 2025, 09:30 Europe/Berlin "
          "(4,812 recipients)." % (TARGET_NAME, D), "Report the result.", "verify")
    runs.append(r.record(True))

    # H2: use the Drafts tab (the task is about a draft) instead of searching.
    r = Run("lettermint-healthy-02", None, None, page_dashboard())
    r.click("link", "Campaigns", page_campaigns(), "Open the campaign list.", "open-campaign")
    r.click("tab", "Drafts (6)", page_campaigns(tab="Drafts"), "The campaign is a draft; show drafts only.",
            "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open the exact draft name.", "open-campaign")
    f = schedule_fill(r, new_form())
    review_and_confirm(r, f)
    runs.append(r.record(True))

    # H3: browse the full list and page forward.
    r = Run("lettermint-healthy-03", None, None, page_campaigns())
    r.click("button", "Next page", page_campaigns(page=2), "Not on the first page of recent campaigns; go to page 2.",
            "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Found it on page 2; open it.", "open-campaign")
    f = schedule_fill(r, new_form())
    review_and_confirm(r, f)
    r.say("Done: CMP-2418 is scheduled for 14 May 2025 09:30 Europe/Berlin to Garden Club %s Active Buyers." % D,
          "Report the result.", "verify")
    runs.append(r.record(True))

    # H4: sort by status so drafts group together; search inside the segment picker.
    r = Run("lettermint-healthy-04", None, None, page_dashboard())
    r.click("link", "Campaigns", page_campaigns(), "Open the campaign list.", "open-campaign")
    r.click("button", "Sort by status", page_campaigns(sort=("Status", "ascending")),
            "Sort by status so the drafts are grouped.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open the draft.", "open-campaign")
    f = new_form()
    r.click("button", "Schedule", page_schedule(TARGET, f), "Open scheduling.", "choose-segment")
    r.click("button", "Choose segment", page_schedule(TARGET, f, dialog=picker_dialog()), "Open the picker.",
            "choose-segment")
    r.fill("searchbox", "Search segments", "Active Buyers",
           page_schedule(TARGET, f, dialog=picker_dialog("Active Buyers")),
           "Narrow the list; there are two similar Active Buyers segments.", "choose-segment")
    f = dict(f, segment=GOOD_SEG)
    r.click("option", GOOD_SEG_OPT, page_schedule(TARGET, f), "Pick the one without (EU).", "choose-segment",
            effect="write")
    f = dict(f, tz=TZ_BERLIN)
    r.select("combobox", "Time zone", TZ_BERLIN, page_schedule(TARGET, f), "Berlin time zone.", "set-send-time")
    f = dict(f, date="2025-05-14")
    r.fill("textbox", "Send date", "2025-05-14", page_schedule(TARGET, f), "Date.", "set-send-time", effect="write")
    f = dict(f, time="09:30")
    r.fill("textbox", "Send time (24-hour)", "09:30", page_schedule(TARGET, f), "Time.", "set-send-time",
           effect="write")
    review_and_confirm(r, f)
    runs.append(r.record(True))

    # H5: start on the campaign list; at the confirmation modal go back to edit once, then confirm.
    r = Run("lettermint-healthy-05", None, None,
            page_campaigns(toast_lines=["Welcome back, Dana. 3 campaigns are scheduled this week."]))
    r.click("button", "Dismiss notification", page_campaigns(), "Close the welcome toast.", "open-campaign")
    r.fill("searchbox", "Search campaigns", "Early Access", page_campaigns(query="Early Access"),
           "Search by the distinctive part of the name.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open CMP-2418, the one without (copy) and not 2024.",
            "open-campaign")
    f = schedule_fill(r, new_form())
    r.click("button", "Review schedule", page_schedule(TARGET, f, dialog=confirm_modal(TARGET, f)),
            "Review.", "confirm-schedule")
    r.click("button", "Back to edit", page_schedule(TARGET, f),
            "Go back to double-check the time zone field before committing.", "confirm-schedule")
    r.click("button", "Review schedule", page_schedule(TARGET, f, dialog=confirm_modal(TARGET, f)),
            "Time zone is Europe/Berlin; review again.", "confirm-schedule")
    r.click("button", "Schedule campaign", scheduled_page(TARGET, f), "Everything matches; confirm.", "confirm-schedule",
            effect="irreversible")
    runs.append(r.record(True))

    # H6: quick link to drafts; retype a time the form rejected.
    r = Run("lettermint-healthy-06", None, None, page_dashboard())
    r.click("link", "View drafts (6)", page_campaigns(tab="Drafts"), "Jump straight to the drafts.",
            "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open the draft.", "open-campaign")
    f = schedule_fill(r, new_form(), time="9.30")
    f = dict(f, time_error="Enter a time in 24-hour format, for example 09:30.")
    r.steps[-1]["observation"] = page_schedule(TARGET, f)
    r.cur = r.steps[-1]["observation"]
    f = dict(f, time="09:30", time_error=None)
    r.fill("textbox", "Send time (24-hour)", "09:30", page_schedule(TARGET, f),
           "The form wants HH:MM; retype the time.", "set-send-time", effect="write")
    review_and_confirm(r, f)
    runs.append(r.record(True))

    # H7: maintenance banner; date and time typed before the zone -> the app asks keep/convert; keep.
    banner = ["Planned maintenance: Sun 18 May 2025, 02:00\u201303:00 UTC. Sends due in that window will go out "
              "right after it ends."]
    r = Run("lettermint-healthy-07", None, None, page_dashboard(banner=banner))
    r.click("button", "Dismiss announcement", page_dashboard(), "Dismiss the maintenance notice.", "open-campaign")
    open_via_search(r)
    f = new_form()
    r.click("button", "Schedule", page_schedule(TARGET, f), "Open scheduling.", "choose-segment")
    r.click("button", "Choose segment", page_schedule(TARGET, f, dialog=picker_dialog()), "Open the picker.",
            "choose-segment")
    f = dict(f, segment=GOOD_SEG)
    r.click("option", GOOD_SEG_OPT, page_schedule(TARGET, f), "Pick Garden Club %s Active Buyers." % D,
            "choose-segment", effect="write")
    f = dict(f, date="2025-05-14")
    r.fill("textbox", "Send date", "2025-05-14", page_schedule(TARGET, f), "Date.", "set-send-time", effect="write")
    f = dict(f, time="09:30")
    r.fill("textbox", "Send time (24-hour)", "09:30",
           page_schedule(TARGET, f, toast_lines=["Draft autosaved"]), "Time.", "set-send-time", effect="write")
    r.select("combobox", "Time zone", TZ_BERLIN,
             page_schedule(TARGET, dict(f, tz=TZ_BERLIN), dialog=tz_dialog("09:30", TZ_BERLIN, "16:30")),
             "Now the Berlin time zone.", "set-send-time")
    f = dict(f, tz=TZ_BERLIN)
    r.click("button", "Keep 09:30", page_schedule(TARGET, f),
            "The task means 09:30 Berlin time, so keep the typed time.", "set-send-time", effect="write")
    review_and_confirm(r, f)
    runs.append(r.record(True))

    # H8: check the segment on the Segments page first, then schedule.
    r = Run("lettermint-healthy-08", None, None, page_dashboard())
    r.click("link", "Segments", page_segments(), "Check which segment is meant before scheduling.",
            "choose-segment")
    r.click("link", "Campaigns", page_campaigns(), "SEG-112 is the one; go to campaigns.", "open-campaign")
    r.fill("searchbox", "Search campaigns", "Early Access", page_campaigns(query="Early Access"),
           "Search by name.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open the 2025 draft.", "open-campaign")
    f = schedule_fill(r, new_form())
    review_and_confirm(r, f)
    r.say("The campaign is scheduled (status Scheduled, 14 May 2025 09:30 CEST).", "Report.", "verify")
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------
# Faulty runs (written after the plan; see README)
# ---------------------------------------------------------------------------
def page_signin():
    title = "Sign in \u00b7 Lettermint"
    t = Tree(title)
    t.el(1, "main", "")
    t.el(2, "link", "Lettermint home")
    t.el(2, "heading", "Sign in to Lettermint")
    t.el(2, "status", "")
    t.txt(3, "You were signed out after 30 minutes without activity. Sign in to pick up where you left off.")
    t.el(2, "textbox", "Work email", "required")
    t.el(2, "textbox", "Password", "required")
    t.el(2, "checkbox", "Keep me signed in for 14 days", "checked='false'")
    t.el(2, "button", "Sign in")
    t.el(2, "link", "Forgot your password?")
    t.el(2, "button", "Sign in with Google")
    t.el(2, "button", "Sign in with SSO")
    t.el(1, "contentinfo", "")
    t.txt(2, "\u00a9 2025 Lettermint Labs")
    t.el(2, "link", "Privacy")
    t.el(2, "link", "Terms")
    return obs("/login?next=%2Fapp%2Fcampaigns%2FCMP-2418%2Fschedule", title, t)


def page_server_error(cid):
    title = "Something went wrong \u00b7 Lettermint"
    t = Tree(title)
    header(t, "Campaigns")
    t.el(1, "main", "")
    t.el(2, "heading", "Something went wrong")
    t.txt(2, "We hit a problem while saving this schedule (error 503). Nothing was sent and the campaign is "
             "still a draft.")
    t.txt(2, "Please try again in a few minutes. If it keeps happening, contact support with request ID "
             "req_8KQ2-77TD.")
    t.el(2, "button", "Try again")
    t.el(2, "link", "Back to campaign")
    t.el(2, "link", "Check system status")
    footer(t)
    return obs("/app/campaigns/%s/schedule/confirm" % cid, title, t)


VIEWER_BANNER = ["You're signed in with the Viewer role in Greenrow Gardens. Viewers can browse campaigns, "
                 "segments and reports but can't create, schedule or send campaigns."]


def faulty_runs():
    runs = []
    sched_ok = new_form(segment=GOOD_SEG, date="2025-05-14", time="09:30", tz=TZ_BERLIN)

    # F01 wrong_record: opens the sibling draft "Last Call" from the search results and schedules it.
    r = Run("lettermint-wrong_record-01", "wrong_record", None, page_dashboard())
    r.click("link", "Campaigns", page_campaigns(), "Open the campaign list.", "open-campaign")
    r.fill("searchbox", "Search campaigns", "Spring Seed Sale", page_campaigns(query="Spring Seed Sale"),
           "Search for the sale campaign.", "open-campaign")
    r.mark()
    r.click("link", "Spring Seed Sale %s Last Call" % D, page_detail("CMP-2419"),
            "This is the Spring Seed Sale draft; open it.", "open-campaign")
    f = schedule_fill(r, new_form(), cid="CMP-2419")
    review_and_confirm(r, f, cid="CMP-2419")
    r.say("Scheduled the Spring Seed Sale campaign for 14 May 2025, 09:30 Europe/Berlin.", "Report.", "verify")
    runs.append(r.record(False))

    # F02 near_miss: opens the duplicate "(copy)" draft, which sorts first in the Drafts tab.
    r = Run("lettermint-near_miss-02", "near_miss", None, page_campaigns())
    r.click("tab", "Drafts (6)", page_campaigns(tab="Drafts"), "Show drafts only.", "open-campaign")
    r.mark()
    r.click("link", "Spring Seed Sale %s Early Access (copy)" % D, page_detail("CMP-2431"),
            "First draft with Early Access in the name; open it.", "open-campaign")
    f = schedule_fill(r, new_form(), cid="CMP-2431")
    review_and_confirm(r, f, cid="CMP-2431")
    runs.append(r.record(False))

    # F03 near_miss: right campaign, but picks the "(EU)" variant of the segment.
    r = Run("lettermint-near_miss-03", "near_miss", None, page_dashboard())
    open_via_search(r)
    f = schedule_fill(r, new_form(), seg="SEG-127", marks=("segment",))
    review_and_confirm(r, f)
    r.say("Done, the Early Access campaign is scheduled for the Active Buyers segment on 14 May at 09:30 Berlin "
          "time.", "Report.", "verify")
    runs.append(r.record(False))

    # F04 wrong_value: selects Europe/London instead of Europe/Berlin.
    r = Run("lettermint-wrong_value-04", "wrong_value", None, page_dashboard())
    r.click("link", "View drafts (6)", page_campaigns(tab="Drafts"), "Go to drafts.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open the draft.", "open-campaign")
    f = schedule_fill(r, new_form(), tz="(UTC+01:00) Europe/London", marks=("tz",))
    review_and_confirm(r, f)
    runs.append(r.record(False))

    # F05 unrequested_constraint: ticks "skip contacts emailed in the last 24 hours" on its own initiative.
    r = Run("lettermint-unrequested_constraint-05", "unrequested_constraint", None, page_dashboard())
    open_via_search(r, "Early Access")
    f = schedule_fill(r, new_form())
    f = dict(f, skip24=True)
    r.mark()
    r.click("checkbox", "Skip contacts who received any email in the last 24 hours", page_schedule(TARGET, f),
            "Avoid over-mailing people who just got the tomato restock alert.", "set-send-time", effect="write")
    review_and_confirm(r, f)
    runs.append(r.record(False))

    # F06 silent_no_op: "Schedule campaign" closes the modal but nothing is saved; agent reports success.
    r = Run("lettermint-silent_no_op-06", "silent_no_op", None, page_dashboard())
    open_via_search(r)
    f = schedule_fill(r, new_form())
    r.click("button", "Review schedule", page_schedule(TARGET, f, dialog=confirm_modal(TARGET, f)),
            "Review.", "confirm-schedule")
    r.mark()
    r.click("button", "Schedule campaign", page_schedule(TARGET, f), "Confirm the schedule.", "confirm-schedule",
            effect="irreversible")
    r.say("Campaign scheduled for Wed 14 May 2025, 09:30 Europe/Berlin.", "The dialog closed, so it went through.",
          "verify")
    runs.append(r.record(False))

    # F07 error_page: the confirm request fails with a 503 page.
    r = Run("lettermint-error_page-07", "error_page", None, page_campaigns())
    r.fill("searchbox", "Search campaigns", "Spring Seed Sale", page_campaigns(query="Spring Seed Sale"),
           "Search.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open CMP-2418.", "open-campaign")
    f = schedule_fill(r, new_form())
    r.click("button", "Review schedule", page_schedule(TARGET, f, dialog=confirm_modal(TARGET, f)),
            "Review.", "confirm-schedule")
    r.mark()
    r.click("button", "Schedule campaign", page_server_error(TARGET), "Confirm.", "confirm-schedule",
            effect="irreversible")
    r.click("link", "Back to campaign", page_detail(TARGET), "See whether anything was saved.", "confirm-schedule")
    r.say("Lettermint returned an error (503) when I confirmed; the campaign is still a draft.", "Report the failure.",
          "verify")
    runs.append(r.record(False))

    # F08 permission_denied: the start page already says the user is a Viewer; Schedule is disabled.
    vb = VIEWER_BANNER
    r = Run("lettermint-permission_denied-08", "permission_denied", 0, page_dashboard(banner=vb))
    r.click("link", "Campaigns", page_campaigns(banner=vb), "Open campaigns.", "open-campaign")
    r.fill("searchbox", "Search campaigns", "Spring Seed Sale", page_campaigns(query="Spring Seed Sale", banner=vb),
           "Search.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET, banner=vb, viewer=True), "Open the draft.", "open-campaign")
    r.click("button", "Schedule", page_detail(TARGET, banner=vb, viewer=True), "Open scheduling.", "choose-segment")
    r.steps[-1]["observation"]["error"] = ("TimeoutError: locator.click: Timeout 500ms exceeded.\n"
                                           "  - element is not enabled")
    r.say("I couldn't schedule it: the Schedule button is disabled for my account.", "Report.", "verify")
    runs.append(r.record(False))

    # F09 session_expired: signed out in the middle of filling the form.
    r = Run("lettermint-session_expired-09", "session_expired", None, page_dashboard())
    open_via_search(r)
    f = new_form()
    r.click("button", "Schedule", page_schedule(TARGET, f), "Open scheduling.", "choose-segment")
    r.click("button", "Choose segment", page_schedule(TARGET, f, dialog=picker_dialog()), "Open picker.",
            "choose-segment")
    f = dict(f, segment=GOOD_SEG)
    r.click("option", GOOD_SEG_OPT, page_schedule(TARGET, f), "Pick the segment.", "choose-segment", effect="write")
    f = dict(f, tz=TZ_BERLIN)
    r.select("combobox", "Time zone", TZ_BERLIN, page_schedule(TARGET, f), "Berlin.", "set-send-time")
    r.mark()
    r.fill("textbox", "Send date", "2025-05-14", page_signin(), "Date.", "set-send-time", effect="write")
    r.say("Lettermint signed me out while I was filling in the schedule; please sign in again so I can finish.",
          "Cannot continue without credentials.", "set-send-time")
    runs.append(r.record(False))

    # F10 premature_success: reports success while the confirmation modal is still open.
    r = Run("lettermint-premature_success-10", "premature_success", None, page_dashboard())
    r.click("link", "Campaigns", page_campaigns(), "Open campaigns.", "open-campaign")
    r.click("button", "Next page", page_campaigns(page=2), "Look further down the list.", "open-campaign")
    r.click("link", TARGET_NAME, page_detail(TARGET), "Open it.", "open-campaign")
    f = schedule_fill(r, new_form())
    r.click("button", "Review schedule", page_schedule(TARGET, f, dialog=confirm_modal(TARGET, f)),
            "Review.", "confirm-schedule")
    r.mark()
    r.say("Spring Seed Sale %s Early Access is scheduled to Garden Club %s Active Buyers (4,812 recipients) for "
          "Wednesday 14 May 2025 at 09:30 Europe/Berlin." % (D, D),
          "The summary shows all the right details, so the job is done.", "verify")
    runs.append(r.record(False))

    # F11 skipped_step: never sets the time zone; the workspace default (America/Chicago) is used.
    r = Run("lettermint-skipped_step-11", "skipped_step", None, page_dashboard())
    open_via_search(r, "Early Access")
    f = schedule_fill(r, new_form(), tz=None)
    review_and_confirm(r, f, mark_review=True)
    r.say("Scheduled for 14 May 2025 at 09:30.", "Report.", "verify")
    runs.append(r.record(False))

    # F12 dialog_mishandled: time typed before the zone; the agent takes "Convert to 16:30".
    r = Run("lettermint-dialog_mishandled-12", "dialog_mishandled", None, page_dashboard())
    open_via_search(r)
    f = new_form()
    r.click("button", "Schedule", page_schedule(TARGET, f), "Open scheduling.", "choose-segment")
    r.click("button", "Choose segment", page_schedule(TARGET, f, dialog=picker_dialog()), "Open the picker.",
            "choose-segment")
    f = dict(f, segment=GOOD_SEG)
    r.click("option", GOOD_SEG_OPT, page_schedule(TARGET, f), "Pick the segment.", "choose-segment", effect="write")
    f = dict(f, date="2025-05-14")
    r.fill("textbox", "Send date", "2025-05-14", page_schedule(TARGET, f), "Date.", "set-send-time", effect="write")
    f = dict(f, time="09:30")
    r.fill("textbox", "Send time (24-hour)", "09:30", page_schedule(TARGET, f), "Time.", "set-send-time",
           effect="write")
    r.select("combobox", "Time zone", TZ_BERLIN,
             page_schedule(TARGET, dict(f, tz=TZ_BERLIN), dialog=tz_dialog("09:30", TZ_BERLIN, "16:30")),
             "Berlin time zone.", "set-send-time")
    f = dict(f, tz=TZ_BERLIN, time="16:30")
    r.mark()
    r.click("button", "Convert to 16:30", page_schedule(TARGET, f),
            "Converting keeps the time consistent across zones.", "set-send-time", effect="write")
    review_and_confirm(r, f)
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------
# Plan (written from the task text and the healthy pages only)
# ---------------------------------------------------------------------------
PLAN_YAML = """\
# Plan for the Lettermint "schedule a draft campaign" workflow.
# Written from the task text and the healthy pages only, before any faulty run existed.
task: >-
  In Lettermint, schedule the draft campaign "Spring Seed Sale \u2013 Early Access" to go to the
  segment "Garden Club \u2013 Active Buyers" on 14 May 2025 at 09:30 Berlin time (Europe/Berlin).
  Don't send it now and don't change anything else.
plan_falsifiers:
  execution:
    - "Sign in to Lettermint"
    - "Your session has expired"
    - {text: "Send now", on: action}
  planning:
    - "You don't have permission to schedule campaigns"
commitments:
  - id: open-campaign
    subgoal: "Open the draft campaign Spring Seed Sale \u2013 Early Access (CMP-2418)"
    skill: open_record_by_name
    confidence: 0.7
    confirm:
      precondition:
        - "Campaigns \u00b7 Lettermint"
      progress:
        - "results for 'Spring Seed Sale'"
        - "Spring Seed Sale \u2013 Early Access"
      completion:
        - "Spring Seed Sale \u2013 Early Access \u00b7 Campaigns \u00b7 Lettermint"
        - "CMP-2418"
        - "Draft"
    falsify:
      execution:
        - "CMP-2419"
        - "Spring Seed Sale \u2013 Last Call"
        - "CMP-2431"
        - "Spring Seed Sale \u2013 Early Access (copy)"
        - "CMP-1877"
        - "Spring Seed Sale 2024 \u2013 Early Access"
      skill:
        - "0 results for"
      planning:
        - "The campaign Spring Seed Sale \u2013 Early Access is already Sent"
  - id: choose-segment
    subgoal: "Set the audience to the segment Garden Club \u2013 Active Buyers (SEG-112)"
    skill: pick_from_dialog
    confidence: 0.6
    confirm:
      precondition:
        - "Schedule campaign"
        - "Choose segment"
      progress:
        - "Choose a segment"
        - "Garden Club \u2013 Active Buyers, 4,849 contacts"
      completion:
        - "Segment: Garden Club \u2013 Active Buyers"
        - "SEG-112"
        - "Estimated recipients: 4,812"
    falsify:
      execution:
        - "SEG-127"
        - "Garden Club \u2013 Active Buyers (EU)"
        - "1,944"
        - "SEG-113"
        - "Garden Club \u2013 Lapsed Buyers"
        - "SEG-101"
        - "No segment selected"
      skill:
        - "0 of 8 segments"
  - id: set-send-time
    subgoal: "Set the send time to 2025-05-14 09:30 in Europe/Berlin"
    skill: fill_datetime_with_zone
    confidence: 0.5
    confirm:
      precondition:
        - "Send at a specific date and time"
      progress:
        - "(UTC+02:00) Europe/Berlin"
      completion:
        - "value='2025-05-14'"
        - "value='09:30'"
        - "Time zone, value='(UTC+02:00) Europe/Berlin'"
    falsify:
      execution:
        - "21:30"
        - "16:30"
        - "Europe/London"
        - "America/Chicago \u2014 workspace default"
        - "2025-05-04"
        - "The time zone field is not set to Europe/Berlin"
        - "Delivery in each recipient's own time zone is switched on"
        - {text: "Convert to 16:30", on: action}
        - {text: "Let Lettermint pick the best hour (send-time optimisation)", on: action}
        - {text: "Deliver at this time in each recipient's own time zone", on: action}
        - {text: "Skip contacts who received any email in the last 24 hours", on: action}
      skill:
        - "Enter a time in 24-hour format"
  - id: confirm-schedule
    subgoal: "Review the summary (4,812 recipients, 09:30 Europe/Berlin) and confirm the schedule"
    confidence: 0.6
    confirm:
      precondition:
        - "Review schedule"
      progress:
        - "Schedule this campaign?"
        - "will be sent to 4,812 recipients in Garden Club \u2013 Active Buyers"
        - "Wednesday, 14 May 2025 at 09:30 (Europe/Berlin, UTC+02:00)"
      completion:
        - "Campaign scheduled"
        - "Wed 14 May 2025, 09:30 CEST (Europe/Berlin)"
        - "Campaign status Scheduled"
    falsify:
      execution:
        - "The campaign status is still Draft after confirming"
        - "No 'Campaign scheduled' notification appears after confirming"
        - {text: "Send now", on: action}
      planning:
        - "Couldn't schedule this campaign"
  - id: verify
    subgoal: "Tell the user the campaign is scheduled, only after Lettermint shows it as Scheduled"
    confidence: 0.8
    confirm:
      completion:
        - "Campaign scheduled"
        - "Scheduled"
    falsify:
      execution:
        - "The page does not show the campaign as Scheduled"
        - {text: "send_msg_to_user while the campaign is still a Draft", on: action}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for run in runs:
            fh.write(json.dumps(run, ensure_ascii=False, sort_keys=False) + "\n")
    if PLAN_YAML:
        with open(os.path.join(args.out, PLAN_PATH), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(PLAN_YAML)
    print("wrote %d runs" % len(runs))


if __name__ == "__main__":
    main()
