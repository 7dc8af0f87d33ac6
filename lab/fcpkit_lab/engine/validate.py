"""Crawl phases 3 and 4: enrich operation descriptions, and validate every operation on the live app.

Enrichment writes what the planner needs and cannot see in a name: valid options, what a search
lists, where a write leads and what it reports. In unsafe mode (an app that can be reset) each write
is submitted once with sample values and its observed post-state and message are recorded
(``outcome``: the message with the submitted values put back as ``@params``).

Validation replays each operation from a sample instance of its state in a fresh browser context.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from fcpkit_lab.engine.pages import KEY_TOKEN, AtomError, locate, page_state, run_operation
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation

__all__ = ["describe_operation", "describe_operations", "sample_args", "sample_path", "validate_operations"]


def sample_args(smg: StateMachine, op: Operation, info: Any, config: Any) -> dict[str, str]:
    """Values to exercise ``op`` with on a sample page ``info`` (a listed record's key, an option...)."""
    keys = [link["name"] for link in info.data.get("links", []) if KEY_TOKEN.fullmatch(link["name"])]
    args: dict[str, str] = {}
    for p in op.inputs:
        if p.name == "key":
            if p.required and keys:
                args["key"] = keys[0]
        elif p.options:
            if p.required or op.kind == "write":
                args[p.name] = p.options[1] if len(p.options) > 1 else p.options[0]
        elif op.kind == "search" and p.required:
            args[p.name] = keys[0] if keys else "a"
        elif p.required:
            args[p.name] = config.sample_number if "(a number)" in p.description else config.sample_text
    return args


def _outcome_template(texts: list[str], args: Mapping[str, str], url_fields: Mapping[str, str]) -> str | None:
    """The first message or heading that echoes a submitted value, with the values put back as ``@params``."""
    values = sorted(((k, str(v)) for k, v in {**url_fields, **args}.items() if v), key=lambda kv: -len(kv[1]))
    for text in texts:
        if any(v in text for _, v in values):
            for name, value in values:
                text = text.replace(value, f"@{name}")
            return text
    return None


def sample_path(smg: StateMachine, op: Operation, crawl: Any) -> str | None:
    """A crawled instance of ``op``'s state that shows ``op``'s controls (not every record shows a form)."""
    st = smg.states[op.state]
    names = {a.name for a in op.atoms if a.action in ("click", "fill", "select", "press") and "@" not in a.name}
    for info in crawl.templates.get(st.url_pattern, []):
        d = info.data
        seen = {link["name"] for link in d.get("links", [])}
        for f in d.get("forms", []):
            seen |= {c["name"] for c in f["controls"]} | {b["name"] for b in f["buttons"]}
        if names <= {n.strip() for n in seen}:
            return info.path
    return st.sample


def _observe(smg: StateMachine, op: Operation, crawl: Any, reset: Callable[[], None] | None) -> Operation:
    """Run ``op`` once from a sample of its state: where it really lands and what it reports."""
    page = crawl.source.new_page(signed_in=True)
    st = smg.states[op.state]
    info = crawl.visit(page, sample_path(smg, op, crawl))
    args = sample_args(smg, op, info, crawl.config)
    fields = st.match_url(info.path) or {}
    try:
        run_operation(page, op, args, fields)
        landed, after = page_state(smg, page)
    except AtomError:
        landed, after = None, None
    if reset is not None and op.kind == "write":
        reset()
    if after is None:
        return op
    texts = list(after.data.get("messages", [])) + [h for _, h in after.data.get("headings", [])]
    outcome = _outcome_template(texts, args, fields)
    return replace(op, target=landed or op.target, observed=landed is not None, outcome=outcome)


def describe_operation(smg: StateMachine, op: Operation) -> str:
    """The template description of ``op``: what it does, its inputs and valid options, where it leads."""
    src, dst = smg.states[op.state], smg.states[op.target]
    ins = ", ".join(
        f"@{p.name}" + (f" (one of: {', '.join(p.options)})" if p.options else "") + ("" if p.required else " optional")
        for p in op.inputs)
    atom = op.atoms[-1]
    if op.kind == "navigate":
        how = f"clicks the link '{atom.name}'"
        return f"From {src.title}, {how} and opens {dst.title}." + (f" Inputs: {ins}." if ins else "")
    if op.kind == "input":
        steps = "; ".join(a.describe() for a in op.atoms)
        return f"On {src.title}: {steps}; the page stays {dst.title}." + (f" Inputs: {ins}." if ins else "")
    if op.kind == "search":
        shows = f" and shows '{op.outcome}'" if op.outcome else ""
        return (f"Searches {src.title} ({', '.join(a.name for a in op.atoms[:-1])}, then '{atom.name}'): the page "
                f"stays {dst.title}{shows}, listing the matching records (an exact identifier lists that record). "
                f"Inputs: {ins}.")
    if op.kind == "write":
        lands = f"lands on {dst.title}" if op.observed else f"is presumed to return to {dst.title} (not submitted)"
        said = f" and reports '{op.outcome}'" if op.outcome else ""
        return f"Submits '{atom.name}' on {src.title} with {ins or 'no input'}; {lands}{said}. Changes data."
    schema = op.output or {}
    if schema.get("type") == "fields":
        return f"Reads '{atom.name}' on {src.title}: returns a dict with {', '.join(schema['fields'])}."
    if schema.get("type") == "table":
        return f"Reads the table '{atom.name}' on {src.title}: a list of rows with {', '.join(schema['columns'])}."
    if schema.get("type") == "list":
        return f"Reads the status and alert messages shown on {src.title} (a list of strings)."
    return f"Reads the text of '{atom.name}' on {src.title} (a string)."


def describe_operations(smg: StateMachine, crawl: Any, *, reset: Callable[[], None] | None) -> None:
    """Phase 3: observe writes when allowed (and searches), then write every operation's template
    description (a describer, :func:`fcpkit_lab.engine.describe.describe_all`, may rewrite it after)."""
    for oid, op in list(smg.operations.items()):
        submit = op.kind == "write" and not crawl.config.safe and reset is not None
        if (submit or op.kind == "search") and not crawl.over_budget():
            op = _observe(smg, op, crawl, reset)
        smg.operations[oid] = replace(op, description=describe_operation(smg, op))


def _check(smg: StateMachine, op: Operation, page: Any, info: Any, crawl: Any) -> str | None:
    """``None`` when ``op`` works from this page, else why not."""
    st = smg.states[op.state]
    fields = st.match_url(info.path) or {}
    args = sample_args(smg, op, info, crawl.config)
    if op.kind == "write" and crawl.config.safe:
        for atom in op.atoms:  # locate only: never submit in safe mode
            if atom.action in ("click", "fill", "select", "press"):
                if atom.params() - {**fields, **args}.keys():
                    continue
                if locate(page, atom, {**fields, **args}).count() != 1:
                    return f"{atom.describe()} does not resolve to one element"
        return None
    if op.kind == "write":
        return None  # observed during enrichment
    try:
        out = run_operation(page, op, args, fields)
    except AtomError as exc:
        return str(exc)
    if op.kind in ("navigate", "search"):
        landed, _ = page_state(smg, page)
        if landed != op.target:
            return f"landed on {landed or 'an unknown page'}, expected {op.target}"
    schema = (op.output or {}).get("type")
    if schema == "fields" and not (isinstance(out, dict) and set((op.output or {}).get("fields", [])) <= set(out)):
        return f"read {out!r}, expected the fields {op.output.get('fields')}"
    if schema in ("table", "list") and not isinstance(out, list):
        return f"read {out!r}, expected a list"
    return None


def validate_operations(smg: StateMachine, crawl: Any, *, reset: Callable[[], None] | None) -> dict[str, Any]:
    """Phase 4: replay every operation in a fresh context; sets ``validated``; returns the counts."""
    page = crawl.source.new_page(signed_in=True)
    failures: dict[str, str] = {}
    for oid, op in list(smg.operations.items()):
        path = sample_path(smg, op, crawl)
        if path is None:
            continue
        info = crawl.visit(page, path)
        why = _check(smg, op, page, info, crawl)
        if why:
            failures[oid] = why
        smg.operations[oid] = replace(op, validated=why is None)
    return {"validated": sum(1 for o in smg.operations.values() if o.validated),
            "validation_failures": failures}
