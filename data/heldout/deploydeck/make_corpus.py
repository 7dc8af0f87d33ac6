#!/usr/bin/env python3
"""Generate the DeployDeck held-out corpus (stdlib only, fixed seed).

Writes corpus.jsonl and plans/<workflow>.yaml next to this file, in the formats of
FORMATS.md (fcpkit file formats). Run:  python3 make_corpus.py
"""
import json
import math
import os
import random
import re
import sys
from contextlib import contextmanager

sys.dont_write_bytecode = True  # keep the folder clean when importing plans_src

from plans_src import PROMOTE_TASK, PROMOTE_YAML, ROLLBACK_TASK, ROLLBACK_YAML

SEED = 20250313
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "https://deploydeck.kestrel-mobility.net"
PRODUCT = "DeployDeck"
USER = "Dana Okafor"


def q(s):
    """BrowserGym quotes names with Python's repr."""
    return repr(s)


def hexsha():
    return "".join(rng.choice("0123456789abcdef") for _ in range(7))


# --------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------
class Page:
    def __init__(self, path, title, bid_start=None):
        self.url = BASE + path
        self.title = title
        self.lines = []
        self.n = 10 if bid_start is None else bid_start
        self.depth = 1
        self.index = {}

    def node(self, role, name="", *props, bid=True):
        if bid:
            self.n += 1
            b = "a%d" % self.n
            line = "[%s] %s %s" % (b, role, q(name))
        else:
            b = None
            line = "%s %s" % (role, q(name))
        if props:
            line += ", " + ", ".join(props)
        self.lines.append("\t" * self.depth + line)
        if b:
            self.index.setdefault((role, name), []).append(b)
        return b

    def text(self, s):
        self.node("StaticText", s, bid=False)

    @contextmanager
    def sub(self, role, name="", *props):
        b = self.node(role, name, *props)
        self.depth += 1
        try:
            yield b
        finally:
            self.depth -= 1

    def find(self, role, name, last=False):
        bids = self.index.get((role, name))
        if not bids:
            raise KeyError("no %s %r on %s" % (role, name, self.url))
        return bids[-1] if last else bids[0]

    def obs(self, error=None):
        text = "RootWebArea %s, focused\n" % q(self.title) + "\n".join(self.lines)
        return {"url": self.url, "title": self.title, "text": text, "error": error}


def val(v):
    return "value=%s" % q(v)


def checked(b):
    return "checked=%s" % q("true" if b else "false")


SEL = "selected=True"
DIS = "disabled=True"
REQ = "required"
MODAL = "modal=True"


def collapsed():
    return "expanded=False"


# --------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------
NAV = ["Pipelines", "Releases", "Environments", "Incidents", "Audit log", "Settings"]


def header(p, current=None, search="", unread=3):
    with p.sub("banner", ""):
        p.node("link", "DeployDeck home")
        p.text("DeployDeck · Kestrel Mobility")
        with p.sub("navigation", "Main"):
            for item in NAV:
                p.node("link", item, *(["current='page'"] if item == current else []))
        with p.sub("search", ""):
            p.node("searchbox", "Search builds, services, deployments",
                   *([val(search)] if search else ["placeholder='Build no., service or dep-id'"]))
            p.node("button", "Search")
        p.node("button", "Notifications, %d unread" % unread, "hasPopup='menu'", collapsed())
        p.node("button", "Dana Okafor · Release Manager", "hasPopup='menu'", collapsed())


def crumbs(p, items):
    with p.sub("navigation", "Breadcrumb"):
        with p.sub("list", ""):
            for i, it in enumerate(items):
                with p.sub("listitem", ""):
                    if i < len(items) - 1:
                        p.node("link", it)
                    else:
                        p.text(it)


def recent(p, items):
    with p.sub("complementary", "Recently viewed"):
        p.node("heading", "Recently viewed", "level=2")
        with p.sub("list", ""):
            for it in items:
                with p.sub("listitem", ""):
                    p.node("link", it)


def footer(p):
    with p.sub("contentinfo", ""):
        p.text("© 2025 Kestrel Mobility · DeployDeck 4.12.0")
        p.node("link", "Status page")
        p.node("link", "Runbooks")
        p.node("link", "Keyboard shortcuts")
        p.node("link", "Help")
        p.text("Times shown in Europe/Lisbon (UTC+0)")


def live(p, toast=None, alert=None):
    with p.sub("status", "", "live='polite'"):
        if toast:
            p.text(toast)
            p.node("button", "Dismiss notification")
    with p.sub("alert", "", "live='assertive'"):
        if alert:
            p.text(alert)


def combo(p, label, value, options, *props):
    with p.sub("combobox", label, val(value), "hasPopup='menu'", collapsed(), *props):
        for o in options:
            p.node("option", o, *([SEL] if o == value else []))


def pagination(p, page, pages, label="Pagination"):
    with p.sub("navigation", label):
        p.node("button", "Previous page", *([DIS] if page <= 1 else []))
        p.text("Page %d of %d" % (page, pages))
        p.node("button", "Next page", *([DIS] if page >= pages else []))


# --------------------------------------------------------------------------------------
# Application data
# --------------------------------------------------------------------------------------
def build(no, service, version, branch, msg, stage, checks, created, commit=None):
    return {"no": no, "service": service, "version": version, "branch": branch,
            "commit": commit or hexsha(), "msg": msg, "stage": stage, "checks": checks,
            "created": created}


BUILDS = [
    build(4838, "tracking-web", "v12.1.0-rc.2", "release/12.1", "Bump map tiles SDK to 9.4", "dev", "Running", "2025-03-13 10:49"),
    build(4837, "geo-index", "v0.9.13", "main", "Reindex postcode shards nightly", "dev", "Passed", "2025-03-13 10:37"),
    build(4836, "checkout-api", "v2.15.0-rc.1", "feature/split-tender", "Split-tender checkout behind flag", "dev", "Passed", "2025-03-13 10:26"),
    build(4835, "warehouse-sync", "v1.4.1", "main", "Retry SFTP uploads with backoff", "dev", "Failed", "2025-03-13 10:18"),
    build(4834, "auth-gateway", "v4.3.0", "main", "Rotate JWKS every 12h", "dev", "Passed", "2025-03-13 10:09"),
    build(4833, "pricing-engine", "v3.2.1", "main", "Cap surge multiplier per region", "dev", "Passed", "2025-03-13 10:02"),
    build(4832, "route-planner", "v5.8.1", "hotfix/null-eta", "Guard null ETA when merging legs", "dev", "Running", "2025-03-13 09:55"),
    build(4831, "pricing-engine", "v3.2.0", "main", "Regional surge multipliers", "staging", "Running", "2025-03-13 09:48"),
    build(4830, "fleet-telemetry", "v1.19.4", "main", "Drop duplicate CAN frames", "staging", "Passed", "2025-03-13 09:41"),
    build(4829, "driver-app-bff", "v7.3.1", "main", "Paginate shift history", "staging", "Passed", "2025-03-13 09:12"),
    build(4828, "checkout-api-internal", "v2.14.3", "main", "Round split-tender refunds to cent (internal API)", "staging", "Passed", "2025-03-13 08:55", "77d1e3b"),
    build(4827, "checkout-api", "v2.14.3", "main", "Round split-tender refunds to cent (#1182)", "staging", "Passed", "2025-03-13 08:47", "3f9c1a7"),
    build(4826, "checkout-api", "v2.14.2", "hotfix/tax-rounding", "Fix VAT rounding on partial refunds", "staging", "Passed", "2025-03-12 17:20", "e12b5d0"),
    build(4825, "notifications-svc", "v0.42.0", "main", "Batch push receipts", "staging", "Passed", "2025-03-12 16:02"),
    build(4824, "route-planner", "v5.8.0", "main", "Merge multi-stop legs in one pass", "production", "Passed", "2025-03-12 14:40", "c5e1b09"),
    build(4823, "payments-gateway", "v9.0.1", "main", "Adyen webhooks v3", "staging", "Failed", "2025-03-12 13:11"),
    build(4822, "checkout-api", "v2.14.1", "main", "Idempotency keys on refunds", "production", "Passed", "2025-03-12 09:30", "aa41c03"),
    build(4821, "notifications-svc", "v0.41.3", "main", "Quiet hours per locale", "staging", "Passed", "2025-03-12 08:12"),
    build(4820, "route-planner-batch", "v5.8.0", "main", "Merge multi-stop legs in one pass (batch)", "production", "Passed", "2025-03-11 18:40"),
    build(4819, "checkout-api-internal", "v2.14.1", "main", "Idempotency keys on refunds (internal API)", "production", "Passed", "2025-03-11 17:55"),
    build(4818, "geo-index", "v0.9.12-1", "main", "Shard rebalance dry-run", "staging", "Failed", "2025-03-11 16:30"),
    build(4817, "driver-app-bff", "v7.3.0-hf1", "hotfix/shift-tz", "Shift times in driver timezone", "staging", "Passed", "2025-03-11 15:02"),
    build(4816, "pricing-engine", "v3.1.5", "main", "Fuel index feed v2", "staging", "Passed", "2025-03-11 13:47"),
    build(4815, "auth-gateway", "v4.2.8", "main", "Longer refresh tokens for kiosks", "staging", "Passed", "2025-03-11 11:20"),
    build(4814, "fleet-telemetry", "v1.19.3-1", "main", "Compress GPS batches", "staging", "Failed", "2025-03-11 10:05"),
    build(4813, "warehouse-sync", "v1.4.0-1", "main", "Map new bin codes", "staging", "Passed", "2025-03-10 19:12"),
    build(4812, "tracking-web", "v12.0.4", "main", "Fix ETA badge contrast", "staging", "Passed", "2025-03-10 17:33"),
    build(4811, "payments-gateway", "v9.0.0-1", "main", "Log PSP latency buckets", "staging", "Passed", "2025-03-10 15:50"),
    build(4810, "route-optimizer", "v2.3.2", "main", "Solver warm start", "staging", "Passed", "2025-03-10 14:06"),
    build(4809, "tracking-web", "v12.0.3", "main", "Parcel photo lightbox", "production", "Passed", "2025-03-10 11:18"),
    build(4808, "geo-index", "v0.9.11", "main", "Postcode aliases for NI", "staging", "Passed", "2025-03-10 10:02"),
    build(4807, "notifications-svc", "v0.41.2-1", "main", "Template cache TTL", "staging", "Passed", "2025-03-10 08:41"),
]
BY_NO = {b["no"]: b for b in BUILDS}
MONTHS = {"03": "Mar"}


