#!/usr/bin/env python3
"""Generate the `rolegate` held-out corpus (Portcullis Admin, an identity and access console).

Standard library only. Fixed seed; output is byte-for-byte reproducible.

    python3 make_corpus.py              # writes ./corpus.jsonl and ./plans/rolegate.yaml
    python3 make_corpus.py --out DIR    # writes the same files under DIR
"""
import argparse
import copy
import json
import os
import random

SEED = 20240613
WORKFLOW = "rolegate"
BASE = "http://127.0.0.1:8000"
PRODUCT = "Portcullis Admin"
TENANT = "Halvorsen Labs"
ADMIN = "Morgan Ellery"

TASK = ("In Portcullis Admin, open Users filtered to the Kestrel Research workspace and find "
        "Dana Whitfield (dana.whitfield@halvorsen.io). Change her role in Kestrel Research to "
        "Billing Viewer and remove her from the Finance Approvers group. Leave her other group "
        "memberships as they are.")

KR, KT, OO = "Kestrel Research", "Kestrel Retail", "Osprey Ops"
WS_SLUG = {KR: "kestrel-research", KT: "kestrel-retail", OO: "osprey-ops", None: "all"}
ROLES = ["Workspace Owner", "Workspace Admin", "Billing Admin", "Billing Viewer",
         "Billing Auditor", "Member", "Guest"]
ROLE_DESC = {
    "Workspace Owner": "Full control of the workspace, including billing and deletion.",
    "Workspace Admin": "Manage members, apps and settings. No billing access.",
    "Billing Admin": "Manage payment methods, approve invoices, view usage. Uses a billing seat.",
    "Billing Viewer": "Read invoices and usage reports. Cannot change payment methods or approve invoices.",
    "Billing Auditor": "Read invoices, usage and the billing audit trail; export reports. Uses a billing seat.",
    "Member": "Use the workspace's apps.",
    "Guest": "Limited access to items shared with them.",
}
BILLING_SEAT_ROLES = {"Billing Admin", "Billing Auditor"}

# name, email, user id, {workspace: role}, MFA, status, minutes since last sign-in (None = never), title
USERS = [
    ("Aisha Bello", "aisha.bello@halvorsen.io", "U-20388", {KR: "Workspace Admin", OO: "Member"}, "Enrolled", "Active", 35, "IT Lead"),
    ("Bram de Vries", "bram.devries@halvorsen.io", "U-20502", {KR: "Member"}, "Enrolled", "Active", 4320, "Research Analyst"),
    ("Chloe Aubert", "chloe.aubert@halvorsen.io", "U-20611", {KR: "Member", KT: "Member"}, "Enrolled", "Active", 130, "Product Manager"),
    ("Dana Whitfeld", "dana.whitfeld@halvorsen.io", "U-20471", {KR: "Billing Auditor"}, "Enrolled", "Active", 55, "Internal Auditor"),
    ("Dana Whitfield", "dana.whitfield@halvorsen.io", "U-20417", {KR: "Billing Admin", KT: "Member"}, "Pending", "Active", 2950, "Senior Accountant"),
    ("Diana Whitfield", "diana.whitfield@halvorsen.io", "U-20147", {KR: "Billing Viewer"}, "Enrolled", "Active", 20, "Accounts Payable Clerk"),
    ("Dana Whitford", "dana.whitford@halvorsen.io", "U-21417", {KT: "Billing Admin"}, "Enrolled", "Active", 400, "Store Finance Lead"),
    ("Felix Brandt", "felix.brandt@halvorsen.io", "U-19873", {KR: "Member"}, "Enrolled", "Suspended", 57600, "Lab Technician"),
    ("Grace Liu", "grace.liu@halvorsen.io", "U-21902", {KR: "Guest"}, "Not enrolled", "Invitation expired", None, "Contractor"),
    ("Hiro Tanabe", "hiro.tanabe@halvorsen.io", "U-20233", {KR: "Billing Admin"}, "Enrolled", "Active", 15, "Finance Controller"),
    ("Ines Carvalho", "ines.carvalho@halvorsen.io", "U-20790", {KR: "Member", OO: "Workspace Admin"}, "Enrolled", "Active", 240, "Operations Manager"),
    ("Jonah Reyes", "jonah.reyes@halvorsen.io", "U-20845", {KR: "Member"}, "Not enrolled", "Active", 1500, "Research Intern"),
    ("Keiko Mori", "keiko.mori@halvorsen.io", "U-20318", {KR: "Workspace Owner"}, "Enrolled", "Active", 8, "Head of Research Ops"),
    ("Lena Fischer", "lena.fischer@halvorsen.io", "U-20966", {KR: "Member", KT: "Billing Viewer"}, "Locked", "Active", 600, "Buyer"),
    ("Marcus Oyelaran", "marcus.oyelaran@halvorsen.io", "U-20059", {KR: "Billing Viewer"}, "Enrolled", "Active", 3000, "FP&A Analyst"),
    ("Nadia Petrov", "nadia.petrov@halvorsen.io", "U-21044", {KR: "Member"}, "Enrolled", "Active", 5000, "Data Scientist"),
    ("Owen Marsh", "owen.marsh@halvorsen.io", "U-20704", {KR: "Billing Auditor"}, "Enrolled", "Active", 90, "Compliance Officer"),
    ("Priya Raman", "priya.raman@halvorsen.io", "U-20127", {KR: "Workspace Admin"}, "Enrolled", "Active", 45, "Finance Systems Admin"),
    ("Samir Haddad", "samir.haddad@halvorsen.io", "U-20583", {KR: "Member", KT: "Member"}, "Pending", "Active", 2000, "Procurement Specialist"),
    ("Tomasz Kowal", "tomasz.kowal@halvorsen.io", "U-21130", {KT: "Workspace Owner"}, "Enrolled", "Active", 70, "Retail Director"),
    ("Rosa Delgado", "rosa.delgado@halvorsen.io", "U-21288", {KT: "Member", OO: "Member"}, "Enrolled", "Active", 300, "Store Manager"),
    ("Yusuf Demir", "yusuf.demir@halvorsen.io", "U-21355", {OO: "Billing Admin"}, "Enrolled", "Active", 800, "Ops Finance Partner"),
]
MFA_LABEL = {"Enrolled": "MFA enrolled", "Pending": "MFA pending", "Not enrolled": "MFA not enrolled",
             "Locked": "MFA locked (5 failed attempts)"}

