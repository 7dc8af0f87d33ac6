"""The ``Matcher`` protocol: how well does a page (or action description) support a statement.

Every scorer in fcpkit (lexical, NLI, embedding, image-text, hybrid) implements this one
batch call, so testers, benchmarks and notebooks can swap them by name.
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

import numpy as np

__all__ = ["Matcher"]


@runtime_checkable
class Matcher(Protocol):
    """Scores evidence statements against texts.

    ``score(statements, texts)`` returns a float array of shape ``(len(statements), len(texts))``
    with values in ``[0, 1]``: entry ``[i, j]`` is how strongly ``texts[j]`` supports
    ``statements[i]``. A text is a serialized page (see :func:`fcpkit.trajectory.serialize_observation`:
    ``url:``/``title:``/``tab:`` header lines, then the flattened accessibility tree, one node a
    line) or an action description. Matchers chunk long texts themselves and take the maximum over
    chunks, as the paper does.
    """

    name: str

    def score(self, statements: Sequence[str], texts: Sequence[str]) -> np.ndarray: ...
