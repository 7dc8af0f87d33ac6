"""The CLI end to end: the example corpus, JSON output, and clear errors for broken files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from fcpkit.cli import main


@pytest.fixture(scope="module")
def lower(examples_dir):
    res = CliRunner().invoke(main, ["check", str(examples_dir / "corpus.jsonl"), "--json"])
    assert res.exit_code == 0, res.output
    return [json.loads(line) for line in res.output.splitlines()]


def test_json_output_per_formats(lower):
    assert len(lower) >= 30
    for r in lower:
        assert {"id", "detected", "first_detection_step", "first_detection_phase", "checks"} <= set(r)
        assert r["first_detection_phase"] in (None, "pre", "post")
        for c in r["checks"]:
            assert {"alpha_plus", "alpha_minus", "route", "rule", "scope", "evidence", "elapsed_ms"} <= set(c)
            assert c["route"] in ("continue", "complete", "risk", "verify")


def test_no_false_alarm_on_healthy_runs(lower):
    healthy = [r for r in lower if r["fault"] is None]
    assert len(healthy) >= 8
    assert [r["id"] for r in healthy if r["detected"]] == []


def test_silent_noops_caught_by_the_state_diff(lower):
    noops = [r for r in lower if r["fault"] == "silent_noop"]
    assert noops and all(r["detected"] and r["detection_rule"] == "unchanged_page" for r in noops)


def test_every_faulty_run_is_detected_or_escalated_once_off_track(lower):
    faulty = [r for r in lower if r["fault"] is not None]
    detected = [r for r in faulty if r["detected"]]
    assert len(detected) / len(faulty) >= 0.85
    for r in faulty:
        if not r["detected"]:  # the lower bound keeps going on "verify"; it must at least have asked
            off = r["first_off_track_step"]
            assert any(c["route"] != "continue" and c["step"] >= off for c in r["checks"]), r["id"]


def test_upper_bound_detects_every_fault(examples_dir):
    res = CliRunner().invoke(main, ["check", str(examples_dir / "corpus.jsonl"), "--json", "--verifier", "upper"])
    rows = [json.loads(line) for line in res.output.splitlines()]
    assert all(r["detected"] == (r["fault"] is not None) for r in rows)


def test_table_output_and_log(examples_dir, tmp_path):
    log = tmp_path / "log.jsonl"
    res = CliRunner().invoke(main, ["check", str(examples_dir / "corpus.jsonl"), "--steps", "--id", "support-silent_noop-01",
                                    "--log", str(log)])
    assert res.exit_code == 0 and "unchanged_page" in res.output and "support-silent_noop-01" in res.output
    assert log.read_text().count("\n") > 5


BROKEN = [
    "plan_bad_on.yaml", "plan_commitments_mapping.yaml", "plan_confidence_out_of_range.yaml", "plan_duplicate_id.yaml",
    "plan_empty_commitments.yaml", "plan_evidence_number.yaml", "plan_missing_subgoal.yaml",
    "plan_unknown_confirm_stage.yaml", "plan_unknown_falsify_scope.yaml", "plan_yaml_syntax_error.yaml",
    "corpus_bad_effect.jsonl", "corpus_missing_steps.jsonl", "corpus_not_json.jsonl", "corpus_observation_string.jsonl",
    "corpus_off_track_out_of_range.jsonl", "corpus_plan_not_found.jsonl",
]


@pytest.mark.parametrize("name", BROKEN)
def test_broken_files_give_one_clear_error(examples_dir, name):
    path = examples_dir / "broken" / name
    res = CliRunner().invoke(main, ["validate", str(path)])
    assert res.exit_code == 2 and "FAIL" in res.output and str(path) in res.output
    assert "Traceback" not in res.output
    if name.endswith(".jsonl"):
        res = CliRunner().invoke(main, ["check", str(path)])
        assert res.exit_code == 2 and isinstance(res.exception, SystemExit)
        assert "error:" in res.output and "line 2" in res.output


def test_good_controls_validate(examples_dir):
    res = CliRunner().invoke(main, ["validate", str(examples_dir / "broken" / "ok_plan.yaml"),
                                    str(examples_dir / "broken" / "ok_corpus.jsonl")])
    assert res.exit_code == 0, res.output


def test_real_process_prints_no_traceback(examples_dir):
    proc = subprocess.run([sys.executable, "-m", "fcpkit.cli", "check", str(examples_dir / "broken" / "corpus_not_json.jsonl")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "not valid JSON" in proc.stderr


def test_builtins_can_be_switched_off_one_by_one_or_all(examples_dir):
    # Attribution policy: a built-in defers to the plan's own falsifier when that falsifier is past
    # its gate on the same page, so the sign-in page is the plan's catch while the plan's session
    # falsifier is on, and the built-in's (with no plan wording) when it is off.
    corpus = str(examples_dir / "corpus.jsonl")
    args = ["check", corpus, "--json", "--id", "support-session_expired-01"]

    def first(*extra):
        res = CliRunner().invoke(main, [*args, *extra])
        assert res.exit_code == 0, res.output
        d = json.loads(res.output.splitlines()[0])
        return d["first_detection_step"], d["first_detection_phase"], d["detection_rule"], d["detection_evidence"]

    plan_catch = (2, "post", None, "Your session has expired. Please sign in again.")
    assert first() == plan_catch
    assert first("--no-builtin", "lost_session") == plan_catch  # the deferring built-in changes nothing here
    assert first("--no-plan-falsifiers") == (2, "post", "lost_session", None)
    # with neither, the page is caught only a step later, by the failing action on the sign-in form
    assert first("--no-plan-falsifiers", "--no-builtin", "lost_session") == (3, "post", "action_error", None)
    assert first("--no-plan-falsifiers", "--no-builtin", "all") == (3, "post", "action_error", None)
    bad = CliRunner().invoke(main, [*args, "--no-builtin", "lost_sesion"])
    assert bad.exit_code != 0 and "unknown built-in falsifier" in bad.output and "Traceback" not in bad.output


def test_a_runs_check_ends_at_its_first_detection_unless_asked_for_the_rest(lower, examples_dir):
    res = CliRunner().invoke(main, ["check", str(examples_dir / "corpus.jsonl"), "--json", "--after-detection"])
    assert res.exit_code == 0, res.output
    whole = {r["id"]: r for r in map(json.loads, res.output.splitlines())}
    stopped = [r for r in lower if r["stopped_at_detection"]]
    assert stopped and all(r["detected"] for r in stopped)
    for r in lower:
        w = whole[r["id"]]
        assert (r["detected"], r["first_detection_step"], r["first_detection_phase"]) == \
               (w["detected"], w["first_detection_step"], w["first_detection_phase"])
        assert not w["stopped_at_detection"] and len(r["checks"]) <= len(w["checks"])
    assert any(len(r["checks"]) < len(whole[r["id"]]["checks"]) for r in stopped)
