"""State-machine memory (SMG) of a web application: states, operations, transitions, on disk as YAML.

Why a state machine: a task is planned against what the application *can do* (operations with
typed inputs and outputs, available in named states, leading to named states) rather than decided
one action at a time from the current page. Following the ActionEngine paper:

* a :class:`State` is a page **template**, not a page: a URL pattern (``/support/{key}``) plus a
  structural signature (headings, landmarks and form controls whose text holds no record data),
  so every ticket's detail page is the one state ``TicketPage``;
* an :class:`Operation` is a parametrised sequence of GUI :class:`Atom` s (click / fill / select /
  press / read) addressed by **semantic selectors** (ARIA role + accessible name, with ``@param``
  placeholders), never by element ids; it has a pre-state, a post-state and, for reads, an output
  schema. Operations are the graph's edges (reads and in-page inputs are self-loops);
* :class:`StateMachine` answers what the planner, linker and falsifier generator ask: the states,
  the operations available in a state, and shortest navigation paths between states.

The YAML is versioned (``version`` grows with every patch, ``patches`` says what changed and why)
and written with stable key order so two crawls or a patch diff cleanly.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fcpkit.core.plan import yaml_dump, yaml_load
from fcpkit_lab.engine.smg_parts import (
    ATOM_ACTIONS,
    OP_KINDS,
    SCHEMA_VERSION,
    STATE_KINDS,
    Atom,
    Operation,
    Param,
    SMGError,
    State,
)
from fcpkit.errors import ConfigError

__all__ = ["StateMachine"]

@dataclass
class StateMachine:
    """The SMG of one application: states and operations, plus crawl metadata and a patch log."""

    app: str
    states: dict[str, State] = field(default_factory=dict)
    operations: dict[str, Operation] = field(default_factory=dict)
    seed: str | None = None
    version: int = 1
    stats: dict[str, Any] = field(default_factory=dict)
    patches: list[dict[str, Any]] = field(default_factory=list)

    # ------------------------------------------------------------------ building
    def add_state(self, state: State) -> State:
        self.states[state.id] = state
        return state

    def add_operation(self, op: Operation) -> Operation:
        self.operations[op.id] = op
        return op

    def replace_operation(self, op: Operation) -> None:
        if op.id not in self.operations:
            raise ConfigError(f"no operation {op.id!r} to replace")
        self.operations[op.id] = op

    # ------------------------------------------------------------------ queries
    def state(self, sid: str) -> State:
        try:
            return self.states[sid]
        except KeyError:
            raise ConfigError(f"unknown state {sid!r}; the SMG has {', '.join(sorted(self.states))}") from None

    def operation(self, oid: str) -> Operation:
        try:
            return self.operations[oid]
        except KeyError:
            close = [o for o in self.operations if o.lower() == oid.lower()]
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ConfigError(f"unknown operation {oid!r}{hint}") from None

    def operations_from(self, sid: str, kinds: Sequence[str] | None = None) -> list[Operation]:
        """Operations available in state ``sid`` (optionally of the given kinds), in file order."""
        return [o for o in self.operations.values() if o.state == sid and (kinds is None or o.kind in kinds)]

    def transitions(self) -> list[tuple[str, str, str]]:
        """Every edge ``(pre-state, operation, post-state)``."""
        return [(o.state, o.id, o.target) for o in self.operations.values()]

    def states_of_kind(self, kind: str) -> list[State]:
        return [s for s in self.states.values() if s.kind == kind]

    def shortest_path(self, src: str, dst: str, *, bindable: Iterable[str] = (),
                      kinds: Sequence[str] = ("navigate",)) -> list[Operation] | None:
        """Fewest operations from ``src`` to ``dst`` (breadth-first), or ``None`` when unreachable.

        Only operations of ``kinds`` are used (navigation by default: linking never submits a form),
        and only those whose required inputs are all in ``bindable`` (the values the program has).
        """
        self.state(src), self.state(dst)
        if src == dst:
            return []
        have = set(bindable)
        prev: dict[str, tuple[str, Operation]] = {}
        queue, seen = deque([src]), {src}
        while queue:
            cur = queue.popleft()
            for op in self.operations_from(cur, kinds):
                if op.target in seen or not op.required() <= have:
                    continue
                seen.add(op.target)
                prev[op.target] = (cur, op)
                if op.target == dst:
                    path: list[Operation] = []
                    node = dst
                    while node != src:
                        node, o = prev[node]
                        path.append(o)
                    return path[::-1]
                queue.append(op.target)
        return None

    def reachable(self, src: str, *, kinds: Sequence[str] = ("navigate", "search", "write")) -> set[str]:
        """States reachable from ``src`` through operations of ``kinds`` (any inputs)."""
        seen, queue = {src}, deque([src])
        while queue:
            for op in self.operations_from(queue.popleft(), kinds):
                if op.target not in seen:
                    seen.add(op.target)
                    queue.append(op.target)
        return seen

    def recognise(self, path: str, signature: Iterable[str] = ()) -> str | None:
        """The state a page is an instance of: URL pattern first, then the closest signature.

        ``signature`` is the page's structural atoms (as :func:`fcpkit_lab.engine.pages.page_signature`
        reads them). An error or sign-in state (pattern ``*``) wins when its signature fits better
        than the URL's own state: an error page is served at any URL. ``None`` when nothing fits.
        """
        sig = set(signature)
        best, best_score = None, -1.0
        for s in self.states.values():
            if s.match_url(path) is None:
                continue
            own = set(s.signature)
            score = len(own & sig) / len(own | sig) if (own or sig) else 1.0
            if s.url_pattern != "*":
                score += 0.25  # the URL's own template is preferred on a tie
            if score > best_score:
                best, best_score = s.id, score
        if best is None:
            return None
        if sig and best_score < 0.5:
            return None
        return best

    def diff(self, other: StateMachine) -> list[str]:
        """What changed from ``self`` to ``other``, one line per added/removed/changed item."""
        out = []
        for kind, a, b in (("state", self.states, other.states), ("operation", self.operations, other.operations)):
            for k in sorted(set(a) | set(b)):
                if k not in b:
                    out.append(f"- {kind} {k}")
                elif k not in a:
                    out.append(f"+ {kind} {k}")
                elif a[k].to_data() != b[k].to_data():
                    out.append(f"~ {kind} {k}")
        return out

    # ------------------------------------------------------------------ YAML
    def to_data(self) -> dict[str, Any]:
        return {
            "smg": SCHEMA_VERSION,
            "app": self.app,
            "version": self.version,
            "seed": self.seed,
            "stats": dict(self.stats),
            "states": [s.to_data() for s in self.states.values()],
            "operations": [o.to_data() for o in self.operations.values()],
            "patches": list(self.patches),
        }

    def to_yaml(self) -> str:
        return yaml_dump(self.to_data())

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_yaml(), encoding="utf-8")
        return path

    @classmethod
    def from_yaml(cls, text: str, source: str = "<smg>") -> StateMachine:
        try:
            data = yaml_load(text)
        except Exception as exc:  # noqa: BLE001 - any YAML error is the user's file
            raise SMGError(source, [f"not valid YAML: {exc}".split("\n")[0]]) from None
        return cls.from_data(data, source)

    @classmethod
    def load(cls, path: str | Path) -> StateMachine:
        path = Path(path)
        if not path.exists():
            raise ConfigError(f"{path}: no such SMG file; run `fcpkit crawl --out {path}` to build one")
        return cls.from_yaml(path.read_text(encoding="utf-8"), str(path))

    @classmethod
    def from_data(cls, data: Any, source: str = "<smg>") -> StateMachine:
        return _parse(cls, data, source)

    # ------------------------------------------------------------------ patches
    def record_patch(self, kind: str, target: str, detail: str, **extra: Any) -> None:
        """Bump the version and log one patch (what, where, why): the memory's history."""
        self.version += 1
        self.patches.append({"version": self.version, "kind": kind, "target": target, "detail": detail, **extra})

    def with_operation(self, op: Operation) -> StateMachine:
        """A copy with ``op`` added or replaced (for what-if compiles)."""
        return replace(self, operations={**self.operations, op.id: op})


