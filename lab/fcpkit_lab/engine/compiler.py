"""Sketch -> linked -> compiled program: the deterministic half of planning (no model calls).

A **sketch** is ordinary Python in which application interactions are calls of SMG operations by id
(``OpenTicketPage(key="T-390")``, ``details = ReadTicketDetails()``), mixed with plain Python
(conditions, loops, string building) and ``report(text)`` for the answer. The planner writes it
(one LLM call) or a template fills it (:mod:`fcpkit_lab.engine.templates`).

The **compiler** turns each statement into a node of a structured control-flow graph: an
:class:`OpNode` per operation call (arguments kept as Python expressions, bound at run time), a
:class:`PyNode` per other statement (checked by the sandbox now, run by it later), :class:`IfNode`
and :class:`ForNode` for control flow. The **linker** walks the graph with the state each
operation leaves the app in, and where the next operation starts elsewhere it inserts the shortest
navigation path (breadth-first over the SMG); loop bodies are linked back to their entry state.
Where no path exists the compile fails with a :class:`LinkError` naming the break point, which is
what the planner (or the reactive fallback) gets back.
"""

from __future__ import annotations

import ast
import difflib
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fcpkit.errors import FcpkitError

from fcpkit_lab.engine.sandbox import SAFE_BUILTINS, check_source
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation

__all__ = [
    "CompileError",
    "ForNode",
    "IfNode",
    "LinkError",
    "OpNode",
    "Program",
    "PyNode",
    "compile_sketch",
    "operation_signature",
]


class CompileError(FcpkitError):
    """The sketch is not a program over this SMG (unknown operation, bad argument, refused code)."""


class LinkError(CompileError):
    """No navigation path joins two operations of the sketch: the SMG is incomplete for this task."""

    def __init__(self, message: str, src: str, dst: str):
        super().__init__(message)
        self.src, self.dst = src, dst


@dataclass
class OpNode:
    id: str
    op: str
    args: dict[str, str]
    out: str | None = None
    linked: bool = False
    pre: str = ""
    post: str = ""
    line: int = 0

    def label(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.args.items())
        head = f"{self.out} = " if self.out else ""
        return f"{head}{self.op}({args})" + ("   # linked" if self.linked else "")


@dataclass
class PyNode:
    id: str
    source: str
    line: int = 0

    def label(self) -> str:
        return self.source


@dataclass
class IfNode:
    id: str
    test: str
    then: list = field(default_factory=list)
    orelse: list = field(default_factory=list)
    line: int = 0

    def label(self) -> str:
        return f"if {self.test}:"


@dataclass
class ForNode:
    id: str
    var: str
    iter: str
    body: list = field(default_factory=list)
    line: int = 0

    def label(self) -> str:
        return f"for {self.var} in {self.iter}:"


@dataclass
class Program:
    """A compiled program: nodes (structured CFG), its start state, the SMG version it was compiled on."""

    task: str
    nodes: list
    start: str
    smg_version: int
    sketch: str

    def walk(self) -> Iterator[Any]:
        """Every node, depth first, in program order."""
        def rec(nodes):
            for n in nodes:
                yield n
                if isinstance(n, IfNode):
                    yield from rec(n.then)
                    yield from rec(n.orelse)
                elif isinstance(n, ForNode):
                    yield from rec(n.body)
        return rec(self.nodes)

    def op_nodes(self) -> list[OpNode]:
        return [n for n in self.walk() if isinstance(n, OpNode)]

    def listing(self) -> str:
        """The program as indented text, one node a line with its id."""
        lines: list[str] = []

        def rec(nodes, depth):
            for n in nodes:
                lines.append(f"{n.id:>4}  {'    ' * depth}{n.label()}")
                if isinstance(n, IfNode):
                    rec(n.then, depth + 1)
                    if n.orelse:
                        lines.append(f"{'':>4}  {'    ' * depth}else:")
                        rec(n.orelse, depth + 1)
                elif isinstance(n, ForNode):
                    rec(n.body, depth + 1)
        rec(self.nodes, 0)
        return "\n".join(lines)

    def edges(self) -> list[tuple[str, str]]:
        """Control-flow edges between node ids (sequence, branches, loop back edges)."""
        out: list[tuple[str, str]] = []

        def rec(nodes, after):
            for i, n in enumerate(nodes):
                nxt = nodes[i + 1].id if i + 1 < len(nodes) else after
                if isinstance(n, IfNode):
                    for branch in (n.then, n.orelse):
                        if branch:
                            out.append((n.id, branch[0].id))
                            rec(branch, nxt)
                        elif nxt:
                            out.append((n.id, nxt))
                elif isinstance(n, ForNode):
                    if n.body:
                        out.append((n.id, n.body[0].id))
                        rec(n.body, n.id)
                    if nxt:
                        out.append((n.id, nxt))
                elif nxt:
                    out.append((n.id, nxt))
        rec(self.nodes, None)
        return out


