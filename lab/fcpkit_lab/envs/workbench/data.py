"""Seed data and schema of the workbench database.

The records are deterministic: every episode starts from exactly these rows. They are
written to look like a real enterprise tool's data, including the things that confuse naive
checkers: near-miss identifiers (T-390 / T-391 / T-411, EXP-1180 / EXP-1207 / EXP-1108,
SKU-2045 / SKU-2054, ORD-55012 / ORD-55021), several tickets about charges, and similar
product names.

``updated_offset_min`` is "minutes before the episode started" (the page shows it as
"5 minutes ago", growing with the episode clock); a write sets it to minus the minutes
elapsed since the episode started.
"""

from __future__ import annotations

import hashlib
import sqlite3
from typing import Any

__all__ = [
    "SCHEMA",
    "TEAMS",
    "TICKET_STATUSES",
    "EXPENSE_STATUSES",
    "REFUND_STATUSES",
    "SEED_USERS",
    "seed_rows",
    "seed_state",
    "create_database",
    "snapshot",
    "hash_password",
    "format_money",
]

SCHEMA = """
CREATE TABLE users (
    username TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL
);
CREATE TABLE tickets (
    id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    customer TEXT NOT NULL,
    complaint TEXT NOT NULL,
    status TEXT NOT NULL,
    team TEXT NOT NULL,
    priority TEXT NOT NULL,
    updated_offset_min INTEGER NOT NULL
);
CREATE TABLE expenses (
    id TEXT PRIMARY KEY,
    employee TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    category TEXT NOT NULL,
    merchant TEXT NOT NULL,
    submitted TEXT NOT NULL,
    policy_result TEXT NOT NULL,
    policy_detail TEXT NOT NULL,
    status TEXT NOT NULL,
    decision_note TEXT NOT NULL DEFAULT '',
    decided_by TEXT NOT NULL DEFAULT '',
    updated_offset_min INTEGER NOT NULL
);
CREATE TABLE products (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    stock INTEGER NOT NULL,
    pending_price_cents INTEGER,
    updated_offset_min INTEGER NOT NULL
);
CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    customer TEXT NOT NULL,
    placed TEXT NOT NULL,
    total_cents INTEGER NOT NULL,
    status TEXT NOT NULL,
    refund_status TEXT NOT NULL,
    refund_cents INTEGER NOT NULL,
    refund_date TEXT NOT NULL,
    refund_method TEXT NOT NULL,
    updated_offset_min INTEGER NOT NULL
);
CREATE TABLE audit (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL,
    action TEXT NOT NULL,
    record TEXT NOT NULL,
    detail TEXT NOT NULL
);
"""

TEAMS = ["Unassigned", "Payments", "Billing", "Identity", "Logistics", "Technical", "Accounts"]
TICKET_STATUSES = ["Open", "Pending", "Closed"]
EXPENSE_STATUSES = ["Submitted", "Approved", "Rejected"]
REFUND_STATUSES = [
    "Refunded",
    "Partially refunded",
    "Pending",
    "Refund requested",
    "Not refunded",
    "Declined",
]

SEED_USERS = [
    # username, display name, password, role
    ("agent", "Alex Agent", "workbench", "operator"),
    ("viewer", "Vic Viewer", "readonly", "viewer"),
]

_PW_SALT = b"fcpkit-workbench"


def hash_password(password: str) -> str:
    """A salted PBKDF2 hash (few iterations: this is a local test application)."""
    return hashlib.pbkdf2_hmac("sha256", password.encode(), _PW_SALT, 2000).hex()


def format_money(cents: int | None) -> str:
    if cents is None:
        return ""
    return f"${cents / 100:,.2f}"


