"""Falsifiers generated from the state machine: an FCU plan for a compiled program, no statement hand-written.

Every operation of the SMG knows where it should lead, and what else could have happened from where
it starts. So for each acting node of a compiled program (navigate / search / write; reads take no
action) one :class:`~fcpkit.Commitment` is generated:

* **confirming evidence** — precondition: the pre-state's identity (``Ticket T-390 page``) and the
  controls the operation uses (``Assign to team list``, ``Assign button``); progress:
  the operation's atoms with their arguments, tested on the action (``Select Payments in Assign to
  team``); completion: the post-state's identity and what the operation reports, as the crawler
  observed it with the arguments filled in (``Ticket T-390 assigned to Payments. Changes saved.``);
* **falsifying evidence** — execution: another record of the post-state's kind (``A ticket other than
  T-390 is open``), the other states reachable from the pre-state by *other* operations (list and
  home pages: a keyed state is only falsifying as another record), the other options of a select
  and another value in a fill, on the action, and the other writes of the state (``Click button
  Reject`` when the program approves); skill: each control the operation needs is not available on
  the pre-state; planning: the chosen option is not offered;
* **plan-level falsifiers** — the SMG's sign-in and error states (``Sign in to Workbench page``,
  ``Page not found``), tested at every step.

:func:`align_steps` attributes a recorded trajectory's steps to the generated commitments by matching
each action's target (role and name) to the operations' atoms, so a corpus recorded under
hand-written plans can be checked under generated ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from fcpkit import Commitment, Evidence, Plan, Trajectory

from fcpkit_lab.engine.compiler import ForNode, IfNode, OpNode, Program
from fcpkit_lab.engine.sandbox import Sandbox, SandboxError
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Atom, Operation, State, fill_params

__all__ = ["align_steps", "constant_args", "identity", "plan_from_program"]

_ROLE_WORD = {"button": "button", "link": "link", "combobox": "list", "searchbox": "box", "textbox": "box"}
_ACTING = ("navigate", "search", "write")
_TARGET = re.compile(r"^\s*(\w+)\s+'((?:[^'\\]|\\.)*)'")


_STOP = {"for", "to", "of", "the", "a", "an", "in", "on", "and"}


def _title_words(title: str, app: str = "") -> list[str]:
    """The title's words without the app's own name (every page carries it) and trailing stop words."""
    words = [w for w in title.split() if w.lower() != app.lower()]
    if words and words[-1].lower() in _STOP:  # "Sign in to (Workbench)": one connective, not "in" too
        words.pop()
    return words


def identity(state: State, args: Mapping[str, Any], app: str = "") -> str:
    """How a page of ``state`` is named in evidence: ``Ticket T-390 page``, ``Support queue page``."""
    title = state.title.replace("{key}", str(args["key"])) if "key" in args else state.title.replace("{key}", "")
    title = " ".join(_title_words(title, app))
    if state.kind == "error":
        return title
    return title if title.lower().endswith(("page", "detail", "screen")) else f"{title} page"


def _stems(state: State, app: str) -> set[str]:
    return {w.lower().rstrip("s") for w in _title_words(state.title.replace("{key}", ""), app)
            if w.lower() not in _STOP}


def _distinct(neighbour: State, expected: Sequence[State], app: str) -> bool:
    """A neighbour state falsifies only if its name shares no word with the expected states' names
    (``Product catalogue page`` would half-hold on ``Product SKU-2045``: no falsifier)."""
    mine = _stems(neighbour, app)
    return bool(mine) and all(mine.isdisjoint(_stems(e, app)) for e in expected)


def _noun(state: State) -> str | None:
    """``Ticket {key}`` -> ``ticket``: states whose title is a record's kind followed by its key."""
    m = re.fullmatch(r"(.+?)\s*\{key\}", state.title)
    return m.group(1).strip().lower() if m else None


def constant_args(node: OpNode, sandbox: Sandbox | None = None) -> dict[str, Any]:
    """The node's arguments that are known before running (literals, constant expressions)."""
    box = sandbox or Sandbox(max_steps=1000, max_seconds=0.5)
    out = {}
    for k, src in node.args.items():
        try:
            out[k] = box.eval(src, {}, node.id)
        except SandboxError:
            continue  # depends on a value read at run time
    return out


