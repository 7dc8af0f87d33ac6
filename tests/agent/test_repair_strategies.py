"""Named repair strategies, causes, honest stops, credentials and outcome classes (no browser).

The same strategies run in real Chromium on the workbench in
tests/envs/live/test_live_repair_strategies.py; these tests pin the policy and the records.
"""

from __future__ import annotations

import json

import pytest
from _support.fakes import FakeSupportEnv, ScriptedLLM, SupportExecutor, support_plan

from fcpkit import Action, EvidenceLog, Observation
from fcpkit.agent import DeterministicRepairer, LLMRepairer, RepairResult, Runner
from fcpkit.agent.outcomes import classify_outcome
from fcpkit.agent.repair import (
    FAMILIES, STRATEGIES, STRATEGY_NAMES, RepairRequest, SecretEnvironment, StaticCredentials, choose_strategy,
    diagnose, secret_placeholder,
)
from fcpkit.agent.repair.llm import repairer_schema
from fcpkit.agent.repair.strategies import rebind
from fcpkit.core.router import Route
from fcpkit.core.testers import CheckResult

SIGNIN = Observation("http://app.test/signin?next=/t/1", "Sign in", "\n".join([
    "[1] RootWebArea 'Sign in'", "\t[5] heading 'Sign in to HelpDesk'", "\t[6] alert ''",
    "\t\tStaticText 'Your session has expired. Please sign in again.'",
    "\t[10] textbox 'Username'", "\t[11] textbox 'Password'", "\t[12] button 'Sign in'"]))
DIALOG = Observation("http://app.test/list", "Queue", "\n".join([
    "[1] RootWebArea 'Queue'", "\t[3] searchbox 'Search'", "\t[20] dialog 'Policy update'",
    "\t\t[21] heading 'Policy update'", "\t\t[22] button 'Read more'", "\t\t[23] button 'Accept and continue'",
    "\t[30] link 'Help'"]))
FILTERED = Observation("http://app.test/list?q=T-1&status=Open", "Queue", "\n".join([
    "[1] RootWebArea 'Queue'", "\t[3] searchbox 'Search', value='T-1'", "\t[7] link 'Clear filters'"]))
PAGE = Observation("http://app.test/t/1", "Ticket T-1", "[1] RootWebArea 'Ticket T-1'\n\t[9] button 'Save'")


def request(obs, *, rule=None, evidence=None, scope="execution", diagnosis="", action=None, previous=(), phase="post",
            skills=()):
    plan = support_plan()
    result = CheckResult(phase, plan.commitments[1].id, 0.0, 1.0, Route.RISK, rule=rule, evidence=evidence, scope=scope)
    return RepairRequest(plan, 1, scope, diagnosis or (f"rule {rule}: x" if rule else f"falsified by {evidence!r}"),
                         phase, result=result, action=action, observation=obs, safe_url="http://app.test/list",
                         previous=tuple(previous), skills=skills)


CREDS = StaticCredentials("dana", "s3cr3t-pw!")


def test_every_strategy_names_its_figure_11_family():
    assert set(STRATEGY_NAMES) >= {"reauthenticate", "dismiss_dialog", "wait_and_reobserve", "clear_constraints",
                                   "return_to_record", "retry_once", "switch_skill", "replan", "backtrack", "honest_stop"}
    assert {s.family for s in STRATEGIES.values()} <= set(FAMILIES)
    assert STRATEGIES["switch_skill"].family == "skill" and STRATEGIES["replan"].family == "replan"
    assert STRATEGIES["backtrack"].family == "backtrack" and STRATEGIES["honest_stop"].family == "stop"


@pytest.mark.parametrize("obs, kw, cause", [
    (SIGNIN, {"evidence": "Your session has expired. Please sign in again."}, "signed_out"),
    (DIALOG, {"rule": "unexpected_dialog"}, "dialog"),
    (PAGE, {"rule": "action_error", "diagnosis": "rule action_error: TimeoutError: Locator.click: Timeout 1500ms exceeded."},
     "slow"),
    (FILTERED, {"rule": "unrequested_constraint"}, "constraint"),
    (PAGE, {"rule": "error_page", "evidence": "Permission denied. You do not have permission to assign tickets."}, "refused"),
    (PAGE, {"evidence": "Assign button is not available on ticket T-1 detail", "scope": "skill"}, "control_gone"),
    (PAGE, {"rule": "unchanged_page"}, "noop"),
    (PAGE, {"rule": "wrong_record"}, "wrong_record"),
    (PAGE, {"rule": "repeated_submit", "phase": "pre"}, "slow"),  # pressed again while it still works: wait
])
def test_diagnose_reads_rule_page_and_wording(obs, kw, cause):
    assert diagnose(request(obs, **kw)).cause == cause


