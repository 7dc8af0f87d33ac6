#!/usr/bin/env python3
"""Build the "driftwood" held-out corpus: Keelhouse, a cloud operations console.

Workflow: an on-call engineer scales one deployment (checkout-api in Production) to a
given replica count, applying the change through the review dialog.

Python 3 standard library only.  Fixed seed; the output is byte-for-byte reproducible.

    python3 make_corpus.py            # writes corpus.jsonl and plans/keelhouse_scale.yaml here
    python3 make_corpus.py --out DIR  # writes the same files under DIR instead
"""
import argparse
import json
import os
import random
import zlib

SEED = 7341
BASE = "http://127.0.0.1:8040"
WORKFLOW = "keelhouse_scale"
PLAN_PATH = "plans/%s.yaml" % WORKFLOW
PRODUCT = "Keelhouse"
ORG = "Halyard Retail"
USER = "Noor Okafor"

TASK = ("In Keelhouse, scale the checkout-api deployment in Production to 6 replicas for "
        "tonight's traffic peak. Apply it through the review dialog with a short change note "
        "(evening traffic peak), then check that the rollout has started and tell me.")

TARGET_ID = "dep-4127"
TARGET_REPLICAS = 6
NOTE = "Evening traffic peak"
COST_PER_REPLICA = 106.20

# ---------------------------------------------------------------------------------------------
# World
# ---------------------------------------------------------------------------------------------


def dep(name, did, env, ready, desired, status, image, last, team):
    return {"name": name, "id": did, "env": env, "ready": ready, "desired": desired,
            "status": status, "image": image, "last": last, "team": team}


PROD = [
    dep("ad-render", "dep-3710", "Production", 3, 3, "Healthy", "ad-render:1.9.4", "6 d ago", "team-growth"),
    dep("api-gateway", "dep-3655", "Production", 12, 12, "Healthy", "api-gateway:5.2.0", "1 d ago", "team-edge"),
    dep("auth-service", "dep-3702", "Production", 6, 6, "Healthy", "auth-service:3.0.7", "4 d ago", "team-identity"),
    dep("billing-export", "dep-3921", "Production", 1, 1, "Healthy", "billing-export:0.14.2", "12 d ago", "team-finance"),
    dep("cart-service", "dep-3980", "Production", 6, 6, "Healthy", "cart-service:2.8.1", "3 h ago", "team-checkout"),
    dep("catalog-api", "dep-3811", "Production", 4, 4, "Healthy", "catalog-api:7.1.0", "2 d ago", "team-catalog"),
    dep("checkout-api", "dep-4127", "Production", 4, 4, "Healthy", "checkout-api:2.41.0", "2 h ago", "team-checkout"),
    dep("checkout-api-legacy", "dep-4128", "Production", 0, 0, "Scaled to zero", "checkout-api:1.97.3", "41 d ago", "team-checkout"),
    dep("checkout-worker", "dep-4121", "Production", 2, 3, "Degraded", "checkout-worker:2.41.0", "2 h ago", "team-checkout"),
    dep("fraud-scorer", "dep-3999", "Production", 5, 5, "Healthy", "fraud-scorer:4.4.2", "9 h ago", "team-risk"),
    dep("inventory-sync", "dep-3871", "Production", 2, 2, "Healthy", "inventory-sync:1.3.0", "5 d ago", "team-catalog"),
    dep("notifications-worker", "dep-3902", "Production", 0, 2, "Paused", "notifications-worker:0.9.8", "1 d ago", "team-growth"),
    dep("payments-api", "dep-4033", "Production", 8, 8, "Healthy", "payments-api:6.0.2", "50 min ago", "team-payments"),
    dep("pricing-engine", "dep-3950", "Production", 4, 4, "Healthy", "pricing-engine:3.3.3", "3 d ago", "team-catalog"),
    dep("recommendations", "dep-4011", "Production", 3, 3, "Rollout failed", "recommendations:2.2.0", "1 h ago", "team-growth"),
    dep("search-api", "dep-4090", "Production", 5, 6, "Degraded", "search-api:8.12.1", "25 min ago", "team-search"),
    dep("session-store", "dep-3760", "Production", 3, 3, "Healthy", "session-store:2.0.4", "8 d ago", "team-identity"),
    dep("shipping-quotes", "dep-4066", "Production", 2, 2, "Healthy", "shipping-quotes:1.12.0", "2 d ago", "team-checkout"),
    dep("tax-calculator", "dep-3888", "Production", 2, 2, "Healthy", "tax-calculator:3.1.1", "6 d ago", "team-finance"),
    dep("web-frontend", "dep-4102", "Production", 16, 16, "Healthy", "web-frontend:12.4.0", "5 h ago", "team-web"),
    dep("wishlist-api", "dep-4150", "Production", 2, 2, "Healthy", "wishlist-api:0.8.3", "3 d ago", "team-growth"),
]

STAGING = [
    dep("api-gateway", "dep-3656", "Staging", 2, 2, "Healthy", "api-gateway:5.3.0-rc2", "3 h ago", "team-edge"),
    dep("auth-service", "dep-3703", "Staging", 2, 2, "Healthy", "auth-service:3.1.0", "1 d ago", "team-identity"),
    dep("cart-service", "dep-3981", "Staging", 2, 2, "Healthy", "cart-service:2.9.0", "5 h ago", "team-checkout"),
    dep("catalog-api", "dep-3812", "Staging", 1, 1, "Healthy", "catalog-api:7.2.0", "1 d ago", "team-catalog"),
    dep("checkout-api", "dep-4172", "Staging", 2, 2, "Healthy", "checkout-api:2.42.0", "12 min ago", "team-checkout"),
    dep("checkout-worker", "dep-4174", "Staging", 1, 1, "Healthy", "checkout-worker:2.42.0", "2 h ago", "team-checkout"),
    dep("payments-api", "dep-4035", "Staging", 2, 2, "Healthy", "payments-api:6.1.0-rc1", "4 h ago", "team-payments"),
    dep("search-api", "dep-4091", "Staging", 1, 2, "Degraded", "search-api:8.13.0", "6 h ago", "team-search"),
    dep("web-frontend", "dep-4103", "Staging", 2, 2, "Healthy", "web-frontend:12.5.0-rc1", "7 h ago", "team-web"),
]

CANARY = [
    dep("checkout-api", "dep-4217", "Canary", 1, 1, "Healthy", "checkout-api:2.42.0-rc1", "35 min ago", "team-checkout"),
    dep("search-api", "dep-4219", "Canary", 1, 1, "Healthy", "search-api:8.13.0", "6 h ago", "team-search"),
    dep("web-frontend", "dep-4220", "Canary", 1, 1, "Healthy", "web-frontend:12.5.0-rc1", "1 d ago", "team-web"),
]

ALL = PROD + STAGING + CANARY
BY_ID = {d["id"]: d for d in ALL}

# "All environments", default sort: last rollout, newest first (first page only is ever shown)
ALL_ENV_PAGE1 = ["dep-4172", "dep-4090", "dep-4217", "dep-4033", "dep-4011", "dep-4127",
                 "dep-4121", "dep-4174", "dep-3980", "dep-4035"]

