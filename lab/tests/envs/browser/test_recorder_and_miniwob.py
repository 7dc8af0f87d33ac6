"""The recorder writes a loadable, checkable, deterministic corpus; MiniWoB runs healthy and corrupted."""

from __future__ import annotations

import json

import pytest

from fcpkit_lab.envs.record.recorder import EpisodeSpec, record_workbench
from fcpkit.core.trajectory import load_corpus

pytestmark = pytest.mark.browser

SPECS = [EpisodeSpec("orders", 0, None, 1), EpisodeSpec("orders", 1, "stale_filter", 2),
         EpisodeSpec("support", 2, "permission_denied", 3)]


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory, wb_env):
    out = tmp_path_factory.mktemp("corpus")
    return record_workbench(out, specs=SPECS, env=wb_env, progress=None)


def test_recorder_writes_a_loadable_corpus(small_corpus):
    corpus = load_corpus(small_corpus)
    plans = small_corpus.parent / "plans"
    assert [t.id for t in corpus] == [s.id for s in SPECS]
    assert (plans / "orders.yaml").exists() and (plans / "orders-v1.yaml").exists()
    healthy, stale, denied = corpus
    assert healthy.outcome["success"] and healthy.label.fault is None
    # the list kept the earlier filter on the page the run started on: labelled 0 (docs/formats.md)
    assert stale.label.fault == "stale_filter" and stale.label.first_off_track_step == 0
    assert "start page" in stale.label.extra["rule"]
    assert not stale.outcome["success"]
    assert denied.label.fault == "permission_denied"
    assert denied.steps[denied.label.first_off_track_step].observation.extra["status"] == 403
    assert all(s.commitment for t in corpus for s in t.steps)
    assert corpus.to_dataset().num_rows == 3
    row = json.loads(small_corpus.read_text().splitlines()[0])
    assert "commitment" not in row["steps"][0]["action"]  # carried by the step, not the action
    assert row["plan"] == "plans/orders.yaml"


def test_recorder_is_deterministic(small_corpus, tmp_path, wb_env):
    again = load_corpus(record_workbench(tmp_path, specs=SPECS[1:2], env=wb_env, progress=None))[0]
    first = load_corpus(small_corpus)[1]
    assert [s.action.command for s in again.steps] == [s.action.command for s in first.steps]
    assert [s.action.target for s in again.steps] == [s.action.target for s in first.steps]
    assert again.label == first.label
    assert [s.observation.text for s in again.steps] == [s.observation.text for s in first.steps]


def test_fcpkit_check_runs_on_a_recorded_corpus(small_corpus):
    from click.testing import CliRunner

    from fcpkit.cli import main

    result = CliRunner().invoke(main, ["check", str(small_corpus), "--json"])
    assert result.exit_code == 0, result.output
    ids = [json.loads(line)["id"] for line in result.output.strip().splitlines() if line.startswith("{")]
    assert ids == [s.id for s in SPECS]


def test_miniwob_healthy_and_corrupted(tmp_path):
    from fcpkit_lab.envs.record.miniwob import record_miniwob

    path = record_miniwob(tmp_path, tasks=["enter-text"], seeds_per_task=1, progress=None)
    corpus = load_corpus(path)
    by_kind = {t.extra["injected_fault"]: t for t in corpus}
    assert by_kind[None].outcome["success"] and by_kind[None].label.fault is None
    for kind in ("wrong_value", "noop"):
        t = by_kind[kind]
        assert not t.outcome["success"]
        assert t.label.fault == kind and t.label.first_off_track_step == t.extra["corrupt_step"]
    assert list((tmp_path / "plans").glob("enter-text-*.yaml"))
