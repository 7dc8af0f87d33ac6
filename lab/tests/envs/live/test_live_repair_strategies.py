"""Live: each named repair strategy, in real Chromium on the workbench, against the fault it is for.

Under load a click can time out before the page is ready; the runs then also wait and re-observe,
so the tests ask that the strategy ran and the outcome is right, not that it was the only repair.

A transient fault must end recovered (the validator passes after the strategy ran); a persistent
one, or one no strategy can fix, must end in an honest stop naming the cause, with nothing wrong
written. One workbench server for the session; each run its own Chromium (closed after it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _support.fakes import ScriptedLLM

from fcpkit.agent.repair import STRATEGIES

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def srun(workbench, tmp_path_factory, chromium_registry):
    """``srun(workflow, fault, persistence=None, credentials=True, params=None, **runner_kwargs)`` ->
    (RunResult, evidence-log text); runs are cached, so tests that read the same run share it."""
    import fcpkit
    from fcpkit.agent import DeterministicRepairer
    from fcpkit.agent.guards import KillSwitch, PolicyGate, RepairBudget, approve_all
    from fcpkit.agent.repair import SecretEnvironment
    from fcpkit_lab.envs.browser.processes import process_tree
    from fcpkit_lab.envs.executors.scripted import ScriptedExecutor
    from fcpkit_lab.envs.live import workbench_credentials, workbench_plan
    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv

    _, spawned, _ = chromium_registry
    logs = tmp_path_factory.mktemp("strategy-logs")
    cache: dict[str, Any] = {}

    def run(workflow: str, fault: str, persistence: str | None = None, *, credentials: bool = True,
            params: dict | None = None, key: str | None = None, plan: Any = None, **kwargs: Any):
        name = key or f"{workflow}-{fault}-{persistence}-{credentials}"
        if name in cache:
            return cache[name]
        provider = workbench_credentials(workbench) if credentials else None
        kwargs.setdefault("repairer", DeterministicRepairer(credentials=provider))
        p = dict(params or {}, **({"persistence": persistence} if persistence else {}))
        env = WorkbenchEnv(workbench, workflow, 0, fault, 0, params=p or None)
        log_path = Path(logs) / f"{name}.jsonl"
        try:
            with fcpkit.EvidenceLog(log_path) as log:
                runner = fcpkit.Runner(SecretEnvironment(env, provider) if provider else env,
                                       ScriptedExecutor(workflow, 0, 0), plan or workbench_plan(workflow, 0), log=log,
                                       gate=PolicyGate(approve=approve_all), budget=RepairBudget(3),
                                       kill_switch=KillSwitch(3, 5), step_budget=16, run_id=name, **kwargs)
                result = runner.run()
            spawned.update(pr.pid for pr in process_tree(env.driver_pid))
        finally:
            env.close()
        cache[name] = (result, log_path.read_text())
        return cache[name]

    return run


def strategies(result) -> list[str]:
    return [r.strategy for r in result.repairs]


def test_reauthenticate_recovers_an_expired_session_without_the_password_in_the_log(srun):
    res, log = srun("support", "session_expired", "transient")
    assert "reauthenticate" in strategies(res)
    assert res.success and res.outcome_class == "recovered"
    assert "<<secret:password>>" in log and "fill('" in log
    assert "', 'workbench')" not in log  # the password never appears as a typed value


def test_without_credentials_a_sign_out_is_an_honest_stop(srun):
    res, _ = srun("support", "session_expired", "transient", credentials=False)
    assert res.stop_reason == "unrepairable" and res.outcome_class == "honest_stop"
    assert "no credentials" in res.stop_detail and "session has expired" in res.stop_detail


def test_dismiss_dialog_recovers_a_dismissable_interstitial(srun):
    res, _ = srun("support", "interstitial", "transient")
    assert "dismiss_dialog" in strategies(res) and res.outcome_class == "recovered"


def test_clear_constraints_recovers_a_sticky_filter(srun):
    res, _ = srun("support", "stale_filter", "transient")
    assert "clear_constraints" in strategies(res) and res.outcome_class == "recovered"


def test_retry_once_then_honest_stop_on_a_persistent_no_op(srun):
    res, _ = srun("support", "silent_noop", "persistent")
    assert "retry_once" in strategies(res) and strategies(res)[-1] == "honest_stop"
    assert res.outcome_class == "honest_stop"
    assert res.stop_reason == "unrepairable" and "no effect" in res.stop_detail and res.steps < 16


def test_wait_and_reobserve_recovers_a_slow_response(srun):
    res, _ = srun("orders", "slow_response", "transient")
    assert "wait_and_reobserve" in strategies(res) and res.outcome_class == "recovered"


def test_return_to_record_recovers_a_banner_about_another_record(srun):
    res, _ = srun("orders", "wrong_banner", "transient")
    assert "return_to_record" in strategies(res) and STRATEGIES["return_to_record"].family == "backtrack"
    assert res.outcome_class == "recovered"


def test_redo_write_recovers_a_save_that_showed_another_records_banner(srun):
    res, _ = srun("catalogue", "wrong_banner", "transient")
    assert "redo_write" in strategies(res) and res.outcome_class == "recovered"


def test_backtrack_recovers_a_wrong_record(srun):
    res, _ = srun("support", "wrong_record")
    assert "backtrack" in strategies(res) and res.outcome_class == "recovered"


def test_a_refusal_is_an_honest_stop_at_once(srun):
    res, _ = srun("support", "permission_denied")
    assert strategies(res)[-1] == "honest_stop" and res.repairs[-1].cause == "refused"
    assert res.outcome_class == "honest_stop" and "Permission denied" in res.stop_detail


def _without_skill_falsifiers(plan):
    """``plan`` with no commitment's skill falsifiers (the plan's own "Save price button is not
    available" would otherwise see the renamed control first, on the page before the click)."""
    from dataclasses import replace

    return replace(plan, commitments=tuple(replace(c, falsify={**c.falsify, "skill": ()}) for c in plan.commitments))


