"""Reading a model's answer: JSON out of the text (a Markdown fence or leading chatter tolerated),
the schema's complaints in a form the model can act on, and the three ways a request ends
(invalid output: re-ask; retryable: back off and retry; fatal: give up or change the response format)."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema

__all__ = ["parse_json_text"]

_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)


class _InvalidOutput(Exception):
    pass


class _Retryable(Exception):
    def __init__(self, kind: str, detail: str, retry_after: float | None = None):
        self.kind = kind
        self.detail = detail
        self.retry_after = retry_after
        super().__init__(detail)


class _Fatal(Exception):
    def __init__(self, kind: str, detail: str, status: int | None = None, format_rejected: bool = False):
        self.kind = kind
        self.detail = detail
        self.status = status
        self.format_rejected = format_rejected or status in (400, 422)
        super().__init__(detail)


def parse_json_text(text: str | None) -> Any:
    """Parse a model's answer as JSON, tolerating a Markdown code fence or leading chatter."""
    if text is None or not text.strip():
        raise _InvalidOutput("the answer was empty; answer with one JSON object")
    s = text.strip()
    m = _FENCE.match(s)
    if m:
        s = m.group(1).strip()
    try:
        return json.loads(s)
    except json.JSONDecodeError as first:
        start = s.find("{")
        if start >= 0:
            try:
                obj, _ = json.JSONDecoder(strict=False).raw_decode(s[start:])  # a raw newline inside a string is what models write; the schema check still applies
                return obj
            except json.JSONDecodeError:
                pass
        raise _InvalidOutput(f"the answer is not valid JSON ({first.msg} at line {first.lineno} column {first.colno})") from None


def _schema_problem(validator: jsonschema.protocols.Validator, data: Any) -> str | None:
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.absolute_path)))
    if not errors:
        return None
    parts = []
    for e in errors[:5]:
        where = "/".join(str(p) for p in e.absolute_path) or "(root)"
        parts.append(f"at {where}: {e.message}")
    more = f" (+{len(errors) - 5} more)" if len(errors) > 5 else ""
    return "the JSON does not match the schema: " + "; ".join(parts) + more


def _header(exc: Any, name: str) -> str | None:
    resp = getattr(exc, "response", None)
    headers = getattr(resp, "headers", None)
    if headers is None:
        return None
    try:
        return headers.get(name)
    except Exception:  # pragma: no cover - exotic header objects
        return None
