"""Deterministic sketches for known task kinds: the whole engine path with no LLM.

A :class:`SketchTemplate` recognises a task by a pattern over its text and fills a sketch (the same
Python the planner's one call writes) with the task's values. The sketches name SMG operations by
id and rely on the linker for the navigation between them; they are application knowledge about
*task kinds*, not recordings of a run: they branch on what the pages say at run time (the expense
decision follows the policy check the page shows, an amount that differs stops the task).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["MINIWOB_TEMPLATES", "WORKBENCH_TEMPLATES", "SketchTemplate", "match_template", "template_sketch"]


@dataclass(frozen=True)
class SketchTemplate:
    """A task kind: ``pattern`` (a regex with named groups over the task text) and its ``sketch``."""

    kind: str
    pattern: str
    sketch: str

    def match(self, task: str) -> dict[str, str] | None:
        m = re.search(self.pattern, " ".join(task.split()))
        return None if m is None else m.groupdict()

    def fill(self, values: Mapping[str, str]) -> str:
        return self.sketch.format(**{k: repr(v) for k, v in values.items()},
                                  **{f"{k}_text": v for k, v in values.items()})


_SUPPORT = SketchTemplate(
    "support-assign",
    r"Find ticket (?P<key>[A-Z]+-\d+) \(customer reports (?P<what>[^)]*)\), confirm the complaint, "
    r"assign it to team (?P<team>\w+) and save",
    """\
SearchSupportQueuePage(search_tickets={key})
OpenTicketPage(key={key})
details = ReadTicketDetails()
complaint = ReadCustomerComplaint()
AssignOnTicketPage(assign_to_team={team})
messages = ReadMessagesOnTicketPage()
report("Assigned ticket {key_text} to team {team_text}. " + " ".join(messages))
""")

_EXPENSES = SketchTemplate(
    "expense-decision",
    r"Find expense report (?P<key>[A-Z]+-\d+), check that the amount is (?P<amount>\$[\d,]+\.\d\d) and read its "
    r"policy check, then approve it if it is within policy or reject it otherwise",
    """\
SearchExpenseReportsPage(search_expense_reports={key})
OpenExpenseReportPage(key={key})
details = ReadReportDetails()
policy = ReadPolicyCheck()
if details["Amount"] != {amount}:
    report("Expense report {key_text} shows " + details["Amount"] + ", not {amount_text}: no decision taken.")
elif "Within policy" in policy:
    ApproveOnExpenseReportPage(decision_note="Approved: amount {amount_text} checked; " + policy)
    messages = ReadMessagesOnExpenseReportPage()
    report("Approved expense report {key_text}. " + " ".join(messages))
else:
    RejectOnExpenseReportPage(decision_note="Rejected: " + policy)
    messages = ReadMessagesOnExpenseReportPage()
    report("Rejected expense report {key_text}. " + " ".join(messages))
""")

_CATALOGUE = SketchTemplate(
    "price-change",
    r"Find product (?P<key>[A-Z]+-\d+), change its price from (?P<old>\$[\d,]+\.\d\d) to \$(?P<new>[\d,]+\.\d\d)",
    """\
SearchProductCataloguePage(search_products={key})
OpenProductPage(key={key})
before = ReadProductDetails()
SavePriceOnEditPricePage(new_price_usd={new})
after = ReadProductDetails()
messages = ReadMessagesOnProductPage()
if after["Current price"] == "$" + {new}:
    report("Product {key_text} now costs $" + {new} + ". " + " ".join(messages))
else:
    report("Product {key_text} still shows " + after["Current price"] + ". " + " ".join(messages))
""")

_ORDERS = SketchTemplate(
    "refund-lookup",
    r"Find order (?P<key>[A-Z]+-\d+), read its refund status and refund amount, and report both",
    """\
SearchOrdersPage(search_orders={key})
OpenOrderPage(key={key})
refund = ReadRefundDetails()
report("Order {key_text}: refund status " + refund["Refund status"] + ", refund amount " + refund["Refund amount"] + ".")
""")

#: The workbench's task kinds (one per workflow).
WORKBENCH_TEMPLATES: tuple[SketchTemplate, ...] = (_SUPPORT, _EXPENSES, _CATALOGUE, _ORDERS)


#: MiniWoB++ task kinds, from the instruction each task states; the operations are those the crawl
#: named in ``lab/fcpkit_lab/data/smg/miniwob/`` (one write or input per task: the page is the whole app).
MINIWOB_TEMPLATES: tuple[SketchTemplate, ...] = (
    SketchTemplate("miniwob-click-button", r'^Click on the "(?P<label>[^"]+)" button\.',
                   "ClickButtonOnClickButtonTaskPage(button={label})\n"),
    SketchTemplate("miniwob-click-tab", r"^Click on (?P<tab>Tab #\d+)\.", "ClickTabOnClickTabTaskPage(tab={tab})\n"),
    SketchTemplate("miniwob-enter-text", r'^Enter "(?P<text>[^"]*)" into the text field and press Submit\.',
                   "SubmitOnEnterTextTaskPage(text={text})\n"),
    SketchTemplate("miniwob-login-user", r'^Enter the username "(?P<username>[^"]*)" and the password '
                   r'"(?P<password>[^"]*)" into the text fields and press login\.',
                   "LoginOnLoginUserTaskPage(username={username}, password={password})\n"),
    SketchTemplate("miniwob-choose-list", r"^Select (?P<item>.+) from the list and click Submit\.",
                   "SubmitOnChooseListTaskPage(option={item})\n"),
)


def match_template(task: str, templates: tuple[SketchTemplate, ...] = WORKBENCH_TEMPLATES) -> SketchTemplate | None:
    return next((t for t in templates if t.match(task) is not None), None)


def template_sketch(task: str, templates: tuple[SketchTemplate, ...] = WORKBENCH_TEMPLATES) -> str | None:
    """The filled sketch of the first template that recognises ``task`` (``None``: no known kind)."""
    t = match_template(task, templates)
    return None if t is None else t.fill(t.match(task) or {})
