"""`fcpkit check` streams the corpus: a trajectory is released before the next is read, and a
corpus that does not fit the command (unknown --id, a --plan for other runs) fails before output."""

from __future__ import annotations

import gc
import json
import weakref

from click.testing import CliRunner

import fcpkit.cli.checking as checking
from fcpkit.cli import main

from _support.heap import heap_frozen

CORPUS = "fcpkit/data/examples/corpus.jsonl"


def test_check_holds_one_trajectory_at_a_time(monkeypatch):
    alive: list[weakref.ref] = []
    most = [0]
    real = checking.iter_corpus

    def tracked(path, *rest):
        for t in real(path, *rest):
            gc.collect()
            most[0] = max(most[0], sum(r() is not None for r in alive))
            alive.append(weakref.ref(t))
            yield t
            del t

    monkeypatch.setattr(checking, "iter_corpus", tracked)
    with heap_frozen():
        result = CliRunner().invoke(main, ["check", CORPUS, "--json"])
    assert result.exit_code == 0, result.output
    reports = [json.loads(ln) for ln in result.output.splitlines()]
    n = sum(1 for _ in real(CORPUS))
    assert len(reports) == n and len(alive) == 2 * n  # two passes: validate + fit, then check
    assert most[0] <= 1  # when a trajectory is read, at most the one before it is still held


def test_a_plan_that_does_not_fit_the_runs_fails_before_any_report():
    result = CliRunner().invoke(main, ["check", CORPUS, "--json", "--plan", "fcpkit/data/examples/plans/orders.yaml"])
    assert result.exit_code == 2 and not result.output.lstrip().startswith("{")
    line = [ln for ln in result.output.splitlines() if ln.startswith("error:")][0]
    assert "that --plan does not hold" in line and "'assign-payments'" in line  # a support run's step
    assert "'find-order'" in line and "fix:" in line  # what the plan holds, and what to do


def test_a_plan_that_fits_the_selected_runs_is_used():
    ids = [json.loads(ln)["id"] for ln in open(CORPUS) if json.loads(ln)["workflow"] == "orders"][:2]
    args = ["check", CORPUS, "--json", "--plan", "fcpkit/data/examples/plans/orders.yaml"]
    for i in ids:
        args += ["--id", i]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert [json.loads(ln)["id"] for ln in result.output.splitlines()] == ids
