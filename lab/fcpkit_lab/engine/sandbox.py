"""A restricted interpreter for a program's Python nodes: no imports, no files, no network, bounded.

The planner's sketch may compute (parse a read, compare an amount, build the answer), and that code
comes from a model: it runs here, not in fcpkit's interpreter. Three layers:

1. **static check** (:func:`check_source`): the AST is refused if it imports, declares globals,
   defines classes, touches any name or attribute that starts with ``_`` (the road to
   ``__class__.__subclasses__``, ``__globals__``, ``__builtins__``), calls ``format``/``format_map``
   (which read attributes from a format string), or names ``open``, ``eval``, ``exec``,
   ``__import__``, ``getattr`` and the like;
2. **whitelisted built-ins** and three wrapped modules (``math``, ``json``: ``loads``/``dumps``,
   ``re``: the matching functions): no module object, so no ``json.codecs.open``;
3. **limits**: a step budget (line events in the sandboxed frames) and a wall-clock deadline,
   enforced by a trace function, raise :class:`SandboxLimit`.

The browser is reached only through operation nodes, never from here, so "no network" holds: there
is no socket, no urllib, no subprocess to reach. Memory is not bounded (a process limit would be), and
one long C-level call (``10 ** 10 ** 8``) is not interrupted by the tracer; ``range`` is capped.
"""

from __future__ import annotations

import ast
import json
import math
import re
import sys
import time
from collections.abc import Callable, Mapping
from types import SimpleNamespace
from typing import Any

from fcpkit.errors import FcpkitError

__all__ = ["SAFE_BUILTINS", "Sandbox", "SandboxError", "SandboxLimit", "SandboxRefused", "check_source"]

_DENIED_NAMES = frozenset({
    "open", "eval", "exec", "compile", "__import__", "globals", "locals", "vars", "getattr", "setattr",
    "delattr", "input", "breakpoint", "help", "exit", "quit", "memoryview", "type", "object", "super",
    "classmethod", "staticmethod", "property", "dir", "id", "hasattr", "__builtins__", "importlib", "os", "sys",
    "subprocess", "socket",
})
_DENIED_ATTRS = frozenset({"format", "format_map", "mro", "gi_frame", "f_globals", "f_locals", "cr_frame"})
_DENIED_NODES: dict[type, str] = {
    ast.Import: "imports are not allowed", ast.ImportFrom: "imports are not allowed",
    ast.Global: "global declarations are not allowed", ast.Nonlocal: "nonlocal declarations are not allowed",
    ast.ClassDef: "class definitions are not allowed", ast.AsyncFunctionDef: "async code is not allowed",
    ast.Await: "async code is not allowed", ast.With: "with blocks are not allowed",
    ast.AsyncWith: "async code is not allowed", ast.Yield: "generators are not allowed",
    ast.YieldFrom: "generators are not allowed",
}

SAFE_BUILTINS: dict[str, Any] = {f.__name__: f for f in (
    abs, all, any, bool, dict, enumerate, filter, float, int, isinstance, len, list, map, max, min, range,
    repr, reversed, round, set, sorted, str, sum, tuple, zip,
)}
SAFE_BUILTINS.update(ValueError=ValueError, KeyError=KeyError, IndexError=IndexError, Exception=Exception)
MAX_RANGE = 100_000


def _range(*args: int) -> range:
    """``range`` with at most :data:`MAX_RANGE` items: one C-level loop is not interrupted by the tracer."""
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise ValueError(f"range of {len(r)} items; the sandbox allows {MAX_RANGE}")
    return r


SAFE_BUILTINS["range"] = _range

_MODULES = {
    "math": SimpleNamespace(**{k: getattr(math, k) for k in dir(math) if not k.startswith("_")}),
    "json": SimpleNamespace(loads=json.loads, dumps=json.dumps),
    "re": SimpleNamespace(search=re.search, match=re.match, fullmatch=re.fullmatch, findall=re.findall,
                          sub=re.sub, split=re.split, escape=re.escape, IGNORECASE=re.IGNORECASE),
}