def _atom_statements(atom: Atom, args: Mapping[str, Any]) -> str | None:
    try:
        name = fill_params(atom.name, args)
        value = fill_params(atom.value, args) if atom.value is not None else None
    except Exception:  # noqa: BLE001 - an argument known only at run time
        return None
    if atom.action == "click":
        return f"Click {atom.role} {name}"
    if atom.action == "fill":
        return f"Fill {name} with {value}"
    if atom.action == "select":
        return f"Select {value} in {name}"
    if atom.action == "press":
        return f"Press {value} in {name}"
    return None


def _commitment(smg: StateMachine, i: int, ops: list[tuple[Operation, dict[str, Any]]], key: dict[str, Any],
                excluded: set[str]) -> Commitment:
    op, args = ops[0]
    pre, post = smg.states[op.state], smg.states[op.target]
    bound = {**key, **args}
    progress, completion, execution, skill, planning = [], [], [], [], []
    for o, a in ops:
        for atom in o.atoms:
            s = _atom_statements(atom, {**key, **a})
            if s:
                progress.append(Evidence(s, on="action"))
    if post.id != pre.id:  # a write that stays shows its outcome, not a new page
        completion.append(identity(post, bound, smg.app))
    if len(ops) == 1 and op.outcome:
        try:
            completion.append(fill_params(op.outcome, bound))
        except Exception:  # noqa: BLE001 - the outcome names a value known only at run time
            pass
    for o, a in ops:
        if o.kind == "search" and o.outcome and " for @" in o.outcome:
            listing, param = o.outcome.split(" for @", 1)
            if a.get(param.strip(" .")):
                # the search exists to list that value: not listed in its results falsifies it
                execution.append(f"{a[param.strip(' .')]} is not listed in {listing.lower()}")
    noun = _noun(post)
    if noun and "key" in bound and post.id != pre.id:
        execution.append(Evidence(f"A {noun} other than {bound['key']} is open", on="both"))
    targets = {o.target for o, _a in ops}
    for other in smg.operations_from(pre.id, _ACTING):
        dest = smg.states[other.target]
        if other.id in excluded or other.target in targets or other.target == pre.id or dest.fields \
                or not _distinct(dest, [pre, post], smg.app):
            continue
        execution.append(identity(dest, {}, smg.app))
        if other.kind == "write":
            click = other.atoms[-1]
            execution.append(Evidence(f"Click {click.role} {click.name}", on="action"))
    controls = []
    either = len(ops) > 1  # one of several branches: only what every branch needs is expected
    shared = set.intersection(*({(a.role, a.name) for a in o.atoms} for o, _a in ops))
    for o, a in ops:
        for atom in o.atoms:
            if atom.action not in ("click", "fill", "select", "press") or "@" in atom.name:
                continue
            if either:
                if (atom.role, atom.name) in shared:
                    controls.append(f"{atom.name} {_ROLE_WORD.get(atom.role, atom.role)}")
                continue
            controls.append(f"{atom.name} {_ROLE_WORD.get(atom.role, atom.role)}")
            skill.append(f"{atom.name} {_ROLE_WORD.get(atom.role, atom.role)} is not available on "
                         f"{identity(pre, bound, smg.app)}")
            value = a.get(atom.value[1:]) if atom.value and atom.value.startswith("@") else None
            if atom.action == "select" and value is not None:
                param = next((p for p in o.inputs if p.name == atom.value[1:]), None)
                execution += [Evidence(f"Select {opt} in {atom.name}", on="action")
                              for opt in (param.options if param else ()) if opt != value]
                planning.append(f"{value} is not available in {atom.name} list")
            elif atom.action == "fill" and value is not None and o.kind == "write":
                execution.append(Evidence(f"Fill {atom.name} with a value other than {value}", on="action"))
    for o, _a in ops[1:]:  # the other branches' writes are not falsifiers of this step
        excluded.add(o.id)
    # identical statements once each, in order
    execution = list({(e.text if isinstance(e, Evidence) else e): e for e in execution}.values())
    cid = f"c{i}-" + re.sub(r"(?<!^)(?=[A-Z])", "-", op.id).lower()
    subgoal = " or ".join(o.description.split(";")[0].split(". ")[0] for o, _a in ops)
    confidence = 0.8 if all(o.observed and o.validated is not False for o, _a in ops) else 0.6
    return Commitment(cid, subgoal, confidence=confidence,
                      confirm={"precondition": [identity(pre, bound, smg.app), *dict.fromkeys(controls)], "progress": progress, "completion": completion},
                      falsify={"execution": execution, "skill": skill, "planning": planning})