GROUPS = {  # id: (name, members, membership type, note)
    "grp-001": ("All Staff", 212, "Rule", "Everyone with an active account"),
    "grp-104": ("Finance Admins", 2, "Direct", ""),
    "grp-114": ("Finance Approvers", 6, "Direct", "Approves invoices over $5,000 in Kestrel Research"),
    "grp-118": ("Finance Reviewers", 11, "Direct", ""),
    "grp-122": ("Payroll Approvers", 3, "Direct", "Last HR sync failed"),
    "grp-141": ("Finance Approvers EMEA", 4, "Direct", "Approves EMEA entity invoices"),
    "grp-207": ("Kestrel Research Members", 18, "Rule", "Members of Kestrel Research"),
}
GROUP_ORDER = ["grp-104", "grp-114", "grp-141", "grp-118", "grp-122", "grp-207", "grp-001"]
USER_GROUPS = {
    "U-20417": [("grp-114", "12 Jan 2024"), ("grp-141", "3 Mar 2024"), ("grp-118", "2 Nov 2023"),
                ("grp-207", "2 Nov 2023"), ("grp-001", "30 Oct 2023")],
    "U-20471": [("grp-118", "9 Feb 2024"), ("grp-114", "9 Feb 2024"), ("grp-207", "9 Feb 2024"),
                ("grp-001", "5 Feb 2024")],
    "U-20147": [("grp-114", "21 Aug 2023"), ("grp-141", "21 Aug 2023"), ("grp-207", "14 Aug 2023"),
                ("grp-001", "14 Aug 2023")],
    "U-21417": [("grp-104", "4 Apr 2023"), ("grp-001", "1 Apr 2023")],
}
FINANCE_APPROVERS = ["U-20417", "U-20147", "U-20471", "U-20704", "U-20127", "U-20233"]
ROLE_GRANTED = {
    ("U-20417", KR): "Granted 2 Nov 2023 by Morgan Ellery",
    ("U-20417", KT): "Granted 18 Jan 2024 by Tomasz Kowal",
    ("U-20471", KR): "Granted 9 Feb 2024 by Priya Raman",
    ("U-20147", KR): "Granted 14 Aug 2023 by Priya Raman",
    ("U-21417", KT): "Granted 1 Apr 2023 by Tomasz Kowal",
}
USER_ACTIVITY = {
    "U-20417": [("2 days ago", "Dana Whitfield", "signin.succeeded", "MFA not enforced: enrollment pending"),
                ("3 days ago", "Dana Whitfield", "signin.failed", "Wrong password (1 of 5)"),
                ("12 days ago", "Dana Whitfield", "invoice.approval_cancelled", "INV-3318 $4,870.00, Kestrel Research"),
                ("3 Mar 2024", "Priya Raman", "group.member_added", "Finance Approvers EMEA (grp-141)"),
                ("2 Nov 2023", "Morgan Ellery", "role.granted", "Kestrel Research: Billing Admin")],
    "U-20471": [("55 min ago", "Dana Whitfeld", "signin.succeeded", "MFA verified"),
                ("6 days ago", "Dana Whitfeld", "report.exported", "Usage Q1, Kestrel Research"),
                ("9 Feb 2024", "Priya Raman", "role.granted", "Kestrel Research: Billing Auditor")],
    "U-20147": [("20 min ago", "Diana Whitfield", "signin.succeeded", "MFA verified"),
                ("1 day ago", "Diana Whitfield", "invoice.viewed", "INV-3341 overdue"),
                ("14 Aug 2023", "Priya Raman", "role.granted", "Kestrel Research: Billing Viewer")],
    "U-21417": [("6 hr ago", "Dana Whitford", "signin.succeeded", "MFA verified"),
                ("4 days ago", "Dana Whitford", "payment_method.updated", "Kestrel Retail card ending 4410")],
}
PAGE_SIZE = 10


def user(uid):
    for u in USERS:
        if u[2] == uid:
            return u
    raise KeyError(uid)