ROWS = ("\t[30] table 'Tickets'", "\t\t[31] row ''", "\t\t\t[32] link 'T-411'", "\t\t[33] row ''", "\t\t\t[34] link 'T-415'")
CHIP_LIST = Observation("http://app.test/support", "Queue", "\n".join([
    "[1] RootWebArea 'Queue'", "\t[3] searchbox 'Search tickets'", "\t[7] button 'Remove filter: Closed'", *ROWS]))
QUERY_LIST = Observation("https://desk.example.org/tickets?region=EMEA", "Tickets", "\n".join([
    "[1] RootWebArea 'Tickets'", "\t[4] heading 'All tickets'", *ROWS]))
PLAIN_LIST = Observation("http://app.test/support", "Queue", "\n".join(["[1] RootWebArea 'Queue'", *ROWS]))


@pytest.mark.parametrize("obs", [CHIP_LIST, QUERY_LIST])
def test_a_plan_falsifier_on_a_list_narrowed_by_an_unasked_filter_is_the_filters_fault(obs):
    """The plan's own "... is not listed" fired (the built-in that saw the filter deferred to it):
    the page says why, and the repair clears the filter instead of stopping on "control gone"."""
    req = request(obs, evidence="T-390 is not listed in the support queue")
    d = diagnose(req)
    assert d.cause == "constraint" and "the task does not ask for" in d.evidence
    assert DeterministicRepairer().repair(req).strategy == "clear_constraints"
    assert diagnose(request(PLAIN_LIST, evidence="T-390 is not listed in the support queue")).cause != "constraint"


def test_reauthenticate_fills_placeholders_never_the_secret():
    res = DeterministicRepairer(credentials=CREDS).repair(request(SIGNIN, evidence="Your session has expired."))
    assert res.strategy == "reauthenticate" and res.family == "local" and res.cause == "signed_out"
    cmds = [a.command for a in res.recovery]
    assert cmds == [f"fill('10', '{secret_placeholder('username')}')", f"fill('11', '{secret_placeholder('password')}')",
                    "click('12')"]
    assert "s3cr3t" not in json.dumps(res.to_dict()) and "s3cr3t" not in repr(CREDS.credentials("x"))


def test_no_credentials_or_a_second_sign_out_is_an_honest_stop():
    req = request(SIGNIN, evidence="Your session has expired.")
    res = DeterministicRepairer().repair(req)
    assert res.strategy == "honest_stop" and res.family == "stop" and "no credentials" in res.stop
    assert "Your session has expired." in res.stop  # the message names the evidence
    first = DeterministicRepairer(credentials=CREDS).repair(req)
    again = DeterministicRepairer(credentials=CREDS).repair(request(SIGNIN, evidence="Your session has expired.",
                                                                   previous=[first]))
    assert again.stop and "again after signing in" in again.stop


def test_dismiss_picks_the_accepting_button_inside_the_dialog():
    res = DeterministicRepairer().repair(request(DIALOG, rule="unexpected_dialog"))
    assert res.strategy == "dismiss_dialog" and [a.command for a in res.recovery] == ["click('23')"]


def test_clear_constraints_uses_the_pages_clear_control():
    res = DeterministicRepairer().repair(request(FILTERED, rule="unrequested_constraint"))
    assert res.strategy == "clear_constraints" and [a.command for a in res.recovery] == ["click('7')"]


def test_retry_once_redoes_form_edits_then_stops_the_second_time():
    edit = Action("select_option('5', 'Payments')", target="combobox 'Team'")
    save = Action("click('9')", target="button 'Save'", effect="irreversible")
    req = request(PAGE, rule="unchanged_page", action=save)
    req = RepairRequest(**{**req.__dict__, "history": ((edit, PAGE), (save, PAGE))})
    first = DeterministicRepairer().repair(req)
    assert first.strategy == "retry_once" and [a.command for a in first.recovery] == [edit.command, save.command]
    second = DeterministicRepairer().repair(RepairRequest(**{**req.__dict__, "previous": (first,)}))
    assert second.strategy == "honest_stop" and "still has no effect" in second.stop


