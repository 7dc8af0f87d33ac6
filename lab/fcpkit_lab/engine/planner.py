"""The planner: one LLM call writes a sketch over the SMG's operations; the compiler does the rest.

Planning context, in three layers so an OpenAI-compatible server's prompt cache can serve the
stable part (llama.cpp reuses the longest common prefix of consecutive prompts):

1. the rules (the same for every task and app) — the system message;
2. the SMG context: the operations of the task-relevant states (**state filtering**: a cheap
   lexical pass scores each state's title, description and operations against the task, keeps the
   best ones plus the start state, and every state on a navigation path between them);
3. the task.

The sketch comes in one of two forms (``sketch_form``): ``"python"``, the program as free text in
``{"sketch": "..."}``, or ``"json"``, the program as JSON whose schema is built per task from the
operations shown (:mod:`fcpkit_lab.engine.sketch_json`), so a server that enforces the schema can
only answer with a program that parses and names real operations. Both reach the one compiler.

When a sketch does not compile (an unknown operation, a gap the linker cannot fill) the error is
sent back once for a targeted edit (the paper's local repair); a second failure raises
:class:`PlanningFailed`, which the caller answers with the reactive loop.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fcpkit.errors import FcpkitError
from fcpkit.llm import LLMError

from fcpkit_lab.engine.compiler import CompileError, Program, compile_sketch, operation_signature
from fcpkit_lab.engine.sandbox import SandboxError
from fcpkit_lab.engine.sketch_json import answer_text, json_sketch, sketch_schema
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation
from fcpkit_lab.engine.templates import WORKBENCH_TEMPLATES, SketchTemplate, template_sketch

__all__ = [
    "PLANNER_RULES",
    "PLANNER_RULES_JSON",
    "SKETCH_FORMS",
    "DEFAULT_SKETCH_FORM",
    "SKETCH_SCHEMA",
    "PlanOutcome",
    "PlanningFailed",
    "plan_program",
    "planning_messages",
    "planning_schema",
    "relevant_states",
]

SKETCH_SCHEMA = {"type": "object", "properties": {"sketch": {"type": "string"}}, "required": ["sketch"],
                 "additionalProperties": False}

PLANNER_RULES = """\
You write a short Python program (a "sketch") that does a task in a web application.
Interact with the application ONLY by calling the operations listed below, by name, with keyword
arguments: OpName(arg="value"). An operation that returns data is assigned: x = ReadSomething().
Navigation between pages is added automatically: call only the operations that do the work
(search, open a record, read, submit). Use plain Python for decisions (if/else, for, string
operations on the values read). Call report("...") once with the answer or a summary at the end.
Never import anything; no files, no network. Answer with JSON: {"sketch": "<the program>"}."""

PLANNER_RULES_JSON = """\
You write a short program that does a task in a web application, as JSON.
The program is a list of steps; each step calls one of the operations listed below, by name, with
its inputs as strings: {"op": "OpName", "args": {"input": "value"}}. Navigation between pages is
added automatically: list only the operations that do the work (search, open a record, read,
submit), in order. What reading operations return is added to the report for you.
Answer with JSON: {"steps": [...], "report": ...}, the report a sentence that says what was done."""

#: The forms a planner answer can take (see the module doc).
SKETCH_FORMS = ("json", "python")
#: The form the planner asks for unless told otherwise: with the embedded SmolLM2-135M every JSON
#: answer parsed and 9 of 12 workbench tasks compiled, against 2 of 23 Python sketches that parsed
#: and none that compiled (``data/results/engine_sketch_form.csv``, docs/results/engine.md).
DEFAULT_SKETCH_FORM = "json"

_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "and", "or", "to", "of", "it", "its", "is", "in", "on", "for", "with", "that", "then",
         "page", "find", "read", "check", "if", "from"}


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}


def relevant_states(smg: StateMachine, task: str, start: str, keep: int = 3) -> list[str]:
    """The states worth showing the planner for ``task`` (see the module doc), in SMG order."""
    want = _words(task)
    scores = {}
    for s in smg.states.values():
        if s.kind != "page":
            continue
        text = " ".join([s.title, s.description] + [o.description for o in smg.operations_from(s.id)
                                                     if o.kind != "navigate"])
        scores[s.id] = len(want & _words(text)) / (1 + 0.1 * len(_words(text)))
    best = sorted(scores, key=lambda k: -scores[k])[:keep]
    chosen = {start, *best}
    for a in list(chosen):  # states on the way between chosen ones (a detail page behind a list)
        for b in list(chosen):
            path = smg.shortest_path(a, b, bindable={"key"}) if a != b else []
            chosen |= {o.target for o in path or []}
    return [s for s in smg.states if s in chosen]


def _shown(smg: StateMachine, states: list[str]) -> list[tuple[str, list[Operation]]]:
    """The operations the planner is shown, by state: all but plain navigation (the linker adds it)."""
    out = []
    for sid in states:
        ops = [o for o in smg.operations_from(sid) if o.kind != "navigate" or "key" in o.required()]
        if ops:
            out.append((sid, ops))
    return out


def planning_messages(smg: StateMachine, task: str, start: str, states: list[str] | None = None, *,
                      sketch_form: str = DEFAULT_SKETCH_FORM) -> list[dict]:
    """The three layers as chat messages (rules; SMG context; task)."""
    states = states if states is not None else relevant_states(smg, task, start)
    lines = []
    for sid, ops in _shown(smg, states):
        lines.append(f"# state {sid}: {smg.states[sid].description}")
        lines += [operation_signature(o) for o in ops]
    context = "Operations of the application, by state:\n" + "\n".join(lines)
    return [{"role": "system", "content": PLANNER_RULES_JSON if sketch_form == "json" else PLANNER_RULES},
            {"role": "user", "content": context + f"\n\nThe browser is on {start}.\n\nTask: {task}"}]


def planning_schema(smg: StateMachine, task: str, start: str, sketch_form: str = DEFAULT_SKETCH_FORM,
                    states: list[str] | None = None) -> dict:
    """The schema the planner's answer must validate against: the wrapper for the Python form, the
    per-task program schema (over the operations :func:`planning_messages` shows) for the JSON form."""
    if sketch_form == "python":
        return SKETCH_SCHEMA
    states = states if states is not None else relevant_states(smg, task, start)
    return sketch_schema([o for _sid, ops in _shown(smg, states) for o in ops])


class PlanningFailed(FcpkitError):
    """No program could be made for the task (no template, and the LLM's sketch did not compile)."""

    def __init__(self, message: str, llm_calls: int = 0):
        super().__init__(message)
        self.llm_calls = llm_calls


@dataclass
class PlanOutcome:
    program: Program
    source: str  # "template" or "llm"
    llm_calls: int = 0
    attempts: list[str] = field(default_factory=list)


def plan_program(smg: StateMachine, task: str, start: str, *, client: Any = None, use_templates: bool = True,
                 on_sketch: Callable[[str], None] | None = None,
                 templates: tuple[SketchTemplate, ...] = WORKBENCH_TEMPLATES,
                 sketch_form: str = DEFAULT_SKETCH_FORM) -> PlanOutcome:
    """A compiled program for ``task``: a template sketch when one fits, else one LLM call (+1 repair).

    ``templates``: the task kinds of the app (the workbench's by default; :data:`MINIWOB_TEMPLATES`).
    ``sketch_form``: what the model is asked for, ``"python"`` or ``"json"`` (see the module doc).
    """
    if sketch_form not in SKETCH_FORMS:
        raise ValueError(f"sketch_form={sketch_form!r}: use one of {SKETCH_FORMS}")
    errors: list[str] = []
    if use_templates:
        sketch = template_sketch(task, templates)
        if sketch is not None:
            try:
                return PlanOutcome(compile_sketch(sketch, smg, start, task), "template")
            except CompileError as exc:
                errors.append(f"template: {exc}")
    if client is None:
        raise PlanningFailed(f"no template fits the task and no LLM client was given ({'; '.join(errors) or 'no template'})")
    states = relevant_states(smg, task, start)
    messages = planning_messages(smg, task, start, states, sketch_form=sketch_form)
    schema = planning_schema(smg, task, start, sketch_form, states)
    calls = 0
    for _attempt in range(2):
        calls += 1
        try:
            answer = client.complete_json("engine-planner", messages, schema=schema, max_tokens=600)
        except LLMError as exc:  # no valid answer after the client's own re-asks: no program
            errors.append(f"llm: {exc.kind}: {str(exc)[:200]}")
            break
        try:
            sketch = answer["sketch"] if sketch_form == "python" else json_sketch(answer, smg.operations)
            if on_sketch is not None:
                on_sketch(sketch)
            return PlanOutcome(compile_sketch(sketch, smg, start, task), "llm", calls, errors)
        except (CompileError, SandboxError) as exc:  # code the sandbox refuses (an import) is no program either
            errors.append(f"llm: {exc}")
            said = (f'{{"sketch": {answer["sketch"]!r}}}' if sketch_form == "python"
                    else answer_text(answer, smg.operations))
            messages = messages + [{"role": "assistant", "content": said},
                                   {"role": "user", "content": f"That sketch does not compile: {exc}. "
                                                               "Fix only that part and answer again."}]
    raise PlanningFailed("; ".join(errors), calls)
