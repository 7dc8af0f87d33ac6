"""Crawl phase 3, enrichment: one line describing each state and each operation.

The template descriptions (:func:`fcpkit_lab.engine.validate.describe_operation`) are always written
first, from the observed structure. A :class:`Describer` (an LLM, :mod:`fcpkit_lab.engine.describe_llm`)
may then rewrite each one; its answer is kept only when it is one usable line, otherwise the
template stays and the failure is counted. A describer never stops a crawl: what it cost and how
often it failed goes into the SMG's ``stats`` (``llm_calls``, ``llm_failures``, ``llm_tokens``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation, State
from fcpkit_lab.engine.validate import describe_operation

__all__ = ["DescribeStats", "Describer", "Description", "check_line", "describe_all", "facts_of"]

MAX_LINE = 240


@dataclass(frozen=True)
class Description:
    """A describer's answer: the line (``None`` when it failed), its tokens, and why it failed."""

    text: str | None
    tokens: int = 0
    error: str | None = None


class Describer(Protocol):
    """Writes one line about a state or an operation from its ``facts`` (the template description
    and the structure it was written from). ``name`` goes into the crawl stats."""

    name: str

    def describe(self, kind: str, item_id: str, facts: str) -> Description: ...


@dataclass
class DescribeStats:
    describer: str = "template"
    calls: int = 0
    failures: int = 0
    tokens: int = 0

    def stats(self) -> dict[str, Any]:
        if self.describer == "template":
            return {"llm_calls": 0}
        return {"describer": self.describer, "llm_calls": self.calls, "llm_failures": self.failures,
                "llm_tokens": self.tokens}


def check_line(text: Any) -> str | None:
    """Why ``text`` is not a usable description (``None`` when it is): one line of prose (three words
    or more), not empty, at most :data:`MAX_LINE` characters, not code or markup."""
    if not isinstance(text, str) or not text.strip():
        return "empty"
    line = text.strip()
    if "\n" in line:
        return "more than one line"
    if len(line) > MAX_LINE:
        return f"longer than {MAX_LINE} characters"
    if line[0] in "{[<`#" or "```" in line:
        return "not prose"
    if len(line.split()) < 3 or sum(ch.isalpha() for ch in line) < 8:
        return "too few words"  # a bare identifier (``ClickTabTaskPage``) describes nothing
    return None


def facts_of(smg: StateMachine, item: State | Operation) -> str:
    """What a describer is told about one state or operation (everything the crawl observed)."""
    if isinstance(item, State):
        ops = ", ".join(o.id for o in smg.operations_from(item.id)) or "none"
        return (f"state {item.id} ({item.kind}) of the app '{smg.app}'; title: {item.title!r}; "
                f"address: {item.url_pattern}; structure: {', '.join(item.signature) or 'none'}; "
                f"operations available: {ops}; template description: {item.description}")
    ins = "; ".join(f"{p.name}: {p.description}" + (f" (one of {', '.join(p.options)})" if p.options else "")
                    for p in item.inputs) or "none"
    steps = "; ".join(a.describe() for a in item.atoms)
    return (f"operation {item.id} ({item.kind}, effect {item.effect}) in state {item.state}, leads to {item.target}; "
            f"steps: {steps}; inputs: {ins}; template description: {item.description}")


def describe_all(smg: StateMachine, describer: Describer | None = None) -> DescribeStats:
    """Template descriptions for operations that have none, then the describer over every state and
    operation (in file order); returns what it cost."""
    for oid, op in list(smg.operations.items()):
        if not op.description:
            smg.operations[oid] = replace(op, description=describe_operation(smg, op))
    out = DescribeStats()
    if describer is None:
        return out
    out.describer = describer.name
    items: list[State | Operation] = [*smg.states.values(), *smg.operations.values()]
    for item in items:
        kind = "state" if isinstance(item, State) else "operation"
        try:
            d = describer.describe(kind, item.id, facts_of(smg, item))
        except Exception as exc:  # noqa: BLE001 - a describer's failure never stops the crawl
            d = Description(None, 0, f"{type(exc).__name__}: {exc}")
        out.calls += 1
        out.tokens += d.tokens
        if d.error is not None or check_line(d.text) is not None:
            out.failures += 1
            continue
        text = " ".join(str(d.text).split())
        if isinstance(item, State):
            smg.states[item.id] = replace(item, description=text)
        else:
            smg.operations[item.id] = replace(item, description=text)
    return out
