"""The sandbox's child process: runs one checked node under OS limits and answers with data.

This file is run as a script (``python -I -S sandbox_child.py``) by
:class:`~fcpkit_lab.engine.sandbox.Sandbox`, one fresh process per node, and imported by it for the
pieces both sides share (the value codec, the built-in names, the attribute allow-list). It imports
the standard library only, so the child starts in ~30 ms with no site-packages and nothing of the
host's state.

Protocol: one JSON line per message. The host writes the request (source, mode, context, helper
names, limits) on the child's stdin; the child writes on its stdout ``{"start": ...}`` once the
limits are in place, ``{"call": name, ...}`` when the program calls a helper the host granted (the
host runs it and replies ``{"return": ...}`` or ``{"raise": ...}`` on stdin), and finally one of
``{"done": ...}``, ``{"error": ...}`` or ``{"limit": ...}``. Values cross as tagged JSON (:func:`encode`,
:func:`decode`): data only, never pickles, so a child that escaped could still not run code in the host.

Limits, set before any program text runs: address space (``RLIMIT_AS``), CPU seconds
(``RLIMIT_CPU``, a backstop: the host's wall-clock kill comes first), no new files (``RLIMIT_NOFILE``
at the lowest free descriptor, ``RLIMIT_FSIZE`` 0), no processes (``RLIMIT_NPROC`` 0), no core dumps;
where the kernel lets an unprivileged process have its own user and network namespace, no network
interface but a down loopback; the child dies with the host (``PR_SET_PDEATHSIG``). The step budget
counts line events of the program's own code; past it the child reports and ``os._exit`` s, so the
limit is no exception a program could catch.
"""

from __future__ import annotations

import ast
import base64
import builtins as host_builtins
import ctypes
import json
import math
import os
import re
import sys

try:
    import resource
except ImportError:  # not a POSIX system: the wall-clock kill and the allow-list remain
    resource = None

MAX_RANGE = 100_000
MAX_DEPTH = 100  # nesting of a value that crosses the process boundary
BIG_INT = 1 << 62
_MISSING = object()

#: Built-ins a program may name (every other name resolves only if the context or a helper binds it).
BUILTIN_NAMES = (
    "abs", "all", "any", "bool", "dict", "enumerate", "filter", "float", "int", "isinstance", "len", "list", "map",
    "max", "min", "range", "repr", "reversed", "round", "set", "sorted", "str", "sum", "tuple", "zip",
    "ValueError", "KeyError", "IndexError", "TypeError", "ZeroDivisionError", "Exception",
)

#: The modules a program sees: their public functions, never a module object.
MODULE_MEMBERS = {
    "math": tuple(k for k in dir(math) if not k.startswith("_")),
    "json": ("loads", "dumps"),
    "re": ("search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split", "escape",
           "IGNORECASE", "MULTILINE", "DOTALL", "I", "M", "S"),
}

#: Attributes a program may read: the public methods and fields of the data types that reach it
#: (text, numbers, containers, regular-expression matches and patterns, exceptions) and the
#: members of its modules. Everything else (a generator's ``gi_code``, a frame's ``f_back``, a
#: function's ``func_globals``) is refused before the program runs.
_DATA_TYPES = (str, bytes, int, float, complex, bool, list, tuple, dict, set, frozenset, type(re.match("", "")),
               type(re.compile("")), Exception)
ALLOWED_ATTRS = frozenset(
    {a for t in _DATA_TYPES for a in dir(t) if not a.startswith("_")}
    | {a for members in MODULE_MEMBERS.values() for a in members}
) - {"format", "format_map", "mro", "with_traceback", "from_bytes", "fromhex", "maketrans"}


# ---------------------------------------------------------------- values across the boundary
class Opaque:
    """A value that is not data (a match object, a function with a closure): kept by name, unusable."""

    __slots__ = ("type_name",)

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name} kept from an earlier node>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opaque) and other.type_name == self.type_name

    def __hash__(self) -> int:
        return hash(self.type_name)

    def __getattr__(self, name: str):
        raise TypeError(f"a {self.type_name} cannot be kept from one node to the next; keep data "
                        "(text, numbers, lists, dicts) in variables")


class Function:
    """A function a node defined, carried to later nodes as its source (re-defined in each child)."""

    __slots__ = ("name", "source")

    def __init__(self, name: str, source: str) -> None:
        self.name, self.source = name, source

    def __repr__(self) -> str:
        return f"<function {self.name} defined in the program>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Function) and (other.name, other.source) == (self.name, self.source)

    def __hash__(self) -> int:
        return hash((self.name, self.source))


class CodecError(ValueError):
    pass


