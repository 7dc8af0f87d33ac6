#!/usr/bin/env python3
"""Deterministic generator for the Gitgrove `pr-merge` held-out corpus.

Stdlib only.  Writes corpus.jsonl and plans/pr-merge.yaml next to this file.
Pages are modelled as node trees and serialized in BrowserGym's flattened
AXTree style (one node per line, tab indentation, `[bid] role 'name'`).
Every random choice comes from random.Random seeded with a fixed string
(run id + step index), so the output is byte-identical between runs.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:8090"
REPO = "northwind/ledger-api"
ME = "mkowalski"

TASK = ('In northwind/ledger-api, open pull request #1174 "Handle DST shift in settlement cutoff", '
        'add the regression label and request a review from Ada Okafor (@aokafor). Once all checks '
        'pass, squash-merge it with the commit message "Fix settlement cutoff across DST transitions (#1174)".')
COMMIT_MSG = "Fix settlement cutoff across DST transitions (#1174)"

# --------------------------------------------------------------------------------------------
# The plan.  Written from the task and the healthy pages before any faulty run existed; it is
# emitted verbatim and has not been tuned to the faulty runs.
# --------------------------------------------------------------------------------------------
PLAN_YAML = '''\
task: >-
  In northwind/ledger-api, open pull request #1174 "Handle DST shift in settlement cutoff",
  add the regression label and request a review from Ada Okafor (@aokafor). Once all checks
  pass, squash-merge it with the commit message "Fix settlement cutoff across DST transitions (#1174)".
plan_falsifiers:
  execution:
    - Sign in to Gitgrove
    - Your session has expired. Please sign in again.
commitments:
  - id: open-pr
    subgoal: Open PR #1174 "Handle DST shift in settlement cutoff" in northwind/ledger-api
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Gitgrove, northwind/ledger-api]
      progress: [Pull requests · northwind/ledger-api, Open 14]
      completion:
        - "Handle DST shift in settlement cutoff #1174"
        - hliu wants to merge 3 commits into main from hliu/dst-cutoff
    falsify:
      execution:
        - "#1147"
        - Handle DST shift in settlement report
        - jdoe/ledger-api
        - northwind/ledger-worker
        - "#1098"
        - "Draft: Handle DST shift in settlement cutoff for APAC"
      skill: [No results matched your search]
      planning: [This pull request is closed]
  - id: label-and-reviewer
    subgoal: Add the regression label and request a review from Ada Okafor (@aokafor)
    confidence: 0.7
    confirm:
      precondition: [Labels, Reviewers]
      progress: [Apply labels to this pull request, Request up to 15 reviewers]
      completion: [regression, Awaiting requested review from aokafor]
    falsify:
      execution:
        - regression-test
        - perf-regression
        - Adam Okafor
        - adokafor
        - {text: Remove label backend, on: action}
      skill: [No labels matched, No users found]
      planning: [aokafor is not a collaborator]
  - id: checks-pass
    subgoal: Wait until all CI checks have passed
    confidence: 0.6
    confirm:
      precondition: [Checks]
      progress: [Some checks haven't completed yet]
      completion: [All checks have passed]
    falsify:
      execution: []
      skill: []
      planning:
        - Some checks were not successful
        - This branch has conflicts that must be resolved
  - id: squash-merge
    subgoal: Squash-merge with the commit message "Fix settlement cutoff across DST transitions (#1174)"
    confidence: 0.7
    confirm:
      precondition: [Squash and merge]
      progress: [Confirm squash and merge, "Fix settlement cutoff across DST transitions (#1174)"]
      completion: [Pull request successfully merged and closed, Merged]
    falsify:
      execution:
        - {text: Rebase and merge, on: action}
        - {text: Create a merge commit, on: action}
        - {text: Close pull request, on: action}
        - Merge failed
      skill: [Commit message is required]
      planning: [You do not have permission to merge]
'''


# --------------------------------------------------------------------------------------------
# Node model and AXTree serializer
# --------------------------------------------------------------------------------------------
class Node:
    __slots__ = ("role", "name", "value", "props", "children", "key")

    def __init__(self, role, name="", children=(), value=None, key=None, props=()):
        self.role, self.name, self.value, self.key = role, name, value, key
        self.props = list(props)
        self.children = [c for c in children if c is not None]


IGNORED_PROPS = ("level",)          # BrowserGym drops heading levels from the flattened text
BARE_PROPS = ("focused", "required")  # printed as bare words when true


def n(role, name="", *children, value=None, key=None, **props):
    """Element node.  Keyword props become `, k=v` in the serialization (in given order)."""
    flat = []
    for c in children:
        if isinstance(c, (list, tuple)):
            flat.extend(x for x in c if x is not None)
        elif c is not None:
            flat.append(c)
    return Node(role, name, flat, value=value, key=key,
                props=[(k, v) for k, v in props.items() if v is not None])


def T(text):
    return Node("StaticText", text)


def q(s):
    return repr(s)


def node_label(role, name):
    return f"{role} {q(name)}"


BUILD = {"prev": None}   # the page an in-page update starts from (None for a fresh page load)


class Page:
    """One observation: url, title, body nodes.  Rendered (bids assigned) on construction.

    On a fresh load bids are handed out in document order.  On an in-page update (BUILD["prev"]
    set) every node that was already on the page keeps its bid, as BrowserGym's DOM marking does,
    and nodes that appeared get fresh numbers above the previous maximum.
    """

    def __init__(self, rng, url, title, body, error=None):
        self.url, self.title, self.error = url, title, error
        self.body = [b for b in body if b is not None]
        self.bykey, self.bybid, self.order, self.sigs = {}, {}, [], {}
        self.text = self._render(rng, BUILD["prev"])

    def _render(self, rng, prev):
        lines = [f"RootWebArea {q(self.title)}, focused, url={q(self.url)}"]
        if prev is None:
            counter = [rng.randint(3, 14)]
        else:
            counter = [max(int(b) for b in prev.bybid) + rng.randint(2, 30)]
        used = set(prev.bybid) if prev is not None else set()

        def walk(node, depth, psig, seen):
            ind = "\t" * depth
            if node.role == "StaticText":
                lines.append(f"{ind}StaticText {q(node.name)}")
                return
            ident = (node.role, node.key or node.name)
            seen[ident] = seen.get(ident, 0) + 1
            sig = psig + ((ident, seen[ident]),)
            if prev is not None and sig in prev.sigs:
                bid = prev.sigs[sig]
            else:
                counter[0] += 1 + (rng.randint(1, 4) if rng.random() < 0.3 else 0)
                while str(counter[0]) in used:
                    counter[0] += 1
                bid = str(counter[0])
            used.add(bid)
            s = f"{ind}[{bid}] {node.role} {q(node.name)}"
            if node.value is not None:
                s += f", value={q(node.value)}"
            for k, v in node.props:
                if k in IGNORED_PROPS:
                    continue
                if k in BARE_PROPS:
                    if v:
                        s += f", {k}"
                    continue
                s += f", {k}={q(v) if isinstance(v, str) else v}"
            lines.append(s)
            if bid in self.bybid:
                raise ValueError(f"duplicate bid {bid} on {self.url}")
            self.bybid[bid] = (node.role, node.name)
            self.sigs[sig] = bid
            self.order.append((bid, node))
            if node.key:
                if node.key in self.bykey:
                    raise ValueError(f"duplicate key {node.key} on {self.url}")
                self.bykey[node.key] = bid
            child_seen = {}
            for c in node.children:
                walk(c, depth + 1, sig, child_seen)

        top_seen = {}
        for b in self.body:
            walk(b, 1, (), top_seen)
        return "\n".join(lines)

    def find(self, key):
        if isinstance(key, str):
            if key not in self.bykey:
                raise KeyError(f"key {key!r} not on page {self.url} ({self.title})")
            return self.bykey[key]
        role, name = key
        hits = [b for b, nd in self.order if nd.role == role and nd.name == name]
        if len(hits) != 1:
            raise KeyError(f"{key!r}: {len(hits)} matches on {self.url}")
        return hits[0]

    def obs(self):
        return {"url": self.url, "title": self.title, "text": self.text, "error": self.error}


def U(path):
    return BASE + path


def ago(rng, lo, hi, unit):
    k = rng.randint(lo, hi)
    if unit == "minute" and k == 0:
        return "just now"
    return f"{k} {unit}{'' if k == 1 else 's'} ago"


# --------------------------------------------------------------------------------------------
# Data: repositories, pull requests, people, labels
# --------------------------------------------------------------------------------------------
PEOPLE = {
    "hliu": "Hana Liu", "rbaptiste": "Rémi Baptiste", "lortega": "Luis Ortega",
    "aokafor": "Ada Okafor", "adokafor": "Adam Okafor", "aoconnor": "Ada O'Connor",
    "anwosu": "Adaeze Nwosu", "mzhou": "Mei Zhou", "sgupta": "Sanjay Gupta",
    "tnakamura": "Taro Nakamura", "jdoe": "Jordan Doe", "gg-depbot": "Gitgrove Dependency Bot",
    "mkowalski": "Marta Kowalski",
}

# (number, title, author, labels, checks-state, age, comments, review, draft)
OPEN_PRS = [
    (1180, "Draft: Handle DST shift in settlement cutoff for APAC", "hliu", ["backend"], "pending", "3 hours", 1, None, True),
    (1179, "Bump psycopg from 3.1.18 to 3.1.19", "gg-depbot", ["dependencies"], "ok", "9 hours", 0, "Review required", False),
    (1178, "Add idempotency keys to payout retries", "mzhou", ["backend", "payouts"], "fail", "1 day", 4, "Changes requested", False),
    (1176, "Expose settlement window in /v2/merchants", "sgupta", ["api"], "ok", "1 day", 2, "Review required", False),
    (1174, "Handle DST shift in settlement cutoff", "hliu", ["backend"], "ok", "2 days", 6, "Approved", False),
    (1171, "Refactor ledger entry serializer", "rbaptiste", ["refactor"], "ok", "3 days", 3, "Approved", False),
    (1166, "Fix typo in permission error message for refunds", "tnakamura", ["docs"], "ok", "4 days", 1, "Review required", False),
    (1162, "Retry failed webhook deliveries with backoff", "aokafor", ["backend", "webhooks"], "fail", "5 days", 9, "Changes requested", False),
    (1159, "Migrate settlement_windows to timestamptz", "lortega", ["database"], "ok", "6 days", 5, "Review required", False),
    (1153, "Drop legacy session-expired handler from auth middleware", "mzhou", ["security"], "ok", "8 days", 2, "Approved", False),
    (1147, "Handle DST shift in settlement report", "rbaptiste", ["reports"], "ok", "9 days", 7, "Approved", False),
    (1141, "Add currency rounding tests for JPY", "sgupta", ["tests"], "ok", "11 days", 0, "Review required", False),
    (1137, "Document rate limits for partner API", "tnakamura", ["docs"], "ok", "2 weeks", 2, "Approved", False),
    (1129, "Cache merchant timezone lookups", "hliu", ["performance"], "fail", "3 weeks", 3, "Review required", False),
]
# "recently updated" order (numbers)
UPDATED_ORDER = [1174, 1147, 1180, 1178, 1162, 1179, 1176, 1159, 1171, 1166, 1153, 1141, 1129, 1137]

CLOSED_DST = [
    (1098, "Handle DST shift in settlement cutoff", "hliu", ["backend"], "closed", "5 weeks"),
    (1042, "Use merchant timezone for DST in statements", "rbaptiste", ["reports"], "merged", "2 months"),
    (987, 'Revert "Handle DST in payout scheduler"', "lortega", ["revert"], "merged", "4 months"),
    (951, "Handle DST in payout scheduler", "lortega", ["backend"], "merged", "4 months"),
]

LABELS = [
    ("api", "Public API surface"), ("backend", "Server-side changes"), ("bug", "Something isn't working"),
    ("database", "Schema and migrations"), ("dependencies", "Dependency bumps"), ("docs", "Documentation only"),
    ("needs-backport", "Backport to release/2.13"), ("payouts", "Payout pipeline"),
    ("perf-regression", "Slower than the previous release"),
    ("regression", "Something that used to work stopped working"),
    ("regression-test", "Adds or changes a regression test"), ("reports", "Settlement and statement reports"),
    ("security", "Security-relevant change"), ("webhooks", "Outgoing webhooks"),
]

REVIEWER_DIR = ["lortega", "aokafor", "adokafor", "aoconnor", "anwosu", "rbaptiste", "mzhou", "sgupta", "tnakamura"]

# The pull request records that can be opened.  The target and its near misses.
PR_RECS = {
    "target": dict(repo=REPO, num=1174, title="Handle DST shift in settlement cutoff", author="hliu",
                   branch="hliu/dst-cutoff", base="main", commits=3, state="open", labels=["backend"],
                   fork=False, files=4),
    "nm1147": dict(repo=REPO, num=1147, title="Handle DST shift in settlement report", author="rbaptiste",
                   branch="rbaptiste/dst-report", base="main", commits=2, state="open", labels=["reports"],
                   fork=False, files=3),
    "nm1098": dict(repo=REPO, num=1098, title="Handle DST shift in settlement cutoff", author="hliu",
                   branch="hliu/dst-cutoff-v1", base="main", commits=2, state="closed", labels=["backend"],
                   fork=False, files=2),
    "fork12": dict(repo="jdoe/ledger-api", num=12, title="Handle DST shift in settlement cutoff", author="jdoe",
                   branch="jdoe:dst-cutoff", base="jdoe:main", commits=1, state="open", labels=[],
                   fork=True, files=1),
}
NEAR_MISS_URLS = [
    U("/northwind/ledger-api/pull/1147"), U("/northwind/ledger-api/pull/1098"),
    U("/northwind/ledger-api/pull/1180"), U("/jdoe/ledger-api/pull/12"),
    U("/northwind/ledger-worker/pull/417"), U("/adokafor"),
]


# --------------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------------
def header(rng, search=None, unread=None):
    if unread is None:
        unread = BUILD.get("unread", 4)
    return n("banner", "",
             n("link", "Gitgrove home", url=U("/")),
             n("search", "",
               n("combobox", "Search Gitgrove", value=search, key="gsearch", hasPopup="listbox", expanded=False)),
             n("navigation", "Global",
               n("link", "Pull requests", url=U("/pulls")),
               n("link", "Issues", url=U("/issues")),
               n("link", "Explore", url=U("/explore"))),
             n("link", f"Notifications ({unread} unread)", url=U("/notifications"), key="notif"),
             n("button", "Create new…", hasPopup="menu", expanded=False),
             n("button", f"Open user menu ({ME})", n("img", "Marta Kowalski"), hasPopup="menu", expanded=False))


def footer(rng):
    ms = rng.randint(38, 190)
    return n("contentinfo", "",
             T("© 2024 Northwind Trading · Gitgrove"),
             n("navigation", "Footer",
               n("link", "Terms", url=U("/site/terms")), n("link", "Privacy", url=U("/site/privacy")),
               n("link", "Status", url="https://status.northwind.io"), n("link", "Docs", url=U("/docs")),
               n("link", "API", url=U("/api/v3")), n("link", "Contact your administrator", url=U("/site/contact"))),
             T(f"Gitgrove 3.8.2 · build 5e1a0c4 · rendered in {ms}ms"))


def repo_header(rng, repo, active, fork=False):
    owner, name = repo.split("/")
    if fork:
        counts = {"Issues": None, "Pull requests": 2}
        watch, forks, stars = 1, 0, 0
    else:
        counts = {"Issues": 37, "Pull requests": 14}
        watch, forks, stars = 41, 23, 118
    tabs = []
    for label, path in [("Code", ""), ("Issues", "/issues"), ("Pull requests", "/pulls"),
                        ("Checks", "/checks"), ("Wiki", "/wiki"), ("Insights", "/pulse"), ("Settings", "/settings")]:
        if fork and label in ("Issues", "Wiki"):
            continue
        nm = label if counts.get(label) is None else f"{label} {counts[label]}"
        tabs.append(n("link", nm, url=U(f"/{repo}{path}"), current="page" if label == active else None,
                      key=f"tab-{label}"))
    crumbs = [n("link", owner, url=U(f"/{owner}")), T("/"), n("link", name, url=U(f"/{repo}"), key="crumb-repo"),
              T("Public" if fork else "Internal")]
    if fork:
        crumbs.append(T("forked from"))
        crumbs.append(n("link", "northwind/ledger-api", url=U("/northwind/ledger-api")))
    return [n("navigation", "Breadcrumb", *crumbs),
            n("button", f"Watch {watch}", hasPopup="menu", expanded=False),
            n("button", f"Fork {forks}"),
            n("button", f"Star {stars}"),
            n("navigation", "Repository", *tabs)]


def page(rng, url, title, main, search=None, error=None, extra=(), unread=None):
    body = [header(rng, search=search, unread=unread), main, *extra, footer(rng)]
    return Page(rng, url, title, body, error=error)


# --------------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------------
def dashboard(rng, search=None, unread=None):
    feed = [
        ("hliu", "opened pull request", "northwind/ledger-api#1174", "Handle DST shift in settlement cutoff",
         "/northwind/ledger-api/pull/1174", "feed-1174", (20, 59, "hour"), "2 days ago"),
        ("lortega", "approved", "northwind/ledger-api#1174", "Handle DST shift in settlement cutoff",
         "/northwind/ledger-api/pull/1174", None, None, ago(rng, 2, 7, "hour")),
        ("rbaptiste", "pushed 2 commits to", "northwind/ledger-api#1147", "Handle DST shift in settlement report",
         "/northwind/ledger-api/pull/1147", None, None, ago(rng, 1, 5, "hour")),
        ("gg-ci", "reported failing checks on", "northwind/ledger-worker#417", "Handle DST shift in settlement cutoff",
         "/northwind/ledger-worker/pull/417", None, None, ago(rng, 6, 11, "hour")),
        ("jdoe", "opened pull request", "jdoe/ledger-api#12", "Handle DST shift in settlement cutoff",
         "/jdoe/ledger-api/pull/12", None, None, "5 days ago"),
        ("mzhou", "commented on", "northwind/ledger-api#1153", "Drop legacy session-expired handler from auth middleware",
         "/northwind/ledger-api/pull/1153", None, None, ago(rng, 8, 20, "hour")),
    ]
    items = []
    for who, verb, ref, title, path, key, _, when in feed:
        items.append(n("article", "",
                       n("link", who, url=U(f"/{who}")), T(verb), T(ref),
                       n("link", title, url=U(path), key=key), T(when)))
    repos = ["northwind/ledger-api", "northwind/ledger-worker", "northwind/payments-web",
             "northwind/infra-terraform", "mkowalski/dotfiles"]
    main = n("main", "",
             n("navigation", "Repositories",
               n("heading", "Top repositories", level=2),
               n("button", "New"),
               n("textbox", "Find a repository…"),
               n("list", "", *[n("listitem", "", n("link", r, url=U(f"/{r}"), key=f"repo-{r}")) for r in repos]),
               n("link", "Show more", url=U(f"/{ME}?tab=repositories"))),
             n("heading", "Home", level=1),
             n("region", "Recent activity", n("heading", "Recent activity", level=2), *items,
               n("button", "More")),
             n("complementary", "Latest changes",
               n("heading", "Latest changes", level=2),
               n("link", "Merge queues are now generally available", url=U("/blog/merge-queues")),
               T("2 weeks ago"),
               n("link", "Required reviewers can be set per path", url=U("/blog/path-reviewers")),
               T("1 month ago"),
               n("link", "View changelog →", url=U("/blog/changelog"))))
    return page(rng, U("/"), "Gitgrove", main, search=search, unread=unread)


def repo_home(rng, repo=REPO):
    rows = [("dir", ".gitgrove/workflows", "ci: pin postgres image digest", "3 days ago"),
            ("dir", "ledger", "Cache merchant timezone lookups (#1129)", "3 weeks ago"),
            ("dir", "migrations", "Migrate payouts to numeric(20,6) (#1120)", "1 month ago"),
            ("dir", "tests", "Add currency rounding fixtures (#1131)", "3 weeks ago"),
            ("file", "CODEOWNERS", "Add payouts owners", "2 months ago"),
            ("file", "README.md", "Document local settlement replay", "5 weeks ago"),
            ("file", "pyproject.toml", "Bump psycopg to 3.1.18 (#1110)", "1 month ago")]
    tbl = n("table", "Files",
            n("row", "", n("columnheader", "Name"), n("columnheader", "Last commit message"), n("columnheader", "Last commit date")),
            *[n("row", "", n("cell", nm, n("img", "Directory" if k == "dir" else "File"), n("link", nm, url=U(f"/{repo}/tree/main/{nm}"))),
                n("cell", msg, n("link", msg, url=U(f"/{repo}/commits/main"))), n("cell", when)) for k, nm, msg, when in rows])
    main = n("main", "",
             *repo_header(rng, repo, "Code"),
             n("button", "main", hasPopup="menu", expanded=False),
             T("12 branches · 88 tags"),
             n("link", "Go to file", url=U(f"/{repo}/find/main")),
             n("button", "Code", hasPopup="menu", expanded=False),
             n("region", "Latest commit",
               n("link", "lortega", url=U("/lortega")),
               n("link", "Cache merchant timezone lookups (#1129)", url=U(f"/{repo}/commit/77c0e4b")),
               T("77c0e4b"), T(ago(rng, 18, 23, "hour")), n("link", "2,418 commits", url=U(f"/{repo}/commits/main"))),
             tbl,
             n("article", "README.md",
               n("heading", "ledger-api", level=1),
               T("Double-entry ledger and settlement service for Northwind Payments. Settlement cutoffs run per merchant "
                 "time zone; see docs/settlement.md. If a replay fails with SETTLEMENT_WINDOW_EXPIRED, rerun with --window."),
               n("heading", "Local development", level=2),
               T("make dev-up && make test. Integration tests need Postgres 15 and a registry login; an expired registry "
                 "token shows up as 'permission denied' when pulling images.")),
             n("complementary", "About",
               n("heading", "About", level=2),
               T("Ledger and settlement API"),
               n("link", "payments", url=U("/topics/payments")), n("link", "ledger", url=U("/topics/ledger")),
               n("heading", "Releases 88", level=2), n("link", "v2.13.4 Latest", url=U(f"/{repo}/releases/tag/v2.13.4")),
               n("heading", "Forks", level=2), n("link", "jdoe/ledger-api", url=U("/jdoe/ledger-api")),
               n("link", "23 forks", url=U(f"/{repo}/forks"))))
    return page(rng, U(f"/{repo}"), "northwind/ledger-api: Ledger and settlement API", main)


def _checks_icon(state):
    return {"ok": "All checks have passed", "fail": "Some checks were not successful",
            "pending": "Some checks haven't completed yet"}[state]


def pr_list(rng, query="is:pr is:open", sort="Newest", typed=None, page_no=1, restored=False):
    """Pull request list of northwind/ledger-api.  `typed` is what sits in the filter box (not yet submitted)."""
    terms = [t for t in query.split() if not t.startswith("is:")]
    state = "closed" if "is:closed" in query else "open"
    label_f = [t.split(":", 1)[1] for t in terms if t.startswith("label:")]
    words = [t.lower() for t in terms if ":" not in t]

    def match(title, labels):
        return all(w in title.lower() for w in words) and all(lf in labels for lf in label_f)

    open_rows = [p for p in OPEN_PRS if match(p[1], p[3])]
    closed_rows = [p for p in CLOSED_DST if match(p[1], p[3])] if (words or label_f) else CLOSED_DST
    open_count = len(open_rows)
    closed_count = len(closed_rows) if (words or label_f) else 203
    if sort == "Recently updated":
        open_rows = sorted(open_rows, key=lambda p: UPDATED_ORDER.index(p[0]))
    rows = open_rows if state == "open" else closed_rows
    per = 10
    total_pages = max(1, (len(rows) + per - 1) // per)
    rows = rows[(page_no - 1) * per: page_no * per]

    items = []
    for p in rows:
        num, title, author = p[0], p[1], p[2]
        labels = p[3]
        kids = [n("checkbox", f"Select #{num}", checked=False)]
        if state == "open":
            kids.append(n("img", "Draft pull request" if p[8] else "Open pull request"))
        else:
            kids.append(n("img", "Closed pull request" if p[4] == "closed" else "Merged pull request"))
        kids.append(n("link", title, url=U(f"/{REPO}/pull/{num}"), key=f"row-{num}"))
        kids += [n("link", lb, url=U(f"/{REPO}/pulls?q=is%3Apr+label%3A{lb}")) for lb in labels]
        if state == "open":
            upd = ago(rng, 5, 50, "minute") if num in (1174, 1147) else None
            kids.append(T(f"#{num} opened {p[5]} ago by"))
            kids.append(n("link", author, url=U(f"/{author}")))
            if upd:
                kids.append(T(f"updated {upd}"))
            if p[7]:
                kids.append(T(p[7]))
            kids.append(n("link", _checks_icon(p[4]), url=U(f"/{REPO}/pull/{num}/checks")))
            if p[6]:
                kids.append(n("link", f"{p[6]} comments", url=U(f"/{REPO}/pull/{num}#comments")))
        else:
            verb = "was closed" if p[4] == "closed" else "was merged"
            kids.append(T(f"#{num} by {author} {verb} {p[5]} ago"))
        items.append(n("listitem", "", *kids))

    q_enc = query.replace(":", "%3A").replace(" ", "+").replace("@", "%40")
    url = U(f"/{REPO}/pulls") if query == "is:pr is:open" and sort == "Newest" and page_no == 1 else \
        U(f"/{REPO}/pulls?q={q_enc}" + ("&sort=updated-desc" if sort == "Recently updated" else "") +
          (f"&page={page_no}" if page_no > 1 else ""))
    toolbar = [
        n("button", "Filters", hasPopup="menu", expanded=False),
        n("textbox", "Filter pull requests", value=typed if typed is not None else query, key="filter"),
        n("link", "Labels 14", url=U(f"/{REPO}/labels")),
        n("link", "Milestones 3", url=U(f"/{REPO}/milestones")),
        n("link", "New pull request", url=U(f"/{REPO}/compare")),
    ]
    if query != "is:pr is:open" or sort != "Newest":
        toolbar.append(n("link", "Clear current search query, filters, and sorts", url=U(f"/{REPO}/pulls"), key="clear"))
    status = []
    if restored:
        status.append(n("status", "", T("Showing your last search on this repository."),
                        n("link", "Dismiss", url=U(f"/{REPO}/pulls"))))
    head = [
        n("link", f"Open {open_count}", url=U(f"/{REPO}/pulls?q=is%3Apr+is%3Aopen"), key="open-link",
          current="page" if state == "open" else None),
        n("link", f"Closed {closed_count}", url=U(f"/{REPO}/pulls?q=is%3Apr+is%3Aclosed"), key="closed-link",
          current="page" if state == "closed" else None),
        n("button", "Author", hasPopup="menu", expanded=False),
        n("button", "Label", hasPopup="menu", expanded=False),
        n("button", "Reviews", hasPopup="menu", expanded=False),
        n("button", "Assignee", hasPopup="menu", expanded=False),
        n("combobox", "Sort", value=sort, key="sort", hasPopup="listbox", expanded=False),
    ]
    if items:
        lst = n("list", "Pull requests", *items)
    else:
        lst = n("heading", "No results matched your search.", level=3)
    pag = None
    if total_pages > 1:
        pag = n("navigation", "Pagination",
                n("link", "Previous", url=U(f"/{REPO}/pulls?page={page_no - 1}"), disabled=True if page_no == 1 else None),
                *[n("link", f"Page {i}", url=U(f"/{REPO}/pulls?q={q_enc}&page={i}"), key=f"page-{i}",
                    current="page" if i == page_no else None) for i in range(1, total_pages + 1)],
                n("link", "Next", url=U(f"/{REPO}/pulls?q={q_enc}&page={page_no + 1}"), key="next",
                  disabled=True if page_no == total_pages else None))
    main = n("main", "",
             *repo_header(rng, REPO, "Pull requests"),
             *status,
             n("region", "Pull request filters", *toolbar),
             n("region", "Pull request list", n("heading", "Pull requests", level=2), *head, lst, pag),
             n("paragraph", "", T("ProTip! Filter pull requests by the default branch with base:main.")))
    return page(rng, url, "Pull requests · northwind/ledger-api", main)


def search_results(rng, qtext):
    res = [
        ("jdoe/ledger-api", 12, "Handle DST shift in settlement cutoff", "Open", "jdoe", "5 days ago",
         "Same as the upstream fix but against my fork; settlement cutoff computed in merchant zone."),
        (REPO, 1174, "Handle DST shift in settlement cutoff", "Open", "hliu", "2 days ago",
         "Settlement cutoff was computed in UTC and then shifted by a fixed offset…"),
        ("northwind/ledger-worker", 417, "Handle DST shift in settlement cutoff", "Open", "hliu", "2 days ago",
         "Worker side of northwind/ledger-api#1174: schedule the cutoff job in merchant time."),
        (REPO, 1098, "Handle DST shift in settlement cutoff", "Closed", "hliu", "5 weeks ago",
         "First attempt; closed in favour of #1174 after the Sydney fixtures failed."),
        (REPO, 1180, "Draft: Handle DST shift in settlement cutoff for APAC", "Draft", "hliu", "3 hours ago",
         "Follow-up to #1174 for APAC merchants. Not ready."),
        (REPO, 1147, "Handle DST shift in settlement report", "Open", "rbaptiste", "9 days ago",
         "Report headers showed the wrong settlement date after the DST change."),
    ]
    items = []
    for repo, num, title, st, who, when, snippet in res:
        items.append(n("listitem", "",
                       n("img", f"{st} pull request"),
                       n("link", repo, url=U(f"/{repo}")),
                       n("link", title, url=U(f"/{repo}/pull/{num}"), key=f"sr-{repo}-{num}"),
                       T(f"#{num}"), T(snippet), T(f"{st} · {who} opened {when}"),
                       n("link", f"{rng.randint(0, 9)} comments", url=U(f"/{repo}/pull/{num}#comments"))))
    main = n("main", "",
             n("navigation", "Filter by",
               n("link", "Code 14", url=U("/search?type=code")),
               n("link", "Pull requests 6", url=U("/search?type=pullrequests"), current="page"),
               n("link", "Issues 2", url=U("/search?type=issues")),
               n("link", "Commits 3", url=U("/search?type=commits")),
               n("link", "Repositories 0", url=U("/search?type=repositories")),
               n("heading", "Repositories", level=3),
               n("link", "northwind/ledger-api 4", url=U("/search?repo=northwind/ledger-api")),
               n("link", "northwind/ledger-worker 1", url=U("/search?repo=northwind/ledger-worker")),
               n("link", "jdoe/ledger-api 1", url=U("/search?repo=jdoe/ledger-api"))),
             n("heading", f"6 results for {qtext!s}", level=1),
             n("combobox", "Sort by", value="Best match", hasPopup="listbox", expanded=False),
             n("list", "Search results", *items))
    from urllib.parse import quote_plus
    return page(rng, U(f"/search?q={quote_plus(qtext)}&type=pullrequests"),
                f"Search · {qtext} · Gitgrove", main, search=qtext)


def notifications(rng):
    rows = [
        (REPO, 1174, "Handle DST shift in settlement cutoff", "mention", "hliu mentioned you: “@mkowalski can you merge once CI is green?”", "notif-1174"),
        (REPO, 1147, "Handle DST shift in settlement report", "review requested", "rbaptiste requested your review", None),
        ("jdoe/ledger-api", 12, "Handle DST shift in settlement cutoff", "subscribed", "jdoe opened this pull request", None),
        ("northwind/ledger-worker", 417, "Handle DST shift in settlement cutoff", "ci activity", "ci / integration failed on hliu/dst-cutoff", None),
        (REPO, 1153, "Drop legacy session-expired handler from auth middleware", "author", "mzhou commented: “the permission error only shows when the session expired”", None),
    ]
    items = []
    for repo, num, title, why, line, key in rows:
        items.append(n("listitem", "",
                       n("checkbox", f"Select notification: {title}", checked=False),
                       T(f"{repo} #{num}"),
                       n("link", title, url=U(f"/{repo}/pull/{num}"), key=key),
                       T(line), T(why), T(ago(rng, 1, 40, "hour")),
                       n("button", "Done"), n("button", "Unsubscribe")))
    main = n("main", "",
             n("navigation", "Inbox filters",
               n("link", "Inbox 5", url=U("/notifications"), current="page"),
               n("link", "Saved", url=U("/notifications?q=is%3Asaved")),
               n("link", "Done", url=U("/notifications?q=is%3Adone")),
               n("link", "Assigned", url=U("/notifications?q=reason%3Aassign")),
               n("link", "Participating", url=U("/notifications?q=reason%3Aparticipating")),
               n("link", "Mentioned", url=U("/notifications?q=reason%3Amention")),
               n("link", "Review requested", url=U("/notifications?q=reason%3Areview-requested"))),
             n("heading", "Notifications", level=1),
             n("textbox", "Filter notifications", value=None),
             n("combobox", "Group by", value="Date", hasPopup="listbox", expanded=False),
             n("checkbox", "Select all", checked=False),
             n("button", "Mark all as read", disabled=True),
             n("list", "Notifications", *items),
             T("1 - 5 of 5"))
    return page(rng, U("/notifications"), "Notifications · Gitgrove", main)


def login_page(rng, return_to, flash=None):
    from urllib.parse import quote
    kids = [n("heading", "Sign in to Gitgrove", level=1)]
    if flash:
        kids.append(n("alert", "", T(flash)))
    kids += [n("textbox", "Username or email address", key="login-user", required=True),
             n("textbox", "Password", key="login-pass", required=True),
             n("link", "Forgot password?", url=U("/password_reset")),
             n("button", "Sign in", key="login-btn"),
             T("or"),
             n("button", "Sign in with Northwind SSO"),
             n("paragraph", "", T("New to Northwind engineering? Ask #eng-help for an account."))]
    body = [n("banner", "", n("link", "Gitgrove home", url=U("/"))),
            n("main", "", *kids),
            footer(rng)]
    return Page(rng, U(f"/login?return_to={quote(return_to, safe='')}"), "Sign in to Gitgrove · Gitgrove", body)


# --------------------------------------------------------------------------------------------
# The pull request page
# --------------------------------------------------------------------------------------------
CHECKS = [
    ("ci / build (ubuntu-22.04)", "Successful in 2m 51s", "Required"),
    ("ci / unit-tests (py3.11)", "Successful in 4m 07s", "Required"),
    ("ci / integration (postgres-15)", "Successful in 6m 33s", "Required"),
    ("lint / ruff", "Successful in 38s", None),
    ("security / dependency-audit", "Successful in 1m 12s — 0 known vulnerabilities", None),
    ("coverage / report", "Successful in 41s — 87.2% (+0.4%)", None),
    ("docs / preview", "Skipped — no changes under docs/", None),
]


def default_state(rec="target"):
    r = PR_RECS[rec]
    return dict(rec=rec, labels=list(r["labels"]), reviewers=[], popover=None, label_filter="",
                reviewer_query="", checks="passed", method="squash", form=False,
                commit_msg=f"{r['title']} (#{r['num']})", merged=None, merged_msg=None, out_of_date=False, flash=None, tooltip=None,
                modal=None, locked_message=False, tab="conversation", label_noop=False)


def check_items(rng, st, key_prefix="chk"):
    items = []
    for i, (nm, res, req) in enumerate(CHECKS):
        if st["checks"] == "pending" and nm.startswith("ci / integration"):
            img, res = "In progress", f"In progress — started {ago(rng, 2, 9, 'minute')}"
        else:
            img = "Skipped" if res.startswith("Skipped") else "Successful"
        kids = [n("img", img, key=f"{key_prefix}-img-{i}"), T(nm), T(res)]
        if req:
            kids.append(T(req))
        kids.append(n("link", "Details", url=U(f"/{REPO}/actions/runs/{88120 + i}")))
        items.append(n("listitem", "", *kids))
    return items


def pr_sidebar(rng, st, r):
    revs = []
    if not r["fork"]:
        revs.append(n("listitem", "", n("link", "lortega", url=U("/lortega")), T("approved these changes"),
                      n("img", "Approved")))
    for u in st["reviewers"]:
        revs.append(n("listitem", "", n("link", u, url=U(f"/{u}")), T(f"Awaiting requested review from {u}"),
                      n("button", f"Re-request review from {u}", disabled=True)))
    rev_body = n("list", "Reviewers", *revs) if revs else T("No reviews")
    lab_body = n("list", "Labels", *[n("listitem", "", n("link", lb, url=U(f"/{r['repo']}/labels/{lb}"))) for lb in st["labels"]]) \
        if st["labels"] else T("None yet")
    side = [
        n("heading", "Reviewers", level=3),
        n("button", "Edit reviewers", hasPopup="dialog", expanded=st["popover"] == "reviewers", key="edit-reviewers"),
        rev_body,
    ]
    if st["popover"] == "reviewers":
        side.append(reviewer_dialog(rng, st, r))
    if not r["fork"] and not st["merged"] and r["state"] == "open":
        side.append(n("link", "Still in progress? Convert to draft", url=U(f"/{r['repo']}/pull/{r['num']}/draft")))
    side += [
        n("heading", "Assignees", level=3),
        n("button", "Edit assignees", hasPopup="dialog", expanded=False),
        n("link", r["author"], url=U(f"/{r['author']}")),
        n("heading", "Labels", level=3),
        n("button", "Edit labels", hasPopup="dialog", expanded=st["popover"] == "labels", key="edit-labels"),
        lab_body,
    ]
    if st["popover"] == "labels":
        side.append(label_dialog(rng, st, r))
    side += [
        n("heading", "Milestone", level=3),
        n("link", "v2.14", url=U(f"/{r['repo']}/milestone/7")) if not r["fork"] else T("No milestone"),
        n("heading", "Development", level=3),
    ]
    if r["rec"] == "target":
        side += [T("Successfully merging this pull request may close these issues."),
                 n("link", "#1160 Settlement cutoff off by one hour after DST change", url=U(f"/{REPO}/issues/1160")),
                 T("Supersedes"), n("link", "#1098 Handle DST shift in settlement cutoff (closed)", url=U(f"/{REPO}/pull/1098"))]
    elif r["rec"] == "nm1147":
        side += [n("link", "#1151 Settlement report shows previous day after DST", url=U(f"/{REPO}/issues/1151"))]
    else:
        side += [T("None yet")]
    side += [n("heading", "Notifications", level=3), n("button", "Unsubscribe"),
             T("You’re receiving notifications because you were mentioned."),
             T(f"{rng.choice([4, 5])} participants")]
    return n("complementary", "Pull request details", *side)


def label_dialog(rng, st, r):
    f = st["label_filter"].lower()
    boxes = []
    for lb, desc in LABELS:
        if f and f not in lb:
            continue
        boxes.append(n("checkbox", lb, checked=lb in st["labels"], key=f"lbl-{lb}"))
        boxes.append(T(desc))
    if not boxes:
        boxes = [T("No labels matched your filter.")]
    return n("dialog", "Apply labels to this pull request",
             n("heading", "Apply labels to this pull request", level=3),
             n("button", "Close", key="lbl-close"),
             n("textbox", "Filter labels", value=st["label_filter"] or None, focused=True, key="lbl-filter"),
             n("group", "Labels", *boxes),
             n("link", "Edit labels", url=U(f"/{r['repo']}/labels")))


def reviewer_dialog(rng, st, r):
    qv = st["reviewer_query"].lower()
    people = REVIEWER_DIR if not r["fork"] else ["jdoe"]
    hits = []
    for u in people:
        full = PEOPLE[u]
        if qv and qv not in u.lower() and qv not in full.lower() and not (len(qv) > 4 and qv[-4:] in u):
            continue
        checked = u in st["reviewers"] or (u == "lortega" and not r["fork"])
        hits.append(n("menuitemcheckbox", f"{u} {full}", checked=checked, key=f"rev-{u}",
                      disabled=True if u == "lortega" else None))
    kids = [n("heading", "Request up to 15 reviewers", level=3),
            n("button", "Close", key="rev-close"),
            n("textbox", "Type or choose a user", value=st["reviewer_query"] or None, focused=True, key="rev-q")]
    if not qv:
        kids.append(T("Suggestions"))
    if hits:
        kids.append(n("menu", "Reviewers", *hits))
    else:
        kids.append(T(f"No users found matching “{st['reviewer_query']}”. Only collaborators on {r['repo']} can be requested."))
    return n("dialog", "Request up to 15 reviewers", *kids)


def merge_box(rng, st, r):
    if st["merged"]:
        how = "via rebase" if st["merged"] == "rebase" else ""
        kids = [n("img", "Merged"), n("heading", "Pull request successfully merged and closed", level=3),
                T(f"You're all set — the {r['branch']} branch can be safely deleted."),
                n("button", "Delete branch", key="delete-branch")]
        if how:
            kids.insert(2, T(f"{r['commits']} commits were rebased onto main."))
        return n("region", "Merge status", *kids)
    if r["state"] == "closed":
        return n("region", "Merge status",
                 n("heading", "Closed with unmerged commits", level=3),
                 T("This pull request is closed, but the hliu/dst-cutoff-v1 branch has unmerged commits."),
                 n("button", "Reopen pull request", key="reopen"))
    kids = []
    if not r["fork"]:
        kids += [n("img", "Approved"), n("heading", "Review approved", level=3),
                 T("1 approving review by reviewers with write access."),
                 n("link", "Learn more about pull request reviews.", url=U("/docs/reviews"))]
    else:
        kids += [n("heading", "Review required", level=3), T("At least 1 approving review is required by jdoe/ledger-api.")]
    pending = st["checks"] == "pending"
    if pending:
        kids += [n("img", "Pending"), n("heading", "Some checks haven't completed yet", level=3),
                 T("5 successful, 1 skipped, and 1 in progress checks")]
    else:
        kids += [n("img", "Successful"), n("heading", "All checks have passed", level=3),
                 T("6 successful and 1 skipped checks")]
    kids += [n("button", "Hide all checks", expanded=True, key="hide-checks"),
             n("list", "Checks", *check_items(rng, st))]
    if st["tooltip"]:
        kids.append(n("tooltip", st["tooltip"]))
    if st.get("out_of_date"):
        kids += [n("img", "Out of date"), n("heading", "This branch is out-of-date with the base branch", level=3),
                 T("Merge the latest changes from main into this branch. 1 new commit was pushed to main."),
                 n("button", "Update branch", key="update-branch")]
    else:
        kids += [n("img", "No conflicts"), n("heading", "This branch has no conflicts with the base branch", level=3),
                 T("Merging can be performed automatically.")]
    if pending:
        kids += [T('Merging is blocked: required status check "ci / integration (postgres-15)" is in progress.')]
    if st["form"]:
        kids.append(merge_form(rng, st, r))
    else:
        main_label = {"squash": "Squash and merge", "rebase": "Rebase and merge", "merge": "Create a merge commit"}[st["method"]]
        kids += [n("button", main_label, disabled=True if pending else None, key="merge-btn"),
                 n("button", "Select merge method", hasPopup="menu", expanded=st["popover"] == "merge-menu",
                   disabled=True if pending else None, key="merge-menu")]
        if st["popover"] == "merge-menu":
            kids.append(n("menu", "Select merge method",
                          n("menuitemradio", "Create a merge commit", checked=st["method"] == "merge", key="mm-merge"),
                          T("All commits from this branch will be added to the base branch via a merge commit."),
                          n("menuitemradio", "Squash and merge", checked=st["method"] == "squash", key="mm-squash"),
                          T(f"The {r['commits']} commits from this branch will be combined into one commit in the base branch."),
                          n("menuitemradio", "Rebase and merge", checked=st["method"] == "rebase", key="mm-rebase"),
                          T(f"The {r['commits']} commits from this branch will be rebased and added to the base branch.")))
        kids.append(T("You can also open this in Gitgrove Desktop or view command line instructions."))
    return n("region", "Merge status", *kids)


def merge_form(rng, st, r):
    if st["method"] == "rebase":
        return n("group", "Rebase and merge",
                 T(f"The {r['commits']} commits from this branch will be rebased and added to main. No merge commit is created."),
                 n("button", "Confirm rebase and merge", key="confirm"),
                 n("button", "Cancel", key="cancel"))
    kids = []
    if st["locked_message"]:
        kids += [T("Commit message"),
                 T(f"{r['title']} (#{r['num']})"),
                 n("note", "", T("Squash commit messages are set by repository policy (pull request title). "
                                 "Contact a repository admin to change this."))]
    else:
        kids += [n("textbox", "Commit message", value=st["commit_msg"] or None, required=True, key="commit-msg"),
                 n("textbox", "Extended description",
                   value="* Compute settlement cutoff in merchant timezone * Add spring-forward and fall-back fixtures "
                         "* Address review: drop fixed UTC offset", key="commit-desc")]
    kids += [n("combobox", "Commit email", value="marta.kowalski@northwind.io", hasPopup="listbox", expanded=False),
             T("This commit will be authored by marta.kowalski@northwind.io"),
             n("button", "Confirm squash and merge", disabled=True if not st["commit_msg"] else None, key="confirm"),
             n("button", "Cancel", key="cancel")]
    return n("group", "Squash and merge", *kids)


def pr_timeline(rng, st, r):
    t = []
    if r["rec"] == "target":
        t.append(n("article", "hliu commented",
                   n("link", "hliu", url=U("/hliu")), T("commented"), T("2 days ago"),
                   n("button", "Show options", hasPopup="menu", expanded=False),
                   n("heading", "What", level=3),
                   T("Settlement cutoff was computed in UTC and then shifted by a fixed offset, so on the night of the "
                     "DST change the batch closed an hour early and 212 payouts failed with CUTOFF_EXPIRED."),
                   T("This PR computes the cutoff in the merchant's zone with zoneinfo and adds spring-forward and "
                     "fall-back fixtures for Sydney, Santiago and New York."),
                   n("heading", "Notes", level=3),
                   T("Fixes"), n("link", "#1160", url=U(f"/{REPO}/issues/1160")),
                   T(". Supersedes"), n("link", "#1098", url=U(f"/{REPO}/pull/1098")),
                   T("(closed — it broke the Sydney fixtures). Not to be confused with"),
                   n("link", "#1147", url=U(f"/{REPO}/pull/1147")),
                   T(", which fixes the settlement report headers. The APAC follow-up is"),
                   n("link", "#1180", url=U(f"/{REPO}/pull/1180")), T("."),
                   n("button", "Add reaction", hasPopup="menu", expanded=False)))
        t.append(n("list", "Commits",
                   *[n("listitem", "", n("link", m, url=U(f"/{REPO}/pull/1174/commits/{h}")), T(h))
                     for m, h in [("Compute settlement cutoff in merchant timezone", "a81f3c2"),
                                  ("Add spring-forward and fall-back fixtures", "4d07be9"),
                                  ("Address review: drop fixed UTC offset", "c3e5a10")]]))
        t.append(n("article", "gg-ci commented",
                   n("link", "gg-ci", url=U("/apps/gg-ci")), T("bot"), T("commented"), T(ago(rng, 19, 23, "hour")),
                   T("Coverage report: 87.2% (+0.4%). 0 new warnings."),
                   T("Previous run failed: ci / integration (postgres-15) — registry session expired while pulling "
                     "postgres:15; retried automatically and passed.")))
        t.append(n("article", "rbaptiste commented",
                   n("link", "rbaptiste", url=U("/rbaptiste")), T("commented"), T("1 day ago"),
                   T("FYI the error we saw in staging (permission denied for table settlement_windows) is unrelated — "
                     "that's the migration role, tracked in"), n("link", "#1159", url=U(f"/{REPO}/pull/1159")), T("."),
                   T("My"), n("link", "#1147", url=U(f"/{REPO}/pull/1147")),
                   T("touches the report side only, so no conflict expected.")))
        t.append(n("article", "", n("link", "rbaptiste", url=U("/rbaptiste")), T("mentioned this pull request in"),
                   n("link", "Handle DST shift in settlement report #1147", url=U(f"/{REPO}/pull/1147")), T("1 day ago")))
        t.append(n("article", "", n("link", "jdoe", url=U("/jdoe")), T("referenced this pull request from a fork"),
                   n("link", "jdoe/ledger-api#12 Handle DST shift in settlement cutoff", url=U("/jdoe/ledger-api/pull/12")),
                   T("5 days ago")))
        t.append(n("article", "", n("link", "hliu", url=U("/hliu")), T("mentioned this pull request in"),
                   n("link", "northwind/ledger-worker#417 Handle DST shift in settlement cutoff", url=U("/northwind/ledger-worker/pull/417")),
                   T("2 days ago")))
        t.append(n("article", "lortega reviewed",
                   n("link", "lortega", url=U("/lortega")), T("approved these changes"), T(ago(rng, 2, 7, "hour")),
                   T("LGTM. Checked the Sydney and Santiago fixtures; the old expired-cutoff failure no longer "
                     "reproduces. @mkowalski can you merge once CI is green?")))
    elif r["rec"] == "nm1147":
        t.append(n("article", "rbaptiste commented",
                   n("link", "rbaptiste", url=U("/rbaptiste")), T("commented"), T("9 days ago"),
                   T("Settlement report headers showed the previous business day after the DST change. This only "
                     "touches reports/; the cutoff itself is fixed in"), n("link", "#1174", url=U(f"/{REPO}/pull/1174")), T(".")))
        t.append(n("article", "hliu commented", n("link", "hliu", url=U("/hliu")), T("commented"), T("6 days ago"),
                   T("Can you rebase after #1174 lands? The fixtures overlap.")))
    elif r["rec"] == "nm1098":
        t.append(n("article", "hliu commented", n("link", "hliu", url=U("/hliu")), T("commented"), T("6 weeks ago"),
                   T("First attempt at the DST cutoff fix: shift the cutoff by the zone's current offset.")))
        t.append(n("article", "lortega commented", n("link", "lortega", url=U("/lortega")), T("commented"), T("5 weeks ago"),
                   T("This fails for Sydney on the fall-back night; the test failed twice. Closing in favour of a zoneinfo approach.")))
        t.append(n("article", "", n("link", "lortega", url=U("/lortega")), T("closed this"), T("5 weeks ago")))
        t.append(n("article", "", n("link", "hliu", url=U("/hliu")), T("mentioned this pull request in"),
                   n("link", "Handle DST shift in settlement cutoff #1174", url=U(f"/{REPO}/pull/1174")), T("2 days ago")))
    else:
        t.append(n("article", "jdoe commented", n("link", "jdoe", url=U("/jdoe")), T("commented"), T("5 days ago"),
                   T("Trying the upstream fix on my fork before our partner demo. Same change as"),
                   n("link", "northwind/ledger-api#1174", url=U(f"/{REPO}/pull/1174")), T(".")))
    for lb in st["labels"]:
        if lb not in r["labels"]:
            t.append(n("article", "", n("link", ME, url=U(f"/{ME}")), T("added the"),
                       n("link", lb, url=U(f"/{r['repo']}/labels/{lb}")), T("label just now")))
    for u in st["reviewers"]:
        t.append(n("article", "", n("link", ME, url=U(f"/{ME}")), T("requested a review from"),
                   n("link", u, url=U(f"/{u}")), T("just now")))
    if st["merged"]:
        sha = "9c4e1d7" if st["merged"] == "squash" else "e02b7f1"
        msg = st["merged_msg"]
        t.append(n("article", "", n("link", ME, url=U(f"/{ME}")),
                   T(f"merged commit {sha} into main" if st["merged"] == "squash" else f"merged {r['commits']} commits into main via rebase"),
                   n("link", msg, url=U(f"/{REPO}/commit/{sha}")), T("just now")))
    return n("region", "Conversation", *t)


def pr_page(rng, st, error=None):
    r = dict(PR_RECS[st["rec"]], rec=st["rec"])
    repo, num = r["repo"], r["num"]
    if st["merged"]:
        badge = "Merged"
        line = f"{ME} merged {r['commits']} commits into main from {r['branch']} just now"
    elif r["state"] == "closed":
        badge = "Closed"
        line = f"{r['author']} wants to merge {r['commits']} commits into main from {r['branch']}"
    else:
        badge = "Open"
        c = "commit" if r["commits"] == 1 else "commits"
        line = f"{r['author']} wants to merge {r['commits']} {c} into {r['base']} from {r['branch']}"
    tabs = n("tablist", "Pull request tabs",
             n("tab", f"Conversation {6 if r['rec'] == 'target' else 2}", selected=st["tab"] == "conversation", key="tab-conv"),
             n("tab", f"Commits {r['commits']}", selected=False, key="tab-commits"),
             n("tab", "Checks 7", selected=st["tab"] == "checks", key="tab-checks"),
             n("tab", f"Files changed {r['files']}", selected=False, key="tab-files"))
    flash = None
    if st["flash"]:
        kind, msg = st["flash"]
        flash = n("alert" if kind == "error" else "status", "", T(msg), n("button", "Dismiss this message", key="flash-x"))
    title_h = n("heading", f"{r['title']} #{num}", level=1)
    head = [title_h, n("button", "Edit title"), n("button", "Code", hasPopup="menu", expanded=False),
            n("img", badge), T(badge), T(line),
            n("button", f"Copy branch name {r['branch']}")]
    if st["tab"] == "checks":
        content = n("tabpanel", "Checks",
                    n("navigation", "Check suites",
                      *[n("link", nm, url=U(f"/{repo}/pull/{num}/checks?check={i}"), key=f"suite-{i}")
                        for i, (nm, _, _) in enumerate(CHECKS)]),
                    n("heading", "ci / build (ubuntu-22.04)", level=2),
                    T("succeeded " + ago(rng, 3, 9, "hour") + " in 2m 51s"),
                    n("list", "Steps", *[n("listitem", "", n("button", s, expanded=False))
                                         for s in ["Set up job", "Checkout", "Restore cache", "Build wheel",
                                                   "Post Restore cache", "Complete job"]]),
                    n("list", "All checks", *check_items(rng, st, key_prefix="cchk")),
                    T("Annotations: 1 warning — Node.js 16 actions are deprecated."))
        main_kids = [*repo_header(rng, repo, "Pull requests", fork=r["fork"]), flash, *head, tabs, content]
    else:
        content = [pr_timeline(rng, st, r), merge_box(rng, st, r),
                   n("region", "Add a comment",
                     n("heading", "Add a comment", level=2),
                     n("tablist", "", n("tab", "Write", selected=True), n("tab", "Preview", selected=False)),
                     n("textbox", "Add your comment here…", key="comment"),
                     n("button", "Close pull request", key="close-pr") if not st["merged"] and r["state"] == "open" else None,
                     n("button", "Comment", disabled=True),
                     T("Markdown is supported. Paste, drop, or click to add files.")),
                   pr_sidebar(rng, st, r)]
        main_kids = [*repo_header(rng, repo, "Pull requests", fork=r["fork"]), flash, *head, tabs, *content]
    modal = []
    if st["modal"] == "2fa":
        modal = [n("dialog", "Confirm access", 
                   n("heading", "Confirm access", level=2),
                   T("Signed in as @mkowalski. Merging into a protected branch requires a recent two-factor check."),
                   n("textbox", "Authentication code", required=True, key="otp"),
                   T("Open your two-factor authenticator app to view your authentication code."),
                   n("button", "Verify", disabled=True, key="otp-verify"),
                   n("link", "Use a recovery code or security key", url=U("/sessions/two-factor/recovery")),
                   n("button", "Cancel", key="otp-cancel"), modal=True)]
    if st.get("toast"):
        modal = modal + [n("status", "", T(st["toast"]))]
    main = n("main", "", *main_kids)
    suffix = "" if st["tab"] == "conversation" else "/checks"
    return page(rng, U(f"/{repo}/pull/{num}{suffix}"),
                f"{r['title']} by {r['author']} · Pull Request #{num} · {repo}", main, error=error, extra=modal)


# --------------------------------------------------------------------------------------------
# Trajectory builder
# --------------------------------------------------------------------------------------------
C1, C2, C3, C4 = "open-pr", "label-and-reviewer", "checks-pass", "squash-merge"
PR_URL = U(f"/{REPO}/pull/1174")


def fill_cmd(text):
    return "fill('{bid}', " + q(text) + ")"


class Run:
    def __init__(self, rid, fault=None, off=None, seed_unread=4):
        self.rid, self.fault, self.off = rid, fault, off
        self.steps, self.init, self.cur, self.fn = [], None, None, None
        self.st = default_state()
        self.unread = seed_unread

    def _rng(self):
        return random.Random(f"gitgrove:{self.rid}:{len(self.steps)}")

    def _build(self, fn, inpage):
        BUILD["prev"] = self.cur if inpage else None
        BUILD["unread"] = self.unread
        try:
            pg = fn(self._rng())
        finally:
            BUILD["prev"] = None
        self.fn = fn
        return pg

    def start(self, fn):
        self.init = self.cur = self._build(fn, inpage=False)
        return self

    def pr(self, rec=None, **over):
        """Switch the pull request being shown (a fresh state for a newly opened PR)."""
        if rec is not None:
            self.st = default_state(rec)
        self.st.update(over)
        return lambda rng: pr_page(rng, self.st)

    def act(self, com, cmd, key=None, why="", effect="read", fn=None, inpage=False, error=None):
        action = {"command": cmd, "reasoning": why, "effect": effect}
        if key is not None:
            bid = self.cur.find(key)
            role, name = self.cur.bybid[bid]
            action["command"] = cmd.replace("{bid}", bid)
            action["target"] = node_label(role, name)
        pg = self._build(fn or self.fn, inpage)
        if error is not None:
            pg.error = error
        step = {"commitment": com, "action": action, "observation": pg.obs()}
        self.steps.append(step)
        self.cur = pg
        return len(self.steps) - 1

    def msg(self, text, com=C4):
        return self.act(com, f"send_msg_to_user({q(text)})", None, "Report the result to the user", "read",
                        inpage=True)

    def record(self, success):
        return {
            "id": self.rid, "workflow": "pr-merge", "task": TASK, "plan": "plans/pr-merge.yaml",
            "label": {"fault": self.fault, "first_off_track_step": self.off},
            "initial_observation": self.init.obs(),
            "steps": self.steps,
            "outcome": {"success": success},
        }


CLICK = "click('{bid}')"
ESC = "keyboard_press('Escape')"
PR_FN = lambda run: (lambda rng: pr_page(rng, run.st))


def labels_flow(run, filt="regression", close="escape", noop=False):
    st = run.st
    st["popover"] = "labels"
    run.act(C2, CLICK, "edit-labels", "Open the label picker in the sidebar", "read", inpage=True)
    if filt:
        st["label_filter"] = filt
        run.act(C2, fill_cmd(filt), "lbl-filter", f"Narrow the label list to '{filt}'", "read", inpage=True)
    i = len(run.steps)
    if not noop:
        st["labels"].append("regression")
        st["toast"] = "Labels updated"
    run.act(C2, CLICK, "lbl-regression", "Tick the 'regression' label (not regression-test)", "write", inpage=True)
    st["toast"] = None
    if close:
        st["popover"], st["label_filter"] = None, ""
        if close == "escape":
            run.act(C2, ESC, None, "Close the label picker", "read", inpage=True)
        else:
            run.act(C2, CLICK, "lbl-close", "Close the label picker", "read", inpage=True)
    return i


def reviewer_flow(run, query="aokafor", close=True, flash=None):
    st = run.st
    st["popover"] = "reviewers"
    run.act(C2, CLICK, "edit-reviewers", "Open the reviewer picker", "read", inpage=True)
    st["reviewer_query"] = query
    run.act(C2, fill_cmd(query), "rev-q", f"Search reviewers for '{query}'", "read", inpage=True)
    i = len(run.steps)
    if flash:
        st["popover"], st["reviewer_query"], st["flash"] = None, "", ("error", flash)
    else:
        st["reviewers"].append("aokafor")
        st["toast"] = "Review requested from aokafor"
    run.act(C2, CLICK, "rev-aokafor", "Pick Ada Okafor (aokafor), not Adam Okafor", "write", inpage=True)
    st["toast"] = None
    if close and not flash:
        st["popover"], st["reviewer_query"] = None, ""
        run.act(C2, ESC, None, "Close the reviewer picker", "read", inpage=True)
    return i


def scroll(run, com=C3, why="Scroll to the merge box and look at the checks"):
    return run.act(com, "scroll(0, 1400)", None, why, "read", inpage=True)


def open_form(run, why="Open the squash-merge form"):
    run.st["form"] = True
    return run.act(C4, CLICK, "merge-btn", why, "read", inpage=True)


def fill_msg(run, msg=COMMIT_MSG):
    run.st["commit_msg"] = msg
    return run.act(C4, fill_cmd(msg), "commit-msg", "Replace the default commit message with the requested one",
                   "read", inpage=True)


def confirm(run, outcome="merged", flash=None, why="Confirm the squash merge"):
    st = run.st
    i = len(run.steps)
    if outcome == "merged":
        st.update(form=False, popover=None, flash=None, merged=st["method"],
                  merged_msg=st["commit_msg"] if st["method"] == "squash" else "Address review: drop fixed UTC offset")
        run.act(C4, CLICK, "confirm", why, "irreversible", fn=PR_FN(run))
    elif outcome == "refused":
        st.update(form=False, popover=None, flash=("error", flash))
        run.act(C4, CLICK, "confirm", why, "irreversible", fn=PR_FN(run))
    elif outcome == "2fa":
        st.update(modal="2fa")
        run.act(C4, CLICK, "confirm", why, "irreversible", fn=PR_FN(run), inpage=True)
    return i


def merge_flow(run, do_scroll=True, menu=False):
    if do_scroll:
        scroll(run)
    if menu:
        run.st["popover"] = "merge-menu"
        run.act(C4, CLICK, "merge-menu", "Check which merge method is selected", "read", inpage=True)
        run.st["popover"] = None
        run.act(C4, CLICK, "mm-squash", "Keep 'Squash and merge' selected", "read", inpage=True)
    open_form(run)
    fill_msg(run)
    return confirm(run)


DONE_MSG = ("Done. northwind/ledger-api#1174 \"Handle DST shift in settlement cutoff\" now has the regression label, "
            "a review is requested from Ada Okafor (@aokafor), all checks passed (6 successful, 1 skipped), and it was "
            "squash-merged into main as 9c4e1d7 \"Fix settlement cutoff across DST transitions (#1174)\".")


def dash(run, **kw):
    return lambda rng: dashboard(rng, **kw)


def plist(**kw):
    return lambda rng: pr_list(rng, **kw)


# --------------------------------------------------------------------------------------------
# Healthy runs
# --------------------------------------------------------------------------------------------
def healthy_01():
    r = Run("pr-merge-healthy-01").start(dash(None))
    r.act(C1, CLICK, "repo-northwind/ledger-api", "Open the ledger-api repository from my top repositories",
          fn=lambda rng: repo_home(rng))
    r.act(C1, CLICK, "tab-Pull requests", "Go to the repository's pull requests", fn=plist())
    r.act(C1, CLICK, "row-1174", "Open #1174 Handle DST shift in settlement cutoff (not #1147 or the draft #1180)",
          fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    merge_flow(r)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_02():
    r = Run("pr-merge-healthy-02", seed_unread=3).start(dash(None))
    qtext = "Handle DST shift in settlement cutoff"
    r.act(C1, fill_cmd(qtext), "gsearch", "Search Gitgrove for the pull request title", fn=dash(None, search=qtext),
          inpage=True)
    r.act(C1, "press('{bid}', 'Enter')", "gsearch", "Run the search", fn=lambda rng: search_results(rng, qtext))
    r.act(C1, CLICK, "sr-northwind/ledger-api-1174",
          "Several repos share this title; open the one in northwind/ledger-api with number #1174", fn=r.pr("target"))
    labels_flow(r, filt=None)
    reviewer_flow(r, query="Ada")
    merge_flow(r, do_scroll=False)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_03():
    r = Run("pr-merge-healthy-03", seed_unread=5).start(dash(None))
    r.act(C1, f"goto({q(PR_URL)})", None, "I know the URL of the pull request; go straight there", fn=r.pr("target"))
    reviewer_flow(r, query="okafor")
    labels_flow(r, filt="regr")
    scroll(r)
    r.st["tooltip"] = "Required · ci / integration (postgres-15) · completed in 6m 33s"
    r.act(C3, "hover('{bid}')", "chk-img-2", "Hover the integration check to see whether it is required",
          inpage=True)
    r.st["tooltip"] = None
    merge_flow(r, do_scroll=False)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_04():
    r = Run("pr-merge-healthy-04").start(plist())
    r.act(C1, "select_option('{bid}', 'Recently updated')", "sort", "Sort by recently updated",
          fn=plist(sort="Recently updated"))
    typed = "is:pr is:open DST cutoff"
    r.act(C1, fill_cmd(typed), "filter", "Filter the list for the DST cutoff change",
          fn=plist(sort="Recently updated", typed=typed), inpage=True)
    r.act(C1, "press('{bid}', 'Enter')", "filter", "Apply the filter",
          fn=plist(query=typed, sort="Recently updated"))
    r.act(C1, CLICK, "row-1174", "Open #1174; #1180 is the APAC draft", fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    merge_flow(r, menu=True)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_05():
    r = Run("pr-merge-healthy-05").start(plist(query="is:pr is:open label:dependencies"))
    r.act(C1, CLICK, "clear", "The list is filtered to dependency bumps; clear the filter", fn=plist())
    r.act(C1, CLICK, "next", "Look at the next page of open pull requests", fn=plist(page_no=2))
    r.act(C1, CLICK, "page-1", "#1174 was on the first page after all; go back", fn=plist(page_no=1))
    r.act(C1, CLICK, "row-1174", "Open #1174 Handle DST shift in settlement cutoff", fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    merge_flow(r)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_06():
    r = Run("pr-merge-healthy-06").start(lambda rng: repo_home(rng))
    r.act(C1, CLICK, "tab-Pull requests", "Go to the pull requests", fn=plist())
    r.act(C1, CLICK, "row-1174", "Open #1174", fn=r.pr("target", checks="pending"))
    labels_flow(r)
    reviewer_flow(r)
    scroll(r, why="Check the CI status before merging")
    r.act(C3, "noop(30000)", None, "Integration tests are still running; wait", inpage=True)
    r.st["checks"] = "passed"
    r.act(C3, f"goto({q(PR_URL)})", None, "Reload the page to refresh the check status", fn=PR_FN(r))
    merge_flow(r, do_scroll=False)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_07():
    r = Run("pr-merge-healthy-07", seed_unread=3).start(dash(None))
    r.act(C1, CLICK, "feed-1174", "Open #1174 from the activity feed", fn=r.pr("target"))
    r.st["tab"] = "checks"
    r.act(C3, CLICK, "tab-checks", "Look at the Checks tab first", fn=PR_FN(r))
    scroll(r, why="Scroll through the list of checks")
    r.st["tab"] = "conversation"
    r.act(C2, CLICK, "tab-conv", "Back to the conversation to edit labels and reviewers", fn=PR_FN(r))
    labels_flow(r, filt="regr", close="button")
    reviewer_flow(r)
    merge_flow(r)
    r.msg(DONE_MSG)
    return r.record(True)


def healthy_08():
    r = Run("pr-merge-healthy-08", seed_unread=5).start(dash(None))
    r.act(C1, CLICK, "notif", "Hana's mention about #1174 should be in my notifications",
          fn=lambda rng: notifications(rng))
    r.act(C1, CLICK, "notif-1174", "Open the northwind/ledger-api #1174 notification", fn=r.pr("target"))
    labels_flow(r, close="button")
    reviewer_flow(r)
    merge_flow(r)
    r.msg(DONE_MSG)
    return r.record(True)


# --------------------------------------------------------------------------------------------
# Faulty runs
# --------------------------------------------------------------------------------------------
def wrong_record_01():
    r = Run("pr-merge-wrong_record-01", "wrong_record").start(plist())
    typed = "is:pr is:open DST settlement"
    r.act(C1, fill_cmd(typed), "filter", "Filter for the DST settlement change", fn=plist(typed=typed), inpage=True)
    r.act(C1, "press('{bid}', 'Enter')", "filter", "Apply the filter", fn=plist(query=typed))
    r.off = r.act(C1, CLICK, "row-1147", "Open the DST settlement pull request", fn=r.pr("nm1147"))
    labels_flow(r)
    reviewer_flow(r)
    merge_flow(r)
    r.msg(DONE_MSG)
    return r.record(False)


def wrong_record_02():
    r = Run("pr-merge-wrong_record-02", "wrong_record", seed_unread=3).start(dash(None))
    qtext = "Handle DST shift in settlement cutoff"
    r.act(C1, fill_cmd(qtext), "gsearch", "Search for the pull request by title", fn=dash(None, search=qtext),
          inpage=True)
    r.act(C1, "press('{bid}', 'Enter')", "gsearch", "Run the search", fn=lambda rng: search_results(rng, qtext))
    r.off = r.act(C1, CLICK, "sr-jdoe/ledger-api-12", "The top result has exactly the right title; open it",
                  fn=r.pr("fork12"))
    labels_flow(r, filt=None)
    st = r.st
    st["popover"] = "reviewers"
    r.act(C2, CLICK, "edit-reviewers", "Open the reviewer picker", inpage=True)
    st["reviewer_query"] = "aokafor"
    r.act(C2, fill_cmd("aokafor"), "rev-q", "Search for Ada Okafor", inpage=True)
    r.msg("I added the regression label to \"Handle DST shift in settlement cutoff\" but could not request a review "
          "from Ada Okafor: Gitgrove says she is not a collaborator. I did not merge.", com=C2)
    return r.record(False)


def session_expired_01():
    r = Run("pr-merge-session_expired-01", "session_expired")
    r.st = default_state("target")
    r.start(PR_FN(r))
    labels_flow(r)
    ret = f"/{REPO}/pull/1174"
    r.off = r.act(C2, CLICK, "edit-reviewers", "Open the reviewer picker",
                  fn=lambda rng: login_page(rng, ret, flash="Your session has expired. Please sign in again."))
    r.act(C2, fill_cmd("aokafor"), "login-user", "Type Ada's handle to find her",
          fn=lambda rng: login_page(rng, ret, flash="Your session has expired. Please sign in again."), inpage=True)
    r.act(C2, "press('{bid}', 'Enter')", "login-user", "Select her",
          fn=lambda rng: login_page(rng, ret, flash="Incorrect username or password."))
    return r.record(False)


def stale_filter_01():
    r = Run("pr-merge-stale_filter-01", "stale_filter", off=0).start(plist(query="is:pr is:closed DST", restored=True))
    r.act(C1, CLICK, "row-1098", "Open Handle DST shift in settlement cutoff", fn=r.pr("nm1098"))
    labels_flow(r)
    scroll(r, why="Scroll down to the merge box")
    r.msg("I added the regression label to \"Handle DST shift in settlement cutoff\", but the pull request is "
          "already closed, so there is nothing to merge.")
    return r.record(False)


def missing_control_01():
    r = Run("pr-merge-missing_control-01", "missing_control").start(dash(None))
    r.act(C1, f"goto({q(PR_URL)})", None, "Go straight to the pull request", fn=r.pr("target", locked_message=True))
    labels_flow(r)
    reviewer_flow(r)
    scroll(r)
    r.off = open_form(r)
    r.st.update(form=False, merged="squash", merged_msg="Handle DST shift in settlement cutoff (#1174)")
    r.act(C4, CLICK, "confirm", "Confirm the squash merge", "irreversible", fn=PR_FN(r))
    r.msg(DONE_MSG)
    return r.record(False)


def wrong_banner_01():
    r = Run("pr-merge-wrong_banner-01", "wrong_banner").start(lambda rng: repo_home(rng))
    r.act(C1, CLICK, "tab-Pull requests", "Open the pull request list", fn=plist())
    r.act(C1, CLICK, "row-1174", "Open #1174", fn=r.pr("target"))
    r.off = reviewer_flow(r, flash="Review request failed: the reviewer service timed out. Your changes were not saved.")
    labels_flow(r, filt=None)
    scroll(r)
    merge_flow(r, do_scroll=False)
    r.msg(DONE_MSG)
    return r.record(False)


def wrong_banner_02():
    r = Run("pr-merge-wrong_banner-02", "wrong_banner").start(dash(None))
    r.act(C1, CLICK, "repo-northwind/ledger-api", "Open the repository", fn=lambda rng: repo_home(rng))
    r.act(C1, CLICK, "tab-Pull requests", "Open the pull request list", fn=plist())
    r.act(C1, CLICK, "row-1174", "Open #1174", fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    scroll(r)
    open_form(r)
    fill_msg(r)
    r.st["out_of_date"] = True
    r.off = confirm(r, outcome="refused",
                    flash="Merge attempt failed: Base branch was modified. Review and try the merge again.")
    r.msg(DONE_MSG)
    return r.record(False)


def silent_noop_01():
    r = Run("pr-merge-silent_noop-01", "silent_noop").start(dash(None))
    r.act(C1, f"goto({q(PR_URL)})", None, "Go straight to the pull request", fn=r.pr("target"))
    r.off = labels_flow(r, noop=True)
    reviewer_flow(r)
    merge_flow(r)
    r.msg(DONE_MSG)
    return r.record(False)


def permission_denied_01():
    r = Run("pr-merge-permission_denied-01", "permission_denied").start(plist())
    r.act(C1, CLICK, "row-1174", "Open #1174", fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    scroll(r)
    open_form(r)
    fill_msg(r)
    deny = ("You're not authorized to merge this pull request. Merging into main requires the Maintain role "
            "on northwind/ledger-api.")
    r.off = confirm(r, outcome="refused", flash=deny)
    r.st["commit_msg"] = "Handle DST shift in settlement cutoff (#1174)"
    open_form(r, why="Try the merge again")
    confirm(r, outcome="refused", flash=deny, why="Confirm again")
    r.msg("The label and reviewer are set, but Gitgrove refused the merge: my account lacks the Maintain role "
          "on northwind/ledger-api. Someone with Maintain access needs to merge #1174.")
    return r.record(False)


def plan_drift_01():
    r = Run("pr-merge-plan_drift-01", "plan_drift", seed_unread=3).start(dash(None))
    r.act(C1, CLICK, "feed-1174", "Open #1174 from the activity feed", fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    scroll(r)
    r.st["popover"] = "merge-menu"
    r.act(C4, CLICK, "merge-menu", "Look at the merge methods", inpage=True)
    r.st.update(popover=None, method="rebase")
    r.off = r.act(C4, CLICK, "mm-rebase", "Rebase keeps history linear; use it", "read", inpage=True)
    open_form(r, why="Open the rebase merge form")
    confirm(r, why="Confirm the rebase merge")
    r.msg("Done: #1174 labelled regression, review requested from Ada Okafor, checks passed, and merged into main.")
    return r.record(False)


def plan_drift_02():
    r = Run("pr-merge-plan_drift-02", "plan_drift").start(dash(None))
    r.act(C1, f"goto({q(PR_URL)})", None, "Go straight to the pull request", fn=r.pr("target"))
    labels_flow(r)
    r.off = open_form(r, why="Checks are green and it is approved; merge now")
    fill_msg(r)
    confirm(r)
    r.msg(DONE_MSG)
    return r.record(False)


def interstitial_01():
    r = Run("pr-merge-interstitial-01", "interstitial").start(plist())
    r.act(C1, CLICK, "row-1174", "Open #1174", fn=r.pr("target"))
    labels_flow(r)
    reviewer_flow(r)
    scroll(r)
    open_form(r)
    fill_msg(r)
    r.off = confirm(r, outcome="2fa")
    bid = r.cur.find("confirm")
    err = ("TimeoutError: Locator.click: Timeout 500ms exceeded.\nCall log:\n"
           f"  - waiting for get_by_test_id(\"{bid}\")\n"
           "  - <dialog open aria-modal=\"true\" aria-label=\"Confirm access\">…</dialog> intercepts pointer events\n"
           "  - retrying click action")
    r.act(C4, CLICK, "confirm", "The merge did not go through; click confirm again", "irreversible",
          inpage=True, error=err)
    r.msg(DONE_MSG)
    return r.record(False)


HEALTHY = [healthy_01, healthy_02, healthy_03, healthy_04, healthy_05, healthy_06, healthy_07, healthy_08]
FAULTY = [wrong_record_01, wrong_record_02, session_expired_01, stale_filter_01, missing_control_01,
          wrong_banner_01, wrong_banner_02, silent_noop_01, permission_denied_01, plan_drift_01, plan_drift_02,
          interstitial_01]


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    with open(os.path.join(HERE, "plans", "pr-merge.yaml"), "w", encoding="utf-8") as f:
        f.write(PLAN_YAML)
    recs = [fn() for fn in HEALTHY + FAULTY]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(recs)} trajectories")


if __name__ == "__main__":
    main()
