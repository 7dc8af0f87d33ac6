"""``fcpkit bench agent``'s committed runs, replayed from their recorded model answers (no model
server): the same MiniWoB episodes (one seed, each task under one of the models) run again in
Chromium, guarded and not, with every model call answered from the recording, and must come out as
the committed CSV says (actions, success, what the guard caught and held, model calls). A change to
the executor's prompt or schema, the agent, the guard around it or the bench's reading of an
episode breaks the replay here."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from _labsupport.browser import browser_missing
from fcpkit.eval.metrics import wilson
from fcpkit_lab.agents.small_model import read_episodes, run_agent_bench, summary_rows, write_episodes
from fcpkit_lab.envs.record.browsergym_study import release_debian_chromium

ROOT = Path(__file__).resolve().parents[3]
RESULTS = ROOT / "data" / "results"
#: each committed run: (rows, recording)
RUNS = {"smollm2-135m": ("agent_miniwob_smollm2.csv", "agent_miniwob_smollm2.recording.jsonl"),
        "qwen2.5-coder-0.5b": ("agent_miniwob_qwen05.csv", "agent_miniwob_qwen05.recording.jsonl")}
#: what a replayed episode must repeat
SAME = ("success", "steps", "held", "caught_before", "repairs", "model_calls", "reasks", "no_action", "actions", "stop")


def _committed(model: str):
    table, recording = (RESULTS / name for name in RUNS[model])
    return read_episodes(table), recording


@pytest.mark.parametrize("model", sorted(RUNS))
def test_the_committed_rows_read_back_and_summarise_with_wilson_intervals(model, tmp_path):
    rows, recording = _committed(model)
    assert rows and {r.arm for r in rows} == {"unguarded", "guarded"}
    # the arms ran the same tasks and seeds
    by_arm = defaultdict(set)
    for r in rows:
        by_arm[r.arm].add((r.task, r.seed))
    assert by_arm["unguarded"] == by_arm["guarded"]
    assert all(r.model == model for r in rows)
    assert write_episodes(rows, tmp_path / "again.csv").read_text() == (RESULTS / RUNS[model][0]).read_text()
    for s in summary_rows(rows):
        mine = [r for r in rows if r.arm == s["arm"]]
        assert (s["successes"], s["episodes"]) == (sum(r.success for r in mine), len(mine))
        assert (s["ci_low"], s["ci_high"]) == wilson(s["successes"], s["episodes"])
    assert not any(r.held or r.caught_before or r.repairs for r in rows if r.arm == "unguarded")
    # every recorded request was answered one way (temperature 0): the replay is the run
    answers = defaultdict(set)
    for line in recording.read_text().splitlines():
        e = json.loads(line)
        answers[e["key"]].add(json.dumps(e["response"], sort_keys=True))
        assert e["model"] == model
    assert answers and all(len(v) == 1 for v in answers.values())


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
@pytest.mark.parametrize("model", sorted(RUNS))
def test_the_committed_episodes_replay_from_the_recorded_answers_to_the_same_rows(model, tmp_path):
    rows, recording = _committed(model)
    seed = min(r.seed for r in rows)  # one seed, both arms
    # every task replays under one of the two models, alternately, both arms each: the replay
    # is the suite's slowest test, and each task's episodes exercise the same code for either model
    tasks = tuple(dict.fromkeys(r.task for r in rows))[sorted(RUNS).index(model)::len(RUNS)]
    try:
        again = run_agent_bench(tasks, [seed], model=model, mode="replay", recording=recording, root=tmp_path,
                                max_steps=6)
    finally:
        release_debian_chromium()
    want = {(r.task, r.seed, r.arm): r for r in rows}
    assert len(again) == 2 * len(tasks)
    for r in again:
        w = want[(r.task, r.seed, r.arm)]
        assert {k: getattr(r, k) for k in SAME} == {k: getattr(w, k) for k in SAME}, (r.task, r.seed, r.arm)
        assert r.model == model  # the recording names the model that answered
