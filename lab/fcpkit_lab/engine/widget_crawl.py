"""Crawling a single-page app whose states change through its widgets (MiniWoB++ tasks).

The workbench crawler (:mod:`fcpkit_lab.engine.crawler`) follows links and forms between URLs. A
MiniWoB++ task is one page: what changes is its content from one visit (episode) to the next and
what its widgets show. The same four phases, on widgets:

1. **discovery** — ``samples`` visits of the page (fresh episodes); in each, the in-page navigation
   (tabs, ``#`` links) is clicked in turn and the page read again. A widget present exactly once on
   every visit is **structure** (the text field, the *Submit* button, *Tab #2*); one whose name
   changes between visits is **content** (the labels of click-button's buttons), so it becomes an
   operation's input, not part of a state. A page whose structure a click changed is a new state.
2. **operation definition** — per widget group (what a person sees as one form): each structural
   button becomes a write that fills the group's structural fields, then clicks it
   (``LoginOnLoginUserTaskPage(username, password)``); buttons whose labels are content become one
   ``ClickButton…(button)`` write; a tab list one ``ClickTab…(tab)`` input; fields with no button
   their own input operations. Selectors are role + accessible name, or the label a person reads
   before the field when it has no accessible name.
3. **enrichment** — descriptions (templates, or a ``describer``); with ``safe=False`` each write is
   done once in a fresh visit and where it lands recorded.
4. **validation** — every operation replayed on a visit the discovery never saw, in a fresh browser
   context: fields filled, selectors resolving to one element, in-page clicks landing in their
   post-state; in safe mode a write's button is located, never clicked.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol
from urllib.parse import urlsplit

from fcpkit_lab.engine.crawler import CrawlConfig
from fcpkit_lab.engine.describe import DescribeStats, describe_all
from fcpkit_lab.engine.naming import camel, op_name, state_name, url_pattern
from fcpkit_lab.engine.pages import AtomError, locate, run_atom, run_operation
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Atom, Operation, Param, State
from fcpkit_lab.engine.widgets import CONTROL_ROLES, control_name, read_widgets, recognise_widgets, widget_key, \
    widget_signature

__all__ = ["EpisodeSource", "crawl_widgets", "widget_state"]

_FILL = {"textbox": "fill", "searchbox": "fill", "spinbutton": "fill", "combobox": "select", "listbox": "select",
         "checkbox": "click", "radio": "click"}
_DEFAULT_PARAM = {"textbox": "text", "searchbox": "query", "spinbutton": "number", "combobox": "option",
                  "listbox": "option", "checkbox": "box", "radio": "choice"}


class EpisodeSource(Protocol):
    """Visits of one page: ``open(sample)`` is a fresh browser context on a new visit, seeded by ``sample``."""

    start_path: str

    def open(self, sample: int) -> Any: ...


@dataclass(frozen=True)
class _Visit:
    sample: int
    path: str
    read: dict
    via: tuple[tuple[str, str], ...] = ()  # (role, name) of the in-page clicks that led here

    @property
    def signature(self) -> tuple[str, ...]:
        return widget_signature(self.read)


@dataclass
class _Crawl:
    source: EpisodeSource
    config: CrawlConfig
    visits: list[_Visit] = field(default_factory=list)
    via: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # state -> clicks from the start
    pages: int = 0
    started: float = field(default_factory=time.monotonic)

    def over_budget(self) -> bool:
        return self.pages >= self.config.max_pages or time.monotonic() - self.started > self.config.max_seconds

    def open(self, sample: int, via: Sequence[tuple[str, str]] = ()) -> tuple[Any, _Visit]:
        page = self.source.open(sample)
        self.pages += 1
        for role, name in via:
            run_atom(page, Atom("click", role, name), {})
        read = read_widgets(page)
        return page, _Visit(sample, urlsplit(read["url"]).path, read, tuple(via))


def _in_page(w: dict) -> bool:
    """Navigation that stays on the page and changes no data: a tab, a ``#`` link."""
    return w["role"] == "tab" or (w["role"] == "link" and w["href"].startswith("#"))


