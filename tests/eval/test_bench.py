"""The throughput benchmark's bookkeeping (its numbers are reported, never asserted)."""

from __future__ import annotations

from fcpkit.eval.bench import bench_checks
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
