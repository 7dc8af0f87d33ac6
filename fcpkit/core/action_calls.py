"""What BrowserGym will run for an action string: the calls the policy gate classifies.

BrowserGym does not run the action string the agent wrote as the agent meant it. Its
``HighLevelActionSet.to_python_code`` reads the string with a loose parser (pyparsing: the
function calls with string, number, list, dict or tuple literals it finds, anything between them
skipped) and runs the calls it found as Python with its action functions in scope; older releases
ran the string itself as Python. A gate that reads the string another way (keyword arguments it
does not bind, a ``**{...}`` it drops, ``('12')`` that one reader takes for a string and the other
for a tuple, a hex number, an ``r''`` string, a call inside a lambda) classifies one action while
the browser runs another.

So the gate reads a command only where every reader agrees, and refuses the rest:

* every statement is one call of a known action function by its bare name, spelt as it is (Python
  reads a full-width ``ｃｌｉｃｋ`` as ``click``, BrowserGym's parser does not), nothing else (no
  assignment, attribute, lambda, comprehension, starred or ``**`` argument);
* every argument is a literal both readers read the same: a plain quoted string (no prefix, no
  implicit concatenation), a decimal number, ``True``/``False``/``None``, or a list of those;
* the call binds to the function's parameters as BrowserGym declares them (:data:`SIGNATURES`):
  a call Python would reject with ``TypeError`` stops BrowserGym's run in the middle, after the
  calls before it ran.

:func:`executed_calls` returns each call with its parameters bound by name, defaults filled in
(``press('5', key_comb='Enter')`` and ``press('5', 'Enter')`` are one call), or raises
``ValueError`` with the reason for the refusal; the gate then classifies the step a write
(:func:`fcpkit.core.effects.step_effect`). The lab's differential suite checks this reading
against the installed BrowserGym, by running each string of a corpus of awkward forms through
``to_python_code`` with recording stubs in place of its action functions.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from typing import Any, Mapping

from fcpkit.core.caches import page_cache

__all__ = ["SIGNATURES", "BoundCall", "executed_calls"]

_REQUIRED = object()
_LEFT = "left"


def _sig(*params: str, **defaults: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((p, _REQUIRED) for p in params) + tuple(defaults.items())


#: BrowserGym's action functions (``browsergym.core.action.functions``): parameter names in order,
#: with their defaults. The lab's differential suite holds this table to the installed release.
SIGNATURES: Mapping[str, tuple[tuple[str, Any], ...]] = {
    "send_msg_to_user": _sig("text"), "report_infeasible": _sig("reason"), "noop": _sig(wait_ms=1000),
    "fill": _sig("bid", "value", enable_autocomplete_menu=False), "check": _sig("bid"), "uncheck": _sig("bid"),
    "select_option": _sig("bid", "options"), "click": _sig("bid", button=_LEFT, modifiers=[]),
    "dblclick": _sig("bid", button=_LEFT, modifiers=[]), "hover": _sig("bid"), "press": _sig("bid", "key_comb"),
    "focus": _sig("bid"), "clear": _sig("bid"), "drag_and_drop": _sig("from_bid", "to_bid"),
    "scroll": _sig("delta_x", "delta_y"), "scroll_at": _sig("x", "y", "dx", "dy"), "mouse_move": _sig("x", "y"),
    "mouse_up": _sig("x", "y", button=_LEFT), "mouse_down": _sig("x", "y", button=_LEFT),
    "mouse_click": _sig("x", "y", button=_LEFT), "mouse_dblclick": _sig("x", "y", button=_LEFT),
    "mouse_drag_and_drop": _sig("from_x", "from_y", "to_x", "to_y"), "keyboard_press": _sig("key"),
    "keyboard_up": _sig("key"), "keyboard_down": _sig("key"), "keyboard_type": _sig("text"),
    "keyboard_insert_text": _sig("text"), "goto": _sig("url"), "go_back": _sig(), "go_forward": _sig(),
    "new_tab": _sig(), "tab_close": _sig(), "tab_focus": _sig("index"), "upload_file": _sig("bid", "file"),
    "mouse_upload_file": _sig("x", "y", "file"),
}


@dataclass(frozen=True)
class BoundCall:
    """One call as BrowserGym runs it: the function and its parameters by name (defaults filled in)."""

    name: str
    params: dict

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _single_string(segment: str) -> bool:
    """Whether ``segment`` is one quoted string token without a prefix ('a' 'b' is two; r'a' has one)."""
    try:
        toks = [t for t in tokenize.generate_tokens(io.StringIO(segment).readline)
                if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER)]
    except (tokenize.TokenError, SyntaxError):
        return False
    return len(toks) == 1 and toks[0].type == tokenize.STRING and toks[0].string[:1] in "'\""


def _one_paren(segment: str) -> bool:
    """Whether a call's text opens one parenthesis, its own: ``('12')`` is a string to Python and a
    tuple to BrowserGym's parser (parentheses inside a quoted string are part of the string)."""
    try:
        return sum(t.type == tokenize.OP and t.string == "(" for t in
                   tokenize.generate_tokens(io.StringIO(segment).readline)) == 1
    except (tokenize.TokenError, SyntaxError):
        return False


