"""A mock LLM client for testing your own components without a model or a key.

It keeps :class:`~fcpkit.llm.LLMClient`'s contract, so code that works against it works against
the real client: ``complete_json`` returns a schema-valid ``dict`` or raises exactly one
:class:`~fcpkit.errors.LLMError`. Answers are scripted per calling module (``verifier``,
``planner``, ``repairer``, ``executor``, ...):

* a ``dict`` — the same answer every time;
* a list — answers in order (an :class:`Exception` in it is raised); running out is an
  ``LLMError`` of kind ``replay_miss``;
* a callable ``(module, messages) -> dict | Exception``.

An answer that does not validate against the caller's schema is an ``LLMError`` of kind
``invalid_output``, as the real client's is after its re-asks. Every call is kept in
:attr:`MockClient.calls` for assertions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence, Union

import jsonschema

from fcpkit.errors import ConfigError, LLMError
from fcpkit.llm.templates import default_library

__all__ = ["MockClient", "MockCall"]

Answer = Union[Mapping[str, Any], Exception]
Script = Union[Answer, Sequence[Answer], Callable[[str, list], Answer]]


@dataclass(frozen=True)
class MockCall:
    """One request the mock answered (or refused)."""

    module: str
    messages: list
    schema: Mapping[str, Any]
    answer: Any
    error: str | None = None


class MockClient:
    """Scripted, schema-checked stand-in for :class:`~fcpkit.llm.LLMClient`."""

    model = "mock"

    def __init__(self, script: Mapping[str, Script] | Callable[[str, list], Answer], *, default: Script | None = None):
        self._script = script
        self._default = default
        self._cursor: dict[str, int] = {}
        self.calls: list[MockCall] = []

    def messages_for(self, prompt: str, variables: dict | None = None) -> list[dict[str, str]]:
        return default_library().messages(prompt, **(variables or {}))

    def complete_json(self, module: str, messages: list[dict[str, Any]] | None = None, *, prompt: str | None = None,
                      variables: dict[str, Any] | None = None, schema: dict, **_: Any) -> dict:
        if (messages is None) == (prompt is None):
            raise ConfigError("complete_json: pass exactly one of messages=[...] or prompt='name' (with variables={...})")
        if messages is None:
            messages = self.messages_for(prompt, variables)
        try:
            answer = self._answer(module, messages)
            if isinstance(answer, Exception):
                raise answer
            problem = _schema_problem(schema, answer)
            if problem:
                raise LLMError(f"mock answer for {module!r} does not fit the schema: {problem}", module=module,
                               kind="invalid_output", attempts=1, detail=problem)
        except LLMError as err:
            self.calls.append(MockCall(module, messages, schema, None, err.kind))
            raise
        self.calls.append(MockCall(module, messages, schema, answer))
        return dict(answer)

    def calls_by(self, module: str) -> list[MockCall]:
        return [c for c in self.calls if c.module == module]

    def _answer(self, module: str, messages: list) -> Any:
        script = self._script
        if callable(script):
            return script(module, messages)
        entry = script.get(module, self._default)
        if entry is None:
            raise LLMError(f"the mock has no answer for module {module!r}", module=module, kind="replay_miss")
        if callable(entry):
            return entry(module, messages)
        if isinstance(entry, (Mapping, Exception)):
            return entry
        i = self._cursor.get(module, 0)
        if i >= len(entry):
            raise LLMError(f"the mock's {len(entry)} scripted answer(s) for {module!r} are used up", module=module,
                           kind="replay_miss")
        self._cursor[module] = i + 1
        return entry[i]


def _schema_problem(schema: Mapping[str, Any], answer: Any) -> str | None:
    if not isinstance(answer, Mapping):
        return f"expected a JSON object, got {type(answer).__name__}"
    err = jsonschema.exceptions.best_match(jsonschema.validators.validator_for(schema)(schema).iter_errors(answer))
    return None if err is None else f"{'/'.join(map(str, err.absolute_path)) or '(root)'}: {err.message}"
