"""The sketch as JSON: a per-task schema a server can enforce, translated to the Python sketch.

Why: asked for ``{"sketch": "<Python>"}`` a small model writes text that is not Python (the schema
constrains only the wrapper). Here the program itself is the JSON, and its schema is built per task
from the operations the planner shows (the filtered states'), so a server that turns the schema into
a grammar (llama-cpp-python does, for ``response_format={"type": "json_object", "schema": ...}``)
can only emit a program that parses and names real operations with their real inputs::

    {"steps": [{"op": "SearchOrdersPage", "args": {"search_orders": "ORD-1"}},
               {"op": "OpenOrderPage", "args": {"key": "ORD-1"}},
               {"op": "ReadRefundDetails", "args": {}}],
     "report": "Order ORD-1 refund:"}

The form is deliberately straight-line: steps in order, arguments as literal strings (an input with
listed options is an enum), every reading operation's result bound automatically (``r1``, ``r2``, ...)
and appended to the report. Names a model would choose and then have to reference are what a
grammar cannot check, so there are none; branches and loops stay the Python form's (and the
templates'). :func:`json_sketch` writes the equivalent Python sketch, which the one compiler
(:func:`~fcpkit_lab.engine.compiler.compile_sketch`) links and compiles: there is one path to
execution. An answer that breaks the form (from a server that does not enforce the schema, or a
recording) is a :class:`SketchFormError`, a :class:`CompileError`, so the planner's repair
applies to it as to any sketch that does not compile.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from fcpkit_lab.engine.compiler import CompileError
from fcpkit_lab.engine.smg_parts import Operation

__all__ = ["MAX_ARG_CHARS", "MAX_REPORT_CHARS", "MAX_STEPS", "SketchFormError", "answer_text", "json_sketch",
           "sketch_schema"]

#: Bounds the grammar enforces, so a small model cannot run on inside a string or a list.
MAX_STEPS = 8
MAX_ARG_CHARS = 80
MAX_REPORT_CHARS = 160


class SketchFormError(CompileError):
    """A JSON sketch that breaks the form (unknown operation, unknown input, wrong type)."""


def _arg_schema(op: Operation) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for p in op.inputs:
        props[p.name] = {"enum": list(p.options)} if p.options else {"type": "string", "maxLength": MAX_ARG_CHARS}
    return {"type": "object", "properties": props, "required": [p.name for p in op.inputs if p.required],
            "additionalProperties": False}


def sketch_schema(ops: Sequence[Operation]) -> dict[str, Any]:
    """The JSON schema of a program over ``ops``: one ``anyOf`` branch per operation (its name a
    ``const``, its inputs the properties of ``args``), at most :data:`MAX_STEPS` steps, a report."""
    if not ops:
        raise CompileError("no operations to write a program with")
    step = {"anyOf": [{"type": "object",
                       "properties": {"op": {"const": op.id}, "args": _arg_schema(op)},
                       "required": ["op", "args"], "additionalProperties": False} for op in ops]}
    return {"type": "object",
            "properties": {"steps": {"type": "array", "items": step, "minItems": 1, "maxItems": MAX_STEPS},
                           "report": {"type": "string", "maxLength": MAX_REPORT_CHARS}},
            "required": ["steps", "report"], "additionalProperties": False}


def json_sketch(answer: Mapping[str, Any], ops: Mapping[str, Operation]) -> str:
    """The Python sketch ``answer`` (a program in the JSON form over ``ops``, by id) stands for.

    Checks what the schema says again, with messages that name the step, because the answer may
    come from a server that did not enforce the schema (or from a recording)."""
    steps = answer.get("steps") if isinstance(answer, Mapping) else None
    if not isinstance(steps, list) or not steps:
        raise SketchFormError("the answer has no steps (a non-empty list of {\"op\": ..., \"args\": {...}})")
    report = answer.get("report", "")
    if not isinstance(report, str):
        raise SketchFormError(f"report must be a string, not {type(report).__name__}")
    lines, reads = [], []
    for i, step in enumerate(steps, 1):
        if not isinstance(step, Mapping):
            raise SketchFormError(f"step {i} is not an object")
        name, args = step.get("op"), step.get("args") or {}
        op = ops.get(name) if isinstance(name, str) else None
        if op is None:
            raise SketchFormError(f"step {i}: {name!r} is not one of the operations listed")
        if not isinstance(args, Mapping):
            raise SketchFormError(f"step {i}: args of {name} must be an object")
        unknown = sorted(set(args) - set(op.param_names))
        if unknown:
            raise SketchFormError(f"step {i}: {name} has no input {unknown[0]!r}; its inputs: "
                                  f"{', '.join(op.param_names) or 'none'}")
        missing = [p.name for p in op.inputs if p.required and p.name not in args]
        if missing:
            raise SketchFormError(f"step {i}: {name} needs {', '.join(missing)}")
        bad = [k for k, v in args.items() if not isinstance(v, str)]
        if bad:
            raise SketchFormError(f"step {i}: {name}'s input {bad[0]!r} must be a string")
        call = f"{name}({', '.join(f'{k}={v!r}' for k, v in args.items())})"
        if op.output:
            reads.append(f"r{len(reads) + 1}")
            call = f"{reads[-1]} = {call}"
        lines.append(call)
    lines.append("report(" + " + ' ' + ".join([repr(report)] + [f"str({r})" for r in reads]) + ")")
    return "\n".join(lines) + "\n"


def answer_text(answer: Mapping[str, Any], ops: Mapping[str, Operation]) -> str:
    """``answer`` as JSON text in the schema's property order (steps, then report; op, then args;
    inputs in the operation's order), which is how a grammar-constrained server writes it.

    The planner's repair request quotes the answer back; a recording stores answers with sorted
    keys, so quoting the dict as it came would make the replayed repair a different request."""
    def step(s: Any) -> Any:
        if not isinstance(s, Mapping):
            return s
        args, op = s.get("args"), ops.get(s.get("op")) if isinstance(s.get("op"), str) else None
        if isinstance(args, Mapping) and op is not None:
            order = list(op.param_names)
            args = dict(sorted(args.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
        return {"op": s.get("op"), "args": args, **{k: v for k, v in s.items() if k not in ("op", "args")}}

    out = dict(answer)
    if isinstance(out.get("steps"), list):
        out["steps"] = [step(s) for s in out["steps"]]
    head = {k: out[k] for k in ("steps", "report") if k in out}
    return json.dumps({**head, **{k: v for k, v in out.items() if k not in head}})
