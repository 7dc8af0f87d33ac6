"""Actions as structured descriptions: what an action does, read once, for the rules and the matcher.

A BrowserGym command (``fill('14', 'Myron')``) is parsed without executing it
(:func:`parse_action`) and described as an :class:`ActionDescription`: its verb, the node it
targets (role and name, from the resolved target), the value it types or the options it selects,
its declared effect, and the executor's reasoning reduced to its context words. The matcher reads
the chosen values from the description instead of parsing a rendered string back, and the same
description renders the text (:attr:`ActionDescription.text`) that text-only matchers score.

The reasoning is the agent's own account of the step, and the failure this toolkit exists for is
the step whose account is plausible while the command is not: ``fill('14', 'Myrn')`` reasoned as
*Type "Myron"* must not be confirmed by its reasoning, nor shielded by it from a falsifier. So the
reasoning keeps its context words ("open the ticket") but loses what a statement hinges on:
identifiers, numbers, quoted values and names. Those must be in what the action does.
(:meth:`~fcpkit.core.trajectory.Action.describe` keeps it whole, for the LLM verifier.)
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from fcpkit.core.action_calls import SIGNATURES
from fcpkit.core.caches import page_cache
from fcpkit.core.trajectory import Action

__all__ = ["ACTION_NAMES", "ParsedCall", "parse_action", "TargetNode", "ActionDescription", "describe_action", "action_text", "REASONING_LINE"]

#: The calls an action may make: BrowserGym's action functions (one table, :data:`SIGNATURES
#: <fcpkit.core.action_calls.SIGNATURES>`), ``check`` and ``uncheck`` among them.
ACTION_NAMES = frozenset(SIGNATURES)


@dataclass(frozen=True)
class ParsedCall:
    name: str
    args: tuple
    kwargs: dict

    @property
    def bid(self):
        """The element id the call acts on: its first argument, or its ``bid`` keyword (``None``: none)."""
        return self.args[0] if self.args else self.kwargs.get("bid")

    @property
    def key(self) -> str | None:
        """The key a ``press`` or ``keyboard_press`` call presses, as written ("Enter", "Control+Enter");
        ``None`` for any other call."""
        if self.name not in ("press", "keyboard_press"):
            return None
        key = self.args[-1] if self.args else self.kwargs.get("key")
        return key if isinstance(key, str) else None


def parse_action(command: str) -> list[ParsedCall]:
    """Parse a BrowserGym high-level action string (one or more calls) without executing it.

    Raises ``ValueError`` with the reason when it is not a sequence of known calls with literal
    arguments.
    """
    if not isinstance(command, str):
        raise ValueError("empty action")
    parsed = _parse_cached(command)  # a blank command comes back as "empty action" too
    if isinstance(parsed, str):
        raise ValueError(parsed)
    return list(parsed)


@page_cache(4096)
def _parse_cached(command: str) -> tuple[ParsedCall, ...] | str:
    """Parse once per distinct command; an error comes back as its message (exceptions don't cache)."""
    try:
        return tuple(_parse(command))
    except ValueError as exc:
        return str(exc)


def _parse(command: str) -> list[ParsedCall]:
    try:
        tree = ast.parse(command.strip(), mode="exec")
    except SyntaxError as exc:
        raise ValueError(f"not valid call syntax ({exc.msg})") from None
    calls: list[ParsedCall] = []
    for node in tree.body:
        if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call) or not isinstance(node.value.func, ast.Name):
            raise ValueError("each line must be a single call like click('12')")
        name = node.value.func.id
        if name not in ACTION_NAMES:
            raise ValueError(f"unknown action {name!r}")
        try:
            args = tuple(ast.literal_eval(a) for a in node.value.args)
            kwargs = {k.arg: ast.literal_eval(k.value) for k in node.value.keywords if k.arg}
        except ValueError:
            raise ValueError(f"{name}: arguments must be literals") from None
        calls.append(ParsedCall(name, args, kwargs))
    if not calls:
        raise ValueError("empty action")
    return calls


#: BrowserGym calls whose first argument is an element id (a bid): an address, not content.
_BID_FIRST = frozenset(name for name, params in SIGNATURES.items() if params and params[0][0] in ("bid", "from_bid"))
#: Names of the non-id parameters of BrowserGym's common calls, so "fill('14', 'x')" reads as
#: "fill value 'x'": a statement about "a value other than ..." can meet it.
_PARAMS: dict[str, tuple[str, ...]] = {
    "fill": ("value",), "select_option": ("options",), "press": ("key",), "keyboard_press": ("key",),
    "keyboard_type": ("text",), "send_msg_to_user": ("text",), "goto": ("url",), "upload_file": ("file",),
}
#: Parameters that *choose* something (a typed value, selected options), unlike a key or a message.
_CHOICE_PARAMS = frozenset({"value", "options"})
_REASON_FACTS = re.compile(
    r"'[^']*'|\"[^\"]*\"|“[^”]*”|\S*\d\S*|(?<![.!?:;]\s)(?<!^)\b[A-Z][\w-]*"
)
_ROLE_NAME = re.compile(r"^\s*(\w+)\s+'((?:[^'\\]|\\.)*)'")


@dataclass(frozen=True)
class TargetNode:
    """The node an action lands on, as the resolved target names it (its state before the action dropped)."""

    role: str
    name: str

    def render(self) -> str:
        return f"{self.role} {self.name!r}"