def _discover(c: _Crawl) -> None:
    for i in range(c.config.samples):
        if c.over_budget():
            break
        page, visit = c.open(i)
        c.visits.append(visit)
        for w in visit.read["widgets"]:
            if not _in_page(w):
                continue
            step = (w["role"], control_name(w))
            try:
                run_atom(page, Atom("click", *step), {})
            except AtomError:
                continue
            read = read_widgets(page)
            c.visits.append(_Visit(i, urlsplit(read["url"]).path, read, (step,)))


def _structural(visits: Sequence[_Visit]) -> set[str]:
    """Widget keys present exactly once on every visit."""
    counts = [Counter(widget_key(w) for w in v.read["widgets"]) for v in visits]
    keys = set().union(*counts) if counts else set()
    return {k for k in keys if all(cnt.get(k) == 1 for cnt in counts)}


def _states(c: _Crawl, smg: StateMachine) -> dict[str, list[_Visit]]:
    """The start page's template (structure shared by its visits), and one state per in-page click
    that changed the structure (new structural widgets, or structural ones gone)."""
    roots = [v for v in c.visits if not v.via]
    base_sig = set.intersection(*(set(v.signature) for v in roots))
    seen = set().union(*(set(v.signature) for v in roots))
    title = roots[0].read.get("title") or "Page"
    base = state_name(title)
    smg.add_state(State(base, url_pattern(roots[0].path), title, tuple(sorted(base_sig)), "page",
                        f"The {title} page", sample=roots[0].path))
    groups: dict[str, list[_Visit]] = {base: roots}
    c.via[base] = ()
    by_click: dict[tuple, list[_Visit]] = {}
    for v in c.visits:
        if v.via:
            by_click.setdefault(v.via, []).append(v)
    for via, visits in by_click.items():
        sig = set.intersection(*(set(v.signature) for v in visits))
        if sig - seen or base_sig - sig:
            sid = state_name(f"{title} {via[-1][1]}")
            smg.add_state(State(sid, url_pattern(visits[0].path), f"{title}: {via[-1][1]}", tuple(sorted(sig)),
                                "page", f"The {title} page after its {via[-1][0]} '{via[-1][1]}' is opened",
                                sample=visits[0].path))
            groups[sid], c.via[sid] = visits, via
        else:
            groups[base].extend(visits)
    return groups


def _param(w: dict, visits: Sequence[_Visit], taken: set[str]) -> Param:
    name = "_".join(re.findall(r"[a-z0-9]+", control_name(w).lower())) or _DEFAULT_PARAM.get(w["role"], "value")
    base, i = name, 2
    while name in taken:
        name, i = f"{base}_{i}", i + 1
    taken.add(name)
    what = f"the '{control_name(w)}' {w['role']}" if control_name(w) else f"the page's {w['role']} (it has no label)"
    if w["role"] not in ("combobox", "listbox"):
        return Param(name, what + (" (a password)" if w.get("password") else ""))
    lists = [x["options"] for v in visits for x in v.read["widgets"] if widget_key(x) == widget_key(w)]
    shared = [o for o in lists[0] if all(o in lst for lst in lists)] if lists else []
    if lists and len(shared) == len(lists[0]):
        return Param(name, what, tuple(o for o in shared if o))
    return Param(name, what + ": one of the options it lists (they change from visit to visit)")


def _ordered(visits: Sequence[_Visit], group: str, keep: Callable[[dict], bool]) -> list[dict]:
    """The group's widgets that ``keep`` accepts, once each by key, in the order of their first visit."""
    out, keys = [], set()
    for v in visits:
        for w in v.read["widgets"]:
            if w["group"] == group and keep(w) and widget_key(w) not in keys:
                keys.add(widget_key(w))
                out.append(w)
    return out


