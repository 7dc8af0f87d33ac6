"""One registry for the fast path's caches, so that "forget every prepared page" is one call.

The fast path reads each page once and keeps what it derived (nodes, live regions, tokens per
line, phrase-family hits, fingerprints) in bounded LRU caches keyed by the page's text or a line of
it. Those caches are what makes the second look at a page (the page an action starts from was the
previous step's result) cost a dictionary lookup. They used to be plain ``functools.lru_cache``
functions spread over a dozen modules, and whoever needed a truly cold start (the benchmark's
first-sight pass, a test) had to list them by hand and missed new ones. Decorate a per-page cache
with :func:`page_cache` instead; :func:`clear_page_caches` clears every one of them.

Statement-side caches (compiled claims, entity readings of a statement) are registered with
``kind="statement"``: they hold what is compiled once per plan, and
:func:`clear_page_caches` leaves them unless asked (``statements=True``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, TypeVar

__all__ = ["page_cache", "register_cache", "clear_page_caches", "registered_caches"]

F = TypeVar("F", bound=Callable[..., Any])
_REGISTRY: dict[str, list[Any]] = {"page": [], "statement": []}


def register_cache(fn: Any, kind: str = "page") -> Any:
    """Register an object with a ``cache_clear()`` method (an ``lru_cache`` function, a dict-like
    cache's owner) under ``kind`` ("page" or "statement"); returns it unchanged."""
    if kind not in _REGISTRY:
        raise ValueError(f"cache kind must be one of {sorted(_REGISTRY)}, not {kind!r}")
    if not callable(getattr(fn, "cache_clear", None)):
        raise TypeError(f"{fn!r} has no cache_clear()")
    _REGISTRY[kind].append(fn)
    return fn


def page_cache(maxsize: int = 4096, kind: str = "page") -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` that registers itself (see module docstring)."""

    def wrap(fn: F) -> F:
        return register_cache(lru_cache(maxsize=maxsize)(fn), kind)

    return wrap


def clear_page_caches(statements: bool = False) -> int:
    """Clear every registered page cache (and the statement caches with ``statements=True``).
    Returns how many caches were cleared."""
    kinds = ("page", "statement") if statements else ("page",)
    n = 0
    for kind in kinds:
        for fn in _REGISTRY[kind]:
            fn.cache_clear()
            n += 1
    return n


def registered_caches(kind: str = "page") -> tuple[str, ...]:
    """The qualified names of the registered caches of ``kind`` (for tests and diagnostics)."""
    return tuple(f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', repr(f))}" for f in _REGISTRY[kind])
