"""How much of each prompt the embedded llama.cpp server reused from the previous one.

llama-cpp-python logs, for every completion, how many prompt tokens matched the tokens already
evaluated (its KV cache) and how many it had to evaluate::

    Llama.generate: 650 prefix-match hit, remaining 412 prompt tokens to eval

:func:`prefix_reuse` reads those lines from a server log (``EmbeddedLLMServer.log_path``), so a
benchmark can say what fraction of its prompt tokens the prompt cache served, rather than infer
it from timings on a shared machine. The first call of a server has no such line (nothing to
match): it counts as zero reused of an unknown length and is left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["PrefixReuse", "prefix_reuse"]

_LINE = re.compile(r"Llama\.generate: (\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")


@dataclass(frozen=True)
class PrefixReuse:
    """Prompt tokens reused (``hit``) and evaluated (``evaluated``) over ``calls`` completions."""

    calls: int
    hit: int
    evaluated: int

    @property
    def rate(self) -> float:
        n = self.hit + self.evaluated
        return self.hit / n if n else 0.0

    def row(self) -> dict[str, float | int]:
        return {"calls_logged": self.calls, "prompt_tokens_reused": self.hit, "prompt_tokens_evaluated": self.evaluated,
                "reuse_pct": round(100 * self.rate, 1)}


def prefix_reuse(log_text: str, skip: int = 0) -> PrefixReuse:
    """Sum of the prefix-match lines in ``log_text`` after the first ``skip`` of them."""
    pairs = [(int(a), int(b)) for a, b in _LINE.findall(log_text or "")][skip:]
    return PrefixReuse(len(pairs), sum(a for a, _ in pairs), sum(b for _, b in pairs))