def short(ts):  # "2025-03-13 08:47" -> "13 Mar 08:47"
    d, t = ts.split(" ")
    y, m, dd = d.split("-")
    return "%d %s %s" % (int(dd), MONTHS[m], t)


# current versions of checkout-api style services per environment (for the wizard)
ENV_RUNNING = {
    "checkout-api": {"production": ("v2.14.1", 4822), "production-eu": ("v2.14.1", 4822), "perf": ("v2.13.9", 4781)},
}

# per-build detail pages
BUILD_DETAIL = {
    4827: {
        "envs": [("dev", "Deployed 13 Mar 08:52 · replaced by v2.15.0-rc.1 at 10:31"),
                 ("staging", "Deployed 13 Mar 09:03 · current · staging soak passed (60 min)"),
                 ("production", "Not deployed · running v2.14.1 (build 4822)"),
                 ("production-eu", "Not deployed · running v2.14.1 (build 4822)")],
        "checks": [("Unit tests", "Passed · 1,284 tests"), ("Integration tests", "Passed · 212 tests"),
                   ("Container scan", "Passed · 0 critical, 2 low"), ("Staging soak (60 min)", "Passed · error rate 0.08%")],
        "related": ["4836 · v2.15.0-rc.1 · dev", "4826 · v2.14.2 · staging", "4822 · v2.14.1 · production"],
        "pr": "#1182 Round split-tender refunds to the cent",
    },
    4826: {
        "envs": [("dev", "Deployed 12 Mar 17:26 · replaced by v2.14.3 on 13 Mar 08:52"),
                 ("staging", "Deployed 12 Mar 17:41 · staging soak passed (60 min) · replaced by v2.14.3 on 13 Mar 09:03"),
                 ("production", "Not deployed · running v2.14.1 (build 4822)"),
                 ("production-eu", "Not deployed · running v2.14.1 (build 4822)")],
        "checks": [("Unit tests", "Passed · 1,279 tests"), ("Integration tests", "Passed · 210 tests"),
                   ("Container scan", "Passed · 0 critical, 2 low"), ("Staging soak (60 min)", "Passed · error rate 0.11%")],
        "related": ["4836 · v2.15.0-rc.1 · dev", "4827 · v2.14.3 · staging", "4822 · v2.14.1 · production"],
        "pr": "#1176 Fix VAT rounding on partial refunds",
    },
}

CHANGES = {
    "CHG-2291": "Approved · checkout-api 2.14.3 (split-tender refund rounding) · window 13 Mar 09:00–18:00",
    "CHG-2219": "Approved · pricing-engine 3.2.0 regional surge multipliers · window 13 Mar 09:00–18:00",
}

PROD_SERVICES = [
    ("auth-gateway", "v4.2.7", 4771, "Healthy", "11 Mar 14:02", "Identity"),
    ("checkout-api", "v2.14.1", 4822, "Healthy", "12 Mar 10:15", "Commerce"),
    ("checkout-api-internal", "v2.14.1", 4819, "Healthy", "12 Mar 10:31", "Commerce"),
    ("driver-app-bff", "v7.3.0", 4805, "Healthy", "10 Mar 11:47", "Driver Experience"),
    ("fleet-telemetry", "v1.19.3", 4801, "Healthy", "10 Mar 09:20", "Telematics"),
    ("geo-index", "v0.9.12", 4744, "Healthy", "6 Mar 16:55", "Routing"),
    ("notifications-svc", "v0.41.2", 4798, "Healthy", "9 Mar 13:05", "Messaging"),
    ("payments-gateway", "v9.0.0", 4779, "Healthy", "8 Mar 10:40", "Payments"),
    ("pricing-engine", "v3.1.4", 4788, "Healthy", "9 Mar 15:12", "Pricing"),
    ("route-optimizer", "v2.3.1", 4766, "Healthy", "7 Mar 12:30", "Routing"),
    ("route-planner", "v5.8.0", 4824, "Degraded", "13 Mar 08:05", "Routing"),
    ("route-planner-batch", "v5.8.0", 4820, "Healthy", "13 Mar 08:07", "Routing"),
    ("tracking-web", "v12.0.3", 4809, "Healthy", "11 Mar 17:18", "Customer Web"),
    ("warehouse-sync", "v1.4.0", 4760, "Warning", "6 Mar 09:44", "Warehouse"),
]

RP_HISTORY = [  # route-planner in production, newest first
    ("dep-88410", "v5.8.0", 4824, "13 Mar 08:05", "Marco Vidal", "Succeeded · current"),
    ("dep-88127", "v5.7.2", 4790, "10 Mar 16:22", "Marco Vidal", "Succeeded"),
    ("dep-88071", "v5.7.1", 4761, "7 Mar 09:14", "Aiko Tan", "Succeeded"),
    ("dep-87955", "v5.7.0", 4733, "5 Mar 15:02", "Marco Vidal", "Succeeded"),
    ("dep-87920", "v5.6.9", 4729, "4 Mar 17:48", "Aiko Tan", "Rolled back"),
]
RB_OPTIONS = ["Select a release…", "v5.7.2 · dep-88127 · 10 Mar 16:22", "v5.7.1 · dep-88071 · 7 Mar 09:14",
              "v5.7.0 · dep-87955 · 5 Mar 15:02"]
RB_TARGET = RB_OPTIONS[1]
REASON = "Elevated 5xx after v5.8.0 deploy (INC-7734)"

# --------------------------------------------------------------------------------------
# Pages: promote workflow
# --------------------------------------------------------------------------------------
REL_HEADERS = ["Build", "Service", "Version", "Branch", "Commit", "Stage", "Checks", "Created", "Actions"]


