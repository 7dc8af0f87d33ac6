"""``LLMClient``: schema-constrained JSON completions from any OpenAI-compatible endpoint.

Error contract (chosen: raise, not result objects): :meth:`LLMClient.complete_json` returns a
``dict`` that validates against the given JSON schema, or raises exactly one
:class:`~fcpkit.errors.LLMError` after its bounded retries, with ``kind`` saying why. Every
call, failed or not, is first written to the client's :class:`~fcpkit.llm.usage.LLMUsage`.

Retries:

* transport failures (HTTP 429, HTTP 5xx, timeouts, refused/reset connections) are retried up
  to ``max_retries`` times with exponential backoff ``backoff_base * 2**(n-1)`` capped at
  ``backoff_max`` (plus ``jitter``; a 429's ``Retry-After`` is honoured up to ``backoff_max``);
* invalid output (not JSON, or JSON that fails the schema, or cut off by ``max_tokens``) is
  re-asked up to ``max_invalid_retries`` times, appending the bad answer and the validation
  error to the conversation so the model can fix it;
* other HTTP errors (400/401/404/422) are not retried, except that in
  ``response_format="auto"`` a 400/422 (or a 500 that names ``response_format``, as
  llama-cpp-python answers) makes the client fall back to the next structured-output style
  (``json_schema`` → ``json_object_schema`` → ``json_object`` → ``none``) and remember it.

``timeout`` is the per-request limit in seconds (httpx: connect/read/write each).
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import jsonschema

from fcpkit.errors import ConfigError, LLMError
from fcpkit.llm.answers import _Fatal, _header, _InvalidOutput, _Retryable, _schema_problem, parse_json_text
from fcpkit.llm.replay import Recording, request_key
from fcpkit.llm.templates import PromptLibrary, default_library
from fcpkit.llm.usage import LLMCall, LLMUsage

__all__ = ["LLMClient", "RESPONSE_FORMATS"]

#: Structured-output styles, in the order ``"auto"`` tries them.
RESPONSE_FORMATS = ("json_schema", "json_object_schema", "json_object", "none")

@dataclass
class _Tally:
    """One logical call so far: its attempts (transport failures and invalid answers counted apart),
    tokens, and a note per retry; becomes the call's :class:`~fcpkit.llm.usage.LLMCall`."""

    t0: float = field(default_factory=time.perf_counter)
    started: float = field(default_factory=time.time)
    attempts: int = 0
    transport_failures: int = 0
    invalid: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retries: list[str] = field(default_factory=list)


