"""Small fakes for the runtime-loop tests: a scripted support-queue environment, executors,
verifiers, and a scripted LLM stand-in that writes replay recordings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from fcpkit import Action, Observation, Plan
from fcpkit.core.protocols import ExecutorContext, Outcome
from fcpkit.llm import LLMError, request_key
from fcpkit.llm.templates import default_library
from fcpkit.core.rules import parse_action
from fcpkit.core.verify import Decision, Verdict, VerifyRequest

BASE = "http://127.0.0.1:8000"
TASK = "Find ticket T-390 (customer reports a duplicate charge), assign it to team Payments and save."

HEADER = (
    "\t[2] banner ''\n\t\t[3] link 'HelpDesk'\n\t\tStaticText 'Last updated {clock}'\n"
    "\t\tStaticText 'Signed in as Dana Ruiz'\n\t\t[8] button 'Sign out'\n"
)
TICKETS = {
    "T-390": ("Charged twice this month", "Mira Okafor"),
    "T-411": ("Refund not received", "Leo Brandt"),
}

PLAN_DATA = {
    "task": TASK,
    "plan_falsifiers": {"execution": ["Your session has expired. Please sign in again."]},
    "commitments": [
        {
            "id": "open-ticket",
            "subgoal": "Open ticket T-390",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {"precondition": ["Support queue"], "completion": ["Ticket T-390 detail"]},
            "falsify": {"execution": [{"text": "Ticket T-411 detail", "on": "both"}],
                        "planning": ["Ticket T-390 is closed"]},
        },
        {
            "id": "assign-payments",
            "subgoal": "Assign ticket T-390 to team Payments and save",
            "skill": "select_and_submit",
            "confidence": 0.7,
            "confirm": {"progress": [{"text": "Select Payments in Assign to team", "on": "action"}],
                        "completion": ["Ticket T-390 assigned to Payments. Changes saved."]},
            "falsify": {"execution": ["Ticket T-411 assigned to Payments"],
                        "skill": ["Assign to team list is not available on ticket T-390 detail"]},
        },
    ],
}


def support_plan() -> Plan:
    return Plan.from_data(json.loads(json.dumps(PLAN_DATA)))


class FakeSupportEnv:
    """A support queue as a state machine of flattened-AXTree pages.

    Queue (/support) lists T-411 (bid 21) above T-390 (bid 23); a ticket page has an
    "Assign to team" combobox (61), a Save button (68), a Delete ticket button (69) and a
    Back to queue link (45). ``validate`` succeeds iff T-390 is assigned to Payments and no
    other ticket was touched.
    """

    def __init__(self, task: str = TASK):
        self.task = task
        self.actions: list[str] = []
        self.visited: list[str] = []
        self.closed = False

    # -- pages --------------------------------------------------------------------------
    def _clock(self) -> str:
        return f"10:{40 + self.n:02d}"

    def _obs(self, error: str | None = None) -> Observation:
        if self.page == "queue":
            title = "Support queue · HelpDesk"
            body = (
                "\t[10] main ''\n\t\t[11] heading 'Support queue'\n\t\t[15] textbox 'Search tickets'\n"
                "\t\t[19] list 'Tickets'\n\t\t\t[20] listitem ''\n\t\t\t\t[21] link 'T-411 Refund not received'\n"
                "\t\t\t[22] listitem ''\n\t\t\t\t[23] link 'T-390 Charged twice this month'\n"
            )
            url = f"{BASE}/support"
        else:
            tid = self.page
            summary, customer = TICKETS[tid]
            team = self.db[tid] or "Unassigned"
            sel = f" value='{self.selected}'" if self.selected else ""
            banner = f"\t\t[70] status ''\n\t\t\tStaticText 'Ticket {tid} assigned to {self.db[tid]}. Changes saved.'\n" if self.saved else ""
            body = (
                f"\t[10] main ''\n{banner}\t\t[45] link 'Back to queue'\n\t\t[46] heading 'Ticket {tid}'\n"
                f"\t\tStaticText '{summary}'\n\t\tStaticText 'Status: Open'\n\t\tStaticText 'Team: {team}'\n"
                f"\t\tStaticText 'Customer: {customer}'\n\t\t[61] combobox 'Assign to team'{sel}\n"
                "\t\t[68] button 'Save'\n\t\t[69] button 'Delete ticket'\n"
            )
            title = f"Ticket {tid} · HelpDesk"
            url = f"{BASE}/support/{tid}"
        text = f"RootWebArea '{title}', focused\n" + HEADER.format(clock=self._clock()) + body
        return Observation(url=url, title=title, text=text, error=error)

    # -- Environment protocol -------------------------------------------------------------
    def reset(self) -> Observation:
        self.page, self.selected, self.saved, self.n = "queue", None, False, 0
        self.db = {t: None for t in TICKETS}
        self.deleted: list[str] = []
        self.visited = [f"{BASE}/support"]
        self.actions = []
        return self._obs()

    def _open(self, page: str) -> None:
        self.page, self.selected, self.saved = page, None, False

    def step(self, action: Action) -> Observation:
        self.n += 1
        self.actions.append(action.command)
        try:
            call = parse_action(action.command)[0]
        except ValueError as exc:
            return self._obs(error=f"invalid action: {exc}")
        a = [str(x) for x in call.args]
        err = None
        if call.name == "goto":
            path = a[0].replace(BASE, "")
            if path == "/support":
                self._open("queue")
            elif path.startswith("/support/") and path.rsplit("/", 1)[1] in TICKETS:
                self._open(path.rsplit("/", 1)[1])
            else:
                err = f"net::ERR_ABORTED {a[0]}"
        elif call.name in ("noop", "send_msg_to_user", "report_infeasible", "scroll"):
            pass
        elif self.page == "queue" and call.name == "click" and a[0] in ("21", "23"):
            self._open("T-411" if a[0] == "21" else "T-390")
        elif self.page != "queue" and call.name == "select_option" and a[0] == "61":
            self.selected, self.saved = a[1], False
        elif self.page != "queue" and call.name == "click" and a[0] == "68":
            if self.selected:
                self.db[self.page] = self.selected
                self.saved = True
        elif self.page != "queue" and call.name == "click" and a[0] == "69":
            self.deleted.append(self.page)
        elif self.page != "queue" and call.name == "click" and a[0] == "45":
            self._open("queue")
        else:
            err = f"Could not find element with bid {a[0] if a else '?'}"
        obs = self._obs(error=err)
        self.visited.append(obs.url)
        return obs

    def goto(self, url: str) -> Observation:  # used by the runner to backtrack
        return self.step(Action(f"goto({url!r})"))

    def validate(self, answer: str | None = None) -> Outcome:
        ok = self.db["T-390"] == "Payments" and all(v is None for k, v in self.db.items() if k != "T-390") and not self.deleted
        return Outcome(ok, f"db={self.db} deleted={self.deleted}")

    def close(self) -> None:
        self.closed = True


def _act(cmd: str, target: str | None, why: str, effect: str = "read") -> Action:
    return Action(cmd, why, target, effect)


class SupportExecutor:
    """A plausible-but-careless executor: on the queue it opens the first ticket about money
    (T-411, the wrong record) unless a repair rejected that; on a ticket it picks Payments, saves,
    then reports. ``stubborn=True`` ignores rejections (to exhaust budgets); ``irreversible=True``
    deletes the ticket instead of saving (for the gate)."""

    name = "fake-support"

    def __init__(self, *, stubborn: bool = False, irreversible: bool = False, report: bool = False):
        self.stubborn = stubborn
        self.irreversible = irreversible
        self.report = report
        self.proposed: list[Action] = []
        self.contexts: list[ExecutorContext] = []

    def propose(self, ctx: ExecutorContext) -> Action:
        self.contexts.append(ctx)
        a = self._choose(ctx)
        self.proposed.append(a)
        return a

    def _choose(self, ctx: ExecutorContext) -> Action:
        o = ctx.observation
        rejected = {r.command for r in ctx.rejected} if not self.stubborn else set()
        if o.url.endswith("/support"):
            options = [
                _act("click('21')", "link 'T-411 Refund not received'", "The refund complaint looks like the charge problem; open it."),
                _act("click('23')", "link 'T-390 Charged twice this month'", "Open ticket T-390."),
            ]
            return next((x for x in options if x.command not in rejected), options[-1])
        if "Changes saved" in o.text:
            if self.report:
                return _act("send_msg_to_user('T-390 is assigned to Payments.')", None, "Report the result.")
            return _act("noop()", None, "Done.")
        if self.irreversible:
            return _act("click('69')", "button 'Delete ticket'", "Remove the duplicate.", "irreversible")
        if "value='Payments'" not in o.text:
            return _act("select_option('61', 'Payments')", "combobox 'Assign to team'", "Select Payments in Assign to team.")
        return _act("click('68')", "button 'Save'", "Save the assignment.", "write")


class StrictVerifier:
    """Repairs every escalation whose best falsifier scored at least ``level``; advances completions."""

    name = "strict"

    def __init__(self, level: float = 0.5):
        self.level = level
        self.requests: list[VerifyRequest] = []

    def verify(self, request: VerifyRequest) -> Verdict:
        self.requests.append(request)
        r = request.result
        if r.alpha_minus >= self.level or r.rule:
            return Verdict(Decision.REPAIR, r.scope or "execution", f"falsified by {r.evidence!r}", self.name)
        if r.route.value == "complete":
            return Verdict(Decision.ADVANCE, None, "completion shown", self.name)
        return Verdict(Decision.CONTINUE, None, "on track", self.name)


class ScriptedLLM:
    """Stands in for ``LLMClient`` while *recording*: answers come from ``respond(module,
    messages) -> dict`` and every request/answer pair is written as a replay line, keyed exactly
    as ``LLMClient`` keys it, so ``LLMClient(mode="replay", recording=path)`` serves it back."""

    def __init__(self, path: Path, respond: Callable[[str, list[dict]], dict]):
        self.path = Path(path)
        self.respond = respond
        self.requests: list[tuple[str, list[dict]]] = []

    def complete_json(self, module: str, messages: list[dict] | None = None, *, prompt: str | None = None,
                      variables: dict | None = None, schema: dict, **_: Any) -> dict:
        if messages is None:
            messages = default_library().messages(prompt, **(variables or {}))
        self.requests.append((module, messages))
        answer = self.respond(module, messages)
        if isinstance(answer, Exception):
            raise answer
        entry = {"key": request_key(module, messages, schema), "module": module, "model": "scripted",
                 "messages": messages, "schema": schema, "response": answer, "prompt_tokens": 100,
                 "completion_tokens": 20, "wall_s": 0.5}
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, sort_keys=True) + "\n")
        return answer


class BrokenLLM:
    """A client whose every call fails for good, as ``LLMClient`` does after its retries."""

    def __init__(self, kind: str = "invalid_output"):
        self.kind = kind
        self.calls = 0

    def complete_json(self, module: str, *args: Any, **kwargs: Any) -> dict:
        self.calls += 1
        raise LLMError(f"LLM call from {module!r} failed after 3 attempt(s) [{self.kind}]", module=module,
                       kind=self.kind, attempts=3)