def _group_ops(st: State, visits: Sequence[_Visit], group: str, structure: set[str], taken: set[str]) -> list[Operation]:
    """The operations of one widget group of state ``st`` (see the module doc, phase 2)."""
    def fixed(w: dict) -> bool:
        return widget_key(w) in structure

    fields = _ordered(visits, group, lambda w: fixed(w) and w["role"] in CONTROL_ROLES)
    buttons = _ordered(visits, group, lambda w: w["role"] == "button")
    tabs = _ordered(visits, group, lambda w: _in_page(w))
    names: set[str] = set()
    params = [_param(w, visits, names) for w in fields]
    fills = [Atom(_FILL[w["role"]], w["role"], control_name(w),
                  None if _FILL[w["role"]] == "click" else f"@{p.name}") for w, p in zip(fields, params)]
    ops = []
    for b in (b for b in buttons if fixed(b)):
        ops.append(Operation(op_name(camel(control_name(b)) or "Click", f"On{st.id}", taken), st.id, st.id, "write",
                             (*fills, Atom("click", "button", control_name(b))), tuple(params),
                             effect="irreversible", observed=False))
    varying = [control_name(b) for b in buttons if not fixed(b)]
    if varying:
        seen = ", ".join(dict.fromkeys(varying))
        p = Param("button", f"the label of the button to click (labels change from visit to visit; seen: {seen})")
        ops.append(Operation(op_name("ClickButton", f"On{st.id}", taken), st.id, st.id, "write",
                             (*fills, Atom("click", "button", "@button")), (*params, p),
                             effect="irreversible", observed=False))
    if tabs:
        role = tabs[0]["role"]
        fixed_names = tuple(control_name(t) for t in tabs if fixed(t))
        p = Param(role, f"the {role} to open", fixed_names if len(fixed_names) == len(tabs) else ())
        ops.append(Operation(op_name("Click" + camel(role), f"On{st.id}", taken), st.id, st.id, "input",
                             (Atom("click", role, f"@{role}"),), (p,)))
    if not buttons:
        for w, p, a in zip(fields, params, fills):
            verb = {"fill": "Fill", "select": "Choose", "click": "Toggle"}[a.action]
            ops.append(Operation(op_name(verb + camel(p.name), f"On{st.id}", taken), st.id, st.id, "input", (a,), (p,)))
    return ops


def _operations(smg: StateMachine, groups: dict[str, list[_Visit]], via: dict[str, tuple] | None = None) -> None:
    """Each state's group operations, and a navigation from the start state to each state a click opened."""
    taken: set[str] = set()
    base = next(iter(groups))
    for sid, clicks in (via or {}).items():
        if clicks:
            smg.add_operation(Operation(op_name("GoTo", f"{sid}From{base}", taken), base, sid, "navigate",
                                        tuple(Atom("click", role, name) for role, name in clicks)))
    for sid, visits in groups.items():
        structure = _structural(visits)
        order = list(dict.fromkeys(w["group"] for v in visits for w in v.read["widgets"]))
        for group in order:
            for op in _group_ops(smg.states[sid], visits, group, structure, taken):
                smg.add_operation(op)


def _sample_args(op: Operation, read: dict, config: CrawlConfig) -> dict[str, str]:
    """Values to exercise ``op`` with on the visit ``read``: what the live page offers for content inputs."""
    args: dict[str, str] = {}
    for atom in op.atoms:
        for pname in sorted(atom.params()):
            p = next(p for p in op.inputs if p.name == pname)
            if p.options:
                args[pname] = p.options[1] if len(p.options) > 1 else p.options[0]
                continue
            live = [w for w in read["widgets"] if w["role"] == atom.role
                    and (atom.name.startswith("@") or control_name(w) == atom.name)]
            if atom.name == f"@{pname}" and live:  # a label that is content: one the page shows now
                args[pname] = control_name(live[0])
            elif atom.action == "select" and live and live[0]["options"]:
                opts = live[0]["options"]
                args[pname] = opts[1] if len(opts) > 1 else opts[0]
            else:
                args[pname] = config.sample_number if atom.role == "spinbutton" else config.sample_text
    return args