def ago(m):
    if m is None:
        return "Never"
    if m < 60:
        return "%d min ago" % m
    if m < 1440:
        return "%d hr ago" % (m // 60)
    d = m // 1440
    return "%d day%s ago" % (d, "" if d == 1 else "s")


# --------------------------------------------------------------------------------------------
# Accessibility-tree page builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------------------------
class Registry:
    """Stable bids per run: an element keeps its bid across pages, new elements get new bids."""

    def __init__(self, rng):
        self.map = {}
        self.next = 10 + rng.randrange(0, 40)

    def get(self, key):
        if key not in self.map:
            self.map[key] = str(self.next)
            self.next += 1
        return self.map[key]


class Page:
    def __init__(self, reg, url, title, scope):
        self.reg, self.url, self.title, self.scope = reg, url, title, scope
        self.lines = ["RootWebArea %r, focused" % title]
        self.keys = {}
        self._seen = {}

    def n(self, depth, role, name="", key=None, props=""):
        auto = "%s|%s" % (role, name)
        occ = self._seen.get(auto, 0)
        self._seen[auto] = occ + 1
        k = key or ("%s|%s|%d" % (self.scope, auto, occ))
        bid = self.reg.get(k)
        self.lines.append("%s[%s] %s %r%s" % ("\t" * depth, bid, role, name, (", " + props) if props else ""))
        if key:
            self.keys[key] = (bid, role, name)
        return bid

    def t(self, depth, text):
        self.lines.append("%sStaticText %r" % ("\t" * depth, text))

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


# --------------------------------------------------------------------------------------------
# Application state and rendering
# --------------------------------------------------------------------------------------------
def new_state():
    return {
        "view": "users", "ws": None, "q": "", "mfa": "Any MFA status", "status": "Any status",
        "role_filter": "Any role", "sort": ("last", "desc"), "page": 1, "toast": None, "banner": None,
        "saved_view": None, "uid": None, "ctx": None, "dialog": None, "group": None, "notif": 3,
        "roles": {u[2]: dict(u[3]) for u in USERS},
        "groups": copy.deepcopy(USER_GROUPS),
        "fa_members": list(FINANCE_APPROVERS),
        "audit": [],  # newest-first events added during the run
        "sync_toast": None,
    }


def header(p, st):
    p.n(1, "banner", "", key="hdr_banner")
    p.n(2, "link", PRODUCT, key="logo")
    p.n(2, "searchbox", "Search Portcullis", key="global_search")
    p.n(2, "button", "Tenant: %s" % TENANT, key="hdr_tenant", props="hasPopup='menu', expanded=False")
    p.n(2, "button", "Notifications, %d unread" % st["notif"], key="notifications")
    p.n(2, "button", "Help", key="help")
    p.n(2, "button", "Account menu: %s (IT Admin)" % ADMIN, key="account", props="hasPopup='menu', expanded=False")
    p.n(1, "navigation", "Admin sections", key="hdr_nav")
    for item in ["Overview", "Users", "Groups", "Roles", "Workspaces", "Applications", "Audit log", "Licenses", "Settings"]:
        current = (item == "Users" and st["view"] in ("users", "user", "audit")) or \
                  (item == "Groups" and st["view"] in ("groups", "group"))
        p.n(2, "link", item, key="nav:" + item, props="current='page'" if current else "")


def footer(p):
    p.n(1, "contentinfo", "", key="footer")
    p.t(2, "\u00a9 2024 Portcullis Identity")
    p.n(2, "link", "Service status: all systems operational", key="footer_status")
    p.n(2, "link", "Privacy", key="footer_privacy")
    p.n(2, "link", "Terms", key="footer_terms")
    p.t(2, "Console build 8.14.2 \u00b7 Region eu-west")


def toast(p, st):
    if st["toast"]:
        p.n(1, "status", "", key="toast")
        p.t(2, st["toast"])
        p.n(2, "button", "Dismiss notification", key="toast_dismiss")
    if st.get("sync_toast"):
        p.n(1, "status", "", key="sync_toast")
        p.t(2, st["sync_toast"])
        p.n(2, "link", "View sync log")


def user_rows(st):
    rows = []
    for u in USERS:
        name, email, uid, _, mfa, status, last, _t = u
        roles = st["roles"][uid]
        if st["ws"] and st["ws"] not in roles:
            continue
        if st["mfa"] != "Any MFA status" and mfa != st["mfa"]:
            continue
        if st["status"] != "Any status" and status != st["status"]:
            continue
        if st["q"]:
            hay = " ".join([name, email, uid]).lower()
            if not all(tok in hay for tok in st["q"].lower().split()):
                continue
        rows.append(u)
    key, direction = st["sort"]
    if key == "last":
        rows.sort(key=lambda u: (u[6] is None, u[6] if u[6] is not None else 0))
        if direction == "asc":
            rows.reverse()
    else:
        rows.sort(key=lambda u: u[0].lower(), reverse=(direction == "desc"))
    return rows


def seat_counts(st):
    seats = sum(1 for u in USERS if u[5] != "Invitation expired")
    billing = sum(1 for uid, r in st["roles"].items() for role in r.values() if role in BILLING_SEAT_ROLES)
    return seats, billing


def render_users(p, st):
    ws = st["ws"]
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", TENANT, key="crumb_tenant")
    p.t(3, "/")
    p.t(3, "Users")
    p.n(2, "heading", "Users", props="level=1")
    p.t(2, "People who can sign in to %s workspaces." % TENANT)
    p.n(2, "button", "Invite users")
    p.n(2, "button", "Export CSV")
    if st["banner"]:
        p.n(2, "region", "Notice", key="banner")
        p.t(3, st["banner"])
        p.n(3, "button", "Dismiss notice", key="dismiss_banner")
    seats, billing = seat_counts(st)
    p.n(2, "region", "License usage")
    p.t(3, "Seats %d / 25 used" % seats)
    p.t(3, "Billing seats %d / 10 used" % billing)
    p.t(3, "Pending invitations 3")
    p.t(3, "MFA enrolled 82%")
    p.n(2, "complementary", "Admin tasks")
    p.n(3, "link", "Access review: Kestrel Research (overdue by 4 days)")
    p.n(3, "link", "2 invitations expired")
    p.n(3, "link", "Payroll Approvers: last HR sync failed")
    p.n(2, "group", "Filters")
    p.n(3, "combobox", "Workspace", key="ws_filter",
        props="value=%r, hasPopup='listbox', expanded=False" % (ws or "All workspaces"))
    for opt in ["All workspaces", KR, KT, OO]:
        p.n(4, "option", opt, key="ws_opt:" + opt, props="selected=%s" % ((ws or "All workspaces") == opt))
    p.n(3, "combobox", "Status", key="status_filter", props="value=%r, hasPopup='listbox', expanded=False" % st["status"])
    for opt in ["Any status", "Active", "Suspended", "Invitation expired"]:
        p.n(4, "option", opt, key="status_opt:" + opt, props="selected=%s" % (st["status"] == opt))
    p.n(3, "combobox", "MFA", key="mfa_filter", props="value=%r, hasPopup='listbox', expanded=False" % st["mfa"])
    for opt in ["Any MFA status", "Enrolled", "Pending", "Not enrolled", "Locked"]:
        p.n(4, "option", opt, key="mfa_opt:" + opt, props="selected=%s" % (st["mfa"] == opt))
    p.n(3, "searchbox", "Search by name, email or user ID", key="search",
        props=("value=%r" % st["q"]) if st["q"] else "")
    chips = []
    if ws:
        chips.append("Workspace: %s" % ws)
    if st["mfa"] != "Any MFA status":
        chips.append("MFA: %s" % st["mfa"])
    if st["status"] != "Any status":
        chips.append("Status: %s" % st["status"])
    if chips:
        p.n(3, "list", "Active filters")
        for c in chips:
            p.n(4, "listitem", "")
            p.t(5, c)
            p.n(5, "button", "Remove filter %s" % c, key="chip:" + c)
        p.n(3, "button", "Clear filters", key="clear_filters")
    if st["saved_view"]:
        p.t(3, "Saved view: %s" % st["saved_view"])
        p.n(3, "button", "Reset view", key="reset_view")
    rows = user_rows(st)
    total = len(rows)
    pages = max(1, (total + PAGE_SIZE - 1) // PAGE_SIZE)
    page = min(st["page"], pages)
    shown = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    heading = ("Members of %s (%d)" % (ws, len([u for u in USERS if ws in st["roles"][u[2]]]))) if ws \
        else "All users (%d)" % len(USERS)
    p.n(2, "heading", heading, props="level=2")
    if st["q"]:
        where = (" in %s" % ws) if ws else ""
        p.t(2, '%d user%s match "%s"%s' % (total, "" if total == 1 else "s", st["q"], where))
    p.n(2, "table", "Users")
    p.n(3, "row", "")
    sk, sd = st["sort"]
    p.n(4, "columnheader", "Name", props="sort='%s'" % ({"asc": "ascending", "desc": "descending"}[sd] if sk == "name" else "none"))
    p.n(5, "button", "Sort by name", key="sort:name")
    p.n(4, "columnheader", "Email")
    p.n(4, "columnheader", "User ID")
    p.n(4, "columnheader", ("Role in %s" % ws) if ws else "Workspaces")
    p.n(4, "columnheader", "MFA")
    p.n(4, "columnheader", "Status")
    p.n(4, "columnheader", "Last sign-in", props="sort='%s'" % ({"asc": "ascending", "desc": "descending"}[sd] if sk == "last" else "none"))
    p.n(5, "button", "Sort by last sign-in", key="sort:last")
    for u in shown:
        name, email, uid, _, mfa, status, last, _t = u
        roles = st["roles"][uid]
        role_cell = roles[ws] if ws else ", ".join("%s (%s)" % (w, r) for w, r in roles.items())
        p.n(3, "row", "%s %s %s %s %s %s %s" % (name, email, uid, role_cell, MFA_LABEL[mfa], status, ago(last)))
        p.n(4, "gridcell", "")
        p.n(5, "link", name, key="user_link:" + uid)
        p.n(4, "gridcell", email)
        p.n(4, "gridcell", uid)
        p.n(4, "gridcell", role_cell)
        p.n(4, "gridcell", MFA_LABEL[mfa])
        p.n(4, "gridcell", status)
        p.n(4, "gridcell", ago(last))
    if total == 0:
        p.t(2, "No users match these filters.")
    else:
        p.t(2, "Showing %d\u2013%d of %d" % ((page - 1) * PAGE_SIZE + 1, (page - 1) * PAGE_SIZE + len(shown), total))
    p.n(2, "navigation", "Pagination")
    p.n(3, "button", "Previous page", key="prev_page", props="disabled=True" if page == 1 else "")
    for i in range(1, pages + 1):
        p.n(3, "button", "Page %d" % i, key="page:%d" % i, props="pressed=true" if i == page else "")
    p.n(3, "button", "Next page", key="next_page", props="disabled=True" if page == pages else "")
    p.n(3, "combobox", "Rows per page", props="value='10', hasPopup='listbox', expanded=False")


def role_rows_order(st, uid):
    roles = st["roles"][uid]
    ws_list = list(roles.keys())
    if st["ctx"] in roles:
        ws_list.remove(st["ctx"])
        ws_list.insert(0, st["ctx"])
    return ws_list


def render_user(p, st):
    uid = st["uid"]
    name, email, _, _, mfa, status, last, title = user(uid)
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", TENANT, key="crumb_tenant")
    p.t(3, "/")
    p.n(3, "link", "Users", key="crumb_users")
    p.t(3, "/")
    p.t(3, name)
    p.n(2, "link", "Back to Users", key="back_users")
    p.n(2, "heading", name, props="level=1")
    p.t(2, email)
    p.t(2, "User ID %s" % uid)
    p.t(2, "%s \u00b7 Finance" % title if "Finance" not in title else title)
    p.t(2, MFA_LABEL[mfa])
    p.t(2, status)
    p.t(2, "Last sign-in %s" % ago(last))
    if st["ctx"]:
        p.t(2, "Workspace context: %s" % st["ctx"])
    p.n(2, "button", "Reset password")
    p.n(2, "button", "Require MFA enrollment" if mfa != "Enrolled" else "Reset MFA")
    p.n(2, "button", "Suspend user")
    p.n(2, "button", "Sign out all sessions")
    p.n(2, "tablist", "User sections")
    for tab in ["Access", "Sessions", "Audit"]:
        sel = (tab == "Access" and st["view"] == "user") or (tab == "Audit" and st["view"] == "audit")
        p.n(3, "tab", tab, key="tab:" + tab, props="selected=%s" % sel)
    if st["view"] == "audit":
        render_audit_panel(p, st)
        return
    p.n(2, "tabpanel", "Access")
    p.n(3, "heading", "Workspace roles", props="level=2")
    p.n(3, "table", "Workspace roles")
    p.n(4, "row", "")
    for h in ["Workspace", "Role", "Granted", "Actions"]:
        p.n(5, "columnheader", h)
    for ws in role_rows_order(st, uid):
        role = st["roles"][uid][ws]
        granted = st.get("granted", {}).get((uid, ws)) or ROLE_GRANTED.get((uid, ws), "Granted by Priya Raman")
        p.n(4, "row", "%s %s %s" % (ws, role, granted))
        p.n(5, "gridcell", ws)
        p.n(5, "gridcell", role)
        p.n(5, "gridcell", granted)
        p.n(5, "gridcell", "")
        p.n(6, "button", "Change role in %s" % ws, key="change_role:" + ws)
    groups = st["groups"].get(uid, [])
    p.n(3, "heading", "Group memberships (%d)" % len(groups), props="level=2")
    p.n(3, "button", "Add to group")
    p.n(3, "table", "Group memberships")
    p.n(4, "row", "")
    for h in ["Group", "Group ID", "Members", "Membership", "Added", "Actions"]:
        p.n(5, "columnheader", h)
    for gid, added in groups:
        gname, members, mtype, _note = GROUPS[gid]
        members = group_size(st, gid)
        mlabel = "Direct" if mtype == "Direct" else "Dynamic rule"
        p.n(4, "row", "%s %s %d members %s %s" % (gname, gid, members, mlabel, added))
        p.n(5, "gridcell", "")
        p.n(6, "link", gname, key="grp_link:" + gid)
        p.n(5, "gridcell", gid)
        p.n(5, "gridcell", "%d members" % members)
        p.n(5, "gridcell", mlabel)
        p.n(5, "gridcell", added)
        p.n(5, "gridcell", "")
        if mtype == "Direct":
            p.n(6, "button", "Remove from %s" % gname, key="remove_grp:" + gid)
        else:
            p.n(6, "button", "Remove from %s" % gname, key="remove_grp:" + gid, props="disabled=True")
            p.t(6, "Managed by rule")
    p.n(3, "heading", "Recent activity", props="level=2")
    p.n(3, "list", "Recent activity")
    for when, actor, event, detail in (st["audit"] + USER_ACTIVITY.get(uid, []))[:4]:
        p.n(4, "listitem", "")
        p.t(5, "%s \u00b7 %s \u00b7 %s \u00b7 %s" % (when, actor, event, detail))
    p.n(3, "link", "View full audit log", key="full_audit")


def group_size(st, gid):
    base = GROUPS[gid][1]
    if gid == "grp-114":
        return len(st["fa_members"])
    removed = st.get("removed_from", {}).get(gid, 0)
    return base - removed


def render_audit_panel(p, st):
    uid = st["uid"]
    p.n(2, "tabpanel", "Audit")
    p.n(3, "heading", "Audit events", props="level=2")
    p.n(3, "combobox", "Event type", props="value='All events', hasPopup='listbox', expanded=False")
    p.n(3, "combobox", "Period", props="value='Last 90 days', hasPopup='listbox', expanded=False")
    p.n(3, "table", "Audit events")
    p.n(4, "row", "")
    for h in ["Time", "Actor", "Event", "Details"]:
        p.n(5, "columnheader", h)
    for when, actor, event, detail in st["audit"] + USER_ACTIVITY.get(uid, []):
        p.n(4, "row", "%s %s %s %s" % (when, actor, event, detail))
        p.n(5, "gridcell", when)
        p.n(5, "gridcell", actor)
        p.n(5, "gridcell", event)
        p.n(5, "gridcell", detail)
    p.n(3, "button", "Export events")


def render_groups(p, st):
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", TENANT, key="crumb_tenant")
    p.t(3, "/")
    p.t(3, "Groups")
    p.n(2, "heading", "Groups", props="level=1")
    p.n(2, "button", "Create group")
    p.n(2, "searchbox", "Search groups", key="group_search")
    p.n(2, "table", "Groups")
    p.n(3, "row", "")
    for h in ["Group", "Group ID", "Members", "Membership", "Owner", "Notes"]:
        p.n(4, "columnheader", h)
    owners = {"grp-001": "System", "grp-104": "Keiko Mori", "grp-114": "Keiko Mori", "grp-118": "Hiro Tanabe",
              "grp-122": "Ines Carvalho", "grp-141": "Priya Raman", "grp-207": "System"}
    for gid in GROUP_ORDER:
        gname, _m, mtype, note = GROUPS[gid]
        members = group_size(st, gid)
        mlabel = "Direct" if mtype == "Direct" else "Dynamic rule"
        p.n(3, "row", " ".join(x for x in (gname, gid, str(members), mlabel, owners[gid], note) if x))
        p.n(4, "gridcell", "")
        p.n(5, "link", gname, key="group_row:" + gid)
        p.n(4, "gridcell", gid)
        p.n(4, "gridcell", str(members))
        p.n(4, "gridcell", mlabel)
        p.n(4, "gridcell", owners[gid])
        p.n(4, "gridcell", note)
    p.t(2, "Showing 1\u20137 of 7")


def render_group(p, st):
    gid = st["group"]
    gname = GROUPS[gid][0]
    p.n(1, "main", "")
    p.n(2, "navigation", "Breadcrumb")
    p.n(3, "link", TENANT, key="crumb_tenant")
    p.t(3, "/")
    p.n(3, "link", "Groups", key="crumb_groups")
    p.t(3, "/")
    p.t(3, gname)
    p.n(2, "heading", gname, props="level=1")
    p.t(2, "%s \u00b7 Direct membership \u00b7 Owner: Keiko Mori" % gid)
    p.t(2, "Approval routing: %s" % GROUPS[gid][3])
    p.n(2, "button", "Add members")
    p.n(2, "button", "Edit group")
    p.n(2, "heading", "Members (%d)" % len(st["fa_members"]), props="level=2")
    p.n(2, "table", "Members")
    p.n(3, "row", "")
    for h in ["Name", "Email", "User ID", "MFA", "Actions"]:
        p.n(4, "columnheader", h)
    for uid in st["fa_members"]:
        name, email, _, _, mfa, _s, _l, _t = user(uid)
        p.n(3, "row", "%s %s %s %s" % (name, email, uid, MFA_LABEL[mfa]))
        p.n(4, "gridcell", "")
        p.n(5, "link", name, key="member_link:" + uid)
        p.n(4, "gridcell", email)
        p.n(4, "gridcell", uid)
        p.n(4, "gridcell", MFA_LABEL[mfa])
        p.n(4, "gridcell", "")
        p.n(5, "button", "Remove %s from %s" % (name, gname), key="remove_member:" + uid)


def render_dialog(p, st):
    d = st["dialog"]
    if not d:
        return
    kind = d["kind"]
    if kind == "role":
        uid, ws = st["uid"], d["ws"]
        name = user(uid)[0]
        cur = st["roles"][uid][ws]
        sel = d.get("selected", cur)
        p.n(1, "dialog", "Change role in %s" % ws, key="role_dialog", props="modal=True")
        p.n(2, "heading", "Change role in %s" % ws, props="level=2")
        p.t(2, "%s \u00b7 %s" % (name, uid))
        p.t(2, "Current role: %s" % cur)
        p.n(2, "combobox", "Role", key="role_combo", props="value=%r, hasPopup='listbox', expanded=False" % sel)
        for r in ROLES:
            p.n(3, "option", r, key="role_opt:" + r, props="selected=%s" % (r == sel))
        p.t(2, ROLE_DESC[sel])
        if sel != cur:
            p.t(2, "%s \u2192 %s" % (cur, sel))
        _s, billing = seat_counts(st)
        p.t(2, "Billing seats %d / 10 used" % billing)
        if d.get("alert"):
            p.n(2, "alert", "", key="dialog_alert")
            p.t(3, d["alert"])
        p.n(2, "button", "Cancel", key="role_cancel")
        p.n(2, "button", "Save role", key="role_save", props="" if sel != cur else "disabled=True")
    elif kind == "downgrade":
        uid, ws = st["uid"], d["ws"]
        name = user(uid)[0]
        p.n(1, "alertdialog", "Reduce permissions?", key="downgrade_dialog", props="modal=True")
        p.n(2, "heading", "Reduce permissions?", props="level=2")
        p.t(2, "%s will lose approve invoices and manage payment methods in %s." % (name, ws))
        p.t(2, "2 pending invoice approvals assigned to her will be reassigned to Finance Approvers.")
        p.n(2, "button", "Go back", key="downgrade_back")
        p.n(2, "button", "Confirm change", key="downgrade_confirm")
    elif kind == "remove_grp":
        uid, gid = st["uid"], d["gid"]
        name = user(uid)[0]
        gname = GROUPS[gid][0]
        p.n(1, "alertdialog", "Remove from group?", key="remove_dialog", props="modal=True")
        p.n(2, "heading", "Remove from group?", props="level=2")
        p.t(2, "Remove %s from %s (%s)?" % (name, gname, gid))
        p.t(2, "Approvals routed to this group will no longer reach her. Her other memberships are not affected.")
        p.n(2, "button", "Cancel", key="remove_cancel")
        p.n(2, "button", "Remove from group", key="remove_confirm")
    elif kind == "remove_member":
        uid = d["uid"]
        name = user(uid)[0]
        p.n(1, "alertdialog", "Remove member?", key="member_dialog", props="modal=True")
        p.n(2, "heading", "Remove member?", props="level=2")
        p.t(2, "Remove %s (%s) from Finance Approvers?" % (name, uid))
        p.t(2, "They keep every other group membership and workspace role.")
        p.n(2, "button", "Cancel", key="member_cancel")
        p.n(2, "button", "Remove member", key="member_confirm")


def users_url(st):
    parts = []
    if st["ws"]:
        parts.append("ws=" + WS_SLUG[st["ws"]])
    if st["mfa"] != "Any MFA status":
        parts.append("mfa=" + st["mfa"].lower().replace(" ", "-"))
    if st["q"]:
        parts.append("q=" + st["q"].replace(" ", "+").replace("@", "%40"))
    if st["sort"] != ("last", "desc"):
        parts.append("sort=%s_%s" % st["sort"])
    if st["page"] != 1:
        parts.append("page=%d" % st["page"])
    return BASE + "/admin/users" + ("?" + "&".join(parts) if parts else "")


def render(reg, st):
    v = st["view"]
    if v == "signin":
        p = Page(reg, BASE + "/signin?next=%2Fadmin%2Fusers%2F" + st["uid"], "Sign in \u00b7 Portcullis", "signin")
        p.n(1, "main", "")
        p.n(2, "heading", "Sign in to Portcullis", props="level=1")
        p.n(2, "alert", "")
        p.t(3, "Your session has expired. Sign in again to continue.")
        p.n(2, "textbox", "Work email", key="signin_email")
        p.n(2, "button", "Continue", key="signin_continue")
        p.n(2, "link", "Use single sign-on")
        p.n(2, "link", "Trouble signing in?")
        p.t(2, "\u00a9 2024 Portcullis Identity")
        return p
    if v == "error":
        p = Page(reg, st["error_url"], "Error \u00b7 Portcullis Admin", "error")
        header(p, st)
        p.n(1, "main", "")
        p.n(2, "heading", "Something went wrong", props="level=1")
        p.t(2, "The request could not be completed (HTTP 500). Nothing was changed.")
        p.t(2, "Request ID req_8c41f07a2e")
        p.n(2, "link", "Back to Users", key="back_users")
        p.n(2, "link", "Service status")
        footer(p)
        return p
    if v == "users":
        title = "Users \u00b7 %s" % PRODUCT
        p = Page(reg, users_url(st), title, "users")
        header(p, st)
        render_users(p, st)
    elif v in ("user", "audit"):
        name = user(st["uid"])[0]
        if v == "user":
            title = "%s \u00b7 Users \u00b7 %s" % (name, PRODUCT)
            url = BASE + "/admin/users/%s" % st["uid"]
        else:
            title = "Audit \u00b7 %s \u00b7 %s" % (name, PRODUCT)
            url = BASE + "/admin/users/%s/audit" % st["uid"]
        if st["ctx"]:
            url += "?ws=" + WS_SLUG[st["ctx"]]
        p = Page(reg, url, title, "user")
        header(p, st)
        render_user(p, st)
    elif v == "groups":
        p = Page(reg, BASE + "/admin/groups", "Groups \u00b7 %s" % PRODUCT, "groups")
        header(p, st)
        render_groups(p, st)
    elif v == "group":
        gname = GROUPS[st["group"]][0]
        p = Page(reg, BASE + "/admin/groups/%s" % st["group"], "%s \u00b7 Groups \u00b7 %s" % (gname, PRODUCT), "group")
        header(p, st)
        render_group(p, st)
    else:
        raise ValueError(v)
    toast(p, st)
    render_dialog(p, st)
    footer(p)
    return p


# --------------------------------------------------------------------------------------------
# Run recorder
# --------------------------------------------------------------------------------------------
class Run:
    def __init__(self, rid, rng, setup=None):
        self.rid = rid
        self.reg = Registry(rng)
        self.st = new_state()
        if setup:
            setup(self.st)
        self.page = render(self.reg, self.st)
        self.initial = self.page.obs()
        self.steps = []

    def _el(self, key):
        if key not in self.page.keys:
            raise KeyError("%s: element %r not on page %s" % (self.rid, key, self.page.url))
        bid, role, name = self.page.keys[key]
        return bid, "%s %r" % (role, name)

    def _record(self, commitment, command, target, reasoning, effect, mutate, error=None):
        if mutate:
            mutate(self.st)
        self.page = render(self.reg, self.st)
        action = {"command": command, "reasoning": reasoning}
        if target:
            action["target"] = target
        action["effect"] = effect
        step = {"commitment": commitment, "action": action, "observation": self.page.obs(error)}
        self.steps.append(step)

    def click(self, c, key, reasoning, effect="read", mutate=None):
        bid, target = self._el(key)
        self._record(c, "click(%r)" % bid, target, reasoning, effect, mutate)

    def fill(self, c, key, text, reasoning, mutate=None):
        bid, target = self._el(key)
        self._record(c, "fill(%r, %r)" % (bid, text), target, reasoning, "read", mutate)

    def select(self, c, key, value, reasoning, effect="read", mutate=None):
        bid, target = self._el(key)
        if (key.split("_")[0] + "_opt:" + value) not in self.page.keys and ("role_opt:" + value) not in self.page.keys:
            raise KeyError("%s: option %r not on page" % (self.rid, value))
        self._record(c, "select_option(%r, %r)" % (bid, value), target, reasoning, effect, mutate)

    def say(self, c, msg, reasoning):
        self._record(c, "send_msg_to_user(%r)" % msg, None, reasoning, "irreversible", None)

    def done(self, fault, step, note, success):
        return {
            "id": self.rid,
            "workflow": WORKFLOW,
            "task": TASK,
            "plan": "plans/%s.yaml" % WORKFLOW,
            "label": {"fault": fault, "first_off_track_step": step, "note": note},
            "initial_observation": self.initial,
            "steps": self.steps,
            "outcome": {"success": success},
        }


# ---- state mutations -----------------------------------------------------------------------
def set_ws(ws):
    def m(st):
        st["ws"], st["page"], st["toast"] = ws, 1, None
        st["sync_toast"] = None
    return m


def set_q(q):
    def m(st):
        st["q"], st["page"], st["toast"] = q, 1, None
        st["sync_toast"] = None
    return m


def open_user(uid, ctx_from_filter=True):
    def m(st):
        st["view"], st["uid"], st["toast"], st["dialog"] = "user", uid, None, None
        st["sync_toast"] = None
        st["ctx"] = st["ws"] if ctx_from_filter else None
    return m


def open_role_dialog(ws):
    def m(st):
        st["toast"] = None
        st["dialog"] = {"kind": "role", "ws": ws}
    return m


def choose_role(role):
    def m(st):
        st["dialog"]["selected"] = role
        st["dialog"].pop("alert", None)
    return m


def close_dialog(st):
    st["dialog"] = None


def apply_role(st, ws=None, role=None):
    d = st["dialog"]
    ws = ws or d["ws"]
    role = role or d["selected"]
    uid = st["uid"]
    old = st["roles"][uid][ws]
    st["roles"][uid][ws] = role
    st.setdefault("granted", {})[(uid, ws)] = "Changed just now by %s" % ADMIN
    st["audit"].insert(0, ("just now", ADMIN, "role.changed", "%s: %s \u2192 %s" % (ws, old, role)))
    st["dialog"] = None
    st["toast"] = "Role updated: %s is now %s in %s." % (user(uid)[0], role, ws)


def save_role(st):
    apply_role(st)


def save_role_with_downgrade_prompt(st):
    d = st["dialog"]
    st["dialog"] = {"kind": "downgrade", "ws": d["ws"], "selected": d["selected"]}


def confirm_downgrade(st):
    apply_role(st)


def open_remove(gid):
    def m(st):
        st["toast"] = None
        st["dialog"] = {"kind": "remove_grp", "gid": gid}
    return m


def confirm_remove(st):
    gid = st["dialog"]["gid"]
    uid = st["uid"]
    st["groups"][uid] = [g for g in st["groups"][uid] if g[0] != gid]
    if gid == "grp-114":
        st["fa_members"] = [m for m in st["fa_members"] if m != uid]
    else:
        st.setdefault("removed_from", {})[gid] = st.get("removed_from", {}).get(gid, 0) + 1
    gname = GROUPS[gid][0]
    st["audit"].insert(0, ("just now", ADMIN, "group.member_removed", "%s (%s)" % (gname, gid)))
    st["dialog"] = None
    st["toast"] = "%s was removed from %s." % (user(uid)[0], gname)


def go_audit(st):
    st["view"], st["toast"], st["dialog"] = "audit", None, None


def go_access(st):
    st["view"], st["toast"], st["dialog"] = "user", None, None


def go_groups(st):
    st["view"], st["toast"], st["dialog"] = "groups", None, None


def open_group(gid):
    def m(st):
        st["view"], st["group"], st["toast"] = "group", gid, None
    return m


def open_member_remove(uid):
    def m(st):
        st["dialog"] = {"kind": "remove_member", "uid": uid}
    return m


def confirm_member_remove(st):
    uid = st["dialog"]["uid"]
    st["fa_members"] = [m for m in st["fa_members"] if m != uid]
    st["groups"][uid] = [g for g in st["groups"].get(uid, []) if g[0] != "grp-114"]
    st["dialog"] = None
    st["toast"] = "%s was removed from Finance Approvers." % user(uid)[0]


DONE_MSG = ("Done. Dana Whitfield (U-20417) now has the Billing Viewer role in Kestrel Research, and she "
            "was removed from Finance Approvers. Her other groups (Finance Approvers EMEA, Finance Reviewers "
            "and the rule-based groups) are unchanged.")

# ---- shared flows ----------------------------------------------------------------------------
DANA = "U-20417"


def f_filter(r):
    r.select("filter-workspace", "ws_filter", KR, "The task asks for the Users list filtered to Kestrel Research.",
             mutate=set_ws(KR))


def f_search(r, q, why=None):
    r.fill("find-user", "search", q, why or "Search the filtered list for Dana Whitfield.", mutate=set_q(q))


def f_open(r, uid=DANA, why=None):
    r.click("find-user", "user_link:" + uid,
            why or "Dana Whitfield, dana.whitfield@halvorsen.io, U-20417 is the user the task names.",
            mutate=open_user(uid))


def f_role(r, ws=KR, role="Billing Viewer", downgrade_prompt=False):
    r.click("change-role", "change_role:" + ws, "Open the role editor for the %s row." % ws,
            mutate=open_role_dialog(ws))
    r.select("change-role", "role_combo", role, "Pick %s as the new role." % role, mutate=choose_role(role))
    if downgrade_prompt:
        r.click("change-role", "role_save", "Save the new role.", effect="write",
                mutate=save_role_with_downgrade_prompt)
        r.click("change-role", "downgrade_confirm",
                "The console asks me to confirm the reduced permissions; this downgrade is what the task asks for.",
                effect="write", mutate=confirm_downgrade)
    else:
        r.click("change-role", "role_save", "Save the new role.", effect="write", mutate=save_role)


def f_remove(r, gid="grp-114"):
    gname = GROUPS[gid][0]
    r.click("remove-group", "remove_grp:" + gid, "Remove her from %s only." % gname, mutate=open_remove(gid))
    r.click("remove-group", "remove_confirm", "Confirm removal from %s." % gname, effect="irreversible",
            mutate=confirm_remove)


# =============================================================================================
# HEALTHY RUNS (written first; the plan below was written from the task text and these pages)
# =============================================================================================
def healthy_runs(rng):
    runs = []

    # 1. filter, search by surname, open, change role, remove group, report
    r = Run("rolegate-healthy-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r)
    f_remove(r)
    r.say("report", DONE_MSG, "Role toast and removal toast both confirm the two changes.")
    runs.append(r.done(None, None, "Search by surname; Diana Whitfield also matches and is skipped.", True))

    # 2. search by exact email, verify in the audit tab before reporting
    r = Run("rolegate-healthy-02", rng)
    f_filter(r)
    f_search(r, "dana.whitfield@halvorsen.io", "Search by her exact email to avoid similar names.")
    f_open(r)
    f_role(r)
    f_remove(r)
    r.click("report", "tab:Audit", "Check the audit trail for both changes before reporting.", mutate=go_audit)
    r.say("report", DONE_MSG, "Audit shows role.changed and group.member_removed for Dana Whitfield.")
    runs.append(r.done(None, None, "Email search and audit-tab verification.", True))

    # 3. browse the filtered list without searching: page 2 of the default order
    r = Run("rolegate-healthy-03", rng)
    f_filter(r)
    r.click("find-user", "next_page", "Dana Whitfield is not on page 1 (Dana Whitfeld and Diana Whitfield are different people); "
            "check page 2.", mutate=lambda st: st.update(page=2))
    f_open(r)
    f_role(r)
    f_remove(r)
    r.say("report", DONE_MSG, "Both confirmations shown.")
    runs.append(r.done(None, None, "Browse with pagination instead of search.", True))

    # 4. open the role dialog, cancel, look at groups, reopen and save
    r = Run("rolegate-healthy-04", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    r.click("change-role", "change_role:" + KR, "Open the role editor for Kestrel Research.",
            mutate=open_role_dialog(KR))
    r.click("change-role", "role_cancel", "Close the editor for now; I want to read her group list first.",
            mutate=close_dialog)
    f_role(r)
    f_remove(r)
    r.say("report", DONE_MSG, "Both changes confirmed by toasts.")
    runs.append(r.done(None, None, "Dialog opened and cancelled once, then used.", True))

    # 5. retype the search field
    r = Run("rolegate-healthy-05", rng)
    f_filter(r)
    f_search(r, "whit", "Start with a short search.")
    f_search(r, "dana whitfield", "Three similar people match; narrow the search to the full name.")
    f_open(r)
    f_role(r)
    f_remove(r)
    r.say("report", DONE_MSG, "Done and confirmed.")
    runs.append(r.done(None, None, "Search refined by retyping the field.", True))

    # 6. remove via the group's own member list
    r = Run("rolegate-healthy-06", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r)
    r.click("remove-group", "nav:Groups", "Manage the membership from the group's page.", mutate=go_groups)
    r.click("remove-group", "group_row:grp-114", "Open Finance Approvers (grp-114), not the EMEA group.",
            mutate=open_group("grp-114"))
    r.click("remove-group", "remove_member:" + DANA, "Remove Dana Whitfield (U-20417) from this group.",
            mutate=open_member_remove(DANA))
    r.click("remove-group", "member_confirm", "Confirm removal.", effect="irreversible",
            mutate=confirm_member_remove)
    r.say("report", DONE_MSG, "Role toast earlier, removal toast now.")
    runs.append(r.done(None, None, "Removal done from the group page; Diana Whitfield and Dana Whitfeld remain.", True))

    # 7. start page with a maintenance notice and a sync toast; downgrade confirmation
    def setup7(st):
        st["banner"] = "Directory sync with the HR system pauses Saturday 02:00\u201303:00 UTC for maintenance."
        st["sync_toast"] = "Directory sync finished: 3 users updated, 1 failed."
        st["notif"] = 5
    r = Run("rolegate-healthy-07", rng, setup7)
    r.click("filter-workspace", "dismiss_banner", "Dismiss the maintenance notice.",
            mutate=lambda st: st.update(banner=None))
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r, downgrade_prompt=True)
    f_remove(r)
    r.say("report", DONE_MSG, "Role and group changes confirmed.")
    runs.append(r.done(None, None, "Notice and failed-sync toast on start page; downgrade confirmation raised by own action.", True))

    # 8. sort by name, remove group first, then change the role
    r = Run("rolegate-healthy-08", rng)
    f_filter(r)
    r.click("find-user", "sort:name", "Sort alphabetically to find Whitfield.",
            mutate=lambda st: st.update(sort=("name", "asc"), page=1))
    f_open(r)
    f_remove(r)
    f_role(r, downgrade_prompt=True)
    r.say("report", DONE_MSG, "Both changes confirmed.")
    runs.append(r.done(None, None, "Sorted list; group removal done before the role change.", True))
    return runs


# =============================================================================================
# PLAN (written from the task text and the healthy pages only, before any faulty run existed)
# =============================================================================================
PLAN_YAML = '''# Plan for the rolegate workflow (Portcullis Admin).
# Written from the task text and the healthy runs only, before the faulty runs; not tuned afterwards.
task: "In Portcullis Admin, open Users filtered to the Kestrel Research workspace and find Dana Whitfield (dana.whitfield@halvorsen.io). Change her role in Kestrel Research to Billing Viewer and remove her from the Finance Approvers group. Leave her other group memberships as they are."
plan_falsifiers:
  execution:
    - "Sign in to Portcullis"
    - "Your session has expired"
    - "You don't have permission to"
    - "Something went wrong"
    - "HTTP 500"
  planning:
    - "Dana Whitfield is suspended"
commitments:
  - id: filter-workspace
    subgoal: "Show the Users list filtered to the Kestrel Research workspace"
    skill: apply_list_filter
    confidence: 0.85
    confirm:
      precondition:
        - "Users \u00b7 Portcullis Admin"
        - "Workspace filter"
      progress: []
      completion:
        - "Workspace: Kestrel Research"
        - "Members of Kestrel Research"
    falsify:
      execution:
        - "Workspace: Kestrel Retail"
        - "Workspace: Osprey Ops"
        - "Members of Kestrel Retail"
        - {text: "select Kestrel Retail", on: action}
      skill:
        - "Workspace filter is not available"
      planning: []
  - id: find-user
    subgoal: "Open Dana Whitfield (dana.whitfield@halvorsen.io, U-20417)"
    skill: open_record_by_name
    confidence: 0.7
    confirm:
      precondition:
        - "Search by name, email or user ID"
      progress:
        - "users match"
        - "Dana Whitfield dana.whitfield@halvorsen.io U-20417"
      completion:
        - "Dana Whitfield \u00b7 Users \u00b7 Portcullis Admin"
        - "dana.whitfield@halvorsen.io"
        - "User ID U-20417"
    falsify:
      execution:
        - "Dana Whitfeld"
        - "U-20471"
        - "dana.whitfeld@halvorsen.io"
        - "Diana Whitfield"
        - "U-20147"
        - "Dana Whitford"
        - "U-21417"
        - "No users match these filters"
        - {text: "click Dana Whitfeld", on: action}
        - {text: "click Diana Whitfield", on: action}
      skill: []
      planning:
        - "Dana Whitfield is not a member of Kestrel Research"
  - id: change-role
    subgoal: "Change her role in Kestrel Research from Billing Admin to Billing Viewer and save"
    skill: edit_role_assignment
    confidence: 0.6
    confirm:
      precondition:
        - "Workspace roles"
        - "Change role in Kestrel Research"
      progress:
        - "Change role in Kestrel Research dialog is open"
        - "Billing Admin \u2192 Billing Viewer"
      completion:
        - "Role updated: Dana Whitfield is now Billing Viewer in Kestrel Research."
        - "Kestrel Research row shows Billing Viewer, changed just now"
    falsify:
      execution:
        - "is now Billing Auditor"
        - "is now Billing Admin"
        - "is now Billing Viewer in Kestrel Retail"
        - "Change role in Kestrel Retail"
        - "Role still shows Billing Admin after saving"
        - {text: "select Billing Auditor", on: action}
        - {text: "select Billing Admin", on: action}
        - {text: "click Change role in Kestrel Retail", on: action}
      skill:
        - "Role dropdown has no Billing Viewer option"
      planning:
        - "Role is managed by SCIM provisioning"
  - id: remove-group
    subgoal: "Remove her from Finance Approvers (grp-114) only"
    skill: remove_group_member
    confidence: 0.6
    confirm:
      precondition:
        - "Group memberships"
        - "Finance Approvers grp-114"
      progress:
        - "Remove Dana Whitfield from Finance Approvers (grp-114)?"
      completion:
        - "Dana Whitfield was removed from Finance Approvers."
        - "Finance Approvers is no longer in her group list"
        - "Finance Approvers EMEA and Finance Reviewers are still listed"
    falsify:
      execution:
        - "was removed from Finance Approvers EMEA"
        - "was removed from Finance Reviewers"
        - "grp-141"
        - {text: "Remove from Finance Approvers EMEA", on: action}
        - {text: "Remove from Finance Reviewers", on: action}
        - {text: "Remove Diana Whitfield from Finance Approvers", on: action}
        - {text: "Remove Dana Whitfeld from Finance Approvers", on: action}
      skill: []
      planning:
        - "Membership is managed by a dynamic rule"
  - id: report
    subgoal: "Tell the user both changes are done"
    confidence: 0.8
    confirm:
      precondition:
        - "Role updated: Dana Whitfield is now Billing Viewer in Kestrel Research."
        - "Dana Whitfield was removed from Finance Approvers."
      progress:
        - "role.changed Kestrel Research: Billing Admin \u2192 Billing Viewer"
        - "group.member_removed Finance Approvers (grp-114)"
      completion: []
    falsify:
      execution:
        - "Kestrel Research role still Billing Admin"
        - "Finance Approvers still listed in her group memberships"
        - "No confirmation toast after saving"
      skill: []
      planning: []
'''


# =============================================================================================
# FAULTY RUNS (written after the plan)
# =============================================================================================
def faulty_runs(rng):
    runs = []

    # F1 near-miss user: Dana Whitfeld (U-20471) from search results. Agent-caused, step 2.
    r = Run("rolegate-wrong_record-01", rng)
    f_filter(r)
    f_search(r, "dana whitf", "Search for Dana Whitf...")
    f_open(r, "U-20471", "First Dana Whit... in the results, Billing role; that is her.")
    f_role(r, ws=KR)
    f_remove(r)
    r.say("report", DONE_MSG, "Both toasts shown.")
    runs.append(r.done("wrong_record", 2, "Opened Dana Whitfeld (U-20471) instead of Dana Whitfield (U-20417).", False))

    # F2 near-miss group: removed from Finance Approvers EMEA. Agent-caused, step 6.
    r = Run("rolegate-wrong_record-02", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r)
    r.click("remove-group", "remove_grp:grp-141", "Remove her from the Finance Approvers group.",
            mutate=open_remove("grp-141"))
    r.click("remove-group", "remove_confirm", "Confirm the removal.", effect="irreversible", mutate=confirm_remove)
    r.say("report", DONE_MSG, "Removal toast shown.")
    runs.append(r.done("wrong_record", 6, "Removed from Finance Approvers EMEA (grp-141); Finance Approvers (grp-114) kept.", False))

    # F3 wrong value: Billing Auditor. Agent-caused, step 4.
    r = Run("rolegate-wrong_value-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    r.click("change-role", "change_role:" + KR, "Open the role editor for Kestrel Research.", mutate=open_role_dialog(KR))
    r.select("change-role", "role_combo", "Billing Auditor", "A read-only billing role; Auditor looks right.",
             mutate=choose_role("Billing Auditor"))
    r.click("change-role", "role_save", "Save the new role.", effect="write", mutate=save_role)
    f_remove(r)
    r.say("report", DONE_MSG, "Role changed and group removed.")
    runs.append(r.done("wrong_value", 4, "Selected Billing Auditor instead of Billing Viewer.", False))

    # F4 error page after confirming the group removal. Environment, step 7.
    def err_remove(st):
        st["view"] = "error"
        st["dialog"] = None
        st["toast"] = None
        st["error_url"] = BASE + "/admin/users/%s/groups/grp-114/remove" % DANA
    r = Run("rolegate-error_page-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r)
    r.click("remove-group", "remove_grp:grp-114", "Remove her from Finance Approvers only.", mutate=open_remove("grp-114"))
    r.click("remove-group", "remove_confirm", "Confirm removal from Finance Approvers.", effect="irreversible",
            mutate=err_remove)
    r.say("report", DONE_MSG, "Removal submitted.")
    runs.append(r.done("error_page", 7, "Removal request failed with HTTP 500; agent reported success anyway.", False))

    # F5 silent no-op on saving the role. Environment, step 6.
    def noop_save(st):
        st["dialog"] = None
    r = Run("rolegate-silent_noop-01", rng)
    f_filter(r)
    f_search(r, "whit", "Start with a short search.")
    f_search(r, "dana whitfield", "Narrow to the full name.")
    f_open(r)
    r.click("change-role", "change_role:" + KR, "Open the role editor for Kestrel Research.", mutate=open_role_dialog(KR))
    r.select("change-role", "role_combo", "Billing Viewer", "Pick Billing Viewer.", mutate=choose_role("Billing Viewer"))
    r.click("change-role", "role_save", "Save the new role.", effect="write", mutate=noop_save)
    f_remove(r)
    r.say("report", DONE_MSG, "Dialog closed after saving, so the role is set.")
    runs.append(r.done("silent_noop", 6, "Save role closed the dialog but the role stayed Billing Admin; no toast.", False))

    # F6 unrequested MFA filter hides her. Agent-caused, step 1.
    r = Run("rolegate-unrequested_filter-01", rng)
    f_filter(r)
    r.select("find-user", "mfa_filter", "Enrolled", "Billing users should have MFA; narrow to MFA-enrolled people.",
             mutate=lambda st: st.update(mfa="Enrolled", page=1))
    f_search(r, "whitfield")
    r.say("report", "I could not find Dana Whitfield in Kestrel Research; the only match for \"whitfield\" is "
          "Diana Whitfield (U-20147). No changes were made.", "She is not in the list.")
    runs.append(r.done("unrequested_filter", 1, "Added an MFA: Enrolled filter the task did not ask for; Dana (MFA pending) hidden.", False))

    # F7 stale saved view on the start page (Kestrel Retail). Visible at start, step 0.
    def setup_stale(st):
        st["ws"] = KT
        st["saved_view"] = "Retail billing review (last used 6 days ago)"
    r = Run("rolegate-stale_filter-01", rng, setup_stale)
    f_search(r, "whitfield", "A workspace filter is already applied; search for Whitfield.")
    f_open(r)
    r.click("change-role", "change_role:" + KT, "Change her role in the current workspace.", mutate=open_role_dialog(KT))
    r.select("change-role", "role_combo", "Billing Viewer", "Pick Billing Viewer.", mutate=choose_role("Billing Viewer"))
    r.click("change-role", "role_save", "Save the new role.", effect="write", mutate=save_role)
    f_remove(r)
    r.say("report", DONE_MSG, "Role and group changes confirmed.")
    runs.append(r.done("stale_filter", 0, "Start page carried a stale saved view filtered to Kestrel Retail; role changed there.", False))

    # F8 permission refusal when saving the role. Environment, step 7.
    def refuse(st):
        st["dialog"]["alert"] = ("You don't have permission to assign billing roles in Kestrel Research. "
                                 "Ask a Workspace Owner (Keiko Mori).")
    r = Run("rolegate-permission_denied-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    r.click("change-role", "change_role:" + KR, "Open the role editor for Kestrel Research.", mutate=open_role_dialog(KR))
    r.click("change-role", "role_cancel", "Close it; check her groups first.", mutate=close_dialog)
    r.click("change-role", "change_role:" + KR, "Reopen the role editor.", mutate=open_role_dialog(KR))
    r.select("change-role", "role_combo", "Billing Viewer", "Pick Billing Viewer.", mutate=choose_role("Billing Viewer"))
    r.click("change-role", "role_save", "Save the new role.", effect="write", mutate=refuse)
    r.click("change-role", "role_cancel", "Saving was refused; close the editor.", mutate=close_dialog)
    r.say("report", "I couldn't change Dana Whitfield's role: Portcullis says I lack permission to assign billing roles "
          "in Kestrel Research. I did not remove her from Finance Approvers either.", "Refused by the console.")
    runs.append(r.done("permission_denied", 7, "Role save refused for lack of permission.", False))

    # F9 session lost on the way to the group page. Environment, step 6.
    def lose_session(st):
        st["view"], st["dialog"], st["toast"] = "signin", None, None
    r = Run("rolegate-session_lost-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r)
    r.click("remove-group", "nav:Groups", "Manage the membership from the group's page.", mutate=lose_session)
    r.say("report", DONE_MSG, "Role changed; wrapping up.")
    runs.append(r.done("session_lost", 6, "Session expired; sign-in page shown; removal never done but reported.", False))

    # F10 premature success after only the role change. Agent-caused, step 6.
    r = Run("rolegate-premature_success-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    f_role(r)
    r.say("report", DONE_MSG, "Role update confirmed; task complete.")
    runs.append(r.done("premature_success", 6, "Reported both changes after only the role change.", False))

    # F11 skipped step: never changes the role. Agent-caused, step 3.
    r = Run("rolegate-skipped_step-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    r.click("remove-group", "remove_grp:grp-114", "Her role already shows a billing role; go on to the groups.",
            mutate=open_remove("grp-114"))
    r.click("remove-group", "remove_confirm", "Confirm removal from Finance Approvers.", effect="irreversible",
            mutate=confirm_remove)
    r.say("report", DONE_MSG, "Removal confirmed.")
    runs.append(r.done("skipped_step", 3, "Moved on to the group removal without changing the role (still Billing Admin).", False))

    # F12 dialog mishandled: Cancel instead of Save. Agent-caused, step 5.
    r = Run("rolegate-dialog_mishandled-01", rng)
    f_filter(r)
    f_search(r, "whitfield")
    f_open(r)
    r.click("change-role", "change_role:" + KR, "Open the role editor for Kestrel Research.", mutate=open_role_dialog(KR))
    r.select("change-role", "role_combo", "Billing Viewer", "Pick Billing Viewer.", mutate=choose_role("Billing Viewer"))
    r.click("change-role", "role_cancel", "The selection is applied; close the editor.", mutate=close_dialog)
    f_remove(r)
    r.say("report", DONE_MSG, "Both changes made.")
    runs.append(r.done("dialog_mishandled", 5, "Closed the role dialog with Cancel; the selection was discarded.", False))
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    rng = random.Random(SEED)
    runs = healthy_runs(rng) + faulty_runs(rng)
    os.makedirs(os.path.join(args.out, "plans"), exist_ok=True)
    with open(os.path.join(args.out, "plans", WORKFLOW + ".yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write(PLAN_YAML)
    with open(os.path.join(args.out, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for run in runs:
            f.write(json.dumps(run, ensure_ascii=False) + "\n")
    print("wrote %d runs (%d healthy, %d faulty) to %s" % (
        len(runs), sum(1 for x in runs if x["label"]["fault"] is None),
        sum(1 for x in runs if x["label"]["fault"] is not None), args.out))


if __name__ == "__main__":
    main()