# ---------------------------------------------------------------------------------- parsing


def _need(d: Mapping[str, Any], key: str, path: str, problems: list[str], kind: type = str) -> Any:
    v = d.get(key)
    if not isinstance(v, kind) or (kind is str and not v):
        problems.append(f"{path}.{key}: missing or not a {kind.__name__}; add it")
        return None
    return v


def _atom(d: Any, path: str, problems: list[str]) -> Atom | None:
    if not isinstance(d, Mapping):
        problems.append(f"{path}: an atom is a mapping with action, role, name")
        return None
    action = _need(d, "action", path, problems)
    if action is not None and action not in ATOM_ACTIONS:
        problems.append(f"{path}.action: {action!r} is not one of {', '.join(ATOM_ACTIONS)}")
        return None
    role, name = _need(d, "role", path, problems), d.get("name")
    if not isinstance(name, str):
        problems.append(f"{path}.name: missing; the element's accessible name")
        return None
    if action is None or role is None:
        return None
    value, within = d.get("value"), d.get("within")
    return Atom(action, role, name, None if value is None else str(value), within)


def _param(d: Any, path: str, problems: list[str]) -> Param | None:
    if isinstance(d, str):
        return Param(d)
    if not isinstance(d, Mapping) or not isinstance(d.get("name"), str):
        problems.append(f"{path}: an input is a name or a mapping with name, description, options")
        return None
    return Param(d["name"], str(d.get("description", "")), tuple(str(o) for o in d.get("options", ()) or ()),
                 bool(d.get("required", True)))


