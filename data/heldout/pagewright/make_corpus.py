#!/usr/bin/env python3
"""Generate the Pagewright held-out corpus (corpus.jsonl + plans/pagewright.yaml).

Pagewright is an invented team documentation wiki.  One workflow: an editor
restores an earlier revision of a vandalised page, moves the page under another
section and changes its owner.

Python 3 standard library only.  Fixed seed; running it twice produces
byte-identical files.
"""
import copy
import json
import os
import random

SEED = 20240315
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8130"
WORKFLOW = "pagewright"
PLAN_REL = "plans/pagewright.yaml"
USER = "Priya Raman"

TASK = ("Someone vandalised our 'Deploying to Staging' page (PG-2207) in the Engineering "
        "space last night. Please restore it to revision r14 (Maya Oduya's edit from "
        "12 Mar 2024, 09:41), then move the page under the Release Engineering section "
        "and make Tomás Brandt its owner.")

# ---------------------------------------------------------------------------
# Static data
# ---------------------------------------------------------------------------

SPACES = ["Engineering", "Product", "People Ops", "Support"]

SECTIONS = ["Architecture", "Deployment", "Incident Reviews", "Onboarding",
            "Release Engineering", "Release Engineering › Old runbooks", "Release Notes",
            "Reliability Engineering", "Archive"]

# revision tuples: (number, timestamp, author, summary, change)
REVS_2207 = [
    (16, "14 Mar 2024, 22:07", "rklein", "cleanup", "+2 −311"),
    (15, "14 Mar 2024, 22:03", "rklein", "fixed it for you", "+48 −12"),
    (14, "12 Mar 2024, 09:41", "Maya Oduya", "Add rollback steps for failed deploys", "+36 −4"),
    (13, "11 Mar 2024, 16:20", "Maya Oduya", "Fix typos in smoke-test section", "+3 −3"),
    (12, "04 Mar 2024, 11:02", "Tomás Brandt", "Document new staging cluster names", "+22 −9"),
    (11, "28 Feb 2024, 15:47", "pw-bot", "Nightly link check: 2 links failed", "+0 −0"),
    (10, "21 Feb 2024, 10:15", "Maya Oduya", "Blue/green section moved to PG-2208", "+4 −57"),
    (9, "19 Feb 2024, 14:30", "Dev Anand", "Reverted: failed import from old wiki", "+120 −118"),
    (8, "19 Feb 2024, 14:02", "pw-bot", "Imported from old wiki", "+118 −0"),
    (7, "02 Feb 2024, 09:18", "Dev Anand", "Add VPN prerequisites", "+12 −0"),
    (6, "25 Jan 2024, 17:44", "Leah Ferrante", "Clarify approval step", "+6 −2"),
    (5, "11 Jan 2024, 08:55", "Dev Anand", "Remove cancelled deploy-freeze note", "+0 −5"),
    (4, "09 Jan 2024, 13:10", "Maya Oduya", "Add smoke tests", "+40 −0"),
    (3, "14 Dec 2023, 10:05", "Dev Anand", "Staging certificate renewal (overdue) notes", "+9 −1"),
    (2, "12 Dec 2023, 16:32", "Dev Anand", "Initial structure", "+55 −0"),
    (1, "12 Dec 2023, 16:20", "Dev Anand", "Create page", "+1 −0"),
]

REVS_2270 = [
    (15, "03 Jun 2022, 11:26", "Dev Anand", "Archive: superseded by PG-2207", "+2 −0"),
    (14, "03 Jun 2022, 11:20", "Maya Oduya", "Mark as legacy", "+6 −1"),
    (13, "30 May 2022, 09:41", "Maya Oduya", "Note Jenkins shutdown date", "+3 −0"),
    (12, "17 May 2022, 15:02", "Dev Anand", "Failed-build triage table", "+28 −3"),
    (11, "02 May 2022, 10:10", "pw-bot", "Nightly link check: 5 links failed", "+0 −0"),
    (10, "21 Apr 2022, 13:33", "Leah Ferrante", "Cancelled: canary step", "+1 −14"),
    (9, "11 Apr 2022, 08:47", "Dev Anand", "Update Jenkins job names", "+7 −7"),
    (8, "28 Mar 2022, 16:05", "Dev Anand", "Add screenshots", "+4 −0"),
    (7, "14 Mar 2022, 12:12", "Maya Oduya", "Smoke tests", "+30 −0"),
    (6, "01 Mar 2022, 09:00", "Dev Anand", "Approvals", "+12 −2"),
    (5, "15 Feb 2022, 14:44", "Dev Anand", "Fix links", "+2 −2"),
    (4, "08 Feb 2022, 10:30", "Dev Anand", "Prerequisites", "+18 −0"),
    (3, "01 Feb 2022, 17:20", "Dev Anand", "Steps", "+40 −0"),
    (2, "01 Feb 2022, 17:02", "Dev Anand", "Outline", "+12 −0"),
    (1, "01 Feb 2022, 16:58", "Dev Anand", "Create page", "+1 −0"),
]

PAGES = {
    "PG-2207": dict(id="PG-2207", title="Deploying to Staging", slug="deploying-to-staging",
                    section="Deployment", owner="Dev Anand", status="Published",
                    revs=REVS_2207, current=16, content=16, watchers=12,
                    labels=["deploy", "staging", "runbook"], restricted=False),
    "PG-2270": dict(id="PG-2270", title="Deploying to Staging (legacy)",
                    slug="deploying-to-staging-legacy", section="Archive", owner="Dev Anand",
                    status="Archived", revs=REVS_2270, current=15, content=15, watchers=3,
                    labels=["deploy", "legacy", "jenkins"], restricted=False),
}

# Engineering page list: (id, title, section, owner, updated (sortable), updated text, status)
ENG_PAGES = [
    ("PG-2207", "Deploying to Staging", "Deployment", "Dev Anand", "2024-03-14", "14 Mar 2024", "Published"),
    ("PG-3188", "On-call handbook", "Reliability Engineering", "Leah Ferrante", "2024-03-13", "13 Mar 2024", "Review overdue"),
    ("PG-2208", "Deploying to Production", "Deployment", "Tomás Brandt", "2024-03-12", "12 Mar 2024", "Published"),
    ("PG-2702", "Deploy to Staging checklist", "Release Engineering", "Tomás Brandt", "2024-03-11", "11 Mar 2024", "Published"),
    ("PG-3120", "Incident review: failed staging deploy 2024-01-30", "Incident Reviews", "Maya Oduya", "2024-03-08", "08 Mar 2024", "Published"),
    ("PG-3004", "Release train calendar", "Release Engineering", "Tomás Brandt", "2024-03-07", "07 Mar 2024", "Published"),
    ("PG-2720", "Release notes 2024.03", "Release Notes", "Maya Oduya", "2024-03-06", "06 Mar 2024", "Draft"),
    ("PG-2990", "Q1 database migration plan", "Architecture", "Dev Anand", "2024-03-05", "05 Mar 2024", "Cancelled"),
    ("PG-1987", "Staging environment overview", "Architecture", "Dev Anand", "2024-03-04", "04 Mar 2024", "Published"),
    ("PG-2215", "Feature flag conventions", "Deployment", "Maya Oduya", "2024-03-01", "01 Mar 2024", "Review due"),
    ("PG-3101", "Hotfix procedure", "Release Engineering", "Tomás Brandt", "2024-02-29", "29 Feb 2024", "Published"),
    ("PG-3150", "Alert runbook: error budget burn", "Reliability Engineering", "Leah Ferrante", "2024-02-27", "27 Feb 2024", "Published"),
    ("PG-1402", "New engineer setup", "Onboarding", "Leah Ferrante", "2024-02-26", "26 Feb 2024", "Published"),
    ("PG-2719", "Release notes 2024.02", "Release Notes", "Maya Oduya", "2024-02-23", "23 Feb 2024", "Published"),
    ("PG-3090", "Incident review: failed certificate rotation", "Incident Reviews", "Dev Anand", "2024-02-20", "20 Feb 2024", "Published"),
    ("PG-1220", "Service ownership map", "Architecture", "Leah Ferrante", "2024-02-16", "16 Feb 2024", "Review overdue"),
    ("PG-2230", "Database schema changes", "Deployment", "Dev Anand", "2024-02-14", "14 Feb 2024", "Published"),
    ("PG-1410", "Access requests and VPN", "Onboarding", "Leah Ferrante", "2024-02-09", "09 Feb 2024", "Published"),
    ("PG-3005", "Release branch cut checklist", "Release Engineering", "Tomás Brandt", "2024-02-07", "07 Feb 2024", "Published"),
    ("PG-2718", "Release notes 2024.01", "Release Notes", "Maya Oduya", "2024-01-26", "26 Jan 2024", "Published"),
    ("PG-3160", "Capacity planning 2024", "Reliability Engineering", "Dev Anand", "2024-01-19", "19 Jan 2024", "Draft"),
    ("PG-1995", "API gateway design", "Architecture", "Maya Oduya", "2024-01-12", "12 Jan 2024", "Published"),
    ("PG-3012", "Old staging runbook (Jenkins)", "Release Engineering › Old runbooks", "Dev Anand", "2023-11-30", "30 Nov 2023", "Published"),
    ("PG-1450", "Old CI runbook", "Archive", "Dev Anand", "2023-08-02", "02 Aug 2023", "Archived"),
    ("PG-2270", "Deploying to Staging (legacy)", "Archive", "Dev Anand", "2022-06-03", "03 Jun 2022", "Archived"),
    ("PG-0988", "Jenkins migration plan (cancelled)", "Archive", "Leah Ferrante", "2022-04-11", "11 Apr 2022", "Archived"),
    ("PG-1190", "Coding standards", "Onboarding", "Maya Oduya", "2024-03-10", "10 Mar 2024", "Published"),
    ("PG-3170", "SLO definitions", "Reliability Engineering", "Leah Ferrante", "2024-03-09", "09 Mar 2024", "Published"),
]

