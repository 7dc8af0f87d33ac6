"""The model choice: the embedded model, an OpenAI-compatible endpoint, or replayed answers.

Each choice makes an :class:`~fcpkit.llm.client.LLMClient`. A live one (embedded or endpoint)
records every answer it gets into a recording (:mod:`fcpkit.llm.replay`), so that the same
prompts can be answered again with no model: that is what the tests and the notebook use. The
answer cache (:mod:`fcpkit_lab.promptlab.answers`) keys answers by :attr:`ModelChoice.key`; replayed
answers have a key of their own, so regenerating from a recording really goes through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcpkit.errors import ConfigError
from fcpkit.llm.client import LLMClient

from fcpkit_lab.llm.models import embedded_model
from fcpkit_lab.llm.server import default_client

__all__ = ["ModelChoice", "KINDS"]

KINDS = ("embedded", "endpoint", "replay")


@dataclass(frozen=True)
class ModelChoice:
    """``kind`` (:data:`KINDS`); ``name``: the embedded model (default SmolLM2) or the endpoint's
    model; ``base_url``: the endpoint; ``recording``: the JSONL file of answers to replay (kind
    ``replay``), or to append live answers to (the others; ``None``: not recorded)."""

    kind: str = "embedded"
    name: str = ""
    base_url: str = ""
    recording: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ConfigError(f"model kind {self.kind!r}: use one of {', '.join(KINDS)}")
        if self.kind == "endpoint" and not self.base_url:
            raise ConfigError("model kind 'endpoint' needs base_url (e.g. http://127.0.0.1:8080/v1)")
        if self.kind == "replay" and not self.recording:
            raise ConfigError("model kind 'replay' needs recording=PATH (a recording a live round wrote)")

    @classmethod
    def parse(cls, spec: str, recording: str | None = None) -> "ModelChoice":
        """From the command line: ``embedded[:NAME]``, ``endpoint:URL[#MODEL]`` or ``replay:FILE``."""
        kind, _, rest = spec.partition(":")
        if kind == "embedded":
            return cls("embedded", rest, recording=recording)
        if kind == "endpoint":
            url, _, model = rest.partition("#")
            return cls("endpoint", model, url, recording)
        if kind == "replay":
            return cls("replay", "", recording=rest or recording)
        raise ConfigError(f"--model {spec!r}: use embedded[:NAME], endpoint:URL[#MODEL] or replay:FILE")

    @property
    def key(self) -> str:
        """What the answer cache files answers under (a folder name)."""
        if self.kind == "embedded":
            return embedded_model(self.name or None).name
        if self.kind == "endpoint":
            return "endpoint-" + _safe(self.name or self.base_url)
        return "replay-" + _safe(Path(self.recording or "").stem)

    def client(self, **kwargs: Any) -> LLMClient:
        """A client for this choice (the embedded server starts here, on first use)."""
        if self.kind == "replay":
            return LLMClient("replay", mode="replay", recording=self.recording, **kwargs)
        if self.recording:
            kwargs.update(mode="record", recording=self.recording)
        if self.kind == "endpoint":
            return LLMClient(self.name or None, base_url=self.base_url, **kwargs)
        return default_client(self.name or None, **kwargs)


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")[:60] or "model"
