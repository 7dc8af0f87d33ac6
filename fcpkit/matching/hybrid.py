"""Hybrid scorer: ``alpha = lambda * text + (1 - lambda) * image`` (paper appendix B.5, eq. 5).

``HybridMatcher.score(statements, texts, images=None)`` is the paper's state-level score: the
text term from a text matcher (NLI in the paper; any :class:`Matcher`), the visual term from an
image-text matcher (SigLIP2 in the paper). Where no screenshot is given for a text - action
descriptions in pre-action testing, or pages recorded without screenshots - the score is the
text term alone (the paper omits the visual term there), not ``lambda * text``.

Calling ``score(statements, texts)`` without images therefore makes it a plain text
:class:`Matcher`, usable anywhere one is expected.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from fcpkit.errors import ConfigError
from fcpkit.matching.registry import get_matcher

__all__ = ["HybridMatcher", "DEFAULT_LAMBDA"]

#: text weight lambda (DESIGN.md "the paper's numbers")
DEFAULT_LAMBDA = 0.8


def _resolve(m: Any, what: str) -> Any:
    if m is None:
        return None
    if isinstance(m, str):

        return get_matcher(m)
    if not callable(getattr(m, "score", None)):
        raise ConfigError(f"HybridMatcher: {what} must be a matcher name or an object with .score(), got {m!r}")
    return m


class HybridMatcher:
    """``lam * text_matcher + (1 - lam) * image_matcher`` where a screenshot exists, else text only.

    Parameters
    ----------
    text:
        A text matcher or its registry name (default ``"nli"``, as in the paper; use
        ``"embedding"`` for the offline default).
    image:
        An image-text matcher or its registry name (default ``"image"``), or ``None`` for text only.
    lam:
        Weight of the text term, in ``[0, 1]`` (default 0.8).
    """

    name = "hybrid"

    def __init__(self, text: Any = "nli", image: Any = "image", *, lam: float = DEFAULT_LAMBDA):
        if not 0.0 <= float(lam) <= 1.0:
            raise ConfigError(f"HybridMatcher: lam must be in [0, 1], got {lam!r}")
        self.lam = float(lam)
        self.text_matcher = _resolve(text, "text")
        if self.text_matcher is None:
            raise ConfigError("HybridMatcher: a text matcher is required")
        self.image_matcher = _resolve(image, "image")

    def score(
        self,
        statements: Sequence[str],
        texts: Sequence[str],
        images: Sequence[Any] | None = None,
    ) -> np.ndarray:
        """``(len(statements), len(texts))`` scores; ``images[j]`` (or None) is ``texts[j]``'s screenshot."""
        statements, texts = list(statements), list(texts)
        text_scores = np.asarray(self.text_matcher.score(statements, texts), dtype=np.float64)
        if images is None or self.image_matcher is None or not statements or not texts:
            return text_scores
        images = list(images)
        if len(images) != len(texts):
            raise ConfigError(
                f"HybridMatcher.score: {len(images)} images for {len(texts)} texts; pass one screenshot "
                f"(or None) per text"
            )
        cols = [j for j, im in enumerate(images) if im is not None]
        if not cols:
            return text_scores
        img_scores = np.asarray(self.image_matcher.score(statements, [images[j] for j in cols]), dtype=np.float64)
        out = text_scores.copy()
        out[:, cols] = self.lam * text_scores[:, cols] + (1.0 - self.lam) * img_scores
        return np.clip(out, 0.0, 1.0)

    def score_action(self, statements: Sequence[str], actions: Sequence[str]) -> np.ndarray:
        """Action-level test: the text term only (paper: the visual term is omitted)."""
        return np.asarray(self.text_matcher.score(list(statements), list(actions)), dtype=np.float64)

    def __repr__(self) -> str:
        return f"HybridMatcher(text={self.text_matcher!r}, image={self.image_matcher!r}, lam={self.lam})"