OWNER_SUGGESTIONS = [("Tomás Brandt", "Release Engineering"), ("Thomas Brandt", "Support"),
                     ("Tomasz Brandl", "Data Platform")]


def content_for(pid, rev):
    """Article body of a page at a revision: list of (kind, text)."""
    if pid == "PG-2270":
        return [("p", "This page describes the 2021 Jenkins-based staging deploy. It is kept for reference only."),
                ("h2", "Steps"),
                ("li", "Open the staging-deploy job in Jenkins."),
                ("li", "Enter the build number and press Build."),
                ("li", "If the job failed, re-run it once before asking in #deploys."),
                ("p", "Superseded by PG-2207 in June 2022.")]
    if rev in (16,):
        return [("p", "staging is dead. just push straight to prod lol"),
                ("p", "nothing to see here")]
    if rev == 15:
        return [("h2", "Before you deploy"),
                ("p", "DO NOT USE STAGING. Ask rklein for prod access instead."),
                ("li", "Merge to main and wait for the green build.")]
    body = [("h2", "Before you deploy"),
            ("li", "Merge to main and wait for the green build."),
            ("li", "Announce the build number in #deploys."),
            ("li", "Check the staging status board: no deploy may start while a freeze is active."),
            ("h2", "Deploy"),
            ("code", "pw deploy staging --build <number>"),
            ("h2", "Smoke tests"),
            ("li", "Log in as the staging test user and open the dashboard."),
            ("li", "Run pw smoke staging; all 14 checks must pass.")]
    if rev >= 14:
        body += [("h2", "Rollback"),
                 ("p", "If any smoke test failed, run pw rollback staging within 15 minutes and post the failed check in #deploys."),
                 ("p", "Cancelled or overdue deploys are closed by the release captain at 18:00.")]
    return body


# ---------------------------------------------------------------------------
# Accessibility-tree page builder
# ---------------------------------------------------------------------------

class Ctx:
    """Per-run environment: rng for bids, clock and live counters."""

    def __init__(self, seed, notif=3, online=7, maintenance=False, whatsnew=False, minute=2):
        self.rng = random.Random(seed)
        self.notif = notif
        self.online = online
        self.maintenance = maintenance
        self.whatsnew = whatsnew
        self.minute = minute
        self.doc_url = None
        self.doc_bids = {}
        self.doc_next = 0

    def tick(self):
        self.minute += self.rng.choice([0, 1, 1, 1, 2])
        if self.rng.random() < 0.25:
            self.online += self.rng.choice([-1, 1])

    def stamp(self):
        return "15 Mar 2024, 09:%02d" % self.minute


class Page:
    def __init__(self, ctx, url, title, error=None):
        self.ctx = ctx
        self.url = url
        self.title = title
        self.error = error
        self.lines = ["RootWebArea %r, focused" % title]
        self.nodes = {}
        self.bids = []
        self.seen = {}
        # Same document (a menu, dialog or toast on the page already loaded): bids persist.
        if ctx.doc_url != url:
            ctx.doc_url = url
            ctx.doc_bids = {}
            ctx.doc_next = ctx.rng.randint(10, 60)

    def add(self, depth, role, name="", key=None, props="", value=None, nobid=False):
        bid = None
        if not nobid:
            sig = (role, name)
            self.seen[sig] = self.seen.get(sig, 0) + 1
            sig = (role, name, self.seen[sig])
            c = self.ctx
            if sig in c.doc_bids:
                bid = c.doc_bids[sig]
            else:
                bid = str(c.doc_next)
                c.doc_bids[sig] = bid
                c.doc_next += 1
                if c.rng.random() < 0.3:
                    c.doc_next += c.rng.randint(1, 4)
            self.bids.append(bid)
        s = "\t" * depth
        if bid:
            s += "[%s] " % bid
        s += "%s %r" % (role, name)
        if value is not None:
            s += " value=%r" % value
        if props:
            s += ", " + props
        self.lines.append(s)
        if key:
            assert key not in self.nodes, key
            self.nodes[key] = (bid, role, name)
        return bid

    def text(self, depth, t):
        self.add(depth, "StaticText", t, nobid=True)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


def page_url(pg, suffix=""):
    return "%s/spaces/eng/pages/%s/%s%s" % (BASE, pg["id"], pg["slug"], suffix)


def chrome(p, search_value=""):
    c = p.ctx
    p.add(1, "banner", "")
    p.add(2, "link", "Pagewright home", key="home")
    p.add(2, "navigation", "Spaces")
    for s in SPACES:
        p.add(3, "link", s, key="nav-" + s)
    p.add(2, "search", "")
    p.add(3, "combobox", "Search pages", key="search", value=search_value,
          props="clickable, autocomplete='list', hasPopup='listbox', expanded=False")
    p.add(3, "button", "Search", key="search-btn")
    p.add(2, "button", "Notifications (%d)" % c.notif, key="notif", props="hasPopup='menu', expanded=False")
    p.add(2, "button", "Create page")
    p.add(2, "button", "Account menu: %s" % USER, props="hasPopup='menu', expanded=False")
    if c.maintenance:
        p.add(1, "region", "Announcement")
        p.text(2, "Scheduled maintenance: Pagewright will be read-only on Saturday 16 Mar, 02:00–03:00 UTC.")
        p.add(2, "button", "Dismiss announcement")


def footer(p):
    c = p.ctx
    p.add(1, "contentinfo", "")
    p.text(2, "Pagewright 3.8.2 · %d editors online" % c.online)
    p.text(2, "Last backup 15 Mar 2024, 06:00 UTC · completed")
    for l in ["Help centre", "Keyboard shortcuts", "Status page", "Privacy"]:
        p.add(2, "link", l)


def sidebar(p, pg=None):
    p.add(1, "navigation", "Engineering space")
    p.add(2, "link", "Engineering overview")
    p.add(2, "link", "All Engineering pages", key="all-pages")
    p.add(2, "tree", "Page tree")
    tops = [s for s in SECTIONS if "›" not in s]
    for s in tops:
        here = pg is not None and (pg["section"] == s or pg["section"].startswith(s + " ›"))
        p.add(3, "treeitem", s, props="expanded=%s" % ("True" if here else "False"))
        if here:
            kids = [r for r in ENG_PAGES if r[2] == s and r[0] != pg["id"]][:3]
            for r in kids:
                p.add(4, "link", r[1])
            p.add(4, "link", pg["title"], props="current='page'")


def breadcrumb(p, depth, pg, tail=None):
    p.add(depth, "navigation", "Breadcrumb")
    p.add(depth + 1, "link", "Engineering")
    for part in pg["section"].split(" › "):
        p.add(depth + 1, "link", part)
    if tail:
        p.add(depth + 1, "link", pg["title"], key="crumb-page")
        p.text(depth + 1, tail)
    else:
        p.text(depth + 1, pg["title"])


def toast(p, depth, msg):
    if msg:
        p.add(depth, "status", "", props="live='polite'")
        p.text(depth + 1, msg)
        p.add(depth + 1, "button", "Dismiss notification")


def rev_of(pg, n):
    for r in pg["revs"]:
        if r[0] == n:
            return r
    raise KeyError(n)


def render_article(p, depth, pid, rev):
    p.add(depth, "article", "")
    for kind, t in content_for(pid, rev):
        if kind == "h2":
            p.add(depth + 1, "heading", t, props="level=2")
        elif kind == "li":
            p.add(depth + 1, "listitem", "")
            p.text(depth + 2, t)
        elif kind == "code":
            p.add(depth + 1, "code", "")
            p.text(depth + 2, t)
        else:
            p.add(depth + 1, "paragraph", "")
            p.text(depth + 2, t)


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------

