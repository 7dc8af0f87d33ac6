"""Live: healthy runs of all four workbench workflows pass their validators at the lower bound."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

WORKFLOWS = ("support", "expenses", "catalogue", "orders")


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_healthy_workflow_passes_its_validator(live, workflow):
    from fcpkit.core.verify import KeepGoingVerifier

    run = live(workflow, verifier=KeepGoingVerifier())
    r = run.result
    assert r.success is True, r.outcome
    assert r.stop_reason in ("plan_complete", "reported")
    assert r.detections == 0 and r.repairs == [] and r.gate_blocks == 0  # no false alarm
    # the plan ran to its end (catalogue's edit-price is skipped unconfirmed: the edit form has no
    # completion cue before Save, so RunResult.completed can be False on a passing run)
    last = r.plan.commitments[-1].id
    assert last in r.advanced or r.stop_reason == "reported"
    assert r.llm_calls == 0  # the lower bound needs no model
    assert len(run.rows("test")) == r.n_checks > 0
    if workflow == "orders":  # read-only: the answer is what is validated, nothing is written
        assert run.writes == [] and r.answer
    else:
        assert len(run.writes) == 1  # exactly one write: the task's own
        assert list(run.rows("event", event="stop")["reason"]) == [r.stop_reason]