# fmt: off
_TICKETS = [
    # id, subject, customer, complaint, status, team, priority, updated_offset_min
    ("T-352", "Invoice PDF shows wrong VAT number", "Harbor Foods Ltd",
     "Our March invoice lists our old VAT number. Please reissue it with GB 294 1180 55.",
     "Open", "Billing", "Normal", 190),
    ("T-367", "Cannot export invoices to CSV", "Nordlys Design",
     "The Export button on the invoices page spins forever and no CSV is downloaded.",
     "Pending", "Technical", "Low", 320),
    ("T-371", "Update billing contact", "Quarry & Sons",
     "Please send future invoices to accounts@quarrysons.example instead of the old address.",
     "Closed", "Accounts", "Low", 1440),
    ("T-384", "Two-factor codes not arriving", "Meridian Clinics",
     "None of our staff receive the SMS code when signing in since this morning.",
     "Open", "Identity", "High", 47),
    ("T-390", "Charged twice for March subscription", "Dana Whitfield",
     "I was charged twice for my March subscription: two identical payments of $49.00 on "
     "3 March appear on my card statement. Please refund the duplicate charge.",
     "Open", "Unassigned", "High", 5),
    ("T-391", "Unexpected charge after cancelling", "Ravi Menon",
     "I cancelled my plan on 28 February but was still charged $19.00 on 1 March. "
     "Why was I charged after cancelling?",
     "Open", "Unassigned", "Normal", 12),
    ("T-398", "Request for annual invoice", "Bluebird Analytics",
     "Could you send one consolidated invoice for all of 2025 for our auditors?",
     "Pending", "Billing", "Low", 600),
    ("T-402", "Locked out after password reset", "Owen Castillo",
     "After resetting my password this morning I get 'account locked' on every sign-in "
     "attempt, even with the new password.",
     "Open", "Unassigned", "High", 9),
    ("T-405", "Dashboard charts load slowly", "Kestrel Logistics",
     "The revenue dashboard takes over a minute to load since the last update.",
     "Open", "Technical", "Normal", 75),
    ("T-411", "Refund not received", "Lena Fischer",
     "I was promised a refund of $49.00 two weeks ago and it still has not reached my account.",
     "Open", "Unassigned", "Normal", 18),
    ("T-415", "Package arrived damaged", "Tomasz Nowak",
     "The box for order ORD-55230 arrived crushed and the monitor screen is cracked. "
     "I need a replacement.",
     "Open", "Unassigned", "Normal", 22),
    ("T-420", "Password reset email not arriving", "Grace Liu",
     "I requested a password reset three times and no email arrived, not even in spam.",
     "Open", "Unassigned", "Normal", 31),
    ("T-427", "Change plan from monthly to annual", "Pinecrest Legal",
     "We would like to switch to annual billing from next month.",
     "Open", "Accounts", "Low", 140),
    ("T-433", "Bulk user import fails", "Atlas Robotics",
     "Uploading our 400-user CSV fails at row 212 with 'invalid email' but the row looks fine.",
     "Pending", "Technical", "Normal", 260),
    ("T-438", "Card declined at renewal", "Sofia Marquez",
     "My card was declined when the plan renewed, but the bank says they saw no charge attempt.",
     "Open", "Payments", "Normal", 58),
    ("T-444", "Wrong delivery address on order", "Jonas Berg",
     "Order ORD-55021 is going to my old address. Can you update it before it ships?",
     "Closed", "Logistics", "Normal", 2880),
    ("T-451", "Package not delivered", "Amara Okafor",
     "Tracking has said 'out for delivery' for four days and nothing has arrived.",
     "Open", "Unassigned", "Normal", 27),
    ("T-458", "Refund request for duplicate order", "Henrik Dahl",
     "I accidentally placed the same order twice. Please cancel one and refund it.",
     "Closed", "Payments", "Low", 4320),
]

