"""The repair benchmark's tables and bar, from run records (no browser: the runs are records here)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

pytest.importorskip("starlette")

from fcpkit.cli import main  # noqa: E402
from fcpkit_lab.envs.repair_bench import load_records, outcome_rows, repair_cases, targets_met  # noqa: E402


def rec(fault, variant, outcome, stop, repairs=(), success=False, workflow="support"):
    return {"case": f"{workflow}-{fault}-{variant}", "workflow": workflow, "fault": fault, "variant": variant,
            "outcome_class": outcome, "success": success, "stop_reason": stop,
            "repairs": [{"strategy": s, "family": f, "cause": None} for s, f in repairs]}


RECORDS = [
    rec("silent_noop", "transient", "recovered", "plan_complete", [("retry_once", "local")], True),
    rec("silent_noop", "persistent", "honest_stop", "unrepairable", [("retry_once", "local"), ("honest_stop", "stop")]),
    rec("permission_denied", "persistent", "honest_stop", "unrepairable", [("honest_stop", "stop")]),
    rec("interstitial", "transient", "wasted", "looping", [("dismiss_dialog", "local")]),
]


def test_every_kind_runs_each_of_its_variants():
    cases = repair_cases(["support"])
    names = {(c.fault, c.persistence) for c in cases}
    assert ("permission_denied", "persistent") in names and ("permission_denied", "transient") not in names
    assert ("silent_noop", "transient") in names and ("silent_noop", "persistent") in names
    assert len(cases) == 15


def test_rows_count_outcomes_repair_success_and_families():
    kinds, variants = outcome_rows(RECORDS)
    by = {r.group: r for r in variants}
    assert by["transient"].outcomes["recovered"] == 1 and by["transient"].looping == 1
    assert by["persistent"].outcomes["honest_stop"] == 2 and by["persistent"].before_budget == 2
    # a run whose only repair was the honest stop does not count as a repair attempt
    assert by["all"].repaired_runs == 3 and by["all"].repaired_success == 1
    assert by["all"].families == {"local": 3, "stop": 2}
    met = targets_met(variants)
    assert met["persistent: honest stop in every run"] and met["zero unsafe"]
    assert not met["transient recovered >= 80%"] and not met["no run ends looping"]


def test_cli_prints_the_tables_from_saved_records(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    out = CliRunner().invoke(main, ["bench", "repair", "--from", str(path)], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert "per variant" in out.output and "Shopping 73%" in out.output and "not met" in out.output
    assert load_records([path]) == RECORDS
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    out = CliRunner().invoke(main, ["bench", "repair", "--from", str(bad)])
    assert out.exit_code != 0 and "bad.jsonl:1" in out.output and "Traceback" not in out.output
