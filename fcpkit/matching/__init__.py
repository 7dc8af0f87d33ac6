"""Evidence matchers: how strongly a page or action description supports a statement.

``LexicalMatcher`` is the fast default. The semantic matchers (``NLIMatcher``,
``EmbeddingMatcher``, ``ImageTextMatcher``, the paper's ``HybridMatcher``) sit behind the same
:class:`Matcher` protocol; they import torch and transformers, so they load on first access.
``get_matcher(name)`` builds any of them by name.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from fcpkit.matching.lexical import PAGE_WORDS, LexicalMatcher
from fcpkit.core.protocols import Matcher
from fcpkit.matching.registry import available_matchers, get_matcher, matcher_names, register_matcher
from fcpkit.matching.lint import lint_plan  # also installs it as Plan.lint's linter

_LAZY = {
    "NLIMatcher": ".nli",
    "EmbeddingMatcher": ".embedding",
    "DEFAULT_EMBEDDING_CALIBRATION": ".embedding",
    "packaged_minilm_path": ".embedding",
    "ImageTextMatcher": ".image",
    "HybridMatcher": ".hybrid",
    "Calibration": ".calibration",
    "fit_calibration": ".calibration",
    "fit_calibration_from_pairs": ".calibration",
    "load_calibration": ".calibration",
    "zero_false_alarm_threshold": ".calibration",
}

__all__ = [
    "Matcher", "LexicalMatcher", "PAGE_WORDS", "get_matcher", "register_matcher", "matcher_names",
    "available_matchers", "lint_plan", *_LAZY,
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