def _state(d: Any, path: str, problems: list[str]) -> State | None:
    if not isinstance(d, Mapping):
        problems.append(f"{path}: a state is a mapping with id, url_pattern, title")
        return None
    sid, pat = _need(d, "id", path, problems), _need(d, "url_pattern", path, problems)
    kind = d.get("kind", "page")
    if kind not in STATE_KINDS:
        problems.append(f"{path}.kind: {kind!r} is not one of {', '.join(STATE_KINDS)}")
    if sid is None or pat is None:
        return None
    return State(sid, pat, str(d.get("title", "")), tuple(str(x) for x in d.get("signature", ()) or ()),
                 kind, str(d.get("description", "")), d.get("sample"))


def _operation(d: Any, path: str, problems: list[str]) -> Operation | None:
    if not isinstance(d, Mapping):
        problems.append(f"{path}: an operation is a mapping with id, state, target, kind, atoms")
        return None
    oid, st, tg = (_need(d, k, path, problems) for k in ("id", "state", "target"))
    kind = d.get("kind")
    if kind not in OP_KINDS:
        problems.append(f"{path}.kind: {kind!r} is not one of {', '.join(OP_KINDS)}")
    raw_atoms = d.get("atoms")
    if not isinstance(raw_atoms, list) or not raw_atoms:
        problems.append(f"{path}.atoms: an operation needs at least one atom")
        raw_atoms = []
    atoms = [_atom(a, f"{path}.atoms[{i}]", problems) for i, a in enumerate(raw_atoms)]
    inputs = [_param(p, f"{path}.inputs[{i}]", problems) for i, p in enumerate(d.get("inputs", ()) or ())]
    if None in (oid, st, tg) or None in atoms or None in inputs or kind not in OP_KINDS:
        return None
    declared = {p.name for p in inputs}
    used = set().union(*(a.params() for a in atoms))
    if used - declared:
        problems.append(f"{path}: atoms use {', '.join('@' + u for u in sorted(used - declared))} "
                        f"but inputs do not declare it; add it to inputs")
    return Operation(oid, st, tg, kind, tuple(atoms), tuple(inputs), d.get("output") or None,
                     str(d.get("description", "")), str(d.get("effect", "read")), bool(d.get("observed", True)),
                     d.get("validated"), d.get("outcome"))


def _parse(cls: type, data: Any, source: str) -> StateMachine:
    if not isinstance(data, Mapping) or "smg" not in data:
        raise SMGError(source, ["not an SMG file: the top level must be a mapping with smg, app, states, operations"])
    problems: list[str] = []
    if data.get("smg") != SCHEMA_VERSION:
        problems.append(f"smg: schema {data.get('smg')!r} is not supported; this fcpkit reads {SCHEMA_VERSION}")
    app = data.get("app") or "app"
    smg = cls(str(app), seed=data.get("seed"), version=int(data.get("version", 1) or 1),
              stats=dict(data.get("stats") or {}), patches=list(data.get("patches") or []))
    for i, d in enumerate(data.get("states") or []):
        s = _state(d, f"states[{i}]", problems)
        if s is not None:
            if s.id in smg.states:
                problems.append(f"states[{i}].id: {s.id!r} is used twice; state ids are unique")
            smg.add_state(s)
    for i, d in enumerate(data.get("operations") or []):
        o = _operation(d, f"operations[{i}]", problems)
        if o is None:
            continue
        if o.id in smg.operations:
            problems.append(f"operations[{i}].id: {o.id!r} is used twice; operation ids are unique")
        for key in ("state", "target"):
            if getattr(o, key) not in smg.states:
                problems.append(f"operations[{i}].{key}: {getattr(o, key)!r} is not a state of this SMG")
        smg.add_operation(o)
    if problems:
        raise SMGError(source, problems)
    return smg
