"""The matchers a benchmark runs, resolved by name: those that cannot load here become notes."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from fcpkit.matching import registry
from fcpkit.matching.lexical import LexicalMatcher


def _resolve_matchers(names: Sequence[str], notes: list[str]) -> list[tuple[str, Callable[[], Any]]]:
    """``(name, factory)`` for each requested matcher that can run here; the rest become notes."""
    wanted = list(dict.fromkeys(n.strip().lower() for n in names if n.strip()))
    if any(n in ("all", "available") for n in wanted):
        wanted = [n for n in wanted if n not in ("all", "available")] + [
            n for n in registry.matcher_names() if n not in wanted]
    out: list[tuple[str, Callable[[], Any]]] = []
    for name in wanted:
        if name == "lexical":
            out.append((name, LexicalMatcher))
            continue
        try:
            avail = registry.available_matchers(names=[name]).get(name)
        except Exception as exc:  # noqa: BLE001 - a benchmark skips, never crashes, on a missing model
            notes.append(f"matcher {name!r} skipped: {type(exc).__name__}: {exc}")
            continue
        if avail is None or not avail:
            notes.append(f"matcher {name!r} skipped: {avail.detail if avail is not None else 'unknown matcher'}")
            continue
        out.append((name, lambda name=name: registry.get_matcher(name)))
    return out
