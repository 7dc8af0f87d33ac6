"""The sandbox for a program's Python nodes: an AST allow-list, then a child process under OS limits.

The planner's sketch may compute (parse a read, compare an amount, build the answer), and that code
comes from a model: it never runs in fcpkit's interpreter. Two layers:

1. **static check** (:func:`check_source`), before anything runs: the source is at most
   :data:`MAX_SOURCE_CHARS` characters of real text (no lone surrogate), nested at most
   :data:`MAX_NESTING` deep, and every AST node is of an allowed kind (statements, expressions,
   comprehensions, ``def``/``lambda``, ``try``; never ``import``, ``class``, ``global``, ``with``,
   ``yield``, ``async``, decorators or attribute assignment); no name or argument starts with ``_``
   and none of ``open``, ``eval``, ``exec``, ``compile``, ``getattr``, ``globals``... is named; an
   attribute is read only if it is a public method or field of the data types a program handles
   (:data:`~fcpkit_lab.engine.sandbox_child.ALLOWED_ATTRS`: text, numbers, containers,
   regular-expression matches, its modules' members), so no chain reaches ``__class__``,
   ``__globals__`` or a generator's ``gi_code``; ``format``/``format_map`` (which read attributes
   named in a string) are not among them.
2. **a fresh child process per run** (:mod:`~fcpkit_lab.engine.sandbox_child`, started with
   ``python -I -S``: no site-packages, no environment, nothing of this process's state) with OS
   limits set before the program runs: address space, CPU seconds, no new files, no subprocesses,
   no network namespace where the kernel allows one; a wall-clock kill from here; a step budget on
   the program's own lines that ends the child (no exception a program could catch). Whatever
   the program does, this process only ever receives data: tagged JSON, never a pickle.

Results and errors come back as data and are raised here as typed errors: :class:`SandboxRefused`
(a construct the sandbox never runs), :class:`SandboxLimit` (steps, time, memory, output size) and
:class:`SandboxRuntimeError` (the program's own exception), each with the ``line`` of the node's
source it happened on; the executor adds the node.

**Helpers cannot cross a process**, and the executor's ``report`` must reach the live browser. So
the child holds a stand-in for each callable helper: a call sends its (data) arguments here, this
process runs the real helper and sends the (data) result back. The program stays a function of
data; the host keeps the only handle on the browser. Time spent in a helper does not count against
the node's wall-clock budget. Values that are not data (a match object) do not cross: a later node
that uses one gets a clear error; a function a node defines crosses as its source and is defined
again in the next child (so its defaults are evaluated again there).
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fcpkit.errors import FcpkitError

from fcpkit_lab.engine import sandbox_child as _child
from fcpkit_lab.engine.sandbox_child import ALLOWED_ATTRS, BUILTIN_NAMES

__all__ = [
    "MAX_NESTING", "MAX_SOURCE_CHARS", "SAFE_BUILTINS", "Sandbox", "SandboxError", "SandboxLimit",
    "SandboxRefused", "SandboxRuntimeError", "check_source"
]

#: Longest source a node may hold (a sketch's node is a few lines; 10 MB is an attack).
MAX_SOURCE_CHARS = 100_000
#: Deepest nesting of the AST (the compiler and the interpreter recurse on it).
MAX_NESTING = 60
#: Most bytes a child may send back in all (its values, its helper calls).
MAX_OUTPUT_BYTES = 16 * 2**20
#: Seconds a child may take to start before its program runs (not the program's budget).
STARTUP_SECONDS = 15.0

_DENIED_NAMES = frozenset({
    "open", "eval", "exec", "compile", "__import__", "globals", "locals", "vars", "getattr", "setattr",
    "delattr", "input", "breakpoint", "help", "exit", "quit", "memoryview", "type", "object", "super",
    "classmethod", "staticmethod", "property", "dir", "id", "hasattr", "__builtins__", "importlib", "os", "sys",
    "subprocess", "socket", "print", "bytearray", "frozenset", "iter", "next", "aiter", "anext", "callable",
    "issubclass", "hash", "chr", "ord", "bin", "hex", "oct", "format", "ascii", "divmod", "pow", "slice",
})
_ALLOWED_NODES = frozenset({
    ast.Module, ast.Expression, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.While, ast.If,
    ast.Break, ast.Continue, ast.Pass, ast.Return, ast.FunctionDef, ast.Lambda, ast.arguments, ast.arg, ast.Try,
    ast.ExceptHandler, ast.Raise, ast.Assert, ast.Delete, ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.Compare,
    ast.IfExp, ast.Call, ast.keyword, ast.Attribute, ast.Subscript, ast.Slice, ast.Starred, ast.Name,
    ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.ListComp, ast.SetComp, ast.DictComp,
    ast.GeneratorExp, ast.comprehension, ast.JoinedStr, ast.FormattedValue, ast.NamedExpr,
    ast.Load, ast.Store, ast.Del, ast.And, ast.Or, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod,
    ast.Pow, ast.LShift, ast.RShift, ast.BitOr, ast.BitXor, ast.BitAnd, ast.MatMult, ast.Invert, ast.Not,
    ast.UAdd, ast.USub, ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Is, ast.IsNot, ast.In, ast.NotIn,
})
_WHY_NOT = {
    ast.Import: "imports are not allowed", ast.ImportFrom: "imports are not allowed",
    ast.Global: "global declarations are not allowed", ast.Nonlocal: "nonlocal declarations are not allowed",
    ast.ClassDef: "class definitions are not allowed", ast.AsyncFunctionDef: "async code is not allowed",
    ast.Await: "async code is not allowed", ast.With: "with blocks are not allowed",
    ast.AsyncWith: "async code is not allowed", ast.AsyncFor: "async code is not allowed",
    ast.Yield: "generators are not allowed", ast.YieldFrom: "generators are not allowed",
}

#: The built-ins a program may call, by name (the compiler's list of callable names; the child
#: binds the same names, with ``range`` capped at :data:`MAX_RANGE` items).
SAFE_BUILTINS: dict[str, Any] = {n: getattr(builtins, n) for n in BUILTIN_NAMES}
_MODULE_NAMES = frozenset(_child.MODULE_MEMBERS)
_CHILD = str(Path(_child.__file__).resolve())


class SandboxError(FcpkitError):
    """A Python node failed in the sandbox; ``line``: where in the node's source, when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


