"""The study engine on the real workbench in Chromium: rows stream, a killed study resumes, a
composite task spans several workflows, and a study joins a Ray cluster by its address."""

from __future__ import annotations

import json

import pytest
from _labsupport.browser import browser_missing

from fcpkit_lab.envs.study import StudyConfig, StudySpec, parse_task_id, read_rows, run_study
from fcpkit_lab.envs.study.engine import done_keys, episodes

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

SCRIPTED = StudyConfig(executor="scripted")


def test_a_killed_study_resumes_without_redoing_finished_episodes(tmp_path):
    out = tmp_path / "study.jsonl"
    spec = StudySpec(("full", "no_testing"), (parse_task_id("orders-v0-healthy"),))
    first = run_study(spec, out, config=SCRIPTED, workers=0, progress=False, limit=1)
    assert first["episodes"] == 1 and len(read_rows(out)) == 1
    with out.open("a") as fh:  # a kill in the middle of writing the next row
        fh.write('{"arm": "no_testing", "task": "orders-v0-heal')
    seen = []
    second = run_study(spec, out, config=SCRIPTED, workers=0, progress=False, on_row=seen.append)
    assert second["skipped"] == 1 and [r["arm"] for r in seen] == ["no_testing"]
    rows = read_rows(out)
    assert sorted(r["arm"] for r in rows) == ["full", "no_testing"]
    assert done_keys(out) == {f"{e['arm']}|{e['task']}|{e['seed']}" for e in episodes(spec)}
    for r in rows:
        assert "error" not in r and r["success"] is True
        assert r["browser_s"] > 0 and r["wall_s"] >= r["browser_s"] and r["config"]["executor"] == "scripted"
        assert set(r["slow"]) == {"state", "action"} and r["memory"]["browser_mb"] > 0
    full = next(r for r in rows if r["arm"] == "full")
    assert full["checks"]["state"] > 0 and full["fast_tester_s"] > 0
    assert third_run_is_a_no_op(spec, out)


def third_run_is_a_no_op(spec, out) -> bool:
    res = run_study(spec, out, config=SCRIPTED, workers=0, progress=False)
    return res["episodes"] == 0 and len(read_rows(out)) == 2


def test_a_composite_task_runs_its_parts_in_one_episode(tmp_path):
    out = tmp_path / "study.jsonl"
    task = parse_task_id("support-v0+orders-v0-healthy")
    run_study(StudySpec(("full",), (task,)), out, config=SCRIPTED, workers=0, progress=False)
    (row,) = read_rows(out)
    assert row["parts"] == 2 and row["composite"] and row["n_commitments"] == 8
    assert row["success"] is True and row["parts_success"] == [True, True], row["outcome_reason"]
    assert row["steps"] >= 9


def test_a_study_joins_a_ray_cluster_by_address(tmp_path):
    ray = pytest.importorskip("ray")
    try:
        ctx = ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    except Exception as exc:  # noqa: BLE001 - Ray's startup time-out on a loaded machine (ray-project/ray#65983)
        ray.shutdown()
        pytest.skip(f"a local Ray did not start here: {exc}")
    try:
        out = tmp_path / "study.jsonl"
        spec = StudySpec(("full",), (parse_task_id("orders-v1-healthy"),))
        res = run_study(spec, out, config=SCRIPTED, workers=1, address=ctx.address_info["address"], progress=False)
        (row,) = read_rows(out)
        assert res["workers"] == "cluster" and row["success"] is True and row["worker"] != 0
        assert json.dumps(res["memory"])  # each actor reported its memory
    finally:
        ray.shutdown()