def _acting_groups(smg: StateMachine, nodes: list) -> list[list[OpNode]]:
    """Acting operation nodes in program order; an ``if`` whose branches act is one group (either branch)."""
    groups: list[list[OpNode]] = []
    for n in nodes:
        if isinstance(n, OpNode) and smg.operations[n.op].kind in _ACTING:
            groups.append([n])
        elif isinstance(n, IfNode):
            branches = [_acting_groups(smg, b) for b in (n.then, n.orelse)]
            flat = [b for b in branches if b]
            if len(flat) == 1:
                groups += flat[0]
            elif flat:
                longest = max(len(b) for b in flat)
                for k in range(longest):  # position k of each branch: one either-or commitment
                    groups.append([g for b in flat if k < len(b) for g in b[k]])
        elif isinstance(n, ForNode):
            groups += _acting_groups(smg, n.body)
    return groups


def plan_from_program(program: Program, smg: StateMachine) -> Plan:
    """The FCU plan generated for ``program`` (see the module doc)."""
    box = Sandbox(max_steps=1000, max_seconds=0.5)
    key: dict[str, Any] = {}
    commitments, excluded = [], set()
    for i, group in enumerate(_acting_groups(smg, program.nodes), 1):
        ops = []
        for n in group:
            a = constant_args(n, box)
            if "key" in a:
                key = {"key": a["key"]}
            ops.append((smg.operations[n.op], a))
        commitments.append(_commitment(smg, i, ops, key, excluded))
    plan_level = [identity(s, {}, smg.app) for s in smg.states.values() if s.kind in ("signin", "error")]
    return Plan(program.task or "task", commitments, {"execution": plan_level},
                extra={"generated_from": f"SMG {smg.app} v{smg.version}"})


def _target(action: Any) -> tuple[str, str] | None:
    m = _TARGET.match(action.target or "")
    return (m.group(1), m.group(2)) if m else None


def align_steps(traj: Trajectory, plan: Plan, program: Program, smg: StateMachine) -> Trajectory:
    """``traj`` with each step attributed to a generated commitment (by the element its action targets)."""
    box = Sandbox(max_steps=1000, max_seconds=0.5)
    key: dict[str, Any] = {}
    names: list[set[tuple[str, str]]] = []
    finals: list[set[tuple[str, str]]] = []
    alike_roles = {"searchbox": "textbox"}
    for group in _acting_groups(smg, program.nodes):
        elems, last = set(), set()
        for n in group:
            a = constant_args(n, box)
            key = {"key": a["key"]} if "key" in a else key
            atoms = smg.operations[n.op].atoms
            for atom in atoms:
                try:
                    elems.add((atom.role, fill_params(atom.name, {**key, **a})))
                except Exception:  # noqa: BLE001
                    continue
                if atom is atoms[-1] and smg.operations[n.op].target != smg.operations[n.op].state:
                    # a navigation is over once its last action ran; an in-place operation (a search,
                    # a save) is over when its outcome shows, which is the checker's to judge
                    last.add((alike_roles.get(atom.role, atom.role), fill_params(atom.name, {**key, **a})))
        names.append(elems)
        finals.append(last)
    alike = {"searchbox": "textbox", "textbox": "textbox"}
    k, steps = 0, []
    for step in traj.steps:
        t = _target(step.action)
        if t is not None:
            role, name = alike.get(t[0], t[0]), t[1]
            # the current operation first, then later ones, then earlier ones (a search done again)
            for j in [*range(k, len(names)), *range(k - 1, -1, -1)]:
                if any(alike.get(r, r) == role and n == name for r, n in names[j]):
                    k = j
                    steps.append(replace(step, commitment=plan.commitments[k].id))
                    if (role, name) in finals[j] and k + 1 < len(names):
                        k += 1  # the operation's last action ran: what follows serves the next one
                    break
            else:
                steps.append(replace(step, commitment=plan.commitments[k].id))
            continue
        steps.append(replace(step, commitment=plan.commitments[k].id))
    return replace(traj, plan=plan, steps=tuple(steps), plan_ref=None)
