"""The executor: runs a compiled program node by node, with no model call, and localises failures.

Operation nodes run their SMG operation through a :class:`Driver` (the browser); their arguments
and every Python node run in the :class:`~fcpkit_lab.engine.sandbox.Sandbox` against the execution
context (the program's variables): each in a fresh child process under OS limits, the executor's
``report`` called back into this process (it reaches the browser, which cannot cross a process);
a limit hit is a ``limit`` failure of its node, the program's own error a ``code`` failure. Before an operation the executor checks the app is in the
operation's pre-state (a relink navigates there when an earlier branch left it elsewhere), and after
it, that the app reached the post-state. A failure names its node; when a :class:`Patcher` is given
it diagnoses the failure, patches the SMG (persisted by the patcher) and the node is retried: the
program resumes where it stopped, its earlier nodes are not re-run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from fcpkit.errors import FcpkitError

from fcpkit_lab.engine.compiler import ForNode, IfNode, OpNode, Program, PyNode
from fcpkit_lab.engine.pages import AtomError
from fcpkit_lab.engine.sandbox import Sandbox, SandboxError, SandboxLimit
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation

__all__ = ["Driver", "ExecutionResult", "Executor", "NodeEvent", "NodeFailure", "Patcher"]


class Driver(Protocol):
    """The browser as the executor sees it."""

    def run_operation(self, op: Operation, args: dict[str, Any]) -> Any: ...

    def current_state(self, smg: StateMachine) -> str | None: ...

    def url_fields(self, smg: StateMachine) -> dict[str, str]: ...

    def report(self, text: str) -> None: ...


class Patcher(Protocol):
    """Repairs the SMG after a node failure; returns a description of the patch, or ``None``."""

    def repair(self, smg: StateMachine, node: OpNode, failure: NodeFailure, driver: Driver) -> str | None: ...


class NodeFailure(FcpkitError):
    """A node failed: ``kind`` is ``selector`` (an atom's element), ``state`` (wrong post-state),
    ``record`` (the right page template, another record),
    ``precondition`` (not in the pre-state, no path), ``code`` (a Python node), ``limit``."""

    def __init__(self, node: str, kind: str, detail: str, *, landed: str | None = None,
                 atom_error: AtomError | None = None):
        super().__init__(f"node {node}: {kind}: {detail}")
        self.node, self.kind, self.detail, self.landed, self.atom_error = node, kind, detail, landed, atom_error


@dataclass(frozen=True)
class NodeEvent:
    """One executed node: what it was, where the app was before and after, what it returned or why it failed."""

    node: str
    kind: str
    label: str
    ok: bool
    state_before: str | None = None
    state_after: str | None = None
    output: str | None = None
    error: str | None = None
    seconds: float = 0.0


@dataclass
class ExecutionResult:
    ok: bool
    events: list[NodeEvent] = field(default_factory=list)
    context: dict[str, Any] = field(default_factory=dict)
    answer: str | None = None
    failure: NodeFailure | None = None
    patches: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failed_node(self) -> str | None:
        return self.failure.node if self.failure else None


def _kind(exc: SandboxError) -> str:
    """A sandbox error as a node failure's kind: a limit hit (steps, time, memory) or the code's own."""
    return "limit" if isinstance(exc, SandboxLimit) else "code"


def _short(value: Any, n: int = 160) -> str | None:
    if value is None:
        return None
    text = repr(value)
    return text if len(text) <= n else text[: n - 1] + "…"


class Executor:
    """Run :class:`~fcpkit_lab.engine.compiler.Program` s against a driver (see the module doc)."""

    def __init__(self, smg: StateMachine, driver: Driver, *, sandbox: Sandbox | None = None,
                 patcher: Patcher | None = None, max_nodes: int = 500, max_patches: int = 3,
                 helpers: dict[str, Callable[..., Any]] | None = None,
                 on_event: Callable[[NodeEvent], None] | None = None) -> None:
        self.smg, self.driver, self.patcher = smg, driver, patcher
        self.answers: list[str] = []
        self.sandbox = sandbox or Sandbox({"report": self._report, **(helpers or {})})
        self.max_nodes, self.max_patches = max_nodes, max_patches
        self.on_event = on_event

    def _report(self, text: Any) -> str:
        text = str(text)
        self.answers.append(text)
        self.driver.report(text)
        return text

    def run(self, program: Program) -> ExecutionResult:
        res = ExecutionResult(False)
        self._res, self._count = res, 0
        started = time.monotonic()
        try:
            self._block(program.nodes, res.context)
            res.ok = True
        except NodeFailure as exc:
            res.failure = exc
        res.answer = self.answers[-1] if self.answers else None
        res.seconds = time.monotonic() - started
        return res

    # ------------------------------------------------------------------ nodes
    def _emit(self, ev: NodeEvent) -> None:
        self._res.events.append(ev)
        if self.on_event is not None:
            self.on_event(ev)

    def _tick(self, node_id: str) -> None:
        self._count += 1
        if self._count > self.max_nodes:
            raise NodeFailure(node_id, "limit", f"more than {self.max_nodes} nodes executed")

    def _block(self, nodes: list, ctx: dict[str, Any]) -> None:
        for n in nodes:
            self._tick(n.id)
            if isinstance(n, OpNode):
                self._op(n, ctx)
            elif isinstance(n, PyNode):
                self._py(n, ctx)
            elif isinstance(n, IfNode):
                branch = n.then if self._eval(n.id, n.test, ctx) else n.orelse
                self._emit(NodeEvent(n.id, "if", n.label(), True, output=_short(branch is n.then)))
                self._block(branch, ctx)
            elif isinstance(n, ForNode):
                items = list(self._eval(n.id, n.iter, ctx))
                self._emit(NodeEvent(n.id, "for", n.label(), True, output=f"{len(items)} items"))
                for item in items:
                    ctx[n.var] = item
                    self._block(n.body, ctx)

    def _eval(self, nid: str, source: str, ctx: dict[str, Any]) -> Any:
        try:
            return self.sandbox.eval(source, ctx, nid)
        except SandboxError as exc:
            self._emit(NodeEvent(nid, "py", source, False, error=str(exc)))
            raise NodeFailure(nid, _kind(exc), str(exc)) from None

    def _py(self, n: PyNode, ctx: dict[str, Any]) -> None:
        t = time.monotonic()
        try:
            self.sandbox.run(n.source, ctx, n.id)
        except SandboxError as exc:
            self._emit(NodeEvent(n.id, "py", n.label(), False, error=str(exc), seconds=time.monotonic() - t))
            raise NodeFailure(n.id, _kind(exc), str(exc)) from None
        self._emit(NodeEvent(n.id, "py", n.label(), True, seconds=time.monotonic() - t))

    def _relink(self, n: OpNode, here: str | None, op: Operation, ctx: dict[str, Any]) -> str | None:
        """Navigate from ``here`` to the operation's pre-state when an earlier step left the app elsewhere."""
        if here is None or here == op.state:
            return here
        bound = {k: v for k, v in ctx.items() if isinstance(v, str)}
        path = self.smg.shortest_path(here, op.state, bindable=set(bound) | set(n.args))
        if path is None:
            raise NodeFailure(n.id, "precondition", f"the app is in {here}, {op.id} needs {op.state}; no path")
        args = {k: self._eval(n.id, v, ctx) for k, v in n.args.items()}
        for p in path:
            self.driver.run_operation(p, {k: args.get(k, bound.get(k)) for k in p.param_names})
            self._emit(NodeEvent(n.id, "relink", f"{p.id}()", True, here, p.target))
            here = p.target
        return self.driver.current_state(self.smg)

    def _check_record(self, n: OpNode, op: Operation, args: dict[str, Any]) -> None:
        """The right template is not enough: an operation given a record's key must land on that record."""
        fields = self.smg.states[op.target].fields
        wanted = {k: str(v) for k, v in args.items() if k in fields and op.target != op.state}
        if wanted:
            got = self.driver.url_fields(self.smg)
            wrong = {k: got.get(k) for k, v in wanted.items() if got.get(k) != v}
            if wrong:
                raise NodeFailure(n.id, "record", f"{op.id} opened {wrong} instead of {wanted}",
                                  landed=op.target)

    def _op(self, n: OpNode, ctx: dict[str, Any]) -> None:
        patches = 0
        while True:
            op = self.smg.operation(n.op)  # looked up each try: a patch may have changed it
            t = time.monotonic()
            before = self.driver.current_state(self.smg)
            try:
                before = self._relink(n, before, op, ctx)
                args = {k: self._eval(n.id, v, ctx) for k, v in n.args.items()}
                out = self.driver.run_operation(op, args)
                after = self.driver.current_state(self.smg)
                if after != op.target:
                    raise NodeFailure(n.id, "state", f"{op.id} landed on {after or 'an unknown page'}, "
                                      f"expected {op.target}", landed=after)
                self._check_record(n, op, args)
            except AtomError as exc:
                failure = NodeFailure(n.id, "selector", str(exc), atom_error=exc)
            except NodeFailure as exc:
                failure = exc
            else:
                if n.out:
                    ctx[n.out] = out
                self._emit(NodeEvent(n.id, "op", n.label(), True, before, after, _short(out),
                                     seconds=time.monotonic() - t))
                return
            self._emit(NodeEvent(n.id, "op", n.label(), False, before, failure.landed, error=failure.detail,
                                 seconds=time.monotonic() - t))
            if self.patcher is None or patches >= self.max_patches:
                raise failure
            patch = self.patcher.repair(self.smg, n, failure, self.driver)
            if patch is None:
                raise failure
            patches += 1
            self._res.patches.append(f"{n.id}: {patch}")
            self._emit(NodeEvent(n.id, "patch", patch, True))
            if failure.kind == "state":
                return  # the patch recorded where the operation really leads; the node is done