def encode(value, depth: int = 0, functions=None):
    """``value`` as JSON-able data: tagged containers, big ints in hex, non-data as :class:`Opaque`."""
    if depth > MAX_DEPTH:
        raise CodecError(f"a value nested deeper than {MAX_DEPTH} levels")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if -BIG_INT < value < BIG_INT else {"$": "int", "v": hex(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"$": "float", "v": repr(value)}
    d = depth + 1
    if isinstance(value, list):
        return [encode(v, d, functions) for v in value]
    if isinstance(value, dict):
        return {"$": "dict", "v": [[encode(k, d, functions), encode(v, d, functions)] for k, v in value.items()]}
    if isinstance(value, (tuple, set, frozenset)):
        return {"$": type(value).__name__, "v": [encode(v, d, functions) for v in value]}
    if isinstance(value, bytes):
        return {"$": "bytes", "v": base64.b64encode(value).decode("ascii")}
    if isinstance(value, complex):
        return {"$": "complex", "v": [value.real, value.imag]}
    if isinstance(value, Function):
        return {"$": "function", "name": value.name, "source": value.source}
    if isinstance(value, Opaque):
        return {"$": "opaque", "type": value.type_name}
    if functions is not None and callable(value):
        found = functions(value)
        if found is not None:
            return {"$": "function", "name": found.name, "source": found.source}
    return {"$": "opaque", "type": type(value).__name__}


def decode(data, depth: int = 0):
    """The inverse of :func:`encode` (an :class:`Opaque` stays one)."""
    if depth > MAX_DEPTH + 1:
        raise CodecError(f"a value nested deeper than {MAX_DEPTH} levels")
    if isinstance(data, list):
        return [decode(v, depth + 1) for v in data]
    if not isinstance(data, dict):
        return data
    tag, v, d = data.get("$"), data.get("v"), depth + 1
    if tag == "dict":
        return {_key(decode(k, d)): decode(x, d) for k, x in v}
    if tag == "tuple":
        return tuple(decode(x, d) for x in v)
    if tag in ("set", "frozenset"):
        items = (_key(decode(x, d)) for x in v)
        return set(items) if tag == "set" else frozenset(items)
    if tag == "int":
        return int(v, 16)
    if tag == "float":
        return float(v)
    if tag == "bytes":
        return base64.b64decode(v)
    if tag == "complex":
        return complex(*v)
    if tag == "function":
        return Function(str(data["name"]), str(data["source"]))
    if tag == "opaque":
        return Opaque(str(data["type"]))
    raise CodecError(f"unknown value tag {tag!r}")


def _key(k):
    return tuple(_key(x) for x in k) if isinstance(k, list) else k


def dumps(message) -> bytes:
    return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


# ---------------------------------------------------------------- the child
def _range(*args):
    """``range`` with at most :data:`MAX_RANGE` items."""
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise ValueError(f"range of {len(r)} items; the sandbox allows {MAX_RANGE}")
    return r


class _Module:
    """A module as a program sees it: its allowed members as attributes, nothing else."""

    def __init__(self, name: str, members: dict) -> None:
        self._name = name
        for k, v in members.items():
            object.__setattr__(self, k, v)

    def __repr__(self) -> str:
        return f"<module {self._name} (sandboxed)>"


class HelperError(Exception):
    """A helper the host granted raised; the program may catch it like any error."""


def _limits(req: dict) -> list[str]:
    """Apply the OS limits; returns the names of those the platform accepted."""
    applied = []
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, 9, 0, 0, 0) == 0:  # PR_SET_PDEATHSIG, SIGKILL: die with the host
            applied.append("pdeathsig")
        if req.get("isolate_network", True) and libc.unshare(0x10000000 | 0x40000000) == 0:  # USER | NET
            applied.append("network")
    except (OSError, AttributeError):
        pass
    if resource is None:
        return applied
    with open("/proc/self/statm", "rb") as fh:  # noqa: PTH123 - before RLIMIT_NOFILE
        base = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    lowest_free = os.dup(0)
    os.close(lowest_free)
    cpu = int(math.ceil(req["max_seconds"])) + 1
    for name, soft in (("RLIMIT_AS", base + int(req["max_memory_mb"]) * 2**20), ("RLIMIT_CPU", cpu),
                       ("RLIMIT_NOFILE", lowest_free), ("RLIMIT_FSIZE", 0), ("RLIMIT_NPROC", 0), ("RLIMIT_CORE", 0)):
        which = getattr(resource, name, None)
        if which is None:
            continue
        try:
            hard = cpu + 1 if name == "RLIMIT_CPU" else soft
            resource.setrlimit(which, (soft, hard))
            applied.append(name)
        except (ValueError, OSError):
            pass
    return applied


def _functions_of(tree: ast.Module, source: str):
    """Top-level ``def`` s and ``name = lambda ...`` of a node, found again from their code objects."""
    defs = {}
    for s in tree.body:
        if isinstance(s, ast.FunctionDef):
            defs[(s.name, s.lineno)] = Function(s.name, ast.get_source_segment(source, s) or ast.unparse(s))
        elif isinstance(s, ast.Assign) and isinstance(s.value, ast.Lambda) and len(s.targets) == 1 \
                and isinstance(s.targets[0], ast.Name):
            seg = ast.get_source_segment(source, s) or ast.unparse(s)
            defs[("<lambda>", s.lineno)] = Function(s.targets[0].id, seg)
    return defs