STATUS_RANK = {"Rollout failed": 0, "Degraded": 1, "Paused": 2, "Scaled to zero": 3, "Progressing": 4,
               "Healthy": 4}
ZONES = ["Any zone", "eu-west-2a only", "eu-west-2b only", "eu-west-2c only"]


def sort_rows(rows, how):
    if how == "attention":
        return sorted(rows, key=lambda d: (STATUS_RANK[d["status"]], d["name"]))
    return sorted(rows, key=lambda d: (d["name"], d["id"]))


# ---------------------------------------------------------------------------------------------
# Accessibility-tree pages (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------------------------


def q(s):
    return repr(s)


class Page:
    """One observation. Bids are numbered in document order with small deterministic gaps."""

    def __init__(self, url, title, first_bid=11):
        self.url = url
        self.title = title
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.n = first_bid
        self.handles = {}
        self.error = None

    def node(self, depth, role, name="", value=None, props=(), key=None, bid=True):
        s = "%s %s" % (role, q(name))
        if value is not None:
            s += " value=%s" % q(value)
        if props:
            s += ", " + ", ".join(props)
        b = None
        if bid:
            self.n += 1 + zlib.crc32(("%s|%d" % (role, len(self.lines))).encode("utf-8")) % 3
            b = str(self.n)
            if key is not None:
                if key in self.handles:
                    raise ValueError("duplicate handle %s on %s" % (key, self.url))
                self.handles[key] = (b, "%s %s" % (role, q(name)))
            s = "[%s] %s" % (b, s)
        self.lines.append("\t" * depth + s)
        return b

    def t(self, depth, text):
        self.node(depth, "StaticText", text, bid=False)

    def obs(self):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines),
                "error": self.error}


