"""The small-model agent on the workbench's support workflow, without a model: the committed study
rows (``fcpkit study --executor llm-choice``, arms ``no_testing`` and ``full``) replay from their
recorded answers through the real worker (workbench and Chromium, no model server) to the same run."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from _labsupport.browser import browser_missing

from fcpkit_lab.envs.study import EpisodeWorker, StudyConfig, read_rows

RESULTS = Path(__file__).resolve().parents[3] / "data" / "results" / "study"
ROWS = RESULTS / "workbench_agent_smollm2.jsonl"
RECORDING = RESULTS / "workbench_agent_smollm2.recording.jsonl"
SAME = ("success", "stop_reason", "steps", "proposals", "detections", "repairs", "llm_calls", "executor_failures")


def test_the_committed_rows_are_the_small_model_agent_in_both_arms_on_the_same_tasks():
    rows = read_rows(ROWS)
    assert rows and not any(r.get("error") for r in rows)
    by_arm = {arm: sorted(r["task"] for r in rows if r["arm"] == arm) for arm in ("no_testing", "full")}
    assert by_arm["no_testing"] == by_arm["full"] and by_arm["full"]
    for r in rows:
        assert r["config"]["executor"] == "llm-choice" and r["model"]["name"] == "smollm2-135m"
        assert r["llm_calls"] == len(r["llm_call_log"]) > 0  # the agent's calls, each logged
        assert r["injected"]["executor_errors"] == []  # an LLM executor's failures are no injected label


@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
@pytest.mark.parametrize("arm", ["no_testing", "full"])
def test_an_episode_replays_from_the_recorded_answers_to_the_committed_row(arm):
    committed = next(r for r in read_rows(ROWS) if r["arm"] == arm and r["task"] == "support-v0-healthy")
    port = committed["config"]["port"]  # the pages the model read name the workbench's port
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            pytest.skip(f"port {port}, on which the study was recorded, is busy here")
    worker = EpisodeWorker(StudyConfig(executor="llm-choice", model="smollm2-135m", llm_mode="replay",
                                       recording=str(RECORDING), port=port))
    try:
        row = worker.run({"arm": arm, "task": "support-v0-healthy", "seed": 0})
    finally:
        worker.close()
    assert "error" not in row, row.get("traceback")
    assert {k: row[k] for k in SAME} == {k: committed[k] for k in SAME}
    assert [c["ok"] for c in row["llm_call_log"]] == [c["ok"] for c in committed["llm_call_log"]]
