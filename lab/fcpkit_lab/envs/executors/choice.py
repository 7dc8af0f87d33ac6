"""The LLM executor made to work with a small model: the page's own actions as the answer's schema.

The free form of :class:`~fcpkit_lab.envs.executors.llm.LLMExecutor` asks for an action *written*
as a BrowserGym call (``click('13')``) next to the flattened AXTree. SmolLM2-135M never wrote a
usable one there (``data/results/engine_sketch_form_reactive.csv``: every reactive run ended looping):
it has to copy an element id from a long tree and spell a call. :class:`ChoiceExecutor` asks
instead for a *choice*, and makes every other answer impossible:

* the page's actionable elements are listed, each named first by its words, so that the model can
  copy them from the task, then its role and id (``no (button 13)``; a text field with no name is
  named by the label before it, ``Username (textbox 16)``). What the model picked first was the
  first element listed when each line began with its id;
* the answer's JSON schema is built per page (the embedded server turns it into a grammar): the
  answer is an element of the page, a text (bounded) where the element is a text field, an option
  of its own where it is a list. The verb follows from the element's role (a text field is filled,
  a list's option selected, anything else clicked): asked for a verb first, SmolLM2-135M clicked
  Submit before filling the field it was told to fill;
* a few worked turns (few-shot) come before the task, in the same format;
* an answer that repeats an action already done on this task, or one the guard held, is re-asked
  with the reason and with that element left out of the schema (``retries``), then ``noop()``: the
  one invalid answer a grammar cannot forbid beforehand is the one that makes no progress.

The answer becomes a BrowserGym call (:func:`command_of`); the Action keeps the chosen line as its
target. Nothing here is MiniWoB's: the element roles are ARIA's and the examples are made up.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from fcpkit.agent.guards import infer_effect
from fcpkit.core.page import Page
from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action
from fcpkit.errors import FcpkitError, LLMError
from fcpkit.llm.components.base import LLMComponent

__all__ = ["ChoiceExecutor", "Target", "targets", "action_schema", "command_of", "CLICK_ROLES", "FILL_ROLES"]

#: roles a click acts on (a tab's own link is listed as the link)
CLICK_ROLES = frozenset({"button", "link", "checkbox", "radio", "tab", "menuitem", "menuitemcheckbox",
                         "menuitemradio", "switch", "treeitem", "option"})
#: roles text is typed into
FILL_ROLES = frozenset({"textbox", "searchbox", "spinbutton", "textarea"})
#: roles whose options are chosen with ``select_option``
SELECT_ROLES = frozenset({"combobox", "listbox"})
#: the longest text a fill may type (a grammar bound: a small model that starts repeating stops here)
MAX_TEXT = 60
#: the most elements offered, in page order: a longer page's later elements cannot be chosen
MAX_TARGETS = 60

SYSTEM = """You control a web browser to do a task. Each turn you choose ONE element of the page to act on:
a button, link, checkbox, radio or tab is clicked; a text field is filled with "text" (copy it from the
task exactly); a list gets one of its options as "option". Do the task's steps in order and never
repeat a step that is already done.
Answer with one JSON object: {"element": ...} with "text" for a text field or "option" for a list."""

#: worked turns shown before the task (made-up pages, the answer format the schema enforces)
FEW_SHOT: tuple[tuple[str, dict[str, str]], ...] = (
    ('Task: Enter "Lima" into the text field and press Submit.\nDone so far: (nothing)\n'
     "Elements:\ntext field (textbox 5)\nSubmit (button 6)",
     {"element": "text field (textbox 5)", "text": "Lima"}),
    ('Task: Enter "Lima" into the text field and press Submit.\nDone so far:\n- text field (textbox 5) "Lima"\n'
     "Elements:\ntext field (textbox 5)\nSubmit (button 6)",
     {"element": "Submit (button 6)"}),
    ('Task: Click on the "Cancel" button.\nDone so far: (nothing)\n'
     "Elements:\nOk (button 3)\nCancel (button 4)\nHelp (link 7)",
     {"element": "Cancel (button 4)"}),
    ("Task: Select Red and click Submit.\nDone so far: (nothing)\n"
     "Elements:\nBlue (checkbox 8)\nRed (checkbox 9)\nSubmit (button 10)",
     {"element": "Red (checkbox 9)"}),
)


@dataclass(frozen=True)
class Target:
    """An element the model may act on: its id, role, the name it is shown by, and (for a list) its options."""

    bid: str
    role: str
    name: str
    options: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        return f"{self.name} ({self.role} {self.bid})"

    @property
    def verb(self) -> str:
        return "fill" if self.role in FILL_ROLES else "select_option" if self.role in SELECT_ROLES else "click"


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()[:60]


def targets(text: str) -> tuple[Target, ...]:
    """The actionable elements of a flattened AXTree, in page order. A nameless text field is named
    by the nearest text before it (its label), as a reader of the page would name it."""
    page = Page.parse(text or "")
    nodes = list(page.nodes)
    out: list[Target] = []
    seen: set[str] = set()
    label = ""
    for i, n in enumerate(nodes):
        role = n.role or ""
        if role in ("StaticText", "LabelText", "label") and _clean(n.name):
            label = _clean(n.name)
        if n.bid is None or n.bid in seen:
            continue
        name = _clean(n.name)
        if role in FILL_ROLES:
            out.append(Target(n.bid, role, name or label or "text field"))
        elif role in SELECT_ROLES:
            opts = tuple(_clean(m.name) for m in nodes[i + 1:i + 1 + 200] if m.role == "option" and _clean(m.name))
            out.append(Target(n.bid, role, name or label or "list", opts[:30]))
        elif role in CLICK_ROLES and name and not (role == "option" and any(t.role in SELECT_ROLES for t in out)):
            out.append(Target(n.bid, role, name))
        else:
            continue
        seen.add(n.bid)
        label = ""
    return tuple(out[:MAX_TARGETS])


def action_schema(elements: tuple[Target, ...]) -> dict:
    """The answer's schema on a page with ``elements``: one branch per kind of element (clicked,
    filled with a bounded text, a list given one of its options)."""
    clicks = [t.line for t in elements if t.verb == "click"]
    fills = [t.line for t in elements if t.verb == "fill"]
    lists = [t for t in elements if t.verb == "select_option" and t.options]
    branches: list[dict] = []

    def branch(lines: list[str], **more: dict) -> dict:
        props = {"element": {"enum": lines}, **more}
        return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}

    if clicks:
        branches.append(branch(clicks))
    if fills:
        branches.append(branch(fills, text={"type": "string", "minLength": 1, "maxLength": MAX_TEXT}))
    if lists:
        branches.append(branch([t.line for t in lists], option={"enum": sorted({o for t in lists for o in t.options})}))
    if not branches:  # nothing to act on: the only answer is to wait
        branches.append({"type": "object", "properties": {"element": {"const": "none"}}, "required": ["element"],
                         "additionalProperties": False})
    return {"anyOf": branches}


def command_of(answer: dict[str, Any], elements: tuple[Target, ...]) -> str:
    """The BrowserGym call an answer chooses (``ValueError`` for one that names no listed element)."""
    if answer.get("element") == "none" and not elements:
        return "noop()"
    target = next((t for t in elements if t.line == answer.get("element")), None)
    if target is None:
        raise ValueError(f"{answer.get('element')!r} is not an element of the page")
    if target.verb == "fill":
        return f"fill({target.bid!r}, {json.dumps(str(answer.get('text', '')))})"
    if target.verb == "select_option":
        option = str(answer.get("option", ""))
        if option not in target.options:
            raise ValueError(f"{option!r} is not an option of {target.line}")
        return f"select_option({target.bid!r}, {json.dumps(option)})"
    return f"click({target.bid!r})"


def canonical(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer with its keys in the schema's order: a recording stores answers with sorted keys,
    and a re-ask that quotes the answer must read the same live and replayed."""
    return {k: answer[k] for k in ("element", "text", "option") if k in answer}