class Ctx:
    """Per-run clock and live counters (seeded)."""

    def __init__(self, rng, start_s, weekday="Wed"):
        self.rng = rng
        self.s = start_s
        self.weekday = weekday
        self.notif = rng.randint(2, 5)
        self.pods = 84 + rng.randint(-2, 2)
        self.alerts = 4
        self.rollout = "rol-%d" % (88211 + rng.randint(0, 6))

    def tick(self):
        self.s += self.rng.randint(4, 28)
        if self.rng.random() < 0.2:
            self.notif += 1
        self.pods += self.rng.choice([-1, 0, 0, 1])

    def hms(self, s=None):
        s = self.s if s is None else s
        return "%02d:%02d:%02d" % (s // 3600 % 24, s // 60 % 60, s % 60)

    def hm(self, s=None):
        return self.hms(s)[:5]


def header(p, ctx, env_sel):
    p.node(1, "banner", "")
    p.node(2, "link", "%s home" % PRODUCT, key="home")
    p.t(2, ORG)
    p.node(2, "combobox", "Environment", value=env_sel,
           props=("hasPopup='listbox'", "expanded=False"), key="env")
    for opt in ["All environments", "Production", "Staging", "Canary"]:
        p.node(3, "option", opt, props=("selected=%s" % (opt == env_sel),))
    p.node(2, "searchbox", "Search services, deployments, incidents", key="search")
    p.node(2, "button", "Notifications, %d unread" % ctx.notif)
    p.node(2, "button", "Help")
    p.node(2, "button", "%s (on call)" % USER, props=("hasPopup='menu'", "expanded=False"))
    p.node(1, "navigation", "Main")
    p.node(2, "link", "Overview", key="nav_overview")
    p.node(2, "link", "Deployments", key="nav_deployments")
    p.node(2, "link", "Services")
    p.node(2, "link", "Incidents")
    p.t(3, "1 open")
    p.node(2, "link", "Alerts")
    p.t(3, "%d firing" % ctx.alerts)
    p.node(2, "link", "Cost")
    p.node(2, "link", "Audit log")
    p.node(2, "link", "Settings")
    p.node(1, "region", "Incident notice")
    p.t(2, "INC-2291 · Elevated 5xx on search-api (eu-west-2) · Investigating · started 13:48 UTC")
    p.node(2, "link", "View INC-2291")
    p.node(2, "button", "Hide notice")


def footer(p, ctx):
    p.node(1, "contentinfo", "")
    p.t(2, "%s 3.18.2 · control plane eu-west-2" % PRODUCT)
    p.t(2, "Last synced %s %s UTC" % (ctx.weekday, ctx.hms()))
    p.node(2, "link", "Status page")
    p.node(2, "link", "Docs")
    p.node(2, "link", "Keyboard shortcuts")
    p.node(2, "link", "Privacy")


def toast_node(p, depth, text, key="toast"):
    p.node(depth, "status", "", key=key)
    p.t(depth + 1, text)
    p.node(depth + 1, "button", "Dismiss notification", key="toast_dismiss")


# ----- overview -------------------------------------------------------------------------------

def overview_page(ctx, env="Production"):
    p = Page("%s/overview?env=%s" % (BASE, env.lower().replace(" ", "-")),
             "Overview · %s · %s" % (env, PRODUCT))
    header(p, ctx, env)
    p.node(1, "main", "")
    p.node(2, "navigation", "Breadcrumb")
    p.node(3, "link", ORG)
    p.t(3, "Overview")
    p.node(2, "heading", "Overview · %s" % env)
    p.node(2, "region", "At a glance")
    p.t(3, "Deployments 21" if env == "Production" else "Deployments 33")
    p.t(3, "Pods running %d" % ctx.pods)
    p.t(3, "Failed rollouts (24 h) 1")
    p.t(3, "Open incidents 1")
    p.t(3, "Alerts firing %d" % ctx.alerts)
    p.t(3, "Cost anomalies 1 · review overdue by 2 days")
    p.node(2, "region", "Recent rollouts")
    p.node(3, "heading", "Recent rollouts")
    p.node(3, "table", "Recent rollouts")
    p.node(4, "row", "Rollout Deployment Environment Result Finished")
    for h in ["Rollout", "Deployment", "Environment", "Result", "Finished"]:
        p.node(5, "columnheader", h)
    rows = [
        ("rol-88210", "search-api", "dep-4090", "Production", "Rolling · 5 of 6 ready", "—"),
        ("rol-88207", "checkout-api", "dep-4172", "Staging", "Completed", "12 min ago"),
        ("rol-88199", "checkout-api", "dep-4217", "Canary", "Completed", "35 min ago"),
        ("rol-88190", "recommendations", "dep-4011", "Production", "Failed · rolled back", "1 h ago"),
        ("rol-88107", "checkout-api", "dep-4127", "Production", "Completed", "2 h ago"),
        ("rol-88101", "payments-api", "dep-4033", "Production", "Cancelled by a.lindqvist", "3 h ago"),
    ]
    for rol, name, did, e, res, fin in rows:
        p.node(4, "row", "%s %s %s %s %s" % (rol, name, e, res, fin))
        p.node(5, "gridcell", rol)
        p.node(5, "gridcell", name)
        p.node(6, "link", "%s (%s)" % (name, did))
        p.node(5, "gridcell", e)
        p.node(5, "gridcell", res)
        p.node(5, "gridcell", fin)
    p.node(3, "link", "All rollouts")
    p.node(2, "region", "Scheduled maintenance")
    p.t(3, "Node pool np-general-3 upgrade · Sat 02:00–04:00 UTC · pods will be rescheduled")
    p.node(2, "region", "On call now")
    p.t(3, "Primary: %s · Secondary: Jonas Ferreira · hand-off 20:00 UTC" % USER)
    footer(p, ctx)
    return p


# ----- deployments list -----------------------------------------------------------------------

def list_page(ctx, env, rows, shown_total, page_no=1, pages=1, sort="name", query=None,
              toast=None, quick=None, url=None, env_rows=None, overrides=None):
    env_label = env
    title = "Deployments · %s · %s" % (env_label, PRODUCT)
    if url is None:
        url = "%s/deployments?env=%s&sort=%s&page=%d" % (
            BASE, env.lower().replace(" ", "-"), sort, page_no)
    p = Page(url, title)
    header(p, ctx, env)
    p.node(1, "main", "")
    p.node(2, "navigation", "Breadcrumb")
    p.node(3, "link", ORG)
    if env != "All environments":
        p.node(3, "link", env)
    p.t(3, "Deployments")
    if toast:
        toast_node(p, 2, toast)
    p.node(2, "heading", "Deployments · %s" % env_label)
    overrides = overrides or {}
    rows = [dict(d, **overrides.get(d["id"], {})) for d in rows]
    need = sum(1 for d in (env_rows or rows) if d["status"] != "Healthy")
    p.t(2, "%d deployments · %d pods running · %d need attention" % (shown_total, ctx.pods, need))
    p.node(2, "group", "Filters")
    p.node(3, "searchbox", "Filter by name or deployment ID", value=query or "", key="filter")
    p.node(3, "combobox", "Status", value="Any status", props=("hasPopup='listbox'", "expanded=False"))
    p.node(3, "combobox", "Team", value="All teams", props=("hasPopup='listbox'", "expanded=False"))
    p.node(3, "button", "Clear filters", props=("disabled=True",))
    p.node(2, "button", "New deployment")
    p.node(2, "button", "Export CSV")
    p.node(2, "table", "Deployments")
    p.node(3, "rowgroup", "")
    p.node(4, "row", "Name Deployment ID Environment Ready Status Image Last rollout Actions")
    p.node(5, "columnheader", "Name, sorted ascending" if sort == "name" else "Name")
    p.node(6, "button", "Sort by name", key="sort_name")
    p.node(5, "columnheader", "Deployment ID")
    p.node(5, "columnheader", "Environment")
    p.node(5, "columnheader", "Ready")
    p.node(5, "columnheader", "Status, needs attention first" if sort == "attention" else "Status")
    p.node(6, "button", "Sort by status", key="sort_status")
    p.node(5, "columnheader", "Image")
    p.node(5, "columnheader", "Last rollout, newest first" if sort == "recent" else "Last rollout")
    p.node(6, "button", "Sort by last rollout", key="sort_recent")
    p.node(5, "columnheader", "Actions")
    p.node(3, "rowgroup", "")
    for d in rows:
        p.node(4, "row", "%s %s %s %d/%d %s %s %s" % (d["name"], d["id"], d["env"], d["ready"],
                                                      d["desired"], d["status"], d["image"], d["last"]))
        p.node(5, "gridcell", "")
        p.node(6, "link", d["name"], key="row:%s" % d["id"])
        p.node(5, "gridcell", d["id"])
        p.node(5, "gridcell", d["env"])
        p.node(5, "gridcell", "%d/%d" % (d["ready"], d["desired"]))
        p.node(5, "gridcell", d["status"])
        p.node(5, "gridcell", d["image"])
        p.node(5, "gridcell", d["last"])
        p.node(5, "gridcell", "")
        p.node(6, "button", "Quick scale %s" % d["name"], key="quick:%s" % d["id"])
        p.node(6, "button", "More actions for %s" % d["name"], props=("hasPopup='menu'", "expanded=False"))
        if quick is not None and quick["id"] == d["id"]:
            p.node(5, "dialog", "Quick scale %s" % d["name"])
            p.t(6, "Sets the replica count right away, without the review step.")
            p.node(6, "spinbutton", "Replicas", value=str(quick["value"]), key="quick_value")
            p.node(6, "button", "Apply now", key="quick_apply")
            p.node(6, "button", "Close", key="quick_close")
    p.node(2, "navigation", "Pagination")
    first = (page_no - 1) * 10 + 1
    last = first + len(rows) - 1
    p.t(3, "Showing %d–%d of %d" % (first, last, shown_total))
    p.node(3, "button", "Previous page", props=("disabled=True",) if page_no == 1 else (), key="prev")
    for i in range(1, pages + 1):
        p.node(3, "button", "Page %d" % i, props=("pressed=True",) if i == page_no else (),
               key="page%d" % i)
    p.node(3, "button", "Next page", props=("disabled=True",) if page_no == pages else (), key="next")
    p.node(3, "combobox", "Rows per page", value="10", props=("hasPopup='listbox'", "expanded=False"))
    footer(p, ctx)
    return p


def prod_list(ctx, sort="name", page_no=1, toast=None, quick=None, overrides=None):
    rows = sort_rows(PROD, sort)
    chunk = rows[(page_no - 1) * 10: page_no * 10]
    return list_page(ctx, "Production", chunk, len(PROD), page_no, 3, sort, toast=toast, quick=quick,
                     env_rows=PROD, overrides=overrides)


def staging_list(ctx):
    rows = sort_rows(STAGING, "name")
    return list_page(ctx, "Staging", rows, len(STAGING), 1, 1, "name", env_rows=STAGING)


def all_env_list(ctx):
    rows = [BY_ID[i] for i in ALL_ENV_PAGE1]
    return list_page(ctx, "All environments", rows, len(ALL), 1, 4, "recent", env_rows=ALL)


# ----- search results -------------------------------------------------------------------------

def search_page(ctx, query, env_sel="Production"):
    p = Page("%s/search?q=%s" % (BASE, query), "Search: %s · %s" % (query, PRODUCT))
    header(p, ctx, env_sel)
    p.node(1, "main", "")
    p.node(2, "heading", "Results for “%s”" % query)
    p.t(2, "Searching all environments · 9 results")
    p.node(2, "tablist", "Result types")
    p.node(3, "tab", "All (9)", props=("selected=True",))
    p.node(3, "tab", "Deployments (5)")
    p.node(3, "tab", "Incidents (1)")
    p.node(3, "tab", "Alerts (2)")
    p.node(3, "tab", "Runbooks (1)")
    p.node(2, "region", "Deployments")
    p.node(3, "heading", "Deployments")
    p.node(3, "table", "Matching deployments")
    p.node(4, "row", "Name Deployment ID Environment Ready Status")
    for h in ["Name", "Deployment ID", "Environment", "Ready", "Status"]:
        p.node(5, "columnheader", h)
    for did in ["dep-4217", "dep-4172", "dep-4127", "dep-4128", "dep-4121"]:
        d = BY_ID[did]
        p.node(4, "row", "%s %s %s %d/%d %s" % (d["name"], d["id"], d["env"], d["ready"],
                                                d["desired"], d["status"]))
        p.node(5, "gridcell", "")
        p.node(6, "link", d["name"], key="row:%s" % d["id"])
        p.node(5, "gridcell", d["id"])
        p.node(5, "gridcell", d["env"])
        p.node(5, "gridcell", "%d/%d" % (d["ready"], d["desired"]))
        p.node(5, "gridcell", d["status"])
    p.node(2, "region", "Incidents")
    p.node(3, "heading", "Incidents")
    p.node(3, "link", "INC-2270 · checkout-api p99 latency above 800 ms · Resolved 3 d ago")
    p.node(2, "region", "Alerts")
    p.node(3, "heading", "Alerts")
    p.node(3, "link", "checkout-api 5xx rate above 1% · Staging · Firing for 9 min")
    p.node(3, "link", "checkout-api pod restarts · Production · Acknowledged")
    p.node(2, "region", "Runbooks")
    p.node(3, "heading", "Runbooks")
    p.node(3, "link", "Scaling checkout-api ahead of peak traffic")
    footer(p, ctx)
    return p


# ----- deployment detail ----------------------------------------------------------------------

def base_events(d):
    if d["id"] == TARGET_ID:
        return [
            "14:12 UTC · Pod checkout-api-7d9f6c-x2k4q restarted (liveness probe failed, exit code 137)",
            "13:05 UTC · Rollout rol-88107 completed · image checkout-api:2.41.0",
            "12:40 UTC · Autoscaler suggestion not applied: 6 replicas from 18:00 UTC (autoscaling is off)",
            "Yesterday 22:17 UTC · Rollout rol-87990 cancelled by j.ferreira (superseded)",
            "Yesterday 16:02 UTC · Readiness checks failed for 40 s during node drain (recovered)",
        ]
    if d["env"] == "Canary":
        return [
            "13:58 UTC · Canary analysis passed (error rate 0.11% vs baseline 0.09%)",
            "13:55 UTC · Rollout rol-88199 completed · image %s" % d["image"],
            "13:20 UTC · Traffic weight changed 10% → 25% by ci-bot",
            "Yesterday 19:44 UTC · Canary analysis failed for rc0 (p99 regression); rolled back",
        ]
    if d["env"] == "Staging":
        return [
            "14:19 UTC · Rollout rol-88207 completed · image %s" % d["image"],
            "14:02 UTC · Deploy from release/2.42 started by ci-bot",
            "11:31 UTC · Load test lt-5521 finished · 2 failed checks (expected in staging)",
            "Yesterday 17:08 UTC · Config map %s-env updated by ci-bot" % d["name"],
        ]
    return [
        "13:40 UTC · Rollout completed · image %s" % d["image"],
        "Yesterday 09:12 UTC · Config map %s-env updated by ci-bot" % d["name"],
    ]


def detail_page(ctx, d, desired=None, ready=None, rollout=None, toast=None, dialog=None,
                extra_events=()):
    desired = d["desired"] if desired is None else desired
    ready = d["ready"] if ready is None else ready
    p = Page("%s/deployments/%s" % (BASE, d["id"]),
             "%s · %s · %s" % (d["name"], d["env"], PRODUCT))
    header(p, ctx, d["env"])
    p.node(1, "main", "")
    p.node(2, "navigation", "Breadcrumb")
    p.node(3, "link", ORG)
    p.node(3, "link", d["env"])
    p.node(3, "link", "Deployments", key="crumb_deployments")
    p.t(3, d["name"])
    if toast:
        toast_node(p, 2, toast)
    p.node(2, "heading", d["name"])
    p.t(2, "Deployment %s" % d["id"])
    p.t(2, d["env"])
    p.t(2, d["status"] if rollout is None or rollout["state"] != "in progress" else "Progressing")
    p.t(2, "Owner: %s · Namespace: shop-%s · Image: %s" % (d["team"], d["env"].lower(), d["image"]))
    p.node(2, "toolbar", "Deployment actions")
    p.node(3, "button", "Scale", key="scale")
    p.node(3, "button", "Restart all pods", key="restart")
    p.node(3, "button", "Roll back", key="rollback")
    in_prog = rollout is not None and rollout["state"] == "in progress"
    p.node(3, "button", "Pause rollout", props=() if in_prog else ("disabled=True",), key="pause")
    p.node(3, "button", "More actions", props=("hasPopup='menu'", "expanded=False"))
    p.node(2, "tablist", "Deployment sections")
    p.node(3, "tab", "Overview", props=("selected=True",))
    p.node(3, "tab", "Pods (%d)" % ready)
    p.node(3, "tab", "Rollouts")
    p.node(3, "tab", "Events")
    p.node(3, "tab", "Config")
    p.node(3, "tab", "Logs")
    p.node(2, "region", "Replicas")
    p.node(3, "heading", "Replicas")
    p.t(3, "Desired %d" % desired)
    p.t(3, "Ready %d" % ready)
    p.t(3, "Up to date %d" % ready)
    p.t(3, "Autoscaling Off")
    p.node(2, "region", "Current rollout")
    p.node(3, "heading", "Current rollout")
    if rollout is None:
        p.t(3, "No rollout in progress")
    else:
        p.t(3, "Rollout %s %s · %d of %d ready · started %s UTC" % (
            rollout["id"], rollout["state"], rollout["ready"], rollout["desired"], rollout["started"]))
        p.node(3, "progressbar", "Rollout progress",
               value=str(int(round(100.0 * rollout["ready"] / max(rollout["desired"], 1)))))
    p.node(2, "region", "Health")
    r = ctx.rng
    p.t(3, "p99 latency %d ms" % r.randint(180, 260))
    p.t(3, "Error rate 0.0%d%%" % r.randint(5, 9))
    p.t(3, "CPU %d%% of request" % r.randint(55, 72))
    p.t(3, "Restarts (24 h) 1")
    p.node(2, "region", "Recent events")
    p.node(3, "heading", "Recent events")
    p.node(3, "list", "")
    for e in list(extra_events) + base_events(d):
        p.node(4, "listitem", "")
        p.t(5, e)
    p.node(3, "link", "All events")
    others = [o for o in ALL if o["name"] == d["name"] and o["id"] != d["id"]]
    if others:
        p.node(2, "region", "Same service in other environments")
        for o in others:
            p.node(3, "link", "%s · %s · %d replica%s" % (
                o["env"], o["id"], o["desired"], "" if o["desired"] == 1 else "s"))
    footer(p, ctx)
    if dialog is not None:
        kind = dialog["kind"]
        if kind == "scale":
            scale_dialog(p, d, dialog)
        elif kind == "review":
            review_dialog(p, d, dialog)
        elif kind == "guard":
            guard_dialog(p, d, dialog)
        elif kind == "rejected":
            rejected_dialog(p, d, dialog)
    return p


def scale_dialog(p, d, s):
    p.node(1, "dialog", "Scale %s" % d["name"], props=("modal=True",))
    p.node(2, "heading", "Scale %s" % d["name"])
    p.t(2, "%s · %s · %d desired, %d ready" % (d["env"], d["id"], d["desired"], d["ready"]))
    p.node(2, "spinbutton", "Desired replicas", value=str(s.get("value", d["desired"])),
           props=("required",), key="replicas")
    p.node(2, "button", "Decrease desired replicas", key="dec")
    p.node(2, "button", "Increase desired replicas", key="inc")
    p.t(2, "Allowed 0–80 in %s · quota left 52 vCPU" % d["env"])
    zone = s.get("zone", "Any zone")
    p.node(2, "combobox", "Zone placement", value=zone,
           props=("hasPopup='listbox'", "expanded=False"), key="zone")
    for z in ZONES:
        p.node(3, "option", z, props=("selected=%s" % (z == zone),))
    p.node(2, "textbox", "Change note", value=s.get("note", ""), props=("required",), key="note")
    p.t(2, "Required for %s. Shown in the audit log." % d["env"])
    if s.get("error"):
        p.t(2, s["error"])
    p.node(2, "button", "Cancel", key="scale_cancel")
    p.node(2, "button", "Save as draft", key="draft")
    p.node(2, "button", "Review change", key="review")


def review_dialog(p, d, s):
    cur, new = d["desired"], s["value"]
    zone = s.get("zone", "Any zone")
    p.node(1, "dialog", "Review change", props=("modal=True",))
    p.node(2, "heading", "Review change to %s" % d["name"])
    p.t(2, "%s · %s" % (d["env"], d["id"]))
    p.node(2, "table", "Changes")
    p.node(3, "row", "Setting Current New")
    for h in ["Setting", "Current", "New"]:
        p.node(4, "columnheader", h)
    p.node(3, "row", "Desired replicas %d %d" % (cur, new))
    p.node(4, "gridcell", "Desired replicas")
    p.node(4, "gridcell", str(cur))
    p.node(4, "gridcell", str(new))
    if zone != "Any zone":
        p.node(3, "row", "Zone placement Any zone %s" % zone)
        p.node(4, "gridcell", "Zone placement")
        p.node(4, "gridcell", "Any zone")
        p.node(4, "gridcell", zone)
    p.t(2, "Desired replicas: %d → %d" % (cur, new))
    p.t(2, "Change note: “%s”" % s["note"])
    p.t(2, "Rolling update · max surge 25% · max unavailable 0")
    delta = (new - cur) * COST_PER_REPLICA
    p.t(2, "Estimated cost change: %s$%s / month" % ("+" if delta >= 0 else "−", "{:,.2f}".format(abs(delta))))
    p.t(2, "%s changes are recorded in the audit log." % d["env"])
    p.node(2, "button", "Back", key="back")
    p.node(2, "button", "Apply change", key="apply")


def guard_dialog(p, d, s):
    p.node(1, "alertdialog", "Confirm production change", props=("modal=True",))
    p.node(2, "heading", "Confirm production change")
    p.t(2, "It is outside the Production change window (Mon–Thu 08:00–18:00 UTC), so changes "
           "now need a second confirmation.")
    p.t(2, "%s · %s · Desired replicas %d → %d" % (d["name"], d["id"], d["desired"], s["value"]))
    p.node(2, "button", "Cancel", key="guard_cancel")
    p.node(2, "button", "Confirm and apply", key="guard_confirm")


def rejected_dialog(p, d, s):
    p.node(1, "alertdialog", "Change rejected", props=("modal=True",))
    p.node(2, "heading", "Change rejected")
    p.t(2, "Your on-call elevation for %s ended at 14:00 UTC. Current role: Viewer." % d["env"])
    p.t(2, "Ask a project owner to approve, or request elevation and try again.")
    p.node(2, "button", "Request elevation", key="elevate")
    p.node(2, "button", "Close", key="rejected_close")


# ----- sign-in and error pages ----------------------------------------------------------------

def signin_page(ctx, next_path):
    p = Page("%s/login?next=%s" % (BASE, next_path.replace("/", "%2F")), "Sign in · %s" % PRODUCT)
    p.node(1, "banner", "")
    p.node(2, "link", "%s home" % PRODUCT)
    p.node(1, "main", "")
    p.node(2, "heading", "Sign in to %s" % PRODUCT)
    p.t(2, "Your session timed out. Sign in again to continue where you left off.")
    p.node(2, "textbox", "Work email", props=("required",))
    p.node(2, "button", "Continue with SSO")
    p.node(2, "link", "Trouble signing in?")
    footer(p, ctx)
    return p


def bad_gateway_page(ctx, d):
    p = Page("%s/deployments/%s" % (BASE, d["id"]), "502 · %s" % PRODUCT)
    header(p, ctx, d["env"])
    p.node(1, "main", "")
    p.node(2, "heading", "Bad gateway (502)")
    p.t(2, "The deployments service did not answer in time. Request ID 7f3a9c21-44d0-4be9-9c61-0e2b83a51f07.")
    p.node(2, "button", "Try again", key="retry")
    p.node(2, "link", "Back to deployments")
    p.node(2, "link", "Check the status page")
    footer(p, ctx)
    return p


# ---------------------------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------------------------


class Run:
    def __init__(self, rid, fault, ctx, start_page):
        self.rid = rid
        self.fault = fault
        self.ctx = ctx
        self.cur = start_page
        self.initial = start_page.obs()
        self.steps = []
        self.off_track = None

    def _cmd(self, kind, handle, arg):
        if kind == "send":
            return "send_msg_to_user(%s)" % q(arg), None
        if kind == "noop":
            return "noop(%d)" % arg, None
        bid, target = self.cur.handles[handle]
        if kind == "click":
            return "click('%s')" % bid, target
        if kind == "fill":
            return "fill('%s', %s)" % (bid, q(arg)), target
        if kind == "select":
            return "select_option('%s', %s)" % (bid, q(arg)), target
        if kind == "press":
            return "press('%s', '%s')" % (bid, arg), target
        raise ValueError(kind)

    def step(self, commitment, kind, handle, reasoning, effect, page_fn, arg=None, off=False):
        cmd, target = self._cmd(kind, handle, arg)
        action = {"command": cmd, "reasoning": reasoning}
        if target is not None:
            action["target"] = target
        action["effect"] = effect
        self.ctx.tick()
        nxt = page_fn(self.ctx) if page_fn is not None else self.cur
        if off and self.off_track is None:
            self.off_track = len(self.steps)
        self.steps.append({"commitment": commitment, "action": action, "observation": nxt.obs()})
        self.cur = nxt
        return self

    def record(self, success, off_track=None):
        if self.fault is None:
            label = {"fault": None, "first_off_track_step": None}
        else:
            step = self.off_track if off_track is None else off_track
            assert step is not None, self.rid
            label = {"fault": self.fault, "first_off_track_step": step}
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": PLAN_PATH,
            "label": label,
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success},
        }