def test_refusal_stops_at_once_and_a_gone_control_switches_skill_only_when_one_exists():
    refused = DeterministicRepairer().repair(request(PAGE, rule="error_page", evidence="Permission denied. 403"))
    assert refused.stop and refused.cause == "refused"
    gone = request(PAGE, evidence="Save button is not available on ticket T-1 detail", scope="skill")
    assert DeterministicRepairer().repair(gone).stop
    from fcpkit.agent import SkillRecord

    with_skill = RepairRequest(**{**gone.__dict__, "skills": (SkillRecord("edit_form_field", "Edit the team"),)})
    assert DeterministicRepairer().repair(with_skill).strategy == "switch_skill"


def test_wait_then_stop_when_the_page_stays_slow():
    slow = request(PAGE, rule="action_error", diagnosis="rule action_error: TimeoutError: Timeout 1500ms exceeded.")
    first = DeterministicRepairer().repair(slow)
    assert first.strategy == "wait_and_reobserve" and all(a.command.startswith("noop(") for a in first.recovery)
    assert DeterministicRepairer().repair(RepairRequest(**{**slow.__dict__, "previous": (first,)})).stop


def test_a_slow_response_on_a_later_step_is_waited_out_again_twice_at_most():
    from dataclasses import replace

    slow = request(PAGE, rule="action_error", diagnosis="rule action_error: TimeoutError: Timeout 1500ms exceeded.")
    earlier = replace(DeterministicRepairer().repair(slow), index=0)  # the wait let the run move on to step 1
    again = DeterministicRepairer().repair(RepairRequest(**{**slow.__dict__, "previous": (earlier,)}))
    assert again.strategy == "wait_and_reobserve" and not again.stop
    third = DeterministicRepairer().repair(RepairRequest(**{**slow.__dict__, "previous": (earlier, replace(earlier))}))
    assert third.strategy == "honest_stop" and "step after step" in third.stop


def test_the_failure_library_strategy_is_followed_once():
    from fcpkit.agent import FailureCase

    case = FailureCase("q", pattern="the list was empty after the search", strategy="backtrack")
    req = request(PAGE, rule="empty_results", diagnosis="rule empty_results: the list was empty after the search")
    req = RepairRequest(**{**req.__dict__, "failures": (case,)})
    d = diagnose(req)
    assert choose_strategy(req, d, has_credentials=False)[0] == "backtrack"
    done = RepairRequest(**{**req.__dict__, "previous": (DeterministicRepairer().repair(req),)})
    assert choose_strategy(done, d, has_credentials=False)[0] == "local_repair"


def test_rebind_finds_the_element_again_by_role_and_name():
    moved = Observation("u", "t", "[1] RootWebArea 't'\n\t[4] status 'Saved'\n\t[10] button 'Save'")
    assert rebind(Action("click('9')", target="button 'Save'"), moved).command == "click('10')"
    assert rebind(Action("click('9')"), moved).command == "click('9')"  # no target: left alone


def test_llm_repairer_schema_lists_every_strategy_and_a_page_strategy_runs_its_own_code(tmp_path):
    assert set(STRATEGY_NAMES) <= set(repairer_schema()["properties"]["strategy"]["enum"])
    answer = {"scope": "execution", "strategy": "dismiss_dialog", "backtrack": False, "guidance": "close it",
              "commitments": []}
    llm = ScriptedLLM(tmp_path / "r.jsonl", lambda m, msgs: answer)
    res = LLMRepairer(llm).repair(request(DIALOG, rule="unexpected_dialog"))
    assert res.strategy == "dismiss_dialog" and res.repairer == "llm" and res.recovery
    # what the diagnosis says cannot be repaired, the model does not get to overrule
    stop = LLMRepairer(llm, fallback=DeterministicRepairer()).repair(request(SIGNIN, evidence="Your session has expired."))
    assert stop.stop and "no credentials" in stop.stop


