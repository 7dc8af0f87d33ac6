"""Study metrics on hand-made rows: intervals, Table 9 and 10 columns, buckets, shares."""

from __future__ import annotations

import pytest

from fcpkit_lab.eval.study import (arm_table, drift_confusion, format_arm_table, length_table, module_shares,
                               paired_differences, repair_families, runtime_table)


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
