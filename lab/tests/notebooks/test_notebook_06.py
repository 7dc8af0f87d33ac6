"""Execute notebooks/06_paper_results.ipynb with papermill and assert the results it sets beside the paper.

Small settings: the committed study (no browser); and a re-run of one episode (one arm, one task) in
real Chromium when the ``[browser]`` extra and /usr/bin/chromium are there.
"""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest
from _labsupport.browser import browser_missing
from _support.notebooks import opens_with_teaching_note_and_parameters, run_notebook
from _support.paths import ROOT

pytest.importorskip("papermill")
pytest.importorskip("ipykernel")

NAME = "06_paper_results"


def test_06_reads_the_committed_study_and_sets_it_beside_the_paper(tmp_path, kernel_name):
    opens_with_teaching_note_and_parameters(NAME)
    m = run_notebook(NAME, tmp_path, kernel_name)
    committed = sum(1 for _ in (ROOT / "data" / "results" / "study" / "workbench.jsonl").open())
    assert m["episodes"] == committed and m["errors"] == 0
    assert {"full", "no_testing", "slow_only"} <= set(m["arms"])
    t4 = {r["arm"]: r for r in m["table4"]}
    assert t4["Full"]["Shopping"] == 67.6 and t4["Full"]["workbench success %"] is not None
    assert len(m["table8"]) == 7 and m["table10"]["n"] == 30 and m["table10"]["precision"] > 0
    assert m["table10"]["tp"] + m["table10"]["fn"] + m["table10"]["fp"] + m["table10"]["tn"] == 30
    assert set(m["figure11"]) >= {"local", "replan", "skill_switch", "backtrack"}
    assert m["table9"]["state_slow_call"] > m["table9"]["action_slow_call"]
    # a drift share says what it rests on; a share of a few slow calls is named, not set beside the paper's
    t9 = m["table9"]
    assert m["table9_too_few_calls"] == [lv for lv in ("state", "action") if 0 < t9[f"{lv}_slow_calls"] < 10]
    assert m["table10_minus_paper"]["precision"] == round(m["table10"]["precision"] - 83.3, 1)
    # the small-model agent, guarded and not: every committed episode counted, in its model and arm
    episodes = [r for p in sorted((ROOT / "data" / "results").glob("agent_miniwob_*.csv")) for r in csv.DictReader(p.open())]
    agent = {(r["model"], r["arm"]): r for r in m["small_model_agent"]}
    assert agent and sum(r["episodes"] for r in agent.values()) == len(episodes)
    for (model, arm), r in agent.items():
        mine = [e for e in episodes if (e["model"], e["arm"]) == (model, arm)]
        assert (r["episodes"], r["succeeded"]) == (len(mine), sum(e["success"] == "True" for e in mine))
        assert r["held by the gate"] == sum(int(e["held"]) for e in mine)
        if arm == "unguarded":  # nothing guards it
            assert r["held by the gate"] == r["caught before running"] == r["repairs logged"] == 0
    wb = [json.loads(line) for line in (ROOT / "data" / "results" / "study" / "workbench_agent_smollm2.jsonl").open()]
    assert {r["arm"]: r["tasks"] for r in m["small_model_agent_workbench"]} == dict(Counter(r["arm"] for r in wb))


@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
def test_06_reruns_a_tiny_study(tmp_path, kernel_name):
    m = run_notebook(NAME, tmp_path, kernel_name, rerun=True, rerun_arms=["full"], rerun_tasks=["orders-v0-healthy"])
    assert m["episodes"] == 1 and m["arms"] == ["full"] and m["errors"] == 0
