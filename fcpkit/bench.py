"""Throughput benchmarks of the fast path (reported by ``fcpkit bench``; never asserted in tests).

A *check* is one state-level test: the active commitment's state evidence plus the plan-level
falsifiers, scored against one page after the rules ran. Pages are prepared once per distinct
text (the LRU in the matcher), which is also what happens in a live run, where each page is tested
as it arrives; the cold numbers measure the first sight of every page.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Sequence

from .matching.lexical import LexicalMatcher
from .testers import StateTester
from .trajectory import Trajectory

__all__ = ["bench_checks", "print_bench"]


def _cases(trajs: Sequence[Trajectory]):
    for t in trajs:
        before = t.initial_observation
        for s in t.steps:
            c = t.plan.commitments[t.plan.index(s.commitment)] if s.commitment else t.plan.commitments[0]
            yield t.plan, c, s.observation, before, s.action
            before = s.observation


def _clear_caches() -> None:
    """Forget every prepared page, parsed action and token, so the cold pass is really cold."""
    from . import rules, text

    for fn in (text.tokenize, text.stem, rules._fingerprint, rules._error_page_text, rules._parse_cached):
        fn.cache_clear()


def bench_checks(trajs: Sequence[Trajectory], repeat: int = 20) -> dict[str, Any]:
    cases = list(_cases(trajs))
    _clear_caches()
    matcher = LexicalMatcher()
    matcher.fit(o.serialize() for t in trajs for o in t.observations())
    tester = StateTester(matcher)
    cold: list[float] = []
    for plan, c, obs, before, act in cases:  # first sight of each page: preparation included
        t0 = time.perf_counter()
        tester.test(plan, c, obs, before=before, action=act)
        cold.append((time.perf_counter() - t0) * 1e3)
    warm: list[float] = []
    t_all = time.perf_counter()
    for _ in range(repeat):
        for plan, c, obs, before, act in cases:
            t0 = time.perf_counter()
            tester.test(plan, c, obs, before=before, action=act)
            warm.append((time.perf_counter() - t0) * 1e3)
    total = time.perf_counter() - t_all
    warm.sort()
    cold.sort()
    return {
        "cases": len(cases),
        "checks": len(warm),
        "checks_per_s": len(warm) / total,
        "median_ms": statistics.median(warm),
        "p95_ms": warm[int(0.95 * (len(warm) - 1))],
        "cold_median_ms": statistics.median(cold),
        "cold_p95_ms": cold[int(0.95 * (len(cold) - 1))],
    }


def print_bench(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title="lexical state checks (rules + scoring + routing)", title_justify="left")
    for k in result:
        t.add_column(k, no_wrap=True)
    t.add_row(*[f"{v:.4f}" if isinstance(v, float) else str(v) for v in result.values()])
    Console(width=max(Console().width, 160)).print(t)
