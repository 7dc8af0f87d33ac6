"""A scripted executor for the workbench's four workflows: it reads the page, not a script of bids.

:class:`ScriptedExecutor` follows each workflow the way a careful-but-literal agent would: find
the search box by its name, type the record id, submit, open the link named after the record,
use the controls named in the task (``Assign to team`` / ``Assign``, ``Decision note`` /
``Approve`` / ``Reject``, ``Edit price`` / ``New price (USD)`` / ``Save price``, ``Refund
details``), then report. Every action carries its reasoning, its resolved ``target`` (the AXTree
node line, URL origin removed), its ``effect`` and the plan commitment it pursues, in
``Action.extra["commitment"]`` (the recorder copies it to ``Step.commitment``).

It does not second-guess the page: it clicks what the page offers. Under a fault it therefore
goes off track the way a real agent does (opens the record a stale index links to, presses the
renamed "Submit for approval", reports success after a save that did nothing), which is what
makes the recorded faulty trajectories genuine.

Repairs: an action in ``ctx.rejected`` is never proposed again at once; the executor takes the
next alternative path (back to the list and search again, then the record's own URL, then
report). ``ctx.hint`` is honoured by keyword (go back / list / search again / reload / wait /
stop) and quoted in the reasoning.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Sequence
from urllib.parse import urlsplit

from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action, Observation
from fcpkit_lab.envs.workbench import get_task
from fcpkit_lab.envs.workbench import TASKS
from fcpkit_lab.envs.browser.axtree import AXTree

__all__ = ["ScriptedExecutor", "WORKFLOW_ROLES", "Proposal"]

#: The plan commitment (by position in the workflow's plan) each phase pursues.
WORKFLOW_ROLES: dict[str, dict[str, int]] = {
    "support": {"search": 0, "open": 1, "act": 2, "confirm": 3},
    "expenses": {"search": 0, "open": 1, "act": 2, "confirm": 3},
    "catalogue": {"search": 0, "open": 0, "edit": 1, "act": 2, "confirm": 3},
    "orders": {"search": 0, "open": 1, "act": 2, "confirm": 3},
}

_LIST = {
    "support": ("Support queue", "Search tickets", "Ticket"),
    "expenses": ("Expense reports", "Search expense reports", "Expense report"),
    "catalogue": ("Product catalogue", "Search products", "Product"),
    "orders": ("Orders", "Search orders", "Order"),
}
_ERROR_HEADINGS = ("Permission denied", "Page not found", "Action unavailable")
_SKIP_BUTTONS = {"Sign out", "Search", "Cancel"}


@dataclass(frozen=True)
class Proposal:
    """What a phase decided: the command and everything the corpus records about it."""

    command: str
    reasoning: str
    target: str | None
    effect: str
    role: str | None  # the workflow phase (WORKFLOW_ROLES); None: keep the previous commitment


class ScriptedExecutor:
    """Solves a workbench task through the browser (see the module docstring).

    Args:
        workflow, variant: the workbench task; when omitted, resolved from ``ctx.task`` (the
            task's intent text) on the first ``propose``.
        seed: picks between equivalent ways of doing a step (press Enter or click Search,
            wording of notes and reports), deterministically.
    """

    name = "scripted"

    def __init__(self, workflow: str | None = None, variant: int | None = None, seed: int = 0) -> None:
        self.seed = seed
        self.spec = None
        if workflow is not None:

            self.spec = get_task(workflow, variant or 0)
        rng = random.Random(f"scripted:{seed}")
        self.submit_style = rng.choice(["enter", "button"])
        self.wording = rng.randrange(3)

    # ------------------------------------------------------------------ protocol
    def propose(self, ctx: ExecutorContext) -> Action:
        spec = self._spec(ctx.task)
        page = _Page(ctx.observation, spec.workflow)
        hist = _History(ctx.history)
        rejected = {a.command for a in ctx.rejected}
        last_rejected = ctx.rejected[-1].command if ctx.rejected else None
        p = None
        if ctx.hint:
            p = self._from_hint(ctx.hint, page, spec, hist)
        if p is None:
            p = self._decide(page, spec, hist)
        if p.command in rejected or p.command == last_rejected:
            p = self._alternative(p, page, spec, hist, rejected)
        if ctx.hint and ctx.hint not in p.reasoning:
            p = Proposal(p.command, f"{p.reasoning} (repair hint: {ctx.hint})", p.target, p.effect, p.role)
        if p.role is None:  # an interruption (dialog, sign-in, error page): same commitment as before
            commitment = hist.last_commitment or self._commitment(ctx, spec.workflow, "search")
        else:
            commitment = self._commitment(ctx, spec.workflow, p.role)
        extra = {"commitment": commitment} if commitment else {}
        return Action(p.command, p.reasoning, p.target, p.effect, extra)

    # ------------------------------------------------------------------ task + commitments
    def _spec(self, task_text: str):
        if self.spec is not None:
            return self.spec

        norm = " ".join(task_text.split())
        for variants in TASKS.values():
            for t in variants:
                if " ".join(t.intent.split()) == norm:
                    self.spec = t
                    return t
        for variants in TASKS.values():  # by the record id alone
            for t in variants:
                if re.search(rf"\b{re.escape(t.target)}\b", norm):
                    self.spec = t
                    return t
        raise ValueError(f"ScriptedExecutor: no workbench task matches {task_text!r}")

    @staticmethod
    def _commitment(ctx: ExecutorContext, workflow: str, role: str) -> str | None:
        commitments = list(ctx.plan.commitments) if ctx.plan is not None else []
        idx = WORKFLOW_ROLES[workflow].get(role)
        if idx is not None and len(commitments) == 4:
            return commitments[idx].id
        return ctx.commitment.id if ctx.commitment is not None else None

    # ------------------------------------------------------------------ the procedure
    def _decide(self, page: "_Page", spec, hist: "_History") -> Proposal:
        wf = spec.workflow
        last_role = None
        # pages that interrupt any workflow
        dialog = page.tree.find("dialog")
        if dialog is not None:
            btn = next((n for n in page.tree.children(dialog) if n.role == "button" and n.bid), None)
            if btn is not None:
                return Proposal(f"click('{btn.bid}')",
                                f"A dialog '{dialog.name}' covers the page; press '{btn.name}' to continue with the task.",
                                btn.describe(), "write", last_role)
        if page.has_heading("Sign in to Workbench"):
            return Proposal("report_infeasible('I was signed out and have no credentials to sign in again, so I cannot finish the task.')",
                            "The page is the sign-in form: the session ended and the task gives no credentials.",
                            None, "read", last_role)
        for h in _ERROR_HEADINGS:
            if page.has_heading(h):
                msg = page.alert_text() or h
                return Proposal(f"report_infeasible({_q(f'{h}: {msg}')})",
                                f"The page says '{h}'; I cannot continue this way.", None, "read", last_role)

        title, search_label, noun = _LIST[wf]
        if page.tree.find("searchbox", search_label) is not None:
            return self._on_list(page, spec, hist)
        m = page.heading_match(rf"^{re.escape(noun)} ([A-Z]+-\d+)$")
        if m:
            return getattr(self, f"_detail_{wf}")(page, spec, hist, m.group(1))
        m = page.heading_match(r"^Edit price for ([A-Z]+-\d+)$")
        if m and wf == "catalogue":
            return self._edit_price(page, spec, hist, m.group(1))
        m = page.heading_match(r"^Refund details for ([A-Z]+-\d+)$")
        if m and wf == "orders":
            return self._refund(page, spec, hist, m.group(1))
        # anywhere else (home page, another workflow): go to the workflow's list
        link = page.tree.find("link", {"support": "Support", "expenses": "Expenses",
                                       "catalogue": "Catalogue", "orders": "Orders"}[wf], with_bid=True)
        if link is not None:
            return Proposal(f"click('{link.bid}')", f"Open the {title} to look for {spec.target}.",
                            link.describe(), "read", "search")
        return Proposal(f"goto({_q(page.origin + spec.start_path)})", f"Go to the {title} to look for {spec.target}.",
                        None, "read", "search")

    def _on_list(self, page: "_Page", spec, hist: "_History") -> Proposal:
        wf = spec.workflow
        title, search_label, _ = _LIST[wf]
        target = spec.target
        box = page.tree.find("searchbox", search_label)
        link = page.row_link(target)
        submits, cleared = hist.count("submit"), hist.count("clear") > 0
        if link is not None and submits >= 1:
            return Proposal(f"click('{link.bid}')",
                            f"The search results list {target}; open it to check the record.",
                            link.describe(), "read", "open")
        if submits == 0 or (cleared and submits == 1):
            if (box.value or "") != target:
                return Proposal(f"fill('{box.bid}', {_q(target)})",
                                f"Type {target} into the '{search_label}' box to find the record.",
                                box.describe(), "read", "search")
            button = page.tree.find("button", "Search", with_bid=True)
            if self.submit_style == "enter" or button is None:
                return Proposal(f"press('{box.bid}', 'Enter')", f"Submit the search for {target}.",
                                box.describe(), "read", "search")
            return Proposal(f"click('{button.bid}')", f"Press Search to list the {title.lower()} matching {target}.",
                            button.describe(), "read", "search")
        clear = page.tree.find("link", "Clear filters", with_bid=True)
        if not cleared and clear is not None:
            return Proposal(f"click('{clear.bid}')",
                            f"{target} is not in the results; clear the filters and search again.",
                            clear.describe(), "read", "search")
        return Proposal(f"report_infeasible({_q(f'{target} is not listed in the {title.lower()}, even after clearing the filters.')})",
                        f"{target} does not appear in the search results.", None, "read", "search")

    # -- support
    def _detail_support(self, page, spec, hist, record) -> Proposal:
        team = spec.expected["team"]
        if hist.count("key") > 0:
            return self._confirm(page, spec, f"Assigned ticket {spec.target} to team {team} and saved.")
        box = page.tree.find("combobox", "Assign to team", with_bid=True)
        if box is None:
            return Proposal(f"report_infeasible({_q(f'The Assign to team control is not available on ticket {record}.')})",
                            "The ticket page has no assignment control.", None, "read", "act")
        if (box.value or "") != team:
            return Proposal(f"select_option('{box.bid}', {_q(team)})",
                            f"The complaint matches the task; choose {team} in 'Assign to team'.",
                            box.describe(), "read", "act")
        button = page.tree.find("button", "Assign", with_bid=True) or page.form_button()
        if button is None:
            return Proposal(f"report_infeasible({_q('There is no button to save the assignment.')})",
                            "No Assign button.", None, "read", "act")
        return Proposal(f"click('{button.bid}')", f"Press '{button.name}' to save the assignment to {team}.",
                        button.describe(), "irreversible", "act")

    # -- expenses
    def _detail_expenses(self, page, spec, hist, record) -> Proposal:
        if hist.count("key") > 0:
            verb = "approved" if spec.expected["status"] == "Approved" else "rejected"
            return self._confirm(page, spec, f"Expense report {spec.target} {verb} with a decision note.")
        amount = page.definition("Amount") or "the amount shown"
        policy = page.policy_result()
        approve = policy == "Within policy"
        decision = "Approve" if approve else "Reject"
        note_box = page.tree.find("textbox", "Decision note", with_bid=True) or page.tree.find("textbox", "Note", with_bid=True)
        if note_box is None:
            return Proposal(f"report_infeasible({_q(f'Expense report {record} has no decision controls.')})",
                            "The report cannot be decided from this page.", None, "read", "act")
        if not (note_box.value or "").strip():
            note = [f"Amount {amount} checked; policy check: {policy or 'not shown'}. {decision}d.",
                    f"Checked amount {amount} and the policy check ({policy or 'not shown'}); {decision.lower()}d.",
                    f"{decision}d: amount {amount}, policy check {policy or 'not shown'}."][self.wording]
            return Proposal(f"fill('{note_box.bid}', {_q(note)})",
                            f"The amount is {amount} and the policy check says '{policy}'; write a note explaining the decision to {decision.lower()}.",
                            note_box.describe(), "read", "act")
        button = page.tree.find("button", decision, with_bid=True)
        if button is not None:
            return Proposal(f"click('{button.bid}')", f"Press {decision}: the report is {policy or 'checked'}.",
                            button.describe(), "irreversible", "act")
        button = page.form_button()  # the page offers something else (a renamed control)
        if button is not None:
            return Proposal(f"click('{button.bid}')", f"Press '{button.name}' to record the decision note.",
                            button.describe(), "write", "act")
        return Proposal(f"report_infeasible({_q(f'The {decision} button is not available on expense report {record}.')})",
                        f"No {decision} button.", None, "read", "act")

    # -- catalogue
    def _detail_catalogue(self, page, spec, hist, record) -> Proposal:
        if hist.count("key") > 0:
            price = _money(spec.expected["price_cents"])
            return self._confirm(page, spec, f"Changed the price of {spec.target} to {price} and saved.")
        link = page.tree.find("link", "Edit price", with_bid=True)
        if link is None:
            return Proposal(f"report_infeasible({_q(f'The Edit price link is not available on product {record}.')})",
                            "No way to edit the price.", None, "read", "edit")
        return Proposal(f"click('{link.bid}')", f"Open the price editor of {record}.", link.describe(), "read", "edit")

    def _edit_price(self, page, spec, hist, record) -> Proposal:
        new = f"{spec.expected['price_cents'] / 100:.2f}"
        if hist.count("key") > 0:
            return self._confirm(page, spec, f"Changed the price of {spec.target} to ${new} and saved.")
        box = page.tree.find("textbox", "New price (USD)", with_bid=True)
        if box is None:
            return Proposal(f"report_infeasible({_q('The New price box is not available.')})", "No price box.", None, "read", "edit")
        if (box.value or "") != new:
            return Proposal(f"fill('{box.bid}', {_q(new)})", f"Enter the new price {new} in 'New price (USD)'.",
                            box.describe(), "read", "edit")
        button = page.tree.find("button", "Save price", with_bid=True) or page.form_button()
        if button is None:
            return Proposal(f"report_infeasible({_q('There is no button to save the price.')})", "No save button.",
                            None, "read", "act")
        return Proposal(f"click('{button.bid}')", f"Press '{button.name}' to save the new price {new}.",
                        button.describe(), "irreversible", "act")

    # -- orders
    def _detail_orders(self, page, spec, hist, record) -> Proposal:
        link = page.tree.find("link", "Refund details", with_bid=True)
        if link is None:
            return Proposal(f"report_infeasible({_q(f'The Refund details link is not available on order {record}.')})",
                            "The order page does not link to its refund details.", None, "read", "act")
        if hist.count("key") >= 2:
            return Proposal(f"report_infeasible({_q(f'The refund details of order {record} do not open.')})",
                            "Opening the refund details twice brought me back to the order.", None, "read", "act")
        return Proposal(f"click('{link.bid}')", f"Open the refund details of order {record}.", link.describe(), "read", "act")

    def _refund(self, page, spec, hist, record) -> Proposal:
        status = page.definition("Refund status") or "unknown"
        amount = page.definition("Refund amount") or "unknown"
        text = [f"Order {record}: refund status {status}, refund amount {amount}.",
                f"The refund status of order {record} is {status} and the refund amount is {amount}.",
                f"Refund for order {record}: {status}, {amount}."][self.wording]
        return Proposal(f"send_msg_to_user({_q(text)})", f"Report the refund status and amount shown for order {record}.",
                        None, "read", "confirm")

    def _confirm(self, page, spec, claim: str) -> Proposal:
        banner = page.banner()
        text = claim if not banner else f"{claim} The page says: {banner}"
        return Proposal(f"send_msg_to_user({_q(text)})", "The change was submitted; report the outcome to the user.",
                        None, "read", "confirm")

    # ------------------------------------------------------------------ repairs
    def _from_hint(self, hint: str, page: "_Page", spec, hist: "_History") -> Proposal | None:
        h = hint.lower()
        role = None
        if re.search(r"\b(stop|abort|give up|infeasible|cannot|can't)\b", h):
            return Proposal(f"report_infeasible({_q(hint)})", "Following the repair: stop and report.", None, "read", role)
        if re.search(r"\b(go back|back to the list|search again|start over|list)\b", h):
            return Proposal(f"goto({_q(page.origin + spec.start_path)})",
                            f"Following the repair: return to the list and search for {spec.target} again.",
                            None, "read", "search")
        if re.search(r"\b(reload|refresh)\b", h) and page.url:
            return Proposal(f"goto({_q(page.url)})", "Following the repair: reload the page.", None, "read", role)
        if re.search(r"\bwait\b", h):
            return Proposal("noop(1000)", "Following the repair: wait for the page.", None, "read", role)
        return None

    def _alternative(self, p: Proposal, page: "_Page", spec, hist: "_History", rejected: set[str]) -> Proposal:
        """The next path when ``p`` was rejected: list + search again, the record URL, then report."""
        candidates = []
        on_list = page.tree.find("searchbox", _LIST[spec.workflow][1]) is not None
        if not on_list:
            candidates.append(Proposal(f"goto({_q(page.origin + spec.start_path)})",
                                       f"The previous action was rejected; go back to the list and search for {spec.target} again.",
                                       None, "read", "search"))
        candidates.append(Proposal(f"goto({_q(f'{page.origin}/{spec.workflow}/{spec.target}')})",
                                   f"The previous action was rejected; open record {spec.target} by its own address.",
                                   None, "read", "open"))
        if p.command.startswith("click(") and "Search" in (p.target or ""):
            box = page.tree.find("searchbox", _LIST[spec.workflow][1], with_bid=True)
            if box is not None:
                candidates.insert(0, Proposal(f"press('{box.bid}', 'Enter')", f"Submit the search for {spec.target} with Enter instead.",
                                              box.describe(), "read", "search"))
        candidates.append(Proposal("go_back()", "The previous action was rejected; go back one page.", None, "read", p.role))
        candidates.append(Proposal(f"report_infeasible({_q('Every path I know for this step was rejected.')})",
                                   "No alternative path is left.", None, "read", p.role))
        for c in candidates:
            if c.command not in rejected and c.command != p.command:
                return c
        return candidates[-1]


# ---------------------------------------------------------------------- page reading helpers

class _Page:
    def __init__(self, obs: Observation, workflow: str) -> None:

        self.obs = obs
        self.url = obs.url
        parts = urlsplit(obs.url)
        self.origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""
        self.tree = AXTree(obs.text)
        self.workflow = workflow

    def has_heading(self, name: str) -> bool:
        return any(h == name for h in self.tree.headings())

    def heading_match(self, pattern: str):
        rx = re.compile(pattern)
        for h in self.tree.headings():
            m = rx.match(h)
            if m:
                return m
        return None

    def row_link(self, record: str):
        """The link named ``record`` in the results table (not navigation links)."""
        for n in self.tree.find_all("link", record, with_bid=True):
            return n
        return None

    def definition(self, term: str) -> str | None:
        for n in self.tree.find_all("term", term):
            texts = [c.name for c in self.tree.nodes[n.index + 1:n.index + 4] if c.role == "StaticText"]
            if texts:
                return texts[0]
        return None

    def policy_result(self) -> str | None:
        h = self.tree.find("heading", "Policy check")
        if h is None:
            return None
        for name in self.tree.texts_after(h, 4):
            for result in ("Within policy", "Over policy limit", "Flagged"):
                if name.startswith(result):
                    return result
        return None

    def banner(self) -> str | None:
        for n in self.tree.nodes:
            if n.role in ("status", "alert") and n.depth <= 3:
                kids = [c.name for c in self.tree.children(n) if c.role == "StaticText" and c.name]
                text = n.name or " ".join(kids)
                if text and not re.search(r"\bmatch(es)?\b", text):
                    return text
        return None

    def alert_text(self) -> str | None:
        for n in self.tree.find_all("alert"):
            kids = [c.name for c in self.tree.children(n) if c.role == "StaticText" and c.name]
            if n.name or kids:
                return n.name or " ".join(kids)
        return None

    def form_button(self):
        """A submit button of the page's main form (what the page offers instead of a named control)."""
        for n in self.tree.find_all("button", with_bid=True):
            if n.name not in _SKIP_BUTTONS:
                return n
        return None


class _History:
    """Facts about what the executor already did, read from ``ctx.history`` (its own actions)."""

    _KEY_BUTTONS = re.compile(r"^button '(Assign|Approve|Reject|Save price|Submit for approval|Save note)'")

    def __init__(self, history: Sequence[tuple[Action, Observation]]) -> None:
        self.kinds: list[str] = [self._kind(action) for action, _ in history]
        self.last_commitment: str | None = None
        for action, _ in reversed(history):
            if action.extra and action.extra.get("commitment"):
                self.last_commitment = action.extra["commitment"]
                break

    def _kind(self, a: Action) -> str:
        cmd, target = a.command, a.target or ""
        if cmd.startswith("press(") and "Enter" in cmd:
            return "submit"
        if cmd.startswith("click(") and target.startswith("button 'Search'"):
            return "submit"
        if target.startswith("link 'Clear filters'"):
            return "clear"
        if cmd.startswith("click(") and (self._KEY_BUTTONS.match(target) or a.effect == "irreversible"):
            return "key"
        if cmd.startswith("click(") and target.startswith("link 'Refund details'"):
            return "key"
        return "other"

    def count(self, kind: str) -> int:
        return sum(1 for k in self.kinds if k == kind)


def _q(text: str) -> str:
    """A Python string literal for a BrowserGym action argument."""
    return repr(str(text))


def _money(cents: int) -> str:
    return f"${cents / 100:,.2f}"
