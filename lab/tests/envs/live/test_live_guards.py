"""Live guards: an unapproved irreversible action parks the run; a control that never works is
caught by the unchanged-page rule and parked by the kill switch."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def unapproved(live):
    from fcpkit.agent.guards import PolicyGate

    return live("support", gate=PolicyGate())  # default approver: deny_all


def test_irreversible_without_approval_parks_the_run(unapproved):
    r = unapproved.result
    assert r.stop_reason == "approval_required"
    assert r.gate_blocks == 1
    assert r.detections == 0  # a healthy run: nothing was falsified, only the approval is missing
    blocked = unapproved.rows("event", event="gate", allowed=False)
    assert len(blocked) == 1
    row = blocked.iloc[0]
    assert row["effect"] == "irreversible" and bool(row["needs_approval"]) is True
    assert row["commitment_state"] == "supported"
    assert "approval" in row["reason"] and "Assign" in str(row["target"])
    stop = unapproved.rows("event", event="stop")
    assert list(stop["reason"]) == ["approval_required"]


def test_unapproved_write_never_reached_the_database(unapproved):
    assert unapproved.writes == []
    assert unapproved.db_end == unapproved.db_start
    ((decision, db, n_writes),) = unapproved.gate_snapshots
    assert n_writes == 0 and db == unapproved.db_start
    assert unapproved.result.success is False
    assert "Unassigned" in unapproved.result.outcome.reason


@pytest.fixture(scope="module")
def silent_noop(live):
    """support / silent_noop: pressing Assign reloads the form and saves nothing."""
    return live("support", "silent_noop")


def test_silent_noop_detected_by_unchanged_page_rule(silent_noop):
    r = silent_noop.result
    assert r.detections >= 1
    assert r.first_detection["rule"] == "unchanged_page"
    assert r.first_detection["phase"] == "post" and r.first_detection["scope"] == "execution"
    hits = silent_noop.rows("test", rule="unchanged_page")
    assert len(hits) >= 1
    # the first hit follows the (no-op) Assign press
    first = hits.iloc[0]
    gate_rows = silent_noop.rows("event", event="gate", allowed=True)
    pressed = gate_rows[gate_rows["step"] == first["step"] - 1]
    assert any("Assign" in str(t) for t in pressed["target"])
    assert silent_noop.writes == []  # the app really saved nothing


def test_a_control_that_never_works_ends_in_an_honest_stop_before_the_kill_switch(silent_noop):
    """Save never works (a persistent no-op): the repairer retries once, sees the same cause again and
    stops with ``unrepairable`` naming it; the kill switch stays the backstop and never has to fire."""
    r = silent_noop.result
    assert r.stop_reason == "unrepairable"
    assert 1 <= len(r.repairs) < 3  # fewer than the kill switch's three
    assert r.repairs[-1].strategy == "honest_stop"
    assert len(silent_noop.rows("event", event="kill_switch")) == 0
    assert list(silent_noop.rows("event", event="stop")["reason"]) == ["unrepairable"]
    assert r.success is False
    assert silent_noop.db_end == silent_noop.db_start