def _literal(node: ast.expr, source: str, name: str) -> Any:
    segment = ast.get_source_segment(source, node) or ""
    if isinstance(node, ast.List):
        return [_literal(e, source, name) for e in node.elts]
    if isinstance(node, ast.Constant):
        value = node.value
        if value is None or isinstance(value, bool):
            if segment in ("None", "True", "False"):
                return value
        elif isinstance(value, str):
            if _single_string(segment):
                return value
        elif isinstance(value, (int, float)) and _NUMBER.fullmatch(segment):
            return value
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _NUMBER.fullmatch(segment.replace(" ", "")):
        return ast.literal_eval(segment)
    raise ValueError(f"{name}: argument {segment[:40]!r} is not a literal every reader reads the same")


def _bind(name: str, args: list, kwargs: dict) -> dict:
    params = SIGNATURES[name]
    if len(args) > len(params):
        raise ValueError(f"{name}: {len(args)} arguments for {len(params)} parameters")
    bound = {p: a for (p, _), a in zip(params, args)}
    for k, v in kwargs.items():
        if k not in dict(params):
            raise ValueError(f"{name}: no parameter {k!r}")
        if k in bound:
            raise ValueError(f"{name}: {k!r} given twice")
        bound[k] = v
    for p, default in params:
        if p not in bound:
            if default is _REQUIRED:
                raise ValueError(f"{name}: missing {p!r}")
            bound[p] = list(default) if isinstance(default, list) else default
    return {p: bound[p] for p, _ in params}


def _call(stmt: ast.stmt, source: str) -> BoundCall:
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call) or not isinstance(stmt.value.func, ast.Name):
        raise ValueError("each statement must be a single call like click('12')")
    call = stmt.value
    name = call.func.id
    if name not in SIGNATURES:
        raise ValueError(f"unknown action {name!r}")
    if ast.get_source_segment(source, call.func) != name:  # Python folds 'ｃｌｉｃｋ' to click (NFKC); BrowserGym does not
        raise ValueError(f"{name}: the name is written in other characters than its own")
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        raise ValueError(f"{name}: * and ** arguments are read differently by BrowserGym's parser")
    if not _one_paren(ast.get_source_segment(source, call) or ""):
        raise ValueError(f"{name}: a parenthesised argument is a tuple to BrowserGym's parser")
    args = [_literal(a, source, name) for a in call.args]
    kwargs = {k.arg: _literal(k.value, source, name) for k in call.keywords}
    return BoundCall(name, _bind(name, args, kwargs))


def executed_calls(command: object) -> tuple[BoundCall, ...]:
    """The calls BrowserGym runs for ``command``, bound by parameter name; ``ValueError`` (the reason)
    when a reader could take it for other calls (module docstring)."""
    if not isinstance(command, str):
        raise ValueError("empty action")
    got = _executed(command)
    if isinstance(got, str):
        raise ValueError(got)
    return got


@page_cache(4096)
def _executed(command: str) -> tuple[BoundCall, ...] | str:
    source = command.strip()
    try:
        tree = ast.parse(source, mode="exec")
        calls = tuple(_call(stmt, source) for stmt in tree.body)
    except SyntaxError as exc:
        return f"not valid call syntax ({exc.msg})"
    except (ValueError, RecursionError, MemoryError) as exc:
        return str(exc) or type(exc).__name__
    return calls or "empty action"