_EXPENSES = [
    # id, employee, amount_cents, category, merchant, submitted, policy_result, policy_detail,
    # status, updated_offset_min
    ("EXP-1094", "Jordan Blake", 12840, "Meals", "Trattoria Roma", "2026-02-27",
     "Within policy", "Team dinner, 4 attendees, under the $40 per person cap.", "Approved", 2880),
    ("EXP-1108", "Priya Raman", 48250, "Travel", "Northern Rail", "2026-03-02",
     "Within policy", "Standard-class rail fare.", "Submitted", 65),
    ("EXP-1117", "Marcus Lee", 2999, "Software", "Pixel Tools Inc", "2026-03-02",
     "Flagged", "Software purchases need IT pre-approval; none attached.", "Submitted", 130),
    ("EXP-1139", "Tom Alvarez", 126000, "Lodging", "Harbourview Hotel", "2026-03-03",
     "Within policy", "3 nights at $420 with a pre-approved conference rate exception.",
     "Approved", 1500),
    ("EXP-1152", "Ana Costa", 6420, "Meals", "Green Bowl", "2026-03-04",
     "Within policy", "Client lunch, 2 attendees.", "Submitted", 240),
    ("EXP-1166", "Jordan Blake", 31500, "Training", "CloudCert Academy", "2026-03-04",
     "Within policy", "Certification exam fee, approved in training budget.", "Submitted", 300),
    ("EXP-1180", "Priya Raman", 84250, "Travel", "SkyWays Airlines", "2026-03-05",
     "Within policy", "Economy return flight, booked 21 days ahead; under the $900 fare cap.",
     "Submitted", 8),
    ("EXP-1193", "Tom Alvarez", 126000, "Lodging", "Grand Central Hotel", "2026-03-05",
     "Over policy limit", "Nightly hotel rate of $420 exceeds the $300 cap; no exception on file.",
     "Submitted", 14),
    ("EXP-1207", "Marcus Lee", 82450, "Travel", "SkyWays Airlines", "2026-03-06",
     "Within policy", "Economy return flight; under the $900 fare cap.", "Submitted", 11),
    ("EXP-1214", "Helen Park", 4590, "Office supplies", "Stationery Hub", "2026-03-06",
     "Within policy", "Printer toner.", "Submitted", 95),
    ("EXP-1225", "Ana Costa", 9640, "Meals", "Harvest Kitchen", "2026-03-07",
     "Within policy", "Client dinner, 2 attendees, under the $60 per person cap.", "Submitted", 19),
    ("EXP-1238", "Helen Park", 189900, "Equipment", "Office Depot Pro", "2026-03-07",
     "Over policy limit", "Equipment over $1,000 requires a purchase order.", "Rejected", 400),
    ("EXP-1252", "Ana Costa", 9460, "Meals", "Harvest Kitchen", "2026-03-08",
     "Over policy limit", "Receipt missing for a claim over $75.", "Submitted", 24),
]

_PRODUCTS = [
    # sku, name, category, price_cents, stock, updated_offset_min
    ("SKU-1032", "Desk Lamp with USB Port", "Lighting", 4500, 120, 3000),
    ("SKU-1188", "LED Floor Lamp", "Lighting", 8900, 35, 2200),
    ("SKU-2045", "Ergonomic Office Chair", "Seating", 24900, 42, 16),
    ("SKU-2054", "Ergonomic Office Chair (Mesh Back)", "Seating", 25900, 18, 44),
    ("SKU-2061", "Drafting Stool", "Seating", 13900, 9, 500),
    ("SKU-2450", "Chair Floor Mat", "Accessories", 3900, 210, 1200),
    ("SKU-3102", "Standing Desk Mat", "Accessories", 4900, 77, 70),
    ("SKU-3120", "Standing Desk Frame", "Desks", 39900, 14, 29),
    ("SKU-3129", "Standing Desk Frame (Dual Motor)", "Desks", 52900, 6, 180),
    ("SKU-3210", "Desk Cable Tray", "Accessories", 2400, 300, 900),
    ("SKU-4401", "USB-C Travel Hub", "Electronics", 5999, 95, 38),
    ("SKU-4410", "USB-C Docking Station", "Electronics", 18999, 27, 21),
    ("SKU-4414", "USB-C Docking Station Pro", "Electronics", 24999, 12, 330),
    ("SKU-5020", "Monitor Arm", "Accessories", 11900, 40, 760),
]

