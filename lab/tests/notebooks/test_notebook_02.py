"""Execute notebooks/02_live_execution.ipynb with papermill (real Chromium, the workbench) and assert its metrics.

Uses the notebook helpers in ``tests/_support/notebooks.py`` (kernel resolution, papermill run, teaching-note check).
The notebook runs the Runner, which calls sync Playwright, inside the kernel's running asyncio loop:
``in_event_loop`` in the metrics confirms the loop was running, and the runs succeeding confirms the
environment's worker thread makes that work. Skipped without Chromium or the ``[browser]`` extra.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from _support.notebooks import opens_with_teaching_note_and_parameters as _opens_with_teaching_note_and_parameters
from _support.notebooks import run_notebook as _run

pytest.importorskip("browsergym.core")
pytest.importorskip("playwright")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]


def test_02_live_execution(tmp_path, kernel_name):
    _opens_with_teaching_note_and_parameters("02_live_execution")
    m = _run("02_live_execution", tmp_path, kernel_name, workflow="support", fault="wrong_record",
             verifier="lower", step_budget=12, log_dir=str(tmp_path / "logs"))
    assert m["in_event_loop"] is True  # sync Playwright ran from inside Jupyter's running loop
    # healthy: passes its validator, no false alarm
    assert m["healthy_success"] is True and m["healthy_detections"] == 0
    assert m["healthy_stop"] == "plan_complete"
    # wrong_record: detected, repaired at execution scope, and the task still passes
    assert m["fault_detected"] is True
    assert m["first_detection"]["scope"] == "execution" and "T-411" in m["first_detection"]["evidence"]
    assert m["repair_scope"] == "execution" and m["repair_depth"] == "backtrack"
    assert m["faulty_success"] is True
    assert m["log_repairs"] == sum(m["repairs_by_scope"].values()) >= 1
    assert m["log_repair_decisions"] >= 1
    # the viewer received every check, as it happened
    assert m["healthy_viewer_frames"] == m["healthy_checks"] > 0
    assert m["faulty_viewer_frames"] == m["faulty_checks"] > 0
    assert m["checks_pushed"] == m["healthy_checks"] + m["faulty_checks"]
    assert m["healthy_viewer_index"] == m["healthy_checks"] - 1  # the viewer rests on the run's last check
    # the page beside the scores: a screenshot for every check, and every logged page names its file
    assert m["screenshots"] is True and m["healthy_screenshots"] == m["healthy_checks"]
    assert m["log_screenshots"] == m["log_pages"] > 0
    assert 0 <= m["healthy_escalated"] <= 1 and 0 <= m["faulty_escalated"] <= 1
    # the gate saw every action; the task's own save was the only non-read let through
    assert m["gate_decisions"] > 0 and m["gate_blocks"] == 0 and m["gate_writes_allowed"] >= 1
    assert m["llm_calls"] == 0
    assert (tmp_path / "logs" / "support-wrong_record.jsonl").exists()
