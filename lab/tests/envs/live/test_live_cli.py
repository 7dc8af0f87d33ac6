"""`fcpkit run` end to end: the workbench and MiniWoB paths through the CLI, real Chromium."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from fcpkit import read_log
from fcpkit.cli import main
from fcpkit_lab.envs.live import live_summary, run_miniwob

pytestmark = pytest.mark.browser


def test_fcpkit_run_detects_repairs_and_prints_accounting(tmp_path):
    res = CliRunner().invoke(main, ["run", "--workflow", "support", "--fault", "wrong_record", "--verifier", "lower",
                                    "--log-dir", str(tmp_path), "--screenshots"])
    assert res.exit_code == 0, res.output
    assert "support-v0-wrong_record" in res.output and "execution:1" in res.output
    assert "faulty runs detected: 1/1, recovered to a passing validator: 1/1" in res.output
    df = read_log(tmp_path / "support-v0-wrong_record.jsonl")
    assert "repair" in set(df["kind"])
    # --screenshots: a PNG per page, named (relative to the log) by the log's page records
    pages = df[(df["kind"] == "event") & (df["event"] == "page")]
    assert len(pages) >= 3 and pages["screenshot"].notna().all()
    assert all((tmp_path / p).read_bytes().startswith(b"\x89PNG") for p in pages["screenshot"])


def test_run_miniwob_healthy_and_corrupted(tmp_path):
    runs = run_miniwob(["click-button"], verifier="lower", log_dir=tmp_path)
    assert runs[0].error is None and runs[0].result.success
    bad = run_miniwob(["enter-text"], corruption="wrong_value", verifier="lower", log_dir=tmp_path)
    assert bad[0].error is None and bad[0].result.success is False
    s = live_summary(runs + bad)
    assert s["healthy_success"] == 1 and s["faulty"] == 1
    assert json.loads(json.dumps(s))  # serialisable for reports
