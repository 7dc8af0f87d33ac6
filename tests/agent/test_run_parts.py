"""How a Runner is put together (settings, parts) and the one environment step that its own
actions and a repair's recovery actions share."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest
from _support.fakes import FakeSupportEnv, SupportExecutor, support_plan

from fcpkit import Action, EvidenceLog, LexicalMatcher, Thresholds
from fcpkit.agent import DeterministicRepairer, Runner
from fcpkit.agent.run_setup import RunConfig, RunParts
from fcpkit.core.verify import KeepGoingVerifier


class _BrokenOn(FakeSupportEnv):
    """The fake support app, whose ``step`` raises on one command (a crashed browser tab)."""

    def __init__(self, command: str):
        super().__init__()
        self.command = command

    def step(self, action):
        if action.command == self.command:
            raise RuntimeError("the tab crashed")
        return super().step(action)


class _RecoverWith:
    """A repairer whose repair asks the runner to carry out one recovery action itself."""

    name = "recover-with"

    def __init__(self, action: Action):
        self.action = action

    def repair(self, request):
        return replace(DeterministicRepairer().repair(request), recovery=(self.action,), strategy="retry_once",
                       repairer=self.name)


def test_run_config_fills_the_defaults_once_and_the_runner_reads_its_settings_from_it():
    cfg = RunConfig(step_budget=7)
    assert cfg.proposal_budget == 21 and cfg.run_id.startswith("run-") and cfg.unresolved_verifiers == {"keep-going"}
    assert RunConfig(proposal_budget=4, run_id="r1").proposal_budget == 4 and RunConfig().proposal_budget == 60
    assert RunConfig(unresolved_verifiers=["a"]).unresolved_verifiers == frozenset({"a"})
    with pytest.raises(FrozenInstanceError):
        cfg.step_budget = 3  # type: ignore[misc]
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan(), step_budget=5, repairs=False, history=2,
                    unresolved_verifiers=["keep-going", "mine"], gate_block_limit=4, run_id="r-9")
    assert (runner.run_id, runner.step_budget, runner.proposal_budget, runner.repairs_on, runner.history_len,
            runner.gate_block_limit, runner.pre_action) == ("r-9", 5, 15, False, 2, 4, True)
    assert runner.unresolved_verifiers == frozenset({"keep-going", "mine"}) and runner.config.run_id == "r-9"
    with pytest.raises(AttributeError):
        runner.step_budget = 99  # a run's settings do not change under it


def test_run_parts_default_what_is_not_given_and_the_action_tester_shares_the_state_testers_matcher():
    th = Thresholds()
    matcher = LexicalMatcher()
    log = EvidenceLog()
    parts = RunParts.build(matcher=matcher, thresholds=th, log=log)
    assert parts.state_tester.matcher is matcher and parts.action_tester.matcher is matcher
    assert parts.action_tester.thresholds is parts.state_tester.thresholds and parts.log is log
    assert isinstance(parts.verifier, KeepGoingVerifier) and isinstance(parts.repairer, DeterministicRepairer)
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan(), matcher=matcher, log=log)
    assert runner.state_tester.matcher is matcher and runner.log is log and runner.action_tester.matcher is matcher
    with pytest.raises(Exception, match="pass a plan or a planner"):
        Runner(FakeSupportEnv(), SupportExecutor())


def test_an_environment_that_raises_on_the_executors_action_parks_the_run_with_env_error():
    log = EvidenceLog()
    env = _BrokenOn("click('23')")
    runner = Runner(env, SupportExecutor(), support_plan(), log=log)
    acts = []
    runner.on("act", acts.append)
    res = runner.run()
    assert res.stop_reason == "env_error" and "RuntimeError: the tab crashed" in res.stop_detail
    assert res.steps == 0 and res.trajectory == [] and acts == []  # nothing ran, nothing is recorded as run
    stops = [r for r in log.records if r.get("event") == "stop"]
    assert [s["reason"] for s in stops] == ["env_error"]


def test_a_recovery_action_runs_through_the_same_gate_and_step_as_the_executors_actions():
    # the first action (click('21') on the wrong ticket) is rejected before it runs; the repair's
    # recovery is the right click, which the runner carries out itself
    log = EvidenceLog()
    runner = Runner(FakeSupportEnv(), SupportExecutor(), support_plan(), log=log,
                    repairer=_RecoverWith(Action("click('23')")))
    events = []
    runner.on("*", lambda e: events.append((e.name, e.data.get("action").command if "action" in e.data else None)))
    res = runner.run()
    assert ("act", "click('23')") in events and res.trajectory[0][0].command == "click('23')"
    gate = next(r for r in log.records if r.get("event") == "gate")
    assert gate["recovery"] == "retry_once" and gate["command"] == "click('23')" and gate["allowed"]
    # the recovery's step is counted like any other: the trajectory and the step counter agree
    assert res.steps == len(res.trajectory)


def test_an_environment_that_raises_on_a_recovery_action_parks_the_run_with_env_error():
    env = _BrokenOn("click('99')")
    runner = Runner(env, SupportExecutor(), support_plan(), repairer=_RecoverWith(Action("click('99')")))
    res = runner.run()
    assert res.stop_reason == "env_error" and "the tab crashed" in res.stop_detail
    assert "click('99')" not in [a.command for a, _ in res.trajectory] and res.steps == len(res.trajectory)
