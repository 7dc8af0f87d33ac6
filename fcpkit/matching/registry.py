"""Matchers by name: ``get_matcher("embedding")``, ``register_matcher(name, factory)``.

Built-in names: ``lexical`` (``fcpkit.matching.lexical:LexicalMatcher``, imported lazily),
``embedding`` (offline semantic default), ``nli``, ``image`` and ``hybrid``. Factories are
imported only when asked for, so importing the registry never imports torch.

:func:`available_matchers` says which matchers can load here, without raising: a quick check
(dependencies importable, weights found) by default, an actual load with ``load=True``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from fcpkit.errors import ConfigError, FcpkitError

__all__ = ["get_matcher", "register_matcher", "matcher_names", "available_matchers", "MatcherAvailability"]

MatcherFactory = Callable[..., Any]

_FACTORIES: dict[str, MatcherFactory | str] = {
    "lexical": "fcpkit.matching.lexical:LexicalMatcher",
    "embedding": "fcpkit.matching.embedding:EmbeddingMatcher",
    "nli": "fcpkit.matching.nli:NLIMatcher",
    "image": "fcpkit.matching.image:ImageTextMatcher",
    "hybrid": "fcpkit.matching.hybrid:HybridMatcher",
}


def register_matcher(name: str, factory: MatcherFactory | str, *, overwrite: bool = False) -> None:
    """Register ``factory`` (a callable returning a matcher, or ``"module:attr"``) under ``name``."""
    if not isinstance(name, str) or not name.strip():
        raise ConfigError("register_matcher: name must be a non-empty string")
    key = name.strip().lower()
    if key in _FACTORIES and not overwrite and _FACTORIES[key] != factory:
        raise ConfigError(f"register_matcher: a matcher named {key!r} is already registered; pass overwrite=True")
    if not (callable(factory) or (isinstance(factory, str) and ":" in factory)):
        raise ConfigError(f"register_matcher: factory for {key!r} must be callable or 'module:attr'")
    _FACTORIES[key] = factory


def matcher_names() -> list[str]:
    return sorted(_FACTORIES)


def _factory(name: str) -> MatcherFactory:
    key = name.strip().lower()
    if key not in _FACTORIES:
        raise ConfigError(f"unknown matcher {name!r}; known: {', '.join(matcher_names())}")
    f = _FACTORIES[key]
    if isinstance(f, str):
        mod, _, attr = f.partition(":")
        try:
            f = getattr(importlib.import_module(mod), attr)
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"matcher {key!r} is registered as {_FACTORIES[key]!r}, which cannot be imported: {exc}") from None
    return f


def get_matcher(name: str, **kwargs: Any) -> Any:
    """A new matcher instance by name; ``kwargs`` go to its constructor. Models load lazily."""
    return _factory(name)(**kwargs)


@dataclass(frozen=True)
class MatcherAvailability:
    name: str
    available: bool
    detail: str

    def __bool__(self) -> bool:
        return self.available


def available_matchers(*, load: bool = False, names: list[str] | None = None) -> dict[str, MatcherAvailability]:
    """Which matchers can run here; never raises.

    Quick mode (default) builds each matcher and calls its ``check_available()`` if it has one
    (dependencies import, weights found on disk or in the HF cache). ``load=True`` also loads
    the weights (slow; catches corrupt files too). For ``hybrid`` both parts are checked.
    """
    result: dict[str, MatcherAvailability] = {}
    for name in names or matcher_names():
        try:
            m = get_matcher(name)
            parts = [m]
            if name == "hybrid":
                parts = [p for p in (m.text_matcher, m.image_matcher) if p is not None]
            details = []
            for p in parts:
                if load and callable(getattr(p, "load", None)):
                    p.load()
                    details.append(f"{type(p).__name__}: loaded")
                elif callable(getattr(p, "check_available", None)):
                    src = p.check_available()
                    if getattr(src, "kind", None) == "hub":
                        raise FcpkitError(
                            f"{type(p).__name__}: model {src.name!r} is not cached locally and would "
                            f"have to be downloaded from the Hugging Face Hub (check with load=True)"
                        )
                    details.append(f"{type(p).__name__}: {getattr(src, 'kind', 'ok')} {getattr(src, 'location', '')}".strip())
                else:
                    details.append(f"{type(p).__name__}: no model needed")
            result[name] = MatcherAvailability(name, True, "; ".join(details))
        except FcpkitError as exc:
            result[name] = MatcherAvailability(name, False, str(exc))
        except Exception as exc:  # noqa: BLE001 - report, never crash
            result[name] = MatcherAvailability(name, False, f"{type(exc).__name__}: {exc}")
    return result
