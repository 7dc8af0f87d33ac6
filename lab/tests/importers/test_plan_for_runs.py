"""`fcpkit plan --for RUNS`: a draft plan per task goal of runs nobody planned, linted against
them, and a corpus naming the drafts that `fcpkit check` reads."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from fcpkit.cli import main
from fcpkit.core.trajectory import iter_corpus

OURS = Path(__file__).resolve().parents[1] / "fixtures" / "browsergym" / "miniwob_study"


def test_plan_for_a_study_writes_drafts_and_a_corpus_that_checks(tmp_path):
    out = tmp_path / "drafts"
    r = CliRunner().invoke(main, ["plan", "--for", str(OURS), "--out-dir", str(out)])
    assert r.exit_code == 0, r.output
    runs = list(iter_corpus(out / "corpus.jsonl"))
    assert len(runs) == 4
    drafted = [t for t in runs if t.plan_ref]
    assert drafted and all((out / t.plan_ref).is_file() for t in drafted)
    assert all(not t.plan.extra.get("planless") for t in drafted)
    assert all(t.plan.extra.get("planless") for t in runs if not t.plan_ref)  # no skill fitted: kept as it was
    assert all((out / o.screenshot).is_file() for t in runs for o in t.observations())
    assert CliRunner().invoke(main, ["check", str(out / "corpus.jsonl")]).exit_code == 0


def test_plan_wants_a_task_or_runs_and_says_so():
    r = CliRunner().invoke(main, ["plan"])
    assert r.exit_code == 2 and "give a TASK or --for RUNS" in r.output
    r = CliRunner().invoke(main, ["plan", "--for", str(OURS)])
    assert r.exit_code == 2 and "--out-dir" in r.output