def page_releases(stage="staging", checks="Passed", order="desc", page=1, search="", toast=None,
                  recent_items=None):
    rows = [b for b in BUILDS if (stage == "All stages" or b["stage"] == stage)
            and (checks == "Any" or b["checks"] == checks)]
    rows.sort(key=lambda b: b["created"], reverse=(order == "desc"))
    per = 10
    pages = max(1, math.ceil(len(rows) / per))
    chunk = rows[(page - 1) * per: page * per]
    qs = "?stage=%s&checks=%s&sort=created&order=%s" % (
        "all" if stage == "All stages" else stage, checks.lower(), order)
    if page > 1:
        qs += "&page=%d" % page
    p = Page("/releases" + qs, "Releases · DeployDeck")
    header(p, "Releases", search)
    with p.sub("main", ""):
        crumbs(p, ["Home", "Releases"])
        p.node("heading", "Releases", "level=1")
        p.text("Builds that passed CI, by stage. Open a build to promote it to the next environment.")
        with p.sub("region", "Filters"):
            p.node("heading", "Filters", "level=2")
            combo(p, "Stage", stage, ["All stages", "dev", "staging", "production"])
            combo(p, "Checks", checks, ["Any", "Passed", "Failed", "Running"])
            p.node("textbox", "Service name", "placeholder='e.g. checkout-api'")
            p.node("button", "Reset filters")
        a = (page - 1) * per + 1
        p.text("%d builds · showing %d–%d" % (len(rows), a, a + len(chunk) - 1))
        with p.sub("table", "Builds"):
            with p.sub("rowgroup", ""):
                with p.sub("row", ""):
                    for h in REL_HEADERS:
                        if h == "Created":
                            with p.sub("columnheader", "Created",
                                       "sort=%s" % q("descending" if order == "desc" else "ascending")):
                                p.node("button", "Sort by Created")
                        else:
                            p.node("columnheader", h)
            with p.sub("rowgroup", ""):
                for b in chunk:
                    with p.sub("row", ""):
                        with p.sub("cell", ""):
                            p.node("link", str(b["no"]))
                        p.node("cell", b["service"])
                        p.node("cell", b["version"])
                        p.node("cell", b["branch"])
                        p.node("cell", b["commit"])
                        p.node("cell", b["stage"])
                        p.node("cell", b["checks"])
                        p.node("cell", short(b["created"]))
                        with p.sub("cell", ""):
                            p.node("button", "More actions for build %d" % b["no"], "hasPopup='menu'", collapsed())
        pagination(p, page, pages)
        combo(p, "Rows per page", "10", ["10", "25", "50"])
    recent(p, recent_items or ["route-planner · production", "checkout-api · build 4822", "INC-7734"])
    footer(p)
    live(p, toast)
    return p


def page_search_build(qtext, toast=None):
    p = Page("/search?q=%s" % qtext, "Search: %s · DeployDeck" % qtext)
    header(p, None, qtext)
    with p.sub("main", ""):
        crumbs(p, ["Home", "Search"])
        p.node("heading", "Results for “%s”" % qtext, "level=1")
        with p.sub("tablist", "Result types"):
            p.node("tab", "All (3)", SEL)
            p.node("tab", "Builds (1)")
            p.node("tab", "Deployments (1)")
            p.node("tab", "Change requests (1)")
        p.node("heading", "Builds", "level=2")
        with p.sub("list", ""):
            with p.sub("listitem", ""):
                p.node("link", "Build 4827 · checkout-api v2.14.3")
                p.text("staging · checks passed · main@3f9c1a7 · 13 Mar 08:47")
        p.node("heading", "Deployments", "level=2")
        with p.sub("list", ""):
            with p.sub("listitem", ""):
                p.node("link", "dep-84827 · payments-gateway v8.9.0 → staging")
                p.text("21 Feb 2025 · Succeeded")
        p.node("heading", "Change requests", "level=2")
        with p.sub("list", ""):
            with p.sub("listitem", ""):
                p.node("link", "CHG-4827 · Rotate fleet-telemetry Kafka credentials")
                p.text("Closed · 2 Dec 2024")
        p.text("Showing 3 of 3 results")
    footer(p)
    live(p, toast)
    return p


def page_build(no, toast=None, recent_items=None):
    b = BY_NO[no]
    d = BUILD_DETAIL[no]
    svc = b["service"]
    p = Page("/releases/%s/%d" % (svc, no), "%s build %d · DeployDeck" % (svc, no))
    header(p, "Releases")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Releases", svc, "Build %d" % no])
        p.node("heading", "%s · build %d" % (svc, no), "level=1")
        p.text("%s · %s@%s · checks %s" % (b["version"], b["branch"], b["commit"], b["checks"].lower()))
        with p.sub("toolbar", "Build actions"):
            p.node("button", "Promote…")
            p.node("button", "Compare with production")
            p.node("button", "Download manifest")
        with p.sub("table", "Build details"):
            for k, v in [("Version", b["version"]), ("Commit", "%s %s" % (b["commit"], b["msg"])),
                         ("Pull request", d["pr"]), ("Branch", b["branch"]), ("Triggered by", "ci-bot"),
                         ("Created", short(b["created"])),
                         ("Artifact", "registry.kestrel-mobility.net/%s:%s" % (svc, b["version"][1:]))]:
                with p.sub("row", ""):
                    p.node("rowheader", k)
                    p.node("cell", v)
        p.node("heading", "Environments", "level=2")
        with p.sub("table", "Environments"):
            with p.sub("row", ""):
                p.node("columnheader", "Environment")
                p.node("columnheader", "This build")
            for env, s in d["envs"]:
                with p.sub("row", ""):
                    p.node("cell", env)
                    p.node("cell", s)
        p.node("heading", "Checks", "level=2")
        with p.sub("list", "Checks"):
            for c, s in d["checks"]:
                with p.sub("listitem", ""):
                    p.text("%s — %s" % (c, s))
                    p.node("link", "Logs for %s" % c.lower())
    with p.sub("complementary", "Related"):
        p.node("heading", "Other builds of %s" % svc, "level=2")
        with p.sub("list", ""):
            for r in d["related"]:
                with p.sub("listitem", ""):
                    p.node("link", "Build " + r)
        p.node("link", "%s in production" % svc)
    recent(p, recent_items or ["route-planner · production", "checkout-api · build 4822", "INC-7734"])
    footer(p)
    live(p, toast)
    return p


STEP_LABELS = ["Target environment", "Rollout strategy", "Review"]
TARGETS = ["production", "production-eu", "perf"]


def new_wizard_state():
    return {"target": None, "strategy": "All at once", "pct": "25", "duration": "30 minutes",
            "chg": "", "smoke": True, "autorb": True, "notes": ""}


def target_label(svc, env):
    v, bno = ENV_RUNNING[svc][env]
    return "%s — running %s" % (env, v)


def strategy_text(st):
    if st["strategy"] == "Canary (gradual)":
        return "Canary — %s%% for %s, then 100%%" % (st["pct"], st["duration"])
    return st["strategy"]