def new_ctx(index, start="14:20", weekday="Wed"):
    rng = random.Random(SEED * 1000 + index)
    h, m = start.split(":")
    return Ctx(rng, int(h) * 3600 + int(m) * 60 + rng.randint(0, 540), weekday)


def applied_state(ctx, d, new, note, started_s=None):
    started = ctx.hm(started_s)
    rollout = {"id": ctx.rollout, "state": "in progress", "ready": d["ready"], "desired": new,
               "started": started}
    ev = "%s UTC · Scale %d → %d requested by %s: “%s” (%s)" % (started, d["desired"], new, USER,
                                                             note, ctx.rollout)
    toast = "Scaling %s to %d replicas in %s. Rollout %s started." % (d["name"], new, d["env"], ctx.rollout)
    return rollout, ev, toast


def do_scale(run, d, value=TARGET_REPLICAS, note=NOTE, off_at=None, zone=None):
    """Open Scale, set replicas, set note, review.  Returns nothing; leaves the review dialog open."""
    ctx = run.ctx
    run.step("set-replicas", "click", "scale", "Open the Scale dialog for %s." % d["name"], "read",
             lambda c: detail_page(c, d, dialog={"kind": "scale"}))
    run.step("set-replicas", "fill", "replicas",
             "Set Desired replicas to %d." % value, "read",
             lambda c: detail_page(c, d, dialog={"kind": "scale", "value": value}),
             arg=str(value), off=(off_at == "value"))
    state = {"kind": "scale", "value": value}
    if zone is not None:
        run.step("set-replicas", "select", "zone",
                 "Keep the new pods in eu-west-2a, next to the primary database.", "read",
                 lambda c: detail_page(c, d, dialog=dict(state, zone=zone)),
                 arg=zone, off=(off_at == "zone"))
        state["zone"] = zone
    run.step("set-replicas", "fill", "note", "Add the change note the task asks for.", "read",
             lambda c: detail_page(c, d, dialog=dict(state, note=note)), arg=note)
    state["note"] = note
    rstate = dict(state, kind="review")
    run.step("review-apply", "click", "review", "Open the review dialog to check the change.", "read",
             lambda c: detail_page(c, d, dialog=rstate))
    return rstate


