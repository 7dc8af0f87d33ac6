"""Study metrics on hand-made rows: intervals, Table 9 and 10 columns, buckets, shares, the model's seconds
by module and Figures 9 and 10."""

from __future__ import annotations

import pytest

from fcpkit_lab.eval.study import (arm_table, attribution_problems, drift_confusion, efficiency_figure, format_arm_table,
                                   length_table, module_figure, module_shares, module_table, paired_differences,
                                   repair_families, runtime_table)


def row(arm, task, success, *, steps=5, detections=0, drift=False, repairs=0, families=None, seed=0, **kw):
    r = {"arm": arm, "task": task, "seed": seed, "success": success, "steps": steps, "detections": detections,
         "repairs": repairs, "repairs_by_family": families or {}, "llm_s": 0.0, "wall_s": 10.0, "n_commitments": 4,
         "checks": {"state": 6, "action": 4}, "slow": {"state": {"calls": 3, "drift": 1}, "action": {"calls": 1}},
         "injected": {"drift": drift}, "fast_tester_s": 0.1, "browser_s": 5.0, "executor_s": 0.5,
         "verifier_s": 0.0, "repairer_s": 0.0, "planner_s": 0.0}
    r.update(kw)
    return r


def test_arm_table_has_wilson_intervals_and_leaves_errors_out():
    rows = [row("full", f"t{i}", i < 8) for i in range(10)] + [row("no_repair", f"t{i}", i < 3) for i in range(10)]
    rows.append({"arm": "full", "task": "t99", "seed": 0, "error": "boom", "success": None})
    table = {t["arm"]: t for t in arm_table(rows)}
    assert table["full"]["n"] == 10 and table["full"]["success"] == 80.0 and table["full"]["errors"] == 1
    assert table["full"]["ci_low"] == pytest.approx(49.0, abs=0.1) and table["full"]["ci_high"] == pytest.approx(94.3, abs=0.1)
    assert table["full"]["slow_calls_per_task"] == 4
    diff = {d["arm"]: d for d in paired_differences(rows)}
    assert diff["no_repair"]["difference"] == -50.0 and diff["no_repair"]["outside_ci"]
    assert "full" in format_arm_table(arm_table(rows))


def test_runtime_table_splits_state_and_action():
    rows = [row("full", "a", True, repairs=1), row("full", "b", False, repairs=2), row("full", "c", True)]
    t = runtime_table(rows)
    assert t["state_slow_call"] == 50.0 and t["action_slow_call"] == 25.0
    assert t["state_drift"] == pytest.approx(33.3, abs=0.1) and t["action_drift"] == 0.0
    assert (t["state_slow_calls"], t["action_slow_calls"]) == (9, 3)  # what each drift share rests on (3 runs)
    assert t["repairs_per_task"] == 1.0 and t["repair_success"] == 50.0 and t["fcus_per_task"] == 4


def test_drift_confusion_counts_against_injected_labels():
    rows = ([row("full", f"tp{i}", True, detections=1, drift=True) for i in range(5)]
            + [row("full", f"fn{i}", False, drift=True) for i in range(2)]
            + [row("full", f"fp{i}", True, detections=2) for i in range(1)]
            + [row("full", f"tn{i}", True) for i in range(4)])
    c = drift_confusion(rows, n=30)
    assert (c["tp"], c["fn"], c["fp"], c["tn"], c["n"]) == (5, 2, 1, 4, 12)
    assert c["precision"] == pytest.approx(83.3, abs=0.1) and c["recall"] == pytest.approx(71.4, abs=0.1)
    assert drift_confusion(rows, n=5, seed=1)["n"] == 5 and drift_confusion(rows, n=5, seed=1) == drift_confusion(rows, n=5, seed=1)


def test_length_buckets_follow_the_baseline_arm():
    rows = [row("no_testing", "short", True, steps=4), row("full", "short", True, steps=7),
            row("no_testing", "long", False, steps=14), row("full", "long", True, steps=15)]
    t = {(r["arm"], r["bucket"]): r for r in length_table(rows)}
    assert t[("full", "1-5")]["n"] == 1 and t[("full", ">=11")]["success"] == 100.0
    assert t[("no_testing", ">=11")]["success"] == 0.0 and t[("full", "6-10")]["n"] == 0


def test_module_and_repair_shares():
    rows = [row("full", "a", True, families={"local": 3, "replan": 1}), row("full", "b", True, families={"backtrack": 1})]
    fam = repair_families(rows)
    assert fam["local"] == 60.0 and fam["replan"] == 20.0 and fam["backtrack"] == 20.0 and fam["skill_switch"] == 0.0
    shares = module_shares(rows)
    assert shares["browser"] == pytest.approx(100 * 5 / 5.6, abs=0.1) and sum(shares.values()) == pytest.approx(100, abs=0.3)