def page_wizard(no, step, st, toast=None, restored=None, dialog=False):
    b = BY_NO[no]
    svc = b["service"]
    p = Page("/releases/%s/%d/promote?step=%d" % (svc, no, step),
             "Promote %s %s · Step %d of 3 · DeployDeck" % (svc, b["version"], step))
    header(p, "Releases")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Releases", svc, "Build %d" % no, "Promote"])
        p.node("heading", "Promote %s %s (build %d)" % (svc, b["version"], no), "level=1")
        p.text("From staging · deployed 13 Mar 09:03" if no == 4827 else "From staging · deployed 12 Mar 17:41")
        with p.sub("list", "Promotion steps"):
            for i, lbl in enumerate(STEP_LABELS, 1):
                props = ["current='step'"] if i == step else []
                with p.sub("listitem", "", *props):
                    p.text("%d. %s%s" % (i, lbl, " ✓" if i < step else ""))
        if restored:
            with p.sub("note", ""):
                p.text("Restored your saved draft from %s." % restored)
                p.node("button", "Discard draft")
        p.node("heading", "Step %d of 3: %s" % (step, STEP_LABELS[step - 1]), "level=2")
        if step == 1:
            with p.sub("radiogroup", "Target environment", REQ):
                for env in TARGETS:
                    p.node("radio", target_label(svc, env), checked(st["target"] == env))
            p.text("Only environments after staging in the promotion path are listed.")
            with p.sub("group", "Wizard actions"):
                p.node("button", "Cancel promotion")
                p.node("button", "Next", *([] if st["target"] else [DIS]))
        elif step == 2:
            with p.sub("radiogroup", "Rollout strategy", REQ):
                for s in ["All at once", "Canary (gradual)", "Blue-green"]:
                    p.node("radio", s, checked(st["strategy"] == s))
            if st["strategy"] == "Canary (gradual)":
                p.text("Send a share of traffic to the new version first, then roll out to 100%.")
                p.node("spinbutton", "Initial canary traffic (%)", val(st["pct"]), "valuemin=1", "valuemax=50")
                combo(p, "Canary duration", st["duration"], ["15 minutes", "30 minutes", "60 minutes"])
            p.node("textbox", "Change request", REQ, *([val(st["chg"])] if st["chg"] else ["placeholder='CHG-0000'"]))
            p.text("Production promotions need an approved change request.")
            p.node("checkbox", "Run smoke tests after deploy", checked(st["smoke"]))
            p.node("checkbox", "Auto-rollback if the error-rate SLO is breached", checked(st["autorb"]))
            p.node("textbox", "Release notes (optional)", *([val(st["notes"])] if st["notes"] else []))
            with p.sub("group", "Wizard actions"):
                p.node("button", "Back")
                p.node("button", "Save draft")
                p.node("button", "Next")
        else:
            cur_v, cur_b = ENV_RUNNING[svc][st["target"]]
            with p.sub("table", "Promotion summary"):
                rows = [("Service", svc), ("Build", str(no)), ("Version", b["version"]), ("From", "staging"),
                        ("To", "%s (replacing %s, build %d)" % (st["target"], cur_v, cur_b)),
                        ("Strategy", strategy_text(st)),
                        ("Change request", "%s · %s" % (st["chg"], CHANGES.get(st["chg"], "Not found"))),
                        ("Smoke tests", "Yes" if st["smoke"] else "No"),
                        ("Auto-rollback", "Yes" if st["autorb"] else "No"),
                        ("Release notes", st["notes"] or "—")]
                for k, v in rows:
                    with p.sub("row", ""):
                        p.node("rowheader", k)
                        p.node("cell", v)
            with p.sub("group", "Wizard actions"):
                p.node("button", "Back")
                p.node("button", "Promote to %s" % st["target"])
    recent(p, ["checkout-api · build %d" % no, "route-planner · production", "INC-7734"])
    footer(p)
    live(p, toast)
    if dialog:
        cur_v, cur_b = ENV_RUNNING[svc][st["target"]]
        with p.sub("dialog", "Promote to %s?" % st["target"], MODAL):
            p.node("heading", "Promote to %s?" % st["target"], "level=2")
            p.text("%s %s (build %d) will replace %s in %s." % (svc, b["version"], no, cur_v, st["target"]))
            p.text("Strategy: %s. Change request %s." % (strategy_text(st), st["chg"]))
            p.node("button", "Cancel")
            p.node("button", "Promote")
    return p


def page_deployment(dep, no, st, started, toast=None, runs_ok=True):
    b = BY_NO[no]
    svc = b["service"]
    cur_v, cur_b = ENV_RUNNING[svc][st["target"]]
    p = Page("/deployments/%s" % dep, "Deployment %s · DeployDeck" % dep)
    header(p, "Pipelines")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Deployments", dep])
        p.node("heading", "Deployment %s" % dep, "level=1")
        p.text("%s %s (build %d) → %s" % (svc, b["version"], no, st["target"]))
        p.text("Status: In progress")
        if st["strategy"] == "Canary (gradual)":
            p.node("progressbar", "Rollout progress", "valuemin=0", "valuemax=100", "valuetext='%s%%'" % st["pct"])
            stages = ["Canary at %s%% — running since %s" % (st["pct"], started),
                      "Smoke tests — pending" if st["smoke"] else "Smoke tests — skipped",
                      "Full rollout to 100%% — pending (after %s)" % st["duration"]]
        else:
            p.node("progressbar", "Rollout progress", "valuemin=0", "valuemax=100", "valuetext='35%'")
            stages = ["Roll out to 100% — running since " + started, "Smoke tests — pending"]
        with p.sub("list", "Stages"):
            for s in stages:
                p.node("listitem", s)
        with p.sub("table", "Deployment details"):
            for k, v in [("Triggered by", "%s · 13 Mar 2025 %s" % (USER, started)),
                         ("Strategy", strategy_text(st)),
                         ("Change request", st["chg"]),
                         ("Replacing", "%s (build %d)" % (cur_v, cur_b)),
                         ("Auto-rollback", "On" if st["autorb"] else "Off")]:
                with p.sub("row", ""):
                    p.node("rowheader", k)
                    p.node("cell", v)
        with p.sub("toolbar", "Deployment actions"):
            p.node("button", "Pause rollout")
            p.node("button", "Abort and roll back")
    with p.sub("complementary", "Related"):
        p.node("link", "Build %d" % no)
        p.node("link", "%s in %s" % (svc, st["target"]))
        p.node("link", st["chg"])
    footer(p)
    live(p, toast)
    return p


# --------------------------------------------------------------------------------------
# Pages: rollback workflow
# --------------------------------------------------------------------------------------
HEALTH_ORDER = {"Degraded": 0, "Warning": 1, "Healthy": 2}


def page_board(sort="service", page=1, search="", toast=None):
    rows = list(PROD_SERVICES)
    if sort == "health":
        rows.sort(key=lambda r: (HEALTH_ORDER[r[3]], r[0]))
    per = 8
    pages = math.ceil(len(rows) / per)
    chunk = rows[(page - 1) * per: page * per]
    path = "/environments/production?sort=%s" % sort + ("&page=%d" % page if page > 1 else "")
    p = Page(path, "Production · Environments · DeployDeck")
    header(p, "Environments", search)
    with p.sub("main", ""):
        crumbs(p, ["Home", "Environments", "production"])
        p.node("heading", "Environments", "level=1")
        with p.sub("tablist", "Environment"):
            for env in ["dev", "staging", "production", "production-eu", "perf"]:
                p.node("tab", env, *([SEL] if env == "production" else []))
        p.text("14 services · 12 healthy · 1 degraded · 1 warning · deploy freeze: none")
        with p.sub("region", "Filters"):
            combo(p, "Health", "Any", ["Any", "Healthy", "Warning", "Degraded"])
            combo(p, "Owner team", "All teams", ["All teams", "Commerce", "Routing", "Payments", "Identity"])
            p.node("textbox", "Filter by service name")
        with p.sub("table", "Services in production"):
            with p.sub("row", ""):
                for h in ["Service", "Version", "Build", "Health", "Last deployed", "Owner"]:
                    if h in ("Service", "Health"):
                        key = h.lower()
                        props = ["sort='ascending'"] if sort == key else []
                        with p.sub("columnheader", h, *props):
                            p.node("button", "Sort by %s" % h)
                    else:
                        p.node("columnheader", h)
            for name, v, bno, health, last, owner in chunk:
                with p.sub("row", ""):
                    with p.sub("cell", ""):
                        p.node("link", name)
                    p.node("cell", v)
                    p.node("cell", str(bno))
                    p.node("cell", health)
                    p.node("cell", last)
                    p.node("cell", owner)
        pagination(p, page, pages)
    recent(p, ["checkout-api · build 4827", "INC-7734", "route-planner · staging"])
    footer(p)
    live(p, toast)
    return p


def page_search_service(qtext, toast=None):
    p = Page("/search?q=%s" % qtext, "Search: %s · DeployDeck" % qtext)
    header(p, None, qtext)
    with p.sub("main", ""):
        crumbs(p, ["Home", "Search"])
        p.node("heading", "Results for “%s”" % qtext, "level=1")
        with p.sub("tablist", "Result types"):
            p.node("tab", "All (8)", SEL)
            p.node("tab", "Services (5)")
            p.node("tab", "Builds (2)")
            p.node("tab", "Incidents (1)")
        p.node("heading", "Services", "level=2")
        with p.sub("list", ""):
            for link, note in [("route-planner · production", "v5.8.0 · Degraded · Routing"),
                               ("route-planner · staging", "v5.8.0 · Healthy · Routing"),
                               ("route-planner · production-eu", "v5.7.2 · Healthy · Routing"),
                               ("route-planner-batch · production", "v5.8.0 · Healthy · Routing"),
                               ("route-optimizer · production", "v2.3.1 · Healthy · Routing")]:
                with p.sub("listitem", ""):
                    p.node("link", link)
                    p.text(note)
        p.node("heading", "Builds", "level=2")
        with p.sub("list", ""):
            for link, note in [("Build 4832 · route-planner v5.8.1", "dev · running · hotfix/null-eta"),
                               ("Build 4824 · route-planner v5.8.0", "production · checks passed")]:
                with p.sub("listitem", ""):
                    p.node("link", link)
                    p.text(note)
        p.node("heading", "Incidents", "level=2")
        with p.sub("list", ""):
            with p.sub("listitem", ""):
                p.node("link", "INC-7734 · Route planner 5xx spike after 08:05 deploy")
                p.text("SEV-2 · Investigating")
    footer(p)
    live(p, toast)
    return p