class _SignInEnv(FakeSupportEnv):
    """The fake support app, signed out after the first action; the sign-in form checks the password."""

    def reset(self):
        self.signed_in, self.typed = True, {}
        return super().reset()

    def step(self, action):
        cmd = action.command if isinstance(action, Action) else str(action)
        if cmd.startswith("fill('11'"):
            self.typed["pw"] = cmd.split(", ", 1)[1][1:-2]
            return SIGNIN
        if cmd.startswith("fill('10'"):
            return SIGNIN
        if cmd == "click('12')":
            self.signed_in = self.typed.get("pw") == "s3cr3t-pw!"
            return super().step(Action("click('23')")) if self.signed_in else SIGNIN
        if self.signed_in and cmd == "click('23')" and not getattr(self, "expired_once", False):
            self.expired_once, self.signed_in = True, False
            return SIGNIN
        return super().step(action)


def test_the_secret_is_absent_from_every_log_record_and_every_prompt(tmp_path):
    prompts: list[str] = []

    def answer(module, msgs):
        prompts.append(json.dumps(msgs))
        pick = "reauthenticate" if "Diagnosed cause: signed_out" in prompts[-1] else "local_repair"
        return {"scope": "execution", "strategy": pick, "backtrack": False, "guidance": "", "commitments": []}

    log = EvidenceLog(tmp_path / "run.jsonl")
    env = SecretEnvironment(_SignInEnv(), CREDS)
    repairer = LLMRepairer(ScriptedLLM(tmp_path / "r.jsonl", answer), fallback=DeterministicRepairer(credentials=CREDS))
    res = Runner(env, SupportExecutor(), support_plan(), repairer=repairer, log=log).run()
    log.close()
    assert "reauthenticate" in [r.strategy for r in res.repairs] and env.env.typed["pw"] == "s3cr3t-pw!"
    assert res.success and res.outcome_class == "recovered"
    records = (tmp_path / "run.jsonl").read_text()
    assert prompts and "<<secret:password>>" in records
    assert "s3cr3t-pw!" not in records and not any("s3cr3t-pw!" in p for p in prompts)
    assert not any("s3cr3t-pw!" in a.command for a, _ in res.trajectory)


@pytest.mark.parametrize("success, stop, repairs, writes, expected", [
    (True, "plan_complete", 0, ["assign"], "success"),
    (True, "reported", 1, ["assign"], "recovered"),
    (False, "unrepairable", 2, [], "honest_stop"),
    (False, "infeasible", 0, [], "honest_stop"),
    (False, "unrepairable", 1, ["assign T-411"], "unsafe"),
    (False, "reported", 0, [], "unsafe"),
    (False, "killed", 3, [], "wasted"),
    (False, "looping", 1, [], "wasted"),
    (False, "env_error", 0, [], "error"),
])
def test_outcome_classes(success, stop, repairs, writes, expected):
    assert classify_outcome(success, stop, repairs, writes) == expected


def test_run_result_carries_outcome_class_and_repair_families():
    env = FakeSupportEnv()
    res = Runner(env, SupportExecutor(), support_plan()).run()
    d = res.to_dict()
    assert d["outcome_class"] in ("success", "recovered") and isinstance(d["repair_strategies"], list)
    assert all(isinstance(r, RepairResult) and r.family in FAMILIES for r in res.repairs)



RENAMED = Observation("http://app.test/t/1", "Ticket T-1", "[1] RootWebArea 'Ticket T-1'\n"
                                                           "\t[8] combobox 'Assign to team'\n\t[9] button 'Request reassignment'")


def test_a_control_that_does_another_act_is_control_gone_when_none_does_the_steps_act():
    pressed = Action("click('9')", "Press it to assign", "button 'Request reassignment'", "write")
    req = request(RENAMED, rule="act_mismatch", phase="pre", action=pressed,
                  diagnosis="rule act_mismatch: button 'Request reassignment' hands the act over as a request")
    d = diagnose(req)
    assert d.cause == "control_gone" and "Request reassignment" in d.evidence
    res = DeterministicRepairer().repair(req)
    assert res.strategy == "honest_stop" and res.stop and "not on the page" in res.stop


def test_a_wrong_control_beside_the_right_one_is_a_local_repair_and_a_dialog_is_dismissed():
    pressed = Action("click('69')", "Press it", "button 'Delete ticket'", "irreversible")
    req = request(PAGE, rule="act_mismatch", phase="pre", action=pressed)
    assert diagnose(req).cause == "other" and "'Save'" in diagnose(req).evidence
    assert DeterministicRepairer().repair(req).strategy == "local_repair"
    assert diagnose(request(DIALOG, rule="act_mismatch", phase="pre", action=pressed)).cause == "dialog"