class LLMClient:
    """Schema-constrained JSON calls through the ``openai`` package, with retries and accounting.

    Args:
        model: model name; default ``$FCPKIT_LLM_MODEL``; if neither is set, the first model
            the server lists at ``/models`` (fine for llama.cpp, which serves one).
        base_url: endpoint, e.g. ``http://127.0.0.1:8080/v1``; default ``$OPENAI_BASE_URL``.
        api_key: default ``$OPENAI_API_KEY``, else a placeholder (local servers ignore it).
        mode: ``live`` (default), ``record`` (live + append to ``recording``) or ``replay``
            (serve from ``recording``; needs no endpoint).
        recording: JSONL path for ``record``/``replay``.
        response_format: one of :data:`RESPONSE_FORMATS` or ``"auto"``.
        usage: ledger to append to (shared between clients to account a whole run).
        sleep: injectable for tests; receives each backoff delay.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 3,
        max_invalid_retries: int = 2,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        jitter: float = 0.1,
        response_format: str = "auto",
        temperature: float | None = 0.0,
        max_tokens: int | None = 512,
        seed: int | None = None,
        mode: str = "live",
        recording: str | os.PathLike | None = None,
        usage: LLMUsage | None = None,
        prompts: PromptLibrary | None = None,
        extra_body: dict | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        if mode not in ("live", "record", "replay"):
            raise ConfigError(f"LLMClient(mode={mode!r}): use 'live', 'record' or 'replay'")
        if response_format != "auto" and response_format not in RESPONSE_FORMATS:
            raise ConfigError(f"LLMClient(response_format={response_format!r}): use 'auto' or one of {RESPONSE_FORMATS}")
        if mode in ("record", "replay") and recording is None:
            raise ConfigError(f"LLMClient(mode={mode!r}) needs recording=PATH (a JSONL file)")
        if timeout <= 0 or max_retries < 0 or max_invalid_retries < 0:
            raise ConfigError("LLMClient: timeout must be > 0, max_retries and max_invalid_retries >= 0")
        self.mode = mode
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL") or None
        if mode != "replay" and not self.base_url:
            raise ConfigError(
                "LLMClient: no endpoint; pass base_url=... or set OPENAI_BASE_URL "
                "(or, with fcpkit-lab, fcpkit_lab.llm.default_client(), which starts a local llama.cpp server)"
            )
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "sk-no-key-required"
        self.model = model or os.environ.get("FCPKIT_LLM_MODEL") or None
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.max_invalid_retries = int(max_invalid_retries)
        self.backoff_base = float(backoff_base)
        self.backoff_max = float(backoff_max)
        self.jitter = float(jitter)
        self.response_format = response_format
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.seed = seed
        self.extra_body = dict(extra_body or {})
        self.usage = usage if usage is not None else LLMUsage()
        self.prompts = prompts
        self.recording = Recording(recording, "record" if mode == "record" else "replay") if recording is not None and mode != "live" else None
        self._sleep = sleep
        self._fmt_index = 0 if response_format == "auto" else RESPONSE_FORMATS.index(response_format)
        self._lock = threading.Lock()
        self._openai = None
        self.server = None  # set by default_client() to the EmbeddedLLMServer it started

    # ------------------------------------------------------------------ helpers
    @property
    def openai(self):
        """The underlying ``openai.OpenAI`` client (SDK retries disabled: this class retries)."""
        if self._openai is None:
            from openai import OpenAI

            self._openai = OpenAI(base_url=self.base_url, api_key=self.api_key, timeout=self.timeout, max_retries=0)
        return self._openai

    @property
    def active_response_format(self) -> str:
        return RESPONSE_FORMATS[self._fmt_index]

    def _resolve_model(self) -> str:
        if self.model:
            return self.model
        with self._lock:
            if self.model:
                return self.model
            try:
                models = list(self.openai.models.list())
            except Exception as e:  # any transport/HTTP error
                raise ConfigError(
                    f"LLMClient: no model name given and listing {self.base_url}/models failed ({type(e).__name__}: {e}); "
                    "pass model=... or set FCPKIT_LLM_MODEL"
                ) from None
            if not models:
                raise ConfigError(f"LLMClient: {self.base_url}/models lists no model; pass model=... or set FCPKIT_LLM_MODEL")
            self.model = models[0].id
            return self.model

    def backoff_delay(self, n: int, retry_after: float | None = None) -> float:
        """Delay before transport retry ``n`` (1-based)."""
        delay = min(self.backoff_max, self.backoff_base * (2 ** (n - 1)))
        if retry_after is not None:
            delay = max(delay, min(self.backoff_max, retry_after))
        if self.jitter:
            delay *= 1.0 + self.jitter * random.random()
        return delay

    def _response_format_arg(self, fmt: str, schema: dict, name: str) -> dict | None:
        if fmt == "json_schema":
            safe = re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64] or "response"
            return {"type": "json_schema", "json_schema": {"name": safe, "schema": schema, "strict": False}}
        if fmt == "json_object_schema":
            return {"type": "json_object", "schema": schema}
        if fmt == "json_object":
            return {"type": "json_object"}
        return None

    @staticmethod
    def _schema_hint(schema: dict) -> dict:
        return {
            "role": "system",
            "content": "Answer with a single JSON object that validates against this JSON schema:\n"
            + json.dumps(schema, ensure_ascii=False),
        }

    def _request(self, messages: list[dict], schema: dict, name: str, timeout: float, temperature, max_tokens):
        """One HTTP request. Returns (text, prompt_tokens, completion_tokens, finish_reason)."""
        import openai

        fmt = self.active_response_format
        msgs = list(messages)
        if fmt in ("json_object", "none"):
            msgs = [self._schema_hint(schema)] + msgs
        kwargs: dict[str, Any] = {"model": self._resolve_model(), "messages": msgs, "timeout": timeout}
        rf = self._response_format_arg(fmt, schema, name)
        if rf is not None:
            kwargs["response_format"] = rf
        if temperature is not None:
            kwargs["temperature"] = temperature
        if max_tokens is not None:
            kwargs["max_tokens"] = max_tokens
        if self.seed is not None:
            kwargs["seed"] = self.seed
        if self.extra_body:
            kwargs["extra_body"] = self.extra_body
        try:
            resp = self.openai.chat.completions.create(**kwargs)
        except openai.APITimeoutError as e:
            raise _Retryable("timeout", f"no answer within {timeout:g}s ({e})") from None
        except openai.APIConnectionError as e:
            cause = e.__cause__ or e
            raise _Retryable("connection", f"cannot reach {self.base_url}: {type(cause).__name__}: {cause}") from None
        except openai.RateLimitError as e:
            ra = _header(e, "retry-after")
            try:
                retry_after = float(ra) if ra is not None else None
            except ValueError:
                retry_after = None
            raise _Retryable("rate_limited", f"HTTP 429: {e.message}", retry_after) from None
        except openai.APIStatusError as e:
            if rf is not None and e.status_code in (400, 422, 500) and "response_format" in str(e.message):
                # some servers (llama-cpp-python) answer an unknown response_format with a 500
                raise _Fatal("bad_request", f"HTTP {e.status_code}: {e.message}", e.status_code, format_rejected=True) from None
            if e.status_code >= 500:
                raise _Retryable("server_error", f"HTTP {e.status_code}: {e.message}") from None
            raise _Fatal("bad_request", f"HTTP {e.status_code}: {e.message}", e.status_code) from None
        except (openai.APIError, ValueError) as e:  # e.g. a 200 whose body is not JSON / not a completion
            raise _Retryable("server_error", f"malformed response: {type(e).__name__}: {e}") from None
        except Exception as e:  # never let an SDK/transport surprise crash the run
            raise _Fatal("client_error", f"{type(e).__name__}: {e}") from None
        choices = getattr(resp, "choices", None)
        if not choices:
            raise _Retryable("server_error", f"the response has no choices: {str(resp)[:200]}")
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0) if usage is not None else 0
        ct = int(getattr(usage, "completion_tokens", 0) or 0) if usage is not None else 0
        choice = choices[0]
        return choice.message.content, pt, ct, getattr(choice, "finish_reason", None)

    # ------------------------------------------------------------------ public API
    def messages_for(self, prompt: str, variables: dict | None = None) -> list[dict[str, str]]:
        lib = self.prompts or default_library()
        return lib.messages(prompt, **(variables or {}))

    def complete_json(
        self,
        module: str,
        messages: list[dict[str, Any]] | None = None,
        *,
        prompt: str | None = None,
        variables: dict[str, Any] | None = None,
        schema: dict,
        schema_name: str | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        timeout: float | None = None,
    ) -> dict:
        """Ask for one JSON object that validates against ``schema``.

        Give either ``messages`` (OpenAI chat messages) or ``prompt`` (a template name, see
        :mod:`fcpkit.llm.templates`) plus ``variables``. ``module`` names the caller for the
        usage ledger (``planner``, ``verifier``, ``repairer``, ``executor``, ...).

        Returns the parsed, schema-valid JSON value. Raises :class:`LLMError` (``.kind``,
        ``.attempts``, ``.detail``, ``.record``) when it cannot get one; raises
        :class:`~fcpkit.errors.ConfigError` / :class:`~fcpkit.errors.PromptError` for
        caller mistakes (bad schema, both or neither of messages/prompt, missing variables).
        """
        if (messages is None) == (prompt is None):
            raise ConfigError("complete_json: pass exactly one of messages=[...] or prompt='name' (with variables={...})")
        if messages is None:
            messages = self.messages_for(prompt, variables)
        if not isinstance(messages, list) or not all(isinstance(m, dict) and "role" in m for m in messages):
            raise ConfigError("complete_json: messages must be a list of {'role': ..., 'content': ...} dicts")
        if not isinstance(schema, dict):
            raise ConfigError(f"complete_json: schema must be a dict (a JSON schema), got {type(schema).__name__}")
        cls = jsonschema.validators.validator_for(schema)
        try:
            cls.check_schema(schema)
        except jsonschema.SchemaError as e:
            raise ConfigError(f"complete_json({module!r}): the schema itself is invalid: {e.message}") from None
        validator = cls(schema)
        key = request_key(module, messages, schema)
        if self.mode == "replay":
            return self._replay(module, key, validator)
        return self._live(
            module,
            messages,
            schema,
            validator,
            key,
            schema_name or module,
            self.temperature if temperature is None else temperature,
            self.max_tokens if max_tokens is None else max_tokens,
            self.timeout if timeout is None else float(timeout),
        )

    def __call__(self, module: str, messages=None, **kw) -> dict:  # convenience alias
        return self.complete_json(module, messages, **kw)

    # ------------------------------------------------------------------ modes
    def _replay(self, module: str, key: str, validator) -> dict:
        t0, started = time.perf_counter(), time.time()
        model = self.model or "replay"
        try:
            entry = self.recording.lookup(key, module)
        except LLMError as err:
            rec = self.usage.add(
                LLMCall(module=module, model=model, wall_s=time.perf_counter() - t0, attempts=0, ok=False,
                        error=str(err), error_kind=err.kind, started_at=started, source="replay", request_key=key)
            )
            err.record = rec
            raise
        data = copy.deepcopy(entry["response"])
        problem = _schema_problem(validator, data)
        if problem:
            msg = f"{module}: the recorded response (key {key}) no longer matches the schema: {problem}; re-record"
            rec = self.usage.add(
                LLMCall(module=module, model=entry.get("model", model), wall_s=time.perf_counter() - t0, attempts=0,
                        ok=False, error=msg, error_kind="invalid_output", started_at=started, source="replay", request_key=key)
            )
            raise LLMError(msg, module=module, kind="invalid_output", detail=problem, record=rec)
        self.usage.add(
            LLMCall(
                module=module,
                model=entry.get("model", model),
                prompt_tokens=int(entry.get("prompt_tokens", 0) or 0),
                completion_tokens=int(entry.get("completion_tokens", 0) or 0),
                wall_s=time.perf_counter() - t0,
                attempts=0,
                ok=True,
                started_at=started,
                source="replay",
                request_key=key,
                response_format=entry.get("response_format", ""),
            )
        )
        return data

    def _live(self, module, messages, schema, validator, key, name, temperature, max_tokens, timeout) -> dict:
        tally = _Tally()
        convo = [dict(m) for m in messages]
        while True:
            tally.attempts += 1
            fmt = self.active_response_format
            try:
                text, pt, ct, finish_reason = self._request(convo, schema, name, timeout, temperature, max_tokens)
            except _Retryable as e:
                tally.transport_failures += 1
                tally.retries.append(f"attempt {tally.attempts}: {e.kind}: {e.detail}")
                if tally.transport_failures > self.max_retries:
                    raise self._fail(tally, module, key, e.kind, e.detail) from None
                self._sleep(self.backoff_delay(tally.transport_failures, e.retry_after))
                continue
            except _Fatal as e:
                tally.retries.append(f"attempt {tally.attempts}: {e.kind}: {e.detail}")
                if self.response_format == "auto" and e.format_rejected and self._fmt_index < len(RESPONSE_FORMATS) - 1:
                    with self._lock:
                        if self.active_response_format == fmt:
                            self._fmt_index += 1
                    continue
                raise self._fail(tally, module, key, e.kind, e.detail) from None
            except ConfigError as e:  # model listing failed
                raise self._fail(tally, module, key, "connection", str(e)) from None
            tally.prompt_tokens += pt
            tally.completion_tokens += ct
            try:
                data = parse_json_text(text)
                problem = _schema_problem(validator, data)
                if problem:
                    raise _InvalidOutput(problem)
            except _InvalidOutput as e:
                detail = str(e)
                if finish_reason == "length":
                    detail = f"the answer was cut off at max_tokens={max_tokens} ({detail}); answer more briefly"
                tally.invalid += 1
                tally.retries.append(f"attempt {tally.attempts}: invalid_output: {detail}")
                if tally.invalid > self.max_invalid_retries:
                    raise self._fail(tally, module, key, "invalid_output",
                                     f"{detail}; last answer: {str(text)[:300]!r}") from None
                convo.append({"role": "assistant", "content": text or ""})
                convo.append(
                    {
                        "role": "user",
                        "content": f"Your answer was rejected: {detail}. Reply again with only the corrected JSON object.",
                    }
                )
                continue
            break

        call = self._finish(tally, module, key, True)
        if self.mode == "record":
            self.recording.append(
                {
                    "key": key,
                    "module": module,
                    "model": call.model,
                    "messages": messages,
                    "schema": schema,
                    "response": data,
                    "raw": text,
                    "prompt_tokens": call.prompt_tokens,
                    "completion_tokens": call.completion_tokens,
                    "wall_s": call.wall_s,
                    "attempts": call.attempts,
                    "response_format": call.response_format,
                }
            )
        return data

    def _finish(self, tally: "_Tally", module: str, key: str, ok: bool, error: str | None = None,
                kind: str | None = None) -> LLMCall:
        """The call's record, added to the usage ledger (failed calls too)."""
        return self.usage.add(
            LLMCall(
                module=module,
                model=self.model or "",
                prompt_tokens=tally.prompt_tokens,
                completion_tokens=tally.completion_tokens,
                wall_s=time.perf_counter() - tally.t0,
                attempts=tally.attempts,
                ok=ok,
                error=error,
                error_kind=kind,
                started_at=tally.started,
                source=self.mode,
                request_key=key,
                response_format=self.active_response_format,
                retries=tuple(tally.retries),
            )
        )

    def _fail(self, tally: "_Tally", module: str, key: str, kind: str, detail: str) -> LLMError:
        """The one ``LLMError`` a failed call raises, its record already in the ledger."""
        msg = (
            f"LLM call from {module!r} failed after {tally.attempts} attempt(s) "
            f"[{kind}] against {self.base_url} (model {self.model or '?'}): {detail}"
        )
        rec = self._finish(tally, module, key, False, msg, kind)
        return LLMError(msg, module=module, kind=kind, attempts=tally.attempts, detail=detail, record=rec)

    def __repr__(self) -> str:
        where = self.base_url if self.mode != "replay" else f"replay:{self.recording.path}"
        return f"LLMClient(model={self.model!r}, endpoint={where!r}, mode={self.mode!r}, response_format={self.active_response_format!r})"

    def close(self) -> None:
        """Close the HTTP client; stop the embedded server if this client started one."""
        if self._openai is not None:
            try:
                self._openai.close()
            except Exception:  # pragma: no cover
                pass
            self._openai = None
        if self.server is not None:
            self.server.stop()
            self.server = None

    def __enter__(self) -> "LLMClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
