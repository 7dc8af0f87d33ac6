"""An LLM executor over BrowserGym's high-level action set (Algorithm 1, line 6).

:class:`LLMExecutor` shows the model the task, the active commitment (with its skill, its
progress evidence, a repair's hint and the actions a repair rejected), the recent actions and
the flattened AXTree, and asks for ``{"reasoning", "action"}`` (template ``executor``,
``EXECUTOR_SCHEMA``). The answer is validated with :func:`fcpkit.core.rules.parse_action`, every bid it
uses must exist on the page, and it must not repeat a rejected action; a problem is fed back and
the model asked again (``retries``). When no valid action comes (or the LLM fails), the executor
returns ``noop()`` with the error as its reasoning: the loop's rules then see an unproductive
step instead of a crash. The chosen bid's node is resolved from the AXTree into ``target``
(``"button 'Save'"``) and the effect is inferred with :func:`fcpkit.agent.guards.infer_effect`.
"""

from __future__ import annotations

from typing import Any

from fcpkit.core.page import Page
from fcpkit.agent.guards import infer_effect
from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.rules import parse_action
from fcpkit.core.trajectory import Action, Observation, serialize_observation
from fcpkit.errors import FcpkitError, LLMError
from fcpkit.llm.components.base import LLMComponent
from fcpkit.llm.schemas import EXECUTOR_SCHEMA

__all__ = ["LLMExecutor", "axtree_nodes", "resolve_target", "BID_ACTIONS", "ACTION_SPACE"]

#: Calls whose first argument is an element id (``drag_and_drop`` takes two).
BID_ACTIONS = frozenset({"click", "dblclick", "hover", "fill", "select_option", "press", "focus", "clear",
                         "upload_file", "drag_and_drop"})
ACTION_SPACE = ("click('bid'), fill('bid', 'text'), select_option('bid', 'option'), press('bid', 'Enter'), "
                "hover('bid'), scroll(0, 300), goto('url'), go_back(), noop(), send_msg_to_user('text'), "
                "report_infeasible('reason')")
def axtree_nodes(text: str) -> dict[str, str]:
    """``{bid: "role 'name'"}`` for every node with an element id of a flattened AXTree."""
    out: dict[str, str] = {}
    for n in Page.parse(text or "").nodes:
        if n.bid is not None and n.role:
            out.setdefault(n.bid, f"{n.role} '{n.name}'" if n.line[len(n.role):].lstrip()[:1] in ("'", '"') else n.role)
    return out


def _bids(command: str) -> list[str]:
    bids: list[str] = []
    for call in parse_action(command):
        if call.name in BID_ACTIONS:
            n = 2 if call.name == "drag_and_drop" else 1
            args = list(call.args[:n])
            if not args and "bid" in call.kwargs:
                args = [call.kwargs["bid"]]
            bids += [str(a) for a in args]
    return bids


def resolve_target(command: str, observation: Observation) -> str | None:
    """The AXTree node (``"link 'T-390 Charged twice'"``) the command's first bid refers to."""
    try:
        bids = _bids(command)
    except ValueError:
        return None
    if not bids:
        return None
    return axtree_nodes(observation.text).get(bids[0])


class LLMExecutor(LLMComponent):
    """Proposes the next action with an LLM; never raises for a bad answer (``noop()`` instead)."""

    name = "llm"
    module = "executor"
    schema = EXECUTOR_SCHEMA

    def __init__(self, client: Any, *, retries: int = 2, history: int = 5, max_observation_chars: int = 6000,
                 action_space: str = ACTION_SPACE, prompt: str = "executor", check_bids: bool = True):
        super().__init__(client, prompt=prompt)
        self.retries = retries
        self.history = history
        self.max_observation_chars = max_observation_chars
        self.action_space = action_space
        self.check_bids = check_bids
        self.errors: list[str] = []

    def messages(self, ctx: ExecutorContext) -> list[dict[str, str]]:

        c = ctx.commitment
        lines = [f"Subgoal: {c.subgoal}"]
        if c.skill:
            lines.append(f"Skill: {c.skill}")
        prog = [e.text for e in c.confirming("progress")] + [e.text for e in c.confirming("completion")]
        if prog:
            lines.append("Expected evidence: " + "; ".join(prog))
        if ctx.hint:
            lines.append(f"Repair hint: {ctx.hint}")
        if ctx.rejected:
            lines.append("Rejected actions (do not repeat): " + ", ".join(a.command for a in ctx.rejected))
        hist = "\n".join(
            f"- {a.command}" + (f" [{a.target}]" if a.target else "") + f" -> {o.title or o.url}"
            for a, o in list(ctx.history)[-self.history:]
        ) or "(none)"
        page = serialize_observation(ctx.observation)[: self.max_observation_chars]
        return self.render(task=ctx.task, commitment="\n".join(lines), history=hist, observation=page,
                           action_space=self.action_space)

    def problem(self, command: str, ctx: ExecutorContext) -> str | None:
        """Why ``command`` is not acceptable here, or ``None``."""
        try:
            bids = _bids(command)
        except ValueError as exc:
            return f"the action {command!r} is not valid: {exc}"
        if self.check_bids:
            nodes = axtree_nodes(ctx.observation.text)
            unknown = [b for b in bids if b not in nodes]
            if unknown:
                return f"element id(s) {unknown} do not appear on the page; use an id shown in [brackets]"
        if any(command.strip() == a.command.strip() for a in ctx.rejected):
            return f"{command!r} was rejected by a repair; choose a different action"
        return None

    def propose(self, ctx: ExecutorContext) -> Action:

        messages = self.messages(ctx)
        last = "no answer"
        for _ in range(self.retries + 1):
            try:
                ans = self.ask(messages)
            except (LLMError, FcpkitError) as err:
                last = f"LLM error ({getattr(err, 'kind', type(err).__name__)}): {err}"
                break  # the client already retried; asking again would repeat the failure
            command = str(ans.get("action", "")).strip()
            reasoning = str(ans.get("reasoning", "")).strip()
            problem = self.problem(command, ctx)
            if problem is None:
                target = resolve_target(command, ctx.observation)
                return Action(command, reasoning, target, infer_effect(command, target), extra={"executor": self.name})
            last = problem
            messages = self.reask(messages, ans, f"Your action was rejected: {problem}. "
                                  "Reply again with only the corrected JSON object.")
        self.errors.append(last)
        return Action("noop()", f"executor gave no valid action: {last}"[:500], None, "read",
                      extra={"executor": self.name, "executor_error": last[:500]})