def home_view(ctx, search_value="", suggest=False):
    p = Page(ctx, BASE + "/home", "Home · Pagewright")
    chrome(p, search_value)
    if suggest:
        p.add(2, "listbox", "Search suggestions")
        for t in ["Deploying to Staging", "Deploying to Staging (legacy)", "Deploy to Staging checklist"]:
            p.add(3, "option", t, key="sugg-" + t)
    p.add(1, "main", "")
    p.add(2, "heading", "Good morning, Priya", props="level=1")
    p.add(2, "region", "Recently viewed")
    for t in ["Deploy to Staging checklist", "On-call handbook", "Release train calendar"]:
        p.add(3, "link", t)
    p.add(2, "region", "Your reviews")
    p.text(3, "2 overdue · 1 due this week")
    p.add(3, "list", "")
    for t in ["On-call handbook — review overdue by 6 days", "Service ownership map — review overdue by 2 days",
              "Feature flag conventions — due 18 Mar"]:
        p.add(4, "listitem", "")
        p.text(5, t)
    p.add(2, "region", "Activity in your spaces")
    p.add(3, "list", "")
    feed = [("rklein edited", "Deploying to Staging", "14 Mar, 22:07", "feed-2207"),
            ("rklein edited", "Deploying to Staging", "14 Mar, 22:03", None),
            ("Maya Oduya commented on", "Incident review: failed staging deploy 2024-01-30", "14 Mar, 17:12", None),
            ("pw-bot: nightly link check failed on 3 pages in", "Release Notes", "14 Mar, 03:00", None),
            ("Tomás Brandt updated", "Deploy to Staging checklist", "11 Mar, 10:48", None)]
    for who, what, when, key in feed:
        p.add(4, "listitem", "")
        p.text(5, who)
        p.add(5, "link", what, key=key)
        p.text(5, when)
    if ctx.whatsnew:
        p.add(1, "dialog", "What's new in Pagewright 3.8", props="modal=False")
        p.text(2, "Compare any two revisions side by side, and restore from the compare view.")
        p.add(2, "button", "Got it", key="whatsnew-ok")
    footer(p)
    return p


def search_view(ctx, q, include_archived=True):
    p = Page(ctx, BASE + "/search?q=" + q.replace(" ", "+"), "Search: %s · Pagewright" % q)
    chrome(p, q)
    p.add(1, "main", "")
    p.add(2, "heading", "Search results", props="level=1")
    if q.upper().startswith("PG-"):
        results = [("PG-2207", "Exact ID match")]
        mentions = [("PG-2208", "…blue/green steps moved here from PG-2207…"),
                    ("PG-3120", "…the runbook at PG-2207 skipped the smoke tests…")]
    else:
        results = [("PG-2207", "…Merge to main and wait for the green build…"),
                   ("PG-2270", "…the 2021 Jenkins-based staging deploy…"),
                   ("PG-2702", "…tick each item before you deploy to staging…"),
                   ("PG-2208", "…Deploying to Production follows the staging deploy…"),
                   ("PG-1987", "…staging clusters stg-eu-1 and stg-us-2…"),
                   ("PG-3120", "…the failed staging deploy on 30 Jan…")]
        mentions = []
        if not include_archived:
            results = [r for r in results if r[0] != "PG-2270"]
    n = len(results) + len(mentions)
    p.text(2, "%d results for %s" % (n, q))
    p.add(2, "group", "Filters")
    p.add(3, "combobox", "Space", value="All spaces", props="hasPopup='listbox', expanded=False")
    p.add(3, "checkbox", "Include archived pages", key="incl-archived",
          props="checked=%s" % ("True" if include_archived else "False"))
    p.add(3, "combobox", "Sort results", value="Relevance", props="hasPopup='listbox', expanded=False")
    p.add(2, "list", "Results")
    rows = {r[0]: r for r in ENG_PAGES}
    for pid, snip in results + mentions:
        r = rows[pid]
        p.add(3, "listitem", "")
        p.add(4, "link", r[1], key="res-" + pid)
        meta = "%s · Engineering › %s · Updated %s" % (pid, r[2], r[5])
        if r[6] in ("Archived", "Draft"):
            meta += " · " + r[6]
        p.text(4, meta)
        p.text(4, snip)
    footer(p)
    return p


