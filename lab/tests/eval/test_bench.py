"""The throughput benchmark's bookkeeping (its numbers are reported, never asserted)."""

from __future__ import annotations

import pytest

from fcpkit_lab.eval.bench import bench_checks
from fcpkit.core.trajectory import load_corpus

from _support.paths import ROOT

EXAMPLES = ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl"


def test_bench_times_one_action_and_one_state_check_per_step():
    trajs = load_corpus(EXAMPLES)[:5]
    steps = sum(len(t.steps) for t in trajs)
    r = bench_checks(trajs, repeat=2)
    assert r["trajectories"] == 5 and r["checks_per_pass"] == 2 * steps and r["checks_timed"] == 4 * steps
    assert r["checks_per_s"] > 0
    assert 0 < r["action_median_ms"] and 0 < r["state_median_ms"] <= r["state_p95_ms"]
    assert min(r["action_median_ms"], r["state_median_ms"]) <= r["median_ms"] <= max(r["action_median_ms"], r["state_median_ms"])


def test_bench_cpu_clock_times_the_same_checks_and_reports_its_overhead():
    trajs = load_corpus(EXAMPLES)[:2]
    wall, cpu = bench_checks(trajs, repeat=1), bench_checks(trajs, repeat=1, clock="cpu")
    assert (wall["clock"], cpu["clock"]) == ("wall", "cpu")
    assert cpu["checks_timed"] == wall["checks_timed"] and cpu["state_median_ms"] > 0
    assert 0 <= cpu["clock_overhead_ms"] < cpu["state_median_ms"]


def test_bench_rejects_an_unknown_clock():
    with pytest.raises(ValueError, match="clock must be one of"):
        bench_checks(load_corpus(EXAMPLES)[:1], repeat=1, clock="sundial")


def test_bench_times_each_run_from_cold_caches_too():
    # a run's first page costs more than its later ones: nothing of the site has been read yet
    trajs = load_corpus(EXAMPLES)[:4]
    r = bench_checks(trajs, repeat=1, clock="cpu")
    assert r["run_first_state_median_ms"] > r["run_state_median_ms"] > 0
    assert r["run_state_p95_ms"] >= r["run_state_median_ms"]