def apply_ok(run, d, rstate):
    ctx = run.ctx
    box = {}

    def after(c):
        rollout, ev, toast = applied_state(c, d, rstate["value"], rstate["note"])
        box["rollout"] = rollout
        box["ev"] = ev
        return detail_page(c, d, desired=rstate["value"], rollout=rollout, toast=toast,
                           extra_events=[ev])
    run.step("review-apply", "click", "apply", "The review shows the right change; apply it.",
             "irreversible", after)
    return box


def report_ok(run, d, box, new=TARGET_REPLICAS):
    r = box["rollout"]
    verb = "has finished" if r["state"] == "completed" else "has started"
    msg = ("Done: %s (%s) in %s is scaled from %d to %d replicas. Rollout %s %s "
           "(%d of %d ready)." % (d["name"], d["id"], d["env"], d["desired"], new, r["id"], verb,
                                  r["ready"], r["desired"]))
    run.step("verify-rollout", "send", None, "The rollout is under way; report back.", "read", None,
             arg=msg)


T = BY_ID[TARGET_ID]


def healthy_runs():
    runs = []

    # H1: browse from the overview through the main navigation.
    ctx = new_ctx(1)
    r = Run("%s-healthy-browse-01" % WORKFLOW, None, ctx, overview_page(ctx))
    r.step("find-deployment", "click", "nav_deployments", "Go to the deployments list.", "read",
           lambda c: prod_list(c))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID,
           "checkout-api in Production is dep-4127; open it.", "read", lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    box = apply_ok(r, T, rs)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H2: header search, then pick the Production row among similar results.
    ctx = new_ctx(2)
    r = Run("%s-healthy-search-02" % WORKFLOW, None, ctx, overview_page(ctx))
    r.step("find-deployment", "fill", "search", "Search for the service by name.", "read",
           lambda c: overview_page(c), arg="checkout-api")
    r.step("find-deployment", "press", "search", "Run the search.", "read",
           lambda c: search_page(c, "checkout-api"), arg="Enter")
    r.step("open-deployment", "click", "row:%s" % TARGET_ID,
           "Three environments match; the Production row is dep-4127.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    box = apply_ok(r, T, rs)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H3: start on "All environments"; narrow to Production as the task asks.
    ctx = new_ctx(3)
    r = Run("%s-healthy-envfilter-03" % WORKFLOW, None, ctx, all_env_list(ctx))
    r.step("find-deployment", "select", "env",
           "The list mixes environments; switch to Production.", "read",
           lambda c: prod_list(c), arg="Production")
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api (dep-4127).", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    box = apply_ok(r, T, rs)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H4: open Scale, cancel to read the events first, then reopen.
    ctx = new_ctx(4)
    r = Run("%s-healthy-cancel-reopen-04" % WORKFLOW, None, ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    r.step("set-replicas", "click", "scale", "Open the Scale dialog.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale"}))
    r.step("set-replicas", "click", "scale_cancel",
           "Close the dialog to read the recent pod restart event before changing anything.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    box = apply_ok(r, T, rs)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H5: list sorted by "needs attention first"; checkout-api is on page 2.
    ctx = new_ctx(5)
    r = Run("%s-healthy-pagination-05" % WORKFLOW, None, ctx, prod_list(ctx, sort="attention"))
    r.step("find-deployment", "click", "next",
           "Page 1 has checkout-api-legacy and checkout-worker, not checkout-api; go to page 2.",
           "read", lambda c: prod_list(c, sort="attention", page_no=2))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api (dep-4127).", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    box = apply_ok(r, T, rs)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H6: change note too short, validation message, note retyped.
    ctx = new_ctx(6)
    r = Run("%s-healthy-retype-note-06" % WORKFLOW, None, ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    r.step("set-replicas", "click", "scale", "Open the Scale dialog.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale"}))
    r.step("set-replicas", "fill", "replicas", "Set Desired replicas to 6.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale", "value": 6}), arg="6")
    r.step("set-replicas", "fill", "note", "Short change note.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale", "value": 6, "note": "peak"}), arg="peak")
    r.step("review-apply", "click", "review", "Review the change.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale", "value": 6, "note": "peak",
                                               "error": "Change note must be at least 10 characters."}))
    note2 = "Scaling for the evening traffic peak"
    r.step("set-replicas", "fill", "note", "The note was too short; write it out in full.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale", "value": 6, "note": note2}), arg=note2)
    rs = {"kind": "review", "value": 6, "note": note2}
    r.step("review-apply", "click", "review", "Review the change.", "read",
           lambda c: detail_page(c, T, dialog=rs))
    box = apply_ok(r, T, rs)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H7: outside the change window: the agent's own Apply raises a second confirmation;
    # an unrelated rollout toast shows on the list.
    ctx = new_ctx(7, start="19:05", weekday="Fri")
    r = Run("%s-healthy-guard-confirm-07" % WORKFLOW, None, ctx, overview_page(ctx))
    r.step("find-deployment", "click", "nav_deployments", "Go to the deployments list.", "read",
           lambda c: prod_list(c, toast="payments-api rollout rol-88209 completed · 8 of 8 ready"))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api (dep-4127).", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    r.step("review-apply", "click", "apply", "The review is right; apply.", "irreversible",
           lambda c: detail_page(c, T, dialog={"kind": "guard", "value": 6}))
    box = {}

    def confirmed(c):
        rollout, ev, toast = applied_state(c, T, 6, NOTE)
        box["rollout"] = rollout
        return detail_page(c, T, desired=6, rollout=rollout, toast=toast, extra_events=[ev])
    r.step("review-apply", "click", "guard_confirm",
           "This confirmation was raised by my own Apply (outside the change window); confirm it.",
           "irreversible", confirmed)
    report_ok(r, T, box)
    runs.append(r.record(True))

    # H8: re-sort by name, apply, then wait for the rollout to finish before reporting.
    ctx = new_ctx(8)
    r = Run("%s-healthy-sort-wait-08" % WORKFLOW, None, ctx, prod_list(ctx, sort="attention"))
    r.step("find-deployment", "click", "sort_name", "Sort by name to find checkout-api quickly.", "read",
           lambda c: prod_list(c, sort="name"))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api (dep-4127).", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    box = apply_ok(r, T, rs)

    def later(c):
        rb = box["rollout"]
        done = dict(rb, state="completed", ready=6)
        box["rollout"] = done
        ev = "%s UTC · Rollout %s completed · 6 of 6 ready" % (c.hm(), rb["id"])
        ev0 = "%s UTC · Scale 4 → 6 requested by %s: “%s” (%s)" % (rb["started"], USER, NOTE, rb["id"])
        return detail_page(c, T, desired=6, ready=6, rollout=done, extra_events=[ev, ev0])
    r.step("verify-rollout", "noop", None, "Wait for the new pods to become ready.", "read", later,
           arg=5000)
    report_ok(r, T, box)
    runs.append(r.record(True))
    return runs


