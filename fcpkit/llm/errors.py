"""Errors of the LLM layer. All derive from :class:`fcpkit.errors.FcpkitError`.

Contract: :meth:`fcpkit.llm.LLMClient.complete_json` either returns a schema-valid ``dict`` or
raises exactly one :class:`LLMError` (after its bounded retries). It never lets an ``openai``,
``httpx``, ``json`` or ``jsonschema`` exception escape, so a run loop can do::

    try:
        decision = client.complete_json("verifier", ...)
    except LLMError as err:        # err.kind, err.attempts, err.record tell what went wrong
        decision = fallback
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fcpkit.errors import FcpkitError

if TYPE_CHECKING:  # pragma: no cover
    from fcpkit.llm.usage import LLMCall

__all__ = ["LLMError", "ReplayMissError", "PromptError", "ERROR_KINDS"]

#: The values ``LLMError.kind`` (and ``LLMCall.error_kind``) can take.
ERROR_KINDS = (
    "invalid_output",  # the model kept answering with unparsable or schema-invalid JSON
    "timeout",  # the request ran past the per-call timeout (every try)
    "rate_limited",  # HTTP 429 on every try
    "server_error",  # HTTP 5xx on every try
    "connection",  # nothing listening / connection reset on every try
    "bad_request",  # a non-retryable HTTP status (400/401/404/422 ...)
    "client_error",  # an unexpected exception inside the openai SDK (a bug: see the detail)
    "replay_miss",  # replay mode and no recording for this request
    "server_start",  # the embedded llama.cpp server did not come up
)


class LLMError(FcpkitError):
    """An LLM call failed for good (after retries). Carries what went wrong.

    Attributes:
        module: the calling module (``planner``, ``verifier``, ``repairer``, ``executor`` ...).
        kind: one of :data:`ERROR_KINDS`.
        attempts: HTTP requests made (including invalid-output re-asks).
        detail: the last underlying error message.
        record: the :class:`~fcpkit.llm.usage.LLMCall` written to the usage ledger (or ``None``).
    """

    def __init__(
        self,
        message: str,
        *,
        module: str = "",
        kind: str = "bad_request",
        attempts: int = 0,
        detail: str = "",
        record: "LLMCall | None" = None,
    ):
        self.module = module
        self.kind = kind
        self.attempts = attempts
        self.detail = detail
        self.record = record
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:  # keep picklable across worker processes
        return (
            _rebuild_llm_error,
            (type(self), str(self), self.module, self.kind, self.attempts, self.detail),
        )


def _rebuild_llm_error(cls, message, module, kind, attempts, detail):  # noqa: ANN001
    err = cls.__new__(cls)
    LLMError.__init__(err, message, module=module, kind=kind, attempts=attempts, detail=detail)
    return err


class ReplayMissError(LLMError):
    """Replay mode was asked for a request that the recording does not hold."""

    def __init__(self, message: str, *, module: str = "", key: str = "", path: str = ""):
        self.key = key
        self.path = path
        super().__init__(message, module=module, kind="replay_miss", detail=key)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReplayMissError, (str(self),), {"module": self.module, "key": self.key, "path": self.path})

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)


class PromptError(FcpkitError):
    """A prompt template is missing, or was rendered without all of its variables."""