def page_service(toast=None, stale_note=None, history=None, current=None):
    history = history or RP_HISTORY
    cur = current or ("v5.8.0", "dep-88410", 4824, "13 Mar 08:05")
    p = Page("/environments/production/services/route-planner", "route-planner · production · DeployDeck")
    header(p, "Environments")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Environments", "production", "route-planner"])
        p.node("heading", "route-planner · production", "level=1")
        with p.sub("region", "Open incident"):
            p.text("INC-7734 (SEV-2) is open for this service: Route planner 5xx spike after 08:05 deploy.")
            p.node("link", "INC-7734")
        with p.sub("table", "Service summary"):
            for k, v in [("Current release", "%s · %s · build %d · deployed %s" % cur),
                         ("Health", "Degraded · HTTP 5xx 4.7% over 15 min (SLO < 1%)"),
                         ("Replicas", "12 of 12 ready"),
                         ("Auto-deploy", "On (from staging after soak)"),
                         ("Owner", "Routing · on-call: Aiko Tan")]:
                with p.sub("row", ""):
                    p.node("rowheader", k)
                    p.node("cell", v)
        with p.sub("toolbar", "Service actions"):
            p.node("button", "Roll back…")
            p.node("button", "Promote a build…")
            p.node("button", "Pause auto-deploy")
        if stale_note:
            p.text(stale_note)
        p.node("heading", "Deployment history", "level=2")
        with p.sub("table", "Deployment history"):
            with p.sub("row", ""):
                for h in ["Deployment", "Version", "Build", "Started", "By", "Result"]:
                    if h == "Started":
                        with p.sub("columnheader", h, "sort='descending'"):
                            p.node("button", "Sort by Started")
                    else:
                        p.node("columnheader", h)
            for dep, v, bno, when, by, res in history:
                with p.sub("row", ""):
                    with p.sub("cell", ""):
                        p.node("link", dep)
                    p.node("cell", v)
                    p.node("cell", str(bno))
                    p.node("cell", when)
                    p.node("cell", by)
                    p.node("cell", res)
        p.text("Showing 1–5 of 23 deployments")
        pagination(p, 1, 5, "History pages")
    with p.sub("complementary", "Related"):
        p.node("heading", "Other environments", "level=2")
        p.node("link", "route-planner · staging (v5.8.0)")
        p.node("link", "route-planner · production-eu (v5.7.2)")
        p.node("heading", "Related services", "level=2")
        p.node("link", "route-planner-batch · production (v5.8.0)")
    recent(p, ["checkout-api · build 4827", "INC-7734", "route-planner · staging"])
    footer(p)
    live(p, toast)
    return p


def new_rb_state():
    return {"target": RB_OPTIONS[0], "reason": "", "notify": True, "pause": True}


def page_rollback_form(st, error=None, dialog=False, busy=False, toast=None):
    p = Page("/environments/production/services/route-planner/rollback",
             "Roll back route-planner · production · DeployDeck")
    header(p, "Environments")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Environments", "production", "route-planner", "Roll back"])
        p.node("heading", "Roll back route-planner in production", "level=1")
        p.text("Current release: v5.8.0 · dep-88410 · build 4824 · deployed 13 Mar 08:05")
        with p.sub("form", "Rollback"):
            combo(p, "Roll back to", st["target"], RB_OPTIONS, REQ)
            if st["target"] != RB_OPTIONS[0]:
                p.text("No database migrations between %s and v5.8.0." % st["target"].split(" ")[0])
            props = [REQ] + ([val(st["reason"])] if st["reason"] else [])
            if error:
                props.append("invalid='true'")
            p.node("textbox", "Reason", *props)
            if error:
                p.text(error)
            p.node("checkbox", "Notify #routing-oncall in Slack", checked(st["notify"]))
            p.node("checkbox", "Pause auto-deploy for route-planner after rollback", checked(st["pause"]))
            p.node("button", "Cancel")
            p.node("button", "Review rollback")
    recent(p, ["route-planner · production", "checkout-api · build 4827", "INC-7734"])
    footer(p)
    live(p, toast)
    if dialog:
        v = st["target"].split(" · ")
        with p.sub("dialog", "Confirm rollback", MODAL):
            p.node("heading", "Roll back route-planner in production?", "level=2")
            p.text("From v5.8.0 (dep-88410) to %s (%s). All traffic moves to %s as soon as its pods are ready."
                   % (v[0], v[1], v[0]))
            p.text("Reason: %s" % st["reason"])
            if busy:
                p.text("Submitting…")
            p.node("button", "Cancel")
            p.node("button", "Roll back now")
    return p


def page_rb_deployment(dep, st, started, failed=None, queued_behind=None, toast=None):
    v = st["target"].split(" · ")
    p = Page("/deployments/%s" % dep, "Deployment %s · DeployDeck" % dep)
    header(p, "Pipelines")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Deployments", dep])
        p.node("heading", "Deployment %s · Rollback" % dep, "level=1")
        p.text("route-planner · production · v5.8.0 → %s" % v[0])
        if failed:
            with p.sub("alert", ""):
                p.text(failed)
            p.text("Status: Failed")
            steps = ["Pull image route-planner:%s — failed" % v[0][1:], "Shift traffic — skipped",
                     "Health check — skipped", "Drain v5.8.0 pods — skipped"]
        elif queued_behind:
            p.text("Status: Queued · waiting for %s to finish" % queued_behind)
            steps = ["Pull image route-planner:%s — pending" % v[0][1:], "Shift traffic to %s — pending" % v[0],
                     "Health check — pending", "Drain v5.8.0 pods — pending"]
        else:
            p.text("Status: In progress")
            steps = ["Pull image route-planner:%s — done" % v[0][1:], "Shift traffic to %s — running" % v[0],
                     "Health check — pending", "Drain v5.8.0 pods — pending"]
        with p.sub("list", "Steps"):
            for s in steps:
                p.node("listitem", s)
        with p.sub("table", "Deployment details"):
            for k, val_ in [("Type", "Rollback"), ("Triggered by", "%s · 13 Mar 2025 %s" % (USER, started)),
                            ("Target", "%s (%s, build 4790)" % (v[0], v[1])), ("Replaces", "v5.8.0 (dep-88410)"),
                            ("Reason", st["reason"]),
                            ("Auto-deploy", "Paused" if st["pause"] else "On")]:
                with p.sub("row", ""):
                    p.node("rowheader", k)
                    p.node("cell", val_)
        with p.sub("toolbar", "Deployment actions"):
            p.node("button", "Cancel deployment", *([DIS] if failed else []))
            p.node("button", "View logs")
    with p.sub("complementary", "Related"):
        p.node("link", "INC-7734")
        p.node("link", "route-planner · production")
        if queued_behind:
            p.text("Active deployments on route-planner · production:")
            p.node("link", "%s · rollback to %s · in progress" % (queued_behind, v[0]))
    footer(p)
    live(p, toast)
    return p


def page_denied(toast=None):
    p = Page("/environments/production/services/route-planner/rollback", "Access denied · DeployDeck")
    header(p, "Environments")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Environments", "production", "route-planner", "Roll back"])
        p.node("heading", "Access denied", "level=1")
        p.text("You can't roll back route-planner in production.")
        p.text("Rolling back production needs the Production Deployer role for the Routing team. "
               "Your Production Deployer grant expired on 12 Mar 2025 at 23:59.")
        p.node("button", "Request access")
        p.node("link", "Back to route-planner")
    footer(p)
    live(p, toast)
    return p