def said(answer: dict[str, Any]) -> str:
    """An answer as a line of "Done so far" (the format of the few-shot turns)."""
    extra = answer.get("text") or answer.get("option")
    return str(answer.get("element", "")) + (f" {json.dumps(extra)}" if extra else "")


class ChoiceExecutor(LLMComponent):
    """Proposes the next action as a choice among the page's elements (see the module docstring);
    never raises for a bad answer (``noop()`` instead, with the reason)."""

    name = "llm-choice"
    module = "executor"

    def __init__(self, client: Any, *, retries: int = 2, history: int = 8) -> None:
        super().__init__(client, prompt="executor")
        self.retries = retries
        self.history = history
        self.errors: list[str] = []
        #: answers re-asked because they repeated a done or held action
        self.reasks = 0

    def messages(self, ctx: ExecutorContext, elements: tuple[Target, ...]) -> list[dict[str, str]]:
        done = [f"- {(a.extra or {}).get('said') or a.command}" for a, _ in list(ctx.history)[-self.history:]]
        lines = [f"Task: {ctx.task}", "Done so far:" + ("\n" + "\n".join(done) if done else " (nothing)")]
        if ctx.hint:
            lines.append(f"Warning: {ctx.hint}")
        lines.append("Elements:\n" + "\n".join(t.line for t in elements))
        msgs = [{"role": "system", "content": SYSTEM}]
        for user, answer in FEW_SHOT:
            msgs += [{"role": "user", "content": user}, {"role": "assistant", "content": json.dumps(answer)}]
        return msgs + [{"role": "user", "content": "\n".join(lines)}]

    def problem(self, command: str, ctx: ExecutorContext) -> str | None:
        """Why an action chosen within the schema still makes no progress, or ``None``."""
        if any(command == a.command for a in ctx.rejected):
            return "the guard held that action; choose another one"
        if command != "noop()" and any(command == a.command for a, _ in ctx.history):
            return "that action is already done; choose the next step of the task"
        return None

    def propose(self, ctx: ExecutorContext) -> Action:
        elements = targets(ctx.observation.text)
        messages = self.messages(ctx, elements)
        offered = elements
        last = "no answer"
        for _ in range(self.retries + 1):
            try:
                ans = self.ask(messages, schema=action_schema(offered))
            except (LLMError, FcpkitError) as err:
                last = f"LLM error ({getattr(err, 'kind', type(err).__name__)}): {err}"
                break  # the client already retried; asking again would repeat the failure
            try:
                command = command_of(ans, offered)
            except ValueError as exc:  # only a client that ignores the schema gets here
                command, problem = "", str(exc)
            else:
                problem = self.problem(command, ctx)
            if problem is None:
                target = next((t.line for t in offered if t.line == ans.get("element")), None)
                return Action(command, f"chose {said(ans)}", target, infer_effect(command, target),
                              extra={"executor": self.name, "said": said(ans)})
            last = problem
            self.reasks += 1
            offered = tuple(t for t in offered if t.line != ans.get("element")) or offered
            messages = messages + [{"role": "assistant", "content": json.dumps(canonical(ans))},
                                   {"role": "user", "content": f"Not that: {problem}."}]
        self.errors.append(last)
        return Action("noop()", f"executor gave no valid action: {last}"[:500], None, "read",
                      extra={"executor": self.name, "executor_error": last[:500]})
