"""What every LLM-backed component of the loop shares (verifier, planner, executor, repairer): the
client, the prompt it renders, the module name its calls are accounted under, the schema its
answers are validated against, and the shape of a re-ask when an answer is well-formed but
unusable.

The client (:class:`~fcpkit.llm.client.LLMClient`, or anything that satisfies :class:`JSONClient`)
already validates every answer against the schema and re-asks on malformed JSON, with backoff on
transient errors; it raises one :class:`~fcpkit.errors.LLMError` when it cannot get a valid
answer. A component adds its *own* checks (a plan that does not load, an element id not on the
page) and re-asks with :meth:`LLMComponent.reask`, which shows the model its answer and the problem.
Each component's calls land in the client's usage ledger under its :attr:`~LLMComponent.module`.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Protocol, Sequence, runtime_checkable

from fcpkit.llm.templates import default_library

__all__ = ["JSONClient", "LLMComponent"]

Messages = list[dict[str, str]]


@runtime_checkable
class JSONClient(Protocol):
    """What a component needs of its client: one schema-valid JSON answer per call, or an ``LLMError``."""

    def complete_json(self, module: str, messages: Sequence[dict[str, Any]], *, schema: dict, **kw: Any) -> dict:
        ...


class LLMComponent:
    """Base class of the LLM-backed components.

    Subclasses set :attr:`module` (the usage ledger's name for their calls, and the default prompt
    template) and :attr:`schema` (the answer's JSON schema; an instance may override it).
    """

    name: ClassVar[str] = "llm"
    #: the module name the client accounts this component's calls under, and its default prompt
    module: ClassVar[str] = ""
    #: the JSON schema every answer is validated against (by the client)
    schema: dict = {}

    def __init__(self, client: JSONClient, *, prompt: str | None = None):
        self.client = client
        self.prompt = prompt or self.module

    def render(self, **variables: Any) -> Messages:
        """The chat messages of this component's prompt template, filled with ``variables``."""
        return default_library().messages(self.prompt, **variables)

    def ask(self, messages: Messages, *, schema: dict | None = None) -> dict:
        """One schema-valid answer from the client, accounted under :attr:`module` (raises ``LLMError``)."""
        return self.client.complete_json(self.module, messages, schema=self.schema if schema is None else schema)

    @staticmethod
    def reask(messages: Messages, answer: dict, note: str) -> Messages:
        """``messages`` plus the model's ``answer`` and a user turn saying what is wrong with it (``note``)."""
        return messages + [
            {"role": "assistant", "content": json.dumps(answer, ensure_ascii=False, sort_keys=True)},
            {"role": "user", "content": note},
        ]

    def llm_calls(self) -> list[Any]:
        """This component's calls as its client recorded them: the :class:`~fcpkit.llm.usage.LLMCall` rows of
        an ``LLMClient``'s usage ledger, a ``MockClient``'s calls, or nothing for a client that keeps none."""
        ledger = getattr(self.client, "usage", None)
        if ledger is not None:
            return [c for c in ledger if c.module == self.module]
        by_module = getattr(self.client, "calls_by", None)
        return list(by_module(self.module)) if callable(by_module) else []
