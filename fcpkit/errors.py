"""fcpkit's exception tree: one flat family, so callers catch ``FcpkitError`` or one leaf.

Every error a user can cause (a malformed plan, a broken corpus, missing weights) is one of
these, carries a message that names the file, the field and the fix, and is printed by the CLI
without a traceback.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

__all__ = [
    "read_json_config",
    "not_a_file",
    "special_file",
    "FcpkitError",
    "FormatError",
    "PlanError",
    "CorpusError",
    "LibraryError",
    "ModelUnavailableError",
    "ConfigError",
    "ContractError",
    "LLMError",
    "ReplayMissError",
    "PromptError",
    "ERROR_KINDS",
]


class FcpkitError(Exception):
    """Base class of every error fcpkit raises on purpose."""


class FormatError(FcpkitError):
    """A file does not follow docs/formats.md.

    ``problems`` lists every problem found (``path: what is wrong; fix``), so one run of the
    validator reports them all instead of one per edit-and-retry cycle.
    """

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = list(problems)
        head = f"{source}: {len(self.problems)} problem(s)" if len(self.problems) > 1 else f"{source}"
        if len(self.problems) == 1:
            message = f"{source}: {self.problems[0]}"
        else:
            message = head + "\n" + "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(message)


class PlanError(FormatError):
    """A plan (YAML/JSON or Python-built) violates the plan contract."""


class CorpusError(FormatError):
    """A trajectory corpus violates the trajectory contract."""


class LibraryError(FormatError):
    """A skill or failure-repair library file violates the library contract (docs/formats.md)."""


class ModelUnavailableError(FcpkitError):
    """Model weights were asked for but cannot be loaded (missing or corrupt)."""


class ConfigError(FcpkitError):
    """A configuration object or file (thresholds, calibration, CLI option) is invalid."""


class ContractError(FormatError):
    """A user's component (matcher, verifier, executor, environment) breaks its protocol.

    Raised by :mod:`fcpkit.core.checks` with every problem found, each naming the method, what
    it returned and what the protocol asks for.
    """


# --------------------------------------------------------------------------- the LLM layer's errors
# Contract: fcpkit.llm.LLMClient.complete_json either returns a schema-valid dict or raises exactly
# one LLMError (after its bounded retries); no openai/httpx/json/jsonschema exception escapes.

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
        record: Any = None,  # the fcpkit.llm.usage.LLMCall written to the ledger
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


def not_a_file(path: str | Path) -> str | None:
    """Why ``path`` cannot be read as a file fcpkit loads whole or line by line, or None.

    Asked of the path (``stat``) before anything opens it, because opening is where a special
    file does harm: a device such as ``/dev/zero`` or ``/dev/full`` reads as an endless stream
    without a line end (reading it would fill the memory), and a FIFO with no writer blocks the
    ``open`` itself for ever. A FIFO that has a writer is still read once only, and a corpus is
    read twice (validated, then checked), so a pipe is refused too: save it to a file first."""
    try:
        mode = Path(path).stat().st_mode
    except (OSError, ValueError):  # missing or unreadable: the reader says which
        return None
    return special_file(mode)


def special_file(mode: int) -> str | None:
    """Why a file of this ``st_mode`` is not a regular file fcpkit reads (folder, device, FIFO,
    socket), with the fix; None for a regular file."""
    if stat.S_ISDIR(mode):
        return "a folder, not a file; fix: name the file inside it"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file; fix: name a regular file"
    if stat.S_ISFIFO(mode):
        return ("a FIFO (named pipe), not a file: opening it waits for a writer, and fcpkit reads its files "
                "more than once; fix: save what it carries to a file and name that file")
    if stat.S_ISSOCK(mode):
        return "a socket, not a file; fix: name a regular file"
    return None


def read_json_config(path: str | Path, what: str) -> Any:
    """A JSON settings file (thresholds, a calibration): a missing or unreadable one is a
    :class:`ConfigError` naming the file and what it should have held."""
    p = Path(path)
    if (why := not_a_file(p)) is not None:
        raise ConfigError(f"{p}: {why}")
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{p}: {what} file not found") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{p}: not a readable {what} JSON ({exc})") from None