def list_view(ctx, sort="updated", direction="desc", pageno=1, status_filter=None, remembered=False):
    rows = list(ENG_PAGES)
    if status_filter:
        rows = [r for r in rows if r[6] == status_filter]
    keyidx = {"updated": 4, "title": 1, "id": 0}[sort]
    rows.sort(key=lambda r: r[keyidx].lower(), reverse=(direction == "desc"))
    total = len(rows)
    per = 20
    chunk = rows[(pageno - 1) * per: pageno * per]
    q = "?sort=%s&dir=%s&page=%d" % (sort, direction, pageno)
    if status_filter:
        q += "&status=" + status_filter.lower()
    p = Page(ctx, BASE + "/spaces/eng/pages" + q, "Pages · Engineering · Pagewright")
    chrome(p)
    sidebar(p)
    p.add(1, "main", "")
    p.add(2, "navigation", "Breadcrumb")
    p.add(3, "link", "Engineering")
    p.text(3, "All pages")
    p.add(2, "heading", "Engineering pages", props="level=1")
    p.text(2, "%d pages" % total)
    p.add(2, "group", "Filters")
    p.add(3, "textbox", "Filter by title", value="", props="clickable")
    p.add(3, "combobox", "Status", value=status_filter or "Any status", props="hasPopup='listbox', expanded=False")
    p.add(3, "combobox", "Section", value="All sections", props="hasPopup='listbox', expanded=False")
    if status_filter:
        p.add(3, "button", "Remove filter: Status is %s" % status_filter, key="rm-filter")
        if remembered:
            p.text(3, "Filters are kept from your last visit.")
    p.add(2, "table", "Engineering pages")
    p.add(3, "row", "")
    heads = [("Title", "title"), ("ID", "id"), ("Section", None), ("Owner", None), ("Updated", "updated"), ("Status", None)]
    for h, k in heads:
        props = ""
        if k == sort:
            props = "sort='%s'" % ("ascending" if direction == "asc" else "descending")
        p.add(4, "columnheader", h, props=props)
        if k:
            p.add(5, "button", "Sort by %s" % h.lower(), key="sort-" + k)
    for r in chunk:
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "link", r[1], key="row-" + r[0])
        p.add(4, "cell", r[0])
        p.add(4, "cell", r[2])
        p.add(4, "cell", r[3])
        p.add(4, "cell", r[5])
        p.add(4, "cell", r[6])
    lo = (pageno - 1) * per + 1 if total else 0
    hi = min(pageno * per, total)
    p.text(2, "Showing %d–%d of %d" % (lo, hi, total))
    pages = max(1, (total + per - 1) // per)
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", key="prev", props="disabled=True" if pageno == 1 else "")
    for i in range(1, pages + 1):
        p.add(3, "button", "Page %d" % i, key="page-%d" % i, props="pressed=True" if i == pageno else "")
    p.add(3, "button", "Next page", key="next", props="disabled=True" if pageno == pages else "")
    footer(p)
    return p


def page_view(ctx, pg, toast_msg=None, menu=False, dialog=None, old_rev=None):
    """The page itself.  dialog: None | ('move', filter, selected) | ('owner', typed, chosen, suggest)
    | ('restore', rev).  old_rev: show a past revision read-only."""
    if old_rev:
        url = page_url(pg, "?rev=%d" % old_rev)
        title = "r%d · %s · Pagewright" % (old_rev, pg["title"])
    else:
        url = page_url(pg)
        title = "%s · Engineering · Pagewright" % pg["title"]
    p = Page(ctx, url, title)
    chrome(p)
    sidebar(p, pg)
    p.add(1, "main", "")
    breadcrumb(p, 2, pg)
    toast(p, 2, toast_msg)
    if pg["status"] == "Archived":
        p.add(2, "note", "")
        p.text(3, "This page is archived. It is hidden from the page tree and kept for reference.")
    if old_rev:
        r = rev_of(pg, old_rev)
        p.add(2, "note", "")
        p.text(3, "You are viewing r%d from %s by %s. This is not the current version." % (r[0], r[1], r[2]))
        p.add(3, "link", "View current version", key="view-current")
        p.add(3, "button", "Restore this revision", key="restore-this")
    p.add(2, "heading", pg["title"], props="level=1")
    cur = rev_of(pg, pg["current"])
    p.text(2, "%s · Owner: %s · r%d · Last edited %s by %s" % (pg["id"], pg["owner"], cur[0], cur[1], cur[2]))
    p.add(2, "toolbar", "Page actions")
    p.add(3, "button", "Edit", key="edit")
    p.add(3, "link", "History", key="history")
    p.add(3, "button", "Watch (%d)" % pg["watchers"])
    p.add(3, "button", "Share")
    p.add(3, "button", "More actions", key="more", props="hasPopup='menu', expanded=%s" % ("True" if menu else "False"))
    if menu:
        p.add(4, "menu", "More actions")
        for m in ["Move", "Copy", "Page settings", "Export as PDF", "Archive", "Delete"]:
            p.add(5, "menuitem", m, key="mi-" + m)
    render_article(p, 2, pg["id"], old_rev or pg["content"])
    p.add(2, "complementary", "Page info")
    p.text(3, "Parent section")
    p.add(3, "link", pg["section"])
    p.text(3, "Owner")
    p.text(3, pg["owner"])
    p.add(3, "button", "Change owner", key="change-owner")
    p.text(3, "Restrictions")
    if pg.get("restricted"):
        p.text(3, "Only the owner can edit")
    else:
        p.text(3, "None · Engineering editors can edit")
    p.text(3, "Labels")
    for l in pg["labels"]:
        p.add(3, "link", l)
    p.add(3, "region", "Comments (3)")
    p.text(4, "Leah Ferrante: staging deploys failed twice on Tuesday, see PG-3120.")
    p.text(4, "Dev Anand: I am moving to the Data Platform team; someone else should own this.")
    p.text(4, "pw-bot: review overdue since 02 Mar 2024.")
    if dialog:
        kind = dialog[0]
        if kind == "move":
            move_dialog(p, pg, dialog[1], dialog[2])
        elif kind == "owner":
            owner_dialog(p, pg, dialog[1], dialog[2], dialog[3])
        elif kind == "restore":
            restore_dialog(p, pg, dialog[1])
    footer(p)
    return p


def move_dialog(p, pg, filt, selected):
    p.add(1, "dialog", "Move page", key="move-dialog", props="modal=True")
    p.text(2, "%s (%s)" % (pg["title"], pg["id"]))
    p.text(2, "Current location: Engineering › %s" % pg["section"])
    p.add(2, "textbox", "Filter sections", key="move-filter", value=filt, props="clickable")
    p.add(2, "listbox", "Sections")
    opts = [s for s in ["Engineering (top level)"] + SECTIONS if filt.lower() in s.lower()]
    for s in opts:
        p.add(3, "option", s, key="opt-" + s, props="selected=%s" % ("True" if s == selected else "False"))
    p.add(2, "checkbox", "Leave a redirect at the old address", props="checked=True")
    if selected:
        p.text(2, "Permissions will be inherited from %s: its editors can edit this page." % selected)
    p.add(2, "button", "Cancel", key="move-cancel")
    p.add(2, "button", "Move page", key="move-ok", props="" if selected else "disabled=True")


def owner_dialog(p, pg, typed, chosen, suggest):
    p.add(1, "dialog", "Change owner", key="owner-dialog", props="modal=True")
    p.text(2, "Current owner: %s" % pg["owner"])
    p.add(2, "combobox", "New owner", key="owner-input", value=chosen or typed,
          props="autocomplete='list', hasPopup='listbox', expanded=%s" % ("True" if suggest else "False"))
    if suggest:
        p.add(2, "listbox", "Owner suggestions")
        for n, team in OWNER_SUGGESTIONS:
            p.add(3, "option", "%s — %s" % (n, team), key="own-" + n)
    p.add(2, "button", "Cancel", key="owner-cancel")
    p.add(2, "button", "Change owner", key="owner-ok", props="" if chosen else "disabled=True")


def restore_dialog(p, pg, rev):
    r = rev_of(pg, rev)
    p.add(1, "dialog", "Restore revision r%d?" % rev, key="restore-dialog", props="modal=True")
    p.text(2, "This publishes the content of r%d (%s, %s) as a new revision. Later revisions stay in the history."
           % (rev, r[1], r[2]))
    p.text(2, "Watchers (%d) will be notified." % pg["watchers"])
    p.add(2, "textbox", "Edit summary", value="Restored from r%d" % rev, props="clickable")
    p.add(2, "button", "Cancel", key="restore-cancel")
    p.add(2, "button", "Restore revision", key="restore-ok")


def history_view(ctx, pg, sort="desc", pageno=1, author=None, hide_bots=False, dialog_rev=None, toast_msg=None):
    revs = list(pg["revs"])
    if author:
        revs = [r for r in revs if r[2] == author]
    if hide_bots:
        revs = [r for r in revs if r[2] != "pw-bot"]
    revs.sort(key=lambda r: r[0], reverse=(sort == "desc"))
    per = 10
    total = len(revs)
    chunk = revs[(pageno - 1) * per: pageno * per]
    q = "?sort=%s&page=%d" % (sort, pageno)
    if author:
        q += "&author=" + author.lower().replace(" ", "-").replace("á", "a")
    p = Page(ctx, page_url(pg, "/history" + q), "History · %s · Pagewright" % pg["title"])
    chrome(p)
    sidebar(p, pg)
    p.add(1, "main", "")
    breadcrumb(p, 2, pg, tail="History")
    toast(p, 2, toast_msg)
    p.add(2, "heading", "Revision history", props="level=1")
    p.text(2, "%s (%s) · %d revisions" % (pg["title"], pg["id"], len(pg["revs"])))
    p.add(2, "group", "Filters")
    authors = sorted(set(r[2] for r in pg["revs"]))
    p.add(3, "combobox", "Author", key="author", value=author or "All authors",
          props="hasPopup='listbox', expanded=False")
    p.text(3, "Options: All authors, " + ", ".join(authors))
    p.add(3, "checkbox", "Hide bot edits", key="hide-bots", props="checked=%s" % ("True" if hide_bots else "False"))
    p.add(3, "button", "Compare selected", props="disabled=True")
    p.add(2, "table", "Revisions")
    p.add(3, "row", "")
    p.add(4, "columnheader", "Select")
    p.add(4, "columnheader", "Revision", props="sort='%s'" % ("descending" if sort == "desc" else "ascending"))
    p.add(5, "button", "Sort by revision", key="sort-rev")
    p.add(4, "columnheader", "Edited")
    p.add(5, "button", "Sort by date", key="sort-date")
    p.add(4, "columnheader", "Author")
    p.add(4, "columnheader", "Summary")
    p.add(4, "columnheader", "Change")
    p.add(4, "columnheader", "Actions")
    for r in chunk:
        n = r[0]
        p.add(3, "row", "")
        p.add(4, "cell", "")
        p.add(5, "checkbox", "Select r%d" % n, props="checked=False")
        p.add(4, "cell", "r%d" % n)
        p.add(4, "cell", r[1])
        p.add(4, "cell", r[2])
        p.add(4, "cell", r[3])
        p.add(4, "cell", r[4])
        p.add(4, "cell", "")
        p.add(5, "link", "View r%d" % n, key="view-%d" % n)
        if n == pg["current"]:
            p.text(5, "Current")
        else:
            p.add(5, "link", "Compare r%d with current" % n, key="cmp-%d" % n)
            p.add(5, "button", "Restore r%d" % n, key="restore-%d" % n)
    lo = (pageno - 1) * per + 1 if total else 0
    p.text(2, "Showing %d–%d of %d" % (lo, min(pageno * per, total), total))
    pages = max(1, (total + per - 1) // per)
    p.add(2, "navigation", "Pagination")
    p.add(3, "button", "Previous page", key="prev", props="disabled=True" if pageno == 1 else "")
    for i in range(1, pages + 1):
        p.add(3, "button", "Page %d" % i, key="page-%d" % i, props="pressed=True" if i == pageno else "")
    p.add(3, "button", "Next page", key="next", props="disabled=True" if pageno == pages else "")
    if dialog_rev:
        restore_dialog(p, pg, dialog_rev)
    footer(p)
    return p


def diff_view(ctx, pg, frm, dialog=False):
    to = pg["current"]
    rf, rt = rev_of(pg, frm), rev_of(pg, to)
    p = Page(ctx, page_url(pg, "/compare?from=%d&to=%d" % (frm, to)),
             "Compare r%d … r%d · %s · Pagewright" % (frm, to, pg["title"]))
    chrome(p)
    sidebar(p, pg)
    p.add(1, "main", "")
    breadcrumb(p, 2, pg, tail="Compare revisions")
    p.add(2, "heading", "Compare revisions", props="level=1")
    p.add(2, "combobox", "From", value="r%d · %s · %s" % (frm, rf[1], rf[2]), props="hasPopup='listbox', expanded=False")
    p.add(2, "combobox", "To", value="r%d · %s · %s (current)" % (to, rt[1], rt[2]), props="hasPopup='listbox', expanded=False")
    p.add(2, "radiogroup", "Layout")
    p.add(3, "radio", "Inline", props="checked=True")
    p.add(3, "radio", "Side by side", props="checked=False")
    old = content_for(pg["id"], frm)
    new = content_for(pg["id"], pg["content"])
    removed = [t for _, t in old if (_, t) not in new]
    added = [t for _, t in new if (_, t) not in old]
    p.text(2, "%d blocks removed, %d blocks added" % (len(removed), len(added)))
    p.add(2, "region", "Differences")
    for t in removed:
        p.add(3, "deletion", "")
        p.text(4, t)
    for t in added:
        p.add(3, "insertion", "")
        p.text(4, t)
    p.add(2, "button", "Restore r%d" % frm, key="diff-restore")
    p.add(2, "link", "Back to history", key="back-history")
    if dialog:
        restore_dialog(p, pg, frm)
    footer(p)
    return p


def settings_view(ctx, pg, owner_value=None, suggest=False, restrict=None, dirty=False,
                  dialog=None, toast_msg=None):
    p = Page(ctx, page_url(pg, "/settings"), "Page settings · %s · Pagewright" % pg["title"])
    chrome(p)
    sidebar(p, pg)
    p.add(1, "main", "")
    breadcrumb(p, 2, pg, tail="Settings")
    toast(p, 2, toast_msg)
    p.add(2, "heading", "Page settings", props="level=1")
    p.add(2, "tablist", "")
    p.add(3, "tab", "General", props="selected=True")
    p.add(3, "tab", "Permissions", props="selected=False")
    p.add(3, "tab", "Labels", props="selected=False")
    p.add(2, "textbox", "Title", value=pg["title"], props="clickable")
    p.add(2, "combobox", "Owner", key="owner", value=owner_value if owner_value is not None else pg["owner"],
          props="autocomplete='list', hasPopup='listbox', expanded=%s" % ("True" if suggest else "False"))
    if suggest:
        p.add(2, "listbox", "Owner suggestions")
        for n, team in OWNER_SUGGESTIONS:
            p.add(3, "option", "%s — %s" % (n, team), key="own-" + n)
    p.text(2, "The owner gets review reminders and is named at the top of the page.")
    p.add(2, "combobox", "Review cycle", value="Every 90 days", props="hasPopup='listbox', expanded=False")
    p.text(2, "Next review: overdue since 02 Mar 2024")
    r = pg.get("restricted") if restrict is None else restrict
    p.add(2, "checkbox", "Restrict editing to the owner", key="restrict", props="checked=%s" % ("True" if r else "False"))
    p.add(2, "checkbox", "Allow comments", props="checked=True")
    if dirty:
        p.text(2, "Unsaved changes")
    p.add(2, "button", "Cancel", key="settings-cancel")
    p.add(2, "button", "Save changes", key="save")
    if dialog:
        old, new = dialog
        p.add(1, "dialog", "Transfer ownership?", key="transfer-dialog", props="modal=True")
        p.text(2, "%s will stop receiving review reminders for this page. %s will be notified and becomes responsible for reviews."
               % (old, new))
        p.add(2, "button", "Cancel", key="transfer-cancel")
        p.add(2, "button", "Transfer ownership", key="transfer-ok")
    footer(p)
    return p


def signin_view(ctx):
    p = Page(ctx, BASE + "/signin?next=%2Fspaces%2Feng%2Fpages%2FPG-2207%2Fsettings", "Sign in · Pagewright")
    p.add(1, "main", "")
    p.add(2, "heading", "Sign in to Pagewright", props="level=1")
    p.add(2, "alert", "")
    p.text(3, "Your session has ended. Sign in again to continue; unsaved changes were not kept.")
    p.add(2, "textbox", "Work email", value="", props="clickable")
    p.add(2, "textbox", "Password", value="", props="clickable")
    p.add(2, "checkbox", "Keep me signed in", props="checked=False")
    p.add(2, "button", "Sign in")
    p.add(2, "link", "Use single sign-on")
    p.add(2, "link", "Forgot password?")
    p.add(1, "contentinfo", "")
    p.text(2, "Pagewright 3.8.2")
    return p


def forbidden_view(ctx, pg):
    p = Page(ctx, page_url(pg, "/history/restore"), "Access denied · Pagewright")
    chrome(p)
    p.add(1, "main", "")
    p.add(2, "heading", "403 · You can't do that here", props="level=1")
    p.text(2, "Restoring revisions in the Engineering space needs the Space editor role. Your role: Contributor.")
    p.text(2, "Ask a space admin (Leah Ferrante) to change your role, then try again.")
    p.add(2, "link", "Back to %s" % pg["title"], key="back-page")
    p.add(2, "link", "Request access")
    footer(p)
    return p


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, rid, ctx, start, fault=None, first=None, note=""):
        self.id = rid
        self.ctx = ctx
        self.start = start
        self.cur = start
        self.fault = fault
        self.first = first
        self.note = note
        self.steps = []
        self.success = fault is None

    def _act(self, commitment, command, reasoning, target, effect, nxt):
        self.steps.append({
            "commitment": commitment,
            "action": {"command": command, "reasoning": reasoning, "target": target, "effect": effect},
            "observation": nxt.obs(),
        })
        self.cur = nxt

    def _node(self, key):
        bid, role, name = self.cur.nodes[key]
        return bid, "%s %r" % (role, name)

    def click(self, key, commitment, reasoning, effect, nxt_fn):
        bid, target = self._node(key)
        self.ctx.tick()
        self._act(commitment, "click('%s')" % bid, reasoning, target, effect, nxt_fn())

    def fill(self, key, text, commitment, reasoning, nxt_fn, effect="read"):
        bid, target = self._node(key)
        self.ctx.tick()
        self._act(commitment, "fill('%s', %r)" % (bid, text), reasoning, target, effect, nxt_fn())

    def press(self, key, combo, commitment, reasoning, nxt_fn, effect="read"):
        bid, target = self._node(key)
        self.ctx.tick()
        self._act(commitment, "press('%s', %r)" % (bid, combo), reasoning, target, effect, nxt_fn())

    def scroll(self, commitment, reasoning, nxt_fn):
        self.ctx.tick()
        self._act(commitment, "scroll(0, 600)", reasoning, "page", "read", nxt_fn())

    def report(self, msg, nxt_fn=None):
        self.ctx.tick()
        page = nxt_fn() if nxt_fn else self.cur
        self._act("report", "send_msg_to_user(%r)" % msg, "Tell the user the task is finished",
                  "chat", "read", page)

    def record(self):
        return {
            "id": self.id,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_REL,
            "label": {"fault": self.fault, "first_off_track_step": self.first, "note": self.note},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": self.success},
        }


class World:
    def __init__(self):
        self.pages = copy.deepcopy(PAGES)
        for pg in self.pages.values():
            pg["revs"] = list(pg["revs"])

    def restore(self, ctx, pid, rev):
        pg = self.pages[pid]
        new = pg["current"] + 1
        pg["revs"].insert(0, (new, ctx.stamp(), USER, "Restored from r%d" % rev, "+311 −2"))
        pg["current"] = new
        pg["content"] = rev
        return new


# --- reusable segments -------------------------------------------------------

def seg_search_open(r, w, query="Deploying to Staging", pid="PG-2207", use_enter=True):
    ctx = r.ctx
    pg = w.pages[pid]
    r.fill("search", query, "open-page", "Search the wiki for the vandalised page",
           lambda: home_view(ctx, query, suggest=not query.startswith("PG")))
    if use_enter:
        r.press("search", "Enter", "open-page", "Run the search", lambda: search_view(ctx, query))
    else:
        r.click("search-btn", "open-page", "Run the search", "read", lambda: search_view(ctx, query))
    r.click("res-" + pid, "open-page", "Open %s, the page named in the task" % pg["id"], "read",
            lambda: page_view(ctx, pg))


def seg_history(r, w, pid="PG-2207", **kw):
    ctx = r.ctx
    pg = w.pages[pid]
    r.click("history", "open-history", "Open the revision history to find r14", "read",
            lambda: history_view(ctx, pg, **kw))


def seg_restore_from_history(r, w, rev=14, pid="PG-2207", hist_kw=None, confirm=True):
    ctx = r.ctx
    pg = w.pages[pid]
    hist_kw = hist_kw or {}
    r.click("restore-%d" % rev, "restore-r14", "Restore r%d, Maya Oduya's edit from before the vandalism" % rev,
            "read", lambda: history_view(ctx, pg, dialog_rev=rev, **hist_kw))
    if confirm:
        def after():
            new = w.restore(ctx, pid, rev)
            return page_view(ctx, pg, toast_msg="Restored r%d as new revision r%d." % (rev, new))
        r.click("restore-ok", "restore-r14", "Confirm the restore", "write", after)


def seg_move(r, w, section="Release Engineering", pid="PG-2207", filt=None, via_menu=True):
    ctx = r.ctx
    pg = w.pages[pid]
    if via_menu:
        r.click("more", "move-page", "Open the page actions menu to find Move", "read",
                lambda: page_view(ctx, pg, menu=True))
        r.click("mi-Move", "move-page", "Open the Move dialog", "read",
                lambda: page_view(ctx, pg, dialog=("move", "", None)))
    if filt:
        r.fill("move-filter", filt, "move-page", "Narrow the section list",
               lambda: page_view(ctx, pg, dialog=("move", filt, None)))
    f = filt or ""
    r.click("opt-" + section, "move-page", "Choose %s as the new parent section" % section, "read",
            lambda: page_view(ctx, pg, dialog=("move", f, section)))

    def after():
        pg["section"] = section
        return page_view(ctx, pg, toast_msg="Moved to Engineering › %s. A redirect was left at the old address." % section)
    r.click("move-ok", "move-page", "Move the page", "write", after)


def seg_owner_settings(r, w, who="Tomás Brandt", typed="Tomás", pid="PG-2207", open_settings=True, save=True):
    ctx = r.ctx
    pg = w.pages[pid]
    if open_settings:
        r.click("more", "set-owner", "Open the page actions menu to reach Page settings", "read",
                lambda: page_view(ctx, pg, menu=True))
        r.click("mi-Page settings", "set-owner", "Open Page settings to change the owner", "read",
                lambda: settings_view(ctx, pg))
    r.fill("owner", typed, "set-owner", "Type the new owner's name", lambda: settings_view(ctx, pg, owner_value=typed,
                                                                                          suggest=True, dirty=True))
    r.click("own-" + who, "set-owner", "Pick %s from the suggestions" % who, "read",
            lambda: settings_view(ctx, pg, owner_value=who, dirty=True))
    if save:
        old = pg["owner"]
        r.click("save", "set-owner", "Save the settings", "write",
                lambda: settings_view(ctx, pg, owner_value=who, dirty=True, dialog=(old, who)))

        def after():
            pg["owner"] = who
            return settings_view(ctx, pg, toast_msg="Settings saved. Owner is now %s." % who)
        r.click("transfer-ok", "set-owner", "Confirm the ownership transfer", "write", after)


DONE_MSG = ("Done: PG-2207 'Deploying to Staging' is restored to r14 (saved as a new revision), "
            "now sits under Engineering › Release Engineering, and Tomás Brandt is the owner.")


# --- healthy runs --------------------------------------------------------------

def healthy_runs():
    runs = []

    # H1: header search, history, restore, move, settings.
    ctx = Ctx(101, notif=3, online=7)
    w = World()
    r = Run("pagewright-healthy-01", ctx, home_view(ctx), note="Search, restore from history, move via menu, owner via settings.")
    seg_search_open(r, w)
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # H2: browse the Engineering page list, sort by title, open from the table.
    ctx = Ctx(102, notif=5, online=9)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-02", ctx, home_view(ctx), note="Browse the page list sorted by title instead of searching.")
    r.click("nav-Engineering", "open-page", "Go to the Engineering space page list", "read", lambda: list_view(ctx))
    r.click("sort-title", "open-page", "Sort by title to find the page alphabetically", "read",
            lambda: list_view(ctx, sort="title", direction="asc"))
    r.click("row-PG-2207", "open-page", "Open PG-2207 Deploying to Staging", "read", lambda: page_view(ctx, pg))
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # H3: search by ID, filter history by author (the task names Maya Oduya).
    ctx = Ctx(103, notif=3, online=6)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-03", ctx, home_view(ctx), note="Search by ID; filter history by the author the task names.")
    seg_search_open(r, w, query="PG-2207", use_enter=False)
    seg_history(r, w)
    r.fill("author", "Maya Oduya", "open-history", "Show only Maya Oduya's revisions, as the task names her edit",
           lambda: history_view(ctx, pg, author="Maya Oduya"))
    seg_restore_from_history(r, w, hist_kw={"author": "Maya Oduya"})
    seg_move(r, w, filt="Release")
    seg_owner_settings(r, w, typed="Tomás B")
    r.report(DONE_MSG)
    runs.append(r)

    # H4: compare r14 with current in the diff view, restore from there.
    ctx = Ctx(104, notif=4, online=8)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-04", ctx, home_view(ctx), note="Checks the diff view before restoring from it.")
    r.click("feed-2207", "open-page", "Open Deploying to Staging from the activity feed", "read",
            lambda: page_view(ctx, pg))
    seg_history(r, w)
    r.click("cmp-14", "restore-r14", "Compare r14 with the current revision to confirm it is the clean version",
            "read", lambda: diff_view(ctx, pg, 14))
    r.click("diff-restore", "restore-r14", "r14 has the full runbook; restore it", "read",
            lambda: diff_view(ctx, pg, 14, dialog=True))

    def after4():
        new = w.restore(ctx, "PG-2207", 14)
        return page_view(ctx, pg, toast_msg="Restored r14 as new revision r%d." % new)
    r.click("restore-ok", "restore-r14", "Confirm the restore", "write", after4)
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # H5: history sorted oldest first, paginate to page 2.
    ctx = Ctx(105, notif=2, online=5)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-05", ctx, home_view(ctx), note="Sorts history oldest-first and pages to r14.")
    seg_search_open(r, w)
    seg_history(r, w)
    r.click("sort-date", "open-history", "Sort by date so the list reads in order", "read",
            lambda: history_view(ctx, pg, sort="asc"))
    r.click("next", "open-history", "r14 is on the next page", "read",
            lambda: history_view(ctx, pg, sort="asc", pageno=2))
    seg_restore_from_history(r, w, hist_kw={"sort": "asc", "pageno": 2})
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # H6: opens Move too early and cancels; retypes the owner field.
    ctx = Ctx(106, notif=3, online=7)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-06", ctx, home_view(ctx), note="Cancels an early Move dialog, restores first; retypes the owner.")
    seg_search_open(r, w)
    r.click("more", "open-page", "Look at the page actions", "read", lambda: page_view(ctx, pg, menu=True))
    r.click("mi-Move", "open-page", "Check the Move dialog", "read", lambda: page_view(ctx, pg, dialog=("move", "", None)))
    r.click("move-cancel", "open-page", "The restore has to come first; close the dialog without moving", "read",
            lambda: page_view(ctx, pg))
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    r.click("more", "set-owner", "Open the page actions menu", "read", lambda: page_view(ctx, pg, menu=True))
    r.click("mi-Page settings", "set-owner", "Open Page settings", "read", lambda: settings_view(ctx, pg))
    r.fill("owner", "Tomas Brant", "set-owner", "Type the new owner",
           lambda: settings_view(ctx, pg, owner_value="Tomas Brant", suggest=True, dirty=True))
    seg_owner_settings(r, w, open_settings=False, typed="Tomás Brandt")
    r.report(DONE_MSG)
    runs.append(r)

    # H7: maintenance banner and What's-new popover; restores from the old-revision view.
    ctx = Ctx(107, notif=6, online=11, maintenance=True, whatsnew=True)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-07", ctx, home_view(ctx), note="Dismisses a popover; restores from the read-only r14 view with its banner.")
    ctx.whatsnew = False
    r.click("whatsnew-ok", "open-page", "Dismiss the What's new popover", "read", lambda: home_view(ctx))
    seg_search_open(r, w)
    seg_history(r, w)
    r.click("view-14", "restore-r14", "Open r14 to read it before restoring", "read",
            lambda: page_view(ctx, pg, old_rev=14))
    r.click("restore-this", "restore-r14", "r14 is the clean runbook; restore it", "read",
            lambda: page_view(ctx, pg, old_rev=14, dialog=("restore", 14)))

    def after7():
        new = w.restore(ctx, "PG-2207", 14)
        return page_view(ctx, pg, toast_msg="Restored r14 as new revision r%d." % new)
    r.click("restore-ok", "restore-r14", "Confirm the restore", "write", after7)
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # H8: search suggestion, owner via the Page info panel, filtered move dialog.
    ctx = Ctx(108, notif=3, online=8)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-healthy-08", ctx, home_view(ctx), note="Picks the search suggestion; changes owner from the Page info panel.")
    r.fill("search", "Deploying to Sta", "open-page", "Search for the page",
           lambda: home_view(ctx, "Deploying to Sta", suggest=True))
    r.click("sugg-Deploying to Staging", "open-page", "Pick the exact suggestion 'Deploying to Staging'", "read",
            lambda: page_view(ctx, pg))
    seg_history(r, w, hide_bots=False)
    r.click("hide-bots", "open-history", "Hide bot edits to make the list shorter", "read",
            lambda: history_view(ctx, pg, hide_bots=True))
    seg_restore_from_history(r, w, hist_kw={"hide_bots": True})
    seg_move(r, w, filt="Release Eng")
    r.click("change-owner", "set-owner", "Change the owner from the Page info panel", "read",
            lambda: page_view(ctx, pg, dialog=("owner", "", None, False)))
    r.fill("owner-input", "Tomás", "set-owner", "Type the new owner's name",
           lambda: page_view(ctx, pg, dialog=("owner", "Tomás", None, True)))
    r.click("own-Tomás Brandt", "set-owner", "Pick Tomás Brandt (Release Engineering)", "read",
            lambda: page_view(ctx, pg, dialog=("owner", "Tomás", "Tomás Brandt", False)))

    def after8():
        pg["owner"] = "Tomás Brandt"
        return page_view(ctx, pg, toast_msg="Owner changed to Tomás Brandt.")
    r.click("owner-ok", "set-owner", "Save the new owner", "write", after8)
    r.report(DONE_MSG)
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------
# Plan (written from the task text and the healthy pages only)
# ---------------------------------------------------------------------------

PLAN_YAML = """\
# Pagewright: restore a vandalised page, move it, change its owner.
# Written from the task text and the healthy runs' pages only.
task: "Someone vandalised our 'Deploying to Staging' page (PG-2207) in the Engineering space last night. Please restore it to revision r14 (Maya Oduya's edit from 12 Mar 2024, 09:41), then move the page under the Release Engineering section and make Tomás Brandt its owner."
plan_falsifiers:
  execution:
    - "Sign in to Pagewright"
    - "Your session has ended"
    - "Something went wrong"
  planning:
    - "You don't have permission"
    - "403"
commitments:
  - id: open-page
    subgoal: "Open page PG-2207 'Deploying to Staging' in the Engineering space"
    skill: open_record_by_title
    confidence: 0.8
    confirm:
      precondition: ["Pagewright"]
      progress: ["Search results", "Engineering pages"]
      completion: ["Deploying to Staging · Engineering · Pagewright", "PG-2207 · Owner: Dev Anand"]
    falsify:
      execution:
        - "PG-2270"
        - "Deploying to Staging (legacy)"
        - "Deploy to Staging checklist"
        - "Deploying to Production"
        - "This page is archived"
        - {text: "link 'Deploying to Staging (legacy)'", on: action}
        - {text: "link 'Deploy to Staging checklist'", on: action}
      skill: ["0 results for"]
      planning: ["Page not found"]
  - id: open-history
    subgoal: "Open the revision history and find r14 (Maya Oduya, 12 Mar 2024, 09:41)"
    confidence: 0.7
    confirm:
      precondition: ["History"]
      progress: ["History · Deploying to Staging · Pagewright"]
      completion: ["Revision history", "12 Mar 2024, 09:41", "Restore r14"]
    falsify:
      execution:
        - "Deploying to Staging (legacy) (PG-2270)"
        - "03 Jun 2022"
      planning: ["Showing 0–0 of 0"]
  - id: restore-r14
    subgoal: "Restore revision r14 and confirm the restore"
    confidence: 0.7
    confirm:
      precondition: ["Restore r14"]
      progress: ["Restore revision r14?"]
      completion: ["Restored r14 as new revision r17", "Rollback"]
    falsify:
      execution:
        - "Restore revision r13?"
        - "Restore revision r15?"
        - "Restored r13"
        - "Restored r15"
        - "No toast confirms the restore after clicking Restore revision"
        - "The page still shows r16 by rklein as the current revision"
        - "staging is dead"
        - {text: "Restore r13", on: action}
        - {text: "Restore r15", on: action}
        - {text: "Restore r12", on: action}
      planning: ["permission to restore"]
  - id: move-page
    subgoal: "Move the page under Engineering › Release Engineering"
    confidence: 0.7
    confirm:
      precondition: ["More actions"]
      progress: ["Move page", "Permissions will be inherited from Release Engineering"]
      completion: ["Moved to Engineering › Release Engineering."]
    falsify:
      execution:
        - "Moved to Engineering › Release Notes"
        - "Moved to Engineering › Reliability Engineering"
        - "Moved to Engineering › Release Engineering › Old runbooks"
        - "The breadcrumb still shows Deployment after Move page"
        - {text: "option 'Release Notes'", on: action}
        - {text: "option 'Reliability Engineering'", on: action}
        - {text: "option 'Release Engineering › Old runbooks'", on: action}
      planning: []
  - id: set-owner
    subgoal: "Make Tomás Brandt (Release Engineering) the page owner and save"
    confidence: 0.7
    confirm:
      precondition: ["Owner"]
      progress: ["Tomás Brandt — Release Engineering", "Transfer ownership?"]
      completion: ["Owner is now Tomás Brandt", "Owner changed to Tomás Brandt"]
    falsify:
      execution:
        - "Thomas Brandt"
        - "Tomasz Brandl"
        - "Owner is now Thomas Brandt"
        - {text: "Thomas Brandt — Support", on: action}
        - {text: "Tomasz Brandl — Data Platform", on: action}
      planning: []
  - id: report
    subgoal: "Tell the user the page is restored, moved and has a new owner"
    confidence: 0.6
    confirm:
      precondition: ["Tomás Brandt"]
      completion: []
    falsify:
      execution:
        - "Unsaved changes"
        - "No 'Owner is now Tomás Brandt' toast was shown before the report"
"""


def faulty_runs():
    runs = []

    def mark(r):
        """Index of the next step: the step about to be recorded."""
        return len(r.steps)

    # F1 wrong_record: opens the near-miss legacy page from the search results.
    ctx = Ctx(201, notif=3, online=7)
    w = World()
    lg = w.pages["PG-2270"]
    r = Run("pagewright-wrong_record-01", ctx, home_view(ctx), fault="wrong_record",
            note="Opens PG-2270 'Deploying to Staging (legacy)' instead of PG-2207 and restores its r14.")
    r.fill("search", "Deploying to Staging", "open-page", "Search the wiki for the vandalised page",
           lambda: home_view(ctx, "Deploying to Staging", suggest=True))
    r.press("search", "Enter", "open-page", "Run the search", lambda: search_view(ctx, "Deploying to Staging"))
    r.first = mark(r)
    r.click("res-PG-2270", "open-page", "Open the Deploying to Staging page", "read", lambda: page_view(ctx, lg))
    seg_history(r, w, pid="PG-2270")
    seg_restore_from_history(r, w, rev=14, pid="PG-2270")
    seg_move(r, w, pid="PG-2270")
    seg_owner_settings(r, w, pid="PG-2270")
    r.report(DONE_MSG)
    runs.append(r)

    # F2 stale_filter: the page list opens with a remembered 'Archived' filter (visible at start).
    ctx = Ctx(202, notif=4, online=8)
    w = World()
    lg = w.pages["PG-2270"]
    start = list_view(ctx, status_filter="Archived", remembered=True)
    r = Run("pagewright-stale_filter-01", ctx, start, fault="stale_filter", first=0,
            note="Start page list still filtered to Archived; the only matching title is the legacy page PG-2270.")
    r.click("row-PG-2270", "open-page", "Open Deploying to Staging from the page list", "read",
            lambda: page_view(ctx, lg))
    seg_history(r, w, pid="PG-2270")
    seg_restore_from_history(r, w, rev=14, pid="PG-2270")
    seg_move(r, w, pid="PG-2270")
    seg_owner_settings(r, w, pid="PG-2270")
    r.report(DONE_MSG)
    runs.append(r)

    # F3 wrong_value (revision): restores r13, Maya Oduya's earlier edit.
    ctx = Ctx(203, notif=3, online=6)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-wrong_revision-01", ctx, home_view(ctx), fault="wrong_value",
            note="Restores r13 (Maya Oduya, 11 Mar 16:20) instead of r14 (12 Mar 09:41).")
    seg_search_open(r, w)
    seg_history(r, w)
    r.first = mark(r)
    r.click("restore-13", "restore-r14", "Restore Maya Oduya's revision from before the vandalism", "read",
            lambda: history_view(ctx, pg, dialog_rev=13))

    def after3():
        new = w.restore(ctx, "PG-2207", 13)
        return page_view(ctx, pg, toast_msg="Restored r13 as new revision r%d." % new)
    r.click("restore-ok", "restore-r14", "Confirm the restore", "write", after3)
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # F4 wrong_value (section): picks the Release Engineering sub-section 'Old runbooks'.
    ctx = Ctx(204, notif=2, online=9)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-wrong_section-01", ctx, home_view(ctx), fault="wrong_value",
            note="Moves the page to 'Release Engineering › Old runbooks' instead of 'Release Engineering'.")
    seg_search_open(r, w)
    seg_history(r, w)
    seg_restore_from_history(r, w)
    r.click("more", "move-page", "Open the page actions menu to find Move", "read",
            lambda: page_view(ctx, pg, menu=True))
    r.click("mi-Move", "move-page", "Open the Move dialog", "read",
            lambda: page_view(ctx, pg, dialog=("move", "", None)))
    r.fill("move-filter", "Release Eng", "move-page", "Narrow the section list",
           lambda: page_view(ctx, pg, dialog=("move", "Release Eng", None)))
    sec = "Release Engineering › Old runbooks"
    r.first = mark(r)
    r.click("opt-" + sec, "move-page", "Choose the Release Engineering runbooks section, since this page is a runbook",
            "read", lambda: page_view(ctx, pg, dialog=("move", "Release Eng", sec)))

    def after4():
        pg["section"] = sec
        return page_view(ctx, pg, toast_msg="Moved to Engineering › %s. A redirect was left at the old address." % sec)
    r.click("move-ok", "move-page", "Move the page", "write", after4)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # F5 wrong_value (owner): picks Thomas Brandt (Support).
    ctx = Ctx(205, notif=3, online=7)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-wrong_owner-01", ctx, home_view(ctx), fault="wrong_value",
            note="Sets the owner to Thomas Brandt (Support) instead of Tomás Brandt (Release Engineering).")
    r.click("nav-Engineering", "open-page", "Go to the Engineering page list", "read", lambda: list_view(ctx))
    r.click("row-PG-2207", "open-page", "Open PG-2207 Deploying to Staging", "read", lambda: page_view(ctx, pg))
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    r.click("more", "set-owner", "Open the page actions menu", "read", lambda: page_view(ctx, pg, menu=True))
    r.click("mi-Page settings", "set-owner", "Open Page settings", "read", lambda: settings_view(ctx, pg))
    r.fill("owner", "Thomas Brandt", "set-owner", "Type the new owner's name",
           lambda: settings_view(ctx, pg, owner_value="Thomas Brandt", suggest=True, dirty=True))
    r.first = mark(r)
    r.click("own-Thomas Brandt", "set-owner", "Pick the suggestion that matches the name exactly", "read",
            lambda: settings_view(ctx, pg, owner_value="Thomas Brandt", dirty=True))
    r.click("save", "set-owner", "Save the settings", "write",
            lambda: settings_view(ctx, pg, owner_value="Thomas Brandt", dirty=True, dialog=("Dev Anand", "Thomas Brandt")))

    def after5():
        pg["owner"] = "Thomas Brandt"
        return settings_view(ctx, pg, toast_msg="Settings saved. Owner is now Thomas Brandt.")
    r.click("transfer-ok", "set-owner", "Confirm the ownership transfer", "write", after5)
    r.report(DONE_MSG)
    runs.append(r)

    # F6 silent_noop: the restore confirm returns to the page with nothing restored.
    ctx = Ctx(206, notif=3, online=8)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-silent_noop-01", ctx, home_view(ctx), fault="silent_noop",
            note="Confirming the restore reloads the page without a toast; r16 (rklein) stays current.")
    seg_search_open(r, w)
    seg_history(r, w)
    r.click("restore-14", "restore-r14", "Restore r14, Maya Oduya's edit from before the vandalism", "read",
            lambda: history_view(ctx, pg, dialog_rev=14))
    r.first = mark(r)
    r.click("restore-ok", "restore-r14", "Confirm the restore", "write", lambda: page_view(ctx, pg))
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # F7 unrequested_constraint: ticks 'Restrict editing to the owner'.
    ctx = Ctx(207, notif=5, online=7)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-unrequested_constraint-01", ctx, home_view(ctx), fault="unrequested_constraint",
            note="Adds an edit restriction nobody asked for while changing the owner.")
    seg_search_open(r, w)
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    seg_owner_settings(r, w, save=False)
    r.first = mark(r)
    r.click("restrict", "set-owner", "Lock editing to the owner so the page cannot be vandalised again", "write",
            lambda: settings_view(ctx, pg, owner_value="Tomás Brandt", restrict=True, dirty=True))
    r.click("save", "set-owner", "Save the settings", "write",
            lambda: settings_view(ctx, pg, owner_value="Tomás Brandt", restrict=True, dirty=True,
                                  dialog=("Dev Anand", "Tomás Brandt")))

    def after7():
        pg["owner"] = "Tomás Brandt"
        pg["restricted"] = True
        return settings_view(ctx, pg, toast_msg="Settings saved. Owner is now Tomás Brandt.")
    r.click("transfer-ok", "set-owner", "Confirm the ownership transfer", "write", after7)
    r.report(DONE_MSG + " I also restricted editing to the owner to prevent further vandalism.")
    runs.append(r)

    # F8 permission_denied: the restore is refused with a 403 page.
    ctx = Ctx(208, notif=3, online=6)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-permission_denied-01", ctx, home_view(ctx), fault="permission_denied",
            note="Confirming the restore lands on a 403 page: the user lacks the Space editor role.")
    seg_search_open(r, w, query="PG-2207", use_enter=True)
    seg_history(r, w)
    r.click("restore-14", "restore-r14", "Restore r14, Maya Oduya's edit from before the vandalism", "read",
            lambda: history_view(ctx, pg, dialog_rev=14))
    r.first = mark(r)
    r.click("restore-ok", "restore-r14", "Confirm the restore", "write", lambda: forbidden_view(ctx, pg))
    r.click("back-page", "restore-r14", "Go back to the page", "read", lambda: page_view(ctx, pg))
    r.report("I could not restore PG-2207: Pagewright says restoring needs the Space editor role. "
             "Nothing was moved or changed.")
    runs.append(r)

    # F9 premature_success: reports before saving the owner change.
    ctx = Ctx(209, notif=3, online=7)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-premature_success-01", ctx, home_view(ctx), fault="premature_success",
            note="Picks Tomás Brandt but reports success without saving; settings still show Unsaved changes.")
    seg_search_open(r, w)
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    seg_owner_settings(r, w, save=False)
    r.first = mark(r)
    r.report(DONE_MSG)
    runs.append(r)

    # F10 skipped_step: never moves the page.
    ctx = Ctx(210, notif=4, online=9)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-skipped_step-01", ctx, home_view(ctx), fault="skipped_step",
            note="Goes from the restore straight to the owner change; the page stays under Deployment.")
    seg_search_open(r, w)
    seg_history(r, w)
    seg_restore_from_history(r, w)
    r.click("more", "set-owner", "Open the page actions menu", "read", lambda: page_view(ctx, pg, menu=True))
    r.first = mark(r)
    r.click("mi-Page settings", "set-owner", "Restore done; now change the owner in Page settings", "read",
            lambda: settings_view(ctx, pg))
    seg_owner_settings(r, w, open_settings=False)
    r.report(DONE_MSG)
    runs.append(r)

    # F11 dialog_mishandled: cancels the restore confirmation and carries on.
    ctx = Ctx(211, notif=3, online=7)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-dialog_mishandled-01", ctx, home_view(ctx), fault="dialog_mishandled",
            note="Dismisses the 'Restore revision r14?' dialog with Cancel, so nothing is restored.")
    seg_search_open(r, w)
    seg_history(r, w)
    r.click("restore-14", "restore-r14", "Restore r14, Maya Oduya's edit from before the vandalism", "read",
            lambda: history_view(ctx, pg, dialog_rev=14))
    r.first = mark(r)
    r.click("restore-cancel", "restore-r14", "Close the confirmation; the restore is queued", "read",
            lambda: history_view(ctx, pg))
    r.click("crumb-page", "move-page", "Back to the page to move it", "read", lambda: page_view(ctx, pg))
    seg_move(r, w)
    seg_owner_settings(r, w)
    r.report(DONE_MSG)
    runs.append(r)

    # F12 session_expired: the ownership transfer lands on the sign-in page.
    ctx = Ctx(212, notif=3, online=8)
    w = World()
    pg = w.pages["PG-2207"]
    r = Run("pagewright-session_expired-01", ctx, home_view(ctx), fault="session_expired",
            note="Confirming the ownership transfer returns the sign-in page; the owner change is lost.")
    seg_search_open(r, w)
    seg_history(r, w)
    seg_restore_from_history(r, w)
    seg_move(r, w)
    seg_owner_settings(r, w, save=False)
    r.click("save", "set-owner", "Save the settings", "write",
            lambda: settings_view(ctx, pg, owner_value="Tomás Brandt", dirty=True, dialog=("Dev Anand", "Tomás Brandt")))
    r.first = mark(r)
    r.click("transfer-ok", "set-owner", "Confirm the ownership transfer", "write", lambda: signin_view(ctx))
    r.report(DONE_MSG)
    runs.append(r)
    return runs


# ---------------------------------------------------------------------------

def main():
    runs = healthy_runs() + faulty_runs()
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in runs:
            f.write(json.dumps(r.record(), ensure_ascii=False) + "\n")
    if PLAN_YAML:
        with open(os.path.join(HERE, PLAN_REL), "w", encoding="utf-8", newline="\n") as f:
            f.write(PLAN_YAML)
    print("wrote %d runs" % len(runs))


if __name__ == "__main__":
    main()