# ---------------------------------------------------------------------------------------------
# Plan: written from the task text and the healthy runs above, before any faulty run.
# ---------------------------------------------------------------------------------------------

PLAN_YAML = """\
# Keelhouse: scale checkout-api in Production to 6 replicas through the review dialog.
# Written from the task text and the healthy runs only, before the faulty runs existed.
task: "%(task)s"
plan_falsifiers:
  execution:
    - "Sign in to Keelhouse"
    - "Your session has expired"
    - "Something went wrong"
    - "Internal server error"
    - "You don't have permission to change this deployment"
commitments:
  - id: find-deployment
    subgoal: "Get to checkout-api in the Production deployments list (or search results)"
    skill: navigate_to_list
    confidence: 0.8
    confirm:
      precondition: ["Keelhouse"]
      progress: ["Results for “checkout-api”"]
      completion: ["Deployments · Production"]
    falsify:
      execution: ["Deployments · Staging", "Deployments · Canary", "No deployments match"]
      skill: ["Search is unavailable"]
      planning: []
  - id: open-deployment
    subgoal: "Open the checkout-api deployment in Production (dep-4127)"
    skill: open_record_by_name
    confidence: 0.7
    confirm:
      precondition: ["checkout-api"]
      progress: []
      completion: ["Deployment dep-4127", "checkout-api · Production"]
    falsify:
      execution:
        - "dep-4172"
        - "dep-4217"
        - "dep-4128"
        - "checkout-api-legacy"
        - "checkout-worker"
        - "checkout-api · Staging"
        - "checkout-api · Canary"
      skill: []
      planning: ["Deployment not found"]
  - id: set-replicas
    subgoal: "Open the Scale dialog, set Desired replicas to 6 and add the change note"
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition: ["Scale"]
      progress: ["Scale checkout-api"]
      completion: ["Desired replicas"]
    falsify:
      execution:
        - {text: "Restart all pods", on: action}
        - {text: "Roll back", on: action}
        - {text: "Pause rollout", on: action}
        - {text: "Quick scale", on: action}
        - {text: "Save as draft", on: action}
      skill: ["The Scale button is disabled"]
      planning: ["Autoscaling is on, so manual scaling is not available"]
  - id: review-apply
    subgoal: "Check the review dialog shows checkout-api, Production, 4 → 6, then apply"
    skill: submit_with_review
    confidence: 0.6
    confirm:
      precondition: ["Review change to checkout-api"]
      progress: ["Desired replicas: 4 → 6", "Confirm production change"]
      completion: ["Scaling checkout-api to 6 replicas in Production"]
    falsify:
      execution:
        - "Desired replicas: 4 → 60"
        - "Desired replicas: 4 → 16"
        - "Desired replicas: 4 → 5"
        - "Desired replicas: 4 → 7"
        - {text: "Cancel", on: action}
      skill: []
      planning: ["Production is in a change freeze"]
  - id: verify-rollout
    subgoal: "Confirm the rollout to 6 replicas has started, then report"
    confidence: 0.7
    confirm:
      precondition: ["Rollout"]
      progress: ["in progress"]
      completion: ["Desired 6"]
    falsify:
      execution: ["Desired 4", "No rollout in progress", "Rollout paused", "Rollout failed"]
      skill: []
      planning: []
""" % {"task": TASK}


