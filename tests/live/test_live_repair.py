"""Live: an injected wrong_record fault is caught, repaired at execution scope, and the task still passes;
with a repairer that resumes in place, the policy gate stops the write on the falsified commitment."""

from __future__ import annotations

import dataclasses

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def wrong_record(live):
    """support / wrong_record: the results list links T-390 to ticket T-411 (the near miss)."""
    return live("support", "wrong_record")


def test_wrong_record_detected_and_repaired_at_execution_scope(wrong_record):
    r = wrong_record.result
    assert r.detections >= 1
    fd = r.first_detection
    assert fd["scope"] == "execution" and fd["phase"] == "post"
    assert "T-411" in (fd["evidence"] or "")  # the falsifier that names the near-miss record
    assert r.repairs and r.repairs[0].scope == "execution"
    assert r.repairs_by_scope == {"execution": len(r.repairs)}
    assert r.repairs[0].depth == "backtrack"  # the page itself was off track: back to the last safe URL


def test_wrong_record_task_then_passes_its_validator(wrong_record, workbench):
    r = wrong_record.result
    assert r.success is True, r.outcome
    assert r.stop_reason == "plan_complete"
    assert r.completed and r.advanced == [c.id for c in r.plan.commitments]
    # only the task's record was written, and only once
    assert len(wrong_record.writes) == 1
    assert "T-390" in " ".join(str(x) for x in (wrong_record.writes[0].path, wrong_record.writes[0].write,
                                                wrong_record.writes[0].detail))
    assert wrong_record.db_end["tickets"]["T-411"] == wrong_record.db_start["tickets"]["T-411"]
    assert wrong_record.db_end["tickets"]["T-390"]["team"] == "Payments"


def test_wrong_record_detection_and_repair_are_in_the_evidence_log(wrong_record):
    log = wrong_record.log
    assert set(log["run"].dropna()) == {wrong_record.result.run_id}
    falsified = wrong_record.rows("test", phase="post")
    falsified = falsified[falsified["evidence"].fillna("").str.contains("T-411") & (falsified["route"] == "risk")]
    assert len(falsified) >= 1
    decisions = wrong_record.rows("decision", decision="repair")
    assert len(decisions) >= 1 and set(decisions["scope"]) == {"execution"}
    repairs = wrong_record.rows("repair")
    assert len(repairs) == len(wrong_record.result.repairs)
    rep = repairs.iloc[0]
    assert rep["scope"] == "execution" and rep["depth"] == "backtrack"
    assert rep["repaired_commitment"] == "open-ticket"
    assert "T-411" in rep["reason"]
    assert str(rep["rejected_action"]).startswith("click(")  # the link that led to the near miss
    # the detection, then the repair, then the backtrack, in that order
    order = [(k, e) for k, e in zip(log["kind"], log["event"].fillna(""))]
    i_dec = next(i for i, (k, _) in enumerate(order) if k == "decision" and log.iloc[i]["decision"] == "repair")
    i_rep = next(i for i, (k, _) in enumerate(order) if k == "repair")
    i_back = next(i for i, (k, e) in enumerate(order) if k == "event" and e == "backtrack")
    assert i_dec < i_rep < i_back
    stop = wrong_record.rows("event", event="stop")
    assert list(stop["reason"]) == ["plan_complete"]


class ResumeInPlace:
    """The deterministic repairer, forced to recover where the browser is (no backtrack)."""

    name = "resume-in-place"

    def __init__(self):
        from fcpkit.repair import DeterministicRepairer

        self.inner = DeterministicRepairer()

    def repair(self, request):
        res = self.inner.repair(request)
        return dataclasses.replace(res, depth="resume", backtrack_url=None, strategy="local_repair")


@pytest.fixture(scope="module")
def gated(live):
    """wrong_record again, but the repair leaves the browser on ticket T-411: the executor goes on to
    assign *that* ticket, and only the gate stands between the falsified commitment and the write."""
    return live("support", "wrong_record", repairer=ResumeInPlace(), step_budget=8)


def test_gate_blocks_write_on_falsified_commitment(gated):
    r = gated.result
    assert r.repairs and all(x.depth == "resume" for x in r.repairs)
    assert r.gate_blocks >= 1
    blocked = gated.rows("event", event="gate", allowed=False)
    assert len(blocked) >= 1
    row = blocked.iloc[0]
    assert row["effect"] in ("write", "irreversible")
    assert row["commitment_state"] == "falsified"
    assert "falsified" in row["reason"]
    assert "Assign" in str(row["target"])  # the Assign button of the wrong ticket
    # the event stream agrees: no act event carries the refused action at that step
    gate_evs = [e for e in gated.events if e.name == "gate" and not e["gate"].allowed]
    acts = [e for e in gated.events if e.name == "act"]
    assert gate_evs
    refused = gate_evs[0]
    assert not any(a.step == refused.step and a["action"] == refused["action"] for a in acts)


def test_gate_block_left_the_database_unchanged(gated, workbench):
    assert gated.gate_snapshots, "the gate listener saw no refusal"
    for decision, db, n_writes in gated.gate_snapshots:
        assert decision.effect in ("write", "irreversible")
        assert n_writes == 0 and db == gated.db_start
    assert gated.writes == []
    assert gated.db_end == gated.db_start
    assert gated.result.success is False  # the task was not done either: nothing was saved
    assert "Unassigned" in gated.result.outcome.reason


@pytest.fixture(scope="module")
def doubtful_write(live):
    """expenses / wrong_record with the default repairer: at the lower bound the near-miss report EXP-1207
    only ever routes *verify* (never *risk*), so no repair fires; the page's doubt must still stop the
    Approve press on the wrong report (regression for commit 1fac560: the standing survives the
    executor's unconfirmed advance and a later page without signal)."""
    return live("expenses", "wrong_record", step_budget=8)


def test_gate_blocks_irreversible_action_after_a_doubtful_page(doubtful_write):
    blocked = doubtful_write.rows("event", event="gate", allowed=False)
    assert len(blocked) >= 1
    row = blocked.iloc[0]
    assert row["effect"] == "irreversible" and "Approve" in str(row["target"])
    assert row["commitment_state"] in ("unresolved", "falsified")
    # the doubt came from a page test that named the near-miss record
    doubts = doubtful_write.rows("test")
    doubts = doubts[(doubts["step"] <= row["step"]) & doubts["evidence"].fillna("").str.contains("EXP-1207")]
    assert len(doubts) >= 1


def test_doubtful_write_left_the_wrong_record_untouched(doubtful_write):
    assert doubtful_write.writes == []
    assert doubtful_write.db_end["expenses"]["EXP-1207"] == doubtful_write.db_start["expenses"]["EXP-1207"]
    assert doubtful_write.db_end == doubtful_write.db_start
    assert "modified instead" not in doubtful_write.result.outcome.reason