def page_incident(extra_timeline=None, toast=None):
    p = Page("/incidents/INC-7734", "INC-7734 · Incidents · DeployDeck")
    header(p, "Incidents")
    with p.sub("main", ""):
        crumbs(p, ["Home", "Incidents", "INC-7734"])
        p.node("heading", "INC-7734 · Route planner 5xx spike after 08:05 deploy", "level=1")
        p.text("SEV-2 · Investigating · opened 13 Mar 08:31 by PagerDuty")
        with p.sub("table", "Incident details"):
            for k, v in [("Commander", USER), ("Suspected change", "dep-88410 · route-planner v5.8.0 → production"),
                         ("Customer impact", "Route ETAs missing for ~4% of multi-stop jobs")]:
                with p.sub("row", ""):
                    p.node("rowheader", k)
                    p.node("cell", v)
        with p.sub("region", "Affected services"):
            p.node("heading", "Affected services", "level=2")
            p.node("link", "route-planner · production")
            p.text("Degraded · v5.8.0")
            p.node("link", "route-planner-batch · production")
            p.text("Not affected · v5.8.0")
        p.node("heading", "Timeline", "level=2")
        with p.sub("list", "Timeline"):
            for e in ["08:05 dep-88410 route-planner v5.8.0 deployed to production",
                      "08:19 HTTP 5xx above 2% for 10 minutes",
                      "08:31 Incident opened from alert route-planner-5xx",
                      "09:02 Escalated to SEV-2 by Aiko Tan"] + (extra_timeline or []):
                p.node("listitem", e)
        p.node("textbox", "Add a timeline note")
        p.node("button", "Post note")
    footer(p)
    live(p, toast)
    return p


# --------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, workflow, task, start, fault=None):
        self.rid, self.workflow, self.task, self.fault = rid, workflow, task, fault
        self.start = start
        self.page = start
        self.steps = []
        self.mark_at = None

    def mark(self):
        assert self.mark_at is None
        self.mark_at = len(self.steps)

    def _step(self, c, command, why, target, effect, page, error=None):
        self.steps.append({"commitment": c,
                           "action": {"command": command, "reasoning": why, "target": target, "effect": effect},
                           "observation": page.obs(error)})
        self.page = page

    def click(self, c, role, name, page, why, effect="read", last=False):
        b = self.page.find(role, name, last)
        self._step(c, "click(%s)" % q(b), why, "%s %s" % (role, q(name)), effect, page)

    def fill(self, c, role, name, text, page, why, effect="write"):
        b = self.page.find(role, name)
        self._step(c, "fill(%s, %s)" % (q(b), q(text)), why, "%s %s" % (role, q(name)), effect, page)

    def select(self, c, role, name, option, page, why, effect="write"):
        b = self.page.find(role, name)
        self._step(c, "select_option(%s, %s)" % (q(b), q(option)), why, "%s %s" % (role, q(name)), effect, page)

    def press(self, c, role, name, key, page, why):
        b = self.page.find(role, name)
        self._step(c, "press(%s, %s)" % (q(b), q(key)), why, "%s %s" % (role, q(name)), "read", page)

    def goto(self, c, page, why):
        self._step(c, "goto(%s)" % q(page.url), why, page.url, "read", page)

    def say(self, c, msg, why):
        self._step(c, "send_msg_to_user(%s)" % q(msg), why, "message to user", "read", self.page)

    def record(self):
        healthy = self.fault is None
        assert healthy == (self.mark_at is None), self.rid
        return {
            "id": self.rid,
            "workflow": self.workflow,
            "task": self.task,
            "plan": "plans/%s.yaml" % self.workflow,
            "label": {"fault": self.fault, "first_off_track_step": self.mark_at},
            "initial_observation": self.start.obs(),
            "steps": self.steps,
            "outcome": {"success": healthy},
        }


# --------------------------------------------------------------------------------------
# Promote workflow runs
# --------------------------------------------------------------------------------------
P = "promote"


def wiz_to_step2(r, no, st):
    """From the build page: open the wizard, pick production, go to step 2."""
    r.click("choose-target", "button", "Promote…", page_wizard(no, 1, st),
            "Build page has a Promote action; start the promotion wizard.")
    st["target"] = "production"
    r.click("choose-target", "radio", target_label("checkout-api", "production"), page_wizard(no, 1, st),
            "The task says production, so pick production (not production-eu or perf).", effect="write")
    r.click("set-rollout", "button", "Next", page_wizard(no, 2, st), "Target chosen; continue to rollout strategy.")


def set_canary(r, no, st, pct="10", chg="CHG-2291", fill_pct=True):
    st["strategy"] = "Canary (gradual)"
    r.click("set-rollout", "radio", "Canary (gradual)", page_wizard(no, 2, st),
            "Task asks for a canary rollout; select Canary.", effect="write")
    if fill_pct:
        st["pct"] = pct
        r.fill("set-rollout", "spinbutton", "Initial canary traffic (%)", pct, page_wizard(no, 2, st),
               "Set initial canary traffic to %s%%." % pct)
    st["chg"] = chg
    r.fill("set-rollout", "textbox", "Change request", chg, page_wizard(no, 2, st),
           "Enter the change request %s." % chg)


def finish_promote(r, no, st, dep, started, msg=None):
    r.click("review", "button", "Next", page_wizard(no, 3, st), "Strategy and change request set; go to review.")
    r.click("confirm-promotion", "button", "Promote to production", page_wizard(no, 3, st, dialog=True),
            "Summary looks right; promote.")
    b = BY_NO[no]
    toast = "Promotion started: %s %s is rolling out to production (%s)." % (
        b["service"], b["version"], "canary %s%%" % st["pct"] if st["strategy"] == "Canary (gradual)" else st["strategy"].lower())
    r.click("confirm-promotion", "button", "Promote", page_deployment(dep, no, st, started, toast=toast),
            "Confirm the promotion in the dialog.", effect="irreversible")
    r.say("confirm-promotion", msg or "Promotion started as %s: checkout-api v2.14.3 (build 4827) → production, "
          "canary 10%%, change request CHG-2291." % dep, "Deployment page shows the rollout in progress; report back.")