#: Functions a sketch may call besides operations and the sandbox's built-ins.
SKETCH_HELPERS = frozenset({"report", "llm", "math", "json", "re"})


class _Builder:
    def __init__(self, smg: StateMachine, source: str, tree: ast.AST):
        self.smg, self.source = smg, source
        self.ids = (f"n{i}" for i in itertools.count(1))
        self.defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}

    def check_calls(self, node: ast.AST, line: int) -> None:
        """A call of a name that is no operation, helper or built-in is a mistyped operation."""
        for n in ast.walk(node):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                name = n.func.id
                if name in self.smg.operations or name in SAFE_BUILTINS or name in SKETCH_HELPERS \
                        or name in self.defined:
                    continue
                close = difflib.get_close_matches(name, list(self.smg.operations), n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                raise CompileError(f"line {line}: {name} is not an operation of the SMG{hint}")

    def seg(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ast.unparse(node)

    def op_call(self, node: ast.AST) -> ast.Call | None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.smg.operations:
            return node
        return None

    def make_op(self, call: ast.Call, out: str | None, line: int) -> OpNode:
        op = self.smg.operations[call.func.id]
        if call.args:
            raise CompileError(f"line {line}: {op.id} takes keyword arguments only ({', '.join(op.param_names)})")
        args = {}
        for kw in call.keywords:
            if kw.arg not in op.param_names:
                raise CompileError(f"line {line}: {op.id} has no input {kw.arg!r}; its inputs: "
                                   f"{', '.join(op.param_names) or 'none'}")
            src = self.seg(kw.value)
            check_source(src, "eval")
            self.check_calls(kw.value, line)
            args[kw.arg] = src
        return OpNode(next(self.ids), op.id, args, out, line=line)

    def block(self, stmts: list[ast.stmt]) -> list:
        nodes: list = []
        for s in stmts:
            line = getattr(s, "lineno", 0)
            if isinstance(s, ast.Expr) and self.op_call(s.value):
                nodes.append(self.make_op(s.value, None, line))
            elif isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) \
                    and self.op_call(s.value):
                nodes.append(self.make_op(s.value, s.targets[0].id, line))
            elif isinstance(s, ast.If):
                check_source(self.seg(s.test), "eval")
                self.check_calls(s.test, line)
                nodes.append(IfNode(next(self.ids), self.seg(s.test), self.block(s.body), self.block(s.orelse), line))
            elif isinstance(s, ast.For) and isinstance(s.target, ast.Name) and not s.orelse:
                check_source(self.seg(s.iter), "eval")
                nodes.append(ForNode(next(self.ids), s.target.id, self.seg(s.iter), self.block(s.body), line))
            else:
                src = self.seg(s)
                if any(self.op_call(n) for n in ast.walk(s)):
                    raise CompileError(f"line {line}: call operations as statements (x = Op(...)), "
                                       f"not inside expressions: {src}")
                check_source(src, "exec")
                self.check_calls(s, line)
                nodes.append(PyNode(next(self.ids), src, line))
        return nodes


def _link(smg: StateMachine, nodes: list, state: str, bound: dict[str, str], ids: Iterator[str]) -> str:
    """Insert navigation before operations that start elsewhere; returns the state after ``nodes``."""
    i = 0
    while i < len(nodes):
        n = nodes[i]
        if isinstance(n, OpNode) and not n.linked:
            op = smg.operations[n.op]
            if op.state != state:
                path = smg.shortest_path(state, op.state, bindable=set(bound))
                if path is None:
                    raise LinkError(f"line {n.line}: no navigation from {state} to {op.state} (needed by {op.id})",
                                    state, op.state)
                inserted = [OpNode(next(ids), p.id, {k: bound[k] for k in p.param_names if k in bound}, None, True,
                                   p.state, p.target, n.line) for p in path]
                nodes[i:i] = inserted
                i += len(inserted)
            bound.update(n.args)
            n.pre, n.post = op.state, op.target
            state = op.target
        elif isinstance(n, IfNode):
            ends = {_link(smg, n.then, state, dict(bound), ids), _link(smg, n.orelse, state, dict(bound), ids)}
            state = ends.pop() if len(ends) == 1 else _join(smg, n, ends, bound, ids)
        elif isinstance(n, ForNode):
            end = _link(smg, n.body, state, dict(bound), ids)
            if end != state:  # back to the loop's entry state for the next iteration
                back = smg.shortest_path(end, state, bindable=set(bound))
                if back is None:
                    raise LinkError(f"line {n.line}: the loop cannot return from {end} to {state}", end, state)
                n.body.extend(OpNode(next(ids), p.id, {k: bound[k] for k in p.param_names if k in bound}, None, True,
                                     p.state, p.target, n.line) for p in back)
        i += 1
    return state


def _join(smg: StateMachine, node: IfNode, ends: set[str], bound: dict[str, str], ids: Iterator[str]) -> str:
    """Branches that end in different states: the state both can reach first (navigation appended)."""
    then_end = _state_after(smg, node.then, None)
    else_end = _state_after(smg, node.orelse, None)
    for target in sorted(ends):
        paths = [smg.shortest_path(e, target, bindable=set(bound)) if e else [] for e in (then_end, else_end)]
        if all(p is not None for p in paths):
            for branch, path in zip((node.then, node.orelse), paths):
                branch.extend(OpNode(next(ids), p.id, {}, None, True, p.state, p.target, node.line) for p in path)
            return target
    raise LinkError(f"line {node.line}: the branches of 'if {node.test}' end in {sorted(ends)} and cannot meet",
                    *sorted(ends)[:2])


def _state_after(smg: StateMachine, nodes: list, default: str | None) -> str | None:
    state = default
    for n in nodes:
        if isinstance(n, OpNode):
            state = smg.operations[n.op].target
    return state


def compile_sketch(sketch: str, smg: StateMachine, start: str, task: str = "") -> Program:
    """Compile ``sketch`` against ``smg`` from state ``start`` (raises :class:`CompileError`)."""
    if start not in smg.states:
        raise CompileError(f"start state {start!r} is not in the SMG")
    try:
        tree = ast.parse(sketch)
    except SyntaxError as exc:
        raise CompileError(f"the sketch is not Python: line {exc.lineno}: {exc.msg}") from None
    b = _Builder(smg, sketch, tree)
    nodes = b.block(tree.body)
    if not any(isinstance(n, OpNode) for n in Program(task, nodes, start, 0, sketch).walk()):
        raise CompileError("the sketch calls no SMG operation")
    _link(smg, nodes, start, {}, b.ids)
    return Program(task, nodes, start, smg.version, sketch)


def operation_signature(op: Operation) -> str:
    """How the planner sees an operation: ``OpenTicketPage(key)  # description``."""
    params = ", ".join(p.name if p.required else f"{p.name}=None" for p in op.inputs)
    out = ""
    if op.output:
        kind = op.output.get("type")
        out = {"fields": " -> dict", "table": " -> list[dict]", "list": " -> list[str]", "text": " -> str"}.get(kind, "")
    return f"{op.id}({params}){out}  # [{op.state} -> {op.target}] {op.description}"