def widget_state(smg: StateMachine, page: Any) -> str | None:
    """The state of ``smg`` the open single-page app is in (``None``: none fits)."""
    read = read_widgets(page)
    return recognise_widgets(smg.states.values(), urlsplit(read["url"]).path, widget_signature(read))


def _check(smg: StateMachine, op: Operation, page: Any, read: dict, config: CrawlConfig) -> str | None:
    """``None`` when ``op`` works on this visit, else why not. A write in safe mode fills its fields
    (nothing is sent) and its button is only located."""
    args = _sample_args(op, read, config)
    try:
        if op.kind == "write" and config.safe:
            *fills, last = op.atoms
            run_operation(page, replace(op, atoms=tuple(fills)), args)
            n = locate(page, last, args).count()
            return None if n == 1 else f"{last.describe(args)}: {n} elements match"
        run_operation(page, op, args)
    except AtomError as exc:
        return str(exc)
    landed = widget_state(smg, page)
    return None if landed == op.target else f"landed on {landed or 'an unknown page'}, expected {op.target}"


def _observe_writes(smg: StateMachine, c: _Crawl) -> None:
    """``safe=False``: each write done once on a fresh visit; where it landed is recorded (observed)."""
    for oid, op in list(smg.operations.items()):
        if op.kind != "write" or c.over_budget():
            continue
        page, visit = c.open(c.config.samples + 1, c.via[op.state])
        try:
            run_operation(page, op, _sample_args(op, visit.read, c.config))
            landed = widget_state(smg, page)
        except AtomError:
            landed = None
        smg.operations[oid] = replace(op, target=landed or op.target, observed=landed is not None)


def _validate(smg: StateMachine, c: _Crawl) -> dict[str, Any]:
    failures: dict[str, str] = {}
    for oid, op in list(smg.operations.items()):
        page, visit = c.open(c.config.samples, c.via[op.state])  # a visit the discovery never saw
        why = _check(smg, op, page, visit.read, c.config)
        if why:
            failures[oid] = why
        smg.operations[oid] = replace(op, validated=why is None)
    return {"validated": sum(1 for o in smg.operations.values() if o.validated), "validation_failures": failures}


def crawl_widgets(source: EpisodeSource, *, app: str = "app", config: CrawlConfig | None = None,
                  describer: Any = None, on_phase: Callable[[str], None] | None = None) -> StateMachine:
    """Crawl the single-page app ``source`` visits and return its SMG (see the module doc).

    ``describer``: a :class:`~fcpkit_lab.engine.describe.Describer` (an LLM) for phase 3; the template
    descriptions are used when it is ``None`` or its answer is unusable.
    """
    config = config or CrawlConfig(samples=3)
    c = _Crawl(source, config)
    smg = StateMachine(app, seed=source.start_path)
    say = on_phase or (lambda _p: None)
    say("discovery")
    _discover(c)
    if not c.visits:
        raise AtomError(Atom("read_text", "page", source.start_path), "missing", "no visit within the budget")
    groups = _states(c, smg)
    say("operations")
    _operations(smg, groups, c.via)
    say("enrichment")
    if not config.safe:
        _observe_writes(smg, c)
    described: DescribeStats = describe_all(smg, describer)
    validation = {}
    if config.validate:
        say("validation")
        validation = _validate(smg, c)
    smg.stats = {
        "states": len(smg.states), "operations": len(smg.operations),
        "by_kind": {k: sum(1 for o in smg.operations.values() if o.kind == k)
                    for k in ("navigate", "search", "write", "read", "input")},
        "pages_visited": c.pages, "samples": config.samples, "seconds": round(time.monotonic() - c.started, 1),
        **described.stats(), "safe": config.safe, **validation,
    }
    return smg
