"""The checker on small trajectories built in code: detection, advancement, bounds, logging."""

from __future__ import annotations

import pytest

from fcpkit import Action, Checker, Decision, EvidenceLog, Label, Observation, Route, Step, Trajectory, read_log
from _support.pages import PLAN, page


QUEUE = page("/support", "Support queue", "[5] heading 'Support queue'", "[12] textbox 'Search tickets'",
             "[20] StaticText 'Last updated 10:42'")
RESULTS = page("/support?q=T-390", "Support queue", "[5] heading 'Support queue'", "[12] textbox 'Search tickets' value='T-390'",
               "[31] link 'T-411 Refund not received'", "[32] link 'T-390 Duplicate charge'", "[20] StaticText 'Last updated 10:43'")
T390 = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'", "[6] StaticText 'Customer reports a duplicate charge'",
            "[40] button 'Assign'", "[41] combobox 'Team'", "[20] StaticText 'Last updated 10:44'")
T411 = page("/support/T-411", "Ticket T-411", "[5] heading 'Ticket T-411'", "[40] button 'Assign'")
SAVED = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'", "[50] alert 'Ticket T-390 assigned to Payments'",
             "[40] button 'Assign'",  # the ticket page keeps its controls after a save
             "[20] StaticText 'Last updated 10:45'")
SIGNIN = page("/signin", "Sign in", "[3] alert 'Your session has expired. Please sign in again.'", "[4] textbox 'Username'")

SEARCH = Action("fill('12', 'T-390')\npress('12', 'Enter')", "search for the ticket", "textbox 'Search tickets'", "read")
OPEN = Action("click('32')", "open the matching ticket", "link 'T-390 Duplicate charge'", "read")
OPEN_WRONG = Action("click('31')", "open the matching ticket", "link 'T-411 Refund not received'", "read")
ASSIGN = Action("select_option('41', 'Payments')\nclick('40')", "assign to payments", "button 'Assign'", "write")


def traj(tid, steps, fault=None, first=None):
    return Trajectory(tid, PLAN.task, PLAN, QUEUE, tuple(Step(a, o) for a, o in steps), Label(fault, first), "support")


HEALTHY = traj("healthy", [(SEARCH, RESULTS), (OPEN, T390), (ASSIGN, SAVED)])
WRONG = traj("wrong", [(SEARCH, RESULTS), (OPEN_WRONG, T411), (ASSIGN, T411)], "wrong_record", 1)
NOOP = traj("noop", [(SEARCH, RESULTS), (OPEN, T390),
                     (ASSIGN, Observation(T390.url, T390.title, T390.text.replace("10:44", "10:52")))], "silent_noop", 2)
EXPIRED = traj("expired", [(SEARCH, RESULTS), (OPEN, SIGNIN)], "session_expired", 1)


def test_healthy_run_advances_through_every_commitment_without_alarm():
    rep = Checker().check(HEALTHY)
    assert not rep.detected
    assert rep.advanced == ["open", "assign"]
    phases = [(c.step, c.phase) for c in rep.checks]
    assert phases[:2] == [(0, "pre"), (0, "post")]


def test_wrong_record_caught_before_the_click():
    rep = Checker().check(WRONG)
    d = rep.detection
    assert d is not None and (d.step, d.phase) == (1, "pre")
    assert d.result.route is Route.RISK and d.result.evidence == "Ticket T-411 detail" and d.result.scope == "execution"


def test_wrong_record_without_pre_action_is_caught_after():
    d = Checker(pre_action=False).check(WRONG).detection
    assert (d.step, d.phase) == (1, "post")


def test_silent_noop_caught_by_state_diff_only():
    rep = Checker().check(NOOP)
    assert rep.detection.result.rule == "unchanged_page" and rep.detection.step == 2
    assert not Checker(use_rules=False).check(NOOP).detected


def test_session_loss_needs_plan_level_falsifier_or_the_builtin():
    rep = Checker().check(EXPIRED)
    assert rep.detection.result.evidence_level == "plan" and rep.detection.step == 1
    assert not Checker(use_plan_falsifiers=False, use_builtins=False).check(EXPIRED).detected
    # the built-in lost-session falsifier needs no plan wording
    own = Checker(use_plan_falsifiers=False).check(EXPIRED)
    assert own.detection.step == 1 and own.detection.result.rule == "lost_session"


def test_confirming_evidence_only_detects_nothing():
    arm = Checker(use_falsifiers=False, use_plan_falsifiers=False, use_rules=False)
    assert not any(arm.check(t).detected for t in (WRONG, NOOP, EXPIRED))


def test_oracle_bound_resolves_escalations_from_labels():
    # under the oracle, an escalation at/after the first off-track step repairs
    rep = Checker(verifier="upper").check(WRONG)
    assert rep.detected and rep.detection.step == 1
    assert not Checker(verifier="upper").check(HEALTHY).detected


def test_agent_skipping_an_unconfirmed_commitment_is_flagged():
    skip = Trajectory("skip", PLAN.task, PLAN, QUEUE,
                      (Step(SEARCH, RESULTS, "open"), Step(ASSIGN, RESULTS, "assign")), Label(), "support")
    rep = Checker().check(skip)
    soft = [c for c in rep.checks if c.result.rule == "unconfirmed_advance"]
    assert len(soft) == 1 and soft[0].decision is Decision.CONTINUE  # lower bound: keep going, but flagged
    assert rep.checks[-1].result.commitment == "assign"  # followed the agent


def test_every_check_and_decision_logged(tmp_path):
    pytest.importorskip("pandas", reason="the tables extra: pip install 'fcpkit[tables]'")
    with EvidenceLog(tmp_path / "log.jsonl") as log:
        rep = Checker(log=log).check(WRONG)
    df = read_log(tmp_path / "log.jsonl")
    assert (df["kind"] == "test").sum() == len(rep.checks)
    dec = df[df["kind"] == "decision"]
    assert "repair" in set(dec["decision"]) and set(df["run"]) == {"wrong"}


def test_json_output_has_the_contract_fields():
    out = Checker().check(WRONG).to_json()
    assert {"id", "detected", "first_detection_step", "first_detection_phase", "checks"} <= set(out)
    c = out["checks"][0]
    assert {"step", "phase", "alpha_plus", "alpha_minus", "route", "rule", "scope", "evidence", "elapsed_ms"} <= set(c)


def test_a_check_that_stops_at_the_first_detection_keeps_it_and_checks_nothing_after():
    t = traj("w", [(SEARCH, RESULTS), (OPEN_WRONG, T411), (ASSIGN, SAVED)], "wrong_record", 1)
    whole, stopped = Checker().check(t), Checker(stop_at_detection=True).check(t)
    d = whole.detection
    assert d is not None and stopped.detection is not None
    assert (stopped.detection.step, stopped.detection.phase) == (d.step, d.phase)
    assert stopped.checks[-1] is stopped.detection and len(stopped.checks) < len(whole.checks)
    assert stopped.to_json()["stopped_at_detection"] and not whole.to_json()["stopped_at_detection"]
    healthy = traj("h", [(SEARCH, RESULTS), (OPEN, T390), (ASSIGN, SAVED)])
    assert len(Checker(stop_at_detection=True).check(healthy).checks) == len(Checker().check(healthy).checks)
