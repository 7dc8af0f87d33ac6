"""The live loop on a fake support queue: detection, scope-aware repair, guards, observers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from _support.fakes import BASE, FakeSupportEnv, StrictVerifier, SupportExecutor, support_plan

from fcpkit import Action, ActionTester, EvidenceLog, LexicalMatcher, Route
from fcpkit.agent.guards import Approval, KillSwitch, PolicyGate, RepairBudget, approve_all
from fcpkit.agent.runtime import Runner
from fcpkit.agent.run_records import EVENTS


def run(executor=None, **kw):
    env = kw.pop("env", None) or FakeSupportEnv()
    executor = executor or SupportExecutor()
    runner = Runner(env, executor, kw.pop("plan", None) or support_plan(), **kw)
    return runner, env, executor, runner.run()


def test_wrong_record_caught_before_the_click_and_repaired_at_execution_scope_then_succeeds():
    # the proposed click's target names T-411 and the commitment's execution falsifier is tested on
    # the action too (on="both"), so the wrong record is rejected before the browser moves
    log = EvidenceLog()
    runner, env, ex, res = run(log=log)
    assert res.success is True and res.stop_reason == "plan_complete" and res.completed
    assert res.first_detection == {"step": 0, "phase": "pre", "scope": "execution",
                                   "evidence": "Ticket T-411 detail", "rule": None}
    assert res.repairs_by_scope == {"execution": 1} and res.repairs_by_depth == {"resume": 1}
    rep = res.repairs[0]
    assert rep.rejected_action.command == "click('21')" and "click('21')" in rep.hint
    assert "rejected before it ran" in rep.hint and rep.backtrack_url is None
    # nothing to undo: the wrong ticket was never opened, the click never ran nor was retried
    assert f"{BASE}/support/T-411" not in env.visited and "click('21')" not in env.actions
    assert env.visited[:2] == [f"{BASE}/support", f"{BASE}/support/T-390"]
    after = [a.command for a in ex.proposed[1:]]
    assert "click('21')" not in after and after[0] == "click('23')"
    assert [r.command for r in ex.contexts[1].rejected] == ["click('21')"] and ex.contexts[1].hint
    # the prefix is kept and the plan is unchanged by an execution-scope repair
    assert [c.id for c in res.plan.commitments] == ["open-ticket", "assign-payments"]
    kinds = {r["kind"] for r in log.records}
    assert {"test", "decision", "repair", "event"} <= kinds
    gates = [(r["command"], r["effect"], r["allowed"]) for r in log.records
             if r["kind"] == "event" and r.get("event") == "gate"]
    assert gates == [("click('23')", "read", True), ("select_option('61', 'Payments')", "read", True),
                     ("click('68')", "write", True)]  # the rejected click never reached the gate
    assert 0 < res.escalation_fraction < 1 and res.steps == 3 and len(res.summaries) == 2
    assert res.time_by_module["fast_tester"] > 0


def test_wrong_record_rejected_before_the_browser_changes():
    verifier = StrictVerifier(level=0.5)
    runner, env, ex, res = run(verifier=verifier)
    assert res.success is True
    assert res.first_detection["phase"] == "pre"
    assert f"{BASE}/support/T-411" not in env.visited  # the wrong click never ran
    assert "click('21')" not in env.actions
    assert res.repairs[0].depth == "resume" and res.repairs[0].scope == "execution"
    assert [a.command for a in ex.proposed].count("click('21')") == 1


def test_observers_and_step_iterator_see_every_phase_in_order():
    seen = []
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan())
    runner.on("*", lambda e: seen.append(e.name))
    repairs = []
    runner.on("repair")(repairs.append)
    names = [e.name for e in runner.steps()]
    assert names == seen and names[0] == "run_start" and names[-1] == "run_end"
    assert set(names) <= set(EVENTS)
    # the first proposal (the wrong record) is repaired before the gate; the next one runs
    i = names.index("propose")
    assert names[i:i + 10] == ["propose", "pre_test", "repair", "propose", "pre_test", "gate", "act",
                               "post_test", "advance", "post_test"]
    assert names.count("act") == 3 and names.count("gate") == 3
    assert len(repairs) == 1 and repairs[0].data["repair"].scope == "execution"
    assert runner.result.success
    with pytest.raises(Exception):
        next(runner.steps())
    with pytest.raises(ValueError):
        runner.on("nope", print)


def test_a_delete_where_the_step_assigns_never_reaches_the_gate():
    gate = PolicyGate(approve=approve_all)
    log = EvidenceLog()
    _, env, _, res = run(SupportExecutor(irreversible=True), gate=gate, log=log, step_budget=6)
    assert "click('69')" not in env.actions and env.deleted == []
    assert any(r.get("rule") == "act_mismatch" for r in log.records if r["kind"] == "test")
    assert not any(d.effect == "irreversible" for d in gate.decisions)


def test_executor_report_ends_the_run_with_its_answer():
    plan = support_plan()
    plan = replace(plan, commitments=plan.commitments + (plan.commitments[1].__class__(
        "report", "Tell the user", confirm={"completion": ["Reported to the user"]}),))
    _, env, _, res = run(SupportExecutor(report=True), plan=plan)
    assert res.stop_reason == "reported" and res.answer == "T-390 is assigned to Payments." and res.success


def _delete_plan():
    """The support plan whose ticket step asks for the delete the irreversible executor does (a
    delete where the step assigns is rejected before the gate: the rule ``act_mismatch``)."""
    plan = support_plan()
    step = replace(plan.commitments[1], subgoal="Delete the duplicate ticket T-390")
    return replace(plan, commitments=(plan.commitments[0], step) + plan.commitments[2:])


def test_irreversible_action_needs_approval_and_is_denied_by_default():
    log = EvidenceLog()
    _, env, ex, res = run(SupportExecutor(irreversible=True), log=log, verifier=StrictVerifier(), plan=_delete_plan())
    assert res.stop_reason == "approval_required" and res.success is False
    assert "click('69')" not in env.actions and env.deleted == []
    gate = [r for r in log.records if r.get("event") == "gate" and not r["allowed"]]
    assert gate and gate[-1]["effect"] == "irreversible" and gate[-1]["needs_approval"]


def test_irreversible_action_runs_with_a_named_approval():
    gate = PolicyGate(approve=lambda req: Approval(True, "dana@example.com"))
    _, env, _, res = run(SupportExecutor(irreversible=True), gate=gate, step_budget=6, plan=_delete_plan())
    assert "click('69')" in env.actions
    assert any(d.approver == "dana@example.com" for d in gate.decisions)


class _EscalateWrites(ActionTester):
    """Routes every save click to verify, as an ambiguous action would be."""

    def test(self, plan, commitment, action):
        r = super().test(plan, commitment, action)
        return replace(r, route=Route.VERIFY) if action.command == "click('68')" else r


def test_write_blocked_while_its_escalation_is_unresolved():
    # keep-going (the lower bound) does not resolve an escalation: the gate fails closed
    log = EvidenceLog()
    _, env, _, res = run(action_tester=_EscalateWrites(LexicalMatcher()), log=log, verifier=StrictVerifier(level=0.99))
    assert res.success  # strict verifier resolves it: the write runs
    _, env, _, res = run(action_tester=_EscalateWrites(LexicalMatcher()), log=log)
    assert res.stop_reason == "blocked_by_policy" and not res.success
    assert "click('68')" not in env.actions and res.gate_blocks == 2
    blocked = [r for r in log.records if r.get("event") == "gate" and not r["allowed"]]
    assert blocked[0]["commitment_state"] == "unresolved" and blocked[0]["effect"] == "write"


def test_policy_gate_unit():
    from fcpkit import Action

    g = PolicyGate()
    save = Action("click('68')", "Save", "button 'Save'", "read")  # declared read, looks like a write
    assert g.check(save, commitment_state="supported").allowed
    assert g.check(save).effect == "write"
    assert not g.check(save, commitment_state="falsified").allowed
    assert not g.check(save, commitment_state="unresolved").allowed
    assert not g.check(save, repair_pending=True).allowed
    assert not g.check(save, commitment_state="made-up").allowed  # unknown state fails closed
    assert g.check(Action("click('23')", target="link 'T-390 Charged twice'"), commitment_state="falsified").allowed
    pay = Action("click('9')", target="button 'Pay now'")
    d = g.check(pay)
    assert d.effect == "irreversible" and not d.allowed and d.needs_approval
    assert PolicyGate(approve=approve_all).check(pay).allowed
    assert not PolicyGate(approve=lambda r: 1 / 0).check(pay).allowed  # a failing approver denies
    assert not PolicyGate(allow_writes=False).check(save).allowed


def test_repair_budget_parks_a_stubborn_run():
    log = EvidenceLog()
    _, env, ex, res = run(SupportExecutor(stubborn=True), budget=RepairBudget(max_repairs=2),
                          kill_switch=KillSwitch(max_repairs=99, window=99), log=log)
    assert res.stop_reason == "repair_budget" and not res.success
    assert len(res.repairs) == 2 and res.detections == 3
    assert any(r.get("event") == "repair_budget" for r in log.records)


def test_kill_switch_parks_clustered_repairs():
    log = EvidenceLog()
    _, env, ex, res = run(SupportExecutor(stubborn=True), budget=RepairBudget(max_repairs=10),
                          kill_switch=KillSwitch(max_repairs=3, window=8), log=log)
    assert res.stop_reason == "killed" and "3 repairs within 8 steps" in res.stop_detail
    assert len(res.repairs) == 3
    assert any(r.get("event") == "kill_switch" for r in log.records)


def test_kill_switch_tripped_by_operator_stops_before_any_action():
    ks = KillSwitch()
    ks.trip("paused by on-call")
    _, env, ex, res = run(kill_switch=ks)
    assert res.stop_reason == "killed" and res.stop_detail == "paused by on-call" and env.actions == []


def test_step_budget_ends_the_run():
    # the healthy run needs three browser steps; a budget of two ends it after the second
    _, env, _, res = run(step_budget=2)
    assert res.stop_reason == "step_budget" and res.steps == 2 and len(env.actions) == 2
    assert not res.success


def test_proposal_budget_ends_a_run_whose_proposals_are_all_rejected_before_acting():
    # the stubborn executor repeats the wrong-record click; each is repaired before it runs, so no
    # browser step is taken and the proposal budget (3 x step budget) is what ends the run
    _, env, ex, res = run(SupportExecutor(stubborn=True), step_budget=3, budget=RepairBudget(50),
                          kill_switch=KillSwitch(50, 1))
    assert res.stop_reason == "proposal_budget" and res.stop_detail == "9 proposals"
    assert res.steps == 0 and env.actions == [] and len(res.repairs) == 9
    assert [a.command for a in ex.proposed] == ["click('21')"] * 9


def test_action_error_rule_triggers_a_repair():
    class NoopClicker(SupportExecutor):
        def _choose(self, ctx):
            from fcpkit import Action
            if ctx.observation.url.endswith("/support") and not ctx.rejected:
                return Action("click('99')", "Open the ticket", "link 'T-390'", "read")  # no such element
            return super()._choose(ctx)

    _, env, _, res = run(NoopClicker())
    assert res.first_detection["rule"] == "action_error" and res.success


class _PlanningVerifier(StrictVerifier):
    """Diagnoses the first escalation as a planning-level contradiction."""

    def verify(self, request):
        from fcpkit.core.verify import Decision, Verdict

        if not self.requests:
            self.requests.append(request)
            return Verdict(Decision.REPAIR, "planning", "the plan's first step is wrong", self.name)
        return super().verify(request)


def test_planning_scope_without_a_planner_parks_the_run():
    _, env, _, res = run(verifier=_PlanningVerifier())
    assert res.stop_reason == "replan_required" and res.repairs_by_scope == {"planning": 1}


def test_planning_scope_replans_the_suffix_with_the_planner():
    from fcpkit.agent.planner import SkillRecord, TemplatePlanner

    skills = [SkillRecord("open_record_by_id", "Open ticket {record_id}", id="reopen",
                          confirm={"completion": ["Ticket {record_id} detail"]},
                          falsify={"execution": [{"text": "Ticket T-411 detail", "on": "both"}]}),
              SkillRecord("select_and_submit", "Assign ticket {record_id} to team {team} and save", id="assign",
                          confirm={"completion": ["Ticket {record_id} assigned to {team}. Changes saved."]})]
    replans = []
    env = FakeSupportEnv()
    runner = Runner(env, SupportExecutor(), support_plan(), planner=TemplatePlanner(skills), verifier=_PlanningVerifier())
    runner.on("replan", replans.append)
    res = runner.run()
    assert len(replans) == 1 and [c.id for c in res.plan.commitments] == ["reopen", "assign"]
    assert res.success and res.advanced == ["reopen", "assign"]


def test_an_agent_going_round_in_circles_is_parked():
    from fcpkit import Action
    from fcpkit.agent.phases import LOOP_LIMIT

    class Dithering:
        """Scrolls the queue forever: nothing is falsified, nothing advances, no repair runs."""

        name = "dithering"

        def propose(self, ctx):
            return Action("scroll(0, 200)", "look around", None, "read")

    log = EvidenceLog()
    _, env, ex, res = run(Dithering(), log=log)
    assert res.stop_reason == "looping" and res.steps == LOOP_LIMIT - 1
    assert any(r.get("event") == "looping" for r in log.records)


class ClaimsDoneFirst(SupportExecutor):
    """Reports the task done before doing anything; once that is rejected, behaves."""

    def _choose(self, ctx):
        if not ctx.rejected and not ctx.history and not ctx.hint:
            return Action("send_msg_to_user('T-390 is assigned to Payments.')", "Report the result.")
        return super()._choose(ctx)


def test_claiming_done_with_commitments_never_attempted_is_repaired_before_the_message():
    runner, env, ex, res = run(ClaimsDoneFirst())
    assert res.first_detection["rule"] == "skipped_commitment" and res.first_detection["phase"] == "pre"
    assert res.repairs[0].rejected_action.command.startswith("send_msg_to_user")
    assert ex.proposed[1].command != ex.proposed[0].command  # the rejected report was not repeated at once
    assert res.success and res.stop_reason == "plan_complete"  # then the work itself was done