class SandboxError(FcpkitError):
    """A Python node failed in the sandbox (``detail``: the exception, with the node's line)."""


class SandboxRefused(SandboxError):
    """The code does something the sandbox never runs (import, file, private attribute...)."""


class SandboxLimit(SandboxError):
    """The code ran past its step budget or its time limit."""


def check_source(source: str, mode: str = "exec") -> ast.AST:
    """Parse ``source`` and refuse what the sandbox never runs; returns the AST."""
    try:
        tree = ast.parse(source, mode=mode)
    except SyntaxError as exc:
        raise SandboxError(f"syntax error at line {exc.lineno}: {exc.msg}") from None
    for node in ast.walk(tree):
        why = _DENIED_NODES.get(type(node))
        if why:
            raise SandboxRefused(f"line {getattr(node, 'lineno', '?')}: {why}")
        if isinstance(node, ast.Name) and (node.id.startswith("_") or node.id in _DENIED_NAMES):
            raise SandboxRefused(f"line {node.lineno}: the name {node.id!r} is not available in the sandbox")
        if isinstance(node, ast.Attribute) and (node.attr.startswith("_") or node.attr in _DENIED_ATTRS):
            raise SandboxRefused(f"line {node.lineno}: the attribute {node.attr!r} is not available in the sandbox")
        if isinstance(node, (ast.FunctionDef, ast.arg)) and getattr(node, "name", getattr(node, "arg", "")).startswith("_"):
            raise SandboxRefused(f"line {node.lineno}: names starting with '_' are not allowed")
    return tree


class Sandbox:
    """Runs checked code against a variable context, with helper functions, a step and a time limit."""

    def __init__(self, helpers: Mapping[str, Callable[..., Any]] | None = None, *, max_steps: int = 20_000,
                 max_seconds: float = 2.0) -> None:
        self.helpers = {**_MODULES, **(helpers or {})}
        self.max_steps = max_steps
        self.max_seconds = max_seconds

    def _globals(self, context: Mapping[str, Any]) -> dict[str, Any]:
        return {"__builtins__": dict(SAFE_BUILTINS), **self.helpers, **context}

    def run(self, source: str, context: dict[str, Any], label: str = "<node>") -> None:
        """Execute statements; new and changed variables are written back into ``context``."""
        code = compile(check_source(source, "exec"), f"<sandbox {label}>", "exec")
        g = self._globals(context)
        self._traced(lambda: exec(code, g), code.co_filename)  # noqa: S102 - checked, restricted
        for k, v in g.items():
            if k != "__builtins__" and k not in self.helpers:
                context[k] = v

    def eval(self, source: str, context: Mapping[str, Any], label: str = "<expr>") -> Any:
        """Evaluate one expression (an operation argument, a condition, a loop's iterable)."""
        code = compile(check_source(source, "eval"), f"<sandbox {label}>", "eval")
        return self._traced(lambda: eval(code, self._globals(context)), code.co_filename)

    def _traced(self, fn: Callable[[], Any], filename: str) -> Any:
        steps, deadline = [0], time.monotonic() + self.max_seconds

        def local(frame, event, arg):
            steps[0] += 1
            if steps[0] > self.max_steps:
                raise SandboxLimit(f"more than {self.max_steps} steps")
            if time.monotonic() > deadline:
                raise SandboxLimit(f"more than {self.max_seconds:g} s")
            return local

        def tracer(frame, event, arg):
            return local if frame.f_code.co_filename == filename else None

        old = sys.gettrace()
        sys.settrace(tracer)
        try:
            return fn()
        except SandboxError:
            raise
        except Exception as exc:  # noqa: BLE001 - the node's own error, localised by the caller
            raise SandboxError(f"{type(exc).__name__}: {exc}") from None
        finally:
            sys.settrace(old)