_ORDERS = [
    # id, customer, placed, total_cents, status, refund_status, refund_cents, refund_date,
    # refund_method, updated_offset_min
    ("ORD-54870", "Lena Fischer", "2026-02-18", 4900, "Delivered", "Pending", 4900, "",
     "Original card", 160),
    ("ORD-54911", "Jonas Berg", "2026-02-20", 15900, "Delivered", "Not refunded", 0, "", "", 3000),
    ("ORD-55012", "Dana Whitfield", "2026-02-24", 3890, "Returned", "Refunded", 3890,
     "2026-03-04", "Original card", 7),
    ("ORD-55021", "Jonas Berg", "2026-02-24", 12750, "Returned", "Pending", 8390, "",
     "Store credit", 13),
    ("ORD-55102", "Ravi Menon", "2026-02-26", 2400, "Delivered", "Not refunded", 0, "", "", 2500),
    ("ORD-55203", "Sofia Marquez", "2026-02-27", 12000, "Cancelled", "Refunded", 12000,
     "2026-03-01", "Original card", 15),
    ("ORD-55230", "Tomasz Nowak", "2026-02-28", 24900, "Delivered", "Partially refunded", 1200,
     "2026-03-06", "Original card", 26),
    ("ORD-55320", "Grace Liu", "2026-03-01", 8900, "Shipped", "Not refunded", 0, "", "", 700),
    ("ORD-56104", "Amara Okafor", "2026-03-03", 6425, "Delivered", "Refund requested", 6425, "",
     "Original card", 33),
    ("ORD-56140", "Henrik Dahl", "2026-03-03", 6425, "Delivered", "Declined", 0, "2026-03-07",
     "", 41),
    ("ORD-56177", "Owen Castillo", "2026-03-04", 18999, "Processing", "Not refunded", 0, "", "",
     90),
]
# fmt: on

_TABLE_COLUMNS = {
    "tickets": ["id", "subject", "customer", "complaint", "status", "team", "priority",
                "updated_offset_min"],
    "expenses": ["id", "employee", "amount_cents", "category", "merchant", "submitted",
                 "policy_result", "policy_detail", "status", "updated_offset_min"],
    "products": ["sku", "name", "category", "price_cents", "stock", "updated_offset_min"],
    "orders": ["id", "customer", "placed", "total_cents", "status", "refund_status",
               "refund_cents", "refund_date", "refund_method", "updated_offset_min"],
}
_KEYS = {"tickets": "id", "expenses": "id", "products": "sku", "orders": "id"}
_SEED = {"tickets": _TICKETS, "expenses": _EXPENSES, "products": _PRODUCTS, "orders": _ORDERS}


def seed_rows() -> dict[str, list[dict[str, Any]]]:
    """The seed records of every workflow table, as column -> value dicts."""
    return {table: [dict(zip(cols, row)) for row in _SEED[table]]
            for table, cols in _TABLE_COLUMNS.items()}


def create_database(path: str) -> None:
    """Create the schema at ``path`` and insert the seed rows."""
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        conn.executemany(
            "INSERT INTO users VALUES (?, ?, ?, ?)",
            [(u, name, hash_password(pw), role) for u, name, pw, role in SEED_USERS],
        )
        for table, cols in _TABLE_COLUMNS.items():
            marks = ", ".join("?" for _ in cols)
            conn.executemany(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", _SEED[table]
            )
        conn.commit()
    finally:
        conn.close()


def snapshot(conn: sqlite3.Connection) -> dict[str, Any]:
    """The database's workflow tables as ``{table: {key: row dict}}`` plus the audit list."""
    conn.row_factory = sqlite3.Row
    state: dict[str, Any] = {}
    for table, key in _KEYS.items():
        rows = conn.execute(f"SELECT * FROM {table} ORDER BY {key}").fetchall()
        state[table] = {r[key]: dict(r) for r in rows}
    state["audit"] = [dict(r) for r in conn.execute("SELECT * FROM audit ORDER BY seq")]
    return state


def seed_state() -> dict[str, Any]:
    """What :func:`snapshot` returns for a freshly seeded database (no I/O)."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(SCHEMA)
        for table, cols in _TABLE_COLUMNS.items():
            marks = ", ".join("?" for _ in cols)
            conn.executemany(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", _SEED[table]
            )
        return snapshot(conn)
    finally:
        conn.close()
