"""The study with a model in the loop, without a model: the committed SmolLM2 study's rows carry
measured, attributed model seconds, and one of its episodes replays from the recorded answers
through the real worker (workbench and Chromium, no model server) to the same decisions."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from _labsupport.browser import browser_missing

from fcpkit.llm import LLMClient
from fcpkit_lab.envs.study import EpisodeWorker, StudyConfig, read_rows
from fcpkit_lab.eval.study import arm_table, attribution_problems, module_table

RESULTS = Path(__file__).resolve().parents[4] / "data" / "results" / "study"
ROWS = RESULTS / "workbench_model_smollm2.jsonl"
RECORDING = RESULTS / "workbench_model_smollm2.recording.jsonl"
#: the episode replayed: a faulty one where the verifier answers, the model's repair is used once and
#: two of its repair answers failed (and fell back to the rule-based repairer, as they do again here)
REPLAYED = {"arm": "full", "task": "support-v1-wrong_record", "seed": 0}


def test_the_committed_model_study_times_every_model_call_inside_its_module():
    rows = read_rows(ROWS)
    assert rows and attribution_problems(rows) == []
    card = rows[0]["model"]
    assert card["source"] == "embedded" and card["name"] == "smollm2-135m" and card["parameters"] == "135M"
    arms = {t["arm"]: t for t in arm_table(rows)}
    assert arms["full"]["n"] == arms["slow_only"]["n"] > 0
    mods = {(t["arm"], t["module"]): t for t in module_table(rows)}
    for arm in ("full", "slow_only"):  # measured, not zero: the slow tester's seconds are mostly the model's
        slow = mods[(arm, "slow tester")]
        assert 0 < slow["model_s_per_task"] <= slow["s_per_task"] and slow["model_calls_per_task"] > 0
    assert mods[("slow_only", "total")]["model_calls_per_task"] > mods[("full", "total")]["model_calls_per_task"]


@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
def test_an_episode_of_the_model_study_replays_from_its_recorded_answers():
    committed = next(r for r in read_rows(ROWS) if all(r[k] == v for k, v in REPLAYED.items()))
    port = committed["config"]["port"]  # the pages the model read name the workbench's port
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            pytest.skip(f"port {port}, on which the study was recorded, is busy here")
    config = StudyConfig(verifier="llm", repairer="llm", model="smollm2-135m", llm_mode="replay",
                         recording=str(RECORDING), port=port)
    worker = EpisodeWorker(config)
    assert isinstance(worker.client, LLMClient) and worker.client.mode == "replay"
    try:
        row = worker.run(REPLAYED)
    finally:
        worker.close()
    assert "error" not in row, row.get("traceback")
    # the same calls in the same order; a call the model answered is answered again (a request the
    # recording does not hold would fail: the prompt changed), one it failed fails again (no answer kept)
    assert [(c["module"], c["ok"]) for c in row["llm_call_log"]] == \
        [(c["module"], c["ok"]) for c in committed["llm_call_log"]]
    assert [r["repairer"] for r in row["repair_records"]] == [r["repairer"] for r in committed["repair_records"]]
    for k in ("success", "steps", "detections", "repairs", "llm_calls", "repairs_by_family"):
        assert row[k] == committed[k], k
    assert row["model"]["source"] == "replay" and row["model"]["parameters"] == "135M"
    assert attribution_problems([row]) == []