def promote_runs():
    runs = []
    start_std = page_releases()

    # healthy 01: list -> build -> wizard
    r = Run("deploydeck-promote-healthy-01", P, PROMOTE_TASK, start_std)
    st = new_wizard_state()
    r.click("open-build", "link", "4827", page_build(4827), "Build 4827 (checkout-api v2.14.3) is in the staging list; open it.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st)
    finish_promote(r, 4827, st, "dep-93114", "10:41")
    runs.append(r)

    # healthy 02: dismiss toast, search, optional release notes filled
    start = page_releases(toast="Build 4830 (fleet-telemetry v1.19.4) passed all checks in staging.")
    r = Run("deploydeck-promote-healthy-02", P, PROMOTE_TASK, start)
    st = new_wizard_state()
    r.click("find-build", "button", "Dismiss notification", page_releases(), "Dismiss the unrelated build notification.")
    r.fill("find-build", "searchbox", "Search builds, services, deployments", "4827",
           page_releases(search="4827"), "Search for the build number directly.", effect="read")
    r.press("find-build", "searchbox", "Search builds, services, deployments", "Enter", page_search_build("4827"),
            "Run the search.")
    r.click("open-build", "link", "Build 4827 · checkout-api v2.14.3", page_build(4827),
            "The build result matches service and version; open it.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st)
    st["notes"] = "Rounds split-tender refunds to the cent (#1182)."
    r.fill("set-rollout", "textbox", "Release notes (optional)", st["notes"], page_wizard(4827, 2, st),
           "Add a short release note for the on-call channel.")
    finish_promote(r, 4827, st, "dep-93121", "10:44")
    runs.append(r)

    # healthy 03: list sorted oldest-first; re-sort; Back/Next in wizard
    start = page_releases(order="asc")
    r = Run("deploydeck-promote-healthy-03", P, PROMOTE_TASK, start)
    st = new_wizard_state()
    r.click("find-build", "button", "Sort by Created", page_releases(order="desc"),
            "List is oldest first; sort newest first to find today's build.")
    r.click("open-build", "link", "4827", page_build(4827), "Build 4827 is now on the first page; open it.")
    wiz_to_step2(r, 4827, st)
    r.click("choose-target", "button", "Back", page_wizard(4827, 1, st), "Double-check the target environment.")
    r.click("set-rollout", "button", "Next", page_wizard(4827, 2, st), "production is selected; continue.")
    set_canary(r, 4827, st)
    finish_promote(r, 4827, st, "dep-93127", "10:47")
    runs.append(r)

    # healthy 04: all stages, page 2; save draft and reload
    start = page_releases(stage="All stages", checks="Any")
    r = Run("deploydeck-promote-healthy-04", P, PROMOTE_TASK, start)
    st = new_wizard_state()
    r.click("find-build", "button", "Next page", page_releases(stage="All stages", checks="Any", page=2),
            "4827 is older than the builds on page 1; go to page 2.")
    r.click("open-build", "link", "4827", page_build(4827), "Open build 4827.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st)
    r.click("set-rollout", "button", "Save draft", page_wizard(4827, 2, st, toast="Draft saved at 10:46."),
            "Save the draft before continuing.", effect="write")
    r.goto("set-rollout", page_wizard(4827, 2, st, restored="10:46"),
           "Reload the step to make sure the draft persisted.")
    finish_promote(r, 4827, st, "dep-93130", "10:49")
    runs.append(r)

    # ---- faulty runs (plans were written before these) ----
    # wrong_record: opens sibling build 4826 (v2.14.2) and promotes it
    r = Run("deploydeck-promote-wrong_record-01", P, PROMOTE_TASK, start_std, fault="wrong_record")
    st = new_wizard_state()
    r.mark()
    r.click("open-build", "link", "4826", page_build(4826), "Open the checkout-api build waiting in staging.")
    wiz_to_step2(r, 4826, st)
    set_canary(r, 4826, st)
    finish_promote(r, 4826, st, "dep-93117", "10:42",
                   msg="Promotion started as dep-93117: checkout-api → production, canary 10%, CHG-2291.")
    runs.append(r)

    # wrong_value: CHG-2219 typed instead of CHG-2291
    r = Run("deploydeck-promote-wrong_value-01", P, PROMOTE_TASK, start_std, fault="wrong_value")
    st = new_wizard_state()
    r.click("open-build", "link", "4827", page_build(4827), "Open build 4827.")
    wiz_to_step2(r, 4827, st)
    st["strategy"] = "Canary (gradual)"
    r.click("set-rollout", "radio", "Canary (gradual)", page_wizard(4827, 2, st), "Select Canary.", effect="write")
    st["pct"] = "10"
    r.fill("set-rollout", "spinbutton", "Initial canary traffic (%)", "10", page_wizard(4827, 2, st), "Set 10%.")
    r.mark()
    st["chg"] = "CHG-2219"
    r.fill("set-rollout", "textbox", "Change request", "CHG-2219", page_wizard(4827, 2, st),
           "Enter the change request number.")
    finish_promote(r, 4827, st, "dep-93119", "10:43",
                   msg="Promotion started as dep-93119: checkout-api v2.14.3 → production, canary 10%, change request filed.")
    runs.append(r)

    # wrong_option: canary % left at the default 25
    r = Run("deploydeck-promote-wrong_option-01", P, PROMOTE_TASK, page_releases(search=""), fault="wrong_option")
    st = new_wizard_state()
    r.click("open-build", "link", "4827", page_build(4827), "Open build 4827.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st, fill_pct=False)
    r.mark()
    r.click("review", "button", "Next", page_wizard(4827, 3, st), "Canary selected and change request entered; go to review.")
    r.click("confirm-promotion", "button", "Promote to production", page_wizard(4827, 3, st, dialog=True), "Promote.")
    r.click("confirm-promotion", "button", "Promote",
            page_deployment("dep-93124", 4827, st, "10:45",
                            toast="Promotion started: checkout-api v2.14.3 is rolling out to production (canary 25%)."),
            "Confirm.", effect="irreversible")
    r.say("confirm-promotion", "Promotion started as dep-93124: checkout-api v2.14.3 → production as a canary, CHG-2291.",
          "Rollout is in progress; report.")
    runs.append(r)

    # premature_done: reports success from the review step
    r = Run("deploydeck-promote-premature_done-01", P, PROMOTE_TASK, start_std, fault="premature_done")
    st = new_wizard_state()
    r.click("open-build", "link", "4827", page_build(4827), "Open build 4827.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st)
    r.click("review", "button", "Next", page_wizard(4827, 3, st), "Go to review.")
    r.mark()
    r.say("review", "Done: checkout-api v2.14.3 (build 4827) is promoted to production as a 10% canary under CHG-2291.",
          "The summary shows everything as requested, so the promotion is set up.")
    runs.append(r)

    # dialog_cancel: Cancel instead of Promote in the confirmation dialog
    r = Run("deploydeck-promote-dialog_cancel-01", P, PROMOTE_TASK, page_releases(order="asc"), fault="dialog_cancel")
    st = new_wizard_state()
    r.click("find-build", "button", "Sort by Created", page_releases(order="desc"), "Sort newest first.")
    r.click("open-build", "link", "4827", page_build(4827), "Open build 4827.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st)
    r.click("review", "button", "Next", page_wizard(4827, 3, st), "Go to review.")
    r.click("confirm-promotion", "button", "Promote to production", page_wizard(4827, 3, st, dialog=True), "Promote.")
    r.mark()
    r.click("confirm-promotion", "button", "Cancel", page_wizard(4827, 3, st),
            "Close the confirmation dialog to finish.", last=True)
    r.say("confirm-promotion", "Promotion of checkout-api v2.14.3 to production submitted (canary 10%, CHG-2291).",
          "The confirmation step is done.")
    runs.append(r)

    # unsaved_navigation: leaves the wizard via the breadcrumb with unsaved step-2 values
    r = Run("deploydeck-promote-unsaved_navigation-01", P, PROMOTE_TASK, start_std, fault="unsaved_navigation")
    st = new_wizard_state()
    r.click("open-build", "link", "4827", page_build(4827), "Open build 4827.")
    wiz_to_step2(r, 4827, st)
    set_canary(r, 4827, st)
    r.mark()
    r.click("set-rollout", "link", "Releases", page_releases(),
            "Check in the releases list that 4827 is the newest checkout-api build before continuing.")
    r.click("open-build", "link", "4827", page_build(4827), "4827 is the newest checkout-api build; back to it.")
    r.say("confirm-promotion", "checkout-api v2.14.3 (build 4827) promotion to production is set up as a 10% canary with CHG-2291.",
          "Build 4827 is the right one and the rollout settings were entered.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
# Rollback workflow runs
# --------------------------------------------------------------------------------------
R = "rollback"
RB_TOAST = "Rollback started: route-planner in production is rolling back to v5.7.2."


def rb_fill(r, st, reason=True):
    r.click("start-rollback", "button", "Roll back…", page_rollback_form(st), "Open the rollback form.")
    st["target"] = RB_TARGET
    r.select("choose-release", "combobox", "Roll back to", RB_TARGET, page_rollback_form(st),
             "v5.7.2 (dep-88127) is the release before v5.8.0.")
    if reason:
        st["reason"] = REASON
        r.fill("enter-reason", "textbox", "Reason", REASON, page_rollback_form(st), "Enter the reason from the task.")


def rb_confirm(r, st, dep, started, extra_msg=""):
    r.click("confirm-rollback", "button", "Review rollback", page_rollback_form(st, dialog=True),
            "Form complete; review the rollback.")
    r.click("confirm-rollback", "button", "Roll back now", page_rb_deployment(dep, st, started, toast=RB_TOAST),
            "Dialog shows v5.8.0 → v5.7.2 with the right reason; confirm.", effect="irreversible")


def rollback_runs():
    runs = []
    start_std = page_board()

    # healthy 01: board, sort by health, open service
    r = Run("deploydeck-rollback-healthy-01", R, ROLLBACK_TASK, start_std)
    st = new_rb_state()
    r.click("open-service", "button", "Sort by Health", page_board(sort="health"),
            "Sort by health so degraded services come first.")
    r.click("open-service", "link", "route-planner", page_service(), "route-planner (Degraded, v5.8.0) is first; open it.")
    rb_fill(r, st)
    rb_confirm(r, st, "dep-88533", "10:52")
    r.say("confirm-rollback", "Rollback dep-88533 started: route-planner in production v5.8.0 → v5.7.2, reason recorded.",
          "Deployment shows the rollback in progress.")
    runs.append(r)

    # healthy 02: dismiss toast, search
    start = page_board(toast="INC-7734 escalated to SEV-2 by Aiko Tan.")
    r = Run("deploydeck-rollback-healthy-02", R, ROLLBACK_TASK, start)
    st = new_rb_state()
    r.click("open-service", "button", "Dismiss notification", page_board(), "Dismiss the escalation toast.")
    r.fill("open-service", "searchbox", "Search builds, services, deployments", "route-planner",
           page_board(search="route-planner"), "Search for the service.", effect="read")
    r.press("open-service", "searchbox", "Search builds, services, deployments", "Enter",
            page_search_service("route-planner"), "Run the search.")
    r.click("open-service", "link", "route-planner · production", page_service(),
            "Pick route-planner in production (not batch, not staging).")
    rb_fill(r, st)
    rb_confirm(r, st, "dep-88537", "10:55")
    r.say("confirm-rollback", "Rollback dep-88537 started for route-planner in production: v5.8.0 → v5.7.2.",
          "Rollback in progress.")
    runs.append(r)

    # healthy 03: pagination on the board; optional toggles left alone
    r = Run("deploydeck-rollback-healthy-03", R, ROLLBACK_TASK, start_std)
    st = new_rb_state()
    r.click("open-service", "button", "Next page", page_board(page=2), "route-planner sorts after page 1; next page.")
    r.click("open-service", "link", "route-planner", page_service(), "Open route-planner.")
    rb_fill(r, st)
    rb_confirm(r, st, "dep-88540", "10:57")
    r.say("confirm-rollback", "route-planner (production) is rolling back to v5.7.2 as dep-88540.", "Done.")
    runs.append(r)

    # healthy 04: starts from the incident; checks the incident timeline after
    r = Run("deploydeck-rollback-healthy-04", R, ROLLBACK_TASK, page_incident())
    st = new_rb_state()
    r.click("open-service", "link", "route-planner · production", page_service(),
            "Open the affected service from the incident.")
    rb_fill(r, st)
    rb_confirm(r, st, "dep-88544", "10:59")
    r.click("confirm-rollback", "link", "INC-7734",
            page_incident(["10:59 Rollback dep-88544 to v5.7.2 started by Dana Okafor"]),
            "Check the incident timeline picked up the rollback.")
    r.say("confirm-rollback", "Rollback dep-88544 (route-planner production → v5.7.2) started and logged on INC-7734.",
          "Timeline shows the rollback.")
    runs.append(r)

    # ---- faulty runs (plans were written before these) ----
    # skipped_required: reason never entered
    r = Run("deploydeck-rollback-skipped_required-01", R, ROLLBACK_TASK, start_std, fault="skipped_required")
    st = new_rb_state()
    r.click("open-service", "button", "Sort by Health", page_board(sort="health"), "Degraded first.")
    r.click("open-service", "link", "route-planner", page_service(), "Open route-planner.")
    rb_fill(r, st, reason=False)
    r.mark()
    r.click("confirm-rollback", "button", "Review rollback",
            page_rollback_form(st, error="Enter a reason for this rollback."), "Release chosen; review the rollback.")
    r.say("confirm-rollback", "Rollback of route-planner in production to v5.7.2 has been submitted.",
          "Release selected and rollback requested.")
    runs.append(r)

    # silent_noop: Roll back now closes the dialog and nothing happens
    r = Run("deploydeck-rollback-silent_noop-01", R, ROLLBACK_TASK, start_std, fault="silent_noop")
    st = new_rb_state()
    r.click("open-service", "button", "Next page", page_board(page=2), "Next page.")
    r.click("open-service", "link", "route-planner", page_service(), "Open route-planner.")
    rb_fill(r, st)
    r.click("confirm-rollback", "button", "Review rollback", page_rollback_form(st, dialog=True), "Review.")
    r.mark()
    r.click("confirm-rollback", "button", "Roll back now", page_rollback_form(st), "Confirm the rollback.",
            effect="irreversible")
    r.say("confirm-rollback", "Rollback of route-planner (production) to v5.7.2 confirmed.", "Dialog closed after confirming.")
    runs.append(r)

    # stale_page: after confirming, lands on the service page that still shows v5.8.0 as current
    r = Run("deploydeck-rollback-stale_page-01", R, ROLLBACK_TASK, start_std, fault="stale_page")
    st = new_rb_state()
    r.click("open-service", "button", "Sort by Health", page_board(sort="health"), "Degraded first.")
    r.click("open-service", "link", "route-planner", page_service(), "Open route-planner.")
    rb_fill(r, st)
    r.click("confirm-rollback", "button", "Review rollback", page_rollback_form(st, dialog=True), "Review.")
    r.mark()
    r.click("confirm-rollback", "button", "Roll back now",
            page_service(stale_note="Last refreshed 08:14."), "Confirm the rollback.", effect="irreversible")
    r.say("confirm-rollback", "Rollback to v5.7.2 confirmed for route-planner in production.",
          "Back on the service page after confirming.")
    runs.append(r)

    # error_banner: rollback deployment fails on artifact pull
    r = Run("deploydeck-rollback-error_banner-01", R, ROLLBACK_TASK, start_std, fault="error_banner")
    st = new_rb_state()
    r.click("open-service", "button", "Sort by Health", page_board(sort="health"), "Degraded first.")
    r.click("open-service", "link", "route-planner", page_service(), "Open route-planner.")
    rb_fill(r, st)
    r.click("confirm-rollback", "button", "Review rollback", page_rollback_form(st, dialog=True), "Review.")
    r.mark()
    r.click("confirm-rollback", "button", "Roll back now",
            page_rb_deployment("dep-88535", st, "10:53", toast="Rollback dep-88535 created.",
                               failed="Rollback failed at Pull image: registry.kestrel-mobility.net/route-planner:5.7.2 "
                                      "was not found (ERR-ART-404). Production is still running v5.8.0."),
            "Confirm the rollback.", effect="irreversible")
    r.say("confirm-rollback", "Rollback dep-88535 created for route-planner in production (v5.8.0 → v5.7.2).",
          "Deployment record exists for the rollback.")
    runs.append(r)

    # permission_denied: the rollback form is refused
    r = Run("deploydeck-rollback-permission_denied-01", R, ROLLBACK_TASK, page_incident(), fault="permission_denied")
    st = new_rb_state()
    r.click("open-service", "link", "route-planner · production", page_service(), "Open the affected service.")
    r.mark()
    r.click("start-rollback", "button", "Roll back…", page_denied(), "Open the rollback form.")
    r.click("start-rollback", "button", "Request access",
            page_denied(toast="Access request AR-5512 sent to Routing team owners (Marco Vidal, Aiko Tan)."),
            "Request the role needed to proceed.", effect="write")
    r.say("confirm-rollback", "Rollback of route-planner in production to v5.7.2 has been requested (AR-5512).",
          "Request sent.")
    runs.append(r)

    # double_submit: clicks Roll back now a second time while the first submit is pending
    r = Run("deploydeck-rollback-double_submit-01", R, ROLLBACK_TASK, start_std, fault="double_submit")
    st = new_rb_state()
    r.click("open-service", "button", "Sort by Health", page_board(sort="health"), "Degraded first.")
    r.click("open-service", "link", "route-planner", page_service(), "Open route-planner.")
    rb_fill(r, st)
    r.click("confirm-rollback", "button", "Review rollback", page_rollback_form(st, dialog=True), "Review.")
    r.click("confirm-rollback", "button", "Roll back now", page_rollback_form(st, dialog=True, busy=True),
            "Confirm the rollback.", effect="irreversible")
    r.mark()
    r.click("confirm-rollback", "button", "Roll back now",
            page_rb_deployment("dep-88539", st, "10:56", queued_behind="dep-88538", toast=RB_TOAST),
            "The dialog is still open; click Roll back now again.", effect="irreversible")
    r.say("confirm-rollback", "Rollback dep-88539 created: route-planner in production → v5.7.2.", "Rollback created.")
    runs.append(r)
    return runs


# --------------------------------------------------------------------------------------
def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    plans = {"promote": PROMOTE_YAML, "rollback": ROLLBACK_YAML}
    for wf, text in plans.items():
        with open(os.path.join(HERE, "plans", wf + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
    runs = promote_runs() + rollback_runs()
    records = [r.record() for r in runs]
    # consistency with the plans: step commitments must exist
    for rec in records:
        ids = set(re.findall(r"^\s*- id: (\S+)", plans[rec["workflow"]], re.M))
        for s in rec["steps"]:
            assert s["commitment"] in ids, (rec["id"], s["commitment"])
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n_f = sum(1 for r in records if r["label"]["fault"])
    print("wrote %d runs (%d healthy, %d faulty) and %d plans" % (len(records), len(records) - n_f, n_f, len(plans)))


if __name__ == "__main__":
    main()