# ---------------------------------------------------------------------------------------------
# Faulty runs (written after the plan above; the plan was not changed afterwards)
# ---------------------------------------------------------------------------------------------

def report(run, msg, commitment="verify-rollout", off=False):
    run.step(commitment, "send", None, "Report back to the user.", "read", None, arg=msg, off=off)


def faulty_runs():
    runs = []
    canary = BY_ID["dep-4217"]
    staging = BY_ID["dep-4172"]

    # F1 near miss: search, then open the Canary checkout-api listed first.
    ctx = new_ctx(101)
    r = Run("%s-wrong_record-canary-01" % WORKFLOW, "wrong_record", ctx, overview_page(ctx))
    r.step("find-deployment", "fill", "search", "Search for checkout-api.", "read",
           lambda c: overview_page(c), arg="checkout-api")
    r.step("find-deployment", "press", "search", "Run the search.", "read",
           lambda c: search_page(c, "checkout-api"), arg="Enter")
    r.step("open-deployment", "click", "row:dep-4217", "Open the top checkout-api result.", "read",
           lambda c: detail_page(c, canary), off=True)
    rs = do_scale(r, canary)
    box = apply_ok(r, canary, rs)
    report_ok(r, canary, box)
    runs.append(r.record(False))

    # F2 near miss: "All environments" list, agent opens the Staging row (most recent).
    ctx = new_ctx(102)
    r = Run("%s-wrong_record-staging-02" % WORKFLOW, "wrong_record", ctx,
            overview_page(ctx, env="All environments"))
    r.step("find-deployment", "click", "nav_deployments", "Go to the deployments list.", "read",
           lambda c: all_env_list(c))
    r.step("open-deployment", "click", "row:dep-4172", "checkout-api is the first row; open it.", "read",
           lambda c: detail_page(c, staging), off=True)
    rs = do_scale(r, staging)
    box = apply_ok(r, staging, rs)
    report_ok(r, staging, box)
    runs.append(r.record(False))

    # F3 wrong value: 60 instead of 6.
    ctx = new_ctx(103)
    r = Run("%s-wrong_value-60-03" % WORKFLOW, "wrong_value", ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T, value=60, off_at="value")
    box = apply_ok(r, T, rs)
    report_ok(r, T, box, new=60)
    runs.append(r.record(False))

    # F4 silent no-op: Apply closes the dialog but nothing changes; agent reports success.
    ctx = new_ctx(104)
    r = Run("%s-silent_noop-apply-04" % WORKFLOW, "silent_noop", ctx, overview_page(ctx))
    r.step("find-deployment", "click", "nav_deployments", "Go to the deployments list.", "read",
           lambda c: prod_list(c))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api (dep-4127).", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    r.step("review-apply", "click", "apply", "The review shows 4 → 6; apply it.", "irreversible",
           lambda c: detail_page(c, T), off=True)
    report(r, "Done: checkout-api (dep-4127) in Production is now scaled to 6 replicas.")
    runs.append(r.record(False))

    # F5 unrequested constraint: agent pins the new pods to one zone.
    ctx = new_ctx(105)
    r = Run("%s-unrequested_constraint-zone-05" % WORKFLOW, "unrequested_constraint", ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T, zone="eu-west-2a only", off_at="zone")

    def after5(c):
        rollout, ev, toast = applied_state(c, T, 6, NOTE)
        r5["rollout"] = rollout
        toast = toast + " Placement changed to eu-west-2a only."
        return detail_page(c, T, desired=6, rollout=rollout, toast=toast, extra_events=[ev])
    r5 = {}
    r.step("review-apply", "click", "apply", "Apply the change.", "irreversible", after5)
    report_ok(r, T, r5)
    runs.append(r.record(False))

    # F6 stale filter: the list opens on Staging (left over from an earlier session).
    ctx = new_ctx(106)
    r = Run("%s-stale_filter-staging-06" % WORKFLOW, "stale_filter", ctx, staging_list(ctx))
    r.step("open-deployment", "click", "row:dep-4172", "Open checkout-api.", "read",
           lambda c: detail_page(c, staging))
    rs = do_scale(r, staging)
    box = apply_ok(r, staging, rs)
    report_ok(r, staging, box)
    runs.append(r.record(False, off_track=0))

    # F7 permission: Apply is rejected because the on-call elevation expired.
    ctx = new_ctx(107)
    r = Run("%s-permission-elevation-07" % WORKFLOW, "permission_denied", ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    r.step("review-apply", "click", "apply", "Apply the change.", "irreversible",
           lambda c: detail_page(c, T, dialog={"kind": "rejected"}), off=True)
    report(r, "I could not scale checkout-api: Keelhouse rejected the change because my on-call "
              "elevation for Production has ended. An owner needs to approve it.")
    runs.append(r.record(False))

    # F8 error page: opening the deployment returns 502, twice.
    ctx = new_ctx(108)
    r = Run("%s-error_page-502-08" % WORKFLOW, "error_page", ctx, overview_page(ctx))
    r.step("find-deployment", "fill", "search", "Search for checkout-api.", "read",
           lambda c: overview_page(c), arg="checkout-api")
    r.step("find-deployment", "press", "search", "Run the search.", "read",
           lambda c: search_page(c, "checkout-api"), arg="Enter")
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open the Production row, dep-4127.", "read",
           lambda c: bad_gateway_page(c, T), off=True)
    r.step("open-deployment", "click", "retry", "Try again.", "read", lambda c: bad_gateway_page(c, T))
    report(r, "Keelhouse returns 502 Bad gateway for checkout-api (dep-4127); I could not scale it.",
           commitment="open-deployment")
    runs.append(r.record(False))

    # F9 premature success: reports while the review dialog is still open.
    ctx = new_ctx(109)
    r = Run("%s-premature_success-review-09" % WORKFLOW, "premature_success", ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    report(r, "Done: checkout-api in Production is scaled to 6 replicas.", commitment="review-apply",
           off=True)
    runs.append(r.record(False))

    # F10 skipped step: inline Quick scale applies the change without the review dialog.
    ctx = new_ctx(110)
    r = Run("%s-skipped_step-quick_scale-10" % WORKFLOW, "skipped_step", ctx, overview_page(ctx))
    r.step("find-deployment", "click", "nav_deployments", "Go to the deployments list.", "read",
           lambda c: prod_list(c))
    q4 = {"id": TARGET_ID, "value": 4}
    r.step("set-replicas", "click", "quick:%s" % TARGET_ID, "Scale straight from the list.", "read",
           lambda c: prod_list(c, quick=q4), off=True)
    q6 = {"id": TARGET_ID, "value": 6}
    r.step("set-replicas", "fill", "quick_value", "Set 6 replicas.", "read",
           lambda c: prod_list(c, quick=q6), arg="6")
    r.step("review-apply", "click", "quick_apply", "Apply.", "irreversible",
           lambda c: prod_list(c, toast="checkout-api in Production scaled to 6 replicas.",
                               overrides={TARGET_ID: {"desired": 6, "status": "Progressing",
                                                      "last": "just now"}}))
    report(r, "Done: checkout-api in Production is scaled to 6 replicas.")
    runs.append(r.record(False))

    # F11 dialog mishandled: the change-window confirmation is cancelled as if it were a notice.
    ctx = new_ctx(111, start="19:05", weekday="Fri")
    r = Run("%s-dialog_mishandled-guard-11" % WORKFLOW, "dialog_mishandled", ctx, prod_list(ctx))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api in Production.", "read",
           lambda c: detail_page(c, T))
    rs = do_scale(r, T)
    r.step("review-apply", "click", "apply", "Apply the change.", "irreversible",
           lambda c: detail_page(c, T, dialog={"kind": "guard", "value": 6}))
    r.step("review-apply", "click", "guard_cancel", "Dismiss the change-window notice.", "read",
           lambda c: detail_page(c, T), off=True)
    report(r, "Done: checkout-api in Production is scaled to 6 replicas.")
    runs.append(r.record(False))

    # F12 lost session: opening the review dialog lands on the sign-in page.
    ctx = new_ctx(112)
    r = Run("%s-session_expired-review-12" % WORKFLOW, "session_expired", ctx, overview_page(ctx))
    r.step("find-deployment", "click", "nav_deployments", "Go to the deployments list.", "read",
           lambda c: prod_list(c))
    r.step("open-deployment", "click", "row:%s" % TARGET_ID, "Open checkout-api (dep-4127).", "read",
           lambda c: detail_page(c, T))
    r.step("set-replicas", "click", "scale", "Open the Scale dialog.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale"}))
    r.step("set-replicas", "fill", "replicas", "Set Desired replicas to 6.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale", "value": 6}), arg="6")
    r.step("set-replicas", "fill", "note", "Add the change note.", "read",
           lambda c: detail_page(c, T, dialog={"kind": "scale", "value": 6, "note": NOTE}), arg=NOTE)
    r.step("review-apply", "click", "review", "Review the change.", "read",
           lambda c: signin_page(c, "/deployments/%s" % TARGET_ID), off=True)
    report(r, "My Keelhouse session timed out before I could review the change; checkout-api was "
              "not scaled.", commitment="review-apply")
    runs.append(r.record(False))
    return runs


# ---------------------------------------------------------------------------------------------

def build():
    runs = healthy_runs() + faulty_runs()
    return runs


def write(out_dir):
    runs = build()
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    with open(os.path.join(out_dir, PLAN_PATH), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    runs = write(args.out)
    faulty = sum(1 for r in runs if r["label"]["fault"])
    print("wrote %d runs (%d healthy, %d faulty) to %s" % (len(runs), len(runs) - faulty, faulty,
                                                          os.path.join(args.out, "corpus.jsonl")))


if __name__ == "__main__":
    main()
