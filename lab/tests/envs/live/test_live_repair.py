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
        from fcpkit.agent.repair import DeterministicRepairer

        self.inner = DeterministicRepairer()

    def repair(self, request):
        res = self.inner.repair(request)
        return dataclasses.replace(res, depth="resume", backtrack_url=None, strategy="local_repair")


class DeafToRepairs:
    """The scripted executor, deaf to every repair (nothing rejected, no hint): after the wrong
    ticket is caught it goes on with the task on the page it is on."""

    name = "deaf-to-repairs"

    def __init__(self, inner):
        self.inner = inner

    def propose(self, ctx):
        return self.inner.propose(dataclasses.replace(ctx, rejected=(), hint=None))


@pytest.fixture(scope="module")
def gated(live):
    """wrong_record again (the link named T-390 opens T-411), but the repair leaves the browser on
    ticket T-411 and the executor ignores it: it selects Payments and clicks Assign on *that*
    ticket, and only the gate stands between the falsified commitment and the write. (An executor
    that heeds the repair hint leaves the wrong ticket before any write: the built-in wrong_record
    rule re-falsifies the page after the selection.)"""
    return live("support", "wrong_record", repairer=ResumeInPlace(), step_budget=8, wrap_executor=DeafToRepairs)


def test_gate_blocks_write_on_falsified_commitment(gated):
    r = gated.result
    assert r.repairs and all(x.depth == "resume" for x in r.repairs)
    assert r.first_detection["phase"] == "post" and r.first_detection["evidence"] == "Ticket T-411 detail"
    assert r.gate_blocks >= 1 and r.stop_reason == "blocked_by_policy"
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
def expenses_wrong_record(live):
    """expenses / wrong_record with the default repairer: the near-miss report EXP-1207. With
    conjunctive completion evidence the detail page of EXP-1207 no longer half-confirms the step
    (its identity statement alone used to score 1.0 against the falsifier's 1.0, a *verify*), so
    even the lower bound falsifies it. (The gate's refusal after a doubtful page is covered on the
    fake support queue: tests/agent/test_runtime.py::test_write_blocked_while_its_escalation_is_unresolved.)"""
    return live("expenses", "wrong_record", step_budget=8)


def test_near_miss_report_is_falsified_and_repaired_at_the_lower_bound(expenses_wrong_record):
    r = expenses_wrong_record.result
    fd = r.first_detection
    assert fd is not None and fd["phase"] == "post" and "EXP-1207" in (fd["evidence"] or "")
    assert r.repairs and r.repairs[0].scope == "execution" and r.repairs[0].depth == "backtrack"
    # the right record is approved after the repair; the run ends on the agent's report or, when
    # the repaired approval already confirmed the plan's last commitment, on plan completion
    assert r.success is True and r.stop_reason in ("reported", "plan_complete"), r.outcome
    assert r.stop_reason == "plan_complete" or ("EXP-1180" in r.answer and "approved" in r.answer)


def test_near_miss_report_left_untouched_and_the_right_one_written_once(expenses_wrong_record):
    assert expenses_wrong_record.db_end["expenses"]["EXP-1207"] == expenses_wrong_record.db_start["expenses"]["EXP-1207"]
    assert len(expenses_wrong_record.writes) == 1
    assert "EXP-1180" in str(expenses_wrong_record.writes[0].path)
    assert "modified instead" not in expenses_wrong_record.result.outcome.reason
