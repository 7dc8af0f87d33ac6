"""The workbench's tasks (several variants per workflow) and their functional validators.

A validator looks only at the database (and, for the read-only refund lookup, the agent's
reported answer), the way WebArena's validators do: it never looks at what the pages said.
Writes to any record other than the target count as failures (a wrong-record write is the
quiet failure these workflows exist to expose).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from fcpkit.errors import ConfigError

from fcpkit_lab.envs.workbench.data import REFUND_STATUSES, format_money, seed_state

__all__ = [
    "WORKFLOWS",
    "Task",
    "TASKS",
    "get_task",
    "ValidationResult",
    "validate",
]

WORKFLOWS = ("support", "expenses", "catalogue", "orders")


@dataclass(frozen=True)
class Task:
    """One task variant of one workflow.

    ``target`` is the record the task is about, ``near_miss`` the record the ``wrong_record``
    fault steers the agent to, ``expected`` what the validator requires.
    """

    workflow: str
    variant: int
    intent: str
    target: str
    near_miss: str
    start_path: str
    expected: Mapping[str, Any] = field(default_factory=dict)
    read_only: bool = False

    @property
    def id(self) -> str:
        return f"{self.workflow}-{self.variant}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "workflow": self.workflow,
            "variant": self.variant,
            "intent": self.intent,
            "target": self.target,
            "near_miss": self.near_miss,
            "start_path": self.start_path,
            "expected": dict(self.expected),
            "read_only": self.read_only,
        }


def _support(variant: int, target: str, near: str, team: str, what: str) -> Task:
    return Task(
        "support", variant,
        f"Find ticket {target} (customer reports {what}), confirm the complaint, "
        f"assign it to team {team} and save.",
        target, near, "/support", {"team": team},
    )


def _expense(variant: int, target: str, near: str, amount: str, decision: str) -> Task:
    return Task(
        "expenses", variant,
        f"Find expense report {target}, check that the amount is {amount} and read its policy "
        f"check, then approve it if it is within policy or reject it otherwise, with a note "
        f"explaining the decision.",
        target, near, "/expenses", {"status": decision},
    )


def _catalogue(variant: int, sku: str, near: str, old_cents: int, new_cents: int) -> Task:
    return Task(
        "catalogue", variant,
        f"Find product {sku}, change its price from {format_money(old_cents)} to "
        f"{format_money(new_cents)}, save, and confirm the new price shows.",
        sku, near, "/catalogue", {"price_cents": new_cents},
    )


def _order(variant: int, order: str, near: str, status: str, cents: int) -> Task:
    return Task(
        "orders", variant,
        f"Find order {order}, read its refund status and refund amount, and report both.",
        order, near, "/orders", {"refund_status": status, "refund_cents": cents},
        read_only=True,
    )


TASKS: dict[str, list[Task]] = {
    "support": [
        _support(0, "T-390", "T-411", "Payments", "a duplicate charge"),
        _support(1, "T-402", "T-420", "Identity", "being locked out after a password reset"),
        _support(2, "T-415", "T-451", "Logistics", "a package that arrived damaged"),
    ],
    "expenses": [
        _expense(0, "EXP-1180", "EXP-1207", "$842.50", "Approved"),
        _expense(1, "EXP-1193", "EXP-1139", "$1,260.00", "Rejected"),
        _expense(2, "EXP-1225", "EXP-1252", "$96.40", "Approved"),
    ],
    "catalogue": [
        _catalogue(0, "SKU-2045", "SKU-2054", 24900, 22900),
        _catalogue(1, "SKU-3120", "SKU-3102", 39900, 37900),
        _catalogue(2, "SKU-4410", "SKU-4401", 18999, 16999),
    ],
    "orders": [
        _order(0, "ORD-55012", "ORD-55021", "Refunded", 3890),
        _order(1, "ORD-55230", "ORD-55203", "Partially refunded", 1200),
        _order(2, "ORD-56104", "ORD-56140", "Refund requested", 6425),
    ],
}


def get_task(workflow: str, variant: int = 0) -> Task:
    """The task ``variant`` of ``workflow`` (raises :class:`ConfigError` on a bad name/index)."""
    if workflow not in TASKS:
        raise ConfigError(
            f"unknown workbench workflow {workflow!r}; choose one of {', '.join(WORKFLOWS)}"
        )
    variants = TASKS[workflow]
    if not isinstance(variant, int) or not 0 <= variant < len(variants):
        raise ConfigError(
            f"workflow {workflow!r} has variants 0..{len(variants) - 1}; got {variant!r}"
        )
    return variants[variant]


@dataclass(frozen=True)
class ValidationResult:
    success: bool
    reason: str

    def __bool__(self) -> bool:  # pragma: no cover - convenience
        return self.success

    def to_dict(self) -> dict[str, Any]:
        return {"success": self.success, "reason": self.reason}


_TABLE = {"support": "tickets", "expenses": "expenses", "catalogue": "products", "orders": "orders"}
_IGNORED = {"updated_offset_min"}


def _changed_records(table: str, db_state: Mapping[str, Any]) -> list[str]:
    seed = seed_state()[table]
    now = db_state.get(table, {})
    changed = []
    for key in sorted(set(seed) | set(now)):
        a, b = seed.get(key), now.get(key)
        if a is None or b is None:
            changed.append(key)
            continue
        if any(a.get(c) != b.get(c) for c in a if c not in _IGNORED):
            changed.append(key)
    return changed


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


_ID_TOKEN = re.compile(r"\b[A-Za-z]+-\d+\b")
_AMOUNT = re.compile(r"(?<![\w.])\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\w])")


def _answer_statuses(answer: str) -> set[str]:
    text = " " + _norm(answer) + " "
    found = set()
    for status in sorted(REFUND_STATUSES, key=len, reverse=True):
        pat = re.compile(r"(?<![a-z])" + re.escape(status.lower()) + r"(?![a-z])")
        if pat.search(text):
            found.add(status)
            text = pat.sub(" ", text)
    return found


def _answer_amounts(answer: str) -> list[int]:
    text = _ID_TOKEN.sub(" ", answer)
    out = []
    for m in _AMOUNT.finditer(text):
        whole = int(m.group(1).replace(",", ""))
        frac = (m.group(2) or "0").ljust(2, "0")
        out.append(whole * 100 + int(frac))
    return out


def validate(task: Task, db_state: Mapping[str, Any], answer: str | None = None) -> ValidationResult:
    """Check the task's functional outcome against a :func:`~fcpkit_lab.envs.workbench.data.snapshot`.

    For the read-only refund lookup, ``answer`` is the agent's reported answer and must name
    the exact refund status (and no other) and the refund amount.
    """
    table = _TABLE[task.workflow]
    rows = db_state.get(table, {})
    target = rows.get(task.target)
    if target is None:
        return ValidationResult(False, f"{task.target} is missing from the database")
    collateral = [k for k in _changed_records(table, db_state) if k != task.target]

    if task.workflow == "support":
        team = task.expected["team"]
        if target["team"] != team:
            why = f"ticket {task.target} is assigned to {target['team']}, expected {team}"
            if collateral:
                why += f"; modified instead: {', '.join(collateral)}"
            return ValidationResult(False, why)
    elif task.workflow == "expenses":
        status = task.expected["status"]
        if target["status"] != status:
            why = f"expense report {task.target} is {target['status']}, expected {status}"
            if collateral:
                why += f"; modified instead: {', '.join(collateral)}"
            return ValidationResult(False, why)
        if not str(target.get("decision_note", "")).strip():
            return ValidationResult(False, f"expense report {task.target} has no decision note")
    elif task.workflow == "catalogue":
        cents = task.expected["price_cents"]
        if target["price_cents"] != cents:
            why = (f"product {task.target} costs {format_money(target['price_cents'])}, "
                   f"expected {format_money(cents)}")
            if target.get("pending_price_cents") is not None:
                why += f" (a price change to {format_money(target['pending_price_cents'])} is "
                why += "only pending approval)"
            if collateral:
                why += f"; modified instead: {', '.join(collateral)}"
            return ValidationResult(False, why)
    elif task.workflow == "orders":
        changed = _changed_records(table, db_state)
        if changed:
            return ValidationResult(False, f"read-only task modified orders: {', '.join(changed)}")
        if answer is None or not answer.strip():
            return ValidationResult(False, "no answer was reported")
        status, cents = task.expected["refund_status"], task.expected["refund_cents"]
        statuses = _answer_statuses(answer)
        if statuses != {status}:
            named = ", ".join(sorted(statuses)) or "no refund status"
            return ValidationResult(False, f"answer names {named}; expected {status}")
        if cents not in _answer_amounts(answer):
            return ValidationResult(
                False, f"answer does not state the refund amount {format_money(cents)}"
            )
        return ValidationResult(True, f"answer reports {status}, {format_money(cents)}")
    else:  # pragma: no cover - guarded by get_task
        raise ConfigError(f"unknown workflow {task.workflow!r}")

    if collateral:
        return ValidationResult(
            False, f"{task.target} is right, but other records were modified: {', '.join(collateral)}"
        )
    return ValidationResult(True, f"{task.target} has the expected outcome")