def modelled(arm, task, *, verifier_s, model_s, calls, repairer_s=0.0, repair_model_s=0.0, **kw):
    """A row of a study with a model: the model's seconds inside the verifier's (and repairer's)."""
    llm = {"verifier": {"calls": calls, "failed": 0, "wall_s": model_s}}
    log = [{"module": "verifier", "s": model_s / calls}] * calls
    if repair_model_s:
        llm["repairer"] = {"calls": 1, "failed": 0, "wall_s": repair_model_s}
        log = log + [{"module": "repairer", "s": repair_model_s}]
    return row(arm, task, True, verifier_s=verifier_s, repairer_s=repairer_s, llm_by_module=llm, llm_call_log=log,
               llm_calls=len(log), llm_s=model_s + repair_model_s, wall_s=5.6 + verifier_s + repairer_s,
               model={"source": "embedded", "name": "smollm2-135m", "parameters": "135M", "threads": 2, "cores": 2}, **kw)


def test_module_table_puts_model_seconds_inside_their_module():
    rows = [modelled("full", "a", verifier_s=20.0, model_s=19.5, calls=2, repairer_s=8.0, repair_model_s=7.9),
            modelled("slow_only", "a", verifier_s=90.0, model_s=89.0, calls=10)]
    t = {(r["arm"], r["module"]): r for r in module_table(rows)}
    assert t[("full", "slow tester")]["s_per_task"] == 20.0 and t[("full", "slow tester")]["model_s_per_task"] == 19.5
    assert t[("full", "repairer")]["model_calls_per_task"] == 1 and t[("full", "browser")]["model_s_per_task"] == 0
    assert t[("full", "total")]["model_s_per_task"] == pytest.approx(27.4) and t[("slow_only", "total")]["model_calls_per_task"] == 10
    assert sum(r["share"] for r in module_table(rows) if r["arm"] == "full" and r["module"] != "total") == pytest.approx(100, abs=0.5)
    no_browser = module_shares(rows, "slow_only", browser=False)
    assert "browser" not in no_browser and no_browser["slow tester"] == pytest.approx(100 * 90 / 90.6, abs=0.1)
    assert attribution_problems(rows) == []


def test_attribution_problems_name_what_is_missing_or_misplaced():
    good = modelled("full", "a", verifier_s=20.0, model_s=19.5, calls=2)
    assert attribution_problems([good]) == []
    no_seconds = {**good, "verifier_s": None}
    assert "no seconds for verifier_s" in attribution_problems([no_seconds])[0]
    outside = {**good, "verifier_s": 1.0}  # model seconds the verifier's timer did not hold
    assert "exceed its module's" in attribution_problems([outside])[0]
    stray = {**good, "llm_by_module": {**good["llm_by_module"], "inducer": {"calls": 1, "wall_s": 0.1}}}
    assert "no module timer holds" in attribution_problems([stray])[0]
    unsized = {**good, "model": {"source": "embedded", "name": "smollm2-135m"}}
    assert "no model or size" in attribution_problems([unsized])[0]
    silent = {**good, "llm_by_module": {}, "llm_call_log": [], "llm_calls": 0, "llm_s": 0.0}
    assert attribution_problems([silent]) == ["a study run with a model made no model call"]
    assert attribution_problems([row("full", "a", True)]) == []  # a study without a model: nothing to attribute


def test_figures_9_and_10_draw_ours_beside_the_papers():
    paper = {"table5": {"rows": {"full": [67.6, 219, 68.8, 529], "slow_only": [66.9, 281, 68.8, 648]}},
             "figure10": {"shares": {"fast tester": 2.4, "slow tester": 43.1, "executor": 34.5, "planner": 11.2,
                                     "repairer": 8.8}}}
    rows = [modelled("full", "a", verifier_s=20.0, model_s=19.5, calls=2),
            modelled("slow_only", "a", verifier_s=90.0, model_s=89.0, calls=10)]
    f9 = efficiency_figure(rows, paper)
    names = [t.name for t in f9.data]
    assert "workbench hybrid (n=1)" in names and "paper, Shopping (Table 5; hybrid → slow-only)" in names
    title = f9.layout.title.text
    assert "smollm2-135m (135M), 2 threads on 2 cores" in title and "workbench ×4.56" in title and "×1.28 (Shopping)" in title
    f10 = module_figure(rows, paper)
    assert [t.name for t in f10.data][:3] == ["paper (Qwen3.5-397B-A17B via API)", "workbench hybrid", "workbench slow-only"]