def _channels():
    """The protocol's two pipes, kept apart from fds 0-2 (pointed at /dev/null so a program's prints go nowhere)."""
    proto = os.fdopen(os.dup(1), "wb", buffering=0)
    inbox = os.fdopen(os.dup(0), "rb")
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    return proto, inbox


def _host_helper(name: str, send, inbox):
    """A helper the host granted: the call crosses to the host as data and its answer comes back."""
    def helper(*args, **kwargs):
        send({"call": name, "args": encode(list(args)), "kwargs": encode(kwargs)})
        reply = json.loads(inbox.readline() or b'{"raise": "the host went away"}')
        if "raise" in reply:
            raise HelperError(reply["raise"])
        return decode(reply["return"])
    helper.__name__ = name
    helper.__qualname__ = name
    return helper


def _globals(req: dict, send, inbox, filename: str):
    """The program's globals: allowed built-ins, sandboxed modules, helpers, then the context
    (functions of earlier nodes defined again). Returns them, the names fixed before the context,
    and the code objects of re-defined functions."""
    builtins = {n: getattr(host_builtins, n) for n in BUILTIN_NAMES}
    builtins["range"] = _range
    builtins["HelperError"] = HelperError
    g = {"__builtins__": builtins}
    for name, members in MODULE_MEMBERS.items():
        mod = {"math": math, "json": json, "re": re}[name]
        g[name] = _Module(name, {k: getattr(mod, k) for k in members})
    for name in req["helpers"]:
        g[name] = _host_helper(name, send, inbox)
    g.update({k: decode(v) for k, v in req["data_helpers"].items()})
    fixed = set(g)
    funcs = {}
    for k, v in ((k, decode(v)) for k, v in req["context"].items()):
        if isinstance(v, Function):  # defined by an earlier node: define it again here
            exec(compile(ast.parse(v.source), filename, "exec"), g)  # noqa: S102 - checked when its node was
            fn = g.pop(v.name, None)
            if fn is not None:
                funcs[fn.__code__] = v
                g[k] = fn
            continue
        g[k] = v
    return g, fixed, funcs


def _step_tracer(filename: str, max_steps: int, send):
    """A trace function counting line events of the program's own code; past the budget the child
    reports and exits, so the limit is no exception a program could catch."""
    steps = [0]

    def local(frame, event, arg):
        if event == "line":
            steps[0] += 1
            if steps[0] > max_steps:
                send({"limit": f"more than {max_steps} steps", "line": frame.f_lineno})
                os._exit(0)
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename == filename else None

    return tracer


def _error_line(exc: BaseException, filename: str):
    """The last line of the program's own code in the error's traceback."""
    line, tb = None, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _answer(req: dict, result, g: dict, fixed: set, function_record, send) -> None:
    """The node's value (eval) or the variables it changed (exec), as data."""
    try:
        if req["mode"] == "eval":
            send({"done": encode(result, functions=function_record)})
            return
        received = req["context"]
        changed = {}
        for k, v in g.items():
            if k == "__builtins__" or (k in fixed and k not in received):
                continue  # a helper or a module: never written back
            enc = encode(v, functions=function_record)
            if received.get(k, _MISSING) != enc:
                changed[k] = enc
        send({"done": changed})
    except CodecError as exc:
        send({"error": f"ValueError: {exc}", "line": None})
    except MemoryError:
        send({"limit": f"more than {req['max_memory_mb']} MB of memory", "line": None})


def main() -> None:
    proto, inbox = _channels()

    def send(message) -> None:
        proto.write(dumps(message))

    req = json.loads(inbox.readline())
    applied = _limits(req)
    filename, source, mode = f"<sandbox {req['label']}>", req["source"], req["mode"]
    g, fixed, funcs = _globals(req, send, inbox, filename)
    tree = ast.parse(source, mode=mode)
    funcs_by_line = _functions_of(tree, source) if mode == "exec" else {}
    code = compile(tree, filename, mode)

    def function_record(value):
        c = getattr(value, "__code__", None)
        if c is None or getattr(value, "__closure__", None):
            return None
        return funcs.get(c) or funcs_by_line.get((c.co_name, c.co_firstlineno))

    tracer = _step_tracer(filename, int(req["max_steps"]), send)
    send({"start": applied})
    sys.settrace(tracer)
    try:
        result = eval(code, g) if mode == "eval" else exec(code, g)  # noqa: S307 - checked by the host
    except MemoryError:
        sys.settrace(None)
        send({"limit": f"more than {req['max_memory_mb']} MB of memory", "line": None})
        return
    except BaseException as exc:  # noqa: BLE001 - the program's own error, as data
        sys.settrace(None)
        send({"error": f"{type(exc).__name__}: {exc}"[:2000], "line": _error_line(exc, filename)})
        return
    sys.settrace(None)
    _answer(req, result, g, fixed, function_record, send)


if __name__ == "__main__":
    main()
