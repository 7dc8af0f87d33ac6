"""A run without a fault label (a user's own run) is neither healthy nor faulty: what the checker
finds in it is a finding, counted apart, never a false alarm."""

from __future__ import annotations

import json

from fcpkit import Checker, Label, Step, Trajectory
from fcpkit.core.trajectory import iter_corpus
from fcpkit.eval.metrics import summarize
from tests.eval.test_checker import EXPIRED, HEALTHY, OPEN, QUEUE, SEARCH, SIGNIN, RESULTS  # noqa: F401
from _support.pages import PLAN


def _unlabelled(tid, steps):
    return Trajectory(tid, PLAN.task, PLAN, QUEUE, tuple(Step(a, o) for a, o in steps), Label.unlabelled(), "support")


def test_a_detection_in_an_unlabelled_run_is_a_finding_not_a_false_alarm():
    lost = _unlabelled("users-run", [(SEARCH, RESULTS), (OPEN, SIGNIN)])  # the same pages as a lost session
    reports = [Checker().check(t) for t in (HEALTHY, EXPIRED, lost)]
    assert reports[2].detected and not reports[2].labelled
    s = summarize(reports)
    assert (s["faulty"], s["healthy"], s["unlabelled"]) == (1, 1, 1)
    assert s["false_alarms"] == [] and s["findings"] == ["users-run"] and s["false_alarm_rate"] == 0.0
    assert reports[2].to_json()["labelled"] is False and reports[0].to_json()["labelled"] is True


def test_label_null_or_absent_reads_unlabelled_and_fault_null_reads_healthy(tmp_path):
    base = HEALTHY.to_data()
    rows = [{**base, "id": "healthy"}, {**base, "id": "null", "label": None}]
    rows.append({k: v for k, v in base.items() if k != "label"} | {"id": "absent"})
    plan = tmp_path / "plan.json"
    plan.write_text(PLAN.to_json())
    for r in rows:
        r["plan"] = "plan.json"
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    got = {t.id: t.label for t in iter_corpus(path)}
    assert got["healthy"].healthy and got["healthy"].labelled
    assert not got["null"].labelled and not got["absent"].labelled and not got["null"].healthy
    again = [t.to_data()["label"] for t in iter_corpus(path)]
    assert again == [{"fault": None, "first_off_track_step": None}, None, None]