@dataclass(frozen=True)
class ActionDescription:
    """What an action does (see module docstring). ``text`` is its rendering for text matchers."""

    verb: str  # the first call's name ("" when the command does not parse)
    calls: tuple[str, ...]  # each call rendered: name, then named literal arguments (ids dropped)
    target: TargetNode | None
    target_text: str  # the target as rendered ("" without one)
    values: tuple[str, ...]  # what the action types or selects
    effect: str
    context: str  # the reasoning's context words, its facts removed
    parsed: bool = True
    #: where the target stands on the page it was acted on: the text of the table row or list item
    #: holding it ("" when unknown or when it stands in none; set by the action tester from the page)
    place: str = ""

    @property
    def chosen(self) -> tuple[str, ...]:
        """What the action chooses: its typed or selected values, else the node a click (or a check) lands on."""
        if self.values:
            return self.values
        if self.target is not None and any(c.startswith(("click", "dblclick", "check", "uncheck")) for c in self.calls):
            return (self.target.name,)
        return ()

    @property
    def text(self) -> str:
        return _render(self.calls, self.target_text, self.context)

    @property
    def deed(self) -> "ActionDescription":
        """The action as a falsifier reads it: its reasoning without what the agent says already
        happened (its participles) and without what it says it is not doing ("not the legacy group"). The agent's account of an event is no evidence of the event:
        "Condition added and framing inspection scheduled" does not make "Issue permit before the
        framing inspection is scheduled" a statement about this action; the reasoning's words of
        intent and kind ("open the report", "choose the option") still say what it is doing."""
        return _deed(self) if self.context or self.verb in _TELLS else self  # (the reasoning's facts are gone already)

    @property
    def tells(self) -> bool:
        """Whether the action tells the user something (``send_msg_to_user``) rather than act on the
        application: what its message names is the agent's account, not a thing it did there."""
        return self.verb in _TELLS

    def __str__(self) -> str:
        return self.text


def describe_action(action: Action) -> ActionDescription:
    """The :class:`ActionDescription` of ``action`` (built once per distinct action)."""
    return _describe(action.command, action.target or "", action.reasoning or "", action.effect)


def action_text(action: Action) -> str:
    """The action description the action-level tester scores, as text: calls with their literal
    arguments (element ids dropped), the resolved target, and the reasoning without its facts."""
    return describe_action(action).text


@page_cache(4096)
def _deed(d: ActionDescription) -> ActionDescription:
    context = " ".join(_PARTICIPLE.sub(" ", _DENIED.sub(" ", d.context)).split())
    calls, values = d.calls, d.values
    if d.verb in _TELLS:  # a message to the user is the agent's account too: what it says happened
        calls = tuple(" ".join(_PARTICIPLE.sub(" ", c).split()) for c in calls)
        values = tuple(" ".join(_PARTICIPLE.sub(" ", v).split()) for v in values)
    if (context, calls, values) == (d.context, d.calls, d.values):
        return d
    return ActionDescription(d.verb, calls, d.target, d.target_text, values, d.effect, context, d.parsed, d.place)


#: What the reasoning says the agent is not doing ("Pick Quarantine, not the legacy group", "rather
#: than Send now"): the words after the denial, to the end of the clause.
_DENIED = re.compile(r"\b(?:not|never|avoid(?:ing)?|instead of|rather than|except|n't)\b[^,;.:()]*", re.IGNORECASE)

#: The calls that tell the user something rather than act on the page.
_TELLS = frozenset({"send_msg_to_user", "report_infeasible"})


#: A past participle of a regular verb (what tokenize marks as an event: "scheduled", "added").
_PARTICIPLE = re.compile(r"\b[A-Za-z]{3,}ed\b")


#: The line of an action's rendering that holds its reasoning's context words (why, not what it acts on).
REASONING_LINE = "reasoning: "


@page_cache(4096)
def _render(calls: tuple[str, ...], target: str, context: str) -> str:
    head = "\n".join(calls)
    text = f"{head}\ntarget: {target}" if target else head
    return f"{text}\n{REASONING_LINE}{context}" if context else text


@page_cache(4096)
def _describe(command: str, target: str, reasoning: str, effect: str) -> ActionDescription:
    try:
        calls: list[ParsedCall] = parse_action(command)
    except ValueError:
        calls, rendered, parsed = [], (command,), False
    else:
        rendered, parsed = tuple(_render_call(c) for c in calls), True
    values: list[str] = []
    for c in calls:
        args = c.args[1:] if c.name in _BID_FIRST and c.args else c.args
        names = _PARAMS.get(c.name, ())
        for i, a in enumerate(args):
            if i < len(names) and names[i] in _CHOICE_PARAMS:
                values.extend(str(x) for x in (a if isinstance(a, (list, tuple)) else (a,)) if isinstance(x, (str, int, float)))
        for k, v in c.kwargs.items():
            if k in _CHOICE_PARAMS and isinstance(v, (str, int, float)):
                values.append(str(v))
    if not any(c.name in _BID_FIRST for c in calls):
        target = ""  # a call without an element id (noop, goto, a message) has no target to resolve
    node = None
    m = _ROLE_NAME.match(target)
    if m:  # the node, not its current state: value=/checked= say what holds *before* the action
        target = m.group(0)
        node = TargetNode(m.group(1), m.group(2).replace("\\'", "'"))
    context = " ".join(_REASON_FACTS.sub(" ", reasoning.strip()).split())
    return ActionDescription(calls[0].name if calls else "", rendered, node, target, tuple(values), effect, context, parsed)


def _render_call(c: ParsedCall) -> str:
    args = c.args[1:] if c.name in _BID_FIRST and c.args else c.args
    names = _PARAMS.get(c.name, ())
    words = [c.name.replace("_", " ")]
    for i, a in enumerate(args):
        if isinstance(a, (str, int, float)):
            words += [names[i], repr(a)] if i < len(names) else [repr(a)]
    words += [f"{k} {v!r}" for k, v in c.kwargs.items() if isinstance(v, (str, int, float))]
    return " ".join(words)
