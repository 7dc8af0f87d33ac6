"""Throughput of the fast path (reported by ``fcpkit bench checks``; never asserted in tests).

A *check* is one fast test as the :class:`~fcpkit.eval.checker.Checker` runs it on a corpus: the
action-level test of each proposed action (``pre``: its action-testable evidence against the
action description) and the state-level test of the page it produced (``post``: the anomaly
rules, then the active commitment's state evidence and the plan-level falsifiers against the
page, then routing). Every step of every trajectory gives one of each.

*Warm* numbers are repeated passes over the corpus with pages already prepared (tokenised and
chunked once per distinct text, the matcher's LRU, as in a live run where each page is prepared
when it arrives); no score is memoised, so every pass really scores every statement. *Cold*
numbers are the first pass, with every page cache cleared first (:func:`fcpkit.core.caches.clear_page_caches`
and the matcher's prepared pages): page preparation included. Each plan's claims are compiled
before that pass, as a checker or a runner does when a plan starts (``compile ms per plan``).

The cold pass clears the caches once, before the whole corpus: a page's lines that an earlier
page of the corpus held (the banner, the navigation, the rows of a list) are read already, as
they would be late in a long session on one site. *Per run* numbers clear every cache again at
the start of each trajectory, as a fresh run on a site starts: ``run_first_state_median_ms`` is
each run's first state test (its start page and the page after its first action, both unseen),
``run_state_median_ms`` / ``run_state_p95_ms`` every state test of a run from then on.

``clock="cpu"`` times each check with the process's CPU time instead of the wall clock: on a
shared machine a wall-clock median mostly measures how long other processes held the core (a
1 ms check at load 20 on 2 cores is preempted more often than not), the CPU time does not. Reading
that clock costs more than the wall clock's; ``clock_overhead_ms`` is what an empty interval
measures, and is part of every timed check.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Iterator, Sequence

from fcpkit.matching.lexical import LexicalMatcher
from fcpkit.core.plan import Commitment, Plan
from fcpkit.core.rules import edit_baseline
from fcpkit.core.testers import ActionTester, StateTester
from fcpkit.core.trajectory import Action, Observation, Trajectory
from fcpkit.core.caches import clear_page_caches
from fcpkit.core.page import Page

__all__ = ["bench_checks", "print_bench", "CLOCKS"]

#: The clocks a check can be timed with (see module docstring).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}

_Case = tuple[str, Plan, Commitment, Action, Observation, Observation, "Observation | None"]


def _cases(trajs: Sequence[Trajectory]) -> Iterator[_Case]:
    """(phase, plan, commitment, action, page after, page before, pre-edit baseline) per check."""
    for t in trajs:
        before = t.initial_observation
        history: list[tuple[Action, Observation]] = []
        for s in t.steps:
            c = t.plan.commitments[t.plan.index(s.commitment)] if s.commitment else t.plan.commitments[0]
            base = edit_baseline(t.initial_observation, history)
            yield "pre", t.plan, c, s.action, s.observation, before, base
            yield "post", t.plan, c, s.action, s.observation, before, base
            history.append((s.action, s.observation))
            before = s.observation


def _clear_caches(trajs: Sequence[Trajectory] = ()) -> None:
    """Forget every prepared page, parsed action and token (every registered page cache,
    :mod:`fcpkit.core.caches`, and the page model kept with each observation of ``trajs``), so
    the cold pass is really cold."""
    clear_page_caches()
    for t in trajs:
        for o in t.observations():
            Page.forget(o)


def _pct(values: list[float], q: float) -> float:
    return values[int(q * (len(values) - 1))]


def _overhead_ms(clock: Any) -> float:
    """The median of 1000 empty intervals of ``clock``, in ms."""
    gaps = []
    for _ in range(1000):
        t0 = clock()
        gaps.append(clock() - t0)
    return statistics.median(gaps) * 1e3


def bench_checks(trajs: Sequence[Trajectory], repeat: int = 20, clock: str = "wall") -> dict[str, Any]:
    """Time every check of every step of ``trajs``: a cold pass, then ``repeat`` warm passes,
    each check timed with ``clock`` ("wall" or "cpu", see module docstring)."""
    if clock not in CLOCKS:
        raise ValueError(f"clock must be one of {sorted(CLOCKS)}, not {clock!r}")
    now = CLOCKS[clock]
    cases = list(_cases(trajs))
    _clear_caches(trajs)
    matcher = LexicalMatcher()
    matcher.fit(o.serialize() for t in trajs for o in t.observations())
    state, action = StateTester(matcher), ActionTester(matcher)
    plans = list({id(t.plan): t.plan for t in trajs}.values())
    t_compile = time.perf_counter()
    for plan in plans:  # what a checker or runner does when a plan starts: claims compiled once
        state.prepare(plan)
        action.prepare(plan)
    compile_ms = (time.perf_counter() - t_compile) * 1e3 / max(len(plans), 1)
    _clear_caches(trajs)  # the cold pass is every page's first sight
    matcher.clear_pages()

    def one(case: _Case) -> float:
        phase, plan, c, act, obs, before, base = case
        t0 = now()
        if phase == "pre":
            action.test(plan, c, act)
        else:
            state.test(plan, c, obs, before=before, action=act, baseline=base)
        return (now() - t0) * 1e3

    cold = {"pre": [], "post": []}
    for case in cases:  # first sight of each page and action: preparation included
        cold[case[0]].append(one(case))
    warm: dict[str, list[float]] = {"pre": [], "post": []}
    t_all = now()
    for _ in range(repeat):
        for case in cases:
            warm[case[0]].append(one(case))
    total = now() - t_all
    run_first, run_rest = _per_run(trajs, matcher, now)
    every = sorted(warm["pre"] + warm["post"])
    cold_every = sorted(cold["pre"] + cold["post"])
    for d in (warm, cold):
        for v in d.values():
            v.sort()
    return {
        "trajectories": len(trajs),
        "checks_per_pass": len(cases),
        "checks_timed": len(every),
        "checks_per_s": len(every) / total,
        "median_ms": statistics.median(every),
        "p95_ms": _pct(every, 0.95),
        "action_median_ms": statistics.median(warm["pre"]),
        "state_median_ms": statistics.median(warm["post"]),
        "state_p95_ms": _pct(warm["post"], 0.95),
        "cold_median_ms": statistics.median(cold_every),
        "cold_state_median_ms": statistics.median(cold["post"]),
        "cold_state_p95_ms": _pct(cold["post"], 0.95),
        "run_first_state_median_ms": statistics.median(run_first) if run_first else 0.0,
        "run_state_median_ms": statistics.median(run_rest) if run_rest else 0.0,
        "run_state_p95_ms": _pct(run_rest, 0.95) if run_rest else 0.0,
        "plans": len(plans),
        "compile_ms_per_plan": compile_ms,
        "clock": clock,
        "clock_overhead_ms": _overhead_ms(now),
    }


def _per_run(trajs: Sequence[Trajectory], matcher: LexicalMatcher, now: Any) -> tuple[list[float], list[float]]:
    """Each run's state tests with every cache cleared at the run's start, and new testers, as a
    fresh run starts (see module docstring): (the first state test of each run, the later ones),
    each sorted. The plan is compiled before its run, as a runner does when it starts."""
    first: list[float] = []
    rest: list[float] = []
    for t in trajs:
        state, action = StateTester(matcher), ActionTester(matcher)
        state.prepare(t.plan)
        action.prepare(t.plan)
        _clear_caches([t])
        matcher.clear_pages()
        seen = False
        for phase, plan, c, act, obs, before, base in _cases([t]):
            if phase == "pre":
                action.test(plan, c, act)
                continue
            t0 = now()
            state.test(plan, c, obs, before=before, action=act, baseline=base)
            (rest if seen else first).append((now() - t0) * 1e3)
            seen = True
    return sorted(first), sorted(rest)


def print_bench(result: dict[str, Any], title: str = "") -> None:
    """One row per measure (they are too many to read across one row)."""
    from rich.console import Console
    from rich.table import Table

    t = Table()
    t.add_column("measure")
    t.add_column("value", justify="right")
    for k, v in result.items():
        t.add_row(k.replace("_", " "), f"{v:,.0f}" if k == "checks_per_s" else f"{v:.4f}" if isinstance(v, float) else str(v))
    console = Console(width=max(Console().width, 100))
    console.print(f"lexical fast-path checks (action + state tests){' — ' + title if title else ''}", highlight=False)
    console.print(t, crop=False)