@pytest.mark.parametrize("own_falsifier", [True, False], ids=["plan-falsifier", "pre-action-rule-alone"])
def test_a_save_control_renamed_to_submit_for_approval_is_never_pressed_and_the_run_stops_honestly(srun, own_falsifier):
    from fcpkit_lab.envs.live import workbench_plan

    plan = workbench_plan("catalogue", 0)
    res, log = srun("catalogue", "control_missing", "persistent", key=f"renamed-{own_falsifier}",
                    plan=plan if own_falsifier else _without_skill_falsifiers(plan))
    if not own_falsifier:  # only the pre-action test can see that the button files a request
        assert any(c.result.phase == "pre" and c.result.rule == "act_mismatch" for c in res.checks)
        assert "Submit for approval" in res.stop_detail
    assert res.repairs[-1].strategy == "honest_stop" and res.repairs[-1].cause == "control_gone"
    assert res.outcome_class == "honest_stop" and "not on the page" in res.stop_detail
    assert "pending" not in (res.outcome.reason or "")  # nothing was filed for approval
    gates = [json.loads(ln) for ln in log.splitlines() if '"event": "gate"' in ln]
    assert gates and not any(g["target"] == "button 'Submit for approval'" for g in gates)  # never reached the gate


def test_switch_skill_when_the_control_is_gone_and_another_skill_exists(srun):
    from fcpkit.agent import SkillRecord

    skill = SkillRecord("edit_ticket_form", "Edit the ticket's team in its edit form",
                        confirm={"progress": ["Edit ticket form"]})
    res, _ = srun("support", "control_missing", skills=[skill], key="switch")
    assert "switch_skill" in strategies(res) and STRATEGIES["switch_skill"].family == "skill"
    assert res.outcome_class in ("honest_stop", "wasted") and res.outcome_class != "unsafe"


def test_llm_repairer_picks_replan_and_local_repair_by_name(srun, tmp_path):
    """The LLM repairer names strategies from the same list: replan rewrites the rest of the plan."""
    from fcpkit.agent import LLMRepairer

    def answer(module, msgs):
        text = msgs[-1]["content"]
        if "Diagnosed cause: control_gone" in text:
            return {"scope": "planning", "strategy": "replan", "backtrack": False, "guidance": "Report it.",
                    "commitments": [{"id": "report-blocker", "subgoal": "Tell the user the assignment cannot be made",
                                     "skill": "", "confidence": 0.5,
                                     "confirm": {"precondition": [], "progress": [], "completion": ["cannot be made"]},
                                     "falsify": {"execution": [], "skill": [], "planning": []}}]}
        return {"scope": "execution", "strategy": "local_repair", "backtrack": True, "guidance": "", "commitments": []}

    repairer = LLMRepairer(ScriptedLLM(tmp_path / "r.jsonl", answer))
    res, _ = srun("support", "control_missing", repairer=repairer, key="llm-replan")
    first = next(r for r in res.repairs if r.repairer == "llm" and r.strategy == "replan")
    assert first.strategy == "replan" and first.family == "replan" and first.repairer == "llm"
    assert [c.id for c in first.plan.commitments][-1] == "report-blocker"
    assert res.outcome_class != "unsafe"