class SandboxRefused(SandboxError):
    """The code does something the sandbox never runs (import, file, private attribute...)."""


class SandboxLimit(SandboxError):
    """The code ran past a limit: steps, wall-clock seconds, CPU, memory or the size of its values."""


class SandboxRuntimeError(SandboxError):
    """The program raised (a ``KeyError``, a ``ValueError``...): its own error, not the sandbox's."""


def _refuse(node: ast.AST, why: str) -> SandboxRefused:
    return SandboxRefused(why, getattr(node, "lineno", None))


def _depth(tree: ast.AST) -> int:
    """How deep the AST nests, without recursion (a hostile tree may be thousands deep)."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, d = stack.pop()
        deepest = max(deepest, d)
        if d > MAX_NESTING:
            return d
        stack.extend((c, d + 1) for c in ast.iter_child_nodes(node))
    return deepest


def check_source(source: str, mode: str = "exec") -> ast.AST:
    """Parse ``source`` and refuse what the sandbox never runs (see the module doc); returns the AST."""
    if not isinstance(source, str):
        raise SandboxRefused(f"the source is a {type(source).__name__}, not text")
    if len(source) > MAX_SOURCE_CHARS:
        raise SandboxRefused(f"the source has {len(source):,} characters; a node may hold {MAX_SOURCE_CHARS:,}")
    try:
        source.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = source.count("\n", 0, exc.start) + 1
        raise SandboxRefused(f"the source holds a lone surrogate (U+{ord(source[exc.start]):04X}); "
                             "it is not text", line) from None
    try:
        tree = ast.parse(source, mode=mode)
    except SyntaxError as exc:
        raise SandboxError(f"syntax error at line {exc.lineno}: {exc.msg}") from None
    except (RecursionError, MemoryError, ValueError) as exc:
        raise SandboxRefused(f"the source cannot be parsed safely ({type(exc).__name__}): nested too deeply "
                             "or not text") from None
    if _depth(tree) > MAX_NESTING:
        raise SandboxRefused(f"the code nests more than {MAX_NESTING} levels deep")
    for node in ast.walk(tree):
        kind = type(node)
        if kind not in _ALLOWED_NODES:
            raise _refuse(node, _WHY_NOT.get(kind, f"{kind.__name__} is not allowed in the sandbox"))
        if isinstance(node, ast.Name) and (node.id.startswith("_") or node.id in _DENIED_NAMES):
            raise _refuse(node, f"the name {node.id!r} is not available in the sandbox")
        if isinstance(node, ast.Attribute):
            if not isinstance(node.ctx, ast.Load):
                raise _refuse(node, "assigning or deleting attributes is not allowed")
            if node.attr not in ALLOWED_ATTRS:
                raise _refuse(node, f"the attribute {node.attr!r} is not available in the sandbox")
        if isinstance(node, ast.FunctionDef):
            if node.decorator_list:
                raise _refuse(node, "decorators are not allowed")
            if node.name.startswith("_") or node.name in _DENIED_NAMES:
                raise _refuse(node, f"the name {node.name!r} is not available in the sandbox")
        if isinstance(node, ast.arg) and node.arg.startswith("_"):
            raise _refuse(node, "names starting with '_' are not allowed")
        if isinstance(node, ast.ExceptHandler) and node.name and node.name.startswith("_"):
            raise _refuse(node, "names starting with '_' are not allowed")
    return tree


class Sandbox:
    """Runs checked code against a variable context in a child process (see the module doc).

    ``helpers``: names the program may use besides the built-ins: a callable is run here when the
    program calls it (its arguments and result cross as data); anything else crosses as data.
    ``max_steps``: line events of the program's own code; ``max_seconds``: wall clock of the child
    (helpers excluded); ``max_memory_mb``: address space the child may add to its start.
    """

    def __init__(self, helpers: Mapping[str, Any] | None = None, *, max_steps: int = 20_000,
                 max_seconds: float = 2.0, max_memory_mb: int = 256, isolate_network: bool = True) -> None:
        self.helpers = dict(helpers or {})
        for name in self.helpers:
            if name.startswith("_") or name in _MODULE_NAMES:
                raise ValueError(f"a helper may not be named {name!r}")
        self.max_steps, self.max_seconds, self.max_memory_mb = max_steps, max_seconds, max_memory_mb
        self.isolate_network = isolate_network
        #: The OS limits the last child reported in place (for a report or a test).
        self.last_limits: tuple[str, ...] = ()
        #: Seconds the last child's program ran (from its limits in place to its answer or its kill).
        self.last_seconds = 0.0

    # ---------------------------------------------------------------- public API
    def run(self, source: str, context: dict[str, Any], label: str = "<node>") -> None:
        """Execute statements; new and changed variables are written back into ``context``."""
        check_source(source, "exec")
        changed = self._child("exec", source, context, label)
        for k, v in changed.items():
            context[k] = _child.decode(v)

    def eval(self, source: str, context: Mapping[str, Any], label: str = "<expr>") -> Any:
        """Evaluate one expression (an operation argument, a condition, a loop's iterable).

        A literal, or a name bound in ``context``, is answered here: no program text runs for it."""
        tree = check_source(source, "eval")
        body = tree.body  # type: ignore[attr-defined]
        if isinstance(body, ast.Name) and body.id in context and body.id not in _MODULE_NAMES:
            return context[body.id]
        if isinstance(body, ast.Constant):
            return body.value
        if isinstance(body, ast.Name) and body.id not in self.helpers and body.id not in SAFE_BUILTINS \
                and body.id not in _MODULE_NAMES:
            raise SandboxRuntimeError(f"NameError: name {body.id!r} is not defined", 1)
        return _child.decode(self._child("eval", source, context, label))

    # ---------------------------------------------------------------- the child
    def _request(self, mode: str, source: str, context: Mapping[str, Any], label: str) -> bytes:
        try:
            ctx = {k: _child.encode(v) for k, v in context.items() if not k.startswith("_")}
            data = {k: _child.encode(v) for k, v in self.helpers.items() if not callable(v)}
        except _child.CodecError as exc:
            raise SandboxRuntimeError(f"the context cannot be handed to the program: {exc}") from None
        return _child.dumps({
            "mode": mode, "source": source, "label": str(label)[:80], "context": ctx, "data_helpers": data,
            "helpers": sorted(k for k, v in self.helpers.items() if callable(v)),
            "max_steps": self.max_steps, "max_seconds": self.max_seconds, "max_memory_mb": self.max_memory_mb,
            "isolate_network": self.isolate_network,
        })

    def _child(self, mode: str, source: str, context: Mapping[str, Any], label: str) -> Any:
        request = self._request(mode, source, context, label)
        proc = subprocess.Popen([sys.executable, "-I", "-S", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True, env={},
                                cwd="/" if os.name == "posix" else None)
        try:
            return self._converse(proc, request)
        finally:
            if proc.poll() is None:
                _kill(proc)
            for pipe in (proc.stdin, proc.stdout):
                try:
                    pipe.close()
                except OSError:
                    pass

    def _converse(self, proc: subprocess.Popen, request: bytes) -> Any:
        assert proc.stdin is not None and proc.stdout is not None
        out_fd, in_fd = proc.stdout.fileno(), proc.stdin.fileno()
        os.set_blocking(out_fd, False)
        os.set_blocking(in_fd, False)
        sel = selectors.DefaultSelector()
        sel.register(out_fd, selectors.EVENT_READ)
        pending, buf, received = bytearray(request), bytearray(), 0
        deadline = time.monotonic() + STARTUP_SECONDS
        started = writing = False
        begun = time.monotonic()
        try:
            while True:
                if pending and not writing:
                    sel.register(in_fd, selectors.EVENT_WRITE)
                    writing = True
                left = deadline - time.monotonic()
                if left <= 0:
                    if started:
                        raise SandboxLimit(f"more than {self.max_seconds:g} s")
                    raise SandboxError("the sandbox process did not start in time")
                for key, _ in sel.select(min(left, 0.5)):
                    if key.fd == in_fd:
                        try:
                            n = os.write(in_fd, pending[:65536])
                        except (BrokenPipeError, BlockingIOError):
                            n = len(pending) if proc.poll() is not None else 0
                        del pending[:n]
                        if not pending:
                            sel.unregister(in_fd)
                            writing = False
                        continue
                    chunk = _read(out_fd)
                    if chunk is None:
                        continue
                    if not chunk:
                        return self._died(proc)
                    received += len(chunk)
                    if received > MAX_OUTPUT_BYTES:
                        raise SandboxLimit(f"the program's values exceed {MAX_OUTPUT_BYTES // 2**20} MB")
                    buf += chunk
                    while b"\n" in buf:
                        line, _, rest = bytes(buf).partition(b"\n")
                        buf[:] = rest
                        msg = json.loads(line)
                        if "start" in msg:
                            started, self.last_limits = True, tuple(msg["start"])
                            begun = time.monotonic()
                            deadline = begun + self.max_seconds
                        elif "call" in msg:
                            t = time.monotonic()
                            pending += self._call(msg)
                            deadline += time.monotonic() - t  # a helper's time is the host's, not the node's
                        elif "done" in msg:
                            return msg["done"]
                        elif "limit" in msg:
                            raise SandboxLimit(msg["limit"], msg.get("line"))
                        elif "error" in msg:
                            raise SandboxRuntimeError(msg["error"], msg.get("line"))
        finally:
            self.last_seconds = time.monotonic() - begun
            sel.close()

    def _call(self, msg: dict[str, Any]) -> bytes:
        """Run a helper the program called in the child; the reply to send back."""
        fn = self.helpers.get(msg["call"])
        if not callable(fn):
            return _child.dumps({"raise": f"{msg['call']} is not a helper"})
        try:
            args, kwargs = _child.decode(msg["args"]), _child.decode(msg["kwargs"])
            return _child.dumps({"return": _child.encode(fn(*args, **{str(k): v for k, v in kwargs.items()}))})
        except Exception as exc:  # noqa: BLE001 - the helper's error goes back to the program as data
            return _child.dumps({"raise": f"{type(exc).__name__}: {exc}"[:2000]})

    def _died(self, proc: subprocess.Popen) -> Any:
        try:
            rc = proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            rc = None
        if rc is not None and rc < 0:
            sig = -rc
            if sig == getattr(signal, "SIGXCPU", -1):
                raise SandboxLimit(f"more than {int(self.max_seconds) + 1} CPU seconds")
            raise SandboxLimit(f"the sandbox process was ended by signal {signal.Signals(sig).name}")
        raise SandboxError(f"the sandbox process ended without an answer (exit status {rc})")


def _read(fd: int) -> bytes | None:
    """What the child wrote; ``b""`` at its end, ``None`` on a wake-up with nothing to read."""
    try:
        return os.read(fd, 1 << 20)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, AttributeError):
        proc.kill()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
